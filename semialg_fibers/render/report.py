"""Everything the library knows about one network, collected for a document: fiber, identifiability, symmetries, laws.

:func:`network_report` asks :mod:`semialg_fibers.api` for each analysis and
keeps each result, or a note saying why it is missing (no algorithm for the
network's class, outside what the algorithms decide, or a limit reached);
:mod:`semialg_fibers.render.latex` renders the value
(:func:`~semialg_fibers.render.latex.document`), the ``semialg-fibers latex``
command writes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import api
from ..conservation import conservation_laws
from ..core.exceptions import ArgumentError, NoAlgorithmError, NotDecidedError
from ..core.limits import SearchLimits, resolve, search_limits
from ..core.network import Network
from ..core.printing import Printable
from ..core.progress import task
from ..core.symmetries import h_symmetries

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


def _period(text: str) -> str:
    """A note ends as a sentence (messages of errors have no final period)."""
    return text if text.endswith((".", "?", "!")) else text + "."


def _reason(exc: NotDecidedError) -> str:
    """A refusal as a note: "no algorithm" reasons as they are, the others prefixed "Not decided"."""
    first = str(exc).splitlines()[0]
    if isinstance(exc, NoAlgorithmError):
        return _period(first[:1].upper() + first[1:])
    return _period(f"Not decided: {first}")


def _fiber(net: Network, domain, limit, certify, limits, allow_conjecture):
    try:
        result = api.fiber(net, domain=domain, limit=limit, certify=certify, limits=limits,
                           allow_conjecture=allow_conjecture)
    except NotDecidedError as exc:
        return None, _period(f"The fiber is not computed: {str(exc).splitlines()[0]}")
    note = ""
    if result.omitted:
        note = (f"Only the first {len(result)} components are listed; {result.omitted} more exist "
                "(raise the limit to list them).")
    if api.network_class(net, domain=domain).states_completeness and result.completeness_note:
        note = (note + " " + result.completeness_note).strip()
    return result, note


def _identifiability(net: Network, domain, limits, allow_conjecture) -> ReportSection:
    title = "Identifiability"
    try:
        result = api.is_identifiable(net, domain=domain, limits=limits, allow_conjecture=allow_conjecture)
    except NotDecidedError as exc:
        return ReportSection(title, note=_reason(exc))
    status = "" if result.proven else " (the verdict rests on a conjecture; see its basis)"
    verdict = ("The fiber is exactly the orbit of permutations and positive scalings: the parameter is "
               "identifiable" if result else "The fiber is larger than the orbit of permutations and "
               "positive scalings: the parameter is not identifiable") + status + "."
    return ReportSection(title, result, verdict)


def _symmetries(net: Network, domain, limits) -> ReportSection:
    title = "Symmetries"
    note = api.network_class(net, domain=domain).symmetries_note
    try:
        return ReportSection(title, api.symmetries(net, domain=domain, limits=limits), note)
    except NotDecidedError as exc:
        reason = str(exc).splitlines()[0]
    try:  # the symmetries of H are present at every network; listed unless they too are beyond the limits
        resolve(limits).check_generators(sum(net.hidden_widths), net.num_parameters, "the scalings of H")
    except NotDecidedError:
        return ReportSection(title, note=_period(f"Not decided: {reason}"))
    return ReportSection(title, h_symmetries(net), _period("Only the permutations and positive scalings are listed; "
                                                           f"the others are not decided: {reason}"))


def _laws(net: Network, domain, limits) -> ReportSection:
    title = "Conservation laws"
    try:
        with search_limits(limits):  # the laws take the limits in force (their symmetries' generators)
            return ReportSection(title, conservation_laws(net, domain=domain))
    except NotDecidedError as exc:
        return ReportSection(title, note=_reason(exc))


def network_report(net: Network, *, domain=None, limit: int | None = 50, certify: bool = True,
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
        Bounds every analysis (also the conservation laws, through
        :func:`~semialg_fibers.core.limits.search_limits`); None: the limits in force.
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
        raise ArgumentError(f"network_report needs a Network, got {type(net).__name__}")
    # interval 0: each analysis is named as it starts (the long ones report their own steps inside)
    with task("analyses", total=4, unit="analyses", interval=0) as bar:
        bar.advance(0, note="fiber")
        fib, note = _fiber(net, domain, limit, certify, limits, allow_conjecture)
        bar.advance(note="identifiability")
        identifiability = _identifiability(net, domain, limits, allow_conjecture)
        bar.advance(note="symmetries")
        symmetries = _symmetries(net, domain, limits)
        bar.advance(note="conservation laws")
        laws = _laws(net, domain, limits)
        bar.advance()
    return NetworkReport(net, domain, fib, note, (identifiability, symmetries, laws), title)
