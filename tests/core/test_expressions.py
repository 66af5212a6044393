"""Expressions from strings without running code: the grammar, its limits, and every entry point."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
import sympy

from semialg_fibers.core.exceptions import InexactInputError, InputLimitError, MalformedNetworkError
from semialg_fibers.core.expressions import as_expression, parse_expression
from semialg_fibers.core.limits import InputLimits

x, y, t = sympy.symbols("x y t", real=True)

PARSED = [
    ("integer", "3", sympy.Integer(3)),
    ("decimal is exact", "0.1", sympy.Rational(1, 10)),
    ("scientific", "5e-3", sympy.Rational(1, 200)),
    ("symbol", "x", x),
    ("precedence", "1 + 2*x^2", 1 + 2 * x**2),
    ("python power", "x**3", x**3),
    ("unary minus binds below power", "-x^2", -(x**2)),
    ("division", "x/2 - y/3", x / 2 - y / 3),
    ("negative exponent", "t^-2", t**-2),
    ("parentheses", "(x + y)*(x - y)", (x + y) * (x - y)),
    ("spaces", "  x   +   1 ", x + 1),
    ("names with digits", "lambda_1*t", sympy.Symbol("lambda_1", real=True) * t),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in PARSED], ids=[c[0] for c in PARSED])
def test_grammar(text, expected):
    assert sympy.simplify(parse_expression(text) - expected) == 0


REJECTED = [
    ("import", "__import__('os').system('touch /tmp/semialg_fibers_pwned')"),
    ("attribute", "x.__class__"),
    ("call", "exp(x)"),
    ("lambda", "(lambda: 1)()"),
    ("indexing", "x[0]"),
    ("string", "'x'"),
    ("implicit product", "2x"),
    ("power of a power", "2^3^2"),
    ("symbolic exponent", "x^y"),
    ("fractional exponent", "x^0.5"),
    ("comparison", "x > 0"),
    ("empty", ""),
    ("unbalanced", "(x + 1"),
    ("division by zero", "1/(2 - 2)"),
    ("zero to a negative power", "0^-1"),
    ("non-ASCII digit", "\u0661 + x"),
]


@pytest.mark.parametrize("text", [c[1] for c in REJECTED], ids=[c[0] for c in REJECTED])
def test_rejected_without_running_anything(text, tmp_path):
    with pytest.raises(MalformedNetworkError, match="expression"):
        parse_expression(text)


def test_code_is_never_run(tmp_path):
    marker = tmp_path / "ran"
    payload = f"__import__('os').system('touch {marker}')"
    from semialg_fibers import BasicSet, constraint
    from semialg_fibers.core.symmetries import VectorField
    from semialg_fibers.core.tangent import jacobian
    from semialg_fibers.render.latex import expression_latex

    attempts = [
        lambda: constraint(payload, ">"),
        lambda: constraint(x, ">", payload),
        lambda: BasicSet((x,), [(payload, ">", 0)]),
        lambda: BasicSet((x,), [], (t,), (payload,)),
        lambda: jacobian([payload], [t], [1]),
        lambda: expression_latex(payload),
        lambda: VectorField((1, 1), (payload, 0)).at(__import__("semialg_fibers").Network.from_layers([([[1]], [0])])),
    ]
    for attempt in attempts:
        with pytest.raises(MalformedNetworkError):
            attempt()
    assert not marker.exists()


LIMITS = [
    ("expansion", "(x + y + t)^200", "terms"),
    ("big power of a sum", "(x + 1)^100000", "exponent"),
    ("coefficient growth", "(10^1000)^1000", "digits"),
    ("nested parentheses", "(" * 200 + "x" + ")" * 200, "depth"),
    ("long literal", "1" * 20000, "digits"),
    ("huge exponent literal", "1e99999999 * x", "exponent"),
]


@pytest.mark.parametrize("text, limit", [c[1:] for c in LIMITS], ids=[c[0] for c in LIMITS])
def test_limits_refuse_before_sympy_works(text, limit):
    with pytest.raises(InputLimitError, match=f"input limit {limit}"):
        parse_expression(text)


def test_limits_can_be_raised():
    with pytest.raises(InputLimitError):
        parse_expression("(x + y)^20", limits=InputLimits(terms=100))
    assert parse_expression("(x + y)^20", limits=InputLimits(terms=10**7)) == (x + y) ** 20


def test_as_expression_inputs():
    assert as_expression(Fraction(1, 3)) == sympy.Rational(1, 3)
    assert as_expression(Decimal("0.25")) == sympy.Rational(1, 4)
    assert as_expression(x + 1) == x + 1
    assert as_expression("x", symbols={"x": sympy.Symbol("x")}) == sympy.Symbol("x")
    with pytest.raises(InexactInputError):
        as_expression(0.5)
    with pytest.raises(InexactInputError):
        as_expression(x + sympy.Float(0.5))
    with pytest.raises(MalformedNetworkError):
        as_expression(sympy.Eq(x, 1))
    with pytest.raises(MalformedNetworkError):
        as_expression(None)
