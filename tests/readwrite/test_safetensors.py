"""safetensors in and out (semialg_fibers/readwrite/safetensors.py), against the reference ``safetensors`` package.

The library parses and writes the format itself; the reference package writes the files it reads (and reads the
files it writes), and the entries are compared one by one with the arrays handed to it.
"""

from __future__ import annotations

import json
import struct
from fractions import Fraction

import pytest

from semialg_fibers import InputLimitError, MalformedNetworkError, Network
from semialg_fibers.core.exceptions import InexactOutputError
from semialg_fibers.core.limits import input_limits
from semialg_fibers.readwrite.safetensors import read_safetensors

np = pytest.importorskip("numpy")
st_numpy = pytest.importorskip("safetensors.numpy")


def _arrays(seed: int, dtype) -> dict:
    rng = np.random.default_rng(seed)
    shapes = {"layers.0": (4, 3), "layers.1": (5, 4), "layers.10": (2, 5)}  # natural order: 0, 1, 10
    out = {}
    for name, shape in shapes.items():
        spread = 6 if dtype == np.float16 else 20
        out[f"{name}.weight"] = (rng.standard_normal(shape) * 2.0 ** rng.integers(-spread, spread, shape)).astype(dtype)
        out[f"{name}.bias"] = rng.standard_normal(shape[0]).astype(dtype)
    return out


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_files_written_by_the_reference_package_are_read_exactly(dtype, tmp_path):
    arrays = _arrays(1, np.dtype(dtype))
    path = tmp_path / "net.safetensors"
    st_numpy.save_file(arrays, str(path), metadata={"format": "np"})
    net = Network.from_safetensors(path)
    assert net.architecture == (3, 4, 5, 2)
    for layer, name in zip(net.layers, ("layers.0", "layers.1", "layers.10")):
        w, b = arrays[f"{name}.weight"], arrays[f"{name}.bias"]
        assert layer.weight == tuple(tuple(Fraction(float(v)) for v in row) for row in w.tolist())
        assert layer.bias == tuple(Fraction(float(v)) for v in b.tolist())
    assert Network.from_file(path) == net == Network.from_safetensors(path.read_bytes())


def test_bfloat16_and_torch_state_dicts():
    torch = pytest.importorskip("torch")
    st_torch = pytest.importorskip("safetensors.torch")
    torch.manual_seed(2)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1)).to(torch.bfloat16)
    net = Network.from_safetensors(st_torch.save(model.state_dict()))
    assert net == Network.from_torch(model)
    assert net.layers[0].weight[1][2] == Fraction(model[0].weight[1, 2].float().item())


def test_files_written_by_the_library_are_read_by_the_reference_package(tmp_path):
    net = Network.from_layers([([[1, "-1/2"], ["3/1024", 0], [2, 2]], ["0.25", -3, 0]), ([[1, "-7/8", 4]], ["5/4"])])
    for dtype in ("F32", "F64"):
        data = net.to_safetensors(tmp_path / "out.safetensors", dtype=dtype)
        loaded = st_numpy.load(data)
        assert list(loaded) == ["0.bias", "0.weight", "2.bias", "2.weight"] or set(loaded) == {
            "0.weight", "0.bias", "2.weight", "2.bias"}
        assert loaded["0.weight"].dtype == (np.float32 if dtype == "F32" else np.float64)
        for index, layer in enumerate(net.layers):
            assert [[Fraction(float(v)) for v in row] for row in loaded[f"{2 * index}.weight"].tolist()] == \
                [list(row) for row in layer.weight]
            assert [Fraction(float(v)) for v in loaded[f"{2 * index}.bias"].tolist()] == list(layer.bias)
        assert Network.from_safetensors(tmp_path / "out.safetensors") == net
    with pytest.raises(InexactOutputError, match="1/3 is not representable in F32"):
        Network.from_layers([([["1/3"]], [0])]).to_safetensors()


def _file(header: dict, body: bytes = b"", size: int | None = None) -> bytes:
    text = json.dumps(header).encode()
    return struct.pack("<Q", len(text) if size is None else size) + text + body


F32_PAIR = struct.pack("<2f", 1.0, 2.0)
HOSTILE = [
    ("too short", b"\x01\x02", MalformedNetworkError, "starts with an 8-byte header length"),
    ("huge header", _file({}, size=2**63), InputLimitError, "header claims 9223372036854775808 bytes"),
    ("header beyond the file", _file({}, size=500), MalformedNetworkError, "the file has 2 after the length"),
    ("header not json", struct.pack("<Q", 3) + b"{[}", MalformedNetworkError, "the safetensors header: invalid JSON"),
    ("unknown dtype", _file({"0.weight": {"dtype": "C64", "shape": [1, 1], "data_offsets": [0, 8]}}, b"\0" * 8),
     MalformedNetworkError, "has dtype 'C64'"),
    ("huge shape", _file({"0.weight": {"dtype": "F32", "shape": [10**8, 10**8], "data_offsets": [0, 8]}}, F32_PAIR),
     InputLimitError, r"has shape \(100000000, 100000000\)"),
    ("offsets beyond the data", _file({"0.weight": {"dtype": "F32", "shape": [1, 2], "data_offsets": [0, 80]}},
                                      F32_PAIR), MalformedNetworkError, r"data_offsets \[0, 80\] do not hold 2"),
    ("offsets not the shape", _file({"0.weight": {"dtype": "F32", "shape": [1, 1], "data_offsets": [0, 8]}}, F32_PAIR),
     MalformedNetworkError, "do not hold 1 entries of F32"),
    ("negative offset", _file({"0.weight": {"dtype": "F32", "shape": [1, 2], "data_offsets": [-8, 0]}}, F32_PAIR),
     MalformedNetworkError, "expected nonnegative integers"),
    ("nan", _file({"0.weight": {"dtype": "F32", "shape": [1, 2], "data_offsets": [0, 8]}},
                  struct.pack("<2f", 1.0, float("nan"))), MalformedNetworkError, r"0.weight\[1\] is nan"),
    ("not a linear layer", _file({"bn.running_var": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}, F32_PAIR),
     MalformedNetworkError, "'bn.running_var' is not the weight or bias of a Linear layer"),
]


@pytest.mark.parametrize("name, data, error, message", HOSTILE, ids=[c[0] for c in HOSTILE])
def test_hostile_files_are_refused_with_a_typed_one_line_error(name, data, error, message, tmp_path):
    path = tmp_path / "hostile.safetensors"
    path.write_bytes(data)
    with pytest.raises(error, match=message) as info:
        Network.from_file(path)
    assert "\n" not in str(info.value)


def test_the_file_size_is_checked_before_reading(tmp_path):
    path = tmp_path / "net.safetensors"
    Network.from_layers([([[1, 2]], [0])]).to_safetensors(path)
    with input_limits(bytes=32), pytest.raises(InputLimitError, match="above the input limit bytes = 32"):
        read_safetensors(path)
