"""Tests of semialg_fibers.core.tangent: exact Jacobians and tangent-rank certificates."""

from fractions import Fraction

import pytest
import sympy

from semialg_fibers.core.exceptions import InternalCheckError
from semialg_fibers.core.semialgebraic import BasicSet
from semialg_fibers.core.tangent import jacobian, parametrization_rank, tangent_certificate

a, b, c = sympy.symbols("a b c", real=True)


def test_jacobian_matches_sympy_diff():
    exprs = [a**2 * b / (1 + c**2), 1 / (a - b), a * b * c]
    point = [Fraction(1, 2), Fraction(-3), Fraction(2, 3)]
    ours = jacobian(exprs, [a, b, c], point)
    subs = {a: sympy.Rational(1, 2), b: -3, c: sympy.Rational(2, 3)}
    for row, e in zip(ours, exprs):
        assert [sympy.Rational(v.numerator, v.denominator) for v in row] == \
               [sympy.simplify(sympy.diff(e, s).subs(subs)) for s in (a, b, c)]


def test_jacobian_rejects_pole():
    with pytest.raises(ValueError, match="vanishing denominator"):
        jacobian([1 / a], [a], [Fraction(0)])


# (parametrization, domain constraints, expected dimension)
PIECES = [
    ("orbit_2d", (a, 1 / a, b, 2 / b), [(a, ">", 0), (b, ">", 0)], 2),
    ("degenerate_map", (a + b, 2 * a + 2 * b, c), [(c, ">", 0)], 2),
    ("linear_equation", (a, b, c), [(a + b + c, "==", 1)], 2),
    ("curve_on_plane", (a, a**2, b), [(a, "==", b)], 1),
    ("nonlinear_inequality", (a * b, b, c), [(a * b, ">", 1), (a, ">", 0)], 3),
    ("point", (sympy.Integer(1), sympy.Integer(2)), [(a, ">", 0)], 0),
]


@pytest.mark.parametrize("param, cons, dim", [p[1:] for p in PIECES], ids=[p[0] for p in PIECES])
def test_certificate_on_hand_made_pieces(param, cons, dim):
    aux = (a, b, c)
    cert = tangent_certificate(param, aux, BasicSet(aux, cons), expected=dim, seeds=(0, 1, 2))
    assert cert.dimension == dim and len(cert.points) == 3
    for point in cert.points:
        assert BasicSet(aux, cons).contains(point)


@pytest.mark.parametrize("wrong", [1, 3])
def test_certificate_raises_on_wrong_dimension(wrong):
    with pytest.raises(InternalCheckError, match=f"dimension {wrong}"):
        tangent_certificate((a, 1 / a, b, 2 / b), (a, b), BasicSet((a, b), [(a, ">", 0), (b, ">", 0)]),
                            expected=wrong)


def test_nonlinear_equation_restricts_tangent_space():
    # on the hyperbola a b = 1 the map (a, b) -> (a, b) has rank 1 (the kernel of (b, a))
    assert parametrization_rank((a, b), (a, b), (Fraction(2), Fraction(1, 2)), equations=[a * b - 1]) == 1


def test_domains_with_nonlinear_equations_are_not_sampled():
    # rejection sampling cannot hit a curve; generators must parametrize such pieces
    from semialg_fibers.core.exceptions import NotDecidedError
    with pytest.raises(NotDecidedError, match="no sample"):
        tangent_certificate((a, b), (a, b), BasicSet((a, b), [(a * b, "==", 1)]))


def test_rank_at_special_point_is_lower_bound():
    # (a, b) -> (a^2, a b): rank 2 generically, 1 at a = 0
    assert parametrization_rank((a**2, a * b), (a, b), (Fraction(0), Fraction(1))) == 1
    assert parametrization_rank((a**2, a * b), (a, b), (Fraction(1), Fraction(1))) == 2
