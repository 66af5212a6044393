"""Identifiability at initialization, exactly: how often a PyTorch-default initialization has FD = N - hidden.

The experiment of Grigsby, Lindsey and Rolnick ("Hidden symmetries of ReLU networks", ICML 2023) done exactly.
Run from the repository root::

    python -m benchmarks.bench_init_identifiability            # the study (about 15 minutes on 2 shared cores)
    python -m benchmarks.bench_init_identifiability --quick    # a few architectures, a minute

For every architecture ``(2, n, ..., n, 1)`` of depth 2 to 5 (1 to 4 hidden layers) and width ``n`` in 2, 4, 8,
16, networks are drawn from PyTorch's default initialization (``torch.nn.Linear``, ``torch.manual_seed(s)``;
weights and biases uniform on ``[-1/sqrt(fan_in), 1/sqrt(fan_in)]``); every float32 parameter is taken as the
exact dyadic rational it is.  For each network:

* the **exact** functional dimension ``FD`` (:func:`semialg_fibers.api.functional_dimension`, without the kernel vectors; an exact rank
  over Q, in a forked child stopped after ``--seconds``) and the exact dimension ``dim T`` of the scaling orbit;
  ``FD = N - hidden`` with ``dim T = hidden`` proves local identifiability (``docs/theory/deep.md``,
  Theorem 2.1);
* the **numeric** batch rank of the literature: numpy's ``matrix_rank`` (default tolerance) of the float64
  Jacobian of the output with respect to the parameters at ``M`` standard Gaussian inputs, for every ``M`` in
  ``--ms``; it is wrong when it differs from the exact ``FD``.

Writes ``docs/figures/init_identifiability.json``, the plots ``docs/figures/init_identifiability_*.svg`` and the
page ``docs/initialization.md``.  :func:`study` is the code, callable on a tiny configuration (the tests).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

WIDTHS = (2, 4, 8, 16)
DEPTHS = (2, 3, 4, 5)
MS = (100, 1000, 10000)


def architecture(depth: int, width: int, d: int = 2) -> tuple[int, ...]:
    """``(d, width, ..., width, 1)`` with ``depth`` affine layers."""
    return (d,) + (width,) * (depth - 1) + (1,)


def torch_default(arch, seed: int):
    """A PyTorch-default initialization of ``arch`` as an exact :class:`~semialg_fibers.Network`."""
    import torch

    from semialg_fibers import Network

    torch.manual_seed(seed)
    layers = []
    for n_in, n_out in zip(arch, arch[1:]):
        lin = torch.nn.Linear(n_in, n_out)
        w = lin.weight.detach().double().tolist()
        b = lin.bias.detach().double().tolist()
        layers.append(([[Fraction(v) for v in row] for row in w], [Fraction(v) for v in b]))
    return Network.from_layers(layers)


def float_jacobian(net, xs: np.ndarray) -> np.ndarray:
    """The float64 Jacobian of the (scalar or vector) output at the rows of ``xs``, by backpropagation.

    Columns in the library's parameter order (layer by layer: the weight matrix row by row, then the bias),
    one row per input and output.
    """
    ws = [np.array([[float(v) for v in row] for row in layer.weight]) for layer in net.layers]
    bs = [np.array([float(v) for v in layer.bias]) for layer in net.layers]
    hs, masks = [xs], []
    for l in range(len(ws)):
        z = hs[-1] @ ws[l].T + bs[l]
        if l < len(ws) - 1:
            masks.append(z > 0)
            hs.append(np.where(masks[-1], z, 0.0))
    k = ws[-1].shape[0]
    blocks = []
    for o in range(k):
        delta = np.zeros((xs.shape[0], k))
        delta[:, o] = 1.0
        grads = []
        for l in range(len(ws) - 1, -1, -1):
            gw = (delta[:, :, None] * hs[l][:, None, :]).reshape(xs.shape[0], -1)
            grads.append(np.concatenate([gw, delta], axis=1))
            if l:
                delta = (delta @ ws[l]) * masks[l - 1]
        blocks.append(np.concatenate(grads[::-1], axis=1))
    return np.concatenate(blocks, axis=0)


def gaussian_inputs(net, m: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((m, net.input_dim))


def numeric_rank(net, m: int, seed: int) -> int:
    """The batch rank of the literature: ``matrix_rank`` of the float64 Jacobian at ``m`` Gaussian inputs."""
    return int(np.linalg.matrix_rank(float_jacobian(net, gaussian_inputs(net, m, seed))))


def exact_batch_rank(net, xs: np.ndarray) -> int:
    """The exact rank over Q of the Jacobian at the same inputs (each float64 taken exactly).

    Separates the two ways the float rank goes wrong: a batch that misses regions (the exact batch rank is
    below ``FD`` too) and rounding or tolerance (the float rank differs from the exact rank of its own batch).
    Inputs on a bent hyperplane of a hidden neuron (probability zero) are skipped.
    """
    from semialg_fibers.core import linalg
    from semialg_fibers.general.functional import coefficient_jacobian

    d, n, rows = net.input_dim, net.num_parameters, []
    for point in xs:
        x = [Fraction(float(v)) for v in point]
        block, smooth = coefficient_jacobian(net, x)
        if not smooth:
            continue
        for o in range(net.output_dim):
            rows_o = block[o * (d + 1):(o + 1) * (d + 1)]
            rows.append([rows_o[0][i] + sum(x[j] * rows_o[1 + j][i] for j in range(d)) for i in range(n)])
    return linalg.rank(rows, n) if rows else 0


def _exact(net, xs, conn) -> None:
    from semialg_fibers.core.limits import UNLIMITED
    from semialg_fibers.general.functional import functional_dimension

    start = time.perf_counter()
    try:  # what api.functional_dimension dispatches to, without the kernel vectors (not needed here)
        fd = functional_dimension(net, limits=UNLIMITED, kernel=False)
        conn.send((fd.rank, fd.orbit_dimension, time.perf_counter() - start, None))
        conn.send(exact_batch_rank(net, xs))
    except Exception as exc:  # reported in the table, never hidden
        conn.send((None, None, time.perf_counter() - start, f"{type(exc).__name__}: {str(exc)[:60]}"))
    conn.close()


def exact_fd(net, xs, seconds: float):
    """``(FD, dim T, seconds, error, exact rank at xs)`` in a forked child; ``None`` when not finished in time."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_exact, args=(net, xs, child))
    proc.start()
    child.close()
    start = time.perf_counter()
    result = None
    try:
        if parent.poll(seconds):
            result = parent.recv()
            batch = None
            if result[0] is not None and parent.poll(max(seconds - (time.perf_counter() - start), 5.0)):
                batch = parent.recv()
            result = (*result, batch)
    except EOFError:
        pass
    if proc.is_alive():
        proc.kill()
    proc.join()
    return result


def study(*, depths=DEPTHS, widths=WIDTHS, seeds: int = 20, ms=MS, seconds: float = 20.0,
          arch_budget: float = 60.0, min_seeds: int = 5, log=None) -> list[dict]:
    """One row per network: architecture, seed, exact FD (or ``None``), the numeric ranks for every ``M``.

    ``seeds`` networks per architecture at most; after ``min_seeds`` of them, no more are drawn once the
    architecture has used ``arch_budget`` seconds.
    """
    import torch

    torch.set_num_threads(1)
    from semialg_fibers.general import functional  # noqa: F401  (imported before forking: no child pays for it)

    rows = []
    for depth in depths:
        for width in widths:
            arch = architecture(depth, width)
            spent = 0.0
            for seed in range(seeds):
                if seed >= min_seeds and spent > arch_budget:
                    break
                start = time.perf_counter()
                net = torch_default(arch, seed)
                exact = exact_fd(net, gaussian_inputs(net, min(ms), 1000 + seed), seconds)
                row = {"architecture": list(arch), "depth": depth, "width": width, "seed": seed,
                       "parameters": net.num_parameters, "hidden": sum(arch[1:-1]),
                       "fd": None, "orbit": None, "seconds": None, "error": None, "numeric": {},
                       "exact_batch": None}
                if exact is not None:
                    row["fd"], row["orbit"], row["seconds"], row["error"], row["exact_batch"] = exact
                for m in ms:
                    row["numeric"][str(m)] = numeric_rank(net, m, 1000 + seed)
                rows.append(row)
                spent += time.perf_counter() - start
                if log:
                    log(row)
    return rows


# ------------------------------------------------------------------ summary, plots, page
def summarize(rows: list[dict], ms=MS) -> list[dict]:
    out = []
    archs = []
    for r in rows:
        if r["architecture"] not in archs:
            archs.append(r["architecture"])
    for arch in archs:
        rs = [r for r in rows if r["architecture"] == arch]
        done = [r for r in rs if r["fd"] is not None]
        bound = rs[0]["parameters"] - rs[0]["hidden"]
        s = {"architecture": arch, "depth": rs[0]["depth"], "width": rs[0]["width"], "N": rs[0]["parameters"],
             "hidden": rs[0]["hidden"], "networks": len(rs), "exact": len(done),
             "identifiable": sum(r["fd"] == bound and r["orbit"] == r["hidden"] for r in done),
             "deficits": sorted(bound - r["fd"] for r in done),
             "median_seconds": float(np.median([r["seconds"] for r in done])) if done else None,
             "wrong": {}, "worst": {}, "wrong_verdict": {},
             "batch_short": sum(r["exact_batch"] is not None and r["exact_batch"] < r["fd"] for r in done),
             "rounding": sum(r["exact_batch"] is not None and r["numeric"][str(min(ms))] != r["exact_batch"]
                             for r in done)}
        for m in ms:
            diffs = [r["numeric"][str(m)] - r["fd"] for r in done]
            s["wrong"][str(m)] = sum(dv != 0 for dv in diffs)
            s["worst"][str(m)] = max(diffs, key=abs) if diffs else 0
            s["wrong_verdict"][str(m)] = sum((r["numeric"][str(m)] == bound) != (r["fd"] == bound) for r in done)
        out.append(s)
    return out


def plot(summary: list[dict], directory: Path, ms=MS) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "init-identifiability"  # reproducible SVG ids
    import matplotlib.pyplot as plt

    directory.mkdir(parents=True, exist_ok=True)
    names = []
    widths = sorted({s["width"] for s in summary})
    depths = sorted({s["depth"] for s in summary})
    fig, ax = plt.subplots(figsize=(6, 4))
    for depth in depths:
        pts = [(s["width"], s["identifiable"] / s["exact"]) for s in summary if s["depth"] == depth and s["exact"]]
        if pts:
            ax.plot(*zip(*pts), marker="o", label=f"depth {depth}")
    ax.set_xscale("log", base=2)
    ax.set_xticks(widths, [str(w) for w in widths])
    ax.set_ylim(-0.05, 1.05)
    ax.set_xlabel("hidden width")
    ax.set_ylabel("fraction with FD = N - hidden (exact)")
    ax.set_title("Local identifiability at PyTorch initialization (d = 2)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(directory / "init_identifiability_fraction.svg", metadata={"Date": None})
    plt.close(fig)
    names.append("init_identifiability_fraction.svg")

    fig, axes = plt.subplots(1, len(ms), figsize=(4 * len(ms), 3.6), sharey=True)
    axes = np.atleast_1d(axes)
    for ax, m in zip(axes, ms):
        for depth in depths:
            pts = [(s["width"], s["wrong"][str(m)] / s["exact"]) for s in summary
                   if s["depth"] == depth and s["exact"]]
            if pts:
                ax.plot(*zip(*pts), marker="o", label=f"depth {depth}")
        ax.set_xscale("log", base=2)
        ax.set_xticks(widths, [str(w) for w in widths])
        ax.set_ylim(-0.05, 1.05)
        ax.set_title(f"M = {m} Gaussian inputs")
        ax.set_xlabel("hidden width")
    axes[0].set_ylabel("fraction where float rank != exact FD")
    axes[-1].legend()
    fig.tight_layout()
    fig.savefig(directory / "init_identifiability_numeric.svg", metadata={"Date": None})
    plt.close(fig)
    names.append("init_identifiability_numeric.svg")
    return names


def write_page(path: Path, rows: list[dict], summary: list[dict], plots: list[str], meta: dict, ms=MS) -> None:
    lines = [
        "# Identifiability at initialization, exactly",
        "",
        "How often is a freshly initialized ReLU network locally identifiable, that is, its fiber near the "
        "parameter is only the orbit of the permutations and positive scalings of its hidden neurons? Grigsby, "
        "Lindsey and Rolnick (\"Hidden symmetries of ReLU networks\", ICML 2023) answered this in floating point: "
        "the rank of a float Jacobian over sampled inputs. This page does the same experiment with the exact "
        "functional dimension `FD` of [`functional_dimension`](functional_dimension.md) (a rank over Q, over "
        "one interior point of every linear region that is needed), and compares it with the numeric batch rank "
        "on the very same networks.",
        "",
        "Generated by `python -m benchmarks.bench_init_identifiability` "
        f"({meta['date']}, Python {meta['python']}, torch {meta['torch']}, numpy {meta['numpy']}, "
        f"{meta['platform']}; {meta['seconds']:.0f} s in all).",
        "",
        "## Setup",
        "",
        "- Architectures `(2, n, ..., n, 1)`: input dimension 2, one output, depth `L` = 2 to 5 affine layers "
        "(1 to 4 hidden layers of width `n` = 2, 4, 8, 16).",
        "- Networks: PyTorch's default initialization of `torch.nn.Linear` (`torch.manual_seed(s)`, `s` = 0, 1, "
        "...; weights and biases uniform on `[-1/sqrt(fan_in), 1/sqrt(fan_in)]`), each float32 parameter taken "
        "as the exact dyadic rational it is. Up to "
        f"{meta['seeds']} networks per architecture; fewer where the exact computation is slow (at least "
        f"{meta['min_seeds']}, then no more once an architecture has used {meta['arch_budget']:.0f} s).",
        "- Exact: `functional_dimension(net, kernel=False)` (`semialg_fibers.general.functional`, what "
        f"`api.functional_dimension` dispatches to) in a child process stopped after "
        f"{meta['per_network']:.0f} s (such networks are counted under *not finished*, never guessed), and the "
        "exact dimension `dim T` of the scaling orbit.",
        "- Numeric: `numpy.linalg.matrix_rank` (default tolerance) of the float64 Jacobian of the output with "
        "respect to all parameters at `M` standard Gaussian inputs, for `M` in "
        + ", ".join(str(m) for m in ms) + ".",
        "",
        "## What is proven and what is not",
        "",
        "- `FD = N - h` (`h` hidden neurons) together with `dim T = h` **proves local identifiability**: there "
        "is a neighbourhood of the parameter in which the fiber is the scaling orbit "
        "([theory: deep networks](theory/deep.md), Theorem 2.1). Every count in the column *FD = N - h* below "
        "is such a proof, exact, for that network.",
        "- It does **not** prove global identifiability: points of the fiber far from the orbit (other "
        "parameters realizing the same function) are not excluded ([theory](theory/deep.md), after Theorem 2.1).",
        "- `FD < N - h` does **not** by itself prove a hidden symmetry: the rank can drop at a parameter "
        "without a family of equivalent networks through it ([theory](theory/deep.md), Section 2, the example "
        "after Theorem 2.2). It proves only that the fiber near the parameter has dimension at most `N - FD` "
        "(Theorem 2.2). The column *deficits* lists `N - h - FD` per network; deciding whether a deficit is a "
        "true hidden symmetry is `fiber_dimension`'s job, not this study's.",
        "- The fractions are measured on the networks drawn, not proven for the initialization distribution.",
        "- The numeric batch rank is compared with the exact `FD`, which is the maximum rank any batch of "
        "inputs can reach; a float rank below it means the batch missed regions or the tolerance cut singular "
        "values; above it means rounding (it cannot happen in exact arithmetic).",
        "",
        "## Results",
        "",
        "| architecture | N | h | networks | exact finished | FD = N - h (locally identifiable, proven) "
        "| deficits N - h - FD | median exact time | "
        + " | ".join(f"float rank wrong, M = {m}" for m in ms)
        + f" | M = {min(ms)}: exact batch rank < FD | M = {min(ms)}: float != exact, same batch |",
        "|---" * (10 + len(ms)) + "|",
    ]
    for s in summary:
        defs = ", ".join(f"{v}" for v in s["deficits"]) if any(s["deficits"]) else "all 0"
        if len(s["deficits"]) > 8 and any(s["deficits"]):
            counts = {}
            for v in s["deficits"]:
                counts[v] = counts.get(v, 0) + 1
            defs = ", ".join(f"{v} (x{c})" for v, c in sorted(counts.items()))
        t = "-" if s["median_seconds"] is None else (f"{s['median_seconds']:.2f} s")
        frac = f"{s['identifiable']}/{s['exact']}" if s["exact"] else "-"
        wrong = [f"{s['wrong'][str(m)]}/{s['exact']}" + (f" (worst {s['worst'][str(m)]:+d})"
                                                           if s["wrong"][str(m)] else "") for m in ms]
        lines.append(f"| {'-'.join(map(str, s['architecture']))} | {s['N']} | {s['hidden']} | {s['networks']} | "
                     f"{s['exact']} | {frac} | {defs if s['exact'] else '-'} | {t} | " + " | ".join(wrong)
                     + f" | {s['batch_short']} | {s['rounding']} |")
    total = sum(s["exact"] for s in summary)
    wrong_total = {m: sum(s["wrong"][str(m)] for s in summary) for m in ms}
    verdict_total = {m: sum(s["wrong_verdict"][str(m)] for s in summary) for m in ms}
    lines += [
        "",
        "*float rank wrong*: networks (of those the exact computation finished) whose numeric rank differs from "
        "the exact `FD`; *worst*: the numeric rank minus `FD` of largest magnitude (negative: the float rank "
        f"under-counts). The last two columns split the failures at M = {min(ms)}: *exact batch rank < FD*, the "
        "same inputs taken as exact rationals still give a smaller rank (the batch missed regions: sampling); "
        "*float != exact, same batch*, numpy's rank differs from the exact rank of its own batch (rounding and "
        "tolerance).",
        "",
        f"In all, of {total} networks decided exactly, the float rank was wrong on "
        + ", ".join(f"{wrong_total[m]} (M = {m})" for m in ms)
        + "; the float verdict `rank = N - h` (\"identifiable\") itself was wrong on "
        + ", ".join(f"{verdict_total[m]} (M = {m})" for m in ms) + ". "
        f"At M = {min(ms)}, {sum(s['batch_short'] for s in summary)} of the {wrong_total[min(ms)]} wrong float "
        f"ranks come from a batch whose exact rank is already below `FD` (sampling), and "
        f"{sum(s['rounding'] for s in summary)} networks have a float rank different from the exact rank of the "
        "same batch (rounding or tolerance).",
        "",
    ]
    for p in plots:
        lines += [f"![{p}](figures/{p})", ""]
    lines += [
        "## Reading the results",
        "",
        "- Where the exact computation did not finish within the per-network limit (the widest and deepest "
        "architectures), the table says so; no numeric value stands in for it.",
        "- The numeric method needs `M` inputs that together hit enough linear regions, and a tolerance that "
        "separates the true zero singular values from the small ones. The last two columns of the table say "
        "which of the two failed, network by network, at the smallest `M`.",
        "- Reproduce: `python -m benchmarks.bench_init_identifiability` (the raw figures are in "
        "`docs/figures/init_identifiability.json`).",
        "",
    ]
    path.write_text("\n".join(lines))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="depths 2-3, widths 2-4, 5 seeds")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--min-seeds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=20.0, help="per-network limit of the exact computation")
    parser.add_argument("--arch-budget", type=float, default=45.0, help="seconds per architecture (after --min-seeds)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "initialization.md"))
    parser.add_argument("--render", action="store_true", help="measure nothing: write the page and plots again "
                        "from docs/figures/init_identifiability.json")
    args = parser.parse_args(argv)
    figures = ROOT / "docs" / "figures"
    if args.render:
        saved = json.loads((figures / "init_identifiability.json").read_text())
        summary = summarize(saved["rows"])
        write_page(Path(args.out), saved["rows"], summary, plot(summary, figures), saved["meta"])
        return 0
    depths, widths, seeds = (DEPTHS, WIDTHS, args.seeds) if not args.quick else ((2, 3), (2, 4), 5)
    start = time.perf_counter()

    def log(row):
        print(f"[{time.perf_counter() - start:7.1f} s] {row['architecture']} seed {row['seed']}: FD {row['fd']} "
              f"(N - h = {row['parameters'] - row['hidden']}, dim T {row['orbit']}, {row['seconds']}) numeric "
              f"{row['numeric']} {row['error'] or ''}", file=sys.stderr, flush=True)

    rows = study(depths=depths, widths=widths, seeds=seeds, seconds=args.seconds, arch_budget=args.arch_budget,
                 min_seeds=args.min_seeds, log=log)
    import torch

    meta = {"date": time.strftime("%Y-%m-%d", time.gmtime()), "python": platform.python_version(),
            "torch": torch.__version__, "numpy": np.__version__, "platform": f"{platform.system()} {platform.machine()}",
            "seconds": time.perf_counter() - start, "seeds": seeds, "min_seeds": args.min_seeds,
            "arch_budget": args.arch_budget, "per_network": args.seconds}
    summary = summarize(rows)
    figures.mkdir(parents=True, exist_ok=True)
    (figures / "init_identifiability.json").write_text(json.dumps({"meta": meta, "rows": rows}, indent=1))
    write_page(Path(args.out), rows, summary, plot(summary, figures), meta)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
