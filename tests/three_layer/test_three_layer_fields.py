"""Infinitesimal generators: derivatives of the exact moves, and their rank against the exact Jacobian bound."""

import random
from fractions import Fraction

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import Network
from semialg_fibers.core import linalg
from semialg_fibers.core.symmetries import SymmetryKind
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import jacobian_upper_bound, shift_linear_bias, symmetries, translate
from semialg_fibers.three_layer.fields import (
    hiding_field,
    linear_bias_field,
    linear_kernel_fields,
    linear_mixing_fields,
)
from semialg_fibers.three_layer.moves import linear_rows, refactor_linear_block

F = Fraction


def _difference(a: Network, b: Network, t) -> tuple:
    return tuple((x - y) / t for x, y in zip(b.parameters(), a.parameters()))


def _generator_rank(net: Network) -> int:
    gens = [g for s in symmetries(net) if s.continuous for g in s.generators]
    return linalg.rank([g.at(net) for g in gens], net.num_parameters)


def test_generators_are_derivatives_of_the_moves():
    rng = random.Random(2)
    net = with_pattern(rng, ("+--", "+--", "---"), d=3, k=2)
    field = hiding_field(net.architecture, 0, [0, 1])
    for t in (F(1), F(1, 3)):  # the translation is linear in t
        assert _difference(net, translate(net, 0, t), t) == field.at(net)
    net = with_pattern(rng, ("+++", "+++", "+-+"), d=2, k=3)
    for j in linear_rows(net):
        assert _difference(net, shift_linear_bias(net, j, 2), 2) == linear_bias_field(net.architecture, j).at(net)
    block = list(linear_rows(net))
    fields = linear_mixing_fields(net.architecture, block)
    U = [list(net.layers[1].weight[j]) + [net.layers[1].bias[j]] for j in block]
    V = [[row[j] for j in block] for row in net.layers[2].weight]
    for (p, q), field in zip([(0, 1), (1, 0)], fields):
        eps = F(1, 7)  # G = I + eps E_pq, G^{-1} = I - eps E_pq exactly: the move is linear in eps
        U2 = [list(r) for r in U]
        U2[p] = [a + eps * b for a, b in zip(U[p], U[q])]
        V2 = [list(r) for r in V]
        for r in V2:
            r[q] -= eps * r[p]
        assert _difference(net, refactor_linear_block(net, U2, V2), eps) == field.at(net)


def test_kernel_fields_move_along_the_fiber():
    """L = 2 linear rows, n1 = 1 < L < k = 3: left-kernel moves of W2_L exist and are not in gl_2."""
    rng = random.Random(4)
    net = with_pattern(rng, ("++", "++"), d=1, k=3)
    block = list(linear_rows(net))
    kernel = linear_kernel_fields(net.architecture, block)
    assert len(kernel) == 3
    for field in kernel:
        step = field.at(net)
        moved = Network.from_parameters(net.architecture, [a + F(1, 5) * b for a, b in zip(net.parameters(), step)])
        assert oracle(net, moved)
    mixing = linear_mixing_fields(net.architecture, block)
    values = lambda fs: [f.at(net) for f in fs]  # noqa: E731
    assert linalg.rank(values(mixing) + values(kernel)) > linalg.rank(values(mixing))
    assert _generator_rank(net) == jacobian_upper_bound(net)


CASES = [(2, 1, 1, 2), (2, 2, 1, 2), (2, 2, 2, 3), (1, 2, 2, 1), (1, 3, 2, 2)]


@pytest.mark.parametrize("n1, n2, k, d", CASES, ids=[str(c) for c in CASES])
def test_local_dimension_is_pinned_on_every_sign_pattern(n1, n2, k, d):
    """rank of the generators (a lower bound of the local fiber dimension) = N - rank J (an upper bound)."""
    rng = random.Random(n1 * 1000 + n2 * 100 + k * 10 + d)
    for pats in pattern_multisets(n1, n2):
        net = with_pattern(rng, pats, d=d, k=k)
        assert _generator_rank(net) == jacobian_upper_bound(net), pats


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k, d", [(2, 3, 1, 2), (2, 3, 2, 3), (3, 2, 1, 3), (1, 3, 3, 2), (3, 3, 2, 4)],
                         ids=str)
def test_local_dimension_is_pinned_larger(n1, n2, k, d):
    rng = random.Random(n1 * 1000 + n2 * 100 + k * 10 + d)
    for pats in pattern_multisets(n1, n2):
        net = with_pattern(rng, pats, d=d, k=k)
        assert _generator_rank(net) == min(jacobian_upper_bound(net, seed=s) for s in (0, 1)), pats


def test_field_names_and_components():
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    (translation,) = [s for s in symmetries(net) if s.kind == SymmetryKind.HIDING_TRANSLATION]
    (field,) = translation.generators
    assert field.to_dict()["components"] == {"b1_1": "1", "b2_1": "-W2_1_1"}  # plain names (TeX by sympy.latex)
    assert "hiding translation" in field.name
