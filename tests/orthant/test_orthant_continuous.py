"""orthant.continuous_symmetries: exact actions checked by the oracle on the orthant; generators = derivatives."""

from __future__ import annotations

from fractions import Fraction

import pytest

from semialg_fibers import Network
from semialg_fibers.core import linalg
from semialg_fibers.core.exceptions import DomainError
from semialg_fibers.core.symmetries import SymmetryKind as K
from semialg_fibers.general.oracle import equivalent
from semialg_fibers.orthant import continuous_symmetries

T = Fraction(1, 4)
NET = [([[1, 2], [3, 1], [-1, -1], [1, -1]], [1, 0, -2, 0]), ([[1, -1, 4, 0], [2, 1, 1, 0]], [0, 1])]

#: (kind, index among that kind, action values for a move of size t)
MOVES = {
    "linear mixing": (K.LINEAR_MIXING, 0, lambda t: ([[1, t], [0, 1]],)),
    "linear bias": (K.LINEAR_BIAS, 1, lambda t: (t,)),
    "dead output": (K.DEAD_FREEDOM, 0, lambda t: ([4 + t, 1],)),
    "dead row": (K.DEAD_FREEDOM, 0, lambda t: ([4, 1], [-1 - t, -1, -2])),
    "zero output": (K.ZERO_OUTPUT_FREEDOM, 0, lambda t: ([1 + t, -1, 0],)),
}


def _symmetry(name):
    net = Network.from_layers(NET)
    kind, index, _ = MOVES[name]
    return net, [s for s in continuous_symmetries(net) if s.kind == kind][index]


@pytest.mark.parametrize("name", MOVES, ids=list(MOVES))
def test_action_preserves_the_function_on_the_orthant(name):
    net, sym = _symmetry(name)
    moved = sym.apply(net, *MOVES[name][2](T))
    assert moved != net and equivalent(net, moved, domain="orthant")


@pytest.mark.parametrize("name", MOVES, ids=list(MOVES))
def test_a_generator_is_the_derivative_of_the_action(name):
    net, sym = _symmetry(name)
    moved = sym.apply(net, *MOVES[name][2](T))
    step = tuple((b - a) / T for a, b in zip(net.parameters(), moved.parameters()))
    gens = [g.at(net) for g in sym.generators]
    assert any(step) and linalg.rank(gens + [step]) == linalg.rank(gens)


def test_kinds():
    net = Network.from_layers(NET)
    kinds = [s.kind for s in continuous_symmetries(net)]
    assert kinds == [K.SCALING] * 4 + [K.LINEAR_MIXING, K.LINEAR_BIAS, K.LINEAR_BIAS, K.DEAD_FREEDOM,
                                       K.ZERO_OUTPUT_FREEDOM]


def test_mixing_outside_the_cone_is_refused():
    net, sym = _symmetry("linear mixing")
    with pytest.raises(DomainError):
        sym.apply(net, [[1, -1], [0, 1]])
    net, bias = _symmetry("linear bias")
    with pytest.raises(DomainError):
        bias.apply(net, -1)


@pytest.mark.parametrize("name", MOVES, ids=list(MOVES))
def test_symmetry_pickles_and_its_copy_moves_alike_on_the_orthant(name):
    from checks import check_symmetry_value
    from strategies import random_points

    net, sym = _symmetry(name)
    check_symmetry_value(net, sym, MOVES[name][2](T), random_points(net.input_dim, 40, len(name), 0, 4))
