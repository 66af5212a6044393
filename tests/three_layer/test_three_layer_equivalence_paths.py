"""Which path decides a three-layer pair (docs/theory/three_layer.md, Section 12): the inputs of Theorem 12.4 are
decided by the proven paths, never by the candidate search or the oracle fallback, and every answer agrees with the
general oracle; outside that class the answer is still exact, and the fallback does run."""

import itertools
import random
from fractions import Fraction

import pytest
from strategies import near_misses, pattern_multisets, random_network, scale_and_permute, walk, with_pattern

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.core import linalg
from semialg_fibers.core.results import EquivalenceResult
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import equivalence, fiber, genericity, revival_forms, revive, translate
from semialg_fibers.three_layer.equivalence import PATHS, decision_path, equivalent
from semialg_fibers.three_layer.fiber import completeness
from semialg_fibers.three_layer.theorems import theorem_of

F = Fraction
PROVEN_PATHS = {"identical", "one variable", "aligned"}


def _decide(a, b):
    """The test's answer and path, checked against the oracle; a "not equivalent" witness separates the inputs."""
    r = equivalent(a, b)
    assert bool(r) == bool(oracle(a, b, orbit_check=False)), r.reason
    if not r:
        assert a(r.witness) != b(r.witness) and r.outputs == (a(r.witness), b(r.witness))
    return r, decision_path(r)


# ---------------------------------------------------------------------------- decision_path
HIDDEN = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
# W1 of rank 2 with three pairwise non-proportional rows: y3 = y1 + y2, so z3 <= z1 + z2 wherever the first layer
# reaches, and the row s(z3 - z1 - z2) vanishes there but not on the whole orthant
RANK_DEFICIENT = Network.from_layers([([[1, 0], [0, 1], [1, 1]], [0, 0, 0]),
                                      ([[1, 0, 0], [-1, -1, 1]], [0, 0]), ([[1, 0]], [0])])
UNREACHED_ROW = Network.from_layers([([[1, 0], [0, 1], [1, 1]], [0, 0, 0]),
                                     ([[1, 0, 0], [-1, -1, 1]], [0, 0]), ([[1, 1]], [0])])
PATH_CASES = [
    ("identical", HIDDEN, HIDDEN, "identical"),
    ("n1 = 1", Network.from_layers([([[1]], [0]), ([[1]], [-1]), ([[1]], [0])]),
     Network.from_layers([([[2]], [0]), ([[1]], [-2]), ([[1]], [0])]), "one variable"),
    ("hiding translation", HIDDEN, translate(HIDDEN, 0, 2), "aligned"),
    ("aligned, second layers differ", HIDDEN, Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]),
                                                                   ([[2, -1]], [-1]), ([[4]], [1])]), "aligned"),
    ("a neuron translated outside every interval", HIDDEN,
     Network.from_layers([([[1, 2], [-1, 1]], ["1/2", 1]), ([[2, -1]], [-1]), ([[3]], [1])]), "witness search"),
    ("aligned, W1 not of full row rank, different", RANK_DEFICIENT,
     Network.from_layers([([[1, 0], [0, 1], [1, 1]], [0, 0, 0]), ([[1, 0, 0], [-1, -1, 1]], [0, 0]), ([[1, 1]], [1])]),
     "witness search"),
    ("aligned, W1 not of full row rank, equal", RANK_DEFICIENT, UNREACHED_ROW, "oracle fallback"),
]


@pytest.mark.parametrize("name, a, b, path", PATH_CASES, ids=[c[0] for c in PATH_CASES])
def test_decision_path_names_each_path(name, a, b, path):
    r, found = _decide(a, b)
    assert found == path and found in PATHS


def test_decision_path_refuses_other_methods():
    with pytest.raises(ValueError, match="decision_path reads results of three_layer.equivalent"):
        decision_path(EquivalenceResult(True, method="shallow"))


# ---------------------------------------------------------------------------- Theorem 12.4 (a): n1 = 1
def _one_variable_pairs(rng, count):
    for arch in [(1, 1, 2, 1), (2, 1, 3, 2), (3, 1, 2, 1)]:
        for low, high in ((-2, 2), (-1, 1)):
            for _ in range(count):
                net = random_network(rng, arch, low, high)
                yield net, walk(net, rng, rng.randint(1, 3))[0]
                for _name, other in near_misses(net, rng):
                    yield net, scale_and_permute(other, rng)
                yield net, random_network(rng, arch, low, high)


def test_one_variable_pairs_take_no_search_and_no_fallback():
    """n1 = 1, degenerate parameters included: every pair is decided from the two profiles."""
    for a, b in _one_variable_pairs(random.Random(0), 4):
        assert _decide(a, b)[1] in PROVEN_PATHS


@pytest.mark.slow
def test_one_variable_pairs_many():
    for a, b in _one_variable_pairs(random.Random(1), 40):
        assert _decide(a, b)[1] in PROVEN_PATHS


def test_every_small_integer_pair_of_the_smallest_architecture_is_proven():
    """(1, 1, 1, 1) with entries in {-1, 0, 1}: pairs within groups of equal evaluations and random pairs."""
    nets = [Network.from_parameters((1, 1, 1, 1), p) for p in itertools.product((-1, 0, 1), repeat=6)]
    points = [(F(x, 2),) for x in range(-6, 7)]
    groups: dict = {}
    for net in nets:
        groups.setdefault(tuple(net(x) for x in points), []).append(net)
    rng = random.Random(5)
    pairs = [p for group in groups.values() for p in itertools.combinations(group[:4], 2)]
    pairs += [tuple(rng.sample(nets, 2)) for _ in range(100)]
    for a, b in pairs:
        assert _decide(a, b)[1] in PROVEN_PATHS


CONSTANT_CASES = [
    # a constant network (W1 = 0) against one equal to that constant up to y = 5 and rising after it: the
    # candidates are the breakpoints and points just beyond them (Section 12, proof of Theorem 12.4 (a))
    ("rises beyond its last breakpoint", Network.from_layers([([[0, 0]], [0]), ([[1], [1]], [1, 0]), ([[1, 0]], [0])]),
     Network.from_layers([([[1, 1]], [0]), ([[1], [1]], [-5, 0]), ([[1, 0]], [1])]), False),
    ("a bump between breakpoints", Network.from_layers([([[0]], [3]), ([[1], [0], [0]], [-1, 0, 0]),
                                                        ([[1, 0, 0]], [2])]),
     Network.from_layers([([[2]], [0]), ([[1], [1], [1]], [-1, -2, -3]), ([[1, -2, 1]], [4])]), False),
    ("the same constant", Network.from_layers([([[0]], [3]), ([[1]], [-1]), ([[1]], [2])]),
     Network.from_layers([([[2]], [0]), ([[-1]], [-1]), ([[5]], [4])]), True),
    ("two constants", Network.from_layers([([[0]], [3]), ([[1]], [-1]), ([[1]], [2])]),
     Network.from_layers([([[0]], [1]), ([[1]], [1]), ([[1]], [0])]), False),
]


@pytest.mark.parametrize("name, a, b, expected", CONSTANT_CASES, ids=[c[0] for c in CONSTANT_CASES])
def test_a_constant_first_layer_is_decided_by_the_breakpoints(name, a, b, expected):
    for x, y in ((a, b), (b, a)):
        r, path = _decide(x, y)
        assert bool(r) == expected and path == "one variable"


# ---------------------------------------------------------------------------- Theorem 12.4 (b1): one first layer
def _full_rank_first_layer(rng, n1, d):
    while True:
        w1 = [[F(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(d)] for _ in range(n1)]
        if linalg.rank(w1) == n1:
            return w1, [F(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(n1)]


def _upper_layers(rng, n1, n2, k, low, high):
    return [([[F(rng.randint(low, high)) for _ in range(n1)] for _ in range(n2)], [F(rng.randint(low, high))
                                                                                  for _ in range(n2)]),
            ([[F(rng.randint(low, high)) for _ in range(n2)] for _ in range(k)], [F(rng.randint(low, high))
                                                                                 for _ in range(k)])]


def _same_first_layer_pairs(rng, count):
    """``a`` with ``W1`` of full row rank; ``b`` with ``a``'s first layer up to ``H`` and other upper layers: random
    ones (degenerate: small integers with zeros), ``a``'s own, and ``a``'s with one entry perturbed."""
    for d, n1, n2, k in [(2, 2, 2, 1), (3, 2, 3, 2), (3, 3, 2, 1), (4, 3, 3, 2)]:
        for _ in range(count):
            first = _full_rank_first_layer(rng, n1, d)
            upper = _upper_layers(rng, n1, n2, k, -2, 2)
            a = Network.from_layers([first] + upper)
            params = list(a.parameters())
            params[rng.randrange(n1 * d + n1, len(params))] += F(1, rng.randint(2, 50))  # second or third layer
            perturbed = [(layer.weight, layer.bias) for layer in Network.from_parameters(a.architecture, params).layers]
            for upper_b in (_upper_layers(rng, n1, n2, k, -2, 2), upper, perturbed[1:]):
                yield a, scale_and_permute(Network.from_layers([first] + list(upper_b)), rng)


def test_same_first_layer_any_upper_layers_is_aligned():
    for a, b in _same_first_layer_pairs(random.Random(2), 3):
        assert _decide(a, b)[1] in {"identical", "aligned"}


@pytest.mark.slow
def test_same_first_layer_any_upper_layers_is_aligned_many():
    for a, b in _same_first_layer_pairs(random.Random(3), 30):
        assert _decide(a, b)[1] in {"identical", "aligned"}


# ---------------------------------------------------------------------------- Lemma 12.2, Theorem 12.4 (b2)
# (citation, sign patterns of the rows of [W2 | b2], k): one or more classes per theorem whose fiber is proven complete
PROVEN_CLASSES = [
    ("Theorem 10.4", ("+--",), 1),  # one hiding row: the sign changes and the translation
    ("Theorem 10.4", ("+---",), 2),
    ("Theorem 10.4", ("+++",), 1),
    ("Theorem 10.4", ("+-+",), 1),
    ("Corollary 7.5", ("+-+", "-++"), 1),  # Theorem 7.1
    ("Corollary 7.5", ("--+", "--+"), 1),  # Theorem 7.4
    ("Corollary 7.5", ("+--", "-+-"), 2),  # Theorem 7.2
    ("Theorem 10.8", ("+--", "+--"), 1),
    ("Theorem 10.8", ("+--", "+--", "---"), 1),
    ("Theorem 10.9", ("+++", "+++", "-++"), 1),  # the translated visible neuron
    ("Theorem 10.9", ("+++", "-++"), 2),
    ("Theorem 10.10", ("-++", "-++", "---"), 1),  # a dead row revived with the translated neuron's line
    ("Theorem 10.10", ("+-+", "-++", "---"), 1),
    ("Theorem 10.11", ("+++", "+++"), 1),  # every set of neurons translated
]
SLOW_CLASSES = PROVEN_CLASSES + [
    ("Theorem 10.11", ("+++", "+++", "---"), 2),
    ("Theorem 10.4", ("+----",), 1),
    ("Corollary 7.5", ("+-++", "-+-+", "--++"), 1),
    ("Theorem 10.8", ("+---", "+---"), 1),
    ("Theorem 10.9", ("++++", "++++", "++++", "-+++"), 1),
    ("Theorem 10.10", ("--+", "--+", "---"), 1),
    ("Theorem 10.11", ("++++", "++++", "++++"), 1),
    ("Theorem 10.12", ("+-----", "------"), 1),
]


def _member(rng, citation, patterns, k):
    """A random network with these row patterns whose fiber is proven complete by ``citation``."""
    for _ in range(60):
        net = with_pattern(rng, patterns, k=k)
        try:
            found = completeness(net)
        except NotDecidedError:
            continue
        if theorem_of(found.basis).citation == citation:
            return net
    raise AssertionError(f"no random network with patterns {patterns} under {citation}")


def _check_equivalent_members_align(citation, patterns, k, seed, samples):
    rng = random.Random(seed)
    net = _member(rng, citation, patterns, k)
    members = [component.sample(s) for component in fiber(net).components for s in range(samples)]
    members += [walk(net, rng, rng.randint(1, 4))[0] for _ in range(2)]
    for other in members:
        for a, b in ((net, other), (other, net)):
            r, path = _decide(a, b)
            assert r and path in {"identical", "aligned"}, (citation, patterns, r.reason)


@pytest.mark.parametrize("citation, patterns, k", PROVEN_CLASSES,
                         ids=[f"{c[0]} {' '.join(c[1])}" for c in PROVEN_CLASSES])
def test_equivalent_members_of_a_proven_fiber_align(citation, patterns, k):
    """Lemma 12.2: every network realizing f (a sample of every component of the proven fiber, and symmetry walks)
    is aligned with theta by exact moves, in both orders; the oracle confirms each pair."""
    _check_equivalent_members_align(citation, patterns, k, 7, 1)


@pytest.mark.slow
@pytest.mark.parametrize("citation, patterns, k", SLOW_CLASSES,
                         ids=[f"{c[0]} {' '.join(c[1])}" for c in SLOW_CLASSES])
def test_equivalent_members_of_a_proven_fiber_align_slow(citation, patterns, k):
    for seed in range(1 if len(patterns[0]) > 5 else 3):  # n1 = 5: 96 components, one network
        _check_equivalent_members_align(citation, patterns, k, 100 + seed, 2)


# ---------------------------------------------------------------------------- outside the class
REVIVAL = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])])


def test_a_generic_equivalent_pair_can_need_the_oracle():
    """Against "equivalence of generic parameters is decided without enumerating regions": REVIVAL satisfies G1-G7,
    its dead-row revival realizes the same function with another first layer, and neither fiber is proven complete
    (spare rows: the hypotheses of Lemma 12.2 fail), so the pair is decided by the oracle, which enumerates regions."""
    revived = revive(REVIVAL, revival_forms(REVIVAL)[0])
    assert genericity(REVIVAL) and not genericity(revived)
    for net in (REVIVAL, revived):
        with pytest.raises(NotDecidedError):
            completeness(net)
    for a, b in ((REVIVAL, revived), (revived, REVIVAL)):
        r, path = _decide(a, b)
        assert r and path == "oracle fallback" and r.regions and r.regions > 0


# two degenerate networks (W1 of rank 1 in both) that differ only on a set the random candidates missed
SEARCH_MISSES = (Network.from_layers([([[0, -2], [0, -2]], [-2, 2]), ([[2, -1], [2, 2]], [2, 2]), ([[2, -2]], [0])]),
                 Network.from_layers([([[0, F(-959, 69)], [0, F(-8, 5)]], [-14, F(8, 5)]),
                                      ([[F(18, 7), F(-45, 4)], [F(6, 7), F(15, 2)]], [18, 6]),
                                      ([[F(2, 9), F(-2, 3)]], [0])]))


def test_the_candidate_search_can_miss_a_witness():
    """Against "a not-equivalent pair always gets its witness from the polynomial search": with W1 of rank 1 the
    candidate list has only random points, none separates these two networks, and the oracle finds the witness."""
    a, b = SEARCH_MISSES
    assert equivalence.find_witness(a, b) is None
    r, path = _decide(a, b)
    assert not r and path == "oracle fallback"


def _draw(rng, arch, generic):
    if generic:
        return with_pattern(rng, rng.choice(pattern_multisets(arch[1], arch[2])), d=arch[0], k=arch[3])
    return random_network(rng, arch, -2, 2)


def _outside_pairs(rng, count):
    """Near misses (most change the first layer) and independent networks, generic and degenerate parameters."""
    for arch in [(2, 2, 2, 1), (3, 2, 3, 1), (3, 3, 2, 2)]:
        for _ in range(count):
            for generic in (True, False):
                net = _draw(rng, arch, generic)
                for _name, other in near_misses(net, rng):
                    yield net, scale_and_permute(other, rng)
                yield net, _draw(rng, arch, generic)


def test_outside_the_class_the_answer_is_still_exact():
    paths = set()
    for a, b in _outside_pairs(random.Random(4), 3):
        paths.add(_decide(a, b)[1])
    assert "witness search" in paths


@pytest.mark.slow
def test_outside_the_class_the_answer_is_still_exact_many():
    for a, b in _outside_pairs(random.Random(6), 30):
        _decide(a, b)


# ---------------------------------------------------------------------------- the cost of the alignment
def test_aligning_an_all_linear_pair_lists_every_set_of_face_columns(monkeypatch):
    """Section 12, Cost: when every live row is linear, aligning translated neurons tests membership in the
    2^n1 - 1 sets of face columns, a number not polynomial in n1; with a crossing row there is at most one set."""
    from semialg_fibers.three_layer import families

    listed = []

    def counting(net):
        found = families.translated_sets(net)
        listed.append(len(found))
        return found

    monkeypatch.setattr(equivalence, "translated_sets", counting)
    for n1 in (3, 5, 7):
        # two linear rows and n1 dead rows: translating neurons 1 and 2 keeps the width (Theorem 10.11)
        rows = [[F(1 + i + j) for j in range(n1)] + [F(i + 1)] for i in range(2)] + [[F(-1)] * (n1 + 1)] * n1
        net = Network.from_layers([([[F(int(i == j) + int(j == (i + 1) % n1)) for j in range(n1)] for i in range(n1)],
                                    [F(0)] * n1), ([r[:-1] for r in rows], [r[-1] for r in rows]),
                                   ([[F(1), F(-2)] + [F(1)] * n1], [F(0)])])
        moved = families.translated_network(net, (0, 1), (F(3), F(1, 2)))
        listed.clear()
        r, path = _decide(net, moved)
        assert r and path == "aligned" and max(listed) == 2 ** n1 - 1
    crossing = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, 1], [-1, 1], [1, 3], [-1, -1]], [1, 2, 5, -1]),
                                    ([[1, 2, -3, 1]], [0])])
    listed.clear()
    r, path = _decide(crossing, families.translated_network(crossing, 0, 2))
    assert r and path == "aligned" and max(listed) <= 1
