"""Canonical data of a shallow ReLU network on R^m (docs/mathematics.md, Section 3).

Every shallow network ``f(x) = sum_i v_i s(a_i . x + b_i) + c`` can be
rewritten as ``f(x) = sum_u kappa_u s(alpha_u . x + beta_u) + G x + g0`` over
distinct *lines* ``u = (alpha_u, beta_u)`` normalized so that the first
nonzero entry of ``alpha_u`` is ``+1``, with nonzero *kink vectors*
``kappa_u``.  The data ``D(f) = ({(u, kappa_u)}, G, g0)`` depends only on the
function (``docs/theory/shallow.md``, Proposition 1), so it decides
equivalence and underlies the minimal form and the fiber.

Neurons are aligned by hashing a canonical integer key per line (the primitive
integer multiple of ``(a_i, b_i)`` with positive first ``a``-entry), never by
matching, so the cost is linear in the number of parameters.
"""

from __future__ import annotations

from fractions import Fraction

from ..core import linalg
from ..core.memo import memoized
from ..core.network import Network
from ..onelayer.lines import (
    CanonicalData,
    NeuronInfo,
    NeuronKind,
    VisibleLine,
    check_shallow,
    collect_lines,
    line_key,
    neuron_infos,
)

__all__ = [
    "NeuronInfo",
    "NeuronKind",
    "VisibleLine",
    "CanonicalData",
    "neuron_infos",
    "canonical_data",
    "check_shallow",
    "line_key",
]

_ZERO = Fraction(0)


@memoized
def canonical_data(net: Network) -> CanonicalData:
    """The canonical data ``D(f)`` of a shallow network (docs/mathematics.md, Section 3), computed once per network.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``.

    Returns
    -------
    CanonicalData
        Lines with nonzero kink (sorted by their integer key), ``G`` and ``g0``.

    Raises
    ------
    ShapeError
        If ``net`` does not have exactly one hidden layer.

    Notes
    -----
    With ``t`` the first nonzero entry of ``a_i`` and ``l = (a_i . x + b_i)/t``,
    a neuron contributes ``v_i |t| s(l)`` when ``t > 0`` and
    ``v_i |t| s(l) + v_i (a_i . x + b_i)`` when ``t < 0`` (``s(-l) = s(l) - l``).
    Hence ``G = sum_{t_i < 0} v_i a_i^T`` (one exact matrix product) and
    ``g0 = c + sum_{t_i < 0 or a_i = 0, b_i > 0} v_i b_i``.
    Cost: ``O(n (m + k))`` rational operations plus the product for ``G``;
    lines are grouped by hashing, never matched.

    Examples
    --------
    The identity ``x = s(x) - s(-x)`` has no visible line:

    >>> d = canonical_data(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    >>> d.lines, d.linear, d.constant
    ((), ((Fraction(1, 1),),), (Fraction(0, 1),))
    >>> d2 = canonical_data(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))
    >>> [(u.line, u.kink) for u in d2.lines]
    [((Fraction(1, 1), Fraction(-1, 1)), (Fraction(2, 1),)), ((Fraction(1, 1), Fraction(0, 1)), (Fraction(1, 1),))]
    """
    m, n, k = check_shallow(net, "canonical_data")
    contributions, negative = [], []
    constant = list(net.layers[1].bias)
    for info in neuron_infos(net):
        if info.kind == NeuronKind.ON_LINE:
            contributions.append((info.key, info.kink))
            if info.orientation < 0:
                negative.append(info)
        if ((info.kind == NeuronKind.ON_LINE and info.orientation < 0) or info.kind == NeuronKind.CONSTANT) and info.b:
            for j, w in enumerate(info.v):
                if w:
                    constant[j] += w * info.b
    if negative:
        # Term by term: the kink-times-normal products of float weights are dyadic, while a
        # matrix product with common denominators would carry every row's odd denominator.
        linear = linalg.outer_sum([info.v for info in negative], [info.a for info in negative], (k, m))
    else:
        linear = tuple(tuple(_ZERO for _ in range(m)) for _ in range(k))
    return collect_lines(contributions, m, k, linear, constant)
