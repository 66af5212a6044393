"""PyTorch in and out: modules, state dicts and checkpoint files to exact networks, and networks to modules.

What is read (:func:`network_from_torch`):

* an ``nn.Module`` whose forward is a chain of ``Linear``, ``ReLU``,
  ``Flatten``, ``Identity`` and ``Dropout`` (in eval mode).  An
  ``nn.Sequential`` is read child by child (nested ones too); any other
  module is traced with ``torch.fx`` and its graph must be that chain
  (``F.relu``, ``torch.relu``, ``torch.flatten(x, 1)``, ``F.linear`` and
  ``x.relu()`` count as their modules).  The first operation of any other
  kind is named in a one-line error;
* a state dict (a mapping of names to tensors): the layers are the
  ``<name>.weight`` / ``<name>.bias`` pairs of Linear layers, read as
  ``Linear, ReLU, ..., Linear`` in the natural order of the names, or in the
  order given by ``architecture`` (a list of names, or a module whose
  structure the state dict is loaded into);
* a checkpoint file (``torch.save`` of a state dict, or of a dict holding it
  under ``"state_dict"``, ``"model_state_dict"`` or ``"model"``), loaded with
  ``torch.load(..., weights_only=True)`` (no code in the file runs) after its
  size is checked against :attr:`InputLimits.bytes
  <semialg_fibers.core.limits.InputLimits>`.

Every stored float (float16, bfloat16, float32, float64) becomes the exact
dyadic rational it is; tensor sizes are checked against ``InputLimits.entries``
before they are read (:mod:`.tensors`).  A network read this way is a
parameter of the architecture ``Linear, ReLU, ..., Linear``: two Linear layers
in a row are refused rather than multiplied out (that would change the
parameter space whose fiber is asked for).

Written (:func:`network_to_torch`): an ``nn.Sequential`` of ``Linear`` and
``ReLU`` in ``torch.float32`` by default.  A float32 tensor read by
:func:`network_from_torch` and written back is identical (``torch.equal``; a
``-0.0`` comes back as ``0.0``, as the exact zero has no sign).  Exact
rationals that the dtype cannot hold (``1/3``) are refused with
``exact=True`` and rounded with ``exact=False``.

PyTorch is imported only inside these functions (``pip install
semialg-fibers[torch]``).
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from fractions import Fraction

from ..core.exceptions import InexactOutputError, MalformedNetworkError, ShapeError, reworded
from ..core.limits import InputLimits, resolve_input
from ..core.network import Network
from .tensors import FlatTensor, check_shape, layers_from_pairs, layers_from_state_dict

__all__ = ["network_from_torch", "network_to_torch", "SUPPORTED_LAYERS"]

#: What a module's forward may consist of, as the error messages say it.
SUPPORTED_LAYERS = "Linear, ReLU, Flatten, Identity and Dropout (eval mode)"
#: ``x.size(0)`` in a traced forward: the batch size, which view / reshape may keep.
_BATCH_SIZE = object()
#: The keys under which a checkpoint may hold the state dict.
CHECKPOINT_KEYS = ("state_dict", "model_state_dict", "model")


def network_from_torch(source, *, architecture=None, limit_denominator: int | None = None,
                       limits: InputLimits | None = None) -> Network:
    """An exact network from a PyTorch module, a state dict or a checkpoint file.

    Parameters
    ----------
    source : torch.nn.Module, mapping of str to tensor, str or os.PathLike
        The module; a state dict; a path to a checkpoint (see the module docstring).
    architecture : torch.nn.Module or sequence of str or sequence of int, optional
        For a state dict or checkpoint: a module of the right structure (the
        state dict is loaded into a copy of it, strictly, and the copy is
        read), the layer names in order, or the widths ``(n0, ..., nL)`` the
        network must have.
    limit_denominator : int, optional
        Round every entry to the nearest fraction with at most this
        denominator (only on request; by default every float is read exactly).
    limits : InputLimits, optional
        Bounds on the file size and the number of entries.

    Returns
    -------
    Network

    Raises
    ------
    MalformedNetworkError
        A layer or operation outside the chain (named: the first one), a
        Dropout in training mode, a key that is not a Linear weight or bias,
        a file that is not a checkpoint, NaN or infinite entries.
    ShapeError
        Shapes that do not chain, or widths other than ``architecture``.
    InputLimitError
        A file or a tensor beyond ``limits``.

    Examples
    --------
    >>> import pytest; torch = pytest.importorskip("torch")  # PyTorch is optional
    >>> model = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))
    >>> network_from_torch(model).architecture
    (2, 3, 1)
    >>> network_from_torch(model.state_dict()).architecture
    (2, 3, 1)
    >>> network_from_torch(torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1)))
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: module[1] is Tanh, which is not supported; the supported layers are Linear,
    ReLU, Flatten, Identity and Dropout (eval mode)
    """
    import torch.nn as nn

    limits = resolve_input(limits)
    if isinstance(source, nn.Module):
        if architecture is not None:
            raise TypeError("architecture= is for a state dict or a checkpoint; a module carries its own")
        return _from_chain(_chain(source), limit_denominator, limits)
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            return _from_state_dict(_load_checkpoint(source, limits), architecture, limit_denominator, limits,
                                    f"{name}: ")
        except MalformedNetworkError as exc:
            if str(exc).startswith((f"{name}:", f"cannot read {name!r}")):
                raise
            raise reworded(exc, f"{name}: {exc}") from None
    if isinstance(source, Mapping):
        return _from_state_dict(source, architecture, limit_denominator, limits, "")
    raise TypeError(f"source is a {type(source).__name__}; expected an nn.Module, a state dict or a checkpoint path")


# ----------------------------------------------------------------------------- state dicts and checkpoints
def _load_checkpoint(path, limits: InputLimits):
    import torch

    name = os.fspath(path)
    try:
        size = os.stat(name).st_size
    except OSError as exc:
        raise MalformedNetworkError(f"cannot read {name!r}: {exc.strerror or exc}") from None
    if size > limits.bytes:
        from ..core.exceptions import InputLimitError

        raise InputLimitError(f"{name}: the file has {size} bytes, above the input limit bytes = {limits.bytes}")
    try:
        data = torch.load(name, map_location="cpu", weights_only=True)
    except Exception as exc:  # the unpickler, zipfile and torch each raise their own kinds
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise MalformedNetworkError(f"{name}: not a PyTorch checkpoint of tensors "
                                    f"({type(exc).__name__}: {first[:200]})") from None
    if isinstance(data, Mapping):
        for key in CHECKPOINT_KEYS:
            if isinstance(data.get(key), Mapping):
                return data[key]
        return data
    raise MalformedNetworkError(f"{name}: the checkpoint holds a {type(data).__name__}; expected a state dict "
                                f"(or a dict with one of the keys {', '.join(CHECKPOINT_KEYS)})")


def flat_tensor(value, where: str, limits: InputLimits) -> FlatTensor:
    """A torch tensor or NumPy array as a :class:`FlatTensor`, its size checked before its entries are read."""
    import torch

    if isinstance(value, torch.Tensor):
        if value.is_complex() or value.dtype == torch.bool:
            raise MalformedNetworkError(f"{where} has dtype {value.dtype}; expected real numbers")
        if value.is_sparse or value.device.type == "meta":
            raise MalformedNetworkError(f"{where} is a {'sparse' if value.is_sparse else 'meta'} tensor; "
                                        "expected a dense tensor with data")
        shape = check_shape(tuple(value.shape), where, limits)
        return FlatTensor(shape, tuple(value.detach().cpu().reshape(-1).tolist()))
    if hasattr(value, "dtype") and hasattr(value, "shape") and hasattr(value, "reshape"):  # a NumPy array
        kind = getattr(value.dtype, "kind", "")
        if kind not in "fiu" or not kind:
            raise MalformedNetworkError(f"{where} has dtype {value.dtype}; expected real numbers")
        shape = check_shape(tuple(value.shape), where, limits)
        flat = value.reshape(-1)
        # wider than float64 (longdouble): keep the NumPy scalars, which are read exactly
        return FlatTensor(shape, tuple(flat) if value.dtype.itemsize > 8 and kind == "f" else tuple(flat.tolist()))
    raise MalformedNetworkError(f"{where} is a {type(value).__name__}; expected a tensor")


def _from_state_dict(state, architecture, limit_denominator, limits: InputLimits, prefix: str) -> Network:
    import torch.nn as nn

    if isinstance(architecture, nn.Module):
        model = copy.deepcopy(architecture)
        try:
            model.load_state_dict(state, strict=True)
        except (RuntimeError, TypeError, ValueError) as exc:
            first = (str(exc).strip().splitlines() or [""])[0]
            raise MalformedNetworkError(f"{prefix}the state dict does not fit the given module: {first[:300]}") \
                from None
        return _from_chain(_chain(model.eval()), limit_denominator, limits)
    tensors = {key: flat_tensor(value, f"{prefix}{key}", limits) for key, value in state.items()}
    order = widths = None
    if architecture is not None:
        items = list(architecture)
        if items and all(isinstance(v, str) for v in items):
            order = items
        elif items and all(type(v) is int for v in items):
            widths = tuple(items)
        else:
            raise TypeError("architecture must be an nn.Module, the layer names in order, or the widths")
    net = Network.from_converted(layers_from_state_dict(tensors, order=order, limit_denominator=limit_denominator))
    if widths is not None and net.architecture != widths:
        raise ShapeError(f"{prefix}the state dict gives the architecture {net.architecture}, "
                         f"not the {widths} asked for")
    return net


# ----------------------------------------------------------------------------- modules
def _unsupported(label: str, what: str) -> MalformedNetworkError:
    return MalformedNetworkError(f"{label} is {what}, which is not supported; the supported layers are "
                                 f"{SUPPORTED_LAYERS}")


def _leaf(label: str, module) -> list[tuple[str, str, object]]:
    """One module's steps: ``(label, kind, payload)`` with kind ``linear``, ``relu`` or ``skip``."""
    import torch.nn as nn

    if isinstance(module, nn.Sequential):
        steps = []
        for index, child in enumerate(module):
            steps.extend(_leaf(f"{label}[{index}]", child))
        return steps
    if isinstance(module, nn.Linear):
        return [(label, "linear", (module.weight, module.bias))]
    if isinstance(module, nn.ReLU):
        return [(label, "relu", None)]
    if isinstance(module, nn.Identity):
        return [(label, "skip", None)]
    if isinstance(module, nn.Flatten):
        if module.start_dim != 1 or module.end_dim != -1:
            raise _unsupported(label, f"Flatten(start_dim={module.start_dim}, end_dim={module.end_dim})")
        return [(label, "skip", None)]
    if isinstance(module, nn.modules.dropout._DropoutNd):
        if module.training and module.p > 0:
            raise MalformedNetworkError(f"{label} is {type(module).__name__} in training mode, which changes the "
                                        "function at random; call model.eval() first")
        return [(label, "skip", None)]
    if type(module).__module__.startswith("torch."):
        raise _unsupported(label, type(module).__name__)
    return _traced(label, module)


def _chain(module) -> list[tuple[str, str, object]]:
    return _leaf("module", module)


def _traced(label: str, module) -> list[tuple[str, str, object]]:
    """The steps of a module that is not a Sequential, from its ``torch.fx`` graph, which must be a chain."""
    import operator

    import torch
    import torch.fx
    import torch.nn.functional as F

    name = type(module).__name__
    try:
        graph_module = torch.fx.symbolic_trace(module)
    except Exception as exc:  # tracing fails on data-dependent control flow, with many exception types
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise MalformedNetworkError(f"{label} ({name}) cannot be traced with torch.fx: {first[:200]}; "
                                    "write it as an nn.Sequential") from None
    where = f"{label} ({name})"
    steps: list[tuple[str, str, object]] = []
    current = None
    constants: dict = {}
    relu_functions = {torch.relu, F.relu, torch.relu_}
    flatten_functions = {torch.flatten}
    for node in graph_module.graph.nodes:
        node_label = f"{where} node {node.name!r}"
        if node.op == "placeholder":
            if current is not None:
                raise MalformedNetworkError(f"{where} takes more than one input ({node.name!r}); expected one tensor")
            current = node
            continue
        if node.op == "get_attr":
            constants[node] = _attribute(graph_module, str(node.target))
            continue
        if node.op == "output":
            if node.args[0] is not current:
                raise MalformedNetworkError(f"{where} does not return the end of its chain of layers "
                                            f"(it returns {node.args[0]!r})")
            continue
        if node.op == "call_method" and node.target == "size" and node.args and node.args[0] is current:
            if tuple(node.args[1:]) not in ((0,), ()) or node.kwargs:
                raise _unsupported(node_label, "a size() of a dimension other than the batch")
            constants[node] = _BATCH_SIZE  # x.size(0): only passed on to view / reshape
            continue
        data = [a for a in node.args if isinstance(a, torch.fx.Node) and a not in constants]
        data += [a for a in node.kwargs.values() if isinstance(a, torch.fx.Node) and a not in constants]
        if not data or data[0] is not current or len(data) > 1:
            raise MalformedNetworkError(f"{node_label} is not a chain step: its forward combines or reuses values "
                                        f"(a residual connection, a concatenation); the supported layers are "
                                        f"{SUPPORTED_LAYERS}, one after the other")
        users = [u for u in current.users if not (u.op == "call_method" and u.target == "size")]
        if len(users) > 1:
            raise MalformedNetworkError(f"{node_label} is not a chain step: the value {current.name!r} it reads is "
                                        f"used {len(users)} times (a residual connection, a branch); the "
                                        f"supported layers are {SUPPORTED_LAYERS}, one after the other")
        target = node.target
        if node.op == "call_module":
            sub = graph_module.get_submodule(str(target))
            steps.extend(_leaf(f"{label}.{target}", sub))
        elif node.op == "call_function" and target in relu_functions or \
                node.op == "call_method" and target in ("relu", "relu_"):
            steps.append((node_label, "relu", None))
        elif node.op == "call_function" and target in flatten_functions or \
                node.op == "call_method" and target == "flatten":
            start = node.args[1] if len(node.args) > 1 else node.kwargs.get("start_dim", 0)
            end = node.args[2] if len(node.args) > 2 else node.kwargs.get("end_dim", -1)
            if start != 1 or end != -1:
                raise _unsupported(node_label, f"flatten(start_dim={start}, end_dim={end})")
            steps.append((node_label, "skip", None))
        elif node.op == "call_method" and target in ("view", "reshape") or \
                node.op == "call_function" and target is torch.reshape:
            shape = list(node.args[1:])
            if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
                shape = list(shape[0])
            shape = [constants.get(d, d) if isinstance(d, torch.fx.Node) else d for d in shape]
            if len(shape) != 2 or shape[0] not in (-1, _BATCH_SIZE) or not isinstance(shape[1], int) or \
                    (shape[0] == -1 and shape[1] == -1):
                raise _unsupported(node_label, f"{target} to {['batch' if d is _BATCH_SIZE else d for d in shape]}, "
                                               "not (batch, -1) or (-1, features)")
            steps.append((node_label, "skip", None))
        elif node.op == "call_function" and target is F.linear:
            args = list(node.args) + [node.kwargs.get(k) for k in ("weight", "bias")[len(node.args) - 1:]]
            weight = constants.get(args[1]) if len(args) > 1 else None
            bias = constants.get(args[2]) if len(args) > 2 and args[2] is not None else None
            if weight is None or (len(args) > 2 and args[2] is not None and bias is None):
                raise _unsupported(node_label, "F.linear with weights that are not parameters of the module")
            steps.append((node_label, "linear", (weight, bias)))
        elif node.op == "call_function" and target is F.dropout:
            if node.kwargs.get("training", node.args[2] if len(node.args) > 2 else True) is not False:
                raise MalformedNetworkError(f"{node_label} is F.dropout with training not False, which changes "
                                            "the function at random")
            steps.append((node_label, "skip", None))
        else:
            what = target if isinstance(target, str) else getattr(target, "__name__", repr(target))
            kind = {"call_method": "the method", "call_function": "the function"}.get(node.op, node.op)
            if target is operator.add or target is operator.mul:
                what = f"{what} (an arithmetic operation)"
            raise _unsupported(node_label, f"{kind} {what}")
        current = node
    return steps


def _attribute(graph_module, target: str):
    value = graph_module
    for part in target.split("."):
        value = getattr(value, part)
    return value


def _from_chain(steps, limit_denominator, limits: InputLimits) -> Network:
    pairs = []
    expect_linear = True
    for label, kind, payload in steps:
        if kind == "skip":
            continue
        if expect_linear:
            if kind != "linear":
                raise MalformedNetworkError(f"{label} is ReLU; expected Linear (the convention is Linear, ReLU, "
                                            "..., Linear)")
            weight, bias = payload
            pairs.append((label, flat_tensor(weight, f"{label}.weight", limits),
                          None if bias is None else flat_tensor(bias, f"{label}.bias", limits)))
        elif kind != "relu":
            raise MalformedNetworkError(f"{label} is Linear; expected ReLU between Linear layers (two Linear layers "
                                        "in a row are not multiplied out: that would change the parameter space)")
        expect_linear = not expect_linear
    if expect_linear:
        raise MalformedNetworkError("the module ends with ReLU (or has no Linear layer); the last layer must be Linear")
    return Network.from_converted(layers_from_pairs(pairs, limit_denominator=limit_denominator))


# ----------------------------------------------------------------------------- writing
def network_to_torch(net: Network, *, dtype=None, exact: bool = True):
    """A PyTorch ``nn.Sequential`` of ``Linear`` and ``ReLU`` computing the network in floating point.

    Parameters
    ----------
    net : Network
    dtype : torch.dtype, optional
        ``torch.float32`` by default (PyTorch's default dtype, so that
        ``net.to_torch()(torch.randn(4, d))`` runs); ``torch.float64`` for more precision.
    exact : bool
        Require every entry to be representable in ``dtype`` (a dyadic rational
        with a short enough mantissa and a small enough exponent), so that
        :func:`network_from_torch` gives back ``net`` exactly; ``False``
        rounds each entry (through the nearest float64, then to ``dtype``).

    Returns
    -------
    torch.nn.Sequential

    Raises
    ------
    InexactOutputError
        With ``exact=True``, an entry that ``dtype`` cannot hold exactly; with
        either, an entry beyond the range of ``dtype``.  The message names it.

    Examples
    --------
    >>> import pytest; torch = pytest.importorskip("torch")  # PyTorch is optional
    >>> net = Network.from_layers([([[1], ["-1/2"]], [0, "1/4"]), ([[1, 1]], [0])])
    >>> module = network_to_torch(net)
    >>> module[0].weight.dtype, module(torch.tensor([[2.0]])).item()
    (torch.float32, 2.0)
    >>> network_to_torch(Network.from_layers([([["1/3"]], [0])]))
    Traceback (most recent call last):
    ...
    semialg_fibers.InexactOutputError: layers[0].weight entry 0 = 1/3 is not representable in torch.float32 (nearest
    11184811/33554432); pass exact=False to round
    """
    import torch
    import torch.nn as nn

    dtype = torch.float32 if dtype is None else dtype
    if not (isinstance(dtype, torch.dtype) and dtype.is_floating_point):
        raise TypeError(f"dtype is {dtype!r}; expected a floating torch.dtype such as torch.float32")
    modules: list = []
    for index, layer in enumerate(net.layers):
        n_out, n_in = layer.shape
        tensors = []
        for name, exact_values in (("weight", [v for row in layer.weight for v in row]), ("bias", list(layer.bias))):
            values = torch.tensor([_to_double(v, index, name, position) for position, v in enumerate(exact_values)],
                                  dtype=torch.float64).to(dtype)
            stored = values.double().tolist()
            for position, (got, want) in enumerate(zip(stored, exact_values)):
                if got in (float("inf"), float("-inf")):
                    raise InexactOutputError(f"layers[{index}].{name} entry {position} = {want} is beyond the range "
                                             f"of {dtype}")
                if exact and Fraction(got) != want:
                    raise InexactOutputError(f"layers[{index}].{name} entry {position} = {want} is not representable "
                                             f"in {dtype} (nearest {Fraction(got)}); pass exact=False to round")
            tensors.append(values)
        linear = nn.Linear(n_in, n_out, dtype=dtype)
        with torch.no_grad():
            linear.weight.copy_(tensors[0].reshape(n_out, n_in))
            linear.bias.copy_(tensors[1])
        modules.append(linear)
        if index < len(net.layers) - 1:
            modules.append(nn.ReLU())
    return nn.Sequential(*modules)


def _to_double(value: Fraction, index: int, name: str, position: int) -> float:
    try:
        return value.numerator / value.denominator  # correctly rounded
    except OverflowError:
        raise InexactOutputError(f"layers[{index}].{name} entry {position} is beyond the range of float64") from None
