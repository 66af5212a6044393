"""is_generic against an independent decision of "the fiber is one H_n orbit", and its witnesses against the oracle.

The independent decision reads the enumerated fiber: one component, of the orbit's dimension, whose sampled
points are H_n moves of theta (matched neuron by neuron without library code).  Every "not generic" verdict
carries witnesses: parameters that the general oracle finds equivalent and that are not H_n moves of theta.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from checks import in_orbit_brute_force
from strategies import network_of

from semialg_fibers import Network, examples
from semialg_fibers.core.symmetries import orbit_dimension
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.onelayer.lines import line_key
from semialg_fibers.shallow.fiber import fiber
from semialg_fibers.shallow.genericity import is_generic

GOLDEN = [
    ("orbit", examples.spec_orbit_example(), []),
    ("abs", Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 1]], [0])]), []),  # |x| = s(x) + s(-x)
    ("abs-plus-ridge", Network.from_layers([([[1, 0], [-1, 0], [0, 1]], [0, 0, 0]), ([[1, 1, 1]], [0])]), []),
    ("identity", examples.spec_identity_example(), [("cancelling group", (0, 1))]),
    ("transversal", examples.transversal_counterexample(), [("other minimal choice", (0, 1, 2))]),
    ("zero-and-dead", Network.from_layers([([[1], [0], [2]], [0, -1, 1]), ([[0, 1, 1]], [0])]),
     [("zero neuron", (0,)), ("constant neuron", (1,))]),
    ("repeated", Network.from_layers([([[1], [2]], [1, 2]), ([[1, 1]], [0])]), [("repeated orientation", (0, 1))]),
    # 2 s(x) - s(-x) + s(x - 1) = s(x) + s(x - 1) + x: the mixed pair may sit on either line
    ("movable-mixed-pair", Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[2, -1, 1]], [0])]),
     [("other minimal choice", (0, 1, 2))]),
    # mixed lines x = 0 and x = 1 on R: dependent normals
    ("dependent-mixed", Network.from_layers([([[1], [-1], [1], [-1]], [0, 0, -1, 1]), ([[2, 1, 3, 1]], [0])]),
     [("dependent mixed lines", (0, 1, 2, 3))]),
    # s(x) + s(-x) + 3 s(x - 1) - s(1 - x) = |x| + 2 s(x - 1) + (x - 1): again dependent mixed lines
    ("dependent-mixed-2", Network.from_layers([([[1], [-1], [1], [-1]], [0, 0, -1, 1]), ([[1, 1, 3, -1]], [0])]),
     [("dependent mixed lines", (0, 1, 2, 3))]),
]


def _witnesses_are_outside_the_orbit(net, report):
    for mechanism in report.mechanisms:
        assert oracle(net, mechanism.witness), mechanism
        assert not in_orbit_brute_force(net, mechanism.witness), mechanism


@pytest.mark.parametrize("net, expected", [c[1:] for c in GOLDEN], ids=[c[0] for c in GOLDEN])
def test_golden(net, expected):
    report = is_generic(net)
    assert [(str(m.kind), m.neurons) for m in report.mechanisms] == expected
    assert bool(report) == (not expected)
    _witnesses_are_outside_the_orbit(net, report)
    assert bool(report) == _single_orbit(net)


def test_smaller_representation_is_named():
    # 2 s(x) - s(-x) - s(x - 1) = s(x) + x - s(x - 1) = s(x) - s(1 - x) + 1: two neurons suffice.
    net = Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[2, -1, -1]], [0])])
    report = is_generic(net)
    assert [(str(m.kind), m.neurons) for m in report.mechanisms] == [("smaller representation", (0, 1, 2))]
    _witnesses_are_outside_the_orbit(net, report)
    assert not _single_orbit(net)


# ---------------------------------------------------------------------------- the independent decision
def _single_orbit(net: Network) -> bool:
    """One enumerated component, of the orbit's dimension, whose samples are H_n moves of net."""
    f = fiber(net, limit=1, certify=False)  # the other components are counted, not built
    if len(f) + f.omitted != 1:
        return False
    (component,) = f
    if component.dimension != orbit_dimension(net):
        return False
    return all(in_orbit_brute_force(net, component.sample(seed)) for seed in range(3))


def _frac(rng, low, high, nonzero=True):
    while True:
        v = Fraction(rng.randint(low, high), rng.choice((1, 1, 2)))
        if v or not nonzero:
            return v


#: Neuron configurations on one line: orientations, and whether the kinks cancel.
CONFIGS = ["+", "-", "+", "-", "+-", "+-", "+-", "++", "--", "++-", "+-cancel", "+--"]


def structured_network(rng: random.Random) -> Network:
    """Random shallow networks built line by line: every orientation mix on a line (single, mixed, repeated,
    cancelling), parallel lines (equal normals), dependent normals of mixed lines (three lines in R^2, two on
    R), k up to 2, sometimes a zero-output or constant neuron."""
    m, k = rng.randint(1, 2), rng.randint(1, 2)
    neurons, lines = [], []
    for _ in range(rng.randint(1, 3)):
        if lines and rng.random() < 0.3:
            normal = list(rng.choice(lines))  # parallel to an earlier line
        else:
            normal = [Fraction(rng.randint(-2, 2)) for _ in range(m)]
            if not any(normal):
                normal[0] = Fraction(1)
        lines.append(tuple(normal))
        offset = Fraction(rng.randint(-2, 2))
        config = rng.choice(CONFIGS)
        kinks = []
        for _sign in config.replace("cancel", ""):
            kinks.append([_frac(rng, -3, 3) for _ in range(k)])
        if config == "+-cancel":
            kinks[1] = [-x for x in kinks[0]]
        for sign, kink in zip(config.replace("cancel", ""), kinks):
            o = 1 if sign == "+" else -1
            lam = Fraction(rng.randint(1, 3), rng.randint(1, 2))
            a = [o * lam * x for x in normal]
            neurons.append(([x / lam for x in kink], a, o * lam * offset))
    extra = rng.random()
    if extra < 0.1:
        neurons.append(([Fraction(0)] * k, [Fraction(rng.randint(-1, 1)) for _ in range(m)], Fraction(1)))
    elif extra < 0.2:
        neurons.append(([_frac(rng, -2, 2) for _ in range(k)], [Fraction(0)] * m, Fraction(rng.randint(-1, 1))))
    rng.shuffle(neurons)
    neurons = neurons[:5]
    return network_of(neurons, [Fraction(rng.randint(-2, 2)) for _ in range(k)], m, k)


def _check_against_the_fiber(count, seed):
    rng = random.Random(seed)
    seen = {True: 0, False: 0, "generic with a mixed line": 0}
    mechanisms = set()
    for _ in range(count):
        net = structured_network(rng)
        report = is_generic(net)
        assert bool(report) == _single_orbit(net), net
        _witnesses_are_outside_the_orbit(net, report)
        seen[bool(report)] += 1
        rows = [line_key(list(a) + [b])[0] for a, b in zip(net.layers[0].weight, net.layers[0].bias) if any(a)]
        seen["generic with a mixed line"] += bool(report) and len(set(rows)) < len(rows)
        mechanisms.update(str(m.kind) for m in report.mechanisms)
    return seen, mechanisms


def test_is_generic_agrees_with_the_enumerated_fiber():
    seen, mechanisms = _check_against_the_fiber(300, 2026)
    assert seen[True] >= 40 and seen[False] >= 40 and seen["generic with a mixed line"] >= 10, seen
    assert {"cancelling group", "repeated orientation", "other minimal choice", "dependent mixed lines"} <= mechanisms


@pytest.mark.slow
def test_is_generic_agrees_with_the_enumerated_fiber_exhaustively():
    seen, _ = _check_against_the_fiber(3000, 7)
    assert seen[True] >= 400
