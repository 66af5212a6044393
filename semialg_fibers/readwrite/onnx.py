"""ONNX in and out: graphs of Gemm / MatMul + Add / Relu read as exact networks, networks written as Gemm / Relu.

What is read (:func:`network_from_onnx`): a graph with one input and one
output whose data path is a chain of

* ``Gemm`` (``transA = 0``; ``alpha``, ``beta``, ``transB`` and the bias
  ``C`` read exactly), ``MatMul`` by a constant matrix, then any number of
  ``Add`` or ``Sub`` of a constant bias: one affine layer;
* ``Relu`` between two affine layers;
* ``Flatten`` (``axis = 1``), a ``Reshape`` that keeps the batch and flattens
  the features, ``Identity`` and ``Dropout`` (inference), which leave the
  features as they are.

Constants are initializers and ``Constant`` nodes, and the nodes computed from
constants only are folded (``Shape``, ``Gather``, ``Unsqueeze``, ``Squeeze``,
``Concat``, ``Reshape``, ``Transpose``, ``Cast``, ``Identity``, ``Flatten``,
``Add``, ``Sub``, ``Mul``, ``Div``, ``Neg``), as exporters emit them
(``x.view(x.size(0), -1)`` becomes ``Shape``, ``Gather``, ``Unsqueeze``,
``Concat``, ``Reshape``; the batch size may be symbolic).  Folding computes in
the constants' own dtype, as a runtime would.  The first node outside this
set is named in a one-line error.

Every stored float (float16, bfloat16, float32, float64) becomes the exact
dyadic rational it is, and ``alpha`` and ``beta`` (float32 attributes) too, so
the network is exactly the one the file stores; its float evaluation
(``onnx.reference``, onnxruntime) differs from the exact one by float rounding
only.  Before anything is decoded: the file size is checked against
:attr:`InputLimits.bytes <semialg_fibers.core.limits.InputLimits>`, every
tensor's shape against ``entries``, and tensors stored in external files are
refused (reading them would open other paths).

Written (:func:`network_to_onnx`): ``Gemm(transB=1)`` and ``Relu`` nodes, the
input ``"input"`` of shape ``(batch, n_0)``, the output ``"output"``, float32 by
default; ``exact=True`` refuses an entry the dtype cannot hold.

``onnx`` is imported only inside these functions (``pip install semialg-fibers[onnx]``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..core.exact import float_to_rational
from ..core.exceptions import InexactOutputError, InputLimitError, MalformedNetworkError, ShapeError
from ..core.limits import InputLimits, resolve_input
from ..core.network import Layer, Network
from .safetensors import read_bytes
from .tensors import check_shape

__all__ = ["network_from_onnx", "network_to_onnx", "SUPPORTED_OPERATORS", "FOLDED_OPERATORS", "OPSET"]

#: Operators on the data path.
SUPPORTED_OPERATORS = ("Gemm", "MatMul", "Add", "Sub", "Relu", "Flatten", "Reshape", "Identity", "Dropout")
#: Operators folded when all their inputs are constants.
FOLDED_OPERATORS = ("Constant", "Shape", "Gather", "Unsqueeze", "Squeeze", "Concat", "Reshape", "Transpose", "Cast",
                    "Identity", "Flatten", "Add", "Sub", "Mul", "Div", "Neg")
#: The opset :func:`network_to_onnx` writes (Gemm and Relu of opset 13 and later are the same operators).
OPSET = 13

# The batch size in a folded shape when the input's batch dimension is symbolic; only moved, never computed with.
_BATCH = -(2 ** 62)


@dataclass
class _Path:
    """The data path so far: finished layers, the affine layer being built, the shape of the features."""

    layers: list = field(default_factory=list)
    weight: list | None = None  # rows of Fractions of the layer being built (None: after a Relu, or at the input)
    bias: list | None = None
    features: int | None = None  # the number of features (None: not known yet)
    feature_rank: int = 1  # dimensions of one sample (1 once flattened)
    batched: bool = True
    batch: int | None = None  # the batch size when it is a fixed number


def network_from_onnx(source, *, limits: InputLimits | None = None) -> Network:
    """An exact network from an ONNX model: a path, its bytes, or an ``onnx.ModelProto``.

    Parameters
    ----------
    source : str, os.PathLike, bytes or onnx.ModelProto
    limits : InputLimits, optional
        Bounds on the file size and on every tensor's entries.

    Returns
    -------
    Network

    Raises
    ------
    MalformedNetworkError
        Not an ONNX model; the first unsupported node (named, with its
        operator); a graph that is not a chain from one input to one output;
        external tensor data; NaN or infinite entries.
    ShapeError
        A weight whose shape does not fit the features it multiplies.
    InputLimitError
        A file or tensor beyond ``limits``.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [-1]], [0, "1/2"]), ([[1, 1]], [0])])
    >>> network_from_onnx(network_to_onnx(net)) == net
    True
    """
    import onnx

    limits = resolve_input(limits)
    prefix = ""
    if isinstance(source, onnx.ModelProto):
        model = source
    else:
        if isinstance(source, (str, os.PathLike)):
            data, prefix = read_bytes(source, limits, "ONNX file"), f"{os.fspath(source)}: "
        elif isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
            if len(data) > limits.bytes:
                raise InputLimitError(f"the ONNX data has {len(data)} bytes, above the input limit "
                                      f"bytes = {limits.bytes}")
        else:
            raise TypeError(f"source is a {type(source).__name__}; expected a path, bytes or an onnx.ModelProto")
        model = onnx.ModelProto()
        try:
            model.ParseFromString(data)
        except Exception as exc:  # google.protobuf.message.DecodeError and relatives
            raise MalformedNetworkError(f"{prefix}not an ONNX model ({type(exc).__name__}: "
                                        f"{str(exc)[:200]})") from None
        if not model.HasField("graph"):
            raise MalformedNetworkError(f"{prefix}not an ONNX model: it has no graph")
    try:
        return _read_graph(model.graph, limits)
    except MalformedNetworkError as exc:
        if not prefix:
            raise
        from ..core.exceptions import reworded

        raise reworded(exc, f"{prefix}{exc}") from None


# ----------------------------------------------------------------------------- constants
def _array(tensor, where: str, limits: InputLimits):
    """An initializer or Constant tensor as a NumPy array, its shape and storage checked first."""
    import numpy as np
    import onnx
    from onnx import numpy_helper

    check_shape(list(tensor.dims), where, limits)
    if tensor.data_location == onnx.TensorProto.EXTERNAL:
        raise MalformedNetworkError(f"{where} is stored in an external file; external data is not read "
                                    "(it would open other paths): save the model with its data inside")
    try:
        array = numpy_helper.to_array(tensor)
    except Exception as exc:  # data that does not fit its dims, an unknown data type
        raise MalformedNetworkError(f"{where} cannot be decoded ({type(exc).__name__}: {str(exc)[:160]})") from None
    if array.dtype.kind == "V" or str(array.dtype) in ("bfloat16", "float8_e4m3fn"):
        array = array.astype(np.float32)  # bfloat16 widens exactly
    if array.dtype.kind not in "fiub":
        raise MalformedNetworkError(f"{where} has dtype {array.dtype}; expected real numbers")
    return array


def _constant_node(node, where: str, limits: InputLimits):
    import numpy as np
    from onnx import helper

    for attribute in node.attribute:
        if attribute.name == "value":
            return _array(attribute.t, where, limits)
        if attribute.name in ("value_float", "value_int"):
            return np.array(helper.get_attribute_value(attribute),
                            dtype=np.float32 if attribute.name == "value_float" else np.int64)
        if attribute.name in ("value_floats", "value_ints"):
            values = list(helper.get_attribute_value(attribute))
            check_shape([len(values)], where, limits)
            return np.array(values, dtype=np.float32 if attribute.name == "value_floats" else np.int64)
    raise MalformedNetworkError(f"{where} is a Constant without a numeric value")


def _attributes(node) -> dict:
    from onnx import helper

    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


def _fold(node, inputs: list, where: str, limits: InputLimits, path: _Path):
    """The value of a node whose inputs are all constants (``None`` for an absent optional input)."""
    import numpy as np

    op, attrs = node.op_type, _attributes(node)

    def guard(shape):
        check_shape([int(d) for d in shape], where, limits)

    def ints(value, what):
        flat = [int(v) for v in np.asarray(value).reshape(-1)]
        check_shape([len(flat)], where, limits)
        return flat

    def arithmetic(arrays):
        for a in arrays:
            if a.dtype.kind in "iu" and (a == _BATCH).any():
                raise MalformedNetworkError(f"{where} ({op}) computes with the symbolic batch size; "
                                            "export the model with a fixed batch size")
        guard(np.broadcast_shapes(*(a.shape for a in arrays)))

    if op == "Identity":
        return inputs[0]
    if op == "Cast":
        from onnx import helper

        return inputs[0].astype(helper.tensor_dtype_to_np_dtype(attrs["to"]))
    if op == "Transpose":
        perm = attrs.get("perm")
        return np.transpose(inputs[0], perm if perm is None else list(perm))
    if op in ("Unsqueeze", "Squeeze"):
        axes = attrs.get("axes") if "axes" in attrs else (ints(inputs[1], "axes") if len(inputs) > 1
                                                           and inputs[1] is not None else None)
        value = inputs[0]
        if op == "Squeeze":
            return np.squeeze(value, axis=None if axes is None else tuple(axes))
        if axes is None:
            raise MalformedNetworkError(f"{where} (Unsqueeze) has no axes")
        rank = value.ndim + len(axes)
        for axis in sorted(a % rank for a in axes):
            value = np.expand_dims(value, axis)
        return value
    if op == "Concat":
        guard([sum(a.size for a in inputs)])
        return np.concatenate(inputs, axis=attrs.get("axis", 0))
    if op == "Gather":
        guard([inputs[1].size * max(1, inputs[0].size)])
        return np.take(inputs[0], inputs[1].astype(np.int64), axis=attrs.get("axis", 0))
    if op == "Reshape":
        target = _reshape_target(inputs[0].shape, ints(inputs[1], "shape"), where)
        return inputs[0].reshape(target)
    if op == "Flatten":
        axis = attrs.get("axis", 1) % max(1, inputs[0].ndim)
        return inputs[0].reshape(int(np.prod(inputs[0].shape[:axis])), -1)
    if op == "Shape":
        return np.array(inputs[0].shape, dtype=np.int64)
    if op in ("Add", "Sub", "Mul", "Div"):
        arithmetic(inputs)
        a, b = inputs
        with np.errstate(all="ignore"):
            result = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply}[op](a, b) if op != "Div" else \
                (a // b if a.dtype.kind in "iu" and b.dtype.kind in "iu" else a / b)
        return np.asarray(result, dtype=np.result_type(a, b))
    if op == "Neg":
        arithmetic(inputs)
        return np.negative(inputs[0])
    raise _unsupported(node, where)


def _reshape_target(shape, target: list[int], where: str) -> list[int]:
    """ONNX Reshape semantics for constants: 0 copies the dimension, -1 is inferred."""
    out = [shape[i] if d == 0 and i < len(shape) else d for i, d in enumerate(target)]
    if any(d == _BATCH for d in out):
        raise MalformedNetworkError(f"{where} reshapes a constant with the symbolic batch size")
    return out


# ----------------------------------------------------------------------------- the data path
def _unsupported(node, where: str) -> MalformedNetworkError:
    domain = f" of domain {node.domain!r}" if node.domain not in ("", "ai.onnx") else ""
    return MalformedNetworkError(f"{where} has operator {node.op_type}{domain}, which is not supported; the "
                                 f"supported operators are {', '.join(SUPPORTED_OPERATORS)} (and constants "
                                 f"folded through {', '.join(FOLDED_OPERATORS)})")


def _exact_matrix(array, where: str) -> list[list[Fraction]]:
    return [[float_to_rational(v, f"{where}[{i}][{j}]") for j, v in enumerate(row)]
            for i, row in enumerate(array.tolist())]


def _exact_vector(array, where: str) -> list[Fraction]:
    return [float_to_rational(v, f"{where}[{i}]") for i, v in enumerate(array.reshape(-1).tolist())]


def _start_layer(path: _Path, weight: list[list[Fraction]], where: str) -> None:
    """Begin an affine layer of weight ``(n_out, n_in)`` on the current features."""
    if path.weight is not None:
        raise MalformedNetworkError(f"{where} multiplies the output of an affine layer without a Relu between; "
                                    "two affine layers in a row are not multiplied out (that would change the "
                                    "parameter space)")
    if path.feature_rank != 1:
        raise ShapeError(f"{where} multiplies a tensor with {path.feature_rank} feature dimensions; "
                         "flatten it first (Flatten with axis 1)")
    n_in = len(weight[0]) if weight else 0
    if path.features is not None and path.features != n_in:
        raise ShapeError(f"{where} multiplies {path.features} features by a weight with {n_in} columns "
                         f"(shape ({len(weight)}, {n_in}) as a Linear weight)")
    path.weight, path.bias = weight, [Fraction(0)] * len(weight)
    path.features = len(weight)


def _bias(path: _Path, array, where: str, sign: int) -> None:
    if path.weight is None:
        raise MalformedNetworkError(f"{where} adds a constant to values that no Gemm or MatMul made (at the input, "
                                    "or after a Relu); expected Add right after MatMul or Gemm")
    n = len(path.weight)
    shape = tuple(array.shape)
    if shape not in ((), (1,), (n,), (1, n)) or (shape == (1, n) and not path.batched):
        raise ShapeError(f"{where} adds a constant of shape {shape} to {n} features; expected ({n},) or (1, {n})")
    values = _exact_vector(array, f"{where} bias")
    if len(values) == 1:
        values = values * n
    path.bias = [b + sign * v for b, v in zip(path.bias or [], values)]


def _relu(path: _Path, where: str) -> None:
    if path.weight is None:
        raise MalformedNetworkError(f"{where} applies Relu to values that no Gemm or MatMul made (at the input, "
                                    "or right after another Relu); the convention is affine, Relu, ..., affine")
    path.layers.append(Layer(tuple(map(tuple, path.weight)), tuple(path.bias or ())))
    path.weight = path.bias = None


def _flatten_features(path: _Path, where: str, target: list[int] | None) -> None:
    """A Flatten or Reshape of the data: allowed when it keeps the batch and flattens one sample's features."""
    if target is not None:
        if not path.batched:
            if target not in ([-1], [path.features]):
                raise _reshape_refused(where, target)
        else:
            batch_ok = len(target) == 2 and (target[0] in (0, -1, _BATCH) or
                                             (path.batch is not None and target[0] == path.batch))
            feature_ok = len(target) == 2 and target[1] in (-1, path.features or target[1]) and \
                not (target[0] == -1 and target[1] == -1)
            if not (batch_ok and feature_ok):
                raise _reshape_refused(where, target)
            if target[1] != -1 and path.features is None:
                path.features = target[1]
    elif not path.batched:
        raise MalformedNetworkError(f"{where} flattens an input without a batch dimension; expected the input "
                                    "shape (batch, features)")
    path.feature_rank = 1


def _reshape_refused(where: str, target) -> MalformedNetworkError:
    shown = ["batch" if d == _BATCH else d for d in target]
    return MalformedNetworkError(f"{where} reshapes the data to {shown}, which does not keep the batch and "
                                 "flatten the features; expected (batch, features)")


def _read_graph(graph, limits: InputLimits) -> Network:
    import numpy as np

    values: dict[str, Any] = {}  # name -> NumPy array (a constant); the data path is `current`
    for index, tensor in enumerate(graph.initializer):
        values[tensor.name] = _array(tensor, f"initializer {index} ({tensor.name!r})", limits)
    if len(graph.sparse_initializer):
        raise MalformedNetworkError("sparse initializers are not supported; store the weights densely")
    inputs = [i for i in graph.input if i.name not in values]
    if len(inputs) != 1:
        raise MalformedNetworkError(f"the graph has {len(inputs)} data inputs ({', '.join(i.name for i in inputs)}); "
                                    "expected one")
    if len(graph.output) != 1:
        raise MalformedNetworkError(f"the graph has {len(graph.output)} outputs; expected one")
    path = _Path()
    dims = _input_dims(inputs[0])
    if dims is not None:
        if len(dims) == 1:
            path.batched, path.features = False, dims[0]
        elif len(dims) >= 2:
            path.batch = dims[0] if isinstance(dims[0], int) else None
            rest = dims[1:]
            path.feature_rank = len(rest)
            if all(isinstance(d, int) for d in rest):
                path.features = int(np.prod(rest))
                check_shape(list(rest), f"the input {inputs[0].name!r}", limits)
        else:
            raise ShapeError(f"the input {inputs[0].name!r} is a scalar; expected shape (batch, features)")
    current = inputs[0].name
    data_shape = dims
    for index, node in enumerate(graph.node):
        where = f"node {index} {node.name!r}" if node.name else f"node {index}"
        names = list(node.input)
        missing = [n for n in names if n and n not in values and n != current]
        if missing:
            raise MalformedNetworkError(f"{where} ({node.op_type}) reads {missing[0]!r}, which is neither a constant "
                                        "nor the data path at this point: the graph is not a chain from its input "
                                        "(or not sorted)")
        if len(node.output) < 1:
            raise MalformedNetworkError(f"{where} ({node.op_type}) has no output")
        if node.domain not in ("", "ai.onnx"):
            raise _unsupported(node, where)
        on_path = current in names
        if not on_path:
            if node.op_type == "Constant":
                result = _constant_node(node, where, limits)
            elif node.op_type in FOLDED_OPERATORS:
                result = _fold(node, [values[n] if n else None for n in names], where, limits, path)
            else:
                raise _unsupported(node, where)
            values[node.output[0]] = np.asarray(result)
            continue
        if node.op_type == "Shape":  # the shape of the data: constant but for a symbolic batch
            if data_shape is None or not all(isinstance(d, int) for d in data_shape[1:]):
                raise MalformedNetworkError(f"{where} takes the shape of the data, whose dimensions the graph "
                                            "input does not state")
            values[node.output[0]] = np.array([d if isinstance(d, int) else _BATCH for d in data_shape],
                                              dtype=np.int64)
            continue
        data_args = [i for i, n in enumerate(names) if n == current]
        op, attrs = node.op_type, _attributes(node)
        consts = [values.get(n) if n and n != current else None for n in names]
        if op in ("Identity", "Dropout"):
            if op == "Dropout" and len(names) > 2 and names[2] and bool(np.asarray(values[names[2]]).any()):
                raise MalformedNetworkError(f"{where} is Dropout in training mode; export the model in eval mode")
            if op == "Dropout" and len(node.output) > 1 and node.output[1]:
                raise MalformedNetworkError(f"{where} is Dropout with a mask output; expected inference mode")
        elif op == "Gemm":
            if data_args != [0] or attrs.get("transA", 0):
                raise MalformedNetworkError(f"{where} (Gemm) must take the data as its first input, not transposed")
            if consts[1] is None or consts[1].ndim != 2:
                raise ShapeError(f"{where} (Gemm) needs a constant matrix B")
            b_matrix = consts[1] if attrs.get("transB", 0) else consts[1].T
            alpha = Fraction(float(attrs.get("alpha", 1.0)))
            beta = Fraction(float(attrs.get("beta", 1.0)))
            weight = [[alpha * v for v in row] for row in _exact_matrix(b_matrix, f"{where} B")]
            _start_layer(path, weight, f"{where} (Gemm)")
            if len(consts) > 2 and consts[2] is not None:
                c, n = consts[2], len(weight)
                if tuple(c.shape) not in ((), (1,), (n,), (1, n)):
                    raise ShapeError(f"{where} (Gemm) has C of shape {tuple(c.shape)}; expected ({n},) or (1, {n})")
                scaled = [beta * v for v in _exact_vector(c, f"{where} C")]
                path.bias = scaled * n if len(scaled) == 1 else scaled
        elif op == "MatMul":
            if data_args != [0]:
                raise MalformedNetworkError(f"{where} (MatMul) must take the data as its first input "
                                            "(x @ W with a constant W)")
            if consts[1] is None or consts[1].ndim != 2:
                raise ShapeError(f"{where} (MatMul) needs a constant matrix, got "
                                 f"{'none' if consts[1] is None else f'shape {tuple(consts[1].shape)}'}")
            _start_layer(path, _exact_matrix(consts[1].T, f"{where} B^T"), f"{where} (MatMul)")
        elif op in ("Add", "Sub"):
            if len(data_args) != 1 or (op == "Sub" and data_args != [0]):
                raise MalformedNetworkError(f"{where} ({op}) must combine the data with one constant"
                                            f"{' (data - constant)' if op == 'Sub' else ''}")
            other = consts[1 - data_args[0]]
            _bias(path, other, f"{where} ({op})", 1 if op == "Add" else -1)
        elif op == "Relu":
            _relu(path, f"{where} (Relu)")
        elif op == "Flatten":
            if attrs.get("axis", 1) != 1:
                raise MalformedNetworkError(f"{where} (Flatten) has axis {attrs['axis']}; expected 1 (keep the batch)")
            _flatten_features(path, f"{where} (Flatten)", None)
        elif op == "Reshape":
            if data_args != [0] or consts[1] is None:
                raise MalformedNetworkError(f"{where} (Reshape) needs a constant shape")
            target = [int(v) for v in consts[1].reshape(-1)]
            _flatten_features(path, f"{where} (Reshape)", target)
        else:
            raise _unsupported(node, where)
        if len(data_args) != 1:
            raise MalformedNetworkError(f"{where} ({op}) uses the data {len(data_args)} times; expected a chain")
        current = node.output[0]
        if path.feature_rank == 1 and data_shape is not None:
            data_shape = ([data_shape[0]] if path.batched else []) + [path.features]
    if graph.output[0].name != current:
        raise MalformedNetworkError(f"the graph output {graph.output[0].name!r} is not the end of the data path "
                                    f"{current!r}")
    if path.weight is None:
        raise MalformedNetworkError("the graph ends with Relu (or has no Gemm or MatMul); the last layer must be "
                                    "affine")
    path.layers.append(Layer(tuple(map(tuple, path.weight)), tuple(path.bias or ())))
    return Network.from_converted(path.layers)


def _input_dims(value_info) -> list | None:
    """The input's dimensions: ints, or None for a symbolic one; None when the graph does not say."""
    kind = value_info.type.WhichOneof("value") if value_info.HasField("type") else None
    if kind != "tensor_type" or not value_info.type.tensor_type.HasField("shape"):
        return None
    dims = []
    for d in value_info.type.tensor_type.shape.dim:
        dims.append(int(d.dim_value) if d.HasField("dim_value") and d.dim_value > 0 else None)
    return dims


# ----------------------------------------------------------------------------- writing
def network_to_onnx(net: Network, path=None, *, dtype: str = "float32", exact: bool = True):
    """An ONNX model of the network: ``Gemm(transB=1)`` per layer, ``Relu`` between, opset :data:`OPSET`.

    Parameters
    ----------
    net : Network
    path : str or os.PathLike, optional
        Where to save it too.
    dtype : {"float32", "float64"}
    exact : bool
        Refuse an entry that ``dtype`` cannot hold (:class:`InexactOutputError`); ``False`` rounds.

    Returns
    -------
    onnx.ModelProto
        Checked with ``onnx.checker.check_model``.

    Examples
    --------
    >>> model = network_to_onnx(Network.from_layers([([[1, 2]], ["1/2"])]))
    >>> [node.op_type for node in model.graph.node], model.graph.input[0].name
    (['Gemm'], 'input')
    """
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    if dtype not in ("float32", "float64"):
        raise ValueError(f"dtype must be 'float32' or 'float64', got {dtype!r}")
    np_dtype = np.float32 if dtype == "float32" else np.float64
    elem = TensorProto.FLOAT if dtype == "float32" else TensorProto.DOUBLE
    initializers, nodes = [], []
    current = "input"
    for index, layer in enumerate(net.layers):
        arrays = []
        for name, exact_values, shape in (("weight", [v for row in layer.weight for v in row], layer.shape),
                                          ("bias", list(layer.bias), (len(layer.bias),))):
            try:
                doubles = [v.numerator / v.denominator for v in exact_values]
            except OverflowError:
                raise InexactOutputError(f"layers[{index}].{name} has an entry beyond the range of float64") from None
            with np.errstate(over="ignore"):
                stored = np.array(doubles, dtype=np.float64).astype(np_dtype)
            for position, (got, want) in enumerate(zip(stored.tolist(), exact_values)):
                if not np.isfinite(got):
                    raise InexactOutputError(f"layers[{index}].{name} entry {position} = {want} is beyond the range "
                                             f"of {dtype}")
                if exact and Fraction(got) != want:
                    raise InexactOutputError(f"layers[{index}].{name} entry {position} = {want} is not representable "
                                             f"in {dtype} (nearest {Fraction(got)}); pass exact=False to round")
            arrays.append(numpy_helper.from_array(stored.reshape(shape), f"layers.{index}.{name}"))
        initializers.extend(arrays)
        out = "output" if index == len(net.layers) - 1 else f"layers.{index}.affine"
        nodes.append(helper.make_node("Gemm", [current, arrays[0].name, arrays[1].name], [out], transB=1,
                                      name=f"layers.{index}.gemm"))
        current = out
        if index < len(net.layers) - 1:
            nodes.append(helper.make_node("Relu", [current], [f"layers.{index}.relu"], name=f"layers.{index}.relu"))
            current = f"layers.{index}.relu"
    graph = helper.make_graph(nodes, "semialg_fibers_network",
                              [helper.make_tensor_value_info("input", elem, ["batch", net.input_dim])],
                              [helper.make_tensor_value_info("output", elem, ["batch", net.output_dim])],
                              initializer=initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="semialg_fibers")
    model.ir_version = 7  # readable by every runtime that knows opset 13
    onnx.checker.check_model(model)
    if path is not None:
        onnx.save(model, os.fspath(path))
    return model
