"""The exhaustive representation search: known classes on examples, and (slow) sweeps over every sign pattern."""

import random

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import LimitReachedError, Network, NotDecidedError
from semialg_fibers.core.limits import UNLIMITED, SearchLimits
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import is_identifiable, representations, row_types
from semialg_fibers.three_layer.search import candidate_hyperplanes, class_key, known_classes

EXAMPLES = [
    # (patterns, d, k, number of classes)
    (("-+",), 1, 1, 2),  # ramp flip
    (("+-", "-+"), 1, 2, 1),
    (("+--",), 2, 1, 2),  # sign change (the translation family is one class)
    (("-++", "+-+"), 3, 1, 1),
    (("-++", "---"), 2, 2, 2),  # ramp revival
    (("+--", "---"), 2, 1, 4),  # sign change and hiding revival, with their layer flips
    (("++-", "---"), 2, 1, 2),  # layer flip absorbed by the revived dead row
    (("+-+", "+++"), 2, 1, 2),  # layer flip absorbed by the linear row
    (("--+", "---", "---"), 2, 1, 8),  # 2-D ramp revivals: three first layers, each with its flip
]


@pytest.mark.parametrize("patterns, d, k, classes", EXAMPLES, ids=[str(e[0]) for e in EXAMPLES])
def test_found_classes_are_the_known_ones(patterns, d, k, classes):
    rng = random.Random(len(patterns) * 7 + d)
    net = with_pattern(rng, patterns, d=d, k=k)
    found = representations(net, limits=UNLIMITED)
    assert len(found) == classes
    assert {r.key for r in found} == known_classes(net)
    assert class_key(net, net) in {r.key for r in found}
    for r in found:
        assert oracle(net, r.network)
        assert same_orbit(net, r.network) == (r.key == class_key(net, net)) or r.key == class_key(net, net)


def test_candidates_and_limits():
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[-1, 2]], [1]), ([[1]], [0])])
    assert len(candidate_hyperplanes(net)) == 4
    with pytest.raises(NotDecidedError, match="subsets"):
        representations(net, limits=SearchLimits(subsets=3))
    rank_deficient = Network.from_layers([([[1, 1], [2, 2]], [0, 1]), ([[-1, 2]], [1]), ([[1]], [0])])
    with pytest.raises(NotDecidedError, match="G1"):
        representations(rank_deficient)


def test_known_classes_refuses_a_closure_beyond_the_limit():
    """Four classes (sign change and hiding revival with their flips): a limit of three raises, never a part."""
    patterns, d, k, classes = EXAMPLES[5]
    net = with_pattern(random.Random(len(patterns) * 7 + d), patterns, d=d, k=k)
    found = {r.key for r in representations(net, limits=UNLIMITED)}
    assert len(found) == classes
    assert known_classes(net, limits=SearchLimits(classes=classes)) == found == known_classes(net, limits=UNLIMITED)
    with pytest.raises(LimitReachedError, match="reaches 4 classes, above the limit classes = 3") as info:
        known_classes(net, limits=SearchLimits(classes=classes - 1))
    assert info.value.limit == "classes" and info.value.value == classes - 1
    with pytest.raises(LimitReachedError, match="subsets") as info:
        representations(net, limits=SearchLimits(subsets=3))
    assert info.value.limit == "subsets"


SWEEPS = [(1, 2, 1), (1, 3, 1), (1, 2, 2), (2, 1, 1), (2, 2, 1), (2, 2, 2), (2, 3, 1), (3, 1, 1), (3, 2, 1)]


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k", SWEEPS, ids=str)
def test_sweep_every_sign_pattern(n1, n2, k):
    """Identifiable verdicts have one class; classes beyond the listed symmetries need two dead rows."""
    rng = random.Random(n1 * 100 + n2 * 10 + k)
    for pats in pattern_multisets(n1, n2):
        net = with_pattern(rng, pats, k=k)
        found = {r.key for r in representations(net, limits=UNLIMITED)}
        known = known_classes(net)
        if is_identifiable(net, allow_conjecture=True):
            assert len(found) == 1, pats
        dead = sum(1 for t in row_types(net) if str(t.kind) == "dead")
        if dead < 2:
            # every class found is reached by the listed discrete symmetries (the closure may list more keys:
            # members of one translation family flipped at different points)
            assert found <= known, pats
