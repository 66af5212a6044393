"""Measure exact LP engines on the feasibility problems the library solves.

Run by hand: ``python benchmarks/bench_lp.py [--quick]``.  Reports the time of
each engine and its ratio against PPL measured in the same run (the engine
used by ``semialg_fibers.core.linalg``), and checks that all engines agree.

Engines: PPL ``MIP_Problem`` (pplpy, exact, via semialg_fibers.core.linalg), SymPy's
exact simplex ``lpmax``, and pycddlib's exact GMP LP when ``cdd.gmp`` is
importable (it needs libcdd-dev and libgmp-dev to build, so it is optional).
Problem: strict feasibility of ``A x + b > 0`` with ``n`` variables and ``m``
random integer rows, decided by maximizing a slack ``t <= 1``; several random
instances per size (feasible and infeasible ones), total time per engine.
The small sizes are the shape of the oracle's region LPs (d <= 6 variables,
tens of rows); the large ones the shape of fiber-membership LPs.
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction

from semialg_fibers.core import linalg
from semialg_fibers.core.linalg import Constraint


def problem(n: int, seed: int, m: int | None = None):
    rng = random.Random(seed)
    m = 2 * n if m is None else m
    rows = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(m)]
    consts = [rng.randint(-9, 9) for _ in range(m)]
    return rows, consts


def ppl_engine(rows, consts, n):
    constraints = [Constraint(tuple(Fraction(v) for v in r), Fraction(c), ">") for r, c in zip(rows, consts)]
    return bool(linalg.feasible_point(constraints, n))


def sympy_engine(rows, consts, n):
    import sympy
    from sympy.solvers.simplex import lpmax

    xs = sympy.symbols(f"x0:{n}")
    t = sympy.Symbol("t")
    cons = [sum(a * x for a, x in zip(r, xs)) + c - t >= 0 for r, c in zip(rows, consts)] + [t <= 1]
    value, _ = lpmax(t, cons)
    return value > 0


def cdd_engine(rows, consts, n):
    import cdd.gmp as cdd  # optional

    # maximize t subject to b + A x - t >= 0, 1 - t >= 0; columns (1, x..., t)
    matrix = [[Fraction(c)] + [Fraction(v) for v in r] + [Fraction(-1)] for r, c in zip(rows, consts)]
    matrix.append([Fraction(1)] + [Fraction(0)] * n + [Fraction(-1)])
    mat = cdd.matrix_from_array(matrix, rep_type=cdd.RepType.INEQUALITY,
                                obj_type=cdd.LPObjType.MAX, obj_func=[Fraction(0)] * (n + 1) + [Fraction(1)])
    lp = cdd.linprog_from_matrix(mat)
    cdd.linprog_solve(lp)
    return lp.obj_value > 0


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sizes 5, 10, 20 only")
    args = parser.parse_args(argv)
    sizes = [(4, 20), (6, 40), (10, 20), (20, 40)] + ([] if args.quick else [(50, 100)])
    engines = [("ppl", ppl_engine), ("sympy", sympy_engine)]
    try:
        import cdd.gmp  # noqa: F401

        engines.append(("cdd.gmp", cdd_engine))
    except ImportError:
        print("pycddlib exact module not installed: skipping cdd.gmp")
    warm_rows, warm_consts = problem(3, 0)
    for _, fn in engines:  # import and first-call costs are not part of the measurement
        fn(warm_rows, warm_consts, 3)
    instances = 5
    print(f"{'n x m':>8} " + " ".join(f"{name:>14}" for name, _ in engines) + "   ratios vs ppl (time of 5 instances)")
    for n, m in sizes:
        problems = [problem(n, 100 * n + seed, m) for seed in range(instances)]
        times, answers = [], []
        for name, fn in engines:
            if name == "sympy" and n > 20:
                times.append(None)
                continue  # measured > 7 s at n = 50 and > 120 s at n = 100; skipped
            total, found = 0.0, []
            for rows, consts in problems:
                answer, seconds = timed(fn, rows, consts, n)
                total += seconds
                found.append(answer)
            times.append(total)
            answers.append(tuple(found))
        assert len(set(answers)) == 1, f"engines disagree at n={n}: {answers}"
        base = times[0]
        cells = " ".join(f"{t:>13.4f}s" if t is not None else f"{'skipped':>14}" for t in times)
        ratios = " ".join(f"{name}={t / base:.2f}x" for (name, _), t in zip(engines, times) if t is not None)
        print(f"{n:>3} x {m:<3} {cells}   {ratios}   feasible: {sum(answers[0])}/{instances}")


if __name__ == "__main__":
    main()
