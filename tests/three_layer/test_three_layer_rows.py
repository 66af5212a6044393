"""Row types of [W2 | b2], checked against exact evaluation of the row on the orthant."""

import itertools
import random
from fractions import Fraction

import pytest

from semialg_fibers import InexactInputError, Network, ShapeError
from semialg_fibers.three_layer import RowKind, check_three_layer, row_type, row_types, second_layer
from semialg_fibers.three_layer.rows import row_kind

F = Fraction

GOLDEN = [
    # (row (w..., c), kind, hidden column, zeros)
    ((2, -1, -1), RowKind.HIDING, 0, ()),
    ((-1, 3, -2), RowKind.HIDING, 1, ()),
    ((-1, -1, -1), RowKind.DEAD, None, ()),
    ((1, 1, 1), RowKind.LINEAR, None, ()),
    ((1, -1, 1), RowKind.OTHER, None, ()),
    ((-1, -1, 1), RowKind.OTHER, None, ()),
    ((1, 1, -1), RowKind.OTHER, None, ()),
    ((0, 0, 0), RowKind.ZERO, None, (0, 1, 2)),
    ((2, 0, 0), RowKind.LINEAR, None, (1, 2)),  # s(2 z_1) = 2 z_1: linear, not hiding
    ((2, 0, -1), RowKind.HIDING, 0, (1,)),
    ((2, -1, 0), RowKind.HIDING, 0, (2,)),  # bias 0: the end of a translation interval
    ((0, -1, 0), RowKind.DEAD, None, (0, 2)),
]


@pytest.mark.parametrize("row, kind, column, zeros", GOLDEN, ids=[str(g[0]) for g in GOLDEN])
def test_golden_row_kinds(row, kind, column, zeros):
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([row[:2]], [row[2]]), ([[1]], [0])])
    t = row_type(net, 0)
    assert (t.kind, t.column, t.zeros) == (kind, column, zeros)
    assert t.degenerate == bool(zeros)
    assert t.crossing == (kind in (RowKind.HIDING, RowKind.OTHER))


def _relu(v):
    return v if v > 0 else F(0)


def _orthant_points(rng, n1, count=300):
    points = [[F(0)] * n1]
    for _ in range(count):
        points.append([F(rng.randint(0, 40), rng.randint(1, 4)) * rng.choice([F(1, 100), F(1), F(100)])
                       if rng.random() < 0.7 else F(0) for _ in range(n1)])
    return points


@pytest.mark.parametrize("n1", [1, 2, 3])
def test_every_sign_pattern_with_zeros_matches_evaluation(n1):
    """Kinds by signs vs the row evaluated on the orthant: dead <= 0, linear >= 0, hiding identity exact."""
    rng = random.Random(n1)
    points = _orthant_points(rng, n1, 300 if n1 < 3 else 120)
    for signs in itertools.product((-1, 0, 1), repeat=n1 + 1):
        row = [F(s) * F(rng.randint(1, 9), rng.randint(1, 3)) for s in signs]
        kind, column = row_kind(row)
        values = [sum((w * z for w, z in zip(row, p)), row[-1]) for p in points]
        if kind in (RowKind.DEAD, RowKind.ZERO):
            assert all(v <= 0 for v in values)
        else:
            assert any(v > 0 for v in values)
        if kind in (RowKind.LINEAR, RowKind.ZERO):
            assert all(v >= 0 for v in values)
        else:
            assert any(v < 0 for v in values)
        for i in range(n1):
            # s(w_i s(y_i) + r) == s(w_i y_i + r) for all y: exactly the hiding rows of column i (or rows not
            # seeing i, or linear rows whose only positive weight is w_i with r = 0)
            holds = True
            for p in points[:80]:
                for yi in (F(-7, 3), F(-1, 5), F(5, 2)):
                    r = sum((w * z for m, (w, z) in enumerate(zip(row, p)) if m != i), row[-1])
                    if _relu(row[i] * _relu(yi) + r) != _relu(row[i] * yi + r):
                        holds = False
            if kind == RowKind.HIDING and column == i:
                assert holds
            if holds and row[i] > 0:
                assert (kind == RowKind.HIDING and column == i) or kind == RowKind.LINEAR


def test_row_types_of_a_network_and_second_layer():
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]),
                               ([[2, -1], [-1, -1], [1, 1], [1, -1]], [-1, -2, 1, 1]),
                               ([[3, 1, 1, 0]], [1])])
    assert [t.describe() for t in row_types(net)] == [
        "hides column 1", "dead", "linear", "other (degenerate: zero output column)"]
    assert second_layer(net).architecture == (2, 4, 1)
    assert second_layer(net).layers == net.layers[1:]
    assert row_types(net)[0].to_dict()["column"] == 0


def test_bad_input_gets_typed_errors():
    shallow = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    deep = Network.from_layers([([[1]], [0])] * 4)
    for net in (shallow, deep):
        with pytest.raises(ShapeError, match="three-layer"):
            row_types(net)
    with pytest.raises(TypeError):
        check_three_layer("not a network")
    with pytest.raises(InexactInputError):
        Network.from_layers([([[0.5]], [0]), ([[1]], [0]), ([[1]], [0])])
    net = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])])
    with pytest.raises(ShapeError, match="row 3 does not exist"):
        row_type(net, 3)
