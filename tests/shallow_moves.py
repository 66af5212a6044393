"""Random function-preserving moves on shallow networks, for the shallow test modules.

Every move is an exact identity of functions (checked by the tests with the
oracle); together they produce degenerate parameters: zero, dead and constant
neurons, repeated, opposite and parallel lines, zero-kink groups and
cancelling pairs.
"""

from __future__ import annotations

import random
from fractions import Fraction

from semialg_fibers import Network


def neurons_of(net: Network):
    """``([(v, a, b), ...], c)`` with ``v`` a list of length k, ``a`` of length m."""
    (w1, b1), (w2, b2) = ((l.weight, l.bias) for l in net.layers)
    cols = list(zip(*w2))
    return [(list(cols[i]), list(w1[i]), b1[i]) for i in range(len(b1))], list(b2)


def in_orbit_brute_force(a: Network, b: Network) -> bool:
    """Is ``b = h . a`` for ``h`` in ``H_n``?  Neuron by neuron: a positive scaling and a bijection (no library code)."""
    na, _ = neurons_of(a)
    nb, _ = neurons_of(b)
    if a.layers[1].bias != b.layers[1].bias:
        return False
    used = set()
    for v, x, y in na:
        for j, (w, p, q) in enumerate(nb):
            if j in used:
                continue
            ds = {pp / xx for xx, pp in zip(x + [y], p + [q]) if xx}
            if not ds and not any(p + [q]):  # both incoming rows zero: scale the outgoing column
                ds = {vv / ww for vv, ww in zip(v, w) if ww}
                if (not ds and not any(v)) or (len(ds) == 1 and min(ds) > 0 and w == [vv / min(ds) for vv in v]):
                    used.add(j)
                    break
                continue
            if len(ds) == 1 and all(d > 0 for d in ds):
                d = ds.pop()
                if [pp for pp in p + [q]] == [d * xx for xx in x + [y]] and w == [vv / d for vv in v]:
                    used.add(j)
                    break
        else:
            return False
    return True


def network_of(neurons, c, m: int, k: int) -> Network:
    if not neurons:
        neurons = [([Fraction(0)] * k, [Fraction(0)] * m, Fraction(0))]
    rows = [list(a) for _, a, _ in neurons]
    bias = [b for _, _, b in neurons]
    w2 = [[v[j] for v, _, _ in neurons] for j in range(k)]
    return Network.from_layers([(rows, bias), (w2, list(c))])


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


def random_shallow(m: int, n: int, k: int, rng: random.Random, low: int = -2, high: int = 2) -> Network:
    """A shallow network with small integer entries (many coincidences for small ranges)."""
    neurons = [([Fraction(rng.randint(low, high)) for _ in range(k)], [Fraction(rng.randint(low, high)) for _ in range(m)],
                Fraction(rng.randint(low, high))) for _ in range(n)]
    return network_of(neurons, [Fraction(rng.randint(low, high)) for _ in range(k)], m, k)


def evaluation_jacobian_corank(net: Network, rng: random.Random, points: int | None = None) -> int:
    """``N - rank`` of the Jacobian of ``theta -> (f_theta(x_1), ..., f_theta(x_P))`` at ``theta``.

    Exact: random rational inputs off every kink (the derivative of a ReLU is
    taken where it exists).  An upper bound of the local fiber dimension at
    smooth points; finitely many points can only make it larger.
    """
    from semialg_fibers import linalg

    m, n, k = net.architecture
    neurons, _ = neurons_of(net)
    rows = []
    count = points or 4 * net.num_parameters + 8
    lines = [(a, b) for _, a, b in neurons if any(a)]
    while len(rows) < count * k:
        x = [Fraction(rng.randint(-40, 40), rng.randint(1, 7)) for _ in range(m)]
        if lines and rng.random() < 0.7:
            # near a random point of a random neuron's hyperplane, so that thin regions are hit
            a, b = rng.choice(lines)
            j = next(i for i, v in enumerate(a) if v)
            x[j] -= (sum((ai * xi for ai, xi in zip(a, x)), b)) / a[j]
            x[j] += Fraction(rng.choice([-1, 1]), rng.randint(50, 500))
        z = [sum((ai * xi for ai, xi in zip(a, x)), b) for _, a, b in neurons]
        if any(zi == 0 and any(a) for zi, (_, a, _) in zip(z, neurons)):
            continue  # on a kink; neurons with a = 0 and b = 0 are taken as inactive (one-sided)
        for j in range(k):
            da, db, dv = [], [], []
            for (v, a, b), zi in zip(neurons, z):
                on = zi > 0
                da += [v[j] * xi if on else Fraction(0) for xi in x]
                db.append(v[j] if on else Fraction(0))
            for jj in range(k):
                dv += [zi if (zi > 0 and jj == j) else Fraction(0) for zi in z]
            dc = [Fraction(int(jj == j)) for jj in range(k)]
            rows.append(da + db + dv + dc)
    return net.num_parameters - linalg.rank(rows, net.num_parameters)
