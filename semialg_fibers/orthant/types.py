"""Neuron types of a one-hidden-layer network on the closed nonnegative orthant (docs/mathematics.md, Section 4).

On ``O = R^m_{>=0}`` the pre-activation ``z(y) = a . y + b`` of a neuron with
row ``(a, b)`` is

* ``<= 0`` on all of ``O`` iff every entry of ``(a, b)`` is ``<= 0``: the neuron
  is **dead** (``s(z) = 0`` on ``O``);
* ``>= 0`` on all of ``O`` iff every entry of ``(a, b)`` is ``>= 0``: the neuron
  is **linear** (``s(z) = z`` on ``O``);
* otherwise ``(a, b)`` has a positive and a negative entry, ``z`` takes both
  signs in the interior of ``O`` and the neuron is **nonlinear**: its
  hyperplane meets the open orthant.

The zero row is both dead and linear; it is reported as ``"dead"`` with that
reason.  Derivations: ``docs/theory/orthant.md``, Section 1.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.network import Network
from ..onelayer.lines import check_shallow

__all__ = ["RowType", "DEAD", "LINEAR", "NONLINEAR", "NeuronType", "row_type", "neuron_types", "check_shallow"]


class RowType(enum.StrEnum):
    """The type of a row ``(w, c)`` on the closed orthant."""

    DEAD = "dead"  #: every entry <= 0: never active
    LINEAR = "linear"  #: every entry >= 0: affine
    NONLINEAR = "nonlinear"  #: a positive and a negative entry: the hyperplane meets the open orthant


DEAD, LINEAR, NONLINEAR = RowType.DEAD, RowType.LINEAR, RowType.NONLINEAR


def row_type(row: Sequence[Fraction]) -> RowType:
    """``"dead"``, ``"linear"`` or ``"nonlinear"`` for a row ``(a_1, ..., a_m, b)`` on the orthant.

    >>> str(row_type([Fraction(-1), Fraction(0), Fraction(-2)])), str(row_type([Fraction(0), Fraction(3), Fraction(0)]))
    ('dead', 'linear')
    >>> str(row_type([Fraction(1), Fraction(0), Fraction(-1)])), str(row_type([Fraction(0), Fraction(0), Fraction(0)]))
    ('nonlinear', 'dead')
    """
    if all(v <= 0 for v in row):
        return DEAD
    if all(v >= 0 for v in row):
        return LINEAR
    return NONLINEAR


@dataclass(frozen=True)
class NeuronType:
    """The type of one hidden neuron on the orthant, with the reason.

    Attributes
    ----------
    index : int
        0-based neuron index.
    kind : RowType
    reason : str
        Which signs of the row ``(w, c)`` decide the type.
    output_zero : bool
        The outgoing weights are all zero, so the neuron does not affect the function.
    """

    index: int
    kind: RowType
    reason: str
    output_zero: bool = False


def _reason(row: Sequence[Fraction], kind: str) -> str:
    m = len(row) - 1
    entries = ", ".join(str(v) for v in row[:m])
    text = f"row w = ({entries}), c = {row[m]}: "
    if kind == DEAD:
        if not any(row):
            return text + "zero row, constant 0 on the orthant (dead and linear at once)"
        return text + "all entries <= 0, so w.y + c <= 0 for every y >= 0 (never active)"
    if kind == LINEAR:
        return text + "all entries >= 0, so w.y + c >= 0 for every y >= 0 (equals the affine map w.y + c)"
    pos = next(j for j, v in enumerate(row) if v > 0)
    neg = next(j for j, v in enumerate(row) if v < 0)
    name = lambda j: "c" if j == m else f"w_{j + 1}"  # noqa: E731
    return (text + f"{name(pos)} > 0 and {name(neg)} < 0, so w.y + c takes both signs on the open orthant "
            "(its hyperplane meets the interior)")


def neuron_types(net: Network) -> tuple[NeuronType, ...]:
    """Dead, linear or nonlinear, per hidden neuron of a shallow network on the orthant.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``; the input domain is ``R^m_{>=0}``.

    Returns
    -------
    tuple of NeuronType
        One per hidden neuron, in order.

    Raises
    ------
    ShapeError
        If ``net`` does not have exactly one hidden layer.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 0], [1, -1]], [0, -3, 0]), ([[1, 1, 0]], [0])])
    >>> [(str(t.kind), t.output_zero) for t in neuron_types(net)]
    [('linear', False), ('dead', False), ('nonlinear', True)]
    >>> neuron_types(net)[2].reason
    'row w = (1, -1), c = 0: w_1 > 0 and w_2 < 0, so w.y + c takes both signs on the open orthant (its hyperplane meets the interior)'
    """
    check_shallow(net, "neuron_types")
    first, second = net.layers
    columns = list(zip(*second.weight))
    out = []
    for i, (w, c) in enumerate(zip(first.weight, first.bias)):
        row = tuple(w) + (c,)
        kind = row_type(row)
        out.append(NeuronType(i, kind, _reason(row, kind), not any(columns[i])))
    return tuple(out)
