"""Benchmark: shallow equivalence and canonical form vs parsing and vs the general oracle.

Run ``python benchmarks/bench_shallow.py [--quick]``.  For every network it
measures, in the same run: JSON parse + Network construction, canonical data,
``shallow.equivalent`` against an H_n-moved twin (equivalent) and against a
perturbed twin (not equivalent, witness included), ``canonical_form``, and the
general oracle on the same pair with a time limit (``max_regions``).  Ratios
are reported relative to the parse time of the same network.  No timing is
asserted anywhere (STYLE: benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from fractions import Fraction

from _harness import oracle_with_timeout, perturbed, timed

from semialg_fibers import Network
from semialg_fibers.readwrite.examples import REAL_NETWORKS
from semialg_fibers.shallow import canonical_data, canonical_form, equivalent

REAL = REAL_NETWORKS
REAL_FILES = [
    "chen2024_mnist0vs1_784-2-1_victim.json",
    "chen2024_cifar10_0vs1_3072-2-1_victim.json",
    "chen2024_untrained_512-2-1_victim.json",
    "nnequiv_bitvec_1_4_10-50-2.json",
    "nnequiv_mnist_1_1_784-10-10.json",
]


def _moved(net: Network, rng: random.Random) -> Network:
    """An H_n move (permutation and positive power-of-two scaling, cheap in exact arithmetic)."""
    (w1, b1), (w2, b2) = ((l.weight, l.bias) for l in net.layers)
    n = len(b1)
    perm = list(range(n))
    rng.shuffle(perm)
    scale = [Fraction(2) ** rng.randint(-3, 3) for _ in range(n)]
    rows = [[x * scale[i] for x in w1[p]] for i, p in enumerate(perm)]
    bias = [b1[p] * scale[i] for i, p in enumerate(perm)]
    out = [[row[p] / scale[i] for i, p in enumerate(perm)] for row in w2]
    return Network.from_layers([(rows, bias), (out, list(b2))])


def _synthetic_json(m: int, n: int, k: int, rng: random.Random) -> str:
    """A float-valued JSON network like a trained one (strings of float reprs)."""
    def num():
        return repr(rng.gauss(0.0, 1.0))
    layers = [{"weight": [[num() for _ in range(m)] for _ in range(n)], "bias": [num() for _ in range(n)]},
              {"weight": [[num() for _ in range(n)] for _ in range(k)], "bias": [num() for _ in range(k)]}]
    return json.dumps({"architecture": [m, n, k], "layers": layers})


def bench(name: str, text: str, rng: random.Random, oracle_regions: int, numbers: str,
          oracle_timeout: float = 60.0) -> dict:
    parse, net = timed(lambda: Network.from_json(text, numbers=numbers))
    twin, other = _moved(net, rng), perturbed(net, part=3)
    row = {"network": name, "architecture": "-".join(map(str, net.architecture)), "parse_s": parse}
    row["canonical_data_s"], data = timed(lambda: canonical_data(net))
    row["visible_lines"] = data.num_lines
    row["equiv_true_s"], res = timed(lambda: equivalent(net, twin))
    row["equiv_true_ok"] = bool(res) if not isinstance(res, str) else res
    row["equiv_false_s"], res = timed(lambda: equivalent(net, other))
    row["equiv_false_ok"] = (not res and res.witness is not None) if not isinstance(res, str) else res
    row["canonical_form_s"], form = timed(lambda: canonical_form(data))
    row["canonical_form"] = (f"width {form.architecture[1]}" if isinstance(form, Network) else form)
    row["oracle_s"], verdict = oracle_with_timeout(net, twin, oracle_regions, oracle_timeout)
    row["oracle"] = {True: "agrees", False: "DISAGREES", None: f"did not finish in {oracle_timeout:.0f} s"}.get(
        verdict, verdict)
    for key in ("canonical_data_s", "equiv_true_s", "equiv_false_s", "canonical_form_s", "oracle_s"):
        row[key.replace("_s", "_over_parse")] = row[key] / parse if parse else float("nan")
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the largest synthetic network")
    parser.add_argument("--oracle-regions", type=int, default=2000)
    parser.add_argument("--oracle-timeout", type=float, default=60.0, help="seconds per oracle run")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    args = parser.parse_args(argv)
    rng = random.Random(0)
    rows = []
    for name in REAL_FILES:
        path = REAL / name
        if path.exists():
            rows.append(bench(name, path.read_text(), rng, args.oracle_regions, "float64", args.oracle_timeout))
            print(f"done {name}", file=sys.stderr)
    sizes = [(2, 4, 1), (10, 100, 2), (100, 1000, 10)] + ([] if args.quick else [(100, 10000, 10)])
    for m, n, k in sizes:
        rows.append(bench(f"synthetic {m}-{n}-{k}", _synthetic_json(m, n, k, rng), rng, args.oracle_regions, "float64",
                          args.oracle_timeout))
        print(f"done synthetic {m}-{n}-{k}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=1, default=str))
        return 0
    print(f"{'network':48} {'parse s':>8} {'D(f)/p':>7} {'eq=/p':>7} {'eq!=/p':>7} {'canon/p':>8} {'oracle/p':>9}  notes")
    for r in rows:
        notes = f"r={r['visible_lines']}; canonical: {r['canonical_form']}; oracle: {r['oracle']}"
        print(f"{r['network'][:48]:48} {r['parse_s']:8.3f} {r['canonical_data_over_parse']:7.2f} "
              f"{r['equiv_true_over_parse']:7.2f} {r['equiv_false_over_parse']:7.2f} "
              f"{r['canonical_form_over_parse']:8.2f} {r['oracle_over_parse']:9.2f}  {notes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
