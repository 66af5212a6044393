"""All comparisons of issue 24 in one process run, written to ``docs/benchmarks.md`` (and plots under docs/benchmarks/).

Run from the repository root::

    python -m benchmarks.run            # the full run (about 20 minutes on 2 shared cores)
    python -m benchmarks.run --quick    # small sizes (a few minutes)

Every measurement runs in a forked child (so a per-case timeout can stop PPL, FLINT or z3, which ignore
signals) that times itself with ``perf_counter`` and reports its peak resident memory (``ru_maxrss``).
Repetitions are interleaved (rep 1 of every method, then rep 2, ...), figures are medians, and each is also
given as a ratio to a baseline measured in the same run (parsing the networks from their JSON text, or
``python -c pass`` for start-up).
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the test strategies build the random networks and symmetry moves

F = Fraction
REAL = ROOT / "semialg_fibers" / "data" / "real_networks"


# ------------------------------------------------------------------ measuring
@dataclass
class Sample:
    seconds: float | None  # None: timed out
    value: object = None
    peak_mb: float | None = None
    error: str | None = None


def _child(fn, args, conn):
    start = time.perf_counter()
    try:
        value = fn(*args)
        error = None
    except Exception as exc:  # reported, never hidden: the table shows the error class
        value, error = None, f"{type(exc).__name__}: {str(exc)[:80]}"
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    conn.send((elapsed, value, peak, error))
    conn.close()


def measure(fn, *args, timeout: float) -> Sample:
    """``fn(*args)`` in a forked child, stopped after ``timeout`` seconds; its own time and peak memory."""
    ctx = multiprocessing.get_context("fork")
    parent, child_end = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(fn, args, child_end))
    proc.start()
    child_end.close()
    if parent.poll(timeout):
        try:
            elapsed, value, peak, error = parent.recv()
        except EOFError:
            elapsed, value, peak, error = None, None, None, "child died"
        proc.join()
        return Sample(elapsed, value, peak, error)
    proc.kill()
    proc.join()
    return Sample(None)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt_s(v) -> str:
    if v is None:
        return "timeout"
    if v >= 100:
        return f"{v:.0f} s"
    if v >= 1:
        return f"{v:.1f} s"
    if v >= 0.01:
        return f"{v:.3f} s"
    return f"{v * 1000:.2f} ms"


def fmt_ratio(v, base) -> str:
    if v is None or base is None or base <= 0:
        return "-"
    r = v / base
    return f"{r:.0f}" if r >= 100 else (f"{r:.1f}" if r >= 1 else f"{r:.2f}")


# ------------------------------------------------------------------ networks
def _frac(rng, magnitude=40, denominator=9):
    return F(rng.randint(-magnitude, magnitude) or 1, rng.randint(1, denominator))


def random_net(rng, architecture):
    from semialg_fibers import Network

    return Network.from_layers([([[_frac(rng) for _ in range(n_in)] for _ in range(n_out)],
                                 [_frac(rng) for _ in range(n_out)])
                                for n_in, n_out in zip(architecture, architecture[1:])])


def split_neuron(net, rng):
    """An equivalent network one neuron wider: a hidden neuron of a random layer split into two positive multiples
    (not in the orbit of H: another width)."""
    from semialg_fibers import Network

    layers = [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]
    depth = rng.randrange(len(layers) - 1)
    i = rng.randrange(len(layers[depth][1]))
    a1, a2, t = F(rng.randint(1, 5), rng.randint(1, 5)), F(rng.randint(1, 5), rng.randint(1, 5)), F(1, 3)
    row, bias = layers[depth][0][i], layers[depth][1][i]
    layers[depth][0][i] = [a1 * v for v in row]
    layers[depth][1][i] = a1 * bias
    layers[depth][0].append([a2 * v for v in row])
    layers[depth][1].append(a2 * bias)
    nxt = layers[depth + 1][0]
    for r in nxt:
        w = r[i]
        r[i] = w * t / a1
        r.append(w * (1 - t) / a2)
    return Network.from_layers([(w, b) for w, b in layers])


def equivalent_partner(net, rng):
    """Random exact symmetry moves: a neuron split, then a permutation and positive scaling of every hidden layer."""
    from strategies import permute_and_scale

    return permute_and_scale(split_neuron(net, rng), rng)


def _permuted(net, rng):
    from strategies import permute_and_scale

    return permute_and_scale(net, rng)


def near_miss(net, rng):
    from semialg_fibers import Network

    params = list(net.parameters())
    params[rng.randrange(len(params))] += F(1, 1024)
    return Network.from_parameters(net.architecture, params)


def to_text(net) -> str:
    from semialg_fibers.readwrite.convert import network_to_json

    return network_to_json(net)


# ------------------------------------------------------------------ the methods
def m_read(text_a, text_b):
    from semialg_fibers import Network

    Network.from_json(text_a)
    Network.from_json(text_b)
    return None


def m_ours(a, b, lo, hi):
    from semialg_fibers import api
    from semialg_fibers.core.domain import box

    r = api.equivalent(a, b, domain=None if lo is None else box(lo, hi))
    if not r:
        assert a(r.witness) != b(r.witness)
    return (bool(r), r.method)


def m_oracle(a, b, lo, hi):
    from semialg_fibers.core.domain import box
    from semialg_fibers.general.oracle import equivalent

    r = equivalent(a, b, domain=None if lo is None else box(lo, hi), orbit_check=False, probe=False)
    return (bool(r), r.regions)


def m_z3(a, b, lo, hi, timeout):
    from benchmarks.z3_encoding import z3_equivalent

    verdict, _ = z3_equivalent(a, b, box=None if lo is None else (lo, hi), timeout=timeout)
    return (verdict, "z3")


METHODS = ("ours", "z3", "oracle")


@dataclass
class EqCase:
    group: str
    label: str
    size: int  # parameters of both networks
    kind: str  # "equivalent", "near miss", "independent"
    domain: str  # "box" or "R^d"
    results: dict = field(default_factory=dict)  # method -> list of Sample


def run_equivalence_case(case: EqCase, a, b, reps: int, timeout: float, skip: set) -> None:
    d = a.input_dim
    lo, hi = ([F(-1)] * d, [F(1)] * d) if case.domain == "box" else (None, None)
    if case.group == "bundled" and case.domain == "box":
        lo, hi = [F(0)] * d, [F(1)] * d
    texts = (to_text(a), to_text(b))
    once: set = set()
    calls = {"read": (m_read, texts), "ours": (m_ours, (a, b, lo, hi)), "oracle": (m_oracle, (a, b, lo, hi)),
             "z3": (m_z3, (a, b, lo, hi, timeout))}
    for rep in range(reps):
        order = ["read"] + [m for m in METHODS[rep % 3:] + METHODS[:rep % 3]]
        for m in order:
            if m in skip:
                continue
            fn, args = calls[m]
            s = measure(fn, *args, timeout=timeout + 2)
            case.results.setdefault(m, []).append(s)
            if s.seconds is None or s.seconds > timeout or (s.error and m != "read"):
                skip.add(m)  # this method stops here: no larger size of the series, no further repetition
            elif s.seconds > 2 and m != "read":
                once.add(m)  # one sample is enough for a figure this large (keeps the full run near 20 minutes)
        skip |= once
    skip -= once - stopped(case)


def stopped(case: EqCase) -> set:
    """The methods that timed out or failed on ``case`` (they stop for the rest of the series)."""
    return {m for m, v in case.results.items() if m != "read" and any(s.seconds is None or s.error for s in v)}


def verdict_of(samples) -> str:
    for s in samples or []:
        if s.error:
            return s.error.split(":")[0]
        if s.seconds is not None and s.value is not None:
            v = s.value[0]
            return "equal" if v else ("differ" if v is False else "unknown")
    return "-"


def make_partner(kind: str, a, arch, rng):
    """The second network of a pair of the given kind."""
    if kind == "equivalent":
        return equivalent_partner(a, rng)
    if kind == "equivalent (H)":
        return _permuted(a, rng)
    if kind == "near miss":
        return near_miss(a, rng)
    return random_net(rng, arch)


def equivalence_benchmark(cfg, log) -> list[EqCase]:
    from semialg_fibers.readwrite import examples

    rng = random.Random(2024)
    cases: list[EqCase] = []
    # bundled real pairs: the pairs compared in the equivalence-checking paper, victim/extracted pairs, and a
    # network against an equivalent partner made by symmetry moves
    bundled = [("nnequiv_bitvec_1_1_10-10-2", "nnequiv_bitvec_2_1_10-5-5-2"),
               ("nnequiv_bitvec_1_2_10-20-2", "nnequiv_bitvec_2_2_10-10-10-2"),
               ("nnequiv_mnist_1_1_784-10-10", "nnequiv_mnist_2_1_784-10-10-10"),
               ("chen2024_untrained_32-2-2-1_victim", "chen2024_untrained_32-2-2-1_extracted_14p"),
               ("chen2024_mnist0vs1_784-2-1_victim", "chen2024_mnist0vs1_784-2-1_extracted_14p")]
    if cfg.quick:
        bundled = bundled[:1] + bundled[3:4]
    if not cfg.bundled:
        bundled = []
    for name_a, name_b in bundled:
        a, b = examples.real_network(name_a), examples.real_network(name_b)
        short = lambda n: n.replace("nnequiv_", "").replace("chen2024_", "")  # noqa: E731
        for domain in ("box", "R^d"):
            case = EqCase("bundled", f"{short(name_a)} vs {short(name_b)}", a.num_parameters + b.num_parameters,
                          "independent" if name_a.startswith("nnequiv") else "near miss", domain)
            run_equivalence_case(case, a, b, cfg.reps, cfg.timeout, set())
            cases.append(case)
            log(case)
        for partner_name in (name_a,):
            partner = equivalent_partner(a, rng)
            case = EqCase("bundled", f"{short(partner_name)} vs symmetry moves", a.num_parameters + partner.num_parameters,
                          "equivalent", "R^d")
            run_equivalence_case(case, a, partner, cfg.reps, cfg.timeout, set())
            cases.append(case)
            log(case)
    series = {
        "shallow": [(4, n, 1) for n in cfg.shallow],
        "three-layer": [(4, n, n, 1) for n in cfg.three],
        "deep": [(4, n, n, n, n, 1) for n in cfg.deep],
    }
    for group, archs in series.items():
        for kind in ("equivalent (H)", "equivalent", "near miss", "independent"):
            for domain in ("box", "R^d"):
                skip: set = set()
                for arch in archs:
                    a = random_net(rng, arch)
                    b = make_partner(kind, a, arch, rng)
                    case = EqCase(group, "-".join(map(str, arch)), a.num_parameters + b.num_parameters, kind, domain)
                    run_equivalence_case(case, a, b, cfg.reps, cfg.timeout, skip)
                    cases.append(case)
                    log(case)
                    if {"ours", "z3", "oracle"} <= skip:
                        break
    return cases


# ------------------------------------------------------------------ dimension
def jacobian_float(net, xs):
    """The float64 Jacobian of theta -> (f_theta(x_1), ..., f_theta(x_M)) (the batch rank of the literature)."""
    import numpy as np

    ws = [np.array([[float(v) for v in r] for r in layer.weight]) for layer in net.layers]
    bs = [np.array([float(v) for v in layer.bias]) for layer in net.layers]
    acts, masks = [xs], []
    h = xs
    for i, (w, b) in enumerate(zip(ws, bs)):
        z = h @ w.T + b
        if i < len(ws) - 1:
            masks.append(z > 0)
            h = np.where(z > 0, z, 0.0)
            acts.append(h)
    m, k = xs.shape[0], ws[-1].shape[0]
    blocks = []
    for j in range(k):  # one output at a time: back-propagate e_j
        delta = np.zeros((m, k))
        delta[:, j] = 1.0
        grads = []
        for i in range(len(ws) - 1, -1, -1):
            grads.append((np.einsum("mo,mi->moi", delta, acts[i]).reshape(m, -1), delta))
            if i > 0:
                delta = (delta @ ws[i]) * masks[i - 1]
        grads.reverse()
        blocks.append(np.hstack([np.hstack([gw, gb]) for gw, gb in grads]))
    return np.vstack(blocks)


def jacobian_exact(net, xs):
    """The same Jacobian in exact rationals (inputs: the exact values of the float64 samples)."""
    rows_by_output = {j: [] for j in range(net.output_dim)}
    for x in xs:
        h = [F(v) for v in x]
        acts, masks = [h], []
        for i, layer in enumerate(net.layers):
            z = [sum((w * v for w, v in zip(row, h) if w), b) for row, b in zip(layer.weight, layer.bias)]
            if i < net.depth - 1:
                masks.append([v > 0 for v in z])
                h = [v if v > 0 else F(0) for v in z]
                acts.append(h)
        for j in range(net.output_dim):
            delta = [F(int(o == j)) for o in range(net.output_dim)]
            parts = []
            for i in range(net.depth - 1, -1, -1):
                parts.append([dv * a for dv in delta for a in acts[i]] + list(delta))
                if i > 0:
                    w = net.layers[i].weight
                    delta = [sum((delta[o] * w[o][c] for o in range(len(delta)) if delta[o]), F(0)) if masks[i - 1][c]
                             else F(0) for c in range(len(w[0]))]
            parts.reverse()
            rows_by_output[j].append([v for p in parts for v in p])
    return [r for j in range(net.output_dim) for r in rows_by_output[j]]


def m_fiber_dim(net):
    from semialg_fibers import api

    r = api.fiber_dimension(net)
    return int(r.dimension) if hasattr(r, "dimension") else int(r)


def m_numeric_rank(net, m, draw):
    import numpy as np

    rng = np.random.default_rng(1000 * m + draw)
    xs = rng.standard_normal((m, net.input_dim))
    jac = jacobian_float(net, xs)
    return int(np.linalg.matrix_rank(jac)), xs[: min(m, 200)].tolist()


def m_exact_rank(net, xs):
    from semialg_fibers.core import linalg

    rows = jacobian_exact(net, xs)
    return linalg.rank(rows, len(rows[0]))


def m_sympy_rank(net, xs):
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix

    rows = jacobian_exact(net, xs)
    return DomainMatrix([[QQ(v.numerator, v.denominator) for v in r] for r in rows], (len(rows), len(rows[0])), QQ).rank()


def dimension_benchmark(cfg, log) -> list[dict]:
    from semialg_fibers.readwrite import examples

    rng = random.Random(77)
    nets = [(f"shallow 3-{n}-1", random_net(rng, (3, n, 1))) for n in cfg.dim_widths]
    nets += [(f"three-layer 4-3-{n}-1", random_net(rng, (4, 3, n, 1))) for n in cfg.dim_widths[:3]]  # n1 <= d
    nets += [("bitvec 10-10-2", examples.real_network("nnequiv_bitvec_1_1_10-10-2")),
             ("untrained 32-2-2-1", examples.real_network("chen2024_untrained_32-2-2-1_victim"))]
    out = []
    for label, net in nets:
        p = net.num_parameters
        fd = measure(m_fiber_dim, net, timeout=cfg.timeout)
        row = {"net": label, "params": p, "fiber_dim": fd.value, "fiber_dim_s": fd.seconds, "fiber_dim_err": fd.error,
               "numeric": {}}
        for m in cfg.ms:
            ranks, secs, exact = [], [], []
            for draw in range(cfg.draws):
                s = measure(m_numeric_rank, net, m, draw, timeout=cfg.timeout)
                if s.value is None:
                    continue
                ranks.append(s.value[0])
                secs.append(s.seconds)
                if m == cfg.ms[0]:  # the exact rank of the very same matrix (exact values of the float samples)
                    e = measure(m_exact_rank, net, s.value[1], timeout=cfg.timeout)
                    exact.append((e.value, e.seconds))
            row["numeric"][m] = {"ranks": ranks, "seconds": median(secs), "exact": exact}
        out.append(row)
        log(row)
    return out


def linalg_benchmark(cfg, log) -> list[dict]:
    """flint (the library's linear algebra) against SymPy's DomainMatrix on the exact Jacobians above."""
    import numpy as np

    rng = random.Random(5)
    out = []
    for n in cfg.la_widths:
        net = random_net(rng, (4, n, n, 1))
        xs = np.random.default_rng(n).standard_normal((2 * net.num_parameters // 1 + 5, 4)).tolist()
        build = measure(jacobian_exact, net, xs, timeout=cfg.timeout)
        times: dict = {"flint": [], "sympy": []}
        values: dict = {}
        for _ in range(cfg.reps):
            for name, fn in (("flint", m_exact_rank), ("sympy", m_sympy_rank)):
                s = measure(fn, net, xs, timeout=cfg.timeout)
                times[name].append(s.seconds)
                values[name] = s.value
        row = {"shape": (len(xs), net.num_parameters), "build": build.seconds, "flint": median(times["flint"]),
               "sympy": median(times["sympy"]) if all(t is not None for t in times["sympy"]) else None,
               "agree": values.get("flint") == values.get("sympy") or values.get("sympy") is None}
        out.append(row)
        log(row)
    return out


# ------------------------------------------------------------------ fiber enumeration
def m_fiber(net):
    from semialg_fibers import api

    fib = api.fiber(net)
    return len(fib.components)


def fiber_benchmark(cfg, log) -> list[dict]:
    from strategies import random_network

    rng = random.Random(11)
    out = []
    archs = [(2, n, 1) for n in cfg.fiber_shallow] + [(2, n, n, 1) for n in cfg.fiber_three]
    for arch in archs:
        net = random_network(rng, arch, -3, 3)
        text = to_text(net)
        reads, fibers, value, peak = [], [], None, None
        for _ in range(cfg.reps):
            r = measure(m_read, text, text, timeout=cfg.timeout)
            s = measure(m_fiber, net, timeout=cfg.timeout)
            reads.append(r.seconds / 2 if r.seconds else None)
            fibers.append(s.seconds)
            value, peak = (s.error.split(":")[0] if s.error else s.value, s.peak_mb) if s.seconds is not None else (None, peak)
            if s.seconds is None:
                break
        row = {"arch": "-".join(map(str, arch)), "params": net.num_parameters, "read": median(reads),
               "fiber": median(fibers) if all(f is not None for f in fibers) else None, "components": value,
               "peak": peak}
        out.append(row)
        log(row)
    return out


# ------------------------------------------------------------------ commands on bundled real networks
def m_command(argv):
    from semialg_fibers.cli import main

    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        status = main(argv)
    return status


def m_read_file(path):
    from semialg_fibers import Network

    Network.from_file(path)


def commands_benchmark(cfg, log) -> list[dict]:
    out = []
    for name in cfg.command_nets:
        path = str(REAL / f"{name}.json")
        read = median([measure(m_read_file, path, timeout=cfg.timeout).seconds for _ in range(cfg.reps)])
        row = {"net": name, "read": read, "commands": {}}
        for command in cfg.commands:
            s = measure(m_command, [command, path], timeout=cfg.command_timeout)
            row["commands"][command] = (s.seconds, s.value, s.peak_mb, s.error)
        out.append(row)
        log(row)
    return out


# ------------------------------------------------------------------ start-up
def _in_tree(tree: str, code: str) -> str:
    """Python code that imports semialg_fibers from ``tree`` (ahead of an editable install), then runs ``code``."""
    return (f"import sys, importlib.machinery as m; sys.path.insert(0, {tree!r}); sys.meta_path.insert(0, m.PathFinder); "
            + code)


def startup_benchmark(cfg, log) -> dict:
    """Fresh interpreters; with ``cfg.startup_before`` (a copy of an older package) each command also runs on it."""
    path = str(REAL / "nnequiv_bitvec_1_1_10-10-2.json")
    cli = "from semialg_fibers.cli import main; sys.argv = ['semialg-fibers'] + {}; sys.exit(main())"
    codes = {"import semialg_fibers": "import semialg_fibers",
             "semialg-fibers --version": cli.format(["--version"]), "semialg-fibers info": cli.format(["info", path])}
    trees = {"": str(ROOT)} | ({" (before)": cfg.startup_before} if cfg.startup_before else {})
    commands = {"python -c pass": [sys.executable, "-c", "pass"]}
    for k, code in codes.items():
        for t, tree in trees.items():
            commands[k + t] = [sys.executable, "-c", _in_tree(tree, code)]
    times: dict = {k: [] for k in commands}
    for _ in range(cfg.startup_reps):
        for k, argv in commands.items():
            start = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=ROOT)
            times[k].append(time.perf_counter() - start)
    probe = subprocess.run([sys.executable, "-c", "import sys, semialg_fibers; print(sorted({m.split('.')[0] for m in sys.modules}"
                            " & {'sympy', 'flint', 'ppl', 'numpy', 'z3', 'matplotlib'}))"],
                           capture_output=True, text=True, cwd=ROOT)
    out = {k: median(v) for k, v in times.items()}
    out["heavy modules after import"] = probe.stdout.strip()
    log(out)
    return out


# ------------------------------------------------------------------ machine and page
def machine() -> dict:
    import importlib.metadata as md

    versions = {}
    for pkg in ("semialg-fibers", "python-flint", "sympy", "pplpy", "z3-solver", "numpy", "matplotlib"):
        try:
            versions[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            versions[pkg] = "not installed"
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "load average at start": load, "versions": versions,
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def plot_equivalence(cases: list[EqCase], directory: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory.mkdir(parents=True, exist_ok=True)
    names = []
    for group in ("shallow", "three-layer", "deep"):
        fig, axes = plt.subplots(1, 4, figsize=(15, 3.6), sharey=True)
        for ax, kind in zip(axes, ("equivalent (H)", "equivalent", "near miss", "independent")):
            for method, style in (("read", ":"), ("ours", "-"), ("z3", "--"), ("oracle", "-.")):
                for domain, marker in (("box", "o"), ("R^d", "s")):
                    pts = [(c.size, median([s.seconds for s in c.results.get(method, [])]))
                           for c in cases if c.group == group and c.kind == kind and c.domain == domain]
                    pts = [(x, y) for x, y in pts if y]
                    if pts:
                        ax.loglog(*zip(*pts), style, marker=marker, label=f"{method} ({domain})", markersize=4)
            ax.set_title(f"{group}: {kind}")
            ax.set_xlabel("parameters of both networks")
            ax.grid(True, which="both", alpha=0.3)
        axes[0].set_ylabel("seconds (median)")
        axes[-1].legend(fontsize=7, loc="upper left")
        fig.tight_layout()
        name = f"equivalence_{group}.svg"
        fig.savefig(directory / name)
        plt.close(fig)
        names.append(name)
    return names


def write_page(path: Path, results: dict, plots: list[str], cfg) -> None:
    lines = ["# Benchmarks", "",
             "Generated by `python -m benchmarks.run` (see `benchmarks/README.md`); do not edit by hand. Every figure "
             "is the median of interleaved repetitions, each in a forked child process that times itself; ratios are "
             "to a baseline measured in the same run. Peak memory is the child's maximum resident set size (the "
             "interpreter and the loaded library included).", ""]
    mach = results["machine"]
    lines += ["## Machine", "", f"- {mach['date']}; Python {mach['python']} on {mach['platform']}; {mach['cpus']} cores "
              f"(load average at start {mach['load average at start']}: the cores are shared with other jobs, so "
              "absolute times vary between runs by up to a factor 2; the ratios vary less)",
              "- " + ", ".join(f"{k} {v}" for k, v in mach["versions"].items()),
              f"- configuration: {'quick' if cfg.quick else 'full'}; {cfg.reps} repetitions; per-case timeout "
              f"{cfg.timeout:g} s", ""]
    lines += _goal_section(results)
    lines += _equivalence_section(results["equivalence"], plots)
    lines += _dimension_section(results["dimension"], cfg)
    lines += _fiber_section(results["fibers"])
    lines += _linalg_section(results["linalg"])
    lines += _commands_section(results["commands"])
    lines += _startup_section(results["startup"])
    lines += _not_measured_section()
    path.write_text("\n".join(lines) + "\n")


def _med(case: EqCase, method: str):
    """The median time, or None when a sample timed out (z3's "unknown" is its own timeout)."""
    samples = case.results.get(method, [])
    if any(s.seconds is None or (isinstance(s.value, (list, tuple)) and s.value[0] is None) for s in samples):
        return None
    return median([s.seconds for s in samples])


def _goal_section(results) -> list[str]:
    cases = results["equivalence"]
    differ = [c for c in cases if verdict_of(c.results.get("ours")) == "differ"]
    within = [c for c in differ if _med(c, "ours") is not None and _med(c, "ours") <= 10 * (_med(c, "read") or 0)]
    deep_eq = [c for c in cases if c.group == "deep" and c.kind.startswith("equivalent")]
    faster = [c for c in deep_eq if _med(c, "ours") is not None
              and (_med(c, "z3") is None or _med(c, "z3") >= 10 * _med(c, "ours"))]
    peaks = [s.peak_mb for c in cases for v in c.results.values() for s in v if s.peak_mb]
    peaks += [r["peak"] for r in results["fibers"] if r["peak"]]
    peaks += [v[2] for r in results["commands"] for v in r["commands"].values() if v[2]]
    worst = [c for c in differ if c not in within]
    worst.sort(key=lambda c: -(_med(c, "ours") or 1e9) / (_med(c, "read") or 1e-9))
    slowest = ", ".join(f"{c.group} {c.label} ({c.kind}, {c.domain}): {fmt_ratio(_med(c, 'ours'), _med(c, 'read'))}x"
                        for c in worst[:4])
    cliff = [c for c in cases if c.group == "bundled" and c.label.startswith(("bitvec", "mnist_1")) and c.kind != "equivalent"]
    cliff_text = "; ".join(f"{c.label.split(' vs ')[0].split('_1')[0]} pair on {c.domain}: {fmt_s(_med(c, 'ours'))} "
                           f"(region search alone {fmt_s(_med(c, 'oracle'))}, z3 {fmt_s(_med(c, 'z3'))})" for c in cliff)
    lines = ["## Goal figures", "",
             "| goal | measured |", "|---|---|",
             f"| every equivalence of two networks that differ decided within 10x the time to read them | "
             f"{len(within)} of {len(differ)} differing pairs"
             + (f"; the slowest of the others: {slowest}" if worst else "")
             + " |",
             f"| the nnequiv pairs of the issue (the oracle's region search took 36 s to 442 s) | {cliff_text} |",
             f"| on equivalent deep pairs ours at least 10x faster than z3 (z3 timing out, or stopped at a smaller "
             f"size of the series, counts as slower) | "
             f"{len(faster)} of {len(deep_eq)} pairs: "
             + ", ".join(f"{sum(c in faster for c in deep_eq if c.kind == k)} of {sum(c.kind == k for c in deep_eq)} "
                         f"`{k}`" for k in ("equivalent (H)", "equivalent")) + " |",
             f"| memory of every benchmark under 2 GB | largest peak {max(peaks):.0f} MB |" if peaks else "| memory | - |",
             "| every command on every bundled real network within 10x the time to read it | see "
             "[Commands on bundled real networks](#commands-on-bundled-real-networks) |", ""]
    return lines


def _equivalence_section(cases: list[EqCase], plots) -> list[str]:
    lines = ["## Equivalence", "",
             "`ours` is `semialg_fibers.equivalent` (the symmetry check, then the class of the pair: shallow, "
             "three-layer, or the general oracle with its evaluation pre-check); `z3` is the SMT encoding of "
             "`benchmarks/z3_encoding.py` (one real variable per ReLU with `h == If(z > 0, z, 0)`, the query "
             "`exists x: f(x) != g(x)`, its model checked by exact evaluation); `oracle` is the general oracle's "
             "region search alone (`general.oracle.equivalent(..., orbit_check=False, probe=False)`, what every "
             "pair cost before the pre-check). `read` is parsing both networks from their JSON text, the floor. "
             "Domains: the box `[-1, 1]^d` (`[0, 1]^d` for the bundled networks) and all of `R^d`. Equivalent "
             "partners come from symmetry moves: `equivalent (H)` a random permutation and positive scaling of every "
             "hidden layer; `equivalent` a hidden neuron split into two positive multiples first (another width, "
             "so not in the orbit of H); near misses move one parameter by 1/1024; "
             "independent partners are drawn the same way. Synthetic entries are `p/q`, `|p| <= 40`, `q <= 9`. "
             "A series stops for a method after its first timeout.", "",
             "| group | networks | parameters | pair | domain | answer | read | ours | z3 | oracle | ours / read | "
             "z3 / ours | oracle / ours | peak MB (ours / z3) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for c in cases:
        read, ours, z3, oracle = (_med(c, m) for m in ("read", "ours", "z3", "oracle"))
        answer = verdict_of(c.results.get("ours"))
        if answer == "-":
            answer = verdict_of(c.results.get("z3"))
        peaks = [median([s.peak_mb for s in c.results.get(m, []) if s.peak_mb]) for m in ("ours", "z3")]
        pk = "/".join(f"{v:.0f}" if v else "-" for v in peaks)
        method = next((s.value[1] for s in c.results.get("ours", []) if s.value), "")
        ran = set(c.results)

        def cell(m, v, ran=ran):
            return "-" if m not in ran else fmt_s(v)

        lines.append(f"| {c.group} | {c.label} | {c.size} | {c.kind} | {c.domain} | {answer}"
                     f"{f' ({method})' if method not in ('', 'z3') and not isinstance(method, int) else ''} | "
                     f"{fmt_s(read)} | {cell('ours', ours)} | {cell('z3', z3)} | {cell('oracle', oracle)} | "
                     f"{fmt_ratio(ours, read)} | {fmt_ratio(z3, ours)} | {fmt_ratio(oracle, ours)} | {pk} |")
    disagreements = []
    for c in cases:
        verdicts = {m: verdict_of(c.results.get(m)) for m in METHODS}
        known = {v for v in verdicts.values() if v in ("equal", "differ")}
        if len(known) > 1:
            disagreements.append(f"{c.group} {c.label} {c.kind} {c.domain}: {verdicts}")
    lines += ["", "Verdicts: " + ("every method that answered gave the same answer on every pair."
                                  if not disagreements else "DISAGREEMENTS: " + "; ".join(disagreements)), ""]
    for name in plots:
        lines += [f"![{name}](benchmarks/{name})", ""]
    lines += ["**Where we are slower, and why.**", "",
              "- *Equal pairs that are not a permutation and scaling, on a box, or deep* (`equivalent` with a split "
              "neuron; near misses whose moved parameter belongs to a neuron dead on the box, hence equal): no "
              "structural algorithm of the library applies (the shallow and three-layer ones decide R^d; deep "
              "networks have none), so the general oracle enumerates every linear region of both networks, one "
              "exact LP per region and neuron. z3 only has to refute `f(x) != g(x)` and prunes activation patterns by "
              "conflict-driven learning, so it is 1 to 3 times faster on the split pairs and up to 40 times on a "
              "near miss that is equal on the box; both stop at the timeout at about the same size. What would "
              "change it: merging neurons with proportional input rows (an exact reduced form before the orbit "
              "check turns a split pair into the orbit check at every depth); the kinks of a shallow network inside "
              "a box (the shallow algorithm restricted to the box); pruning the region search by an LP on the "
              "difference network rather than on each network.",
              "- *Differing pairs above 10x the parse*: small pairs, where a fixed cost of 15 to 30 ms is compared "
              "with a parse of 1 to 2 ms: the three-layer test's witness (a point on the differing kink line from one "
              "exact LP, mapped to an input and evaluated exactly), or the oracle's chart of the domain and its "
              "screened points (up to 150,000 float operations choosing dyadic points of the box, and of boxes 4 and "
              "16 times wider on unbounded coordinates, each checked by exact evaluation); and the 784-input box, "
              "where building the domain (1568 dense inequality rows of 784 exact entries, each checked on "
              "construction) costs more than the answer (a box given by its bounds would make it free). Near misses "
              "are answered by the screened points; one whose difference lies in a part of the box too small for "
              "them (no difference at 2000 uniform points of it) still goes through the region search. What would "
              "change it: probes inside the regions where the moved neuron and a path from it to the output are "
              "active, and a three-layer witness without the LP when an input is at hand.",
              "- *z3 on the bundled pairs* (the 784-input ones, and the BitVec ones on the box) does not finish within "
              "the timeout: the encoding has one real variable per input and per neuron, and its coefficients are the "
              "stored float32 weights as exact dyadic rationals (long numerators and denominators in every "
              "simplex pivot). An encoding with rounded coefficients may be faster but decides another pair of "
              "networks. Our answer there is one exact evaluation at a probe point.", ""]
    return lines


def _dimension_section(rows, cfg) -> list[str]:
    lines = ["## Dimension: exact against the numeric batch rank", "",
             "The numeric method of the functional-dimension literature: the float64 Jacobian of "
             "`theta -> (f_theta(x_1), ..., f_theta(x_M))` at M standard Gaussian inputs, its rank by "
             "`numpy.linalg.matrix_rank` (SVD, default tolerance); the functional dimension estimate is that rank. "
             f"{cfg.draws} draws of the inputs per M. The exact side: `semialg_fibers.fiber_dimension` (its "
             "dimension `D`, so `P - D` is the functional dimension where the fiber is a manifold of dimension D "
             "near the parameter), and the exact rank of the very same Jacobian for the smallest M (the float "
             "samples are dyadic rationals, so the exact matrix is the float matrix without rounding). Exact "
             "functional dimension of deep networks is not in this branch; `P - D` stands in for it.", "",
             "| network | P | exact fiber dim D (time) | P - D | " + " | ".join(f"M={m}: numeric ranks (time)" for m in cfg.ms)
             + f" | exact rank, M={cfg.ms[0]} (time) | numeric wrong (vs exact rank of the same matrix) |",
             "|---|---|---|---|" + "---|" * len(cfg.ms) + "---|---|"]
    for r in rows:
        fd = r["fiber_dim"]
        fdc = f"{fd} ({fmt_s(r['fiber_dim_s'])})" if fd is not None else (r["fiber_dim_err"] or "timeout")[:40]
        cells = []
        for m in cfg.ms:
            n = r["numeric"].get(m, {})
            ranks = n.get("ranks", [])
            off = [rk - (r["params"] - fd) for rk in ranks] if fd is not None else []
            bad = [o for o in off if o]
            note = f"; {len(bad)}/{len(ranks)} off P - D by {sorted(set(bad))}" if bad else ""
            cells.append(f"{sorted(set(ranks))} ({fmt_s(n.get('seconds'))}{note})")
        first = r["numeric"].get(cfg.ms[0], {})
        exact = [e for e in first.get("exact", []) if e[0] is not None]
        ex = f"{sorted({e[0] for e in exact})} ({fmt_s(median([e[1] for e in exact]))})" if exact else "timeout"
        wrong = sum(1 for rank, e in zip(first.get("ranks", []), first.get("exact", [])) if e[0] is not None and rank != e[0])
        diff = [rank - e[0] for rank, e in zip(first.get("ranks", []), first.get("exact", [])) if e[0] is not None]
        pmd = r["params"] - fd if fd is not None else "-"
        lines.append(f"| {r['net']} | {r['params']} | {fdc} | {pmd} | " + " | ".join(cells) + f" | {ex} | "
                     f"{wrong} of {len(exact)} draws" + (f" (by {sorted(set(diff))})" if wrong else "") + " |")
    lines += ["", "Two ways the numeric answer can be wrong. (i) Rounding: the float rank differs from the exact rank of "
              "the same matrix; the last column counts it (at the smallest M, where the exact rank is computed). "
              "(ii) Sampling: the M Gaussian inputs miss the regions where some neuron changes state (a neuron whose "
              "hyperplane meets little of the Gaussian mass), so even the exact rank of the "
              "sampled Jacobian is below `P - D`; the `off P - D` notes count the draws where the numeric estimate "
              "differs from `P - D` and by how much. The exact answer needs no inputs: it reads the dimension off "
              "the structure of the network. Where it refuses (outside its generic set) the numeric column is all "
              "there is, with no way to tell which of its draws to believe.", ""]
    return lines


def _fiber_section(rows) -> list[str]:
    lines = ["## Fiber enumeration", "", "`semialg_fibers.fiber` on random networks with integer entries in "
             "`[-3, 3]` (degenerate: many components), against reading one network from JSON.", "",
             "| architecture | P | components | read | fiber | ratio | components per second | peak MB |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        comps = r["components"]
        rate = f"{comps / r['fiber']:.0f}" if isinstance(comps, int) and r["fiber"] else "-"
        if not isinstance(comps, int):
            r = dict(r, fiber=None) if comps is None else r
        peak = f"{r['peak']:.0f}" if r["peak"] else "-"
        lines.append(f"| {r['arch']} | {r['params']} | {comps if comps is not None else '-'} | {fmt_s(r['read'])} | "
                     f"{fmt_s(r['fiber'])} | {fmt_ratio(r['fiber'], r['read'])} | {rate} | {peak} |")
    lines += ["", "Most of the time of a fiber goes to building its components symbolically (SymPy expressions of "
              "every parameter, one LP per candidate stratum) and to the exact tangent certificate of each component, "
              "not to enumerating them, so components per second falls as the parameters grow. A refused entry "
              "(`NotDecidedError`) is a network outside the generic set where the fiber is decided.", ""]
    return lines


def _linalg_section(rows) -> list[str]:
    lines = ["## Exact linear algebra: flint against SymPy", "",
             "The rank of the exact Jacobians of the dimension section (random `4-n-n-1` networks, about `2P` "
             "inputs): `semialg_fibers.core.linalg.rank` (python-flint `fmpq_mat`) against SymPy's `DomainMatrix` "
             "over QQ (SymPy's own fastest exact path).", "",
             "| matrix | build (Python Fractions) | flint | SymPy DomainMatrix | SymPy / flint | same rank |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['shape'][0]} x {r['shape'][1]} | {fmt_s(r['build'])} | {fmt_s(r['flint'])} | "
                     f"{fmt_s(r['sympy'])} | {fmt_ratio(r['sympy'], r['flint'])} | {'yes' if r['agree'] else 'NO'} |")
    lines += ["", "Where flint is only a few times faster: the entries are exact values of Gaussian float64 samples "
              "(dyadic rationals with denominators near 2^52) multiplied through the layers, so the matrices have "
              "large entries, and `core.linalg.rank` converts every Python `Fraction` to `fmpq` one by one; at these "
              "sizes the conversion is a large part of flint's time. What would change it: building the matrices in "
              "flint types from the start (`fmpq_mat` products layer by layer) instead of Python Fractions.", ""]
    return lines


def _commands_section(rows) -> list[str]:
    if not rows:
        return []
    commands = list(rows[0]["commands"])
    lines = ["## Commands on bundled real networks", "",
             "Each command run in-process (`semialg_fibers.cli.main([command, file])`, output discarded, imports "
             "already done) against `Network.from_file` on the same file; ratio in parentheses.", "",
             "| network | read | " + " | ".join(commands) + " | peak MB |", "|---|---|" + "---|" * len(commands) + "---|"]
    for r in rows:
        cells, peaks = [], []
        for c in commands:
            secs, status, peak, error = r["commands"][c]
            peaks.append(peak or 0)
            if secs is None:
                cells.append("timeout")
            elif error:
                cells.append(error.split(":")[0])
            else:
                cells.append(f"{fmt_s(secs)} ({fmt_ratio(secs, r['read'])}){'' if status == 0 else f' exit {status}'}")
        lines.append(f"| {r['net']} | {fmt_s(r['read'])} | " + " | ".join(cells) + f" | {max(peaks):.0f} |")
    lines += ["", "Why some commands are far above 10x. `info` is within 10x except on the 4 ms bitvec read (a fixed "
              "cost of the report). `fiber` builds every component as a SymPy parametrization with its exact tangent "
              "certificate, a few symbolic operations per parameter against a JSON parse: 45x on the 784-input "
              "networks; ACAS Xu (six hidden layers) is refused at once (exit 3) unless `--partial` asks for the "
              "known components. `latex` runs every analysis (the fiber, identifiability with the exact functional "
              "dimension, the symmetries, the conservation laws) and prints the equations of the first components "
              "through SymPy's printer, far more per symbol than reading a number; on 784-10-10-10 the functional "
              "dimension alone (8,070 parameters, one exact elimination modulo p) exceeds the 25 s timeout. `laws` "
              "builds and prints each conservation law as a SymPy polynomial in the parameters (300 laws of 60 terms "
              "on ACAS Xu). What would change it: printing the laws and the equations from their exact coefficients "
              "instead of SymPy expressions, and a block elimination that keeps the echelon basis inside FLINT.", ""]
    return lines


def _startup_section(s) -> list[str]:
    base = s.get("python -c pass")
    lines = ["## Start-up", "", "Wall time of a fresh interpreter (median), ratio to `python -c pass`; "
             "`(before)`: the same command on the package before the lazy imports of this change, in the same run.", "",
             "| command | time | ratio |", "|---|---|---|"]
    for k, v in s.items():
        if k != "heavy modules after import":
            lines.append(f"| `{k}` | {fmt_s(v)} | {fmt_ratio(v, base)} |")
    lines += ["", f"Heavy modules loaded by `import semialg_fibers`: {s.get('heavy modules after import')}.", ""]
    return lines


def _not_measured_section() -> list[str]:
    return ["## Not measured here", "",
            "- Conservation counts against the Lie-algebra method of Marcotte, Gribonval and Peyre: not in this "
            "run; `python -m benchmarks.bench_conservation_peer` writes its own section of this page (below).",
            "- Exact functional dimension of deep networks (another change adds it).", ""]


# ------------------------------------------------------------------ main
@dataclass
class Config:
    quick: bool = False
    tiny: bool = False
    reps: int = 3
    timeout: float = 8.0
    command_timeout: float = 25.0
    shallow: tuple = (2, 4, 8, 16, 32, 64)
    three: tuple = (2, 3, 4, 6, 8, 12)
    deep: tuple = (2, 3, 4, 6, 8)
    dim_widths: tuple = (4, 8, 16)
    ms: tuple = (100, 1000, 10000)
    draws: int = 5
    la_widths: tuple = (3, 5, 8)
    fiber_shallow: tuple = (2, 4, 6, 8)
    fiber_three: tuple = (2, 3)
    command_nets: tuple = ("nnequiv_bitvec_1_1_10-10-2", "chen2024_mnist0vs1_784-2-1_victim",
                           "nnequiv_mnist_2_1_784-10-10-10", "acasxu_v2a_1_1_5-50x6-5")
    commands: tuple = ("info", "fiber", "latex", "laws")
    startup_reps: int = 5
    startup_before: str | None = None
    bundled: bool = True
    sections: tuple = ("equivalence", "dimension", "linalg", "fibers", "commands", "startup")


def config(quick: bool = False, tiny: bool = False) -> Config:
    if tiny:  # the test configuration: correctness of the code, seconds
        return Config(quick=True, tiny=True, reps=1, timeout=5.0, command_timeout=10.0, shallow=(2,), three=(2,),
                      deep=(2,), dim_widths=(3,), ms=(20, 40), draws=2, la_widths=(2,), fiber_shallow=(2,),
                      fiber_three=(), command_nets=("nnequiv_bitvec_2_1_10-5-5-2",), commands=("info",),
                      startup_reps=1)
    if quick:
        return Config(quick=True, reps=2, timeout=4.0, command_timeout=15.0, shallow=(2, 4, 8), three=(2, 3, 4),
                      deep=(2, 3), dim_widths=(4, 8), ms=(100, 1000), draws=3, la_widths=(3,), fiber_shallow=(2, 4),
                      fiber_three=(2,), command_nets=("nnequiv_bitvec_1_1_10-10-2", "chen2024_mnist0vs1_784-2-1_victim"),
                      startup_reps=3)
    return Config()


def _save(results: dict, path: Path) -> None:
    data = dict(results)
    data["equivalence"] = [{**{k: getattr(c, k) for k in ("group", "label", "size", "kind", "domain")},
                            "results": {m: [vars(x) for x in v] for m, v in c.results.items()}}
                           for c in results["equivalence"]]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, default=str, indent=1))


def _load(path: Path) -> dict:
    data = json.loads(path.read_text())
    cases = []
    for c in data.get("equivalence", []):
        case = EqCase(c["group"], c["label"], c["size"], c["kind"], c["domain"])
        case.results = {m: [Sample(**x) for x in v] for m, v in c["results"].items()}
        cases.append(case)
    data["equivalence"] = cases
    for r in data.get("dimension", []):
        r["numeric"] = {int(k): v for k, v in r["numeric"].items()}
    return data


def _preload() -> None:
    """Import what the measured functions use, once, before forking: no child pays for an import."""
    import numpy  # noqa: F401
    import z3  # noqa: F401
    from sympy.polys.matrices import DomainMatrix  # noqa: F401

    import semialg_fibers  # noqa: F401
    from semialg_fibers import api, cli  # noqa: F401
    from semialg_fibers.general import oracle  # noqa: F401


def run(cfg: Config, out: Path | None, plots_dir: Path | None, verbose: bool = True, merge: Path | None = None) -> dict:
    start = time.perf_counter()
    _preload()

    def log(item):
        if verbose:
            text = item if isinstance(item, str) else (
                f"{item.group} {item.label} {item.kind} {item.domain}: " + ", ".join(
                    f"{m}={fmt_s(median([s.seconds for s in v]))}" for m, v in item.results.items())
                if isinstance(item, EqCase) else json.dumps(item, default=str)[:200])
            print(f"[{time.perf_counter() - start:7.1f} s] {text}", file=sys.stderr, flush=True)

    results: dict = _load(merge) if merge is not None and merge.exists() else {}
    if cfg.sections or "machine" not in results:
        results["machine"] = machine()
    sections = {"equivalence": equivalence_benchmark, "dimension": dimension_benchmark, "linalg": linalg_benchmark,
                "fibers": fiber_benchmark, "commands": commands_benchmark, "startup": startup_benchmark}
    for name in cfg.sections:
        results[name] = sections[name](cfg, log)
    for name in sections:
        results.setdefault(name, [] if name != "startup" else {})
    if plots_dir is not None:
        _save(results, plots_dir / "results.json")
    plots = plot_equivalence(results["equivalence"], plots_dir) if plots_dir is not None else []
    if out is not None:
        write_page(out, results, plots, cfg)
    log(f"done in {time.perf_counter() - start:.0f} s")
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a few minutes)")
    parser.add_argument("--tiny", action="store_true", help="the smallest configuration (seconds; for tests)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "benchmarks.md"), help="the page to write")
    parser.add_argument("--startup-before", help="a directory holding an older semialg_fibers package: the start-up "
                        "table measures it too, in the same run")
    parser.add_argument("--render", action="store_true", help="measure nothing: write the page again from the "
                        "results.json of the last run")
    parser.add_argument("--only", nargs="*", help="run only these sections; the others are taken from the "
                        "results.json of the last run (next to the plots)")
    args = parser.parse_args(argv)
    cfg = config(args.quick, args.tiny)
    cfg.startup_before = args.startup_before
    out = Path(args.out)
    plots = out.parent / "benchmarks"
    merge = None
    if args.only or args.render:
        cfg.sections = tuple(args.only or ())
        merge = plots / "results.json"
    run(cfg, out, plots, merge=merge)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
