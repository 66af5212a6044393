"""Orientation search: exact 0/1 solutions of rational linear systems, against brute force.

The three stages (p-adic propagation, depth-first search, lattice enumeration)
are checked separately by forcing the residual method, and together on
float-valued networks of realistic size with planted orientation relations.
"""

from __future__ import annotations

import random
from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.core.limits import UNLIMITED, SearchLimits
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.onelayer import orientations
from semialg_fibers.onelayer.orientations import binary_solutions, rank_one_solutions
from semialg_fibers.readwrite.examples import REAL_NETWORKS
from semialg_fibers.shallow import canonical_data, canonical_form, is_generic

small = st.integers(-2, 2).map(F)


def brute_force(columns, target):
    return [x for x in product((0, 1), repeat=len(columns))
            if all(sum((xi * c[d] for xi, c in zip(x, columns)), F(0)) == target[d] for d in range(len(target)))]


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 3).flatmap(lambda dim: st.tuples(
    st.lists(st.tuples(*[small] * dim), min_size=0, max_size=7), st.tuples(*[small] * dim))))
def test_matches_brute_force(case):
    columns, target = case
    assert list(binary_solutions(columns, target)) == brute_force(columns, target)


@pytest.mark.parametrize("residual_method", ["dfs", "lattice"])
def test_each_residual_method_matches_brute_force(monkeypatch, residual_method):
    """Force the depth-first search or the lattice enumeration on every residual system."""
    monkeypatch.setattr(orientations, "DFS_NULLITY", 10 ** 6 if residual_method == "dfs" else 0)
    rng = random.Random(11)
    for _ in range(150):
        r, dim = rng.randint(0, 10), rng.randint(1, 3)
        columns = [tuple(F(rng.randint(-3, 3), rng.choice([1, 1, 2, 3])) for _ in range(dim)) for _ in range(r)]
        planted = [rng.randint(0, 1) for _ in range(r)]
        target = (tuple(sum((c[d] * b for c, b in zip(columns, planted)), F(0)) for d in range(dim))
                  if rng.random() < 0.8 else tuple(F(rng.randint(-3, 3)) for _ in range(dim)))
        assert list(binary_solutions(columns, target, UNLIMITED)) == brute_force(columns, target)


def test_rank_one_form_matches_brute_force():
    rng = random.Random(12)
    for _ in range(100):
        r, k, d = rng.randint(1, 8), rng.randint(1, 3), rng.randint(1, 3)
        kinks = [[F(rng.randint(-2, 2), rng.choice([1, 2, 4])) for _ in range(k)] for _ in range(r)]
        vectors = [[F(rng.randint(-2, 2), rng.choice([1, 3])) for _ in range(d)] for _ in range(r)]
        planted = [rng.randint(0, 1) for _ in range(r)]
        target = [[sum((kk[j] * vv[i] for kk, vv, b in zip(kinks, vectors, planted) if b), F(0)) for i in range(d)]
                  for j in range(k)]
        columns = [[kk[j] * vv[i] for j in range(k) for i in range(d)] for kk, vv in zip(kinks, vectors)]
        flat = [v for row in target for v in row]
        assert list(rank_one_solutions(kinks, vectors, target)) == brute_force(columns, flat)


def test_budget_raises():
    columns = [(F(1),)] * 30
    with pytest.raises(NotDecidedError, match="search nodes"):
        list(binary_solutions(columns, (F(15),), SearchLimits.with_budget(1000)))


def _dyadic(rng: random.Random) -> F:
    """A float64 weight as the exact dyadic rational it stores."""
    return F(rng.gauss(0.0, 1.0))


def test_planted_relation_among_many_float_kinks():
    """m = k = 1, 40 lines with float kinks and one planted relation kappa_1 + kappa_2 = kappa_3.

    Exactly two orientation sets solve the system (flip {1, 2} or {3}); the
    propagation alone cannot see that, so the lattice stage must find both.
    """
    rng = random.Random(13)
    kinks = [_dyadic(rng) for _ in range(40)]
    kinks[2] = kinks[0] + kinks[1]
    own = [rng.randint(0, 1) for _ in range(40)]
    own[0] = own[1] = 1
    own[2] = 0
    target = [[sum((kk for kk, b in zip(kinks, own) if b), F(0))]]
    sols = list(rank_one_solutions([[kk] for kk in kinks], [[F(1)]] * 40, target))
    other = list(own)
    other[0] = other[1] = 0
    other[2] = 1
    assert sols == sorted([tuple(own), tuple(other)])


def _float_network(m, n, k, rng):
    return Network.from_layers([([[_dyadic(rng) for _ in range(m)] for _ in range(n)], [_dyadic(rng) for _ in range(n)]),
                                ([[_dyadic(rng) for _ in range(n)] for _ in range(k)], [_dyadic(rng) for _ in range(k)])])


def test_canonical_form_of_float_network_with_planted_orientation_ambiguity():
    """A 2-30-1 float network where flipping neurons 0, 1 and 2 together gives the same function.

    ``a_2`` and ``v_2`` are chosen so that ``v_0 a_0 + v_1 a_1 + v_2 a_2 = 0``
    (a planted relation): flipping ``s(z) -> s(-z) + z`` on the three neurons
    adds no linear part.  Both realizations have minimal width 30 and must give
    the same canonical form; ``is_generic`` names the ambiguity.
    """
    rng = random.Random(14)
    net = _float_network(2, 30, 1, rng)
    (w1, b1), (w2, b2) = ((l.weight, l.bias) for l in net.layers)
    rows, bias, out = [list(r) for r in w1], list(b1), [list(w2[0])]
    # v_2 a_2 = -(v_0 a_0 + v_1 a_1) with a_2 on that line, v_2 = -1.
    rows[2] = [out[0][0] * rows[0][t] + out[0][1] * rows[1][t] for t in range(2)]
    out[0][2] = F(-1)
    base = Network.from_layers([(rows, bias), (out, list(b2))])
    twin_rows, twin_bias = [list(r) for r in rows], list(bias)
    c = list(b2)
    for i in (0, 1, 2):
        # v s(z) = v s(-z) + v z; the linear parts of the three cancel, the constants go to c.
        c[0] += out[0][i] * bias[i]
        twin_rows[i] = [-a for a in twin_rows[i]]
        twin_bias[i] = -twin_bias[i]
    twin = Network.from_layers([(twin_rows, twin_bias), (out, c)])
    assert oracle(base, twin)  # independent of the canonical data
    form = canonical_form(base)
    assert canonical_form(twin) == form
    assert form.architecture == (2, 30, 1)
    assert canonical_data(form) == canonical_data(base)
    report = is_generic(base)
    assert not report.generic
    assert [m.kind for m in report.mechanisms] == ["other minimal choice"]


@pytest.mark.parametrize("name", ["nnequiv_bitvec_1_4_10-50-2.json", "nnequiv_bitvec_1_2_10-20-2.json"])
def test_real_network_canonical_form_decided(name):
    """Trained 10-50-2 and 10-20-2 networks: canonical form decided (was NotDecided with DFS alone)."""
    path = REAL_NETWORKS / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    net = Network.from_json(path.read_text(), numbers="float64")
    form = canonical_form(net)
    assert form.architecture == net.architecture
    assert canonical_data(form) == canonical_data(net)
    rng = random.Random(15)  # independent of the canonical data: exact evaluation at random points
    for _ in range(20):
        x = [F(rng.randint(-50, 50), rng.randint(1, 9)) for _ in range(net.input_dim)]
        assert form(x) == net(x)
    assert is_generic(net).generic
