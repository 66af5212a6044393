"""Canonical data of a one-hidden-layer network restricted to the orthant ``R^m_{>=0}``.

On the orthant dead neurons vanish and linear neurons are affine, so only the
*nonlinear* neurons (:mod:`.types`) carry kinks.  Writing each nonlinear neuron
along its normalized line ``u = (alpha_u, beta_u)`` (first nonzero entry of
``alpha_u`` equal to ``+1``) gives, on the orthant,

``f(y) = sum_u kappa_u s(alpha_u . y + beta_u) + G y + g0``

with ``G = sum_{nonlinear i with negative orientation, or linear i} v_i a_i^T``
and ``g0 = c + sum_{same i} v_i b_i``.  Every line of a nonlinear neuron meets
the open orthant, so a nonzero kink ``kappa_u`` is visible there: the data
``D_O(f) = ({(u, kappa_u) : kappa_u != 0}, G, g0)`` is determined by ``f`` on the
orthant and determines it (``docs/theory/orthant.md``, Proposition 2).
Neurons are grouped by hashing a primitive integer key per line, never matched.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core import linalg
from ..core.network import Network
from ..onelayer.lines import CanonicalData, VisibleLine, collect_lines, line_key
from .types import NONLINEAR, RowType, check_shallow, row_type

__all__ = ["OrthantLine", "OrthantData", "canonical_data"]

_ZERO = Fraction(0)

#: A line of the orthant data: a :class:`~semialg_fibers.onelayer.lines.VisibleLine` that meets the open orthant.
OrthantLine = VisibleLine


@dataclass(frozen=True)
class OrthantData(CanonicalData):
    """``D_O(f) = ({(u, kappa_u)}, G, g0)``, the canonical data of ``f`` on the orthant.

    The same value as the shallow :class:`~semialg_fibers.shallow.canonical.CanonicalData`
    (``input_dim``, ``output_dim``, ``lines``, ``linear`` = ``G``, ``constant`` = ``g0``,
    ``evaluate``, ``summary``), but ``lines`` holds only the :class:`OrthantLine` values
    that meet the open orthant, and ``G``, ``g0`` include the linear neurons.  ``evaluate``
    is meaningful for ``y >= 0``.

    >>> d = canonical_data(Network.from_layers([([[1, -1]], [0]), ([[2]], [1])]))
    >>> d.evaluate([Fraction(3), Fraction(1)])
    (Fraction(5, 1),)
    """

    _domain_suffix = "_>=0"


def canonical_data(net: Network) -> OrthantData:
    """The canonical data of a shallow network on the closed orthant ``R^m_{>=0}``.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``.

    Returns
    -------
    OrthantData
        Visible lines (nonlinear neurons' hyperplanes with nonzero total kink,
        sorted by integer key), ``G`` and ``g0``.  Two networks agree on the
        orthant iff their data are equal.

    Raises
    ------
    ShapeError
        If ``net`` is not shallow.

    Notes
    -----
    ``O(n (m + k))`` rational operations plus one matrix product for ``G``.
    A nonlinear neuron with orientation ``-1`` is ``v |t| s(l) - v (a . y + b)``
    (``s(-l) = s(l) - l``), a linear neuron is ``v (a . y + b)``, a dead one 0.

    Examples
    --------
    ``s(y1 - y2)`` plus a linear neuron ``s(y1 + y2)`` and a dead one:

    >>> net = Network.from_layers([([[1, -1], [1, 1], [-1, 0]], [0, 0, -1]), ([[1, 2, 5]], [0])])
    >>> d = canonical_data(net)
    >>> [(u.line, u.kink) for u in d.lines], d.linear, d.constant
    ([((Fraction(1, 1), Fraction(-1, 1), Fraction(0, 1)), (Fraction(1, 1),))], ((Fraction(2, 1), Fraction(2, 1)),), (Fraction(0, 1),))

    The identity ``y = s(y) - s(-y)`` restricted to ``y >= 0``: ``s(-y)`` is dead there.

    >>> canonical_data(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])).linear
    ((Fraction(1, 1),),)
    """
    m, n, k = check_shallow(net, "orthant.canonical_data")
    first, second = net.layers
    columns = list(zip(*second.weight))
    contributions = []
    affine = []  # neurons whose v (a . y + b) enters G and g0
    for i, (w, b) in enumerate(zip(first.weight, first.bias)):
        v = columns[i]
        if not any(v):
            continue
        row = tuple(w) + (b,)
        kind = row_type(row)
        if kind == NONLINEAR:
            key, sign, lead = line_key(row)
            t = abs(w[lead])
            contributions.append((key, tuple(x * t for x in v)))
            if sign < 0:
                affine.append(i)
        elif any(row) and kind != RowType.DEAD:
            affine.append(i)
    constant = list(second.bias)
    for i in affine:
        b = first.bias[i]
        if b:
            for j in range(k):
                constant[j] += columns[i][j] * b
    if affine:
        linear = linalg.outer_sum([columns[i] for i in affine], [first.weight[i] for i in affine], (k, m))
    else:
        linear = tuple(tuple(_ZERO for _ in range(m)) for _ in range(k))
    return collect_lines(contributions, m, k, linear, constant, OrthantData)
