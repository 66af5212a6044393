"""The repository stands on its own: no pointer to files of a development workspace, no broken link.

Scans README.md, docs/, semialg_fibers/, tests/ and benchmarks/ for references
that only make sense outside the repository (a path into the workspace's shared
folder, the workspace's specification by its short name, theorems of the
papers' summaries), and checks that every relative markdown link
``[text](target)`` in README.md and docs/ points to a file or directory that
exists in the repository.  The mathematics belongs in docs/mathematics.md and
docs/theory/, and papers are cited by title and arXiv number.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("README.md", "docs", "semialg_fibers", "tests", "benchmarks")
SUFFIXES = {".md", ".py", ".txt", ".toml", ".cfg", ".json", ".ini", ".rst"}
# Assembled so that this file does not contain the phrases it forbids.  The second is the
# specification's name as a word in capitals (any use: "... section 3", "(... flat order)").
FORBIDDEN = (re.compile(r"\.\./" + "shared"), re.compile(r"\b" + "SP" + r"EC\b"),
             re.compile("se" + r"eds?\s+Theorems?", re.IGNORECASE))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _files(suffixes=SUFFIXES):
    for name in SCANNED:
        path = ROOT / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in candidates:
            if file.is_file() and file.suffix in suffixes and "__pycache__" not in file.parts:
                yield file


def _markdown_files():
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def _is_external(target: str) -> bool:
    return bool(re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target)) or target.startswith(("#", "//"))


def test_no_reference_to_the_development_workspace():
    hits = []
    for file in _files():
        text = file.read_text(encoding="utf-8", errors="replace")
        for pattern in FORBIDDEN:
            for match in pattern.finditer(text):  # whole text: a phrase may wrap across lines
                number = text.count("\n", 0, match.start()) + 1
                hits.append(f"{file.relative_to(ROOT)}:{number}: {match.group(0)!r}")
    assert not hits, "references outside the repository:\n" + "\n".join(hits)


@pytest.mark.parametrize("markdown", _markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_point_to_files_in_the_repository(markdown):
    broken = []
    for target in LINK.findall(markdown.read_text(encoding="utf-8")):
        if _is_external(target):
            continue
        path = (markdown.parent / target.split("#", 1)[0]).resolve()
        if not path.is_relative_to(ROOT) or not path.exists():
            broken.append(target)
    assert not broken, f"{markdown.relative_to(ROOT)} links to missing files: {broken}"


def test_the_scan_sees_the_files_it_should():
    """Guard against a scan that silently checks nothing (e.g. after a move of the docs)."""
    scanned = {f.relative_to(ROOT).as_posix() for f in _files()}
    assert {"README.md", "docs/mathematics.md", "docs/theory/shallow.md", "semialg_fibers/core/network.py",
            "tests/docs/test_docs_self_contained.py"} <= scanned
    assert LINK.findall("see [the page](docs/x.md#y) and [web](https://example.org)") == ["docs/x.md#y",
                                                                                          "https://example.org"]
    assert all(p.search(s) for p, s in zip(FORBIDDEN, ("../" + "shared/docs", "(" + "SP" + "EC flat order)",
                                                       "se" + "ed\nTheorems 3 and 4")))
    assert not FORBIDDEN[1].search("SP" + "EC_ORBIT = 1; spec_orbit_example(); random seeds")
