"""Text and LaTeX renderings of conservation-law reports and counts (renderers only read values).

Importing this module registers them as the printers of the values
(:class:`~semialg_fibers.conservation.laws.ConservationLaw`,
:class:`~semialg_fibers.conservation.laws.LawReport`,
:class:`~semialg_fibers.conservation.count.LawCount`): their ``latex()``,
``text()`` and ``_repr_html_`` (the quantities as formulas for MathJax).
"""

from __future__ import annotations

import sympy

from ..conservation.count import LawCount
from ..conservation.laws import ConservationLaw, LawReport
from ..core.expressions import as_expression
from ..core.progress import task
from ..core.symbols import parameter_symbols
from .html import to_html
from .latex import expression_latex, to_latex
from .prose import prose_latex
from .text import expression_text, to_text

__all__ = ["field_latex", "law_latex", "balance_expression", "report_latex", "report_html", "law_html", "count_html",
           "law_text", "report_text", "count_text", "count_latex"]


_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "_": r"\_", "^": r"\textasciicircum{}", "{": r"\{", "}": r"\}",
            "#": r"\#", "%": r"\%", "&": r"\&", "$": r"\$", "~": r"\textasciitilde{}",
            "<": r"\textless{}", ">": r"\textgreater{}"}


def _escape(text: str) -> str:
    r"""Text-mode LaTeX escape, one pass (so replacements are not escaped again).

    >>> _escape("V M^-1, a_i {x}")
    'V M\\textasciicircum{}-1, a\\_i \\{x\\}'
    """
    return "".join(_TEXT_ESCAPES.get(c, c) for c in text)


def field_latex(field) -> str:
    r"""``sum_p X_p \partial_{theta_p}`` as LaTeX.

    >>> from semialg_fibers.core.symmetries import scaling_generator
    >>> field_latex(scaling_generator((1, 1, 1), 1, 0))
    'W^{(1)}_{1,1} \\partial_{W^{(1)}_{1,1}} + b^{(1)}_{1} \\partial_{b^{(1)}_{1}} - W^{(2)}_{1,1} \\partial_{W^{(2)}_{1,1}}'
    """
    parts = []
    for index, (coord, comp) in enumerate(zip(parameter_symbols(field.architecture), field.components)):
        comp = as_expression(comp, f"components[{index}]")  # never sympify: a string is parsed, not run
        if comp == 0:
            continue
        c = expression_latex(comp)
        d = rf"\partial_{{{sympy.latex(coord)}}}"
        if comp == 1:
            term = d
        elif comp == -1:
            term = "-" + d
        elif comp.is_Add:
            term = rf"\left({c}\right) {d}"
        else:
            term = f"{c} {d}"
        parts.append(term)
    if not parts:
        return "0"
    out = parts[0]
    for t in parts[1:]:
        out += (" - " + t[1:].lstrip()) if t.startswith("-") else (" + " + t)
    return out


def law_latex(law) -> str:
    """One ``itemize`` item: the symmetry, its generators, its conserved quantities or the obstruction."""
    s = law.symmetry
    kind = str(s.kind)
    lines = [rf"\item \textbf{{{_escape(kind[:1].upper() + kind[1:])}}} ({prose_latex(s.description)})."]
    sizes = [sum(1 for c in g.components if as_expression(c, "component") != 0) for g in s.generators]
    if any(n > LONG_TERMS for n in sizes):
        gens = " and ".join(f"a field with ${n}$ nonzero components" for n in sizes) + " (listed in the JSON output)"
    else:
        gens = ", ".join(f"${field_latex(g)}$" for g in s.generators)
    lines.append(rf"  Generator{'s' if len(s.generators) > 1 else ''}: {gens}.")
    for q in law.quantities:
        terms = len(sympy.Add.make_args(q.expression))
        formula = (f"a polynomial of ${terms}$ terms (in the JSON output)" if terms > LONG_TERMS
                   else f"$Q = {expression_latex(q.expression)}$")
        lines.append(rf"  Conserved: {formula} on {prose_latex(q.region)}; "
                     rf"data: {prose_latex(q.data_condition)}"
                     + (r" (checked exactly on the given inputs)." if q.checked_on_data else "."))
    if law.obstruction is not None:
        lines.append(rf"  Not a gradient field ({prose_latex(law.obstruction.generator.name)}): "
                     rf"${law.obstruction.latex()}$.")
    if not law.quantities:
        lines.append(r"  No conserved quantity is induced.")
    for expr, reason in law.failed_on_data:
        lines.append(rf"  Not conserved on the given inputs: ${expression_latex(expr)}$ ({prose_latex(reason)}).")
    return "\n".join(lines)


def balance_expression(architecture, layer: int, index: int) -> sympy.Expr:
    r"""The balance of neuron ``index`` (0-based) of hidden layer ``layer``: incoming squares minus outgoing squares.

    ``|W^{(l)}_{i,:}|^2 + (b^{(l)}_i)^2 - |W^{(l+1)}_{:,i}|^2``, the quantity a positive scaling conserves
    (Du, Hu and Lee 2018), computed here from the architecture alone.

    >>> balance_expression((1, 1, 1), 1, 0)
    W1_1_1**2 - W2_1_1**2 + b1_1**2
    """
    coords = parameter_symbols(tuple(architecture))
    offset = sum(architecture[l] * architecture[l + 1] + architecture[l + 1] for l in range(layer - 1))
    n_in, n = architecture[layer - 1], architecture[layer]
    incoming = [coords[offset + index * n_in + j] for j in range(n_in)] + [coords[offset + n * n_in + index]]
    nxt = offset + n * n_in + n
    outgoing = [coords[nxt + k * n + index] for k in range(architecture[layer + 1])]
    return sympy.Add(*[c**2 for c in incoming]) - sympy.Add(*[c**2 for c in outgoing])


#: Generators and quantities with more terms than this are described by their size.
LONG_TERMS = 24

#: Reports with more laws than this (or with a generator of more than LONG_TERMS terms) state the balances
#: of the scalings once, by their formula.
GROUP_LAWS = 6


def _is_balance(law) -> bool:
    s = law.symmetry
    if str(s.kind) != "scaling" or len(s.neurons) != 1 or len(law.quantities) != 1 or law.failed_on_data:
        return False
    layer, index = s.neurons[0]
    expected = balance_expression(s.generators[0].architecture, layer, index) if s.generators else None
    q = law.quantities[0].expression
    return expected is not None and (sympy.expand(q - expected) == 0 or sympy.expand(q + expected) == 0)


def report_latex(report) -> str:
    """A LaTeX ``itemize`` list: per symmetry its generators and its conserved quantities or the obstruction.

    Above :data:`GROUP_LAWS` laws, the positive scalings whose conserved quantity is the balance of their
    neuron (checked against :func:`balance_expression` for each of them) are stated once, by the formula.
    """
    laws = list(report.laws)
    large = any(len(g.components) > LONG_TERMS for law in laws for g in law.symmetry.generators)
    balances = [law for law in laws if _is_balance(law)] if len(laws) > GROUP_LAWS or large else []
    lines = []
    if balances:
        lines.append(
            rf"The positive scaling of each of the ${len(balances)}$ hidden neurons (neuron $i$ of hidden "
            r"layer $l$) conserves its balance" "\n"
            r"\[ Q^{(l)}_{i} = \sum_{j} \bigl(W^{(l)}_{i,j}\bigr)^{2} + \bigl(b^{(l)}_{i}\bigr)^{2} "
            r"- \sum_{k} \bigl(W^{(l+1)}_{k,i}\bigr)^{2} \]" "\n"
            r"on every parameter at which no training input lies on a kink of a hidden neuron, for any loss "
            r"and any training inputs (each of these laws was compared with this formula).")
    rest = [law for law in laws if law not in balances]
    if rest:
        if balances:
            lines.append("The other symmetries:")
        lines += [r"\begin{itemize}"] + [law_latex(law) for law in rest] + [r"\end{itemize}"]
    for note in report.notes:
        lines.append(rf"\noindent\emph{{Note:}} {_escape(note)}")
    return "\n".join(lines)


def report_text(report) -> str:
    """Plain text, one block per symmetry."""
    arch = "-".join(map(str, report.network.architecture))
    head = f"conservation laws of a {arch} network ({report.network.num_parameters} parameters)"
    if report.data is not None:
        head += f", checked on {len(report.data)} training inputs"
    out = [head]
    with task("writing the laws", total=len(report.laws), unit="laws") as bar:
        for index, law in enumerate(report.laws, 1):
            out.append(f"[{index}] {law.symmetry.kind}: {law.symmetry.description}")
            for q in law.quantities:
                tag = " [checked on data]" if q.checked_on_data else ""
                out.append(f"    conserved: {expression_text(q.expression)}{tag}")
                out.append(f"      where: {q.region}; data: {q.data_condition}")
            if not law.quantities:
                out.append("    conserved: none")
            if law.reason:
                out.append(f"    reason: {law.reason}")
            bar.advance()
        bar.advance(0, note="independent quantities")
        independent = report.independent_quantities()
    out.append(f"independent conserved quantities at the network: {len(independent)}")
    out.extend(f"note: {n}" for n in report.notes)
    return "\n".join(out)


def law_text(law) -> str:
    """One law in a line or two: the symmetry and its conserved quantities in clean infix."""
    s = law.symmetry
    conserved = "; ".join(expression_text(q.expression) for q in law.quantities) or "none"
    return f"{s.kind}: {s.description}\n  conserved: {conserved}"


def count_text(count) -> str:
    """Plain text of a :class:`~semialg_fibers.conservation.count.LawCount`."""
    out = [f"conserved functions near the network for {count.data_points} training inputs: {count.count}",
           f"  parameters N = {count.num_parameters}, dim Lie(W)(theta) = {count.lie_dimension} "
           f"(ranks by bracket depth: {', '.join(map(str, count.ranks))})",
           f"  certified by {len(count.laws)} explicit laws with independent gradients:"]
    out.extend(f"    {expression_text(q)}" for q in count.laws)
    return "\n".join(out)


def count_latex(count) -> str:
    """LaTeX of a count: the equation ``N - dim Lie = count`` and the certifying laws."""
    laws = r" \\ ".join(expression_latex(q) for q in count.laws)
    return (rf"N - \dim \mathrm{{Lie}}(W)(\theta) = {count.num_parameters} - {count.lie_dimension} = {count.count}"
            + (rf", \quad \begin{{gathered}} {laws} \end{{gathered}}" if count.laws else ""))


def _law_html(law) -> str:
    import html as _html

    s = law.symmetry
    out = f"<b>{_html.escape(str(s.kind))}</b>: {_html.escape(s.description)}"
    for q in law.quantities:
        terms = len(sympy.Add.make_args(q.expression))
        formula = (f"a polynomial of {terms} terms" if terms > LONG_TERMS
                   else r"\(Q = " + _html.escape(expression_latex(q.expression)) + r"\)")
        out += f"<br>conserved: {formula}"
    if not law.quantities:
        out += "<br>no conserved quantity" + (f" ({_html.escape(law.reason)})" if law.reason else "")
    return out


def report_html(report) -> str:
    """HTML for Jupyter: one item per symmetry with its conserved quantity as a formula (at most 30 items)."""
    arch = "-".join(map(str, report.network.architecture))
    items = "".join(f"<li>{_law_html(law)}</li>" for law in report.laws[:30])
    more = f"<li>... {len(report.laws) - 30} more</li>" if len(report.laws) > 30 else ""
    return (f"<div><b>LawReport</b> of a {arch} network: {len(report.laws)} symmetr"
            f"{'y' if len(report.laws) == 1 else 'ies'}<ol>{items}{more}</ol></div>")


def law_html(law) -> str:
    """HTML for Jupyter of one law."""
    return f"<div><b>ConservationLaw</b>: {_law_html(law)}</div>"


def count_html(count) -> str:
    """HTML for Jupyter of a count of conserved functions."""
    return (f"<div><b>LawCount</b>: {count.count} conserved functions near the network, "
            r"\(" + count_latex(count).split(r", \quad")[0] + r"\)</div>")


for _type, _latex, _text, _html_printer in ((ConservationLaw, law_latex, law_text, law_html),
                                            (LawReport, report_latex, report_text, report_html),
                                            (LawCount, count_latex, count_text, count_html)):
    to_latex.register(_type, _latex)
    to_html.register(_type, _html_printer)
    if _text is not None:
        to_text.register(_type, _text)
del _type, _latex, _text, _html_printer
