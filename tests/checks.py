"""Independent computations the tests compare the library with (written out here, not the library's code).

* shallow: :func:`in_orbit_brute_force` (neuron by neuron), :func:`evaluation_jacobian_corank` (exact Jacobian
  of evaluations);
* three-layer: :func:`second_layers_F` (exact evaluation of the last two layers), :func:`first_layer_map`;
* conservation laws: three-layer symmetries written from the formulas (:func:`three_layer_symmetries`, with their
  generators built from the parameter symbols here), and a symbolic forward pass and squared loss with symbolic
  targets on the activation region of exact data (:func:`gradient_dot_loss`), so that ``grad Q . grad L = 0`` is
  checked by SymPy independently of :mod:`semialg_fibers.conservation`;
* symmetry values: :func:`forward` (an exact forward pass) and :func:`check_symmetry_value` (a pickled symmetry
  equals the original, and both move a network to one that agrees with it at every given point).
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import sympy
from strategies import neurons_of

from semialg_fibers import Network
from semialg_fibers.core import linalg
from semialg_fibers.core.symbols import bias_symbol, parameter_symbols, weight_symbol
from semialg_fibers.core.symmetries import Symmetry, SymmetryKind, VectorField, h_symmetries

# ----------------------------------------------------------------------------- shallow

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


def evaluation_jacobian_corank(net: Network, rng: random.Random, points: int | None = None) -> int:
    """``N - rank`` of the Jacobian of ``theta -> (f_theta(x_1), ..., f_theta(x_P))`` at ``theta``.

    Exact: random rational inputs off every kink (the derivative of a ReLU is
    taken where it exists).  An upper bound of the local fiber dimension at
    smooth points; finitely many points can only make it larger.
    """
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
            for (v, _a, _b), zi in zip(neurons, z):
                on = zi > 0
                da += [v[j] * xi if on else Fraction(0) for xi in x]
                db.append(v[j] if on else Fraction(0))
            for jj in range(k):
                dv += [zi if (zi > 0 and jj == j) else Fraction(0) for zi in z]
            dc = [Fraction(int(jj == j)) for jj in range(k)]
            rows.append(da + db + dv + dc)
    return net.num_parameters - linalg.rank(rows, net.num_parameters)


# ----------------------------------------------------------------------------- three-layer
def second_layers_F(net: Network, y) -> tuple[Fraction, ...]:
    """``F(y) = g(s(y))`` by exact evaluation of the last two layers (written out, not the library's code)."""
    weight, bias = net.layers[1].weight, net.layers[1].bias
    z = [max(v, Fraction(0)) for v in y]
    hidden = [max(sum((w * v for w, v in zip(row, z)), Fraction(0)) + c, Fraction(0)) for row, c in zip(weight, bias)]
    return tuple(sum((w * h for w, h in zip(row, hidden)), Fraction(0)) + c
                 for row, c in zip(net.layers[2].weight, net.layers[2].bias))


def first_layer_map(net: Network, other: Network) -> list[tuple[list[Fraction], Fraction]]:
    """Rows ``(p^l, q_l)`` with ``W1' = P W1`` and ``b1' = P b1 + q`` (``W1`` of full row rank), solved exactly."""
    w1, b1 = net.layers[0].weight, net.layers[0].bias
    n1 = len(w1)
    columns = [[w1[m][c] for m in range(n1)] for c in range(len(w1[0]))]
    out = []
    for weight, bias in zip(other.layers[0].weight, other.layers[0].bias):
        p = linalg.solve(columns, list(weight), n1)
        out.append((list(p), bias - sum((p[m] * b1[m] for m in range(n1)), Fraction(0))))
    return out


# ----------------------------------------------------------------------------- conservation laws
def field(arch, entries: dict, name: str) -> VectorField:
    """A VectorField from ``{symbol: component}``."""
    coords = parameter_symbols(arch)
    return VectorField(tuple(arch), tuple(sympy.sympify(entries.get(c, 0)) for c in coords), name)


def row_signs(net: Network) -> list[tuple[int, ...]]:
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    return [tuple((v > 0) - (v < 0) for v in tuple(w2[j]) + (b2[j],)) for j in range(len(b2))]


def three_layer_symmetries(net: Network) -> tuple[Symmetry, ...]:
    """Continuous symmetries of a three-layer network with no zero entry in ``[W2 | b2]``, from the formulas."""
    d, n1, n2, k = net.architecture
    arch = net.architecture
    signs = row_signs(net)
    dead = [j for j, s in enumerate(signs) if all(v < 0 for v in s)]
    linear = [j for j, s in enumerate(signs) if all(v > 0 for v in s)]
    out = [s for s in h_symmetries(net) if s.continuous]
    W2 = lambda j, i: weight_symbol(2, j + 1, i + 1)  # noqa: E731
    W3 = lambda r, j: weight_symbol(3, r + 1, j + 1)  # noqa: E731
    if len(linear) >= 2:
        gens = []
        for a in linear:
            for b in linear:
                if a == b:
                    continue
                entries = {W2(a, i): W2(b, i) for i in range(n1)}
                entries[bias_symbol(2, a + 1)] = bias_symbol(2, b + 1)
                for r in range(k):
                    entries[W3(r, b)] = -W3(r, a)
                gens.append(field(arch, entries, f"mixing E_{a + 1}{b + 1} of linear rows"))
        out.append(Symmetry(SymmetryKind.LINEAR_MIXING, f"linear rows {linear}", True, len(gens),
                            neurons=tuple((2, j) for j in linear), generators=tuple(gens)))
    for j in linear:
        entries = {bias_symbol(2, j + 1): 1}
        for r in range(k):
            entries[bias_symbol(3, r + 1)] = -W3(r, j)
        out.append(Symmetry(SymmetryKind.LINEAR_BIAS, f"bias of linear row {j}", True, 1, neurons=((2, j),),
                            generators=(field(arch, entries, f"bias absorption of row {j + 1}"),)))
    for j in dead:
        gens = [field(arch, {W2(j, i): 1}, f"dead row {j + 1}, entry {i + 1}") for i in range(n1)]
        gens.append(field(arch, {bias_symbol(2, j + 1): 1}, f"dead row {j + 1}, bias"))
        gens += [field(arch, {W3(r, j): 1}, f"dead row {j + 1}, output {r + 1}") for r in range(k)]
        out.append(Symmetry(SymmetryKind.DEAD_FREEDOM, f"dead row {j}", True, len(gens), neurons=((2, j),),
                            generators=tuple(gens)))
    if len(dead) < n2:
        for i in range(n1):
            hides = [j for j, s in enumerate(signs)
                     if s[i] > 0 and all(v < 0 for c, v in enumerate(s) if c != i)]
            if len(hides) + len(dead) == n2:
                entries = {bias_symbol(1, i + 1): 1}
                for j in hides:
                    entries[bias_symbol(2, j + 1)] = -W2(j, i)
                out.append(Symmetry(SymmetryKind.HIDING_TRANSLATION, f"column {i + 1} hidden by rows {hides}", True,
                                    1, neurons=((1, i),) + tuple((2, j) for j in hides),
                                    generators=(field(arch, entries, f"hiding translation of column {i + 1}"),)))
    return tuple(out)


def pre_activations(net: Network, x) -> list[list[Fraction]]:
    out, h = [], list(x)
    for layer in net.layers[:-1]:
        z = [sum((w * v for w, v in zip(row, h)), b) for row, b in zip(layer.weight, layer.bias)]
        out.append(z)
        h = [max(v, Fraction(0)) for v in z]
    return out


def off_kinks(net: Network, points) -> list:
    """The points at which no hidden pre-activation is 0."""
    return [x for x in points if all(v != 0 for z in pre_activations(net, x) for v in z)]


def symbolic_outputs(net: Network, x) -> list[sympy.Expr]:
    """``f(x; theta)`` as SymPy expressions on the activation region of ``x`` at ``net`` (own forward pass)."""
    arch = net.architecture
    states = [[v > 0 for v in z] for z in pre_activations(net, x)]
    h = [sympy.Rational(v.numerator, v.denominator) for v in x]
    for l in range(1, len(arch)):
        z = [bias_symbol(l, i + 1) + sum(weight_symbol(l, i + 1, j + 1) * h[j] for j in range(arch[l - 1]))
             for i in range(arch[l])]
        h = [zi if (l == len(arch) - 1 or states[l - 1][i]) else sympy.Integer(0) for i, zi in enumerate(z)]
    return h


def squared_loss(net: Network, points) -> tuple[sympy.Expr, tuple]:
    """``sum_n |f(x_n; theta) - y_n|^2`` with symbolic targets ``y_n`` (a generic data set), and the targets."""
    k = net.architecture[-1]
    targets = sympy.symbols(f"y0:{len(points) * k}", real=True)
    loss = sympy.Integer(0)
    for n, x in enumerate(points):
        for r, f in enumerate(symbolic_outputs(net, x)):
            loss += (f - targets[n * k + r]) ** 2
    return loss, targets


def gradient_dot_loss(net: Network, quantity, points) -> sympy.Expr:
    """``grad Q . grad L`` (expanded) for the squared loss with symbolic targets."""
    loss, _ = squared_loss(net, points)
    coords = parameter_symbols(net.architecture)
    q = sympy.sympify(quantity)
    return sympy.expand(sum(sympy.diff(q, c) * sympy.diff(loss, c) for c in coords if q.has(c)))


# ----------------------------------------------------------------------------- symmetry values
def forward(net: Network, x) -> tuple[Fraction, ...]:
    """``f(x)`` by an exact forward pass written here (ReLU on every hidden layer, none on the output)."""
    h = [Fraction(v) for v in x]
    for l, layer in enumerate(net.layers):
        z = [sum((w * v for w, v in zip(row, h)), b) for row, b in zip(layer.weight, layer.bias)]
        h = z if l == len(net.layers) - 1 else [max(v, Fraction(0)) for v in z]
    return tuple(h)


def check_symmetry_value(net: Network, sym: Symmetry, values, points) -> Network:
    """Pickle ``sym``: the copy equals it and hashes alike, and ``copy.apply(net, *values)`` is the same network
    as ``sym.apply(net, *values)``, which differs from ``net`` and agrees with it at every point (exact)."""
    copy = pickle.loads(pickle.dumps(sym))
    assert copy == sym and hash(copy) == hash(sym)
    moved = sym.apply(net, *values)
    assert copy.apply(net, *values) == moved
    assert moved != net, f"{sym.kind}: the values {values} do not move the network"
    for x in points:
        assert forward(moved, x) == forward(net, x), f"{sym.kind} changes f at {x}"
    return moved
