"""The dimension of a three-layer fiber, without building its components.

``dim F(theta) = max over the first-layer families of n1 + #t + dim (orthant fiber of h)``
(``docs/theory/three_layer.md``, Section 11): the orthant dimensions come from
the role patterns and strata of :mod:`semialg_fibers.orthant.patterns`
(proven per pattern), so nothing is built.  A constant function has a fiber of
dimension ``N - k`` (proven).  The value carries the status of the fiber's
completeness (:mod:`.fiber`): for ``n1, n2 >= 2`` it rests on Conjecture 10.6.
The translated visible neuron families (Sections 10.9-10.11) never exceed the
orbit family (Proposition 11.2, proven; strictly smaller in every case measured),
so the maximum is ``n1 + H + dim OF_{n2}(g)``, the orbit family's (with the hiding
translation, ``H = 1``, when a column is hidden).

:func:`row_type_dimension` is the closed rule read off the row types,
``n1 + H + A + (D + L)(n1 + 1 + k) - r (n1 + k - r)``, ``r = min(L, n1, k)``
(``A`` rows crossing the orthant, ``D`` dead, ``L`` linear, ``H`` hidden
columns): the value of the generic second layer (the orthant's generic
formula).  It is compared with :func:`fiber_dimension` in the tests; it
fails on degenerate parameters, where the enumeration is what is right.
"""

from __future__ import annotations

from ..core.exceptions import NotDecidedError
from ..core.limits import SearchLimits
from ..core.network import Network
from ..core.results import FiberDimension, FiberStatus, PartialFiberDimension
from .fiber import _constant, completeness, partial, require_proven
from .first_layer import has_full_row_rank
from .hiding import hidden_hyperplanes
from .rows import RowKind, check_three_layer, row_types

__all__ = ["DimensionResult", "dimension_result", "fiber_dimension", "partial_dimension", "row_type_dimension"]

_CONSTANT = ("docs/theory/three_layer.md, Proposition 11.1: a constant function has a fiber of dimension N - k (the "
             "output bias is determined, all-dead second layers fill an open set of the rest); proven")


#: The value of :func:`dimension_result` (kept under its old name).
DimensionResult = FiberDimension


def dimension_result(net: Network, *, limits: SearchLimits | None = None) -> FiberDimension:
    """The fiber dimension of a three-layer network with its status (module docstring).

    Raises
    ------
    NotDecidedError
        As :func:`.fiber.completeness` (except for constant functions, which are decided).

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> r = dimension_result(net); r.dimension, str(r.status)
    (4, 'proven')
    >>> dead = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-1, -1]], [-1]), ([[3]], [1])])
    >>> dimension_result(dead).dimension == dead.num_parameters - 1
    True
    """
    check_three_layer(net, "three-layer fiber_dimension")
    if has_full_row_rank(net) and _constant(net):
        return FiberDimension(net.num_parameters - net.output_dim, FiberStatus.PROVEN, _CONSTANT)
    decided = completeness(net, limits=limits)
    return FiberDimension(decided.dimension, decided.status, decided.basis)


def fiber_dimension(net: Network, *, limits: SearchLimits | None = None, allow_conjecture: bool = False) -> FiberDimension:
    """``dim F(theta)`` for a three-layer network (see :func:`dimension_result` for the status).

    Raises
    ------
    NotDecidedError
        As :func:`dimension_result`.
    ConjectureError
        The value rests on Conjecture 10.6 (``n1, n2 >= 2``) and
        ``allow_conjecture`` is False (it is then the dimension of the listed
        components, a proven lower bound).

    Examples
    --------
    The row-type rule: one hiding row with a hidden column (``H = 1``).

    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> fiber_dimension(net), row_type_dimension(net)
    (4, 4)
    """
    result = dimension_result(net, limits=limits)
    require_proven(result.status, allow_conjecture, "three-layer fiber_dimension")
    return result


def partial_dimension(net: Network, reason: str, *, limits: SearchLimits | None = None) -> PartialFiberDimension:
    """A proven lower bound of ``dim F(theta)`` where the completeness is not decided (``reason``), status PARTIAL.

    The larger of the dimension of the known components (:func:`.fiber.partial`: each lies in the fiber) and the
    any-depth bound near ``theta`` (:func:`semialg_fibers.general.partial.partial_fiber_dimension`), whose local
    bounds it carries.

    Raises
    ------
    NotDecidedError
        ``W1`` does not have full row rank or ``f`` is constant (no family is listed; the any-depth bound answers
        through :func:`semialg_fibers.api.fiber_dimension`).

    Examples
    --------
    >>> spare = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])])
    >>> d = partial_dimension(spare, "spare rows")
    >>> int(d), (d.local_lower, d.local_upper), str(d.status)
    (7, (5, 7), 'partial')
    """
    from ..general.partial import partial_fiber_dimension

    known = partial(net, reason, limits=limits)
    near = partial_fiber_dimension(net, limits=limits)
    if known.dimension > near:
        value, basis = known.dimension, (f"the listed three-layer families have dimension {known.dimension} (every "
                                         f"one lies in the fiber; {known.basis}); {near.basis}")
    else:
        value, basis = int(near), f"{near.basis} (three-layer families: {known.basis})"
    return PartialFiberDimension(value, FiberStatus.PARTIAL, basis, near.local_lower, near.local_upper)


def row_type_dimension(net: Network) -> int:
    """``n1 + H + A + (D + L)(n1 + 1 + k) - r (n1 + k - r)``, ``r = min(L, n1, k)`` (generic rows; module docstring).

    Raises
    ------
    NotDecidedError
        Every row is dead (the rule does not apply: the fiber has dimension ``N - k``).
    """
    _, n1, n2, k = check_three_layer(net, "row_type_dimension")
    kinds = [t.kind for t in row_types(net)]
    dead = sum(1 for kind in kinds if kind in (RowKind.DEAD, RowKind.ZERO))
    linear = kinds.count(RowKind.LINEAR)
    if dead == n2:
        raise NotDecidedError("row_type_dimension: every row is dead; the function is constant")
    crossing = n2 - dead - linear
    r = min(linear, n1, k)
    hidden = len(hidden_hyperplanes(net))
    return n1 + hidden + crossing + (dead + linear) * (n1 + 1 + k) - r * (n1 + k - r)
