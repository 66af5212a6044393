"""Completeness with dead rows (Theorem 10.10 of ``docs/theory/three_layer.md``): which first layers a spare
(dead) row lets ``theta'`` use, and the fiber the library lists.

Class: ``n1, n2 >= 2``, G1-G8, no hidden column, no zero-output row, at least one dead row and at least one
crossing row.  ``F`` only sees the live rows; their positive columns (the columns of ``[W2 | b2]`` with a
positive entry) put ``theta`` in one sign class of Section 7.  Theorem 10.10 (proven) says:

* **P+ or P2** (three positive columns, or two of ``W2``; linear rows allowed): every ``theta'`` has ``theta``'s
  first layer up to permutation and positive scaling, or ``y'_m = y_m + t`` (``t > 0``) for the face column
  ``m`` (at most one; none in ``P2 \\ P+``).  With a dead row the translated family is never empty: its member
  below has the width of ``theta``.
* **One positive column ``alpha`` of ``W2`` and the bias column** (Theorem 7.3's class): the same list (a face
  column only for ``n1 = 2``) when ``n1 >= 4``, or ``n1 = 3`` with two crossing rows or more (the bend sets on a
  negative face outnumber the neurons that could hold them), or ``n1 = 2`` with three bend points or G9.
* **Only the bias column positive** (Theorem 7.4's class), when ``n1 >= 4`` or two crossing rows:
  ``theta``'s first layer only (bend points of Lemma A1 of Section 10.8, checked here by exact one-sided
  difference quotients of ``F``).
* Outside these hypotheses the list is wrong: one live row with spare rows has revivals (Section 5.6; for
  ``n1 = 3`` a revival with two spare rows found by the search), whose neurons ``c - u y_m`` have negative scale,
  and for ``n1 = 2`` with three spare rows continuous families; ``fiber`` raises ``NotDecidedError`` there.

Checks against computations that do not use the theorem: the exhaustive search (every first layer made of
candidate hyperplanes, each representation verified by the general oracle) finds only the listed first layers,
and every representation it finds is a member of ``fiber(net)``; the translated visible neuron, which the search
cannot see (its kinks cancel), is built by hand, checked by the oracle and found in ``fiber(net)``; sampled
points of every component are oracle-equivalent; component dimensions equal exact Jacobian bounds.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from checks import first_layer_map, second_layers_F
from strategies import with_pattern

from semialg_fibers import Network, equivalent
from semialg_fibers.core.exceptions import NotDecidedError
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import dead_rows_theorem, masked_sums, representations
from semialg_fibers.three_layer.families import FamilyKind, face_columns
from semialg_fibers.three_layer.fiber import FiberStatus, fiber
from semialg_fibers.three_layer.jacobian import jacobian_upper_bound

ZERO, ONE = Fraction(0), Fraction(1)


# ----------------------------------------------------------------------------------------------- helpers

def _dead(n1: int) -> str:
    return "-" * (n1 + 1)


def _positive_columns(live) -> set[int]:
    """Columns of ``[W2 | b2]`` (``n1`` = the bias) with a positive entry in some live row pattern."""
    return {c for row in live for c, s in enumerate(row) if s == "+"}


def _sign_class(live) -> str:
    n1 = len(live[0]) - 1
    q = _positive_columns(live)
    weights = q - {n1}
    if len(q) >= 3 or len(weights) >= 2:
        return "P2"  # P+ or P2: Theorems 7.1, 7.2 up to Step 5
    if q == {n1}:
        return "bias"  # Theorem 7.4's class
    if len(weights) == 1 and n1 in q:
        return "alpha"  # Theorem 7.3's class
    return "hidden"


def _hidden(live) -> bool:
    n1 = len(live[0]) - 1
    return any(all(row[c] == "+" and row.count("+") == 1 for row in live) for c in range(n1))


def _live(net: Network) -> list[int]:
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    return [j for j in range(len(b2)) if not (all(v < 0 for v in w2[j]) and b2[j] < 0)]


def _g9(net: Network) -> bool:
    """G9 (class of Theorem 7.3, column ``alpha``): for every ``m != alpha`` the vectors ``(w_jm, w_j alpha)`` of
    the rows positive in ``alpha`` are not all proportional (needs two such rows)."""
    w2 = net.layers[1].weight
    n1 = len(w2[0])
    alphas = {c for j in _live(net) for c in range(n1) if w2[j][c] > 0}
    if len(alphas) != 1:
        return False
    (alpha,) = alphas
    rows = [j for j in _live(net) if w2[j][alpha] > 0]
    return all(any(w2[j][m] * w2[i][alpha] != w2[i][m] * w2[j][alpha] for i in rows for j in rows)
               for m in range(n1) if m != alpha)


def _bend_count_decides(live) -> bool:
    """``n1 = 2``, Theorem 7.3's class: the bend points decide ``lambda_m > 0`` without G9 unless the live rows
    are ``{A}``, ``{A, A}`` or ``{A, B}`` (``A``: ``+`` at ``alpha`` and bias, ``B``: ``+`` at ``alpha``, ``-`` bias,
    ``R``: ``-`` at ``alpha``): that is, unless ``#X + #Y <= 2`` and ``#Y <= 1`` with ``#X = |A| + |R|`` bend
    points on ``H_alpha`` and ``#Y = |B| + |R|`` on ``H_m``."""
    n1 = len(live[0]) - 1
    if n1 != 2 or _sign_class(live) != "alpha":
        return False
    alpha = next(c for c in range(n1) if any(row[c] == "+" for row in live))
    a = sum(row[alpha] == "+" and row[-1] == "+" for row in live)
    b = sum(row[alpha] == "+" and row[-1] == "-" for row in live)
    r = sum(row[alpha] == "-" for row in live)
    x, y = a + r, b + r
    return not (x + y <= 2 and y <= 1)


def _alpha_without_g9(live) -> bool:
    """Theorem 7.3's class where the bend sets on a negative face decide ``lambda_m > 0`` without G9: ``n1 >= 4``,
    ``n1 = 3`` with two live rows or more, ``n1 = 2`` by :func:`_bend_count_decides`."""
    n1 = len(live[0]) - 1
    return n1 >= 4 or (n1 == 3 and len(live) >= 2) or _bend_count_decides(live)


def _draw(rng: random.Random, live, dead: int, k: int = 1, g9: bool = True) -> Network:
    """A random member: G1-G7 by the draw, G8 checked, and (``g9``) G9 in Theorem 7.3's class where the proof
    needs it."""
    n1 = len(live[0]) - 1
    need_g9 = g9 and _sign_class(live) == "alpha" and not _alpha_without_g9(live)
    for _ in range(60):
        net = with_pattern(rng, list(live) + [_dead(n1)] * dead, k=k)
        if masked_sums(net) and (not need_g9 or _g9(net)):
            return net
    raise RuntimeError(f"no draw with G8 (and G9) for {live}")


_first_layer_map = first_layer_map


def _listed(net: Network, other: Network, face: int | None) -> bool:
    """From the definition: every neuron is ``lambda e_m`` with ``lambda > 0`` and ``q = 0``, except that the face
    column's neuron may have ``q > 0``; every column is used once."""
    used = []
    for p, q in _first_layer_map(net, other):
        support = [m for m, v in enumerate(p) if v != 0]
        if len(support) != 1 or p[support[0]] < 0:
            return False
        m = support[0]
        if q < 0 or (q > 0 and m != face):
            return False
        used.append(m)
    return sorted(used) == list(range(len(used)))


def _in_orbit_first_layer(net: Network, other: Network) -> bool:
    return _listed(net, other, None)


def _translated_member(net: Network, m: int, t) -> Network:
    """``theta'`` of the same width with ``y'_m = y_m + t``: the live rows moved, the first dead row revived as
    ``s(t - z'_m)`` with output ``V(m, 0)``, the other dead rows kept (Lemma C of Theorem 10.9, written out)."""
    t = Fraction(t)
    (w1, b1), (w2, b2), (w3, b3) = ((layer.weight, layer.bias) for layer in net.layers)
    n1, k = len(w2[0]), len(w3)
    live = _live(net)
    dead = [j for j in range(len(b2)) if j not in live]
    rows, outs = [], []
    for j in live:
        rows.append(list(w2[j]) + [b2[j] - t * w2[j][m]])
        outs.append([w3[o][j] for o in range(k)])
    rows.append([-ONE if r == m else ZERO for r in range(n1)] + [t])
    outs.append([sum((w3[o][j] * w2[j][m] for j in live if b2[j] > 0), ZERO) for o in range(k)])
    for j in dead[1:]:
        rows.append(list(w2[j]) + [b2[j]])
        outs.append([w3[o][j] for o in range(k)])
    moved = [v + t if l == m else v for l, v in enumerate(b1)]
    return Network.from_layers([(w1, moved), ([r[:-1] for r in rows], [r[-1] for r in rows]),
                                ([[out[o] for out in outs] for o in range(k)], b3)])


def _expected_face(live) -> int | None:
    """The face column from the sign patterns: every live row one-signed off column ``m`` (at most one)."""
    n1 = len(live[0]) - 1
    faces = [m for m in range(n1)
             if all(len({s for c, s in enumerate(row) if c != m}) == 1 for row in live)]
    assert len(faces) <= 1  # Lemma B of Theorem 10.9
    return faces[0] if faces else None


def _check_search(live, dead, k, seed, draws=1):
    rng = random.Random(seed)
    for _ in range(draws):
        net = _draw(rng, live, dead, k)
        face = _expected_face(live)
        assert face_columns(net) == (() if face is None else (face,))
        found = representations(net, limits=UNLIMITED)  # every candidate first layer, each verified by the oracle
        assert found and all(_listed(net, r.network, face) for r in found)
        listed = fiber(net, certify=False)
        assert listed.status == FiberStatus.PROVEN and "Theorem 10.10" in listed.basis
        assert all(listed.contains(r.network) for r in found)
        kinds = {c.family.kind for c in listed}
        assert kinds == ({FamilyKind.ORBIT} if face is None else {FamilyKind.ORBIT, FamilyKind.TRANSLATED})


# ------------------------------------------------------------------------- the proven cases (Theorem 10.10)

GOLDEN_CASES = [  # (live row patterns, dead rows); n1 = 2, patterns (w_1, w_2 | c)
    (("-++", "+--"), 1),         # P+, face column 1 (0-based 0)
    (("++-", "--+"), 2),         # P+, no face column
    (("++-", "+--"), 1),         # P2 \ P+
    (("+--", "-+-"), 2),         # P2 \ P+
    (("-++", "-+-"), 1),         # Theorem 7.3's class, two rows positive in alpha (G9)
    (("+-+", "+-+"), 2),         # Theorem 7.3's class, face column
    (("+-+", "+--", "--+"), 1),  # Theorem 7.3's class, three live rows
    (("-++", "--+"), 1),         # Theorem 7.3's class, one row positive in alpha: G9 fails, bend points decide
    (("-+-", "--+", "--+"), 1),  # the same with one row B and two rows R
    (("--+", "--+"), 1),         # Theorem 7.4's class, n1 = 2, two live rows
    (("--+", "--+"), 2),
    (("--+", "--+", "--+"), 1),
    (("--+", "--+"), 3),         # three spare rows: one live row would have continuous families here
]


@pytest.mark.parametrize("live, dead", GOLDEN_CASES, ids=lambda v: str(v))
def test_the_search_finds_only_the_listed_first_layers(live, dead):
    _check_search(live, dead, k=1, seed=hash(live) % 1000 + dead)


@pytest.mark.parametrize("live, dead", [(("-++", "+--"), 1), (("--+", "--+"), 1)], ids=str)
def test_the_search_finds_only_the_listed_first_layers_k2(live, dead):
    _check_search(live, dead, k=2, seed=7)


def _claimed_range(live) -> bool:
    """The hypotheses of Theorem 10.10, from the sign patterns alone (G9 is enforced by the draw)."""
    n1, n_live = len(live[0]) - 1, len(live)
    kind = _sign_class(live)
    if kind == "P2":
        return True
    if kind == "alpha":
        alpha = next(c for c in range(n1) if any(row[c] == "+" for row in live))
        return sum(row[alpha] == "+" for row in live) >= 2 or _alpha_without_g9(live)
    if kind == "bias":
        return n_live * (2 ** (n1 - 1) - 1) > n1 or (n1 == 2 and n_live == 2)
    return False


def _live_multisets(n1: int, n_live: int):
    patterns = ["".join(p) for p in itertools.product("+-", repeat=n1 + 1)]
    crossing = [p for p in patterns if "+" in p and "-" in p]
    return [live for live in itertools.combinations_with_replacement(crossing, n_live)
            if not _hidden(live) and _claimed_range(live)]


@pytest.mark.slow
@pytest.mark.parametrize("n1, n_live, dead, sample", [(2, 2, 1, None), (2, 2, 2, None), (2, 3, 1, None),
                                                      (2, 3, 2, 20), (3, 2, 1, 12), (3, 1, 1, None)], ids=str)
def test_the_search_finds_only_the_listed_first_layers_slow(n1, n_live, dead, sample):
    cases = _live_multisets(n1, n_live)
    if sample is not None:
        cases = random.Random(n1 * 100 + n_live * 10 + dead).sample(cases, min(sample, len(cases)))
    assert cases
    for index, live in enumerate(cases):
        _check_search(live, dead, k=1 + index % 2, seed=index)


# -------------------------------------------------------------- the translated visible neuron (by hand)

TRANSLATED = [(("-++", "+--"), 1, 1), (("-++", "+--"), 2, 2), (("+-+", "+-+"), 1, 1), (("+-+", "+-+"), 2, 3),
              (("-++", "+--", "-++"), 1, 1), (("-+++", "+---"), 1, 1), (("++-+",), 1, 1), (("+-++",), 2, 2)]


@pytest.mark.parametrize("live, dead, k", TRANSLATED, ids=str)
def test_the_translated_visible_neuron_with_a_dead_row(live, dead, k):
    """The search cannot see it (its kinks cancel); the oracle accepts it for ``t > 0`` and rejects ``t < 0``."""
    net = _draw(random.Random(11 + k), live, dead, k)
    m = _expected_face(live)
    assert face_columns(net) == (m,)
    listed = fiber(net, certify=False)
    for t in (Fraction(1, 3), Fraction(2)):
        member = _translated_member(net, m, t)
        assert member.architecture == net.architecture
        assert oracle(net, member)
        assert _listed(net, member, m) and not _in_orbit_first_layer(net, member)  # outside the orbit family
        assert listed.contains(member)
        # the polynomial test aligns the moved neuron by an exact move, in both directions (no oracle fallback)
        assert all(r and r.method == "three-layer" for r in (equivalent(net, member), equivalent(member, net)))
    outside = _translated_member(net, m, Fraction(-1, 2))
    result = oracle(net, outside)
    assert not result and result.witness is not None
    assert not listed.contains(outside)
    # soundness: sampled points of every component (both families) compute f
    assert all(oracle(net, c.sample(seed)) for c in listed for seed in (1, 2))


@pytest.mark.parametrize("live, dead, k", TRANSLATED[:2] + TRANSLATED[3:4] + TRANSLATED[6:], ids=str)
def test_translated_family_dimension_is_the_jacobian_bound(live, dead, k):
    """The translated component holding the hand-built member has the dimension of the exact Jacobian bound there,
    and the fiber's dimension is the bound at ``theta`` (the orbit family's, larger)."""
    net = _draw(random.Random(11 + k), live, dead, k)
    member = _translated_member(net, _expected_face(live), Fraction(1, 2))
    listed = fiber(net)  # certified tangent ranks
    holding = [c.dimension for c in listed if c.family.kind == FamilyKind.TRANSLATED and c.contains(member)]
    assert holding == [jacobian_upper_bound(member)]
    assert listed.dimension == jacobian_upper_bound(net) > holding[0]


def test_linear_and_dead_rows():
    """P+ with a linear row, a crossing row and a dead row (Theorem 10.10 (a), outside Theorem 10.9): the search's
    representations are in the listed fiber, and so are the translated visible neurons (sampled, oracle-checked)."""
    live = ("+++", "-++")
    net = _draw(random.Random(4), live, 1)
    listed = fiber(net, certify=False)
    assert listed.proven and "Theorem 10.10 (a)" in dead_rows_theorem(net).reason
    assert {c.family.kind for c in listed} == {FamilyKind.ORBIT, FamilyKind.TRANSLATED}
    found = representations(net, limits=UNLIMITED)
    assert found and all(_listed(net, r.network, 0) and listed.contains(r.network) for r in found)
    moved = [c.sample(seed) for c in listed if c.family.kind == FamilyKind.TRANSLATED for seed in (1, 2)]
    assert moved and all(oracle(net, other) and not _in_orbit_first_layer(net, other) for other in moved)


@pytest.mark.parametrize("n1, n_live", [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1)], ids=str)
def test_the_theorem_applies_exactly_in_the_range(n1, n_live):
    """``dead_rows_theorem`` against the range written from the sign patterns (every live multiset without a hidden
    column, one draw each, G9 drawn where the range needs it); outside it ``fiber`` names the reason."""
    patterns = ["".join(p) for p in itertools.product("+-", repeat=n1 + 1)]
    crossing = [p for p in patterns if "+" in p and "-" in p]
    cases = [live for live in itertools.combinations_with_replacement(crossing, n_live) if not _hidden(live)]
    if len(cases) > 40:
        cases = random.Random(n1).sample(cases, 40)
    for index, live in enumerate(cases):
        alpha_rows = max(sum(row[c] == "+" for row in live) for c in range(n1))
        net = _draw(random.Random(index), live, 1, g9=alpha_rows >= 2)
        assert bool(dead_rows_theorem(net)) == _claimed_range(live), live
        if not _claimed_range(live):
            with pytest.raises(NotDecidedError, match="Theorem 10.10"):
                fiber(net, certify=False)


def test_no_face_column_no_translation():
    """Without a face column (here a live row crossing the face of every column) the move fails."""
    net = _draw(random.Random(5), ("-++", "+-+"), 1)
    assert face_columns(net) == ()
    assert not any(oracle(net, _translated_member(net, m, Fraction(1))) for m in range(2))


# ------------------------------------------------------------------ outside the hypotheses: revivals

def _has_negative_scale(net: Network, other: Network) -> bool:
    return any(len([v for v in p if v != 0]) == 1 and min(p) < 0 for p, _ in _first_layer_map(net, other))


@pytest.mark.parametrize("live, dead", [(("-++",), 1), (("+-+",), 1), (("--+",), 2)], ids=str)
def test_one_live_row_has_revivals(live, dead):
    """One live row (``|T_alpha| = 1``, G9 fails; or Theorem 7.4's class with ``n2_live = 1``): the search finds
    first layers outside the list (Section 5.6), among them neurons ``c - u y_m`` of negative scale."""
    net = _draw(random.Random(3), live, dead, g9=False)
    found = representations(net, limits=UNLIMITED)
    outside = [r.network for r in found if not _listed(net, r.network, None)]
    assert outside and all(oracle(net, other) for other in outside)
    assert any(_has_negative_scale(net, other) for other in outside)


@pytest.mark.parametrize("live, dead", [(("-++",), 1), (("-++",), 2), (("+--",), 1), (("+--",), 2), (("--+",), 2)],
                         ids=str)
def test_partial_fibers_hold_what_the_search_finds(live, dead):
    """Outside Theorem 10.10 (one live row) ``fiber`` raises, and with ``allow_partial`` lists the known families
    (orbit or hiding translation and sign change, translated neuron, revivals): every representation the search
    finds is a member, and sampled points of every component compute ``f``."""
    net = _draw(random.Random(3), live, dead, g9=False)
    with pytest.raises(NotDecidedError, match="spare second-layer rows"):
        fiber(net, certify=False)
    listed = fiber(net, certify=False, allow_partial=True)
    assert listed.status == FiberStatus.PARTIAL and FamilyKind.REVIVAL in {f.kind for f in listed.families}
    found = representations(net, limits=UNLIMITED)
    assert found and all(listed.contains(r.network) for r in found)
    assert all(oracle(net, c.sample(seed)) for c in listed for seed in (1, 2))


def test_a_partial_fiber_is_partial():
    """With one live row ``(-, -, +)`` and three dead rows a continuous family of first layers (a kinkless neuron on
    a free line) realizes ``f`` and is not listed: the status says so."""
    net = _draw(random.Random(2), ("--+",), 3)
    member, _ = _ramp_2d_member(net, "C and a free line beyond the kinks")
    listed = fiber(net, certify=False, allow_partial=True)
    assert oracle(net, member) and not listed.contains(member)
    assert listed.status == FiberStatus.PARTIAL and "may have others" in listed.completeness_note


@pytest.mark.slow
@pytest.mark.parametrize("live, dead", [(("---+", "---+"), 1), (("---+", "---+"), 2), (("+--+", "+-++"), 2),
                                        (("-+++", "+---"), 2)], ids=str)
def test_n1_3_golden_slow(live, dead):
    _check_search(live, dead, k=1, seed=5)


@pytest.mark.slow
def test_one_live_row_n1_3_revival_needs_two_spare_rows():
    """``n1 = 3``, one live row ``(+, -, -, +)``: no revival with one spare row, one with two (search)."""
    for dead, expected in ((1, False), (2, True)):
        net = _draw(random.Random(1), ("+--+",), dead, g9=False)
        found = representations(net, limits=UNLIMITED)
        assert any(not _listed(net, r.network, None) for r in found) == expected


def test_proportional_alpha_rows_checked_only():
    """G9 fails (two rows positive in ``alpha`` with proportional ``(w_jm, w_j alpha)``): not covered by the
    proof (``fiber`` does not decide it), but the search finds ``theta``'s first layer only, with one and two dead
    rows."""
    for dead in (1, 2):
        rows = [(-1, 1, 1), (-2, 2, 3)] + [(-1, -2, -1), (-3, -1, -2)][:dead]
        net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([r[:2] for r in rows], [r[2] for r in rows]),
                                   ([[1, 3] + [2, 1][:dead]], [0])])
        assert masked_sums(net) and not _g9(net)
        assert "G9 fails" in dead_rows_theorem(net).reason
        assert all(_listed(net, r.network, None) for r in representations(net, limits=UNLIMITED))


# ------------------------------------------------------------- the bend points used for Theorem 7.4's class

def _slopes(net: Network, y, axis: int, h: Fraction = Fraction(1, 10 ** 9)):
    """Left and right difference quotients of ``F`` along ``e_axis`` at ``y`` (exact)."""
    def moved(step):
        return [v + (step if i == axis else 0) for i, v in enumerate(y)]
    here = second_layers_F(net, y)
    right = tuple((a - b) / h for a, b in zip(second_layers_F(net, moved(h)), here))
    left = tuple((b - a) / h for a, b in zip(second_layers_F(net, moved(-h)), here))
    return left, right


@pytest.mark.parametrize("n1, n_live", [(2, 2), (2, 3), (3, 2)], ids=str)
def test_bend_points_of_the_bias_class(n1, n_live):
    """On ``{y_m = t_jm}`` (``t_jm = c_j / |w_jm|``) ``F`` has a kink where the other coordinates are negative
    and none where one of them, ``y_r``, is slightly positive: the bend set ``{y_m = t_jm, y_r = 0}`` (Lemma A1)."""
    net = _draw(random.Random(n1 + n_live), ("-" * n1 + "+",) * n_live, 1)
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    eps = Fraction(1, 10 ** 5)
    for j in _live(net):
        for m in range(n1):
            threshold = b2[j] / -w2[j][m]
            for r in range(n1):
                if r == m:
                    continue
                below = [threshold if i == m else -eps if i == r else -ONE for i in range(n1)]
                above = [threshold if i == m else eps if i == r else -ONE for i in range(n1)]
                left, right = _slopes(net, below, m)
                assert left != right
                left, right = _slopes(net, above, m)
                assert left == right


@pytest.mark.parametrize("live", [("-++", "--+"), ("-++", "-+-", "--+"), ("+-+", "+--")], ids=str)
def test_bend_points_of_the_alpha_class_n1_2(live):
    """``n1 = 2``, Theorem 7.3's class (``m`` the negative column): every live row with ``c_j > 0`` bends at
    ``X_j = (t_jm, 0)`` (kink on ``{y_m = t_jm}`` below ``H_alpha``, none just above), and every live row with
    ``w_j alpha c_j < 0`` bends at ``Y_j = (0, -c_j / w_j alpha)`` (kink on ``{y_alpha = .}`` left of ``H_m``, none
    just right): the points Lemma A1 puts on the lines of ``theta'``."""
    net = _draw(random.Random(4), live, 1)
    alpha = next(c for c in range(2) if any(row[c] == "+" for row in live))
    m = 1 - alpha
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    eps = Fraction(1, 10 ** 5)
    bends = 0
    for j in _live(net):
        points = []
        if b2[j] > 0:
            points.append((m, alpha, b2[j] / -w2[j][m]))
        if w2[j][alpha] * b2[j] < 0:
            points.append((alpha, m, -b2[j] / w2[j][alpha]))
        for axis, other, value in points:
            for side, kink in ((-eps, True), (eps, False)):
                y = [ZERO, ZERO]
                y[axis], y[other] = value, side
                left, right = _slopes(net, y, axis)
                assert (left != right) == kink
            bends += 1
    assert bends >= 2


# ------------------------------------- one live row (-, -, +), n1 = 2: first layers with continuous moduli

def _rebuilt(net: Network, lines, terms, constant) -> Network:
    """``theta'`` with first layer ``y'_l = p_l . y + q_l`` (``lines``, in theta's ``y = W1 x + b1``) and the
    second layer ``sum coef s(alpha . y + beta) + constant`` (``terms``) rewritten in ``z'``; the remaining rows dead."""
    w1, b1 = net.layers[0].weight, net.layers[0].bias
    (p0, p1) = [(Fraction(l[0]), Fraction(l[1])) for l in lines]
    q = [Fraction(l[2]) for l in lines]
    det = p0[0] * p1[1] - p0[1] * p1[0]
    inv = [[p1[1] / det, -p0[1] / det], [-p1[0] / det, p0[0] / det]]  # y = inv (y' - q)
    first = [p0, p1]
    w1p = [[sum(first[l][m] * w1[m][c] for m in range(2)) for c in range(len(w1[0]))] for l in range(2)]
    b1p = [sum(first[l][m] * b1[m] for m in range(2)) + q[l] for l in range(2)]
    rows, outs = [], []
    for coef, (a1, a2, beta) in terms:
        r = [a1 * inv[0][0] + a2 * inv[1][0], a1 * inv[0][1] + a2 * inv[1][1]]
        rows.append([r[0], r[1], beta - r[0] * q[0] - r[1] * q[1]])
        outs.append(coef)
    rows += [[-ONE, -ONE, -ONE]] * (net.architecture[2] - len(rows))
    outs += [ZERO] * (net.architecture[2] - len(outs))
    return Network.from_layers([(w1p, b1p), ([r[:2] for r in rows], [r[2] for r in rows]), ([outs], [constant])])


def _ramp_2d_member(net: Network, first_layer: str):
    """One live row ``(-u, -v | c)``: ``F = a s(c - u s(y_1) - v s(y_2)) + b3``.  Bend points ``X = (c/u, 0)``,
    ``Y = (0, c/v)``; lines ``A = {y_1 = c/u}``, ``B = {y_2 = c/v}``, ``C = {u y_1 + v y_2 = c}``.  On the new
    orthant ``O'`` (which contains the whole kink set of ``F``) ``F`` is ``a (c - u s(y_1) - v s(y_2) +
    u s(y_1 - c/u) + v s(y_2 - c/v) + s(u y_1 + v y_2 - c)) + b3``, with the terms that vanish on ``O'`` left out."""
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    a, b3 = net.layers[2].weight[0][0], net.layers[2].bias[0]
    u, v, c = -w2[0][0], -w2[0][1], b2[0]
    x, y = c / u, c / v
    term = {"y1": (-a * u, (ONE, ZERO, ZERO)), "y2": (-a * v, (ZERO, ONE, ZERO)),
            "y1c": (a * u, (ONE, ZERO, -x)), "y2c": (a * v, (ZERO, ONE, -y)), "tri": (a, (u, v, -c))}
    line_c = (-u, -v, c)
    cases = {  # (the two lines, oriented so that K_l is the side away from the kinks; the terms used)
        "C and a free line beyond the kinks": ([line_c, (-1, -2, max(x, 2 * y) + 1)], ["y1", "y2", "y1c", "y2c"]),
        "C and a line through X": ([line_c, (-1, -Fraction(1, 3), x)], ["y1", "y2", "y1c", "y2c"]),
        "A and a flatter line through Y": ([(-1, 0, x), (-1, -5 * v / u, 5 * c / u)], ["y1", "y2", "y2c", "tri"]),
        "a steeper line through X and a flatter one through Y":
            ([(-1, -v / (5 * u), x), (-1, -5 * v / u, 5 * c / u)], ["y1", "y2", "y1c", "y2c", "tri"]),
        "C and a line cutting the kinks": ([line_c, (-1, -2, max(x, 2 * y) / 2)], ["y1", "y2", "y1c", "y2c"]),
    }
    lines, names = cases[first_layer]
    return _rebuilt(net, lines, [term[n] for n in names], a * c + b3), len(names)


@pytest.mark.parametrize("first_layer, dead, expected", [
    ("C and a free line beyond the kinks", 3, True),
    ("C and a line through X", 3, True),
    ("A and a flatter line through Y", 3, True),
    ("a steeper line through X and a flatter one through Y", 4, True),
    ("C and a line cutting the kinks", 3, False),
], ids=lambda v: str(v))
def test_one_live_row_with_three_spare_rows_has_continuous_first_layers(first_layer, dead, expected):
    """Counterexample family (oracle): with one live row ``(-, -, +)`` and three or more dead rows the first layers
    of the fiber are not finitely many up to ``H`` and translations: e.g. the row's own line ``C`` with *any* line
    beyond the kink set (a neuron with no kink at all, invisible to the search), or a line through ``X``."""
    net = _draw(random.Random(2), ("--+",), dead)
    member, rows = _ramp_2d_member(net, first_layer)
    assert rows <= net.architecture[2]
    result = oracle(net, member)
    assert bool(result) == expected
    assert not _listed(net, member, None)


def _bend_sets_on_face(live, m: int):
    """The pairs ``(j, M)``: ``M`` a nonempty subset of the columns other than ``m`` on which row ``j`` takes both
    signs (``(w_{jM}, c_j)`` mixed).  Each gives a bend set in ``H_m`` (Section 3.5 of the note)."""
    n1 = len(live[0]) - 1
    others = [c for c in range(n1) if c != m]
    return [(j, M) for j, row in enumerate(live) for size in range(1, n1)
            for M in itertools.combinations(others, size) if len({row[s] for s in M} | {row[-1]}) == 2]


@pytest.mark.parametrize("live", [("+--+",), ("+--+", "---+"), ("+--+", "+---"), ("+---+",), ("+---+", "+----")],
                         ids=str)
def test_bend_sets_on_a_negative_face(live):
    """Theorem 7.3's class: every pair ``(j, M)`` of :func:`_bend_sets_on_face` is a bend: ``F`` has the kink of row
    ``j`` across ``Pi_{j,M}`` at ``y_m = -eps`` and none at ``y_m = +eps`` (exact one-sided difference quotients).
    With ``lambda_m < 0`` these bend sets need ``n1 - 1`` neurons at least, so ``n1 = 3`` with one live row is
    the only case ``n1 >= 3`` the count leaves open (and there the search finds a revival)."""
    n1 = len(live[0]) - 1
    net = _draw(random.Random(9), live, 1, g9=False)
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    rng = random.Random(1)
    eps = Fraction(1, 10 ** 6)
    for m in range(1, n1):  # alpha = 0 in every pattern here
        pairs = _bend_sets_on_face(live, m)
        assert len(pairs) >= (2 if len(live) == 1 and n1 == 3 else n1)  # more than n1 - 1 neurons can hold
        for j, M in pairs:
            for _ in range(100):  # a generic point of B_{j,m,M}: y_M > 0 on Pi_{j,M}, the rest negative
                y = [-Fraction(rng.randint(1, 9), rng.randint(1, 9)) for _ in range(n1)]
                for s in M:
                    y[s] = Fraction(rng.randint(1, 9), rng.randint(1, 9) * 10 ** rng.randint(0, 3))
                s0 = rng.choice(M)
                y[s0] = -(b2[j] + sum(w2[j][s] * y[s] for s in M if s != s0)) / w2[j][s0]
                if y[s0] > 0:
                    break
            else:
                raise AssertionError(f"no point of the bend set {(j, M)}")
            for side, kink in ((-eps, True), (eps, False)):
                point = list(y)
                point[m] = side
                left, right = _slopes(net, point, s0)
                assert (left != right) == kink, (live, m, j, M, side)


def _is_pair_piece_layer(net: Network, other: Network) -> bool:
    """Every neuron of ``other`` is a multiple of ``(w_S, c)`` for a two-element ``S`` (the pieces of the live row's
    bent hyperplane on the faces ``y_{-S} < 0``), one for each ``S``."""
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    j = _live(net)[0]
    n1 = len(w2[0])
    supports = set()
    for p, q in _first_layer_map(net, other):
        support = frozenset(m for m, v in enumerate(p) if v != 0)
        if len(support) != 2 or q == 0 or any(p[m] * b2[j] != q * w2[j][m] for m in support):
            return False
        supports.add(support)
    return len(supports) == n1


@pytest.mark.slow
def test_one_live_row_bias_class_n1_3():
    """``n1 = 3``, one live row ``(-, -, -, +)``: the count of Section 5 of the note leaves two first layers, theta's
    and the three two-coordinate pieces ``(w_S, c)``; the search finds the second with six spare rows, not with five."""
    for dead, expected in ((5, False), (6, True)):
        net = _draw(random.Random(dead), ("---+",), dead)
        found = representations(net, limits=UNLIMITED)
        assert all(_listed(net, r.network, None) or _is_pair_piece_layer(net, r.network) for r in found)
        assert any(_is_pair_piece_layer(net, r.network) for r in found) == expected
