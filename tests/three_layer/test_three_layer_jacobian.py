"""The exact evaluation Jacobian against exact difference quotients (f is affine in each single parameter
while no activation changes)."""

import random
from fractions import Fraction

from strategies import with_pattern

from semialg_fibers import Network
from semialg_fibers.three_layer import evaluation_jacobian, jacobian_upper_bound, sample_inputs
from semialg_fibers.three_layer.first_layer import pre_activation, preimage


def test_jacobian_rows_are_difference_quotients():
    rng = random.Random(5)
    net = with_pattern(rng, ("+-+", "--+", "+--"), d=3, k=2)
    theta = list(net.parameters())
    h = Fraction(1, 10 ** 9)
    for x in sample_inputs(net, 12, seed=1):
        rows = evaluation_jacobian(net, [x])
        if not rows:
            continue
        base = net(x)
        for p in range(len(theta)):
            moved = list(theta)
            moved[p] += h
            value = Network.from_parameters(net.architecture, moved)(x)
            assert [(a - b) / h for a, b in zip(value, base)] == [row[p] for row in rows]


def test_samples_reach_every_orthant_and_points_on_kinks_are_skipped():
    rng = random.Random(6)
    net = with_pattern(rng, ("+-+", "--+"), d=4, k=1)
    signs = {tuple(v > 0 for v in pre_activation(net, x)) for x in sample_inputs(net, 80)}
    assert len(signs) == 4
    y = [Fraction(0), Fraction(1)]  # on H_1: the Jacobian is not defined there
    assert evaluation_jacobian(net, [preimage(net, y)]) == []
    assert jacobian_upper_bound(net) == 4  # n1 + n2: generic, no symmetry beyond H
