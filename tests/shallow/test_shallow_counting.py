"""The number of components of a shallow fiber, counted by formula, against the enumeration of the patterns.

``count_components`` (``docs/theory/shallow.md``, Section 6) must equal the
number of (role pattern, stratum) pairs that ``role_patterns`` and ``strata``
list, one by one; the lower bound read off the network must not exceed it;
``fiber`` builds at most ``limit`` components and counts the others by the
formula without enumerating them; a fiber with more components than the
limit ``components`` is refused before any is built.
"""

from __future__ import annotations

import random

import pytest
from strategies import shared_lines_shallow

from semialg_fibers import Network, fiber
from semialg_fibers.core.exceptions import LimitReachedError
from semialg_fibers.core.limits import SearchLimits, search_limits
from semialg_fibers.onelayer.counting import inert_lower_bound
from semialg_fibers.shallow import canonical_data
from semialg_fibers.shallow.patterns import count_components, role_patterns, strata

pytestmark = pytest.mark.timeout(600)


def enumerated(net: Network, width: int) -> int:
    data, cache = canonical_data(net), {}
    return sum(len(strata(data, roles, cache=cache)) for roles, _ in role_patterns(data, width, cache=cache))


def identical(n: int) -> Network:
    return Network.from_layers([([[1]] * n, [0] * n), ([[1] * n], [0])])


@pytest.mark.parametrize("n, expected", [(1, 1), (2, 5), (3, 18), (4, 52), (5, 134), (6, 314), (7, 690)])
def test_identical_neurons(n, expected):
    """n identical neurons: the table is the enumeration's (checked once by hand for n <= 3)."""
    assert count_components(canonical_data(identical(n)), n) == expected == enumerated(identical(n), n)


def _check(seed: int, cases: int, widest: int):
    rng = random.Random(seed)
    for _ in range(cases):
        m, k = rng.choice([1, 1, 2, 2, 3]), rng.choice([1, 1, 2])
        net = shared_lines_shallow(rng, m, rng.randint(1, widest), k)
        width = net.architecture[1] + rng.randint(0, 1)  # a wider fiber of the same function as well
        count = count_components(canonical_data(net), width)
        assert count == enumerated(net, width), net
        if width == net.architecture[1]:
            assert inert_lower_bound(net, 3) <= count, net


def test_formula_matches_enumeration():
    _check(seed=1, cases=300, widest=5)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_formula_matches_enumeration_exhaustive(seed):
    _check(seed=100 + seed, cases=150, widest=7)


def test_limit_builds_only_that_many_of_an_astronomical_fiber():
    """200 identical neurons: about 4.6e26 components; --limit 3 builds three and counts the rest by the formula."""
    net = identical(200)
    total = count_components(canonical_data(net), 200)
    assert total > 10 ** 26
    found = fiber(net, limit=3, certify=False)
    assert len(found) == 3 and found.omitted == total - 3


def test_too_many_components_are_refused_before_any_is_built():
    """Ten identical neurons (a 176-byte file): 5504 components, refused at the default limit and at a budget of 10."""
    net = identical(10)
    assert count_components(canonical_data(net), 10) == 5504
    with pytest.raises(LimitReachedError) as caught:
        fiber(net)
    assert caught.value.limit == "components" and "5504 components" in str(caught.value)
    with pytest.raises(LimitReachedError) as caught:
        fiber(net, limits=SearchLimits.with_budget(10))
    assert caught.value.limit == "components" and caught.value.value == 10
    with search_limits(components=10):  # the limits in force reach a call without limits=
        with pytest.raises(LimitReachedError, match="above the limit components = 10"):
            fiber(net)
    assert len(fiber(net, limit=4, certify=False)) == 4


def test_huge_width_is_refused_by_the_lower_bound_without_counting():
    """100000 identical neurons: the count would need ~1e10 steps; the lower bound refuses at once."""
    n = 100_000
    net = Network.from_layers([([[1]] * n, [0] * n), ([[1] * n], [0])])
    with pytest.raises(LimitReachedError, match="at least") as caught:
        fiber(net)
    assert caught.value.limit == "components"
    with pytest.raises(LimitReachedError) as caught:
        fiber(net, limit=2)
    assert caught.value.limit == "count_steps"
