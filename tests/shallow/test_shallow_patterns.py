"""Role patterns and dimensions: per-piece formula vs fiber dimension vs the closed formulas of docs/theory/shallow.md, Section 5."""

from __future__ import annotations

import random

import pytest
from strategies import random_equivalent, random_neuron_network

from semialg_fibers import examples
from semialg_fibers.shallow.canonical import canonical_data
from semialg_fibers.shallow.dimension import fiber_dimension
from semialg_fibers.shallow.minimal import minimal_choice, minimal_width
from semialg_fibers.shallow.patterns import RolePattern, factorization_dimension, piece_dimension, role_patterns


def test_orbit_pattern_multiplicity():
    net = examples.spec_orbit_example()
    patterns = list(role_patterns(canonical_data(net), 2))
    assert [(p.visible, d, p.multiplicity) for p, d in patterns] == [(((1, 0), (1, 0)), 2, 2)]


def test_multiplicity_of_mixed_pattern():
    # one visible line with 2+ 1-, one group (1, 1), one zero-output neuron: 6! / (2! 1! 1! 1! 2 1!) = 180
    assert RolePattern(1, 0, 0, ((2, 1),), ((1, 1),)).multiplicity == 180


def _spec_dimension(data, n):
    """The closed formula of docs/theory/shallow.md, Proposition 5b, evaluated by brute force over all (S, M) (independent of roles.py)."""
    from itertools import combinations

    from semialg_fibers.core import linalg

    r, m, k = data.num_lines, data.input_dim, data.output_dim
    e = max(m, k)
    best = None
    for q in range(0, min(r, m) + 1):
        for mixed in combinations(range(r), q):
            normals = [data.lines[u].normal for u in mixed]
            if q and linalg.rank(normals, m) < q:
                continue
            perp = linalg.nullspace(normals, m) if q else [tuple(int(i == j) for i in range(m)) for j in range(m)]
            others = [u for u in range(r) if u not in mixed]
            for size in range(len(others) + 1):
                for flipped in combinations(others, size):
                    g = [list(row) for row in data.linear]
                    for u in flipped:
                        for j in range(k):
                            for i in range(m):
                                g[j][i] += data.lines[u].kink[j] * data.lines[u].normal[i]
                    proj = [[sum(a * b for a, b in zip(row, col)) for col in perp] for row in g]
                    rho = linalg.rank(proj, len(perp)) if perp else 0
                    if r + q + 2 * rho <= n:
                        term = rho * (q + rho) - (q + 2 * rho) * e
                        best = term if best is None else max(best, term)
    return r + (n - r) * (e + 1) + best


def _cases(count, seed, max_dim=3):
    rng = random.Random(seed)
    for _ in range(count):
        m, k = rng.randint(1, max_dim), rng.randint(1, max_dim)
        net = random_neuron_network(rng, m, rng.randint(1, 3), k)
        if rng.random() < 0.5:
            net = random_equivalent(net, rng, 2)
        if net.architecture[1] <= 5:
            yield net


def _check(net):
    data = canonical_data(net)
    n = net.architecture[1]
    dims = [d for _, d in role_patterns(data, n)]
    fd = fiber_dimension(net)
    assert max(dims) == fd
    assert _spec_dimension(data, n) == fd
    m, _, k = net.architecture
    if k == 1:  # the k = 1 form: n* + delta + (n - n*)(m + 1)
        width = minimal_width(net)
        delta = 1 if minimal_choice(data).pairs else 0
        assert fd == width + delta + (n - width) * (m + 1)


def test_fiber_dimension_equals_max_piece_and_spec_formulas():
    for net in _cases(150, 1):
        _check(net)


@pytest.mark.slow
def test_fiber_dimension_many():
    for net in _cases(2000, 2):
        _check(net)


def test_every_configuration_is_dominated_by_the_formula_term():
    """Arithmetic core of the dimension proof (docs/theory/shallow.md, Proposition 5).

    Any configuration (|M| = q mixed lines spanning dimension b, p >= rho
    cancelling groups) has dimension at most the Proposition 5b term of an
    independent M of size b with the same rho, and at most r + (n - r)(E + 1).
    """
    for k in range(1, 5):
        for m in range(1, 5):
            e = max(m, k)
            for r in range(0, 4):
                for n in range(r, r + 7):
                    base = r + (n - r) * (e + 1)
                    for q in range(0, min(r, n - r) + 1):
                        for b in range(1 if q else 0, min(q, m) + 1):
                            for rho in range(0, min(k, m - b) + 1):
                                for p in range(rho, (n - r - q) // 2 + 1):
                                    if p == 0:
                                        mv = k * (q - b) if rho == 0 else None
                                    else:
                                        fact = factorization_dimension(k, p, m - b, rho, b == 0)
                                        mv = None if fact is None else k * (q - b) + p * b - p + fact
                                    if mv is None:
                                        continue
                                    dim = r + q + 3 * p + mv + (n - r - q - 2 * p) * (e + 1)
                                    spec = base + rho * (b + rho) - (b + 2 * rho) * e
                                    assert dim <= spec <= base


def test_piece_dimension_empty_when_matching_fails():
    data = canonical_data(examples.cancelling_pair_example())  # needs a pair: no width-2 piece
    assert piece_dimension(data, RolePattern(1, 0, 0, ((1, 0),))) is None
    assert piece_dimension(data, RolePattern(0, 0, 0, ((1, 0),), ((1, 1),))) == 4
