import random
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from semialg_fibers.core import linalg
from semialg_fibers.core.linalg import Constraint

F = Fraction

matrices = st.integers(1, 5).flatmap(
    lambda rows: st.integers(1, 5).flatmap(
        lambda cols: st.lists(st.lists(st.integers(-3, 3), min_size=cols, max_size=cols), min_size=rows, max_size=rows)
    )
)


@settings(max_examples=60, deadline=None)
@given(matrices)
def test_rank_rref_nullspace_agree_with_sympy(rows):
    m = sympy.Matrix(rows)
    assert linalg.rank(rows) == m.rank()
    reduced, pivots = linalg.rref(rows)
    ref, ref_pivots = m.rref()
    assert pivots == ref_pivots
    assert [list(r) for r in reduced] == [list(ref.row(i)) for i in range(len(pivots))]
    kernel = linalg.nullspace(rows)
    assert len(kernel) == m.cols - m.rank()
    for vec in kernel:
        assert all(sum(F(a) * v for a, v in zip(row, vec)) == 0 for row in rows)
    assert linalg.rank(list(kernel) or [[0] * m.cols]) == len(kernel)


@settings(max_examples=60, deadline=None)
@given(matrices, st.integers(0, 10**6))
def test_solve(rows, seed):
    rng = random.Random(seed)
    x = [F(rng.randint(-4, 4), rng.randint(1, 3)) for _ in rows[0]]
    rhs = [sum(F(a) * v for a, v in zip(row, x)) for row in rows]
    sol = linalg.solve(rows, rhs)
    assert sol is not None
    assert [sum(F(a) * v for a, v in zip(row, sol)) for row in rows] == rhs
    assert linalg.solve([[1, 1], [1, 1]], [F(0), F(1)]) is None


def _rand_system(rng, dim, m):
    return [Constraint(tuple(F(rng.randint(-5, 5)) for _ in range(dim)), F(rng.randint(-3, 5)),
                       rng.choice([">=", ">", ">="])) for _ in range(m)]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.integers(1, 7))
def test_feasible_point_or_certificate(seed, dim, m):
    constraints = _rand_system(random.Random(seed), dim, m)
    result = linalg.feasible_point(constraints, dim, certificate=True)
    if result:
        assert all(c.holds(result.point) for c in constraints)
    else:
        assert linalg.check_certificate(constraints, result.certificate)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.integers(1, 6))
def test_optimize_matches_sympy(seed, dim, m):
    rng = random.Random(seed)
    constraints = [Constraint(c.coefficients, c.constant) for c in _rand_system(rng, dim, m)]
    # bounded box so that sympy and PPL both return an optimum or infeasibility
    for j in range(dim):
        e = tuple(F(int(i == j)) for i in range(dim))
        constraints += [Constraint(e, F(4)), Constraint(tuple(-v for v in e), F(4))]
    objective = [F(rng.randint(-3, 3)) for _ in range(dim)]
    result = linalg.optimize(objective, constraints, dim, maximize=True, certificate=True)
    xs = sympy.symbols(f"x0:{dim}")
    cons = [sum(a * x for a, x in zip(c.coefficients, xs)) + c.constant >= 0 for c in constraints]
    from sympy.solvers.simplex import InfeasibleLPError, lpmax

    try:
        value, _ = lpmax(sum(a * x for a, x in zip(objective, xs)), cons)
    except InfeasibleLPError:
        assert result.status == "infeasible" and linalg.check_certificate(constraints, result.certificate)
        return
    assert result.status == "optimal" and result.value == value
    assert all(c.holds(result.point) for c in constraints)


def test_strict_inequalities_and_equalities():
    x_pos = Constraint((F(1), F(0)), F(0), ">")
    x_nonpos = Constraint((F(-1), F(0)), F(0))
    assert not linalg.feasible_point([x_pos, x_nonpos], 2)
    eq = Constraint((F(1), F(1)), F(-1), "==")
    r = linalg.feasible_point([x_pos, eq], 2)
    assert r and r.point[0] > 0 and r.point[0] + r.point[1] == 1
    assert linalg.optimize([F(1), F(0)], [x_nonpos], 2).status == "unbounded"
    with pytest.raises(ValueError, match="strict"):
        linalg.optimize([F(1), F(0)], [x_pos], 2)
    with pytest.raises(ValueError, match="relation"):
        Constraint((F(1),), F(0), "<")


def test_check_certificate_rejects_wrong_certificates():
    cons = [Constraint((F(1),), F(0), ">"), Constraint((F(-1),), F(0), ">=")]
    assert linalg.check_certificate(cons, (F(1), F(1)))
    assert not linalg.check_certificate(cons, (F(1), F(2)))
    assert not linalg.check_certificate(cons, (F(-1), F(-1)))
    assert not linalg.check_certificate(cons, None)


def test_integer_rows_fast_path_agrees():
    rows = [(1, 0, 0), (0, 1, 0), (-1, -1, 2)]  # x >= 0, y >= 0, x + y <= 2
    r = linalg.optimize_integer_rows((F(1), F(2), F(0)), rows, 2, maximize=True)
    assert r.value == 4 and r.point == (F(0), F(2))
    assert linalg.optimize_integer_rows((F(1), F(0), F(0)), rows[1:], 2).status == "unbounded"


# ----------------------------------------------------------------------------- checked input (no truncation, no abort)
from decimal import Decimal  # noqa: E402

from semialg_fibers.core.exceptions import InexactInputError, ShapeError  # noqa: E402

EXACT_ENTRIES = [
    ("sympy rational", [[sympy.Rational(1, 2)]], 1),
    ("decimal", [[Decimal("0.5")]], 1),
    ("string", [["1/2", "1"]], 1),
    ("sympy integers", [[sympy.Integer(2), sympy.Integer(4)], [1, 2]], 1),
]


@pytest.mark.parametrize("rows, expected", [c[1:] for c in EXACT_ENTRIES], ids=[c[0] for c in EXACT_ENTRIES])
def test_exact_entries_are_not_truncated(rows, expected):
    assert linalg.rank(rows) == expected


BAD_MATRICES = [
    ("float", ([[0.5]],), InexactInputError, "float 0.5"),
    ("float in nullspace", ([[1, 0.25]], None), InexactInputError, "float"),
    ("ragged", ([[1, 2], [3]],), ShapeError, "row 1 has 1 entries; expected 2"),
    ("wrong ncols", ([[1, 2]], 3), ShapeError, "row 0 has 2 entries; expected 3"),
    ("negative ncols", ([[1]], -1), ValueError, "ncols is -1"),
    ("bool ncols", ([[1]], True), ValueError, "ncols"),
    ("none", (None,), ShapeError, "NoneType"),
    ("flat list", ([1, 2],), ShapeError, "row 0"),
    ("string row", (["12"],), ShapeError, "row 0"),
]


@pytest.mark.parametrize("args, error, words", [c[1:] for c in BAD_MATRICES], ids=[c[0] for c in BAD_MATRICES])
def test_bad_matrices_raise(args, error, words):
    for function in (linalg.rank, linalg.rref, linalg.nullspace):
        with pytest.raises(error, match=words):
            function(*args)


def test_other_entry_points_check_input():
    with pytest.raises(InexactInputError):
        linalg.solve([[1]], [0.5])
    with pytest.raises(ShapeError, match="rhs has 2 entries"):
        linalg.solve([[1]], [1, 2])
    with pytest.raises(InexactInputError):
        linalg.integer_form([0.5, 1])
    with pytest.raises(ValueError, match="expected an integer"):
        linalg.lll([[1, Fraction(1, 2)]])
    with pytest.raises(InexactInputError):
        linalg.gram_schmidt([[1.5, 0]])
    with pytest.raises(InexactInputError):
        linalg.Constraint((0.5,), 0)
    assert linalg.Constraint((sympy.Rational(1, 2),), "1/3").constant == Fraction(1, 3)
    with pytest.raises(InexactInputError):
        linalg.optimize([0.5], [], 1)
    with pytest.raises(ShapeError):
        linalg.outer_sum([[1]], [[1, 2], [3, 4]], (1, 2))


def test_independent_rows_is_the_greedy_basis():
    """Against the definition, by ranks: row i is kept iff it raises the rank of the rows kept before it."""
    rng = random.Random(8)
    for _ in range(300):
        n_rows, n_cols = rng.randint(0, 7), rng.randint(1, 8)
        density = rng.choice([0.15, 0.3, 0.6])
        rows = [[Fraction(rng.randint(-2, 2), rng.randint(1, 3)) if rng.random() < density else Fraction(0)
                 for _ in range(n_cols)] for _ in range(n_rows)]
        greedy, basis = [], []
        for i, row in enumerate(rows):
            if linalg.rank(basis + [row], n_cols) > len(basis):
                greedy.append(i)
                basis.append(row)
        assert linalg.independent_rows(rows, n_cols) == tuple(greedy)
