"""Tests of semialg_fibers.core.symbols: names, flat parameter order, deterministic sorting."""

import random

import pytest
import sympy

from semialg_fibers.core.exceptions import ShapeError
from semialg_fibers.core.network import Network
from semialg_fibers.core.symbols import (
    auxiliary_symbols,
    bias_symbol,
    parameter_coordinates,
    parameter_symbols,
    symbol_sort_key,
    weight_symbol,
)

ARCHITECTURES = [(1, 1, 1), (1, 2, 1), (2, 3, 2), (3, 2, 2, 1), (2, 11, 1)]


@pytest.mark.parametrize("arch", ARCHITECTURES, ids=str)
def test_symbols_follow_network_parameter_order(arch):
    # Build a network whose flat parameters are 0, 1, 2, ... and check each symbol's coordinates
    syms = parameter_symbols(arch)
    net = Network.from_parameters(arch, list(range(len(syms))))
    assert len(syms) == net.num_parameters
    for pos, s in enumerate(syms):
        layer, kind, i, j = parameter_coordinates(s)
        lay = net.layers[layer - 1]
        value = lay.weight[i - 1][j - 1] if kind == 0 else lay.bias[i - 1]
        assert value == pos


@pytest.mark.parametrize("arch", ARCHITECTURES, ids=str)
def test_sort_key_recovers_flat_order(arch):
    syms = list(parameter_symbols(arch))
    shuffled = syms[:]
    random.Random(0).shuffle(shuffled)
    assert sorted(shuffled, key=symbol_sort_key) == syms


def test_names_are_tex_and_unambiguous():
    assert sympy.latex(weight_symbol(1, 1, 12)) == "W^{(1)}_{1,12}"
    assert sympy.latex(bias_symbol(3, 2)) == "b^{(3)}_{2}"
    assert weight_symbol(1, 11, 2) != weight_symbol(1, 1, 12)
    assert len(set(map(str, parameter_symbols((12, 12, 1))))) == 12 * 13 + 13


def test_symbols_are_real_and_cached():
    assert weight_symbol(1, 1, 1) is weight_symbol(1, 1, 1)
    assert weight_symbol(1, 1, 1).is_real
    assert weight_symbol(1, 1, 1) != sympy.Symbol("W^{(1)}_{1,1}")  # plain symbols differ: use this module


@pytest.mark.parametrize("bad", [(1,), (1, 0, 1), (1, True, 1), (2, "3", 1)], ids=str)
def test_bad_architecture(bad):
    with pytest.raises(ShapeError):
        parameter_symbols(bad)


def test_bad_index():
    with pytest.raises(ShapeError, match="1-based"):
        weight_symbol(0, 1, 1)


def test_auxiliary_symbols_natural_order():
    aux = auxiliary_symbols(r"\mu", 12)
    assert sorted(reversed(aux), key=symbol_sort_key) == list(aux)
    assert str(aux[10]) == r"\mu_{11}"
    with pytest.raises(ValueError, match="collides"):
        auxiliary_symbols("W", 1)
