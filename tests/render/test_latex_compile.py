"""Compile the LaTeX output with pdflatex: no errors, no overfull boxes (skipped where no TeX is installed).

Fibers of every kind: shallow with every role (visible, mixed, flipped, extra groups with strata,
zero-output, dead, constant), orthant with linear, dead, silent and cancelling groups, and trained
networks whose parameters are too large to print.  Text-mode output (``Fiber.latex()``, component
``latex()``, the whole document) is pasted into a minimal ``article`` that loads only ``amsmath``;
math-mode formulas go inside ``\\[ ... \\]`` with ``amssymb`` as well.  The ``.ci/run`` script installs
TeX when it runs as root, so CI does not skip these tests.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from semialg_fibers import Network, examples, fiber
from semialg_fibers.cli import main
from semialg_fibers.core.semialgebraic import BasicSet
from semialg_fibers.core.symbols import auxiliary_symbols, parameter_symbols
from semialg_fibers.render.latex import basic_set_block, component_latex, network_latex
from semialg_fibers.render.report import network_report

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")

_PROBLEM = re.compile(r"^(!.*|.*Overfull \\[hv]box.*|.*Undefined control sequence.*)$", re.M)


def compile_tex(tmp_path, source: str, name: str = "doc") -> list[str]:
    """Run pdflatex twice-free (one pass suffices for errors and boxes); return the problem lines of the log."""
    (tmp_path / f"{name}.tex").write_text(source, encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    log = (tmp_path / f"{name}.log").read_text(encoding="latin-1")
    problems = _PROBLEM.findall(log)
    if run.returncode != 0 and not problems:
        problems = [f"pdflatex exited with {run.returncode}"]
    assert (tmp_path / f"{name}.pdf").exists() or problems
    return problems


def article(body: str, packages: str = "amsmath") -> str:
    return f"\\documentclass{{article}}\n\\usepackage{{{packages}}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n"


ORTHANT_ROLES = Network.from_layers([([[1, 1], [1, 2], [1, 0]], [-1, 0, 0]), ([[1, 0, 0]], [0])])
SHALLOW = [
    ("visible", examples.spec_orbit_example()),
    ("cancelling_only", examples.spec_identity_example()),
    ("mixed_flipped_groups_zero_dead_constant", examples.hidden_symmetry_example()),
    ("mixed_line", examples.mixed_line_example()),
    ("groups_with_strata", examples.cancelling_pair_example()),
    ("transversal", examples.transversal_counterexample()),
    ("two_outputs", Network.from_layers([([[1, 0], [0, 1], [1, 1], [-1, -1]], [0, "1/2", -1, 1]),
                                         ([[1, -1, 2, 2], ["1/3", 0, 1, 1]], [0, "-7/5"])])),
]


def test_the_cases_cover_every_role():
    shallow = [c.pattern.roles if hasattr(c.pattern, "roles") else c.pattern
               for _, net in SHALLOW for c in fiber(net, certify=False)]
    assert any(p + q >= 1 and q == 0 for r in shallow for p, q in r.visible)             # visible, positive
    assert any(p == 0 for r in shallow for p, q in r.visible)                            # flipped
    assert any(p and q for r in shallow for p, q in r.visible)                           # mixed
    assert any(q for r in shallow for p, q in r.extra)                                   # cancelling group
    assert any(r.zero_output for r in shallow) and any(r.dead for r in shallow) and any(r.constant for r in shallow)
    strata = {c.pattern.stratum for _, net in SHALLOW for c in fiber(net, certify=False)}
    assert strata - {None}
    orthant = [c.pattern.roles for c in fiber(ORTHANT_ROLES, domain="orthant", certify=False)]
    assert any(r.linear for r in orthant) and any(r.dead for r in orthant) and any(r.zero_output for r in orthant)
    assert any(g[1] == 0 for r in orthant for g in r.groups) and any(g[1] for r in orthant for g in r.groups)


@pytest.mark.parametrize("net", [n for _, n in SHALLOW], ids=[name for name, _ in SHALLOW])
def test_shallow_fiber_section_compiles_in_a_minimal_amsmath_document(tmp_path, net):
    f = fiber(net)
    body = f.latex() + "\n\n" + "\n\n".join(c.latex() for c in f)
    assert compile_tex(tmp_path, article(body)) == []


def test_orthant_fiber_section_compiles(tmp_path):
    f = fiber(ORTHANT_ROLES, domain="orthant")
    assert compile_tex(tmp_path, article(f.latex(title="Orthant fiber: every role"))) == []


THREE_LAYER = [
    ("translation_and_sign_change", Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]),
                                                         ([[3]], [1])])),
    ("n1_1_every_family", Network.from_layers([([[1]], [0]), ([[-1], [-1]], [1, -1]), ([[-1, 2]], [1])])),
    ("linear_row_layer_flip", Network.from_layers([([[1, 2], [-1, 1]], [1, -1]), ([[2, 1], [1, -3]], [1, -1]),
                                                   ([[3, -2]], [1])])),
    ("dead_row_translated_neuron", Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]),
                                                        ([[2, -1], [1, -3], [-1, -1]], [1, 2, -1]),
                                                        ([[1, 2, 5]], [1])])),
    ("partial_one_live_row", Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]),
                                                  ([[5, 1]], [1])])),
    ("every_live_row_linear", Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[1, 2], [3, 1]], [1, 2]),
                                                   ([[1, -1]], [0])])),
]


@pytest.mark.parametrize("name, net", THREE_LAYER, ids=[c[0] for c in THREE_LAYER])
def test_three_layer_fiber_section_compiles(tmp_path, name, net):
    f = fiber(net, allow_conjecture=True, allow_partial=True)  # the status statement is part of the section
    assert compile_tex(tmp_path, article(f.latex())) == []


def test_math_mode_formulas_compile(tmp_path):
    net = examples.hidden_symmetry_example()
    body = "\n".join(f"\\[ {component_latex(c)} \\]" for c in fiber(net))
    body += f"\n\\[ {network_latex(net)} \\]\n$\\displaystyle {fiber(net).components[0].as_set().latex()}$"
    problems = compile_tex(tmp_path, article(body, "amsmath,amssymb"))
    # one-formula sets do not break: only errors count here, width is the text-mode renderers' job
    assert [p for p in problems if "Overfull" not in p] == []


@pytest.mark.parametrize("name, domain", [("nnequiv_bitvec_1_1_10-10-2", None),
                                          ("chen2024_mnist0vs1_784-2-1_victim", "orthant"),
                                          ("nnequiv_bitvec_2_1_10-5-5-2", None)],
                         ids=["wide_shallow", "784_inputs_orthant", "two_hidden_layers"])
def test_documents_of_trained_networks_compile(tmp_path, name, domain):
    report = network_report(examples.real_network(name), domain=domain, limit=3)
    text = report.latex()
    assert compile_tex(tmp_path, text) == []
    assert "Not printed, too large for the page" in text


def test_cli_latex_document_compiles(tmp_path):
    out = tmp_path / "fiber.tex"
    assert main(["latex", "semialg_fibers/data/identity_pair_a.json", "-o", str(out)]) == 0
    assert compile_tex(tmp_path, out.read_text(), name="fiber") == []


def test_long_relations_break_instead_of_running_off_the_page(tmp_path):
    # a kink equation over 30 neurons and a long quotient, as wide networks produce them
    coords = parameter_symbols((2, 30, 1))
    weights, outputs = coords[:60:2], coords[90:120]
    aux = auxiliary_symbols("lambda", 30)
    kink = BasicSet(coords, [(sum(w * v for w, v in zip(weights, outputs)), "==", 1), (sum(weights), ">", 0)])
    param = BasicSet(coords, [(aux[0], ">", 0)], auxiliary=aux,
                     parametrization=[sum(a * a for a in aux) / (aux[0] + 1)] + [aux[0]] * (len(coords) - 1))
    text = basic_set_block(kink) + "\n\n" + basic_set_block(param)
    assert text.count(r"&\quad") >= 4
    assert compile_tex(tmp_path, article(text)) == []
