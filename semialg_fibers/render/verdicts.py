r"""LaTeX of the verdicts: identifiability, genericity, equivalence and the symmetries, as in a paper.

Each result is typeset as sentences and displayed mathematics: the verdict
(``F(\theta) = H \cdot \theta`` or not) and its status, every reason as a
sentence with its neurons named (``neuron 2 of hidden layer 1``: indices are
1-based throughout, as in the papers), hidden hyperplanes as displayed sets,
the genericity predicates as a list, witnesses as networks or as points with a
decimal approximation beside the exact value, and the symmetries of ``H`` in
matrix form (``W' = P D W``, ``D`` positive diagonal) with group orders as
products of factorials.  The notation of the messages the algorithms write
(``b1_1 += t``) is set by :func:`~semialg_fibers.render.prose.prose_latex`.

The outputs are LaTeX text mode for the body of a document loading
``amsmath`` and ``amssymb``.  Importing this module registers them as the
``latex()`` of the values (:func:`semialg_fibers.render.latex.to_latex`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import sympy

from ..core.exact import to_rational
from ..core.results import EquivalenceResult, IdentifiabilityResult, Reason
from ..core.symmetries import Symmetry, SymmetryKind
from ..shallow.genericity import GenericityReport
from .latex import (
    FIELD_MAX_TERMS,
    SYMMETRIES_PRINTER,
    breakable_latex,
    count_latex,
    escape_text,
    has_long_number,
    network_block,
    to_latex,
    vector_field_latex,
)
from .prose import abbreviated_latex, prose_latex

__all__ = [
    "decimal_latex",
    "point_latex",
    "neurons_latex",
    "reason_latex",
    "identifiability_latex",
    "genericity_latex",
    "equivalence_latex",
    "symmetry_latex",
    "symmetries_latex",
    "group_order_latex",
    "DIGITS",
]

#: Exact numbers with more digits than this are shown abbreviated (a decimal), the exact value beside or elsewhere.
DIGITS = 12


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:] if text[0].isalpha() and not text.startswith(("n1", "n2")) else text
    return text if text.endswith((".", "?", "!")) else text + "."


def decimal_latex(value, digits: int = 6) -> str:
    r"""A decimal approximation of an exact number (math mode), ``digits`` significant digits.

    >>> decimal_latex(Fraction(1, 3)), decimal_latex(Fraction(5, 2)), decimal_latex(0)
    ('0.333333', '2.5', '0')
    >>> decimal_latex(Fraction(-2 * 10**400, 3)), decimal_latex(Fraction(1, 3 * 10**400))
    ('-6.66667 \\times 10^{399}', '3.33333 \\times 10^{-401}')
    """
    q = to_rational(value, "value")
    if q == 0:
        return "0"
    if not 1e-300 < abs(q) < 1e300:
        # beyond the range of a float (which would overflow, or round to 0): cut exactly
        return abbreviated_latex(q, digits).replace(r"\ldots", "")
    text = f"{float(q):.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        return rf"{mantissa} \times 10^{{{int(exponent)}}}"
    return text


def _exact(value) -> str:
    q = to_rational(value, "value")
    return sympy.latex(sympy.Rational(q.numerator, q.denominator))


def _long(value) -> bool:
    q = to_rational(value, "value")
    return len(str(abs(q.numerator))) + len(str(q.denominator)) > DIGITS


def point_latex(values, name: str = "x") -> str:
    r"""A point with exact coordinates as a display (text mode), with a decimal approximation beside it.

    Coordinates too long for a line are listed one per row.

    >>> print(point_latex([Fraction(1, 3), 2]))
    \[ x = \left(\frac{1}{3}, 2\right) \approx (0.333333, 2). \]
    """
    exact = [_exact(v) for v in values]
    approx = [decimal_latex(v) for v in values]
    if len(values) <= 4 and not any(_long(v) for v in values):
        same = all(e == a for e, a in zip(exact, approx))
        tail = "" if same else rf" \approx ({', '.join(approx)})"
        return rf"\[ {name} = \left({', '.join(exact)}\right){tail}. \]"
    rows = [rf"{name}_{{{i}}} &= {e} \approx {a}" if e != a else rf"{name}_{{{i}}} &= {e}"
            for i, (e, a) in enumerate(zip(exact, approx), start=1)]
    if len(rows) > 40:
        rows = rows[:40]
        more = f"\n(The other ${len(values) - 40}$ coordinates are in the JSON output.)"
    else:
        more = ""
    if any(has_long_number(e) for e in exact):
        # an align* row cannot break inside a number of hundreds of digits
        return breakable_latex([r.replace("&", "") for r in rows]) + more
    return "{\\allowdisplaybreaks\n\\begin{align*}\n" + " \\\\\n".join(rows) + ".\n\\end{align*}}" + more


def _neuron(layer: int, index: int) -> str:
    return f"neuron ${index + 1}$ of hidden layer ${layer}$"


def neurons_latex(neurons) -> str:
    r"""``(hidden layer, neuron)`` pairs (neurons 0-based, as values keep them) as words with 1-based numbers.

    >>> neurons_latex(((1, 0), (2, 0), (2, 2)))
    'neuron $1$ of hidden layer $1$; neurons $1$ and $3$ of hidden layer $2$'
    """
    by_layer: dict = defaultdict(list)
    for layer, index in neurons:
        by_layer[layer].append(index + 1)
    parts = []
    for layer in sorted(by_layer):
        indices = sorted(set(by_layer[layer]))
        if len(indices) == 1:
            parts.append(f"neuron ${indices[0]}$ of hidden layer ${layer}$")
        else:
            listed = ", ".join(f"${i}$" for i in indices[:-1]) + f" and ${indices[-1]}$"
            parts.append(f"neurons {listed} of hidden layer ${layer}$")
    return "; ".join(parts)


def reason_latex(reason: Reason) -> str:
    """One reason of an identifiability verdict: its kind in italics, the neurons, the detail as a sentence."""
    where = f" ({neurons_latex(reason.neurons)})" if reason.neurons else ""
    kind = escape_text(reason.kind[:1].upper() + reason.kind[1:])
    return f"\\emph{{{kind}}}{where}. {_sentence(prose_latex(reason.detail))}"


# ---------------------------------------------------------------------------- three-layer details
def _row_latex(row: dict) -> str:
    j = int(row.get("index", 0)) + 1
    kind = escape_text(str(row.get("kind", "")))
    text = f"Row ${j}$ of $[W^{{(2)}} \\mid b^{{(2)}}]$ is {kind}"
    if row.get("column") is not None:
        text += f" (column ${int(row['column']) + 1}$)"
    if row.get("output_zero") or row.get("output zero"):
        text += ", with a zero output column"
    reason = row.get("reason")
    return text + (": " + prose_latex(reason) if reason else "") + "."


def _linear_form(normal, offset, name: str = "x") -> str:
    terms = []
    for i, a in enumerate(normal, start=1):
        q = to_rational(a, "normal")
        if q == 0:
            continue
        coefficient = "" if abs(q) == 1 else _exact(abs(q)) + " "
        sign = "-" if q < 0 else "+"
        terms.append((sign, f"{coefficient}{name}_{{{i}}}"))
    c = to_rational(offset, "offset")
    if c:
        terms.append(("-" if c < 0 else "+", _exact(abs(c))))
    if not terms:
        return "0"
    first_sign, first = terms[0]
    out = ("-" if first_sign == "-" else "") + first
    for sign, term in terms[1:]:
        out += f" {sign} {term}"
    return out


def _hyperplane_latex(h: dict, dimension: int) -> str:
    i = int(h.get("column", 0)) + 1
    normal, offset = h.get("normal", ()), h.get("offset", 0)
    rows = ", ".join(f"${int(j) + 1}$" for j in h.get("hiding_rows", h.get("hiding rows", ())))
    text = (f"The hyperplane of first-layer neuron ${i}$,\n\\[ H_{{{i}}} = \\{{ x \\in \\mathbb{{R}}^{{{dimension}}} : "
            f"{_linear_form(normal, offset)} = 0 \\}}, \\]\nis hidden by row{'s' if ',' in rows else ''} {rows}")
    lower = h.get("lower")
    if lower is not None:
        text += f"; the hiding translation moves it for $t \\geq {_exact(lower)}$"
    return text + "."


def _predicates_latex(genericity: dict) -> str:
    items = []
    for p in genericity.get("predicates", ()):
        holds = "holds" if p.get("holds") else "fails"
        detail = p.get("detail", "")
        items.append(f"\\item[{escape_text(p.get('predicate', ''))}] {_sentence(prose_latex(p.get('statement', '')))} "
                     f"It {holds}" + (f": {prose_latex(detail)}." if detail else "."))
    if not items:
        return ""
    verdict = "hold" if genericity.get("generic") else "do not all hold"
    return (f"The genericity conditions {verdict}:\n\\begin{{description}}\n" + "\n".join(items)
            + "\n\\end{description}")


def _details_latex(details: dict, dimension: int) -> str:
    parts = []
    rows = details.get("rows") or ()
    plain = [int(r.get("index", 0)) + 1 for r in rows if str(r.get("kind")) == "other" and not r.get("output_zero")]
    special = [r for r in rows if not (str(r.get("kind")) == "other" and not r.get("output_zero"))]
    if special:
        parts.append("The rows of the second layer that shape the fiber:\n\\begin{itemize}\n"
                     + "\n".join(f"\\item {_row_latex(r)}" for r in special) + "\n\\end{itemize}")
    if plain:
        listed = ", ".join(f"${j}$" for j in plain)
        parts.append(f"Row{'s' if len(plain) > 1 else ''} {listed} of $[W^{{(2)}} \\mid b^{{(2)}}]$ "
                     f"{'take' if len(plain) > 1 else 'takes'} both signs on the open orthant and "
                     f"hide{'' if len(plain) > 1 else 's'} no column (the generic kind).")
    for h in details.get("hidden_hyperplanes") or ():
        parts.append(_hyperplane_latex(h, dimension))
    if details.get("genericity"):
        parts.append(_predicates_latex(details["genericity"]))
    return "\n\n".join(p for p in parts if p)


def identifiability_latex(result: IdentifiabilityResult) -> str:
    r"""An identifiability verdict in LaTeX text mode: verdict, status, reasons, witness, symmetries, structure.

    Examples
    --------
    >>> print(identifiability_latex(IdentifiabilityResult(True, True, (), "Theorem 8", "shallow")))
    The parameter $\theta$ is identifiable: its fiber is the orbit of the permutations and positive scalings of the
    hidden neurons, $F(\theta) = H \cdot \theta$. This is proven (Theorem 8; decided by the shallow algorithm).
    """
    if result.identifiable:
        verdict = (r"The parameter $\theta$ is identifiable: its fiber is the orbit of the permutations and positive "
                   r"scalings of the hidden neurons, $F(\theta) = H \cdot \theta$.")
    else:
        verdict = (r"The parameter $\theta$ is not identifiable: its fiber is larger than the orbit of the "
                   r"permutations and positive scalings of the hidden neurons, $F(\theta) \supsetneq H \cdot \theta$.")
    status = "This is proven" if result.proven else "This rests on a conjecture"
    basis = prose_latex(result.basis.rstrip("."))
    text = f"{verdict} {status} ({basis}; decided by the {escape_text(result.method)} algorithm)."
    parts = [text]
    real = [r for r in result.reasons if r.kind != "generic" or not result.identifiable]
    if result.reasons:
        head = "The reasons:" if not result.identifiable else "The facts the verdict uses:"
        parts.append(head + "\n\\begin{enumerate}\n"
                     + "\n".join(f"\\item {reason_latex(r)}" for r in (real or result.reasons))
                     + "\n\\end{enumerate}")
    if result.witness is not None:
        parts.append("A witness: the parameter below realizes the same function and is not in $H \\cdot \\theta$ "
                     "(checked exactly).\n\n" + network_block(result.witness, name=r"\theta'", abbreviate=True, exact=True))
    if result.symmetries:
        parts.append("The symmetries beyond $H$ present at $\\theta$:\n" + symmetries_latex(result.symmetries))
    details = _details_latex(result.details or {}, dimension=_input_dimension(result))
    if details:
        parts.append(details)
    return "\n\n".join(parts)


def _input_dimension(result) -> int:
    if result.witness is not None:
        return result.witness.input_dim
    for h in (result.details or {}).get("hidden_hyperplanes") or ():
        return len(h.get("normal", ()))
    return 0


# ---------------------------------------------------------------------------- genericity (shallow)
def genericity_latex(report: GenericityReport) -> str:
    r"""A shallow genericity report: the verdict, then every mechanism with its neurons and witness.

    >>> print(genericity_latex(GenericityReport(True)))
    The parameter $\theta$ is generic: $F(\theta) = H_{n} \cdot \theta$ (Theorem 8 of the shallow theory).
    """
    if report.generic:
        return r"The parameter $\theta$ is generic: $F(\theta) = H_{n} \cdot \theta$ (Theorem 8 of the shallow theory)."
    items = []
    for m in report.mechanisms:
        neurons = neurons_latex(tuple((1, i) for i in m.neurons))
        kind = escape_text(str(m.kind)[:1].upper() + str(m.kind)[1:])
        item = f"\\item \\emph{{{kind}}} ({neurons}). {_sentence(prose_latex(m.detail))}"
        if m.witness is not None:
            item += ("\nA parameter of the fiber outside the orbit that it produces:\n\n"
                     + network_block(m.witness, name=r"\theta'", abbreviate=True, exact=True))
        items.append(item)
    return (r"The parameter $\theta$ is not generic: $F(\theta) \supsetneq H_{n} \cdot \theta$ (Theorem 8 of the "
            "shallow theory), for the reasons below.\n\\begin{enumerate}\n" + "\n".join(items) + "\n\\end{enumerate}")


# ---------------------------------------------------------------------------- equivalence
def equivalence_latex(result: EquivalenceResult) -> str:
    r"""An equivalence verdict: the sentence, who decided, the reason, and the witness point with both outputs.

    >>> print(equivalence_latex(EquivalenceResult(True, method="shallow", reason="equal canonical data")))
    The two networks compute the same function: $f_{\theta} = f_{\theta'}$ on the domain (decided by the shallow
    algorithm: equal canonical data).
    >>> r = EquivalenceResult(False, (Fraction(1, 3),), ((Fraction(1),), (Fraction(0),)), "oracle", "outputs differ")
    >>> print(equivalence_latex(r))
    The two networks compute different functions: $f_{\theta} \neq f_{\theta'}$ (decided by the oracle algorithm:
    outputs differ). They differ at the rational input
    \[ x = \left(\frac{1}{3}\right) \approx (0.333333). \]
    where $f_{\theta}(x) = \left(1\right)$ and $f_{\theta'}(x) = \left(0\right)$.
    """
    how = f"decided by the {escape_text(result.method)} algorithm"
    if result.reason:
        how += ": " + prose_latex(result.reason.rstrip("."))
    if result.regions is not None:
        how += f"; ${result.regions}$ linear regions examined"
    if result.equivalent:
        return rf"The two networks compute the same function: $f_{{\theta}} = f_{{\theta'}}$ on the domain ({how})."
    text = rf"The two networks compute different functions: $f_{{\theta}} \neq f_{{\theta'}}$ ({how})."
    if result.witness is not None:
        text += " They differ at the rational input\n" + point_latex(result.witness)
        if result.outputs is not None:
            a, b = (", ".join(_exact(v) for v in o) for o in result.outputs)
            if len(result.outputs[0]) <= 4 and not any(_long(v) for o in result.outputs for v in o):
                text += (f"\nwhere $f_{{\\theta}}(x) = \\left({a}\\right)$ and "
                         f"$f_{{\\theta'}}(x) = \\left({b}\\right)$.")
            else:
                text += "\nwhere the outputs are\n" + point_latex(result.outputs[0], r"f_{\theta}(x)") + "\nand\n" \
                    + point_latex(result.outputs[1], r"f_{\theta'}(x)")
    return text


# ---------------------------------------------------------------------------- symmetries
def group_order_latex(widths) -> str:
    r"""The order of the permutation part of ``H``: a product of factorials, with its value when short (math mode).

    >>> group_order_latex((2, 3)), group_order_latex((50,)), group_order_latex((1,))
    ('2! \\, 3! = 12', '50!', '1')
    """
    parts = [w for w in widths if w > 1]
    if not parts:
        return "1"
    product = r" \, ".join(f"{w}!" for w in parts)
    value = math.prod(math.factorial(w) for w in parts)
    if len(str(value)) <= 8 and (len(parts) > 1 or parts[0] > 2):
        return f"{product} = {value}"
    return product if len(parts) > 1 or parts[0] > 2 else str(value)


def _h_block(layers: dict) -> str:
    """The permutations and scalings of ``H`` layer by layer, in matrix form, with the generator formula once."""
    lines = []
    widths = [layers[l] for l in sorted(layers)]
    for layer in sorted(layers):
        n = layers[layer]
        nxt = layer + 1
        perm = (rf"a permutation matrix $P$ of size ${n}$ (${count_latex(math.factorial(n))}$ of them) and "
                if n > 1 else "")
        lambdas = (r"\lambda_{1}, \lambda_{2}" if n == 2 else rf"\lambda_{{1}}, \ldots, \lambda_{{{n}}}")
        lines.append(
            f"\\item Hidden layer ${layer}$ (${n}$ neuron{'s' if n > 1 else ''}): for {perm}"
            f"$D = \\operatorname{{diag}}({lambdas})$ with every $\\lambda_{{i}} > 0$,\n"
            f"\\[ W^{{({layer})}} \\mapsto P D W^{{({layer})}}, \\quad b^{{({layer})}} \\mapsto P D b^{{({layer})}}, "
            f"\\quad W^{{({nxt})}} \\mapsto W^{{({nxt})}} D^{{-1}} P^{{-1}}. \\]"
            if n > 1 else
            f"\\item Hidden layer ${layer}$ (one neuron): for $\\lambda > 0$,\n"
            f"\\[ W^{{({layer})}} \\mapsto \\lambda W^{{({layer})}}, \\quad b^{{({layer})}} \\mapsto \\lambda "
            f"b^{{({layer})}}, \\quad W^{{({nxt})}} \\mapsto \\lambda^{{-1}} W^{{({nxt})}}. \\]")
    total = sum(widths)
    return (
        "The group $H$ of permutations and positive scalings of the hidden neurons, of dimension "
        f"${total}$ and with ${group_order_latex(widths)}$ permutations, acts layer by layer "
        "($s(P D y) = P D\\, s(y)$):\n\\begin{itemize}\n" + "\n".join(lines) + "\n\\end{itemize}\n"
        "The scaling of neuron $i$ of hidden layer $l$ has the generator\n"
        "\\[ X^{(l)}_{i} = \\sum_{j} W^{(l)}_{i,j} \\, \\partial_{W^{(l)}_{i,j}} + b^{(l)}_{i} \\, "
        "\\partial_{b^{(l)}_{i}} - \\sum_{k} W^{(l+1)}_{k,i} \\, \\partial_{W^{(l+1)}_{k,i}}. \\]")


def symmetry_latex(symmetry: Symmetry) -> str:
    r"""One symmetry in text mode: its kind, what moves (typeset), its parameters, its group or dimension, generators.

    >>> from semialg_fibers.core.symmetries import h_symmetries
    >>> from semialg_fibers.core.network import Network
    >>> print(symmetry_latex(h_symmetries(Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])]))[0]))
    \textbf{Permutation}: permutations of the $2$ neurons of hidden layer $1$. A discrete group of order $2! = 2$.
    """
    kind = str(getattr(symmetry.kind, "value", symmetry.kind))
    if symmetry.kind == SymmetryKind.PERMUTATION and symmetry.neurons:
        layer = symmetry.neurons[0][0]
        n = len(symmetry.neurons)
        return (f"\\textbf{{Permutation}}: permutations of the ${n}$ neurons of hidden layer ${layer}$. "
                f"A discrete group of order ${n}! = {count_latex(math.factorial(n))}$."
                if n < 20 else
                f"\\textbf{{Permutation}}: permutations of the ${n}$ neurons of hidden layer ${layer}$. "
                f"A discrete group of order ${n}!$.")
    text = f"\\textbf{{{escape_text(kind[:1].upper() + kind[1:])}}}: {_sentence(prose_latex(symmetry.description))}"
    if symmetry.continuous:
        text += f" A continuous family of dimension ${symmetry.dimension}$."
    elif symmetry.order:
        text += f" A discrete group of order ${count_latex(symmetry.order)}$."
    else:
        text += " A discrete move."
    if symmetry.parameters:
        text += " Parameters: " + "; ".join(f"{prose_latex(n)}: {prose_latex(d)}" for n, d in symmetry.parameters) + "."
    generators = symmetry.generators
    if generators:
        large = [g for g in generators if sum(1 for e in g.components if e != 0) > FIELD_MAX_TERMS]
        if len(generators) > 6 or large:
            text += (f" Its ${len(generators)}$ generator{'s' if len(generators) > 1 else ''} "
                     f"({'some ' if len(large) < len(generators) else ''}too long to print) are in the JSON output.")
        else:
            for i, field in enumerate(generators, start=1):
                name = "X" if len(generators) == 1 else f"X_{{{i}}}"
                text += "\n" + vector_field_latex(field, name=name)
    return text


def symmetries_latex(symmetries) -> str:
    r"""A tuple of symmetries: those of ``H`` once, in matrix form; every other one as an item.

    >>> from semialg_fibers.core.symmetries import h_symmetries
    >>> from semialg_fibers.core.network import Network
    >>> text = symmetries_latex(h_symmetries(Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])])))
    >>> "W^{(1)} \\mapsto P D W^{(1)}" in text, text.count("\\item")
    (True, 1)
    """
    layers: dict = {}
    others = []
    for s in symmetries:
        if s.kind in (SymmetryKind.PERMUTATION, SymmetryKind.SCALING) and s.neurons:
            for layer, index in s.neurons:
                layers[layer] = max(layers.get(layer, 0), index + 1)
        else:
            others.append(s)
    parts = []
    if layers:
        parts.append(_h_block(layers))
    if others:
        parts.append(("Further symmetries:" if layers else "")
                     + "\n\\begin{itemize}\n" + "\n".join(f"\\item {symmetry_latex(s)}" for s in others)
                     + "\n\\end{itemize}")
    return "\n\n".join(parts) if parts else "None."


for _type, _printer in ((IdentifiabilityResult, identifiability_latex), (GenericityReport, genericity_latex),
                        (EquivalenceResult, equivalence_latex), (Symmetry, symmetry_latex)):
    to_latex.register(_type, _printer)
del _type, _printer
SYMMETRIES_PRINTER[:] = [symmetries_latex]

_ = Fraction  # the doctests use it


# ---------------------------------------------------------------------------- text, display formulas and HTML
def identifiability_text(result: IdentifiabilityResult, **options) -> str:
    """The verdict on one screen: :meth:`IdentifiabilityResult.describe`, the symmetries, the witness's size."""
    if options:
        raise TypeError(f"IdentifiabilityResult.text() takes no options; got {', '.join(options)}")
    lines = [result.describe()]
    if result.symmetries:
        lines.append("  symmetries beyond permutations and scalings: "
                     + ", ".join(str(s.kind) for s in result.symmetries))
    if result.witness is not None:
        lines.append(f"  witness: a {'-'.join(map(str, result.witness.architecture))} network with the same "
                     "function outside the orbit (.witness)")
    return "\n".join(lines)


def equivalence_text(result: EquivalenceResult, **options) -> str:
    """The verdict on one screen, the witness with a decimal approximation beside each exact coordinate."""
    from .text import number_text

    if options:
        raise TypeError(f"EquivalenceResult.text() takes no options; got {', '.join(options)}")
    head = ("equivalent" if result.equivalent else "not equivalent") + f" ({result.method})"
    lines = [head + (f": {result.reason}" if result.reason else "")]
    if result.witness is not None:
        lines.append("  witness x = (" + ", ".join(number_text(v) for v in result.witness[:8])
                     + (", ..." if len(result.witness) > 8 else "") + ")")
        if result.outputs is not None:
            for name, out in zip(("f(x)", "g(x)"), result.outputs):
                lines.append(f"  {name} = (" + ", ".join(number_text(v) for v in out[:8])
                             + (", ..." if len(out) > 8 else "") + ")")
    if result.regions is not None:
        lines.append(f"  linear regions examined: {result.regions}")
    return "\n".join(lines)


def genericity_text(report: GenericityReport, **options) -> str:
    """The genericity verdict and one line per mechanism (1-based neurons)."""
    if options:
        raise TypeError(f"GenericityReport.text() takes no options; got {', '.join(options)}")
    if report.generic:
        return "generic: the fiber is the orbit H_n . theta (Theorem 8)"
    lines = ["not generic: the fiber is larger than the orbit H_n . theta (Theorem 8)"]
    lines += [f"  - {m.kind} (neurons {', '.join(str(i + 1) for i in m.neurons)}): {m.detail}"
              for m in report.mechanisms]
    return "\n".join(lines)


def symmetry_text(symmetry: Symmetry, **options) -> str:
    """A symmetry in one or two lines."""
    from .text import format_count

    if options:
        raise TypeError(f"Symmetry.text() takes no options; got {', '.join(options)}")
    size = (f"dimension {symmetry.dimension}" if symmetry.continuous
            else f"order {format_count(symmetry.order)}" if symmetry.order else "discrete")
    return f"{symmetry.kind} ({size}): {symmetry.description}"


def identifiability_display(result: IdentifiabilityResult) -> str:
    r"""One formula for Jupyter: ``F(\theta) = H \cdot \theta`` or ``\supsetneq``, with the status in words."""
    relation = "=" if result.identifiable else r"\supsetneq"
    words = ("identifiable" if result.identifiable else "not identifiable") + (
        ", proven" if result.proven else ", conjecture")
    return rf"$\displaystyle F(\theta) {relation} H \cdot \theta \quad \text{{({words}; {escape_text(result.method)})}}$"


def equivalence_display(result: EquivalenceResult) -> str:
    r"""One formula for Jupyter: ``f_theta = f_theta'`` or ``f_theta(x) != f_theta'(x)`` at the witness."""
    if result.equivalent:
        return r"$\displaystyle f_{\theta} = f_{\theta'}$"
    if result.witness is not None and len(result.witness) <= 6:
        point = ", ".join(_exact(v) for v in result.witness)
        return rf"$\displaystyle f_{{\theta}}(x) \neq f_{{\theta'}}(x) \text{{ at }} x = \left({point}\right)$"
    return r"$\displaystyle f_{\theta} \neq f_{\theta'}$"


def genericity_display(report: GenericityReport) -> str:
    r"""One formula for Jupyter: ``F(\theta) = H_n \cdot \theta`` or ``\supsetneq``."""
    relation = "=" if report.generic else r"\supsetneq"
    return rf"$\displaystyle F(\theta) {relation} H_{{n}} \cdot \theta$"


def _html_math(latex: str) -> str:
    import html as _html

    return r"\(" + _html.escape(latex) + r"\)"


def _html_prose(text: str) -> str:
    """A sentence of the library's notation as HTML: words escaped, formulas as ``\\( ... \\)`` for MathJax."""
    import html as _html

    out = []
    for i, part in enumerate(prose_latex(text).split("$")):
        if i % 2:
            out.append(_html_math(part))
        else:  # undo the text-mode escapes of the words
            words = (part.replace(r"\_\allowbreak{}", "_").replace(r"\textgreater{}", ">").replace(r"\textless{}", "<")
                     .replace(r"\textbar{}", "|").replace(r"\{", "{").replace(r"\}", "}").replace(r"\%", "%")
                     .replace(r"\&", "&").replace(r"\#", "#").replace(r"\^{}", "^").replace(r"\~{}", "~")
                     .replace(r"\textbackslash{}", "\\"))
            out.append(_html.escape(words))
    return "".join(out)


def identifiability_html(result: IdentifiabilityResult) -> str:
    """HTML for Jupyter: the verdict, the reasons as sentences, the witness, the symmetries, the predicates."""
    from .html import html as value_html

    verdict = ("identifiable" if result.identifiable else "not identifiable") + (
        " (proven)" if result.proven else " (rests on a conjecture)")
    relation = "=" if result.identifiable else r"\supsetneq"
    formula = _html_math("F(\\theta) " + relation + " H \\cdot \\theta")
    out = [f"<b>IdentifiabilityResult</b>: {verdict}, {formula}"
           f"<br><i>basis</i>: {_html_prose(result.basis)}"]
    if result.reasons:
        items = "".join(f"<li><b>{_html_prose(r.kind)}</b>: {_html_prose(r.detail)}</li>" for r in result.reasons)
        out.append(f"<ol>{items}</ol>")
    if result.symmetries:
        items = "".join(f"<li><b>{_html_prose(str(s.kind))}</b>: {_html_prose(s.description)}</li>"
                        for s in result.symmetries)
        out.append(f"symmetries beyond \\(H\\):<ul>{items}</ul>")
    if result.witness is not None:
        out.append("witness (same function, outside the orbit): " + value_html(result.witness))
    predicates = (result.details or {}).get("genericity", {}).get("predicates", ())
    if predicates:
        rows = "".join(f"<tr><th style='text-align:left'>{_html_prose(p.get('predicate', ''))}</th>"
                       f"<td style='text-align:left'>{_html_prose(p.get('statement', ''))}</td>"
                       f"<td>{'holds' if p.get('holds') else 'fails'}</td></tr>" for p in predicates)
        out.append(f"<table>{rows}</table>")
    return "<div>" + "<br>".join(out) + "</div>"


def equivalence_html(result: EquivalenceResult) -> str:
    """HTML for Jupyter: the verdict, the reason, the witness with decimals."""
    import html as _html

    from .text import number_text

    head = "<b>EquivalenceResult</b>: " + ("equivalent" if result.equivalent else "not equivalent")
    head += f" ({_html.escape(result.method)})"
    if result.reason:
        head += ": " + _html.escape(result.reason)
    if result.witness is not None:
        head += "<br>witness \\(x\\) = (" + ", ".join(_html.escape(number_text(v)) for v in result.witness[:20]) + (
            ", ...)" if len(result.witness) > 20 else ")")
    return f"<div>{head}</div>"


def genericity_html(report: GenericityReport) -> str:
    """HTML for Jupyter: the verdict and the mechanisms as sentences."""
    if report.generic:
        return "<div><b>GenericityReport</b>: generic, " + _html_math(r"F(\theta) = H_{n} \cdot \theta") + "</div>"
    items = "".join(f"<li><b>{_html_prose(str(m.kind))}</b> (neurons {', '.join(str(i + 1) for i in m.neurons)}): "
                    f"{_html_prose(m.detail)}</li>" for m in report.mechanisms)
    return ("<div><b>GenericityReport</b>: not generic, " + _html_math(r"F(\theta) \supsetneq H_{n} \cdot \theta")
            + f"<ol>{items}</ol></div>")


def symmetry_html(symmetry: Symmetry) -> str:
    """HTML for Jupyter: the kind and the move as a sentence, with the size of the family."""
    size = (f"dimension {symmetry.dimension}" if symmetry.continuous
            else f"order {symmetry.order}" if symmetry.order else "discrete")
    return (f"<div><b>Symmetry</b>: <b>{_html_prose(str(symmetry.kind))}</b> ({size}): "
            f"{_html_prose(symmetry.description)}</div>")


def _register_displays() -> None:
    from .html import to_html
    from .latex import to_latex_display
    from .text import to_text

    for kind, text, display, page in (
            (IdentifiabilityResult, identifiability_text, identifiability_display, identifiability_html),
            (EquivalenceResult, equivalence_text, equivalence_display, equivalence_html),
            (GenericityReport, genericity_text, genericity_display, genericity_html),
            (Symmetry, symmetry_text, None, symmetry_html)):
        to_text.register(kind, text)
        to_html.register(kind, page)
        if display is not None:
            to_latex_display.register(kind, display)


_register_displays()
