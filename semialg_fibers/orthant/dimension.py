"""Independent bounds and the generic formula for fiber dimensions on the orthant.

:func:`jacobian_upper_bound` is ``N - rank`` of the exact evaluation Jacobian
at points of the orthant: an upper bound for the local dimension of the fiber
at ``theta`` (docs/mathematics.md, Section 7, item 6) that shares no code with the component
enumeration.  :func:`generic_fiber_dimension` is the generic formula of docs/mathematics.md, Section 4
``A + (D + L)(m + 1 + k) - r (m + k - r)``, ``r = min(L, m, k)``, valid for
generic rows only; :func:`semialg_fibers.orthant.fiber_dimension` is exact for
every parameter and differs from it on non-generic ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from ..core import linalg
from ..core.exceptions import InternalCheckError
from ..core.limits import SearchLimits
from ..core.network import Network
from ..core.results import FiberDimension, FiberStatus
from .canonical import canonical_data
from .patterns import role_patterns
from .types import DEAD, LINEAR, NONLINEAR, check_shallow, neuron_types

__all__ = ["fiber_dimension", "evaluation_jacobian", "jacobian_upper_bound", "generic_fiber_dimension", "BASIS"]

#: What the value of :func:`fiber_dimension` rests on.
BASIS = ("docs/theory/orthant.md, Sections 4-5: the maximum of the proven piece dimensions over the nonempty role "
         "patterns and strata")

_ZERO = Fraction(0)


def fiber_dimension(net: Network, *, limits: SearchLimits | None = None) -> FiberDimension:
    """``dim {theta' : f_theta' = f_theta on R^m_{>=0}}`` (same architecture).

    The maximum over the nonempty role patterns and strata of the piece
    dimensions (:func:`.patterns.piece_strata`); no component is built.

    Examples
    --------
    Two linear neurons computing ``y1 - y2`` (``ncr = 2``), the generic value
    ``(D + L)(m + 1 + k) - r (m + k - r) = 8 - 2``:

    >>> fiber_dimension(Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, -1]], [0])]))
    6
    """
    m, n, k = check_shallow(net, "orthant.fiber_dimension")
    data = canonical_data(net)
    best = -1
    for _, strata in role_patterns(data, n, limits=limits):
        best = max([best] + [d for _, d in strata])
    if best < 0:
        raise InternalCheckError("the network's own role pattern was not found among the nonempty patterns")
    return FiberDimension(best, FiberStatus.PROVEN, BASIS)



def evaluation_jacobian(net: Network, points: Sequence[Sequence[Fraction]]) -> list[list[Fraction]]:
    """Rows ``d f_j(y) / d theta`` (flat parameter order) at the points where no pre-activation vanishes.

    >>> net = Network.from_layers([([[1]], [0]), ([[2]], [1])])
    >>> evaluation_jacobian(net, [[Fraction(3)]])
    [[Fraction(6, 1), Fraction(2, 1), Fraction(3, 1), Fraction(1, 1)]]
    """
    m, n, k = check_shallow(net, "evaluation_jacobian")
    (w1, b1), (w2, _) = ((l.weight, l.bias) for l in net.layers)
    rows = []
    for y in points:
        y = [Fraction(v) for v in y]
        z = [sum((a * x for a, x in zip(w, y)), b) for w, b in zip(w1, b1)]
        if any(v == 0 for v in z):
            continue
        for j in range(k):
            row = [_ZERO] * (n * m + n + k * n + k)
            for i in range(n):
                if z[i] > 0:
                    for c in range(m):
                        row[i * m + c] = w2[j][i] * y[c]
                    row[n * m + i] = w2[j][i]
                    row[n * m + n + j * n + i] = z[i]
            row[n * m + n + k * n + j] = Fraction(1)
            rows.append(row)
    return rows


def jacobian_upper_bound(net: Network, *, count: int | None = None, seed: int = 0) -> int:
    """``N - rank`` of the evaluation Jacobian at random points of the orthant.

    The fiber near ``theta`` lies in ``{theta' : f_theta'(y) = f_theta(y)}``
    for every sampled ``y``, so its local dimension at ``theta`` is at most
    ``N`` minus this rank (fewer points only weaken the bound).

    >>> jacobian_upper_bound(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))   # fiber dimension 3
    3

    It is only a bound, and it depends on the sampled points: for
    ``s(y - 1) + 2 s(y - 2)`` the fiber has dimension 2 (one scaling per
    neuron), but no point of the default sample falls in ``(1, 2)``, where the
    two neurons are told apart, so the bound is 4; another sample attains 2.

    >>> net = Network.from_layers([([[1], [1]], [-1, -2]), ([[1, 2]], [0])])
    >>> jacobian_upper_bound(net), jacobian_upper_bound(net, seed=2)
    (4, 2)
    """
    m, n, k = check_shallow(net, "jacobian_upper_bound")
    N = net.num_parameters
    rng = random.Random(seed)
    count = 4 * N if count is None else count
    points = [[Fraction(rng.randint(0, 24), rng.randint(1, 4)) for _ in range(m)] for _ in range(count)]
    rows = evaluation_jacobian(net, points)
    return N - (linalg.rank(rows, N) if rows else 0)


def generic_fiber_dimension(net: Network) -> int:
    """The generic formula ``A + (D + L)(m + 1 + k) - r (m + k - r)``, ``r = min(L, m, k)`` (docs/mathematics.md, 4.6).

    Valid for generic rows only (distinct lines, no coincidences); use
    :func:`semialg_fibers.orthant.fiber_dimension` for the exact value.

    >>> generic_fiber_dimension(Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, -1]], [0])]))
    6
    """
    m, n, k = check_shallow(net, "generic_fiber_dimension")
    kinds = [t.kind for t in neuron_types(net)]
    a, d, l = kinds.count(NONLINEAR), kinds.count(DEAD), kinds.count(LINEAR)
    r = min(l, m, k)
    return a + (d + l) * (m + 1 + k) - r * (m + k - r)
