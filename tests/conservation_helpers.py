"""Independent helpers for the conservation-law tests.

* Three-layer symmetries written directly from the formulas of the three-layer
  analysis (linear-row mixing, linear-row bias absorption, dead-row freedom,
  hiding translation), with their generators built from the parameter symbols
  here, not with the library's generator builders.
* A symbolic forward pass and squared loss with *symbolic targets* on the
  activation region of exact data (the activation decided by exact
  evaluation here), so that ``grad Q . grad L = 0`` is checked for a generic
  data set by SymPy, independently of :mod:`semialg_fibers.conservation`.
"""

from __future__ import annotations

import random
from fractions import Fraction

import sympy

from semialg_fibers import Network
from semialg_fibers.symbols import bias_symbol, parameter_symbols, weight_symbol
from semialg_fibers.symmetries import Symmetry, SymmetryKind, VectorField, h_symmetries


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


def random_points(d: int, count: int, seed: int, low: int = -3, high: int = 3) -> list[tuple[Fraction, ...]]:
    """Exact random points with unrelated denominators (kinks are avoided by the callers' retries)."""
    rng = random.Random(seed)
    return [tuple(Fraction(rng.randint(low * 89, high * 89), 89) + Fraction(rng.randint(1, 60), 1009)
                  for _ in range(d)) for _ in range(count)]


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
