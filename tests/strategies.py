"""The one module of random exact networks and random function-preserving moves for the tests.

Every generator takes the ``random.Random`` first, then the shape: ``random_network(rng, architecture)``,
``random_shallow(rng, m, n, k)``, ``with_pattern(rng, patterns)``.  Each draws its entries in a fixed order, so a
seed names one network.

* networks: :func:`random_network` (layer by layer), :func:`random_shallow`, :func:`random_neuron_network`
  (neuron by neuron), :func:`with_pattern` (three-layer networks with prescribed sign patterns of ``[W2 | b2]``),
  :func:`function_classes` (every tiny network, grouped by its function on the orthant);
* moves: :func:`permute_and_scale` (an element of ``H``), :func:`random_move` and :func:`random_equivalent`
  (shallow moves that preserve the function), :func:`walk`, :func:`near_misses` and :func:`pairs` (three-layer
  symmetry walks and near misses);
* points: :func:`random_points`.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.core import linalg
from semialg_fibers.core.symmetries import SymmetryKind, act
from semialg_fibers.orthant import canonical_data
from semialg_fibers.three_layer import genericity, layer_flip_sets, row_types, symmetries, translate
from semialg_fibers.three_layer.hiding import hidden_hyperplanes

F = Fraction


# ----------------------------------------------------------------------------- networks

def random_network(rng: random.Random, architecture, low: int = -5, high: int = 5) -> Network:
    """A network with small random integer entries."""
    return Network.from_layers(
        [
            ([[rng.randint(low, high) for _ in range(n_in)] for _ in range(n_out)], [rng.randint(low, high) for _ in range(n_out)])
            for n_in, n_out in zip(architecture, architecture[1:])
        ]
    )


def random_shallow(rng: random.Random, m: int, n: int, k: int, low: int = -2, high: int = 2) -> Network:
    """A shallow network with small random integer entries (degenerate on purpose)."""
    return Network.from_layers([
        ([[rng.randint(low, high) for _ in range(m)] for _ in range(n)], [rng.randint(low, high) for _ in range(n)]),
        ([[rng.randint(low, high) for _ in range(n)] for _ in range(k)], [rng.randint(low, high) for _ in range(k)]),
    ])


def shared_lines_shallow(rng: random.Random, m: int, n: int, k: int, lines: int = 3) -> Network:
    """A shallow network whose first-layer rows come from ``lines`` random rows (lines shared, parallel or repeated).

    Biases in ``{-1, 0, 1}`` and output weights with zeros: zero-output, dead,
    mixed and cancelling neurons all occur, so every role of the fiber does.
    """
    pool = [[rng.randint(-2, 2) for _ in range(m)] for _ in range(lines)]
    rows = [list(rng.choice(pool)) for _ in range(n)]
    return Network.from_layers([(rows, [rng.randint(-1, 1) for _ in range(n)]),
                                ([[rng.choice([-1, 0, 1, 1, 2]) for _ in range(n)] for _ in range(k)], [0] * k)])


def random_neuron_network(rng: random.Random, m: int, n: int, k: int, low: int = -2, high: int = 2) -> Network:
    """A shallow network with small integer entries, drawn neuron by neuron ``(v, a, b)``, then ``c``.

    Small ranges give many coincidences (equal, opposite and parallel lines, zero weights).
    """
    neurons = [([Fraction(rng.randint(low, high)) for _ in range(k)], [Fraction(rng.randint(low, high)) for _ in range(m)],
                Fraction(rng.randint(low, high))) for _ in range(n)]
    return network_of(neurons, [Fraction(rng.randint(low, high)) for _ in range(k)], m, k)


def neurons_of(net: Network):
    """``([(v, a, b), ...], c)`` with ``v`` a list of length k, ``a`` of length m."""
    (w1, b1), (w2, b2) = ((l.weight, l.bias) for l in net.layers)
    cols = list(zip(*w2))
    return [(list(cols[i]), list(w1[i]), b1[i]) for i in range(len(b1))], list(b2)


def network_of(neurons, c, m: int, k: int) -> Network:
    if not neurons:
        neurons = [([Fraction(0)] * k, [Fraction(0)] * m, Fraction(0))]
    rows = [list(a) for _, a, _ in neurons]
    bias = [b for _, _, b in neurons]
    w2 = [[v[j] for v, _, _ in neurons] for j in range(k)]
    return Network.from_layers([(rows, bias), (w2, list(c))])


def function_classes(arch, values=(-1, 0, 1)):
    """All networks of ``arch`` with entries in ``values``, grouped by canonical data on the orthant."""
    m, n, k = arch
    count = n * m + n + k * n + k
    classes = {}
    for flat in itertools.product(values, repeat=count):
        net = Network.from_parameters(arch, flat)
        classes.setdefault(canonical_data(net), []).append(net)
    return classes


def magnitude(rng: random.Random) -> Fraction:
    return Fraction(rng.randint(1, 40), rng.randint(1, 9))


def signed(rng: random.Random, sign: str) -> Fraction:
    return magnitude(rng) if sign == "+" else -magnitude(rng)


def row_patterns(n1: int) -> list[str]:
    """Every strict sign pattern of a row (w_1, ..., w_n1, c)."""
    return ["".join(p) for p in itertools.product("+-", repeat=n1 + 1)]


def pattern_multisets(n1: int, n2: int) -> list[tuple[str, ...]]:
    """Every multiset of n2 row patterns except all dead."""
    dead = "-" * (n1 + 1)
    return [p for p in itertools.combinations_with_replacement(row_patterns(n1), n2) if set(p) != {dead}]


def with_pattern(rng: random.Random, patterns, d: int | None = None, k: int = 1, generic: bool = True,
                 tries: int = 200) -> Network:
    """A network whose rows of [W2 | b2] have the given sign patterns (strings over '+-').

    ``W1`` has full row rank; with ``generic`` the draw is repeated until G1-G7 hold.
    """
    n1 = len(patterns[0]) - 1
    d = n1 if d is None else d
    for _ in range(tries):
        w1 = [[Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(d)] for _ in range(n1)]
        if linalg.rank(w1) < n1:
            continue
        b1 = [Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(n1)]
        rows = [[signed(rng, s) for s in p] for p in patterns]
        w3 = [[signed(rng, rng.choice("+-")) for _ in patterns] for _ in range(k)]
        b3 = [Fraction(rng.randint(-5, 5)) for _ in range(k)]
        net = Network.from_layers([(w1, b1), ([r[:-1] for r in rows], [r[-1] for r in rows]), (w3, b3)])
        if not generic or genericity(net):
            return net
    raise RuntimeError(f"no generic draw for patterns {patterns}")


# ----------------------------------------------------------------------------- moves
def permute_and_scale(net: Network, rng: random.Random) -> Network:
    """Apply a random element of H = prod_l (permutations x positive diagonals) to every hidden layer."""
    layers = [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]
    for l in range(len(layers) - 1):
        width = len(layers[l][1])
        perm = list(range(width))
        rng.shuffle(perm)
        scale = [Fraction(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(width)]
        weight, bias = layers[l]
        layers[l] = [[[v * scale[i] for v in weight[p]] for i, p in enumerate(perm)], [bias[p] * scale[i] for i, p in enumerate(perm)]]
        nxt_w, nxt_b = layers[l + 1]
        layers[l + 1] = [[[row[p] / scale[i] for i, p in enumerate(perm)] for row in nxt_w], nxt_b]
    return Network.from_layers(layers)


def _frac(rng, low=-3, high=3, nonzero=False):
    while True:
        v = Fraction(rng.randint(low, high), rng.choice([1, 1, 2]))
        if v or not nonzero:
            return v


def random_move(net: Network, rng: random.Random) -> Network:
    """Apply one random function-preserving move (may change the width)."""
    m, _, k = net.architecture
    neurons, c = neurons_of(net)
    kind = rng.choice(["perm_scale", "split", "zero", "dead", "constant", "zero_kink", "flip_parallel", "drop_zero"])
    if kind == "perm_scale":
        rng.shuffle(neurons)
        out = []
        for v, a, b in neurons:
            s = Fraction(rng.randint(1, 4), rng.randint(1, 4))
            out.append(([x / s for x in v], [x * s for x in a], b * s))
        neurons = out
    elif kind == "split" and neurons:
        i = rng.randrange(len(neurons))
        v, a, b = neurons[i]
        lam = _frac(rng)
        s = Fraction(rng.randint(1, 3))
        neurons[i] = ([x * lam for x in v], a, b)
        neurons.append(([x * (1 - lam) / s for x in v], [x * s for x in a], b * s))
    elif kind == "zero":
        neurons.append(([Fraction(0)] * k, [_frac(rng) for _ in range(m)], _frac(rng)))
    elif kind == "dead":
        neurons.append(([_frac(rng) for _ in range(k)], [Fraction(0)] * m, -abs(_frac(rng))))
    elif kind == "constant":
        v, b = [_frac(rng) for _ in range(k)], abs(_frac(rng, nonzero=True))
        neurons.append((v, [Fraction(0)] * m, b))
        c = [x - y * b for x, y in zip(c, v)]
    elif kind == "zero_kink":
        a, b = [_frac(rng) for _ in range(m)], _frac(rng)
        if any(a):
            w, s = [_frac(rng) for _ in range(k)], Fraction(rng.randint(1, 3))
            neurons += [(w, a, b), ([-x / s for x in w], [x * s for x in a], b * s)]
    elif kind == "flip_parallel" and neurons:
        # v s(z) = v s(-z) + v z, and v z = v s(z') - v s(-z') + v (b - b') with z' = a x + b'.
        i = rng.randrange(len(neurons))
        v, a, b = neurons[i]
        b2 = _frac(rng)
        neurons[i] = (v, [-x for x in a], -b)
        neurons += [(v, a, b2), ([-x for x in v], [-x for x in a], -b2)]
        c = [x + y * (b - b2) for x, y in zip(c, v)]
    elif kind == "drop_zero":
        neurons = [nu for nu in neurons if any(nu[0])] or neurons
    return network_of(neurons, c, m, k)


def random_equivalent(net: Network, rng: random.Random, moves: int = 3) -> Network:
    """``net`` after a few random moves."""
    for _ in range(moves):
        net = random_move(net, rng)
    return net


def _values(sym, net, rng):
    """One random admissible parameter tuple of a symmetry's action, or None to skip it."""
    d, n1, n2, k = net.architecture
    kind = sym.kind
    if kind in (SymmetryKind.PERMUTATION, SymmetryKind.SCALING):
        return None  # applied at the end of every walk
    if kind == SymmetryKind.DEAD_FREEDOM:
        return ([-F(rng.randint(0, 5), rng.randint(1, 3)) for _ in range(n1 + 1)],
                [F(rng.randint(-9, 9), rng.randint(1, 3)) for _ in range(k)])
    if kind == SymmetryKind.ZERO_OUTPUT_FREEDOM:
        if sym.neurons[0][0] == 2:
            return ([F(rng.randint(-5, 5)) for _ in range(n1 + 1)],)
        return ([F(rng.randint(-5, 5)) for _ in range(d)], F(rng.randint(-5, 5)))
    if kind == SymmetryKind.LINEAR_BIAS:
        c = net.layers[1].bias[sym.neurons[0][1]]
        return (rng.choice([-c, F(rng.randint(1, 9), 2)]),)
    if kind == SymmetryKind.LINEAR_MIXING:
        rows = [t for t in range(n2) if (2, t) in sym.neurons]
        U = [list(net.layers[1].weight[j]) + [net.layers[1].bias[j]] for j in rows]
        V = [[row[j] for j in rows] for row in net.layers[2].weight]
        p, q = rng.sample(range(len(rows)), 2)
        eps = F(rng.randint(1, 5), rng.randint(1, 5))
        U[p] = [a + eps * b for a, b in zip(U[p], U[q])]
        for r in V:
            r[q] -= eps * r[p]
        return (U, V)
    if kind == SymmetryKind.HIDING_TRANSLATION:
        i = sym.neurons[0][1]
        lower = next(h.lower for h in hidden_hyperplanes(net) if h.column == i)
        lower = F(-5) if lower is None else lower
        return (rng.choice([lower, lower / 2, F(rng.randint(0, 9), 2)]),)
    if kind == SymmetryKind.SIGN_CHANGE:
        cols = [l for (_, l) in sym.neurons[1:]]
        return (rng.sample(cols, rng.randint(1, len(cols))),)
    if kind == SymmetryKind.RAMP_FLIP:
        return ()
    if kind == SymmetryKind.LAYER_FLIP:
        try:
            sets = layer_flip_sets(net)
        except NotDecidedError:
            return None
        return (rng.choice(sets),) if sets else None
    return None  # revivals and degenerate freedoms: not part of the walks


def _direct_move(net: Network, rng: random.Random):
    """One random move among the hiding translation, linear-row bias and single-row layer flips (wide networks)."""
    from semialg_fibers.three_layer.moves import flip_condition, layer_flip, linear_rows, shift_linear_bias

    options = [("hiding translation", lambda n, h=h: translate(n, h.column, h.lower / 2 if h.lower else F(1)))
               for h in hidden_hyperplanes(net)]
    options += [("linear-row bias", lambda n, j=j: shift_linear_bias(n, j, F(rng.randint(1, 9), 2)))
                for j in linear_rows(net)]
    for t in row_types(net):
        if t.crossing and not t.output_zero:
            _, ncr, available = flip_condition(net, [t.index])
            if ncr.value <= len(available):
                options.append(("layer-wise orientation flip", lambda n, j=t.index: layer_flip(n, [j])))
    if not options:
        return net, None
    name, move = rng.choice(options)
    return move(net), name


def scale_and_permute(net: Network, rng: random.Random) -> Network:
    """A random element of H applied to both hidden layers."""
    for layer in (1, 2):
        width = net.architecture[layer]
        perm = list(range(width))
        rng.shuffle(perm)
        net = act(net, layer, perm, [F(rng.randint(1, 9), rng.randint(1, 9)) for _ in range(width)])
    return net


def walk(net: Network, rng: random.Random, steps: int = 3, kinds=None) -> tuple[Network, list]:
    """Apply ``steps`` random exact symmetries (of the kinds given, default all but revivals), then an element of H."""
    used = []
    for _ in range(steps):
        try:
            found = symmetries(net)
        except NotDecidedError:  # too many layer-flip sets to list (wide networks): the moves one by one
            net, kind = _direct_move(net, rng)
            used += [kind] if kind else []
            continue
        options = [s for s in found if kinds is None or s.kind in kinds]
        rng.shuffle(options)
        for sym in options:
            values = _values(sym, net, rng)
            if values is None:
                continue
            net = sym.apply(net, *values)
            used.append(sym.kind)
            break
    return scale_and_permute(net, rng), used


def near_misses(net: Network, rng: random.Random) -> list[tuple[str, Network]]:
    """Networks close to ``net`` that are (usually) not equivalent to it: one per kind that applies."""
    out = []
    params = list(net.parameters())
    i = rng.randrange(len(params))
    params[i] += F(1, rng.randint(50, 500))
    out.append(("perturbation", Network.from_parameters(net.architecture, params)))
    for h in hidden_hyperplanes(net):
        if h.lower is not None:
            out.append(("translation past t_min", translate(net, h.column, h.lower - F(1, rng.randint(2, 50)),
                                                           check=False)))
    layers = [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]
    l = rng.randrange(net.architecture[1])
    layers[0][0][l] = [-v for v in layers[0][0][l]]
    layers[0][1][l] = -layers[0][1][l]
    out.append(("first-layer orientation flip", Network.from_layers(layers)))
    return out


def pairs(rng: random.Random, net: Network, count: int = 2):
    """``(kind, partner, expected or None)``: symmetry walks (equivalent) and near misses (unknown)."""
    for _ in range(count):
        partner, used = walk(net, rng, rng.randint(1, 4))
        yield "walk " + "+".join(sorted({str(u) for u in used})), partner, True
    for name, other in near_misses(net, rng):
        yield name, scale_and_permute(other, rng), None


# ----------------------------------------------------------------------------- points
def random_points(d: int, count: int, seed: int, low: int = -3, high: int = 3) -> list[tuple[Fraction, ...]]:
    """Exact random points with unrelated denominators (kinks are avoided by the callers' retries)."""
    rng = random.Random(seed)
    return [tuple(Fraction(rng.randint(low * 89, high * 89), 89) + Fraction(rng.randint(1, 60), 1009)
                  for _ in range(d)) for _ in range(count)]
