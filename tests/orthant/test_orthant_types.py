"""Neuron types on the orthant: every sign pattern of a row, checked against exact LPs."""

import itertools
from fractions import Fraction

import pytest

from semialg_fibers import Network
from semialg_fibers.core.exceptions import ShapeError
from semialg_fibers.core.linalg import Constraint, feasible_point
from semialg_fibers.orthant import neuron_types
from semialg_fibers.orthant.types import DEAD, LINEAR, NONLINEAR, row_type


def _takes_sign(row, sign):
    """Exact LP: is sign * (w . y + c) > 0 for some y >= 0?"""
    m = len(row) - 1
    cons = [Constraint(tuple(Fraction(int(i == j)) for i in range(m)), Fraction(0)) for j in range(m)]
    cons.append(Constraint(tuple(sign * v for v in row[:m]), sign * row[m], ">"))
    return bool(feasible_point(cons, m))


ROWS = list(itertools.product((-2, 0, 3), repeat=3))  # every sign pattern of (w1, w2, c)


@pytest.mark.parametrize("row", ROWS, ids=[str(r) for r in ROWS])
def test_every_sign_pattern_matches_lp(row):
    row = tuple(Fraction(v) for v in row)
    positive, negative = _takes_sign(row, 1), _takes_sign(row, -1)
    expected = NONLINEAR if positive and negative else (LINEAR if positive else DEAD)
    assert row_type(row) == expected


GOLDEN = [
    ("zero row", [[0, 0]], [0], DEAD, "zero row"),
    ("bias only positive", [[0, 0]], [2], LINEAR, "all entries >= 0"),
    ("boundary touching", [[1, 0]], [0], LINEAR, "all entries >= 0"),
    ("mixed w", [[1, -1]], [0], NONLINEAR, "w_1 > 0 and w_2 < 0"),
    ("positive w negative c", [[0, 1]], [-1], NONLINEAR, "w_2 > 0 and c < 0"),
    ("dead with zeros", [[-1, 0]], [0], DEAD, "all entries <= 0"),
]


@pytest.mark.parametrize("name,w,b,kind,words", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_types_and_reasons(name, w, b, kind, words):
    net = Network.from_layers([(w, b), ([[1]], [0])])
    (t,) = neuron_types(net)
    assert t.kind == kind and words in t.reason and not t.output_zero


def test_output_zero_flag_and_shape_error():
    net = Network.from_layers([([[1], [-1]], [0, 1]), ([[0, 2]], [0])])
    assert [t.output_zero for t in neuron_types(net)] == [True, False]
    deep = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])])
    with pytest.raises(ShapeError):
        neuron_types(deep)
