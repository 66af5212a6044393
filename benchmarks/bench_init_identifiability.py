"""Identifiability at initialization, exactly: the fraction of PyTorch-default initializations with FD = N - hidden.

Run by hand: ``python benchmarks/bench_init_identifiability.py [--nets K] [--seconds S]``.  For each
architecture, ``K`` networks are drawn from PyTorch's default initialization of ``nn.Linear`` (weights and
biases uniform on ``[-1/sqrt(fan_in), 1/sqrt(fan_in)]``, drawn here with Python's ``random`` as doubles; each
double is taken as the exact dyadic rational it is).  For each network it reports the exact functional
dimension (``semialg_fibers.general.functional``; exact, never a float rank) against the numeric batch rank
(numpy's ``matrix_rank`` of the float64 Jacobian of the outputs at ``4 N`` random inputs, the method of the
literature), and counts how often the numeric rank differs from the exact one, and how often it differs from the
exact rank of the very same batch (a rounding error, as opposed to a batch that misses regions).  Networks whose exact
computation does not finish in ``--seconds`` are counted as such.  This is a first, small version of the
study (no plots); see ``docs/functional_dimension.md``.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import sys
from fractions import Fraction

import numpy as np

from semialg_fibers import Network
from semialg_fibers.core import linalg
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.general.functional import coefficient_jacobian, functional_dimension

ARCHS = [(2, 4, 1), (2, 8, 1), (2, 4, 4, 1), (3, 6, 6, 1), (2, 4, 4, 4, 1), (2, 3, 3, 3, 3, 1), (1, 4, 4, 1)]


def torch_default(arch, rng) -> Network:
    layers = []
    for n_in, n_out in zip(arch, arch[1:]):
        bound = 1 / math.sqrt(n_in)
        weight = [[Fraction(rng.uniform(-bound, bound)) for _ in range(n_in)] for _ in range(n_out)]
        bias = [Fraction(rng.uniform(-bound, bound)) for _ in range(n_out)]
        layers.append((weight, bias))
    return Network.from_layers(layers)


def numeric_rank(net: Network, rng) -> tuple[int, list]:
    """The float64 batch rank of the literature: Jacobian of the outputs at random inputs, numpy's default tolerance."""
    arch = net.architecture
    points = []
    ws = [np.array([[float(v) for v in row] for row in layer.weight]) for layer in net.layers]
    bs = [np.array([float(v) for v in layer.bias]) for layer in net.layers]
    rows = []
    for _ in range(4 * net.num_parameters):
        x = np.array([rng.gauss(0, 1) for _ in range(arch[0])])
        points.append([Fraction(float(v)) for v in x])
        hs, masks = [x], []
        for l in range(len(ws)):
            z = ws[l] @ hs[-1] + bs[l]
            if l < len(ws) - 1:
                masks.append((z > 0).astype(float))
                hs.append(z * masks[-1])
        for o in range(arch[-1]):
            delta = np.eye(arch[-1])[o]
            grads = []
            for l in range(len(ws) - 1, -1, -1):
                grads.append(np.concatenate([np.outer(delta, hs[l]).ravel(), delta]))
                if l:
                    delta = (ws[l].T @ delta) * masks[l - 1]
            rows.append(np.concatenate(grads[::-1]))
    return int(np.linalg.matrix_rank(np.array(rows))), points


def exact_rank_at(net: Network, points) -> int:
    """The exact rank of the same batch (the same inputs as exact rationals): separates sampling from rounding."""
    d, rows = net.input_dim, []
    for x in points:
        block, smooth = coefficient_jacobian(net, x)
        if not smooth:
            continue
        for o in range(net.output_dim):
            rows_o = block[o * (d + 1):(o + 1) * (d + 1)]
            rows.append([rows_o[0][i] + sum(x[j] * rows_o[1 + j][i] for j in range(d)) for i in range(net.num_parameters)])
    return linalg.rank(rows, net.num_parameters) if rows else 0


def run(net, queue):
    fd = functional_dimension(net, limits=UNLIMITED, kernel=False)
    queue.put((fd.rank, fd.bound))


def main():
    nets = int(sys.argv[sys.argv.index("--nets") + 1]) if "--nets" in sys.argv else 10
    seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 60.0
    print("| architecture | networks | exact FD = N - hidden | numeric rank wrong | of which rounding | "
          "exact not finished |")
    print("| --- | --- | --- | --- | --- | --- |")
    for arch in ARCHS:
        rng = random.Random(hash(arch) & 0xFFFF)
        attained = wrong = rounding = unfinished = 0
        for _ in range(nets):
            net = torch_default(arch, rng)
            queue = multiprocessing.Queue()
            child = multiprocessing.Process(target=run, args=(net, queue))
            child.start()
            child.join(seconds)
            if child.is_alive():
                child.terminate()
                child.join()
                unfinished += 1
                continue
            rank, bound = queue.get()
            attained += rank == bound
            numeric, points = numeric_rank(net, rng)
            wrong += numeric != rank
            rounding += numeric != exact_rank_at(net, points)
        print(f"| {'-'.join(map(str, arch))} | {nets} | {attained} | {wrong} | {rounding} | {unfinished} |",
              flush=True)


if __name__ == "__main__":
    main()
