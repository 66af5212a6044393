"""The analyses a census runs: a registry from a name to a picklable top-level function.

Each function takes a :class:`~semialg_fibers.core.network.Network` and a
:class:`~semialg_fibers.core.limits.SearchLimits` and returns the exact value
as a string.  A question the library does not decide raises (a
``NotDecidedError`` becomes the status ``not decided: reason``); the census
never guesses.  A new analysis is one entry of :data:`ANALYSES`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.exceptions import NotDecidedError
from ..core.limits import SearchLimits
from ..core.network import Network

__all__ = ["ANALYSES", "DEFAULT_ANALYSES", "EquivalentTo", "analysis", "network_class", "row_types",
           "identifiability", "identifiability_or_conjecture", "fiber_dimension", "fiber_dimension_or_conjecture",
           "minimal_width",
           "hidden_hyperplanes", "conservation_laws", "functional_dimension"]


def _api():
    # imported when an analysis runs, not with this module: the command line's parser reads only the names below,
    # and importing the api (SymPy among it) would cost every command about a second
    from .. import api

    return api


def _structure(net: Network):
    found = _api().structure(net)
    if found is None:
        raise NotDecidedError(f"the {_api().network_class(net).description} have no structural analysis "
                              "(row types and hidden hyperplanes are those of three-layer networks)")
    return found


def network_class(net: Network, limits: SearchLimits) -> str:
    """The key of the network class that answers for ``net`` (:func:`semialg_fibers.api.network_class`).

    >>> from semialg_fibers import Network, SearchLimits
    >>> network_class(Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])]), SearchLimits())
    'three-layer'
    """
    return _api().network_class(net).name


def row_types(net: Network, limits: SearchLimits) -> str:
    """The kind of every row of ``[W2 | b2]`` (three-layer networks), ``"; "``-separated, in row order.

    >>> from semialg_fibers import Network, SearchLimits
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> row_types(net, SearchLimits())
    'hides column 1'
    """
    return "; ".join(row.describe() for row in _structure(net).rows)


def hidden_hyperplanes(net: Network, limits: SearchLimits) -> str:
    """The hidden first-layer hyperplanes ``normal . x + offset = 0`` (three-layer networks), or ``"none"``.

    >>> from semialg_fibers import Network, SearchLimits
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> hidden_hyperplanes(net, SearchLimits())
    'H_1: (1, 2) . x + 1/2 = 0'
    """
    found = _structure(net).hidden
    if not found:
        return "none"
    return "; ".join(f"H_{h.column + 1}: ({', '.join(map(str, h.normal))}) . x + {h.offset} = 0" for h in found)


def identifiability(net: Network, limits: SearchLimits) -> str:
    """``identifiable`` or ``not identifiable: <mechanisms>``, with ``(conjecture)`` when not proven.

    >>> from semialg_fibers import Network, SearchLimits
    >>> identifiability(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]), SearchLimits())
    'identifiable'
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> identifiability(net, SearchLimits())
    'not identifiable: hidden column'
    """
    result = _api().is_identifiable(net, limits=limits)
    text = "identifiable" if result.identifiable else \
        "not identifiable: " + ", ".join(dict.fromkeys(str(r.kind) for r in result.reasons))
    return text if result.proven else text + " (conjecture)"


def identifiability_or_conjecture(net: Network, limits: SearchLimits) -> str:
    """As :func:`identifiability`, and a verdict resting on a conjecture is given, labelled ``(conjecture)``.

    >>> from semialg_fibers import SearchLimits
    >>> from semialg_fibers.population import RandomNetworks
    >>> net = RandomNetworks((3, 3, 2, 1), seed=0).network(1)    # G8 fails: outside Corollary 7.5
    >>> identifiability(net, SearchLimits())
    Traceback (most recent call last):
    ...
    semialg_fibers.ConjectureError: is_identifiable: no mechanism enlarges the fiber and G1-G7 hold, ...
    >>> identifiability_or_conjecture(net, SearchLimits())
    'identifiable (conjecture)'
    """
    result = _api().is_identifiable(net, limits=limits, allow_conjecture=True)
    text = "identifiable" if result.identifiable else \
        "not identifiable: " + ", ".join(dict.fromkeys(str(r.kind) for r in result.reasons))
    return text if result.proven else text + " (conjecture)"


def fiber_dimension(net: Network, limits: SearchLimits) -> str:
    """The fiber dimension and its status, e.g. ``4 (proven)``.

    >>> from semialg_fibers import Network, SearchLimits
    >>> fiber_dimension(Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]), SearchLimits())
    '2 (proven)'
    """
    found = _api().fiber_dimension(net, limits=limits)
    return f"{int(found)} ({getattr(found, 'status', 'proven')})"


def fiber_dimension_or_conjecture(net: Network, limits: SearchLimits) -> str:
    """As :func:`fiber_dimension`, and a dimension resting on a conjecture is given, e.g. ``5 (conjecture)``.

    >>> from semialg_fibers import SearchLimits
    >>> from semialg_fibers.population import RandomNetworks
    >>> fiber_dimension_or_conjecture(RandomNetworks((3, 3, 2, 1), seed=0).network(1), SearchLimits())
    '5 (conjecture)'
    """
    found = _api().fiber_dimension(net, limits=limits, allow_conjecture=True)
    return f"{int(found)} ({getattr(found, 'status', 'proven')})"


def minimal_width(net: Network, limits: SearchLimits) -> str:
    """The least number of hidden neurons realizing the function (:func:`semialg_fibers.api.minimal_width`).

    >>> from semialg_fibers import Network, SearchLimits
    >>> minimal_width(Network.from_layers([([[1], [1]], [0, 0]), ([[1, 2]], [0])]), SearchLimits())
    '1'
    """
    return str(_api().minimal_width(net, limits=limits))


def conservation_laws(net: Network, limits: SearchLimits) -> str:
    """The number of conserved quantities of the continuous symmetries present at ``net`` (any loss, any data).

    >>> from semialg_fibers import Network, SearchLimits
    >>> conservation_laws(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]), SearchLimits())
    '2'
    """
    from ..conservation import conservation_laws as laws

    _api().continuous_symmetries(net, limits=limits)  # counts the generators against the limits before any is built
    return str(len(laws(net).quantities()))


def functional_dimension(net: Network, limits: SearchLimits) -> str:
    """The exact functional dimension and its bound ``N - hidden`` (:func:`semialg_fibers.api.functional_dimension`).

    >>> functional_dimension(Network.from_layers([([[1], [-1]], [0, 1]), ([[1, 2]], [0])]), SearchLimits())
    '5 (N - hidden = 5)'
    """
    found = _api().functional_dimension(net, limits=limits)
    return f"{found.rank} (N - hidden = {found.parameters - found.hidden})"


@dataclass(frozen=True)
class EquivalentTo:
    """The analysis "computes the same function as ``reference``" (:func:`semialg_fibers.api.equivalent`).

    A value, so that it pickles to the workers with its reference network.

    >>> from semialg_fibers import Network, SearchLimits
    >>> a = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> EquivalentTo(a)(Network.from_layers([([["1/2"], [-1]], [0, 0]), ([[2, -1]], [0])]), SearchLimits())
    'equivalent'
    """

    reference: Network

    def __call__(self, net: Network, limits: SearchLimits) -> str:
        if net.architecture[0] != self.reference.architecture[0] or \
                net.architecture[-1] != self.reference.architecture[-1]:
            return "not equivalent: other input or output dimension"
        result = _api().equivalent(net, self.reference, limits=limits)
        if result.equivalent:
            return "equivalent"
        witness = getattr(result, "witness", None)
        return "not equivalent" + (f": differs at x = ({', '.join(map(str, witness))})" if witness else "")


#: Name -> analysis, in the order of the columns.  ``equivalent`` needs a reference network
#: (:class:`EquivalentTo`).
ANALYSES: dict = {
    "class": network_class,
    "row_types": row_types,
    "identifiability": identifiability,
    "identifiability_or_conjecture": identifiability_or_conjecture,
    "fiber_dimension": fiber_dimension,
    "fiber_dimension_or_conjecture": fiber_dimension_or_conjecture,
    "minimal_width": minimal_width,
    "hidden_hyperplanes": hidden_hyperplanes,
    "conservation_laws": conservation_laws,
    "functional_dimension": functional_dimension,
}

#: What :func:`~semialg_fibers.population.census` runs when ``analyses`` is not given.
DEFAULT_ANALYSES = ("class", "identifiability", "fiber_dimension")


def analysis(name: str, *, reference: Network | None = None):
    """The analysis called ``name`` (``"equivalent"`` needs ``reference``).

    Raises
    ------
    ValueError
        An unknown name (the message lists the known ones), or ``equivalent`` without a reference.

    >>> analysis("fiber_dimension").__name__
    'fiber_dimension'
    >>> analysis("volume")
    Traceback (most recent call last):
    ...
    ValueError: unknown analysis 'volume'; known: class, row_types, identifiability, identifiability_or_conjecture, ...
    """
    if name == "equivalent":
        if reference is None:
            raise ValueError("the analysis 'equivalent' needs a reference network (reference=..., --reference FILE)")
        return EquivalentTo(reference)
    if name not in ANALYSES:
        raise ValueError(f"unknown analysis {name!r}; known: {', '.join([*ANALYSES, 'equivalent'])}")
    return ANALYSES[name]
