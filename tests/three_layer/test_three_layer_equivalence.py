"""The polynomial three-layer equivalence test against the general oracle: symmetry walks, near misses, degenerate
small-integer networks, every small-integer network of (1, 1, 1, 1); witnesses checked; the fallback."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from strategies import pairs, pattern_multisets, random_network, scale_and_permute, with_pattern

from semialg_fibers import Network, NotDecidedError, SearchLimits, ShapeError
from semialg_fibers.api import equivalent as api_equivalent
from semialg_fibers.core.symmetries import act
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import layer_flip, ramp_flip, revival_forms, revive, sign_change, translate
from semialg_fibers.three_layer.equivalence import METHOD, align, equivalent, find_witness

F = Fraction

HIDDEN = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
TWO_HIDING = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, -1]), ([[3, 1]], [1])])
RAMP = Network.from_layers([([[2, 1]], [1]), ([[-1], [-3]], [1, 2]), ([[1, 2]], [0])])
FLIP = Network.from_layers([([[1, 2], [-1, 1]], [1, -1]), ([[1, 1], [-1, -2]], [-1, 1]), ([[1, 0]], [0])])
LINEAR = Network.from_layers([([[1, 2, 0], [-1, 1, 1]], [1, -1]), ([[2, 1], [1, 3], [1, -2]], [1, 1, -1]),
                              ([[1, 2, 3]], [0])])


def _check(a, b, expected):
    r = equivalent(a, b)
    assert bool(r) == expected == bool(oracle(a, b)), r.reason
    if not expected:
        assert r.witness is not None and a(r.witness) != b(r.witness) and r.outputs == (a(r.witness), b(r.witness))
    return r


GOLDEN = [
    ("hiding translation", HIDDEN, lambda n: translate(n, 0, 5), True),
    ("translation to the end of the interval", HIDDEN, lambda n: translate(n, 0, F(-1, 2)), True),
    ("translation past the end", HIDDEN, lambda n: translate(n, 0, F(-3, 4), check=False), False),
    ("sign change then translation", HIDDEN, lambda n: translate(sign_change(n, 0, [1]), 0, 2), True),
    ("sign change with two hiding rows (not a symmetry)", TWO_HIDING,
     lambda n: Network.from_layers([([[-1, -2], [-1, 1]], [F(-1, 2), -1])] + [(l.weight, l.bias) for l in n.layers[1:]]),
     False),
    ("translation of two hiding rows", TWO_HIDING, lambda n: translate(n, 0, 4), True),
    ("ramp flip (n1 = 1)", RAMP, ramp_flip, True),
    ("layer flip absorbed by a revived dead row", FLIP, lambda n: layer_flip(n, [0]), True),
    ("first-layer neuron reversed", LINEAR,
     lambda n: Network.from_layers([([[-1, -2, 0], [-1, 1, 1]], [-1, -1])] + [(l.weight, l.bias) for l in n.layers[1:]]),
     False),
    ("one output weight perturbed", LINEAR,
     lambda n: Network.from_layers([(l.weight, l.bias) for l in n.layers[:2]] + [([[1, 2, F(3001, 1000)]], [0])]),
     False),
]


@pytest.mark.parametrize("name, net, move, expected", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_pairs(name, net, move, expected):
    other = scale_and_permute(move(net), random.Random(1))
    r = _check(net, other, expected)
    assert r.method == METHOD


def _agreement(architectures, per, seed, walks=2):
    rng = random.Random(seed)
    stats = Counter()
    for d, n1, n2, k in architectures:
        patterns = pattern_multisets(n1, n2)
        for pats in rng.sample(patterns, min(per, len(patterns))):
            net = with_pattern(rng, pats, d=d, k=k)
            for kind, other, expected in pairs(rng, net, walks):
                truth = bool(oracle(net, other))
                assert expected is None or truth == expected, kind
                r = _check(net, other, truth)
                stats[(truth, r.method)] += 1
    return stats


ARCHITECTURES = [(2, 2, 2, 1), (3, 2, 2, 1), (2, 2, 1, 1), (3, 2, 1, 2), (2, 1, 2, 1), (1, 1, 3, 2), (3, 3, 3, 2)]
ALL = ARCHITECTURES + [(4, 2, 3, 1), (5, 3, 4, 2), (1, 1, 1, 1), (3, 1, 2, 2), (4, 3, 5, 2), (3, 2, 4, 3)]


def test_agrees_with_the_oracle_on_walks_and_near_misses():
    stats = _agreement(ARCHITECTURES, 5, 0)
    assert stats[(True, METHOD)] >= 50 and stats[(False, METHOD)] >= 50
    assert not [key for key in stats if key[1] != METHOD]  # generic pairs never need the fallback


@pytest.mark.slow
def test_agrees_with_the_oracle_on_thousands_of_pairs():
    stats = _agreement(ALL, 90, 1, walks=4)
    assert sum(stats.values()) >= 3000 and not [key for key in stats if key[1] != METHOD]


def _degenerate(count, seed):
    rng = random.Random(seed)
    stats = Counter()
    for arch in [(2, 2, 2, 1), (1, 1, 2, 1), (2, 1, 2, 1), (3, 2, 2, 2), (2, 2, 1, 1)]:
        for _ in range(count):
            net = random_network(rng, arch, -2, 2)
            for _kind, other, _ in list(pairs(rng, net, 1)) + [("random", random_network(rng, arch, -1, 1), None)]:
                r = _check(net, other, bool(oracle(net, other)))
                stats[r.method] += 1
    return stats


def test_degenerate_small_integer_networks():
    """Zeros, ties, rank-deficient first layers: the answer is exact, by the fast test or the stated fallback."""
    stats = _degenerate(6, 2)
    assert set(stats) <= {METHOD, "oracle (three-layer fallback)"} and stats[METHOD] > 30


@pytest.mark.slow
def test_degenerate_small_integer_networks_many():
    assert sum(_degenerate(80, 3).values()) > 1500


def test_every_small_integer_network_of_the_smallest_architecture():
    """(1, 1, 1, 1) with entries in {-1, 0, 1}: 729 networks; the test agrees with the oracle on every pair of a
    sample that contains both equivalent pairs (same evaluations) and different ones."""
    nets = [Network.from_parameters((1, 1, 1, 1), p) for p in itertools.product((-1, 0, 1), repeat=6)]
    points = [(F(x, 2),) for x in range(-6, 7)]
    groups: dict = {}
    for net in nets:
        groups.setdefault(tuple(net(x) for x in points), []).append(net)
    rng = random.Random(4)
    for group in groups.values():
        for a, b in itertools.combinations(group[:6], 2):
            _check(a, b, bool(oracle(a, b)))
    for _ in range(150):
        a, b = rng.sample(nets, 2)
        _check(a, b, bool(oracle(a, b)))


def test_unaligned_equal_networks_fall_back_to_the_oracle():
    """A dead-row revival changes the first layer: no exact move aligns them, no witness exists, the oracle decides
    (and says so); beyond its region limit the answer is NotDecidedError."""
    net = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])])
    revived = revive(net, revival_forms(net)[0])
    assert not isinstance(align(net, revived), type(align(net, net)))
    r = equivalent(net, revived)
    assert r and r.method == "oracle (three-layer fallback)" and "first layers are not related" in r.reason
    with pytest.raises(NotDecidedError, match="general oracle is beyond its limits"):
        equivalent(net, revived, limits=SearchLimits(regions=1))


def test_shapes_and_dispatch():
    with pytest.raises(ShapeError, match="one architecture"):
        equivalent(HIDDEN, Network.from_layers([([[1, 2]], [0]), ([[1]], [0]), ([[1]], [0])]))
    with pytest.raises(ShapeError, match="three-layer"):
        equivalent(HIDDEN, Network.from_layers([([[1, 2]], [0]), ([[1]], [0])]))
    moved = act(translate(HIDDEN, 0, 2), 1, [1, 0], [1, 1])  # not in the H orbit: the fast test decides
    r = api_equivalent(HIDDEN, moved)
    assert r and r.method == METHOD
    assert equivalent(HIDDEN, HIDDEN).reason == "the two networks are identical"


def test_find_witness_near_the_hyperplanes():
    other = translate(HIDDEN, 0, F(-3, 4), check=False)
    x = find_witness(HIDDEN, other)
    assert x is not None and HIDDEN(x) != other(x)
    assert find_witness(HIDDEN, translate(HIDDEN, 0, 3)) is None


@pytest.mark.parametrize("victim, extracted", [
    ("chen2024_untrained_32-2-2-1_victim", "chen2024_untrained_32-2-2-1_extracted_12p"),
    ("chen2024_untrained_32-2-2-1_victim", "chen2024_untrained_32-2-2-1_extracted_14p"),
    ("chen2024_untrained_512-2-2-1_victim", "chen2024_untrained_512-2-2-1_extracted_14p"),
])
def test_extracted_networks_do_not_realize_their_victims(victim, extracted):
    """Approximately equal trained networks: exactly different, with a witness checked by exact evaluation."""
    from semialg_fibers.readwrite.examples import real_network

    a, b = real_network(victim), real_network(extracted)
    r = api_equivalent(a, b)
    assert not r and r.method == METHOD and a(r.witness) != b(r.witness)
