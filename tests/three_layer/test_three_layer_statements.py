"""Side statements of the three-layer theory (``docs/theory/three_layer.md``) that were once stated wrongly, each
checked in its corrected form and refuted in its old one.

* Theorem 6.5, fact (ii): ``phi = s(w . s(y) + c)`` is smooth near the points of ``Pi = {w . y + c = 0}`` with
  *exactly one* negative coordinate (the old text: where *some* coordinate is negative, false with two when
  ``n1 >= 3``).  Checked by exact one-sided difference quotients of ``F``.
* Theorem 7.1, the remark on ``n2 = 1``: the class is empty for ``n1 = 2`` only; the row ``(1, 1, 1 | -1)`` is in
  it for ``n1 = 3``, and the theorem's conclusion holds there (exhaustive search, exact Jacobian bound).
* Theorem 10.10, the member of width ``n2`` of the translated family: linear rows stay, ``b3`` compensates (the
  old text moved every live row's bias, which breaks a linear row once ``t > c_j / w_jm``).  Checked by the
  general oracle on both sides of every linear row's ratio.
* Theorem 10.11 (b): a translation with support ``S`` occurs iff ``n2 >= |S| + ncr(G_{-S})`` (the old text: every
  ``t >= 0`` occurs).  Checked against the orthant fibers the library computes, members written from the
  nonnegative factorization (oracle), and ``n2 = 1``, where only the orbit family is left.
* Proposition 11.2: each translated family has dimension at most the orbit family's.  The map of its proof is
  checked by the oracle on sampled members; the dimensions (strictly smaller, the checked part) against exact
  Jacobian bounds.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from checks import first_layer_map, second_layers_F
from strategies import with_pattern

from semialg_fibers import Network
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.core.nonnegative_rank import nonnegative_column_rank
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import (
    dead_rows_theorem,
    linear_rows_theorem,
    masked_sums,
    representations,
    rigidity,
)
from semialg_fibers.three_layer.families import FamilyKind, face_columns, translated_network
from semialg_fibers.three_layer.fiber import FiberStatus, completeness, fiber
from semialg_fibers.three_layer.jacobian import jacobian_upper_bound

ZERO, ONE = Fraction(0), Fraction(1)


def _identity(n: int) -> list[list[Fraction]]:
    return [[ONE if r == c else ZERO for c in range(n)] for r in range(n)]


def _quotients(net: Network, y, direction, h=Fraction(1, 10 ** 4)):
    """One-sided difference quotients of ``F`` at ``y`` along ``direction`` (forward, backward), exact."""
    at = second_layers_F(net, y)
    ahead = second_layers_F(net, [v + h * d for v, d in zip(y, direction)])
    behind = second_layers_F(net, [v - h * d for v, d in zip(y, direction)])
    return (tuple((a - b) / h for a, b in zip(ahead, at)), tuple((a - b) / h for a, b in zip(at, behind)))


def _affine_near(net: Network, y, rng: random.Random) -> bool:
    """``F`` is affine near ``y``: both one-sided quotients agree along every axis, and along random directions
    the quotient is the linear combination of the axis ones (a piecewise-linear ``F`` and a small step)."""
    n1 = len(y)
    axes = []
    for i in range(n1):
        forward, backward = _quotients(net, y, [ONE if r == i else ZERO for r in range(n1)])
        if forward != backward:
            return False
        axes.append(forward)
    for _ in range(4):
        v = [Fraction(rng.randint(-5, 5), rng.randint(1, 3)) for _ in range(n1)]
        forward, backward = _quotients(net, y, v)
        linear = tuple(sum((vi * axis[o] for vi, axis in zip(v, axes)), ZERO) for o in range(len(forward)))
        if forward != linear or backward != linear:
            return False
    return True


def _point_on_the_hyperplane(w, c, negative, rng: random.Random):
    """A point of ``{w . y + c = 0}`` whose negative coordinates are exactly ``negative`` (None if none found):
    the coordinates are drawn and one is solved for, so the point is exact."""
    n1 = len(w)
    for _ in range(400):
        y = [Fraction(rng.randint(1, 60), rng.randint(1, 60)) * (-1 if r in negative else 1) for r in range(n1)]
        m = rng.randrange(n1)
        y[m] = -(c + sum((w[r] * y[r] for r in range(n1) if r != m), ZERO)) / w[m]
        # coordinates away from 0, so that the steps of the difference quotients stay in one sign region
        if all((v < 0) == (r in negative) and abs(v) >= Fraction(1, 100) for r, v in enumerate(y)):
            return y
    return None


# ------------------------------------------------------------------------------------- Theorem 6.5, fact (ii)

def _single_row(row, out=Fraction(2)) -> Network:
    n1 = len(row) - 1
    return Network.from_layers([(_identity(n1), [ZERO] * n1), ([list(row[:-1])], [row[-1]]), ([[out]], [ONE])])


def test_theorem_6_5_two_negative_coordinates_break_smoothness():
    """The old fact (ii) ('smooth where some y_m < 0') fails at a point of Pi with two negative coordinates: the row
    ``(1, -1, 1 | -1)`` has ``psi = s(y_3) - 1`` on ``{y_1, y_2 < 0}``, so ``phi`` bends along ``{y_3 = 1}``."""
    net = _single_row((ONE, -ONE, ONE, -ONE))
    y = [-ONE, -ONE, ONE]
    assert sum((w * v for w, v in zip((1, -1, 1), y)), -ONE) == 0  # y lies on Pi, with two negative coordinates
    forward, backward = _quotients(net, y, [ZERO, ZERO, ONE])
    assert forward == (Fraction(2),) and backward == (ZERO,)  # one-sided slopes a * 1 and 0: not smooth
    assert not _affine_near(net, y, random.Random(0))
    # the corrected fact: at points of Pi with exactly one negative coordinate phi is smooth
    rng = random.Random(1)
    found = [p for m in range(3) if (p := _point_on_the_hyperplane((1, -1, 1), -1, {m}, rng)) is not None]
    assert found and all(_affine_near(net, p, rng) for p in found)


def _other_patterns(n1: int):
    """Strict sign patterns of a row ``(w | c)`` that are neither dead, linear nor hiding (written from Section 1)."""
    for signs in itertools.product("+-", repeat=n1 + 1):
        w, c = signs[:-1], signs[-1]
        if len(set(signs)) == 1:
            continue  # dead or linear
        if w.count("+") == 1 and c == "-":
            continue  # hides the positive column
        yield "".join(signs)


@pytest.mark.parametrize("n1", [2, 3], ids=str)
def test_theorem_6_5_smooth_with_exactly_one_negative_coordinate(n1):
    """For every sign class of an *other* row (random magnitudes): some region ``{y_m < 0 < y_l}`` meets ``Pi``
    (the existence the proof needs), ``F`` is affine near those points, and bends on the positive piece of ``Pi``."""
    rng = random.Random(n1)
    for pattern in _other_patterns(n1):
        row = [Fraction(rng.randint(1, 30), rng.randint(1, 5)) * (1 if s == "+" else -1) for s in pattern]
        w, c = row[:-1], row[-1]
        net = _single_row(row)
        smooth = [p for m in range(n1) if (p := _point_on_the_hyperplane(w, c, {m}, rng)) is not None]
        assert smooth, pattern
        assert all(_affine_near(net, p, rng) for p in smooth), pattern
        positive = _point_on_the_hyperplane(w, c, set(), rng)
        assert positive is not None and not _affine_near(net, positive, rng), pattern


# ------------------------------------------------------------------------------- Theorem 7.1 with one row

def test_theorem_7_1_class_is_not_empty_for_one_row():
    """The old remark ('for n2 = 1 the class is empty') is false for ``n1 = 3``: the row ``(1, 1, 1 | -1)`` has three
    positive columns and crosses the orthant.  The theorem's conclusion holds for it: every representation the
    exhaustive search finds (each oracle-verified) has ``theta``'s first layer up to permutation and positive
    scaling, and the exact Jacobian bound is the orbit's dimension ``n1 + n2``."""
    w1 = [[ONE, 2 * ONE, ZERO], [-ONE, ONE, ONE], [ZERO, ONE, -2 * ONE]]
    net = Network.from_layers([(w1, [Fraction(1, 2), -ONE, 2 * ONE]), ([[1, 1, 1]], [-1]), ([[2]], [1])])
    values = [second_layers_F(net, z)[0] for z in ([0, 0, 0], [1, 1, 1])]
    assert values == [ONE, 2 * 2 + ONE]  # the row is negative at z = 0 and positive at z = (1, 1, 1): it crosses
    reason = rigidity(net).reason
    assert rigidity(net) and "Theorem 7.1" in reason, reason
    found = representations(net, limits=UNLIMITED)
    assert found
    for r in found:
        rows = first_layer_map(net, r.network)
        assert all(len([v for v in p if v]) == 1 and max(p) > 0 and q == 0 for p, q in rows)
    assert jacobian_upper_bound(net) == 3 + 1


def test_theorem_7_1_class_is_empty_for_one_row_when_n1_is_2():
    """For ``n1 = 2`` three positive columns of ``[W2 | b2]`` with one row means the row ``(+, +, +)``: linear, so
    outside the class."""
    net = with_pattern(random.Random(2), ["+++"])
    assert not rigidity(net) and "linear" in rigidity(net).reason


# ------------------------------------------------------------------------- Theorem 10.10, the member of width n2

def _parts(net: Network):
    (w1, b1), (w2, b2), (w3, b3) = ((layer.weight, layer.bias) for layer in net.layers)
    rows = [list(w2[j]) + [b2[j]] for j in range(len(b2))]
    outs = [[row[j] for row in w3] for j in range(len(b2))]
    return w1, list(b1), rows, outs, list(b3)


def _build(w1, b1, rows, outs, b3) -> Network:
    k = len(b3)
    return Network.from_layers([(w1, b1), ([r[:-1] for r in rows], [r[-1] for r in rows]),
                                ([[out[o] for out in outs] for o in range(k)], b3)])


def _width_n2_member(net: Network, m: int, t, *, move_linear_rows: bool) -> Network:
    """Theorem 10.10's member with ``y'_m = y_m + t``, written from the statement: crossing rows moved, the first
    dead row revived as ``(-e_m | t)`` with output ``V(m, 0)``; linear rows kept with ``b3 -= t sum a_j w_jm``
    (corrected), or moved like the others (``move_linear_rows``, the old text)."""
    t = Fraction(t)
    w1, b1, rows, outs, b3 = _parts(net)
    n1, k = len(w1), len(b3)
    dead = [j for j, r in enumerate(rows) if all(v < 0 for v in r)]
    linear = [j for j, r in enumerate(rows) if all(v > 0 for v in r)]
    kink = [sum((outs[j][o] * rows[j][m] for j in range(len(rows)) if rows[j][-1] > 0), ZERO) for o in range(k)]
    new_rows, new_outs = [], []
    for j, r in enumerate(rows):
        if j in dead:
            continue
        keep = j in linear and not move_linear_rows
        new_rows.append(r[:-1] + [r[-1] if keep else r[-1] - t * r[m]])
        new_outs.append(outs[j])
        if keep:
            b3 = [v - t * outs[j][o] * r[m] for o, v in enumerate(b3)]
    new_rows.append([-ONE if c == m else ZERO for c in range(n1)] + [t])
    new_outs.append(kink)
    for j in dead[1:]:
        new_rows.append(rows[j])
        new_outs.append(outs[j])
    b1[m] += t
    return _build(w1, b1, new_rows, new_outs, b3)


GOLDEN_10_10 = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 3], [-2, 1], [-1, -2]], [2, 3, -1]),
                                    ([[1, 2, 3]], [0])])  # linear row (1, 3 | 2): c_j / w_j1 = 2


def test_theorem_10_10_member_beyond_the_linear_ratio():
    """The linear row ``(1, 3 | 2)`` has ``c_j / w_j1 = 2``.  Moving its bias (the old member) computes ``f`` for
    ``t <= 2`` only: at ``t = 3`` the oracle finds an input where the outputs differ.  The corrected member (the
    linear row kept, ``b3`` compensating) and ``translated_network`` compute ``f`` for every ``t``."""
    net = GOLDEN_10_10
    assert "Theorem 10.10 (a)" in dead_rows_theorem(net).reason and face_columns(net) == (0,)
    listed = fiber(net, certify=False)
    assert listed.status == FiberStatus.PROVEN
    for t in (Fraction(1, 2), 2, 3, 7):
        member = _width_n2_member(net, 0, t, move_linear_rows=False)
        assert member.architecture == net.architecture
        assert oracle(net, member, orbit_check=False) and listed.contains(member), t
        assert oracle(net, translated_network(net, 0, t), orbit_check=False), t
        old = _width_n2_member(net, 0, t, move_linear_rows=True)
        result = oracle(net, old, orbit_check=False)
        if t <= 2:
            assert result and listed.contains(old), t
        else:
            assert not result and result.witness is not None, t
            assert net(result.witness) != old(result.witness) and not listed.contains(old)


@pytest.mark.parametrize("live, dead, k", [(("+++", "-++"), 1, 1), (("++++", "-+++"), 1, 1),
                                           pytest.param(("+++", "+++", "-++"), 1, 2, marks=pytest.mark.slow),
                                           pytest.param(("+++", "-++"), 2, 2, marks=pytest.mark.slow)], ids=str)
def test_theorem_10_10_member_beyond_every_linear_ratio(live, dead, k):
    """Random members of case (a) with linear rows: a translation beyond every linear row's ratio ``c_j / w_jm``
    breaks the old member (oracle witness) and not the corrected one (oracle, and a member of ``fiber``)."""
    n1 = len(live[0]) - 1
    for seed in range(20):
        net = with_pattern(random.Random(seed), list(live) + ["-" * (n1 + 1)] * dead, k=k)
        if masked_sums(net) and dead_rows_theorem(net):
            break
    else:
        raise AssertionError("no draw in the class of Theorem 10.10")
    (m,) = face_columns(net)
    _, _, rows, _, _ = _parts(net)
    t = 1 + 2 * max(r[-1] / r[m] for r in rows if all(v > 0 for v in r))
    member = _width_n2_member(net, m, t, move_linear_rows=False)
    assert oracle(net, member, orbit_check=False) and fiber(net, certify=False).contains(member)
    result = oracle(net, _width_n2_member(net, m, t, move_linear_rows=True), orbit_check=False)
    assert not result and result.witness is not None


# ------------------------------------------------------------------- Theorem 10.11 (b): which translations occur

def _all_linear(rng: random.Random, n1: int, linear: int, dead: int, k: int) -> Network:
    for _ in range(60):
        net = with_pattern(rng, ["+" * (n1 + 1)] * linear + ["-" * (n1 + 1)] * dead, k=k)
        if masked_sums(net):
            return net
    raise RuntimeError("no draw with G8")


def _G(net: Network) -> list[list[Fraction]]:
    """``G = sum_{j linear} a_j w_j^T``, written out."""
    _, _, rows, outs, b3 = _parts(net)
    n1 = len(rows[0]) - 1
    return [[sum((outs[j][o] * rows[j][c] for j, r in enumerate(rows) if r[-1] > 0), ZERO) for c in range(n1)]
            for o in range(len(b3))]


def _without(G, S):
    return [[ZERO if c in S else v for c, v in enumerate(row)] for row in G]


def _member_from_factorization(net: Network, t) -> Network:
    """A member with first layer ``y + t`` of width ``|S| + ncr(G_{-S})`` padded with dead rows, written from the
    proof of Theorem 10.11 (b): rows ``(e_m | -t_m)`` with outputs ``G e_m`` (``m`` in ``S``), rows ``(W_i | 0)``
    with outputs ``U e_i`` for a nonnegative factorization ``G_{-S} = U W``, output bias ``g0``."""
    w1, b1, rows, outs, b3 = _parts(net)
    n1, n2, k = len(w1), len(rows), len(b3)
    S = [m for m in range(n1) if t[m] > 0]
    G = _G(net)
    factor = nonnegative_column_rank(_without(G, S))
    new_rows = [[ONE if c == m else ZERO for c in range(n1)] + [-t[m]] for m in S]
    new_outs = [[G[o][m] for o in range(k)] for m in S]
    new_rows += [list(factor.W[i]) + [ZERO] for i in range(factor.value)]
    new_outs += [[factor.U[o][i] for o in range(k)] for i in range(factor.value)]
    assert len(new_rows) <= n2
    new_rows += [[-ONE] * (n1 + 1)] * (n2 - len(new_rows))
    new_outs += [[ZERO] * k] * (n2 - len(new_outs))
    g0 = [b3[o] + sum((outs[j][o] * r[-1] for j, r in enumerate(rows) if r[-1] > 0), ZERO) for o in range(k)]
    return _build(w1, [v + tm for v, tm in zip(b1, t)], new_rows, new_outs, g0)


ALL_LINEAR = [  # (n1, linear rows, dead rows, k, which sides of the condition the supports meet)
    (2, 1, 0, 1, {False}), (2, 1, 1, 2, {True}), (2, 2, 0, 2, {True}), (3, 1, 1, 1, {True, False}),
    (3, 1, 1, 2, {True, False}), (3, 2, 0, 1, {True, False}), (3, 2, 0, 2, {False}),
    pytest.param(4, 1, 2, 1, {True, False}, marks=pytest.mark.slow),
    pytest.param(3, 2, 1, 2, {True}, marks=pytest.mark.slow)]


@pytest.mark.parametrize("n1, linear, dead, k, sides", ALL_LINEAR, ids=str)
def test_theorem_10_11_translations_occur_exactly_under_the_ncr_condition(n1, linear, dead, k, sides):
    """For every support ``S``: the library lists a nonempty family (its orthant fiber of width ``n2``) iff
    ``n2 >= |S| + ncr(G_{-S})``, with ``G`` written out here and ``ncr`` the exact nonnegative column rank (witness
    and certificate); where it holds, the member built from the factorization computes ``f`` (oracle) and is
    listed; where it fails, ``fiber`` has no component with that first layer."""
    rng = random.Random(n1 * 100 + linear * 10 + dead + k)
    occurred = set()
    for _ in range(2):
        net = _all_linear(rng, n1, linear, dead, k)
        n2 = linear + dead
        decided = completeness(net)
        listed = fiber(net, certify=False)
        assert listed.proven
        G = _G(net)
        for family, patterns in zip(decided.families[1:], decided.patterns[1:]):
            S = family.columns
            occurs = n2 >= len(S) + nonnegative_column_rank(_without(G, S)).value
            assert bool(patterns) == occurs, (S, n2)
            occurred.add(occurs)
            t = [Fraction(rng.randint(1, 9), rng.randint(1, 4)) if m in S else ZERO for m in range(n1)]
            if occurs:
                member = _member_from_factorization(net, t)
                assert oracle(net, member, orbit_check=False) and listed.contains(member), S
            else:
                assert not any(c.family.columns == S for c in listed), S
    assert occurred == sides


def test_theorem_10_11_one_row_has_the_orbit_alone():
    """``n2 = 1``: no translation occurs (``|S| + ncr(G_{-S}) >= 2``), and the library's fiber is the orbit family
    alone (Theorem 10.4).  The old statement 'every t >= 0 occurs' would have put ``y + t`` in the fiber."""
    net = Network.from_layers([([[1, 2], [-1, 1]], [Fraction(1, 2), -1]), ([[2, 3]], [1]), ([[3]], [1])])
    listed = fiber(net, certify=False)
    assert listed.proven and "Theorem 10.4" in listed.basis
    assert {c.family.kind for c in listed} == {FamilyKind.ORBIT}
    G = _G(net)
    for S in ((0,), (1,), (0, 1)):
        assert len(S) + nonnegative_column_rank(_without(G, S)).value > 1
    # the first layer y + t with the linear row refitted on the moved coordinate (the closest one-row candidate)
    for m in range(2):
        w1, b1, rows, outs, b3 = _parts(net)
        b1[m] += 1
        rows[0][-1] -= rows[0][m]
        result = oracle(net, _build(w1, b1, rows, outs, b3), orbit_check=False)
        assert not result and result.witness is not None


def test_theorem_10_11_mixed_signs_of_G():
    """``k = 1``, two linear rows with outputs of opposite signs, ``G = (1, -2, -1)`` up to the draw: ``ncr`` of
    ``G_{-S}`` is 2 when its entries have both signs, so ``S = {2}`` and ``S = {3}`` are empty with ``n2 = 2`` while
    ``S = {1}`` occurs (``n2 = 2 = 1 + 1``)."""
    rows = [[2, 1, 1, 1], [1, 3, 2, 1]]
    net = Network.from_layers([(_identity(3), [0, 0, 0]), ([r[:3] for r in rows], [r[3] for r in rows]),
                               ([[1, -1]], [0])])
    assert _G(net) == [[1, -2, -1]]
    decided = completeness(net)
    assert "Theorem 10.11" in decided.basis
    occurring = {f.columns for f, patterns in zip(decided.families[1:], decided.patterns[1:]) if patterns}
    assert occurring == {(0,)}
    member = _member_from_factorization(net, [Fraction(3, 2), ZERO, ZERO])
    assert oracle(net, member, orbit_check=False)


# ------------------------------------------------------------- Proposition 11.2: the translated families are smaller

def _normalized(net: Network, other: Network):
    """``other``'s parts with its first layer brought to ``W1, b1 + t`` (permutation and positive scaling undone)."""
    w1, b1, rows, outs, b3 = _parts(other)
    n1 = len(w1)
    t = [ZERO] * n1
    new_rows = [[ZERO] * n1 + [r[-1]] for r in rows]
    for l, (p, q) in enumerate(first_layer_map(net, other)):
        (m,) = [c for c, v in enumerate(p) if v]
        mu = p[m]
        assert mu > 0
        t[m] = q / mu
        for j, r in enumerate(rows):
            new_rows[j][m] = r[l] * mu
    return t, new_rows, outs, b3


def _embedded(net: Network, other: Network, beta) -> Network:
    """The map of the proof of Proposition 11.2: the second layer of ``other`` shifted by ``t`` (so that it realizes
    ``g`` on the orthant), the neurons on the new lines ``{z_m = t_m}`` given the bias ``beta`` (the output bias
    compensating the linear ones), with ``theta``'s first layer."""
    t, rows, outs, b3 = _normalized(net, other)
    n1 = len(t)
    S = [m for m in range(n1) if t[m] > 0]
    moved = [r[:-1] + [r[-1] + sum((r[m] * t[m] for m in range(n1)), ZERO)] for r in rows]
    on_lines = 0
    for j, r in enumerate(moved):
        support = [c for c in range(n1) if r[c]]
        if len(support) == 1 and support[0] in S and r[-1] == 0:
            lam = r[support[0]]
            r[-1] = lam * beta
            on_lines += 1
            if lam > 0:
                b3 = [v - outs[j][o] * lam * beta for o, v in enumerate(b3)]
    assert on_lines >= len(S)  # every new line carries a neuron (its kink is not zero)
    w1, b1, _, _, _ = _parts(net)
    return _build(w1, b1, moved, outs, b3)


def _proposition_cases():
    rng = random.Random(5)
    linear_and_crossing = next(net for net in (with_pattern(rng, ["+++", "+++", "-++"]) for _ in range(20))
                               if linear_rows_theorem(net))
    return [("10.10", GOLDEN_10_10), ("10.9", linear_and_crossing), ("10.11", _all_linear(rng, 2, 1, 1, 1)),
            ("10.11 n2 < n1", _all_linear(rng, 3, 1, 1, 2))]


PROPOSITION_CASES = _proposition_cases()


@pytest.mark.parametrize("name, net", PROPOSITION_CASES, ids=[name for name, _ in PROPOSITION_CASES])
def test_proposition_11_2_the_embedding_lands_in_the_orbit_family(name, net):
    """The map of the proof sends sampled members of every translated component, for several ``beta``, to
    parameters with ``theta``'s first layer that compute ``f`` (oracle) and lie in the listed orbit family."""
    listed = fiber(net, certify=False)
    orbit = listed.families[0]
    translated = [c for c in listed if c.family.kind == FamilyKind.TRANSLATED]
    assert translated, name
    for c in translated:
        for seed in (1, 2):
            member = c.sample(seed)
            for beta in (Fraction(1, 3), Fraction(5)):
                image = _embedded(net, member, beta)
                assert oracle(net, image, orbit_check=False), (name, c.family.columns, seed, beta)
                assert any(o.family is orbit and o.contains(image) for o in listed)


@pytest.mark.parametrize("name, net", PROPOSITION_CASES, ids=[name for name, _ in PROPOSITION_CASES])
def test_proposition_11_2_translated_families_are_smaller(name, net):
    """Each nonempty translated family's dimension (its largest certified component) is the exact Jacobian bound
    at a sample of that component; the orbit family's is the bound at ``theta``; the first is at most the second
    (proven) and, in these cases, smaller by at least 2 (checked)."""
    listed = fiber(net)
    orbit = max(c.dimension for c in listed if c.family is listed.families[0])
    assert orbit == jacobian_upper_bound(net) == listed.dimension
    families = {c.family for c in listed if c.family.kind == FamilyKind.TRANSLATED}
    assert families, name
    for family in families:
        top = max((c for c in listed if c.family is family), key=lambda c: c.dimension)
        assert top.dimension == min(jacobian_upper_bound(top.sample(seed)) for seed in (1, 2)), family.columns
        assert top.dimension <= orbit - 2, (family.columns, top.dimension, orbit)
