"""The canonical form of identifiable three-layer networks, checked against the exact region oracle."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from semialg_fibers import Network, NoAlgorithmError, NotDecidedError, api
from semialg_fibers.core.symmetries import act
from semialg_fibers.general import oracle


def _random_bottleneck(rng: random.Random, d: int, n1: int, n2: int) -> Network:
    def entry():
        return Fraction(rng.choice([-1, 1]) * rng.randint(1, 9), rng.randint(1, 5))

    return Network.from_layers([([[entry() for _ in range(d)] for _ in range(n1)], [entry() for _ in range(n1)]),
                                ([[entry() for _ in range(n1)] for _ in range(n2)], [entry() for _ in range(n2)]),
                                ([[entry() for _ in range(n2)]], [entry()])])


def _random_move(rng: random.Random, net: Network) -> Network:
    for layer, width in ((1, net.architecture[1]), (2, net.architecture[2])):
        order = list(range(width))
        rng.shuffle(order)
        net = act(net, layer, order, [Fraction(rng.randint(1, 9), rng.randint(1, 9)) for _ in range(width)])
    return net


def _identifiable_networks(count: int, seed: int):
    rng, found = random.Random(seed), []
    while len(found) < count:
        net = _random_bottleneck(rng, rng.choice([2, 3]), 2, rng.choice([2, 3]))
        try:
            if api.is_identifiable(net).identifiable:
                found.append(net)
        except NotDecidedError:
            continue
    return rng, found


def test_equal_forms_exactly_for_equal_functions():
    """Moves of H give the form back; the form computes the function (oracle); a moved weight changes both."""
    rng, nets = _identifiable_networks(8, seed=3)
    near_misses = 0
    for net in nets:
        form = api.canonical_form(net)
        assert oracle.equivalent(net, form, orbit_check=False).equivalent
        for _ in range(3):
            assert api.canonical_form(_random_move(rng, net)) == form
        layers = [(list(map(list, layer.weight)), list(layer.bias)) for layer in net.layers]
        layers[1][0][0][0] += Fraction(1, 7)   # a near miss: one second-layer weight moved
        other = Network.from_layers(layers)
        if api.is_identifiable(other).identifiable:
            assert not oracle.equivalent(net, other, orbit_check=False).equivalent
            assert api.canonical_form(other) != form
            near_misses += 1
    assert near_misses >= 4


def test_refused_outside_identifiability():
    dead = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 1], [-1, -1]], [0, -5]), ([[1, 1]], [0])])
    with pytest.raises(NoAlgorithmError, match="not identifiable"):   # the second neuron of layer 2 is dead
        api.canonical_form(dead)
    with pytest.raises(NotDecidedError, match="not a bottleneck"):
        api.canonical_form(Network.from_file(Path(__file__).parents[2] / "semialg_fibers" / "data" / "deep_a.json"))
