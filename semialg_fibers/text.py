"""Plain-text rendering helpers for people reading a terminal: counts as factorials, long texts summarized.

Renderers only read values.  The JSON output of the command line keeps every
number and every text in full; these helpers shape the text output only.
"""

from __future__ import annotations

import math

from .exact import format_integer

__all__ = ["format_count", "summarize"]

_SMALL = 10**6


def _factorial_at_least(n: int) -> tuple[int, int]:
    k, f = 1, 1
    while f < n:
        k += 1
        f *= k
    return k, f


def _as_factorials(q: int, largest: int) -> list[int] | None:
    """``q`` as a product of factorials ``j!`` (``2 <= j <= largest``), greedily from the largest, or None."""
    parts = []
    j = largest
    while q > 1 and j >= 2:
        f = math.factorial(j)
        if q % f == 0:
            parts.append(j)
            q //= f
        else:
            j -= 1
    return parts if q == 1 else None


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
    product = _as_factorials(n, k)
    if product is not None and len(product) <= 4:
        forms.append(_product(product))
    for top in range(k, k + 64):
        big = math.factorial(top)
        if big % n == 0:
            parts = _as_factorials(big // n, top - 1)
            if parts is not None and len(parts) <= 6:
                forms.append(f"{top}!/({_product(parts)})" if len(parts) > 1 else f"{top}!/{parts[0]}!")
                break
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
