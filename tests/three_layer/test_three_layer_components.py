"""Three-layer fiber components: sound (samples are oracle-equivalent), self-consistent (samples are members and
satisfy the implicit form), dimension below the exact Jacobian bound, membership rejecting near misses."""

import random
from fractions import Fraction

import pytest
from strategies import scale_and_permute, with_pattern

from semialg_fibers import Network
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import jacobian_upper_bound, translate
from semialg_fibers.three_layer.components import ThreeLayerComponent, match_first_layer
from semialg_fibers.three_layer.families import FamilyKind
from semialg_fibers.three_layer.fiber import fiber

F = Fraction

# (name, row sign patterns, d, k): every kind of family and of second-layer role
CASES = [
    ("n1=1 ramp", ("-+",), 1, 1),
    ("n1=1 ramp and dead row, k=2", ("-+", "--"), 2, 2),
    ("n1=1 hiding and linear", ("+-", "++"), 1, 1),
    ("n1=1 hidden kink, two hiding rows", ("+-", "+-"), 1, 2),
    ("n1=1 other rows and a dead row", ("-+", "-+", "--"), 1, 1),
    ("n2=1 hiding (n1=2, d=3)", ("+--",), 3, 1),
    ("n2=1 hiding (n1=3)", ("-+--",), 3, 1),
    ("n2=1 linear (n1=2, k=2)", ("+++",), 2, 2),
    ("n2=1 other", ("-++",), 2, 1),
    ("two other rows", ("++-", "-+-"), 2, 1),
    ("two rows hiding column 1", ("+--", "+--"), 3, 1),
    ("linear and other row (layer flip)", ("+++", "++-"), 2, 1),
    ("linear and hiding row, k=2", ("+++", "-+-"), 2, 2),
]


def _network(patterns, d, k, seed=0):
    return with_pattern(random.Random(seed), patterns, d=d, k=k)


@pytest.mark.parametrize("name, patterns, d, k", CASES, ids=[c[0] for c in CASES])
def test_components_are_sound_and_consistent(name, patterns, d, k):
    net = _network(patterns, d, k)
    f = fiber(net, allow_conjecture=True)
    assert f.contains(net)
    for component in f:
        assert isinstance(component, ThreeLayerComponent)
        assert max(component.certificate.ranks) == component.dimension
        for seed in (0, 1):
            sample = component.sample(seed)
            assert oracle(net, sample), (name, component.description)
            assert component.contains(sample)
            assert component.contains(scale_and_permute(sample, random.Random(seed)))
            if component.implicit is not None:
                assert component.implicit.contains(sample.parameters())
            assert component.dimension <= jacobian_upper_bound(sample)


def test_membership_rejects_near_misses():
    """Outside the translation interval, or with one entry perturbed, a network is in no component."""
    rng = random.Random(5)
    for patterns in [("+--",), ("+--", "+--"), ("-+",)]:
        net = with_pattern(rng, patterns, d=len(patterns[0]) - 1)
        f = fiber(net, certify=False, allow_conjecture=True)
        hidden = [fam for fam in f.families if fam.kind == FamilyKind.TRANSLATION and fam.intervals[0].closed]
        for family in hidden:
            outside = translate(net, family.columns[0], family.intervals[0].lower - F(1, 10), check=False)
            assert not oracle(net, outside) and not f.contains(outside)
        params = list(net.parameters())
        params[-1] += 1
        moved = Network.from_parameters(net.architecture, params)
        assert not f.contains(moved)
        for component in f:  # the implicit forms reject them too
            if component.implicit is not None:
                assert not component.implicit.contains(moved.parameters())


def test_first_layer_matching():
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    family = fiber(net, certify=False, allow_conjecture=True).families[0]
    other = Network.from_layers([([[-2, 2], [3, 6]], [-2, 6]), ([[1, 1]], [1]), ([[1]], [0])])
    assert match_first_layer(net, family, other) == ([1, 0], [F(2), F(3)], (F(3, 2),))
    below = Network.from_layers([([[-2, 2], [3, 6]], [-2, -3]), ([[1, 1]], [1]), ([[1]], [0])])  # t = -3/2 < -1/2
    assert match_first_layer(net, family, below) is None
    reversed_ = Network.from_layers([([[2, -2], [3, 6]], [2, 6]), ([[1, 1]], [1]), ([[1]], [0])])
    assert match_first_layer(net, family, reversed_) is None


def test_component_words_and_json():
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    f = fiber(net, allow_conjecture=True)
    texts = [c.description for c in f]
    assert texts[0].startswith("hidden neuron 1 translated by t >= -1/2 (hiding translation); second layer")
    assert texts[1].startswith("first-layer neuron 2 reversed through the hidden neuron 1 (sign change)")
    data = f.components[1].to_dict()
    assert data["pattern"]["first_layer"]["kind"] == "sign change" and data["orthant_dimension"] == 1
    latex = f.components[1].latex()
    assert r"$t \geq - \frac{1}{2}$" in latex and "Implicit form" in latex
