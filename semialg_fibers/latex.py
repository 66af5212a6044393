r"""The one LaTeX module: set-builder notation for constraints, sets, components and fibers.

SymPy's ``latex()`` renders single expressions only; ``And``/``Or`` would
reorder constraints, so the set-builder printer here is our own and keeps the
canonical order of :class:`~semialg_fibers.semialgebraic.BasicSet`.  A basic set
prints as

``\left\{ \theta \in \mathbb{R}^{N} : \exists\, \lambda_{1} :\ \begin{aligned} ... \end{aligned} \right\}``

with one aligned line per coordinate of the parametrization and per
constraint.  Renderers only read values; nothing here computes.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from .symbols import parameter_coordinates

__all__ = [
    "expression_latex",
    "constraint_latex",
    "basic_set_latex",
    "union_latex",
    "component_latex",
    "network_latex",
    "fiber_latex",
    "fiber_latex_inline",
]

_REL = {"==": "=", "!=": r"\neq", ">": ">", ">=": r"\geq"}
_REVERSED = {">": "<", ">=": r"\leq"}


def expression_latex(expr) -> str:
    """LaTeX of one SymPy expression (lex order of terms); strings are parsed, never evaluated.

    >>> x = sympy.Symbol("x"); expression_latex(x**2 / 2 - 1)
    '\\\\frac{x^{2}}{2} - 1'
    >>> expression_latex("x^2/2 - 1")
    '\\\\frac{x^{2}}{2} - 1'
    """
    from .expressions import as_expression

    return sympy.latex(as_expression(expr, "expression"), order="lex")


def _terms_expr(terms, gens) -> sympy.Expr:
    return sympy.Add(*[sympy.Rational(c.numerator, c.denominator) * sympy.Mul(*[g**e for g, e in zip(gens, m) if e])
                       for m, c in terms])


def constraint_latex(c, align: bool = False) -> str:
    r"""LaTeX of a normalized constraint as ``left REL right``, both sides without minus signs where possible.

    Nonconstant terms with positive coefficients go left, the others (and
    the constant) right; an inequality without positive nonconstant terms is
    written with ``<``/``\leq``.  With ``align=True`` an ``&`` precedes the
    relation (for ``aligned``).

    >>> from semialg_fibers.semialgebraic import constraint
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
    amp = "&" if align else ""
    if c.is_constant:
        return f"0 {amp}{_REL[c.relation]} 0"
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
    left = expression_latex(_terms_expr(left_terms, c.gens)) if left_terms else "0"
    right = expression_latex(_terms_expr(right_terms, c.gens)) if right_terms else "0"
    return f"{left} {amp}{relation} {right}"


def _point_name(variables) -> str:
    if variables and all(parameter_coordinates(v) is not None for v in variables):
        return r"\theta"
    return r"\left(" + ", ".join(sympy.latex(v) for v in variables) + r"\right)"


def basic_set_latex(basic, point_name: str | None = None) -> str:
    r"""Set-builder LaTeX of a :class:`~semialg_fibers.semialgebraic.BasicSet`.

    The point is called ``\theta`` when the variables are network parameters,
    otherwise the tuple of variables (override with ``point_name``).

    >>> from semialg_fibers.semialgebraic import BasicSet
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
    r"""The pieces joined by ``\cup`` (``\emptyset`` for no pieces)."""
    pieces = [basic_set_latex(p) for p in semialgebraic_set.pieces]
    return r" \cup ".join(pieces) if pieces else r"\emptyset"


def component_latex(component) -> str:
    """Parametrized set of a component, followed by ``= implicit form`` when known."""
    if component.is_implicit_only:
        return basic_set_latex(component.implicit)
    text = basic_set_latex(component.as_set())
    if component.implicit is not None:
        text += " = " + basic_set_latex(component.implicit)
    return text


def _fraction_latex(v: Fraction) -> str:
    return sympy.latex(sympy.Rational(v.numerator, v.denominator))


def network_latex(network) -> str:
    r"""``W^{(1)} = [...],\ b^{(1)} = [...], ...`` with exact rational entries.

    >>> from semialg_fibers.network import Network
    >>> network_latex(Network.from_layers([([[1], ["-1/2"]], [0, 1]), ([[1, 1]], [0])]))
    'W^{(1)} = \\begin{bmatrix}1\\\\- \\frac{1}{2}\\end{bmatrix},\\ b^{(1)} = \\begin{bmatrix}0\\\\1\\end{bmatrix},\\ W^{(2)} = \\begin{bmatrix}1 & 1\\end{bmatrix},\\ b^{(2)} = \\begin{bmatrix}0\\end{bmatrix}'
    """
    parts = []
    for index, layer in enumerate(network.layers, start=1):
        weight = sympy.Matrix([[sympy.Rational(v.numerator, v.denominator) for v in row] for row in layer.weight])
        bias = sympy.Matrix([[sympy.Rational(v.numerator, v.denominator)] for v in layer.bias])
        parts.append(f"W^{{({index})}} = " + sympy.latex(weight, mat_str="bmatrix", mat_delim=""))
        parts.append(f"b^{{({index})}} = " + sympy.latex(bias, mat_str="bmatrix", mat_delim=""))
    return r",\ ".join(parts)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def fiber_latex(fiber, title: str | None = None) -> str:
    """A LaTeX section (``\\section*``) describing a fiber, one ``\\subsection*`` per component."""
    arch = ", ".join(map(str, fiber.network.architecture))
    heading = title if title is not None else f"Fiber of a network of architecture $({arch})$"
    copies = sum(c.multiplicity for c in fiber.components)
    dim = "unknown" if fiber.dimension is None else f"${fiber.dimension}$"
    lines = [
        f"\\section*{{{heading}}}",
        f"The network $\\theta$ is given by $\\displaystyle {network_latex(fiber.network)}$.",
        f"Its fiber $F(\\theta) = \\{{\\theta' : f_{{\\theta'}} = f_\\theta\\}}$ has dimension {dim} and is the union "
        f"of the {_plural(len(fiber.components), 'component')} below "
        f"({_plural(copies, 'piece')} counting copies obtained by permuting hidden neurons).",
    ]
    if fiber.omitted:
        lines.append(f"A limit left out {_plural(fiber.omitted, 'further component')}.")
    for i, c in enumerate(fiber.components, start=1):
        lines.append("")
        lines.append(f"\\subsection*{{Component {i}}}")
        words = c.pattern_description
        if c.description and c.description != words:
            words = f"{words}. {c.description}"
        cert = ""
        if c.certificate is not None:
            cert = (" Exact tangent ranks at sampled points: "
                    + ", ".join(map(str, c.certificate.ranks)) + ".")
        lines.append(f"{words}. Dimension ${c.dimension}$, multiplicity ${c.multiplicity}$.{cert}")
        lines.append(r"\[")
        lines.append(component_latex(c))
        lines.append(r"\]")
    return "\n".join(lines) + "\n"


def fiber_latex_inline(fiber) -> str:
    """Display math for Jupyter: ``F(theta) = S_1 cup S_2 ...`` (one copy per component)."""
    pieces = [basic_set_latex(c.as_set()) for c in fiber.components]
    body = r" \cup ".join(pieces) if pieces else r"\emptyset"
    return f"$\\displaystyle F(\\theta) = {body}$"
