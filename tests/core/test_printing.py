"""Printing apart from the values: the methods of Printable values give what the renderers give, through core.hooks.

Checked here: every Printable value's ``latex()``, ``_repr_latex_()``, ``_repr_html_()`` and ``text()`` equal the
output of the matching renderer function called directly (and Jupyter's formatter sees the same representations);
a fresh interpreter that imports only ``semialg_fibers.core.network`` prints and reads JSON; and, from the syntax
trees of every module (imports inside functions included), nothing below ``render`` imports ``render`` and nothing
below ``readwrite`` imports ``readwrite``.
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
import sympy

import semialg_fibers
from semialg_fibers import Network, equivalent, examples, fiber, is_identifiable
from semialg_fibers.conservation import conservation_laws, number_of_conserved_functions
from semialg_fibers.core import hooks
from semialg_fibers.core.phrase import escape_text
from semialg_fibers.core.printing import Printable
from semialg_fibers.core.results import IdentifiabilityResult
from semialg_fibers.core.semialgebraic import BasicSet, constraint, union
from semialg_fibers.core.symmetries import h_symmetries, scaling_generator
from semialg_fibers.render.conservation import (
    count_html,
    count_latex,
    count_text,
    law_html,
    law_latex,
    law_text,
    report_html,
    report_latex,
    report_text,
)
from semialg_fibers.render.html import html
from semialg_fibers.render.latex import (
    basic_set_latex,
    component_block,
    component_latex,
    constraint_latex,
    document,
    fiber_latex,
    fiber_latex_inline,
    network_block,
    network_latex,
    symmetry_latex,
    union_latex,
    vector_field_latex,
)
from semialg_fibers.render.report import network_report
from semialg_fibers.render.text import component_text, fiber_text, network_text
from semialg_fibers.render.verdicts import (
    equivalence_display,
    equivalence_html,
    equivalence_latex,
    equivalence_text,
    genericity_display,
    genericity_html,
    genericity_latex,
    genericity_text,
    identifiability_display,
    identifiability_html,
    identifiability_latex,
    identifiability_text,
    symmetry_html,
    symmetry_text,
)
from semialg_fibers.shallow import is_generic
from semialg_fibers.three_layer.fiber import basis_latex

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(semialg_fibers.__file__).resolve().parent

IDENTITY = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])  # x = s(x) - s(-x)
ORBIT = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])  # identifiable: the fiber is the orbit
BIG = examples.real_network("nnequiv_bitvec_1_1_10-10-2")  # 132 parameters: no display formula
RAMP = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])  # three layers, n1 = 1: proven fiber
x, y = sympy.symbols("x y", real=True)


def _display(latex: str) -> str:
    return f"$\\displaystyle {latex}$"


def _cases():
    """``(name, value, options, expected)``; expected maps latex / latex_display / html / text to the renderers."""
    shallow_fiber = fiber(IDENTITY)
    component = shallow_fiber.components[0]
    three = fiber(RAMP, certify=False)
    basic = BasicSet((x, y), [(y, ">", x), (x + y, "==", 1)])
    pieces = union([BasicSet((x,), [(x, ">", 1)]), BasicSet((x,), [(x, "<", -1)])])
    relation = constraint(1 - x**2 - y**2, ">")
    laws = conservation_laws(IDENTITY)
    count = number_of_conserved_functions(Network.from_layers([([[1], [0]], [0, -1]), ([[3, 2]], [0])]),
                                          [[sympy.Rational(1, 3)], [2], [-1], [5]])
    symmetry = h_symmetries(IDENTITY)[1]
    field = scaling_generator((1, 2, 1), 1, 0)
    results = [equivalent(IDENTITY, Network.from_layers([([[1]], [0]), ([[1]], [0])])),
               is_identifiable(IDENTITY), is_identifiable(ORBIT), is_generic(IDENTITY),
               is_generic(ORBIT)]
    report = network_report(IDENTITY)
    three_latex = fiber_latex(three) + "\n" + (basis_latex(three.basis) or escape_text(three.completeness_note)) + "\n"
    cases = [
        ("network", IDENTITY, {}, dict(latex=network_block(IDENTITY), latex_display=_display(network_latex(IDENTITY)),
                                       html=html(IDENTITY), text=network_text(IDENTITY))),
        ("large network", BIG, {}, dict(latex=network_block(BIG), latex_display=None, html=html(BIG),
                                        text=network_text(BIG))),
        ("component", component, {}, dict(latex=component_block(component, heading=""),
                                          latex_display=_display(component_latex(component)), html=html(component),
                                          text=component_text(component))),
        ("fiber", shallow_fiber, {}, dict(latex=fiber_latex(shallow_fiber), latex_display=fiber_latex_inline(
            shallow_fiber), html=html(shallow_fiber), text=fiber_text(shallow_fiber))),
        ("fiber with a title", shallow_fiber, {"title": "x = s(x) - s(-x) & more"},
         dict(latex=fiber_latex(shallow_fiber, title="x = s(x) - s(-x) & more"))),
        ("three-layer fiber", three, {}, dict(latex=three_latex, latex_display=fiber_latex_inline(three),
                                              html=html(three), text=fiber_text(three))),
        ("three-layer fiber with a title", three, {"title": "T"},
         dict(latex=fiber_latex(three, title="T") + three_latex[len(fiber_latex(three)):])),
        ("constraint", relation, {}, dict(latex=constraint_latex(relation), latex_display=None, html=None)),
        ("basic set", basic, {}, dict(latex=basic_set_latex(basic), latex_display=_display(basic_set_latex(basic)),
                                      html=None)),
        ("basic set with a point name", basic, {"point_name": "p"}, dict(latex=basic_set_latex(basic, point_name="p"))),
        ("union", pieces, {}, dict(latex=union_latex(pieces), latex_display=_display(union_latex(pieces)), html=None)),
        ("vector field", field, {}, dict(latex=vector_field_latex(field), latex_display=None, html=html(field))),
        ("symmetry", symmetry, {}, dict(latex=symmetry_latex(symmetry), latex_display=None,
                                        html=symmetry_html(symmetry), text=symmetry_text(symmetry))),
        ("conservation law", laws.laws[0], {}, dict(latex=law_latex(laws.laws[0]), latex_display=None,
                                                    html=law_html(laws.laws[0]), text=law_text(laws.laws[0]))),
        ("law report", laws, {}, dict(latex=report_latex(laws), latex_display=None, html=report_html(laws),
                                      text=report_text(laws))),
        ("law count", count, {}, dict(latex=count_latex(count), latex_display=None, html=count_html(count),
                                      text=count_text(count))),
        ("network report", report, {}, dict(latex=document(report), latex_display=None, html=html(report))),
    ]
    orthant_component = fiber(examples.mixed_line_example(), domain="orthant", certify=False).components[0]
    for name, c in (("orthant component", orthant_component), ("three-layer component", three.components[0])):
        cases.append((name, c, {}, dict(latex=component_block(c, heading=""),
                                        latex_display=_display(component_latex(c)), html=html(c),
                                        text=component_text(c))))
    printers = {"EquivalenceResult": (equivalence_latex, equivalence_display, equivalence_html, equivalence_text),
                "IdentifiabilityResult": (identifiability_latex, identifiability_display, identifiability_html,
                                          identifiability_text),
                "GenericityReport": (genericity_latex, genericity_display, genericity_html, genericity_text)}
    for value in results:
        latex, display, page, text = printers[type(value).__name__]
        cases.append((type(value).__name__ + (" (yes)" if value else " (no)"), value, {},
                      dict(latex=latex(value), latex_display=display(value), html=page(value), text=text(value))))
    for *_, expected in cases:
        expected.setdefault("text", None)
    return cases


CASES = _cases()
IDS = [c[0] for c in CASES]


@pytest.mark.parametrize("value, options, expected", [c[1:] for c in CASES], ids=IDS)
def test_methods_give_what_the_renderers_give(value, options, expected):
    assert isinstance(value, Printable)
    assert value.latex(**options) == expected["latex"]
    if not options:
        assert value._repr_latex_() == expected["latex_display"]
        assert value._repr_html_() == expected["html"]
        assert value.text() == expected["text"]


@pytest.mark.parametrize("value, expected", [(c[1], c[3]) for c in CASES if not c[2]], ids=[c[0] for c in CASES
                                                                                            if not c[2]])
def test_jupyter_shows_the_same_representations(value, expected):
    # IPython's own formatter decides what a notebook shows: a representation that is None must be left out
    from IPython.core.formatters import DisplayFormatter

    bundle, _ = DisplayFormatter().format(value)
    wanted = {"text/plain": repr(value)}
    if expected["html"] is not None:
        wanted["text/html"] = expected["html"]
    if expected["latex_display"] is not None:
        wanted["text/latex"] = expected["latex_display"]
    assert bundle == wanted


def _printable_types() -> set[type]:
    for info in pkgutil.walk_packages(semialg_fibers.__path__, "semialg_fibers."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    found, todo = set(), [Printable]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("semialg_fibers") and sub not in found:
                found.add(sub)
                todo.append(sub)
    return found


def test_every_printable_type_is_checked_above():
    checked = {type(c[1]) for c in CASES}
    assert _printable_types() <= checked, _printable_types() - checked


def test_options_a_printer_does_not_take_are_refused():
    with pytest.raises(TypeError):
        IDENTITY.latex(title="no titles for networks")
    with pytest.raises(TypeError):
        IdentifiabilityResult(True, True, (), "basis", "shallow").latex(level=2)
    with pytest.raises(TypeError):
        IDENTITY.text(width=3)


def test_a_fresh_interpreter_importing_only_the_network_prints_and_reads_json():
    code = ("from semialg_fibers.core.network import Network\n"
            "net = Network.from_layers([([[1], [-1]], [0, '1/3']), ([[1, -1]], [0])])\n"
            "print(net.latex())\n"
            "back = Network.from_json(net.to_json())\n"
            "print(back == net, back.to_json() == net.to_json())\n"
            "print(net._repr_html_())\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    net = Network.from_layers([([[1], [-1]], [0, "1/3"]), ([[1, -1]], [0])])
    assert done.stdout == f"{network_block(net)}\nTrue True\n{html(net)}\n"


def test_a_missing_plug_point_names_the_package_to_import(monkeypatch):
    monkeypatch.setattr(hooks, "_REGISTRY", {})
    with pytest.raises(RuntimeError, match=r"import semialg_fibers\.render"):
        IDENTITY.latex()
    with pytest.raises(RuntimeError, match=r"import semialg_fibers\.readwrite"):
        Network.from_json('{"layers": [{"weight": [[1]], "bias": [0]}]}')
    with pytest.raises(ValueError, match="no plug point 'svg'"):
        hooks.lookup("printer", "svg")
    with pytest.raises(ValueError, match="no plug point kind"):
        hooks.register("plotter", "latex", print)


def test_the_registered_functions_are_the_public_ones():
    from semialg_fibers.readwrite import convert
    from semialg_fibers.render import latex

    assert hooks.lookup("readwrite", "network_from_json") is convert.network_from_json
    assert hooks.lookup("readwrite", "network_to_torch") is convert.network_to_torch
    assert hooks.lookup("printer", "latex") is latex.to_latex
    # the phrases moved to core; the LaTeX module still offers them under the old names
    assert latex.escape_text is escape_text and latex.Math.__module__ == "semialg_fibers.core.phrase"
