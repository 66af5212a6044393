"""Strata of the matching set: against the proven factorization dimension and hand-derived cases."""

import random
from fractions import Fraction as F

import pytest

from semialg_fibers.core.nonnegative_rank import factorization_dimension, nonnegative_column_rank
from semialg_fibers.orthant.matching import matching_data


def test_agrees_with_factorization_dimension_without_mixed_lines_or_groups():
    rng = random.Random(3)
    for _ in range(300):
        k, m, l = rng.randint(1, 3), rng.randint(1, 4), rng.randint(0, 4)
        R = [[F(rng.randint(-2, 2)) if rng.random() < 0.7 else F(0) for _ in range(m)] for _ in range(k)]
        md = matching_data(R, [], 0, l)
        assert md.dimension == factorization_dimension(R, l)
        assert md.is_empty == (l < nonnegative_column_rank(R).value)


GOLDEN = [
    # name, R, B, p, l, strata
    ("ncr = rank + 1 needs two linear", [[1, -1]], [], 0, 1, ()),
    ("ncr = rank + 1 with two linear", [[1, -1]], [], 0, 2, ((2, 4),)),
    ("one cancelling group", [[1, -1]], [], 1, 0, ((1, 1),)),
    ("zero R, one linear: A = 0 or free", [[0, 0]], [], 0, 1, ((0, 1), (1, 2))),
    ("zero column, ncr = rank: a = (2/u, 0)", [[2, 0]], [], 0, 1, ((1, 1),)),
    ("mixed line absorbs R", [[3, 0]], [[1, 0]], 0, 0, ((1, 0),)),
    ("mixed line cannot absorb", [[0, 3]], [[1, 0]], 0, 0, ()),
    ("mixed line plus linear: a >= 0 free, c solved", [[1, 1]], [[1, -1]], 0, 1, ((2, 2),)),
]


@pytest.mark.parametrize("name,R,B,p,l,strata", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_strata(name, R, B, p, l, strata):
    md = matching_data([[F(v) for v in r] for r in R], [[F(v) for v in r] for r in B], p, l)
    assert md.strata == strata


def test_positive_support_and_basis():
    md = matching_data([[F(1), F(-1), F(0)], [F(0), F(1), F(0)]], [], 0, 0)
    assert md.positive_support == (0, 1) and len(md.positive_basis) == 2
    assert all(v > 0 for j, v in enumerate(md.positive_vector) if j in (0, 1)) and md.positive_vector[2] == 0
    md = matching_data([[F(1), F(-1)]], [], 0, 0)
    assert md.positive_support == () and md.positive_basis == ()
