"""Canonical data of shallow networks: golden table and invariance under function-preserving moves."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from strategies import random_equivalent, random_neuron_network

from semialg_fibers import Network, ShapeError
from semialg_fibers.shallow.canonical import canonical_data, line_key, neuron_infos

# name, layers, expected [(line, kink)], G, g0
GOLDEN = [
    ("relu", [([[1]], [0]), ([[1]], [0])], [((1, 0), (1,))], [[0]], [0]),
    ("identity", [([[1], [-1]], [0, 0]), ([[1, -1]], [0])], [], [[1]], [0]),
    ("flipped-scaled", [([[-2]], [4]), ([[3]], [1])], [((1, -2), (6,))], [[-6]], [13]),
    ("constant-neuron", [([[0], [1]], [2, 0]), ([[5, 1]], [1])], [((1, 0), (1,))], [[0]], [11]),
    ("cancelled-line", [([[1], [2]], [1, 2]), ([[2, -1]], [0])], [], [[0]], [0]),
    ("two-lines-R2", [([[0, 2], [1, 1]], [1, 0]), ([[1, 1], [0, 1]], [0, 0])],
     [((0, 1, F(1, 2)), (2, 0)), ((1, 1, 0), (1, 1))], [[0, 0], [0, 0]], [0, 0]),
]


@pytest.mark.parametrize("layers, lines, g, g0", [c[1:] for c in GOLDEN], ids=[c[0] for c in GOLDEN])
def test_golden(layers, lines, g, g0):
    data = canonical_data(Network.from_layers(layers))
    assert [(u.line, u.kink) for u in data.lines] == [(tuple(map(F, l)), tuple(map(F, k))) for l, k in lines]
    assert data.linear == tuple(tuple(map(F, r)) for r in g)
    assert data.constant == tuple(map(F, g0))


def test_line_key_is_scale_invariant():
    row = (F(3, 4), F(-1, 2), F(5))
    key, sign, first = line_key(row)
    assert sign == 1 and first == 0 and key == (3, -2, 20)
    assert line_key(tuple(-2 * v for v in row)) == (key, -1, 0)


def test_neuron_kinds():
    net = Network.from_layers([([[0], [0], [1], [1]], [-1, 1, 0, 0]), ([[1, 1, 0, 2]], [0])])
    assert [i.kind for i in neuron_infos(net)] == ["dead", "constant", "zero-output", "line"]


def test_rejects_deep_networks():
    deep = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])])
    with pytest.raises(ShapeError, match="one hidden layer"):
        canonical_data(deep)


def test_invariant_under_moves_and_matches_evaluation():
    rng = random.Random(7)
    for _ in range(150):
        m, k, n = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 4)
        net = random_neuron_network(rng, m, n, k)
        twin = random_equivalent(net, rng, rng.randint(1, 4))
        data = canonical_data(net)
        assert canonical_data(twin) == data
        for _ in range(3):
            x = [F(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(m)]
            assert data.evaluate(x) == net(x) == twin(x)
