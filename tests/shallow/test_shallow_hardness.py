"""The subset-sum reductions of docs/theory/shallow.md, Section 3 (Proposition 6).

For positive integer weights ``w_1 .. w_r`` and a target ``T > 0``:

* ``width_instance``: ``sum_u w_u s(x - u) - T x`` (``-T x`` written as the
  cancelling pair ``-T s(x) + T s(-x)``), width ``r + 2``.  ``n* = r`` iff some
  subset of the ``w_u`` sums to ``T``, and the fiber has dimension ``r + 4``
  then, ``r + 3`` otherwise.
* ``genericity_instance``: ``sum_u w_u s(x - u) - T s(x)``, width ``r + 1``, one
  neuron per line.  Its fiber is the ``H`` orbit iff no subset sums to ``T``.

The answers of the library are compared with brute-force subset sum, and the
reductions themselves are checked without the library's criteria: the
oracle, exact orbit membership and the enumerated fiber.

With the input dimension ``m`` unbounded, exact cover reduces the same way
with 0/1 entries (strong NP-hardness): sets ``C_u`` of ``{1..m}`` become the
lines ``chi_{C_u} . x - u`` with kink 1, and the target the all-ones vector.
"""

from __future__ import annotations

import itertools
import random

import pytest

from semialg_fibers import Network, shallow
from semialg_fibers.api import fiber
from semialg_fibers.core.symmetries import orbit_dimension, same_orbit
from semialg_fibers.general.oracle import equivalent as oracle


def width_instance(w, target) -> Network:
    r = len(w)
    return Network.from_layers([([[1]] * r + [[1], [-1]], [-(u + 1) for u in range(r)] + [0, 0]),
                                ([list(w) + [-target, target]], [0])])


def genericity_instance(w, target) -> Network:
    r = len(w)
    return Network.from_layers([([[1]] * (r + 1), [-(u + 1) for u in range(r)] + [0]), ([list(w) + [-target]], [0])])


def flipped(w, subset, extra=()) -> Network:
    """``w_u s(x - u)`` with the neurons of ``subset`` flipped by ``s(z) = s(-z) + z``, plus ``extra`` neurons."""
    r = len(w)
    rows = [[-1] if u in subset else [1] for u in range(r)] + [list(a) for a, _, _ in extra]
    bias = [(u + 1) if u in subset else -(u + 1) for u in range(r)] + [b for _, b, _ in extra]
    out = list(w) + [v for _, _, v in extra]
    # sum_{u in S} w_u s(-(x - u)) = sum_S w_u s(x - u) - (sum_S w_u) x + sum_S w_u u: cancel the constant
    return Network.from_layers([(rows, bias), ([out], [-sum(w[u] * (u + 1) for u in subset)])])


def subsets_summing_to(w, target):
    return [s for k in range(len(w) + 1) for s in itertools.combinations(range(len(w)), k)
            if sum(w[u] for u in s) == target]


def _instances(count, seed, max_r, max_w):
    rng = random.Random(seed)
    for _ in range(count):
        w = [rng.randint(1, max_w) for _ in range(rng.randint(1, max_r))]
        yield w, rng.randint(1, sum(w) + 2)


def test_library_answers_match_brute_force_subset_sum():
    seen = set()
    for w, target in _instances(150, 0, 6, 12):
        solvable = bool(subsets_summing_to(w, target))
        seen.add(solvable)
        r = len(w)
        net = width_instance(w, target)
        assert shallow.canonical_data(net).num_lines == r
        assert shallow.minimal_width(net) == (r if solvable else r + 1), (w, target)
        assert shallow.fiber_dimension(net) == (r + 4 if solvable else r + 3), (w, target)
        assert bool(shallow.is_generic(genericity_instance(w, target))) == (not solvable), (w, target)
    assert seen == {True, False}


@pytest.mark.parametrize("w, target", [((2, 4), 2), ((2, 4), 6), ((3, 5), 4), ((2, 6), 1), ((1, 2, 3), 7)],
                         ids=["4-alone", "both", "none", "none-small", "none-r3"])
def test_minimal_width_reduction_with_the_oracle(w, target):
    """A solution gives an oracle-equivalent network of width r; without one, no width-r network
    with one neuron per line (any orientations) is oracle-equivalent."""
    net = width_instance(w, target)
    solutions = subsets_summing_to(w, target)
    for subset in solutions:
        assert bool(oracle(net, flipped(w, subset)))
    if not solutions:
        for subset in itertools.chain.from_iterable(itertools.combinations(range(len(w)), k) for k in range(len(w) + 1)):
            assert not oracle(net, flipped(w, subset))


@pytest.mark.parametrize("w, target", [((2, 4), 2), ((3, 5), 4), ((2,), 2), ((1,), 3)],
                         ids=["solvable", "unsolvable", "r1-solvable", "r1-unsolvable"])
def test_fiber_dimension_reduction_against_the_enumerated_fiber(w, target):
    """The maximum over the enumerated components (each built with its exact tangent ranks) is r + 4 or r + 3."""
    r = len(w)
    components = list(fiber(width_instance(w, target)))
    expected = r + 4 if subsets_summing_to(w, target) else r + 3
    assert max(c.dimension for c in components) == expected
    assert max(c.certificate.dimension for c in components) == expected


@pytest.mark.parametrize("w, target", [((2, 4), 6), ((2, 4), 4), ((3, 5), 4), ((1, 2, 4), 8), ((3,), 3), ((3,), 2)],
                         ids=["both", "one", "none", "none-r3", "r1", "r1-none"])
def test_genericity_reduction_without_the_criterion(w, target):
    """A solution gives an oracle-equivalent parameter outside the orbit; without one, the enumerated
    fiber is one component of the orbit's dimension whose points are H-moves of theta."""
    net = genericity_instance(w, target)
    solutions = subsets_summing_to(w, target)
    for subset in solutions:
        # the target neuron -T s(x) flips too: -T s(-x) - T x, and T = sum_S w_u cancels the slope
        other = flipped(w, subset, extra=[((-1,), 0, -target)])
        assert bool(oracle(net, other))
        assert not same_orbit(net, other)
    if not solutions:
        (component,) = fiber(net)
        assert component.dimension == orbit_dimension(net) == len(w) + 1
        for seed in range(3):
            assert same_orbit(net, component.sample(seed=seed))


def exact_cover_width_instance(sets, m, transpose=False) -> Network:
    """``sum_u s(chi_{C_u} . x - u) - (1, .., 1) . x``, the last term as a cancelling pair.

    ``transpose``: input dimension 1 and output dimension ``m`` instead, the
    indicator vectors as output weights: ``sum_u chi_{C_u} s(x - u) - (1, .., 1) x``.
    """
    r = len(sets)
    chi = [[int(j in c) for j in range(m)] for c in sets]
    if transpose:
        outputs = [[chi[u][j] for u in range(r)] + [-1, 1] for j in range(m)]
        return Network.from_layers([([[1]] * r + [[1], [-1]], [-(u + 1) for u in range(r)] + [0, 0]), (outputs, [0] * m)])
    return Network.from_layers([(chi + [[1] * m, [-1] * m], [-(u + 1) for u in range(r)] + [0, 0]),
                                ([[1] * r + [-1, 1]], [0])])


def exact_cover_genericity_instance(sets, m, transpose=False) -> Network:
    """``sum_u s(chi_{C_u} . x - u) - s((1, .., 1) . x)`` (or its transpose): one neuron per line."""
    r = len(sets)
    chi = [[int(j in c) for j in range(m)] for c in sets]
    if transpose:
        outputs = [[chi[u][j] for u in range(r)] + [-1] for j in range(m)]
        return Network.from_layers([([[1]] * (r + 1), [-(u + 1) for u in range(r)] + [0]), (outputs, [0] * m)])
    return Network.from_layers([(chi + [[1] * m], [-(u + 1) for u in range(r)] + [0]), ([[1] * r + [-1]], [0])])


@pytest.mark.parametrize("transpose", [False, True], ids=["input-dim-m", "output-dim-m"])
def test_exact_cover_instances(transpose):
    """n* = r iff an exact cover exists; then dim = r + 2(E + 1) with E = m, else less; the
    genericity instance is identifiable iff there is none (brute force over all subsets)."""
    rng = random.Random(3)
    seen = set()
    for _ in range(100):
        m, r = rng.randint(1, 4), rng.randint(1, 5)
        sets = [frozenset(j for j in range(m) if rng.random() < 0.5) or frozenset([rng.randrange(m)]) for _ in range(r)]
        covered = any(sorted(j for u in s for j in sets[u]) == list(range(m))
                      for k in range(r + 1) for s in itertools.combinations(range(r), k))
        seen.add(covered)
        net = exact_cover_width_instance(sets, m, transpose)
        assert (shallow.minimal_width(net) == r) == covered, (sets, m)
        assert (shallow.fiber_dimension(net) == r + 2 * (m + 1)) == covered, (sets, m)
        assert bool(shallow.is_generic(exact_cover_genericity_instance(sets, m, transpose))) == (not covered), (sets, m)
    assert seen == {True, False}
