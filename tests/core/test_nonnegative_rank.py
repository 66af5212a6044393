"""Tests of nonnegative_column_rank and factorization_dimension (docs/mathematics.md, Section 4; docs/theory/nonnegative_rank.md)."""

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from semialg_fibers.core import linalg
from semialg_fibers.core.nonnegative_rank import (
    factorization_dimension,
    factorization_stratum_certificate,
    factorization_stratum_term,
    nonnegative_column_rank,
)

NCR = [
    ("zero", [[0, 0], [0, 0]], 0),
    ("one_positive_entry", [[3]], 1),
    ("one_negative_entry", [[-3]], 1),
    ("opposite_signs_row", [[1, -1]], 2),
    ("row_with_zero_column", [[1, 0, -2]], 2),
    ("nonnegative_row_up_to_sign", [[-1, -2, 0]], 1),
    ("identity", [[1, 0], [0, 1]], 2),
    ("rank1_mixed", [[1, -1], [2, -2]], 2),
    ("full_rank_square", [[1, -1], [1, 1]], 2),
    ("wide_full_row_rank", [[1, 0, -1], [0, 1, -1]], 3),
    ("wide_with_positive_combination", [[1, 0, 1], [0, 1, -1]], 2),
    ("tall_rank2", [[1, 2], [2, 1], [3, 3]], 2),
    ("zero_column_only_rest_mixed", [[0, 1, -1], [0, 2, -2]], 2),
]


@pytest.mark.parametrize("M, expected", [c[1:] for c in NCR], ids=[c[0] for c in NCR])
def test_ncr_golden(M, expected):
    f = nonnegative_column_rank(M)
    assert f.value == expected
    _check_witness(M, f)


def _check_witness(M, f):
    M = [[Fraction(v) for v in row] for row in M]
    n = len(M[0])
    assert len(f.W) == f.value and all(len(u) == f.value for u in f.U)
    assert all(v >= 0 for row in f.W for v in row)
    product = [[sum((u[t] * f.W[t][j] for t in range(f.value)), Fraction(0)) for j in range(n)] for u in f.U]
    assert product == M
    assert f.rank == linalg.rank(M) and f.rank <= f.value <= f.rank + 1
    if f.value == f.rank + 1:
        # the lower bound is proven by a Motzkin certificate checked with plain arithmetic
        k = len(M)
        cons = [linalg.Constraint(tuple(M[i][j] for i in range(k)), Fraction(0), ">")
                for j in range(n) if any(M[i][j] for i in range(k))]
        assert linalg.check_certificate(cons, f.certificate)


def _brute_force_ncr(M, entries=(0, 1, 2)):
    """Least l <= rank + 1 with a nonnegative integer W (entries in ``entries``) whose row space contains M's rows."""
    r = linalg.rank(M)
    n = len(M[0])
    if r == 0:
        return 0
    for l in range(r, r + 2):
        for flat in itertools.product(entries, repeat=l * n):
            W = [flat[i * n:(i + 1) * n] for i in range(l)]
            if linalg.rank(W, n) >= r and linalg.rank(list(W) + list(M), n) == linalg.rank(W, n):
                return l
    return None


SMALL = [M for shape in ((1, 2), (1, 3), (2, 2)) for M in
         ([list(flat[i * shape[1]:(i + 1) * shape[1]]) for i in range(shape[0])]
          for flat in itertools.product((-1, 0, 1), repeat=shape[0] * shape[1]))]


def test_ncr_matches_brute_force_on_all_small_matrices():
    # every 1x2, 1x3 and 2x2 matrix with entries in {-1, 0, 1}
    for M in SMALL:
        f = nonnegative_column_rank(M)
        assert _brute_force_ncr(M) == f.value, M
        _check_witness(M, f)


@pytest.mark.slow
def test_ncr_matches_brute_force_on_2x3():
    for flat in itertools.product((-1, 0, 1), repeat=6):
        M = [list(flat[:3]), list(flat[3:])]
        f = nonnegative_column_rank(M)
        assert _brute_force_ncr(M, (0, 1)) == f.value or (f.value == f.rank and _brute_force_ncr(M) == f.value), M


matrices = st.integers(1, 3).flatmap(lambda k: st.integers(1, 4).flatmap(
    lambda n: st.lists(st.lists(st.integers(-3, 3), min_size=n, max_size=n), min_size=k, max_size=k)))


@settings(max_examples=80, deadline=None)
@given(matrices, st.data())
def test_ncr_properties(M, data):
    f = nonnegative_column_rank(M)
    _check_witness(M, f)
    k, n = len(M), len(M[0])
    # invariant under positive column scaling and invertible row operations (U W = M iff (A U)(W D) = A M D)
    scale = data.draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    A = [[int(i == j) + (data.draw(st.integers(-2, 2)) if i < j else 0) for j in range(k)] for i in range(k)]
    moved = [[sum(A[i][t] * M[t][j] for t in range(k)) * scale[j] for j in range(n)] for i in range(k)]
    assert nonnegative_column_rank(moved).value == f.value
    # negating a column changes ncr only through the sign condition; negating all of M never does
    assert nonnegative_column_rank([[-v for v in row] for row in M]).value == f.value


# ------------------------------------------------------------ factorization dimension
DIMENSIONS = [
    # (M, l, expected dimension or None)
    ("row_mixed_l1_empty", [[1, -1]], 1, None),
    ("row_mixed_l2", [[1, -1]], 2, 4),
    ("zero_1x1_l1", [[0]], 1, 1),          # u w = 0: w = 0 (u free) or u = 0 (w >= 0)
    ("zero_1x2_l1", [[0, 0]], 1, 2),
    ("zero_l0", [[0, 0]], 0, 0),
    ("positive_scalar_l1", [[2]], 1, 1),
    ("positive_scalar_l2", [[2]], 2, 3),
    ("identity_l2", [[1, 0], [0, 1]], 2, 4),
    ("identity_l3", [[1, 0], [0, 1]], 3, 8),    # W open in R^6, U: 2 rows x (l - s) = 2
    ("tall_rank1_mixed", [[1, -1], [2, -2], [3, -3]], 2, 4),   # the s = r = 1 stratum (dimension 5) is not in F
    ("zero_column", [[1, 0], [2, 0]], 1, 1),
    ("zero_column_l2", [[1, 0], [2, 0]], 2, 4),
]


@pytest.mark.parametrize("M, l, expected", [c[1:] for c in DIMENSIONS], ids=[c[0] for c in DIMENSIONS])
def test_factorization_dimension_golden(M, l, expected):
    assert factorization_dimension(M, l) == expected


def test_tall_rank1_mixed_drops_the_real_stratum():
    # Over all real W (no sign condition) the stratum s = rank M = 1 has dimension 5 > 4;
    # with W >= 0 it is empty because ncr = 2. This is where using rank instead of ncr would be wrong.
    M = [[1, -1], [2, -2], [3, -3]]
    assert factorization_stratum_term(3, 2, 2, 1, 1) == 5
    with pytest.raises(ValueError, match="empty"):
        factorization_stratum_certificate(M, 2, 1)


def _random_matrix(rng):
    k, n = rng.randint(1, 3), rng.randint(1, 4)
    mode = rng.choice(["random", "low_rank", "zero_column", "nonnegative_rows", "zero"])
    if mode == "zero":
        return [[0] * n for _ in range(k)]
    if mode in ("low_rank", "nonnegative_rows"):
        r = rng.randint(1, min(k, n))
        low = 0 if mode == "nonnegative_rows" else -2
        A = [[rng.randint(-2, 2) for _ in range(r)] for _ in range(k)]
        B = [[rng.randint(low, 2) for _ in range(n)] for _ in range(r)]
        return [[sum(A[i][t] * B[t][j] for t in range(r)) for j in range(n)] for i in range(k)]
    M = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(k)]
    if mode == "zero_column":
        j = rng.randrange(n)
        for row in M:
            row[j] = 0
    return M


def _check_formula_against_tangent_bounds(M, seed):
    f = nonnegative_column_rank(M)
    k, n = len(M), len(M[0])
    strata = 0
    for l in range(0, f.value + 3):
        dim = factorization_dimension(M, l)
        if l < f.value:
            assert dim is None
            continue
        terms = []
        for s in range(f.value, min(l, n) + 1):
            cert = factorization_stratum_certificate(M, l, s, seed=seed)
            term = factorization_stratum_term(k, n, l, f.rank, s)
            assert cert.lower == cert.upper == term, (M, l, s, cert.lower, cert.upper, term)
            terms.append(term)
            strata += 1
        assert dim == max(terms)
    return strata


def test_dimension_formula_matches_tangent_bounds_sample():
    rng = random.Random(2024)
    strata = sum(_check_formula_against_tangent_bounds(_random_matrix(rng), seed) for seed in range(40))
    assert strata > 150


@pytest.mark.slow
def test_dimension_formula_matches_tangent_bounds_exhaustive():
    rng = random.Random(1)
    strata = sum(_check_formula_against_tangent_bounds(_random_matrix(rng), seed) for seed in range(600))
    assert strata > 2500


def test_factorization_dimension_argument_checks():
    with pytest.raises(ValueError):
        factorization_dimension([[1]], -1)
    with pytest.raises(ValueError):
        nonnegative_column_rank([[1, 2], [3]])
