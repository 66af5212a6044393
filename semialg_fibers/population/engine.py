"""Analysing one network within a deadline and a memory bound: the task every census runs.

:func:`analyse` forks a child process (when a deadline or a memory bound is
asked for; otherwise the analyses run in the calling process, without the
cost of a fork) that loads the network and runs the analyses one after the
other, sending each finished value to the parent as it completes.  The parent waits until the deadline and then kills the child:
the finished analyses keep their values, the others get the status
``timeout``.  The child's address space is bounded (``RLIMIT_AS``), so an
analysis that exhausts memory ends as ``not decided: out of memory`` (or, if
the child is killed for it, as an error naming the signal) without touching
the worker.  Without ``os.fork`` (Windows) the analyses run in the calling
process with no deadline.  No Dask here: this is the plain function Dask
ships to its workers.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import sys
import time
from dataclasses import dataclass

from ..core.exact import unlimited_int_digits
from ..core.exceptions import NotDecidedError
from ..core.limits import InputLimits, SearchLimits, input_limits
from .sources import Item, load

__all__ = ["Task", "analyse", "analyse_batch", "columns", "OK", "TIMEOUT"]

OK, TIMEOUT = "ok", "timeout"
_FRAME = struct.Struct("!I")


@dataclass(frozen=True)
class Task:
    """What a worker needs besides the item: the analyses (name, function), limits, deadline, memory bound."""

    analyses: tuple
    limits: SearchLimits
    timeout: float | None = None
    memory: int | None = None  # bytes of new address space the child may take; None: no bound
    input_limits: InputLimits | None = None  # reading files (None: the defaults)
    numbers: str = "decimal"  # JSON numbers: the exact decimal they spell, or "float64"


def columns(names) -> list[str]:
    """The columns of a census table with the analyses ``names``, in order."""
    out = ["identity", "file", "checkpoint", "seed", "index", "architecture", "status", "seconds"]
    for name in names:
        out += [name, f"{name}_status", f"{name}_seconds"]
    return out


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:500] if text else type(exc).__name__


def _status(exc: BaseException) -> str:
    if isinstance(exc, NotDecidedError):
        return "not decided: " + _one_line(exc)
    if isinstance(exc, MemoryError):
        return "not decided: out of memory"
    if isinstance(exc, RecursionError):
        return "error: RecursionError: " + _one_line(exc)
    return f"error: {type(exc).__name__}: {_one_line(exc)}"


def _results(item: Item, task: Task):
    """(name, value, status, seconds) for the network, then for each analysis in order."""
    start = time.perf_counter()
    try:
        with input_limits(task.input_limits):
            net = load(item, numbers=task.numbers)
    except Exception as exc:  # noqa: BLE001 - an unreadable network is this row's status
        yield "architecture", "", _status(exc), time.perf_counter() - start
        return
    yield "architecture", "-".join(map(str, net.architecture)), OK, time.perf_counter() - start
    for name, function in task.analyses:
        start = time.perf_counter()
        try:
            value, status = " ".join(str(function(net, task.limits)).split()), OK
        except Exception as exc:  # noqa: BLE001 - any failure of one analysis is its status, never the census's
            value, status = "", _status(exc)
        yield name, value, status, time.perf_counter() - start


def _libc():
    """The C library, loaded once in the worker (not in each child), for ``prctl``; None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None)
    except (OSError, ImportError):
        return None


_LIBC = _libc()


def _die_with_parent() -> None:
    """Linux: the child is killed when the worker dies (a killed worker leaves no orphan computing)."""
    try:
        if _LIBC is not None:
            _LIBC.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _bound_memory(extra: int | None) -> None:
    if extra is None:
        return
    import resource

    try:
        with open("/proc/self/statm") as handle:
            current = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        current = 0
    limit = current + extra
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _close_other_files(keep: int) -> None:
    """Close the child's copies of the worker's files, sockets and pipes (another thread's pipe among them, whose
    reader would otherwise wait for this child too)."""
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        return
    for fd in fds:
        if fd > 2 and fd != keep:
            try:
                os.close(fd)
            except OSError:
                pass


def _child(item: Item, task: Task, fd: int) -> None:
    _close_other_files(fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    _bound_memory(task.memory)
    with unlimited_int_digits():
        for result in _results(item, task):
            data = pickle.dumps(result)
            os.write(fd, _FRAME.pack(len(data)) + data)


def _frames(buffer: bytearray) -> list:
    out = []
    while len(buffer) >= _FRAME.size:
        (size,) = _FRAME.unpack_from(buffer)
        if len(buffer) < _FRAME.size + size:
            break
        out.append(pickle.loads(bytes(buffer[_FRAME.size:_FRAME.size + size])))
        del buffer[:_FRAME.size + size]
    return out


def _forked(item: Item, task: Task) -> tuple[list, str]:
    """The results the child sent before it ended or the deadline passed, and why it stopped early ('' if not)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 0
        try:
            os.close(read)
            _child(item, task, write)
        except BaseException:  # noqa: BLE001 - nothing may escape into the worker's copy of the stack
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    deadline = None if task.timeout is None else time.monotonic() + task.timeout
    results, buffer, stopped = [], bytearray(), ""
    try:
        while True:
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                stopped = TIMEOUT
                break
            ready, _, _ = select.select([read], [], [], wait)
            if not ready:
                continue
            chunk = os.read(read, 1 << 16)
            if not chunk:
                break
            buffer += chunk
            results += _frames(buffer)
    finally:
        if stopped or sys.exc_info()[0] is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _, status = os.waitpid(pid, 0)
        os.close(read)
    if not stopped and os.WIFSIGNALED(status):
        stopped = f"error: the analysis process was killed by signal {os.WTERMSIG(status)} (out of memory?)"
    elif not stopped and len(results) < len(task.analyses) + 1:
        stopped = "error: the analysis process ended early (exit status " \
                  f"{os.waitstatus_to_exitcode(status)})"
    return results, stopped


def analyse(item: Item, task: Task) -> dict:
    """The census row of ``item``: identity, architecture, and value, status and seconds of every analysis.

    Every value is a string; ``status`` is ``ok`` or the first status that is
    not, prefixed by the analysis's name.

    Examples
    --------
    >>> from semialg_fibers import Network, SearchLimits
    >>> from semialg_fibers.population.analyses import ANALYSES
    >>> item = Item("network:0", network=Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]))
    >>> row = analyse(item, Task((("fiber_dimension", ANALYSES["fiber_dimension"]),), SearchLimits(), timeout=60))
    >>> row["architecture"], row["fiber_dimension"], row["fiber_dimension_status"], row["status"]
    ('1-2-1', '2 (proven)', 'ok', 'ok')
    """
    start = time.perf_counter()
    if hasattr(os, "fork") and (task.timeout is not None or task.memory is not None):
        results, stopped = _forked(item, task)
    else:  # nothing to bound (or no way to stop a computation here): run it in this process, without a fork
        with unlimited_int_digits():
            results, stopped = list(_results(item, task)), ""
    row = item.identity_columns()
    row.update(architecture="", status=OK)
    for name, _ in task.analyses:
        row.update({name: "", f"{name}_status": "", f"{name}_seconds": ""})
    done = {}
    for name, value, status, seconds in results:
        done[name] = status
        if name == "architecture":
            row["architecture"] = value
            if status != OK:
                row["status"] = f"load: {status}"
                for other, _ in task.analyses:
                    row[f"{other}_status"] = "not run: the network was not read"
            continue
        row.update({name: value, f"{name}_status": status, f"{name}_seconds": f"{seconds:.3f}"})
    if row["status"] == OK:
        for name, _ in task.analyses:
            status = done.get(name, stopped or TIMEOUT)
            row[f"{name}_status"] = status
            if status != OK and row["status"] == OK:
                row["status"] = f"{name}: {status}"
        if stopped and "architecture" not in done:
            row["status"] = f"load: {stopped}"
    row["seconds"] = f"{time.perf_counter() - start:.3f}"
    return row


def analyse_batch(items: list, task: Task) -> list[dict]:
    """The rows of several items, in order: one Dask task for networks too small to be worth a task each."""
    return [analyse(item, task) for item in items]
