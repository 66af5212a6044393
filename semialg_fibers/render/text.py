"""Plain-text rendering helpers for people reading a terminal: counts as factorials, long texts summarized.

Renderers only read values.  The JSON output of the command line keeps every
number and every text in full; these helpers shape the text output only.
"""

from __future__ import annotations

import functools
import math
import re
from fractions import Fraction

import sympy

from ..core.exact import format_integer, format_rational
from ..core.expressions import as_expression

__all__ = ["format_count", "summarize", "to_text", "ordered_terms", "symbol_text", "expression_text", "matrix_text",
           "number_text"]

_SMALL = 10**6
_TOP_LIMIT = 5000  # largest n! tried for the form n!/(...) (a network width)


def _factorial_at_least(n: int) -> tuple[int, int]:
    k, f = 1, 1
    while f < n:
        k += 1
        f *= k
    return k, f


def _primes_up_to(n: int) -> list[int]:
    sieve = bytearray([1]) * (n + 1)
    sieve[:2] = b"\x00\x00"
    for p in range(2, math.isqrt(n) + 1):
        if sieve[p]:
            sieve[p * p::p] = bytearray(len(range(p * p, n + 1, p)))
    return [p for p in range(n + 1) if sieve[p]]


_PRIMES = _primes_up_to(5000)


def _as_factorials(q: int, largest: int, budget: int, depth: int, nodes: list | None = None) -> list[int] | None:
    """``q`` as a product of at most ``depth`` factorials ``j! (2 <= j <= largest)`` with ``sum(j) <= budget``.

    A bounded depth-first search, largest factorial first.  The largest prime
    ``p`` dividing ``q`` divides one of the factorials, so the largest part is
    at least ``p``: this prunes the search to a few candidates per level.
    Multiplicities are multinomials ``n! / (c_1! c_2! ...)`` with
    ``sum(c_i) <= n``, which ``budget`` encodes.
    """
    nodes = [0] if nodes is None else nodes
    if q == 1:
        return []
    top = min(largest, budget)
    if depth == 0 or top < 2:
        return None
    low = next((p for p in reversed(_PRIMES) if p <= top and q % p == 0), None)
    if low is None:
        return None  # a prime factor above every allowed factorial
    f = math.factorial(top)
    for j in range(top, low - 1, -1):
        nodes[0] += 1
        if nodes[0] > 2_000:
            return None
        if q % f == 0:
            rest = _as_factorials(q // f, j, budget - j, depth - 1, nodes)
            if rest is not None:
                return [j] + rest
        f //= j
    return None


def _product(parts: list[int]) -> str:
    out = []
    for j in sorted(set(parts), reverse=True):
        count = parts.count(j)
        out.append(f"{j}!" + (f"^{count}" if count > 1 else ""))
    return " ".join(out)


def format_count(n: int) -> str:
    """A count for people: in full when small, else as factorials when it is a quotient of factorials.

    Multiplicities of fiber components are quotients ``n! / (a! b! ...)``;
    printed as 66 digits they say little.  Counts below a million, and large
    counts with no short factorial form, are printed in full.

    Examples
    --------
    >>> format_count(720)
    '720'
    >>> format_count(math.factorial(50))
    '50!'
    >>> format_count(math.factorial(50) // (math.factorial(10) * math.factorial(3) ** 2))
    '50!/(10! 3!^2)'
    >>> format_count(math.factorial(12) * math.factorial(9))
    '12! 9!'
    >>> format_count(10**7 + 1)
    '10000001'
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise TypeError(f"format_count takes a nonnegative int, got {n!r}")
    if n < _SMALL:
        return str(n)
    k, f = _factorial_at_least(n)
    if f == n:
        return f"{k}!"
    forms = []
    product = _as_factorials(n, min(k, _PRIMES[-1]), 10**9, 4)
    if product is not None:
        forms.append(_product(product))
    # The quotient form top!/(...): top! must be a multiple of n, so top is at least n's largest prime factor.
    top, big, tries = k, f, 0
    while top <= _TOP_LIMIT and tries < 8:
        if big % n == 0:
            tries += 1
            parts = _as_factorials(big // n, top - 1, top, 6)
            if parts is not None:
                forms.append(f"{top}!/({_product(parts)})" if len(parts) > 1 else f"{top}!/{parts[0]}!")
                break
        top += 1
        big *= top
    full = format_integer(n)
    best = min(forms, key=len, default=full)
    return best if len(best) < len(full) else full


_TEX_WEIGHT = re.compile(r"^W(?:\^\{\((\d+)\)\}_\{(\d+),(\d+)\}|(\d+)_(\d+)_(\d+))$")  # TeX or plain name
_TEX_BIAS = re.compile(r"^b(?:\^\{\((\d+)\)\}_\{(\d+)\}|(\d+)_(\d+))$")
_TEX_INDEXED = re.compile(r"^\\?([A-Za-z]+)_\{(\d+)\}$")


_INDEX = re.compile(r"\d+")


def _padded(symbol) -> sympy.Symbol:
    """A stand-in whose name sorts in the flat parameter order (layer, ``W`` before ``b``, row, column), indices as
    numbers; other symbols after the parameters, their indices as numbers too."""
    name = symbol.name
    m = _TEX_WEIGHT.match(name) or _TEX_BIAS.match(name)
    if m:
        g = [x for x in m.groups() if x is not None]
        layer, row = int(g[0]), int(g[1])
        col = int(g[2]) if m.re is _TEX_WEIGHT else 0
        key = f"A{layer:06d}{0 if m.re is _TEX_WEIGHT else 1}{row:06d}{col:06d}"
    else:
        key = "B" + _INDEX.sub(lambda g: g.group(0).zfill(6), name)
    return sympy.Symbol(key, **symbol.assumptions0)


def ordered_terms(expr) -> list:
    r"""The terms of a sum in the lexicographic order of their monomials, indices compared as numbers.

    SymPy's ``order="lex"`` compares symbol names as strings, so ``W^{(1)}_{1,10}`` would come before
    ``W^{(1)}_{1,2}``; here every index counts as a number (the flat parameter order of the coordinates).

    >>> from semialg_fibers.core.symbols import weight_symbol
    >>> ordered_terms(weight_symbol(1, 1, 10) + weight_symbol(1, 1, 2) - 1)
    [W1_1_2, W1_1_10, -1]
    """
    expr = as_expression(expr, "expression")
    if not expr.is_Add:
        return [expr]
    symbols = sorted(expr.free_symbols, key=lambda x: x.name)
    if not any(_INDEX.search(x.name) for x in symbols):
        return list(expr.as_ordered_terms(order="lex"))
    forward = {x: _padded(x) for x in symbols}
    if len(set(forward.values())) != len(forward):
        return list(expr.as_ordered_terms(order="lex"))
    backward = {v: k for k, v in forward.items()}
    return [t.xreplace(backward) for t in expr.xreplace(forward).as_ordered_terms(order="lex")]


def symbol_text(symbol) -> str:
    r"""The plain-text name of a symbol: ``W1[2,1]`` for ``W^{(1)}_{2,1}``, ``b2[1]``, ``lambda_1``, else its name.

    >>> from semialg_fibers.core.symbols import weight_symbol, bias_symbol
    >>> symbol_text(weight_symbol(1, 2, 1)), symbol_text(bias_symbol(2, 1)), symbol_text(sympy.Symbol(r"\lambda_{3}"))
    ('W1[2,1]', 'b2[1]', 'lambda_3')
    """
    name = getattr(symbol, "name", str(symbol))
    m = _TEX_WEIGHT.match(name)
    if m:
        g = [x for x in m.groups() if x is not None]
        return f"W{g[0]}[{g[1]},{g[2]}]"
    m = _TEX_BIAS.match(name)
    if m:
        g = [x for x in m.groups() if x is not None]
        return f"b{g[0]}[{g[1]}]"
    m = _TEX_INDEXED.match(name)
    if m:
        return f"{m.group(1)}_{m.group(2)}"
    return name


def expression_text(expr) -> str:
    """An expression in clean infix for a terminal: parameter names as ``W1[i,j]``, ``^`` for powers, terms in order.

    >>> from semialg_fibers.core.symbols import weight_symbol, bias_symbol
    >>> w, b = weight_symbol(1, 1, 10), bias_symbol(1, 1)
    >>> expression_text(w**2 - weight_symbol(2, 1, 1)**2 + b**2 + weight_symbol(1, 1, 2)**2)
    'W1[1,2]^2 + W1[1,10]^2 + b1[1]^2 - W2[1,1]^2'
    """
    expr = as_expression(expr, "expression")
    names = {x: sympy.Symbol(symbol_text(x)) for x in expr.free_symbols}

    def one(term) -> str:
        return sympy.sstr(term.xreplace(names)).replace("**", "^")

    out = ""
    for term in ordered_terms(expr):
        piece = one(term)
        if not out:
            out = piece
        elif piece.startswith("-"):
            out += " - " + piece[1:]
        else:
            out += " + " + piece
    return out


def number_text(value, digits: int = 6) -> str:
    """An exact number with its decimal approximation when it is not a short decimal: ``1/3 (~0.333333)``.

    >>> number_text(Fraction(1, 3)), number_text(Fraction(5, 2)), number_text(3)
    ('1/3 (~0.333333)', '5/2 (=2.5)', '3')
    """
    q = Fraction(value)
    exact = format_rational(q)
    if q.denominator == 1:
        return exact
    approx = f"{float(q):.{digits}g}"
    return f"{exact} ({'=' if Fraction(approx) == q else '~'}{approx})"


def matrix_text(rows, indent: str = "  ") -> str:
    """A matrix of exact numbers as an aligned table, one row a line, columns right-aligned.

    >>> print(matrix_text([[Fraction(5, 2), Fraction(-3, 2)], [1, 0]]))
      [ 5/2  -3/2 ]
      [   1     0 ]
    """
    cells = [[format_rational(Fraction(v)) for v in row] for row in rows]
    if not cells or not cells[0]:
        return indent + "[ ]"
    widths = [max(len(row[j]) for row in cells) for j in range(len(cells[0]))]
    return "\n".join(indent + "[ " + "  ".join(c.rjust(w) for c, w in zip(row, widths)) + " ]" for row in cells)


def summarize(text: str, width: int = 300, where: str = "") -> str:
    """``text`` itself, or its first ``width`` characters and how much was left out.

    >>> summarize("a" * 10, 4, "the full reason is in --json")
    'aaaa... (6 more characters; the full reason is in --json)'
    """
    if len(text) <= width:
        return text
    more = f"{len(text) - width} more characters" + (f"; {where}" if where else "")
    return f"{text[:width]}... ({more})"


@functools.singledispatch
def to_text(value, **options) -> str | None:
    """What ``value.text(**options)`` returns for a :class:`~semialg_fibers.core.printing.Printable` value.

    None by default (the value's repr, or its own ``describe()``, is its
    text); networks, fibers and components have one-screen summaries here,
    the verdicts and symmetries theirs in :mod:`semialg_fibers.render.verdicts`,
    the conservation values in :mod:`semialg_fibers.render.conservation`.
    ``str(value)`` is this text when there is one.

    Parameters
    ----------
    value : Printable
    **options
        The keywords of the printer of the type (none for the default).

    Returns
    -------
    str or None

    Examples
    --------
    >>> from semialg_fibers import Network
    >>> print(to_text(Network.from_layers([([[1]], [0])])))
    network 1-1 (2 parameters)
      W1 = [ 1 ]
      b1 = [ 0 ]
    >>> from semialg_fibers.core.semialgebraic import constraint
    >>> import sympy
    >>> to_text(constraint(sympy.Symbol("x"), ">")) is None
    True
    """
    if options:
        raise TypeError(f"{type(value).__name__}.text() takes no options; got {', '.join(options)}")
    return None


# ---------------------------------------------------------------------------- one-screen summaries (str of values)
#: Matrices are printed in a network's summary up to this many entries per layer (larger ones by their shape).
MATRIX_ENTRIES = 40


def _no_options(value, options) -> None:
    if options:
        raise TypeError(f"{type(value).__name__}.text() takes no options; got {', '.join(options)}")


def network_text(net, **options) -> str:
    """A network on one screen: architecture, parameter count, small matrices as aligned tables, large by shape.

    >>> from semialg_fibers.core.network import Network
    >>> print(network_text(Network.from_layers([([[1], ["-1/2"]], [0, 1]), ([[1, 1]], [0])])))
    network 1-2-1 (7 parameters)
      W1 = [    1 ]
           [ -1/2 ]
      b1 = [ 0  1 ]
      W2 = [ 1  1 ]
      b2 = [ 0 ]
    """
    _no_options(net, options)
    lines = [f"network {'-'.join(map(str, net.architecture))} ({net.num_parameters} parameters)"]
    for index, layer in enumerate(net.layers, start=1):
        rows, cols = len(layer.weight), len(layer.weight[0]) if layer.weight else 0
        for name, matrix in ((f"W{index}", layer.weight), (f"b{index}", (layer.bias,))):
            size = sum(len(r) for r in matrix)
            width = max((len(format_rational(v)) for r in matrix for v in r), default=1)
            if size <= MATRIX_ENTRIES and width <= 24:
                table = matrix_text(matrix, indent="").splitlines()
                lines.append(f"  {name} = {table[0]}")
                lines += [" " * (len(name) + 5) + t for t in table[1:]]
            else:
                shape = f"{rows} x {cols}" if name.startswith("W") else f"{len(layer.bias)}"
                lines.append(f"  {name}: {shape} entries (in the JSON file)")
    return "\n".join(lines)


def fiber_text(fib, **options) -> str:
    """A fiber on one screen: dimension, components with their pattern, dimension and copies (at most 20)."""
    _no_options(fib, options)
    arch = "-".join(map(str, fib.network.architecture))
    dimension = f"at least {fib.dimension} (partial list)" if str(fib.status) == "partial" else fib.dimension
    lines = [f"fiber of a {arch} network: dimension {dimension}, {len(fib.components)} component"
             + ("" if len(fib.components) == 1 else "s") + (f" ({fib.omitted} more not built)" if fib.omitted else "")]
    for i, c in enumerate(fib.components[:20], start=1):
        lines.append(f"  [{i}] dimension {c.dimension}, {format_count(c.multiplicity)} "
                     f"cop{'y' if c.multiplicity == 1 else 'ies'}: {summarize(c.description or c.pattern_description, 160)}")
    if len(fib.components) > 20:
        lines.append(f"  ... {len(fib.components) - 20} more")
    return "\n".join(lines)


def component_text(c, **options) -> str:
    """A component in two lines: dimension, copies and pattern."""
    _no_options(c, options)
    return (f"fiber component: dimension {c.dimension}, {format_count(c.multiplicity)} "
            f"cop{'y' if c.multiplicity == 1 else 'ies'}\n  {summarize(c.description or c.pattern_description, 300)}")


def _register_summaries() -> None:
    from ..core.components import Fiber, FiberComponent
    from ..core.network import Network

    to_text.register(Network, network_text)
    to_text.register(Fiber, fiber_text)
    to_text.register(FiberComponent, component_text)


_register_summaries()
