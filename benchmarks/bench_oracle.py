"""Time the general equivalence oracle on networks with about 20 hidden neurons.

Run by hand: ``python benchmarks/bench_oracle.py``.  Each case reports the
oracle's time, the regions and LPs it used, and the ratio against the time to
evaluate both networks exactly at as many points as there were regions (the
unavoidable cost of touching every region once), measured in the same run.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from strategies import permute_and_scale, random_network  # noqa: E402

from semialg_fibers import Network  # noqa: E402
from semialg_fibers.general.oracle import _chart, _Search, equivalent  # noqa: E402


def zero_lines_network(d, base_rows, base_out, rng, lines=5):
    """base network plus neurons realizing 0 = sum of s(z_j) - s(-z_j) over z_1 + ... + z_lines = 0."""
    zs = [[rng.randint(-4, 4) for _ in range(d + 1)] for _ in range(lines - 1)]
    zs.append([-sum(z[j] for z in zs) for j in range(d + 1)])
    rows, outs = list(base_rows), list(base_out)
    for z in zs:
        rows += [z, [-v for v in z]]
        outs += [1, -1]
    return Network.from_layers([([r[:d] for r in rows], [r[d] for r in rows]), ([outs], [0])])


def cases():
    rng = random.Random(2026)
    out = []
    for arch in [(4, 10, 1), (4, 10, 3), (2, 20, 1), (4, 20, 1), (3, 10, 10, 1), (2, 5, 5, 5, 5, 1)]:
        net = random_network(rng, arch)
        out.append((f"{'-'.join(map(str, arch))} vs permuted+scaled copy ({2 * sum(arch[1:-1])} hidden)", net,
                    permute_and_scale(net, rng)))
    d = 4
    base = [[rng.randint(-4, 4) for _ in range(d + 1)] for _ in range(5)]
    outs = [rng.choice([-2, -1, 1, 2]) for _ in range(5)]
    a = zero_lines_network(d, base, outs, rng)
    b = Network.from_layers([([r[:d] for r in base], [r[d] for r in base]), ([outs], [0])])
    out.append(("4-15-1 with 5 cancelling lines vs 4-5-1 (20 hidden, 10 distinct lines)", a, b))
    c = random_network(rng, (4, 10, 1))
    c2 = random_network(rng, (4, 10, 1))
    out.append(("4-10-1 vs unrelated 4-10-1 (first region differs)", c, c2))
    return out


def main():
    print(f"{'case':<75} {'answer':>7} {'regions':>8} {'LPs':>7} {'oracle s':>9} {'eval s':>8} {'ratio':>7}")
    for name, a, b in cases():
        start = time.perf_counter()
        result = equivalent(a, b, orbit_check=False)  # the region search itself, not the symmetry check
        seconds = time.perf_counter() - start
        search = _Search([a, b], _chart(None, a.input_dim), None, None)
        regions = list(itertools.islice(search.run(), result.regions))
        points = [p for _, p, _ in regions][: result.regions]
        start = time.perf_counter()
        for p in points:
            a(p), b(p)
        baseline = time.perf_counter() - start
        print(f"{name:<75} {str(bool(result)):>7} {result.regions:>8} {search.lps:>7} {seconds:>9.3f} "
              f"{baseline:>8.4f} {seconds / max(baseline, 1e-9):>6.0f}x")


if __name__ == "__main__":
    main()
