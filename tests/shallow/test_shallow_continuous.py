"""shallow.continuous_symmetries: every exact action is checked by the general oracle, every generator is the
derivative of its action (exactly: the moves used are affine in t, so (move - net) / t lies in the span)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from semialg_fibers import Network
from semialg_fibers.core import linalg
from semialg_fibers.core.exceptions import DomainError
from semialg_fibers.core.symmetries import SymmetryKind as K
from semialg_fibers.general.oracle import equivalent
from semialg_fibers.shallow import continuous_symmetries

T = Fraction(1, 3)

#: name -> (layers, kind, action value(s) for a move of size t, expected extra kinds)
CASES = {
    "zero-output": ([([[1, 2], [2, -1]], [0, -1]), ([[3, 0]], [0])], K.ZERO_OUTPUT_FREEDOM,
                    lambda t: ([2 + t, -1, -1],)),
    "dead": ([([[1], [0]], [0, -1]), ([[3, 2], [1, -1]], [0, 1])], K.DEAD_FREEDOM, lambda t: ([2 + t, -1], -1 + t)),
    "constant": ([([[1], [0]], [0, 2]), ([[3, 2], [1, 1]], [0, 1])], K.CONSTANT_FREEDOM, lambda t: ([t, 0],)),
    "kink split": ([([[1], [2]], [1, 2]), ([[3, 1]], [0])], K.KINK_SPLIT, lambda t: ([[1, t], [0, 1]],)),
    "cancelling pair": ([([[1], [-2]], [1, -2]), ([[2, -1]], [5])], K.CANCELLING_GROUP, lambda t: (t,)),
    "cancelling, k = 2": ([([[1, 1], [-1, -1], [1, 0]], [0, 0, 1]), ([[1, -1, 1], [2, -2, 0]], [0, 0])],
                          K.CANCELLING_GROUP, lambda t: (t,)),
}


def _symmetry(name):
    layers, kind, _ = CASES[name]
    net = Network.from_layers(layers)
    found = [s for s in continuous_symmetries(net) if s.kind == kind]
    assert len(found) == 1
    return net, found[0]


@pytest.mark.parametrize("name", CASES, ids=list(CASES))
def test_action_preserves_the_function(name):
    net, sym = _symmetry(name)
    moved = sym.apply(net, *CASES[name][2](T))
    assert moved != net
    assert equivalent(net, moved)


@pytest.mark.parametrize("name", CASES, ids=list(CASES))
def test_a_generator_is_the_derivative_of_the_action(name):
    net, sym = _symmetry(name)
    moved = sym.apply(net, *CASES[name][2](T))
    step = tuple((b - a) / T for a, b in zip(net.parameters(), moved.parameters()))
    gens = [g.at(net) for g in sym.generators]
    assert linalg.rank(gens + [step]) == linalg.rank(gens)


def test_scalings_come_first_and_every_entry_is_continuous():
    net = Network.from_layers(CASES["kink split"][0])
    symmetries = continuous_symmetries(net)
    assert [s.kind for s in symmetries] == [K.SCALING, K.SCALING, K.KINK_SPLIT]
    assert all(s.continuous for s in symmetries)


def test_generic_network_has_only_scalings():
    net = Network.from_layers([([[1], [-2]], [1, 1]), ([[2, 1]], [0])])
    assert [s.kind for s in continuous_symmetries(net)] == [K.SCALING, K.SCALING]


def test_domain_errors():
    net, split = _symmetry("kink split")
    with pytest.raises(DomainError):
        split.apply(net, [[1, -1], [0, 1]])  # the first row becomes -1 times the line
    net, dead = _symmetry("dead")
    with pytest.raises(DomainError):
        dead.apply(net, [1, 1], 1)


@pytest.mark.parametrize("name", CASES, ids=list(CASES))
def test_symmetry_pickles_and_its_copy_moves_alike(name):
    from checks import check_symmetry_value
    from strategies import random_points

    net, sym = _symmetry(name)
    check_symmetry_value(net, sym, CASES[name][2](T), random_points(net.input_dim, 40, len(name)))
