"""Every live row linear (Theorem 10.11 of ``docs/theory/three_layer.md``): every set of first-layer neurons
can be translated, and ``fiber`` lists one family per set.

With every live row linear ``F(y) = G s(y) + g0`` (``G = sum_j a_j w_j^T``) and every ``theta'`` has the first
layer ``y + t``, ``t >= 0``, up to permutation and positive scaling.  A member for ``n2 >= n1`` is written out
here from that formula alone (rows ``s(z'_m - t_m)`` with outputs ``G e_m``), not with the library's code;
the checks are the general oracle (equivalent for ``t >= 0``, a witness for a negative entry), membership in
``fiber(net)``, exact Jacobian ranks, and the exhaustive search (which cannot see the translated neurons: their
own hyperplanes carry no kink, so it finds ``theta``'s first layer only, and those representations must be
members too).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from checks import first_layer_map
from strategies import with_pattern

from semialg_fibers import Network, equivalent
from semialg_fibers.core.exceptions import NotDecidedError
from semialg_fibers.core.limits import UNLIMITED, SearchLimits
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.three_layer import all_linear_theorem, masked_sums, representations
from semialg_fibers.three_layer.families import FamilyKind, first_layer_families
from semialg_fibers.three_layer.fiber import FiberStatus, fiber
from semialg_fibers.three_layer.jacobian import jacobian_upper_bound

ZERO = Fraction(0)


def _draw(rng: random.Random, n1: int, n2: int, dead: int = 0, k: int = 1, d: int | None = None) -> Network:
    """Every live row ``(+, ..., +)``; G1-G7 by the draw, G8 (every column of ``G`` nonzero) checked."""
    for _ in range(60):
        net = with_pattern(rng, ["+" * (n1 + 1)] * n2 + ["-" * (n1 + 1)] * dead, d=d, k=k)
        if masked_sums(net):
            return net
    raise RuntimeError("no draw with G8")


def _member(net: Network, t) -> Network:
    """``theta'`` with first layer ``y + t`` and rows ``s(z'_m - t_m)`` (outputs ``G e_m``), the rest dead:
    ``G s(y) + g0 = G s(z' - t) + g0`` on ``z' = s(y + t)`` for ``t >= 0``."""
    (w1, b1), (w2, b2), (w3, b3) = ((layer.weight, layer.bias) for layer in net.layers)
    n1, n2, k = len(w1), len(w2), len(w3)
    live = [j for j in range(n2) if b2[j] > 0]
    G = [[sum((w3[o][j] * w2[j][m] for j in live), ZERO) for m in range(n1)] for o in range(k)]
    g0 = [b3[o] + sum((w3[o][j] * b2[j] for j in live), ZERO) for o in range(k)]
    rows = [[Fraction(int(c == m)) for c in range(n1)] + [-Fraction(t[m])] for m in range(n1)]
    rows += [[Fraction(-1)] * (n1 + 1)] * (n2 - n1)
    outs = [[G[o][m] for m in range(n1)] + [ZERO] * (n2 - n1) for o in range(k)]
    first = [v + Fraction(tm) for v, tm in zip(b1, t)]
    return Network.from_layers([(w1, first), ([r[:-1] for r in rows], [r[-1] for r in rows]), (outs, g0)])


def _translations(n1: int, rng: random.Random):
    """One ``t >= 0`` per support (the empty support is ``theta``'s first layer)."""
    for size in range(n1 + 1):
        for support in itertools.combinations(range(n1), size):
            yield tuple(Fraction(rng.randint(1, 9), rng.randint(1, 4)) if m in support else ZERO for m in range(n1))


CASES = [(2, 2, 0, 1), (2, 2, 1, 2), (2, 3, 0, 1), (3, 3, 0, 1), (3, 3, 1, 2)]  # (n1, n2, dead, k)


@pytest.mark.parametrize("n1, n2, dead, k", CASES, ids=str)
def test_every_translation_is_in_the_listed_fiber(n1, n2, dead, k):
    net = _draw(random.Random(n1 * 10 + n2 + dead), n1, n2, dead, k)
    listed = fiber(net, certify=False)
    assert listed.status == FiberStatus.PROVEN and "Theorem 10.11" in listed.basis
    kinds = [f.columns for f in listed.families]
    assert kinds == [()] + [c for size in range(1, n1 + 1) for c in itertools.combinations(range(n1), size)]
    rng = random.Random(1)
    for t in _translations(n1, rng):
        member = _member(net, t)
        assert oracle(net, member) and listed.contains(member), t
    for m in range(n1):  # a negative entry: not f (witness), not listed
        t = [Fraction(1)] * n1
        t[m] = Fraction(-1, 2)
        result = oracle(net, _member(net, t))
        assert not result and result.witness is not None
        assert not listed.contains(_member(net, t))


@pytest.mark.parametrize("n1, n2, dead, k", CASES[:3], ids=str)
def test_sampled_points_of_every_component_compute_f(n1, n2, dead, k):
    net = _draw(random.Random(n1 * 10 + n2 + dead), n1, n2, dead, k)
    listed = fiber(net, certify=False)
    assert all(oracle(net, c.sample(seed)) for c in listed for seed in (1, 2))


@pytest.mark.parametrize("n1, n2, dead, k", [(2, 2, 0, 1), (2, 2, 1, 2), (3, 3, 0, 1)], ids=str)
def test_dimensions_are_the_jacobian_bounds(n1, n2, dead, k):
    """Every component's certified dimension is at most the exact Jacobian bound at its samples, and each family's
    largest component attains it; the fiber's dimension is the bound at ``theta``."""
    net = _draw(random.Random(n1 * 10 + n2 + dead), n1, n2, dead, k)
    listed = fiber(net)
    assert listed.dimension == jacobian_upper_bound(net)
    for family in listed.families:
        components = [c for c in listed if c.family is family]
        bounds = {id(c): [jacobian_upper_bound(c.sample(seed)) for seed in (1, 2)] for c in components}
        assert all(c.dimension <= min(bounds[id(c)]) for c in components)
        top = max(c.dimension for c in components)
        assert any(top in bounds[id(c)] for c in components if c.dimension == top), family.columns


@pytest.mark.parametrize("n1, n2, dead", [(2, 2, 0), (2, 2, 1), (2, 3, 0)], ids=str)
def test_the_search_finds_members(n1, n2, dead):
    """The exhaustive search (each representation oracle-verified) finds ``theta``'s first layer only (it cannot
    see kinkless neurons), and every representation it finds is listed."""
    net = _draw(random.Random(n1 + n2 + dead), n1, n2, dead)
    found = representations(net, limits=UNLIMITED)
    listed = fiber(net, certify=False)
    assert found and all(listed.contains(r.network) for r in found)
    for r in found:
        assert all(len([v for v in p if v]) == 1 and max(p) > 0 and q == 0 for p, q in first_layer_map(net, r.network))


def test_equivalent_moves_several_neurons():
    """The polynomial test aligns several translated neurons at once, in both directions, without the oracle."""
    net = _draw(random.Random(4), 3, 3, 0, 2)
    for t in ((Fraction(1), Fraction(2), ZERO), (Fraction(1, 3), Fraction(5), Fraction(7, 2))):
        member = _member(net, t)
        for a, b in ((net, member), (member, net)):
            result = equivalent(a, b)
            assert result and result.method == "three-layer"
    bad = _member(net, (Fraction(1), Fraction(-1), ZERO))
    result = equivalent(net, bad)
    assert not result and result.witness is not None


def test_hypotheses():
    rng = random.Random(6)
    crossing = with_pattern(rng, ["+++", "-++"])
    assert "Theorem 10.11 needs every live row linear" in all_linear_theorem(crossing).reason
    net = _draw(rng, 2, 2)
    assert all_linear_theorem(net)
    with pytest.raises(NotDecidedError, match="sets of translated visible neurons"):
        first_layer_families(net, limits=SearchLimits.with_budget(2))
    assert [str(f.kind) for f in first_layer_families(net)] == ["orbit"] + [str(FamilyKind.TRANSLATED)] * 3
