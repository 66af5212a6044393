"""The shallow fiber: soundness, completeness, certified dimensions, Jacobian bound, golden table."""

from __future__ import annotations

import random

import pytest
from checks import evaluation_jacobian_corank
from strategies import random_neuron_network

from semialg_fibers import Network, examples
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.shallow.fiber import fiber
from semialg_fibers.shallow.genericity import is_generic

# name, network, dimension, number of patterns, total multiplicity (images under permutations)
GOLDEN = [
    ("spec-orbit", examples.spec_orbit_example(), 2, 1, 2),
    ("spec-identity", examples.spec_identity_example(), 3, 1, 1),
    ("hidden-symmetry", examples.hidden_symmetry_example(), 4, 7, 30),
    ("mixed-line", examples.mixed_line_example(), 3, 4, 24),
    ("cancelling-pair-R2", examples.cancelling_pair_example(), 4, 2, 6),
    ("transversal", examples.transversal_counterexample(), 3, 2, 12),
]


@pytest.mark.parametrize("net, dim, patterns, copies", [c[1:] for c in GOLDEN], ids=[c[0] for c in GOLDEN])
def test_golden(net, dim, patterns, copies):
    f = fiber(net)  # every component's dimension is certified by exact tangent ranks on construction
    assert f.dimension == dim == max(c.dimension for c in f)
    assert len(f) == patterns and sum(c.multiplicity for c in f) == copies
    assert f.contains(net)
    for c in f:
        assert c.certificate.dimension == c.dimension


def _fibers(count, seed, dims=(1, 2), low=-1, high=1):
    rng = random.Random(seed)
    for _ in range(count):
        m, k, n = rng.randint(*dims), rng.randint(*dims), rng.randint(1, 3)
        net = random_neuron_network(rng, m, n, k, low, high)
        yield rng, net, fiber(net)


def _soundness_and_completeness(rng, net, f, pairs=4):
    m, n, k = net.architecture
    for c in f:
        sample = c.sample(seed=rng.randint(0, 10**6))
        assert oracle(net, sample), (net, c.pattern)
        assert c.contains(sample)
    for _ in range(pairs):
        other = random_neuron_network(rng, m, n, k, -1, 1)
        assert bool(oracle(net, other)) == f.contains(other), (net, other)


def test_soundness_and_completeness_sample():
    for rng, net, f in _fibers(12, 21):
        _soundness_and_completeness(rng, net, f)


@pytest.mark.slow
def test_soundness_and_completeness_many():
    for rng, net, f in _fibers(150, 22, dims=(1, 3)):
        _soundness_and_completeness(rng, net, f, pairs=8)


def test_completeness_on_constructed_twins():
    """Parameters equivalent by construction (hidden symmetries included) are members."""
    twins = [
        (examples.transversal_counterexample(), examples.transversal_counterexample_flipped()),
        (examples.spec_identity_example(), Network.from_layers([([[3], [-2]], [5, "-10/3"]), ([["1/3", "-1/2"]], ["-5/3"])])),
        (examples.hidden_symmetry_example(), Network.from_layers([([[1], [2], [-2]], [0, 1, -1]), ([[1, "1/2", "-1/2"]], ["-1/2"])])),
    ]
    for a, b in twins:
        assert oracle(a, b)
        assert fiber(a).contains(b) and fiber(b).contains(a)


def test_jacobian_corank_bounds_component_dimension():
    """N - rank(J) at a sampled point bounds the dimension of its component; equality exactly where expected.

    Strict cases (docs/theory/shallow.md, Section 5): dead neurons (the derivative in a_i
    vanishes but moving a_i activates the neuron), neurons sharing a line, and some
    constant neurons.  Without them the bound is attained.
    """
    strict_seen = equal_seen = 0
    for rng, net, f in _fibers(10, 23):
        for c in f:
            point = c.sample(seed=5)
            corank = evaluation_jacobian_corank(point, rng)
            assert corank >= c.dimension
            roles = c.pattern.roles
            plain = not roles.dead and not roles.constant and not roles.extra \
                and all(p + q == 1 for p, q in roles.visible)
            if plain:
                assert corank == c.dimension, (net, c.pattern)
                equal_seen += 1
            elif corank > c.dimension:
                strict_seen += 1
        top = max(f, key=lambda c: c.dimension)
        assert evaluation_jacobian_corank(top.sample(seed=1), rng) >= f.dimension
    assert strict_seen and equal_seen


def test_generic_fiber_is_the_orbit():
    rng = random.Random(24)
    seen = 0
    for _ in range(30):
        net = random_neuron_network(rng, rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 2), -3, 3)
        if is_generic(net):
            f = fiber(net)
            assert len(f) == 1 and f.dimension == net.architecture[1]
            (c,) = f
            assert all(p + q == 1 for p, q in c.pattern.roles.visible) and c.pattern.roles.width == len(c.pattern.roles.visible)
            assert evaluation_jacobian_corank(net, rng) == f.dimension
            seen += 1
    assert seen >= 5


def test_limit_counts_omitted_components():
    f = fiber(examples.hidden_symmetry_example(), limit=2)
    assert len(f) == 2 and f.omitted == 5 and f.dimension == 4 and not f.is_complete


def test_latex_and_json():
    f = fiber(examples.spec_identity_example())
    text = f.latex()
    assert "lambda" in text and "cancelling" in text
    assert '"dimension": 3' in f.to_json()


def test_fiber_of_trained_network_is_one_orbit():
    """Trained 10-50-2 network: the orientation sets come from the exact search (not from all 2^50
    orientation vectors), so the fiber is found at once: the H_50 orbit, one component of
    multiplicity 50!, dimension 50; a permuted and rescaled copy is a member."""
    import math

    from strategies import permute_and_scale

    from semialg_fibers.readwrite.examples import REAL_NETWORKS
    path = REAL_NETWORKS / "nnequiv_bitvec_1_4_10-50-2.json"
    if not path.exists():
        pytest.skip(f"{path} not present")
    net = Network.from_json(path.read_text(), numbers="float64")
    f = fiber(net, certify=False)
    comps = list(f)
    assert f.dimension == 50
    assert [(c.dimension, c.multiplicity) for c in comps] == [(50, math.factorial(50))]
    assert f.contains(permute_and_scale(net, random.Random(4)))
