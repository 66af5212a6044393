"""Time the exact functional dimension (docs/functional_dimension.md) on random and bundled trained networks.

Run by hand: ``python benchmarks/bench_functional.py [--quick] [--seconds S]``.  Each case reports the
functional dimension, the bound ``N - hidden``, the regions the oracle enumerated and the smooth patterns used,
the time, and as baseline the time to enumerate as many regions once with the oracle's region iterator
(``semialg_fibers.general.oracle.linear_regions``).  A case is abandoned after ``--seconds`` (default 150).
"""

from __future__ import annotations

import itertools
import multiprocessing
import random
import sys
import time
from fractions import Fraction

from semialg_fibers import Network
from semialg_fibers.core.limits import UNLIMITED
from semialg_fibers.general.functional import functional_dimension
from semialg_fibers.general.oracle import linear_regions
from semialg_fibers.readwrite.examples import real_network

REAL = ["chen2024_untrained_32-2-2-1_victim", "chen2024_untrained_32-2-2-1_extracted_12p",
        "nnequiv_bitvec_1_1_10-10-2", "nnequiv_bitvec_1_2_10-20-2", "nnequiv_bitvec_1_4_10-50-2",
        "nnequiv_bitvec_2_1_10-5-5-2", "nnequiv_bitvec_2_3_10-15-15-2", "nnequiv_bitvec_2_2_10-10-10-2",
        "chen2024_untrained_512-2-1_victim", "chen2024_mnist0vs1_784-2-1_victim"]


def random_net(arch, seed):
    rng = random.Random(seed)
    n = sum(o * (i + 1) for i, o in zip(arch, arch[1:]))
    return Network.from_parameters(arch, [Fraction(rng.randint(-9, 9) or 1, rng.randint(1, 5)) for _ in range(n)])


def run(case, queue):
    name, net = case
    start = time.perf_counter()
    fd = functional_dimension(net, limits=UNLIMITED, kernel=False)
    took = time.perf_counter() - start
    start = time.perf_counter()
    count = sum(1 for _ in itertools.islice(linear_regions(net, limits=UNLIMITED), max(fd.regions, len(fd.sample))))
    baseline = time.perf_counter() - start
    queue.put(f"| {name} | {'-'.join(map(str, net.architecture))} | {fd.rank} | {fd.bound} | {fd.regions} | "
              f"{len(fd.sample)} | {took:.2f} | {baseline:.2f} ({count} regions) |")


def main():
    quick = "--quick" in sys.argv
    seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 150.0
    cases = [("random", random_net((4, 8, 8, 8, 1), 1)), ("random", random_net((10, 16, 16, 1), 2))]
    cases += [(name, real_network(name)) for name in (REAL[:3] if quick else REAL)]
    print("| network | architecture | FD | N - hidden | regions | patterns | seconds | baseline seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for case in cases:
        queue = multiprocessing.Queue()
        child = multiprocessing.Process(target=run, args=(case, queue))
        child.start()
        child.join(seconds)
        if child.is_alive():
            child.terminate()
            child.join()
            print(f"| {case[0]} | {'-'.join(map(str, case[1].architecture))} | not finished in {seconds:.0f} s |")
        else:
            print(queue.get(), flush=True)


if __name__ == "__main__":
    main()
