"""The longest silence of a command's progress: run one command line and time every progress update.

    python -m benchmarks.progress_gaps fiber NET.json --limit 50
    python -m benchmarks.progress_gaps --json laws NET.json
    python -m benchmarks.progress_gaps --live latex NET.json -o f.tex   # every update on stderr as it comes

The command runs in this process as ``semialg-fibers --progress ...`` would,
with the terminal bars replaced by a recorder of (time, task, count, note);
the output is the command's run time, the number of updates and the largest
gaps between consecutive updates (the start and the end of the command
count as updates), each with the update before and after it, and, after
every two seconds without an update, the library frames the command is in.
A gap of more than a couple of seconds is a step during which a terminal bar
freezes.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import sys
import threading
import time
import traceback

from semialg_fibers.render import bars

cli_main = importlib.import_module("semialg_fibers.cli.main")  # the module (the package exports its main function)


SILENCE = 2.0  # seconds without an update after which the watcher notes where the command is


def record(argv: list[str], live: bool = False) -> dict:
    """Run ``argv`` (a command line without the program name) and return the update times and the status."""
    start = time.monotonic()
    events: list[tuple[float, str, int, str]] = [(0.0, "start", 0, "")]

    class Recorder:
        def __init__(self, stream=None):
            pass

        def __call__(self, update):
            events.append((time.monotonic() - start, update.task, update.done, update.note))
            if live:  # so that a run stopped from outside still shows where it was silent
                print(f"{events[-1][0]:8.2f} {update.task} {update.done} {update.note}", file=sys.stderr, flush=True)

        def close(self):
            pass

    silent: list[tuple[float, str]] = []
    stop = threading.Event()
    main_thread = threading.get_ident()

    def watch() -> None:
        # Every ``SILENCE`` seconds without an update, note where the command is (library frames only).
        last_seen = 0
        while not stop.wait(0.25):
            now = time.monotonic() - start
            if now - events[-1][0] >= SILENCE and now - last_seen >= SILENCE:
                last_seen = now
                frame = sys._current_frames().get(main_thread)
                where = [f"{f.filename.split('semialg_fibers/')[-1]}:{f.lineno} {f.name}"
                         for f in traceback.extract_stack(frame) if "semialg_fibers/" in f.filename]
                silent.append((now, " < ".join(reversed(where[-4:]))))
                if live:
                    print(f"{now:8.2f} SILENT {silent[-1][1]}", file=sys.stderr, flush=True)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    previous = bars.TqdmReporter
    bars.TqdmReporter = Recorder
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            status = cli_main.main([*argv, "--progress"])
    finally:
        bars.TqdmReporter = previous
        stop.set()
    events.append((time.monotonic() - start, "end", 0, ""))
    return {"argv": argv, "status": status, "seconds": events[-1][0], "updates": len(events) - 2,
            "events": events, "silent": silent}


def gaps(events, top: int = 3) -> list[dict]:
    """The ``top`` largest gaps between consecutive events, largest first."""
    found = [{"gap": b[0] - a[0], "at": a[0], "before": a[1:], "after": b[1:]} for a, b in zip(events, events[1:])]
    return sorted(found, key=lambda g: -g["gap"])[:top]


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = argv[:1] == ["--json"]
    if as_json:
        argv = argv[1:]
    live = argv[:1] == ["--live"]
    if live:
        argv = argv[1:]
    result = record(argv, live)
    largest = gaps(result["events"])
    if as_json:
        print(json.dumps({k: v for k, v in result.items() if k != "events"} | {"gaps": largest}, default=str))
        return 0
    print(f"{' '.join(argv)}: exit {result['status']}, {result['seconds']:.1f} s, {result['updates']} updates")
    for g in largest:
        print(f"  gap {g['gap']:.1f} s at {g['at']:.1f} s: after {g['before']} before {g['after']}")
    for at, where in result["silent"]:
        print(f"  silent at {at:.1f} s in {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
