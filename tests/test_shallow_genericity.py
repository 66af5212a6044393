"""is_generic: mechanisms named, and 'generic' exactly when the fiber is one orbit pattern."""

from __future__ import annotations

import random

import pytest

from semialg_fibers import Network, examples
from semialg_fibers.shallow.fiber import fiber
from semialg_fibers.shallow.genericity import is_generic
from shallow_moves import random_shallow

GOLDEN = [
    ("orbit", examples.spec_orbit_example(), []),
    ("identity", examples.spec_identity_example(), [("cancelling pair", (0, 1))]),
    ("transversal", examples.transversal_counterexample(), [("several orientation choices", (0, 1, 2))]),
    ("zero-and-dead", Network.from_layers([([[1], [0], [2]], [0, -1, 1]), ([[0, 1, 1]], [0])]),
     [("zero neuron", (0,)), ("constant neuron", (1,))]),
    ("repeated", Network.from_layers([([[1], [2]], [1, 2]), ([[1, 1]], [0])]), [("repeated line", (0, 1))]),
]


@pytest.mark.parametrize("net, expected", [c[1:] for c in GOLDEN], ids=[c[0] for c in GOLDEN])
def test_golden(net, expected):
    report = is_generic(net)
    assert [(m.kind, m.neurons) for m in report.mechanisms] == expected
    assert bool(report) == (not expected)


def test_generic_iff_fiber_is_a_single_orbit():
    """Against the enumerated fiber: generic <=> one pattern, one neuron per visible line, width r."""
    rng = random.Random(41)
    counts = [0, 0]
    for _ in range(60):
        net = random_shallow(rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 2), rng, -2, 2)
        f = fiber(net, certify=False)
        orbit_only = len(f) == 1 and all(p + q == 1 for p, q in next(iter(f)).pattern.roles.visible) \
            and next(iter(f)).pattern.roles.width == len(next(iter(f)).pattern.roles.visible)
        assert bool(is_generic(net)) == orbit_only, net
        counts[orbit_only] += 1
    assert min(counts) >= 5
