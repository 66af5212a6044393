"""The first layer determined by the change points of the gradient jump (docs/theory/deep.md, Section 4.1).

Checked against computations the checker does not use: the gradient jump from exact evaluations of ``f`` on both
sides of each line (finite differences at two scales, which must agree); the region oracle on networks that move a
first-layer line (translations, rotations, the hiding translation) at networks where the condition holds (all must
be inequivalent, or Theorem 4.6 is false); and fiber points built by hand with a different first layer, at which the
checker must report that the condition fails and Lemma 4.3's prediction must hold.

Fiber points built by symmetry moves, by the any-depth mechanisms and by kernel directions never change the first
layer, so they say nothing about the theorem; they check that the checker's answers depend on ``f`` only (the change
points of each line are the same for every oracle-checked parameter of the fiber).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from semialg_fibers import Network
from semialg_fibers.core.exceptions import LimitReachedError, NoAlgorithmError
from semialg_fibers.core.limits import SearchLimits
from semialg_fibers.core.symmetries import act
from semialg_fibers.general.certificates import kernel_witness
from semialg_fibers.general.first_layer import first_layer_certificate, gradient_jump, line_changes
from semialg_fibers.general.functional import functional_dimension
from semialg_fibers.general.mechanisms import mechanisms
from semialg_fibers.general.oracle import equivalent

#: a 2-4-3-1 network where Corollary 4.7 holds (|C| = (4, 4, 4, 3), kappa = 2)
EXAMPLE = [([[-3, 3], [0, -3], [2, 1], [2, -1]], [-2, 0, -1, -3]),
           ([[-1, -2, -1, 3], [3, 1, -1, -2], [-1, -3, 1, 1]], [1, 3, 1]),
           ([[-2, -1, -1]], [0])]
#: a 2-4-3-1 network where (K) holds but not Corollary 4.7 (|C| = (3, 3, 2, 3))
EXAMPLE_K = [([[0, 3], [-1, 3], [1, -1], [2, -2]], [-1, 1, 2, -2]),
             ([[3, 2, -3, 3], [3, 1, 0, -1], [0, 3, -2, 3]], [-1, -2, -3]),
             ([[-1, 2, -1]], [0])]
#: every second-layer row that sees column 1 hides it (test_hidden_column_moves_and_the_condition_fails)
HIDDEN_COLUMN = [([[1, 2], [-1, 1], [2, -1], [1, -3]], [0, 1, -1, 2]),
                 ([[2, -1, -1, 0], [1, 0, -2, -1], [0, 1, 2, -1]], [-1, -2, 1]),
                 ([[1, -1, 2]], [0])]
DEEP_A = Network.from_file(__import__("semialg_fibers").api.__file__.replace("api.py", "data/deep_a.json"))


def lines_of(net):
    """The set of first-layer lines of ``net`` (w != 0), each normalized: an independent reading of the parameters."""
    out = set()
    for (w1, w2), b in zip(net.layers[0].weight, net.layers[0].bias):
        if w1 or w2:
            scale = w1 if w1 else w2
            out.add((w1 / scale, w2 / scale, b / scale))
    return out


def changes_by_line(net):
    """Line (normalized as in ``lines_of``) -> the set of its change points off the other lines."""
    out = {}
    for ch in first_layer_certificate(net).lines:
        (w1, w2), b = net.layers[0].weight[ch.line], net.layers[0].bias[ch.line]
        scale = w1 if w1 else w2
        out[(w1 / scale, w2 / scale, b / scale)] = set(ch.points)
    return out


def random_net(rng, arch, low=-3, high=3):
    n = sum(o * (i + 1) for i, o in zip(arch, arch[1:]))
    return Network.from_parameters(arch, [Fraction(rng.randint(low, high)) for _ in range(n)])


def holding_networks(count, seed=1, arch=(2, 4, 3, 1)):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        net = random_net(rng, arch)
        if first_layer_certificate(net).holds:
            found.append(net)
    return found


# ---------------------------------------------------------------------------------------------------------------
# (c) change points against the gradient jump from exact evaluations of f

def _gradient(net, x, delta):
    base = net(x)
    cols = []
    for c in (0, 1):
        y = list(x)
        y[c] += delta
        cols.append([(v - b) / delta for v, b in zip(net(y), base)])
    return tuple(tuple(cols[c][o] for c in (0, 1)) for o in range(len(base)))


def evaluated_jump(net, i, t):
    """grad f(p + eps w_i) - grad f(p - eps w_i) by finite differences of exact values.

    Two scales (eps, eps / 7) must agree; when they do not (a kink line meets H_i at a small angle close by), eps
    shrinks by 100, at most four times.
    """
    (w1, w2), b = net.layers[0].weight[i], net.layers[0].bias[i]
    norm = w1 * w1 + w2 * w2
    p = (-b * w1 / norm + t * -w2, -b * w2 / norm + t * w1)
    assert w1 * p[0] + w2 * p[1] + b == 0
    for shrink in range(4):
        results = []
        for eps in (Fraction(1, 10 ** (5 + 2 * shrink)), Fraction(1, 7 * 10 ** (5 + 2 * shrink))):
            delta = eps / 1000
            plus = _gradient(net, (p[0] + eps * w1, p[1] + eps * w2), delta)
            minus = _gradient(net, (p[0] - eps * w1, p[1] - eps * w2), delta)
            results.append(tuple(tuple(a - m for a, m in zip(ra, rm)) for ra, rm in zip(plus, minus)))
        if results[0] == results[1]:
            return results[0]
    raise AssertionError(f"the finite differences at t = {t} on line {i + 1} never settle inside one linear piece")


def _independent_cuts(net, i):
    """The parameters ``t`` (same frame as ``evaluated_jump``) where ``p(t)`` crosses another first-layer line, and
    the isolated zeros of each second-layer pre-activation along ``H_i``, found by evaluating the layers at
    ``p(t)``: the jump can change only there (Lemma 4.4), so these give the range of the dense grid."""
    first, second = net.layers[0], net.layers[1]
    (w1, w2), b = first.weight[i], first.bias[i]
    norm = w1 * w1 + w2 * w2
    p0, u = (-b * w1 / norm, -b * w2 / norm), (-w2, w1)
    crossings = set()
    for k, ((v1, v2), c) in enumerate(zip(first.weight, first.bias)):
        if k != i and v1 * u[0] + v2 * u[1]:
            crossings.add(-(v1 * p0[0] + v2 * p0[1] + c) / (v1 * u[0] + v2 * u[1]))

    def pre(t):
        x = (p0[0] + t * u[0], p0[1] + t * u[1])
        z = [max(v1 * x[0] + v2 * x[1] + c, 0) for (v1, v2), c in zip(first.weight, first.bias)]
        return [beta + sum(r * zk for r, zk in zip(row, z)) for row, beta in zip(second.weight, second.bias)]

    ends = sorted(crossings)
    zeros = set()
    for lo, hi in zip([None] + ends, ends + [None]):
        # the pre-activations are affine between consecutive crossings: two values give each one's zero
        if lo is not None and hi is not None:
            a, b = (2 * lo + hi) / 3, (lo + 2 * hi) / 3
        elif lo is not None or hi is not None:
            end = lo if lo is not None else hi
            a, b = (end + 5, end + 11) if lo is not None else (end - 5, end - 11)
        else:
            a, b = Fraction(-1), Fraction(2)
        for va, vb in zip(pre(a), pre(b)):
            if va != vb:
                z = a - va * (b - a) / (vb - va)
                if (lo is None or lo < z) and (hi is None or z < hi):
                    zeros.add(z)
    return sorted(crossings | zeros)


def _dense_check(net):
    first = net.layers[0]
    for i in range(len(first.bias)):
        if not any(first.weight[i]):
            continue
        ch = line_changes(net, i)
        cuts = list(ch.breakpoints)
        found = _independent_cuts(net, i)
        assert found == cuts, (i, found, cuts)
        lo, hi = (found[0] - 3, found[-1] + 3) if found else (Fraction(-5), Fraction(5))
        grid = [lo + (hi - lo) * k / 300 + Fraction(1, 9973) for k in range(300)]
        grid += [e + s for e in found for s in (Fraction(-1, 2000), Fraction(1, 2000))]
        for t in grid:
            if any(abs(t - e) < Fraction(1, 4000) for e in found):
                continue
            k = sum(1 for e in cuts if e < t)
            assert evaluated_jump(net, i, t) == ch.jumps[k], (i, t)
        changed = {e for e, a, b in zip(cuts, ch.jumps, ch.jumps[1:]) if a != b}
        for e in found:
            left, right = (evaluated_jump(net, i, e + s) for s in (Fraction(-1, 2000), Fraction(1, 2000)))
            assert (left != right) == (e in changed), (i, e)
        assert len(ch.points) + len(ch.on_other_lines) == len(changed)

        def on(k, x):
            (v1, v2), c = first.weight[k], first.bias[k]
            return v1 * x[0] + v2 * x[1] + c == 0

        for x in ch.points:
            assert all(on(k, x) == (k == i) for k in range(len(first.bias)))
        for x in ch.on_other_lines:
            assert on(i, x) and any(on(k, x) for k in range(len(first.bias)) if k != i)


@pytest.mark.parametrize("name", ["deep_a", "example", "example_k", "flat", "flat_flipped", "concurrent", "parallel",
                                  "two_outputs", "small_angle"])
def test_change_points_against_evaluated_gradient_jumps(name):
    nets = {
        "deep_a": DEEP_A,
        "example": Network.from_layers(EXAMPLE),
        "example_k": Network.from_layers(EXAMPLE_K),
        # a second-layer neuron vanishing on a stretch of x2 = 0 (s(x2 + 1) - 1 - s(x1)): the jump there is not V w
        "flat": Network.from_layers([([[0, 1], [1, 0], [0, 1], [1, 1]], [1, 0, 0, -1]),
                                     ([[1, -1, 0, 0], [0, 1, 1, -1], [1, 1, -2, 1]], [-1, 0, 1]),
                                     ([[1, 2, -1]], [0])]),
        # the same stretch with the line's orientation flipped (h_3 = -x2): the vanishing neuron is active below
        "flat_flipped": Network.from_layers([([[0, 1], [1, 0], [0, -1], [1, 1]], [1, 0, 0, -1]),
                                             ([[1, -1, 0, 0], [0, 1, 1, -1], [1, 1, -2, 1]], [-1, 0, 1]),
                                             ([[1, 2, -1]], [0])]),
        # three lines through the origin and a zero of a second-layer neuron there
        "concurrent": Network.from_layers([([[1, 0], [0, 1], [1, 1], [1, -2]], [0, 0, 0, 1]),
                                           ([[1, -1, 2, 1], [-1, 2, -1, 1], [2, 1, -3, -1]], [0, -1, 1]),
                                           ([[1, -1, 2]], [0])]),
        "parallel": Network.from_layers([([[1, 1], [2, 2], [1, -1], [-1, -1]], [0, 1, 2, 3]),
                                         ([[1, -2, 1, 1], [-1, 1, 2, -1], [2, 1, -1, 1]], [1, -1, 0]),
                                         ([[1, 1, -1]], [0])]),
        # a second-layer zero line meets H_2 at an angle of 0.7 degrees at (4, 12): small steps needed
        "small_angle": Network.from_layers([([[Fraction(-1, 2), 0], [3, -1], [3, 3], [Fraction(1, 2), 0]], [-2, 0, 3, 0]),
                                            ([[-2, 0, 0, 0], [0, 2, 0, Fraction(1, 2)]], [-1, -1]),
                                            ([[2, Fraction(1, 2)], [1, 3]], [-1, 0])]),
        "two_outputs": Network.from_layers([([[1, 2], [-1, 1], [2, -1], [1, -3]], [0, 1, -1, 2]),
                                            ([[2, -1, 1, 1], [1, 3, -2, -1], [-2, 1, 2, -1]], [-1, 2, 1]),
                                            ([[1, -1, 2], [2, 1, -1]], [0, 1])]),
    }
    _dense_check(nets[name])


def test_change_points_on_random_networks():
    rng = random.Random(11)
    checked = 0
    while checked < 6:
        net = random_net(rng, (2, 3, 3, 1))
        if first_layer_certificate(net).lines:      # (H0): nonzero, distinct lines
            _dense_check(net)
            checked += 1


# ---------------------------------------------------------------------------------------------------------------
# (a) where the condition holds, fiber points keep the first-layer lines

def test_example_and_deep_a_figures():
    cert = first_layer_certificate(Network.from_layers(EXAMPLE))
    assert cert.holds and cert.simple and cert.counts == (4, 4, 4, 3) and cert.kappa == 2
    cert = first_layer_certificate(Network.from_layers(EXAMPLE_K))
    assert cert.holds and not cert.simple
    cert = first_layer_certificate(DEEP_A)
    assert not cert.holds and cert.counts == (2, 1, 2, 3) and cert.kappa == 2 and cert.faked == (1,)
    (a, b, c), = cert.cover
    (x, y), = cert.lines[1].points
    assert (x, y) == (Fraction(38, 81), Fraction(-11, 27)) and a * x + b * y + c == 0


def test_symmetry_moves_give_the_same_change_points():
    """The checker's answer depends on f only: after permutations and positive scalings (which keep the lines by
    construction, so this is no evidence for the theorem) the change points of each line are the same points."""
    rng = random.Random(3)
    for net in [Network.from_layers(EXAMPLE), Network.from_layers(EXAMPLE_K)] + holding_networks(3):
        for _ in range(3):
            other = net
            for layer in (1, 2):
                width = net.architecture[layer]
                perm = list(range(width))
                rng.shuffle(perm)
                other = act(other, layer, perm, [Fraction(rng.randint(1, 9), rng.randint(1, 9)) for _ in perm])
            assert equivalent(net, other, orbit_check=False)
            assert lines_of(other) == lines_of(net)
            assert first_layer_certificate(other).holds
            assert changes_by_line(other) == changes_by_line(net)


def _with_extra_second_layer_neuron(layers, row, bias, out):
    (w1, b1), (w2, b2), (w3, b3) = layers
    return Network.from_layers([(w1, b1), (w2 + [row], b2 + [bias]), ([w3[0] + [out]], b3)])


def test_mechanism_witnesses_give_the_same_change_points():
    """Dead, always-active and parallel second-layer neurons planted next to EXAMPLE: the condition still holds, and
    at every oracle-checked witness of a mechanism (a fiber point off the orbit, which changes layers 2 and 3 only,
    so it keeps the first-layer lines by construction) the checker finds the same change points on each line."""
    nets = [_with_extra_second_layer_neuron(EXAMPLE, [-1, -1, -2, -1], -1, 3),          # dead
            _with_extra_second_layer_neuron(EXAMPLE, [1, 0, 2, 1], 1, 1),               # always active
            _with_extra_second_layer_neuron(EXAMPLE, [-2, -4, -2, 6], 2, 3)]            # parallel to row 1
    kinds = set()
    for net in nets:
        assert first_layer_certificate(net).holds
        found = mechanisms(net)
        assert found
        for m in found:
            kinds.add(m.kind)
            assert equivalent(net, m.witness, orbit_check=False)
            assert lines_of(m.witness) == lines_of(net)
            assert changes_by_line(m.witness) == changes_by_line(net)
    assert {"dead neuron", "always active", "parallel pair"} <= kinds


def test_kernel_witnesses_give_the_same_change_points():
    """A step along a kernel direction of the exact Jacobian that the oracle finds equivalent (off the orbit), at
    networks where the condition holds: the witnesses found here change layers 2 and 3 only (asserted), so they keep
    the lines by construction; the checker must find the same change points on each line."""
    for row, bias, out in (([-1, -1, -2, -1], -1, 3), ([1, 0, 2, 1], 1, 1)):
        net = _with_extra_second_layer_neuron(EXAMPLE, row, bias, out)
        assert first_layer_certificate(net).holds
        fd = functional_dimension(net, kernel=True)
        assert fd.rank < net.num_parameters - sum(net.hidden_widths) and fd.kernel
        other = kernel_witness(net, fd, directions=len(fd.kernel))
        assert other is not None and equivalent(net, other, orbit_check=False)
        assert other.layers[0] == net.layers[0]
        assert changes_by_line(other) == changes_by_line(net)


def _layers(net):
    return [([list(r) for r in layer.weight], list(layer.bias)) for layer in net.layers]


def test_moving_a_line_leaves_the_fiber_where_the_condition_holds():
    """The hiding translation (b1_i + t, b2_j - V_ji t) of each line, at networks where the condition holds: the
    oracle must find every such network inequivalent (the theorem says no fiber point moves a line)."""
    for net in [Network.from_layers(EXAMPLE)] + holding_networks(2, seed=7):
        for i in range(4):
            for t in (Fraction(1), Fraction(-1, 3)):
                moved = _layers(net)
                moved[0][1][i] += t
                for j in range(len(moved[1][1])):
                    moved[1][1][j] -= moved[1][0][j][i] * t
                assert not equivalent(net, Network.from_layers(moved), orbit_check=False)


def _moves_of_a_line(net, i):
    """Networks that move line ``i`` by small exact steps: translations (alone, and hidden by the second-layer biases
    as in the test above) and rotations about a point of the line (exact: cos, sin = (1 - m^2, 2m) / (1 + m^2))."""
    layers = _layers(net)
    (w1, w2), b = layers[0][0][i], layers[0][1][i]
    norm = w1 * w1 + w2 * w2
    p0 = (-b * w1 / norm, -b * w2 / norm)
    moves = []
    for t in (Fraction(1, 50), Fraction(-1, 50), Fraction(1, 5), Fraction(-2, 3)):
        moved = _layers(net)
        moved[0][1][i] += t
        moves.append(moved)
        hidden = _layers(net)
        hidden[0][1][i] += t
        for j in range(len(hidden[1][1])):
            hidden[1][1][j] -= hidden[1][0][j][i] * t
        moves.append(hidden)
    for m in (Fraction(1, 20), Fraction(-1, 20), Fraction(1, 3)):
        c, s = (1 - m * m) / (1 + m * m), 2 * m / (1 + m * m)
        moved = _layers(net)
        v = (c * w1 - s * w2, s * w1 + c * w2)
        moved[0][0][i] = list(v)
        moved[0][1][i] = -(v[0] * p0[0] + v[1] * p0[1])
        moves.append(moved)
    return [Network.from_layers(m) for m in moves]


def test_small_moves_of_a_line_leave_the_fiber_where_the_condition_holds():
    """Where (K) holds (k = 1 and k = 2), no move of one first-layer line by a small translation or rotation, nor
    the hiding translation, stays in the fiber: the oracle must find each moved network inequivalent.  A network
    found equivalent would contradict Theorem 4.6 (it would be a fiber point without the line)."""
    rng = random.Random(5)
    nets = [Network.from_layers(EXAMPLE_K)]
    while len(nets) < 3:
        net = random_net(rng, (2, 4, 3, 2))
        if first_layer_certificate(net).holds:
            nets.append(net)
    assert {net.output_dim for net in nets} == {1, 2}
    for net in nets:
        for i in range(4):
            for moved in _moves_of_a_line(net, i):
                assert lines_of(moved) != lines_of(net)
                assert not equivalent(net, moved, orbit_check=False), (net.architecture, i)


def test_the_moves_do_find_fiber_points_where_the_condition_fails():
    """The same moves at the hidden-column network below ((K) fails, C_1 empty): some hiding translations of line 1
    are fiber points, so the assertion of the previous test is one that a false theorem could break."""
    theta = Network.from_layers(HIDDEN_COLUMN)
    assert not first_layer_certificate(theta).holds
    found = [moved for moved in _moves_of_a_line(theta, 0) if equivalent(theta, moved, orbit_check=False)]
    assert found and all(lines_of(moved) != lines_of(theta) for moved in found)


# ---------------------------------------------------------------------------------------------------------------
# (b) fiber points with a different first layer: the checker must report that the condition fails

def _fails_with_a_different_first_layer(theta, other):
    assert equivalent(theta, other, orbit_check=False)
    assert lines_of(other) != lines_of(theta)
    cert = first_layer_certificate(theta)
    assert not cert.holds
    # the proof's prediction (Lemma 4.3): each change point of a faked line lies on a line of theta' outside theta's
    extra = lines_of(other) - lines_of(theta)
    for ch in cert.lines:
        (w1, w2), b = theta.layers[0].weight[ch.line], theta.layers[0].bias[ch.line]
        scale = w1 if w1 else w2
        if (w1 / scale, w2 / scale, b / scale) not in lines_of(other):
            for x, y in ch.points:
                assert any(a * x + c * y + e == 0 for a, c, e in extra)
    return cert


def test_shifted_line_is_in_the_fiber_and_the_condition_fails():
    """s(x2) replaced by s(x2 + 1) - 1 inside s(s(x2) - s(x1)), embedded in a 2-4-3-1 network."""
    theta = Network.from_layers([([[0, 1], [1, 0], [1, 1], [1, -1]], [0, 0, 1, -1]),
                                 ([[1, -1, 0, 0], [0, 1, 1, -1], [0, -1, 2, 1]], [0, 0, -1]),
                                 ([[1, 2, -1]], [0])])
    other = Network.from_layers([([[0, 1], [1, 0], [1, 1], [1, -1]], [1, 0, 1, -1]),
                                 ([[1, -1, 0, 0], [0, 1, 1, -1], [0, -1, 2, 1]], [-1, 0, -1]),
                                 ([[1, 2, -1]], [0])])
    cert = _fails_with_a_different_first_layer(theta, other)
    assert cert.lines[0].points == () and cert.faked == (0,)


def test_a_line_with_one_change_point_is_faked():
    theta = Network.from_layers([([[0, 1], [1, 0], [0, 1], [1, 1]], [0, 1, 1, 5]),
                                 ([[1, 1, 0, 0], [0, 0, 0, 0]], [-1, -1]), ([[1, 0]], [0])])
    other = Network.from_layers([([[1, 0], [-1, 0], [-1, 0], [0, 1]], [0, 0, -1, 1]),
                                 ([[1, 0, 0, 0], [0, -1, 1, 1]], [0, -1]), ([[1, 1]], [0])])
    cert = _fails_with_a_different_first_layer(theta, other)
    assert cert.counts[:2] == (1, 1) and cert.lines[0].points == ((0, 0),)
    assert (Fraction(0, 1), Fraction(1), Fraction(0)) not in lines_of(other)     # x2 = 0 is gone


def test_hidden_column_moves_and_the_condition_fails():
    """Every row that sees column 1 hides it (positive weight there, the rest <= 0): the hiding translation
    b1_1 + t, b2_j - V_j1 t keeps f for every t >= 0 (docs/theory/three_layer.md, Theorem 3.1 (a), which uses only
    z >= 0) and moves the line; the checker finds no change point on it."""
    layers = HIDDEN_COLUMN
    theta = Network.from_layers(layers)
    for t in (Fraction(1), Fraction(5, 2)):
        moved = [([list(r) for r in w], list(b)) for w, b in layers]
        moved[0][1][0] += t
        for j in range(3):
            moved[1][1][j] -= moved[1][0][j][0] * t
        cert = _fails_with_a_different_first_layer(theta, Network.from_layers(moved))
        assert cert.lines[0].points == ()


def test_zero_outgoing_weights_witness_and_the_condition_fails():
    layers = [([list(r) for r in w], list(b)) for w, b in EXAMPLE]
    for row in layers[1][0]:
        row[2] = 0
    theta = Network.from_layers(layers)
    found = [m for m in mechanisms(theta) if m.kind == "zero outgoing weights"]
    assert found
    for m in found:
        cert = _fails_with_a_different_first_layer(theta, m.witness)
        assert cert.lines[2].points == ()


# ---------------------------------------------------------------------------------------------------------------
# refusals and hypotheses

def test_refusals_and_h0():
    with pytest.raises(NoAlgorithmError, match="input dimension 2"):
        first_layer_certificate(Network.from_layers([([[1, 0, 1]], [0]), ([[1]], [0]), ([[1]], [0])]))
    with pytest.raises(NoAlgorithmError, match="two hidden layers"):
        first_layer_certificate(Network.from_layers([([[1, 0]], [0]), ([[1]], [0])]))
    same = Network.from_layers([([[1, 1], [2, 2]], [1, 2]), ([[1, 1]], [0]), ([[1]], [0])])
    assert "same line" in first_layer_certificate(same).reason and not first_layer_certificate(same).holds
    zero = Network.from_layers([([[0, 0], [1, 2]], [1, 2]), ([[1, 1]], [0]), ([[1]], [0])])
    assert "zero weights" in first_layer_certificate(zero).reason
    with pytest.raises(LimitReachedError):
        first_layer_certificate(Network.from_layers(EXAMPLE_K), limits=SearchLimits(subsets=2))


def test_value_is_picklable_and_json_ready():
    import json
    import pickle

    cert = first_layer_certificate(Network.from_layers(EXAMPLE))
    assert pickle.loads(pickle.dumps(cert)) == cert
    data = json.loads(json.dumps(cert.to_dict()))
    assert data["holds"] and data["kappa"] == 2 and len(data["lines"]) == 4


def test_gradient_jump_is_normal_to_the_line():
    rng = random.Random(2)
    net = random_net(rng, (2, 4, 3, 2))
    for i in range(4):
        (w1, w2) = net.layers[0].weight[i]
        if w1 or w2:
            for t in (Fraction(-3), Fraction(1, 3), Fraction(4)):
                for r in gradient_jump(net, i, t):
                    assert r[0] * -w2 + r[1] * w1 == 0
