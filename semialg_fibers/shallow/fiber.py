"""The complete fiber of a shallow network as a union of parametrized components.

The data flow is one way: canonical data (:mod:`.canonical`), then the
nonempty role patterns and strata (:mod:`.patterns`), then one component per
pattern and stratum (:mod:`.components`), then the :class:`Fiber`, whose
dimension comes from the formula of :mod:`.dimension`.  Derivations:
``docs/theory/shallow.md``, Sections 4 and 5.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..core.components import Fiber, FiberComponent
from ..core.limits import SearchLimits, build_limit, resolve
from ..core.network import Network
from ..onelayer.counting import collect, count_or_refuse
from .canonical import canonical_data, check_shallow
from .components import component
from .dimension import fiber_dimension
from .patterns import StratumPattern, count_components, role_patterns, strata

__all__ = ["fiber", "fiber_components", "BASIS"]

#: What the completeness of every shallow fiber rests on.
BASIS = ("docs/theory/shallow.md, Proposition 4: every parameter realizing f lies in the piece of its own role "
         "pattern, and the pieces are the listed components (proven)")


def fiber_components(net: Network, certify: bool = True,
                     limits: SearchLimits | None = None) -> Iterator[Callable[[], FiberComponent]]:
    """Lazily yield one thunk per component of ``F_n(f)`` (cheap to count, built when called)."""
    data = canonical_data(net)
    cache: dict = {}
    implicit_cache: dict = {}
    for roles, _ in role_patterns(data, net.architecture[1], cache=cache, limits=limits):
        for s in strata(data, roles, cache=cache):
            pattern = StratumPattern(roles, s)
            yield (lambda pattern=pattern: component(net, data, pattern, certify=certify, cache=implicit_cache, limits=limits))


def fiber(net: Network, *, limit: int | None = None, progress: bool | Callable = False, certify: bool = True,
          limits: SearchLimits | None = None) -> Fiber:
    """The complete fiber ``{theta' : f_theta' = f_theta}`` of a shallow network, as a union of components.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``.
    limit : int, optional
        Build at most this many components; the rest are counted by formula
        (``Fiber.omitted``, :func:`~.patterns.count_components`), never enumerated.
    progress : bool or callable
        Progress output for long enumerations (see :meth:`Fiber.from_components`).
    certify : bool
        Certify every component's dimension by exact tangent ranks (default).
    limits : SearchLimits, optional
        Bounds of the orientation searches, of the implicit forms and of the
        number of components built (``components``, counted before any is built).

    Returns
    -------
    Fiber
        One component per role pattern (and stratum), with multiplicity the
        number of its images under permutations of the neurons; ``dimension``
        from :func:`~.dimension.fiber_dimension`.

    Raises
    ------
    LimitReachedError
        More components than ``limits.components`` would be built, or a search beyond its limit.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])   # s(x) + 2 s(x - 1)
    >>> f = fiber(net)
    >>> f.dimension, [(c.dimension, c.multiplicity) for c in f]
    (2, [(2, 2)])
    >>> f.contains(Network.from_layers([([[2], [3]], [-2, 0]), ([[1, "1/3"]], [0])]))
    True
    """
    check_shallow(net, "fiber")
    limit, limits = build_limit(limit), resolve(limits)
    data = canonical_data(net)
    total = count_or_refuse(net, lambda: count_components(data, net.architecture[1], limits=limits), limit=limit,
                            limits=limits, roles=3, what="fiber")
    kept, omitted = collect(fiber_components(net, certify, limits), total, limit, progress=progress)
    return Fiber(net, tuple(kept), omitted, fiber_dimension(net, limits=limits), basis=BASIS)
