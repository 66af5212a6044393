"""The genericity predicates G1-G7: one failing example each with its witness, and why G6 is needed.

G8 is evaluated separately (``masked_sums``); its failing example is in ``test_three_layer_rigidity.py``.
"""

import random
from fractions import Fraction

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import Predicate, genericity, is_identifiable, representations

I2 = ([[1, 0], [0, 1]], [0, 0])

FAILING = [
    ("G1", Network.from_layers([([[1, 2], [2, 4]], [0, 0]), ([[2, -1], [1, -3]], [-1, 1]), ([[1, 1]], [0])]), ((-2, 1),)),
    ("G1 not bottleneck", Network.from_layers([([[1], [2]], [0, 1]), ([[2, -1], [1, -3]], [-1, 1]), ([[1, 1]], [0])]),
     None),
    ("G2", Network.from_layers([I2, ([[2, 0], [1, -3]], [-1, 1]), ([[1, 1]], [0])]), ((0, 1),)),
    ("G3", Network.from_layers([I2, ([[2, -1], [1, -3]], [-1, 1]), ([[1, 0]], [0])]), (1,)),
    ("G4", Network.from_layers([I2, ([[2, -1], [4, -3]], [-1, -2]), ([[1, 1]], [0])]), None),
    ("G5", Network.from_layers([I2, ([[2, -1], [4, -2]], [-1, -3]), ([[1, 1]], [0])]), None),
    ("G6", Network.from_layers([I2, ([[1, -1], [1, -2]], [1, 2]), ([[2, -1]], [0])]), None),
    ("G7", Network.from_layers([I2, ([[2, -1], [1, -3]], [-1, -1]), ([[1, -2]], [0])]), None),
]


@pytest.mark.parametrize("name, net, witness", FAILING, ids=[f[0] for f in FAILING])
def test_each_predicate_fails_with_a_witness(name, net, witness):
    report = genericity(net)
    predicate = Predicate(name.split()[0])
    result = report[predicate]
    assert not result and not report
    assert result.detail and result.witness
    if witness is not None:
        assert result.witness == tuple(tuple(Fraction(v) for v in w) if isinstance(w, tuple) else w for w in witness)
    assert result.to_dict()["holds"] is False


def test_random_draws_of_every_pattern_are_generic():
    rng = random.Random(3)
    for pats in pattern_multisets(2, 2):
        report = genericity(with_pattern(rng, pats, k=2))
        assert report, report.describe()
        assert [r.predicate for r in report.results] == [p for p in Predicate if p != Predicate.G8]  # G8: masked_sums


def test_g6_is_needed():
    """With G6 failing (kinks cancel on a whole face) the parameter has another class: no verdict is given."""
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]),
                               ([["1/2", -1], ["5/3", "-3/2"]], [2, "2/3"]), ([[-3, 2]], [0])])
    assert not genericity(net)[Predicate.G6]
    assert [r.predicate for r in genericity(net).failing] == [Predicate.G6]
    with pytest.raises(NotDecidedError, match="G6"):
        is_identifiable(net)
    found = representations(net, limits=UNLIMITED)
    others = [r.network for r in found if not same_orbit(net, r.network)]
    assert others and all(oracle(net, o) for o in others)
