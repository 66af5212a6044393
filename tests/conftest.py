"""Shared helpers for the test suite: random exact networks and symmetry moves."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from semialg_fibers import Network

from semialg_fibers.examples import REAL_NETWORKS  # noqa: E402  (the bundled trained networks)


def random_network(architecture, rng: random.Random, low: int = -5, high: int = 5) -> Network:
    """A network with small random integer entries."""
    return Network.from_layers(
        [
            ([[rng.randint(low, high) for _ in range(n_in)] for _ in range(n_out)], [rng.randint(low, high) for _ in range(n_out)])
            for n_in, n_out in zip(architecture, architecture[1:])
        ]
    )


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


@pytest.fixture
def rng():
    return random.Random(20261130)
