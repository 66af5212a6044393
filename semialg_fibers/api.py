"""The public entry points, and the one place that decides which algorithm answers for a network.

:data:`CLASSES` lists the network classes in the order they are consulted;
each is an object implementing :class:`~semialg_fibers.core.network_class.NetworkClass`:

* shallow networks on R^m (:mod:`semialg_fibers.shallow`): canonical data,
  fibers, identifiability, canonical form;
* shallow networks on the closed nonnegative orthant (:mod:`semialg_fibers.orthant`);
* three-layer networks on R^d (:mod:`semialg_fibers.three_layer`);
* every network on every polyhedral domain (:mod:`semialg_fibers.general`):
  the exact region oracle for equivalence, the symmetries of ``H``.

The first class that applies to the network and the domain answers; an
operation it does not decide raises
:class:`~semialg_fibers.core.exceptions.NoAlgorithmError` with the reason.
:func:`network_class` says which class that is.  The command line, the
reports, the plots and the conservation laws ask these functions; none of
them tests the depth of a network.
"""

from __future__ import annotations

from collections.abc import Callable

from .core.components import Fiber
from .core.domain import Polyhedron, domain_of
from .core.exceptions import ArgumentError, NotDecidedError
from .core.limits import SearchLimits, build_limit, resolve
from .core.network import Network
from .core.network_class import NetworkClass, implementing, register
from .core.results import EquivalenceResult, FiberDimension, IdentifiabilityResult
from .core.symmetries import Symmetry, orbit_verdict
from .general.network_class import GENERAL
from .graph import adjacency as _adjacency  # importing the package registers the graph methods of Fiber
from .graph import connected_components as _connected_components
from .graph import path as _path
from .orthant.network_class import ORTHANT
from .shallow.network_class import SHALLOW
from .three_layer.network_class import THREE_LAYER

__all__ = ["CLASSES", "network_class", "equivalent", "fiber", "fiber_dimension", "is_identifiable", "symmetries",
           "continuous_symmetries", "canonical_form", "minimal_width", "structure", "functional_dimension",
           "local_fiber_dimension", "generic_functional_dimension", "fiber_graph", "fiber_connected_components",
           "fiber_path"]

#: The network classes in the order they are consulted (the general class, which applies to every network, last).
#: A new class is one package defining its object and one entry here.
CLASSES: tuple[NetworkClass, ...] = register((SHALLOW, ORTHANT, THREE_LAYER, GENERAL))


def _check_network(net, what: str) -> Network:
    if not isinstance(net, Network):
        raise ArgumentError(f"{what} needs a semialg_fibers.Network, got {type(net).__name__}")
    return net


def network_class(net: Network, *, domain=None) -> NetworkClass:
    """The network class that answers for ``net`` on ``domain``: the first of :data:`CLASSES` that applies.

    Parameters
    ----------
    net : Network
    domain : None, "orthant" or Polyhedron
        ``None`` means all of R^d; the orthant written as a polyhedron counts as ``"orthant"``.

    Raises
    ------
    DomainError
        An unknown domain string or a polyhedron of another dimension (a ``ValueError``).

    Examples
    --------
    >>> from semialg_fibers.core.domain import polyhedron
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> network_class(identity).name, network_class(identity, domain="orthant").name
    ('shallow', 'orthant')
    >>> network_class(identity, domain=polyhedron([[2, 0]])).name       # 2 x >= 0: the orthant of R^1
    'orthant'
    >>> network_class(Network.from_layers([([[1]], [0])] * 4)).name
    'oracle'
    """
    _check_network(net, "network_class")
    return _select(net, domain_of(domain, net.input_dim))


def _select(net: Network, domain: Polyhedron) -> NetworkClass:
    return next(c for c in CLASSES if c.applies(net, domain))


def _dispatch(operation: str, label: str, net, domain, *, has_default: bool = False, **options):
    """Run ``operation`` of the first class that applies; refuse, naming the classes that have it, if it lacks it.

    ``has_default``: the protocol's own method answers for a class that does not override it.
    """
    _check_network(net, operation)
    region = domain_of(domain, net.input_dim)
    chosen = _select(net, region)
    if not has_default and not chosen.implements(operation):
        available = implementing(operation)
        raise chosen.refuse(label, net, region, available=available)
    return getattr(chosen, operation)(net, region, **options)


def equivalent(a: Network, b: Network, *, domain=None, limits: SearchLimits | None = None,
               progress: bool | Callable | None = None, method: str = "auto") -> EquivalenceResult:
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
        Progress of the general oracle (:mod:`semialg_fibers.core.progress`);
        the fast paths finish without reporting.
    method : {"auto", "oracle"}
        ``"auto"``: the class of the two networks decides; ``"oracle"``: the
        general region search, whatever the class (after the same symmetry check).

    Returns
    -------
    EquivalenceResult
        ``method`` says which algorithm decided: ``"symmetry"`` (``b`` is
        ``a`` with hidden neurons permuted and positively rescaled, checked
        first for every depth and domain, :func:`semialg_fibers.core.symmetries.orbit_verdict`),
        then the first class of :data:`CLASSES` that applies to both networks:
        ``"shallow"``, ``"orthant"``, ``"three-layer"`` (or ``"oracle (three-layer
        fallback)"``) or ``"oracle"``.

    Raises
    ------
    DomainError
        An unknown domain string or a polyhedron of another dimension.

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
    if method not in ("auto", "oracle"):
        raise ArgumentError(f"method is {method!r}; expected 'auto' or 'oracle'")
    _check_network(a, "equivalent")
    _check_network(b, "equivalent")
    region = domain_of(domain, a.input_dim)  # a bad domain is an error even for identical networks
    found = orbit_verdict(a, b, limits=limits)
    if found is not None:
        return found
    chosen = GENERAL if method == "oracle" else next(c for c in CLASSES if c.applies_to_pair(a, b, region))
    return chosen.equivalent(a, b, region, limits=limits, progress=progress)


def fiber(net: Network, *, domain=None, limit: int | None = None, progress: bool | Callable = False,
          certify: bool = True, limits: SearchLimits | None = None, allow_conjecture: bool = False,
          allow_partial: bool = False) -> Fiber:
    """The complete fiber of ``net`` as a :class:`~semialg_fibers.core.components.Fiber`.

    Parameters
    ----------
    net : Network
    domain : None, "orthant" or Polyhedron
        All of R^m, or the closed nonnegative orthant (shallow networks only).
    limit : int, optional
        Build at most this many components; the others are counted.
    progress : bool or callable
    certify : bool
        Certify component dimensions by exact tangent ranks.
    limits : SearchLimits, optional
        Bounds of the exact searches (:mod:`semialg_fibers.core.limits`).
    allow_conjecture : bool
        Three-layer networks with ``n1, n2 >= 2``: return the listed
        components although their completeness rests on Conjecture 10.6
        (``status = CONJECTURE``); by default that case raises.
    allow_partial : bool
        Networks whose fiber is not decided (three-layer networks outside the
        theorems, any network of depth four or more): return the known
        components (each lies in the fiber; others may exist) with
        ``status = PARTIAL`` instead of raising; where the three-layer
        families do not apply (``n1 > d``) and at any depth, the orbit and the
        mechanism families (:func:`semialg_fibers.general.partial.partial_fiber`).

    Returns
    -------
    Fiber
        Its ``status`` says whether the union is proven to be the whole fiber,
        rests on a stated conjecture or is partial, and ``basis`` what it rests
        on; for three-layer networks a
        :class:`~semialg_fibers.three_layer.fiber.ThreeLayerFiber` (with the
        first-layer families).

    Raises
    ------
    NoAlgorithmError
        No algorithm for this architecture or domain (the message says which).
    ConjectureError
        The completeness rests on Conjecture 10.6 and ``allow_conjecture`` is False.
    LimitReachedError
        A search beyond ``limits``.
    NotDecidedError
        A three-layer parameter whose fiber is not decided (the message names the reason).

    Examples
    --------
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> fiber(identity).dimension
    3
    >>> ramp = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])   # 1 - s(1 - s(x))
    >>> f = fiber(ramp); f.dimension, len(f), str(f.status)
    (2, 2, 'proven')
    """
    try:
        return _dispatch("fiber", "fiber", net, domain, limit=build_limit(limit), progress=progress, certify=certify,
                         limits=limits, allow_conjecture=allow_conjecture, allow_partial=allow_partial)
    except NotDecidedError as exc:
        if not _falls_back(exc, net, domain):
            raise
        # a class's plain refusal (e.g. a three-layer network with n1 > d): the any-depth partial fiber
        if not allow_partial:
            raise NotDecidedError(f"{exc}; allow_partial=True (command line: --partial) lists the known components "
                                  "(the orbit and the mechanism families, status 'partial')") from None
        return GENERAL.fiber(net, domain_of(domain, net.input_dim), limit=build_limit(limit), progress=progress, certify=certify,
                             limits=limits, allow_partial=True)


def _falls_back(exc: NotDecidedError, net: Network, domain) -> bool:
    """True for a plain refusal (not a limit, a conjecture or a missing algorithm) of a class other than the general
    one on R^d: the any-depth results (``docs/theory/deep.md``) then apply."""
    region = domain_of(domain, net.input_dim)
    return type(exc) is NotDecidedError and region.is_whole_space and _select(net, region) is not GENERAL


def fiber_dimension(net: Network, *, domain=None, limits: SearchLimits | None = None,
                    allow_conjecture: bool = False, allow_partial: bool = False) -> FiberDimension:
    """The dimension of the fiber of ``net``, with the status and basis of its argument.

    For three-layer networks the value is the dimension of the listed
    components (no component is built), with the status of
    :func:`semialg_fibers.three_layer.dimension.dimension_result`.

    Where no class decides it (depth four or more, a three-layer network
    outside the three-layer theorems such as ``n1 > d``) only the fiber near
    ``theta`` is known: ``lower <= dim_theta F(theta) <= N - FD``
    (``docs/theory/deep.md``, Section 5), and the whole fiber may have larger
    components away from the orbit.  With ``allow_partial`` the proven lower
    bound is returned (a :class:`~semialg_fibers.core.results.PartialFiberDimension`,
    ``status = PARTIAL``, with the local bounds); otherwise it refuses at
    once, naming ``local_fiber_dimension`` and ``allow_partial``.

    Returns
    -------
    FiberDimension
        An ``int`` (it compares, hashes and converts as one) with ``status``
        and ``basis``.

    Raises
    ------
    NoAlgorithmError, ConjectureError, LimitReachedError
        As :func:`fiber`.
    NotDecidedError
        Not decided (without ``allow_partial``: the message says how to get the bounds).

    Examples
    --------
    >>> fiber_dimension(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))
    2
    >>> d = fiber_dimension(Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]))
    >>> d, str(d.status)
    (2, 'proven')
    >>> deep = Network.from_layers([([[1, 2], [-1, 1]], [0, 1]), ([[1, 2], [2, -1]], [-1, 1]),
    ...                             ([[1, -1], [2, 1]], [0, 1]), ([[1, 1]], [0])])     # depth 4
    >>> d = fiber_dimension(deep, allow_partial=True)
    >>> d, str(d.status), (d.local_lower, d.local_upper)
    (7, 'partial', (7, 8))
    """
    try:
        return _dispatch("fiber_dimension", "fiber_dimension", net, domain, limits=limits,
                         allow_conjecture=allow_conjecture, allow_partial=allow_partial)
    except NotDecidedError as exc:
        if not _falls_back(exc, net, domain):
            raise
        region = domain_of(domain, net.input_dim)
        if allow_partial:
            return GENERAL.fiber_dimension(net, region, limits=limits, allow_partial=True)
        from .general.partial import refusal

        try:
            message = refusal("fiber_dimension", net, limits=limits, context=str(exc))
        except NotDecidedError as more:  # a limit of the bounds: the class's refusal stands
            raise NotDecidedError(f"{exc} (the any-depth bounds stopped: {more})") from None
        raise NotDecidedError(message) from None


def is_identifiable(net: Network, *, domain=None, limits: SearchLimits | None = None,
                    allow_conjecture: bool = False) -> IdentifiabilityResult:
    """Decide whether the fiber of ``net`` is exactly its orbit under permutations and positive scalings.

    Parameters
    ----------
    net : Network
        Any depth: one or two hidden layers are decided by their classes; at any depth (and where a
        three-layer refusal is a plain ``NotDecidedError``) the certificates of ``docs/theory/deep.md``
        answer "not identifiable" with an oracle-checked witness when a mechanism applies.
    domain : None, "orthant" or Polyhedron
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
    NoAlgorithmError
        Deeper networks on a domain other than R^d.
    NotDecidedError
        Deeper networks without a certified mechanism (the message says what is proven: local
        identifiability, Theorem 2.1 of ``docs/theory/deep.md``, or the bounds of the local fiber).
    ConjectureError
        A three-layer verdict that would rest on a conjecture, without ``allow_conjecture``.
    NotDecidedError
        A three-layer parameter outside the proven scope (the message names the
        failing genericity predicate).

    Examples
    --------
    >>> bool(is_identifiable(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])))
    True
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> result = is_identifiable(net)
    >>> bool(result), result.proven, [r.kind for r in result.reasons]
    (False, True, ['hidden column'])
    """
    try:
        return _dispatch("is_identifiable", "is_identifiable", net, domain, limits=limits,
                         allow_conjecture=allow_conjecture)
    except NotDecidedError as exc:
        # a class's plain refusal (not a limit, a conjecture or a missing algorithm): the any-depth certificates
        # (docs/theory/deep.md) may still prove "not identifiable" with an oracle-checked witness
        region = domain_of(domain, net.input_dim)
        if type(exc) is not NotDecidedError or not region.is_whole_space or _select(net, region) is GENERAL:
            raise
        from .general.certificates import general_identifiability

        try:
            return general_identifiability(net, limits=limits, context=str(exc))
        except NotDecidedError as more:
            if type(more) is not NotDecidedError:  # a limit of the certificates: the class's refusal stands
                raise NotDecidedError(f"{exc} (the any-depth certificates stopped: {more})") from None
            raise NotDecidedError(str(more)) from None


def symmetries(net: Network, *, domain=None, limits: SearchLimits | None = None) -> tuple[Symmetry, ...]:
    """Every symmetry the library reports at ``net``, each with its exact action.

    At least the permutations and positive scalings of ``H`` (present at every
    network); for three-layer networks every symmetry
    (:func:`semialg_fibers.three_layer.symmetries`).  For shallow networks the
    hidden symmetries are the components of the fiber other than the orbit
    (:func:`fiber`).

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> [str(s.kind) for s in symmetries(net)][-2:]
    ['hiding translation', 'sign change']

    Raises
    ------
    LimitReachedError
        More generators than ``limits.generators`` or ``limits.generator_entries``
        (one scaling per hidden neuron at least), checked before any is built.
    """
    _scalings_fit(net, limits, "the symmetries")
    return _dispatch("symmetries", "the symmetries", net, domain, has_default=True, limits=limits)


def _scalings_fit(net, limits, what: str) -> None:
    """Every class reports the scalings of ``H``: one generator per hidden neuron, checked before they are built."""
    _check_network(net, what)
    resolve(limits).check_generators(sum(net.hidden_widths), net.num_parameters, f"{what}: the scalings of H")


def continuous_symmetries(net: Network, *, domain=None, limits: SearchLimits | None = None
                          ) -> tuple[tuple[Symmetry, ...], tuple[str, ...]]:
    """The continuous symmetries whose conservation laws :mod:`semialg_fibers.conservation` analyses, and scope notes.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    >>> found, notes = continuous_symmetries(net)
    >>> [str(s.kind) for s in found], notes
    (['scaling', 'scaling'], ())

    Raises
    ------
    LimitReachedError
        More generators than ``limits.generators`` or ``limits.generator_entries``, counted before any is built.
    """
    _scalings_fit(net, limits, "the continuous symmetries")
    return _dispatch("continuous_symmetries", "the continuous symmetries", net, domain, has_default=True,
                     limits=limits)


def canonical_form(net: Network, *, domain=None, limits: SearchLimits | None = None) -> Network:
    """The canonical minimal representative of the function of ``net`` (equal for equal functions).

    Examples
    --------
    >>> a = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> b = Network.from_layers([([["1/2"], [-1]], ["3/2", -3]), ([[2, -1]], [-3])])   # s(x+3) - s(-x-3) - 3
    >>> canonical_form(a) == canonical_form(b)
    True
    """
    return _dispatch("canonical_form", "the canonical form", net, domain, limits=limits)


def minimal_width(net: Network, *, domain=None, limits: SearchLimits | None = None) -> int:
    """The least number of hidden neurons of a network computing the function of ``net``.

    Examples
    --------
    >>> minimal_width(Network.from_layers([([[1], [1]], [0, 0]), ([[1, 2]], [0])]))   # 3 s(x)
    1
    """
    return _dispatch("minimal_width", "the minimal width", net, domain, limits=limits)


def structure(net: Network, *, domain=None):
    """The structural analysis of ``net`` by its class (three-layer networks: row types, columns, genericity), or None.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> [t.describe() for t in structure(net).rows]
    ['hides column 1']
    >>> structure(Network.from_layers([([[1]], [0]), ([[1]], [0])])) is None
    True
    """
    return _dispatch("structure", "the structure", net, domain, has_default=True)


# ----------------------------------------------------------------------------- any depth (docs/theory/deep.md)
def _whole_space(net, domain, what: str) -> None:
    _check_network(net, what)
    if not domain_of(domain, net.input_dim).is_whole_space:
        from .core.exceptions import NoAlgorithmError

        raise NoAlgorithmError(f"{what} is implemented on R^d; got domain {domain!r}")


def functional_dimension(net: Network, *, domain=None, limits: SearchLimits | None = None,
                         progress: bool | Callable | None = None, complete: bool = False):
    """The exact functional dimension of ``net``, any depth (:func:`semialg_fibers.general.functional.functional_dimension`).

    The rank over Q of the differential of ``theta -> f_theta`` on the
    parametrically smooth inputs, one block of exact coefficient gradients per
    linear region (``docs/theory/deep.md``, Definition 1.1).

    >>> fd = functional_dimension(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))
    >>> fd.rank, fd.bound, fd.locally_identifiable
    (5, 5, True)
    """
    _whole_space(net, domain, "functional_dimension")
    from .general.functional import functional_dimension as compute

    return compute(net, limits=limits, progress=progress, complete=complete)


def local_fiber_dimension(net: Network, *, domain=None, limits: SearchLimits | None = None,
                          progress: bool | Callable | None = None):
    """Exact bounds of the dimension of the fiber near ``net``, any depth (``docs/theory/deep.md``, Sections 2-3).

    >>> r = local_fiber_dimension(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))
    >>> r.lower, r.upper, r.proven
    (2, 2, True)
    """
    _whole_space(net, domain, "local_fiber_dimension")
    from .general.certificates import local_fiber_dimension as compute

    return compute(net, limits=limits, progress=progress)


def generic_functional_dimension(architecture, *, tries: int = 3, seed: int = 0, limits: SearchLimits | None = None):
    """The functional dimension of an architecture at random rational parameters, certified when ``N - hidden`` is met.

    >>> g = generic_functional_dimension((2, 3, 2, 1)); g.value, g.bound, g.proven
    (15, 15, True)
    """
    from .general.functional import generic_functional_dimension as compute

    return compute(architecture, tries=tries, seed=seed, limits=limits)


def _as_fiber(fiber_or_net, domain, limits) -> Fiber:
    if isinstance(fiber_or_net, Fiber):
        return fiber_or_net
    return fiber(_check_network(fiber_or_net, "fiber graph"), domain=domain, limits=limits)


def fiber_graph(fiber_or_net, *, domain=None, modulo: str | None = "permutations",
                limits: SearchLimits | None = None):
    """The adjacency graph of a fiber's components (``networkx.Graph``); see :func:`semialg_fibers.graph.adjacency`.

    ``fiber_or_net`` is a :class:`~semialg_fibers.core.components.Fiber` or a
    network (whose fiber on ``domain`` is computed first).

    >>> from semialg_fibers import Network
    >>> fiber_graph(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])).number_of_nodes()
    1
    """
    return _adjacency(_as_fiber(fiber_or_net, domain, limits), modulo=modulo, limits=limits)


def fiber_connected_components(fiber_or_net, *, domain=None, modulo: str | None = "permutations",
                               limits: SearchLimits | None = None):
    """The connected components of a fiber; see :func:`semialg_fibers.graph.connected_components`."""
    return _connected_components(_as_fiber(fiber_or_net, domain, limits), modulo=modulo, limits=limits)


def fiber_path(fiber_or_net, a: Network, b: Network, *, domain=None, limits: SearchLimits | None = None):
    """An exact path inside a fiber from ``a`` to ``b``, or a proof of none; see :func:`semialg_fibers.graph.path`."""
    a, b = _check_network(a, "fiber_path: a"), _check_network(b, "fiber_path: b")
    return _path(_as_fiber(fiber_or_net, domain, limits), a, b, limits=limits)
