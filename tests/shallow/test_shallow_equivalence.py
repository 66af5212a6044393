"""shallow.equivalent agrees with the general oracle; witnesses separate the networks."""

from __future__ import annotations

import random

import pytest
from strategies import random_equivalent, random_neuron_network

from semialg_fibers import Network, ShapeError
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.shallow.equivalence import equivalent


def _pairs(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        m, k = rng.randint(1, 3), rng.randint(1, 2)
        a = random_neuron_network(rng, m, rng.randint(1, 4), k, -2, 2)
        kind = rng.random()
        if kind < 0.4:
            b = random_equivalent(a, rng, rng.randint(1, 4))
        elif kind < 0.7:
            b = random_neuron_network(rng, m, rng.randint(1, 4), k, -1, 1)
        else:  # a near miss: one entry of an equivalent twin changed
            twin = random_equivalent(a, rng, 2)
            flat = list(twin.parameters())
            flat[rng.randrange(len(flat))] += rng.choice([-1, 1])
            b = Network.from_parameters(twin.architecture, flat)
        yield a, b


def _check(a, b):
    fast, slow = equivalent(a, b), oracle(a, b)
    assert bool(fast) == bool(slow), (a, b, fast.reason)
    assert fast.method == "shallow"
    if not fast:
        assert a(fast.witness) != b(fast.witness)
        assert fast.outputs == (a(fast.witness), b(fast.witness))
        assert fast.reason
    return bool(fast)


def test_agrees_with_oracle_sample():
    results = [_check(a, b) for a, b in _pairs(300, 11)]
    assert 60 < sum(results) < 240  # both answers are well represented


@pytest.mark.slow
def test_agrees_with_oracle_thousands():
    results = [_check(a, b) for a, b in _pairs(4000, 12)]
    assert 800 < sum(results) < 3200


@pytest.mark.parametrize("reason_start, b", [
    ("line", Network.from_layers([([[1]], [0]), ([[2]], [0])])),
    ("constant", Network.from_layers([([[1]], [0]), ([[1]], [1])])),
    ("linear", Network.from_layers([([[1], [-1]], [0, 0]), ([[2, -1]], [0])])),
], ids=["kink", "g0", "G"])
def test_reason_names_the_invariant(reason_start, b):
    a = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    result = equivalent(a, b)
    assert not result and result.reason.startswith(reason_start)


def test_dimension_mismatch():
    with pytest.raises(ShapeError):
        equivalent(Network.from_layers([([[1]], [0]), ([[1]], [0])]),
                   Network.from_layers([([[1, 1]], [0]), ([[1]], [0])]))
