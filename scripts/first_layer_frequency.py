"""How often the first-layer certificate holds on random small-integer two-hidden-layer networks on R^2.

Draws ``--count`` networks of architecture ``2-n1-n2-k`` (default 2-4-3-1) with Python's ``random.Random(seed)``:
first- and second-layer weights and biases uniform in ``{-3, ..., 3}`` (in the order W1 row by row, b1, W2, b2),
output weights in ``{-2, -1, 1, 2}``, output bias 0, and counts how many satisfy the covering condition (K) of
``docs/theory/deep.md`` (Theorem 4.6) and how many Corollary 4.7's ``|C_i| > kappa``::

    python scripts/first_layer_frequency.py                 # 3000 networks, seed 1: the figures in deep.md 4.1
    python scripts/first_layer_frequency.py --arch 2 5 3 1 --count 500
"""

from __future__ import annotations

import argparse
import random

from semialg_fibers import Network
from semialg_fibers.general.first_layer import first_layer_certificate


def draw(rng: random.Random, n1: int, n2: int, k: int) -> Network:
    w1 = [[rng.randint(-3, 3) for _ in range(2)] for _ in range(n1)]
    b1 = [rng.randint(-3, 3) for _ in range(n1)]
    w2 = [[rng.randint(-3, 3) for _ in range(n1)] for _ in range(n2)]
    b2 = [rng.randint(-3, 3) for _ in range(n2)]
    w3 = [[rng.choice([-2, -1, 1, 2]) for _ in range(n2)] for _ in range(k)]
    return Network.from_layers([(w1, b1), (w2, b2), (w3, [0] * k)])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", type=int, nargs=4, default=[2, 4, 3, 1], metavar=("D", "N1", "N2", "K"))
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.arch[0] != 2:
        parser.error("the certificate is implemented for input dimension 2")
    rng = random.Random(args.seed)
    holds = simple = 0
    for _ in range(args.count):
        cert = first_layer_certificate(draw(rng, *args.arch[1:]))
        holds += cert.holds
        simple += cert.simple
    print(f"{'-'.join(map(str, args.arch))}: {args.count} networks, seed {args.seed}: condition (K) holds for "
          f"{holds}, Corollary 4.7 for {simple}")


if __name__ == "__main__":
    main()
