"""Equivalence on the orthant against the general oracle restricted to the orthant."""

import random

import pytest
from strategies import function_classes

from semialg_fibers import Network
from semialg_fibers.core.exceptions import ShapeError
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.orthant import equivalent


@pytest.mark.parametrize("arch", [(1, 2, 1), (2, 1, 1)], ids=str)
def test_exhaustive_classes_against_oracle(arch):
    classes = function_classes(arch)
    rng = random.Random(7)
    keys = list(classes)
    for key in rng.sample(keys, min(25, len(keys))):
        a = classes[key][0]
        b = rng.choice(classes[key])
        r = equivalent(a, b)
        assert r and r.method == "orthant" and oracle(a, b, domain="orthant")
        other = classes[rng.choice([k for k in keys if k != key])][0]
        r = equivalent(a, other)
        assert not r and not oracle(a, other, domain="orthant")
        assert all(v >= 0 for v in r.witness) and a(r.witness) != other(r.witness)


def test_random_pairs_different_widths_against_oracle():
    rng = random.Random(3)
    for _ in range(60):
        m, k = rng.randint(1, 3), rng.randint(1, 2)
        nets = []
        for n in (rng.randint(1, 3), rng.randint(1, 3)):
            nets.append(Network.from_layers([
                ([[rng.randint(-2, 2) for _ in range(m)] for _ in range(n)], [rng.randint(-2, 2) for _ in range(n)]),
                ([[rng.randint(-2, 2) for _ in range(n)] for _ in range(k)], [rng.randint(-2, 2) for _ in range(k)])]))
        assert bool(equivalent(*nets)) == bool(oracle(*nets, domain="orthant"))


def test_equal_on_orthant_but_not_on_R():
    a = Network.from_layers([([[1, 0], [-1, 1]], [0, 0]), ([[1, 1]], [0])])   # y1 + s(y2 - y1) on the orthant
    b = Network.from_layers([([[1, 0], [1, -1]], [0, 0]), ([[1, 1]], [0])])   # 2 y1 - y2 + s(y2 - y1)
    assert not equivalent(a, b) and not oracle(a, b, domain="orthant")
    c = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    d = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    assert equivalent(c, d) and not oracle(c, d)


def test_dimension_mismatch():
    with pytest.raises(ShapeError):
        equivalent(Network.from_layers([([[1]], [0]), ([[1]], [0])]),
                   Network.from_layers([([[1, 1]], [0]), ([[1]], [0])]))
