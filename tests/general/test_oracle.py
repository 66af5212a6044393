import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import permute_and_scale, random_network

from semialg_fibers import Network
from semialg_fibers.core.domain import box, orthant, polyhedron
from semialg_fibers.core.exceptions import DomainError, NotDecidedError, ShapeError
from semialg_fibers.core.progress import reporting
from semialg_fibers.general.oracle import equivalent, linear_regions

F = Fraction
IDENTITY_1 = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
IDENTITY_2 = Network.from_layers([([[2], [-1]], [3, "-3/2"]), ([["1/2", -1]], ["-3/2"])])
LINEAR_X = Network.from_layers([([[1]], [0])])
RELU = Network.from_layers([([[1]], [0]), ([[1]], [0])])
# 1 - s(1 - s(z)) and s(1 - s(1 - z)): both equal the ramp min(max(z, 0), 1)
RAMP_A = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
RAMP_B = Network.from_layers([([[-1]], [1]), ([[-1]], [1]), ([[1]], [0])])
DEEP_IDENTITY = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 0], [0, 1]], [0, 0]), ([[1, -1]], [0])])
RAMP_SHIFTED = Network.from_layers([([[1]], [0]), ([[-1]], [2]), ([[-1]], [2])])  # clamps at 2 instead of 1

EQUIVALENT = [
    ("s(x)-s(-x)=x", IDENTITY_1, LINEAR_X, None),
    ("shifted s(x)-s(-x)=x", IDENTITY_2, LINEAR_X, None),
    ("two identity forms", IDENTITY_1, IDENTITY_2, None),
    ("ramp flip", RAMP_A, RAMP_B, None),
    ("deeper identity", DEEP_IDENTITY, IDENTITY_2, None),
    ("relu = x on [0, 1]", RELU, LINEAR_X, box([0], [1])),
    ("relu = x on orthant", RELU, LINEAR_X, "orthant"),
    ("ramps agree on [-5, 1]", RAMP_A, RAMP_SHIFTED, box([-5], [1])),
    ("point domain", RELU, LINEAR_X, box([2], [2])),
]

NOT_EQUIVALENT = [
    ("relu vs x", RELU, LINEAR_X, None),
    ("relu vs x on [-1, 1]", RELU, LINEAR_X, box([-1], [1])),
    ("ramp vs shifted ramp", RAMP_A, RAMP_SHIFTED, None),
    ("ramp vs shifted ramp on [0, 3]", RAMP_A, RAMP_SHIFTED, box([0], [3])),
    ("ramp vs relu", RAMP_A, RELU, None),
]


@pytest.mark.parametrize("a, b, domain", [c[1:] for c in EQUIVALENT], ids=[c[0] for c in EQUIVALENT])
def test_equivalent_golden(a, b, domain):
    result = equivalent(a, b, domain=domain)
    assert result and result.witness is None and result.method == "oracle"
    assert equivalent(b, a, domain=domain)


@pytest.mark.parametrize("a, b, domain", [c[1:] for c in NOT_EQUIVALENT], ids=[c[0] for c in NOT_EQUIVALENT])
def test_not_equivalent_golden_with_witness(a, b, domain):
    result = equivalent(a, b, domain=domain)
    assert not result
    x = result.witness
    assert a(x) != b(x) and result.outputs == (a(x), b(x))
    if domain is not None and domain != "orthant":
        assert domain.contains(x)


@pytest.mark.parametrize("architecture", [(1, 3, 1), (2, 4, 1), (2, 3, 2), (3, 4, 3, 1), (2, 3, 3, 2), (2, 2, 3, 2, 1)],
                         ids=lambda a: "-".join(map(str, a)))
def test_permutation_and_scaling_is_equivalent(architecture):
    rng = random.Random(hash(architecture) % 1000)
    for _ in range(3):
        net = random_network(rng, architecture)
        moved = permute_and_scale(net, rng)
        assert equivalent(net, moved)


def test_perturbed_network_is_not_equivalent():
    rng = random.Random(7)
    for architecture in [(2, 4, 1), (3, 3, 3, 1), (2, 2, 2, 2, 2)]:
        net = random_network(rng, architecture)
        params = list(net.parameters())
        params[rng.randrange(len(params) - net.output_dim)] += F(1, 3)  # not the output bias... usually
        other = Network.from_parameters(architecture, params)
        result = equivalent(net, other)
        if not result:
            assert net(result.witness) != other(result.witness)
        else:  # a dead neuron absorbed the change: confirm on random points
            for _ in range(20):
                x = [F(rng.randint(-50, 50), 7) for _ in range(architecture[0])]
                assert net(x) == other(x)


def test_lower_dimensional_polyhedron():
    # f = s(x) - s(-x) - s(y) + s(-y) = x - y; g = s(x) - s(y) + s(-y) = s(x) - y equals it only where x >= 0.
    f = Network.from_layers([([[1, 0], [-1, 0], [0, 1], [0, -1]], [0, 0, 0, 0]), ([[1, -1, -1, 1]], [0])])
    g_net = Network.from_layers([([[1, 0], [0, 1], [0, -1]], [0, 0, 0]), ([[1, -1, 1]], [0])])
    line = polyhedron([[1, 0, 0]], equalities=[[1, -1, 0]])  # x = y, x >= 0
    assert equivalent(f, g_net, domain=line)
    segment = polyhedron([[1, 0, 1], [-1, 0, 1]], equalities=[[1, -1, 0]])  # x = y, -1 <= x <= 1
    result = equivalent(f, g_net, domain=segment)
    assert not result and segment.contains(result.witness) and f(result.witness) != g_net(result.witness)
    implicit = polyhedron([[1, 0, 0], [-1, 0, 0], [0, 1, 3]])  # x >= 0 and x <= 0: the line x = 0, y >= -3
    assert equivalent(f, g_net, domain=implicit)


def test_errors_and_limits():
    with pytest.raises(ShapeError, match="same input and output"):
        equivalent(RELU, Network.from_layers([([[1, 1]], [0])]))
    with pytest.raises(DomainError, match="empty"):
        equivalent(RELU, LINEAR_X, domain=polyhedron([[1, -1], [-1, 0]]))
    with pytest.raises(DomainError, match="dimension"):
        equivalent(RELU, LINEAR_X, domain=orthant(2))
    with pytest.raises(DomainError, match="box is empty"):
        box([1], [0])
    big = random_network(random.Random(3), (2, 8, 1))
    with pytest.raises(NotDecidedError, match="max_regions=2"):
        equivalent(big, permute_and_scale(big, random.Random(4)), max_regions=2, orbit_check=False)


def test_linear_regions_of_generic_arrangement():
    # 3 lines in general position in the plane cut it into 7 regions.
    net = Network.from_layers([([[1, 0], [0, 1], [1, 1]], [0, 0, -1]), ([[1, 2, 3]], [0])])
    regions = list(linear_regions(net))
    assert len(regions) == 7
    for point, forms in regions:
        (form,) = forms
        assert net(point) == (form[0] * point[0] + form[1] * point[1] + form[2],)


def test_progress_reports_every_region():
    calls = []
    net = random_network(random.Random(11), (2, 12, 1))
    with reporting(None, interval=0):
        result = equivalent(net, permute_and_scale(net, random.Random(12)), progress=calls.append, orbit_check=False)
    assert result and result.method == "oracle"
    assert [u.done for u in calls] == list(range(1, result.regions + 1)) + [result.regions]
    assert calls[-1].finished and calls[-1].unit == "regions" and "LPs" in calls[-1].note


def test_identical_and_h_related_networks_need_no_region_search():
    net = random_network(random.Random(13), (2, 6, 3, 1))
    calls = []
    for other in (net, permute_and_scale(net, random.Random(14))):
        with reporting(None, interval=0):
            result = equivalent(net, other, progress=calls.append)
        assert result and result.method == "symmetry" and result.regions is None
    assert calls == []  # no region was examined
    assert equivalent(net, permute_and_scale(net, random.Random(14)), orbit_check=False).method == "oracle"


small_nets = st.tuples(st.integers(1, 2), st.integers(1, 3), st.integers(1, 2), st.integers(0, 10**6))


@settings(max_examples=60, deadline=None)
@given(small_nets, st.booleans())
def test_oracle_against_sampling(spec, same):
    """Equivalent answers agree with evaluation at random points; inequivalent ones carry a checked witness."""
    d, width, k, seed = spec
    rng = random.Random(seed)
    a = random_network(rng, (d, width, k), -2, 2)
    b = permute_and_scale(a, rng) if same else random_network(rng, (d, width, width, k), -2, 2)
    result = equivalent(a, b, orbit_check=False)
    if same:
        assert result
    if result:
        for _ in range(30):
            x = [F(rng.randint(-40, 40), rng.randint(1, 5)) for _ in range(d)]
            assert a(x) == b(x)
    else:
        assert a(result.witness) != b(result.witness)
