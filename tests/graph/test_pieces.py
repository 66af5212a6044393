"""Pieces, closure points, permutations and separations against independent computations.

Limits against SymPy's ``limit``; permutations against ``permute_hidden``; separations against points
known to lie in both closures (a wrong certificate would separate them); cells against the sign of a
coordinate at exact samples.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from semialg_fibers import Network, api
from semialg_fibers.core import linalg
from semialg_fibers.core.symbols import parameter_symbols
from semialg_fibers.core.symmetries import hidden_permutations, permute_hidden
from semialg_fibers.graph.pieces import (
    Permutations,
    _limit_value,
    _segment_in_domain,
    _substitution_contradicts,
    closure_points,
    in_piece,
    limit_image,
    pieces,
    separated,
)

T = sympy.Symbol("t", positive=True)
RELU = Network.from_layers([([[1], [0]], [0, 0]), ([[1, 0]], [0])])
IDENTITY = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])


@pytest.mark.parametrize("expr", [(T + 1) / (2 + T), T**2 / T, (3 * T**2 + T) / (5 * T), 1 / T, (1 - T) / T**2,
                                  sympy.Integer(7), (T**3 - 2 * T) / (T**2 + 4 * T)],
                         ids=["ratio", "vanishing", "cancelled", "pole", "double pole", "constant", "order one"])
def test_limit_value_agrees_with_sympy(expr):
    ours = _limit_value(expr)
    theirs = sympy.limit(expr, T, 0, "+")
    if theirs.is_finite:
        assert ours == Fraction(int(theirs.p), int(theirs.q))
    else:
        assert ours is None


def test_permutations_act_as_permute_hidden():
    arch = (2, 3, 2, 1)
    perms = Permutations.of(arch)
    rng = random.Random(1)
    net = Network.from_parameters(arch, [Fraction(rng.randint(-9, 9), rng.randint(1, 4))
                                         for _ in parameter_symbols(arch)])
    hidden = list(hidden_permutations(arch))
    assert len(perms) == len(hidden) == 12
    for k, h in enumerate(hidden):
        assert perms.apply(k, net.parameters()) == permute_hidden(net, h).parameters()
    for p in range(len(perms)):
        assert perms.apply(perms.inverse(p), perms.apply(p, net.parameters())) == net.parameters()
        for q in (0, 5, 11):
            assert perms.apply(perms.compose(p, q), net.parameters()) == perms.apply(p, perms.apply(q,
                                                                                                    net.parameters()))


def test_the_cells_of_the_identity_are_told_apart_by_the_first_weight():
    (comp,) = api.fiber(IDENTITY).components
    cells = pieces(comp, 0)
    assert len(cells) == 2 and all(p.convex for p in cells)
    for piece in cells:
        (_factor, sign), = piece.signs
        for u in piece.points(comp, seeds=range(4)):
            a1 = piece.image(u)[0]
            assert (a1 > 0) == (sign > 0)
            assert in_piece(comp, piece, piece.image(u))
            other = cells[1 - piece.cell]
            assert not in_piece(comp, other, piece.image(u))


def test_segments_in_a_cell():
    (comp,) = api.fiber(IDENTITY).components
    piece = pieces(comp, 0)[0]
    aux = piece.auxiliary
    u0 = piece.points(comp, seeds=(0,))[0]
    (gamma, _sign), = piece.signs
    k = aux.index(gamma)
    to_zero = u0[:k] + (Fraction(0),) + u0[k + 1:]
    beyond = u0[:k] + (Fraction(-1),) + u0[k + 1:]
    assert _segment_in_domain(piece.domain, aux, u0, to_zero)       # gamma in (0, gamma0]
    assert not _segment_in_domain(piece.domain, aux, u0, beyond)    # crosses gamma = 0


def test_closure_points_are_limits_along_their_segments():
    fiber = api.fiber(RELU)
    for i, comp in enumerate(fiber.components):
        for piece in pieces(comp, i):
            for cp in closure_points(comp, piece):
                if not cp.limit:
                    assert piece.image(cp.end) == cp.point and piece.domain.contains(cp.end)
                    continue
                sub = {a: sympy.Rational(e) + T * sympy.Rational(s - e) for a, s, e in zip(piece.auxiliary, cp.start,
                                                                                          cp.end)}
                expected = tuple(sympy.limit(sympy.sympify(x).xreplace(sub), T, 0, "+") for x in piece.parametrization)
                assert tuple(sympy.Rational(v.numerator, v.denominator) for v in cp.point) == expected
                assert limit_image(piece, cp.start, cp.end) == cp.point
                mid = tuple(e + Fraction(1, 2) * (s - e) for s, e in zip(cp.start, cp.end))
                assert piece.domain.contains(mid)


def test_no_separation_of_closures_that_meet():
    """Counter-cases of a wrong certificate: pieces sharing a point are never separated."""
    fiber = api.fiber(RELU)
    comps = fiber.components
    perms = Permutations.of(RELU.architecture)
    cells = [pieces(c, i)[0] for i, c in enumerate(comps)]
    meeting = Network.from_layers([([[2], [0]], [0, 0]), ([["1/2", 0]], [0])])   # dead and zero-output at once
    assert comps[3].contains(meeting) and comps[4].contains(meeting)
    assert separated(comps[3], cells[3], comps[4], cells[4], perms, 0) is None
    for i in range(len(comps)):
        assert separated(comps[i], cells[i], comps[i], cells[i], perms, 0) is None


def test_separation_of_the_two_cells_of_the_identity():
    (comp,) = api.fiber(IDENTITY).components
    cells = pieces(comp, 0)
    perms = Permutations.of(IDENTITY.architecture)
    assert separated(comp, cells[0], comp, cells[1], perms, 0) == "ideal"
    # cell 0 and the swapped cell 1 are the same set: never separated
    assert separated(comp, cells[0], comp, cells[1], perms, 1) is None


def test_the_substitution_certificate():
    x, y, z = sympy.symbols("x y z", real=True)
    coords = (x, y, z)
    row = [Fraction(1), Fraction(0), Fraction(0), Fraction(0)]          # x = 0
    assert _substitution_contradicts([x, x * y - 1], [row], coords)      # then x y - 1 = -1
    row = [Fraction(1), Fraction(0), Fraction(0), Fraction(-1)]         # x = 1
    assert not _substitution_contradicts([x - 1, x * y - 1], [row], coords)   # y = 1 solves it
    rows = [[Fraction(1), Fraction(-1), Fraction(0), Fraction(0)], [Fraction(1), Fraction(1), Fraction(0), Fraction(0)]]
    assert _substitution_contradicts([x - y, x + y, y * z + x * z - 3], rows, coords)  # x = y = 0 leaves -3
    assert not _substitution_contradicts([x - y, x + y, z ** 2 - 2], rows, coords)       # z = sqrt 2: no contradiction


@pytest.mark.slow
def test_the_two_copies_of_a_trained_network_are_separated():
    from semialg_fibers.readwrite.examples import real_network

    net = real_network("chen2024_mnist0vs1_784-2-1_victim")
    fiber = api.fiber(net)
    full = fiber.connected_components(modulo=None)
    assert full.number == 2
    # an invariant the code does not use: the neuron whose input row is parallel to the first row of net
    first = net.layers[0].weight[0]

    def parallel(row):
        return linalg.rank([first, row], len(first)) == 1

    assert [parallel(rep.layers[0].weight[0]) for rep in full.representatives] in ([True, False], [False, True])


def test_a_cell_sign_is_never_read_from_an_even_power():
    """A coordinate g**2 d has the sign of d whatever the sign of g: the sign of the cell (g > 0 or g < 0) must be
    read from g d, never from g**2 d (a counter-case from a referee reading of the theory's Section 3)."""
    from types import SimpleNamespace

    from semialg_fibers.core.semialgebraic import constraint
    from semialg_fibers.graph.pieces import _signs_read

    g, d = sympy.symbols("g d")
    comp = SimpleNamespace(parametrization=(g**2 * d, g * d))
    assert _signs_read(comp, [g], [constraint(d, ">")]) == ((1, 1),)
    assert _signs_read(SimpleNamespace(parametrization=(g**2 * d,)), [g], [constraint(d, ">")]) is None
