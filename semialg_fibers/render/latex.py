r"""The one LaTeX module: formulas, breakable displays, fiber sections and standalone documents.

Two kinds of output, and every function says which it returns:

* **math mode** (a formula, to be put inside ``$...$`` or ``\[...\]``):
  :func:`expression_latex`, :func:`constraint_latex`, :func:`basic_set_latex`
  (set-builder notation, ``\mathbb{R}`` needs ``amssymb``), :func:`union_latex`,
  :func:`component_latex`, :func:`network_latex`.  Jupyter shows these
  (``_repr_latex_``); they do not break across lines.
* **text mode** (paragraphs and displays, to be pasted into the body of any
  document that loads ``amsmath``): :func:`network_block`,
  :func:`component_block`, :func:`fiber_latex`, :func:`value_latex`, and the
  whole :func:`document`.  Words are escaped (:func:`escape_text`), every
  symbol sits in math mode, and long systems break: relations are packed in
  columns of ``align*`` environments (inside a group with
  ``\allowdisplaybreaks``, so they break across pages), a relation too wide
  for one line is split after a term, and matrices too large for the page are
  summarized in words instead of printed.

Widths are estimated from the LaTeX source (:func:`math_width`, a conservative
count of glyph widths in points at 10pt) against :data:`LINE_WIDTH`, chosen to
fit the 345pt text width of the default ``article``; the tests compile every
kind of fiber with ``pdflatex`` and check the log for errors and overfull boxes.

SymPy's ``latex()`` renders single expressions only; ``And``/``Or`` would
reorder constraints, so the set-builder printer here is our own and keeps the
canonical order of :class:`~semialg_fibers.core.semialgebraic.BasicSet`.
Renderers only read values; nothing here computes.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math  # noqa: F401 (used by the doctests)
import re
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ..core.components import Fiber, FiberComponent
from ..core.expressions import as_expression
from ..core.network import Network
from ..core.phrase import Math, escape_text, phrase_latex, phrase_text
from ..core.printing import Printable
from ..core.progress import task
from ..core.results import EquivalenceResult, FiberStatus
from ..core.semialgebraic import BasicSet, PolynomialConstraint, SemialgebraicSet
from ..core.symbols import parameter_coordinates
from ..core.symmetries import Symmetry, VectorField
from ..shallow.genericity import GenericityReport
from .prose import abbreviated_latex, prose_latex
from .report import NetworkReport
from .text import ordered_terms

__all__ = [
    "LINE_WIDTH",
    "Math",
    "escape_text",
    "phrase_text",
    "phrase_latex",
    "math_width",
    "expression_latex",
    "ordered_terms",
    "constraint_latex",
    "basic_set_latex",
    "union_latex",
    "component_latex",
    "network_latex",
    "network_block",
    "basic_set_block",
    "cut_entries_latex",
    "digits_latex",
    "long_numbers_latex",
    "linear_fractions_latex",
    "has_long_number",
    "breakable_latex",
    "component_block",
    "fiber_latex",
    "fiber_latex_inline",
    "vector_field_latex",
    "symmetry_latex",
    "value_latex",
    "fields_latex",
    "document",
    "equations_document",
    "orbit_form",
    "is_large",
    "SUMMARY_PARAMETERS",
    "SUMMARY_COMPONENTS",
    "to_latex",
    "to_latex_display",
    "DISPLAY_PARAMETERS",
]

#: Width budget (points) of one display line: the default ``article`` text width is 345pt.
LINE_WIDTH = 320.0
#: Matrices with more rows or columns than this are summarized, not printed (``bmatrix`` allows 10 columns).
MATRIX_MAX = 10

_REL = {"==": "=", "!=": r"\neq", ">": ">", ">=": r"\geq", "<": "<", "<=": r"\leq"}
_REVERSED = {">": "<", ">=": r"\leq"}


# ---------------------------------------------------------------------------- widths
# Conservative glyph widths (points, 10pt Computer Modern, display style); tests compile the output.
_COMMAND_WIDTH = {
    "geq": 13.9, "leq": 13.9, "neq": 13.9, "in": 12.5, "cdot": 8.0, "cup": 11.0, "top": 8.0,
    "quad": 10.0, "qquad": 20.0, ",": 1.7, ";": 2.8, ":": 2.2, " ": 3.4, "!": -1.7, "exists": 6.0,
    "emptyset": 5.5, "ldots": 13.5, "dots": 13.5, "mid": 8.4, "to": 15.6, "times": 13.5, "allowbreak": 0.0,
}
_CHAR_WIDTH = {"=": 13.9, "<": 13.9, ">": 13.9, "+": 12.5, "-": 12.5, "(": 4.0, ")": 4.0, "[": 3.0,
               "]": 3.0, ",": 4.5, ".": 2.8, ";": 4.5, ":": 5.6, "|": 3.0, "/": 5.0, "'": 3.0}
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[{}^_&]|[^\\{}^_&]")


def _group(tokens: list, i: int) -> tuple[list, int]:
    """The tokens of the group starting at ``tokens[i]`` (a braced group or one token) and the next index."""
    if i >= len(tokens):
        return [], i
    if tokens[i] != "{":
        return [tokens[i]], i + 1
    depth, j = 1, i + 1
    while j < len(tokens) and depth:
        depth += {"{": 1, "}": -1}.get(tokens[j], 0)
        j += 1
    return tokens[i + 1:j - 1], j


def _width(tokens: list) -> float:
    total, i = 0.0, 0
    while i < len(tokens):
        t = tokens[i]
        if t in ("^", "_"):
            # a sub- and a superscript on one base stack: count the wider one
            group, i = _group(tokens, i + 1)
            script = 0.72 * _width(group)
            if i < len(tokens) and tokens[i] in ("^", "_") and tokens[i] != t:
                group2, i = _group(tokens, i + 1)
                script = max(script, 0.72 * _width(group2))
            total += script
            continue
        if t == "{":
            group, i = _group(tokens, i)
            total += _width(group)
            continue
        i += 1
        if t in ("}", "&"):
            continue
        if t.startswith("\\"):
            name = t[1:]
            if name in ("frac", "dfrac", "tfrac"):
                num, i = _group(tokens, i)
                den, i = _group(tokens, i)
                total += max(_width(num), _width(den)) + 3.0
            elif name in ("left", "right", "bigl", "bigr", "Bigl", "Bigr"):
                total += 5.0
                i += 1  # the delimiter
            elif name in ("text", "mathrm", "operatorname", "textbf", "mathbf"):
                group, i = _group(tokens, i)
                total += 5.6 * len([g for g in group if not g.startswith("\\")])
            elif name in ("mathbb", "tilde", "hat", "bar", "boldsymbol", "displaystyle", "textstyle"):
                continue
            elif name == "\\":
                continue
            else:
                total += _COMMAND_WIDTH.get(name, 6.5)
        elif t.isspace():
            continue
        elif t.isupper():
            total += 8.5 if t not in "WM" else 11.5
        elif t.isdigit():
            total += 5.0
        elif t.isalpha():
            total += 5.8
        else:
            total += _CHAR_WIDTH.get(t, 6.0)
    return total


def math_width(latex: str) -> float:
    r"""Estimated width in points of a math-mode string (display style, 10pt; on the wide side).

    >>> 40 < math_width(r"W^{(1)}_{1,1} = \frac{1}{\gamma_{1}}") < 60
    True
    """
    # long numbers are measured as printed: in groups of three digits (long_numbers_latex)
    return 1.08 * _width(_TOKEN.findall(long_numbers_latex(latex)))


# ---------------------------------------------------------------------------- math-mode formulas
def _sum_latex(terms) -> str:
    out = ""
    for t in terms:
        piece = sympy.latex(t)
        if not out:
            out = piece
        elif piece.startswith("-"):
            out += " - " + piece[1:].lstrip()
        else:
            out += " + " + piece
    return out


def expression_latex(expr) -> str:
    """LaTeX of one SymPy expression (lex order of terms, indices as numbers), math mode; strings are parsed.

    Strings are parsed, never evaluated.

    >>> x = sympy.Symbol("x"); expression_latex(x**2 / 2 - 1)
    '\\\\frac{x^{2}}{2} - 1'
    >>> expression_latex("x^2/2 - 1")
    '\\\\frac{x^{2}}{2} - 1'
    """
    expr = as_expression(expr, "expression")
    terms = ordered_terms(expr) if expr.is_Add else None
    if terms is None or list(terms) == list(expr.as_ordered_terms(order="lex")):
        return sympy.latex(expr, order="lex")
    return _sum_latex(terms)


def _terms_expr(terms, gens) -> sympy.Expr:
    return sympy.Add(*[sympy.Rational(c.numerator, c.denominator) * sympy.Mul(*[g**e for g, e in zip(gens, m) if e])
                       for m, c in terms])


def _constraint_sides(c) -> tuple:
    """``(left expression, relation LaTeX, right expression)`` of a constraint, as :func:`constraint_latex` writes it."""
    if c.is_constant:
        return sympy.Integer(0), _REL[c.relation], sympy.Integer(0)
    positive = [(m, v) for m, v in c.terms if v > 0 and any(m)]
    negative = [(m, v) for m, v in c.terms if v < 0 and any(m)]
    constant = [(m, v) for m, v in c.terms if not any(m)]
    relation = _REL[c.relation]
    if not positive and c.relation in _REVERSED:
        # -q + k > 0  is written  q < k
        left_terms = [(m, -v) for m, v in negative]
        right_terms = constant
        relation = _REVERSED[c.relation]
    else:
        left_terms = positive
        right_terms = [(m, -v) for m, v in negative + constant]
    left = _terms_expr(left_terms, c.gens) if left_terms else sympy.Integer(0)
    right = _terms_expr(right_terms, c.gens) if right_terms else sympy.Integer(0)
    return left, relation, right


def constraint_latex(c, align: bool = False) -> str:
    r"""LaTeX of a normalized constraint as ``left REL right``, both sides without minus signs where possible (math mode).

    Nonconstant terms with positive coefficients go left, the others (and
    the constant) right; an inequality without positive nonconstant terms is
    written with ``<``/``\leq``.  With ``align=True`` an ``&`` precedes the
    relation (for ``aligned``).

    >>> from semialg_fibers.core.semialgebraic import constraint
    >>> x, y = sympy.symbols("x y", real=True)
    >>> constraint_latex(constraint(x - 2 * y, "=="))
    'x = 2 y'
    >>> constraint_latex(constraint(x * y, "==", -2))
    'x y = -2'
    >>> constraint_latex(constraint(-x, ">"))
    'x < 0'
    >>> constraint_latex(constraint(1 - x**2 - y**2, ">"))
    'x^{2} + y^{2} < 1'
    >>> constraint_latex(constraint(x**2 + 1, ">="), align=True)
    'x^{2} &\\geq -1'
    """
    left, relation, right = _constraint_sides(c)
    amp = "&" if align else ""
    return f"{expression_latex(left)} {amp}{relation} {expression_latex(right)}"


def _point_name(variables) -> str:
    if variables and all(parameter_coordinates(v) is not None for v in variables):
        return r"\theta"
    return r"\left(" + ", ".join(sympy.latex(v) for v in variables) + r"\right)"


def basic_set_latex(basic, point_name: str | None = None) -> str:
    r"""Set-builder LaTeX of a :class:`~semialg_fibers.core.semialgebraic.BasicSet` (math mode, one formula).

    The point is called ``\theta`` when the variables are network parameters,
    otherwise the tuple of variables (override with ``point_name``).  For long
    sets in a document use :func:`basic_set_block`, which breaks.

    >>> from semialg_fibers.core.semialgebraic import BasicSet
    >>> x, y = sympy.symbols("x y", real=True)
    >>> print(basic_set_latex(BasicSet((x, y), [(y, ">", x), (x + y, "==", 1)])))
    \left\{ \left(x, y\right) \in \mathbb{R}^{2} : \begin{aligned} x + y &= 1, \\ y &> x \end{aligned} \right\}
    """
    if basic.is_trivially_empty:
        return r"\emptyset"
    name = point_name if point_name is not None else _point_name(basic.variables)
    head = f"{name} \\in \\mathbb{{R}}^{{{len(basic.variables)}}}"
    lines = []
    if basic.parametrization is not None:
        for var, expr in zip(basic.variables, basic.parametrization):
            lines.append(f"{sympy.latex(var)} &= {expression_latex(expr)}")
    lines.extend(constraint_latex(c, align=True) for c in basic.constraints)
    if not lines:
        return f"\\mathbb{{R}}^{{{len(basic.variables)}}}"
    exists = ""
    if basic.auxiliary:
        exists = r"\exists\, " + ", ".join(sympy.latex(a) for a in basic.auxiliary) + r" \in \mathbb{R} :\ "
    body = r"\begin{aligned} " + r", \\ ".join(lines) + r" \end{aligned}"
    return f"\\left\\{{ {head} : {exists}{body} \\right\\}}"


def union_latex(semialgebraic_set) -> str:
    r"""The pieces joined by ``\cup`` (``\emptyset`` for no pieces), math mode."""
    pieces = [basic_set_latex(p) for p in semialgebraic_set.pieces]
    return r" \cup ".join(pieces) if pieces else r"\emptyset"


def component_latex(component) -> str:
    """Parametrized set of a component, followed by ``= implicit form`` when known (math mode, one formula)."""
    if component.is_implicit_only:
        return basic_set_latex(component.implicit)
    text = basic_set_latex(component.as_set())
    if component.implicit is not None:
        text += " = " + basic_set_latex(component.implicit)
    return text


def _rational(v: Fraction) -> sympy.Rational:
    return sympy.Rational(v.numerator, v.denominator)


#: In a summary, exact entries with more digits than this are abbreviated to 6 significant digits.
LONG_DIGITS = 12


def _is_long(v: Fraction) -> bool:
    v = Fraction(v)
    return len(str(abs(v.numerator))) + len(str(v.denominator)) > LONG_DIGITS


def _abbreviated(v: Fraction) -> str:
    """``1.67256\\ldots``: a long exact number cut to 6 significant digits (a marker that it is cut)."""
    return abbreviated_latex(v)


def _matrix_latex(rows, abbreviate: bool = False) -> str:
    if abbreviate and any(_is_long(v) for row in rows for v in row):
        body = r" \\ ".join(" & ".join(_abbreviated(v) if _is_long(v) else sympy.latex(_rational(v)) for v in row)
                             for row in rows)
        return r"\begin{bmatrix}" + body + r"\end{bmatrix}"
    return sympy.latex(sympy.Matrix([[_rational(v) for v in row] for row in rows]), mat_str="bmatrix", mat_delim="")


def network_latex(network) -> str:
    r"""``W^{(1)} = [...],\ b^{(1)} = [...], ...`` with exact rational entries (math mode, every entry).

    >>> from semialg_fibers.core.network import Network
    >>> network_latex(Network.from_layers([([[1], ["-1/2"]], [0, 1]), ([[1, 1]], [0])]))
    'W^{(1)} = \\begin{bmatrix}1\\\\- \\frac{1}{2}\\end{bmatrix},\\ b^{(1)} = \\begin{bmatrix}0\\\\1\\end{bmatrix},\\
    W^{(2)} = \\begin{bmatrix}1 & 1\\end{bmatrix},\\ b^{(2)} = \\begin{bmatrix}0\\end{bmatrix}'
    """
    parts = []
    for index, layer in enumerate(network.layers, start=1):
        parts.append(f"W^{{({index})}} = " + _matrix_latex(layer.weight))
        parts.append(f"b^{{({index})}} = " + _matrix_latex([[v] for v in layer.bias]))
    return r",\ ".join(parts)


# ---------------------------------------------------------------------------- breakable displays
def _signed_terms(expr) -> list[str]:
    """The terms of a sum as LaTeX pieces: the first as printed, the others with their operator (``+ t``, ``- t``)."""
    expr = as_expression(expr, "expression")
    terms = ordered_terms(expr)
    out = []
    for t in terms:
        s = sympy.latex(t)
        if out:  # sympy prints a negative integer as "-1", a negative product as "- x"
            s = "- " + s[1:].lstrip() if s.startswith("-") else "+ " + s
        out.append(s)
    return out


def _side_terms(expr, width: float) -> list[str]:
    """Pieces of one side of a relation; a quotient too wide for a line becomes ``(1/den) (num terms)``."""
    pieces = _signed_terms(expr)
    expr = as_expression(expr, "expression")
    if len(pieces) == 1 and math_width(pieces[0]) > width and not expr.is_Add:
        num, den = expr.as_numer_denom()
        if den != 1 and num.is_Add:
            inner = _signed_terms(num)
            inner[0] = r"\frac{1}{" + sympy.latex(den) + r"} \bigl(" + inner[0]
            inner[-1] += r"\bigr)"
            return inner
    return pieces


@dataclass(frozen=True)
class _Relation:
    """``left REL right`` as term pieces, for layout."""

    left: tuple
    relation: str
    right: tuple

    def one_line(self) -> tuple[str, str]:
        return " ".join(self.left), f"{self.relation} " + " ".join(self.right)

    def width(self) -> float:
        left, right = self.one_line()
        return math_width(left) + math_width(right)


def _flow(pieces: list, width: float, first_indent: float = 0.0) -> list[str]:
    """Greedy line filling of term pieces; every line after the first is indented by a quad."""
    lines, current, used = [], [], first_indent
    for piece in pieces:
        w = math_width(piece)
        if current and used + w > width:
            lines.append(" ".join(current))
            current, used = [], 10.0
        current.append(piece)
        used += w
    if current:
        lines.append(" ".join(current))
    return lines


def _relation_rows(rel: _Relation, width: float, punct: str) -> list[str]:
    """Rows of an ``align*`` (one ``&`` each) showing a relation too wide for one line."""
    left = " ".join(rel.left)
    lw = math_width(left)
    if lw <= 0.4 * width:
        # left side fits: "left &= r1 + r2 \\ &\quad + r3"
        right = _flow([rel.relation + " " + rel.right[0], *rel.right[1:]], width - lw)
        rows = [f"{left} &{right[0]}"] + [rf"&\quad {r}" for r in right[1:]]
    else:
        # everything flows in the second column
        pieces = list(rel.left) + [rel.relation + " " + rel.right[0], *rel.right[1:]]
        lines = _flow(pieces, width)
        rows = [f"&{lines[0]}"] + [rf"&\quad {r}" for r in lines[1:]]
    rows[-1] += punct
    return rows


#: Numbers with more digits than this are printed in groups of three that may break (:func:`digits_latex`).
GROUP_DIGITS = 20
_DIGIT_RUN = re.compile(rf"(?<![0-9])[0-9]{{{GROUP_DIGITS + 1},}}(?![0-9])")
#: What joins the digit groups of a long number: a thin space and a permitted line break.
DIGIT_BREAK = r"\,\allowbreak "


def digits_latex(digits: str) -> str:
    r"""The digits of a long number in groups of three from the right, joined by :data:`DIGIT_BREAK` (math mode).

    Every digit is printed; removing ``DIGIT_BREAK`` gives the digits back.

    >>> print(digits_latex("1234567"))
    1\,\allowbreak 234\,\allowbreak 567
    """
    head = len(digits) % 3 or 3
    return DIGIT_BREAK.join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])


def long_numbers_latex(latex: str) -> str:
    r"""A math-mode string with every number of more than :data:`GROUP_DIGITS` digits in breakable groups.

    >>> long_numbers_latex("x = " + "1" * 22) == "x = 1" + r"\,\allowbreak 111" * 7
    True
    >>> long_numbers_latex(r"\lambda_{12} = 3")
    '\\lambda_{12} = 3'
    """
    return _DIGIT_RUN.sub(lambda m: digits_latex(m.group(0)), latex)


def _braced(text: str, i: int) -> tuple[str, int]:
    """The contents of the braced group opening at ``text[i]`` and the index after its closing brace."""
    depth, j = 0, i
    while j < len(text):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        j += 1
        if depth == 0:
            break
    return text[i + 1:j - 1], j


def _top_level(text: str, pattern: str) -> bool:
    """True when ``pattern`` occurs in ``text`` outside braces and brackets."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif depth == 0 and text.startswith(pattern, i):
            return True
    return False


def linear_fractions_latex(latex: str) -> str:
    r"""``\frac{a}{b}`` written ``a / b`` where ``a`` or ``b`` has a long number (a fraction's parts cannot break).

    Inside and outside, other fractions stay; a sum or product gets parentheses where the slash needs them.

    >>> n = "7" * 25
    >>> print(linear_fractions_latex(r"\frac{3 \lambda_{2}}{" + n + r"} + \frac{1}{2}") == "3 \\lambda_{2} / " + n
    ...       + r" + \frac{1}{2}")
    True
    >>> print(linear_fractions_latex(r"\frac{x + 1}{" + n + r" y}") == "(x + 1) / (" + n + " y)")
    True
    """
    out, i = [], 0
    while True:
        j = latex.find(r"\frac{", i)
        if j < 0:
            out.append(latex[i:])
            return "".join(out)
        out.append(latex[i:j])
        numerator, k = _braced(latex, j + len(r"\frac"))
        denominator, k = _braced(latex, k)
        numerator, denominator = linear_fractions_latex(numerator), linear_fractions_latex(denominator)
        if _DIGIT_RUN.search(numerator) or _DIGIT_RUN.search(denominator):
            # plain parentheses: \left...\right would make one unbreakable box of the long number
            if _top_level(numerator, " + ") or _top_level(numerator, " - ") or numerator.startswith("-"):
                numerator = f"({numerator})"
            if not denominator.isdigit():
                denominator = f"({denominator})"
            out.append(f"{numerator} / {denominator}")
        else:
            out.append(rf"\frac{{{numerator}}}{{{denominator}}}")
        i = k


_SIZED = re.compile(r"\\(left|right)(\\[{}|]|[()\[\]|.])")


def has_long_number(latex: str) -> bool:
    """True when a LaTeX string has a number of more than :data:`GROUP_DIGITS` digits."""
    return _DIGIT_RUN.search(latex) is not None


def breakable_latex(formulas: list[str], last: str = ".") -> str:
    r"""Formulas with long numbers as a display that breaks inside the numbers, across lines and pages (text mode).

    An ``align*`` row never breaks, and a number of hundreds of digits is wider than the page: each formula
    (math mode, without ``&``) becomes a paragraph of inline math, indented like a display, its continuation
    lines indented further; fractions with long parts are written with a slash and long numbers in groups of
    three digits, with a permitted break after each group (every digit printed).  Formulas are separated by
    commas, the last one followed by ``last``.

    >>> print(breakable_latex(["x = 1", "y = 2"]))
    \begin{flushleft}\leftskip=2em\relax
    \hangindent=2em\hangafter=1 $x = 1$,\par
    \hangindent=2em\hangafter=1 $y = 2$.\par
    \end{flushleft}
    """
    lines = []
    for i, formula in enumerate(formulas):
        punct = last if i == len(formulas) - 1 else ","
        body = long_numbers_latex(linear_fractions_latex(formula))
        # \left...\right is one box that cannot break: fixed-size delimiters instead
        body = _SIZED.sub(lambda m: {"left": r"\bigl", "right": r"\bigr"}[m.group(1)] + m.group(2), body)
        lines.append(f"\\hangindent=2em\\hangafter=1 ${body}${punct}\\par")
    return "\\begin{flushleft}\\leftskip=2em\\relax\n" + "\n".join(lines) + "\n\\end{flushleft}"


def _rows_fit(rel: _Relation, width: float) -> bool:
    """True when :func:`_relation_rows` can lay the relation out: each term fits the room its row leaves."""
    lw = math_width(" ".join(rel.left))
    pieces = [rel.relation + " " + rel.right[0], *rel.right[1:]]
    if lw > 0.4 * width:
        pieces, lw = list(rel.left) + pieces, 0.0
    return all(math_width(p) + lw + 10.0 <= width for p in pieces)


def _align(rows: list[str]) -> str:
    body = long_numbers_latex(" \\\\\n".join(rows))
    return "{\\allowdisplaybreaks\n\\begin{align*}\n" + body + "\n\\end{align*}}"


def _columns(run: list, width: float, gap: float) -> int:
    """The most column pairs (at most 4) whose total width fits: align* sizes each column to its widest cell."""
    sides = [(math_width(left), math_width(right)) for left, right in (r.one_line() for r, _ in run)]
    for columns in range(min(4, len(run)), 1, -1):
        total = gap * (columns - 1)
        for j in range(columns):
            cells = sides[j::columns]
            total += max(l for l, _ in cells) + max(r for _, r in cells) + 5.0
        if total <= width:
            return columns
    return 1


def _relations_block(relations: list, width: float = LINE_WIDTH, last: str = ".") -> str:
    """``align*`` environments showing the relations: short ones packed in columns, long ones broken."""
    if not relations:
        return ""
    blocks: list[str] = []
    run: list = []

    def emit(group: list):
        columns = _columns(group, width, gap=20.0)
        rows = []
        for start in range(0, len(group), columns):
            cells = []
            for rel, punct in group[start:start + columns]:
                left, right = rel.one_line()
                cells.append(f"{left} &{right}{punct}")
            rows.append(" & ".join(cells))
        blocks.append(_align(rows))

    def flush_run():
        # align* makes one column as wide as its widest left side plus its widest right side: cut the run where
        # that would overflow, even though every relation fits on its own
        group, most_left, most_right = [], 0.0, 0.0
        for item in run:
            bar.advance()  # a short relation is counted here, a long one below
            left, right = (math_width(side) for side in item[0].one_line())
            if group and max(most_left, left) + max(most_right, right) + 5.0 > width:
                emit(group)
                group, most_left, most_right = [], 0.0, 0.0
            group.append(item)
            most_left, most_right = max(most_left, left), max(most_right, right)
        if group:
            emit(group)
        run.clear()

    broken: list = []  # consecutive relations too wide for a line because of a long number

    def flush_broken():
        if broken:
            blocks.append(breakable_latex([" ".join(rel.one_line()) for rel, _ in broken], last=broken[-1][1]))
            broken.clear()

    with task("LaTeX: laying out equations", total=len(relations), unit="equations") as bar:
        for i, rel in enumerate(relations):
            punct = last if i == len(relations) - 1 else ","
            if rel.width() + 5.0 <= width:
                flush_broken()
                run.append((rel, punct))
            elif has_long_number(" ".join(rel.one_line())) and not _rows_fit(rel, width):
                # a term too wide for an align* row, which cannot break inside a number: a paragraph of inline math can
                flush_run()
                bar.advance()
                broken.append((rel, punct))
            else:
                flush_run()
                flush_broken()
                bar.advance()
                blocks.append(_align(_relation_rows(rel, width, punct)))
        flush_run()
        flush_broken()
    return "\n".join(blocks)


def _parametrization_relations(basic, width: float) -> list:
    out = []
    with task("LaTeX: parametrization", total=len(basic.variables), unit="equations") as bar:
        for var, expr in zip(basic.variables, basic.parametrization):
            out.append(_Relation((sympy.latex(var),), "=", tuple(_side_terms(expr, width))))
            bar.advance()
    return out


def _constraint_relations(constraints, width: float) -> list:
    out = []
    with task("LaTeX: constraints", total=len(constraints), unit="equations") as bar:
        for c in constraints:
            left, relation, right = _constraint_sides(c)
            out.append(_Relation(tuple(_side_terms(left, width / 2)), relation,
                                 tuple(_side_terms(right, width / 2))))
            bar.advance()
    return out


def _symbol_list(symbols) -> str:
    """``$a$, $b$ and $c$``: one formula per symbol, so that the paragraph can break between them."""
    items = [f"${sympy.latex(s)}$" for s in symbols]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def basic_set_block(basic, name: str = r"\theta") -> str:
    r"""A :class:`~semialg_fibers.core.semialgebraic.BasicSet` in text mode: words and breakable displays.

    A parametrized set reads "``name`` is given by (displays) for real numbers
    ... with (displays)"; a set of constraints "the points ``name`` with
    (displays)".

    >>> from semialg_fibers.core.semialgebraic import BasicSet
    >>> x, y = sympy.symbols("x y", real=True)
    >>> print(basic_set_block(BasicSet((x, y), [(y, ">", x), (x + y, "==", 1)]), name="(x, y)"))
    The points $(x, y)$ with
    {\allowdisplaybreaks
    \begin{align*}
    x + y &= 1, & y &> x.
    \end{align*}}
    """
    if basic.is_trivially_empty:
        return r"The empty set $\emptyset$."
    if basic.parametrization is None:
        if not basic.constraints:
            return f"Every point ${name}$ (no constraint)."
        return f"The points ${name}$ with\n" + _relations_block(_constraint_relations(basic.constraints, LINE_WIDTH))
    text = f"${name}$ is given by\n"
    tail = "." if not basic.auxiliary else ","
    text += _relations_block(_parametrization_relations(basic, LINE_WIDTH), last=tail)
    if basic.auxiliary:
        text += "\nfor real numbers " + _symbol_list(basic.auxiliary)
        if basic.constraints:
            text += " with\n" + _relations_block(_constraint_relations(basic.constraints, LINE_WIDTH))
        else:
            text += "."
    return text


def _entry_latex(v, abbreviate: bool) -> str:
    return _abbreviated(v) if abbreviate and _is_long(v) else sympy.latex(_rational(v))


def _matrix_width(rows, abbreviate: bool = False) -> float:
    widths = [max(math_width(_entry_latex(row[j], abbreviate)) for row in rows) for j in range(len(rows[0]))]
    return sum(widths) + 10.0 * len(widths) + 40.0


def _matrix_fits(rows, abbreviate: bool = False) -> bool:
    if not rows or not rows[0] or len(rows) > MATRIX_MAX or len(rows[0]) > MATRIX_MAX:
        return False
    return _matrix_width(rows, abbreviate) <= LINE_WIDTH


def _shortened(matrix, abbreviate: bool, exact: bool) -> bool | None:
    """How :func:`network_block` prints a matrix: exactly (False), long entries cut (True) or not at all (None).

    With ``exact``, a matrix that fits the line exactly is printed exactly, even when ``abbreviate``.
    """
    if exact and _matrix_fits(matrix, False):
        return False
    if _matrix_fits(matrix, abbreviate):
        return abbreviate
    return None


def cut_entries_latex(network, accent: str = "", abbreviate: bool = True, exact: bool = True) -> str:
    r"""The exact values of the entries :func:`network_block` cuts (text mode, a breakable display), or "".

    Those of the matrices it prints abbreviated (with the same ``abbreviate`` and ``exact``); the entries of
    matrices too large to print are not listed.

    >>> from semialg_fibers.core.network import Network
    >>> net = Network.from_layers([([[10**70]], [0]), ([[1]], [0])])
    >>> text = cut_entries_latex(net)
    >>> text.startswith("Exactly, the entries cut above:"), "W^{(1)}_{1,1} = 10" + r"\,\allowbreak 000" * 23 + "$." in text
    (True, True)
    >>> cut_entries_latex(Network.from_layers([([[10**13]], [0]), ([[1]], [0])]))  # printed exactly
    ''
    """
    formulas = []
    for index, layer in enumerate(network.layers, start=1):
        for symbol, matrix, bias in ((f"{accent}W^{{({index})}}", layer.weight, False),
                                     (f"{accent}b^{{({index})}}", (layer.bias,), True)):
            if not _shortened(matrix, abbreviate, exact):
                continue
            for i, row in enumerate(matrix, start=1):
                for j, v in enumerate(row, start=1):
                    if _is_long(v):
                        sub = f"{j}" if bias else f"{i},{j}"
                        formulas.append(f"{symbol}_{{{sub}}} = {sympy.latex(_rational(v))}")
    return "Exactly, the entries cut above:\n" + breakable_latex(formulas) if formulas else ""


def network_block(network, name: str = r"\theta", accent: str = "", abbreviate: bool = False,
                  where: str = "the network's JSON file", exact: bool = False, summarized_where: str = "") -> str:
    r"""The architecture and the parameter of a network, in text mode (large matrices summarized).

    Matrices that fit the line (at most :data:`MATRIX_MAX` rows and columns)
    are printed exactly, biases as transposed rows; the others are described
    by their shape.  With ``abbreviate``, long entries are cut to six digits
    (so that more matrices fit), and with ``exact`` as well their exact values
    follow (:func:`cut_entries_latex`).

    >>> from semialg_fibers.core.network import Network
    >>> print(network_block(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])))
    The network $\theta$ has architecture $(1, 2, 1)$ (input dimension $1$, hidden widths $2$, output dimension $1$; $7$ parameters):
    {\allowdisplaybreaks
    \begin{align*}
    W^{(1)} &= \begin{bmatrix}1\\-1\end{bmatrix}, & b^{(1)} &= \begin{bmatrix}0 & 0\end{bmatrix}^{\top}, \\
    W^{(2)} &= \begin{bmatrix}1 & -1\end{bmatrix}, & b^{(2)} &= \begin{bmatrix}0\end{bmatrix}^{\top}.
    \end{align*}}
    """
    arch = ", ".join(map(str, network.architecture))
    hidden = ", ".join(map(str, network.hidden_widths)) or "none"
    head = (f"The network ${name}$ has architecture $({arch})$ (input dimension ${network.input_dim}$, hidden widths "
            f"${hidden}$, output dimension ${network.output_dim}$; ${network.num_parameters}$ parameters)")
    rows, summarized = [], []
    cut = False
    for index, layer in enumerate(network.layers, start=1):
        cells, width = [], 0.0
        for symbol, matrix, transposed in ((f"{accent}W^{{({index})}}", layer.weight, ""),
                                           (f"{accent}b^{{({index})}}", (layer.bias,), r"^{\top}")):
            short = _shortened(matrix, abbreviate, exact)
            if short is not None:
                cells.append(f"{symbol} &= {_matrix_latex(matrix, short)}{transposed}")
                width += _matrix_width(matrix, short) + 20.0
                cut = cut or (short and any(_is_long(v) for row in matrix for v in row))
            else:
                shape = f"{len(layer.weight)} \\times {len(layer.weight[0])}" if not transposed \
                    else f"{len(layer.bias)}"
                summarized.append(f"${symbol}$ (${shape}$ entries)")
        # weight and bias share a row when both fit on the line
        rows += [cells] if width <= LINE_WIDTH else [[c] for c in cells]
    lines = [" & ".join(c + "," for c in row) for row in rows if row]
    if not lines:
        body = "."
    else:
        lines[-1] = lines[-1][:-1] + "."
        body = ":\n" + _align(lines)
    text = head + body
    if cut and exact:
        text += ("\n\nEntries ending in $\\ldots$ are cut to six significant digits. "
                 + cut_entries_latex(network, accent, abbreviate, exact))
    elif cut:
        text += (f"\n\nEntries ending in $\\ldots$ are cut to six significant digits; their exact values are in "
                 f"{where}.")
    if summarized:
        text += (f"\n\nNot printed, too large for the page (the exact entries are in {summarized_where or where}): "
                 + ", ".join(summarized) + ".")
    return text


# ---------------------------------------------------------------------------- components and fibers
#: An orbit component with more coordinates than this is written in matrix form only (one equation per entry
#: below it).
ORBIT_ENTRIES = 24


def orbit_form(component):
    r"""The representative ``theta-hat`` when a component is an orbit of positive scalings, else None.

    A component is of *orbit type* when its parametrization is
    ``W^{(l)}_{i,j} = hat W^{(l)}_{i,j} \lambda_{l,i} / \lambda_{l-1,j}`` and
    ``b^{(l)}_i = hat b^{(l)}_i \lambda_{l,i}`` for one positive auxiliary
    ``\lambda`` per hidden neuron (none for inputs and outputs) and the only
    constraints are ``\lambda > 0``: the set ``{D . hat theta}``, written in
    matrix form as ``W' = D hat W``.  Every coordinate is checked exactly
    against this form; any other component gives None.

    Returns
    -------
    (Network, tuple) or None
        ``hat theta`` (the parametrization at ``\lambda = 1``) and the
        auxiliary symbol of each hidden neuron, layer by layer.
    """
    basic = component.as_set()
    aux = tuple(basic.auxiliary)
    arch = tuple(getattr(component, "architecture", None) or ()) or None
    if basic.parametrization is None or not aux or arch is None:
        return None
    hidden = sum(arch[1:-1])
    if len(aux) != hidden or len(basic.constraints) != len(aux):
        return None
    positive = set()
    for c in basic.constraints:
        left, relation, right = _constraint_sides(c)
        if relation != ">" or right != 0 or left not in aux:
            return None
        positive.add(left)
    if positive != set(aux):
        return None
    # two steps per coordinate: its value at lambda = 1, then its check (8070 coordinates on 784-10-10-10)
    with task("LaTeX: checking the orbit form", total=2 * len(basic.parametrization), unit="steps") as bar:
        return _orbit_scales(basic, aux, arch, hidden, positive, bar)


def _orbit_scales(basic, aux, arch, hidden, positive, bar):
    """:func:`orbit_form` past its cheap tests: read each hidden neuron's scale, then check every coordinate."""
    ones = {a: 1 for a in aux}
    exprs, values = [], []
    for e in basic.parametrization:
        exprs.append(as_expression(e, "parametrization"))
        values.append(exprs[-1].subs(ones))
        bar.advance()
    if not all(v.is_Rational for v in values):
        return None
    # the scale of each hidden neuron, read from its incoming parameters, then every coordinate checked
    scale: dict = {}
    position = 0
    for l in range(1, len(arch)):
        n_in, n = arch[l - 1], arch[l]
        for i in range(n):
            for j in range(n_in + 1):
                index = position + (i * n_in + j if j < n_in else n * n_in + i)
                if values[index] != 0 and l < len(arch) - 1 and (l, i) not in scale:
                    ratio = sympy.cancel(exprs[index] / values[index])
                    if l > 1 and j < n_in:
                        ratio = sympy.cancel(ratio * scale.get((l - 1, j), sympy.nan))
                    if ratio not in positive:
                        return None
                    scale[(l, i)] = ratio
        position += n * n_in + n
    if len(scale) != hidden or len(set(scale.values())) != hidden:
        return None
    position = 0
    for l in range(1, len(arch)):
        n_in, n = arch[l - 1], arch[l]
        out = [scale[(l, i)] if l < len(arch) - 1 else sympy.Integer(1) for i in range(n)]
        inn = [scale[(l - 1, j)] if l > 1 else sympy.Integer(1) for j in range(n_in)]
        for i in range(n):
            for j in range(n_in + 1):
                index = position + (i * n_in + j if j < n_in else n * n_in + i)
                expected = values[index] * out[i] / (inn[j] if j < n_in else 1)
                if sympy.cancel(exprs[index] - expected) != 0:
                    return None
                bar.advance()
        position += n * n_in + n
    flat = [Fraction(int(v.p), int(v.q)) for v in values]
    return Network.from_parameters(arch, flat), tuple(scale[k] for k in sorted(scale))


def _orbit_block(hat, symbols, summary: bool = False) -> str:
    """``theta' = D . hat theta`` in matrix form, with the representative (summarized when large)."""
    arch = hat.architecture
    hidden = range(1, len(arch) - 1)
    lines = []
    offset = 0
    ds = []
    for l in hidden:
        n = arch[l]
        lam = symbols[offset:offset + n]
        offset += n
        entries = ", ".join(sympy.latex(x) for x in lam) if n <= 3 else \
            f"{sympy.latex(lam[0])}, \\ldots, {sympy.latex(lam[-1])}"
        ds.append(f"$D_{{{l}}} = \\operatorname{{diag}}({entries})$")
    depth = len(arch) - 1
    for l in range(1, depth + 1):
        left = f"D_{{{l}}} " if l < depth else ""
        right = f" D_{{{l - 1}}}^{{-1}}" if l > 1 else ""
        lines.append(f"W'^{{({l})}} &= {left}\\hat W^{{({l})}}{right}, & b'^{{({l})}} &= {left}\\hat b^{{({l})}}"
                     + ("." if l == depth else ","))
    text = ("It is the orbit of a representative $\\hat\\theta$ under positive scalings of the hidden neurons: "
            "the points $\\theta'$ with\n" + _align(lines) + "\nfor positive diagonal matrices "
            + (", ".join(ds[:-1]) + " and " + ds[-1] if len(ds) > 1 else ds[0])
            + " (every diagonal entry $> 0$); its copies are the same sets with the hidden neurons permuted "
            "($D_{l}$ replaced by $P_{l} D_{l}$ for permutation matrices $P_{l}$). Here\n\n"
            + _lower(network_block(hat, name=r"\hat\theta", accent=r"\hat ", abbreviate=summary,
                                   where="the appendix" if summary else "the equations below")))
    return text


def _pattern_latex(component) -> str:
    pattern = component.pattern
    render = getattr(pattern, "latex", None)
    words = render() if callable(render) else escape_text(component.pattern_description)
    description = component.description
    extra = ""
    if description and description != component.pattern_description:
        extra = description[len(component.pattern_description):] \
            if description.startswith(component.pattern_description) else " " + description
    return words + escape_text(extra)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text and text[0].isalpha() else text


def component_block(component, index: int | None = None, heading: str = "subsection*", *,
                    summary: bool = False, equations: bool = False) -> str:
    r"""One component in text mode: heading, pattern in words, dimension, multiplicity, certificate, both forms.

    ``heading`` is the sectioning command (``subsection*``, ``paragraph``, ...;
    empty for none).  A component of orbit type (:func:`orbit_form`) is written
    in matrix form, ``W' = D \hat W``, instead of one equation per entry.
    With ``summary=True`` only the structure is given (the matrix form of an
    orbit, else a pointer to the appendix where :func:`component_block` prints
    the equations).  With ``equations=True`` every entry has its equation
    (the appendix of a summary).
    """
    title = "Component" + (f" {index}" if index is not None else "")
    lines = [f"\\{heading}{{{title}}}"] if heading else []
    copies = ("one copy" if component.multiplicity == 1
              else f"${count_latex(component.multiplicity)}$ copies obtained by permuting hidden neurons")
    cert = ""
    if component.certificate is not None:
        cert = (" Exact tangent ranks at sampled points: "
                + ", ".join(f"${r}$" for r in component.certificate.ranks) + ".")
    lines.append(f"{_capital(_pattern_latex(component))}. Dimension ${component.dimension}$; {copies}.{cert}")
    lines.append("")
    orbit = None if component.is_implicit_only or equations else orbit_form(component)
    if summary:
        if orbit is not None:
            lines.append(_orbit_block(orbit[0], orbit[1], summary=True))
            lines.append("")
        where = "" if index is None else f" (Component ${index}$)"
        lines.append(f"The equations of this component are in the appendix{where}.")
        return "\n".join(lines)
    if orbit is not None and len(component.parametrization) > ORBIT_ENTRIES:
        lines.append(_orbit_block(*orbit))
        if component.implicit is not None:
            lines.append("")
            lines.append("Implicit form (the same set, in the network coordinates): "
                         + _lower(basic_set_block(component.implicit)))
        return "\n".join(lines)
    if orbit is not None:
        lines.append(_orbit_block(*orbit))
        lines.append("")
    if component.is_implicit_only:
        lines.append("Implicit form (in the network coordinates): " + _lower(basic_set_block(component.implicit)))
    else:
        lines.append("Parametrization: " + basic_set_block(component.as_set()))
        if component.implicit is not None:
            lines.append("")
            lines.append("Implicit form (the same set, in the network coordinates): "
                         + _lower(basic_set_block(component.implicit)))
    return "\n".join(lines)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text.startswith(("The ", "Every ")) else text


def _plural(n: int, word: str) -> str:
    return f"${n}$ {word}" + ("" if n == 1 else "s")


def count_latex(n: int) -> str:
    r"""A count in math mode: factorial forms for large quotients of factorials (``50!``), else digits with
    break points every 30 digits.

    >>> count_latex(120), count_latex(math.factorial(50))
    ('120', '50!')
    """
    from .text import format_count

    text = format_count(n)
    if text.isdigit():
        return r"\allowbreak ".join(text[i:i + 30] for i in range(0, len(text), 30))
    return re.sub(r"\^(\d+)", r"^{\1}", text).replace(" ", r"\,")


def _fiber_body(fiber, heading: str, summary: bool = False) -> list[str]:
    copies = sum(c.multiplicity for c in fiber.components)
    dim = "unknown" if fiber.dimension is None else f"${fiber.dimension}$"
    pieces = (f"(${count_latex(copies)}$ piece{'' if copies == 1 else 's'} counting the copies obtained by permuting "
              "hidden neurons)")
    if fiber.status == FiberStatus.PARTIAL:
        # a partial list: every component lies in the fiber, which may have others
        lines = [f"Its fiber $F(\\theta) = \\{{\\theta' : f_{{\\theta'}} = f_\\theta\\}}$ contains the "
                 f"{_plural(len(fiber.components), 'component')} below {pieces}; the list is partial (the fiber may "
                 f"have other components), so its dimension is at least {dim}."]
    else:
        lines = [f"Its fiber $F(\\theta) = \\{{\\theta' : f_{{\\theta'}} = f_\\theta\\}}$ has dimension {dim} and "
                 f"is the union of the {_plural(len(fiber.components), 'component')} below {pieces}."]
    if fiber.omitted:
        lines.append(f"A limit left out {_plural(fiber.omitted, 'further component')}.")
    with task("LaTeX: components", total=len(fiber.components), unit="components") as bar:
        for i, c in enumerate(fiber.components, start=1):
            lines.append("")
            lines.append(component_block(c, i, heading=heading, summary=summary))
            bar.advance()
    return lines


#: The appendix of a summary writes the equations of this many components; the others are named with their
#: structure and a pointer to the separate equations document (``latex --equations FILE``), so that the
#: document grows with the number of components, not with components times parameters.
APPENDIX_COMPONENTS = 5


def _appendix(fiber, heading: str, full: bool = True) -> list[str]:
    shown = len(fiber.components) if full else APPENDIX_COMPONENTS
    if shown >= len(fiber.components):
        lines = ["The equations of every component, one per coordinate of the parameter "
                 "(the exact values of the long numbers of the summary)."]
    else:
        lines = [f"The equations of the first {_plural(shown, 'component')}, one per coordinate of the parameter "
                 "(the exact values of the long numbers of the summary); of the other "
                 f"{_plural(len(fiber.components) - shown, 'component')} only the structure, their equations "
                 "being as long as the parameter. A document of the equations of every component is written by "
                 "\\texttt{semialg-fibers latex --equations FILE}."]
    with task("LaTeX: appendix", total=len(fiber.components), unit="components") as bar:
        for i, c in enumerate(fiber.components, start=1):
            lines.append("")
            if i <= shown:
                lines.append(component_block(c, i, heading=heading, equations=True))
            else:
                # Heading and pattern only: the structure (an orbit's matrix form) is in the body already.
                lines.append(component_block(c, i, heading=heading, summary=True).split("\n\n", 1)[0])
            bar.advance()
    return lines


#: Documents of networks with more parameters, or fibers with more components, are summaries by default.
SUMMARY_PARAMETERS = 120
SUMMARY_COMPONENTS = 12


def is_large(report) -> bool:
    """True when :func:`document` makes a summary by default: a large network or a fiber of many components."""
    fiber = report.fiber
    return report.network.num_parameters > SUMMARY_PARAMETERS or (
        fiber is not None and len(fiber.components) > SUMMARY_COMPONENTS)


def fiber_latex(fiber, title: str | None = None, level: int = 1) -> str:
    r"""A fiber in text mode: a ``\section*`` (``level=1``; ``2`` for ``\subsection*``), one heading per component.

    The network (:func:`network_block`), the dimension and number of
    components, then :func:`component_block` for each component.  Paste it
    into the body of any document that loads ``amsmath``.
    """
    section, sub = ("section*", "subsection*") if level <= 1 else ("subsection*", "subsubsection*")
    arch = ", ".join(map(str, fiber.network.architecture))
    heading = escape_text(title) if title is not None else f"Fiber of a network of architecture $({arch})$"
    lines = [f"\\{section}{{{heading}}}", network_block(fiber.network, abbreviate=True, exact=True), ""] + _fiber_body(fiber, sub)
    return "\n".join(lines) + "\n"


def fiber_latex_inline(fiber) -> str:
    """Display math for Jupyter: ``F(theta) = S_1 cup S_2 ...`` (one copy per component)."""
    pieces = [basic_set_latex(c.as_set()) for c in fiber.components]
    body = r" \cup ".join(pieces) if pieces else r"\emptyset"
    return f"$\\displaystyle F(\\theta) = {body}$"


# ---------------------------------------------------------------------------- symmetries
#: Generators with more nonzero components than this are described by their support, not printed.
FIELD_MAX_TERMS = 24


def vector_field_latex(field, name: str = "X") -> str:
    r"""A vector field in text mode: ``X = sum_j X_j \partial_{theta_j}`` as a breakable display.

    >>> from semialg_fibers.core.symmetries import scaling_generator
    >>> print(vector_field_latex(scaling_generator((1, 1, 1), 1, 0)))
    {\allowdisplaybreaks
    \begin{align*}
    X &= W^{(1)}_{1,1} \, \partial_{W^{(1)}_{1,1}} + b^{(1)}_{1} \, \partial_{b^{(1)}_{1}} - W^{(2)}_{1,1} \, \partial_{W^{(2)}_{1,1}}.
    \end{align*}}
    """
    # as_expression, never sympify: a component given as a string is parsed, not run as code
    exprs = (as_expression(e, f"components[{i}]") for i, e in enumerate(field.components))
    terms = [(e, c) for c, e in zip(field.coordinates, exprs) if e != 0]
    if not terms:
        return f"${name} = 0$."
    if len(terms) > FIELD_MAX_TERMS:
        return (f"${name}$ has ${len(terms)}$ nonzero components (not printed; "
                + escape_text("to_dict()") + " lists them).")
    pieces = []
    for e, c in terms:
        coefficient = sympy.latex(e) if not e.is_Add else r"\left(" + sympy.latex(e) + r"\right)"
        if coefficient == "1":
            piece = rf"\partial_{{{sympy.latex(c)}}}"
        elif coefficient == "-1":
            piece = rf"- \partial_{{{sympy.latex(c)}}}"
        else:
            piece = rf"{coefficient} \, \partial_{{{sympy.latex(c)}}}"
        if pieces and not piece.startswith("- "):
            piece = "+ " + piece
        pieces.append(piece)
    return _relations_block([_Relation((name,), "=", tuple(pieces))])


def symmetry_latex(symmetry) -> str:
    r"""A :class:`~semialg_fibers.core.symmetries.Symmetry` in text mode: what ``symmetry.latex()`` returns.

    The printer is :func:`semialg_fibers.render.verdicts.symmetry_latex` (kind, the move typeset, parameters,
    group order or dimension, generators).

    >>> from semialg_fibers.core.symmetries import h_symmetries
    >>> from semialg_fibers.core.network import Network
    >>> print(symmetry_latex(h_symmetries(Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])]))[0]))
    \textbf{Permutation}: permutations of the $2$ neurons of hidden layer $1$. A discrete group of order $2! = 2$.
    """
    return to_latex(symmetry)


# ---------------------------------------------------------------------------- any value
def _scalar_latex(value) -> str:
    if isinstance(value, bool) or value is None:
        return escape_text({True: "yes", False: "no", None: "none"}[value])
    if isinstance(value, (int, Fraction)):
        return f"${sympy.latex(_rational(Fraction(value)))}$"
    if isinstance(value, enum.Enum):
        return escape_text(str(value.value))
    if isinstance(value, sympy.Basic):
        return f"${sympy.latex(value)}$"
    return escape_text(value)


def _items(mapping: dict, depth: int) -> str:
    lines = ["\\begin{itemize}"]
    for key, value in mapping.items():
        lines.append(f"\\item {escape_text(str(key).replace('_', ' '))}: {_value(value, depth + 1)}")
    lines.append("\\end{itemize}")
    return "\n".join(lines)


#: The printer of a sequence of symmetries (set by :mod:`semialg_fibers.render.verdicts`: ``H`` in matrix form).
SYMMETRIES_PRINTER: list = []


def _value(value, depth: int) -> str:
    if (isinstance(value, (list, tuple)) and value and all(isinstance(v, Symmetry) for v in value)
            and SYMMETRIES_PRINTER):
        return SYMMETRIES_PRINTER[0](value)
    if isinstance(value, Network):
        return network_block(value, name=r"\theta'", abbreviate=True, exact=True)
    if isinstance(value, Fiber):
        return fiber_latex(value, level=2)
    if isinstance(value, FiberComponent):
        return component_block(value, heading="")
    if isinstance(value, BasicSet):
        return basic_set_block(value)
    if isinstance(value, SemialgebraicSet):
        return "\n\n".join(basic_set_block(p) for p in value.pieces) or r"The empty set $\emptyset$."
    if isinstance(value, sympy.Basic) or hasattr(value, "as_relational"):
        return f"${value.latex() if hasattr(value, 'latex') else sympy.latex(value)}$"
    if isinstance(value, Symmetry):
        return symmetry_latex(value)
    if isinstance(value, VectorField):
        return vector_field_latex(value)
    render = getattr(value, "latex", None)
    if callable(render) and not isinstance(value, type) and not _generic_printer(value):
        # result values: text-mode latex() by convention (math objects are handled above)
        return render()
    if depth > 4:
        return escape_text(str(value))
    if isinstance(value, dict):
        return _items(value, depth) if value else escape_text("none")
    if isinstance(value, (list, tuple)):
        if not value:
            return escape_text("none")
        if all(not isinstance(v, (dict, list, tuple)) and not dataclasses.is_dataclass(v)
               and not hasattr(v, "to_dict") for v in value):
            return ", ".join(_scalar_latex(v) for v in value)
        return "\n\\begin{itemize}\n" + "\n".join(f"\\item {_value(v, depth + 1)}" for v in value) + "\n\\end{itemize}"
    return _fields(value, depth)


def _fields(value, depth: int) -> str:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _items({f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.repr}, depth)
    if hasattr(value, "to_dict"):
        return _items(value.to_dict(), depth)
    return _scalar_latex(value)


def fields_latex(value) -> str:
    """A result value in text mode, field by field (dataclass fields, else ``to_dict()``); for ``latex()`` methods."""
    return _fields(value, 1)


def value_latex(value) -> str:
    r"""Any value in text mode: fibers, components, networks and sets by their blocks, others by ``latex()`` or fields.

    Fibers and components use :func:`fiber_latex` / :func:`component_block`,
    networks :func:`network_block`, basic sets :func:`basic_set_block`.  Other
    result values render through their own ``latex()`` (by convention text
    mode for result values, e.g. :class:`~semialg_fibers.core.symmetries.Symmetry`),
    else field by field (``to_dict()`` or the dataclass fields), words escaped
    and numbers in math mode; values of modules this one does not know render
    this way too.

    >>> from semialg_fibers.core.results import EquivalenceResult
    >>> print(value_latex(EquivalenceResult(True, method="shallow", reason="equal canonical data")))
    The two networks compute the same function: $f_{\theta} = f_{\theta'}$ on the domain (decided by the shallow
    algorithm: equal canonical data).
    >>> print(fields_latex(EquivalenceResult(True, method="shallow", reason="equal canonical data")))
    \begin{itemize}
    \item equivalent: yes
    \item witness: none
    \item outputs: none
    \item method: shallow
    \item reason: equal canonical data
    \item regions: none
    \end{itemize}
    """
    return _value(value, 1)


# ---------------------------------------------------------------------------- documents
_PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage{amsmath}
\usepackage{amssymb}
\usepackage[margin=2.5cm]{geometry}
\allowdisplaybreaks
\emergencystretch=3em
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.5\baselineskip}
"""


def _section_body(section) -> str:
    parts = []
    if section.note:
        parts.append(prose_latex(section.note))
    if section.value is not None:
        parts.append(value_latex(section.value))
    return "\n\n".join(parts) if parts else escape_text("Nothing to report.")


_GLOSSARY = (
    r"Terms used below. A \emph{kink line} of a network with one hidden layer is a hyperplane "
    r"$\{x : a \cdot x + b = 0\}$ along which its function is not differentiable; a neuron "
    r"$v\, s(a \cdot x + b)$ sits on it with positive orientation when its own normal $a$ points like the "
    r"line's (first nonzero entry positive) and negative orientation otherwise. Since $s(z) - s(-z) = z$, "
    r"neurons of both orientations on one line contribute an affine function: a line whose neurons are all "
    r"negatively oriented is \emph{flipped}, one with both orientations is \emph{mixed}, and neurons on a "
    r"new line whose kinks cancel form a \emph{cancelling} group (both orientations) or a \emph{silent} one. "
    r"Permuting hidden neurons and scaling a neuron by $\lambda > 0$ (input weights and bias times "
    r"$\lambda$, output weights divided by $\lambda$) never change the function."
)


def document(report, *, summary: bool | None = None, appendix: bool = True, equations_file: str = "") -> str:
    r"""A standalone LaTeX document of a :class:`~semialg_fibers.render.report.NetworkReport`.

    Sections: the network (architecture and parameter), the fiber (every
    component with its pattern in words, dimension, multiplicity, and its
    equations: an orbit of positive scalings in matrix form, ``W' = D \hat W``,
    any other component by its parametrized and implicit equations), then the
    report's further sections (identifiability, symmetries, conservation
    laws), each with its value or a note saying why it is not available.
    Needs ``amsmath``, ``amssymb`` and ``geometry`` (all in
    ``texlive-latex-base``/``-recommended``).

    Parameters
    ----------
    report : NetworkReport
    summary : bool or None
        State the structure of the fiber only (patterns, dimensions, copies,
        orbits in matrix form) and put every equation in an appendix.  None
        (the default): a summary when :func:`is_large` (more than
        :data:`SUMMARY_PARAMETERS` parameters or :data:`SUMMARY_COMPONENTS`
        components).
    appendix : bool
        With a summary, end with the appendix of the equations (default); False
        leaves them out, for :func:`equations_document` to write them in a
        separate file.
    equations_file : str
        The name of that file, said in the text ("" when ``appendix``).

    Examples
    --------
    >>> from semialg_fibers.render.report import network_report
    >>> from semialg_fibers.core.network import Network
    >>> rep = network_report(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    >>> "\\appendix" in document(rep), "\\appendix" in document(rep, summary=True)
    (False, True)
    """
    net = report.network
    summary = is_large(report) if summary is None else bool(summary)
    arch = ", ".join(map(str, net.architecture))
    where = "" if report.domain is None else f" on the {escape_text(report.domain)}"
    title = escape_text(report.title) if report.title else f"A ReLU network of architecture $({arch})$"
    lines = [_PREAMBLE, f"\\title{{{title}}}", "\\author{semialg-fibers}", "\\date{}", "\\begin{document}",
             "\\maketitle", ""]
    if summary and report.fiber is not None:
        where_equations = (f"in the file \\texttt{{{escape_text(equations_file)}}}" if equations_file and not appendix
                           else "in the appendix" if appendix else "left out")
        lines += [f"This is a summary: the structure of the fiber, with the equations of its components "
                  f"{where_equations}.", ""]
    # long entries cut in the matrices; their exact values below them, or in the appendix of a summary
    exact_in_appendix = summary and appendix
    lines += ["\\section{The network}",
              network_block(net, abbreviate=True, exact=not summary, summarized_where="the network's JSON file",
                            where="the appendix" if exact_in_appendix else "the network's JSON file"), ""]
    lines.append("\\section{The fiber" + where + "}")
    if report.fiber is not None:
        lines.append(_GLOSSARY)
        lines.append("")
        body = _fiber_body(report.fiber, "subsection", summary=summary)
        if summary and not appendix:
            body = [b.replace("are in the appendix", "are " + where_equations.replace("in the file", "in the file", 1))
                    for b in body]
        if summary and appendix:
            def pointer(m):
                return m.group(0) if int(m.group(1)) <= APPENDIX_COMPONENTS else \
                    "are left out of the appendix (see there)."
            body = [re.sub(r"are in the appendix \(Component \$(\d+)\$\)\.", pointer, b) for b in body]
        lines += body
    if report.fiber_note:
        lines.append(prose_latex(report.fiber_note))
    with task("LaTeX: sections", total=len(report.sections), unit="sections") as bar:
        for section in report.sections:
            bar.advance(0, note=section.title)
            lines += ["", f"\\section{{{escape_text(section.title)}}}", _section_body(section)]
            bar.advance()
    if summary and appendix and report.fiber is not None:
        lines += ["", "\\appendix", "\\section{The equations of the components}"] + _appendix(report.fiber, "subsection", full=False)
    cut = cut_entries_latex(net, exact=False)
    if exact_in_appendix and cut:
        lines += ["", "\\appendix" if report.fiber is None else "", "\\section{The exact parameter}",
                  cut.replace("the entries cut above", "the entries of $\\theta$ cut in Section 1")]
    lines += ["", "\\end{document}", ""]
    return "\n".join(lines)


def equations_document(report) -> str:
    r"""A standalone LaTeX document of the equations of every component: the appendix of a summary, on its own.

    >>> from semialg_fibers.render.report import network_report
    >>> from semialg_fibers.core.network import Network
    >>> equations_document(network_report(Network.from_layers([([[1]], [0]), ([[1]], [0])]))).count("subsection")
    1
    """
    arch = ", ".join(map(str, report.network.architecture))
    lines = [_PREAMBLE, f"\\title{{The equations of the fiber of a network of architecture $({arch})$}}",
             "\\author{semialg-fibers}", "\\date{}", "\\begin{document}", "\\maketitle", ""]
    if report.fiber is None:
        lines.append(prose_latex(report.fiber_note or "The fiber is not computed."))
    else:
        lines += _appendix(report.fiber, "subsection")
    lines += ["", "\\end{document}", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------- printers of values
@functools.singledispatch
def to_latex(value, **options) -> str:
    r"""What ``value.latex(**options)`` returns for a :class:`~semialg_fibers.core.printing.Printable` value.

    Dispatch on the type (subclasses inherit): a network gives
    :func:`network_block`, a component :func:`component_block` without a
    heading, a fiber :func:`fiber_latex` (option ``title``), a constraint
    :func:`constraint_latex`, a basic set :func:`basic_set_latex` (option
    ``point_name``), a union :func:`union_latex`, a vector field
    :func:`vector_field_latex`, a report :func:`document`; the verdicts
    (identifiability, genericity, equivalence) and symmetries as sentences and
    displays (:mod:`semialg_fibers.render.verdicts`); any other value field by
    field (:func:`fields_latex`).  :mod:`semialg_fibers.render.conservation` and
    :mod:`semialg_fibers.render.three_layer` register the values of their
    packages.

    Parameters
    ----------
    value : Printable
    **options
        The keywords of the printer of the type (none for the default).

    Returns
    -------
    str
        Text mode, or math mode for the mathematical objects (constraints, sets).

    Raises
    ------
    TypeError
        An option the printer does not take.

    Examples
    --------
    >>> from semialg_fibers.core.results import EquivalenceResult, IdentifiabilityResult
    >>> print(to_latex(IdentifiabilityResult(True, True, (), "Theorem 8", "shallow")))
    The parameter $\theta$ is identifiable: its fiber is the orbit of the permutations and positive scalings of the
    hidden neurons, $F(\theta) = H \cdot \theta$. This is proven (Theorem 8; decided by the shallow algorithm).
    """
    if options:
        raise TypeError(f"{type(value).__name__}.latex() takes no options; got {', '.join(options)}")
    return fields_latex(value)


def _component_method(component, index: int | None = None, heading: str = "") -> str:
    return component_block(component, index, heading=heading)


for _type, _printer in ((Network, network_block), (FiberComponent, _component_method), (Fiber, fiber_latex),
                        (PolynomialConstraint, constraint_latex), (BasicSet, basic_set_latex),
                        (SemialgebraicSet, union_latex), (VectorField, vector_field_latex),
                        (NetworkReport, document),
                        # registered although they are the default: value_latex renders them by their latex()
                        (EquivalenceResult, fields_latex), (GenericityReport, fields_latex)):
    to_latex.register(_type, _printer)
del _type, _printer


def _generic_printer(value) -> bool:
    """True for a Printable value whose ``latex()`` is the default: :func:`value_latex` lays it out at its depth."""
    return isinstance(value, Printable) and to_latex.dispatch(type(value)) is to_latex.dispatch(object)


@functools.singledispatch
def to_latex_display(value) -> str | None:
    r"""What ``value._repr_latex_()`` returns: one display formula ``$\displaystyle ...$`` for Jupyter, or None.

    A network gives :func:`network_latex` (None above :data:`DISPLAY_PARAMETERS`
    parameters), a component :func:`component_latex`, a fiber
    :func:`fiber_latex_inline`, a basic set :func:`basic_set_latex` and a union
    :func:`union_latex`.  Other values have none: Jupyter then shows their HTML.

    Parameters
    ----------
    value : Printable

    Returns
    -------
    str or None

    Examples
    --------
    >>> from semialg_fibers.core.semialgebraic import BasicSet
    >>> x = sympy.Symbol("x", real=True)
    >>> to_latex_display(BasicSet((x,), [(x, ">", 1)]))
    '$\\displaystyle \\left\\{ \\left(x\\right) \\in \\mathbb{R}^{1} : \\begin{aligned} x &> 1 \\end{aligned} \\right\\}$'
    >>> from semialg_fibers.core.results import EquivalenceResult
    >>> to_latex_display(EquivalenceResult(True))  # the verdicts' formulas (render/verdicts.py)
    "$\\displaystyle f_{\\theta} = f_{\\theta'}$"
    >>> from semialg_fibers.core.symmetries import VectorField
    >>> to_latex_display(VectorField((1, 1), (0, 0))) is None  # a field: its HTML
    True
    """
    return None


#: Networks with more parameters have no display formula (Jupyter shows the HTML summary instead).
DISPLAY_PARAMETERS = 80


@to_latex_display.register(Network)
def _network_display(network) -> str | None:
    if network.num_parameters > DISPLAY_PARAMETERS:
        return None  # too large for one formula: Jupyter falls back to the HTML summary
    return f"$\\displaystyle {network_latex(network)}$"


@to_latex_display.register(FiberComponent)
def _component_display(component) -> str:
    return f"$\\displaystyle {component_latex(component)}$"


@to_latex_display.register(BasicSet)
def _basic_set_display(basic) -> str:
    return f"$\\displaystyle {basic_set_latex(basic)}$"


@to_latex_display.register(SemialgebraicSet)
def _union_display(semialgebraic_set) -> str:
    return f"$\\displaystyle {union_latex(semialgebraic_set)}$"


to_latex_display.register(Fiber, fiber_latex_inline)
