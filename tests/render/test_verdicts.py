"""The verdicts, symmetries and laws as a researcher reads them (issue 25): LaTeX sentences and displays, one
indexing convention, orbits in matrix form, factorial orders, decimals beside exact values, and the notebook
representations of every result type.

Each statement the documents make is checked against a different computation: the matrix form of an orbit
against :func:`~semialg_fibers.core.symmetries.act` and exact evaluation, the balance formula against the laws
:mod:`semialg_fibers.conservation` derives, the displayed hyperplane against the network's own first layer, the
outputs at a witness against exact evaluation, the factorial products against ``math.factorial``.
"""

from __future__ import annotations

import math
import random
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from html.parser import HTMLParser

import pytest
import sympy

from semialg_fibers import Network, equivalent, examples, fiber, is_identifiable
from semialg_fibers.conservation import conservation_laws
from semialg_fibers.core.components import make_component
from semialg_fibers.core.semialgebraic import BasicSet
from semialg_fibers.core.symbols import auxiliary_symbols, parameter_symbols
from semialg_fibers.core.symmetries import act, h_symmetries
from semialg_fibers.render.conservation import balance_expression
from semialg_fibers.render.latex import orbit_form
from semialg_fibers.render.prose import prose_latex
from semialg_fibers.render.verdicts import (
    decimal_latex,
    equivalence_latex,
    group_order_latex,
    identifiability_latex,
    point_latex,
    symmetries_latex,
)
from semialg_fibers.shallow import is_generic

HIDDEN_COLUMN = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
LEAKS = [re.compile(p) for p in (r"\{'\w+': ", r"\bW\d\[", r"\bb\d_\\", r"\\textgreater\{\}=", r"\\item kind",
                                 r"\(1, 0\)", r"\\item \w+: \\begin\{itemize\}")]


def _leaks(text: str) -> list[str]:
    return [p.pattern for p in LEAKS if p.search(text)]


def _compile(tmp_path, body: str) -> list[str]:
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed")
    source = ("\\documentclass{article}\n\\usepackage{amsmath}\n\\usepackage{amssymb}\n\\begin{document}\n"
              + body + "\n\\end{document}\n")
    (tmp_path / "v.tex").write_text(source, encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "v.tex"], cwd=tmp_path,
                   capture_output=True, timeout=240)
    log = (tmp_path / "v.log").read_text(encoding="latin-1")
    return re.findall(r"^(!.*|.*Overfull \\hbox.*)$", log, re.M)


# ---------------------------------------------------------------------------- identifiability
def test_the_hidden_column_verdict_reads_as_sentences_with_one_based_neurons(tmp_path):
    result = is_identifiable(HIDDEN_COLUMN)
    text = identifiability_latex(result)
    assert result.latex() == text
    assert _leaks(text) == [], _leaks(text)
    assert r"$F(\theta) \supsetneq H \cdot \theta$" in text
    # the neurons of the reason, (1, 0) and (2, 0) in the value, are named 1-based
    assert "neuron $1$ of hidden layer $1$; neuron $1$ of hidden layer $2$" in text
    # the hidden hyperplane is the first neuron's: W1[0] = (1, 2), b1[0] = 1/2, read from the network itself
    w, b = HIDDEN_COLUMN.layers[0].weight[0], HIDDEN_COLUMN.layers[0].bias[0]
    assert (w, b) == ((1, 2), Fraction(1, 2))
    assert r"H_{1} = \{ x \in \mathbb{R}^{2} : x_{1} + 2 x_{2} + \frac{1}{2} = 0 \}" in text
    assert r"b^{(1)}_{1} \mathrel{+}= t" in text and r"\item[G1]" in text
    assert _compile(tmp_path, text) == []


def test_every_three_layer_and_shallow_verdict_is_free_of_plain_text_notation(tmp_path):
    nets = [HIDDEN_COLUMN, examples.spec_identity_example(), examples.spec_orbit_example(),
            examples.hidden_symmetry_example(),
            Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]),
            Network.from_layers([([[1, 2], [-1, 1]], [1, -1]), ([[2, 1], [1, -3]], [1, -1]), ([[3, -2]], [1])])]
    body = []
    for net in nets:
        text = is_identifiable(net, allow_conjecture=True).latex()
        assert _leaks(text) == [], (net.architecture, _leaks(text))
        body.append(text)
    generic = is_generic(examples.hidden_symmetry_example()).latex()
    assert _leaks(generic) == [] and "is not generic" in generic
    body.append(generic)
    assert _compile(tmp_path, "\n\n".join(body)) == []


# ---------------------------------------------------------------------------- symmetries
def test_h_is_written_once_in_matrix_form_with_factorial_orders():
    net = Network.from_layers([([[1], [2], [3]], [0, 0, 1]), ([[1, 1, 1], [2, 0, 1]], [0, 1]), ([[1, 1]], [0])])
    text = symmetries_latex(h_symmetries(net))
    assert r"W^{(1)} \mapsto P D W^{(1)}" in text and r"W^{(3)} \mapsto W^{(3)} D^{-1} P^{-1}" in text
    assert text.count("Generator") == 0 and text.count(r"X^{(l)}_{i}") == 1  # the generators once, by formula
    assert "$3! \\, 2! = 12$ permutations" in text and "of dimension $5$" in text


@pytest.mark.parametrize("widths", [(2, 3), (1, 4), (50,), (5, 5, 5), (2,), (1,)])
def test_group_orders_are_products_of_factorials_with_the_right_value(widths):
    text = group_order_latex(widths)
    expected = math.prod(math.factorial(w) for w in widths)
    factors = [int(m) for m in re.findall(r"(\d+)!", text)]
    if factors:
        assert math.prod(math.factorial(f) for f in factors) == expected
    value = re.search(r"= (\d+)$", text) or re.fullmatch(r"(\d+)", text)
    if value:
        assert int(value.group(1)) == expected
    assert len(text) < 40  # 50! is not printed as 65 digits


def test_the_balances_stated_once_are_the_laws_the_conservation_module_derives():
    net = Network.from_layers([([[1, 2], [-1, 1], [2, 0]], [1, 0, -1]), ([[1, 2, -1], [0, 1, 1]], [0, 1]),
                               ([[1, -1]], [0])])
    report = conservation_laws(net)
    scalings = [law for law in report.laws if str(law.symmetry.kind) == "scaling"]
    assert len(scalings) == 5
    for law in scalings:
        layer, index = law.symmetry.neurons[0]
        q = law.quantities[0].expression
        b = balance_expression(net.architecture, layer, index)
        assert sympy.expand(q - b) == 0 or sympy.expand(q + b) == 0
    # a wrong formula (outgoing weights of the wrong neuron) is not accepted as a balance
    layer, index = scalings[0].symmetry.neurons[0]
    assert sympy.expand(scalings[0].quantities[0].expression - balance_expression(net.architecture, layer, 1)) != 0


# ---------------------------------------------------------------------------- orbits in matrix form
@pytest.mark.parametrize("net", [examples.spec_orbit_example(),
                                 Network.from_layers([([[1, 2], [-1, 1], [2, 1]], [1, -1, 0]), ([[1, -2, 3]], [1])])],
                         ids=["orbit_1_2_1", "orbit_2_3_1"])
def test_an_orbit_component_is_the_set_of_scalings_of_its_representative(net):
    (component,) = [c for c in fiber(net, certify=False) if orbit_form(c) is not None]
    hat, lambdas = orbit_form(component)
    rng = random.Random(7)
    coords = component.as_set()
    for _ in range(5):
        values = [Fraction(rng.randint(1, 9), rng.randint(1, 9)) for _ in lambdas]
        point = [sympy.nsimplify(e).subs(dict(zip(lambdas, [sympy.Rational(v.numerator, v.denominator)
                                                           for v in values])))
                 for e in coords.parametrization]
        on_component = Network.from_parameters(net.architecture, [Fraction(int(p.p), int(p.q)) for p in point])
        width = net.architecture[1]
        assert on_component == act(hat, 1, tuple(range(width)), values)  # the matrix form, computed by act
        for x in range(-3, 4):
            assert on_component([Fraction(x, 2)] * net.input_dim) == net([Fraction(x, 2)] * net.input_dim)


def test_a_product_parametrization_that_is_not_an_orbit_is_refused():
    # the false statement "every parametrization by positive factors is an orbit": lambda on the outgoing weight
    arch = (1, 1, 1)
    lam = auxiliary_symbols("lambda", 1)[0]
    for wrong in ([2 * lam, 0, 3 * lam, 1], [2 * lam, 0, 3 / lam**2, 1], [2 * lam, 1, 3 / lam, 1]):
        comp = make_component(arch, "not an orbit", tuple(wrong), (lam,), BasicSet((lam,), [(lam, ">", 0)]),
                              None, dimension=1)
        assert orbit_form(comp) is None, wrong
    right = make_component(arch, "orbit", (2 * lam, 0, 3 / lam, 1), (lam,), BasicSet((lam,), [(lam, ">", 0)]),
                           None, dimension=1)
    hat, _ = orbit_form(right)
    assert hat == Network.from_layers([([[2]], [0]), ([[3]], [1])])
    assert parameter_symbols(arch)  # the coordinates the test speaks of


# ---------------------------------------------------------------------------- equivalence, numbers
def test_a_witness_is_shown_exactly_with_decimals_and_the_outputs_are_the_networks_values(tmp_path):
    a = examples.spec_identity_example()
    b = Network.from_layers([([[1]], [0]), ([[1]], ["1/3"])])
    result = equivalent(a, b)
    assert not result
    text = equivalence_latex(result)
    assert r"f_{\theta} \neq f_{\theta'}" in text and r"\approx" in text or "x = " in text
    x = result.witness
    fa, fb = a(list(x)), b(list(x))
    assert fa != fb
    for value in (*fa, *fb):
        assert sympy.latex(sympy.Rational(value.numerator, value.denominator)) in text
    assert _compile(tmp_path, text) == []


@pytest.mark.parametrize("q", [Fraction(1, 3), Fraction(-22, 7), Fraction(10**20 + 1, 3), Fraction(1, 10**9)])
def test_decimal_approximations_are_close_to_the_exact_value(q):
    text = decimal_latex(q)
    m = re.fullmatch(r"(-?[\d.]+)(?: \\times 10\^\{(-?\d+)\})?", text)
    assert m, text
    approx = Fraction(m.group(1)) * Fraction(10) ** int(m.group(2) or 0)
    assert abs(approx - q) <= abs(q) * Fraction(1, 10**5)
    assert r"\approx" in point_latex([q, 1])


def test_prose_keeps_dollars_balanced_and_sets_the_notation():
    rng = random.Random(3)
    for _ in range(2000):
        s = "".join(rng.choice("Wb12 ()[]{}_,.=<>+-tjx/sn:R^a") for _ in range(rng.randint(0, 40)))
        assert prose_latex(s).count("$") % 2 == 0, s
    assert prose_latex("t >= -1/2") == r"$t \geq -1/2$"


# ---------------------------------------------------------------------------- notebooks and terminals
class _Balanced(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []

    def handle_starttag(self, tag, attrs):
        if tag != "br":
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack.pop() == tag, tag


def _values():
    net = HIDDEN_COLUMN
    return [("identifiability (no)", is_identifiable(net)),
            ("identifiability (yes)", is_identifiable(examples.spec_orbit_example())),
            ("genericity (no)", is_generic(examples.hidden_symmetry_example())),
            ("genericity (yes)", is_generic(examples.spec_orbit_example())),
            ("equivalence (no)", equivalent(examples.spec_identity_example(),
                                            Network.from_layers([([[1]], [0]), ([[1]], [0])]))),
            ("equivalence (yes)", equivalent(net, net)),
            ("symmetry", h_symmetries(net)[0]),
            ("laws", conservation_laws(examples.spec_identity_example())),
            ("law", conservation_laws(examples.spec_identity_example()).laws[0]),
            ("fiber", fiber(net, allow_conjecture=True, allow_partial=True, certify=False)),
            ("component", fiber(examples.spec_orbit_example(), certify=False).components[0]),
            ("network", net)]


@pytest.mark.parametrize("name, value", _values(), ids=[n for n, _ in _values()])
def test_every_result_displays_in_a_notebook_and_a_terminal(name, value):
    page = value._repr_html_()
    assert page and "{'" not in page and "[['" not in page
    parser = _Balanced()
    parser.feed(page)
    assert parser.stack == []
    text = str(value)
    assert text != repr(value) and len(text.splitlines()) <= 40
    assert len(repr(value)) <= 600 or repr(value).startswith("<")
    if name.startswith(("identifiability", "genericity", "equivalence")):
        assert value._repr_latex_().startswith(r"$\displaystyle ")


def test_a_large_network_has_a_short_str_and_repr():
    net = examples.real_network("nnequiv_mnist_1_1_784-10-10")
    assert len(repr(net)) < 200 and repr(net).startswith("<Network: network 784-10-10")
    assert len(str(net)) < 2000 and "784-10-10" in str(net)


def test_python_m_semialg_fibers_and_the_latex_command_says_what_it_wrote(tmp_path):
    done = subprocess.run([sys.executable, "-m", "semialg_fibers", "latex", "semialg_fibers/data/identity_pair_a.json",
                           "-o", str(tmp_path / "f.tex")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"wrote {tmp_path / 'f.tex'}: LaTeX document" in done.stderr
    assert (tmp_path / "f.tex").read_text().startswith("\\documentclass")
