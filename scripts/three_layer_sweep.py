"""Exhaustive exact search over every sign pattern of small three-layer architectures.

For each multiset of row sign patterns of ``[W2 | b2]`` (all dead excluded) and
each random draw of the magnitudes (G1-G7 enforced), runs
:func:`semialg_fibers.three_layer.search.representations` (every candidate first
layer, oracle-verified) and compares the classes found with those reached by the
listed discrete symmetries (:func:`~semialg_fibers.three_layer.search.known_classes`)
and with the identifiability verdict.  Prints one line per row-type class::

    python scripts/three_layer_sweep.py 2 2 1 --draws 2          # n1 n2 k
    python scripts/three_layer_sweep.py 3 3 1 --sample 40         # a random sample of the patterns

The results quoted in docs/theory/three_layer.md (Section 7) come from these runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from strategies import pattern_multisets, with_pattern  # noqa: E402

from semialg_fibers import NotDecidedError  # noqa: E402
from semialg_fibers.core.limits import UNLIMITED  # noqa: E402
from semialg_fibers.three_layer import is_identifiable, representations, row_types  # noqa: E402
from semialg_fibers.three_layer.search import known_classes  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n1", type=int)
    parser.add_argument("n2", type=int)
    parser.add_argument("k", type=int)
    parser.add_argument("--draws", type=int, default=1, help="random magnitude draws per pattern")
    parser.add_argument("--sample", type=int, help="a random sample of this many patterns")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    patterns = pattern_multisets(args.n1, args.n2)
    if args.sample and args.sample < len(patterns):
        patterns = rng.sample(patterns, args.sample)
    stats = defaultdict(list)
    start = time.perf_counter()
    for pats in patterns:
        for _ in range(args.draws):
            net = with_pattern(rng, pats, k=args.k)
            found = {r.key for r in representations(net, limits=UNLIMITED)}
            known = known_classes(net)
            try:
                verdict = "identifiable" if is_identifiable(net, allow_conjecture=True) else "not identifiable"
            except NotDecidedError:
                verdict = "not decided"
            kinds = "".join(sorted(str(t.kind)[0] for t in row_types(net)))
            stats[kinds].append((len(found), len(found - known), verdict))
            if found - known or (verdict == "identifiable" and len(found) != 1):
                print(f"  beyond the listed symmetries: {pats}: {len(found)} classes, {len(found - known)} not reached")
    print(f"architecture (n1, n2, k) = ({args.n1}, {args.n2}, {args.k}): {len(patterns)} patterns x {args.draws} draws")
    print("rows (d/l/h/o) | cases | classes found | not reached | verdicts")
    for kinds, rows in sorted(stats.items()):
        classes = sorted({r[0] for r in rows})
        verdicts = ", ".join(f"{v}: {sum(r[2] == v for r in rows)}" for v in sorted({r[2] for r in rows}))
        print(f"{kinds} | {len(rows)} | {classes} | {sum(r[1] for r in rows)} | {verdicts}")
    print(f"time {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
