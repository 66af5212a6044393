"""The hiding rule and the hiding translation, against exact evaluation and the general oracle."""

import random
from fractions import Fraction

import pytest
from strategies import pattern_multisets, random_network, with_pattern

from semialg_fibers import Network, NotDecidedError, ShapeError
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import (
    ColumnKind,
    column_status,
    column_statuses,
    hidden_hyperplanes,
    hiding_interval,
    kink_visible,
    outside_witness,
    translate,
)
from semialg_fibers.three_layer.first_layer import preimage

F = Fraction


def _kink_by_evaluation(net: Network, i: int, rng: random.Random, count: int = 60) -> bool:
    """Does f have a kink across H_i at some sampled point of H_i?  One-sided slopes by exact evaluation."""
    n1 = net.architecture[1]
    bias = net.layers[0].bias
    e = [F(0)] * n1
    e[i] = F(1)
    direction = preimage(net, [b + v for b, v in zip(bias, e)])  # W1 direction = e_i
    for _ in range(count):
        y = [F(rng.randint(1, 99), rng.randint(1, 40)) * rng.choice([F(1, 50), F(1, 5), F(1), F(5), F(50)])
             * rng.choice([1, -1]) for _ in range(n1)]
        y[i] = F(0)
        x = preimage(net, y)
        slopes = []
        for h in (F(1, 10 ** 7), F(1, 2 * 10 ** 7)):
            plus = [a + h * b for a, b in zip(x, direction)]
            minus = [a - h * b for a, b in zip(x, direction)]
            fx = net(x)
            slopes.append(tuple((p - q) / h - (q - m) / h for p, q, m in zip(net(plus), fx, net(minus))))
        if slopes[0] == slopes[1] and any(slopes[0]):
            return True
    return False


@pytest.mark.parametrize("n1, n2", [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)], ids=str)
def test_hiding_rule_against_evaluation(n1, n2):
    """A column is hidden iff every row is dead or hides it: kink-free exactly then (all sign patterns)."""
    rng = random.Random(10 * n1 + n2)
    patterns = pattern_multisets(n1, n2)
    if len(patterns) > 40:
        patterns = rng.sample(patterns, 40)
    for pats in patterns:
        net = with_pattern(rng, pats, d=n1 + 1, k=2)
        for status in column_statuses(net):
            visible = _kink_by_evaluation(net, status.column, rng)
            assert visible == (status.kind == ColumnKind.VISIBLE), (pats, status)
            assert kink_visible(net, status.column) == visible


def test_single_hiding_row_does_not_hide():
    # row 1 hides column 1, row 2 sees column 1 and is active on its face
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, 3]], [-1, -2]), ([[1, 1]], [0])])
    assert column_status(net, 0).kind == ColumnKind.VISIBLE
    assert _kink_by_evaluation(net, 0, random.Random(0))
    assert hidden_hyperplanes(net) == ()
    # with row 2 dead instead, column 1 is hidden
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [-1, -3]], [-1, -2]), ([[1, 1]], [0])])
    assert [h.column for h in hidden_hyperplanes(net)] == [0]


def test_exact_kink_test_without_genericity():
    """kink_visible (step data on every face) against evaluation on degenerate small-integer networks."""
    rng = random.Random(7)
    checked = 0
    while checked < 25:
        net = random_network(rng, (2, 2, 2, 1), -2, 2)
        from semialg_fibers.three_layer.first_layer import has_full_row_rank
        if not has_full_row_rank(net):
            continue
        checked += 1
        for i in range(2):
            assert kink_visible(net, i) == _kink_by_evaluation(net, i, rng, 300), (net, i)


TRANSLATION_CASES = [
    # (patterns, d, k): n2 = 1, several hiding rows, hiding plus dead rows, d > n1, k > 1
    (("+--",), 2, 1),
    (("+--",), 3, 2),
    (("-+-", "-+-"), 2, 1),
    (("+-",), 1, 1),
    (("+-", "+-"), 1, 2),
    (("+---", "+---", "+---"), 4, 1),
    (("+--", "+--", "---"), 3, 2),
    (("-+--", "-+--", "----", "-+--"), 5, 2),
]


@pytest.mark.parametrize("patterns, d, k", TRANSLATION_CASES, ids=[str(c) for c in TRANSLATION_CASES])
def test_translation_interval_is_exact(patterns, d, k):
    rng = random.Random(len(patterns) * 10 + d)
    net = with_pattern(rng, patterns, d=d, k=k)
    (hyperplane,) = hidden_hyperplanes(net)
    i = hyperplane.column
    interval = hiding_interval(net, i)
    t_min = interval.lower
    assert t_min == hyperplane.lower and t_min < 0 and interval.lower_closed and hyperplane.kink_free
    for t in (t_min, t_min / 2, F(0), F(1), F(7, 3), F(50)):
        assert t in interval
        assert oracle(net, translate(net, i, t)), t
    for t in (t_min - F(1, 100), t_min - 1):
        assert t not in interval
        moved = translate(net, i, t, check=False)
        result = oracle(net, moved)
        assert not result
        x = outside_witness(net, i, t)
        assert net(x) != moved(x)
        with pytest.raises(ValueError, match="below t_min"):
            translate(net, i, t)


def test_interval_not_decided_when_binding_kinks_cancel():
    # two hiding rows with the same threshold and opposite kinks: translations below t_min keep f on R_-
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, -3]], [-2, -1]), ([[1, -2]], [0])])
    with pytest.raises(NotDecidedError, match="cancel"):
        hiding_interval(net, 0)
    with pytest.raises(ValueError, match="not hidden"):
        hiding_interval(net, 1)
    with pytest.raises(ShapeError):
        hiding_interval(net, 2)


def test_unused_and_zero_output_columns():
    # column 2 is seen only by a dead row; row 3 has a zero output column and does not count
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, 0], [-1, -1], [5, 5]], [-1, -1, 1]), ([[1, 1, 0]], [0])])
    kinds = [s.kind for s in column_statuses(net)]
    assert kinds == [ColumnKind.HIDDEN, ColumnKind.UNUSED]
    assert not kink_visible(net, 1)
