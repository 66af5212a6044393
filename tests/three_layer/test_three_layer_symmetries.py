"""Which symmetries are present, with their parameters, group orders and dimensions."""

import random

import pytest
from strategies import with_pattern

from semialg_fibers import NotDecidedError
from semialg_fibers.core.limits import SearchLimits
from semialg_fibers.core.symmetries import SymmetryKind as K
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import hidden_symmetries, layer_flip_sets, symmetries

GOLDEN = [
    # (patterns, d, k, kinds beyond H in order)
    (("+--",), 2, 1, [K.HIDING_TRANSLATION, K.SIGN_CHANGE]),
    (("+--", "+--"), 2, 1, [K.HIDING_TRANSLATION]),
    (("-+",), 1, 2, [K.RAMP_FLIP]),
    (("-+", "-+", "--"), 1, 1, [K.DEAD_FREEDOM, K.RAMP_FLIP, K.LAYER_FLIP]),  # n1 = 1: ncr of a nonzero scalar is 1
    (("+-+", "-++"), 3, 1, []),
    (("+-+", "+++"), 2, 2, [K.LINEAR_BIAS]),  # k = 2: the flipped linear part has rank 2 > one linear row
    (("-+", "++"), 1, 1, [K.LINEAR_BIAS, K.LAYER_FLIP]),
    (("+++", "+++", "-+-"), 2, 1, [K.LINEAR_BIAS, K.LINEAR_BIAS, K.LINEAR_MIXING, K.LAYER_FLIP]),
    (("-++", "---"), 2, 1, [K.DEAD_FREEDOM, K.DEAD_REVIVAL]),
    (("+--", "---"), 2, 2, [K.DEAD_FREEDOM, K.HIDING_TRANSLATION, K.SIGN_CHANGE, K.DEAD_REVIVAL]),
    (("++-", "---"), 2, 1, [K.DEAD_FREEDOM, K.LAYER_FLIP]),
    # the flipped hiding row needs ncr = 2 linear rows: both dead rows are revived
    (("+---", "----", "----"), 3, 1, [K.DEAD_FREEDOM, K.DEAD_FREEDOM, K.HIDING_TRANSLATION, K.SIGN_CHANGE,
                                      K.LAYER_FLIP]),
]


@pytest.mark.parametrize("patterns, d, k, kinds", GOLDEN, ids=[str(g[0]) for g in GOLDEN])
def test_golden_symmetry_lists(patterns, d, k, kinds):
    net = with_pattern(random.Random(len(patterns) + d), patterns, d=d, k=k)
    found = hidden_symmetries(net)
    assert [s.kind for s in found] == kinds
    for s in found:
        assert s.continuous == bool(s.generators) or s.kind in (K.LINEAR_MIXING,)
        assert s.to_dict()["kind"] == str(s.kind)


def test_h_symmetries_come_first_and_counts():
    net = with_pattern(random.Random(1), ("+-+", "-++", "--+"), d=2)
    all_ = symmetries(net)
    assert [s.kind for s in all_[:2]] == [K.PERMUTATION, K.SCALING]
    assert sum(s.kind == K.SCALING for s in all_) == 5


def test_sign_change_group():
    net = with_pattern(random.Random(2), ("+---",), d=3)
    (change,) = [s for s in symmetries(net) if s.kind == K.SIGN_CHANGE]
    assert change.order == 4 and [l for (_, l) in change.neurons] == [0, 1, 2]
    a = change.apply(net, [1])
    b = change.apply(net, [2])
    assert same_orbit(change.apply(a, [2]), change.apply(b, [1]))  # the flips commute
    assert same_orbit(change.apply(a, [1]), net)  # and are involutions
    assert oracle(net, change.apply(net, [1, 2]))


def test_layer_flip_search_limits():
    net = with_pattern(random.Random(3), ("-+", "+-", "-+", "++"), d=2)
    assert len(layer_flip_sets(net)) == 7  # one linear row absorbs any scalar
    with pytest.raises(NotDecidedError, match="subsets"):
        layer_flip_sets(net, limits=SearchLimits(subsets=2))


def test_linear_mixing_dimension_is_the_factorization_dimension_minus_scalings_and_biases():
    from semialg_fibers.core.nonnegative_rank import factorization_dimension
    from semialg_fibers.three_layer.moves import linear_rows
    for patterns, k in [(("+++", "+++"), 1), (("+++", "+++", "+++"), 2), (("++", "++"), 3)]:
        net = with_pattern(random.Random(len(patterns) + k), patterns, k=k)
        (mixing,) = [s for s in symmetries(net) if s.kind == K.LINEAR_MIXING]
        rows = linear_rows(net)
        M = [[sum(net.layers[2].weight[r][j] * net.layers[1].weight[j][m] for j in rows)
              for m in range(net.architecture[1])] for r in range(k)]
        assert mixing.dimension == factorization_dimension(M, len(rows)) - len(rows)


# ---------------------------------------------------------------------------- symmetries are values
def _mixing_values(net, sym):
    """``(rows, columns)``: an elementary refactorization ``U -> E U``, ``V -> V E^-1`` of the linear block."""
    from fractions import Fraction

    rows = [j for (_, j) in sym.neurons]
    U = [list(net.layers[1].weight[j]) + [net.layers[1].bias[j]] for j in rows]
    V = [[row[j] for j in rows] for row in net.layers[2].weight]
    eps = Fraction(1, 3)
    U[0] = [a + eps * b for a, b in zip(U[0], U[1])]  # a nonnegative combination keeps U >= 0
    for r in V:
        r[1] -= eps * r[0]
    return U, V


W1, B1 = [[1, 2], [-1, 1]], ["1/2", -1]
#: name -> (network: layers or (patterns, d, k), kind, index among that kind, values(net, symmetry))
VALUE_CASES = {
    "dead row": (([("-+", "-+", "--")], 1, 1), K.DEAD_FREEDOM, 0, lambda n, s: ([-1, "-1/2"], [5])),
    "zero-output row": ([([[0, 0], [1, 2], [2, 4]], [1, -1, -2]), ([[1, -2, 1], [-1, 1, -1], [2, -1, 1]],
                                                                   [-1, "1/2", -1]), ([[3, -1, 0]], [1])],
                        K.ZERO_OUTPUT_FREEDOM, 0, lambda n, s: ([1, -1, 2, 1],)),
    "constant neuron": ([([[0, 0], [1, 2], [2, 4]], [1, -1, -2]), ([[1, -2, 1], [-1, 1, -1], [2, -1, 1]],
                                                                   [-1, "1/2", -1]), ([[3, -1, 0]], [1])],
                        K.CONSTANT_FREEDOM, 0, lambda n, s: ([1, -2, 3],)),
    "repeated hyperplane": ([([[0, 0], [1, 2], [2, 4]], [1, -1, -2]), ([[1, -2, 1], [-1, 1, -1], [2, -1, 1]],
                                                                       [-1, "1/2", -1]), ([[3, -1, 0]], [1])],
                            K.KINK_SPLIT, 0, lambda n, s: ([1, 1, -1],)),
    "repeated rows": ([(W1, B1), ([[2, -1], [4, -2], [-1, -1]], [-1, -2, -1]), ([[3, 1, 2]], [1])],
                      K.KINK_SPLIT, 0, lambda n, s: (["7/2"],)),
    "unused neuron": ([(W1, B1), ([[2, 0], [-1, -1]], [-1, -1]), ([[3, 2]], [1])], K.ZERO_OUTPUT_FREEDOM, 0,
                      lambda n, s: ([1, 1], 2)),
    "hiding translation": (([("+--",)], 2, 1), K.HIDING_TRANSLATION, 0, lambda n, s: ("1/3",)),
    "sign change": (([("+--",)], 2, 1), K.SIGN_CHANGE, 0, lambda n, s: ([1],)),
    "ramp flip": (([("-+",)], 1, 2), K.RAMP_FLIP, 0, lambda n, s: ()),
    "layer flip": (([("-+", "-+", "--")], 1, 1), K.LAYER_FLIP, 0, lambda n, s: (layer_flip_sets(n)[-1],)),
    "linear bias": (([("+++", "+++", "-+-")], 2, 1), K.LINEAR_BIAS, 1, lambda n, s: ("5/2",)),
    "linear mixing": (([("+++", "+++", "-+-")], 2, 1), K.LINEAR_MIXING, 0, _mixing_values),
    "dead-row revival, ramp": (([("-++", "---")], 2, 1), K.DEAD_REVIVAL, 0, lambda n, s: ()),
    "dead-row revival, hiding": (([("+--", "---")], 2, 2), K.DEAD_REVIVAL, 0, lambda n, s: ()),
    "dead-row revival, 2-D ramp": (([("--+", "---", "---")], 2, 1), K.DEAD_REVIVAL, 2, lambda n, s: ()),
}


def _value_case(name):
    from semialg_fibers import Network

    spec, kind, index, values = VALUE_CASES[name]
    if isinstance(spec, tuple):
        (patterns,), d, k = spec
        net = with_pattern(random.Random(len(patterns) + d), patterns, d=d, k=k)
    else:
        net = Network.from_layers(spec)
    return net, [s for s in symmetries(net) if s.kind == kind][index], values


@pytest.mark.parametrize("name", VALUE_CASES, ids=list(VALUE_CASES))
def test_every_symmetry_pickles_and_its_copy_moves_alike(name):
    from checks import check_symmetry_value
    from strategies import random_points

    net, sym, values = _value_case(name)
    moved = check_symmetry_value(net, sym, values(net, sym), random_points(net.input_dim, 40, len(name), -4, 4))
    assert oracle(net, moved)


def test_symmetry_lists_and_identifiability_results_pickle():
    import pickle

    from semialg_fibers import is_identifiable

    for name in ("zero-output row", "repeated rows", "unused neuron", "sign change", "layer flip",
                 "linear mixing", "dead-row revival, hiding"):
        net, _, _ = _value_case(name)
        found = symmetries(net)
        assert pickle.loads(pickle.dumps(found)) == found
        result = is_identifiable(net, allow_conjecture=True)
        assert result.symmetries and pickle.loads(pickle.dumps(result)) == result
