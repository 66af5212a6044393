"""A small progress protocol: long computations report counts, callers decide how to show them.

The library never draws on a terminal.  A long loop asks for a :class:`Task`
and advances it; the task passes :class:`ProgressUpdate` values to the
*reporter* in force (a callable), at most every ``interval`` seconds and
only for tasks that run longer than that, so short searches cost one
attribute increment per step and report nothing::

    with progress.task("oracle", unit="regions") as bar:
        for region in regions:
            bar.advance()

A reporter is installed for a block with :func:`reporting` (it reaches every
task started inside, however deep, without threading a parameter through
every function); functions that take ``progress=`` do exactly that.  The
command line installs a reporter that draws tqdm bars on standard error.

``progress`` arguments accept ``None`` or ``False`` (no reporter of their
own: keep the one in force, by default none), ``True`` (plain lines on
standard error) or a callable taking one :class:`ProgressUpdate`.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass

__all__ = ["ProgressUpdate", "Task", "task", "reporting", "reporter_from", "print_reporter"]


@dataclass(frozen=True)
class ProgressUpdate:
    """One report of a running task.

    Attributes
    ----------
    task : str
        What runs, in words (``"oracle"``, ``"fiber components"``).
    done : int
        Steps done so far.
    total : int or None
        Steps expected (an upper bound such as a search limit), if known.
    unit : str
        What a step is (``"regions"``, ``"nodes"``).
    note : str
        Extra counts in words (``"1830 LPs"``), possibly empty.
    finished : bool
        True for the last report of the task.
    ident : int
        Distinguishes tasks of the same name that run at the same time.
    """

    task: str
    done: int
    total: int | None = None
    unit: str = "steps"
    note: str = ""
    finished: bool = False
    ident: int = 0


Reporter = Callable[[ProgressUpdate], None]

_REPORTER: ContextVar[Reporter | None] = ContextVar("semialg_fibers_progress", default=None)
_INTERVAL: ContextVar[float] = ContextVar("semialg_fibers_progress_interval", default=0.2)
_NEXT_ID = [0]


def print_reporter(update: ProgressUpdate, stream=None) -> None:
    """The reporter behind ``progress=True``: one plain line per update on standard error.

    >>> import io; out = io.StringIO()
    >>> print_reporter(ProgressUpdate("oracle", 1000, None, "regions", "2100 LPs"), out)
    >>> out.getvalue()
    'oracle: 1000 regions (2100 LPs)\\n'
    """
    total = f"/{update.total}" if update.total is not None else ""
    note = f" ({update.note})" if update.note else ""
    done = " done" if update.finished else ""
    print(f"{update.task}: {update.done}{total} {update.unit}{note}{done}", file=stream or sys.stderr)


def reporter_from(progress) -> Reporter | None:
    """The reporter a ``progress`` argument means (``True``: :func:`print_reporter`; ``False``/None: None).

    >>> reporter_from(True) is print_reporter, reporter_from(False)
    (True, None)
    """
    if progress is None or progress is False:
        return None
    if progress is True:
        return print_reporter
    if not callable(progress):
        raise TypeError(f"progress is a {type(progress).__name__}; expected a bool, None or a callable "
                        "taking a ProgressUpdate")
    return progress


@contextlib.contextmanager
def reporting(progress, interval: float | None = None):
    """Install the reporter ``progress`` means for the tasks started inside the block.

    ``None`` and ``False`` keep the reporter in force (so library functions
    called from the CLI inherit its bars).  ``interval``
    (seconds) changes the throttling of the tasks started inside; 0 reports
    every step.

    >>> seen = []
    >>> with reporting(seen.append, interval=0):
    ...     with task("demo", total=3) as t:
    ...         t.advance(2); t.advance()
    >>> [(u.done, u.finished) for u in seen]
    [(2, False), (3, False), (3, True)]
    """
    tokens = []
    if progress is not None and progress is not False:
        tokens.append((_REPORTER, _REPORTER.set(reporter_from(progress))))
    if interval is not None:
        if interval < 0:
            raise ValueError(f"interval is {interval!r}; expected a nonnegative number of seconds")
        tokens.append((_INTERVAL, _INTERVAL.set(interval)))
    try:
        yield _REPORTER.get()
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


class Task:
    """A running task; :meth:`advance` is cheap, reports are throttled.

    Use :func:`task` to make one.  A task reports nothing before it has run
    for ``interval`` seconds, then at most every ``interval`` seconds, and a
    final report on :meth:`close` if it reported before.
    """

    __slots__ = ("name", "total", "unit", "note", "done", "_reporter", "_interval", "_next", "_shown", "_ident")

    def __init__(self, name: str, total: int | None, unit: str, reporter: Reporter | None, interval: float):
        self.name, self.total, self.unit, self.note = name, total, unit, ""
        self.done = 0
        self._reporter = reporter
        self._interval = interval
        self._next = time.monotonic() + interval if reporter is not None else float("inf")
        self._shown = False
        _NEXT_ID[0] += 1
        self._ident = _NEXT_ID[0]

    def advance(self, steps: int = 1, note: str | None = None) -> None:
        """Count ``steps`` more (and optionally replace the note)."""
        self.done += steps
        if note is not None:
            self.note = note
        if self._reporter is not None and time.monotonic() >= self._next:
            self._emit(False)

    def _emit(self, finished: bool) -> None:
        self._shown = True
        self._next = time.monotonic() + self._interval
        self._reporter(ProgressUpdate(self.name, self.done, self.total, self.unit, self.note, finished, self._ident))

    def close(self) -> None:
        """Send the final report (only if the task was shown)."""
        if self._reporter is not None and self._shown:
            self._emit(True)
        self._reporter = None

    def __enter__(self) -> Task:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def task(name: str, total: int | None = None, unit: str = "steps", interval: float | None = None) -> Task:
    """A :class:`Task` reporting to the reporter in force (a no-op when there is none).

    Parameters
    ----------
    name : str
        What runs, in words.
    total : int, optional
        Expected number of steps (or the limit that bounds them).
    unit : str
        What a step is.
    interval : float, optional
        Seconds before the first report and between reports (default: the
        ``interval`` of the enclosing :func:`reporting` block, else 0.2).
    """
    return Task(name, total, unit, _REPORTER.get(), _INTERVAL.get() if interval is None else interval)
