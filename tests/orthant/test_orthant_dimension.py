"""Jacobian upper bound and the generic formula (independent of the component enumeration)."""

import random
from fractions import Fraction

import pytest
from strategies import random_shallow

from semialg_fibers import Network
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.orthant import fiber, fiber_dimension, generic_fiber_dimension, jacobian_upper_bound
from semialg_fibers.orthant.dimension import evaluation_jacobian


def test_evaluation_jacobian_by_finite_differences():
    rng = random.Random(2)
    net = random_shallow(rng, 2, 3, 2)
    y = [Fraction(3, 2), Fraction(5, 7)]
    (rows) = evaluation_jacobian(net, [y])
    if not rows:
        pytest.skip("sample point on a kink")
    base = net.parameters()
    h = Fraction(1, 10 ** 9)
    for i in range(len(base)):
        moved = list(base)
        moved[i] += h
        diff = [(a - b) / h for a, b in zip(Network.from_parameters(net.architecture, moved)(y), net(y))]
        assert [row[i] for row in rows] == diff   # f is piecewise linear in each parameter: exact slope


@pytest.mark.slow
def test_fiber_dimension_below_jacobian_bound_at_samples_slow():
    rng = random.Random(13)
    for _ in range(20):
        net = random_shallow(rng, rng.randint(1, 3), rng.randint(2, 4), rng.randint(1, 2))
        for c in fiber(net):
            s = c.sample(seed=7)
            assert oracle(s, net, domain="orthant")
            assert c.dimension <= jacobian_upper_bound(s)


def test_generic_formula_example():
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, -1]], [0])])
    assert generic_fiber_dimension(net) == fiber_dimension(net) == 6
