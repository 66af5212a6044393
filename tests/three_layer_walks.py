"""Random exact symmetry walks and near misses of three-layer networks (shared by the fiber and equivalence tests)."""

from __future__ import annotations

import random
from fractions import Fraction

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.symmetries import SymmetryKind, act
from semialg_fibers.three_layer import layer_flip_sets, row_types, symmetries, translate
from semialg_fibers.three_layer.hiding import hidden_hyperplanes

F = Fraction


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
