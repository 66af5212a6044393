"""The document of every bundled network and example compiles with pdflatex: no error, no overfull box.

Issue 25: the documents of real networks ran to hundreds of pages, with Python reprs and overfull boxes.
Here each network's ``semialg-fibers latex`` document (:func:`~semialg_fibers.render.report.network_report`,
``latex()``) is compiled and its log checked; the text is checked for the leftovers of plain-text notation
(Python dicts and lists, ``b1_1``-style names, ``>=``) and, for large networks, for the summary with its
appendix.  The small networks run by default, the real networks of ``semialg_fibers/data/real_networks``
are ``slow`` (one of them, the 784-input network, also runs by default).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from test_latex_compile import compile_tex

from semialg_fibers import Network, examples
from semialg_fibers.render.latex import is_large
from semialg_fibers.render.report import network_report

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")

DATA = Path(__file__).resolve().parents[2] / "semialg_fibers" / "data"
BUNDLED = sorted(p.stem for p in DATA.glob("*.json"))
REAL = sorted(p.stem for p in (DATA / "real_networks").glob("*.json"))
DEFAULT_REAL = {"nnequiv_bitvec_2_1_10-5-5-2"}  # a sample: the others take from a few seconds to minutes
EXAMPLES = ["spec_orbit_example", "spec_identity_example", "hidden_symmetry_example", "mixed_line_example",
            "cancelling_pair_example", "transversal_counterexample", "transversal_counterexample_flipped"]

# what plain-text notation looks like when it leaks into a document
_LEAKS = [re.compile(p) for p in (r"\{'\w+': ", r"\[\['", r"\bW\d\[", r"\bb\d_\\", r"\\textgreater\{\}=",
                                  r"\\item \w+( \w+)*: \\begin\{itemize\}",
                                  # a Python list of neurons, a function name prefixing a message, "line'$s$",
                                  # half a formula
                                  r"\b[Nn]eurons? \[\d", r"[a-z]\\_\\allowbreak\{\}[a-z]+: ", r"'\$s\$",
                                  r"\bN\$ - hidden")]


def _check(tmp_path, net: Network, name: str, *, domain=None) -> str:
    text = network_report(net, domain=domain, limit=20).latex()
    assert compile_tex(tmp_path, text, name=name) == []
    leaks = [p.pattern for p in _LEAKS if p.search(text)]
    assert leaks == [], leaks
    return text


@pytest.mark.parametrize("name", BUNDLED)
def test_the_document_of_every_bundled_network_compiles(tmp_path, name):
    _check(tmp_path, Network.from_file(DATA / f"{name}.json"), name)


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_document_of_every_example_compiles(tmp_path, name):
    _check(tmp_path, getattr(examples, name)(), name)


@pytest.mark.parametrize("name", [pytest.param(n, marks=() if n in DEFAULT_REAL else pytest.mark.slow)
                                  for n in REAL])
def test_the_document_of_every_real_network_compiles(tmp_path, name):
    net = examples.real_network(name)
    text = _check(tmp_path, net, name)
    if is_large(network_report(net, limit=20)):
        # a summary: the structure first, every equation in the appendix
        assert "This is a summary" in text and "\\appendix" in text
        body = text.split("\\appendix")[0]
        assert body.count("\\\\\n") < 400, "the summary states the structure, not every equation"


@pytest.mark.slow
def test_summary_pages_of_the_784_input_network(tmp_path):
    # the issue: 271 pages of one scalar equation per line; the summary is a few pages, the equations follow
    from semialg_fibers.render.latex import document

    report = network_report(examples.real_network("chen2024_mnist0vs1_784-2-1_victim"), limit=20)
    text = document(report, appendix=False, equations_file="equations.tex")
    assert compile_tex(tmp_path, text, name="summary") == []
    log = (tmp_path / "summary.log").read_text(encoding="latin-1")
    pages = int(re.search(r"\((\d+) pages?", log).group(1))
    assert pages <= 4, pages
    assert "W'^{(1)} &= D_{1} \\hat W^{(1)}" in text and "equations.tex" in text
