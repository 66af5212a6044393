"""Tests of semialg_fibers.core.symbols: names, flat parameter order, deterministic sorting."""

import random
from fractions import Fraction

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
    aux = auxiliary_symbols("mu", 12)
    assert sorted(reversed(aux), key=symbol_sort_key) == list(aux)
    assert str(aux[10]) == "mu_11" and sympy.latex(aux[10]) == r"\mu_{11}"
    with pytest.raises(ValueError, match="collides"):
        auxiliary_symbols("W", 1)


# ---------------------------------------------------------------------------- SymPy interop (issue 25)
def _law_and_component():
    from semialg_fibers import api
    from semialg_fibers.conservation.laws import conservation_laws

    law = list(conservation_laws(Network.from_layers([([[1, 2]], [1]), ([[3]], [0])])))[0]
    component = api.fiber(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])).components[0]
    return law.quantity, component


def test_sympy_printers_of_a_conservation_law():
    """Built by hand: the balance of a 2-1-1 network is W1_1_1^2 + W1_1_2^2 + b1_1^2 - W2_1_1^2."""
    quantity, _ = _law_and_component()
    w11, w12, b1, v = weight_symbol(1, 1, 1), weight_symbol(1, 1, 2), bias_symbol(1, 1), weight_symbol(2, 1, 1)
    assert sympy.expand(quantity - (w11**2 + w12**2 + b1**2 - v**2)) == 0
    assert sympy.sstr(quantity) == "W1_1_1**2 + W1_1_2**2 - W2_1_1**2 + b1_1**2"
    assert str(quantity) == sympy.sstr(quantity)
    assert sympy.latex(quantity) == (r"\left(W^{(1)}_{1,1}\right)^{2} + \left(W^{(1)}_{1,2}\right)^{2} "
                                     r"- \left(W^{(2)}_{1,1}\right)^{2} + \left(b^{(1)}_{1}\right)^{2}")
    ascii_art = sympy.pretty(quantity, use_unicode=False)
    assert "W1[1,1]" in ascii_art and "b1[1]" in ascii_art and "{" not in ascii_art and "\\" not in ascii_art
    assert "W⁽¹⁾₁,₁" in sympy.pretty(quantity, use_unicode=True)
    # the printed text parses back (the library's parser) to the same expression
    from semialg_fibers.core.expressions import as_expression

    assert as_expression(sympy.sstr(quantity), "law") == quantity


def test_sympy_printers_of_a_components_equations(capsys):
    _, component = _law_and_component()
    equations = [c.polynomial for c in component.implicit.constraints]
    for eq in equations:
        text, tex = sympy.sstr(eq), sympy.latex(eq)
        assert "{" not in text and "\\" not in text  # plain names only
        assert "W1_" not in tex and "b1_" not in tex and ("W^{(" in tex or "b^{(" in tex or eq.is_number)
        sympy.pprint(eq, use_unicode=False)
    out = capsys.readouterr().out
    assert "{" not in out and "\\" not in out and "W1[1,1]" in out
    # the equations hold at the network (exact substitution of its parameters by symbol)
    net = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    point = dict(zip(parameter_symbols(net.architecture), (sympy.Rational(str(v)) for v in net.parameters())))
    assert component.implicit.contains(net.parameters())
    assert any(eq.subs(point) == 0 for eq in equations)


def test_parameter_symbols_survive_pickling_and_json():
    import pickle

    from semialg_fibers.core.serialize import dumps, loads
    from semialg_fibers.core.symbols import ParameterSymbol, symbol_named

    quantity, component = _law_and_component()
    for value in (quantity, component, parameter_symbols((2, 3, 1))):
        for copy in (pickle.loads(pickle.dumps(value)), loads(dumps(value))):
            assert copy == value
    copy = loads(dumps(quantity))
    assert all(type(s) is ParameterSymbol for s in copy.free_symbols)
    assert {s: parameter_coordinates(s) for s in copy.free_symbols} == \
        {s: parameter_coordinates(s) for s in quantity.free_symbols}
    assert type(pickle.loads(pickle.dumps(weight_symbol(1, 1, 1)))) is ParameterSymbol
    # a plain SymPy symbol of the same name is a different symbol (SymPy compares classes)
    assert sympy.Symbol("W1_1_1", real=True) != weight_symbol(1, 1, 1)
    assert parameter_coordinates(sympy.Symbol("W1_1_1", real=True)) is None
    # files written with the TeX names of earlier versions read as the same symbols
    old = '{"$symbol": "W^{(2)}_{1,3}", "assumptions": {"real": true}}'
    assert symbol_named("W^{(2)}_{1,3}", real=True) is weight_symbol(2, 1, 3)
    assert loads(old) == weight_symbol(2, 1, 3)
    assert component.from_json(component.to_json()) == component


# ---------------------------------------------------------------------------- auxiliary symbols (issue 25)

def _components_with_auxiliaries():
    """A shallow component (gamma, beta, lambda), a three-layer one (mu, t) and an implicit one (tilde copies)."""
    from semialg_fibers import api
    from semialg_fibers.core.components import component_from_implicit
    from semialg_fibers.core.semialgebraic import BasicSet, constraint
    from semialg_fibers.readwrite.examples import spec_identity_example

    shallow = api.fiber(spec_identity_example()).components
    deep = api.fiber(Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])]))
    deep = next(c for c in deep.components if "t" in {str(s) for s in c.auxiliary})
    coords = parameter_symbols((1, 1, 1))
    implicit = component_from_implicit((1, 1, 1), "by hand", BasicSet(coords, [constraint(coords[0] - 1, "==")]), 3)
    return [*shallow, deep, implicit]


def _printed(value, capsys, **options) -> str:
    sympy.pprint(value, **options)
    return capsys.readouterr().out


@pytest.mark.parametrize("unicode", [False, True], ids=["ascii", "unicode"])
def test_auxiliary_symbols_print_plain_names_and_tex(capsys, unicode):
    components = _components_with_auxiliaries()
    names = {str(s) for c in components for s in c.auxiliary}
    assert {"gamma_1", "beta_1", "lambda_1", "mu_1", "t", "tilde_W1_1_1"} <= names
    for component in components:
        values = (sympy.Matrix(component.parametrization), tuple(component.auxiliary),
                  [c.as_relational() for c in component.domain.constraints])
        for value in values:
            for text in (str(value), sympy.sstr(value), _printed(value, capsys, use_unicode=unicode)):
                assert "\\" not in text and "{" not in text, text
        tex = sympy.latex(tuple(component.auxiliary))
        # TeX of every auxiliary: a Greek letter command, t with its index, or a tilde over a coordinate
        for symbol in component.auxiliary:
            tex_one = sympy.latex(symbol)
            assert tex_one in tex
            letter = str(symbol).split("_")[0]
            assert tex_one.startswith("\\tilde{" if letter == "tilde" else "t" if letter == "t" else "\\" + letter)
    art = _printed(tuple(components[0].auxiliary), capsys, use_unicode=unicode)
    assert ("γ₁" in art and "λ₁" in art) if unicode else ("gamma_1" in art and "lambda_1" in art)


def test_auxiliary_symbols_survive_pickling_and_json_and_old_names_read_back():
    import pickle

    from semialg_fibers.core.serialize import dumps, loads
    from semialg_fibers.core.symbols import tilde_symbol

    components = _components_with_auxiliaries()
    for component in components:
        for copy in (pickle.loads(pickle.dumps(component)), loads(dumps(component))):
            assert copy == component and copy.auxiliary == component.auxiliary
    assert components[-1].is_implicit_only and loads(dumps(components[-1])).is_implicit_only
    # the TeX names earlier versions wrote read as today's symbols
    old_lambda = '{"$symbol": "\\\\lambda_{3}", "assumptions": {"real": true}}'
    assert loads(old_lambda) == sympy.Symbol("lambda_3", real=True)
    old_tilde = '{"$symbol": "\\\\tilde{W}^{(1)}_{2,3}", "assumptions": {"real": true}}'
    assert loads(old_tilde) is tilde_symbol(weight_symbol(1, 2, 3))
    # a tilde copy is not the coordinate, and is not a parameter coordinate itself
    assert tilde_symbol(weight_symbol(1, 2, 3)) != weight_symbol(1, 2, 3)
    assert parameter_coordinates(tilde_symbol(weight_symbol(1, 2, 3))) is None


def test_components_with_plain_auxiliaries_still_contain_the_network():
    """Exact check, independent of the names: each component's parametrization at its sampled point realizes the
    network's function at many rational inputs."""
    from semialg_fibers import api
    from semialg_fibers.readwrite.examples import spec_identity_example

    net = spec_identity_example()
    for component in api.fiber(net).components:
        member = component.sample(seed=1)
        assert member != net
        for k in range(-6, 7):
            x = (Fraction(k, 3),)
            assert member(x) == net(x)
