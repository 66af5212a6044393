"""ruff is clean; mypy reports no error outside its baseline, and the baseline only shrinks.

Both are configured in ``pyproject.toml``.  The mypy baseline (``tests/mypy_baseline.txt``) lists the errors the
code had when type checking was introduced, one per line as ``path: [code] message`` (no line numbers, so that
moving code does not disturb it).  A new error fails the test; an error that is fixed must leave the baseline too
(the test says which lines to delete), so the baseline can only shrink.
"""

from __future__ import annotations

import collections
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "tests" / "mypy_baseline.txt"
_ERROR = re.compile(r"^(?P<path>[^:]+):\d+(?::\d+)?: error: (?P<message>.*?)\s+\[(?P<code>[a-z-]+)\]$")


def _tool(name: str):
    if importlib.util.find_spec(name) is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")


def test_ruff_is_clean():
    _tool("ruff")
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "semialg_fibers", "tests",
                             "benchmarks", "scripts", "examples", "mkdocs_hooks.py"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def mypy_errors() -> collections.Counter:
    """The errors mypy reports on the package, as ``path: [code] message`` lines."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--hide-error-context",
                             "--no-pretty", "--show-column-numbers"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode not in (0, 1) or result.stderr.strip():
        pytest.fail(f"mypy did not run: {result.stderr.strip() or result.stdout[-2000:]}")
    errors = collections.Counter()
    for line in result.stdout.splitlines():
        match = _ERROR.match(line.strip())
        if match:
            errors[f"{match['path']}: [{match['code']}] {match['message']}"] += 1
    return errors


def test_mypy_reports_nothing_outside_the_baseline_and_the_baseline_only_shrinks():
    _tool("mypy")
    found = mypy_errors()
    baseline = collections.Counter(line for line in BASELINE.read_text(encoding="utf-8").splitlines()
                                   if line.strip() and not line.startswith("#"))
    new = found - baseline
    fixed = baseline - found
    assert not new, "new mypy errors (fix them; the baseline only shrinks):\n" + "\n".join(sorted(new.elements()))
    assert not fixed, ("fixed mypy errors: delete these lines from tests/mypy_baseline.txt:\n"
                       + "\n".join(sorted(fixed.elements())))
