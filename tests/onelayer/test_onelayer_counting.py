"""The counting machinery of one hidden layer against brute force: group multisets, prefix sums, enumerators.

Each generating-function quantity of ``onelayer/counting.py`` is compared with
the enumeration it counts (``partitions`` and ``group_splits`` of
``onelayer/patterns.py``, binomial sums written out), and the iterative
enumerators with their recursive definitions.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from semialg_fibers.core.exceptions import LimitReachedError
from semialg_fibers.core.limits import SearchLimits
from semialg_fibers.onelayer.counting import (
    PrefixSums,
    certification,
    check_components,
    collect,
    group_series,
    mixed_sets,
)
from semialg_fibers.onelayer.patterns import compositions, group_splits, partitions


def _compositions_recursive(total, parts):
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(total + 1):
        for rest in _compositions_recursive(total - first, parts - 1):
            yield (first,) + rest


def _partitions_recursive(total, smallest):
    if total == 0:
        yield ()
        return
    for first in range(smallest, total + 1):
        for rest in _partitions_recursive(total - first, first):
            yield (first,) + rest


@pytest.mark.parametrize("total", range(7))
def test_enumerators_match_their_recursive_definitions(total):
    for parts in range(6):
        assert list(compositions(total, parts)) == list(_compositions_recursive(total, parts))
    for smallest in (1, 2, 3):
        assert list(partitions(total, smallest)) == list(_partitions_recursive(total, smallest))


def test_enumerators_need_no_recursion_per_part():
    """The counter-case of the RecursionError: one composition per position of 5000 parts, a 5000-part partition."""
    assert sum(1 for _ in compositions(1, 5000)) == 5000
    assert len(next(partitions(5000, 1))) == 5000


def test_group_series_counts_the_group_multisets():
    """Every multiset of groups (p, q), p >= q, p + q >= 2, by total size and number of cancelling groups."""
    size, classes = 12, 3
    counts = [[0] * (size + 1) for _ in range(classes + 1)]
    for g in range(size + 1):
        for sizes in partitions(g):
            for groups in group_splits(sizes):
                cancelling = sum(1 for _, q in groups if q)
                counts[min(cancelling, classes)][g] += 1
    assert group_series(size, classes) == counts


def test_prefix_sums_are_binomial_sums():
    rng = random.Random(3)
    series = [rng.randint(0, 9) for _ in range(8)]
    sums = PrefixSums(series)
    for order in range(1, 14):  # increasing orders, as the counts ask for them
        for index in (0, 3, 7):
            expected = sum(series[g] * math.comb(index - g + order - 1, order - 1) for g in range(index + 1))
            assert sums.value(order, index) == expected
    assert sums.value(20, -1) == 0


@pytest.mark.parametrize("m", [1, 2, 3])
def test_mixed_sets_split_by_span(m):
    """Spanning sets are counted, the others listed: both against the rank of every subset."""
    from semialg_fibers.core import linalg

    rng = random.Random(m)
    for _ in range(20):
        pool = [tuple(Fraction(rng.randint(-2, 2)) for _ in range(m)) for _ in range(3)]
        normals = [rng.choice(pool) for _ in range(rng.randint(1, 6))]
        normals = [v if any(v) else (Fraction(1),) + v[1:] for v in normals]
        most = rng.randint(0, len(normals))
        found = mixed_sets(normals, m, most, SearchLimits(), "test")
        spanning = [0] * (most + 1)
        others = []
        for j in range(most + 1):
            for sub in itertools.combinations(range(len(normals)), j):
                if j and linalg.rank([normals[u] for u in sub], m) == m:
                    spanning[j] += 1
                else:
                    others.append(sub)
        assert list(found.spanning) == spanning
        assert sorted(found.others) == sorted(others)


def test_mixed_sets_listed_one_by_one_are_bounded():
    normals = [(Fraction(1), Fraction(0), Fraction(0))] * 30
    with pytest.raises(LimitReachedError) as caught:
        mixed_sets(normals, 3, 30, SearchLimits(subsets=100), "test")
    assert caught.value.limit == "subsets"


def test_components_limit_and_collect():
    assert check_components(5, None, SearchLimits(components=5), "fiber") == 5
    assert check_components(10 ** 30, 3, SearchLimits(components=5), "fiber") == 3
    with pytest.raises(LimitReachedError, match="at least 6 components") as caught:
        check_components(6, None, SearchLimits(components=5), "fiber", at_least=True)
    assert caught.value.limit == "components" and caught.value.value == 5
    with pytest.raises(LimitReachedError, match="6 components to build"):
        check_components(10 ** 30, 6, SearchLimits(components=5), "fiber")
    built = []

    def items():
        for i in itertools.count():  # endless: collect must not look past what it builds
            yield lambda i=i: built.append(i) or i

    kept, omitted = collect(items(), 10 ** 40, 3)
    assert kept == [0, 1, 2] and built == [0, 1, 2] and omitted == 10 ** 40 - 3


def test_certification_above_the_limit_is_left_for_later():
    assert certification(True, 80, SearchLimits(certified_unknowns=80)) == (True, "")
    certify, note = certification(True, 81, SearchLimits(certified_unknowns=80))
    assert not certify and "certified_unknowns = 80" in note
    assert certification(False, 10, SearchLimits()) == (False, "")
