"""Role patterns: multiplicities, the required linear part, enumeration order and counts."""

import math

from semialg_fibers import Network
from semialg_fibers.orthant import canonical_data, role_patterns
from semialg_fibers.orthant.patterns import OrthantPattern, base_dimension, required_linear_part


def test_multiplicity_counts_labelled_assignments():
    assert OrthantPattern(0, 0, 0, ((1, 0),)).multiplicity == 1
    assert OrthantPattern(1, 1, 1, ((1, 0),)).multiplicity == math.factorial(4)
    assert OrthantPattern(0, 0, 0, (), ((1, 1),)).multiplicity == 1        # {+, -} is one group
    assert OrthantPattern(0, 0, 0, (), ((2, 0), (2, 0))).multiplicity == 3  # two pairs out of four
    assert OrthantPattern(0, 0, 0, ((1, 1),)).multiplicity == 2


def test_required_linear_part_adds_flipped_kinks():
    net = Network.from_layers([([[1, -1], [2, 1]], [0, -1]), ([[2, 1]], [0])])
    data = canonical_data(net)
    assert data.num_lines == 2
    flipped = required_linear_part(data, (0, 1))
    expected = [sum((u.kink[0] * u.normal[j] for u in data.lines), data.linear[0][j]) for j in range(2)]
    assert flipped == (tuple(expected),)


def test_orientation_only_patterns_come_first_and_all_widths_add_up():
    net = Network.from_layers([([[1, -1], [1, 1], [-1, -1]], [0, 0, 0]), ([[1, 2, 3]], [0])])
    data = canonical_data(net)
    patterns = list(role_patterns(data, 3))
    assert patterns[0][0].is_orientation_only
    assert all(p.width == 3 for p, _ in patterns)
    assert len({p for p, _ in patterns}) == len(patterns)
    assert all(strata for _, strata in patterns)


def test_base_dimension_terms():
    # zero-output m + 1, dead m + 1 + k, linear 1, mixed line 2 (k + 1) - 2 k, silent pair m + 2 (k + 1) - k
    assert base_dimension(OrthantPattern(1, 1, 1, ((1, 1),), ((2, 0),)), 2, 1) == 3 + 4 + 1 + 2 + 5
    assert base_dimension(OrthantPattern(0, 0, 0, (), ((1, 1),)), 3, 2) == 4 * 1 - 4 + 2
