from decimal import Decimal
from fractions import Fraction

import flint
import pytest
import sympy

from semialg_fibers.core.exact import float_to_rational, format_rational, to_rational
from semialg_fibers.core.exceptions import InexactInputError, MalformedNetworkError

EXACT_CASES = [
    ("int", 3, Fraction(3)),
    ("negative int", -7, Fraction(-7)),
    ("fraction", Fraction(3, 4), Fraction(3, 4)),
    ("string ratio", "3/4", Fraction(3, 4)),
    ("string negative ratio", " -6/8 ", Fraction(-3, 4)),
    ("string decimal", "0.1", Fraction(1, 10)),
    ("string scientific", "5.4e-02", Fraction(27, 500)),
    ("string big exponent", "1E3", Fraction(1000)),
    ("decimal", Decimal("0.25"), Fraction(1, 4)),
    ("sympy rational", sympy.Rational(-2, 3), Fraction(-2, 3)),
    ("sympy integer", sympy.Integer(5), Fraction(5)),
    ("flint fmpq", flint.fmpq(7, 9), Fraction(7, 9)),
    ("flint fmpz", flint.fmpz(-4), Fraction(-4)),
]


@pytest.mark.parametrize("value, expected", [c[1:] for c in EXACT_CASES], ids=[c[0] for c in EXACT_CASES])
def test_to_rational_exact_inputs(value, expected):
    result = to_rational(value)
    assert result == expected and type(result) is Fraction


@pytest.mark.parametrize("value", [0.1, 1.0, sympy.Float(0.5)], ids=["float", "integral float", "sympy Float"])
def test_floats_rejected_with_location(value):
    with pytest.raises(InexactInputError, match="W\\[1\\]\\[2\\].*float.*from_numpy"):
        to_rational(value, "W[1][2]")


def test_numpy_float_rejected():
    np = pytest.importorskip("numpy")
    with pytest.raises(InexactInputError):
        to_rational(np.float32(0.5), "x")
    assert to_rational(np.int64(4)) == 4


@pytest.mark.parametrize("value", ["abc", "", "nan", "inf", "1/0", "1.2.3", True, None, [1], Decimal("NaN")],
                         ids=["word", "empty", "nan", "inf", "zero denominator", "two dots", "bool", "none", "list", "decimal nan"])
def test_bad_values_rejected(value):
    with pytest.raises(MalformedNetworkError, match="b\\[0\\]"):
        to_rational(value, "b[0]")


def test_float_to_rational_is_exact_dyadic():
    assert float_to_rational(0.1) == Fraction(0.1)
    assert float_to_rational(0.1) != Fraction(1, 10)
    assert float_to_rational(0.1, limit_denominator=100) == Fraction(1, 10)
    assert float_to_rational("1/3") == Fraction(1, 3)
    with pytest.raises(MalformedNetworkError):
        float_to_rational(float("nan"))
    with pytest.raises(ValueError):
        float_to_rational(0.5, limit_denominator=0)


def test_format_rational_round_trips():
    for v in [Fraction(0), Fraction(-3, 4), Fraction(10**30 + 1, 7)]:
        assert to_rational(format_rational(v)) == v


# ----------------------------------------------------------------------------- untrusted strings and Decimals
from semialg_fibers.core.exceptions import InputLimitError  # noqa: E402
from semialg_fibers.core.limits import InputLimits  # noqa: E402

HOSTILE = [
    ("huge exponent", "1e99999999", InputLimitError, "exponent 99999999, above the input limit exponent = 10000"),
    ("huge negative exponent", "1e-99999999", InputLimitError, "exponent -99999999"),
    ("exponent digits", "1e" + "9" * 30, InputLimitError, "exponent of 30 digits"),
    ("many digits", "7" * 20000, InputLimitError, "20000 digits, above the input limit digits = 10000"),
    ("many decimals", "0." + "1" * 20000, InputLimitError, "digits"),
    ("huge denominator", "1/" + "3" * 20000, InputLimitError, "digits"),
    ("decimal exponent", Decimal("1e999999999"), InputLimitError, "exponent 999999999"),
    ("decimal digits", Decimal("1" * 20001), InputLimitError, "20001 digits"),
    ("arabic-indic", "\u0661\u0662", MalformedNetworkError, "non-ASCII digits"),
    ("full-width", "\uff11\uff12", MalformedNetworkError, "non-ASCII digits"),
    ("division by zero", "1/0", MalformedNetworkError, "division by zero"),
    ("negative zero denominator", "-3/000", MalformedNetworkError, "division by zero"),
    ("underscores", "1_000", MalformedNetworkError, "expected an integer"),
    ("infinity", "-Infinity", MalformedNetworkError, "finite"),
]


@pytest.mark.parametrize("value, error, words", [c[1:] for c in HOSTILE], ids=[c[0] for c in HOSTILE])
def test_hostile_numbers_refused_fast_with_a_true_reason(value, error, words):
    with pytest.raises(error, match=words) as caught:
        to_rational(value, "w")
    assert len(str(caught.value)) < 300  # never echoed whole


def test_numbers_beyond_python_int_str_limit():
    text = "1" * 5000
    value = to_rational(text)
    assert value == int("1" * 2500) * 10**2500 + int("1" * 2500)
    assert format_rational(value) == text and format_rational(-value / 7) == "-" + text + "/7"
    assert to_rational("1e5000") == 10**5000 and format_rational(Fraction(10**5000)) == "1" + "0" * 5000
    assert to_rational(Decimal("-2.5e-3")) == Fraction(-1, 400)


def test_limits_can_be_raised_per_call():
    assert to_rational("7" * 20000, limits=InputLimits(digits=20000)) % 10 == 7
    with pytest.raises(InputLimitError, match="digits = 3"):
        to_rational("1234", limits=InputLimits(digits=3))


# ----------------------------------------------------------------------------- threads, and floats of every width
def test_unlimited_int_digits_in_overlapping_threads_restores_the_limit():
    """Blocks opened and closed in four threads in every interleaving leave the process limit as it was."""
    import random
    import sys
    import threading
    import time

    from semialg_fibers.core.exact import unlimited_int_digits

    before = sys.get_int_max_str_digits()
    seen_inside = []

    def work(seed):
        rng = random.Random(seed)
        for _ in range(20):
            with unlimited_int_digits():
                time.sleep(rng.random() / 1000)
                seen_inside.append(sys.get_int_max_str_digits())
                len(str(10**5000))  # would raise ValueError under the default limit
            time.sleep(rng.random() / 1000)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sys.get_int_max_str_digits() == before and set(seen_inside) == {0}


def test_float_to_rational_reads_every_binary_float_exactly():
    import mpmath

    from semialg_fibers.core.exceptions import InputLimitError

    fifty = sympy.Float("0.1", 50)
    # sympy's own exact conversion of its Float (a different computation from the mantissa and exponent)
    exact = sympy.Rational(fifty)
    assert float_to_rational(fifty) == Fraction(int(exact.p), int(exact.q)) != Fraction(0.1)
    assert float_to_rational(mpmath.mpf("-0.75")) == Fraction(-3, 4)
    assert float_to_rational(sympy.Float(0)) == 0
    for bad in (mpmath.inf, mpmath.nan, -mpmath.inf, float("inf")):
        with pytest.raises(MalformedNetworkError, match="finite"):
            float_to_rational(bad)
    with pytest.raises(InputLimitError, match="input limit exponent"):
        float_to_rational(sympy.Float(mpmath.mpf(2) ** -400_000_000))  # 2**400000000 would be 50 MB
    with pytest.raises(ValueError, match="limit_denominator"):
        float_to_rational(0.5, limit_denominator=True)
