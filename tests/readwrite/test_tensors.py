"""Stored tensors to exact layers (semialg_fibers/readwrite/tensors.py): shapes, exact entries, state dicts."""

from __future__ import annotations

import random
import struct
from fractions import Fraction

import pytest

from semialg_fibers import InputLimitError, MalformedNetworkError, ShapeError
from semialg_fibers.core.limits import input_limits
from semialg_fibers.readwrite.tensors import FlatTensor, check_shape, exact_entries, layers_from_state_dict, natural_key


def test_float32_entries_are_read_as_the_dyadic_rationals_their_bits_say():
    rng = random.Random(5)
    for _ in range(500):
        bits = rng.getrandbits(32)
        if (bits >> 23) & 0xFF == 0xFF:
            continue  # NaN and infinities: refused below
        value = struct.unpack("<f", struct.pack("<I", bits))[0]
        sign, exponent, mantissa = bits >> 31, (bits >> 23) & 0xFF, bits & 0x7FFFFF
        # the value from the bit fields, computed with integers only
        significand, power = (mantissa, -149) if exponent == 0 else (mantissa | 0x800000, exponent - 150)
        expected = Fraction(significand) * (Fraction(2) ** power) * (-1 if sign else 1)
        assert exact_entries([value], "w") == (expected,)


def test_shapes_are_checked_before_entries():
    assert check_shape((0, 3), "t") == (0, 3)
    with input_limits(entries=11), pytest.raises(InputLimitError, match=r"t has shape \(3, 4\): 12 entries"):
        check_shape((3, 4), "t")
    for bad in ((-1, 2), (2.0, 2), (True, 1)):
        with pytest.raises(ShapeError, match="expected nonnegative integers"):
            check_shape(bad, "t")


def test_natural_order_is_numeric_on_digit_runs():
    names = [f"layers.{i}" for i in range(12)]
    shuffled = names[:]
    random.Random(1).shuffle(shuffled)
    assert sorted(shuffled, key=natural_key) == names
    assert sorted(["fc10", "fc2", "fc1", "out"], key=natural_key) == ["fc1", "fc2", "fc10", "out"]


def test_state_dict_refusals_name_the_key():
    w = FlatTensor((1, 1), (1.0,))
    with pytest.raises(MalformedNetworkError, match=r"'0.bias' has no '0.weight'"):
        layers_from_state_dict({"0.bias": FlatTensor((1,), (0.0,)), "1.weight": w})
    with pytest.raises(MalformedNetworkError, match="layer 'x' of the given order has no weight"):
        layers_from_state_dict({"0.weight": w}, order=["x"])
    with pytest.raises(MalformedNetworkError, match="the state dict has layer '1', which the given order omits"):
        layers_from_state_dict({"0.weight": w, "1.weight": w}, order=["0"])
    with pytest.raises(ShapeError, match=r"0.bias has shape \(2,\); expected \(1,\)"):
        layers_from_state_dict({"0.weight": w, "0.bias": FlatTensor((2,), (0.0, 1.0))})
    with pytest.raises(ShapeError, match="no Linear layer found"):
        layers_from_state_dict({})
