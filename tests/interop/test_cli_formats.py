"""The command line reads every supported format by its extension (cli/common.py, Context.load)."""

from __future__ import annotations

import pytest

from semialg_fibers import Network
from semialg_fibers.cli import main

NET = Network.from_layers([([[1, "-1/2"], ["1/4", 2]], [0, "-3/8"]), ([[1, -1]], ["1/2"])])


def _writers():
    writers = {"json": lambda p: p.write_text(NET.to_json()),
               "safetensors": lambda p: NET.to_safetensors(p)}
    try:
        import onnx  # noqa: F401
        writers["onnx"] = lambda p: NET.to_onnx(p)
    except ImportError:  # pragma: no cover - CI installs onnx
        pass
    try:
        import torch
        writers["pt"] = lambda p: torch.save(NET.to_torch().state_dict(), p)
    except ImportError:  # pragma: no cover - CI installs torch
        pass
    return writers


@pytest.mark.parametrize("suffix", ["json", "onnx", "safetensors", "pt"])
def test_info_and_eval_read_each_format_by_extension(suffix, tmp_path, capsys):
    writers = _writers()
    if suffix not in writers:
        pytest.skip(f"the writer of .{suffix} needs an optional package")
    path = tmp_path / f"net.{suffix}"
    writers[suffix](path)
    assert main(["eval", str(path), "--x", "1/2,-1"]) == 0
    out = capsys.readouterr().out
    expected = NET(["1/2", "-1"])[0]
    assert str(expected) in out, out
    assert main(["info", str(path)]) == 0
    assert "architecture: 2-2-1" in capsys.readouterr().out


def test_nnet_by_extension(tmp_path, capsys):
    path = tmp_path / "acas_like.nnet"
    path.write_text("// a 1-2-1 network\n2,1,1,2,\n1,2,1,\n0,\n-1,\n1,\n0,0,\n1,1,\n1.5,\n-0.5,\n0,\n0.25,\n1,1,\n0,\n")
    assert main(["eval", str(path), "--x", "1"]) == 0
    assert "3/2" in capsys.readouterr().out


def test_a_broken_binary_file_exits_2_naming_the_file(tmp_path, capsys):
    path = tmp_path / "broken.onnx"
    path.write_bytes(b"\xff\xfe not onnx")
    pytest.importorskip("onnx")
    assert main(["info", str(path)]) == 2
    err = capsys.readouterr().err
    assert "broken.onnx" in err and "not an ONNX model" in err
