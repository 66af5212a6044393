"""Exact functional dimension (docs/theory/deep.md, Section 1), checked against computations written here.

* an independent SymPy computation: on the activation pattern of each sample point the output is written as a
  symbolic expression in the parameters and the inputs (own forward pass), its affine coefficients in x are
  differentiated symbolically and the rank is taken by SymPy (no python-flint, no library Jacobian);
* exact backpropagation at random rational inputs off every bent hyperplane (``tests/checks.py``-style, written
  here): a lower bound that must never exceed the library's value, and meets it on generic networks;
* the known values N - hidden at generic shallow and bottleneck three-layer networks whose fiber the library proves
  to be the orbit;
* counter-cases built from false statements: the rank is not the batch rank of one point per region (one point per
  region is too few), a vanishing pre-activation is not smooth, the bound N - hidden is not attained at a dead
  neuron.
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest
import sympy

from semialg_fibers import LimitReachedError, Network, SearchLimits, api
from semialg_fibers.general.certificates import local_fiber_dimension
from semialg_fibers.general.functional import (
    coefficient_jacobian,
    functional_dimension,
    generic_functional_dimension,
    orbit_tangent,
)


def random_net(rng: random.Random, arch, low=-5, high=5, den=3) -> Network:
    n = sum(o * (i + 1) for i, o in zip(arch, arch[1:]))
    return Network.from_parameters(arch, [Fraction(rng.randint(low, high), rng.randint(1, den)) for _ in range(n)])


# ----------------------------------------------------------------------------- independent computations
def _pattern(net, x):
    h, states = list(x), []
    for layer in net.layers[:-1]:
        z = [sum((w * v for w, v in zip(row, h)), b) for row, b in zip(layer.weight, layer.bias)]
        states.append([v > 0 for v in z])
        if any(v == 0 for v in z):
            return None
        h = [max(v, Fraction(0)) for v in z]
    return states


def sympy_coefficient_rows(net: Network, x) -> list[list[sympy.Rational]]:
    """Gradients in theta of the affine coefficients of f on the pattern of x, by SymPy (symbolic x and theta)."""
    arch = net.architecture
    states = _pattern(net, x)
    assert states is not None
    theta = sympy.symbols(f"t0:{net.num_parameters}")
    xs = sympy.symbols(f"x0:{arch[0]}")
    h, pos = list(xs), 0
    for l in range(1, len(arch)):
        n_in, n_out = arch[l - 1], arch[l]
        weights = [[theta[pos + i * n_in + j] for j in range(n_in)] for i in range(n_out)]
        pos += n_in * n_out
        biases = [theta[pos + i] for i in range(n_out)]
        pos += n_out
        z = [biases[i] + sum(weights[i][j] * h[j] for j in range(n_in)) for i in range(n_out)]
        h = z if l == len(arch) - 1 else [zi if states[l - 1][i] else sympy.Integer(0) for i, zi in enumerate(z)]
    values = {t: sympy.Rational(v.numerator, v.denominator) for t, v in zip(theta, net.parameters())}
    zero = {xi: 0 for xi in xs}
    rows = []
    for out in h:
        coeffs = [sympy.expand(out).subs(zero)] + [sympy.diff(out, xi) for xi in xs]
        for c in coeffs:
            rows.append([sympy.diff(c, t).subs(values) for t in theta])
    return rows


def backprop_rank_at(net: Network, points) -> int:
    """Rank of the gradients of f_theta(x) in theta at inputs off every bent hyperplane (exact backprop written here)."""
    rows = []
    arch = net.architecture
    for x in points:
        if _pattern(net, x) is None:
            continue
        hs, zs = [list(x)], []
        for l, layer in enumerate(net.layers):
            z = [sum((w * v for w, v in zip(row, hs[-1])), b) for row, b in zip(layer.weight, layer.bias)]
            zs.append(z)
            hs.append(z if l == len(net.layers) - 1 else [max(v, Fraction(0)) for v in z])
        for o in range(arch[-1]):
            grad_layers = []
            delta = [Fraction(int(i == o)) for i in range(arch[-1])]
            for l in range(len(net.layers) - 1, -1, -1):
                block = [delta[i] * hs[l][j] for i in range(arch[l + 1]) for j in range(arch[l])] + list(delta)
                grad_layers.append(block)
                if l:
                    w = net.layers[l].weight
                    delta = [sum(delta[i] * w[i][j] for i in range(arch[l + 1])) * (1 if zs[l - 1][j] > 0 else 0)
                             for j in range(arch[l])]
            rows.append([v for block in reversed(grad_layers) for v in block])
    return sympy.Matrix(rows).rank() if rows else 0


def random_points(rng, d, count, spread=20):
    return [tuple(Fraction(rng.randint(-spread * 7, spread * 7), rng.randint(1, 7)) for _ in range(d))
            for _ in range(count)]


# ----------------------------------------------------------------------------- tests
SMALL = [(1, 2, 1), (2, 2, 1), (1, 2, 2, 1), (2, 2, 2, 1), (1, 1, 1, 1, 1), (2, 1, 2, 1)]


@pytest.mark.parametrize("arch", SMALL, ids=str)
def test_rank_equals_an_independent_sympy_computation(arch):
    """At every sample point the library's rows span the same space as SymPy's symbolic coefficient gradients, and
    the stacked rank over the sample equals SymPy's rank: one region at a time and in total."""
    rng = random.Random(sum(arch) * 7 + len(arch))
    for _ in range(2):
        net = random_net(rng, arch, -3, 3, 2)
        fd = functional_dimension(net, complete=True)
        stacked = []
        for x in fd.sample:
            ours, smooth = coefficient_jacobian(net, x)
            theirs = sympy_coefficient_rows(net, x)
            assert smooth
            assert sympy.Matrix(theirs).rank() == sympy.Matrix([list(r) for r in ours]).rank() == \
                sympy.Matrix(theirs + [list(r) for r in ours]).rank()
            stacked += theirs
        assert (sympy.Matrix(stacked).rank() if stacked else 0) == fd.rank


@pytest.mark.parametrize("arch", SMALL + [pytest.param((3, 3, 2, 1), marks=pytest.mark.slow),
                                          pytest.param((2, 3, 2, 2), marks=pytest.mark.slow)], ids=str)
def test_backprop_at_random_inputs_never_exceeds_and_meets_on_generic_networks(arch):
    rng = random.Random(len(arch) * 31 + arch[1])
    for _ in range(3):
        net = random_net(rng, arch)
        fd = functional_dimension(net, complete=True)
        low = backprop_rank_at(net, random_points(rng, arch[0], 6 * net.num_parameters))
        assert low <= fd.rank <= fd.bound
        # the kernel modulo the orbit has the right size and lies in the kernel of the backprop gradients
        assert len(fd.kernel) == net.num_parameters - fd.rank - fd.orbit_dimension


def test_backprop_meets_the_value_at_generic_parameters():
    rng = random.Random(3)
    attained = 0
    for arch in [(2, 3, 1), (2, 2, 2, 1), (3, 2, 2, 1)]:
        net = random_net(rng, arch, -9, 9, 7)
        fd = functional_dimension(net)
        attained += fd.rank == fd.bound
        assert backprop_rank_at(net, random_points(rng, arch[0], 10 * net.num_parameters)) == fd.rank
    assert attained >= 1  # random signs often give dead or always-active second-layer neurons (rank drops)


def test_stopping_early_and_the_complete_enumeration_agree():
    rng = random.Random(11)
    for arch in [(2, 3, 2, 1), (1, 3, 3, 1), (2, 2, 2, 2, 1)]:
        for _ in range(2):
            net = random_net(rng, arch, -4, 4, 2)
            assert functional_dimension(net).rank == functional_dimension(net, complete=True).rank


def test_known_values_shallow_and_bottleneck_networks_with_a_proven_orbit_fiber():
    """Where the library proves the fiber is the orbit (dim = hidden), FD = N - hidden at these generic parameters
    (checked, not a theorem: the rank may drop without a hidden symmetry, docs/theory/deep.md, Section 2)."""
    rng = random.Random(5)
    checked = 0
    for arch in [(1, 3, 1), (2, 3, 1), (3, 2, 2), (3, 2, 1, 1), (3, 2, 2, 1), (4, 3, 2, 1)]:
        for _ in range(3):
            net = random_net(rng, arch, -6, 6, 3)
            try:
                dim = api.fiber_dimension(net)
            except Exception:
                continue
            fd = functional_dimension(net)
            hidden = sum(net.hidden_widths)
            if dim.proven:  # the proven lower bound of the local dimension is at most the whole fiber's dimension
                assert local_fiber_dimension(net).lower <= dim
            if dim.proven and dim == hidden:
                assert fd.rank == fd.bound == net.num_parameters - hidden
                checked += 1
    assert checked >= 6


def test_one_point_per_region_is_too_few_counter_case():
    """False statement: the rank of J_X with one point per region.  For s(x) on R (two regions, N = 4) one point per
    region gives rank 2, the functional dimension is 3 (N - hidden)."""
    net = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    fd = functional_dimension(net, complete=True)
    assert fd.rank == 3 == fd.bound
    assert backprop_rank_at(net, [(Fraction(1),), (Fraction(-1),)]) == 2


def test_vanishing_pre_activation_is_not_smooth_counter_case():
    """A neuron with zero weights and zero bias: every input has a vanishing pre-activation on it; the region is
    reported as non-smooth and contributes nothing (the one-sided derivatives in its bias differ)."""
    net = Network.from_layers([([[0]], [0]), ([[1]], [0])])
    fd = functional_dimension(net, complete=True)
    assert fd.rank == 0 and not fd.sample and len(fd.nonsmooth) == 1 and not fd.everywhere_smooth
    # a constant positive neuron is smooth: f = w2 (w1 x + b1) + b2 with w1 = 0, b1 = 1 (rank 2: b and A)
    net = Network.from_layers([([[0]], [1]), ([[1]], [0])])
    fd = functional_dimension(net, complete=True)
    assert fd.everywhere_smooth and fd.rank == backprop_rank_at(net, random_points(random.Random(1), 1, 20)) == 2


def test_dead_neuron_drops_the_rank_and_the_kernel_direction_is_exact():
    net = Network.from_layers([([[0], [1]], [-1, 0]), ([[3, 1]], [0])])
    fd = functional_dimension(net)
    assert fd.rank == 3 < fd.bound == 5 and len(fd.kernel) == 2
    # every kernel vector is killed by the independent symbolic rows of every region
    for x in fd.sample:
        rows = sympy.Matrix(sympy_coefficient_rows(net, x))
        for v in fd.kernel + orbit_tangent(net):
            assert rows * sympy.Matrix([sympy.Rational(a.numerator, a.denominator) for a in v]) == \
                sympy.zeros(rows.rows, 1)


def test_orbit_tangent_is_the_derivative_of_the_scalings():
    from semialg_fibers.core.symmetries import scale_neuron

    rng = random.Random(2)
    net = random_net(rng, (2, 2, 2, 1))
    t = Fraction(1, 1000)
    for k, vec in enumerate(orbit_tangent(net)):
        layer, index = (1, k) if k < 2 else (2, k - 2)
        moved = scale_neuron(net, layer, index, 1 + t).parameters()
        # (theta(1 + t) - theta) / t -> vec: the difference quotient is vec + O(t) entrywise
        quotient = [(a - b) / t for a, b in zip(moved, net.parameters())]
        assert all(abs(q - v) <= abs(v) * 2 * t + 0 for q, v in zip(quotient, vec))


def test_values_pickle_and_serialize():
    import json

    net = Network.from_file(api.__file__.replace("api.py", "data/deep_a.json"))
    fd = functional_dimension(net)
    assert pickle.loads(pickle.dumps(fd)) == fd
    assert json.loads(json.dumps(fd.to_dict()))["functional_dimension"] == 24
    assert fd.locally_identifiable and "locally identifiable" in fd.describe()
    g = generic_functional_dimension((2, 2, 1))
    assert pickle.loads(pickle.dumps(g)) == g and g.proven and json.dumps(g.to_dict())


def test_limits_and_progress():
    net = random_net(random.Random(4), (1, 3, 3, 1))
    with pytest.raises(LimitReachedError) as info:
        functional_dimension(net, complete=True, limits=SearchLimits(regions=2))
    assert info.value.limit == "regions"
    seen = []
    from semialg_fibers.core.progress import reporting

    with reporting(seen.append, interval=0):
        functional_dimension(net, complete=True)
    mine = [u for u in seen if u.task == "functional dimension"]  # other tasks (the kernel) follow it
    assert mine and mine[-1].finished and "rank" in mine[-1].note


def test_generic_functional_dimension_is_certified_only_at_the_bound():
    g = generic_functional_dimension((2, 3, 2, 1))
    assert g.proven and g.value == g.bound == 15
    assert functional_dimension(g.witness).rank == g.value
    g = generic_functional_dimension((1, 3, 3, 1), tries=2)
    # one input: the rank stays below N - hidden at every sample, and nothing is claimed
    assert not g.proven and g.value < g.bound


def test_api_refuses_other_domains():
    from semialg_fibers import NoAlgorithmError

    with pytest.raises(NoAlgorithmError):
        api.functional_dimension(Network.from_layers([([[1]], [0]), ([[1]], [0])]), domain="orthant")


@pytest.mark.slow
def test_performance_of_the_issue_architectures():
    """Random 4-8-8-8-1 and 10-16-16-1 networks: the bound is reached (seconds; recorded in docs/functional_dimension.md)."""
    for arch, seed in [((4, 8, 8, 8, 1), 1), ((10, 16, 16, 1), 2)]:  # the networks of benchmarks/bench_functional.py
        rng = random.Random(seed)
        n = sum(o * (i + 1) for i, o in zip(arch, arch[1:]))
        net = Network.from_parameters(arch, [Fraction(rng.randint(-9, 9) or 1, rng.randint(1, 5)) for _ in range(n)])
        fd = functional_dimension(net, kernel=False)
        assert fd.rank == fd.bound


def test_an_early_stop_does_not_claim_smoothness_counter_case():
    """A 2-4-3-1 network whose first second-layer pre-activation vanishes identically on the square |x_i| <= 1:
    the random inputs reach N - hidden before any region is enumerated, so smoothness is unknown (None), never
    True; the complete enumeration finds the non-smooth region (a counter-case from a referee reading)."""
    net = Network.from_layers([
        ([[1, 0], [-1, 0], [0, 1], [0, -1]], [-1, -1, -1, -1]),
        ([[2, -3, 3, -2], ["8/3", "7/2", "-8/3", -9], [-6, "-3/4", 0, -5]], [0, "1/3", 1]),
        ([[2, 2, 2]], [0]),
    ])
    early, full = functional_dimension(net), functional_dimension(net, complete=True)
    assert not early.complete and early.everywhere_smooth is None and early.rank == full.rank == full.bound
    assert full.complete and full.everywhere_smooth is False
    assert any(all(abs(v) < 1 for v in x) for x in full.nonsmooth)  # the region inside the square


# ----------------------------------------------------------------------------- the rank modulo a prime
def _plant(net: Network, rng: random.Random) -> Network:
    """``net`` with one planted mechanism: a dead neuron (zero row, negative bias) or a zero outgoing column."""
    layers = [([list(r) for r in layer.weight], list(layer.bias)) for layer in net.layers]
    l = rng.randrange(len(layers) - 1)
    i = rng.randrange(len(layers[l][1]))
    if rng.random() < 0.5:
        layers[l][0][i] = [Fraction(0)] * len(layers[l][0][i])
        layers[l][1][i] = Fraction(-1)
    else:
        for row in layers[l + 1][0]:
            row[i] = Fraction(0)
    return Network.from_layers(layers)


def test_rank_modulo_p_agrees_with_the_rational_rank_and_falls_back_below_the_bound():
    """Default (rank modulo 2**61 - 1 first) against the rank over Q of every region (``modulus=None``) on random
    and planted-mechanism networks: equal ranks and kernels' sizes; a value below N - hidden is never certified by
    the prime (the fall-back to Q decided it), and a value at the bound is."""
    from semialg_fibers.core import linalg

    rng = random.Random(2024)
    below = at = 0
    for arch in [(1, 2, 1), (2, 3, 1), (2, 2, 2, 1), (1, 3, 2, 1), (2, 2, 2, 2), (1, 2, 2, 2, 1)]:
        for trial in range(4):
            net = random_net(rng, arch, -4, 4, 3)
            if trial % 2:
                net = _plant(net, rng)
            fast, exact = functional_dimension(net), functional_dimension(net, modulus=None, complete=True)
            assert fast.rank == exact.rank and len(fast.kernel) == len(exact.kernel)
            assert exact.modulus is None
            if fast.rank < fast.bound:
                below += 1
                assert fast.modulus is None
            else:
                at += 1
                assert fast.modulus == linalg.PRIME
    assert below >= 5 and at >= 5


def test_jacobian_modulo_p_is_the_reduction_of_the_rational_jacobian():
    from semialg_fibers.core import linalg
    from semialg_fibers.general.functional import _Forms

    rng = random.Random(5)
    for arch in [(2, 3, 1), (2, 2, 3, 2), (3, 2, 2, 2, 1)]:
        net = random_net(rng, arch, -6, 6, 5)
        forms = _Forms(net, 10007)
        for x in random_points(rng, arch[0], 10):
            rows, smooth = coefficient_jacobian(net, x)
            key = forms.pattern(x)
            assert (key is None) == (not smooth)
            if smooth:
                assert forms.jacobian_mod(key) == [[linalg.reduce_mod(v, 10007) for v in r] for r in rows]


def test_a_small_prime_that_loses_rank_still_gives_the_exact_value():
    """Modulo 5 or 7 ranks drop often, and modulo 2 or 3 the denominators vanish: the value must still be the rank
    over Q.  Some values at the bound are not certified by the small prime (it lost rank; the fall-back decided)."""
    rng = random.Random(9)
    lost = 0
    for arch in [(2, 3, 1), (1, 2, 2, 1), (2, 2, 2, 1), (2, 2, 1)]:
        for _ in range(4):
            net = random_net(rng, arch, -6, 6, 4)
            exact = functional_dimension(net, modulus=None, complete=True).rank
            for prime in (2, 3, 5, 7):
                fd = functional_dimension(net, modulus=prime)
                assert fd.rank == exact
                lost += fd.rank == fd.bound and fd.modulus is None and prime > 3
    assert lost


@pytest.mark.parametrize("limit", ["jacobian_entries", "elimination_work"])
def test_the_work_of_the_functional_dimension_is_bounded_before_and_while_it_runs(limit):
    """Refused before any row is built when the least work exceeds the limit; stopped on the way otherwise."""
    net = Network.from_layers([([[1, 2], [3, -1], [-1, 1]], [0, 1, -2]), ([[1, -2, 1]], [0])])   # N = 13, bound 10
    least = {"jacobian_entries": 10 * 13, "elimination_work": 10 * 10 * 13}[limit]
    with pytest.raises(LimitReachedError, match="needs at least") as refused:
        functional_dimension(net, limits=SearchLimits(**{limit: least - 1}))
    assert refused.value.limit == limit
    with pytest.raises(LimitReachedError) as stopped:   # the least is allowed; what the computation really spends is not
        functional_dimension(net, limits=SearchLimits(**{limit: least}))
    assert stopped.value.limit == limit and "needs at least" not in str(stopped.value)
    assert functional_dimension(net, limits=SearchLimits(**{limit: 100 * least})).rank == 10


def test_tangent_rank_equals_the_rank_over_q():
    """The peeling rank against FLINT's rank of the same rows, on sparse random rows (private columns or not)."""
    from semialg_fibers.core import linalg
    from semialg_fibers.general.functional import tangent_rank

    rng = random.Random(5)
    for _ in range(300):
        n_rows, n_cols = rng.randint(0, 7), rng.randint(1, 8)
        rows = [tuple(Fraction(rng.randint(-2, 2), rng.randint(1, 3)) if rng.random() < 0.3 else Fraction(0)
                      for _ in range(n_cols)) for _ in range(n_rows)]
        assert tangent_rank(rows, n_cols) == (linalg.rank(rows, n_cols) if rows else 0)
