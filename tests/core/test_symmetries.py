"""The action of H on networks of any depth, its generators, normal forms and orbit decisions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from strategies import permute_and_scale, random_network

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.core.limits import SearchLimits
from semialg_fibers.core.symmetries import (
    act,
    normal_form,
    orbit_dimension,
    permute_hidden,
    same_orbit,
    scale_neuron,
    scaling_generator,
    scaling_generators,
)
from semialg_fibers.general.oracle import equivalent


def oracle(a, b):
    """The region-search oracle alone: its symmetry shortcut would check this module against itself."""
    return equivalent(a, b, orbit_check=False)


@pytest.mark.parametrize("arch", [(1, 2, 1), (2, 3, 2, 1), (2, 2, 3, 2, 2)], ids=str)
def test_random_h_moves_preserve_function_and_orbit(arch, rng):
    for _ in range(4):
        net = random_network(rng, arch, -3, 3)
        layer = rng.randrange(1, len(arch) - 1)
        width = arch[layer]
        perm = list(range(width))
        rng.shuffle(perm)
        moved = act(net, layer, perm, [Fraction(rng.randint(1, 5), rng.randint(1, 5)) for _ in range(width)])
        assert oracle(net, moved)
        assert same_orbit(net, moved) and same_orbit(moved, net)
        other = permute_and_scale(net, rng)  # the test helper's independent implementation of H
        assert same_orbit(net, other)


def test_same_orbit_rejects_a_changed_parameter(rng):
    for _ in range(20):
        net = random_network(rng, (2, 3, 2, 1), -3, 3)
        flat = list(net.parameters())
        i = rng.randrange(len(flat))
        flat[i] += 1
        changed = Network.from_parameters(net.architecture, flat)
        # independent ground truth: a different function, or else check by brute force over permutations
        if not oracle(net, changed):
            assert not same_orbit(net, changed)


def test_scale_neuron_and_permute_hidden():
    net = Network.from_layers([([[1], [2]], [3, 4]), ([[5, 6]], [7])])
    assert scale_neuron(net, 1, 1, 2).parameters() == tuple(map(Fraction, (1, 4, 3, 8, 5, 3, 7)))
    assert permute_hidden(net, [(1, 0)]) == act(net, 1, (1, 0), (1, 1))


def test_ties_in_an_early_layer_are_searched():
    # Two neurons of the first hidden layer with equal incoming rows: their outgoing columns can be
    # exchanged only together with the next layer's rows.
    a = Network.from_layers([([[1], [1]], [0, 0]), ([[1, 2], [3, 4]], [0, 0]), ([[1, 1]], [0])])
    swapped = Network.from_layers([([[1], [1]], [0, 0]), ([[2, 1], [4, 3]], [0, 0]), ([[1, 1]], [0])])
    assert same_orbit(a, swapped)
    assert oracle(a, swapped)
    not_h = Network.from_layers([([[1], [1]], [0, 0]), ([[2, 1], [3, 4]], [0, 0]), ([[1, 1]], [0])])
    assert oracle(a, not_h)  # the same function (equal neurons), yet not an H move
    assert not same_orbit(a, not_h)
    with pytest.raises(NotDecidedError, match="permutations"):
        same_orbit(a, not_h, limits=SearchLimits(permutations=1))


def test_normal_form_is_in_the_orbit(rng):
    for _ in range(10):
        net = random_network(rng, (2, 3, 2, 1), -4, 4)
        form = normal_form(net)
        assert same_orbit(net, form)
        assert normal_form(permute_and_scale(net, rng)) == form or same_orbit(form, permute_and_scale(net, rng))


def test_scaling_generator_is_tangent_to_the_orbit():
    net = Network.from_layers([([[2, -1], [1, 1]], [1, -2]), ([[3, -4]], [5])])
    field = scaling_generator(net.architecture, 1, 1)
    t = Fraction(1, 1000)
    moved = scale_neuron(net, 1, 1, 1 + t)
    # d/dt of (1 + t) x and x / (1 + t) at t = 0 are x and -x: the finite difference is exact to O(t^2)
    diff = [(b - a) / t for a, b in zip(net.parameters(), moved.parameters())]
    value = field.at(net)
    assert all(abs(d - v) <= 10 * t * (1 + abs(v)) for d, v in zip(diff, value))
    assert len(scaling_generators((2, 3, 2, 1))) == 5


def test_orbit_dimension_counts_free_scalings():
    net = Network.from_layers([([[1], [0], [0]], [0, 0, 1]), ([[1, 0, 0]], [0])])
    assert orbit_dimension(net) == 2  # the all-zero second neuron is fixed by every scaling


# ---------------------------------------------------------------------------- generic generator fields
def test_generic_generators_match_the_three_layer_formulas():
    from checks import three_layer_symmetries

    from semialg_fibers.core.symmetries import SymmetryKind, bias_shift_generator, mixing_generator

    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, 1], [1, "3/2"]], ["1/2", "1/3"]),
                               ([[3, -1]], [1])])
    explicit: dict = {}
    for s in three_layer_symmetries(net):
        explicit.setdefault(s.kind, s)
    assert [g.components for g in explicit[SymmetryKind.LINEAR_MIXING].generators] == [
        mixing_generator(net.architecture, 2, 0, 1).components, mixing_generator(net.architecture, 2, 1, 0).components]
    assert explicit[SymmetryKind.LINEAR_BIAS].generators[0].components == bias_shift_generator(
        net.architecture, 2, 0).components
    hidden = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], ["3/2", -2]], ["-1/2", "-1/3"]),
                                  ([[3, -2]], [1])])
    hiding = [s for s in three_layer_symmetries(hidden) if s.kind == SymmetryKind.HIDING_TRANSLATION][0]
    assert hiding.generators[0].components == bias_shift_generator(hidden.architecture, 1, 0, (0, 1)).components


def test_mixing_generator_on_the_diagonal_is_the_scaling():
    from semialg_fibers.core.symmetries import mixing_generator, scaling_generator

    assert mixing_generator((2, 3, 2), 1, 1, 1).components == scaling_generator((2, 3, 2), 1, 1).components


def test_parameter_index_matches_symbols():
    from semialg_fibers.core.exceptions import ShapeError
    from semialg_fibers.core.symbols import bias_symbol, parameter_symbols, weight_symbol
    from semialg_fibers.core.symmetries import parameter_index

    arch = (2, 3, 2, 1)
    coords = parameter_symbols(arch)
    for layer in (1, 2, 3):
        for row in range(arch[layer]):
            assert coords[parameter_index(arch, layer, row)] == bias_symbol(layer, row + 1)
            for col in range(arch[layer - 1]):
                assert coords[parameter_index(arch, layer, row, col)] == weight_symbol(layer, row + 1, col + 1)
    with pytest.raises(ShapeError):
        parameter_index(arch, 4, 0)


# ---------------------------------------------------------------------------- symmetries are values
def test_h_symmetries_pickle_and_their_copies_move_alike(rng):
    from checks import check_symmetry_value
    from strategies import random_points

    from semialg_fibers.core.symmetries import SymmetryKind, h_symmetries

    net = random_network(rng, (2, 3, 2, 1), -3, 3)
    points = random_points(2, 40, 7)
    for sym in h_symmetries(net):
        values = ((2, 0, 1),) if sym.kind == SymmetryKind.PERMUTATION and sym.neurons[0][0] == 1 else \
            ((1, 0),) if sym.kind == SymmetryKind.PERMUTATION else (Fraction(5, 2),)
        moved = check_symmetry_value(net, sym, values, points)
        assert same_orbit(net, moved)


def test_action_is_a_value():
    import pickle

    from semialg_fibers.core.symmetries import Action, Symmetry, SymmetryKind, set_incoming

    net = Network.from_layers([([[1], [2]], [0, 1]), ([[3, 0]], [0])])
    move = Action(set_incoming, (1, 1))
    assert move == Action(set_incoming, [1, 1]) != Action(set_incoming, (1, 0))
    assert Action(act, (1,), {"scaling": (1, 2)}) == Action(act, (1,), (("scaling", (1, 2)),))
    assert pickle.loads(pickle.dumps(move)) == move and hash(pickle.loads(pickle.dumps(move))) == hash(move)
    assert move(net, [5, -1]) == set_incoming(net, 1, 1, [5, -1])
    with pytest.raises(TypeError, match="module-level"):
        Action(lambda n: n)

    def nested(n):
        return n

    with pytest.raises(TypeError, match="module-level"):
        Symmetry(SymmetryKind.SCALING, "nested", True, 1, action=nested)
    wrapped = Symmetry(SymmetryKind.RAMP_FLIP, "a module-level function", False, action=permute_hidden)
    assert wrapped.action == Action(permute_hidden) and wrapped.apply(net, [(1, 0)]) == act(net, 1, (1, 0), (1, 1))
    with pytest.raises(NotDecidedError, match="no exact action"):
        Symmetry(SymmetryKind.SCALING, "no action", True, 1).apply(net, 2)


def test_every_symmetry_kind_is_produced_and_pickles():
    """Each member of SymmetryKind comes out of the library at one of these networks, and every list pickles."""
    import pickle
    import random

    from strategies import with_pattern

    from semialg_fibers.core.symmetries import SymmetryKind, h_symmetries
    from semialg_fibers.orthant import continuous_symmetries as orthant_symmetries
    from semialg_fibers.shallow import continuous_symmetries as shallow_symmetries
    from semialg_fibers.three_layer import symmetries

    lists = [h_symmetries(Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])])),
             shallow_symmetries(Network.from_layers([([[1], [2], [0], [1], [-1]], [1, 2, 2, 0, 0]),
                                                     ([[3, 1, 2, 1, -1]], [0])])),
             orthant_symmetries(Network.from_layers([([[1, 2], [3, 1], [-1, -1], [1, -1]], [1, 0, -2, 0]),
                                                     ([[1, -1, 4, 0], [2, 1, 1, 0]], [0, 1])])),
             symmetries(Network.from_layers([([[0, 0], [1, 2], [2, 4]], [1, -1, -2]),
                                              ([[1, -2, 1], [-1, 1, -1], [2, -1, 1]], [-1, "1/2", -1]),
                                              ([[3, -1, 0]], [1])]))]
    for patterns, d, k in [(("+--", "---"), 2, 2), (("-+", "-+", "--"), 1, 1), (("+++", "+++", "-+-"), 2, 1)]:
        lists.append(symmetries(with_pattern(random.Random(len(patterns) + d), patterns, d=d, k=k)))
    for found in lists:
        assert pickle.loads(pickle.dumps(found)) == found
    assert {s.kind for found in lists for s in found} == set(SymmetryKind)
