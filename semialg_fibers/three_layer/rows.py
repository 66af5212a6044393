"""Row types of the second layer of a three-layer network, by the signs of ``[W2 | b2]``.

For ``f(x) = W3 s(W2 s(W1 x + b1) + b2) + b3`` (architecture ``(d, n1, n2, k)``)
the second and third layers form the one-hidden-layer network
``g(z) = W3 s(W2 z + b2) + b3``, and ``f = g o s o (W1 . + b1)``.  When ``W1``
has full row rank ``n1 <= d`` (a *bottleneck* network) ``s(W1 x + b1)`` fills
the closed orthant ``R^{n1}_{>=0}``, so ``g`` matters only there
(:mod:`semialg_fibers.orthant`).  Row ``j`` of ``[W2 | b2]`` is ``(w_j, c_j)``
and its output column is ``a_j = W3[:, j]``.  On the orthant (all proven in
``docs/theory/three_layer.md``, Section 1):

* **dead**: every entry ``<= 0``, not all zero: ``s(w_j . z + c_j) = 0``;
* **linear**: every entry ``>= 0``, not all zero: ``s(w_j . z + c_j) = w_j . z + c_j``;
* **hides column i**: ``w_ji > 0`` and every other entry (including ``c_j``)
  ``<= 0`` with at least one ``< 0``; then ``s(w_ji s(y_i) + r) = s(w_ji y_i + r)``
  for the rest ``r = sum_{l != i} w_jl z_l + c_j <= 0``, so the row does not
  see the kink of ``s(y_i)``;
* **other**: every other row (it takes both signs on the open orthant and is
  not hiding);
* **zero**: the zero row (dead and linear at once).

The kind describes the behaviour exactly whatever zeros the row has; rows with
a zero entry are flagged ``degenerate`` (the genericity predicate G2 of
:mod:`.genericity` excludes them) and their zero positions are listed.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.exceptions import ArgumentError, ShapeError
from ..core.memo import memoized
from ..core.network import Network

__all__ = [
    "RowKind",
    "RowType",
    "check_three_layer",
    "row_kind",
    "row_type",
    "row_types",
    "second_layer",
    "output_column",
]

_ZERO = Fraction(0)


class RowKind(enum.StrEnum):
    """What a row ``(w_j, c_j)`` of ``[W2 | b2]`` does on the orthant ``R^{n1}_{>=0}``."""

    DEAD = "dead"  #: every entry <= 0: never active
    LINEAR = "linear"  #: every entry >= 0: equals its affine map
    HIDING = "hiding"  #: one positive weight w_ji, every other entry <= 0: hides column i
    OTHER = "other"  #: takes both signs on the open orthant and hides no column
    ZERO = "zero"  #: the zero row: dead and linear at once


def check_three_layer(net: Network, what: str = "this function") -> tuple[int, int, int, int]:
    """Return ``(d, n1, n2, k)`` or raise for a network that does not have exactly two hidden layers.

    Raises
    ------
    TypeError
        ``net`` is not a :class:`~semialg_fibers.core.network.Network`.
    ShapeError
        ``net`` does not have two hidden layers.

    Examples
    --------
    >>> check_three_layer(Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])]))
    (1, 1, 1, 1)
    >>> check_three_layer(Network.from_layers([([[1]], [0]), ([[1]], [0])]), "row_types")
    Traceback (most recent call last):
    ...
    semialg_fibers.ShapeError: row_types needs a three-layer network (architecture (d, n1, n2, k), two hidden layers);
    got architecture (1, 1, 1)
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"{what} needs a semialg_fibers.Network, got {type(net).__name__}")
    if net.depth != 3:
        raise ShapeError(f"{what} needs a three-layer network (architecture (d, n1, n2, k), two hidden layers); "
                         f"got architecture {net.architecture}")
    return net.architecture  # type: ignore[return-value]


def row_kind(row: Sequence[Fraction]) -> tuple[RowKind, int | None]:
    """``(kind, hidden column)`` of a row ``(w_1, ..., w_{n1}, c)``; the column is None unless HIDING.

    Examples
    --------
    >>> F = Fraction
    >>> row_kind([F(2), F(-1), F(-1)]), row_kind([F(-1), F(3), F(-2)])
    ((<RowKind.HIDING: 'hiding'>, 0), (<RowKind.HIDING: 'hiding'>, 1))
    >>> row_kind([F(2), F(1), F(-1)]), row_kind([F(-2), F(0), F(-1)]), row_kind([F(0), F(0), F(0)])
    ((<RowKind.OTHER: 'other'>, None), (<RowKind.DEAD: 'dead'>, None), (<RowKind.ZERO: 'zero'>, None))

    A positive weight with only zeros elsewhere is linear (``s(w z_i) = w z_i``), not hiding:

    >>> row_kind([F(2), F(0), F(0)])
    (<RowKind.LINEAR: 'linear'>, None)
    """
    if not any(row):
        return RowKind.ZERO, None
    if all(v <= 0 for v in row):
        return RowKind.DEAD, None
    if all(v >= 0 for v in row):
        return RowKind.LINEAR, None
    positive = [m for m, v in enumerate(row) if v > 0]
    m = len(row) - 1
    if len(positive) == 1 and positive[0] < m:
        return RowKind.HIDING, positive[0]
    return RowKind.OTHER, None


@dataclass(frozen=True)
class RowType:
    """The type of one row of ``[W2 | b2]``, with the reason.

    Attributes
    ----------
    index : int
        0-based row (second-layer neuron) index.
    kind : RowKind
    column : int or None
        The hidden column (0-based) of a HIDING row.
    zeros : tuple of int
        Positions of zero entries in ``(w_j, c_j)``; position ``n1`` is the bias.
    output_zero : bool
        ``a_j = W3[:, j] = 0``: the row does not affect the function.
    reason : str
        Which signs decide the kind.
    inputs : int
        ``n1``, the length of ``w_j``.
    """

    index: int
    kind: RowKind
    column: int | None
    zeros: tuple[int, ...]
    output_zero: bool
    reason: str
    inputs: int

    @property
    def degenerate(self) -> bool:
        """True iff the row has a zero entry (outside the generic set of predicate G2)."""
        return bool(self.zeros)

    @property
    def crossing(self) -> bool:
        """True iff the row's hyperplane meets the open orthant (HIDING or OTHER)."""
        return self.kind in (RowKind.HIDING, RowKind.OTHER)

    def describe(self) -> str:
        """One line: the kind, the hidden column (1-based as in papers) and the degeneracies."""
        text = f"hides column {self.column + 1}" if self.kind == RowKind.HIDING else str(self.kind)
        notes = []
        if self.zeros:
            notes.append("zero " + ", ".join("c" if p == self.inputs else f"w_{p + 1}" for p in self.zeros))
        if self.output_zero:
            notes.append("zero output column")
        return text + (f" (degenerate: {'; '.join(notes)})" if notes else "")

    def to_dict(self) -> dict:
        """JSON-ready dictionary (0-based indices)."""
        return {"index": self.index, "kind": str(self.kind), "column": self.column, "zeros": list(self.zeros),
                "output_zero": self.output_zero, "degenerate": self.degenerate, "reason": self.reason}


def _reason(row: Sequence[Fraction], kind: RowKind, column: int | None) -> str:
    m = len(row) - 1
    text = f"row w = ({', '.join(str(v) for v in row[:m])}), c = {row[m]}: "
    if kind == RowKind.ZERO:
        return text + "zero row, constant 0 (dead and linear at once)"
    if kind == RowKind.DEAD:
        return text + "all entries <= 0, so w.z + c <= 0 for every z >= 0 (never active)"
    if kind == RowKind.LINEAR:
        return text + "all entries >= 0, so w.z + c >= 0 for every z >= 0 (equals the affine map w.z + c)"
    if kind == RowKind.HIDING:
        return (text + f"w_{column + 1} > 0 and every other entry <= 0, so s(w_{column + 1} s(y_{column + 1}) + r) = "
                f"s(w_{column + 1} y_{column + 1} + r) with r <= 0: the kink of s(y_{column + 1}) is hidden")
    positives = [("c" if j == m else f"w_{j + 1}") for j, v in enumerate(row) if v > 0]
    return text + (f"positive entries {', '.join(positives)} and a negative entry: the row takes both signs on the "
                   "open orthant and hides no column")


@memoized
def second_layer(net: Network) -> Network:
    """The one-hidden-layer network ``g = (W2, b2, W3, b3)`` of architecture ``(n1, n2, k)``: ``f = g o s o (W1 . + b1)``.

    Computed once per network (:mod:`semialg_fibers.core.memo`): every caller gets the same ``g``, so whatever
    is memoized on ``g`` is shared too.

    >>> net = Network.from_layers([([[1, 0]], [0]), ([[2], [-1]], [1, 3]), ([[1, 1]], [0])])
    >>> second_layer(net).architecture, second_layer(net) is second_layer(net)
    ((1, 2, 1), True)
    """
    check_three_layer(net, "second_layer")
    _, second, third = net.layers
    return Network(net.architecture[1:], (second, third))


def output_column(net: Network, j: int) -> tuple[Fraction, ...]:
    """``a_j = W3[:, j]``, the output weights of second-layer neuron ``j`` (0-based)."""
    return tuple(row[j] for row in net.layers[2].weight)


def row_type(net: Network, j: int) -> RowType:
    """The :class:`RowType` of row ``j`` (0-based) of ``[W2 | b2]``.

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1]], [-1]), ([[3]], [0])])
    >>> row_type(net, 0).describe()
    'hides column 1'
    """
    _, n1, n2, _ = check_three_layer(net, "row_type")
    if not 0 <= j < n2:
        raise ShapeError(f"row {j} does not exist; the second hidden layer has {n2} neurons")
    return row_types(net)[j]


def _row_type(net: Network, j: int) -> RowType:
    n1 = net.architecture[1]
    layer = net.layers[1]
    row = tuple(layer.weight[j]) + (layer.bias[j],)
    kind, column = row_kind(row)
    zeros = tuple(p for p, v in enumerate(row) if v == 0)
    return RowType(j, kind, column, zeros, not any(output_column(net, j)), _reason(row, kind, column), n1)


@memoized
def row_types(net: Network) -> tuple[RowType, ...]:
    """Dead, linear, hiding (with its column), other or zero, for every row of ``[W2 | b2]``.

    Parameters
    ----------
    net : Network
        Architecture ``(d, n1, n2, k)``.  The classification is by signs only;
        it describes the row's behaviour on the image of the first layer when
        ``W1`` has full row rank (:func:`~semialg_fibers.three_layer.genericity`, G1).

    Returns
    -------
    tuple of RowType
        One per second-layer neuron, in order.

    Raises
    ------
    ShapeError
        ``net`` is not a three-layer network.

    Notes
    -----
    ``O(n2 (n1 + k))`` comparisons, once per network (:mod:`semialg_fibers.core.memo`).

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]),
    ...                            ([[2, -1], [-1, -1], [1, 1], [1, -1]], [-1, -2, 1, 1]),
    ...                            ([[3, 1, 1, 0]], [1])])
    >>> [t.describe() for t in row_types(net)]
    ['hides column 1', 'dead', 'linear', 'other (degenerate: zero output column)']
    """
    _, _, n2, _ = check_three_layer(net, "row_types")
    return tuple(_row_type(net, j) for j in range(n2))
