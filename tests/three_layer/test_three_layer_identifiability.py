"""Identifiability verdicts against independent computations: oracle-checked witnesses, the exhaustive
representation search, and exact Jacobian ranks."""

import random

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import Network, NotDecidedError, ShapeError
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import is_identifiable, jacobian_upper_bound, representations
from semialg_fibers.three_layer.identifiability import mechanisms

I2 = ([[1, 0], [0, 1]], [0, 0])

GOLDEN = [
    # (name, network, identifiable, proven, first reason kind)
    ("generic n1 = n2 = 2, G8 fails", Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]),
                                                            ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])]),
     True, False, "generic"),
    ("generic n1 = n2 = 2", Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[-2, -1], [-1, -3]], [1, 2]),
                                                  ([[3, 1]], [1])]), True, True, "generic"),
    ("n2 = 1 other row", Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [1]), ([[3]], [1])]),
     True, True, "generic"),
    ("n1 = 1 ramp and hiding", Network.from_layers([([[2]], [-1]), ([[-1], [2]], [3, -1]), ([[1, 1]], [0])]),
     True, True, "generic"),
    ("hidden column", Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])]),
     False, True, "hidden column"),
    ("dead row", Network.from_layers([I2, ([[2, -1], [-1, -3]], [1, -1]), ([[3, 1]], [0])]), False, True, "dead row"),
    ("linear row", Network.from_layers([I2, ([[2, -1], [1, 3]], [1, 1]), ([[3, 1]], [0])]), False, True, "linear row"),
    ("zero output", Network.from_layers([I2, ([[2, -1], [1, -3]], [1, 1]), ([[3, 0]], [0])]), False, True,
     "zero output row"),
    ("ramp", Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]), False, True, "ramp flip"),
    ("cancelling flip set", Network.from_layers([I2, ([[1, -1], [2, -2]], [1, -1]), ([[2, -1]], [0])]), False, True,
     "cancelling flip set"),
    ("unused column", Network.from_layers([I2, ([[2, 0], [-1, -3]], [-1, -1]), ([[1, 1]], [0])]), False, True,
     "unused first-layer neuron"),
    ("repeated first-layer hyperplane", Network.from_layers([([[1, 1], [2, 2]], [1, 2]), ([[2, -1], [1, -3]], [1, 1]),
                                                              ([[3, 1]], [0])]), False, True,
     "repeated first-layer hyperplane"),
    ("constant first-layer neuron", Network.from_layers([([[0, 0], [0, 1]], [1, 0]), ([[2, -1], [1, -3]], [1, 1]),
                                                          ([[3, 1]], [0])]), False, True, "constant first-layer neuron"),
]


@pytest.mark.parametrize("name, net, identifiable, proven, kind", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_verdicts(name, net, identifiable, proven, kind):
    result = is_identifiable(net, allow_conjecture=True)
    assert (bool(result), result.proven) == (identifiable, proven)
    assert result.reasons[0].kind == kind
    if not identifiable:
        assert result.witness is not None
        assert oracle(net, result.witness)  # independent of the moves
        assert not same_orbit(net, result.witness)
        assert result.symmetries
    else:
        assert result.witness is None and result.basis


@pytest.mark.parametrize("n1, n2, k", [(1, 2, 1), (2, 1, 2), (2, 2, 1), (2, 2, 2)], ids=str)
def test_verdicts_against_the_exhaustive_search_and_the_jacobian(n1, n2, k):
    """Identifiable: one class found and N - rank J = n1 + n2.  Not identifiable: the witness is oracle-equivalent.

    A third of the sign patterns here; all of them (and larger architectures) under -m slow.
    """
    rng = random.Random(n1 * 100 + n2 * 10 + k)
    for pats in pattern_multisets(n1, n2)[::3]:
        net = with_pattern(rng, pats, k=k)
        result = is_identifiable(net, allow_conjecture=True)
        if result:
            found = representations(net, limits=UNLIMITED)
            assert len(found) == 1 and same_orbit(net, found[0].network) is not None, pats
            assert jacobian_upper_bound(net) == n1 + n2, pats
        else:
            assert oracle(net, result.witness), pats


def test_a_conjectural_verdict_is_opted_into():
    """Where G8 fails (n1, n2 >= 2) "identifiable" rests on Conjecture V: by default it is not decided."""
    generic = next(g[1] for g in GOLDEN if g[0] == "generic n1 = n2 = 2, G8 fails")
    with pytest.raises(NotDecidedError, match="Conjecture V.*allow_conjecture"):
        is_identifiable(generic)
    assert not is_identifiable(generic, allow_conjecture=True).proven


def test_not_decided_names_the_failing_predicate():
    # G4: two rows with the same threshold in column 1, no mechanism
    net = Network.from_layers([I2, ([[2, -1], [4, 1]], [-1, -2]), ([[1, 1]], [0])])
    assert not mechanisms(net)
    with pytest.raises(NotDecidedError, match="G4"):
        is_identifiable(net, allow_conjecture=True)
    # G1 with n1 > d
    net = Network.from_layers([([[1], [2]], [0, 1]), ([[2, -1], [1, -3]], [-1, 1]), ([[1, 1]], [0])])
    with pytest.raises(NotDecidedError, match="G1"):
        is_identifiable(net, allow_conjecture=True)


def test_bad_input():
    with pytest.raises(ShapeError):
        from semialg_fibers.three_layer import is_identifiable as three
        three(Network.from_layers([([[1]], [0]), ([[1]], [0])]))
    result = is_identifiable(Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]))
    assert result.to_dict()["witness"]["architecture"] == [1, 1, 1, 1]
    assert "not identifiable" in result.describe()


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k", [(1, 2, 1), (2, 2, 1), (2, 2, 2), (2, 3, 1), (1, 3, 2), (3, 2, 1), (3, 1, 2)],
                         ids=str)
def test_verdicts_against_the_search_larger(n1, n2, k):
    rng = random.Random(n1 * 100 + n2 * 10 + k)
    for pats in pattern_multisets(n1, n2):
        net = with_pattern(rng, pats, k=k)
        result = is_identifiable(net, allow_conjecture=True)
        if result:
            assert len(representations(net, limits=UNLIMITED)) == 1, pats
            assert min(jacobian_upper_bound(net, seed=s) for s in (0, 1)) == n1 + n2, pats
        else:
            assert oracle(net, result.witness), pats


@pytest.mark.parametrize("count", [40, pytest.param(400, marks=pytest.mark.slow)], ids=["sample", "all"])
def test_verdicts_on_degenerate_small_integer_networks(count):
    """Not identifiable: the witness is oracle-equivalent and outside the orbit; identifiable: one class found."""
    from strategies import random_network
    rng = random.Random(23)
    for _ in range(count):
        net = random_network(rng, rng.choice([(2, 2, 2, 1), (1, 1, 2, 2), (3, 2, 2, 1), (2, 2, 1, 2)]), -2, 2)
        try:
            result = is_identifiable(net, allow_conjecture=True)
        except NotDecidedError:
            continue
        if result:
            assert len(representations(net, limits=UNLIMITED)) == 1, net
        else:
            assert oracle(net, result.witness) and not same_orbit(net, result.witness), net
