"""The tour notebook in docs/ runs from top to bottom (nbclient) and its values display."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "docs" / "tour.ipynb"


def test_tour_notebook_runs():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("matplotlib")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), "store it without outputs"
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    shown = [o["data"] for o in outputs if o.output_type in ("execute_result", "display_data")]
    assert any("text/html" in d and "Fiber" in d["text/html"] for d in shown)
    assert any("text/latex" in d for d in shown)
    assert any("image/png" in d for d in shown)
