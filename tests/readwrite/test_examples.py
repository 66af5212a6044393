"""Every claim in semialg_fibers.readwrite.examples, checked with the oracle and independent computations."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from checks import in_orbit_brute_force as _in_orbit

from semialg_fibers import examples, is_identifiable
from semialg_fibers.core import linalg
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.general.oracle import equivalent as oracle_equivalent
from semialg_fibers.readwrite.examples import non_localizable, non_localizable_ramp
from semialg_fibers.shallow.canonical import canonical_data
from semialg_fibers.shallow.fiber import fiber
from semialg_fibers.shallow.genericity import is_generic
from semialg_fibers.shallow.minimal import minimal_width


def test_transversal_counterexample():
    net, other = examples.transversal_counterexample(), examples.transversal_counterexample_flipped()
    # 1. the arrangement is transversal: distinct, pairwise non-parallel lines, no three concurrent.
    rows = [list(r) + [b] for r, b in zip(net.layers[0].weight, net.layers[0].bias)]
    normals = [r[:2] for r in rows]
    assert all(linalg.rank([normals[i], normals[j]]) == 2 for i in range(3) for j in range(i + 1, 3))
    assert linalg.rank(rows) == 3  # the three lines have no common point
    assert all(v != 0 for v in net.layers[1].weight[0])  # every neuron has a nonzero output weight
    # 2. the fiber is larger than the H_3 orbit: `other` realizes f but is not h . theta.
    assert oracle(net, other)
    assert not _in_orbit(net, other) and _in_orbit(net, net)
    f = fiber(net)
    assert f.contains(other) and len(f) == 2 and sum(c.multiplicity for c in f) == 12
    assert [m.kind for m in is_generic(net).mechanisms] == ["other minimal choice"]


def test_spec_orbit_example():
    net = examples.spec_orbit_example()
    f = fiber(net)
    assert f.dimension == 2 and len(f) == 1 and next(iter(f)).multiplicity == 2
    assert is_generic(net)


def test_spec_identity_example():
    net = examples.spec_identity_example()
    assert fiber(net).dimension == 3
    assert canonical_data(net).lines == () and canonical_data(net).linear == ((F(1),),)


def test_minimal_widths():
    assert minimal_width(examples.mixed_line_example()) == 3
    assert minimal_width(examples.cancelling_pair_example()) == 3
    assert minimal_width(examples.hidden_symmetry_example()) == 2


@pytest.mark.parametrize("build", [non_localizable, non_localizable_ramp], ids=["hidden column", "ramp"])
def test_non_localizable(build):
    """f2 o f1 and f3 o f2 identifiable, f3 o f2 o f1 not: a second parameter realizes it outside the orbit."""
    example = build()
    assert is_identifiable(example.first_two) and is_identifiable(example.last_two)
    assert example.first_two.architecture == example.network.architecture[:3]
    assert example.last_two.architecture == example.network.architecture[1:]
    result = is_identifiable(example.network)
    assert not result and result.proven
    assert oracle_equivalent(example.network, example.other)
    assert not same_orbit(example.network, example.other)
    assert oracle_equivalent(example.network, result.witness) and not same_orbit(example.network, result.witness)
