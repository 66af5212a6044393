"""Shared helpers of the orthant tests: exhaustive classes of tiny networks by their function on the orthant."""

import itertools
import random

from semialg_fibers import Network
from semialg_fibers.orthant import canonical_data


def function_classes(arch, values=(-1, 0, 1)):
    """All networks of ``arch`` with entries in ``values``, grouped by canonical data on the orthant."""
    m, n, k = arch
    count = n * m + n + k * n + k
    classes = {}
    for flat in itertools.product(values, repeat=count):
        net = Network.from_parameters(arch, flat)
        classes.setdefault(canonical_data(net), []).append(net)
    return classes


def random_shallow(rng: random.Random, m: int, n: int, k: int, low: int = -2, high: int = 2) -> Network:
    """A shallow network with small random integer entries (degenerate on purpose)."""
    return Network.from_layers([
        ([[rng.randint(low, high) for _ in range(m)] for _ in range(n)], [rng.randint(low, high) for _ in range(n)]),
        ([[rng.randint(low, high) for _ in range(n)] for _ in range(k)], [rng.randint(low, high) for _ in range(k)]),
    ])
