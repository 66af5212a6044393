"""HTML and LaTeX representations for Jupyter: every result value renders, text escaped, large values summarized."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from semialg_fibers import Network, equivalent, examples, fiber
from semialg_fibers.core.symmetries import h_symmetries
from semialg_fibers.render.html import MATH_PARAMETERS, html
from semialg_fibers.shallow import is_generic, stabilizer

IDENTITY = examples.spec_identity_example()


class _Balanced(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("br",):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack.pop() == tag, tag


def _check(text: str) -> str:
    parser = _Balanced()
    parser.feed(text)
    assert parser.stack == []
    return text


VALUES = [
    ("network", IDENTITY),
    ("fiber", fiber(IDENTITY)),
    ("component", fiber(IDENTITY).components[0]),
    ("equivalence", equivalent(IDENTITY, Network.from_layers(
        [([[2], [-3]], [0, 0]), ([["1/2", "-1/3"]], [0])]))),
    ("not_equivalent", equivalent(IDENTITY, Network.from_layers([([[1]], [0]), ([[1]], [0])]))),
    ("genericity", is_generic(IDENTITY)),
    ("stabilizer", stabilizer(IDENTITY)),
    ("symmetry", h_symmetries(IDENTITY)[1]),
]


@pytest.mark.parametrize("value", [v for _, v in VALUES], ids=[n for n, _ in VALUES])
def test_every_result_value_has_balanced_html(value):
    text = _check(html(value))
    assert text
    if hasattr(value, "_repr_html_"):
        assert value._repr_html_() == text


def test_text_is_escaped():
    net = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    result = equivalent(net, Network.from_layers([([[1]], [0])]))
    assert "<witness" not in html(result)
    from semialg_fibers.core.results import EquivalenceResult

    assert "a &lt; b &amp; c" in html(EquivalenceResult(False, reason="a < b & c"))


def test_latex_reprs_are_math_for_mathjax():
    f = fiber(IDENTITY)
    assert f._repr_latex_().startswith(r"$\displaystyle F(\theta) = \left\{")
    assert IDENTITY._repr_latex_().startswith(r"$\displaystyle W^{(1)} = \begin{bmatrix}")
    big = examples.real_network("nnequiv_bitvec_1_1_10-10-2")
    assert big.num_parameters > MATH_PARAMETERS and big._repr_latex_() is None
    assert "132 parameters" in html(big) and "bmatrix" not in html(big)


def test_many_components_are_cut():
    f = fiber(examples.hidden_symmetry_example(), certify=False)
    assert html(f).count("<li>") == len(f)
