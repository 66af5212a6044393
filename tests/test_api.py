"""Top-level dispatchers: shallow fast path, oracle fallback, NotDecidedError for unsupported fibers."""

from __future__ import annotations

import random

import pytest

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.api import equivalent, fiber, fiber_dimension
from semialg_fibers.oracle import equivalent as oracle
from shallow_moves import random_equivalent, random_shallow

DEEP = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])])
DEEP_TWIN = Network.from_layers([([[2]], [0]), ([["1/2"]], [0]), ([[1]], [0])])


def test_shallow_uses_fast_path_and_agrees():
    rng = random.Random(51)
    for _ in range(40):
        a = random_shallow(2, 2, 1, rng)
        b = random_equivalent(a, rng, 2) if rng.random() < 0.5 else random_shallow(2, 2, 1, rng)
        r = equivalent(a, b)
        assert r.method == "shallow" and bool(r) == bool(oracle(a, b))


def test_deep_and_domain_fall_back_to_oracle():
    r = equivalent(DEEP, DEEP_TWIN)
    assert r and r.method == "oracle"
    a = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    b = Network.from_layers([([[1]], [0])])
    r = equivalent(a, b, domain="orthant")
    assert r and r.method == "oracle"


def test_fiber_dispatch():
    net = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    assert fiber(net).dimension == fiber_dimension(net) == 2
    with pytest.raises(NotDecidedError, match="one hidden layer"):
        fiber(DEEP)
    with pytest.raises(NotDecidedError, match="one hidden layer"):
        fiber_dimension(DEEP)
    with pytest.raises(NotDecidedError, match="domain"):
        fiber(net, domain="orthant")
