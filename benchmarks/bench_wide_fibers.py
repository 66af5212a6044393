"""Benchmark: complete fibers of wide trained networks vs reading their files.

Run ``python benchmarks/bench_wide_fibers.py``.  Each case runs in a fresh
process (so that its peak memory is its own) and measures, in the same
process: reading the JSON file into a ``Network`` (exact decimal numbers, the
CLI's default), and the complete fiber with its certificates
(``semialg_fibers.fiber``, on R^m and on the orthant).  It prints the times,
the ratio of fiber time to read time, and the peak resident memory.  A second
table times the command line end to end (``semialg-fibers info`` vs
``semialg-fibers fiber``).  No timing is asserted anywhere (benchmarks are not
tests).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import subprocess
import sys
import time

from semialg_fibers import Network, fiber
from semialg_fibers.readwrite.examples import REAL_NETWORKS

CASES = [
    ("chen2024_mnist0vs1_784-2-1_victim", None),
    ("chen2024_cifar10_0vs1_3072-2-1_victim", None),
    ("nnequiv_mnist_1_1_784-10-10", None),
    ("chen2024_mnist0vs1_784-2-1_victim", "orthant"),
    ("chen2024_cifar10_0vs1_3072-2-1_victim", "orthant"),
]


def _case(name: str, domain, queue) -> None:
    path = REAL_NETWORKS / f"{name}.json"
    start = time.perf_counter()
    net = Network.from_json(path)
    read = time.perf_counter() - start
    start = time.perf_counter()
    result = fiber(net, domain=domain)
    built = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put({"read": read, "fiber": built, "peak_mb": peak, "parameters": net.num_parameters,
               "dimension": result.dimension, "components": len(result)})


def _cli(*args) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "semialg_fibers.cli", *args], check=True, capture_output=True)
    return time.perf_counter() - start


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args(argv)
    rows = []
    for name, domain in CASES:
        queue = multiprocessing.Queue()
        process = multiprocessing.Process(target=_case, args=(name, domain, queue))
        process.start()
        result = queue.get()
        process.join()
        result.update(name=name, domain=domain or "R^m", ratio=result["fiber"] / result["read"])
        rows.append(result)
    cli = []
    for name, _domain in CASES[:2]:
        path = str(REAL_NETWORKS / f"{name}.json")
        info, full = _cli("info", path), _cli("fiber", path)
        cli.append({"name": name, "info_s": info, "fiber_s": full, "ratio": full / info})
    if args.json:
        print(json.dumps({"in_process": rows, "command_line": cli}, indent=1))
        return
    print(f"{'network':40} {'domain':8} {'params':>7} {'read s':>7} {'fiber s':>8} {'ratio':>6} {'peak MB':>8}")
    for r in rows:
        print(f"{r['name']:40} {r['domain']:8} {r['parameters']:7d} {r['read']:7.3f} {r['fiber']:8.2f} "
              f"{r['ratio']:6.1f} {r['peak_mb']:8.0f}")
    print("\ncommand line, end to end (interpreter start and imports included)")
    print(f"{'network':40} {'info s':>7} {'fiber s':>8} {'ratio':>6}")
    for r in cli:
        print(f"{r['name']:40} {r['info_s']:7.2f} {r['fiber_s']:8.2f} {r['ratio']:6.1f}")


if __name__ == "__main__":
    main()
