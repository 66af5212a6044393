"""Tests of semialg_fibers.core.semialgebraic: normal form, membership, existence of auxiliary values, sampling."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from semialg_fibers.core.exceptions import InexactInputError, NotDecidedError, ShapeError
from semialg_fibers.core.semialgebraic import BasicSet, SemialgebraicSet, constraint, union
from semialg_fibers.core.symbols import auxiliary_symbols, parameter_symbols

x, y, z = sympy.symbols("x y z", real=True)
t, u = sympy.symbols("t u", real=True)

# (lhs, relation, rhs) -> (normalized polynomial, relation)
NORMAL_FORMS = [
    ("scale_eq", (-2 * x + 4 * y, "==", 0), (x - 2 * y, "==")),
    ("fraction_eq", (x / 3 - y / 6, "==", 0), (2 * x - y, "==")),
    ("ne_sign", (-x, "!=", 0), (x, "!=")),
    ("gt_keeps_sign", (-6 * x, ">", 0), (-x, ">")),
    ("lt_flips", (x, "<", 1), (1 - x, ">")),
    ("le_flips", (x**2, "<=", y), (y - x**2, ">=")),
    ("rhs_moved", (x * y, "==", -2), (x * y + 2, "==")),
    ("lex_leading_x", (y - x, "==", 0), (x - y, "==")),
    ("true_constant", (sympy.Integer(3), ">", 0), (sympy.Integer(0), "==")),
    ("false_constant", (sympy.Integer(0), ">", 0), (sympy.Integer(0), "!=")),
    ("cancels", (x + y - x, ">=", y), (sympy.Integer(0), "==")),
]


@pytest.mark.parametrize("args, expected", [c[1:] for c in NORMAL_FORMS], ids=[c[0] for c in NORMAL_FORMS])
def test_normal_form_golden(args, expected):
    c = constraint(*args)
    assert (c.polynomial, c.relation) == (sympy.expand(expected[0]), expected[1])


polys = st.builds(
    lambda cs: sum(sympy.Rational(a, b) * m for (a, b), m in zip(cs, [1, x, y, x * y, x**2, y**3])),
    st.lists(st.tuples(st.integers(-6, 6), st.integers(1, 5)), min_size=6, max_size=6))
relations = st.sampled_from(["==", "!=", ">", ">=", "<", "<="])
rationals = st.fractions(min_value=-5, max_value=5, max_denominator=7)


@settings(max_examples=60, deadline=None)
@given(polys, relations, st.integers(-4, 4).filter(bool))
def test_normal_form_idempotent_and_scale_invariant(p, rel, factor):
    c = constraint(p, rel)
    assert constraint(c.polynomial, c.relation) == c
    if rel in ("==", "!="):
        assert constraint(factor * p, rel) == c
    elif factor > 0:
        assert constraint(factor * p, rel) == c


@settings(max_examples=60, deadline=None)
@given(polys, relations, rationals, rationals)
def test_holds_matches_direct_substitution(p, rel, a, b):
    value = p.subs({x: sympy.Rational(a.numerator, a.denominator), y: sympy.Rational(b.numerator, b.denominator)})
    expected = {"==": value == 0, "!=": value != 0, ">": value > 0, ">=": value >= 0, "<": value < 0,
                "<=": value <= 0}[rel]
    c = constraint(p, rel)
    assert c.holds({x: a, y: b}) == bool(expected)
    assert BasicSet((x, y), [c]).contains((a, b)) == bool(expected)


def test_constraint_errors():
    with pytest.raises(ValueError, match="not a polynomial"):
        constraint(x / y, ">")
    with pytest.raises(ValueError, match="not a polynomial"):
        constraint(sympy.sqrt(2) * x, ">")
    with pytest.raises(InexactInputError):
        constraint(0.5 * x, ">")
    with pytest.raises(ValueError, match="relation"):
        constraint(x, "=")


def test_basic_set_canonical_order_and_dedup():
    a = BasicSet((x, y), [(y, ">", 0), (x - y, "==", 0), (2 * y, ">", 0), (x, ">=", 0), (1, ">", 0)])
    b = BasicSet((x, y), [(x, ">=", 0), (2 * x, "==", 2 * y), (y, ">", 0)])
    assert a == b and hash(a) == hash(b)
    assert [c.relation for c in a.constraints] == ["==", ">", ">="]
    assert a.latex() == b.latex()


def test_trivially_false_set():
    s = BasicSet((x,), [(x, ">", 0), (0, ">", 1)])
    assert s.is_trivially_empty and not s.contains([1])
    assert s.latex() == r"\emptyset"


def test_membership_argument_checks():
    s = BasicSet((x, y), [(x, ">", y)])
    assert s.contains({x: 2, y: "1/2"})
    with pytest.raises(ShapeError):
        s.contains([1])
    with pytest.raises(ValueError, match="no value"):
        s.contains({x: 1})
    with pytest.raises(ValueError, match="neither variables nor auxiliary"):
        BasicSet((x,), [(y, ">", 0)])


# ------------------------------------------------------------ existential auxiliary variables
RAY = BasicSet((x, y), [(t, ">", 0)], auxiliary=(t,), parametrization=(2 * t, 1 / t))
SUM_OF_POSITIVES = BasicSet((x,), [(t, ">", 0), (u, ">", 0), (t + u, "==", x), (t, "!=", 1), (u, "!=", 1)],
                            auxiliary=(t, u))
NONZERO_VIA_AUX = BasicSet((x,), [(t, "!=", 0), (t, ">=", x), (x, ">=", t)], auxiliary=(t,))
SEGMENT = BasicSet((x, y), [(t, ">=", 0), (t, "<=", 1), (x, "==", t), (y, "==", 2 * t + x)], auxiliary=(t,))

# (set, implicit description as a Python predicate on the point)
EXISTENTIAL = [
    ("ray", RAY, lambda p: p[0] > 0 and p[0] * p[1] == 2),
    ("sum_of_positives", SUM_OF_POSITIVES, lambda p: p[0] > 0),
    ("nonzero_via_aux", NONZERO_VIA_AUX, lambda p: p[0] != 0),
    ("segment", SEGMENT, lambda p: 0 <= p[0] <= 1 and p[1] == 3 * p[0]),
]
POINTS = [(Fraction(a, 2), Fraction(b, 2)) for a in range(-4, 5) for b in range(-6, 7)] + \
         [(Fraction(4), Fraction(1, 2)), (Fraction(1, 3), Fraction(6)), (Fraction(1, 3), Fraction(1))]


@pytest.mark.parametrize("basic, predicate", [c[1:] for c in EXISTENTIAL], ids=[c[0] for c in EXISTENTIAL])
def test_existential_membership_matches_implicit_form(basic, predicate):
    for p in POINTS:
        p = p[: basic.ambient_dimension]
        assert basic.contains(p) == predicate(p), p


def test_nonlinear_auxiliary_is_not_decided():
    square = BasicSet((x,), [(t**2, "==", x)], auxiliary=(t,))
    with pytest.raises(NotDecidedError, match="not linear"):
        square.contains([4])
    # a linear equation that pins t down makes the rest decidable
    pinned = BasicSet((x, y), [(t**2, "==", x), (t, "==", y)], auxiliary=(t,))
    assert pinned.contains([4, 2]) and not pinned.contains([4, 3])


def test_bilinear_after_substitution_is_linear():
    # x = t * u with u fixed by y: after eliminating u = y the equation is linear in t
    prod = BasicSet((x, y), [(x, "==", t * u), (u, "==", y), (t, ">", 0)], auxiliary=(t, u))
    assert prod.contains([6, 3]) and not prod.contains([-6, 3]) and not prod.contains([1, 0])


# ------------------------------------------------------------ sampling
SAMPLED = [
    ("halfplane", BasicSet((x, y), [(x + y, ">", 1)])),
    ("triangle", BasicSet((x, y), [(x, ">", 0), (y, ">", 0), (x + y, "<", 1)])),
    ("plane_in_3d", BasicSet((x, y, z), [(x + y + z, "==", 1), (z, ">=", 0), (x, "!=", 0)])),
    ("disk", BasicSet((x, y), [(x**2 + y**2, "<", 4), (x, ">", 0)])),
    ("ray", RAY),
    ("segment", SEGMENT),
    ("sum_of_positives", SUM_OF_POSITIVES),
]


@pytest.mark.parametrize("basic", [c[1] for c in SAMPLED], ids=[c[0] for c in SAMPLED])
def test_samples_land_inside_and_are_deterministic(basic):
    points = [basic.sample(seed=s) for s in range(5)]
    for p in points:
        assert basic.contains(p)
    assert points == [basic.sample(seed=s) for s in range(5)]
    assert len(set(points)) > 1


def test_sample_of_empty_and_hopeless_sets():
    with pytest.raises(ValueError, match="empty"):
        BasicSet((x,), [(x, ">", 1), (x, "<", 0)]).sample()
    with pytest.raises(NotDecidedError, match="no sample"):
        BasicSet((x, y), [(x * y, "==", 3)]).sample(attempts=5)


# ------------------------------------------------------------ unions and output
def test_union_membership_and_latex():
    s = union([BasicSet((x,), [(x, ">", 1)]), BasicSet((x,), [(x, "<", -1)]), BasicSet((x,), [(0, ">", 1)])])
    assert len(s) == 2
    assert [s.contains([v]) for v in (-2, 0, 2)] == [True, False, True]
    assert s.latex() == (r"\left\{ \left(x\right) \in \mathbb{R}^{1} : \begin{aligned} x &> 1 \end{aligned} \right\}"
                         r" \cup \left\{ \left(x\right) \in \mathbb{R}^{1} : \begin{aligned} x &< -1 \end{aligned} \right\}")
    with pytest.raises(ValueError, match="lives in"):
        SemialgebraicSet((x,), (BasicSet((y,), []),))


def test_union_reports_undecided_pieces():
    s = union([BasicSet((x,), [(x, ">", 1)]), BasicSet((x,), [(t**2, "==", x)], auxiliary=(t,))])
    assert s.contains([2])
    with pytest.raises(NotDecidedError, match="piece 1"):
        s.contains([0])


def test_to_json_is_deterministic():
    a = BasicSet(parameter_symbols((1, 1, 1)), [(parameter_symbols((1, 1, 1))[0], ">", 0)])
    assert a.to_json() == a.to_json()
    d = RAY.to_dict()
    assert d["parametrization"] == ["2*t", "1/t"] and d["constraints"] == [{"polynomial": "t", "relation": ">"}]


def test_parametrization_checks():
    lam = auxiliary_symbols("lambda", 1)[0]
    with pytest.raises(ShapeError):
        BasicSet((x, y), [], auxiliary=(lam,), parametrization=(lam,))
    with pytest.raises(ValueError, match="not auxiliary"):
        BasicSet((x,), [], auxiliary=(lam,), parametrization=(y,))
    with pytest.raises(ValueError, match="auxiliary symbols only"):
        BasicSet((x,), [(x, ">", 0)], auxiliary=(lam,), parametrization=(lam,))
