"""The first layer of a three-layer network: its rank and exact preimages of pre-activations.

When ``W1`` (``n1 x d``) has full row rank, ``x -> y = W1 x + b1`` is onto
``R^{n1}``: every statement about ``F(y) = g(s(y))`` becomes one about ``f``.
:func:`preimage` returns the ``x`` of minimal norm with ``W1 x + b1 = y``
(exact), so witnesses found in ``y``-coordinates become inputs of ``f``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..core import linalg
from ..core.memo import memoized
from ..core.network import Network
from .rows import check_three_layer

__all__ = ["first_layer_rank", "has_full_row_rank", "preimage", "pre_activation", "row_dependency", "affine_change"]

_ZERO = Fraction(0)


@memoized
def first_layer_rank(net: Network) -> int:
    """``rank W1`` (computed once per network: :mod:`semialg_fibers.core.memo`).

    >>> first_layer_rank(Network.from_layers([([[1, 2], [2, 4]], [0, 0]), ([[1, 1]], [0]), ([[1]], [0])]))
    1
    """
    check_three_layer(net, "first_layer_rank")
    return linalg.rank(net.layers[0].weight)


def has_full_row_rank(net: Network) -> bool:
    """``rank W1 = n1`` (which needs the bottleneck ``n1 <= d``)."""
    return first_layer_rank(net) == net.architecture[1]


def row_dependency(net: Network) -> tuple[Fraction, ...] | None:
    """A nonzero ``lambda`` with ``lambda^T W1 = 0`` (rows of ``W1`` dependent), or None when ``W1`` has full row rank.

    >>> row_dependency(Network.from_layers([([[1, 2], [2, 4]], [0, 0]), ([[1, 1]], [0]), ([[1]], [0])]))
    (Fraction(-2, 1), Fraction(1, 1))
    """
    check_three_layer(net, "row_dependency")
    weight = net.layers[0].weight
    n1 = len(weight)
    transposed = [[weight[i][x] for i in range(n1)] for x in range(len(weight[0]))]
    kernel = linalg.nullspace(transposed, n1)
    return kernel[0] if kernel else None


def affine_change(a: Network, b: Network):
    """``(P, q)`` with ``W1b = P W1a`` and ``b1b = P b1a + q``: ``b``'s first layer in ``a``'s coordinates ``y``.

    None when the rows of ``W1b`` are not combinations of those of ``W1a``.

    Raises
    ------
    ValueError
        ``W1a`` does not have full row rank.

    >>> a = Network.from_layers([([[1, 0], [0, 1]], [1, 0]), ([[1, 1]], [0]), ([[1]], [0])])
    >>> b = Network.from_layers([([[0, 2], [1, 1]], [3, 1]), ([[1, 1]], [0]), ([[1]], [0])])
    >>> affine_change(a, b)
    (((Fraction(0, 1), Fraction(2, 1)), (Fraction(1, 1), Fraction(1, 1))), (Fraction(3, 1), Fraction(0, 1)))
    """
    P = linalg.solve_left(a.layers[0].weight, b.layers[0].weight, a.input_dim)
    if P is None:
        return None
    q = tuple(bl - sum((v * c for v, c in zip(p, a.layers[0].bias)), _ZERO) for p, bl in zip(P, b.layers[0].bias))
    return tuple(tuple(p) for p in P), q


def pre_activation(net: Network, x: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """``y = W1 x + b1`` exactly."""
    return net.layers[0].apply(tuple(Fraction(v) for v in x))


def preimage(net: Network, y: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """The minimal-norm ``x`` with ``W1 x + b1 = y`` (``W1`` of full row rank).

    Raises
    ------
    ValueError
        ``W1`` does not have full row rank and ``y - b1`` is not in its column space.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 1, 0], [0, 1, 1]], [1, 0]), ([[1, 1]], [0]), ([[1]], [0])])
    >>> x = preimage(net, [Fraction(3), Fraction(-1)])
    >>> pre_activation(net, x)
    (Fraction(3, 1), Fraction(-1, 1))
    """
    check_three_layer(net, "preimage")
    weight, bias = net.layers[0].weight, net.layers[0].bias
    rhs = [Fraction(v) - b for v, b in zip(y, bias)]
    gram = [[sum((a * b for a, b in zip(r, s)), _ZERO) for s in weight] for r in weight]
    lam = linalg.solve(gram, rhs, len(weight))
    if lam is None:
        raise ValueError(f"y = {tuple(map(str, y))} is not W1 x + b1 for any x: W1 does not have full row rank")
    x = tuple(sum((lam[i] * weight[i][c] for i in range(len(weight))), _ZERO) for c in range(len(weight[0])))
    if pre_activation(net, x) != tuple(Fraction(v) for v in y):
        raise ValueError(f"y = {tuple(map(str, y))} is not W1 x + b1 for any x: W1 does not have full row rank")
    return x

