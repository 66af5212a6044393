"""A census of a population of networks: the exact analyses over many, in local worker processes or on Dask.

:func:`census` is also ``semialg_fibers.census``.

:func:`census` runs every analysis of :data:`~.analyses.ANALYSES` asked for on
every network, one Dask task per network (local processes by default; a
``distributed.Client`` when given; ``workers=0`` is the serial loop in this
process), and returns a pandas DataFrame with one row per network.  Dask,
pandas and pyarrow (the optional extra ``census``) are imported here only,
when a census runs; the rest of the library never imports them.

User guide: ``docs/census.md``.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import uuid

from ..core.limits import SearchLimits, resolve
from .analyses import ANALYSES, DEFAULT_ANALYSES, EquivalentTo, analysis
from .engine import OK, TIMEOUT, Task, analyse, analyse_batch, columns
from .output import Output
from .sources import Item, RandomNetworks, items

__all__ = ["census", "ANALYSES", "DEFAULT_ANALYSES", "EquivalentTo", "RandomNetworks", "Item", "analyse",
           "analyse_batch", "Task",
           "columns", "parse_bytes", "OK", "TIMEOUT"]

_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12, "kib": 2**10, "mib": 2**20,
          "gib": 2**30, "tib": 2**40}


def parse_bytes(value) -> int | None:
    """Bytes of ``value``: an int, or a string such as ``"2GB"`` or ``"512 MiB"``; None stays None.

    >>> parse_bytes("2GB"), parse_bytes("512 MiB"), parse_bytes(1000), parse_bytes(None)
    (2000000000, 536870912, 1000, None)
    """
    if value is None or isinstance(value, int):
        return value
    match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zA-Z]*)\s*", str(value))
    if not match or match.group(2).lower() not in _UNITS:
        raise ValueError(f"expected a memory size such as 2GB or 512MiB, got {value!r}")
    return int(float(match.group(1)) * _UNITS[match.group(2).lower()])


def _analyses(names, reference) -> tuple:
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    out = []
    for entry in names:
        if isinstance(entry, tuple):
            out.append(entry)
        else:
            out.append((entry, analysis(entry, reference=reference)))
    if len({name for name, _ in out}) != len(out):
        raise ValueError(f"census: an analysis is named twice in {[name for name, _ in out]}")
    return tuple(out)


def _frame(rows: list[dict], names: list[str]):
    import pandas

    frame = pandas.DataFrame(rows, columns=columns(names), dtype=str)
    for column in ["seconds"] + [f"{n}_seconds" for n in names]:
        frame[column] = pandas.to_numeric(frame[column], errors="coerce")
    frame["index"] = frame["index"].astype(int)
    return frame.reset_index(drop=True)


def _serial(todo, task, finished) -> None:
    for item in todo:
        finished(item, analyse(item, task))


def _lost(item: Item, task: Task, exc: BaseException) -> dict:
    """The row of a network whose task failed as a whole (its workers died ``allowed-failures`` times)."""
    row = item.identity_columns()
    status = f"error: {type(exc).__name__}: {' '.join(str(exc).split())[:500]}"
    row.update(architecture="", status=status, seconds="")
    for name, _ in task.analyses:
        row.update({name: "", f"{name}_status": status, f"{name}_seconds": ""})
    return row


def _distributed(todo, task, finished, client, workers, memory, batch: int) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise ImportError("census with workers needs Dask: pip install 'semialg-fibers[census]' "
                          "(or workers=0 for the serial loop)") from exc
    cluster = None
    if client is None:
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                               memory_limit=memory if memory is not None else "auto", dashboard_address=":0",
                               silence_logs=logging.ERROR)
        client = Client(cluster)
    run = uuid.uuid4().hex[:8]
    futures = {}
    try:
        for position in range(0, len(todo), batch):
            chunk = todo[position:position + batch]
            futures[client.submit(analyse_batch, chunk, task, key=f"census-{run}-{position}", pure=False)] = chunk
        for future in as_completed(list(futures)):
            chunk = futures[future]
            try:
                rows = future.result()
            except Exception as exc:  # noqa: BLE001 - KilledWorker and the like: the rows say so
                rows = [_lost(item, task, exc) for item in chunk]
            for item, row in zip(chunk, rows):
                finished(item, row)
    finally:
        if futures:
            client.cancel(list(futures))
        if cluster is not None:
            client.close()
            cluster.close()


def census(networks, analyses=DEFAULT_ANALYSES, *, client=None, workers: int | None = None,
           limits: SearchLimits | None = None, timeout: float | None = None, memory_limit=None,
           output=None, progress: bool = False, reference=None, input_limits=None, numbers: str = "decimal",
           batch: int = 1):
    """Run exact analyses over many networks; one row per network, exact values as strings.

    Parameters
    ----------
    networks : iterable of Network, folder, glob, file name, or RandomNetworks
        A folder is searched for ``.json`` (and ``.pt``, ``.pth``, ``.onnx``) files; a
        checkpoint series is a folder of checkpoints (the ``checkpoint``
        column is the file name without its suffix).
    analyses : sequence of str (or of (name, function) pairs), or a comma-separated str
        Names of :data:`ANALYSES`, and ``"equivalent"`` (with ``reference``).
        A function takes a Network and a SearchLimits and returns a string.
    client : distributed.Client, optional
        Run on this Dask cluster.  Without it, a local cluster of ``workers``
        processes is started (and stopped at the end).
    workers : int, optional
        Worker processes of the local cluster (default: the number of CPUs);
        ``0`` runs the serial loop in this process (no Dask).
    limits : SearchLimits, optional
        The bounds of every search (default: the limits in force).
    timeout : float, optional
        Seconds per network: the analyses not finished by then have the
        status ``timeout`` (the finished ones keep their values).
    memory_limit : int or str, optional
        Memory per worker (``"2GB"``): the local cluster's ``memory_limit``
        and the address space each analysis may add.
    output : str, optional
        A ``.csv`` or ``.parquet`` file.  Rows are appended as they finish;
        networks already in it are skipped (resume after an interruption or
        a crash); at the end it holds every row, sorted by identity.
    progress : bool
        A progress bar on standard error, advancing per network.
    reference : Network, optional
        The network of the analysis ``equivalent``.
    input_limits : InputLimits, optional
        The limits of reading each file (default :class:`~semialg_fibers.core.limits.InputLimits`).
    numbers : {"decimal", "float64"}
        JSON numbers: the exact decimal they spell, or the IEEE double they round to.
    batch : int
        Networks per Dask task (default 1).  For networks whose analyses take
        milliseconds, a task each costs more than the analyses; the rows of a
        batch are written when the whole batch is done.

    Returns
    -------
    pandas.DataFrame
        One row per network of ``networks`` (also those read back from
        ``output``), sorted by ``identity``: ``identity``, ``file``,
        ``checkpoint``, ``seed``, ``index``, ``architecture``, ``status``
        (``ok``, or the first other status with its analysis),
        ``seconds``, and for each analysis its value, ``<name>_status``
        (``ok``, ``not decided: reason``, ``timeout``,
        ``error: type: message``) and ``<name>_seconds``.

    Raises
    ------
    ValueError
        An unknown analysis, or an output written with other analyses.
    ImportError
        pandas (always) or Dask (unless ``workers=0``) is missing: the extra ``census``.

    Examples
    --------
    >>> from semialg_fibers import Network
    >>> nets = [Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])]),
    ...         Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])]
    >>> table = census(nets, ["identifiability", "fiber_dimension"], workers=0)
    >>> print(table[["architecture", "identifiability", "fiber_dimension", "status"]].to_string(index=False))
    architecture                 identifiability fiber_dimension status
           1-2-1                    identifiable      2 (proven)     ok
         2-2-1-1 not identifiable: hidden column      4 (proven)     ok
    """
    try:
        import pandas  # noqa: F401 - the table; checked before any work
    except ImportError as exc:
        raise ImportError("census needs pandas: pip install 'semialg-fibers[census]'") from exc
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise ValueError(f"census: batch must be a positive int, got {batch!r}")
    chosen = _analyses(analyses, reference)
    names = [name for name, _ in chosen]
    memory = parse_bytes(memory_limit)
    task = Task(chosen, resolve(limits), None if timeout is None else float(timeout), memory, input_limits, numbers)
    wanted = items(networks)
    store = Output(output, columns(names)) if output is not None else None
    rows: dict[str, dict] = dict(store.rows) if store is not None else {}
    todo = [item for item in wanted if item.identity not in rows]
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(wanted), initial=len(wanted) - len(todo), unit="network", desc="census",
                   file=sys.stderr)

    def finished(item: Item, row: dict) -> None:
        rows[item.identity] = row
        if store is not None:
            store.append(row)
        if bar is not None:
            bar.update(1)

    try:
        if workers == 0 and client is None:
            _serial(todo, task, finished)
        elif todo:
            _distributed(todo, task, finished, client, workers, memory, batch)
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.close()
    identities = sorted(item.identity for item in wanted)
    return _frame([rows[i] for i in identities if i in rows], names)
