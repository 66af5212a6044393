"""Everything the library knows about one network, collected for a document: fiber, identifiability, symmetries, laws.

:func:`network_report` runs the analyses that apply to the network and keeps
each result, or a note saying why it is missing (outside what the algorithms
decide, a limit reached, or a capability this installation does not have);
:mod:`semialg_fibers.latex` renders the value (:func:`~semialg_fibers.latex.document`),
the ``semialg-fibers latex`` command writes it.  Analyses that live in optional
modules (three-layer identifiability and symmetries, conservation laws) are
imported lazily: when a module is absent its section says so.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..core.exceptions import NotDecidedError
from ..core.limits import SearchLimits
from ..core.network import Network
from ..core.printing import Printable

__all__ = ["ReportSection", "NetworkReport", "network_report"]


@dataclass(frozen=True)
class ReportSection:
    """One section of a report: a title, a value (or None) and a note in words."""

    title: str
    value: object = None
    note: str = ""


@dataclass(frozen=True)
class NetworkReport(Printable):
    """The analyses of one network.

    ``latex()`` is a standalone LaTeX document (:func:`semialg_fibers.render.latex.document`);
    ``_repr_html_`` the sections field by field (:func:`semialg_fibers.render.html.html`).

    Attributes
    ----------
    network : Network
    domain : None or str
        ``None`` for R^d, ``"orthant"`` for the closed nonnegative orthant.
    fiber : Fiber or None
    fiber_note : str
        Why the fiber is missing or incomplete ("" when complete).
    sections : tuple of ReportSection
        Identifiability, symmetries, conservation laws, in this order.
    title : str
        The document title ("" for the default, which names the architecture).
    """

    network: Network
    domain: str | None
    fiber: object
    fiber_note: str
    sections: tuple
    title: str = ""


def _optional(module: str, name: str):
    """``module.name`` if this installation has it, else None (modules developed separately plug in here)."""
    try:
        return getattr(importlib.import_module(f"semialg_fibers.{module}"), name)
    except (ImportError, AttributeError):
        return None


def _fiber(net: Network, domain, limit, certify, limits, allow_conjecture):
    from ..api import fiber

    try:
        result = fiber(net, domain=domain, limit=limit, certify=certify, limits=limits,
                       allow_conjecture=allow_conjecture)
    except NotDecidedError as exc:
        return None, f"The fiber is not computed: {str(exc).splitlines()[0]}"
    note = ""
    if result.omitted:
        note = (f"Only the first {len(result)} components are listed; {result.omitted} more exist "
                "(raise the limit to list them).")
    completeness = getattr(result, "completeness_note", "")  # three-layer fibers: proven or conjecture
    if completeness:
        note = (note + " " + completeness).strip()
    return result, note


def _identifiability(net: Network, domain, limits, allow_conjecture) -> ReportSection:
    title = "Identifiability"
    if domain is not None:
        return ReportSection(title, note=f"Identifiability on the {domain} is read off the fiber above: the "
                             "parameter is identifiable when the fiber is the single orbit of permutations and "
                             "positive scalings.")
    from ..api import is_identifiable as decide

    try:
        if decide is not None:
            result = decide(net, limits=limits, allow_conjecture=allow_conjecture)
            status = "" if result.proven else " (the verdict rests on a conjecture; see its basis)"
            verdict = ("The fiber is exactly the orbit of permutations and positive scalings: the parameter is "
                       "identifiable" if result else "The fiber is larger than the orbit of permutations and "
                       "positive scalings: the parameter is not identifiable") + status + "."
            return ReportSection(title, result, verdict)
        if net.depth == 2:
            from ..shallow import is_generic

            report = is_generic(net, limits=limits)
            verdict = ("The fiber is exactly the orbit of permutations and positive scalings: the parameter is "
                       "identifiable." if report else "The fiber is larger than the orbit of permutations and "
                       "positive scalings; the mechanisms, each with a parameter of the fiber outside the orbit:")
            return ReportSection(title, report.mechanisms or None, verdict)
    except NotDecidedError as exc:
        return ReportSection(title, note=f"Not decided: {str(exc).splitlines()[0]}")
    return ReportSection(title, note=f"Identifiability of a network with {len(net.hidden_widths)} hidden layers is "
                         "not available in this installation.")


def _symmetries(net: Network, limits) -> ReportSection:
    from ..core.symmetries import h_symmetries

    title = "Symmetries"
    if net.depth == 3:
        found = _optional("three_layer", "symmetries")
        if found is not None:
            try:
                return ReportSection(title, tuple(found(net, limits=limits)),
                                     "Every symmetry present at this network, with its parameters and generators:")
            except NotDecidedError as exc:
                return ReportSection(title, h_symmetries(net), f"Only the permutations and positive scalings are "
                                     f"listed; the others are not decided: {str(exc).splitlines()[0]}")
    note = "The permutations and positive scalings of hidden neurons (present at every network)"
    if net.depth == 2:
        note += "; the hidden symmetries are the components of the fiber above other than the orbit."
    else:
        note += "."
    return ReportSection(title, h_symmetries(net), note)


def _laws(net: Network, domain) -> ReportSection:
    title = "Conservation laws"
    laws = _optional("conservation", "conservation_laws")
    if laws is None:
        return ReportSection(title, note="Conservation laws are not available in this installation.")
    try:
        return ReportSection(title, laws(net, domain=domain))
    except NotDecidedError as exc:
        return ReportSection(title, note=f"Not decided: {str(exc).splitlines()[0]}")


def network_report(net: Network, domain=None, limit: int | None = 50, certify: bool = True,
                   limits: SearchLimits | None = None, title: str = "", allow_conjecture: bool = False) -> NetworkReport:
    """Run the analyses that apply to ``net`` and collect their results for a document.

    Parameters
    ----------
    net : Network
    domain : None or "orthant"
    limit : int or None
        Build at most this many fiber components (the others are counted);
        ``None`` builds all of them.
    certify : bool
        Certify component dimensions by exact tangent ranks.
    limits : SearchLimits, optional
    title : str
        Title of the document ("" names the architecture).
    allow_conjecture : bool
        List a three-layer fiber whose completeness rests on Conjecture 10.6,
        and an identifiability verdict resting on Conjecture V (the document
        states them); by default those sections say they are not decided.

    Returns
    -------
    NetworkReport
        Every section is present; a section whose analysis does not apply or
        is not decided carries a note instead of a value.

    Examples
    --------
    >>> rep = network_report(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    >>> rep.fiber.dimension, [s.title for s in rep.sections]
    (3, ['Identifiability', 'Symmetries', 'Conservation laws'])
    >>> rep.latex().startswith(r"\\documentclass")
    True
    """
    if not isinstance(net, Network):
        raise TypeError(f"network_report needs a Network, got {type(net).__name__}")
    fib, note = _fiber(net, domain, limit, certify, limits, allow_conjecture)
    sections = (_identifiability(net, domain, limits, allow_conjecture), _symmetries(net, limits), _laws(net, domain))
    return NetworkReport(net, domain, fib, note, sections, title)
