"""Conversion of user numbers to exact rationals (:class:`fractions.Fraction`).

``Fraction`` is the one scalar type of the public API.  Exact input is
accepted as int, ``Fraction``, ``Decimal``, strings (``"3/4"``, ``"0.1"`` =
1/10, ``"5.4e-02"``), SymPy and python-flint rationals.  Python floats are
rejected here; the explicit float entry points call :func:`float_to_rational`,
which returns the dyadic rational a float *is*, so nothing is rounded unless
the caller asks for ``limit_denominator``.

Strings and ``Decimal`` values are untrusted input: their digits and exponents
are checked against :class:`~semialg_fibers.core.limits.InputLimits` *before* the
number is built (``"1e999999999"`` would otherwise build a billion-digit
integer), only ASCII digits are accepted (Python's ``int`` also reads
Arabic-Indic and full-width digits), and neither parsing nor printing depends
on Python's limit on int/str conversions (:func:`format_rational` prints any
size in full).
"""

from __future__ import annotations

import contextlib
import numbers
import re
import sys
import threading
from decimal import Decimal
from fractions import Fraction

from .exceptions import InexactInputError, InputLimitError, MalformedNetworkError
from .limits import InputLimits, resolve_input

__all__ = ["to_rational", "float_to_rational", "format_rational", "format_integer", "parse_integer",
           "shorten", "describe", "unlimited_int_digits"]

_FLOAT_HINT = (
    "exact constructors accept int, Fraction, str ('3/4', '0.1'), Decimal, SymPy or flint "
    "rationals; for trained float weights use Network.from_numpy / Network.from_torch, "
    "or pass str(value) to mean the decimal it prints as"
)


def to_rational(value, where: str = "value", limits: InputLimits | None = None) -> Fraction:
    """Return ``value`` as an exact :class:`~fractions.Fraction`.

    Parameters
    ----------
    value : int, Fraction, Decimal, str, SymPy or flint rational
        The number.  Strings are read as the exact rational or decimal they spell.
    where : str
        Where the number came from, used in error messages.
    limits : InputLimits, optional
        Bounds on the digits and exponent of strings and ``Decimal`` values
        (default: :func:`~semialg_fibers.core.limits.current_input_limits`).

    Returns
    -------
    Fraction

    Raises
    ------
    InexactInputError
        For Python floats, NumPy floats and SymPy ``Float``.
    InputLimitError
        A string or ``Decimal`` with more digits or a larger exponent than ``limits`` allow.
    MalformedNetworkError
        For non-numeric strings (also non-ASCII digits), ``p/0``, NaN,
        infinities, booleans and other types.

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
    semialg_fibers.InexactInputError: W[0][0] is the float 0.5; exact constructors ...
    >>> to_rational("1e999999999", "b[0]")
    Traceback (most recent call last):
    ...
    semialg_fibers.InputLimitError: b[0] is a number with exponent 999999999, above the input limit exponent = 10000
    """
    if isinstance(value, str) and len(value) <= 19 and _SHORT_INTEGER.fullmatch(value):
        # why: the common case of a network file (a JSON integer), read without the general parser;
        # a million entries took a minute through it
        digits = len(value) - (value[0] in "+-")
        if digits <= resolve_input(limits).digits:
            return Fraction(int(value))
    if isinstance(value, bool):
        raise MalformedNetworkError(f"{where} is {describe(value)}; expected a number")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, float) or type(value).__name__ in ("Float", "float16", "float32", "float64"):
        raise InexactInputError(f"{where} is the float {value!r}; {_FLOAT_HINT}")
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Decimal):
        return _from_decimal(value, where, resolve_input(limits))
    if isinstance(value, str):
        return _parse_string(value, where, resolve_input(limits))
    # python-flint fmpq / fmpz are not registered with the numbers ABCs.
    if type(value).__name__ == "fmpq":
        return Fraction(int(value.p), int(value.q))
    if type(value).__name__ == "fmpz":
        return Fraction(int(value))
    raise MalformedNetworkError(f"{where} is {describe(value)}; expected an exact number")


# ASCII digits only: Python's int() and Fraction() also read Arabic-Indic or full-width digits.
_SHORT_INTEGER = re.compile(r"[+-]?[0-9]{1,18}", re.ASCII)
_NUMBER = re.compile(
    r"(?P<sign>[+-]?)(?:(?P<num>[0-9]+)/(?P<den>[0-9]+)"
    r"|(?P<int>[0-9]*)(?:\.(?P<frac>[0-9]*))?(?:[eE](?P<exp>[+-]?[0-9]+))?)",
    re.ASCII,
)
_SHAPE_HINT = "expected an integer, 'p/q' or a decimal such as '0.1' or '5.4e-02' (ASCII digits)"


def shorten(text: str, width: int = 40) -> str:
    """``repr`` of ``text``, cut in the middle when longer than ``width`` characters (for messages).

    >>> shorten("1" * 100, 12)
    "'1111...1111' (100 characters)"
    """
    if len(text) <= width:
        return repr(text)
    half = max(1, (width - 3) // 2)
    return f"'{text[:half]}...{text[-half:]}' ({len(text)} characters)"


def describe(value) -> str:
    """A value as an error message shows it: JSON words for JSON values, a short text for the rest.

    >>> describe(None), describe(True), describe("ab"), describe({"p": 1}), describe([1, 2])
    ('null', 'the boolean true', "the string 'ab'", 'an object', 'a list')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "the boolean " + ("true" if value else "false")
    if isinstance(value, str):
        if type(value).__name__ == "JsonNumber":
            return f"the number {shorten(str(value))[1:-1] if len(value) > 40 else str(value)}"
        return f"the string {shorten(value)}"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, numbers.Number):
        return f"the number {shorten(repr(value))[1:-1]}"
    return f"a value of type {type(value).__name__}"


def _check_digits(count: int, where: str, limits: InputLimits) -> None:
    if count > limits.digits:
        raise InputLimitError(f"{where} is a number with {count} digits, above the input limit digits = {limits.digits}")


def _check_exponent(exponent: int, where: str, limits: InputLimits) -> None:
    if abs(exponent) > limits.exponent:
        raise InputLimitError(f"{where} is a number with exponent {exponent}, "
                              f"above the input limit exponent = {limits.exponent}")


def _parse_string(text: str, where: str, limits: InputLimits) -> Fraction:
    stripped = text.strip()
    match = _NUMBER.fullmatch(stripped)
    if match is None or not (match["num"] or match["int"] or match["frac"]):
        lowered = stripped.lower().lstrip("+-")
        if lowered in ("nan", "inf", "infinity"):
            raise MalformedNetworkError(f"{where} is {shorten(text)}; expected a finite number")
        if any(ch.isdigit() and not ch.isascii() for ch in stripped[:1000]):
            raise MalformedNetworkError(f"{where} is the string {shorten(text)} with non-ASCII digits; {_SHAPE_HINT}")
        raise MalformedNetworkError(f"{where} is the string {shorten(text)}; {_SHAPE_HINT}")
    sign = -1 if match["sign"] == "-" else 1
    if match["num"] is not None:
        _check_digits(max(len(match["num"]), len(match["den"])), where, limits)
        den = parse_integer(match["den"])
        if den == 0:
            raise MalformedNetworkError(f"{where} is {shorten(text)}: division by zero")
        return Fraction(sign * parse_integer(match["num"]), den)
    whole, frac, exp_text = match["int"] or "", match["frac"] or "", match["exp"]
    _check_digits(len(whole) + len(frac), where, limits)
    exponent = 0
    if exp_text is not None:
        if len(exp_text.lstrip("+-").lstrip("0")) > 18:  # too long to be within any limit; never build it
            raise InputLimitError(f"{where} is a number with an exponent of {len(exp_text)} digits, "
                                  f"above the input limit exponent = {limits.exponent}")
        exponent = int(exp_text)
        _check_exponent(exponent, where, limits)
    mantissa = sign * parse_integer(whole + frac)
    shift = exponent - len(frac)
    return Fraction(mantissa * 10**shift) if shift >= 0 else Fraction(mantissa, 10**-shift)


def _from_decimal(value: Decimal, where: str, limits: InputLimits) -> Fraction:
    if not value.is_finite():
        raise MalformedNetworkError(f"{where} is {value!r}; expected a finite number")
    sign, digits, exponent = value.as_tuple()
    _check_digits(len(digits), where, limits)
    _check_exponent(exponent, where, limits)
    mantissa = (-1 if sign else 1) * parse_integer("".join(map(str, digits)) or "0")
    return Fraction(mantissa * 10**exponent) if exponent >= 0 else Fraction(mantissa, 10**-exponent)


# ------------------------------------------------------------------ int <-> str of any size
def parse_integer(digits: str) -> int:
    """The int spelled by a string of ASCII digits, of any length (no int/str conversion limit).

    Long strings are split in halves, so the cost stays quasi-linear.

    >>> parse_integer("0012")
    12
    >>> len(str(parse_integer("7" * 20_000) % 10**5))
    5
    """
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    if not limit or len(digits) <= limit:
        return int(digits)
    low = len(digits) // 2
    return parse_integer(digits[:-low]) * 10**low + parse_integer(digits[-low:])


def format_integer(value: int) -> str:
    """The decimal digits of an int of any size (no int/str conversion limit).

    >>> format_integer(-10**5000)[:3], len(format_integer(10**5000))
    ('-10', 5001)
    """
    try:
        return str(value)
    except ValueError:  # above sys.get_int_max_str_digits(): split, every half is printable
        pass
    sign, value = ("-", -value) if value < 0 else ("", value)
    low = int(value.bit_length() * 0.30102999566398) // 2
    high, rest = divmod(value, 10**low)
    return sign + format_integer(high) + format_integer(rest).zfill(low)


# Threads share the process-wide limit: the first block to enter lifts it, the last to leave restores it.
_DIGITS_LOCK = threading.Lock()
_DIGITS_USERS = 0
_DIGITS_SAVED = 0


@contextlib.contextmanager
def unlimited_int_digits():
    """Lift Python's int/str conversion limit inside a ``with`` block (restored afterwards).

    For printers that call ``str`` on integers themselves (SymPy, JSON of
    nested values); the numbers were bounded when they were read
    (:class:`~semialg_fibers.core.limits.InputLimits`), so printing them is
    polynomial.  The limit is process-wide: use this in programs (the CLI),
    not inside library functions.  Blocks may overlap in several threads
    (``cli.main`` called from a thread pool): the limit is lifted while at
    least one block is open and the value found by the first is restored
    when the last one closes.

    >>> with unlimited_int_digits():
    ...     len(str(10**5000))
    5001
    """
    global _DIGITS_USERS, _DIGITS_SAVED
    if not hasattr(sys, "set_int_max_str_digits"):  # pragma: no cover - Python < 3.11 patch releases
        yield
        return
    with _DIGITS_LOCK:
        if _DIGITS_USERS == 0:
            _DIGITS_SAVED = sys.get_int_max_str_digits()
            sys.set_int_max_str_digits(0)
        _DIGITS_USERS += 1
    try:
        yield
    finally:
        with _DIGITS_LOCK:
            _DIGITS_USERS -= 1
            if _DIGITS_USERS == 0:
                sys.set_int_max_str_digits(_DIGITS_SAVED)


def float_to_rational(value, where: str = "value", limit_denominator: int | None = None, *,
                      limits: InputLimits | None = None) -> Fraction:
    """Return the exact rational equal to a binary float (or an exact number unchanged).

    Every binary float is read exactly, whatever its width: Python and NumPy
    floats (``float16`` to ``longdouble``) through ``as_integer_ratio``, SymPy
    and mpmath floats through their mantissa and exponent; nothing is rounded
    to float64 on the way.

    Parameters
    ----------
    value : float, NumPy float, SymPy ``Float``, or any exact number accepted by :func:`to_rational`
    where : str
        Location for error messages.
    limit_denominator : int, optional
        If given, round to the closest fraction with denominator at most this
        (:meth:`fractions.Fraction.limit_denominator`).  Only on request.
    limits : InputLimits, optional
        ``limits.exponent`` bounds the decimal size of a binary exponent (a
        SymPy ``Float`` can carry ``2**-10**9``); exact numbers are checked
        as by :func:`to_rational`.

    Raises
    ------
    MalformedNetworkError
        For NaN, infinities, and real numbers of a type that cannot be read exactly.
    InputLimitError
        A binary exponent beyond ``limits.exponent`` decimal digits.

    Examples
    --------
    >>> float_to_rational(0.1)
    Fraction(3602879701896397, 36028797018963968)
    >>> float_to_rational(0.1, limit_denominator=1000)
    Fraction(1, 10)
    >>> float_to_rational(float("nan"), "b[0]")
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: b[0] is nan; expected a finite number
    """
    if isinstance(value, numbers.Real) and not isinstance(value, (numbers.Rational, bool)):
        result = _binary_float(value, where, resolve_input(limits))
    else:
        result = to_rational(value, where, limits)
    if limit_denominator is not None:
        if isinstance(limit_denominator, bool) or not isinstance(limit_denominator, numbers.Integral) \
                or int(limit_denominator) < 1:
            raise ValueError(f"limit_denominator must be a positive integer, got {limit_denominator!r}")
        result = result.limit_denominator(int(limit_denominator))
    return result


_LOG10_2 = 0.30102999566398


def _binary_float(value, where: str, limits: InputLimits) -> Fraction:
    """The exact value of a binary floating-point number (any width)."""
    ratio = getattr(value, "as_integer_ratio", None)
    if callable(ratio):  # float, numpy.float16 ... numpy.longdouble: exact
        try:
            p, q = ratio()
        except (OverflowError, ValueError):
            raise MalformedNetworkError(f"{where} is {value}; expected a finite number") from None
        return Fraction(int(p), int(q))
    mpf = getattr(value, "_mpf_", None)  # sympy.Float, mpmath.mpf: (sign, mantissa, exponent, bit count)
    if isinstance(mpf, tuple) and len(mpf) == 4:
        sign, mantissa, exponent, bits = mpf
        if not mantissa:
            if exponent or bits:  # mpmath's inf, -inf and nan have a zero mantissa and a marker exponent
                raise MalformedNetworkError(f"{where} is {value}; expected a finite number")
            return Fraction(0)
        exponent = int(exponent)
        size = int((abs(exponent) + int(bits)) * _LOG10_2)
        if size > limits.exponent:
            raise InputLimitError(f"{where} is a float with binary exponent {exponent}, "
                                  f"above the input limit exponent = {limits.exponent} (decimal)")
        mantissa = -int(mantissa) if sign else int(mantissa)
        return Fraction(mantissa * 2**exponent) if exponent >= 0 else Fraction(mantissa, 2**-exponent)
    raise MalformedNetworkError(f"{where} is a real number of type {type(value).__name__}, which cannot be read "
                                "exactly; pass a float, a NumPy float or an exact number")


def format_rational(value: Fraction) -> str:
    """Return the exact string form used in JSON output (``"3/4"``, ``"-2"``), of any size.

    >>> format_rational(Fraction(-6, 8))
    '-3/4'
    >>> len(format_rational(Fraction(1, 10**5000)))
    5003
    """
    value = Fraction(value)
    if value.denominator == 1:
        return format_integer(value.numerator)
    return f"{format_integer(value.numerator)}/{format_integer(value.denominator)}"
