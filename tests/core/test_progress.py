"""The progress protocol: throttled tasks, reporters installed per block, hooks in the long searches."""

from __future__ import annotations

import io
import random

import pytest

from semialg_fibers import Network
from semialg_fibers.core.progress import ProgressUpdate, print_reporter, reporter_from, reporting, task


def test_no_reporter_no_reports():
    with task("quiet", total=10) as t:
        for _ in range(10):
            t.advance()
    assert t.done == 10


def test_throttling_and_final_report():
    seen = []
    with reporting(seen.append, interval=3600):  # nothing is 'long' at this interval
        with task("short") as t:
            t.advance(5)
    assert seen == []
    with reporting(seen.append, interval=0):
        with task("every step", total=2, unit="nodes") as t:
            t.advance(note="first")
            t.advance()
    assert [(u.task, u.done, u.total, u.unit, u.note, u.finished) for u in seen] == [
        ("every step", 1, 2, "nodes", "first", False), ("every step", 2, 2, "nodes", "first", False),
        ("every step", 2, 2, "nodes", "first", True)]


def test_reporting_nests_and_restores():
    outer, inner = [], []
    with reporting(outer.append, interval=0):
        with reporting(inner.append):
            task("a").advance()
        with reporting(None):  # None and False keep the reporter in force
            task("b").advance()
        with reporting(False):
            task("c").advance()
        task("d").advance()
    task("e").advance()
    assert [u.task for u in inner] == ["a"] and [u.task for u in outer] == ["b", "c", "d"]


def test_reporter_from():
    assert reporter_from(True) is print_reporter and reporter_from(None) is None
    with pytest.raises(TypeError, match="ProgressUpdate"):
        reporter_from("yes")
    with pytest.raises(ValueError, match="interval"):
        with reporting(None, interval=-1):
            pass


def test_print_reporter_lines():
    out = io.StringIO()
    print_reporter(ProgressUpdate("fiber components", 7, 10, "components", finished=True), out)
    assert out.getvalue() == "fiber components: 7/10 components done\n"


def _names(calls):
    return {u.task for u in calls}


def test_fiber_enumeration_reports_components():
    from semialg_fibers import fiber

    rows = [[i + 1] for i in range(4)]
    net = Network.from_layers([(rows, [-(i * i) for i in range(4)]), ([[1, -1, 1, -1]], [0])])
    calls = []
    with reporting(None, interval=0):
        f = fiber(net, progress=calls.append, certify=False)
    counts = [u.done for u in calls if u.task == "fiber components"]
    assert counts[-1] == len(f) and calls[-1].finished


def test_orientation_search_reports_nodes():
    """The subset-sum instance of the CLI tests: the 0/1 orientation search reports its nodes."""
    from semialg_fibers.core.limits import SearchLimits
    from semialg_fibers.shallow import minimal_width

    rows = [[1]] * 12
    net = Network.from_layers([(rows + [[1], [-1]], [-i for i in range(12)] + [100, -100]),
                               ([[1] * 12 + [-7, 7]], [0])])
    calls = []
    with reporting(calls.append, interval=0):
        minimal_width(net, limits=SearchLimits.with_budget(0))
    assert {"canonical search"} <= _names(calls)
    assert _names(calls) & {"orientation search", "lattice enumeration"}


def test_oracle_reports_regions():
    from strategies import permute_and_scale, random_network

    from semialg_fibers.general.oracle import equivalent

    net = random_network(random.Random(3), (2, 5, 1))
    calls = []
    with reporting(calls.append, interval=0):
        result = equivalent(net, permute_and_scale(net, random.Random(4)), orbit_check=False)
    regions = [u.done for u in calls if u.task == "oracle"]
    assert regions[-1] == result.regions and calls[-1].finished
