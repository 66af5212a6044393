"""Benchmark: the three-layer equivalence test: which path decides, against the general oracle, and at (64, 32, 64, 10).

Run ``python benchmarks/bench_three_layer.py [--quick]``.  Three tables:

1. *Paths*: for small architectures, networks with generic parameters (a
   random multiset of sign patterns of the rows of ``[W2 | b2]``, G1-G7 enforced) and with
   degenerate ones (small integers in ``{-2, ..., 2}``: zeros, ties,
   rank-deficient first layers), paired with an equivalent partner by
   construction (a walk of random exact symmetries), with near misses
   (one parameter perturbed, a hiding translation past ``t_min``, one
   first-layer neuron reversed) and with an independent network drawn the
   same way: how many pairs each path of
   :func:`semialg_fibers.three_layer.equivalence.decision_path` decides (the
   proven paths ``one variable`` and ``aligned``, the unproven ``witness
   search``, the exponential ``oracle fallback``), how many walks start from
   a network whose fiber is proven complete (those must be aligned:
   ``docs/theory/three_layer.md``, Lemma 12.2), and the time of each path as a
   ratio to parsing both networks from JSON in the same run.

2. *Crossover*: for growing architectures ``(d, n1, n2, k)``, a random network
   whose rows all hide one column (alternately: whose first row is linear)
   against an equivalent partner outside the ``H`` orbit (a walk of three random
   exact symmetries: translations, linear-row moves, layer flips, then a
   permutation and positive scaling of both hidden layers) and against a
   perturbed copy: the time of
   :func:`semialg_fibers.three_layer.equivalence.equivalent` and of the general
   oracle (in a child process with a time limit).
3. *Large*: a generic ``(64, 32, 64, 10)`` network (entries ``p/q`` with
   ``|p| <= 10^4``, ``q <= 97``) against a permuted and rescaled copy, and
   against a copy with one entry perturbed: the three-layer test, and the
   dispatcher ``semialg_fibers.equivalent`` (whose first step, the orbit check,
   answers the first pair), each as a ratio to parsing both networks from JSON in
   the same run.

No timing is asserted anywhere (benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from _harness import oracle_with_timeout, perturbed, timed  # noqa: E402
from strategies import (  # noqa: E402
    near_misses,
    pattern_multisets,
    random_network,
    scale_and_permute,
    walk,
    with_pattern,
)

from semialg_fibers import Network, NotDecidedError, SearchLimits  # noqa: E402
from semialg_fibers import equivalent as api_equivalent
from semialg_fibers.three_layer.equivalence import PATHS, decision_path, equivalent  # noqa: E402
from semialg_fibers.three_layer.fiber import completeness  # noqa: E402

F = Fraction


def _random(rng: random.Random, architecture, magnitude: int = 40, denominator: int = 9) -> Network:
    layers = []
    for n_in, n_out in zip(architecture, architecture[1:]):
        layers.append(([[F(rng.randint(-magnitude, magnitude) or 1, rng.randint(1, denominator)) for _ in range(n_in)]
                        for _ in range(n_out)],
                       [F(rng.randint(-magnitude, magnitude) or 1, rng.randint(1, denominator)) for _ in range(n_out)]))
    return Network.from_layers(layers)


def _structured(rng: random.Random, architecture, kind: str) -> Network:
    """A random network whose rows all hide column 1 (``"hidden"``) or whose first row is linear (``"linear"``)."""
    net = _random(rng, architecture)
    layers = [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]
    for j, row in enumerate(layers[1][0]):
        if kind == "hidden" or j == 0:
            sign = [1] + [-1 if kind == "hidden" else 1] * (len(row) - 1)
            layers[1][0][j] = [abs(v) * s for v, s in zip(row, sign)]
            layers[1][1][j] = -abs(layers[1][1][j]) if kind == "hidden" else abs(layers[1][1][j])
    return Network.from_layers(layers)


PAIR_KINDS = ("walk", "perturbation", "translation past t_min", "first-layer orientation flip", "independent")


def _fiber_proven(net: Network) -> bool:
    """``net``'s fiber is proven complete with ``n1 >= 2`` (the hypotheses of Lemma 12.2 of the theory page)."""
    if net.architecture[1] < 2:
        return False
    try:
        return str(completeness(net).status) == "proven"
    except NotDecidedError:
        return False


def _drawer(rng: random.Random, arch, params: str):
    """A function drawing networks of ``arch``: generic (random sign patterns, G1-G7) or degenerate (small integers)."""
    if params == "generic":
        patterns = pattern_multisets(arch[1], arch[2])
        return lambda: with_pattern(rng, rng.choice(patterns), d=arch[0], k=arch[3])
    return lambda: random_network(rng, arch, -2, 2)


def paths(architectures, rng, draws: int, regions: int) -> dict:
    """Counts of the deciding path by parameters and kind of pair, and the time of each path against parsing."""
    counts: Counter = Counter()
    verdicts: Counter = Counter()
    proven_walks: Counter = Counter()
    seconds: dict = defaultdict(float)
    parsing: dict = defaultdict(float)
    limits = SearchLimits(regions=regions)
    for arch in architectures:
        for params in ("generic", "degenerate"):
            new = _drawer(rng, arch, params)
            for _ in range(draws):
                net = new()
                partner, _used = walk(net, rng, rng.randint(1, 4))
                pairs = [("walk", partner)] + [(name, scale_and_permute(other, rng))
                                               for name, other in near_misses(net, rng)] + [("independent", new())]
                for kind, other in pairs:
                    test_s, result = timed(lambda net=net, other=other: equivalent(net, other, limits=limits))
                    texts = (net.to_json(), other.to_json())
                    parse_s, _ = timed(lambda texts=texts: [Network.from_json(t) for t in texts])
                    path = "not decided" if isinstance(result, str) else decision_path(result)
                    counts[(params, kind, path)] += 1
                    if not isinstance(result, str):
                        verdicts[(params, path, bool(result))] += 1
                    seconds[path] += test_s
                    parsing[path] += parse_s
                    if kind == "walk" and _fiber_proven(net):
                        proven_walks[(params, path)] += 1
            print(f"done paths {arch} {params}", file=sys.stderr)
    ratios = {path: seconds[path] / parsing[path] for path in seconds if parsing[path]}
    return {"counts": counts, "verdicts": verdicts, "proven_walks": proven_walks, "ratios": ratios,
            "seconds": dict(seconds)}


def _print_paths(table: dict) -> None:
    columns = PATHS[1:] + ("not decided",)
    print(f"{'parameters':11} {'pair':30} " + " ".join(f"{c:>15}" for c in columns))
    for params in ("generic", "degenerate"):
        for kind in PAIR_KINDS:
            row = [table["counts"][(params, kind, c)] for c in columns]
            if any(row):
                print(f"{params:11} {kind:30} " + " ".join(f"{v:15d}" for v in row))
    for params in ("generic", "degenerate"):
        verdicts = table["verdicts"]
        split = ", ".join(f"{path} {verdicts[(params, path, True)]} / {verdicts[(params, path, False)]}"
                          for path in PATHS[1:])
        print(f"equivalent / not equivalent ({params}): {split}")
    for params in ("generic", "degenerate"):
        found = {c: table["proven_walks"][(params, c)] for c in columns if table["proven_walks"][(params, c)]}
        print(f"walks from a network with a proven fiber ({params}): {found or 'none'}")
    print("time of each path / parsing both networks from JSON: "
          + ", ".join(f"{path} {ratio:.1f}" for path, ratio in sorted(table["ratios"].items())))


def crossover(architectures, rng, regions, timeout) -> list[dict]:
    rows = []
    for arch in architectures:
        net = _structured(rng, arch, "hidden" if len(rows) % 4 == 0 else "linear")
        partner, used = walk(net, rng, 3)
        for name, other in (("equivalent (" + "+".join(sorted({str(u) for u in used})) + ")", partner),
                            ("perturbed", scale_and_permute(perturbed(net), rng))):
            fast_s, fast = timed(lambda net=net, other=other: equivalent(net, other))
            oracle_s, oracle = oracle_with_timeout(net, other, regions, timeout, orbit_check=False)
            oracle = f"> {timeout:.0f} s" if oracle is None else oracle
            rows.append({"architecture": arch, "pair": name, "fast_s": fast_s,
                         "fast": fast if isinstance(fast, str) else (bool(fast), decision_path(fast)),
                         "oracle_s": oracle_s, "oracle": oracle})
            print(f"done {arch} {name}", file=sys.stderr)
    return rows


def large(rng: random.Random, architecture=(64, 32, 64, 10)) -> dict:
    net = _random(rng, architecture, magnitude=10 ** 4, denominator=97)
    twin = scale_and_permute(net, rng)
    other = scale_and_permute(perturbed(net), rng)
    texts = (net.to_json(), twin.to_json())
    parse_s, _ = timed(lambda: [Network.from_json(t) for t in texts])
    out = {"architecture": architecture, "parameters": net.num_parameters, "parse_both_s": parse_s}
    for name, fn in (("three_layer_equivalent_twin", lambda: equivalent(net, twin)),
                     ("three_layer_equivalent_perturbed", lambda: equivalent(net, other)),
                     ("api_equivalent_twin", lambda: api_equivalent(net, twin)),
                     ("api_equivalent_perturbed", lambda: api_equivalent(net, other))):
        seconds, result = timed(fn)
        out[name + "_s"] = seconds
        out[name + "_ratio"] = seconds / parse_s
        out[name] = result if isinstance(result, str) else (
            bool(result), decision_path(result) if name.startswith("three_layer") else result.method)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small architectures only")
    parser.add_argument("--oracle-regions", type=int, default=20000)
    parser.add_argument("--oracle-timeout", type=float, default=60.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--draws", type=int, default=None, help="networks per architecture and kind of parameters "
                        "in the paths table (default 4 with --quick, 20 otherwise)")
    args = parser.parse_args(argv)
    rng = random.Random(0)
    small = [(2, 1, 3, 1), (2, 2, 2, 1), (3, 2, 3, 1), (3, 3, 3, 2), (4, 3, 4, 2)]
    if not args.quick:
        small += [(4, 4, 4, 2), (5, 4, 5, 2)]
    draws = args.draws if args.draws is not None else (4 if args.quick else 20)
    table = paths(small, rng, draws, args.oracle_regions)
    architectures = [(2, 2, 2, 1), (3, 3, 3, 1), (4, 4, 4, 2), (5, 5, 6, 2), (6, 6, 8, 2), (8, 8, 10, 2)]
    if not args.quick:
        architectures += [(10, 10, 14, 3), (16, 16, 24, 4)]
    rows = crossover(architectures, rng, args.oracle_regions, args.oracle_timeout)
    big = large(rng)
    if args.json:
        table = {name: {" / ".join(map(str, key)) if isinstance(key, tuple) else key: value
                        for key, value in part.items()} for name, part in table.items()}
        print(json.dumps({"paths": table, "crossover": rows, "large": big}, indent=1, default=str))
        return 0
    _print_paths(table)
    print()
    print(f"{'architecture':16} {'pair':44} {'three-layer s':>13} {'oracle s':>9}  answers")
    for r in rows:
        print(f"{str(r['architecture']):16} {r['pair'][:44]:44} {r['fast_s']:13.4f} {r['oracle_s']:9.2f}  "
              f"{r['fast']} / oracle {r['oracle']}")
    print()
    print(f"(64, 32, 64, 10), {big['parameters']} parameters; parsing both networks: {big['parse_both_s']:.3f} s")
    for name in ("three_layer_equivalent_twin", "three_layer_equivalent_perturbed", "api_equivalent_twin",
                 "api_equivalent_perturbed"):
        print(f"  {name:34} {big[name + '_s']:7.3f} s = {big[name + '_ratio']:6.2f} x parsing   {big[name]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
