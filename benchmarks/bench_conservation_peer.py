"""Conservation counts: ``number_of_conserved_functions`` against the Lie-algebra method of Marcotte, Gribonval and Peyre.

Run from the repository root::

    python -m benchmarks.bench_conservation_peer           # writes its section of docs/benchmarks.md
    python -m benchmarks.bench_conservation_peer --quick   # the smallest widths, no page

The peer is :mod:`benchmarks.lie_algebra_peer` (SymPy brackets level by level until the rank at the point
stops growing; nothing from ``semialg_fibers.conservation``).  Architectures of their experiments: one hidden
layer, *linear* (positive weights, biases and inputs: every neuron active on every training input, so the
network is linear there) and *ReLU* (random signs), hidden width 2 to 9, and a two-hidden-layer linear one.
Every measurement runs in a forked child stopped after ``--timeout`` seconds; each method is run once for time
and once more under ``tracemalloc`` for its peak memory (Python allocations only: FLINT's own C allocations are
not traced), the runs interleaved.  The baseline, measured in the same run, is the exact evaluation of the
network at every training input.  The two counts are asserted equal wherever both finish.  The section is
written between two marker lines of ``docs/benchmarks.md`` (the rest of the page is left as it is).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- conservation-peer: begin (written by benchmarks/bench_conservation_peer.py) -->"
END = "<!-- conservation-peer: end -->"

F = Fraction


def case(kind: str, arch: tuple[int, ...], seed: int = 0):
    """``(net, data)``: a random exact network of ``arch`` and ``d + 3`` training inputs."""
    from semialg_fibers import Network

    rng = random.Random(hash((kind, arch, seed)) & 0xFFFFFFFF)

    def number():
        v = F(rng.randint(1, 9), rng.randint(1, 5))
        return v if kind == "linear" else v * rng.choice((-1, 1))

    net = Network.from_layers([([[number() for _ in range(a)] for _ in range(b)], [number() for _ in range(b)])
                               for a, b in zip(arch, arch[1:])])
    data = [[number() for _ in range(arch[0])] for _ in range(arch[0] + 3)]
    return net, data


def m_baseline(net, data):
    return [net(x) for x in data]


def m_ours(net, data):
    from semialg_fibers.conservation import number_of_conserved_functions
    from semialg_fibers.core.limits import UNLIMITED

    return number_of_conserved_functions(net, data, limits=UNLIMITED).count


def m_peer(net, data):
    from benchmarks.lie_algebra_peer import lie_algebra_count

    return lie_algebra_count(net, data)["count"]


def _child(fn, args, memory, conn):
    try:
        if memory:
            tracemalloc.start()
        start = time.perf_counter()
        value = fn(*args)
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] / 2**20 if memory else None
        conn.send((elapsed, value, peak, None))
    except Exception as exc:  # reported in the table
        conn.send((None, None, None, f"{type(exc).__name__}: {str(exc)[:60]}"))
    conn.close()


def measure(fn, args, *, memory: bool, timeout: float):
    """``(seconds, value, peak MiB, error)`` of ``fn(*args)`` in a forked child; seconds ``None``: timed out."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(fn, args, memory, child))
    proc.start()
    child.close()
    result = (None, None, None, "timeout")
    try:
        if parent.poll(timeout):
            result = parent.recv()
    except EOFError:
        result = (None, None, None, "child died")
    if proc.is_alive():
        proc.kill()
    proc.join()
    return result


CASES = ([("linear", (2, r, 2)) for r in (2, 3, 4, 5, 7, 9)] + [("linear", (2, 2, 2, 2)), ("linear", (3, 3, 3))]
         + [("ReLU", (2, r, 2)) for r in (2, 3, 4, 5, 7, 9)] + [("ReLU", (3, 4, 2))])
QUICK = [("linear", (2, 2, 2)), ("linear", (2, 3, 2)), ("ReLU", (2, 2, 1)), ("ReLU", (2, 3, 2))]


def benchmark(cases, *, timeout: float = 60.0, reps: int = 3, log=None) -> list[dict]:
    """One row per case; asserts that the two counts agree wherever both finish."""
    import sympy  # noqa: F401

    from semialg_fibers.conservation import number_of_conserved_functions  # noqa: F401  (before forking)

    rows, peer_stopped = [], set()
    for kind, arch in cases:
        net, data = case(kind, arch)
        methods = {"baseline": m_baseline, "ours": m_ours}
        if kind not in peer_stopped:
            methods["peer"] = m_peer
        times: dict = {m: [] for m in methods}
        values: dict = {m: None for m in methods}
        errors: dict = {m: None for m in methods}
        peaks: dict = {m: None for m in methods}
        for rep in range(reps):
            order = list(methods)[rep % len(methods):] + list(methods)[:rep % len(methods)]
            for m in order:
                if m == "peer" and rep > 0:
                    continue  # the peer is slow: one timed run
                seconds, value, _, error = measure(methods[m], (net, data), memory=False, timeout=timeout)
                times[m].append(seconds)
                values[m] = value if value is not None else values[m]
                errors[m] = error or errors[m]
        for m in methods:
            if m == "baseline" or times[m][0] is not None:
                peaks[m] = measure(methods[m], (net, data), memory=True, timeout=2 * timeout)[2]
        if "peer" in methods and times["peer"][0] is None:
            peer_stopped.add(kind)
        if values.get("peer") is not None and values["ours"] is not None:
            assert values["peer"] == values["ours"], (kind, arch, values)
        med = {m: statistics.median([t for t in v if t is not None]) if any(t is not None for t in v) else None
               for m, v in times.items()}
        row = {"kind": kind, "architecture": list(arch), "N": net.num_parameters, "data": len(data),
               "count": values["ours"], "peer_count": values.get("peer"), "seconds": med, "peak_mib": peaks,
               "errors": errors}
        rows.append(row)
        if log:
            log(row)
    return rows


def _fmt(v):
    if v is None:
        return "-"
    if v >= 1:
        return f"{v:.1f} s"
    if v >= 0.01:
        return f"{v:.3f} s"
    return f"{v * 1000:.2f} ms"


def mib(v) -> str:
    return "-" if v is None else f"{v:.1f} MiB"


def section(rows: list[dict], meta: dict) -> str:
    lines = [BEGIN, "## Conservation counts against the Lie-algebra method", "",
             "`number_of_conserved_functions` (exact, certified count) against a separate implementation of the "
             "method of Marcotte, Gribonval and Peyre (`benchmarks/lie_algebra_peer.py`: SymPy gradients and Lie "
             "brackets `[X, Y] = DY X - DX Y`, level by level, until the rank of the generated fields at the "
             "network stops growing; `count = N - rank`), on the architectures of their experiments: one hidden "
             "layer, *linear* (positive weights, biases and inputs: every neuron active on every training input) "
             "and *ReLU* (random signs), `d + 3` random exact training inputs. Generated by "
             f"`python -m benchmarks.bench_conservation_peer` ({meta['date']}, {meta['seconds']:.0f} s in all, "
             f"per-run limit {meta['timeout']:.0f} s; once the peer hits the limit on a kind, it is not run on "
             "larger widths of that kind).", "",
             "Times: medians of interleaved runs in forked children (the peer: one run); *ratio*: to the baseline "
             "(exact evaluation of the network at every training input), same run. Peak memory: "
             "`tracemalloc` in a separate run of each method (Python allocations only; FLINT's C allocations are "
             "not traced, which favours ours; `-`: that run, slowed by tracing, passed twice the limit). The two "
             "counts are asserted equal wherever both finish.", "",
             "| kind | architecture | N | count (ours) | count (peer) | baseline | ours | ratio | peer | ratio | "
             "peer / ours | peak ours | peak peer |", "|---" * 13 + "|"]
    for r in rows:
        s, p = r["seconds"], r["peak_mib"]
        base = s["baseline"]

        def ratio(v, b=base):
            return "-" if v is None or not b else f"{v / b:.0f}"

        peer = s.get("peer")
        rel = "-" if peer is None or not s["ours"] else f"{peer / s['ours']:.1f}"
        peer_cell = _fmt(peer) if peer is not None else ("not run" if "peer" not in s else "timeout")
        lines.append(
            f"| {r['kind']} | {'-'.join(map(str, r['architecture']))} | {r['N']} | {r['count']} | "
            f"{r['peer_count'] if r['peer_count'] is not None else '-'} | {_fmt(base)} | {_fmt(s['ours'])} | "
            f"{ratio(s['ours'])} | {peer_cell} | {ratio(peer)} | "
            f"{rel} | {mib(p.get('ours'))} | {mib(p.get('peer'))} |")
    agree = sum(r["peer_count"] is not None for r in rows)
    lines += ["", f"The counts agree on all {agree} cases where the peer finished. Where the peer is slower: it "
              "brackets every pair of kept fields as SymPy expressions and tests their independence on the "
              "polynomial coefficients, so the number of brackets grows quadratically with the fields kept at "
              "each level; the library brackets only generators with the previous level (right-normed "
              "brackets, which span the same algebra), stops as soon as explicit verified laws meet the rank "
              "(a certificate the peer does not have: its stopping rule, no growth over one level, is a "
              "heuristic), and does its linear algebra with FLINT.", "", END]
    return "\n".join(lines)


def write_section(path: Path, text: str) -> None:
    page = path.read_text()
    if BEGIN in page and END in page:
        page = page[:page.index(BEGIN)] + text + page[page.index(END) + len(END):]
    else:
        page = page.rstrip("\n") + "\n\n" + text + "\n"
    path.write_text(page)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--out", default=str(ROOT / "docs" / "benchmarks.md"))
    args = parser.parse_args(argv)
    start = time.perf_counter()

    def log(row):
        print(f"[{time.perf_counter() - start:6.1f} s] {row}", file=sys.stderr, flush=True)

    rows = benchmark(QUICK if args.quick else CASES, timeout=args.timeout, log=log)
    meta = {"date": time.strftime("%Y-%m-%d", time.gmtime()), "seconds": time.perf_counter() - start,
            "timeout": args.timeout}
    if not args.quick:
        write_section(Path(args.out), section(rows, meta))
    else:
        print(section(rows, meta))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
