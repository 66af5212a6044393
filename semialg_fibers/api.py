"""Top-level dispatchers: pick the fastest exact algorithm that applies.

``equivalent``: shallow networks on R^m use the canonical-data test
(:mod:`semialg_fibers.shallow`), shallow networks on the orthant
(``domain="orthant"``) that of :mod:`semialg_fibers.orthant`, two three-layer
networks of one architecture on R^d the polynomial test of
:mod:`semialg_fibers.three_layer.equivalence`; everything else goes to the
general oracle.  ``fiber`` and ``fiber_dimension``: shallow networks on R^m or
on the orthant, three-layer networks on R^d; other cases raise
:class:`NotDecidedError` naming the reason.
"""

from __future__ import annotations

from .core.exceptions import NotDecidedError
from .core.limits import SearchLimits
from .core.network import Network
from .core.results import EquivalenceResult, IdentifiabilityResult

__all__ = ["equivalent", "fiber", "fiber_dimension", "is_identifiable"]


def _is_shallow(net: Network) -> bool:
    return isinstance(net, Network) and net.depth == 2


def _is_three_layer(net: Network) -> bool:
    return isinstance(net, Network) and net.depth == 3


def _is_orthant(domain) -> bool:
    # Only the string form: a general Polyhedron (even an orthant) goes to the oracle.
    return isinstance(domain, str) and domain == "orthant"


def equivalent(a: Network, b: Network, domain=None, limits: SearchLimits | None = None,
               progress=None) -> EquivalenceResult:
    """Decide exactly whether two networks compute the same function (on R^d, or on ``domain``).

    Parameters
    ----------
    a, b : Network
        Same input and output dimensions; any depths and widths.
    domain : None, "orthant" or Polyhedron
        ``None`` means all of R^d.
    limits : SearchLimits, optional
        ``limits.regions`` bounds the general oracle (the fast paths need no search).
    progress : bool or callable, optional
        Progress of the general oracle (:mod:`semialg_fibers.progress`);
        the fast paths finish without reporting.

    Returns
    -------
    EquivalenceResult
        ``method`` says which algorithm decided: ``"symmetry"`` (``b`` is
        ``a`` with hidden neurons permuted and positively rescaled, checked
        first for every depth and domain, :func:`semialg_fibers.symmetries.orbit_verdict`),
        ``"shallow"``, ``"orthant"``, ``"three-layer"`` (or ``"oracle (three-layer
        fallback)"``) or ``"oracle"``.

    Examples
    --------
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> scaled = Network.from_layers([([[2], [-3]], [0, 0]), ([["1/2", "-1/3"]], [0])])
    >>> r = equivalent(identity, scaled)
    >>> bool(r), r.method
    (True, 'symmetry')
    >>> r = equivalent(identity, Network.from_layers([([[1], [-1], [2]], [0, 0, 0]), ([[1, -1, 0]], [0])]))
    >>> bool(r), r.method
    (True, 'shallow')
    """
    from .core.domain import as_domain
    from .core.symmetries import orbit_verdict

    if isinstance(a, Network) and isinstance(b, Network):
        as_domain(domain, a.input_dim)  # a bad domain is an error even for identical networks
        found = orbit_verdict(a, b, limits)
        if found is not None:
            return found
    if domain is None and _is_shallow(a) and _is_shallow(b):
        from .shallow.equivalence import equivalent as shallow_equivalent

        return shallow_equivalent(a, b)
    if _is_orthant(domain) and _is_shallow(a) and _is_shallow(b):
        from .orthant import equivalent as orthant_equivalent

        return orthant_equivalent(a, b)
    if domain is None and _is_three_layer(a) and _is_three_layer(b) and a.architecture == b.architecture:
        from .three_layer.equivalence import equivalent as three_layer_equivalent

        return three_layer_equivalent(a, b, limits)
    from .general.oracle import equivalent as oracle_equivalent

    from .core.limits import resolve

    return oracle_equivalent(a, b, domain=domain, max_regions=resolve(limits).regions, progress=progress,
                             orbit_check=False)


def _unsupported(net: Network, domain, what: str) -> NotDecidedError:
    if domain is not None and not _is_orthant(domain):
        reason = f"{what} on a general polyhedral domain is not implemented (domain={domain!r}); only R^d and 'orthant'"
    else:
        reason = (f"{what} is implemented for shallow networks (one hidden layer) on R^m or on the orthant and "
                  f"for three-layer networks (two hidden layers) on R^d; got architecture {net.architecture}")
    return NotDecidedError(reason)


def fiber(net: Network, domain=None, limit: int | None = None, progress=False, certify: bool = True,
          limits: SearchLimits | None = None, allow_conjecture: bool = False, allow_partial: bool = False):
    """The complete fiber of ``net`` as a :class:`~semialg_fibers.components.Fiber`.

    Parameters
    ----------
    net : Network
    domain : None or "orthant"
        All of R^m, or the closed nonnegative orthant (shallow networks only).
    limit : int, optional
        Build at most this many components; the others are counted.
    progress : bool or callable
    certify : bool
        Certify component dimensions by exact tangent ranks.
    limits : SearchLimits, optional
        Bounds of the exact searches (:mod:`semialg_fibers.limits`).
    allow_conjecture : bool
        Three-layer networks with ``n1, n2 >= 2``: return the listed
        components although their completeness rests on Conjecture 10.6
        (``status = CONJECTURE``); by default that case raises.
    allow_partial : bool
        Three-layer networks whose fiber is not decided: return the known
        components (each lies in the fiber; others may exist) with
        ``status = PARTIAL`` instead of raising.

    Returns
    -------
    Fiber
        For three-layer networks a :class:`~semialg_fibers.three_layer.fiber.ThreeLayerFiber`,
        whose ``status`` says whether the union is proven to be the whole
        fiber or rests on a stated conjecture (``docs/theory/three_layer.md``, Section 10).

    Raises
    ------
    NotDecidedError
        Unsupported architecture or domain (the message says which), a
        three-layer parameter whose fiber is not decided (the message names the
        reason) or rests on Conjecture 10.6 without ``allow_conjecture``, or a
        search beyond ``limits``.

    Examples
    --------
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> fiber(identity).dimension
    3
    >>> ramp = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])   # 1 - s(1 - s(x))
    >>> f = fiber(ramp); f.dimension, len(f), str(f.status)
    (2, 2, 'proven')
    """
    if domain is None and _is_shallow(net):
        from .shallow.fiber import fiber as shallow_fiber

        return shallow_fiber(net, limit=limit, progress=progress, certify=certify, limits=limits)
    if _is_orthant(domain) and _is_shallow(net):
        from .orthant import fiber as orthant_fiber

        return orthant_fiber(net, limit=limit, progress=progress, certify=certify, limits=limits)
    if domain is None and _is_three_layer(net):
        from .three_layer.fiber import fiber as three_layer_fiber

        return three_layer_fiber(net, limit=limit, progress=progress, certify=certify, limits=limits,
                                 allow_conjecture=allow_conjecture, allow_partial=allow_partial)
    raise _unsupported(net, domain, "fiber")


def fiber_dimension(net: Network, domain=None, limits: SearchLimits | None = None,
                    allow_conjecture: bool = False) -> int:
    """The dimension of the fiber of ``net``.

    For three-layer networks the value is the dimension of the listed
    components (no component is built), with the status of
    :func:`semialg_fibers.three_layer.dimension.dimension_result`.

    Raises
    ------
    NotDecidedError
        Unsupported architecture or domain, a three-layer parameter whose
        fiber is not decided or whose dimension rests on Conjecture 10.6
        without ``allow_conjecture`` (as in :func:`fiber`), or a search beyond ``limits``.

    Examples
    --------
    >>> fiber_dimension(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))
    2
    >>> fiber_dimension(Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]))
    2
    """
    if domain is None and _is_shallow(net):
        from .shallow.dimension import fiber_dimension as shallow_fiber_dimension

        return shallow_fiber_dimension(net, limits)
    if _is_orthant(domain) and _is_shallow(net):
        from .orthant import fiber_dimension as orthant_fiber_dimension

        return orthant_fiber_dimension(net, limits)
    if domain is None and _is_three_layer(net):
        from .three_layer.dimension import fiber_dimension as three_layer_fiber_dimension

        return three_layer_fiber_dimension(net, limits, allow_conjecture)
    raise _unsupported(net, domain, "fiber_dimension")


def is_identifiable(net: Network, limits: SearchLimits | None = None,
                    allow_conjecture: bool = False) -> IdentifiabilityResult:
    """Decide whether the fiber of ``net`` is exactly its orbit under permutations and positive scalings.

    Parameters
    ----------
    net : Network
        One or two hidden layers.
    limits : SearchLimits, optional
        Bounds the exact searches (three-layer networks).
    allow_conjecture : bool
        Three-layer networks: also return a verdict that rests on a stated
        conjecture (``proven = False``) instead of raising.

    Returns
    -------
    IdentifiabilityResult

    Raises
    ------
    NotDecidedError
        Deeper networks, or a three-layer parameter outside the proven scope
        (the message names the failing genericity predicate, or the
        conjecture the verdict would rest on).

    Examples
    --------
    >>> bool(is_identifiable(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])))
    True
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> result = is_identifiable(net)
    >>> bool(result), result.proven, [r.kind for r in result.reasons]
    (False, True, ['hidden column'])
    """
    if not isinstance(net, Network):
        raise TypeError(f"is_identifiable needs a semialg_fibers.Network, got {type(net).__name__}")
    if net.depth == 2:
        from .shallow.identifiability import is_identifiable as shallow_identifiable

        return shallow_identifiable(net, limits)
    if net.depth == 3:
        from .three_layer.identifiability import is_identifiable as three_layer_identifiable

        return three_layer_identifiable(net, limits, allow_conjecture)
    raise NotDecidedError(f"is_identifiable decides networks with one or two hidden layers; got architecture "
                          f"{net.architecture} with {net.depth - 1} hidden layers")
