"""Polynomial vector fields: brackets, gradient test, gradient combinations, potentials, Frobenius 3-form."""

from __future__ import annotations

from fractions import Fraction

import sympy

from semialg_fibers.conservation import fields as F
from semialg_fibers.core.symbols import parameter_symbols
from semialg_fibers.core.symmetries import bias_shift_generator, mixing_generator, scaling_generator

ARCH = (1, 2, 1)  # W11, W21, b1, b2, V11, V12, c
R, G = F.polynomial_ring(ARCH)


def test_bracket_of_coordinate_fields_and_a_linear_field():
    x = [R.zero] * 7
    y = [R.zero] * 7
    x[0] = R.one                  # d/dW11
    y[4] = G[0]                   # W11 d/dV11
    z = F.bracket(x, y, G)
    assert z[4] == R.one and sum(1 for c in z if c) == 1
    assert F.bracket(y, x, G)[4] == -R.one


def test_scaling_fields_commute_and_are_gradients():
    a = F.to_polys(scaling_generator(ARCH, 1, 0))
    b = F.to_polys(scaling_generator(ARCH, 1, 1))
    assert F.is_zero_field(F.bracket(a, b, G))
    assert F.is_gradient(a, G)
    q = F.potential(a, G)
    assert F.gradient(q, G) == a
    assert sympy.expand(2 * q.as_expr() - (G[0] ** 2 + G[2] ** 2 - G[4] ** 2).as_expr()) == 0


def test_only_symmetric_mixing_combinations_are_gradients():
    fields = [F.to_polys(mixing_generator(ARCH, 1, 0, 1)), F.to_polys(mixing_generator(ARCH, 1, 1, 0))]
    assert not F.is_gradient(fields[0], G)
    assert F.gradient_combinations(fields, G) == ((Fraction(1), Fraction(1)),)


def test_bias_shift_is_not_integrable():
    x = F.to_polys(bias_shift_generator(ARCH, 1, 0))
    assert F.gradient_combinations([x], G) == ()
    p, q, r, value = F.integrability_witness(x, G, (Fraction(1),) * 7)
    assert value != 0 and {p, q, r} == {2, 4, 6}


def test_independence_and_rank():
    a = F.to_polys(scaling_generator(ARCH, 1, 0))
    doubled = tuple(c * 2 for c in a)
    assert F.independent_polynomial_fields([a, doubled]) == [0]
    point = tuple(Fraction(i + 1) for i in range(7))
    assert F.rank_at([a, doubled], point) == 1
    assert F.evaluate(G[0] * G[1] + R.one / 2, point) == Fraction(5, 2)
    assert F.to_field(ARCH, a).components[0] == parameter_symbols(ARCH)[0]


def test_integrability_component_matches_sympy():
    field = bias_shift_generator(ARCH, 1, 0)
    coords = parameter_symbols(ARCH)
    x = [sympy.sympify(c) for c in field.components]

    def d(i, j):  # component (i, j) of dX^b: d_i X_j - d_j X_i
        return sympy.diff(x[j], coords[i]) - sympy.diff(x[i], coords[j])

    p, q, r, value = F.integrability_witness(F.to_polys(field), G, (Fraction(1),) * 7)
    expected = x[p] * d(q, r) + x[q] * d(r, p) + x[r] * d(p, q)
    assert sympy.Rational(value.numerator, value.denominator) == expected.subs({c: 1 for c in coords}) == -1
