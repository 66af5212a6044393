"""SymPy symbols for the parameters of an architecture (docs/mathematics.md, Section 1).

Every parameter coordinate has one symbol whose *name is its TeX*:
``W^{(l)}_{i,j}`` for the weight from neuron ``j`` of layer ``l - 1`` to
neuron ``i`` of layer ``l`` and ``b^{(l)}_{i}`` for the bias of neuron ``i``
of layer ``l`` (all indices 1-based, as in papers).  SymPy prints such names
verbatim, so ``sympy.latex`` of any expression in them is unambiguous.

All symbols are created with ``real=True``; SymPy treats ``Symbol("x")`` and
``Symbol("x", real=True)`` as different symbols, so always obtain parameter
symbols from this module.  :func:`symbol_sort_key` orders parameter symbols in
the flat parameter order (layer by layer, ``W_l`` row-major, then ``b_l``) and every
other symbol after them in natural order of its name, which makes every
canonical form built on it deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache

import sympy

from .exceptions import ShapeError

__all__ = [
    "weight_symbol",
    "bias_symbol",
    "parameter_symbols",
    "shallow_symbols",
    "auxiliary_symbols",
    "AuxiliaryFactory",
    "sympy_rational",
    "parameter_coordinates",
    "symbol_sort_key",
]

_WEIGHT = re.compile(r"^W\^\{\((\d+)\)\}_\{(\d+),(\d+)\}$")
_BIAS = re.compile(r"^b\^\{\((\d+)\)\}_\{(\d+)\}$")
_CHUNKS = re.compile(r"(\d+)")


def _check_index(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ShapeError(f"{what} is {value!r}; indices are positive integers (1-based)")
    return value


@cache
def weight_symbol(layer: int, row: int, col: int) -> sympy.Symbol:
    """The symbol ``W^{(layer)}_{row,col}`` (1-based indices).

    Examples
    --------
    >>> weight_symbol(1, 2, 1)
    W^{(1)}_{2,1}
    >>> weight_symbol(1, 2, 1).is_real
    True
    """
    _check_index(layer, "layer")
    _check_index(row, "row")
    _check_index(col, "col")
    return sympy.Symbol(f"W^{{({layer})}}_{{{row},{col}}}", real=True)


@cache
def bias_symbol(layer: int, row: int) -> sympy.Symbol:
    """The symbol ``b^{(layer)}_{row}`` (1-based indices).

    >>> bias_symbol(2, 1)
    b^{(2)}_{1}
    """
    _check_index(layer, "layer")
    _check_index(row, "row")
    return sympy.Symbol(f"b^{{({layer})}}_{{{row}}}", real=True)


@cache
def _parameter_symbols(widths: tuple[int, ...]) -> tuple[sympy.Symbol, ...]:
    out = []
    for layer, (n_in, n_out) in enumerate(zip(widths, widths[1:]), start=1):
        out.extend(weight_symbol(layer, i, j) for i in range(1, n_out + 1) for j in range(1, n_in + 1))
        out.extend(bias_symbol(layer, i) for i in range(1, n_out + 1))
    return tuple(out)


def parameter_symbols(architecture: Sequence[int]) -> tuple[sympy.Symbol, ...]:
    """All parameter symbols of an architecture in the flat parameter order.

    The order matches :meth:`semialg_fibers.core.network.Network.parameters`:
    layer by layer, ``W_l`` row-major, then ``b_l``.

    Parameters
    ----------
    architecture : sequence of int
        Widths ``(n_0, ..., n_L)``.

    Returns
    -------
    tuple of sympy.Symbol
        ``N = sum_l n_l (n_{l-1} + 1)`` symbols.

    Examples
    --------
    >>> parameter_symbols((1, 2, 1))
    (W^{(1)}_{1,1}, W^{(1)}_{2,1}, b^{(1)}_{1}, b^{(1)}_{2}, W^{(2)}_{1,1}, W^{(2)}_{1,2}, b^{(2)}_{1})
    """
    widths = tuple(architecture)
    if len(widths) < 2:
        raise ShapeError(f"architecture {widths} needs at least an input and an output width")
    for i, w in enumerate(widths):
        if isinstance(w, bool) or not isinstance(w, int) or w < 1:
            raise ShapeError(f"architecture[{i}] is {w!r}; widths must be positive integers")
    return _parameter_symbols(widths)


def shallow_symbols(architecture: Sequence[int]) -> tuple[list, list, list, list]:
    """The symbols of a shallow architecture ``(m, n, k)`` per neuron: ``(a, b, v, c)``.

    ``a[i]`` is neuron ``i``'s input row, ``b[i]`` its bias, ``v[i]`` its
    output column and ``c`` the output bias.

    >>> a, b, v, c = shallow_symbols((1, 2, 1))
    >>> a, b, v, c
    ([[W^{(1)}_{1,1}], [W^{(1)}_{2,1}]], [b^{(1)}_{1}, b^{(1)}_{2}], [[W^{(2)}_{1,1}], [W^{(2)}_{1,2}]], [b^{(2)}_{1}])
    """
    m, n, k = architecture
    coords = parameter_symbols(architecture)
    a = [list(coords[i * m:(i + 1) * m]) for i in range(n)]
    b = list(coords[n * m:n * m + n])
    v = [[coords[n * m + n + j * n + i] for j in range(k)] for i in range(n)]
    return a, b, v, list(coords[n * m + n + k * n:])


def auxiliary_symbols(name: str, count: int, start: int = 1) -> tuple[sympy.Symbol, ...]:
    """Indexed auxiliary symbols ``name_{start}, ..., name_{start+count-1}`` (real).

    ``name`` is TeX, e.g. ``r"\\lambda"``; use these for the existentially
    quantified variables of parametrized pieces.

    >>> auxiliary_symbols(r"\\lambda", 2)
    (\\lambda_{1}, \\lambda_{2})
    """
    if _WEIGHT.match(f"{name}_{{1}}") or name in ("W", "b") or name.startswith(("W^", "b^")):
        raise ValueError(f"auxiliary name {name!r} collides with the parameter symbols W^{{(l)}}, b^{{(l)}}")
    return tuple(sympy.Symbol(f"{name}_{{{i}}}", real=True) for i in range(start, start + count))


def sympy_rational(value) -> sympy.Rational:
    """The SymPy rational of an exact ``Fraction`` (or int).

    >>> sympy_rational(Fraction(-3, 4))
    -3/4
    """
    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


class AuxiliaryFactory:
    """Fresh auxiliary symbols per family (TeX names), numbered in creation order.

    With ``values`` a generator records, alongside each symbol, its value at
    one constructed point of the component it is building.

    >>> make = AuxiliaryFactory()
    >>> make.new(r"\\lambda", 2), make.new(r"\\lambda", values=[Fraction(3)])
    ((\\lambda_{1}, \\lambda_{2}), (\\lambda_{3},))
    >>> make.symbols, make.values
    ([\\lambda_{1}, \\lambda_{2}, \\lambda_{3}], [None, None, Fraction(3, 1)])
    """

    def __init__(self):
        self.counts: dict = {}
        self.symbols: list = []
        self.values: list = []

    def new(self, family: str, count: int = 1, values=None) -> tuple:
        """``count`` new symbols of ``family`` (or one per entry of ``values``, recording the values)."""
        if values is not None:
            values = [Fraction(v) for v in values]
            count = len(values)
        start = self.counts.get(family, 0) + 1
        self.counts[family] = start + count - 1
        out = auxiliary_symbols(family, count, start) if count else ()
        self.symbols.extend(out)
        self.values.extend(values if values is not None else [None] * count)
        return out


def parameter_coordinates(symbol: sympy.Symbol) -> tuple[int, int, int, int] | None:
    """``(layer, kind, row, col)`` of a parameter symbol (kind 0 = weight, 1 = bias, col 0 for biases), else None.

    >>> parameter_coordinates(weight_symbol(2, 1, 3)), parameter_coordinates(bias_symbol(1, 4))
    ((2, 0, 1, 3), (1, 1, 4, 0))
    >>> parameter_coordinates(sympy.Symbol("x")) is None
    True
    """
    name = getattr(symbol, "name", None)
    if name is None:
        return None
    m = _WEIGHT.match(name)
    if m:
        return (int(m.group(1)), 0, int(m.group(2)), int(m.group(3)))
    m = _BIAS.match(name)
    if m:
        return (int(m.group(1)), 1, int(m.group(2)), 0)
    return None


@lru_cache(maxsize=1 << 16)
def symbol_sort_key(symbol: sympy.Symbol) -> tuple:
    """Deterministic order: parameter symbols in flat order, then others by natural name order.

    >>> x = sympy.Symbol("x_{10}"); y = sympy.Symbol("x_{9}")
    >>> sorted([x, bias_symbol(1, 1), y, weight_symbol(2, 1, 1), weight_symbol(1, 1, 1)], key=symbol_sort_key)
    [W^{(1)}_{1,1}, b^{(1)}_{1}, W^{(2)}_{1,1}, x_{9}, x_{10}]
    """
    coords = parameter_coordinates(symbol)
    if coords is not None:
        return (0, coords, ())
    name = str(symbol)
    natural = tuple((0, int(c), "") if c.isdigit() else (1, 0, c) for c in _CHUNKS.split(name) if c)
    return (1, (), natural)
