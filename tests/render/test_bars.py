"""tqdm bars for progress updates: one bar per task, closed at the end or on close()."""

from __future__ import annotations

import io

from semialg_fibers.core.progress import ProgressUpdate
from semialg_fibers.render.bars import TqdmReporter


def test_one_bar_per_task_closed_when_finished():
    out = io.StringIO()
    reporter = TqdmReporter(out)
    reporter(ProgressUpdate("oracle", 5, None, "regions", "9 LPs", ident=1))
    reporter(ProgressUpdate("orientation search", 3, 100, "nodes", ident=2))
    assert set(reporter.bars) == {1, 2}
    assert reporter.bars[1].n == 5 and reporter.bars[2].n == 3 and reporter.bars[2].total == 100
    reporter(ProgressUpdate("oracle", 8, None, "regions", "20 LPs", finished=True, ident=1))
    assert set(reporter.bars) == {2}
    reporter.close()
    assert reporter.bars == {}
    text = out.getvalue()
    assert "oracle" in text and "orientation search" in text and "nodes" in text


def test_finished_update_of_an_unknown_task_draws_nothing():
    out = io.StringIO()
    reporter = TqdmReporter(out)
    reporter(ProgressUpdate("fiber components", 3, finished=True, ident=7))
    assert reporter.bars == {} and out.getvalue() == ""
