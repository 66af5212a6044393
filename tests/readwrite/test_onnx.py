"""ONNX in and out (semialg_fibers/readwrite/onnx.py), checked against onnx.reference and against the stored arrays.

Two independent checks: (1) the exact network read from a model is evaluated exactly and compared with
``onnx.reference.ReferenceEvaluator`` running the model itself on random inputs, to a float-rounding bound
computed from the network's absolute values; (2) the exact entries are compared with the arrays stored in the file
(``Fraction(float)`` of each, with the exporter's transposes and scalings undone by hand), or with the PyTorch
module that was exported.
"""

from __future__ import annotations

import io
import random
import warnings
from fractions import Fraction

import pytest
from strategies import random_network

from semialg_fibers import InputLimitError, MalformedNetworkError, Network, ShapeError
from semialg_fibers.core.exceptions import InexactOutputError
from semialg_fibers.core.limits import input_limits

onnx = pytest.importorskip("onnx")
np = pytest.importorskip("numpy")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402
from onnx.reference import ReferenceEvaluator  # noqa: E402

FLOAT = TensorProto.FLOAT


def _bound(net: Network, x, unit: float) -> float:
    """A float-rounding bound: (depth * (width + 2)) units of the magnitude of |W| |x| + |b| through the layers."""
    magnitude = [abs(v) for v in x]
    for layer in net.layers:
        magnitude = [sum((abs(w) * v for w, v in zip(row, magnitude)), abs(b)) for row, b in zip(layer.weight,
                                                                                                 layer.bias)]
    width = max(net.architecture) + 2
    return 4 * net.depth * width * unit * float(max(magnitude, default=0) + 1)


def _agrees_with_reference(net: Network, model, shape, seed: int = 0, count: int = 12, dtype=np.float32) -> None:
    rng = np.random.default_rng(seed)
    session = ReferenceEvaluator(model)
    name = model.graph.input[0].name
    unit = 2.0**-24 if dtype == np.float32 else 2.0**-53
    x = (rng.standard_normal((count, *shape)) * 4).astype(dtype)
    (y,) = session.run(None, {name: x})
    for row, out in zip(x.reshape(count, -1), y.reshape(count, -1)):
        point = [Fraction(float(v)) for v in row]
        exact = net(point)
        bound = _bound(net, point, unit)
        for a, b in zip(exact, out.tolist()):
            assert abs(float(a) - b) <= bound, (point, exact, out, bound)


def _model(nodes, inputs, initializers, output="y", opset=13):
    graph = helper.make_graph(nodes, "g", inputs, [helper.make_tensor_value_info(output, FLOAT, [None, None])],
                              initializer=[numpy_helper.from_array(np.asarray(a), name) for name, a in initializers])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 7
    return model


def _input(name="x", shape=("n", 3)):
    return helper.make_tensor_value_info(name, FLOAT, list(shape))


def _exact(array) -> list:
    return [[Fraction(float(v)) for v in row] for row in np.asarray(array, dtype=np.float64).tolist()]


# ----------------------------------------------------------------------------- written by the library
@pytest.mark.parametrize("architecture", [(1, 1), (2, 3, 1), (3, 4, 2, 2), (4, 5, 5, 3, 1)], ids=str)
def test_to_onnx_reads_back_exactly_and_runs_as_the_exact_network(architecture):
    rng = random.Random(sum(architecture))
    net = random_network(rng, architecture)
    net = Network.from_layers([([[w / 8 for w in row] for row in layer.weight], [b / 4 for b in layer.bias])
                               for layer in net.layers])  # dyadic entries: float32 holds them
    for dtype in ("float32", "float64"):
        model = net.to_onnx(dtype=dtype)
        assert Network.from_onnx(model) == net
        assert Network.from_onnx(model.SerializeToString()) == net
        _agrees_with_reference(net, model, (net.input_dim,), dtype=np.float32 if dtype == "float32" else np.float64)
    onnx.checker.check_model(onnx.shape_inference.infer_shapes(model), full_check=True)


def test_to_onnx_refuses_or_rounds_entries_float32_cannot_hold(tmp_path):
    third = Network.from_layers([([["1/3"]], [0]), ([[1]], [0])])
    with pytest.raises(InexactOutputError, match=r"layers\[0\].weight entry 0 = 1/3 is not representable in float32"):
        third.to_onnx()
    rounded = Network.from_onnx(third.to_onnx(tmp_path / "third.onnx", exact=False))
    assert abs(rounded.layers[0].weight[0][0] - Fraction(1, 3)) <= Fraction(1, 2**26)
    assert Network.from_onnx(tmp_path / "third.onnx") == rounded == Network.from_file(tmp_path / "third.onnx")
    with pytest.raises(InexactOutputError, match="beyond the range of float32"):
        Network.from_layers([([[2**130]], [0])]).to_onnx()


# ----------------------------------------------------------------------------- exported by PyTorch
def _torch_export(module, example, dynamic: bool, folding: bool = True):
    torch = pytest.importorskip("torch")
    buffer = io.BytesIO()
    axes = {"x": {0: "n"}, "y": {0: "n"}} if dynamic else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(module, (example,), buffer, dynamo=False, input_names=["x"], output_names=["y"],
                          dynamic_axes=axes, do_constant_folding=folding)
    return onnx.load_from_string(buffer.getvalue())


@pytest.mark.parametrize("dynamic", [True, False], ids=["symbolic batch", "fixed batch"])
@pytest.mark.parametrize("folding", [True, False], ids=["folded", "unfolded"])
def test_pytorch_exports_are_read_with_exactly_the_stored_weights(dynamic, folding):
    torch = pytest.importorskip("torch")
    nn = torch.nn

    class Viewed(nn.Module):
        def __init__(self):
            super().__init__()
            self.a, self.b, self.c = nn.Linear(6, 4), nn.Linear(4, 3), nn.Linear(3, 2)

        def forward(self, x):
            x = x.view(x.size(0), -1)
            return self.c(torch.relu(self.b(torch.relu(self.a(x)))))

    torch.manual_seed(11)
    models = [nn.Sequential(nn.Flatten(), nn.Linear(6, 4), nn.ReLU(), nn.Dropout(0.2), nn.Linear(4, 2)).eval(),
              Viewed().eval(), nn.Sequential(nn.Linear(6, 3, bias=False), nn.ReLU(), nn.Linear(3, 1))]
    for model, example in zip(models, (torch.randn(2, 2, 3), torch.randn(2, 2, 3), torch.randn(2, 6))):
        exported = _torch_export(model, example, dynamic, folding)
        net = Network.from_onnx(exported)
        assert net == Network.from_torch(model)  # exactly the stored float32 weights
        linears = [m for m in model.modules() if isinstance(m, nn.Linear)]
        for layer, linear in zip(net.layers, linears):
            assert [list(r) for r in layer.weight] == _exact(linear.weight.detach().numpy())
        _agrees_with_reference(net, exported, tuple(example.shape[1:]), count=12 if dynamic else example.shape[0])


# ----------------------------------------------------------------------------- graphs written by hand
def _matmul_add():
    rng = np.random.default_rng(1)
    w, b = rng.standard_normal((3, 4)).astype(np.float32), rng.standard_normal(4).astype(np.float32)
    w2 = rng.standard_normal((2, 4)).astype(np.float32)  # stored transposed: folded through Transpose
    nodes = [helper.make_node("MatMul", ["x", "w"], ["h"]), helper.make_node("Add", ["b", "h"], ["h2"]),
             helper.make_node("Relu", ["h2"], ["r"]), helper.make_node("Transpose", ["w2"], ["w2t"], perm=[1, 0]),
             helper.make_node("Constant", [], ["c"], value=numpy_helper.from_array(np.float32([0.5, -2]), "c")),
             helper.make_node("MatMul", ["r", "w2t"], ["o"]), helper.make_node("Sub", ["o", "c"], ["y"])]
    model = _model(nodes, [_input()], [("w", w), ("b", b), ("w2", w2)])
    expected = Network.from_layers([(_exact(w.T), [Fraction(float(v)) for v in b]),
                                    (_exact(w2), [Fraction(-0.5), Fraction(2)])])
    return model, expected, (3,)


def _gemm_scaled():
    rng = np.random.default_rng(2)
    w = rng.standard_normal((3, 2)).astype(np.float32)  # transB = 0: B is (in, out)
    c = rng.standard_normal((1, 2)).astype(np.float32)
    v = rng.standard_normal((1, 2)).astype(np.float32)
    nodes = [helper.make_node("Gemm", ["x", "w", "c"], ["h"], alpha=0.5, beta=-2.0),
             helper.make_node("Relu", ["h"], ["r"]), helper.make_node("Identity", ["r"], ["i"]),
             helper.make_node("Gemm", ["i", "v"], ["y"], transB=1)]
    model = _model(nodes, [_input()], [("w", w), ("c", c), ("v", v)])
    expected = Network.from_layers([([[Fraction(1, 2) * e for e in row] for row in _exact(w.T)],
                                     [-2 * Fraction(float(e)) for e in c[0]]), (_exact(v), [0])])
    return model, expected, (3,)


def _reshape_fixed():
    rng = np.random.default_rng(3)
    w = rng.standard_normal((2, 4)).astype(np.float32)
    nodes = [helper.make_node("Constant", [], ["s"], value_ints=[-1, 4]),
             helper.make_node("Reshape", ["x", "s"], ["f"]), helper.make_node("Dropout", ["f"], ["d"]),
             helper.make_node("Gemm", ["d", "w"], ["y"], transB=1)]
    model = _model(nodes, [_input(shape=("n", 2, 2))], [("w", w)])
    return model, Network.from_layers([(_exact(w), [0, 0])]), (2, 2)


@pytest.mark.parametrize("case", [_matmul_add, _gemm_scaled, _reshape_fixed], ids=["matmul add", "gemm scaled",
                                                                                     "reshape"])
def test_hand_built_graphs_are_the_networks_they_store(case):
    model, expected, shape = case()
    onnx.checker.check_model(model)
    net = Network.from_onnx(model)
    assert net == expected
    _agrees_with_reference(net, model, shape)


# ----------------------------------------------------------------------------- refusals
def _two_gemms():
    w = np.ones((2, 3), np.float32)
    return _model([helper.make_node("Gemm", ["x", "w"], ["h"], transB=1),
                   helper.make_node("Gemm", ["h", "v"], ["y"], transB=1)], [_input()],
                  [("w", w), ("v", np.ones((1, 2), np.float32))])


def _chain(*ops, inits=()):
    nodes, current = [], "x"
    for index, (op, extra, attrs) in enumerate(ops):
        out = "y" if index == len(ops) - 1 else f"t{index}"
        nodes.append(helper.make_node(op, [current, *extra], [out], name=f"n{index}", **attrs))
        current = out
    return _model(nodes, [_input()], list(inits))


W23 = ("w", np.ones((2, 3), np.float32))
REFUSED = [
    ("sigmoid", lambda: _chain(("Gemm", ["w"], {"transB": 1}), ("Sigmoid", [], {}), inits=[W23]),
     MalformedNetworkError, r"node 1 'n1' has operator Sigmoid, which is not supported; the supported operators "
                            r"are Gemm, MatMul"),
    ("custom domain", lambda: _model([helper.make_node("Foo", ["x"], ["y"], domain="com.example")], [_input()], []),
     MalformedNetworkError, r"node 0 has operator Foo of domain 'com.example'"),
    ("residual", lambda: _model([helper.make_node("Add", ["x", "x"], ["y"])], [_input()], []),
     MalformedNetworkError, "must combine the data with one constant"),
    ("two gemms", _two_gemms, MalformedNetworkError, "without a Relu between"),
    ("ends with relu", lambda: _chain(("Gemm", ["w"], {"transB": 1}), ("Relu", [], {}), inits=[W23]),
     MalformedNetworkError, "ends with Relu"),
    ("relu first", lambda: _chain(("Relu", [], {}), ("Gemm", ["w"], {"transB": 1}), inits=[W23]),
     MalformedNetworkError, "applies Relu to values that no Gemm or MatMul made"),
    ("constant first", lambda: _chain(("MatMul", ["w"], {}), inits=[W23]), ShapeError,
     r"multiplies 3 features by a weight with 2 columns"),
    ("flatten axis 2", lambda: _chain(("Flatten", [], {"axis": 2}), inits=[]), MalformedNetworkError,
     "has axis 2; expected 1"),
    ("reshape mixing", lambda: _chain(("Reshape", ["s"], {}), inits=[("s", np.int64([3, -1]))]),
     MalformedNetworkError, r"reshapes the data to \[3, -1\], which does not keep the batch"),
    ("wrong gemm shape", lambda: _chain(("Gemm", ["w"], {"transB": 1}), inits=[("w", np.ones((2, 5), np.float32))]),
     ShapeError, "multiplies 3 features by a weight with 5 columns"),
    ("bias shape", lambda: _chain(("Gemm", ["w"], {"transB": 1}), ("Add", ["b"], {}),
                                  inits=[W23, ("b", np.ones(3, np.float32))]),
     ShapeError, r"adds a constant of shape \(3,\) to 2 features"),
    ("nan", lambda: _chain(("Gemm", ["w"], {"transB": 1}), inits=[("w", np.float32([[1, np.nan, 0]]))]),
     MalformedNetworkError, r"node 0 'n0' B\[0\]\[1\] is nan; expected a finite number"),
    ("inf bias", lambda: _chain(("Gemm", ["w", "c"], {"transB": 1}),
                                inits=[("w", np.ones((1, 3), np.float32)), ("c", np.float32([np.inf]))]),
     MalformedNetworkError, r"C\[0\] is inf"),
    ("dropout training", lambda: _chain(("Dropout", ["r", "t"], {}), inits=[("r", np.float32(0.5)),
                                                                          ("t", np.bool_(True))]),
     MalformedNetworkError, "Dropout in training mode"),
]


@pytest.mark.parametrize("name, build, error, message", REFUSED, ids=[c[0] for c in REFUSED])
def test_the_first_unsupported_or_wrong_node_is_named_in_one_line(name, build, error, message):
    with pytest.raises(error, match=message) as info:
        Network.from_onnx(build())
    assert "\n" not in str(info.value)


def _huge_initializer():
    tensor = TensorProto(name="w", data_type=FLOAT, dims=[10**6, 10**6])  # no data: refused from its dims
    graph = helper.make_graph([helper.make_node("Gemm", ["x", "w"], ["y"], transB=1)], "g", [_input()],
                              [helper.make_tensor_value_info("y", FLOAT, None)], initializer=[tensor])
    return helper.make_model(graph).SerializeToString()


def _short_raw_data():
    tensor = TensorProto(name="w", data_type=FLOAT, dims=[2, 3], raw_data=b"\0" * 8)
    graph = helper.make_graph([helper.make_node("Gemm", ["x", "w"], ["y"], transB=1)], "g", [_input()],
                              [helper.make_tensor_value_info("y", FLOAT, None)], initializer=[tensor])
    return helper.make_model(graph).SerializeToString()


def _external():
    tensor = numpy_helper.from_array(np.ones((2, 3), np.float32), "w")
    tensor.data_location = TensorProto.EXTERNAL
    tensor.external_data.add(key="location", value="/etc/passwd")
    tensor.ClearField("raw_data")
    graph = helper.make_graph([helper.make_node("Gemm", ["x", "w"], ["y"], transB=1)], "g", [_input()],
                              [helper.make_tensor_value_info("y", FLOAT, None)], initializer=[tensor])
    return helper.make_model(graph).SerializeToString()


HOSTILE = [
    ("not protobuf", lambda: b"\xff\xfe garbage \x00\x01", MalformedNetworkError, "not an ONNX model"),
    ("no graph", lambda: onnx.ModelProto(ir_version=7).SerializeToString(), MalformedNetworkError, "has no graph"),
    ("huge dims", _huge_initializer, InputLimitError,
     r"has shape \(1000000, 1000000\): 1000000000000 entries, above the input limit entries"),
    ("short raw data", _short_raw_data, MalformedNetworkError, "cannot be decoded"),
    ("external data", _external, MalformedNetworkError, "stored in an external file"),
]


@pytest.mark.parametrize("name, build, error, message", HOSTILE, ids=[c[0] for c in HOSTILE])
def test_hostile_files_are_refused_with_a_typed_one_line_error(name, build, error, message, tmp_path):
    path = tmp_path / "hostile.onnx"
    path.write_bytes(build())
    with pytest.raises(error, match=message) as info:
        Network.from_file(path)
    assert "\n" not in str(info.value) and str(info.value).startswith(str(path))


def test_the_file_size_is_checked_before_the_file_is_parsed(tmp_path):
    path = tmp_path / "net.onnx"
    Network.from_layers([([[1, 2]], [0])]).to_onnx(path)
    with input_limits(bytes=64), pytest.raises(InputLimitError, match="above the input limit bytes = 64"):
        Network.from_onnx(path)
