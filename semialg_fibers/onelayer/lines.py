"""Hyperplanes of one hidden layer: the per-neuron view and the line data of a function.

A hidden neuron ``(v_i, a_i, b_i)`` with ``a_i != 0`` sits on the *line*
(hyperplane) ``a_i . y + b_i = 0``.  Writing ``t`` for the first nonzero entry
of ``a_i``, the normalized line is ``u = (a_i, b_i) / |t|`` up to sign, with
``alpha_u``'s first nonzero entry ``+1``; the neuron's *orientation* is
``sign(t)`` and its *kink* is ``v_i |t|``.  Lines are identified by hashing a
primitive integer key, never by matching, so grouping costs linear time.

:class:`CanonicalData` is ``({(u, kappa_u)}, G, g0)``: the function
``sum_u kappa_u s(alpha_u . y + beta_u) + G y + g0`` with distinct lines and
nonzero kinks (``docs/theory/shallow.md``, Section 1; the orthant variant in
``docs/theory/orthant.md``).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..core.exceptions import ArgumentError, ShapeError
from ..core.memo import memoized
from ..core.network import Network

__all__ = [
    "NeuronKind",
    "NeuronInfo",
    "VisibleLine",
    "CanonicalData",
    "check_shallow",
    "line_key",
    "neuron_infos",
    "collect_lines",
]


class NeuronKind(enum.StrEnum):
    """What a hidden neuron is by its own parameters (before any function is known)."""

    ZERO_OUTPUT = "zero-output"  #: ``v_i = 0``: the neuron does not affect the function
    DEAD = "dead"  #: ``a_i = 0, b_i <= 0``: constant 0
    CONSTANT = "constant"  #: ``a_i = 0, b_i > 0``: the constant ``v_i b_i``
    ON_LINE = "line"  #: ``a_i != 0``: a ridge along its line


def check_shallow(net: Network, what: str = "this function") -> tuple[int, int, int]:
    """Return ``(m, n, k)`` or raise :class:`ShapeError` for networks that are not shallow.

    >>> check_shallow(Network.from_layers([([[1]], [0]), ([[1]], [0])]))
    (1, 1, 1)
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"{what} needs a semialg_fibers.Network, got {type(net).__name__}")
    if net.depth != 2:
        raise ShapeError(
            f"{what} needs a shallow network (architecture (m, n, k), one hidden layer); "
            f"got architecture {net.architecture}"
        )
    return net.architecture  # type: ignore[return-value]


def line_key(row: Sequence[Fraction]) -> tuple[tuple[int, ...], int, int]:
    """``(key, orientation, first)`` of a row ``(a_1, ..., a_m, b)`` with ``a != 0``.

    ``key`` is the primitive integer multiple of the row whose first nonzero
    ``a``-entry is positive, ``orientation`` the sign of that entry in ``row``,
    ``first`` its index.

    >>> line_key([Fraction(-2), Fraction(4), Fraction(1, 3)])
    ((6, -12, -1), -1, 0)
    """
    pairs = [v.as_integer_ratio() for v in row]
    den = 1
    for _, d in pairs:
        if d != 1:
            den = den * d // math.gcd(den, d)
    ints = [n for n, _ in pairs] if den == 1 else [n * (den // d) for n, d in pairs]
    first = next((j for j in range(len(ints) - 1) if ints[j]), None)
    if first is None:
        raise ValueError(f"line_key needs a row whose a-part is nonzero, got {tuple(map(str, row))}")
    sign = 1 if ints[first] > 0 else -1
    g = math.gcd(*ints)
    if g == 1 and sign == 1:  # already primitive (integer weights usually are)
        return tuple(ints), 1, first
    g *= sign
    return tuple(v // g for v in ints), sign, first


@dataclass(frozen=True)
class NeuronInfo:
    """One hidden neuron of a shallow network: its parameters and what they make it.

    Attributes
    ----------
    index : int
    kind : NeuronKind
        ``ZERO_OUTPUT`` (``v = 0``) first; otherwise ``DEAD``, ``CONSTANT``
        (``a = 0``, by the sign of ``b``) or ``ON_LINE``.
    v, a : tuple of Fraction
        Output column (length ``k``) and input row (length ``m``).
    b : Fraction
    key : tuple of int or None
        Integer key of the neuron's line (:func:`line_key`) when ``a != 0``
        (also for zero-output neurons).
    orientation : int
        ``+1`` or ``-1`` (sign of the first nonzero entry of ``a``) when
        ``a != 0``, else ``0``.
    kink : tuple of Fraction or None
        ``v |t|`` (``t`` the first nonzero entry of ``a``) when ``a != 0``.
    """

    index: int
    kind: NeuronKind
    v: tuple[Fraction, ...]
    a: tuple[Fraction, ...]
    b: Fraction
    key: tuple[int, ...] | None = None
    orientation: int = 0
    kink: tuple[Fraction, ...] | None = None

    @property
    def input_kind(self) -> NeuronKind:
        """The kind by ``(a, b)`` alone: ``DEAD``, ``CONSTANT`` or ``ON_LINE`` (ignores ``v = 0``)."""
        if self.key is not None:
            return NeuronKind.ON_LINE
        return NeuronKind.CONSTANT if self.b > 0 else NeuronKind.DEAD


@memoized
def neuron_infos(net: Network) -> tuple[NeuronInfo, ...]:
    """The per-neuron view of a shallow network (the one every module uses), computed once per network.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [-2], [0]], [0, 2, 1]), ([[1, 3, 5]], [0])])
    >>> [(i.kind, i.key, i.orientation, i.kink) for i in neuron_infos(net)]  # doctest: +NORMALIZE_WHITESPACE
    [(<NeuronKind.ON_LINE: 'line'>, (1, 0), 1, (Fraction(1, 1),)),
     (<NeuronKind.ON_LINE: 'line'>, (1, -1), -1, (Fraction(6, 1),)),
     (<NeuronKind.CONSTANT: 'constant'>, None, 0, None)]
    """
    check_shallow(net, "neuron_infos")
    first_layer, second_layer = net.layers
    columns = tuple(zip(*second_layer.weight))
    infos = []
    for i, (row, b) in enumerate(zip(first_layer.weight, first_layer.bias)):
        v = columns[i]
        key, sign, kink = None, 0, None
        if any(row):
            key, sign, first = line_key(row + (b,))
            t = abs(row[first])
            kink = tuple(x * t for x in v) if t != 1 else v
        if not any(v):
            kind = NeuronKind.ZERO_OUTPUT
        elif key is not None:
            kind = NeuronKind.ON_LINE
        else:
            kind = NeuronKind.CONSTANT if b > 0 else NeuronKind.DEAD
        infos.append(NeuronInfo(i, kind, v, row, b, key, sign, kink))
    return tuple(infos)


@dataclass(frozen=True)
class VisibleLine:
    """A line ``alpha . y + beta = 0`` that carries a nonzero kink of the function.

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

    @property
    def lead(self) -> int:
        """Index of the first nonzero entry of ``alpha_u`` (where it equals 1)."""
        return next(j for j, v in enumerate(self.key) if v)


@dataclass(frozen=True)
class CanonicalData:
    """``D(f) = ({(u, kappa_u)}, G, g0)``: determined by the function on its domain and determining it.

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
        """Evaluate ``sum_u kappa_u s(alpha_u x + beta_u) + G x + g0`` exactly."""
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


def collect_lines(contributions, input_dim: int, output_dim: int, linear, constant,
                  data_type: type = CanonicalData) -> CanonicalData:
    """Sum kinks per line key and build the line data (lines sorted by key, zero kinks dropped).

    ``contributions`` yields ``(key, kink)`` pairs.
    """
    kinks: dict[tuple[int, ...], list[Fraction]] = {}
    for key, kink in contributions:
        acc = kinks.get(key)
        if acc is None:
            kinks[key] = list(kink)
        else:
            for j, v in enumerate(kink):
                acc[j] += v
    lines = tuple(VisibleLine(key, tuple(kink)) for key, kink in sorted(kinks.items()) if any(kink))
    return data_type(input_dim, output_dim, lines, tuple(tuple(r) for r in linear), tuple(constant))
