"""Stabilizer in H_n: generators fix theta; order and dimension against brute force over permutations."""

from __future__ import annotations

import random
from fractions import Fraction as F
from itertools import permutations

from strategies import neurons_of, random_neuron_network

from semialg_fibers import Network
from semialg_fibers.shallow.stabilizer import StabilizerElement, act, stabilizer


def _brute_order(net):
    """Count permutations pi admitting positive scalings with h theta = theta (zero neurons excluded)."""
    neurons, _ = neurons_of(net)
    nonzero = [i for i, (v, a, b) in enumerate(neurons) if any(v) or any(a) or b]
    count = 0
    for perm in permutations(nonzero):
        ok = True
        for i, j in zip(nonzero, perm):
            (vi, ai, bi), (vj, aj, bj) = neurons[i], neurons[j]
            zeros_match = all((x == 0) == (y == 0) for x, y in zip(ai + [bi] + vj, aj + [bj] + vi))
            # theta_j = (v_i / d, d a_i, d b_i): (a_j, b_j) = d (a_i, b_i) and v_i = d v_j.
            ds = {y / x for x, y in zip(ai + [bi], aj + [bj]) if x} | {x / y for x, y in zip(vi, vj) if y}
            if not zeros_match or len(ds) > 1 or any(d <= 0 for d in ds):
                ok = False
                break
        count += ok
    return count


def test_generators_fix_theta_and_order_matches_brute_force():
    rng = random.Random(31)
    nontrivial = 0
    for _ in range(120):
        net = random_neuron_network(rng, rng.randint(1, 2), rng.randint(1, 4), rng.randint(1, 2), -1, 1)
        st = stabilizer(net)
        assert all(act(net, g) == net for g in st.generators)
        assert st.order == _brute_order(net)
        neurons, _ = neurons_of(net)
        assert st.zero_neurons == tuple(i for i, (v, a, b) in enumerate(neurons) if not any(v) and not any(a) and not b)
        nontrivial += not st.is_trivial
    assert nontrivial >= 10


def test_scaled_copies_form_a_class():
    net = Network.from_layers([([[1], [2], [3]], [1, 2, 3]), ([[6, 3, 2]], [0])])
    st = stabilizer(net)
    assert st.classes == ((0, 1, 2),) and st.order == 6 and st.dimension == 0
    assert act(net, StabilizerElement((0, 1, 2), (F(2), F(1), F(1)))) != net
