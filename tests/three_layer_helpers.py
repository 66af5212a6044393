"""Shared helpers of the three-layer tests: random networks with prescribed sign patterns of [W2 | b2]."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from semialg_fibers import Network, linalg
from semialg_fibers.three_layer import genericity


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


def small_random(rng: random.Random, architecture, low: int = -2, high: int = 2) -> Network:
    """Small integer entries (degenerate on purpose: zeros, ties)."""
    return Network.from_layers([
        ([[rng.randint(low, high) for _ in range(n_in)] for _ in range(n_out)], [rng.randint(low, high) for _ in range(n_out)])
        for n_in, n_out in zip(architecture, architecture[1:])])


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
