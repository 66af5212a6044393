"""The dimension of the fiber of a shallow network, by formula (no enumeration of components).

``dim F_n(f) = r + (n - r)(E + 1) - min [(|M| + 2 rho) E - rho (|M| + rho)]`` over
mixed-line sets ``M`` with independent normals and ``rho = min_S rho(S, M)``,
subject to ``r + |M| + 2 rho <= n``, ``E = max(m, k)`` (``docs/theory/shallow.md``,
Proposition 5b, proven from the per-piece dimensions).
"""

from __future__ import annotations

from itertools import combinations

from ..core.limits import SearchLimits
from ..core.network import Network
from ..core.results import FiberDimension, FiberStatus
from ..onelayer.kernel import independent_normals, smallest_flip_set
from .canonical import canonical_data, check_shallow
from .minimal import own_choice

__all__ = ["fiber_dimension", "BASIS"]

#: What the value rests on.
BASIS = "docs/theory/shallow.md, Proposition 5b: the dimension formula, proven from the per-piece dimensions"


def fiber_dimension(net: Network, *, limits: SearchLimits | None = None) -> FiberDimension:
    """``dim F_n(f)`` for a shallow network of width ``n`` (docs/mathematics.md, Section 3, any ``k``).

    ``r + (n - r)(E + 1) - min (|M| + 2 rho) E - rho (|M| + rho)`` over
    ``M`` with independent normals and ``rho = min_S rho(S, M)``, subject to
    ``r + |M| + 2 rho <= n``; ``E = max(m, k)``.  When the network itself
    shows ``n* = r`` the minimum is 0 and no search is needed.

    Raises
    ------
    NotDecidedError
        When an orientation search exceeds its limits.

    Examples
    --------
    >>> fiber_dimension(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))
    2
    >>> fiber_dimension(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    3
    """
    m, n, k = check_shallow(net, "fiber_dimension")
    data = canonical_data(net)
    r, e = data.num_lines, max(m, k)
    base = r + (n - r) * (e + 1)
    own = own_choice(net, data)  # admissible: its penalty is an upper bound

    def penalty(q, rho):
        return (q + 2 * rho) * e - rho * (q + rho)

    best = penalty(len(own.mixed), own.pairs)
    for q in range(0, min(m, n - r, r) + 1):
        for mixed in combinations(range(r), q):
            if q and not independent_normals(data, mixed):
                continue
            for pairs in range(0, min(k, m - q) + 1):
                if r + q + 2 * pairs > n or penalty(q, pairs) >= best:
                    break  # the penalty increases with rho
                if smallest_flip_set(data, mixed, pairs, limits) is not None:
                    best = penalty(q, pairs)
                    break
    return FiberDimension(base - best, FiberStatus.PROVEN, BASIS)


