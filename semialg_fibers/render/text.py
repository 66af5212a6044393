"""Plain-text rendering helpers for people reading a terminal: counts as factorials, long texts summarized.

Renderers only read values.  The JSON output of the command line keeps every
number and every text in full; these helpers shape the text output only.
"""

from __future__ import annotations

import functools
import math

from ..core.exact import format_integer

__all__ = ["format_count", "summarize", "to_text"]

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
    text); the conservation values register theirs
    (:mod:`semialg_fibers.render.conservation`).

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
    >>> to_text(Network.from_layers([([[1]], [0])])) is None
    True
    """
    if options:
        raise TypeError(f"{type(value).__name__}.text() takes no options; got {', '.join(options)}")
    return None
