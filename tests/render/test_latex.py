"""Golden LaTeX strings of semialg_fibers.render.latex."""

from fractions import Fraction

import pytest
import sympy

from semialg_fibers.core.components import Fiber, component_from_implicit, make_component
from semialg_fibers.core.network import Network
from semialg_fibers.core.semialgebraic import BasicSet, constraint
from semialg_fibers.core.symbols import auxiliary_symbols, parameter_symbols
from semialg_fibers.render.latex import (
    LINE_WIDTH,
    basic_set_block,
    basic_set_latex,
    component_latex,
    constraint_latex,
    escape_text,
    math_width,
    network_block,
    symmetry_latex,
    value_latex,
)

x, y = sympy.symbols("x y", real=True)
W11, b1, W2, b2 = parameter_symbols((1, 1, 1))
(lam,) = auxiliary_symbols("lambda", 1)

CONSTRAINTS = [
    ("equation", constraint(x - 2 * y, "=="), "x = 2 y"),
    ("constant_right", constraint(W11 * W2, "==", -2), "W^{(1)}_{1,1} W^{(2)}_{1,1} = -2"),
    ("negative_only", constraint(-x, ">"), "x < 0"),
    ("ball", constraint(x**2 + y**2, "<", 1), "x^{2} + y^{2} < 1"),
    ("geq", constraint(b1, ">=", W11), r"b^{(1)}_{1} \geq W^{(1)}_{1,1}"),
    ("neq", constraint(W2, "!=", 0), r"W^{(2)}_{1,1} \neq 0"),
    ("fraction_cleared", constraint(x / 2, "==", sympy.Rational(1, 3)), "3 x = 2"),
]


@pytest.mark.parametrize("c, expected", [k[1:] for k in CONSTRAINTS], ids=[k[0] for k in CONSTRAINTS])
def test_constraint_latex(c, expected):
    assert constraint_latex(c) == expected


ORBIT = BasicSet((W11, b1, W2, b2), [(lam, ">", 0)], auxiliary=(lam,), parametrization=(2 * lam, 0, 3 / lam, 1))
IMPLICIT = BasicSet((W11, b1, W2, b2), [(W11 * W2, "==", 6), (b1, "==", 0), (b2, "==", 1), (W11, ">", 0)])

SETS = [
    ("parametrized", ORBIT,
     r"\left\{ \theta \in \mathbb{R}^{4} : \exists\, \lambda_{1} \in \mathbb{R} :\ \begin{aligned} "
     r"W^{(1)}_{1,1} &= 2 \lambda_{1}, \\ b^{(1)}_{1} &= 0, \\ W^{(2)}_{1,1} &= \frac{3}{\lambda_{1}}, \\ "
     r"b^{(2)}_{1} &= 1, \\ \lambda_{1} &> 0 \end{aligned} \right\}"),
    ("implicit", IMPLICIT,
     r"\left\{ \theta \in \mathbb{R}^{4} : \begin{aligned} W^{(1)}_{1,1} W^{(2)}_{1,1} &= 6, \\ b^{(1)}_{1} &= 0, "
     r"\\ b^{(2)}_{1} &= 1, \\ W^{(1)}_{1,1} &> 0 \end{aligned} \right\}"),
    ("whole_space", BasicSet((x, y), []), r"\mathbb{R}^{2}"),
    ("empty", BasicSet((x,), [(1, "<", 0)]), r"\emptyset"),
]


@pytest.mark.parametrize("basic, expected", [k[1:] for k in SETS], ids=[k[0] for k in SETS])
def test_basic_set_latex(basic, expected):
    assert basic_set_latex(basic) == expected
    assert basic._repr_latex_() == f"$\\displaystyle {expected}$"


def test_constraint_order_is_kept_not_sympy_order():
    # SymPy's And would sort these; the printer keeps the canonical order of the set
    s = BasicSet((x, y), [(y, ">", 0), (x, "==", 1)])
    assert s.latex().index("x &= 1") < s.latex().index("y &> 0")


def test_fiber_section():
    net = Network.from_layers([([[2]], [0]), ([[3]], [1])])
    comp = make_component(net.architecture, "orbit", ORBIT.parametrization, (lam,), BasicSet((lam,), [(lam, ">", 0)]),
                          IMPLICIT, dimension=1, description="the H_1 orbit: scale the neuron by lambda > 0")
    text = Fiber.from_components(net, [comp]).latex()
    assert text.startswith(r"\section*{Fiber of a network of architecture $(1, 1, 1)$}")
    assert r"\subsection*{Component 1}" in text
    # a string pattern without latex(): its words are escaped (the underscore would end text mode)
    assert (r"Orbit the H\_\allowbreak{}1 orbit: scale the neuron by lambda \textgreater{} 0. Dimension $1$; "
            "one copy.") in text
    assert "Parametrization: $\\theta$ is given by" in text and "for real numbers $\\lambda_{1}$ with" in text
    assert r"W^{(1)}_{1,1} &= 2 \lambda_{1}," in text and r"W^{(1)}_{1,1} W^{(2)}_{1,1} &= 6," in text
    assert "Implicit form (the same set, in the network coordinates): the points $\\theta$ with" in text
    assert r"\begin{bmatrix}2\end{bmatrix}" in text


def test_implicit_only_component_prints_its_implicit_form():
    net = Network.from_layers([([[2]], [0]), ([[0]], [1])])
    linear = BasicSet((W11, b1, W2, b2), [(b1, "==", 0), (b2, "==", 1), (W11, ">", 0), (W2, "==", 0)])
    comp = component_from_implicit(net.architecture, "dead output", linear, dimension=1)
    assert component_latex(comp) == (
        r"\left\{ \theta \in \mathbb{R}^{4} : \begin{aligned} b^{(1)}_{1} &= 0, \\ "
        r"W^{(2)}_{1,1} &= 0, \\ b^{(2)}_{1} &= 1, \\ W^{(1)}_{1,1} &> 0 \end{aligned} \right\}")
    assert comp.latex().startswith("Dead output. Dimension $1$; one copy.")
    assert "Implicit form (in the network coordinates): the points $\\theta$ with" in comp.latex()
    assert comp._repr_latex_() == f"$\\displaystyle {component_latex(comp)}$"


ESCAPES = [
    ("underscore", "v_i", r"v\_\allowbreak{}i"),
    ("braces_dollar", "{a} $5", r"\{a\} \$5"),
    ("ampersand_percent_hash", "a & b % c # d", r"a \& b \% c \# d"),
    ("caret_tilde_backslash", r"x^2 ~ \n", r"x\^{}2 \~{} \textbackslash{}n"),
    ("relations", "t >= 0 | s < 1", r"t \textgreater{}= 0 \textbar{} s \textless{} 1"),
    ("unicode", "Montúfar ≤ λ", r"Mont\'ufar $\leq$ $\lambda$"),
    ("unknown_unicode", "日", "?"),
]


@pytest.mark.parametrize("text, expected", [e[1:] for e in ESCAPES], ids=[e[0] for e in ESCAPES])
def test_escape_text(text, expected):
    assert escape_text(text) == expected


def test_long_relation_is_split_after_terms():
    coords = parameter_symbols((1, 20, 1))
    weights, outputs = coords[:20], coords[40:60]
    block = basic_set_block(BasicSet(coords, [(sum(w * v for w, v in zip(weights, outputs)), "==", 1)]))
    rows = block.split("\\begin{align*}\n")[1].split("\n\\end{align*}")[0].split(" \\\\\n")
    assert len(rows) > 2 and all(r.startswith(r"&\quad + ") for r in rows[1:])
    assert all(math_width(r) <= LINE_WIDTH + 15 for r in rows)
    # every term is printed exactly once
    assert sum(r.count("W^{(1)}") for r in rows) == 20


def test_negative_constant_terms_keep_one_sign():
    """A negative integer term after the first prints as ``- 1``, never ``+ -1``."""
    x, y = sympy.symbols("x y", real=True)
    a, c = sympy.symbols("a c", real=True)
    block = basic_set_block(BasicSet((x, y), [], auxiliary=(a, c), parametrization=(-a * c - 1, c - 3)))
    assert "- 1" in block and "- 3" in block and "+ -" not in block


def test_a_column_is_as_wide_as_its_widest_sides():
    """Short relations share one ``align*`` only while the widest left side plus the widest right side fits."""
    from semialg_fibers.render.latex import _Relation, _relations_block

    long = tuple(rf"+ W^{{({i})}}_{{1,1}} b^{{({i})}}_{{2}}" for i in range(1, 6))
    relations = [_Relation(("x",) + long, "=", ("1",)), _Relation(("y",), "=", ("z",) + long)]
    assert all(r.width() + 5 <= LINE_WIDTH for r in relations)
    block = _relations_block(relations)
    assert block.count("\\begin{align*}") == 2
    for part in block.split("\\begin{align*}\n")[1:]:
        left, right = part.split("\n\\end{align*}")[0].split("&", 1)
        assert math_width(left) + math_width(right) <= LINE_WIDTH


def test_large_matrices_are_summarized_small_ones_printed():
    wide = Network.from_layers([([[1] * 12, [2] * 12], [0, 0]), ([[1, 1]], [0])])
    text = network_block(wide)
    assert r"$W^{(1)}$ ($2 \times 12$ entries)" in text and r"W^{(2)} &= \begin{bmatrix}1 & 1\end{bmatrix}" in text
    trained = Network.from_layers(  # dyadic entries of trained weights: 50-digit fractions
        [([[Fraction(0.1), Fraction(0.2), Fraction(0.3), Fraction(0.7)]], [0]), ([[1]], [0])])
    assert "W^{(1)}$ ($1 \\times 4$ entries)" in network_block(trained)


def test_symmetries_and_results_render_in_text_mode():
    from semialg_fibers.core.results import EquivalenceResult
    from semialg_fibers.core.symmetries import h_symmetries
    from semialg_fibers.shallow import is_generic

    net = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    scaling = h_symmetries(net)[1]
    assert scaling.latex() == symmetry_latex(scaling)
    assert r"\partial_{W^{(1)}_{1,1}}" in scaling.latex() and "\\textbf{Scaling}" in scaling.latex()
    report = is_generic(net)
    text = value_latex(report)
    # sentences, not the fields of the value (issue 25)
    assert "is not generic" in text and "Cancelling group" in text and "The network $\\theta'$" in text
    assert "\\item generic" not in text
    assert "- \\frac{3}{2}" in value_latex(EquivalenceResult(False, witness=(Fraction(-3, 2),)))
