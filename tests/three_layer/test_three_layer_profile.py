"""The exact one-variable profile F(y) = g(s(y)) (n1 = 1) against direct evaluation, and its orthant data."""

import random
from fractions import Fraction

import pytest
from strategies import random_network

from semialg_fibers import Network
from semialg_fibers.orthant import canonical_data
from semialg_fibers.three_layer import second_layer
from semialg_fibers.three_layer.first_layer import preimage
from semialg_fibers.three_layer.profile import candidate_breakpoints, profile

F = Fraction


def _random_points(rng, count=30):
    return [F(rng.randint(-400, 400), rng.randint(1, 40)) for _ in range(count)]


@pytest.mark.parametrize("seed", range(40))
def test_profile_agrees_with_the_network_everywhere(seed):
    """F(y) from the profile equals f at a preimage of y, at random points and at the candidate breakpoints."""
    rng = random.Random(seed)
    net = random_network(rng, (2, 1, rng.randint(1, 4), rng.randint(1, 2)), -3, 3)
    if not any(net.layers[0].weight[0]):
        return
    p = profile(net)
    points = _random_points(rng) + list(candidate_breakpoints(net))
    for y in points + [y + F(1, 1000) for y in points]:
        assert p(y) == net(preimage(net, (y,)))
    # the kept breakpoints are true ones, and slopes agree with finite differences between them
    for t, _b in enumerate(p.breakpoints):
        assert any(p.jump(t))
    assert all(b >= 0 for b in p.breakpoints)


GOLDEN = [
    # name, rows (w, c), outputs, breakpoints, first, last
    ("ramp 1 - s(1 - s(y))", [(-1, 1)], [-1], (0, 1), 0, 1),
    ("hidden kink s(2 s(y) - 1)", [(2, -1)], [1], (F(1, 2),), F(1, 2), None),
    ("linear row s(s(y) + 1)", [(1, 1)], [1], (0,), 0, None),
    ("cancelling kinks s(y) - s(y) = 0", [(1, 0), (1, 0)], [1, -1], (), None, None),
    ("two ramps, the second one wider", [(-1, 1), (-1, 3)], [1, 1], (0, 1, 3), 0, 3),
]


@pytest.mark.parametrize("name, rows, outputs, breakpoints, first, last", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_profiles(name, rows, outputs, breakpoints, first, last):
    net = Network.from_layers([([[1]], [0]), ([[w] for w, _ in rows], [c for _, c in rows]), ([outputs], [0])])
    p = profile(net)
    assert p.breakpoints == tuple(F(b) for b in breakpoints)
    assert p.first == (None if first is None else F(first)) and p.last == (None if last is None else F(last))
    assert p.is_constant == (not breakpoints)


def test_shifted_data_at_zero_is_the_canonical_data_of_the_second_layer():
    rng = random.Random(3)
    for _ in range(30):
        net = random_network(rng, (1, 1, 3, 2), -3, 3)
        if not any(net.layers[0].weight[0]) or net.layers[0].weight[0][0] < 0:
            continue
        net = Network.from_layers([([[1]], [0]), (net.layers[1].weight, net.layers[1].bias),
                                   (net.layers[2].weight, net.layers[2].bias)])
        assert profile(net).shifted_data(0) == canonical_data(second_layer(net))


def test_reversed_data_is_the_reflected_function():
    rng = random.Random(4)
    for _ in range(20):
        net = random_network(rng, (1, 1, 3, 1), -3, 3)
        if not any(net.layers[0].weight[0]):
            continue
        p = profile(net)
        end = (p.breakpoints[-1] if p.breakpoints else F(0)) + F(rng.randint(0, 5), 2)
        data = p.reversed_data(end)
        for u in [F(rng.randint(0, 80), 7) for _ in range(15)]:
            assert data.evaluate([u]) == p(end - u)


def test_needs_one_first_layer_neuron():
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 1]], [0]), ([[1]], [0])])
    with pytest.raises(ValueError, match="n1 = 1"):
        profile(net)
