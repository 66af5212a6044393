"""Completeness with linear rows (Conjecture 10.6, linear case): the translated visible neuron.

Class: ``n1, n2 >= 2``, G1-G8, no dead or zero-output row, no hidden column, at least one linear row.
Steps 0-5 of Theorem 7.1 give ``y' = Lambda Pi (y + q)`` with ``q >= 0``.  What these tests check:

* ``q_m > 0`` forces every crossing row to be sign-definite on the face ``{z_m = 0}`` (the kink of ``F``
  along ``H_m`` must be uniform, as a one-hidden-layer function of ``y'`` only makes uniform kinks):
  checked by exact one-sided difference quotients of ``F`` on the face;
* for such a *face column* ``m`` the function ``h_t(z) = g(s(z - t e_m))`` on the orthant has the
  explicit width-``(n2 + 1)`` form of :func:`_reference` (oracle);
* when the orthant fiber of ``h_t`` of width ``n2`` is not empty (always for ``n1 = 2`` with two linear
  rows and a face column), the translated parameters realize ``f`` (oracle) although ``theta`` has no
  spare row: they lie outside the orbit family (a counterexample to Conjecture 10.6 as first stated),
  and inside the translated visible neuron family that ``fiber`` now lists (Theorem 10.9, proven);
* with one linear row (generic) that orthant fiber is empty;
* with no face column the exhaustive search finds ``theta``'s first layer only.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from strategies import with_pattern

from semialg_fibers import Network, equivalent
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.core.nonnegative_rank import nonnegative_column_rank
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.orthant.canonical import canonical_data
from semialg_fibers.orthant.components import component
from semialg_fibers.orthant.patterns import role_patterns
from semialg_fibers.three_layer import genericity, masked_sums, representations
from semialg_fibers.three_layer.families import FamilyKind, first_layer_families, translated_network
from semialg_fibers.three_layer.fiber import FiberStatus, family_patterns, fiber
from semialg_fibers.three_layer.jacobian import jacobian_upper_bound
from semialg_fibers.three_layer.rows import second_layer

ZERO = Fraction(0)

# A fixed member of the class: rows (+, +, +), (+, +, +) linear, (-, +, +) crossing; G1-G8, no spare row.
ROWS = [(Fraction(31, 4), Fraction(9, 2), Fraction(36, 5)), (Fraction(15), Fraction(5, 9), Fraction(8)),
        (Fraction(-33, 4), Fraction(4), Fraction(20, 9))]
OUT = [Fraction(-11, 8), Fraction(8, 9), Fraction(-4)]
GOLDEN = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([list(r[:2]) for r in ROWS], [r[2] for r in ROWS]),
                              ([OUT], [1])])


# ----------------------------------------------------------------------------------------------- helpers

def _parts(net: Network):
    """``(W1, b1, rows (w_j, c_j), output columns a_j, b3)``."""
    (w1, b1), (w2, b2), (w3, b3) = ((layer.weight, layer.bias) for layer in net.layers)
    rows = [tuple(w2[j]) + (b2[j],) for j in range(len(b2))]
    outs = [tuple(row[j] for row in w3) for j in range(len(b2))]
    return w1, b1, rows, outs, b3


def _build(w1, b1, rows, outs, b3) -> Network:
    k = len(b3)
    return Network.from_layers([([list(r) for r in w1], list(b1)),
                                ([list(r[:-1]) for r in rows], [r[-1] for r in rows]),
                                ([[outs[j][i] for j in range(len(rows))] for i in range(k)], list(b3))])


def _kind(row) -> str:
    if all(x > 0 for x in row):
        return "linear"
    if all(x < 0 for x in row):
        return "dead"
    return "crossing"


def _crosses_face(row, m: int) -> bool:
    """The row takes both signs on the open face ``{z_m = 0, z_r > 0}`` (every entry nonzero, G2)."""
    return len({x > 0 for i, x in enumerate(row) if i != m}) == 2


def _face_columns(net: Network) -> list[int]:
    """Columns ``m`` on whose face no crossing row takes both signs (at most one when a row crosses)."""
    _, b1, rows, _, _ = _parts(net)
    return [m for m in range(len(b1)) if not any(_kind(r) == "crossing" and _crosses_face(r, m) for r in rows)]


def _face_kink(net: Network, m: int) -> tuple[Fraction, ...]:
    """``V(m, 0) = sum_{c_j > 0} a_j w_jm``, written out from the definition."""
    _, _, rows, outs, b3 = _parts(net)
    return tuple(sum((outs[j][i] * rows[j][m] for j in range(len(rows)) if rows[j][-1] > 0), ZERO)
                 for i in range(len(b3)))


def _reference(net: Network, m: int, t: Fraction) -> Network:
    """Width ``n2 + 1``, first layer ``y'_m = y_m + t``: crossing rows translated, ``V(m, 0) s(t - z_m)``, linear rows.

    On the orthant ``g(s(z - t e_m)) = sum_C a_j s(w_j . z + c_j - t w_jm) + V s(t - z_m)
    + sum_L a_j (w_j . z + c_j - t w_jm) + b3`` when every crossing row is sign-definite on the face of ``m``.
    """
    w1, b1, rows, outs, b3 = _parts(net)
    n1, k = len(b1), len(b3)
    linear = [j for j, r in enumerate(rows) if _kind(r) == "linear"]
    crossing = [j for j, r in enumerate(rows) if _kind(r) == "crossing"]
    new_rows = [rows[j][:-1] + (rows[j][-1] - t * rows[j][m],) for j in crossing]
    new_outs = [outs[j] for j in crossing]
    kink = [ZERO] * (n1 + 1)
    kink[m], kink[-1] = Fraction(-1), t
    new_rows.append(tuple(kink))
    new_outs.append(_face_kink(net, m))
    new_rows += [rows[j] for j in linear]
    new_outs += [outs[j] for j in linear]
    new_b3 = [b3[i] - t * sum((outs[j][i] * rows[j][m] for j in linear), ZERO) for i in range(k)]
    new_b1 = list(b1)
    new_b1[m] += t
    return _build(w1, new_b1, new_rows, new_outs, new_b3)


def _hand_member(net: Network, m: int, t: Fraction) -> Network | None:
    """``k = 1``: a width-``n2`` member written by hand (rows ``s(z_m - t)`` and one or two linear rows), or None."""
    w1, b1, rows, outs, b3 = _parts(net)
    n1, n2 = len(b1), len(rows)
    linear = [j for j, r in enumerate(rows) if _kind(r) == "linear"]
    crossing = [j for j, r in enumerate(rows) if _kind(r) == "crossing"]
    positive = [j for j in crossing if rows[j][-1] > 0]
    v = _face_kink(net, m)[0]
    new_rows = [rows[j][:-1] + (rows[j][-1] - t * rows[j][m],) for j in crossing]
    new_outs = [outs[j] for j in crossing]
    kink = [ZERO] * (n1 + 1)
    kink[m], kink[-1] = Fraction(1), -t
    new_rows.append(tuple(kink))
    new_outs.append((v,))
    # the linear part left over: sum_L a_j w_j - V e_m; the constant: sum_L a_j c_j + t sum_{C, c_j > 0} a_j w_jm
    rest = [sum((outs[j][0] * rows[j][i] for j in linear), ZERO) for i in range(n1)]
    rest[m] -= v
    b3n = b3[0] + sum((outs[j][0] * rows[j][-1] for j in linear), ZERO) + t * sum((outs[j][0] * rows[j][m]
                                                                                  for j in positive), ZERO)
    plus = tuple(max(x, ZERO) for x in rest)
    minus = tuple(max(-x, ZERO) for x in rest)
    for part, sign in ((plus, 1), (minus, -1)):
        if any(part):
            new_rows.append(part + (ZERO,))
            new_outs.append((Fraction(sign),))
    if len(new_rows) > n2:
        return None
    while len(new_rows) < n2:
        new_rows.append((ZERO,) * (n1 + 1))
        new_outs.append((ZERO,))
    new_b1 = list(b1)
    new_b1[m] += t
    return _build(w1, new_b1, new_rows, new_outs, [b3n])


def _members(net: Network, m: int, t: Fraction, limit: int = 2) -> list[Network]:
    """Width-``n2`` parameters with first layer ``y'_m = y_m + t``: samples of the orthant fiber of ``h_t``."""
    ref = _reference(net, m, t)
    n1, n2, k = len(net.layers[0].bias), len(net.layers[1].bias), len(net.layers[2].bias)
    data = canonical_data(second_layer(ref))
    shape = Network.from_layers([([[0] * n1 for _ in range(n2)], [0] * n2), ([[0] * n2 for _ in range(k)], [0] * k)])
    out = []
    for roles, strata in role_patterns(data, n2):
        for stratum, dim in strata:
            g = component(shape, data, roles, stratum, dim, certify=False).sample(0)
            out.append(Network.from_layers([(ref.layers[0].weight, ref.layers[0].bias),
                                            (g.layers[0].weight, g.layers[0].bias),
                                            (g.layers[1].weight, g.layers[1].bias)]))
            if len(out) >= limit:
                return out
    return out


def _no_spare_row(net: Network) -> bool:
    """Conjecture 10.6's hypothesis: no role pattern of theta's own orthant fiber leaves a row unused."""
    orbit = first_layer_families(net)[0]
    return not any(roles.dead or roles.zero_output or roles.silent
                   for roles, _ in family_patterns(orbit, net.architecture[2]))


def _draw(rng: random.Random, patterns, k: int, tries: int = 60, d: int | None = None) -> Network:
    """A member of the class with G1-G8 and no spare row (``d`` inputs, default ``n1``)."""
    for _ in range(tries):
        net = with_pattern(rng, patterns, d=d, k=k)
        if masked_sums(net) and _no_spare_row(net):
            return net
    raise RuntimeError(f"no draw of {patterns} with G8 and no spare row")


def _F(net: Network, y) -> tuple[Fraction, ...]:
    """``F(y) = g(s(y))`` by exact evaluation."""
    _, _, rows, outs, b3 = _parts(net)
    z = [max(v, ZERO) for v in y]
    hidden = [max(sum((w * v for w, v in zip(r[:-1], z)), ZERO) + r[-1], ZERO) for r in rows]
    return tuple(b3[i] + sum((outs[j][i] * hidden[j] for j in range(len(rows))), ZERO) for i in range(len(b3)))


def _kink_along(net: Network, y, m: int, h: Fraction = Fraction(1, 10 ** 9)) -> tuple[Fraction, ...]:
    """Right minus left difference quotient of ``F`` along ``e_m`` at ``y``."""
    up, down = list(y), list(y)
    up[m] += h
    down[m] -= h
    f0 = _F(net, y)
    return tuple((a - b) / h - (b - c) / h for a, b, c in zip(_F(net, up), f0, _F(net, down)))


def _orbit_first_layer(net: Network, other: Network) -> bool:
    """``(W1', b1')`` is ``Lambda Pi (W1, b1)`` with ``Lambda > 0``."""
    mine = [tuple(r) + (b,) for r, b in zip(net.layers[0].weight, net.layers[0].bias)]
    theirs = [tuple(r) + (b,) for r, b in zip(other.layers[0].weight, other.layers[0].bias)]

    def ray(v):
        lead = next(x for x in v if x != 0)
        return tuple(x / abs(lead) for x in v)
    return sorted(map(ray, mine)) == sorted(map(ray, theirs))


# ----------------------------------------------------------------------------------------------- tests

def test_the_golden_parameter_is_in_the_class_with_no_spare_row():
    assert genericity(GOLDEN) and masked_sums(GOLDEN)
    assert [_kind(r) for r in ROWS] == ["linear", "linear", "crossing"]
    assert _face_columns(GOLDEN) == [0]
    assert _no_spare_row(GOLDEN)


@pytest.mark.parametrize("t", [Fraction(1, 3), Fraction(1), Fraction(7)], ids=["t=1/3", "t=1", "t=7"])
def test_golden_translated_visible_neuron(t):
    """Written by hand: oracle-equivalent, first layer outside the orbit, in the translated family of the fiber."""
    other = _hand_member(GOLDEN, 0, t)
    assert other is not None and other.architecture == GOLDEN.architecture
    assert oracle(GOLDEN, other).equivalent
    assert not _orbit_first_layer(GOLDEN, other)
    f = fiber(GOLDEN, certify=False)  # proven: Theorem 10.9
    assert f.status == FiberStatus.PROVEN and "Theorem 10.9" in f.basis
    assert [str(family.kind) for family in f.families] == ["orbit", "translated visible neuron"]
    assert f.contains(other)
    assert any(c.contains(other) for c in f if c.family.kind == FamilyKind.TRANSLATED)
    for x, y in ((GOLDEN, other), (other, GOLDEN)):  # equivalence without regions aligns the moved neuron
        result = equivalent(x, y)
        assert result and result.method == "three-layer" and "translated visible neuron" in result.reason


def test_golden_negative_translation_is_rejected():
    """Step 5: ``q_m < 0`` is impossible; the same construction with ``t < 0`` gives a witness."""
    other = _hand_member(GOLDEN, 0, Fraction(-1, 2))
    result = oracle(GOLDEN, other)
    assert not result.equivalent


def test_the_search_does_not_see_the_translated_neuron():
    """The search assumes every first-layer neuron of theta' carries a kink; the translated one carries none."""
    reps = representations(GOLDEN, limits=UNLIMITED)
    assert reps and all(_orbit_first_layer(GOLDEN, r.network) for r in reps)


TRANSLATED = [(("+++", "+++", "-++"), 1), (("+++", "+++", "+--"), 1), (("+++", "+++", "-++"), 2),
              (("+++", "+++", "-++", "+--"), 2), (("+++", "+++", "-++", "-++"), 2)]
TRANSLATED_SLOW = TRANSLATED + [(("+++", "+++", "-++", "-++", "+--"), 2), (("++++", "++++", "++++", "-+++"), 3),
                                (("++++", "++++", "++++", "+---"), 3), (("+++", "+++", "-++", "+--"), 1)]


def _nudged(net: Network) -> Network:
    """The output bias moved by 1/1000: a near miss."""
    last = net.layers[2]
    return Network.from_layers([(layer.weight, layer.bias) for layer in net.layers[:2]]
                               + [(last.weight, [last.bias[0] + Fraction(1, 1000)] + list(last.bias[1:]))])


def _check_translated(patterns, k, seed, draws):
    rng = random.Random(seed)
    for draw in range(draws):
        net = _draw(rng, patterns, k, d=len(patterns[0]) - 1 + (draw + seed) % 2)  # d = n1 or n1 + 1
        (m,) = _face_columns(net)
        listed = fiber(net, certify=False)  # proven (Theorem 10.9); the translated family is listed
        assert listed.status == FiberStatus.PROVEN and listed.families[-1].kind == FamilyKind.TRANSLATED
        for t in (Fraction(1, 2), Fraction(5)):
            assert oracle(net, _reference(net, m, t)).equivalent
            assert oracle(net, translated_network(net, m, t)).equivalent  # the library's Lemma C, by the oracle
            found = _members(net, m, t)
            # n1 = 2 with two linear rows, or n_L >= n1: flipping the rows crossing H_m leaves the face's
            # linear part (n1 - 1 nonzero columns), so the family is never empty
            assert found, (patterns, k)
            for other in found:
                assert other.architecture == net.architecture
                assert oracle(net, other).equivalent
                assert not _orbit_first_layer(net, other)
                assert listed.contains(other)
                for x, y in ((net, other), (other, net)):  # the polynomial test aligns the translated neuron
                    result = equivalent(x, y)  # (in other the neuron may be hidden: then a hiding translation)
                    assert result and result.method == "three-layer"
                    assert "translated visible neuron" in result.reason or "hiding translation" in result.reason
                near = _nudged(other)
                result = equivalent(net, near)
                assert not result and net(result.witness) != near(result.witness)


@pytest.mark.parametrize("patterns,k", TRANSLATED, ids=[f"{'|'.join(p)}_k{k}" for p, k in TRANSLATED])
def test_translated_family_is_listed(patterns, k):
    _check_translated(patterns, k, seed=sum(map(ord, "".join(patterns))) + k, draws=1)


@pytest.mark.slow
@pytest.mark.parametrize("patterns,k", TRANSLATED_SLOW, ids=[f"{'|'.join(p)}_k{k}" for p, k in TRANSLATED_SLOW])
def test_translated_family_is_listed_slow(patterns, k):
    _check_translated(patterns, k, seed=7, draws=6)


EMPTY = [(("+++", "-++"), 1), (("+++", "-++", "-++"), 2), (("+++", "+--", "-++"), 1)]


@pytest.mark.parametrize("patterns,k", EMPTY, ids=[f"{'|'.join(p)}_k{k}" for p, k in EMPTY])
def test_one_linear_row_leaves_no_room(patterns, k):
    """One linear row: the width-n2 orthant fiber of ``h_t`` is empty (generic parameters)."""
    rng = random.Random(3)
    for _ in range(3):
        net = _draw(rng, patterns, k)
        (m,) = _face_columns(net)
        assert oracle(net, _reference(net, m, Fraction(1, 2))).equivalent
        assert _members(net, m, Fraction(1, 2)) == []


def _crossing_point(row, m: int, n1: int, rng: random.Random):
    """Two points of the open face ``{z_m = 0}`` close to the face hyperplane of ``row``, one on each side."""
    eps = Fraction(1, 50)
    r = next(i for i in range(n1) if i != m and (row[i] > 0) != (row[-1] > 0))
    z = [eps * rng.randint(1, 9) for _ in range(n1)]
    z[m] = ZERO
    rest = row[-1] + sum((row[i] * z[i] for i in range(n1) if i not in (m, r)), ZERO)
    z[r] = -rest / row[r]
    if z[r] <= 0:
        return None
    delta = Fraction(1, 10 ** 5)
    sides = []
    for sign in (1, -1):
        y = list(z)
        y[r] += sign * delta
        sides.append(y)
    return sides


FACES = [(("+++", "+-+", "-++"), 1), (("+++", "-++", "+-+"), 2), (("+++", "++-", "-++"), 1),
         (("++++", "-+++", "+-++"), 1), (("++++", "+-+-", "-+++"), 2), (("+++", "+++", "-++"), 1)]


@pytest.mark.parametrize("patterns,k", FACES, ids=[f"{'|'.join(p)}_k{k}" for p, k in FACES])
def test_a_crossed_face_has_a_non_uniform_kink(patterns, k):
    """The lemma behind ``q_m > 0 => m is a face column``, by exact difference quotients of ``F``.

    Along ``H_m`` inside the open orthant of theta', ``F`` is a one-hidden-layer function of ``y'``, whose kink
    across a hyperplane is the same at all its points.  A row crossing the face makes the kink of ``F`` across
    ``H_m`` jump (by ``a_j w_jm != 0``); on a face column it is the constant ``V(m, 0) != 0``.
    """
    rng = random.Random(11)
    net = with_pattern(rng, list(patterns), k=k)
    _, b1, rows, _, _ = _parts(net)
    n1 = len(b1)
    for m in range(n1):
        crossing = [r for r in rows if _kind(r) == "crossing" and _crosses_face(r, m)]
        if crossing:
            pairs = [_crossing_point(r, m, n1, rng) for r in crossing]
            pairs = [p for p in pairs if p]
            assert pairs
            for left, right in pairs:
                assert _kink_along(net, left, m) != _kink_along(net, right, m)
        else:
            kinks = {_kink_along(net, [ZERO if i == m else Fraction(rng.randint(1, 400), rng.randint(1, 9))
                                       for i in range(n1)], m) for _ in range(25)}
            assert kinks == {_face_kink(net, m)} and any(_face_kink(net, m))


def test_at_most_one_face_column():
    """Every strict sign pattern of a crossing row crosses the face of all columns but at most one."""
    for n1 in (2, 3, 4):
        for bits in range(2 ** (n1 + 1)):
            row = tuple(1 if bits >> i & 1 else -1 for i in range(n1 + 1))
            if _kind(row) == "crossing":
                assert sum(not _crosses_face(row, m) for m in range(n1)) <= 1


NO_FACE = [(("+++", "+-+", "-++"), 1), (("+++", "-++", "++-"), 1)]


@pytest.mark.parametrize("patterns,k", NO_FACE, ids=[f"{'|'.join(p)}_k{k}" for p, k in NO_FACE])
def test_without_a_face_column_the_search_finds_the_orbit(patterns, k):
    rng = random.Random(5)
    net = _draw(rng, patterns, k)
    assert _face_columns(net) == []
    reps = representations(net, limits=UNLIMITED)
    assert reps and all(_orbit_first_layer(net, r.network) for r in reps)


def test_every_row_linear_every_translation():
    """No crossing row, n1 = n2 = 2, k = 2 (no spare row): every ``q >= 0`` works, e.g. both coordinates
    (classified by Theorem 10.11: ``tests/three_layer/test_three_layer_all_linear.py``)."""
    rng = random.Random(2)
    net = _draw(rng, ("+++", "+++"), 2)
    w1, b1, rows, outs, b3 = _parts(net)
    for q in ((Fraction(1, 2), ZERO), (Fraction(1, 2), Fraction(3))):
        # F = M s(y) + const; theta' rows s(z'_m - q_m) with outputs M e_m
        M = [[sum((outs[j][i] * rows[j][m] for j in range(2)), ZERO) for m in range(2)] for i in range(2)]
        const = [b3[i] + sum((outs[j][i] * rows[j][-1] for j in range(2)), ZERO) for i in range(2)]
        new_rows = [(Fraction(1), ZERO, -q[0]), (ZERO, Fraction(1), -q[1])]
        new_outs = [(M[0][0], M[1][0]), (M[0][1], M[1][1])]
        other = _build(w1, [b1[0] + q[0], b1[1] + q[1]], new_rows, new_outs, const)
        assert oracle(net, other).equivalent
        assert not _orbit_first_layer(net, other)
        listed = fiber(net, certify=False)  # Theorem 10.11: one family per set of translated neurons
        assert listed.proven and listed.contains(other)


DIMENSION = [(("+++", "+++", "-++"), 2), (("+++", "+++", "-++", "+--"), 2)]


@pytest.mark.parametrize("patterns,k", DIMENSION, ids=[f"{'|'.join(p)}_k{k}" for p, k in DIMENSION])
def test_translated_family_dimension_is_the_jacobian_bound(patterns, k):
    """``n1 + 1 + dim OF_{n2}(h_t)`` equals the exact tangent-rank bound at a member, below theta's fiber dimension."""
    rng = random.Random(1)
    net = _draw(rng, patterns, k)
    (m,) = _face_columns(net)
    n1, n2 = len(net.layers[0].bias), len(net.layers[1].bias)
    data = canonical_data(second_layer(_reference(net, m, Fraction(1, 2))))
    family = n1 + 1 + max(dim for _, strata in role_patterns(data, n2) for _, dim in strata)
    member = _members(net, m, Fraction(1, 2), limit=1)[0]
    assert jacobian_upper_bound(member) == family
    listed = fiber(net, certify=False)
    assert family < listed.dimension
    assert max(c.dimension for c in listed if c.family.kind == FamilyKind.TRANSLATED) == family


NO_FACE_SLOW = NO_FACE + [(("+++", "+++", "+-+", "-++"), 1), (("+++", "-++", "+-+"), 2),
                          (("++++", "-+++", "+-++"), 1)]


@pytest.mark.slow
@pytest.mark.parametrize("patterns,k", NO_FACE_SLOW, ids=[f"{'|'.join(p)}_k{k}" for p, k in NO_FACE_SLOW])
def test_without_a_face_column_the_search_finds_the_orbit_slow(patterns, k):
    rng = random.Random(9)
    for _ in range(3):
        net = _draw(rng, patterns, k)
        assert _face_columns(net) == []
        reps = representations(net, limits=UNLIMITED)
        assert reps and all(_orbit_first_layer(net, r.network) for r in reps)


def _face_gradient_fits(net: Network, m: int) -> bool:
    """``ncr(G_face) <= n_L - 1`` with ``G_face = sum_{c_j > 0} a_j (w_j - w_jm e_m)^T`` (the sufficient condition)."""
    _, b1, rows, outs, b3 = _parts(net)
    n1 = len(b1)
    g_face = [[sum((outs[j][i] * rows[j][r] for j in range(len(rows)) if rows[j][-1] > 0), ZERO) if r != m else ZERO
               for r in range(n1)] for i in range(len(b3))]
    return nonnegative_column_rank(g_face).value <= sum(_kind(r) == "linear" for r in rows) - 1


def _closed_form_k1(net: Network, m: int) -> bool:
    """``k = 1``: some flip set ``T`` of crossing rows leaves ``rho(T) = M_L + sum_T a_j w_j - V e_m`` fitting ``n_L - 1`` rows.

    One row fits a sign-definite vector (a linear row) or a multiple of a crossing normal (a second row on
    that line, mixed); two rows fit anything; zero rows fit only 0.
    """
    _, b1, rows, outs, _ = _parts(net)
    n1 = len(b1)
    linear = [j for j, r in enumerate(rows) if _kind(r) == "linear"]
    crossing = [j for j, r in enumerate(rows) if _kind(r) == "crossing"]
    base = [sum((outs[j][0] * rows[j][i] for j in linear), ZERO) for i in range(n1)]
    base[m] -= _face_kink(net, m)[0]

    def rows_needed(v):
        if not any(v):
            return 0
        if all(x >= 0 for x in v) or all(x <= 0 for x in v):
            return 1
        if any(all(v[i] * rows[j][0] == v[0] * rows[j][i] for i in range(n1)) for j in crossing):
            return 1
        return 2
    return any(rows_needed([base[i] + sum((outs[j][0] * rows[j][i] for j in flip), ZERO) for i in range(n1)])
               <= len(linear) - 1
               for size in range(len(crossing) + 1) for flip in itertools.combinations(crossing, size))


CRITERION = [(("++++", "++++", "-+++"), 1), (("++++", "++++", "-+++"), 2), (("++++", "++++", "-+++", "+---"), 1),
             (("+++", "-++", "+--"), 1), (("+++", "+++", "-++"), 1), (("+++++", "+++++", "-++++", "+----"), 1)]


@pytest.mark.slow
@pytest.mark.parametrize("patterns,k", CRITERION, ids=[f"{'|'.join(p)}_k{k}" for p, k in CRITERION])
def test_face_gradient_condition_and_the_closed_form_for_k1(patterns, k):
    """Proven: ``ncr(G_face) <= n_L - 1`` implies a nonempty family.  For ``k = 1`` the closed form decides it."""
    rng = random.Random(4)
    for _ in range(6):
        net = _draw(rng, patterns, k)
        (m,) = _face_columns(net)
        nonempty = bool(_members(net, m, Fraction(1, 2), limit=1))
        if _face_gradient_fits(net, m):
            assert nonempty
        if k == 1:
            assert _closed_form_k1(net, m) == nonempty


# G_face = V(2,0) e_2 + V(3,0) e_3 has mixed signs (ncr 2 > n_L - 1 = 1), yet flipping the hiding row as well
# leaves a sign-definite linear part: the face-gradient condition is sufficient, not necessary.
NOT_NECESSARY = Network.from_layers([
    ([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0, 0, 0]),
    ([["27/4", "32/9", "7/5"], ["33/4", "11/5", 8], [-2, "10/3", 17], ["23/9", "-40/3", "-5/2"]], [35, 12, 3, "-27/4"]),
    ([["17/3", "-16/7", "-22/9", "7/6"]], [2])])


def test_the_face_gradient_condition_is_not_necessary():
    net = NOT_NECESSARY
    assert genericity(net) and masked_sums(net) and _no_spare_row(net)
    assert _face_columns(net) == [0]
    assert not _face_gradient_fits(net, 0) and _closed_form_k1(net, 0)
    (other,) = _members(net, 0, Fraction(1, 2), limit=1)
    assert oracle(net, other).equivalent and not _orbit_first_layer(net, other)
