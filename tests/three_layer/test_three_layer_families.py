"""First-layer families: which exist, and their moving orthant data against independent computations."""

import random
from fractions import Fraction

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import Network, NotDecidedError, SearchLimits
from semialg_fibers.orthant import canonical_data
from semialg_fibers.three_layer import second_layer, translate
from semialg_fibers.three_layer.families import FamilyKind, Interval, first_layer_families
from semialg_fibers.three_layer.profile import profile

F = Fraction

GOLDEN = [
    # name, layers, expected (kind, flipped, interval) per family
    ("other rows: the orbit only",
     [([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, 1]), ([[3, -2]], [1])],
     [("orbit", (), None)]),
    ("one hiding row (n1 = 2): translation and sign change",
     [([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])],
     [("hiding translation", (), "t >= -1/2"), ("sign change", (1,), "t >= -1/2")]),
    ("two hiding rows of one column: translation only",
     [([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, -3]], [-1, -2]), ([[1, 1]], [0])],
     [("hiding translation", (), "t >= -1/2")]),
    ("one hiding row (n1 = 3): four sign changes",
     [([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0, 0, 0]), ([[2, -1, -4]], [-1]), ([[1]], [0])],
     [("hiding translation", (), "t >= -1/2"), ("sign change", (1,), "t >= -1/2"),
      ("sign change", (2,), "t >= -1/2"), ("sign change", (1, 2), "t >= -1/2")]),
    ("n1 = 1 ramp: orbit, shifted, reversed, ramp flip",
     [([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])],
     [("orbit", (), None), ("shifted", (), "t > 0"), ("reversed", (), "t > 1"), ("ramp flip", (), None)]),
    ("n1 = 1 hidden kink: translation and its end point",
     [([[1]], [0]), ([[2]], [-1]), ([[1]], [0])],
     [("hiding translation", (), "t > -1/2"), ("boundary", (), None)]),
    ("n1 = 1 linear row: orbit and shifted",
     [([[2, 1]], [1]), ([[1]], [1]), ([[1]], [0])],
     [("orbit", (), None), ("shifted", (), "t > 0")]),
]


@pytest.mark.parametrize("name, layers, expected", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_families(name, layers, expected):
    families = first_layer_families(Network.from_layers(layers))
    got = [(str(f.kind), f.flipped, f.describe_parameters() or None) for f in families]
    assert got == expected


def test_translated_data_is_the_canonical_data_of_the_translated_network():
    """h_t from shifting the reference equals the canonical data of T_t(theta)'s second layer (n1 >= 2)."""
    rng = random.Random(11)
    for patterns in [("+--", "+--"), ("+--",), ("+---", "+---", "----"), ("-+-", "---")]:
        net = with_pattern(rng, patterns, k=2)
        for family in first_layer_families(net):
            (interval,), (column,) = family.intervals, family.columns
            for t in (interval.lower, interval.lower / 2, F(0), F(7, 3), F(40)):
                assert family.data_at(t) == canonical_data(second_layer(translate(net, column, t)))


def test_one_dimensional_data_moves_with_t():
    rng = random.Random(12)
    for _ in range(40):
        net = with_pattern(rng, [rng.choice(["+-", "-+", "++", "--"]) for _ in range(3)], k=2)
        p = profile(net)
        for family in first_layer_families(net):
            if not family.parametric:
                continue
            (interval,) = family.intervals
            t = interval.lower + F(rng.randint(1, 30), 7)
            expected = p.reversed_data(t) if family.kind == FamilyKind.REVERSED else p.shifted_data(-t)
            assert family.data_at(t) == expected
            assert interval.contains(t) and not interval.contains(interval.lower)


def test_sign_changes_are_bounded_by_the_limits():
    net = Network.from_layers([([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0, 0, 0]), ([[2, -1, -4]], [-1]), ([[1]], [0])])
    with pytest.raises(NotDecidedError, match="sign changes"):
        first_layer_families(net, limits=SearchLimits.with_budget(2))


def test_first_layer_checks_t():
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    family = first_layer_families(net)[0]
    assert family.first_layer(net, F(-1, 2))[1] == (F(0), F(-1))
    with pytest.raises(ValueError, match="t >= -1/2"):
        family.first_layer(net, F(-1))
    with pytest.raises(ValueError, match="needs"):
        family.first_layer(net)
    assert Interval(None).contains(-10**9) and Interval(None).describe() == "t in R"


def test_every_pattern_of_small_architectures_has_its_own_family_first():
    """theta itself is in the first family: its first layer is the family's at mu = 1, t = 0."""
    rng = random.Random(13)
    for n1, n2 in ((1, 2), (2, 2), (3, 1)):
        for patterns in pattern_multisets(n1, n2):
            net = with_pattern(rng, patterns)
            family = first_layer_families(net)[0]
            t = F(0) if family.parametric and family.kind == FamilyKind.TRANSLATION else None
            if t is not None and not family.intervals[0].contains(t):
                continue
            weight, bias = family.first_layer(net, t) if family.parametric else family.first_layer(net)
            assert (weight, bias) == (net.layers[0].weight, net.layers[0].bias)
