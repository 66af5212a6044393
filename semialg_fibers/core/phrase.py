r"""Phrases: the words and small formulas with which algorithms describe what they found.

A phrase is a tuple of plain strings and :class:`Math` parts (a formula with
its plain-text spelling).  Algorithms build phrases (the pattern of a fiber
component, a first-layer family) and keep them in their values;
:func:`phrase_text` spells a phrase for a terminal and :func:`phrase_latex`
for LaTeX text mode, words escaped by :func:`escape_text`.  They live in
``core`` because the algorithms use them; :mod:`semialg_fibers.render.latex`
re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Math", "escape_text", "phrase_text", "phrase_latex"]

_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "%": r"\%",
            "#": r"\#", "_": r"\_\allowbreak{}", "^": r"\^{}", "~": r"\~{}", "<": r"\textless{}",
            ">": r"\textgreater{}", "|": r"\textbar{}",
            # the few non-ASCII characters our texts use, spelled for the default OT1 encoding
            "\u2264": r"$\leq$", "\u2265": r"$\geq$", "\u2260": r"$\neq$", "\u2212": "-", "\u2013": "--",
            "\u2014": "---", "\u2019": "'", "\u00b7": r"$\cdot$", "\u00d7": r"$\times$", "\u2026": r"\ldots{}",
            "\u03bb": r"$\lambda$", "\u03b8": r"$\theta$", "\u2208": r"$\in$", "\u2192": r"$\to$",
            "\u00fa": r"\'u", "\u00e9": r"\'e", "\u00e8": r"\`e", "\u00f6": r'\"o', "\u00fc": r'\"u'}


def escape_text(text) -> str:
    r"""``text`` as LaTeX text mode: special characters escaped, breaks allowed after underscores.

    Characters outside ASCII and the table above become ``?``.

    >>> escape_text("v_i = 0: 50% of {a, b} & c")
    'v\\_\\allowbreak{}i = 0: 50\\% of \\{a, b\\} \\& c'
    >>> escape_text("t >= -3/2, Mont\u00fafar")
    "t \\textgreater{}= -3/2, Mont\\'ufar"
    """
    return "".join(_ESCAPES.get(ch, ch if ch.isascii() else "?") for ch in str(text))


@dataclass(frozen=True)
class Math:
    """A mathematical part of a phrase: its LaTeX (math mode) and its plain-text spelling.

    Phrases are tuples of plain strings and :class:`Math` parts; :func:`phrase_text`
    and :func:`phrase_latex` render them for terminals and for LaTeX.

    >>> phrase = ("kink line ", Math(r"\\ell_{1}", "L1"), " is flipped")
    >>> phrase_text(phrase), phrase_latex(phrase)
    ('kink line L1 is flipped', 'kink line $\\\\ell_{1}$ is flipped')
    """

    latex: str
    text: str


def phrase_text(parts) -> str:
    """Plain text of a phrase (strings and :class:`Math` parts)."""
    return "".join(p.text if isinstance(p, Math) else str(p) for p in parts)


def phrase_latex(parts) -> str:
    """Text-mode LaTeX of a phrase: strings escaped, math parts in ``$...$``."""
    return "".join(f"${p.latex}$" if isinstance(p, Math) else escape_text(p) for p in parts)
