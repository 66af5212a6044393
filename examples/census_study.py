"""The worked study of docs/census.md: identifiability of random bottleneck networks, and a training run's fibers.

Part 1 runs a census of random bottleneck networks ``(d, n1, n2, 1)`` (integer entries, nonzero, in
``[-50, 50]``) and compares the fraction found identifiable with the fraction the three-layer theory
predicts from the sign pattern of ``[W2 | b2]`` alone (counted here by enumerating the patterns, without
the library).  Part 2 trains a ``(2, 2, 3, 1)`` network by plain gradient descent (NumPy, fixed seed),
writes its checkpoints as exact JSON (every float32/float64 is a dyadic rational) and runs a census of
the checkpoint folder: fiber dimension, identifiability and row types along training.

    python examples/census_study.py [--count 300] [--workers 2] [--out build/census_study]

Writes the tables (CSV) to ``--out`` and the two figures to ``docs/figures/census_*.png``; prints the
tables as Markdown.
"""

from __future__ import annotations

import argparse
import itertools
import os
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURES = [(1, 1, 2, 1), (1, 1, 3, 1), (2, 1, 2, 1), (2, 2, 1, 1), (2, 2, 2, 1), (3, 2, 2, 1), (3, 3, 1, 1),
                 (3, 3, 2, 1), (3, 2, 3, 1)]


# ----------------------------------------------------------------------------- the sign-pattern prediction
def predicted_identifiable(signs) -> bool:
    """The prediction from the signs of ``[W2 | b2]`` (rows of n1 + 1 signs, +1 or -1, the bias last).

    Theorem 6.0 (docs/theory/three_layer.md): a dead row (every entry < 0), a linear row (every entry > 0)
    or a hidden column (every live row hides column i: w_i > 0 and every other entry < 0) makes the
    parameter non-identifiable; for n1 = 1, so does every live row being a ramp (w < 0 < c).  The other
    mechanisms (equal hyperplanes, cancelling flip sets, a zero output weight) need an equation among the
    entries and do not depend on the sign pattern.  Identifiable otherwise: proven for n1 = 1 (Theorem
    6.4) and n2 = 1, and for n1, n2 >= 2 under Conjecture V outside Corollary 7.5.
    """
    n1 = len(signs[0]) - 1
    if any(all(s < 0 for s in row) or all(s > 0 for s in row) for row in signs):
        return False
    for i in range(n1):
        if all(row[i] > 0 and all(s < 0 for k, s in enumerate(row) if k != i) for row in signs):
            return False
    if n1 == 1 and all(row[0] < 0 < row[1] for row in signs):
        return False
    return True


def prediction(n1: int, n2: int) -> Fraction:
    """The fraction of the 2^(n2 (n1 + 1)) sign patterns (equally likely) predicted identifiable."""
    rows = list(itertools.product((-1, 1), repeat=n1 + 1))
    hits = sum(predicted_identifiable(p) for p in itertools.product(rows, repeat=n2))
    return Fraction(hits, len(rows) ** n2)


# ----------------------------------------------------------------------------- part 1
def part_one(count: int, workers: int, out: Path):
    from semialg_fibers import census
    from semialg_fibers.population import RandomNetworks

    sources = [RandomNetworks(a, seed=2026, count=count, bound=50) for a in ARCHITECTURES]
    start = time.perf_counter()
    table = census(sources, ["identifiability_or_conjecture", "row_types"], workers=workers, timeout=60,
                   output=str(out / "random_bottleneck.csv"), progress=True)
    seconds = time.perf_counter() - start
    table["kind"] = ["identifiable" if v.startswith("identifiable") else
                     "not identifiable" if v.startswith("not identifiable") else "not decided"
                     for v in table["identifiability_or_conjecture"]]
    by_arch = {"-".join(map(str, s.architecture)): s for s in sources}
    agree, disagree = [], []
    for row in table.itertuples():  # the prediction from this network's own sign pattern, against its verdict
        if row.kind == "not decided":
            continue
        net = by_arch[row.architecture].network(row.index)
        signs = [[1 if v > 0 else -1 for v in (*w, b)] for w, b in zip(net.layers[1].weight, net.layers[1].bias)]
        (agree if predicted_identifiable(signs) == (row.kind == "identifiable") else disagree).append(row)
    lines = ["| architecture | networks | identifiable | not identifiable | not decided | identifiable among decided "
             "| predicted (sign patterns) | of them labelled conjecture |", "|---|---|---|---|---|---|---|---|"]
    figures = []
    for arch in ARCHITECTURES:
        name = "-".join(map(str, arch))
        rows = table[table["architecture"] == name]
        kinds = rows["kind"].value_counts()
        yes, no, open_ = (int(kinds.get(k, 0)) for k in ("identifiable", "not identifiable", "not decided"))
        conjecture = int(rows["identifiability_or_conjecture"].str.endswith("(conjecture)").sum())
        observed = yes / (yes + no) if yes + no else float("nan")
        predicted = prediction(arch[1], arch[2])
        error = (observed * (1 - observed) / max(yes + no, 1)) ** 0.5
        figures.append((name, observed, error, float(predicted)))
        lines.append(f"| ({', '.join(map(str, arch))}) | {len(rows)} | {yes} | {no} | {open_} | {observed:.3f} "
                     f"± {error:.3f} | {predicted} = {float(predicted):.3f} | {conjecture} |")
    lines.append(f"\nPer network: the prediction from its own sign pattern agrees with the verdict for {len(agree)} of "
                 f"{len(agree) + len(disagree)} decided networks.")
    for row in disagree[:8]:
        lines.append(f"- disagrees: {row.identity}: {row.identifiability_or_conjecture} (rows: {row.row_types})")
    return table, "\n".join(lines), figures, seconds


# ----------------------------------------------------------------------------- part 2
def train(folder: Path, *, steps: int = 3000, every: int = 150, seed: int = 7, rate: float = 0.2) -> float:
    """Gradient descent on a (2, 2, 3, 1) network, squared loss, 64 fixed points; a checkpoint every ``every``.

    Returns the final mean squared loss.
    """
    import numpy as np

    from semialg_fibers import Network

    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, size=(64, 2))
    y = np.maximum(x[:, 0] + x[:, 1], 0) - 0.5 * np.maximum(x[:, 0] - x[:, 1] - 0.5, 0)
    widths = (2, 2, 3, 1)
    weights = [rng.normal(0, 1 / np.sqrt(a), size=(b, a)) for a, b in zip(widths, widths[1:])]
    biases = [rng.normal(0, 0.1, size=b) for b in widths[1:]]
    folder.mkdir(parents=True, exist_ok=True)
    for step in range(steps + 1):
        if step % every == 0:
            net = Network.from_numpy([w.copy() for w in weights], [b.copy() for b in biases])
            (folder / f"step_{step:05d}.json").write_text(net.to_json())
        activations, pre = [x], []
        for k, (w, b) in enumerate(zip(weights, biases)):
            z = activations[-1] @ w.T + b
            pre.append(z)
            activations.append(np.maximum(z, 0) if k < len(weights) - 1 else z)
        grad = 2 * (activations[-1][:, 0] - y)[:, None] / len(x)
        for k in reversed(range(len(weights))):
            gw, gb = grad.T @ activations[k], grad.sum(axis=0)
            if k:
                grad = (grad @ weights[k]) * (pre[k - 1] > 0)
            weights[k] -= rate * gw
            biases[k] -= rate * gb
    return float(np.mean((activations[-1][:, 0] - y) ** 2))


def part_two(workers: int, out: Path):
    from semialg_fibers import census

    folder = out / "checkpoints"
    loss = train(folder)
    print(f"training: final mean squared loss {loss:.4f}")
    table = census(str(folder), ["fiber_dimension_or_conjecture", "identifiability_or_conjecture", "row_types"],
                   workers=workers, timeout=60, output=str(out / "checkpoints.csv"), progress=True)
    lines = ["| checkpoint | fiber dimension | identifiability | row types |", "|---|---|---|---|"]
    for row in table.itertuples():
        lines.append(f"| {row.checkpoint} | {row.fiber_dimension_or_conjecture or row.fiber_dimension_or_conjecture_status}"
                     f" | {row.identifiability_or_conjecture or row.identifiability_or_conjecture_status} "
                     f"| {row.row_types} |")
    return table, "\n".join(lines)


def plots(figures, checkpoints) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [f[0] for f in figures]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    positions = range(len(names))
    ax.errorbar(positions, [f[1] for f in figures], yerr=[2 * f[2] for f in figures], fmt="o", capsize=3,
                label="census (identifiable among decided, ±2 s.e.)")
    ax.scatter(positions, [f[3] for f in figures], marker="_", s=400, color="C3", label="sign-pattern prediction")
    ax.set_xticks(list(positions), names, rotation=30)
    ax.set_ylabel("fraction identifiable")
    ax.set_xlabel("architecture (d-n1-n2-1)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(ROOT / "docs" / "figures" / "census_identifiable.png", dpi=120)

    fig, ax = plt.subplots(figsize=(7, 2.8))
    steps = [int(c.split("_")[1]) for c in checkpoints["checkpoint"]]
    dims = [int(v.split()[0]) if v else float("nan") for v in checkpoints["fiber_dimension_or_conjecture"]]
    ax.step(steps, dims, where="post", marker="o")
    ax.set_xlabel("training step")
    ax.set_ylabel("fiber dimension")
    ax.set_title("checkpoints of a (2, 2, 3, 1) network (examples/census_study.py)", fontsize=9)
    fig.tight_layout()
    fig.savefig(ROOT / "docs" / "figures" / "census_checkpoints.png", dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="random networks per architecture")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "build" / "census_study"))
    args = parser.parse_args()
    out = Path(args.out)
    os.makedirs(out, exist_ok=True)
    table, text, figures, seconds = part_one(args.count, args.workers, out)
    print(f"## Part 1: {len(table)} random bottleneck networks, {seconds:.1f} s with {args.workers} workers\n")
    print(text)
    checkpoints, text = part_two(args.workers, out)
    print("\n## Part 2: the checkpoints\n")
    print(text)
    plots(figures, checkpoints)


if __name__ == "__main__":
    main()
