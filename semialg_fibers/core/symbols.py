"""SymPy symbols for the parameters of an architecture (docs/mathematics.md, Section 1).

Every parameter coordinate has one symbol, a :class:`ParameterSymbol`, with a
plain name and its own TeX: ``W1_2_3`` (TeX ``W^{(1)}_{2,3}``) for the weight
from neuron ``3`` of layer ``0`` to neuron ``2`` of layer ``1`` and ``b2_1``
(TeX ``b^{(2)}_{1}``) for the bias of neuron ``1`` of layer ``2`` (all indices
1-based, as in papers).  ``str``/``sympy.sstr`` print the plain name,
``sympy.latex`` the TeX and ``sympy.pprint`` the paper notation
(``W⁽¹⁾₂,₃``, or ``W1[2,3]`` without Unicode).

All symbols are created with ``real=True``; SymPy treats ``Symbol("x")`` and
``Symbol("x", real=True)`` as different symbols, so always obtain parameter
symbols from this module.  :func:`symbol_sort_key` orders parameter symbols in
the flat parameter order (layer by layer, ``W_l`` row-major, then ``b_l``) and every
other symbol after them in natural order of its name, which makes every
canonical form built on it deterministic.

Auxiliary symbols (the free parameters of fiber components) have plain names
too: ``lambda_1``, ``gamma_12``, ``t_2``, which SymPy itself prints as
``\\lambda_{1}`` in TeX and ``λ₁`` in Unicode; the tilde copies of the
coordinates that describe an implicit component are ``tilde_W1_2_3`` (TeX
``\\tilde{W}^{(1)}_{2,3}``), parameter symbols of their own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache

import sympy

from .exceptions import ArgumentError, ShapeError

__all__ = [
    "ParameterSymbol",
    "symbol_named",
    "weight_symbol",
    "bias_symbol",
    "parameter_symbols",
    "shallow_symbols",
    "auxiliary_symbols",
    "tilde_symbol",
    "AuxiliaryFactory",
    "sympy_rational",
    "parameter_coordinates",
    "symbol_sort_key",
]

_WEIGHT = re.compile(r"^W(\d+)_(\d+)_(\d+)$")
_BIAS = re.compile(r"^b(\d+)_(\d+)$")
_SUPER = str.maketrans("0123456789()", "⁰¹²³⁴⁵⁶⁷⁸⁹⁽⁾")
_SUB = str.maketrans("0123456789,", "₀₁₂₃₄₅₆₇₈₉,")
_TILDE = "tilde_"


class ParameterSymbol(sympy.Symbol):
    """A parameter symbol: plain name ``W1_2_3`` / ``b2_1``, printed as ``W^{(1)}_{2,3}`` / ``b^{(2)}_{1}`` in TeX.

    A subclass of :class:`sympy.Symbol` (equal only to a ``ParameterSymbol`` of
    the same name and assumptions); SymPy's printers call its ``_latex``,
    ``_pretty`` and ``_sympystr``.  Obtain instances from :func:`weight_symbol`,
    :func:`bias_symbol` or :func:`parameter_symbols`.

    The tilde copy ``tilde_W1_2_3`` of a coordinate (the variables of an
    implicit component) is printed ``\\tilde{W}^{(1)}_{2,3}``, ``W̃⁽¹⁾₂,₃``.

    >>> w = weight_symbol(1, 2, 3)
    >>> w, sympy.latex(w), sympy.pretty(w, use_unicode=False), sympy.pretty(w)
    (W1_2_3, 'W^{(1)}_{2,3}', 'W1[2,3]', 'W⁽¹⁾₂,₃')
    >>> t = tilde_symbol(w)
    >>> t, sympy.latex(t), sympy.pretty(t, use_unicode=False)
    (tilde_W1_2_3, '\\\\tilde{W}^{(1)}_{2,3}', '~W1[2,3]')
    """

    __slots__ = ()

    def _parts(self) -> tuple[str, str, str, bool]:
        tilde = self.name.startswith(_TILDE)
        name = self.name[len(_TILDE):] if tilde else self.name
        m = _WEIGHT.match(name)
        if m:
            return "W", m.group(1), f"{m.group(2)},{m.group(3)}", tilde
        m = _BIAS.match(name)
        if m:
            return "b", m.group(1), m.group(2), tilde
        return self.name, "", "", False

    def _latex(self, printer=None) -> str:
        letter, layer, index, tilde = self._parts()
        if tilde:
            letter = rf"\tilde{{{letter}}}"
        return f"{letter}^{{({layer})}}_{{{index}}}" if layer else letter

    def _sympystr(self, printer=None) -> str:
        return self.name

    def _pretty(self, printer=None):
        from sympy.printing.pretty.stringpict import prettyForm

        letter, layer, index, tilde = self._parts()
        if not layer:
            return prettyForm(letter)
        unicode = getattr(printer, "_use_unicode", False)
        if unicode:
            return prettyForm(letter + ("\u0303" if tilde else "") + f"({layer})".translate(_SUPER)
                              + index.translate(_SUB))
        return prettyForm(("~" if tilde else "") + f"{letter}{layer}[{index}]")


@cache
def tilde_symbol(symbol: sympy.Symbol) -> ParameterSymbol:
    """The tilde copy ``tilde_W1_2_3`` of a parameter symbol (TeX ``\\tilde{W}^{(1)}_{2,3}``).

    The variables of an implicit component, one per coordinate.

    >>> tilde_symbol(bias_symbol(2, 1)), sympy.latex(tilde_symbol(bias_symbol(2, 1)))
    (tilde_b2_1, '\\\\tilde{b}^{(2)}_{1}')
    """
    if parameter_coordinates(symbol) is None:
        raise ValueError(f"{symbol} is not a parameter symbol")
    return ParameterSymbol(_TILDE + symbol.name, real=True)
_CHUNKS = re.compile(r"(\d+)")


def _check_index(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ShapeError(f"{what} is {value!r}; indices are positive integers (1-based)")
    return value


_OLD_WEIGHT = re.compile(r"^W\^\{\((\d+)\)\}_\{(\d+),(\d+)\}$")
_OLD_BIAS = re.compile(r"^b\^\{\((\d+)\)\}_\{(\d+)\}$")
_OLD_TILDE = re.compile(r"^\\tilde\{([Wb])\}(.*)$")
_OLD_INDEXED = re.compile(r"^\\?([A-Za-z]+)_\{(\d+)\}$")
_TEX_NAME = re.compile(r"^\\?([A-Za-z]+)$")


def symbol_named(name: str, **assumptions) -> sympy.Symbol:
    r"""The symbol of a name as stored (JSON, parsed text): the library's parameter symbol for a parameter name.

    ``W1_2_3``, ``b2_1`` and their tilde copies ``tilde_W1_2_3`` with the
    assumptions ``real=True`` (exactly those of :func:`parameter_symbols`)
    give the :class:`ParameterSymbol`; so do the TeX names of earlier versions
    (``W^{(1)}_{2,3}``, ``b^{(2)}_{1}``, ``\tilde{W}^{(1)}_{2,3}``), and the
    TeX names earlier versions gave auxiliary symbols (``\lambda_{3}``) read
    as today's plain names (``lambda_3``), so old files give the same
    symbols.  Every other name gives a plain ``sympy.Symbol``.

    >>> symbol_named("W1_2_3", real=True) is weight_symbol(1, 2, 3), symbol_named("b^{(2)}_{1}", real=True)
    (True, b2_1)
    >>> symbol_named(r"\tilde{W}^{(1)}_{2,3}", real=True), symbol_named(r"\lambda_{3}", real=True)
    (tilde_W1_2_3, lambda_3)
    >>> type(symbol_named("W1_2_3")).__name__, type(symbol_named("x", real=True)).__name__
    ('Symbol', 'Symbol')
    """
    if assumptions == {"real": True}:
        tilde = _OLD_TILDE.match(name)
        if tilde or name.startswith(_TILDE):
            coordinate = symbol_named(tilde.group(1) + tilde.group(2) if tilde else name[len(_TILDE):], real=True)
            if isinstance(coordinate, ParameterSymbol):
                return tilde_symbol(coordinate)
        m = _WEIGHT.match(name) or _OLD_WEIGHT.match(name)
        if m:
            return weight_symbol(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        m = _BIAS.match(name) or _OLD_BIAS.match(name)
        if m:
            return bias_symbol(int(m.group(1)), int(m.group(2)))
        m = _OLD_INDEXED.match(name)
        if m and name.startswith("\\"):
            return sympy.Symbol(f"{m.group(1)}_{m.group(2)}", real=True)
    return sympy.Symbol(name, **assumptions)


@cache
def weight_symbol(layer: int, row: int, col: int) -> sympy.Symbol:
    """The symbol ``W{layer}_{row}_{col}``, TeX ``W^{(layer)}_{row,col}`` (1-based indices).

    Examples
    --------
    >>> weight_symbol(1, 2, 1), sympy.latex(weight_symbol(1, 2, 1))
    (W1_2_1, 'W^{(1)}_{2,1}')
    >>> weight_symbol(1, 2, 1).is_real
    True
    """
    _check_index(layer, "layer")
    _check_index(row, "row")
    _check_index(col, "col")
    return ParameterSymbol(f"W{layer}_{row}_{col}", real=True)


@cache
def bias_symbol(layer: int, row: int) -> sympy.Symbol:
    """The symbol ``b{layer}_{row}``, TeX ``b^{(layer)}_{row}`` (1-based indices).

    >>> bias_symbol(2, 1), sympy.latex(bias_symbol(2, 1))
    (b2_1, 'b^{(2)}_{1}')
    """
    _check_index(layer, "layer")
    _check_index(row, "row")
    return ParameterSymbol(f"b{layer}_{row}", real=True)


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
    (W1_1_1, W1_2_1, b1_1, b1_2, W2_1_1, W2_1_2, b2_1)
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
    ([[W1_1_1], [W1_2_1]], [b1_1, b1_2], [[W2_1_1], [W2_1_2]], [b2_1])
    """
    m, n, k = architecture
    coords = parameter_symbols(architecture)
    a = [list(coords[i * m:(i + 1) * m]) for i in range(n)]
    b = list(coords[n * m:n * m + n])
    v = [[coords[n * m + n + j * n + i] for j in range(k)] for i in range(n)]
    return a, b, v, list(coords[n * m + n + k * n:])


def auxiliary_symbols(name: str, count: int, start: int = 1) -> tuple[sympy.Symbol, ...]:
    """Indexed auxiliary symbols ``name_start, ..., name_(start+count-1)`` (real).

    ``name`` is a plain name such as ``"lambda"`` (a TeX name ``r"\\lambda"``
    of earlier versions is read as ``"lambda"``); SymPy prints ``lambda_1`` as
    ``\\lambda_{1}`` in TeX and ``λ₁`` in Unicode.  Use these for the
    existentially quantified variables of parametrized pieces.

    >>> lam = auxiliary_symbols("lambda", 2)
    >>> lam, sympy.latex(lam[1]), sympy.pretty(lam[1])
    ((lambda_1, lambda_2), '\\\\lambda_{2}', 'λ₂')
    """
    m = _TEX_NAME.match(name)
    if not m:
        raise ArgumentError(f"auxiliary name {name!r} is not a name of letters (such as 'lambda' or 't')")
    name = m.group(1)
    if name in ("W", "b", "tilde"):
        raise ArgumentError(f"auxiliary name {name!r} collides with the parameter symbols W1_i_j, b1_i, tilde_...")
    return tuple(sympy.Symbol(f"{name}_{i}", real=True) for i in range(start, start + count))


def sympy_rational(value) -> sympy.Rational:
    """The SymPy rational of an exact ``Fraction`` (or int).

    >>> sympy_rational(Fraction(-3, 4))
    -3/4
    """
    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


class AuxiliaryFactory:
    """Fresh auxiliary symbols per family (plain names, see :func:`auxiliary_symbols`), numbered in creation order.

    With ``values`` a generator records, alongside each symbol, its value at
    one constructed point of the component it is building.

    >>> make = AuxiliaryFactory()
    >>> make.new("lambda", 2), make.new("lambda", values=[Fraction(3)])
    ((lambda_1, lambda_2), (lambda_3,))
    >>> make.symbols, make.values
    ([lambda_1, lambda_2, lambda_3], [None, None, Fraction(3, 1)])
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
        family = family.lstrip("\\")  # a TeX name of earlier versions counts with its plain name
        start = self.counts.get(family, 0) + 1
        self.counts[family] = start + count - 1
        out = auxiliary_symbols(family, count, start) if count else ()
        self.symbols.extend(out)
        self.values.extend(values if values is not None else [None] * count)
        return out


def parameter_coordinates(symbol: sympy.Symbol) -> tuple[int, int, int, int] | None:
    """``(layer, kind, row, col)`` of a parameter symbol (kind 0 = weight, 1 = bias, col 0 for biases), else None.

    Only a :class:`ParameterSymbol` is a parameter symbol (a plain ``sympy.Symbol("W1_1_1")`` is not).

    >>> parameter_coordinates(weight_symbol(2, 1, 3)), parameter_coordinates(bias_symbol(1, 4))
    ((2, 0, 1, 3), (1, 1, 4, 0))
    >>> parameter_coordinates(sympy.Symbol("x")) is None
    True
    """
    if not isinstance(symbol, ParameterSymbol):
        return None
    name = symbol.name
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

    >>> x = sympy.Symbol("x_10"); y = sympy.Symbol("x_9")
    >>> sorted([x, bias_symbol(1, 1), y, weight_symbol(2, 1, 1), weight_symbol(1, 1, 1)], key=symbol_sort_key)
    [W1_1_1, b1_1, W2_1_1, x_9, x_10]
    """
    coords = parameter_coordinates(symbol)
    if coords is not None:
        return (0, coords, ())
    name = str(symbol)
    natural = tuple((0, int(c), "") if c.isdigit() else (1, 0, c) for c in _CHUNKS.split(name) if c)
    return (1, (), natural)
