"""Golden LaTeX strings of semialg_fibers.latex."""

import pytest
import sympy

from semialg_fibers.components import Fiber, component_from_implicit, make_component
from semialg_fibers.latex import basic_set_latex, constraint_latex, network_latex
from semialg_fibers.network import Network
from semialg_fibers.semialgebraic import BasicSet, constraint
from semialg_fibers.symbols import auxiliary_symbols, parameter_symbols

x, y = sympy.symbols("x y", real=True)
W11, b1, W2, b2 = parameter_symbols((1, 1, 1))
(lam,) = auxiliary_symbols(r"\lambda", 1)

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
    assert "orbit. the H_1 orbit: scale the neuron by lambda > 0. Dimension $1$, multiplicity $1$." in text
    assert basic_set_latex(ORBIT) + " = " + basic_set_latex(IMPLICIT) in text
    assert network_latex(net) in text


def test_implicit_only_component_prints_its_implicit_form():
    net = Network.from_layers([([[2]], [0]), ([[0]], [1])])
    linear = BasicSet((W11, b1, W2, b2), [(b1, "==", 0), (b2, "==", 1), (W11, ">", 0), (W2, "==", 0)])
    comp = component_from_implicit(net.architecture, "dead output", linear, dimension=1)
    assert comp.latex() == (r"\left\{ \theta \in \mathbb{R}^{4} : \begin{aligned} b^{(1)}_{1} &= 0, \\ "
                            r"W^{(2)}_{1,1} &= 0, \\ b^{(2)}_{1} &= 1, \\ W^{(1)}_{1,1} &> 0 \end{aligned} \right\}")
