"""Canonical data of a shallow ReLU network on R^m (SPEC section 3).

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

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from .. import linalg
from ..exceptions import ShapeError
from ..network import Network

__all__ = [
    "NeuronInfo",
    "VisibleLine",
    "CanonicalData",
    "neuron_infos",
    "canonical_data",
    "check_shallow",
    "line_key",
]

_ZERO = Fraction(0)

#: Kinds of a neuron by its own parameters (the role it can play in every fiber point).
ZERO_OUTPUT, DEAD, CONSTANT, ON_LINE = "zero-output", "dead", "constant", "line"


def check_shallow(net: Network, what: str = "this function") -> tuple[int, int, int]:
    """Return ``(m, n, k)`` or raise :class:`ShapeError` for networks that are not shallow.

    >>> check_shallow(Network.from_layers([([[1]], [0]), ([[1]], [0])]))
    (1, 1, 1)
    """
    if not isinstance(net, Network):
        raise TypeError(f"{what} needs a semialg_fibers.Network, got {type(net).__name__}")
    if net.depth != 2:
        raise ShapeError(
            f"{what} needs a shallow network (architecture (m, n, k), one hidden layer); "
            f"got architecture {net.architecture}"
        )
    return net.architecture  # type: ignore[return-value]


def line_key(row) -> tuple[tuple[int, ...], int, int]:
    """Canonical integer key of the hyperplane ``a . x + b = 0`` of a row ``(a_1..a_m, b)``.

    Returns ``(key, orientation, first)``: ``key`` is the primitive integer
    vector ``p`` with ``p = lambda * row`` for some ``lambda != 0`` and first
    nonzero ``a``-entry positive, ``orientation`` is the sign of the first
    nonzero ``a``-entry of ``row``, ``first`` is its index.  The ``a``-part must
    not vanish.

    >>> line_key([Fraction(-2), Fraction(4), Fraction(1, 3)])
    ((6, -12, -1), -1, 0)
    """
    den = math.lcm(*(v.denominator for v in row))
    ints = [v.numerator * (den // v.denominator) for v in row]
    g = math.gcd(*ints)
    first = next(j for j, v in enumerate(ints) if v)
    if first >= len(ints) - 1:
        raise ValueError("line_key needs a row whose a-part is nonzero")
    sign = 1 if ints[first] > 0 else -1
    g *= sign
    return tuple(v // g for v in ints), sign, first


@dataclass(frozen=True)
class NeuronInfo:
    """What one hidden neuron contributes, read from its own parameters.

    Attributes
    ----------
    index : int
    kind : str
        ``"zero-output"`` (``v_i = 0``), ``"dead"`` (``a_i = 0, b_i <= 0``),
        ``"constant"`` (``a_i = 0, b_i > 0``) or ``"line"``.
    key : tuple of int or None
        Integer key of the neuron's line (:func:`line_key`), for ``"line"``.
    orientation : int
        ``+1`` or ``-1`` for ``"line"`` neurons (sign of the first nonzero
        entry of ``a_i``), else ``0``.
    kink : tuple of Fraction or None
        ``v_i |t|`` with ``t`` the first nonzero entry of ``a_i``: the
        neuron's kink along the normalized line.
    """

    index: int
    kind: str
    key: tuple[int, ...] | None = None
    orientation: int = 0
    kink: tuple[Fraction, ...] | None = None


def neuron_infos(net: Network) -> tuple[NeuronInfo, ...]:
    """Classify every hidden neuron of a shallow network (zero-output, dead, constant, on a line).

    Examples
    --------
    >>> net = Network.from_layers([([[1], [-2], [0]], [0, 2, 1]), ([[1, 3, 5]], [0])])
    >>> [(i.kind, i.key, i.orientation, i.kink) for i in neuron_infos(net)]  # doctest: +NORMALIZE_WHITESPACE
    [('line', (1, 0), 1, (Fraction(1, 1),)),
     ('line', (1, -1), -1, (Fraction(6, 1),)),
     ('constant', None, 0, None)]
    """
    check_shallow(net, "neuron_infos")
    first_layer, second_layer = net.layers
    k = net.output_dim
    columns = list(zip(*second_layer.weight))
    infos = []
    for i, (row, b) in enumerate(zip(first_layer.weight, first_layer.bias)):
        v = columns[i]
        if not any(v):
            infos.append(NeuronInfo(i, ZERO_OUTPUT))
            continue
        if not any(row):
            infos.append(NeuronInfo(i, CONSTANT if b > 0 else DEAD))
            continue
        key, sign, first = line_key(row + (b,))
        t = abs(row[first])
        infos.append(NeuronInfo(i, ON_LINE, key, sign, tuple(x * t for x in v) if t != 1 else tuple(v)))
    assert len(infos) == net.architecture[1] and all(len(c) == k for c in columns)
    return tuple(infos)


@dataclass(frozen=True)
class VisibleLine:
    """A line ``alpha . x + beta = 0`` that carries a nonzero kink of the function.

    Attributes
    ----------
    key : tuple of int
        The primitive integer normal ``(p_1, ..., p_m, p_0)`` with first nonzero
        ``p_j > 0``; sorting by key is the canonical order of lines.
    kink : tuple of Fraction
        ``kappa_u`` in ``Q^k``: the jump of the gradient across the line is
        ``kappa_u alpha_u^T``.
    """

    key: tuple[int, ...]
    kink: tuple[Fraction, ...]

    @cached_property
    def line(self) -> tuple[Fraction, ...]:
        """``(alpha_1, ..., alpha_m, beta)`` with the first nonzero ``alpha_j`` equal to 1."""
        lead = next(v for v in self.key if v)
        return tuple(Fraction(v, lead) for v in self.key)

    @property
    def normal(self) -> tuple[Fraction, ...]:
        """``alpha_u`` (first nonzero entry 1)."""
        return self.line[:-1]

    @property
    def offset(self) -> Fraction:
        """``beta_u``."""
        return self.line[-1]


@dataclass(frozen=True)
class CanonicalData:
    """``D(f) = ({(u, kappa_u)}, G, g0)``: determined by the function and determining it.

    Attributes
    ----------
    input_dim, output_dim : int
        ``m`` and ``k``.
    lines : tuple of VisibleLine
        Sorted by key; no two equal, every kink nonzero.
    linear : tuple of tuple of Fraction
        ``G`` (``k x m``, rows).
    constant : tuple of Fraction
        ``g0`` in ``Q^k``.
    """

    input_dim: int
    output_dim: int
    lines: tuple[VisibleLine, ...]
    linear: tuple[tuple[Fraction, ...], ...]
    constant: tuple[Fraction, ...]

    #: Printed after ``R^m`` in :meth:`summary` (the orthant subclass says ``_>=0``).
    _domain_suffix = ""

    @property
    def num_lines(self) -> int:
        """``r``, the number of visible lines."""
        return len(self.lines)

    @cached_property
    def kinks_by_key(self) -> dict:
        """``{key: kink}`` for hashing-based comparison."""
        return {line.key: line.kink for line in self.lines}

    def evaluate(self, x) -> tuple[Fraction, ...]:
        """Evaluate ``sum_u kappa_u s(alpha_u x + beta_u) + G x + g0`` exactly.

        >>> d = canonical_data(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
        >>> d.evaluate([Fraction(-3)])
        (Fraction(-3, 1),)
        """
        x = [Fraction(v) for v in x]
        out = [sum((g * xi for g, xi in zip(row, x) if g and xi), c) for row, c in zip(self.linear, self.constant)]
        for line in self.lines:
            key = line.key
            z = sum((a * xi for a, xi in zip(key, x) if a and xi), Fraction(key[-1]))
            if z > 0:
                z /= next(v for v in key if v)  # back from the integer key to the normalized line
                for j, kj in enumerate(line.kink):
                    out[j] += kj * z
        return tuple(out)

    def summary(self) -> str:
        """One line per visible line, then ``G`` and ``g0`` (plain text, exact)."""
        rows = [f"f: R^{self.input_dim}{self._domain_suffix} -> R^{self.output_dim}, {self.num_lines} visible line(s)"]
        for line in self.lines:
            alpha = ", ".join(str(v) for v in line.normal)
            rows.append(f"  line alpha=({alpha}) beta={line.offset}: kink ({', '.join(str(v) for v in line.kink)})")
        rows.append("  G = [" + "; ".join(", ".join(str(v) for v in row) for row in self.linear) + "]")
        rows.append("  g0 = (" + ", ".join(str(v) for v in self.constant) + ")")
        return "\n".join(rows)


def canonical_data(net: Network) -> CanonicalData:
    """The canonical data ``D(f)`` of a shallow network (SPEC section 3).

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
    first_layer, second_layer = net.layers
    infos = neuron_infos(net)
    kinks: dict[tuple[int, ...], list[Fraction]] = {}
    negative = []
    constant = list(second_layer.bias)
    for info in infos:
        i = info.index
        if info.kind == ON_LINE:
            acc = kinks.get(info.key)
            if acc is None:
                kinks[info.key] = list(info.kink)
            else:
                for j, v in enumerate(info.kink):
                    acc[j] += v
            if info.orientation < 0:
                negative.append(i)
        if (info.kind == ON_LINE and info.orientation < 0) or info.kind == CONSTANT:
            b = first_layer.bias[i]
            if b:
                for j in range(k):
                    w = second_layer.weight[j][i]
                    if w:
                        constant[j] += w * b
    if negative:
        # Term by term: the kink-times-normal products of float weights are dyadic, while a
        # matrix product with common denominators would carry every row's odd denominator.
        linear = linalg.outer_sum([[second_layer.weight[j][i] for j in range(k)] for i in negative],
                                  [first_layer.weight[i] for i in negative], (k, m))
    else:
        linear = tuple(tuple(_ZERO for _ in range(m)) for _ in range(k))
    lines = tuple(VisibleLine(key, tuple(kink)) for key, kink in sorted(kinks.items()) if any(kink))
    return CanonicalData(m, k, lines, tuple(tuple(r) for r in linear), tuple(constant))
