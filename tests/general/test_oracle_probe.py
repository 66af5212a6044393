"""The evaluation pre-check of the general oracle: differing pairs answered at a probe point, with an exact witness;
equal pairs (and pairs that agree at every probe) still go through the full region search."""

import random
from fractions import Fraction

import pytest
from strategies import permute_and_scale, random_network

from semialg_fibers import Network, api
from semialg_fibers.core.domain import box, polyhedron
from semialg_fibers.general import oracle
from semialg_fibers.general.oracle import _shape, equivalent, probe_points
from semialg_fibers.readwrite import examples

F = Fraction

# The pairs compared in the equivalence-checking benchmarks the networks come from (independently trained).
DIFFERING = [("nnequiv_bitvec_1_1_10-10-2", "nnequiv_bitvec_2_1_10-5-5-2"),
             ("nnequiv_bitvec_1_2_10-20-2", "nnequiv_bitvec_2_2_10-10-10-2"),
             ("nnequiv_mnist_1_1_784-10-10", "nnequiv_mnist_2_1_784-10-10-10")]


def _unit_box(d):
    return box([0] * d, [1] * d)


@pytest.mark.parametrize("names", DIFFERING, ids=lambda p: p[0].split("_", 1)[1])
@pytest.mark.parametrize("on_box", [False, True], ids=["R^d", "box"])
def test_bundled_differing_pairs_are_answered_by_a_probe(names, on_box):
    a, b = (examples.real_network(n) for n in names)
    domain = _unit_box(a.input_dim) if on_box else None
    for result in (equivalent(a, b, domain=domain), api.equivalent(a, b, domain=domain)):
        assert not result and result.regions == 0 and "probe point" in result.reason
        x = result.witness
        assert a(x) != b(x) and result.outputs == (a(x), b(x))  # checked by exact evaluation here
        if domain is not None:
            assert domain.contains(x)


def test_equal_pairs_go_through_the_full_search():
    rng = random.Random(5)
    for architecture in [(2, 4, 1), (3, 3, 3, 1), (2, 3, 2, 2)]:
        net = random_network(rng, architecture)
        moved = permute_and_scale(net, rng)
        for domain in (None, box([-2] * architecture[0], [3] * architecture[0])):
            result = equivalent(net, moved, domain=domain, orbit_check=False)
            assert result and result.regions > 0 and "linear regions agree" in result.reason


def test_a_difference_beyond_every_probe_is_found_by_the_region_search():
    # relu(x - 20) and 0 agree on [-16, 16], where every probe and screened point of R lies; they differ for x > 20.
    late = Network.from_layers([([[1]], [-20]), ([[1]], [0])])
    zero = Network.from_layers([([[0]], [0])])
    assert all(late(x) == zero(x) for x in probe_points(None, 1))
    assert all(late(x) == zero(x) for x in oracle._screened_points(late, zero, None))
    result = equivalent(late, zero, orbit_check=False)
    assert not result and result.regions > 0 and late(result.witness) != zero(result.witness)
    # On a box the probes reach its corners: [0, 30] has the corner 30, where they differ.
    result = equivalent(late, zero, domain=box([0], [30]))
    assert not result and result.regions == 0 and result.witness == (F(30),)
    # Without the probes the region search alone finds a witness too.
    result = equivalent(late, zero, domain=box([0], [30]), probe=False)
    assert not result and result.regions > 0 and late(result.witness) != zero(result.witness)


def test_probe_points_lie_in_the_domain():
    rng = random.Random(9)
    domains = [box([0, -1], [2, 1]), polyhedron([[1, 1, 0], [-1, 0, 3], [0, -1, 3]]),  # x + y >= 0, x, y <= 3
               polyhedron([[1, 0, 0], [0, 1, 0], [-1, -1, 1]]),  # a triangle: centre of its box (1/2, 1/2) on the edge
               polyhedron([[1, 0, 0]], equalities=[[1, -1, 0]]),  # a half line
               polyhedron([[1, 0, 0], [-1, 0, 0], [0, 1, 5]])]  # x = 0 written as two inequalities
    for domain in domains:
        points = list(probe_points(domain, 2, count=40))
        assert points and all(domain.contains(p) for p in points)
        shape = _shape(domain)
        for _ in range(200):  # the fast membership of the probes against Polyhedron.contains
            x = (F(rng.randint(-8, 8), rng.randint(1, 3)), F(rng.randint(-8, 8), rng.randint(1, 3)))
            assert shape.contains(x) == domain.contains(x)


def test_domains_without_a_strict_box_centre_are_charted_by_lp():
    """The chart's shortcut (the box centre strictly inside) must not hide implicit equalities or emptiness."""
    f = Network.from_layers([([[1, 0], [-1, 0], [0, 1], [0, -1]], [0, 0, 0, 0]), ([[1, -1, -1, 1]], [0])])  # x - y
    g = Network.from_layers([([[1, 0], [0, 1], [0, -1]], [0, 0, 0]), ([[1, -1, 1]], [0])])  # relu(x) - y
    triangle = polyhedron([[1, 0, 0], [0, 1, 0], [-1, -1, 1]])  # x, y >= 0: equal there
    assert equivalent(f, g, domain=triangle, probe=False) and equivalent(f, g, domain=triangle)
    left = polyhedron([[-1, -1, 0], [1, 0, 2], [0, 1, 2]])  # x + y <= 0, x, y >= -2: box centre (0, 0) on the edge
    result = equivalent(f, g, domain=left)
    assert not result and left.contains(result.witness) and f(result.witness) != g(result.witness)
    wall = polyhedron([[1, 0, 0], [-1, 0, 0], [0, 1, 3]])  # x = 0, y >= -3: f = g there
    assert equivalent(f, g, domain=wall)


def test_a_near_miss_beyond_the_fixed_probes_is_answered_at_a_screened_point():
    """A deep pair that differs only where x_1 > 3 (one bias moved by 1/1024): the fixed probes of R^2 all lie in
    [-1, 1]^2 and agree; a screened point answers, without any region, and exact evaluation confirms it."""
    rng = random.Random(7)
    layers = [([[1, 0], [0, 1], [1, 1]], [-3, 0, 1])]
    for width in (3, 3):
        layers.append(([[F(rng.randint(1, 9), rng.randint(1, 5)) for _ in range(3)] for _ in range(width)],
                       [F(rng.randint(1, 9), rng.randint(1, 5)) for _ in range(width)]))
    layers.append(([[1, -2, 1]], [0]))
    net = Network.from_layers(layers)
    moved = list(net.parameters())
    moved[6] += F(1, 1024)  # b1_1: the neuron relu(x_1 - 3), inactive on [-1, 1]^2
    near = Network.from_parameters(net.architecture, moved)
    assert all(net(x) == near(x) for x in probe_points(None, 2))
    for domain in (None, polyhedron([[0, 1, 10]])):  # R^2, and x_2 >= -10 (x_1 free: its probes stay in [-1, 1])
        result = equivalent(net, near, domain=domain, orbit_check=False)
        assert not result and result.regions == 0 and "screened point" in result.reason
        x = result.witness
        assert net(x) != near(x) and result.outputs == (net(x), near(x)) and x[0] > 3
        if domain is not None:
            assert domain.contains(x)
