"""Canonical data on the orthant: it evaluates to the network and is invariant under symmetries."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import permute_and_scale, random_network

from semialg_fibers import Network
from semialg_fibers.orthant import canonical_data


@st.composite
def small_networks(draw):
    m, n, k = draw(st.integers(1, 3)), draw(st.integers(1, 4)), draw(st.integers(1, 2))
    ints = st.integers(-3, 3)
    w1 = [[draw(ints) for _ in range(m)] for _ in range(n)]
    w2 = [[draw(ints) for _ in range(n)] for _ in range(k)]
    return Network.from_layers([(w1, [draw(ints) for _ in range(n)]), (w2, [draw(ints) for _ in range(k)])])


@settings(max_examples=80, deadline=None)
@given(small_networks(), st.randoms(use_true_random=False))
def test_data_evaluates_to_the_network_on_the_orthant(net, rnd):
    data = canonical_data(net)
    for _ in range(6):
        y = [Fraction(rnd.randint(0, 12), rnd.randint(1, 3)) for _ in range(net.input_dim)]
        assert data.evaluate(y) == net(y)


def test_invariant_under_permutation_and_scaling(rng):
    for _ in range(40):
        net = random_network(rng, (2, 3, 2))
        assert canonical_data(permute_and_scale(net, rng)) == canonical_data(net)


def test_dead_neurons_and_negative_identity_vanish():
    # s(y) - s(-y) = y on R, and s(-y) is dead on y >= 0: both give G = 1, no line.
    a = canonical_data(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    b = canonical_data(Network.from_layers([([[1]], [0]), ([[1]], [0])]))
    assert a == b and a.lines == () and a.linear == ((Fraction(1),),)


GOLDEN = [
    # name, layers, lines [(line, kink)], G, g0
    ("flipped neuron", [([[-1, 1]], [0]), ([[2]], [1])],
     [((1, -1, 0), (2,))], ((-2, 2),), (1,)),
    ("linear bias enters g0", [([[1, 0]], [3]), ([[2]], [0])], [], ((2, 0),), (6,)),
    ("two neurons on one line cancel", [([[1, -1], [2, -2]], [1, 2]), ([[2, -1]], [0])], [], ((0, 0),), (0,)),
    ("zero column of G", [([[0, 1], [1, -1]], [0, 1]), ([[3, 1]], [0])],
     [((1, -1, 1), (1,))], ((0, 3),), (0,)),
]


@pytest.mark.parametrize("name,layers,lines,G,g0", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_data(name, layers, lines, G, g0):
    d = canonical_data(Network.from_layers(layers))
    assert [(u.line, u.kink) for u in d.lines] == [(tuple(map(Fraction, l)), tuple(map(Fraction, kk))) for l, kk in lines]
    assert d.linear == tuple(tuple(map(Fraction, r)) for r in G) and d.constant == tuple(map(Fraction, g0))
