"""Text helpers: counts as factorials (checked by evaluating the printed form) and summaries."""

from __future__ import annotations

import math
import re

import pytest

from semialg_fibers.render.text import format_count, summarize


def evaluate(text: str) -> int:
    """The integer a printed count means: digits, or products and one quotient of factorials."""
    def product(part: str) -> int:
        value = 1
        for factor in part.split():
            base, _, power = factor.partition("^")
            value *= math.factorial(int(base.rstrip("!"))) ** int(power or 1) if base.endswith("!") else int(base)
        return value

    top, _, bottom = text.partition("/")
    return product(top) // (product(bottom.strip("()")) if bottom else 1)


F = math.factorial
COUNTS = [
    ("small", 720, "720"),
    ("factorial", F(50), "50!"),
    ("multinomial", F(50) // (F(10) * F(3) ** 2), None),
    ("product", F(12) * F(9), None),
    ("width 30, two groups", F(30) // (F(13) * F(17)), None),
    ("no factorial form", 10**7 + 1, "10000001"),
    ("prime above a million", 1_000_003, "1000003"),
]


@pytest.mark.parametrize("n, printed", [c[1:] for c in COUNTS], ids=[c[0] for c in COUNTS])
def test_format_count(n, printed):
    text = format_count(n)
    if printed is not None:
        assert text == printed
    assert evaluate(text) == n
    assert len(text) <= len(str(n))


def test_large_multiplicity_is_short():
    n = F(200) // (F(50) * F(70) * F(80))
    text = format_count(n)
    assert evaluate(text) == n and len(text) < 40 and re.search(r"!", text)


def test_format_count_rejects_non_counts():
    for bad in (-1, 1.5, True):
        with pytest.raises(TypeError):
            format_count(bad)


def test_summarize():
    assert summarize("short", 10) == "short"
    assert summarize("x" * 50, 10, "see --json") == "x" * 10 + "... (40 more characters; see --json)"
