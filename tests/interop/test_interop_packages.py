"""CI installs the optional interop packages, so that no PyTorch, ONNX or safetensors test is skipped there.

``.ci/run`` sets ``SEMIALG_FIBERS_REQUIRE_INTEROP=1``; with it, a missing package fails here instead of turning the
interop tests into skips.  Elsewhere the packages stay optional.
"""

from __future__ import annotations

import importlib
import os

import pytest


@pytest.mark.parametrize("package", ["torch", "onnx", "onnx.reference", "safetensors", "numpy"])
def test_ci_has_the_interop_packages(package):
    if not os.environ.get("SEMIALG_FIBERS_REQUIRE_INTEROP"):
        pytest.skip("the interop packages are required only in CI (.ci/run sets SEMIALG_FIBERS_REQUIRE_INTEROP)")
    importlib.import_module(package)


def test_the_core_does_not_import_the_interop_packages():
    """Importing the library and reading a JSON network loads none of torch, onnx, safetensors."""
    import subprocess
    import sys

    code = ("import sys, semialg_fibers as s\n"
            "s.Network.from_json('{\"layers\": [{\"weight\": [[1]], \"bias\": [0]}]}')\n"
            "print(sorted(m for m in ('torch', 'onnx', 'safetensors', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out
