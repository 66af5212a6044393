"""binary_solutions: exact 0/1 solutions of a rational linear system, against brute force."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from semialg_fibers import NotDecidedError
from semialg_fibers.shallow.orientations import binary_solutions

small = st.integers(-2, 2).map(F)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 3).flatmap(lambda dim: st.tuples(
    st.lists(st.tuples(*[small] * dim), min_size=0, max_size=7), st.tuples(*[small] * dim))))
def test_matches_brute_force(case):
    columns, target = case
    expected = [x for x in product((0, 1), repeat=len(columns))
                if all(sum((xi * c[d] for xi, c in zip(x, columns)), F(0)) == target[d] for d in range(len(target)))]
    assert list(binary_solutions(columns, target)) == expected


def test_budget_raises():
    columns = [(F(1),)] * 30
    with pytest.raises(NotDecidedError, match="search nodes"):
        list(binary_solutions(columns, (F(15),), budget=1000))
