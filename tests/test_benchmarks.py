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
