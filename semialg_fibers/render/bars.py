"""Progress bars on a terminal for :mod:`semialg_fibers.core.progress` updates (command line only).

The library reports counts through :mod:`semialg_fibers.core.progress` and never
draws; this module turns the updates into tqdm bars on standard error, one
bar per running task.
"""

from __future__ import annotations

import sys

from ..core.progress import ProgressUpdate

__all__ = ["TqdmReporter"]


class TqdmReporter:
    """A progress reporter drawing one tqdm bar per running task on ``stream`` (default stderr).

    Call :meth:`close` when the program stops (also on Ctrl-C) so that no
    half-drawn bar is left on the terminal.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> reporter = TqdmReporter(out)
    >>> reporter(ProgressUpdate("oracle", 10, None, "regions", "25 LPs", ident=1))
    >>> reporter(ProgressUpdate("oracle", 20, None, "regions", "50 LPs", finished=True, ident=1))
    >>> "oracle" in out.getvalue()
    True
    """

    def __init__(self, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.bars = {}

    def __call__(self, update: ProgressUpdate) -> None:
        from tqdm import tqdm

        bar = self.bars.get(update.ident)
        if bar is None:
            if update.finished:
                return
            # A task counting stages shows the stage's words and the time spent, not a rate.
            shape = {"bar_format": "{desc} [{elapsed}]"} if update.unit == "stages" else {}
            bar = tqdm(total=update.total, desc=update.task, unit=f" {update.unit}", file=self.stream,
                       leave=False, dynamic_ncols=True, mininterval=0.2, unit_scale=False, **shape)
            self.bars[update.ident] = bar
        if bar.total != update.total:
            bar.total = update.total
        if update.done > bar.n:
            bar.update(update.done - bar.n)
        if update.note and update.unit == "stages":
            bar.set_description_str(f"{update.task}: {update.note}")
        elif update.note:
            bar.set_postfix_str(update.note, refresh=False)
        if update.finished:
            bar.close()
            del self.bars[update.ident]

    def close(self) -> None:
        """Close every open bar."""
        for bar in list(self.bars.values()):
            bar.close()
        self.bars.clear()
