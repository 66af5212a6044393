"""Throughput of a census against the number of workers, with the serial loop as the baseline.

Real workload: random (2, 2, 1, 1) networks, analyses identifiability, fiber dimension, row types.

* serial loop: the analyses called one after the other in this process (no fork, no Dask): the baseline;
* ``census(workers=0)``: the same through the census, in this process; with ``timeout=`` each network
  runs in a forked child with a deadline;
* ``census(client=...)`` on a local cluster of 1 and 2 worker processes, with a CSV output (the cluster
  started beforehand; its start-up time is reported apart).

Simulated larger cluster: this machine has few cores, so a larger cluster is simulated by tasks that hold
a worker for ``--hold`` seconds without using a core (as a task on a remote core would), on 1, 2, 4 and 8
local workers: throughput then shows what the scheduler, the fork per network and the output cost as
the cluster grows (ideal: workers / hold networks per second).

    python benchmarks/census_throughput.py [--count 120] [--hold 0.5]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from semialg_fibers import SearchLimits, census
from semialg_fibers.population import RandomNetworks
from semialg_fibers.population.analyses import ANALYSES

NAMES = ["identifiability", "fiber_dimension", "row_types"]


def hold(net, limits, seconds=0.5):
    time.sleep(seconds)
    return "held"


class Hold:
    def __init__(self, seconds):
        self.seconds = seconds

    def __call__(self, net, limits):
        return hold(net, limits, self.seconds)


def serial_loop(nets) -> float:
    start = time.perf_counter()
    limits = SearchLimits()
    for net in nets:
        for name in NAMES:
            try:
                ANALYSES[name](net, limits)
            except Exception:  # noqa: BLE001,S112 - the census records these; the loop only times them
                continue
    return time.perf_counter() - start


def main() -> None:
    import distributed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--hold", type=float, default=0.5)
    parser.add_argument("--held", type=int, default=64, help="networks of the simulated workload")
    args = parser.parse_args()
    source = RandomNetworks((2, 2, 1, 1), seed=1, count=args.count)
    census(RandomNetworks((1, 1, 1), count=1), NAMES, workers=0)  # imports pandas and warms the caches first
    load = os.getloadavg()[0]
    nets = source.networks()
    rows = []
    base = serial_loop(nets)
    rows.append(("serial loop (baseline)", base))
    start = time.perf_counter()
    census(source, NAMES, workers=0)
    rows.append(("census, workers=0 (in this process)", time.perf_counter() - start))
    start = time.perf_counter()
    census(source, NAMES, workers=0, timeout=60)
    rows.append(("census, workers=0, timeout=60 (a forked child per network)", time.perf_counter() - start))
    with tempfile.TemporaryDirectory() as folder:
        for workers, timeout, batch in ((1, None, 1), (2, None, 1), (2, None, 20), (2, 60, 1)):
            t0 = time.perf_counter()
            cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                               dashboard_address=":0", silence_logs=40)
            client = distributed.Client(cluster)
            client.run(lambda: __import__("semialg_fibers.population"))
            up = time.perf_counter() - t0
            start = time.perf_counter()
            census(source, NAMES, client=client, timeout=timeout, batch=batch,
                   output=os.path.join(folder, f"w{workers}-{timeout}-{batch}.csv"))
            rows.append((f"census, local cluster of {workers}{', timeout=60' if timeout else ''}"
                         f"{f', batch={batch}' if batch > 1 else ''}, CSV output "
                         f"(start-up {up:.1f} s apart)", time.perf_counter() - start))
            client.close()
            cluster.close()
    print(f"Real workload: {args.count} random (2, 2, 1, 1) networks, analyses {', '.join(NAMES)}; "
          f"{os.cpu_count()} cores, load average {load:.1f} at the start\n")
    print("| run | seconds | networks / s | speed-up over the serial loop |\n|---|---|---|---|")
    for name, seconds in rows:
        print(f"| {name} | {seconds:.2f} | {args.count / seconds:.1f} | {base / seconds:.2f} |")

    held = RandomNetworks((1, 1, 1), seed=2, count=args.held)
    print(f"\nSimulated cluster: {args.held} tasks holding a worker {args.hold} s each without a core "
          f"(load average {os.getloadavg()[0]:.1f})\n")
    print("| workers | seconds | networks / s | ideal networks / s | efficiency |\n|---|---|---|---|---|")
    for workers in (1, 2, 4, 8):
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           dashboard_address=":0", silence_logs=40)
        client = distributed.Client(cluster)
        client.run(lambda: __import__("semialg_fibers.population"))
        start = time.perf_counter()
        census(held, [("hold", Hold(args.hold))], client=client)
        seconds = time.perf_counter() - start
        ideal = workers / args.hold
        print(f"| {workers} | {seconds:.2f} | {args.held / seconds:.1f} | {ideal:.1f} | "
              f"{args.held / seconds / ideal:.2f} |")
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
