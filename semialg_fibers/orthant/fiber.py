"""The fiber of a one-hidden-layer network on the orthant as a union of components.

One way: the orthant canonical data (:mod:`.canonical`), the nonempty role
patterns and their strata (:mod:`.patterns`), one component per pattern and
stratum (:mod:`.components`), the :class:`~semialg_fibers.core.components.Fiber`
with its dimension (:mod:`.dimension`).  Derivations: ``docs/theory/orthant.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..core.components import Fiber
from ..core.limits import SearchLimits, build_limit, resolve
from ..core.network import Network
from ..onelayer.counting import collect, count_or_refuse
from .canonical import canonical_data
from .components import OrthantComponent, component
from .dimension import fiber_dimension
from .patterns import count_components, role_patterns
from .types import check_shallow

__all__ = ["fiber_components", "fiber", "BASIS"]

#: What the completeness of every fiber on the orthant rests on.
BASIS = ("docs/theory/orthant.md, Sections 3-5: every parameter realizing f on the orthant lies in the piece of its "
         "orientation and role pattern and of its matching stratum, and the pieces are the listed components (proven)")


def fiber_components(net: Network, certify: bool = True,
                     limits: SearchLimits | None = None) -> Iterator[Callable[[], OrthantComponent]]:
    """Lazily yield one thunk per component (cheap to count, built when called)."""
    data = canonical_data(net)
    cache: dict = {}
    for roles, strata in role_patterns(data, net.architecture[1], cache=cache, limits=limits):
        for s, dim in strata:
            yield (lambda roles=roles, s=s, dim=dim: component(net, data, roles, s, dim, cache, certify, limits))


def fiber(net: Network, *, limit: int | None = None, progress: bool | Callable = False, certify: bool = True,
          limits: SearchLimits | None = None) -> Fiber:
    """The fiber ``{theta' : f_theta' = f_theta on R^m_{>=0}}`` as a union of components.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``; the domain is the closed orthant.
    limit : int, optional
        Build at most this many components; the rest are counted by formula
        (``Fiber.omitted``, :func:`~.patterns.count_components`), never enumerated.
    progress : bool or callable
        Progress output for long enumerations.
    certify : bool
        Certify each component's dimension by exact tangent ranks (default).
    limits : SearchLimits, optional
        Bounds of the orientation searches and of the number of components
        built (``components``, counted before any is built).

    Returns
    -------
    Fiber
        Components of type :class:`OrthantComponent`, one per role pattern and
        matching stratum; ``dimension`` from :func:`fiber_dimension`.

    Examples
    --------
    ``y -> s(y1 - y2)`` plus a linear neuron ``2 s(y1 + y2)``:

    >>> net = Network.from_layers([([[1, -1], [1, 1]], [0, 0]), ([[1, 2]], [0])])
    >>> f = fiber(net)
    >>> f.dimension, f.contains(net)
    (3, True)

    On the orthant ``s(y1 - y2) + 2 (y1 + y2) = s(y2 - y1) + 3 y1 + y2``: the
    flipped neuron leaves ``M = (3, 1) >= 0`` to the linear neuron.

    >>> flipped = Network.from_layers([([[-1, 1], [3, 1]], [0, 0]), ([[1, 1]], [0])])
    >>> f.contains(flipped)
    True
    >>> [(c.pattern.roles.flipped, c.dimension, c.nonnegative_rank) for c in f][:2]
    [((), 3, 1), ((0,), 3, 1)]
    """
    check_shallow(net, "orthant.fiber")
    limit, limits = build_limit(limit), resolve(limits)
    data = canonical_data(net)
    total = count_or_refuse(net, lambda: count_components(data, net.architecture[1], limits=limits), limit=limit,
                            limits=limits, roles=2, what="orthant fiber")
    kept, omitted = collect(fiber_components(net, certify, limits), total, limit, progress=progress)
    return Fiber(net, tuple(kept), omitted, fiber_dimension(net, limits=limits), basis=BASIS)


