r"""The plain-text notation of the library's messages, typeset: ``b1_1 += t`` becomes ``$b^{(1)}_{1} \mapsto ...$``.

Algorithms describe what they found in sentences written for a terminal
(``W2[j, 1]``, ``b1_1``, ``t >= -1/2``, ``R^n1``, ``H . theta``); documents
need them as mathematics.  :func:`prose_latex` finds the formulas in such a
sentence and sets each in math mode, with the notation of the papers
(``W^{(l)}_{j,i}``, ``b^{(l)}_i``, ``\geq``, ``\mathbb{R}^{n_1}``), and
escapes the words.  Every index in these sentences is already 1-based (the
messages are written for people), so no index is shifted here.

A sentence is cut into tokens; a *formula* is a maximal run of formula
tokens (a parameter, a relation, a variable with a subscript, a single-letter
variable, ``theta``, a blackboard set) joined by numbers, operators,
brackets and single spaces.  Everything else stays a word.  The output is
LaTeX text mode (``amsmath`` and ``amssymb``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.phrase import escape_text

__all__ = ["prose_latex", "parameter_name_latex", "abbreviated_latex"]

_PARAM = r"(?P<param>\b(?P<pw>W|b)(?P<pl>[1-9])(?:\[(?P<pidx>[^\]\[]{1,20})\]|_\{?(?P<psub>[A-Za-z0-9]{1,6})\}?)?(?![A-Za-z0-9]))"
_BB = r"(?P<bb>\b(?P<bbset>[QRZN])\^\{?(?P<bbexp>[A-Za-z0-9]{1,6})\}?)"
_ZMOD = r"(?P<zmod>\(Z/2\)\^\{?(?P<zexp>[0-9A-Za-z]{1,6})\}?)"
_SUBVAR = r"(?P<subvar>\b(?P<sv>[A-Za-z])_\{?(?P<svsub>[A-Za-z0-9]{1,6})\}?(?P<svstar>\*)?(?![A-Za-z0-9]))"
_NVAR = r"(?P<nvar>\bn(?P<nsub>[1-9])\b)"
_GREEK = r"(?P<greek>\b(?:theta|lambda|mu|delta|gamma|rho)\b'?)"
_FUNC = r"(?P<func>\b(?:ncr|rank|dim|diag|span)(?=\())"
_SUM = r"(?P<sum>\bsum_\{?(?P<sumsub>[A-Za-z0-9]{1,6})\}?)"
_REL = r"(?P<rel><-|\+=|-=|>=|<=|!=|==|=|<|>)"
_VAR = r"(?P<var>(?<![A-Za-z][A-Za-z]\()(?<![A-Za-z]')\b(?P<v>[b-zA-HJ-Z])(?P<vstar>\*|')?(?![A-Za-z0-9_]))"
_NUM = r"(?P<num>\b\d+(?:/\d+)?\b)"

#: A number of the prose with more digits than this is shown cut (:func:`abbreviated_latex`); values keep every digit.
PROSE_DIGITS = 30
_LONG_NUMBER = re.compile(r"\b\d+(?:/\d+)?\b")


def abbreviated_latex(v: Fraction, digits: int = 6) -> str:
    r"""A long exact number cut to ``digits`` significant digits, in math mode, with a marker that it is cut.

    Exact at any size (no float of the whole number, which overflows beyond ``1e308``).

    >>> print(abbreviated_latex(Fraction(10**400 * 5, 3)))
    1.66667\ldots \times 10^{400}
    >>> print(abbreviated_latex(Fraction(-2, 3)))
    -0.666667\ldots
    """
    v = Fraction(v)
    if not v:
        return "0"
    sign, a = ("-" if v < 0 else ""), abs(v)
    exponent = len(str(a.numerator)) - len(str(a.denominator))
    mantissa = a / Fraction(10) ** exponent
    if mantissa < 1:  # the digit counts overestimate by at most one
        mantissa, exponent = mantissa * 10, exponent - 1
    if -4 <= exponent <= 5:  # as the format "g" does: positional in this range
        text = f"{float(a):.{digits}g}"
        return f"{sign}{text}\\ldots"
    return f"{sign}{float(mantissa):.{digits}g}\\ldots \\times 10^{{{exponent}}}"


def _long(text: str) -> bool:
    return sum(c.isdigit() for c in text) > PROSE_DIGITS


def _text_latex(segment: str) -> str:
    """Escaped text, its long numbers cut (in math mode)."""
    return _LONG_NUMBER.sub(lambda m: f"${abbreviated_latex(Fraction(m.group(0)))}$" if _long(m.group(0))
                            else m.group(0), escape_text(segment))
_GLUE = r"(?P<glue> \. |[-+*/.|(),\[\]{}^]| (?! ))"
_TOKEN = re.compile("|".join((_ZMOD, _PARAM, _BB, _SUM, _SUBVAR, _NVAR, _GREEK, _FUNC, _REL, _VAR, _NUM, _GLUE)))

_RELATION = {"<-": r"\leftarrow", "+=": r"\mathrel{+}=", "-=": r"\mathrel{-}=", ">=": r"\geq", "<=": r"\leq", "!=": r"\neq",
             "==": "=", "=": "=", "<": "<", ">": ">"}
_GREEK_LATEX = {"theta": r"\theta", "lambda": r"\lambda", "mu": r"\mu", "delta": r"\delta", "gamma": r"\gamma",
                "rho": r"\rho"}
_BB_LATEX = {"Q": r"\mathbb{Q}", "R": r"\mathbb{R}", "Z": r"\mathbb{Z}", "N": r"\mathbb{N}"}


def _index(text: str) -> str:
    """``n1`` is ``n_1`` in an index or exponent; other names as they are."""
    return re.sub(r"\bn([1-9])\b", r"n_{\1}", text)


def parameter_name_latex(kind: str, layer: int | str, index: str = "") -> str:
    r"""``W^{(l)}_{index}`` or ``b^{(l)}_{index}``: the notation of the papers for a parameter (math mode).

    >>> parameter_name_latex("W", 2, "j,1"), parameter_name_latex("b", 1, "1"), parameter_name_latex("W", 3)
    ('W^{(2)}_{j,1}', 'b^{(1)}_{1}', 'W^{(3)}')
    """
    base = f"{kind}^{{({layer})}}"
    return base + (f"_{{{index}}}" if index else "")


def _math_token(m: re.Match) -> str:
    kind = m.lastgroup
    text = m.group(0)
    if kind == "param":
        index = m.group("pidx") or m.group("psub") or ""
        index = ",".join(r"\cdot" if part.strip() == ":" else part.strip() for part in index.split(","))
        return parameter_name_latex(m.group("pw"), m.group("pl"), _index(index))
    if kind == "bb":
        return f"{_BB_LATEX[m.group('bbset')]}^{{{_index(m.group('bbexp'))}}}"
    if kind == "zmod":
        return rf"(\mathbb{{Z}}/2)^{{{_index(m.group('zexp'))}}}"
    if kind == "subvar":
        return f"{m.group('sv')}_{{{_index(m.group('svsub'))}}}" + ("^{*}" if m.group("svstar") else "")
    if kind == "sum":
        return rf"\sum_{{{m.group('sumsub')}}}"
    if kind == "nvar":
        return f"n_{{{m.group('nsub')}}}"
    if kind == "greek":
        prime = "'" if text.endswith("'") else ""
        return _GREEK_LATEX[text.rstrip("'")] + prime
    if kind == "func":
        return rf"\operatorname{{{text}}}"
    if kind == "rel":
        return " " + _RELATION[text] + " "
    if kind == "var":
        star = m.group("vstar") or ""
        return m.group("v") + ("^{*}" if star == "*" else star)
    if kind == "num":
        return abbreviated_latex(Fraction(text)) if _long(text) else text
    # glue
    return {"*": r"\,", ".": r" \cdot ", " . ": r" \cdot ", "|": r" \mid ", "{": r"\{", "}": r"\}", " ": " ", "^": "^"}.get(text, text)


_ANCHORS = {"sum", "param", "bb", "zmod", "subvar", "nvar", "greek", "func", "rel", "var"}


def _depth(tokens) -> int:
    return sum(1 if m.group(0) in "([{" else -1 if m.group(0) in ")]}" else 0 for m in tokens if m.lastgroup == "glue")


def _balanced(tokens) -> bool:
    depth = 0
    for m in tokens:
        t = m.group(0)
        if t in "([{" and m.lastgroup == "glue":
            depth += 1
        elif t in ")]}" and m.lastgroup == "glue":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


_LIST = re.compile(r"\b(?P<word>[Nn]eurons?|[Rr]ows?|[Cc]olumns?) \[(?P<items>\d+(?:, \d+)*)\]")
_FUNCTION_PREFIX = re.compile(r"(?:(?<=^)|(?<=; )|(?<=decided: ))[a-z]+(?:_[a-z]+)+: ")


def _words(text: str) -> str:
    """A message read as a sentence: ``neurons [1, 2]`` is "neurons 1 and 2", a leading ``is_identifiable: `` goes,
    ``N - hidden`` is ``N - h`` (explained at its first occurrence)."""
    def listed(m: re.Match) -> str:
        items = m.group("items").split(", ")
        return m.group("word") + " " + (items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1])

    text = _FUNCTION_PREFIX.sub("", _LIST.sub(listed, text))
    # the bound of the functional dimension, named once
    text = re.sub(r"\bN - hidden( = \d+)?", r"N - h\1 (N parameters, h hidden neurons)", text, count=1)
    return re.sub(r"\bN - hidden\b", "N - h", text)


def prose_latex(text: str) -> str:
    r"""A sentence of the library's plain-text notation in LaTeX text mode, its formulas in math mode.

    >>> print(prose_latex("b1_1 += t, b2_j -= W2[j, 1] t on the hiding rows"))
    $b^{(1)}_{1} \mathrel{+}= t$, $b^{(2)}_{j} \mathrel{-}= W^{(2)}_{j,1} t$ on the hiding rows
    >>> print(prose_latex("t >= -1/2 (closed half-line)"))
    $t \geq -1/2$ (closed half-line)
    >>> print(prose_latex("W1 has full row rank n1 (first layer onto R^n1)"))
    $W^{(1)}$ has full row rank $n_{1}$ (first layer onto $\mathbb{R}^{n_{1}}$)
    >>> print(prose_latex("a permutation of the 3 neurons, 50% of a_i"))
    a permutation of the 3 neurons, 50\% of $a_{i}$
    >>> print(prose_latex("the line moves freely (s(z) - s(-z) = z when both orientations occur)"))
    the line moves freely ($s(z) - s(-z) = z$ when both orientations occur)
    >>> print(prose_latex("is_identifiable: neurons [1, 2] share the line's offset; is_identifiable: rows [3]"))
    neurons 1 and 2 share the line's offset; rows 3
    >>> print(prose_latex("Not decided: is_identifiable: no mechanism applies"))
    Not decided: no mechanism applies
    >>> print(prose_latex("a row b (N parameters)"))
    a row $b$ ($N$ parameters)
    >>> print(prose_latex("functional dimension 24 = N - hidden, the 3 = signs"))
    functional dimension $24 = N - h$ ($N$ parameters, $h$ hidden neurons), the 3 = signs
    >>> print(prose_latex("a weight " + "7" * 40 + " and " + "3" * 35 + "/2 units"))
    a weight $7.77778\ldots \times 10^{39}$ and $1.66667\ldots \times 10^{34}$ units
    """
    text = _words(str(text))
    tokens = list(_TOKEN.finditer(text))
    out: list[str] = []
    position = 0
    i = 0
    while i < len(tokens):
        m = tokens[i]
        if m.lastgroup not in _ANCHORS:
            i += 1
            continue
        # extend the run backwards over attached glue ("(" "-" "[") and forwards over formula tokens and glue
        start = i
        while (start > 0 and tokens[start - 1].end() == tokens[start].start()
               and tokens[start - 1].group(0) in "(-[{" and tokens[start - 1].start() >= position
               and not (tokens[start - 1].start() > 0 and text[tokens[start - 1].start() - 1].isalnum())):
            start -= 1
        end = i + 1
        while end < len(tokens) and tokens[end].start() == tokens[end - 1].end():
            t = tokens[end]
            if t.group(0) == ",":
                # a comma continues a formula only inside brackets
                depth = sum(1 if x.group(0) in "([{" else -1 if x.group(0) in ")]}" else 0
                            for x in tokens[start:end] if x.lastgroup == "glue")
                if depth <= 0:
                    break
            if t.group(0) == " " and end + 1 < len(tokens) and tokens[end + 1].start() != t.end():
                break
            if t.group(0) == " " and end + 1 < len(tokens) and tokens[end + 1].lastgroup == "glue" \
                    and tokens[end + 1].group(0) in "(.":
                # "row (..." or "t. Next" or "x: words": the formula ends before the space
                if tokens[end + 1].group(0) != "(" or end + 2 >= len(tokens) \
                        or tokens[end + 2].lastgroup not in _ANCHORS | {"num"}:
                    break
            end += 1
        # trim what cannot end a formula: spaces, commas, periods, colons, opening brackets, operators
        while end - 1 > start and (tokens[end - 1].group(0) in " ,.:([{+-*/|^"
                                   and tokens[end - 1].lastgroup == "glue"):
            end -= 1
        while end - 1 > start and not _balanced(tokens[start:end]):
            if tokens[start].lastgroup == "glue" and tokens[start].group(0) in "([{" and _depth(tokens[start:end]) > 0:
                start += 1
            else:
                end -= 1
        # cut back to balance, the run may end in a space again ("b (N ..."): it stays a word's
        while end - 1 > start and (tokens[end - 1].group(0) in " ,.:([{+-*/|^"
                                   and tokens[end - 1].lastgroup == "glue"):
            end -= 1
        if (end - start > 1 and tokens[start].lastgroup == "rel" and start >= 2 and tokens[start - 1].group(0) == " "
                and tokens[start - 2].lastgroup == "num" and tokens[start - 2].end() == tokens[start - 1].start()
                and tokens[start - 2].start() >= position):
            start -= 2  # "24 = N": the number before a relation is its left side
        if not _balanced(tokens[start:end]) or (end - start == 1 and tokens[start].lastgroup == "rel") \
                or tokens[start].start() < position:
            i = max(end, i + 1)
            continue
        run = tokens[start:end]
        # a lone single letter between words ("row w" is math, but "x" in "2 x 3" too): keep the letter
        out.append(_text_latex(text[position:run[0].start()]))
        body = "".join(_math_token(t) for t in run)
        body = re.sub(r" {2,}", " ", body).strip()
        if len(body) > 40:  # a long tuple may break after its commas (inline math breaks only at operators)
            body = body.replace(", ", r",\allowbreak ")
        out.append(f"${body}$")
        position = run[-1].end()
        i = max(end, i + 1)
    out.append(_text_latex(text[position:]))
    return "".join(out)
