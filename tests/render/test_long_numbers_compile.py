"""Weights of hundreds or thousands of digits: the document compiles without an overfull box and keeps every digit.

An ``align*`` row cannot break, so a 400-digit weight in an equation of the fiber overflowed the page.  The
documents (full and summary) of networks with 100-, 400- and 2000-digit weights, integers and fractions, negative
too, are compiled with pdflatex; then the long numbers of the ``.tex`` are read back (the break macros removed)
and compared with the exact rational coefficients of the components' equations, computed from the values, not
from their LaTeX: a digit lost, repeated or cut would change the set.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction

import pytest
import sympy
from test_latex_compile import compile_tex

from semialg_fibers import Network
from semialg_fibers.render.latex import DIGIT_BREAK, GROUP_DIGITS, document
from semialg_fibers.render.report import network_report

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")


def _digits(d: int, digit: str) -> int:
    return int(digit * d)


def _networks(d: int) -> dict:
    n, m = _digits(d, "7"), _digits(d, "3") + 1
    return {
        # one long integer weight, 1-2-1
        f"integer_{d}": Network.from_layers([([[n], [-1]], [0, 1]), ([[1, 1]], [0])]),
        # a negative long fraction in the first layer, a long output bias, 2-2-1
        f"fraction_{d}": Network.from_layers([([[Fraction(-n, m), 1], [2, -1]], [0, 1]),
                                              ([[1, -1]], [Fraction(n, 3)])]),
        # long numbers in both layers, negative, 2-3-1
        f"both_layers_{d}": Network.from_layers([([[1, 0], [0, 1], [1, 1]], [Fraction(-m, n), 0, 0]),
                                                 ([[Fraction(n, 7), -1, 2]], [-n])]),
    }


CASES = {name: net for d in (100, 400, 2000) for name, net in _networks(d).items()}


def _long_numbers_of_the_values(fiber) -> set[int]:
    """The long numerators and denominators of the exact coefficients of every component's equations."""
    out: set[int] = set()
    for component in fiber.components:
        basic = component.as_set()
        for expr in basic.parametrization or ():
            for q in sympy.sympify(expr).atoms(sympy.Rational):
                out |= {abs(int(q.p)), int(q.q)}
        for constraints in (basic.constraints, component.implicit.constraints if component.implicit else ()):
            for c in constraints:
                for _, v in c.terms:
                    out |= {abs(Fraction(v).numerator), Fraction(v).denominator}
    return {k for k in out if len(str(k)) > GROUP_DIGITS}


def _long_numbers_of_the_network(net) -> set[int]:
    out = set()
    for layer in net.layers:
        for v in [v for row in layer.weight for v in row] + list(layer.bias):
            out |= {abs(Fraction(v).numerator), Fraction(v).denominator}
    return {k for k in out if len(str(k)) > GROUP_DIGITS}


def _long_numbers_of_the_text(text: str) -> set[int]:
    """The long numbers printed in the document, their digit groups joined (and checked to be groups of three)."""
    groups = re.findall(r"\d+(?:" + re.escape(DIGIT_BREAK) + r"\d+)+", text)
    for g in groups:
        parts = g.split(DIGIT_BREAK)
        assert 1 <= len(parts[0]) <= 3 and all(len(p) == 3 for p in parts[1:]), g[:80]
    joined = text.replace(DIGIT_BREAK, "")
    return {int(s) for s in re.findall(rf"(?<![0-9])[0-9]{{{GROUP_DIGITS + 1},}}(?![0-9])", joined)}


@pytest.mark.parametrize("summary", [False, True], ids=["full", "summary"])
@pytest.mark.parametrize("name", list(CASES))
def test_long_weights_compile_without_overfull_boxes_and_keep_every_digit(tmp_path, name, summary):
    report = network_report(CASES[name], limit=20)
    text = document(report, summary=summary)
    assert compile_tex(tmp_path, text, name=name) == []
    log = (tmp_path / f"{name}.log").read_text(encoding="latin-1")
    assert "Overfull \\hbox" not in log
    expected = _long_numbers_of_the_values(report.fiber)
    assert expected, "the case has long numbers in its equations"
    weights = _long_numbers_of_the_network(CASES[name])
    printed = _long_numbers_of_the_text(text)
    assert weights <= printed, "every long weight of the network is printed exactly (below it or in the appendix)"
    assert printed == expected | weights
    # no long number is printed without its break points (an unbreakable run of digits)
    assert not re.search(rf"[0-9]{{{GROUP_DIGITS + 1},}}", text)


@pytest.mark.parametrize("d", [100, 400, 2000])
def test_a_witness_with_long_coordinates_compiles_and_keeps_every_digit(tmp_path, d):
    from test_latex_compile import article

    from semialg_fibers.core.results import EquivalenceResult

    n, m = _digits(d, "7"), _digits(d, "3") + 1
    witness = (Fraction(n, m), Fraction(-1, n), Fraction(-m))
    outputs = ((Fraction(n, 3),), (Fraction(-m, 7),))
    text = EquivalenceResult(False, witness, outputs, "oracle", "outputs differ").latex()
    assert compile_tex(tmp_path, article(text), name="witness") == []
    expected = {abs(v.numerator) for v in witness + outputs[0] + outputs[1]} | \
        {v.denominator for v in witness + outputs[0] + outputs[1]}
    assert _long_numbers_of_the_text(text) == {k for k in expected if len(str(k)) > GROUP_DIGITS}
    assert not re.search(rf"[0-9]{{{GROUP_DIGITS + 1},}}", text)
