r"""HTML for Jupyter: ``_repr_html_`` of networks, components, fibers and result values.

One function, :func:`html`, renders any value: networks, fibers and components
by their structure, the values with a printer of their own (the verdicts and
symmetries, :mod:`semialg_fibers.render.verdicts`; the conservation laws) by
it, everything else (stabilizers, values of other modules) field by field from
``to_dict()`` or the dataclass fields.  Text is HTML-escaped; formulas are
written as ``\( ... \)`` for the notebook's MathJax, from
:mod:`semialg_fibers.render.latex`.  Large parameters are summarized, never printed
in full.  Renderers only read values.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import html as _html
from fractions import Fraction

from ..core.components import Fiber, FiberComponent
from ..core.network import Network
from ..core.semialgebraic import BasicSet, PolynomialConstraint, SemialgebraicSet
from .latex import component_latex, network_latex

__all__ = ["html", "to_html", "MATH_PARAMETERS"]

#: Formulas are shown for networks with at most this many parameters (words only beyond).
MATH_PARAMETERS = 80
_MAX_ITEMS = 20


def _text(value) -> str:
    return _html.escape(str(value))


def _math(latex: str) -> str:
    return r"\(\displaystyle " + _html.escape(latex) + r"\)"


def _network(net) -> str:
    arch = "-".join(map(str, net.architecture))
    head = f"<b>Network</b> {arch} ({net.num_parameters} parameters)"
    if net.num_parameters <= MATH_PARAMETERS:
        return head + "<br>" + _math(network_latex(net))
    return head


def _component(c, index=None) -> str:
    title = "Component" + (f" {index}" if index is not None else "")
    copies = "1 copy" if c.multiplicity == 1 else f"{c.multiplicity} copies (permuted hidden neurons)"
    out = (f"<b>{title}</b>: dimension {c.dimension}, {copies}<br><i>{_text(c.description or c.pattern_description)}"
           "</i>")
    if len(c.parametrization) <= MATH_PARAMETERS:
        out += "<br>" + _math(component_latex(c))
    return out


def _fiber(f) -> str:
    dimension = f"at least {f.dimension} (partial list)" if str(f.status) == "partial" else f.dimension
    head = (f"<b>Fiber</b> of a {'-'.join(map(str, f.network.architecture))} network: dimension {dimension}, "
            f"{len(f)} component{'' if len(f) == 1 else 's'}"
            + (f" listed, {f.omitted} more not built" if f.omitted else ""))
    items = "".join(f"<li>{_component(c, i)}</li>" for i, c in enumerate(f.components[:_MAX_ITEMS], 1))
    more = f"<li>... {len(f) - _MAX_ITEMS} more</li>" if len(f) > _MAX_ITEMS else ""
    return f"<div>{head}<ol>{items}{more}</ol></div>"


def _fields(value) -> dict:
    if hasattr(value, "to_dict") and not dataclasses.is_dataclass(value):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.repr}
    return value.to_dict()


def _value(value, depth: int) -> str:
    own = to_html.dispatch(type(value))
    if own is not to_html.dispatch(object) and own is not _no_html:
        shown = own(value)  # a value with its own HTML (the verdicts, symmetries, laws) shows it everywhere
        if shown is not None:
            return shown
    if isinstance(value, Network):
        return _network(value) if depth <= 2 else _text(f"network {'-'.join(map(str, value.architecture))}")
    if isinstance(value, Fiber):
        return _fiber(value)
    if isinstance(value, FiberComponent):
        return _component(value)
    if isinstance(value, BasicSet):
        return _math(value.latex())
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "&ndash;"}[value]
    if isinstance(value, enum.Enum):
        return _text(value.value)
    if isinstance(value, (int, Fraction, str, float)):
        return _text(value)
    if depth > 4:
        return _text(repr(value))
    if isinstance(value, dict):
        rows = "".join(f"<tr><th style='text-align:left'>{_text(str(k).replace('_', ' '))}</th>"
                       f"<td style='text-align:left'>{_value(v, depth + 1)}</td></tr>" for k, v in value.items())
        return f"<table>{rows}</table>"
    if isinstance(value, (list, tuple)):
        if not value:
            return "&ndash;"
        if all(isinstance(v, (int, Fraction, str, bool, enum.Enum)) or v is None for v in value):
            return ", ".join(_value(v, depth + 1) for v in value)
        items = "".join(f"<li>{_value(v, depth + 1)}</li>" for v in value[:_MAX_ITEMS])
        more = f"<li>... {len(value) - _MAX_ITEMS} more</li>" if len(value) > _MAX_ITEMS else ""
        return f"<ul>{items}{more}</ul>"
    if hasattr(value, "to_dict") or dataclasses.is_dataclass(value):
        title = f"<b>{_text(type(value).__name__)}</b>"
        return title + _value(_fields(value), depth + 1)
    return _text(value)


def html(value) -> str:
    """HTML of any value of the library, for Jupyter's ``_repr_html_``.

    >>> from semialg_fibers.core.results import EquivalenceResult
    >>> print(html(EquivalenceResult(True, method="shallow", reason="equal canonical data")))
    <div><b>EquivalenceResult</b>: equivalent (shallow): equal canonical data</div>
    >>> from semialg_fibers.core.symmetries import VectorField
    >>> html(VectorField((1, 1), (0, 0))).startswith("<b>VectorField</b><table>")  # a value without its own HTML
    True
    >>> from semialg_fibers import Network
    >>> print(html(Network.from_layers([([[1]], [0]), ([[2]], [0])])))
    <b>Network</b> 1-1-1 (4 parameters)<br>\\(\\displaystyle W^{(1)} = \\begin{bmatrix}1\\end{bmatrix},\\ b^{(1)} =
    \\begin{bmatrix}0\\end{bmatrix},\\ W^{(2)} = \\begin{bmatrix}2\\end{bmatrix},\\ b^{(2)} =
    \\begin{bmatrix}0\\end{bmatrix}\\)
    """
    return _value(value, 1)


@functools.singledispatch
def to_html(value) -> str | None:
    """What ``value._repr_html_()`` returns for a :class:`~semialg_fibers.core.printing.Printable` value.

    :func:`html` of the value, except for the mathematical objects that
    Jupyter shows by their formula (constraints, basic sets, unions; and the
    conservation laws, :mod:`semialg_fibers.render.conservation`): None.

    Parameters
    ----------
    value : Printable

    Returns
    -------
    str or None

    Examples
    --------
    >>> from semialg_fibers.core.results import IdentifiabilityResult
    >>> value = IdentifiabilityResult(True, True, (), "Theorem 8", "shallow")
    >>> to_html(value) == html(value), to_html(value).startswith("<div><b>IdentifiabilityResult</b>: identifiable")
    (True, True)
    >>> from semialg_fibers.core.semialgebraic import constraint
    >>> import sympy
    >>> to_html(constraint(sympy.Symbol("x"), ">")) is None
    True
    """
    return html(value)


def _no_html(value) -> None:
    return None  # Jupyter shows the formula (_repr_latex_) or the repr, as it did before values printed here


for _type in (PolynomialConstraint, BasicSet, SemialgebraicSet):
    to_html.register(_type, _no_html)
del _type
