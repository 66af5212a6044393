"""The PyTorch worked example runs (when PyTorch is installed) and docs/torch.md shows it verbatim."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "train_and_analyse.py"


def test_the_page_shows_the_script_as_it_is():
    assert SCRIPT.read_text() in (ROOT / "docs" / "torch.md").read_text()


@pytest.mark.slow  # about 12 s (600 Adam steps, torch.optim's first import); tests/interop trains in under 1 s
def test_the_example_trains_and_analyses(capsys):
    pytest.importorskip("torch")
    runpy.run_path(str(SCRIPT), run_name="__main__")
    out = capsys.readouterr().out
    assert "identifiable on R^2:" in out and "fiber dimension on the orthant:" in out
    # the numbers the page quotes
    page = (ROOT / "docs" / "torch.md").read_text()
    for line in out.splitlines()[1:]:
        assert line in page, line
