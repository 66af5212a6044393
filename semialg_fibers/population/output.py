"""The output of a census: rows appended as they finish, read back to resume, compacted (sorted) at the end.

A CSV output is itself the journal: every finished row is one line written
at once and flushed to the operating system (and to disk at most a second
later), so an interruption (Ctrl-C, a crash, a killed process) loses no
finished row; a line cut short by a crash is dropped when
the file is read again.  A Parquet output keeps its journal beside it (the
same CSV lines, in ``<output>.journal.csv``) and is rewritten atomically
(a temporary file, then a rename) when the census ends, so the Parquet file
is always whole.  Compaction sorts the rows by identity: the file is the same
whatever the order in which the rows finished.
"""

from __future__ import annotations

import csv
import io
import os
import time

__all__ = ["Output", "SYNC_SECONDS"]

#: Most seconds between two ``fsync`` of the journal (every row is flushed to the operating system at once).
SYNC_SECONDS = 1.0


def _read_csv(path: str) -> tuple[list[str] | None, list[dict]]:
    """Header and rows of a journal; a last line without its newline (cut by a crash) is dropped and cut off."""
    if not os.path.exists(path):
        return None, []
    with open(path, "rb") as handle:
        data = handle.read()
    if data and not data.endswith(b"\n"):
        data = data[: data.rfind(b"\n") + 1]
        with open(path, "r+b") as handle:
            handle.truncate(len(data))
    if not data:
        return None, []
    reader = csv.reader(io.StringIO(data.decode("utf-8"), newline=""))
    header = next(reader)
    return header, [dict(zip(header, values)) for values in reader if len(values) == len(header)]


def _line(row: dict, columns: list[str]) -> bytes:
    text = io.StringIO(newline="")
    csv.writer(text, lineterminator="\n").writerow([" ".join(str(row.get(c, "")).split()) for c in columns])
    return text.getvalue().encode("utf-8")


class Output:
    """The rows already in ``path`` (``.csv`` or ``.parquet``) and the journal new rows go to."""

    def __init__(self, path: str, columns: list[str]):
        self.path, self.columns = os.fspath(path), list(columns)
        self.parquet = self.path.endswith((".parquet", ".pq"))
        if not self.parquet and not self.path.endswith(".csv"):
            raise ValueError(f"census output {self.path!r}: expected a name ending in .csv or .parquet")
        self.journal = self.path + ".journal.csv" if self.parquet else self.path
        self.rows: dict[str, dict] = {}
        if self.parquet and os.path.exists(self.path):
            import pandas

            frame = pandas.read_parquet(self.path)
            self._check(list(frame.columns), self.path)
            for row in frame.astype(str).to_dict("records"):
                self.rows[row["identity"]] = row
        header, rows = _read_csv(self.journal)
        if header is not None:
            self._check(header, self.journal)
        for row in rows:
            self.rows[row["identity"]] = row
        self._handle = open(self.journal, "ab")
        self._synced = 0.0
        if header is None:
            self._write(_line(dict(zip(self.columns, self.columns)), self.columns))

    def _check(self, header: list[str], where: str) -> None:
        if header != self.columns:
            raise ValueError(f"census output {where!r} has the columns {', '.join(header)}; this census writes "
                             f"{', '.join(self.columns)} (run the same analyses, or choose another output)")

    def _write(self, data: bytes) -> None:
        self._handle.write(data)
        self._handle.flush()  # in the operating system's hands: survives Ctrl-C, a crash, kill -9
        now = time.monotonic()
        if now - self._synced >= SYNC_SECONDS:  # on disk: survives a machine crash, up to the last second
            os.fsync(self._handle.fileno())
            self._synced = now

    def append(self, row: dict) -> None:
        """Write one finished row to the journal, at once."""
        self._write(_line(row, self.columns))
        self.rows[row["identity"]] = {c: " ".join(str(row.get(c, "")).split()) for c in self.columns}

    def close(self) -> None:
        """Rewrite the output with every row sorted by identity (atomically); remove a Parquet journal."""
        self._handle.close()
        ordered = [self.rows[k] for k in sorted(self.rows)]
        temporary = self.path + ".tmp"
        if self.parquet:
            import pandas

            pandas.DataFrame(ordered, columns=self.columns, dtype=str).to_parquet(temporary, index=False)
        else:
            with open(temporary, "wb") as handle:
                handle.write(_line(dict(zip(self.columns, self.columns)), self.columns))
                for row in ordered:
                    handle.write(_line(row, self.columns))
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(temporary, self.path)
        if self.parquet and os.path.exists(self.journal):
            os.remove(self.journal)
