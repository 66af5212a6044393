"""Helpers shared by the benchmark scripts: timing, a perturbed copy, the oracle with a time limit."""

from __future__ import annotations

import multiprocessing
import time
from fractions import Fraction

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.general.oracle import equivalent as oracle_equivalent


def timed(fn):
    """``(seconds, value)``; a ``NotDecidedError`` becomes the value ``"not decided: ..."``."""
    start = time.perf_counter()
    try:
        value = fn()
    except NotDecidedError as exc:
        return time.perf_counter() - start, f"not decided: {str(exc)[:70]}"
    return time.perf_counter() - start, value


def perturbed(net: Network, part: int = 2) -> Network:
    """``net`` with the parameter at ``len // part`` moved by ``1/1024`` (almost surely another function)."""
    flat = list(net.parameters())
    flat[len(flat) // part] += Fraction(1, 1024)
    return Network.from_parameters(net.architecture, flat)


def _oracle_child(a, b, regions, orbit_check, queue):
    try:
        queue.put(bool(oracle_equivalent(a, b, max_regions=regions, orbit_check=orbit_check)))
    except NotDecidedError as exc:
        queue.put(f"not decided: {str(exc)[:60]}")


def oracle_with_timeout(a: Network, b: Network, regions: int, timeout: float, orbit_check: bool = True):
    """The general oracle in a child process (PPL ignores signals), stopped after ``timeout`` seconds.

    Returns ``(seconds, value)``: the verdict (bool), ``"not decided: ..."``, or None when it did not finish.
    """
    queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=_oracle_child, args=(a, b, regions, orbit_check, queue))
    start = time.perf_counter()
    child.start()
    child.join(timeout)
    elapsed = time.perf_counter() - start
    if child.is_alive():
        child.terminate()
        child.join()
        return elapsed, None
    return elapsed, queue.get() if not queue.empty() else "no result"
