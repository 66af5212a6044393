"""The benchmark code on a tiny configuration: correctness only (no timing is asserted anywhere).

The z3 encoding is checked against exact evaluation and the oracle; the Jacobians of the dimension comparison
against each other (float against exact) and against the exact Jacobian ranks of ``tests/checks.py``; the
symmetry moves against the oracle; the page is written with every section.
"""

import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from strategies import random_network

from semialg_fibers import Network
from semialg_fibers.core import linalg
from semialg_fibers.general.oracle import equivalent as oracle

pytest.importorskip("z3")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import run  # noqa: E402
from benchmarks.z3_encoding import z3_equivalent  # noqa: E402

F = Fraction


def test_z3_encoding_agrees_with_the_oracle_and_its_witness_is_exact():
    rng = random.Random(3)
    for _ in range(12):
        a = random_network(rng, (2, 3, 1), -2, 2)
        b = random_network(rng, (2, 2, 2, 1), -2, 2) if rng.random() < 0.5 else run.equivalent_partner(a, rng)
        for box in (None, ([F(-1)] * 2, [F(1)] * 2)):
            verdict, x = z3_equivalent(a, b, box=box, timeout=20)
            from semialg_fibers.core.domain import box as make_box

            expected = oracle(a, b, domain=None if box is None else make_box(*box), orbit_check=False)
            assert verdict is bool(expected)
            if not verdict:
                assert a(x) != b(x)
                if box is not None:
                    assert all(-1 <= v <= 1 for v in x)


def test_symmetry_moves_and_near_misses():
    rng = random.Random(8)
    for arch in [(2, 3, 1), (3, 2, 2, 1), (2, 2, 2, 2, 2, 1)]:
        a = run.random_net(rng, arch)
        split = run.equivalent_partner(a, rng)
        assert split.architecture != a.architecture  # a neuron wider: not in the orbit of H
        assert oracle(a, split, orbit_check=False)
        assert oracle(a, run.make_partner("equivalent (H)", a, arch, rng))
        moved = run.near_miss(a, rng)
        result = oracle(a, moved)
        assert (not result and a(result.witness) != moved(result.witness)) or result  # a dead neuron may absorb it


def test_float_and_exact_jacobians_agree():
    np = pytest.importorskip("numpy")
    rng = random.Random(4)
    for arch in [(3, 4, 1), (2, 3, 3, 2)]:
        net = run.random_net(rng, arch)
        xs = np.random.default_rng(1).standard_normal((15, arch[0]))
        numeric = run.jacobian_float(net, xs)
        exact = run.jacobian_exact(net, xs.tolist())
        assert numeric.shape == (len(exact), net.num_parameters)
        assert np.allclose(numeric, np.array([[float(v) for v in r] for r in exact]), rtol=1e-9, atol=1e-9)
        # Against a different computation: central differences of exact evaluation in each parameter.
        params = list(net.parameters())
        x = tuple(F(v) for v in xs[0])
        for p in range(len(params)):
            step = F(1, 10**9)
            up, down = list(params), list(params)
            up[p] += step
            down[p] -= step
            diff = [(u - d) / (2 * step) for u, d in zip(Network.from_parameters(arch, up)(x),
                                                          Network.from_parameters(arch, down)(x))]
            for j in range(net.output_dim):  # rows are grouped by output: output j of input 0 is row 15 * j
                assert diff[j] == exact[15 * j][p]


def test_exact_rank_of_the_jacobian_bounds_the_functional_dimension():
    rng = random.Random(6)
    net = run.random_net(rng, (3, 4, 1))
    rows = run.jacobian_exact(net, [[F(rng.randint(-9, 9), rng.randint(1, 5)) for _ in range(3)] for _ in range(60)])
    rank = linalg.rank(rows, len(rows[0]))
    assert rank <= net.num_parameters - 4  # the 4 positive scalings of the hidden neurons are in the kernel


def test_small_run_writes_the_page(tmp_path):
    cfg = run.config(tiny=True)
    cfg.sections = ("equivalence", "linalg", "fibers")
    cfg.shallow, cfg.three, cfg.deep, cfg.bundled, cfg.fiber_shallow = (2,), (), (), False, ()
    run.run(cfg, tmp_path / "benchmarks.md", None, verbose=False)
    page = (tmp_path / "benchmarks.md").read_text()
    assert "## Equivalence" in page and "| shallow | 4-2-1 |" in page and "DISAGREEMENTS" not in page


@pytest.mark.slow
def test_tiny_run_writes_every_section(tmp_path):
    cfg = run.config(tiny=True)
    cfg.sections = ("equivalence", "dimension", "linalg", "fibers", "commands")  # start-up spawns interpreters: slow
    cfg.shallow, cfg.three, cfg.deep = (2,), (), ()
    out = tmp_path / "benchmarks.md"
    results = run.run(cfg, out, tmp_path / "benchmarks", verbose=False)
    page = out.read_text()
    for title in ("## Machine", "## Goal figures", "## Equivalence", "## Dimension", "## Fiber enumeration",
                  "## Exact linear algebra", "## Commands on bundled real networks"):
        assert title in page
    assert "DISAGREEMENTS" not in page
    for case in results["equivalence"]:
        verdicts = {run.verdict_of(case.results.get(m)) for m in run.METHODS} & {"equal", "differ"}
        assert len(verdicts) <= 1, case
    assert (tmp_path / "benchmarks" / "results.json").exists()
    again = run._load(tmp_path / "benchmarks" / "results.json")
    assert [c.label for c in again["equivalence"]] == [c.label for c in results["equivalence"]]


# ------------------------------------------------------------------ the initialization study (issue 23, item 5)
@pytest.mark.slow  # importing torch takes seconds
def test_init_study_networks_are_the_torch_modules():
    torch = pytest.importorskip("torch")
    from benchmarks import bench_init_identifiability as init

    arch = (2, 3, 3, 1)
    net = init.torch_default(arch, 5)
    torch.manual_seed(5)
    mods = [torch.nn.Linear(a, b) for a, b in zip(arch, arch[1:])]
    x = torch.tensor([[0.5, -1.25]], dtype=torch.float64)
    h = x
    for i, m in enumerate(mods):
        h = h @ m.weight.detach().double().T + m.bias.detach().double()
        if i < len(mods) - 1:
            h = torch.relu(h)
    assert float(net([F(1, 2), F(-5, 4)])[0]) == pytest.approx(float(h[0, 0]), rel=1e-12, abs=1e-12)
    # every parameter is the float32 value, exactly
    assert all(F(float(torch.tensor(float(v), dtype=torch.float32))) == v for v in net.parameters())


def test_init_study_float_jacobian_is_the_derivative_of_exact_evaluation():
    np = pytest.importorskip("numpy")
    from benchmarks import bench_init_identifiability as init

    net = run.random_net(random.Random(8), (2, 3, 2, 1))
    xs = np.random.default_rng(2).standard_normal((4, 2))
    jac = init.float_jacobian(net, xs)
    params = list(net.parameters())
    step = F(1, 10**9)
    for row, point in enumerate(xs):
        x = tuple(F(v) for v in point)
        for p in range(len(params)):
            up, down = list(params), list(params)
            up[p] += step
            down[p] -= step
            diff = (Network.from_parameters(net.architecture, up)(x)[0]
                    - Network.from_parameters(net.architecture, down)(x)[0]) / (2 * step)
            assert abs(float(diff) - jac[row, p]) < 1e-9


@pytest.mark.slow  # importing torch takes seconds
def test_init_study_tiny_run_against_exact_evaluation_ranks(tmp_path):
    pytest.importorskip("torch")
    from checks import evaluation_jacobian_corank

    from benchmarks import bench_init_identifiability as init

    rows = init.study(depths=(2, 3), widths=(2,), seeds=2, ms=(20,), seconds=60.0)
    assert len(rows) == 4 and all(r["fd"] is not None for r in rows)
    for r in rows:
        assert r["exact_batch"] <= r["fd"] <= r["parameters"] - r["hidden"]
        assert r["numeric"]["20"] <= r["parameters"]
        if r["depth"] == 2:  # shallow: against the exact evaluation Jacobian of tests/checks.py
            net = init.torch_default(tuple(r["architecture"]), r["seed"])
            assert r["fd"] == r["parameters"] - evaluation_jacobian_corank(net, random.Random(r["seed"]))
    summary = init.summarize(rows, ms=(20,))
    init.write_page(tmp_path / "init.md", rows, summary, [], {"date": "d", "python": "p", "torch": "t",
                    "numpy": "n", "platform": "x", "seconds": 1.0, "seeds": 2, "min_seeds": 2, "arch_budget": 1.0,
                    "per_network": 60.0}, ms=(20,))
    page = (tmp_path / "init.md").read_text()
    assert "| 2-2-1 | 9 | 2 | 2 | 2 |" in page and "Theorem 2.1" in page


# ------------------------------------------------------------------ the Lie-algebra peer (issue 24)
def test_lie_algebra_peer_agrees_with_the_library():
    from benchmarks import bench_conservation_peer as bench
    from benchmarks.lie_algebra_peer import lie_algebra_count
    from semialg_fibers.conservation import number_of_conserved_functions

    net, data = bench.case("ReLU", (2, 2, 1))
    assert lie_algebra_count(net, data)["count"] == number_of_conserved_functions(net, data).count


@pytest.mark.slow
def test_lie_algebra_peer_agrees_with_the_library_and_the_closed_form():
    from benchmarks import bench_conservation_peer as bench
    from benchmarks.lie_algebra_peer import lie_algebra_count
    from semialg_fibers.conservation import number_of_conserved_functions

    for kind, arch in (("linear", (2, 2, 2)), ("ReLU", (2, 2, 1))):
        net, data = bench.case(kind, arch)
        peer = lie_algebra_count(net, data)["count"]
        assert peer == number_of_conserved_functions(net, data).count
        if kind == "linear":  # every neuron active: the balancedness laws of a linear network, r (r + 1) / 2
            assert peer == 3


@pytest.mark.slow
def test_lie_algebra_peer_benchmark_rows_and_section(tmp_path):
    from benchmarks import bench_conservation_peer as bench

    rows = bench.benchmark([("linear", (2, 3, 2)), ("ReLU", (2, 2, 1))], timeout=120, reps=1)
    assert [r["count"] for r in rows] == [r["peer_count"] for r in rows] and rows[0]["count"] == 6
    page = tmp_path / "b.md"
    page.write_text("# Benchmarks\n")
    bench.write_section(page, bench.section(rows, {"date": "d", "seconds": 1.0, "timeout": 120}))
    bench.write_section(page, bench.section(rows, {"date": "d", "seconds": 1.0, "timeout": 120}))
    assert page.read_text().count(bench.BEGIN) == 1 and "| linear | 2-3-2 | 17 | 6 | 6 |" in page.read_text()
