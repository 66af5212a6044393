"""Every exact move preserves the function (oracle), on random parameters of every sign pattern,
and fails (with an oracle witness) just outside its interval or condition."""

import itertools
import random
from fractions import Fraction

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import Network
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.core.symmetries import SymmetryKind, same_orbit
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import (
    layer_flip_sets,
    ramp_flip,
    representations,
    revival_forms,
    revive,
    sign_change,
    symmetries,
)
from semialg_fibers.three_layer.moves import flip_condition, layer_flip, set_dead_row, shift_linear_bias
from semialg_fibers.three_layer.search import class_key

F = Fraction


def L(layer):
    """A layer as the (weight, bias) pair that Network.from_layers takes."""
    return layer.weight, layer.bias


def _values(sym, net, rng):
    """Random admissible parameters of a symmetry's action."""
    d, n1, n2, k = net.architecture
    kind = sym.kind
    if kind == SymmetryKind.PERMUTATION:
        perm = list(range(len(sym.neurons)))
        rng.shuffle(perm)
        return [(perm,)]
    if kind == SymmetryKind.SCALING:
        return [(F(rng.randint(1, 9), rng.randint(1, 9)),)]
    if kind == SymmetryKind.DEAD_FREEDOM:
        return [([-F(rng.randint(0, 5), rng.randint(1, 3)) for _ in range(n1 + 1)],
                 [F(rng.randint(-9, 9), rng.randint(1, 3)) for _ in range(k)])]
    if kind == SymmetryKind.ZERO_OUTPUT_FREEDOM:
        if sym.neurons[0][0] == 2:
            return [([F(rng.randint(-5, 5)) for _ in range(n1 + 1)],)]
        return [([F(rng.randint(-5, 5)) for _ in range(d)], F(rng.randint(-5, 5)))]
    if kind == SymmetryKind.LINEAR_BIAS:
        j = sym.neurons[0][1]
        c = net.layers[1].bias[j]
        return [(-c,), (F(rng.randint(1, 9), 2),)]
    if kind == SymmetryKind.LINEAR_MIXING:
        rows = [t for t in range(n2) if (2, t) in sym.neurons]
        U = [list(net.layers[1].weight[j]) + [net.layers[1].bias[j]] for j in rows]
        V = [[row[j] for j in rows] for row in net.layers[2].weight]
        # G = I + eps E_pq keeps U >= 0 for eps > 0; V G^{-1} = V (I - eps E_pq)
        p, q = rng.sample(range(len(rows)), 2)
        eps = F(rng.randint(1, 5), rng.randint(1, 5))
        U2 = [list(r) for r in U]
        U2[p] = [a + eps * b for a, b in zip(U[p], U[q])]
        V2 = [list(r) for r in V]
        for r in V2:
            r[q] -= eps * r[p]
        return [(U2, V2)]
    if kind == SymmetryKind.HIDING_TRANSLATION:
        lower = F(sym.parameters[0][1].split()[2]) if "t >=" in sym.parameters[0][1] else F(-5)
        return [(lower,), (lower / 2,), (F(rng.randint(0, 9), 2),)]
    if kind == SymmetryKind.SIGN_CHANGE:
        cols = [l for (_, l) in sym.neurons[1:]]
        return [(c,) for size in range(1, len(cols) + 1) for c in itertools.combinations(cols, size)]
    if kind in (SymmetryKind.RAMP_FLIP, SymmetryKind.DEAD_REVIVAL):
        return [()]
    if kind == SymmetryKind.LAYER_FLIP:
        return [(s,) for s in layer_flip_sets(net)]
    if kind in (SymmetryKind.CONSTANT_FREEDOM, SymmetryKind.KINK_SPLIT):
        size = k if sym.neurons[0][0] == 2 else n2
        return [([F(rng.randint(-5, 5), rng.randint(1, 3)) for _ in range(size)],)]
    raise AssertionError(f"no test values for {kind}")


def _check_all_moves(net, rng):
    kinds = set()
    for sym in symmetries(net):
        for values in _values(sym, net, rng):
            moved = sym.apply(net, *values)
            assert moved.architecture == net.architecture
            assert oracle(net, moved), (sym.kind, values)
            kinds.add(sym.kind)
    return kinds


CASES = [(n1, n2, k, d) for (n1, n2) in [(1, 1), (1, 2), (2, 1), (2, 2)] for k in (1, 2) for d in (n1, n1 + 1)]


@pytest.mark.parametrize("n1, n2, k, d", CASES, ids=[str(c) for c in CASES])
def test_every_move_on_every_sign_pattern(n1, n2, k, d):
    rng = random.Random(1000 * n1 + 100 * n2 + 10 * k + d)
    kinds = set()
    for pats in pattern_multisets(n1, n2):
        kinds |= _check_all_moves(with_pattern(rng, pats, d=d, k=k), rng)
    assert SymmetryKind.HIDING_TRANSLATION in kinds
    assert n2 == 1 or {SymmetryKind.DEAD_FREEDOM, SymmetryKind.LINEAR_BIAS} <= kinds
    assert n1 != 1 or SymmetryKind.RAMP_FLIP in kinds


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k", [(1, 3, 1), (2, 3, 1), (2, 3, 2), (3, 1, 1), (3, 2, 1), (1, 3, 3)], ids=str)
def test_every_move_on_every_sign_pattern_larger(n1, n2, k):
    rng = random.Random(n1 * 100 + n2 * 10 + k)
    for pats in pattern_multisets(n1, n2):
        _check_all_moves(with_pattern(rng, pats, d=n1 + 1, k=k), rng)


# ---------------------------------------------------------------------------- outside the conditions
def test_linear_bias_fails_below_its_half_line():
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, 1], [1, -3]], [1, 1]), ([[3, 1]], [1])])
    assert oracle(net, shift_linear_bias(net, 0, -1))
    with pytest.raises(ValueError, match="stop being linear"):
        shift_linear_bias(net, 0, F(-101, 100))
    layers = [[[list(r) for r in l.weight], list(l.bias)] for l in net.layers]
    layers[1][1][0] -= F(101, 100)
    layers[2][1][0] += 3 * F(101, 100)
    result = oracle(net, Network.from_layers(layers))
    assert not result and result.witness is not None


def test_dead_row_freedom_stops_at_the_cone():
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [-1, -2]], [1, -1]), ([[1, 4]], [0])])
    assert oracle(net, set_dead_row(net, 1, [0, 0, 0], [9]))
    with pytest.raises(ValueError, match="positive entry"):
        set_dead_row(net, 1, [F(1, 10), -1, -1], [4])
    layers = [[[list(r) for r in l.weight], list(l.bias)] for l in net.layers]
    layers[1][0][1] = [F(1, 10), -2]
    assert not oracle(net, Network.from_layers(layers))


def test_sign_change_needs_one_live_row():
    rng = random.Random(5)
    one = with_pattern(rng, ("+--", "---"), d=3, k=2)
    assert oracle(one, sign_change(one, 0, [1]))
    moved = sign_change(sign_change(one, 0, [1]), 0, [1])
    assert same_orbit(one, moved) or moved == one  # an involution
    two = with_pattern(rng, ("+--", "+--"), d=2)
    # the naive flip with the ratio of the first hiding row changes f (the ratios differ: G5)
    w2 = two.layers[1].weight
    rho = w2[0][1] / w2[0][0]
    layers = [[[list(r) for r in l.weight], list(l.bias)] for l in two.layers]
    w1, b1 = two.layers[0].weight, two.layers[0].bias
    layers[0][0][1] = [-v for v in w1[1]]
    layers[0][1][1] = -b1[1]
    layers[0][0][0] = [a + rho * b for a, b in zip(w1[0], w1[1])]
    layers[0][1][0] = b1[0] + rho * b1[1]
    result = oracle(two, Network.from_layers(layers))
    assert not result and two(result.witness) != Network.from_layers(layers)(result.witness)
    with pytest.raises(ValueError, match="cannot flip"):
        sign_change(two, 0, [1])


def test_ramp_flip_needs_every_live_row_to_be_a_ramp():
    rng = random.Random(8)
    ramps = with_pattern(rng, ("-+", "-+", "--"), d=2, k=2)
    flipped = ramp_flip(ramps)
    assert oracle(ramps, flipped) and not same_orbit(ramps, flipped)
    assert same_orbit(ramp_flip(flipped), ramps)
    mixed = with_pattern(rng, ("-+", "+-"), d=1)
    with pytest.raises(ValueError, match="ramp"):
        ramp_flip(mixed)
    # the ramp formula applied to the ramp row alone, ignoring the hiding row, changes f
    only_ramp = Network.from_layers([L(mixed.layers[0]), L(mixed.layers[1]),
                                     ([[mixed.layers[2].weight[0][0], 0]], mixed.layers[2].bias)])
    naive = ramp_flip(only_ramp)
    attempt = Network.from_layers([L(naive.layers[0]), L(naive.layers[1]),
                                   ([[naive.layers[2].weight[0][0], mixed.layers[2].weight[0][1]]], naive.layers[2].bias)])
    assert not oracle(mixed, attempt)


def test_revivals_need_one_live_row_and_a_spare_row():
    rng = random.Random(9)
    for pats in [("-++", "---"), ("+-+", "---"), ("+--", "---"), ("-+-", "---"), ("--+", "---", "---")]:
        net = with_pattern(rng, pats, d=3, k=2)
        forms = revival_forms(net)
        assert forms
        for form in forms:
            revived = revive(net, form)
            assert oracle(net, revived) and not same_orbit(net, revived)
    # a second live row breaks the identity
    net = with_pattern(rng, ("-++", "+-+", "---"), d=2)
    assert revival_forms(net) == ()
    one = Network.from_layers([L(net.layers[0]), ([net.layers[1].weight[0], net.layers[1].weight[2]],
                                               [net.layers[1].bias[0], net.layers[1].bias[2]]),
                               ([[net.layers[2].weight[0][0], net.layers[2].weight[0][2]]], net.layers[2].bias)])
    revived = revive(one, revival_forms(one)[0])
    attempt = Network.from_layers([L(revived.layers[0]),
                                   ([revived.layers[1].weight[0], net.layers[1].weight[1], revived.layers[1].weight[1]],
                                    [revived.layers[1].bias[0], net.layers[1].bias[1], revived.layers[1].bias[1]]),
                                   ([[revived.layers[2].weight[0][0], net.layers[2].weight[0][1],
                                      revived.layers[2].weight[0][1]]], revived.layers[2].bias)])
    assert not oracle(net, attempt)


def test_layer_flip_exists_iff_the_nonnegative_rank_fits():
    """Admissible flip sets against the exhaustive search: same first layer, flipped orientations."""
    rng = random.Random(11)
    for pats in [("++-", "---"), ("-++", "---"), ("+-+", "+++"), ("--+", "+++"), ("-+-", "+++", "--+")]:
        net = with_pattern(rng, pats, d=2)
        flips = set(layer_flip_sets(net))
        own = class_key(net, net)
        found = {r.key for r in representations(net, limits=UNLIMITED) if r.key[0] == own[0]}
        predicted = {class_key(net, layer_flip(net, s)) for s in flips} | {own}
        assert predicted == found, pats
        crossing = [j for j in range(len(pats)) if j not in flip_condition(net, ())[2]]
        for size in range(1, len(crossing) + 1):
            for chosen in itertools.combinations(crossing, size):
                _, ncr, available = flip_condition(net, chosen)
                if ncr.value > len(available):
                    assert chosen not in flips
                    with pytest.raises(ValueError, match="available"):
                        layer_flip(net, chosen)


DEGENERATE = [
    ("constant first-layer neuron, b1 > 0", [([[0, 0], [1, 2]], [2, 0]), ([[2, -1], [1, -3]], [1, 1]), ([[3, 1]], [0])]),
    ("constant first-layer neuron, b1 < 0", [([[0, 0], [1, 2]], [-2, 0]), ([[2, -1], [1, -3]], [1, 1]), ([[3, 1]], [0])]),
    ("repeated first-layer hyperplane", [([[1, 1], [2, 2]], [1, 2]), ([[2, -1], [1, -3]], [1, 1]), ([[3, 1]], [0])]),
    ("repeated rows", [([[1, 2], [-1, 1]], [1, 2]), ([[2, -1], [4, -2], [1, 1]], [1, 2, -1]),
                       ([[3, 1, 1], [1, 0, 2]], [0, 1])]),
]


@pytest.mark.parametrize("name, layers", DEGENERATE, ids=[d[0] for d in DEGENERATE])
def test_moves_outside_the_generic_set(name, layers):
    net = Network.from_layers(layers)
    kinds = _check_all_moves(net, random.Random(3))
    assert kinds & {SymmetryKind.CONSTANT_FREEDOM, SymmetryKind.KINK_SPLIT}


def _degenerate_networks(seed: int, count: int):
    from strategies import random_network
    rng = random.Random(seed)
    for _ in range(count):
        arch = rng.choice([(2, 2, 2, 1), (1, 1, 2, 2), (3, 2, 2, 1), (2, 2, 1, 2)])
        yield random_network(rng, arch, -2, 2), rng


@pytest.mark.parametrize("count", [40, pytest.param(400, marks=pytest.mark.slow)], ids=["sample", "all"])
def test_moves_on_degenerate_small_integer_networks(count):
    """Entries in {-2..2}: zero entries, ties, rank-deficient first layers; every listed move stays exact."""
    for net, rng in _degenerate_networks(17, count):
        for sym in symmetries(net):
            for values in _values(sym, net, rng):
                try:
                    moved = sym.apply(net, *values)
                except ValueError:
                    assert sym.kind == SymmetryKind.LINEAR_MIXING  # the random mixing may leave the cone
                    continue
                assert oracle(net, moved), (net, sym.kind, values)
