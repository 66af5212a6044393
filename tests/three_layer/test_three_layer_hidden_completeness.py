"""Conjecture 10.6 with a hidden column: every first layer of the fiber is in the hiding-translation family.

Class: n1 >= 2, G1-G8, L >= 2 rows of [W2 | b2] hiding the same column i (w_ji > 0, w_jl < 0 for l != i,
c_j < 0) and any number of dead rows.  Claim (the hidden-column case of Conjecture 10.6, argued in
docs/theory/three_layer.md, Section 10.6): every theta' with f_theta' = f_theta has, up to permutation,
y'_m = lambda_m y_m (lambda_m > 0) for the visible neurons and y'_i = mu (y_i + t) with mu > 0 and
t >= t_min = max_j c_j / w_ji over the hiding rows.  Checked against the exhaustive search (every first layer
made of candidate hyperplanes, every representation verified by the general oracle); the kinks and bend points
the proof uses are checked by exact one-sided difference quotients of F.
"""

import random
from fractions import Fraction

import pytest
from checks import first_layer_map, second_layers_F
from strategies import with_pattern

from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import fiber, hidden_column_theorem, masked_sums, representations
from semialg_fibers.three_layer.fiber import FiberStatus
from semialg_fibers.three_layer.rows import output_column
from semialg_fibers.three_layer.search import known_classes


def _hiding_pattern(n1, i):
    """The sign pattern of a row hiding column i: (+ at i, - elsewhere | -)."""
    return "".join("+" if c == i else "-" for c in range(n1)) + "-"


def _hidden_networks(n1, n2, k, rng, count, dead=0):
    """Random members of the class (G1-G7 by the draw, G8 checked), with ``dead`` extra dead rows."""
    found = []
    while len(found) < count:
        i = rng.randrange(n1)
        net = with_pattern(rng, [_hiding_pattern(n1, i)] * n2 + ["-" * (n1 + 1)] * dead, k=k)
        if masked_sums(net):
            found.append((net, i))
    return found


_first_layer_map = first_layer_map


def _in_translation_family(net, other, i):
    """Written out from the definition: visible rows lambda e_m (lambda > 0, q = 0), the hidden one mu (e_i, t)."""
    weight, bias = net.layers[1].weight, net.layers[1].bias
    t_min = max(bias[j] / weight[j][i] for j in range(len(weight)) if weight[j][i] > 0)
    used = set()
    for p, q in _first_layer_map(net, other):
        support = [m for m, v in enumerate(p) if v != 0]
        if len(support) != 1 or p[support[0]] < 0:
            return False
        m = support[0]
        used.add(m)
        if (m == i and q / p[m] < t_min) or (m != i and q != 0):
            return False
    return len(used) == len(p)


def _check(n1, n2, k, count, seed, dead=0):
    for net, i in _hidden_networks(n1, n2, k, random.Random(seed), count, dead):
        found = representations(net, limits=UNLIMITED)  # every candidate first layer, each one oracle-verified
        assert found and all(_in_translation_family(net, r.network, i) for r in found)
        members = fiber(net, certify=False)  # proven (Theorem 10.8), dead rows or not: no allow_conjecture
        assert members.status == FiberStatus.PROVEN and "Theorem 10.8" in members.basis
        assert hidden_column_theorem(net) and all(members.contains(r.network) for r in found)


@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 1, 3), (2, 3, 1, 2), (2, 2, 2, 2)], ids=str)
def test_the_search_finds_only_the_translation_family(n1, n2, k, count):
    _check(n1, n2, k, count, seed=41 + n1 * 100 + n2 * 10 + k)


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k, count", [(2, 2, 1, 25), (2, 3, 1, 15), (2, 4, 1, 6), (2, 2, 2, 10),
                                              (3, 2, 1, 6)], ids=str)
def test_the_search_finds_only_the_translation_family_slow(n1, n2, k, count):
    _check(n1, n2, k, count, seed=43 + n1 * 100 + n2 * 10 + k)


# ---------------------------------------------------------------------------- the kinks the proof counts
_F = second_layers_F


def _jump(net, y, m, h):
    """Right minus left one-sided difference quotient of F along e_m at y (step h)."""
    def moved(step):
        point = list(y)
        point[m] += step
        return _F(net, point)
    here = _F(net, y)
    return tuple((r - c) / h - (c - l) / h for r, c, l in zip(moved(h), here, moved(-h)))


@pytest.mark.parametrize("seed", range(4))
def test_the_lines_of_the_two_dimensional_slices(seed):
    """The 2 n2 + 1 kink lines of F on a slice (y_i, y_m), the other coordinates negative, by exact evaluation.

    Vertical lines y_i = theta_j (y_m < 0, jump a_j w_ji along e_i), slanted lines
    w_ji y_i + w_jm y_m + c_j = 0 (y_m > 0, jump a_j w_ji along e_i), and H_m far along e_i (jump V(m, i)
    along e_m), plus the slope V(i, i) along e_i there.
    """
    rng = random.Random(seed)
    (net, i), = _hidden_networks(3, 3, 2, rng, 1)
    weight, bias = net.layers[1].weight, net.layers[1].bias
    a = [output_column(net, j) for j in range(len(weight))]
    for m in (c for c in range(3) if c != i):
        base = [Fraction(-rng.randint(1, 9)) for _ in range(3)]  # the coordinates other than i, m stay negative
        for y_m in (Fraction(-2), Fraction(3)):
            crossings = [(-bias[j] - weight[j][m] * max(y_m, 0)) / weight[j][i] for j in range(len(weight))]
            h = min(abs(x - z) for x in crossings for z in crossings if x != z) / 4
            for j, y_i in enumerate(crossings):
                y = list(base)
                y[i], y[m] = y_i, y_m
                assert _jump(net, y, i, h) == tuple(v * weight[j][i] for v in a[j]) and any(a[j])
        far = list(base)
        far[i], far[m] = Fraction(10 ** 6), Fraction(0)
        v_mi = tuple(sum((a[j][o] * weight[j][m] for j in range(len(weight))), Fraction(0)) for o in range(2))
        v_ii = tuple(sum((a[j][o] * weight[j][i] for j in range(len(weight))), Fraction(0)) for o in range(2))
        assert _jump(net, far, m, Fraction(1, 10)) == v_mi and any(v_mi)
        ahead = list(far)
        ahead[i] += 1
        assert tuple(p - q for p, q in zip(_F(net, ahead), _F(net, far))) == v_ii and any(v_ii)


@pytest.mark.parametrize("seed", range(3))
def test_the_bends_of_the_rows(seed):
    """Bend points: on H_r cap Pi_{j,M} the kink of F across Pi_{j,M} is a_j w_ji on the side y_r < 0 and 0 on y_r > 0.

    Such a point has no neighbourhood on which F is a one-layer function of affine forms (there a kink
    hyperplane carries the same jump all along), so it lies on a first-layer hyperplane of every theta'.
    Every live row j, visible r, subset M of the other visible columns; a dead row is present.
    """
    rng = random.Random(seed)
    (net, i), = _hidden_networks(3, 2, 1, rng, 1, dead=1)
    weight, bias = net.layers[1].weight, net.layers[1].bias
    live = [j for j in range(len(weight)) if weight[j][i] > 0]
    visible = [c for c in range(3) if c != i]
    delta = Fraction(1, 100)
    for j in live:
        for r in visible:
            (other,) = [c for c in visible if c != r]
            for positive in (False, True):  # M empty or M = {other}
                y = [Fraction(0)] * 3
                y[other] = Fraction(rng.randint(1, 9), 3) if positive else Fraction(-rng.randint(1, 9))
                y[i] = (-bias[j] - weight[j][other] * max(y[other], 0)) / weight[j][i]
                sides = []
                for sign in (-1, 1):
                    x = list(y)
                    x[r] = sign * delta
                    crossings = [(-bias[k] - sum((weight[k][c] * max(x[c], 0) for c in range(3) if c != i),
                                                Fraction(0))) / weight[k][i] - x[i] for k in live]
                    h = min(abs(v) for v in crossings if v != 0) / 4
                    sides.append(_jump(net, x, i, h))
                assert sides[0] == tuple(v * weight[j][i] for v in output_column(net, j)) and any(sides[0])
                assert not any(sides[1])


# ---------------------------------------------------------------------------- where the hypotheses bind
def test_one_live_row_with_a_spare_row_leaves_the_family():
    """One hiding row and a spare row (L = 1, outside the claim): the sign change and revivals leave the family."""
    for net, i in _hidden_networks(2, 1, 1, random.Random(5), 2, dead=1):
        found = representations(net, limits=UNLIMITED)
        outside = [r for r in found if not _in_translation_family(net, r.network, i)]
        assert outside and {r.key for r in found} <= known_classes(net)
        assert all(oracle(net, r.network) for r in outside)
        assert not hidden_column_theorem(net) and "one row hides" in hidden_column_theorem(net).reason


@pytest.mark.parametrize("n1, live, dead, count", [(2, 3, 1, 2), (2, 2, 1, 2)], ids=str)
def test_live_and_dead_rows(n1, live, dead, count):
    """Dead rows added (spare rows): the first layer is still in the translation family."""
    _check(n1, live, 1, count, seed=47 + n1 * 100 + live * 10 + dead, dead=dead)


@pytest.mark.slow
@pytest.mark.parametrize("n1, live, dead, count", [(2, 2, 1, 10), (2, 2, 2, 4), (2, 3, 1, 4), (2, 3, 2, 2),
                                                   (3, 2, 1, 3)], ids=str)
def test_live_and_dead_rows_slow(n1, live, dead, count):
    _check(n1, live, 1, count, seed=53 + n1 * 100 + live * 10 + dead, dead=dead)


# ----------------------------------------------------------------- one hiding row, n1 >= 5 (Theorem 10.12)
@pytest.mark.parametrize("dead, k", [(1, 1), pytest.param(2, 2, marks=pytest.mark.slow)], ids=str)
def test_one_hiding_row_with_dead_rows_n1_5(dead, k):
    """Theorem 10.12: the sign changes composed with the hiding translation, proven for n1 >= 5.  Sampled points of
    one component per family and random symmetry walks are oracle-equivalent members; a translation below
    t_min is neither; the fiber's dimension is the exact Jacobian bound."""
    from strategies import walk

    from semialg_fibers.three_layer import one_hiding_row_theorem, translate
    from semialg_fibers.three_layer.families import FamilyKind
    from semialg_fibers.three_layer.jacobian import jacobian_upper_bound

    rng = random.Random(dead + 10 * k)
    (net, i), = _hidden_networks(5, 1, k, rng, 1, dead=dead)
    assert one_hiding_row_theorem(net)
    listed = fiber(net, certify=False)
    assert listed.status == FiberStatus.PROVEN and "Theorem 10.12" in listed.basis
    kinds = [f.kind for f in listed.families]
    assert kinds.count(FamilyKind.SIGN_CHANGE) == 2 ** 4 - 1 and kinds.count(FamilyKind.TRANSLATION) == 1
    for family in listed.families:
        component = next(c for c in listed if c.family is family)
        assert oracle(net, component.sample(1))
    for _ in range(4):
        other, used = walk(net, rng, rng.randint(1, 4))
        assert listed.contains(other), used
    below = translate(net, i, listed.families[0].intervals[0].lower - 1, check=False)
    assert not oracle(net, below) and not listed.contains(below)
    assert listed.dimension == jacobian_upper_bound(net)


def test_the_bends_of_one_hiding_row_n1_5():
    """(A2) with one hiding row and n1 = 5: for every visible r and every M of the other visible columns the kink
    of F across Pi_{j,M} is a_j w_ji at y_r = -delta and 0 at y_r = +delta: 2^{n1 - 2} = 8 bend sets per r, more
    than the n1 = 5 first-layer hyperplanes of theta' could hold (Theorem 10.12)."""
    import itertools

    rng = random.Random(3)
    (net, i), = _hidden_networks(5, 1, 1, rng, 1, dead=1)
    weight, bias = net.layers[1].weight, net.layers[1].bias
    j = next(r for r in range(len(weight)) if weight[r][i] > 0)
    visible = [c for c in range(5) if c != i]
    delta = Fraction(1, 100)
    for r in visible:
        rest = [c for c in visible if c != r]
        subsets = [M for size in range(len(rest) + 1) for M in itertools.combinations(rest, size)]
        assert len(subsets) == 8
        for M in subsets:
            y = [Fraction(-rng.randint(1, 9)) for _ in range(5)]
            for c in M:
                y[c] = Fraction(rng.randint(1, 9), 7)
            y[i] = (-bias[j] - sum(weight[j][c] * y[c] for c in M)) / weight[j][i]
            sides = []
            for sign in (-1, 1):
                x = list(y)
                x[r] = sign * delta
                sides.append(_jump(net, x, i, delta / 1000))
            assert sides[0] == tuple(v * weight[j][i] for v in output_column(net, j)) and any(sides[0])
            assert not any(sides[1])
