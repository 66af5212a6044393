"""Conversion of user numbers to exact rationals (:class:`fractions.Fraction`).

``Fraction`` is the one scalar type of the public API.  Exact input is
accepted as int, ``Fraction``, ``Decimal``, strings (``"3/4"``, ``"0.1"`` =
1/10, ``"5.4e-02"``), SymPy and python-flint rationals.  Python floats are
rejected here; the explicit float entry points call :func:`float_to_rational`,
which returns the dyadic rational a float *is*, so nothing is rounded unless
the caller asks for ``limit_denominator``.
"""

from __future__ import annotations

import math
import numbers
from decimal import Decimal
from fractions import Fraction

from .exceptions import InexactInputError, MalformedNetworkError

__all__ = ["to_rational", "float_to_rational", "format_rational"]

_FLOAT_HINT = (
    "exact constructors accept int, Fraction, str ('3/4', '0.1'), Decimal, SymPy or flint "
    "rationals; for trained float weights use Network.from_numpy / Network.from_torch, "
    "or pass str(value) to mean the decimal it prints as"
)


def to_rational(value, where: str = "value") -> Fraction:
    """Return ``value`` as an exact :class:`~fractions.Fraction`.

    Parameters
    ----------
    value : int, Fraction, Decimal, str, SymPy or flint rational
        The number.  Strings are read as the exact rational or decimal they spell.
    where : str
        Where the number came from, used in error messages.

    Returns
    -------
    Fraction

    Raises
    ------
    InexactInputError
        For Python floats, NumPy floats and SymPy ``Float``.
    MalformedNetworkError
        For non-numeric strings, NaN, infinities, booleans and other types.

    Examples
    --------
    >>> to_rational("0.1")
    Fraction(1, 10)
    >>> to_rational("-3/4")
    Fraction(-3, 4)
    >>> to_rational("5.4e-02")
    Fraction(27, 500)
    >>> to_rational(0.5, "W[0][0]")
    Traceback (most recent call last):
    ...
    semialg_fibers.exceptions.InexactInputError: W[0][0] is the float 0.5; exact constructors ...
    """
    if isinstance(value, bool):
        raise MalformedNetworkError(f"{where} is the boolean {value!r}; expected a number")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, float) or type(value).__name__ in ("Float", "float16", "float32", "float64"):
        raise InexactInputError(f"{where} is the float {value!r}; {_FLOAT_HINT}")
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise MalformedNetworkError(f"{where} is {value!r}; expected a finite number")
        return Fraction(value)
    if isinstance(value, str):
        return _parse_string(value, where)
    # python-flint fmpq / fmpz are not registered with the numbers ABCs.
    if type(value).__name__ == "fmpq":
        return Fraction(int(value.p), int(value.q))
    if type(value).__name__ == "fmpz":
        return Fraction(int(value))
    raise MalformedNetworkError(
        f"{where} has type {type(value).__name__} ({value!r}); expected an exact number"
    )


def _parse_string(text: str, where: str) -> Fraction:
    stripped = text.strip()
    try:
        result = Fraction(stripped)
    except (ValueError, ZeroDivisionError):
        raise MalformedNetworkError(
            f"{where} is the string {text!r}; expected an integer, 'p/q' or a decimal such as '0.1'"
        ) from None
    return result


def float_to_rational(value, where: str = "value", limit_denominator: int | None = None) -> Fraction:
    """Return the exact dyadic rational equal to a float (or an exact number unchanged).

    Parameters
    ----------
    value : float, NumPy scalar, or any exact number accepted by :func:`to_rational`
    where : str
        Location for error messages.
    limit_denominator : int, optional
        If given, round to the closest fraction with denominator at most this
        (:meth:`fractions.Fraction.limit_denominator`).  Only on request.

    Raises
    ------
    MalformedNetworkError
        For NaN and infinities.

    Examples
    --------
    >>> float_to_rational(0.1)
    Fraction(3602879701896397, 36028797018963968)
    >>> float_to_rational(0.1, limit_denominator=1000)
    Fraction(1, 10)
    """
    if isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational) and not isinstance(value, bool):
        as_float = float(value)
        if not math.isfinite(as_float):
            raise MalformedNetworkError(f"{where} is {as_float!r}; expected a finite number")
        result = Fraction(as_float)
    else:
        result = to_rational(value, where)
    if limit_denominator is not None:
        if int(limit_denominator) < 1:
            raise ValueError(f"limit_denominator must be a positive integer, got {limit_denominator!r}")
        result = result.limit_denominator(int(limit_denominator))
    return result


def format_rational(value: Fraction) -> str:
    """Return the exact string form used in JSON output (``"3/4"``, ``"-2"``).

    >>> format_rational(Fraction(-6, 8))
    '-3/4'
    """
    return str(value)
