"""Theorems 7.1-7.4 (the first layer is determined): kink values by exact evaluation, the conclusion by the search."""

import random
from fractions import Fraction

import pytest
from checks import second_layers_F
from strategies import pattern_multisets, with_pattern

from semialg_fibers import Network
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import (
    Predicate,
    hidden_column_theorem,
    is_identifiable,
    linear_rows_theorem,
    masked_sums,
    positive_columns,
    representations,
    rigidity,
)
from semialg_fibers.three_layer.fiber import FiberStatus, completeness, fiber
from semialg_fibers.three_layer.rows import output_column

I2 = ([[1, 0], [0, 1]], [0, 0])
RIGID = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, 2]], [1])])
#: b2 < 0, both columns of W2 positive: outside P+, inside the class P2 of Theorem 7.2
TWO_COLUMNS = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [-1, 3]], [-1, -2]), ([[3, 1]], [1])])
#: n1 = 2, column 1 of W2 and b2 positive, column 2 negative: the class of Theorem 7.3
BIAS_COLUMN = Network.from_layers([I2, ([[2, -1], [1, -3]], [-1, 1]), ([[3, -2]], [1])])
#: n1 = 2, only b2 positive (rows (-, -, +)): the class of Theorem 7.4
ONLY_BIAS = Network.from_layers([I2, ([[-2, -1], [-1, -3]], [1, 2]), ([[3, 1]], [1])])
#: n1 = 3, column 1 of W2 and b2 positive: Theorem 7.3 for n1 = 3
ONE_COLUMN = Network.from_layers([([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0, 0, 0]),
                                  ([[2, -1, -1], [1, -3, -2]], [-1, 1]), ([[3, -2]], [1])])
#: n1 = 3 with column 3 of W2 negative: three positive columns of [W2 | b2] remain (Steps 3 and 4 use the others)
NEGATIVE_COLUMN = Network.from_layers([([[1, 0, 1], [0, 1, 1], [2, 1, -1]], [0, "1/2", -1]),
                                       ([[2, -1, -3], [-1, 3, "-1/2"], [1, 1, -2]], [1, -2, "1/3"]),
                                       ([[1, 2, -1]], [0])])


def _masked_sum(net, i, m):
    """V(i, m) of Section 7.1, written out again from the definition (m = n1 is the bias column)."""
    weight, bias = net.layers[1].weight, net.layers[1].bias
    rows = [j for j in range(len(weight)) if (bias[j] if m == len(weight[0]) else weight[j][m]) > 0]
    return tuple(sum((output_column(net, j)[o] * weight[j][i] for j in rows), Fraction(0))
                 for o in range(net.output_dim))


_F = second_layers_F


def _quotient(net, y, m, h):
    moved = list(y)
    moved[m] += h
    return tuple((b - a) / h for a, b in zip(_F(net, y), _F(net, moved)))


@pytest.mark.parametrize("seed", range(6))
def test_far_kinks_and_slopes_are_the_masked_sums(seed):
    """Steps 2 and 4: at the far points the one-sided slopes along e_m are 0 and V(m, m'); in R_+ it is V(m, m)."""
    rng = random.Random(seed)
    t, h = Fraction(10 ** 6), Fraction(1, 10 ** 4)
    for _ in range(12):
        n1, n2, k = rng.choice([2, 3, 4]), rng.choice([1, 2, 3, 4]), rng.choice([1, 2])
        patterns = tuple("".join(rng.choice("+-") for _ in range(n1 + 1)) for _ in range(n2))
        net = with_pattern(rng, patterns, k=k, generic=False)
        for m in range(n1):
            for mp in [r for r in range(n1) if r != m] + [n1]:
                y = [-t if rng.random() < 0.5 else -Fraction(1) for _ in range(n1)]  # any negative values
                y[m] = Fraction(0)
                if mp < n1:
                    y[mp] = t
                left, right = _quotient(net, y, m, -h), _quotient(net, y, m, h)
                assert left == (0,) * k
                assert right == _masked_sum(net, m, mp)
                if mp < n1:  # the points (a') of Step 6: the other coordinates small and positive
                    y = [t / 1000] * n1
                    y[m], y[mp] = Fraction(0), t
                    assert _quotient(net, y, m, -h) == (0,) * k and _quotient(net, y, m, h) == _masked_sum(net, m, mp)
            y = [t / 1000] * n1
            y[m] = t
            assert _quotient(net, y, m, h) == _quotient(net, y, m, -h) == _masked_sum(net, m, m)


def test_masked_sums_fail_with_a_witness():
    net = Network.from_layers([I2, ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [0])])
    result = masked_sums(net)
    assert not result and result.predicate == Predicate.G8 and result.witness == (0, 0, (0, 1))
    assert _masked_sum(net, 0, 0) == (0,) and "rows 1, 2" in result.detail
    assert result.to_dict()["holds"] is False
    assert masked_sums(RIGID)


REASONS = [
    ("n1 = 1", Network.from_layers([([[1]], [0]), ([[2], [-1]], [-1, 1]), ([[1, 1]], [0])]), "n1 = 1"),
    ("G1", Network.from_layers([([[1, 2], [2, 4]], [0, 0]), ([[2, -1], [1, 3]], [1, -1]), ([[1, 2]], [0])]), "G1"),
    ("G4", Network.from_layers([I2, ([[2, -1], [4, 3]], [1, 2]), ([[1, 2]], [0])]), "G4 fails"),
    ("G8", Network.from_layers([I2, ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [0])]), "G8 fails"),
    ("hidden column", Network.from_layers([I2, ([[2, -1], [1, -3]], [-1, -2]), ([[3, 1]], [1])]),
     "column 1 is hidden (every row hides it)"),
    ("G9, proportional rows", Network.from_layers([I2, ([[2, -1], [4, -2]], [1, -1]), ([[3, 2]], [1])]),
     "G9 fails: the two rows positive in column 1 of W2 have proportional entries in columns 1 and 2"),
    ("linear row", Network.from_layers([I2, ([[1, 2], [-1, -2]], [1, -3]), ([[1, 3]], [0])]), "row 1 is linear"),
    ("dead row", Network.from_layers([I2, ([[2, -1], [1, 3], [-1, -2]], [1, -1, -3]), ([[1, 2, 1]], [0])]),
     "row 3 is dead"),
]


@pytest.mark.parametrize("name, net, reason", REASONS, ids=[r[0] for r in REASONS])
def test_rigidity_names_the_failing_hypothesis(name, net, reason):
    result = rigidity(net)
    assert not result and reason in result.reason


def test_positive_columns():
    assert positive_columns(RIGID) == (0, 1, 2)
    assert positive_columns(ONE_COLUMN) == (0, 3) and "Theorem 7.3" in rigidity(ONE_COLUMN).reason
    assert positive_columns(BIAS_COLUMN) == (0, 2) and "Theorem 7.3" in rigidity(BIAS_COLUMN).reason
    assert positive_columns(ONLY_BIAS) == (2,) and "Theorem 7.4" in rigidity(ONLY_BIAS).reason
    assert positive_columns(TWO_COLUMNS) == (0, 1) and "Theorem 7.2" in rigidity(TWO_COLUMNS).reason
    assert positive_columns(NEGATIVE_COLUMN) == (0, 1, 3) and rigidity(NEGATIVE_COLUMN)


def test_fiber_and_identifiability_are_proven_in_the_class():
    assert rigidity(RIGID)
    f = fiber(RIGID, certify=False)  # no allow_conjecture: the completeness is a theorem here
    assert f.status == FiberStatus.PROVEN and "Corollary 7.5" in f.basis and len(f.families) == 1
    assert r"Corollary 7.5 of the three-layer theory (Theorems 7.1--7.4; $n_1 \geq 2$" in f.latex()
    for net, theorem in ((RIGID, "Theorem 7.1"), (TWO_COLUMNS, "Theorem 7.2"), (BIAS_COLUMN, "Theorem 7.3"),
                         (ONE_COLUMN, "Theorem 7.3"), (ONLY_BIAS, "Theorem 7.4")):
        f = fiber(net, certify=False)
        assert f.status == FiberStatus.PROVEN and len(f.families) == 1
        result = is_identifiable(net)
        assert result and result.proven and theorem in result.basis
    outside = next(net for name, net, _ in REASONS if name == "G8")  # G8 fails: still the conjecture
    assert completeness(outside).status == FiberStatus.CONJECTURE and not is_identifiable(outside, allow_conjecture=True).proven


def test_dead_and_linear_rows_are_needed():
    """P+ and G8 hold, but a linear and a dead row: a translated visible neuron realizes f (Step 6 fails); the
    fiber lists it (Theorem 10.11: every live row linear)."""
    linear = next(net for name, net, _ in REASONS if name == "linear row")
    assert masked_sums(linear) and positive_columns(linear) == (0, 1, 2)
    moved = Network.from_layers([([[1, 0], [0, 1]], [1, 0]), ([[1, 0], [0, 2]], [-1, 1]), ([[1, 1]], [0])])
    assert oracle(linear, moved)  # first-layer hyperplane y_1 = -1 is not one of theta's
    decided = completeness(linear)
    assert decided.proven and "Theorem 10.11" in decided.basis
    assert fiber(linear, certify=False).contains(moved)


def test_the_g6_example_is_outside_the_class():
    """Section 4's example with another class of representations fails G8 and P+."""
    net = Network.from_layers([I2, ([["1/2", -1], ["5/3", "-3/2"]], [2, "2/3"]), ([[-3, 2]], [0])])
    assert not masked_sums(net) and masked_sums(net).witness == (1, 0, (0, 1)) and positive_columns(net) == (0, 2)
    assert _masked_sum(net, 1, 0) == _masked_sum(net, 1, 2) == (0,)  # V(2, 1) = V(2, 0) = 0 in 1-based terms


def _same_first_layer(net, other):
    """theta's first layer up to permutation and positive scaling, written out from the definition."""
    rows = [tuple(r) + (c,) for r, c in zip(net.layers[0].weight, net.layers[0].bias)]
    free = list(range(len(rows)))
    for row in (tuple(r) + (c,) for r, c in zip(other.layers[0].weight, other.layers[0].bias)):
        match = [i for i in free if any(v != 0 for v in rows[i])
                 and (lam := next(b / a for a, b in zip(rows[i], row) if a != 0)) > 0
                 and all(a * lam == b for a, b in zip(rows[i], row))]
        if not match:
            return False
        free.remove(match[0])
    return True


def _in_class_networks(n1, n2, k, rng, count):
    found = []
    for patterns in rng.sample(pattern_multisets(n1, n2), len(pattern_multisets(n1, n2))):
        try:
            net = with_pattern(rng, patterns, k=k)
        except RuntimeError:
            continue
        if rigidity(net):
            found.append(net)
        if len(found) == count:
            break
    return found


def _check_search(n1, n2, k, count, seed):
    nets = _in_class_networks(n1, n2, k, random.Random(seed), count)
    assert nets
    for net in nets:
        found = representations(net, limits=UNLIMITED)  # every candidate first layer, each one oracle-verified
        assert found and all(_same_first_layer(net, r.network) for r in found)


@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 1, 4), (2, 3, 1, 4)], ids=str)
def test_the_search_finds_only_the_first_layer_of_theta(n1, n2, k, count):
    _check_search(n1, n2, k, count, seed=n1 * 100 + n2 * 10 + k)


def test_the_search_with_one_positive_column_n1_3():
    """Theorem 7.3 for n1 = 3 (column 1 of W2 and b2 positive): part (2) with two negative columns."""
    found = representations(ONE_COLUMN, limits=UNLIMITED)
    assert found and all(_same_first_layer(ONE_COLUMN, r.network) for r in found)


def test_the_search_with_one_row_positive_in_the_column():
    """Theorem 7.3, n1 = 2, rows (+, -, +) and (-, -, +): part (2)(iii) counts the bend points (no G9 needed)."""
    net = Network.from_layers([I2, ([[2, -1], [-1, -2]], [1, 3]), ([[3, -2]], [1])])
    assert "Theorem 7.3" in rigidity(net).reason
    found = representations(net, limits=UNLIMITED)
    assert found and all(_same_first_layer(net, r.network) for r in found)


def test_the_search_with_a_negative_column():
    """n1 = 3, column 3 of W2 negative (P+ with three positive columns, not every column)."""
    found = representations(NEGATIVE_COLUMN, limits=UNLIMITED)
    assert found and all(_same_first_layer(NEGATIVE_COLUMN, r.network) for r in found)


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 2, 20), (2, 3, 1, 40), (2, 4, 1, 10), (3, 2, 1, 15)], ids=str)
def test_the_search_finds_only_the_first_layer_of_theta_slow(n1, n2, k, count):
    _check_search(n1, n2, k, count, seed=7 + n1 * 100 + n2 * 10 + k)


def _two_column_networks(n1, n2, k, rng, count):
    """Random parameters of P2 outside P+: b2 < 0, exactly two positive columns of W2, G1-G8, no dead row."""
    patterns = [p for p in pattern_multisets(n1, n2) if all(row[-1] == "-" for row in p)]
    found = []
    for _ in range(40 * count):
        try:
            net = with_pattern(rng, rng.choice(patterns), k=k)
        except RuntimeError:
            continue
        if rigidity(net) and len(positive_columns(net)) == 2:
            found.append(net)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("seed", range(4))
def test_bounded_kink_parallel_to_the_face(seed):
    """Step 3 of Theorem 7.2: on R_m, F jumps in slope by a_j w_jm across y_m = -c_j / w_jm (exact evaluation)."""
    rng = random.Random(seed)
    net = _two_column_networks(3, 3, 2, rng, 1)[0]
    weight, bias = net.layers[1].weight, net.layers[1].bias
    for m in positive_columns(net):
        thresholds = sorted(-bias[j] / weight[j][m] for j in range(len(weight)) if weight[j][m] > 0)
        gaps = [b - a for a, b in zip([Fraction(0)] + thresholds, thresholds)]
        h = min(gaps) / 4  # one threshold between y_m - h and y_m + h
        for j in range(len(weight)):
            if weight[j][m] <= 0:
                continue
            y = [Fraction(-rng.randint(1, 50)) for _ in range(3)]
            y[m] = -bias[j] / weight[j][m]
            right, left = _quotient(net, y, m, h), _quotient(net, y, m, -h)
            jump = tuple(r - l for r, l in zip(right, left))
            assert jump == tuple(v * weight[j][m] for v in output_column(net, j)) and any(jump)


def _check_two_columns(n1, n2, k, count, seed):
    nets = _two_column_networks(n1, n2, k, random.Random(seed), count)
    assert len(nets) == count
    for net in nets:
        found = representations(net, limits=UNLIMITED)  # every candidate first layer, each one oracle-verified
        assert found and all(_same_first_layer(net, r.network) for r in found)


@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 1, 4), (2, 3, 1, 3)], ids=str)
def test_the_search_in_the_two_column_class(n1, n2, k, count):
    _check_two_columns(n1, n2, k, count, seed=5 + n1 * 100 + n2 * 10 + k)


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 2, 12), (2, 3, 1, 15), (2, 4, 1, 8), (3, 2, 1, 6)], ids=str)
def test_the_search_in_the_two_column_class_slow(n1, n2, k, count):
    _check_two_columns(n1, n2, k, count, seed=11 + n1 * 100 + n2 * 10 + k)


def _only_bias(columns, n1):
    return columns == (n1,)


def _class_networks(n1, n2, k, rng, count, positive):
    """Random parameters with G1-G8, no dead, linear or zero-output row and the given positive columns of [W2 | b2]."""
    if positive is _only_bias:  # every row (-, ..., -, +)
        patterns = [("-" * n1 + "+",) * n2]
    else:
        patterns = [p for p in pattern_multisets(n1, n2) if any(row[-1] == "+" for row in p)]
    found = []
    for _ in range(60 * count):
        try:
            net = with_pattern(rng, rng.choice(patterns), k=k)
        except RuntimeError:
            continue
        if rigidity(net) and positive(positive_columns(net), n1):
            found.append(net)
        if len(found) == count:
            break
    return found


def _one_column_and_bias(columns, n1):
    return len(columns) == 2 and n1 in columns


def _check_class(n1, n2, k, count, seed, positive, theorem):
    nets = _class_networks(n1, n2, k, random.Random(seed), count, positive)
    assert len(nets) == count
    for net in nets:
        assert theorem in rigidity(net).reason
        found = representations(net, limits=UNLIMITED)  # every candidate first layer, each one oracle-verified
        assert found and all(_same_first_layer(net, r.network) for r in found)


@pytest.mark.parametrize("n2, k, count", [(2, 1, 4), (3, 1, 3)], ids=str)
def test_the_search_in_the_bias_column_class(n2, k, count):
    _check_class(2, n2, k, count, 23 + n2 * 10 + k, _one_column_and_bias, "Theorem 7.3")


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 2, 12), (2, 3, 1, 15), (2, 4, 1, 4), (3, 2, 1, 3), (3, 3, 1, 1)],
                         ids=str)
def test_the_search_in_the_bias_column_class_slow(n1, n2, k, count):
    _check_class(n1, n2, k, count, 29 + n1 * 100 + n2 * 10 + k, _one_column_and_bias, "Theorem 7.3")


@pytest.mark.parametrize("n2, k, count", [(2, 1, 3), (3, 1, 2)], ids=str)
def test_the_search_in_the_only_bias_class(n2, k, count):
    _check_class(2, n2, k, count, 31 + n2 * 10 + k, _only_bias, "Theorem 7.4")


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 2, 10), (2, 3, 1, 10), (2, 4, 1, 4), (3, 2, 1, 2)], ids=str)
def test_the_search_in_the_only_bias_class_slow(n1, n2, k, count):
    _check_class(n1, n2, k, count, 37 + n1 * 100 + n2 * 10 + k, _only_bias, "Theorem 7.4")


@pytest.mark.parametrize("seed", range(4))
def test_far_region_has_n2_plus_one_kinks(seed):
    """Theorem 7.4: on U_m(M) the one-sided slopes along e_m jump at 0 by V(m, 0) and at t_jm by -a_j w_jm."""
    rng = random.Random(seed)
    n1 = 2 + seed % 2
    net = _class_networks(n1, 3, 2, rng, 1, _only_bias)[0]
    weight, bias = net.layers[1].weight, net.layers[1].bias
    far = Fraction(-10 ** 6)
    for m in range(n1):
        thresholds = sorted(-bias[j] / weight[j][m] for j in range(len(weight)))
        points = [Fraction(0)] + thresholds
        h = min(b - a for a, b in zip(points, points[1:])) / 4
        jumps = []
        for c in points:
            y = [far * rng.randint(1, 9) for _ in range(n1)]
            y[m] = c
            jumps.append(tuple(r - l for r, l in zip(_quotient(net, y, m, h), _quotient(net, y, m, -h))))
        assert jumps[0] == _masked_sum(net, m, n1) and any(jumps[0])  # V(m, 0): every row active at the corner
        for c, jump in zip(thresholds, jumps[1:]):
            j = next(j for j in range(len(weight)) if -bias[j] / weight[j][m] == c)
            assert jump == tuple(-v * weight[j][m] for v in output_column(net, j)) and any(jump)


HIDDEN_TWO = Network.from_layers([I2, ([[2, -1], [1, -3]], [-1, -2]), ([[3, 1]], [1])])
THEOREM_REASONS = [
    ("hidden, two rows", hidden_column_theorem, HIDDEN_TWO, True, "column 1 is hidden by rows 1, 2"),
    ("hidden, a dead row", hidden_column_theorem,
     Network.from_layers([I2, ([[2, -1], [1, -3], [-1, -2]], [-1, -2, -3]), ([[3, 1, 2]], [1])]), True,
     "the other rows are dead"),
    ("hidden, one row and a dead row", hidden_column_theorem,
     Network.from_layers([I2, ([[2, -1], [-1, -2]], [-1, -3]), ([[3, 2]], [1])]), False, "one row hides column 1"),
    ("no hidden column", hidden_column_theorem, RIGID, False, "no column is hidden"),
    ("linear and crossing", linear_rows_theorem,
     Network.from_layers([I2, ([[2, 1], [-1, 1], [1, 3]], [1, 2, 5]), ([[1, 2, -3]], [0])]), True, "linear rows 1, 3"),
    ("every row linear", linear_rows_theorem,
     Network.from_layers([I2, ([[2, 1], [1, 3]], [1, 2]), ([[1, 2]], [0])]), False, "every row is linear"),
    ("no linear row", linear_rows_theorem, RIGID, False, "no linear row"),
    ("linear and dead", linear_rows_theorem, next(net for name, net, _ in REASONS if name == "linear row"), False,
     "row 2 is dead"),
]


@pytest.mark.parametrize("name, theorem, net, applies, reason", THEOREM_REASONS, ids=[r[0] for r in THEOREM_REASONS])
def test_theorems_10_8_and_10_9_name_their_hypotheses(name, theorem, net, applies, reason):
    result = theorem(net)
    assert bool(result) == applies and reason in result.reason
    if applies:  # the fiber is proven complete, without allow_conjecture
        f = fiber(net, certify=False)
        assert f.status == FiberStatus.PROVEN and ("Theorem 10.8" in f.basis or "Theorem 10.9" in f.basis)
