"""Import and export of networks: JSON, NumPy arrays and PyTorch modules.

JSON format::

    {"architecture": [n0, ..., nL],
     "layers": [{"weight": [[...], ...], "bias": [...]}, ...]}

``weight`` has shape ``(n_out, n_in)``.  Numbers may be JSON numbers or
strings.  With ``numbers="decimal"`` (the default) both are read as the exact
rational or decimal they spell (``0.1`` is 1/10).  With ``numbers="float64"``
every number is first read as an IEEE double and then converted to the dyadic
rational it is; this reproduces bit-exactly the binary weights of files whose
numbers are ``repr(float)`` of stored floats (the files under
``semialg_fibers/data/real_networks/``).  Unknown keys are ignored.

Text is read by :func:`network_from_json` (a ``str`` is always JSON text) and
files by :func:`network_from_file` (a ``str`` is a path there); both go
through :mod:`semialg_fibers.readwrite.reader` within
:class:`~semialg_fibers.core.limits.InputLimits` (size, nesting, entries,
digits and exponents of numbers), so a hostile file is refused with the limit
it broke, before it is parsed.  A key given twice, an object where a list
belongs and ``true`` where a width belongs are refused, not guessed.

Files in other formats are read by :func:`network_from_file` by their
extension (:data:`SUFFIXES`): ONNX (:mod:`.onnx`), ``.nnet`` (:mod:`.nnet`),
safetensors (:mod:`.safetensors`) and PyTorch checkpoints (:mod:`.torch`).

NumPy, PyTorch and ONNX are optional; they are imported only when used.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
from collections.abc import Mapping
from fractions import Fraction

from ..core.exact import describe, float_to_rational, format_rational, parse_integer, to_rational
from ..core.exceptions import InputLimitError, MalformedNetworkError, ShapeError, reworded
from ..core.limits import InputLimits, resolve_input
from ..core.network import Layer, Network, as_list, convert_layer
from .reader import JsonNumber, display_name, parse_json, read_json
from .torch import network_from_torch, network_to_torch  # here too: the names of earlier releases

__all__ = ["network_from_json", "network_from_file", "network_to_json", "network_from_numpy", "network_from_torch",
           "network_to_torch", "SUFFIXES", "file_format"]

NUMBER_MODES = ("decimal", "float64")

#: The file formats read by extension (lower case); any other name is read as JSON.
SUFFIXES = {".onnx": "onnx", ".nnet": "nnet", ".safetensors": "safetensors", ".pt": "torch", ".pth": "torch",
            ".ckpt": "torch", ".json": "json"}


def file_format(path) -> str:
    """The format :func:`network_from_file` reads ``path`` as, from its extension (``"json"`` by default).

    >>> file_format("acas_1_1.nnet"), file_format("model.ONNX"), file_format("-"), file_format("net.txt")
    ('nnet', 'onnx', 'json', 'json')
    """
    name = os.fspath(path)
    suffix = os.path.splitext(name)[1].lower() if isinstance(name, str) else ""
    return SUFFIXES.get(suffix, "json")


def network_from_json(source, *, numbers: str = "decimal", limits: InputLimits | None = None) -> Network:
    """Read a network from JSON text, a parsed ``dict``, or a file given as a ``pathlib.Path``.

    A ``str`` is always JSON text and never opened as a path, so text that
    comes from elsewhere (a request, a message) cannot make the library read a
    file; to read a file named by a string use :func:`network_from_file`.

    Parameters
    ----------
    source : str, bytes, dict or os.PathLike
        JSON text (``bytes`` are UTF-8), the parsed object, or a path object
        (``pathlib.Path``), which is read by :func:`network_from_file`.
    numbers : {"decimal", "float64"}
        How to read numbers (see the module docstring).
    limits : InputLimits, optional
        Bounds on the input (default: :func:`~semialg_fibers.core.limits.current_input_limits`).

    Raises
    ------
    MalformedNetworkError, ShapeError
        Invalid JSON, missing keys, wrong shapes or bad numbers, with the
        location (and the file name when ``source`` is a path).
    InputLimitError
        Input beyond ``limits``; the message names the limit.
    TypeError
        ``source`` of another type.

    Examples
    --------
    >>> text = '{"architecture": [1, 1, 1], "layers": [{"weight": [[2]], "bias": ["-1/2"]}, {"weight": [[1]], "bias": [0.1]}]}'
    >>> network_from_json(text)(["1"])
    (Fraction(8, 5),)
    >>> network_from_json("net.json")
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: invalid JSON: Expecting value (line 1, column 1); a str is JSON text,
    never a path: read a file with Network.from_file(path) or pass a pathlib.Path
    """
    if numbers not in NUMBER_MODES:
        raise ValueError(f"numbers must be one of {NUMBER_MODES}, got {numbers!r}")
    limits = resolve_input(limits)
    if isinstance(source, os.PathLike):
        return network_from_file(source, numbers=numbers, limits=limits)
    if isinstance(source, Mapping):
        return network_from_data(source, numbers, limits)
    if isinstance(source, (bytes, bytearray, memoryview)):
        try:
            source = bytes(source).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise MalformedNetworkError(f"the JSON bytes are not UTF-8 text (byte {exc.start})") from None
    if not isinstance(source, str):
        raise TypeError(f"source is a {type(source).__name__}; expected JSON text (str or bytes), a dict, "
                        "or a pathlib.Path to read")
    try:
        data = parse_json(source, limits)
    except InputLimitError:
        raise
    except MalformedNetworkError as exc:
        if source.lstrip().startswith(("{", "[")):
            raise
        raise type(exc)(f"{exc}; a str is JSON text, never a path: read a file with Network.from_file(path) "
                        "or pass a pathlib.Path") from None
    return network_from_data(data, numbers, limits)


def network_from_file(path, *, numbers: str = "decimal", limits: InputLimits | None = None) -> Network:
    """Read a network from a file (``"-"``: standard input), within the input limits.

    The format is read off the extension (:func:`file_format`): ``.onnx``,
    ``.nnet``, ``.safetensors``, ``.pt`` / ``.pth`` / ``.ckpt`` (a PyTorch
    checkpoint), and JSON for any other name.

    Parameters
    ----------
    path : str or os.PathLike
        The file; a ``str`` is a path here, never JSON text.
    numbers : {"decimal", "float64"}
        How to read numbers written as text (JSON and ``.nnet``); binary
        formats store floats, read as the dyadic rationals they are.
    limits : InputLimits, optional

    Raises
    ------
    MalformedNetworkError, ShapeError, InputLimitError
        As :func:`network_from_json`, prefixed with the file's name.  A file
        that is not a regular file (a FIFO, a device) must deliver its text
        within :data:`semialg_fibers.readwrite.reader.WAIT_SECONDS`.

    Examples
    --------
    >>> network_from_file("does/not/exist.json")
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: cannot read 'does/not/exist.json': No such file or directory
    """
    if numbers not in NUMBER_MODES:
        raise ValueError(f"numbers must be one of {NUMBER_MODES}, got {numbers!r}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path is a {type(path).__name__}; expected a str or os.PathLike")
    limits = resolve_input(limits)
    kind = file_format(path) if str(path) != "-" else "json"
    if kind != "json":
        return _read_other(path, kind, numbers, limits)
    data = read_json(path, limits)
    try:
        return network_from_data(data, numbers, limits)
    except MalformedNetworkError as exc:
        raise reworded(exc, f"{display_name(path)}: {exc}") from None


def network_from_data(data, numbers: str = "decimal", limits: InputLimits | None = None) -> Network:
    """Build a network from parsed JSON (a ``dict``; numbers as text, numbers or exact values).

    This is :func:`network_from_json` after reading; errors name the field
    (``layers[0].weight[1][2]``).  A JSON object where a list belongs (a
    bias ``{"0": 1}``) is refused, not read by its keys.

    >>> network_from_data({"layers": [{"weight": [[2]], "bias": ["1/2"]}]}).architecture
    (1, 1)
    """
    if numbers not in NUMBER_MODES:
        raise ValueError(f"numbers must be one of {NUMBER_MODES}, got {numbers!r}")
    limits = resolve_input(limits)
    if not isinstance(data, Mapping):
        raise MalformedNetworkError(f"the JSON top level is {describe(data)}; expected an object with 'layers'")
    if "layers" not in data:
        raise MalformedNetworkError("the JSON object has no 'layers' key; expected {\"layers\": [{\"weight\": ..., \"bias\": ...}, ...]}")
    layers_raw = data["layers"]
    if not isinstance(layers_raw, list) or not layers_raw:
        raise ShapeError(f"'layers' is {describe(layers_raw) if layers_raw != [] else 'an empty list'}; "
                         "expected a non-empty list of objects with keys 'weight' and 'bias'")
    if numbers == "float64":
        convert = lambda value, where: _float64_number(value, where, limits)  # noqa: E731
    else:
        convert = lambda value, where: to_rational(value, where, limits)  # noqa: E731
    layers: list[Layer] = []
    for index, layer in enumerate(layers_raw):
        if not isinstance(layer, Mapping) or "weight" not in layer or "bias" not in layer:
            raise ShapeError(f"layers[{index}] must be an object with keys 'weight' and 'bias'; got {_short_repr(layer)}")
        layers.append(convert_layer(layer["weight"], layer["bias"], f"layers[{index}]", convert))
    net = Network.from_converted(layers)
    if "architecture" in data:
        widths = _declared_widths(data["architecture"])
        if tuple(widths) != net.architecture:
            raise ShapeError(f"'architecture' is {_short_repr(data['architecture'])} but the layers have shapes "
                             f"giving {list(net.architecture)}")
    return net


def _declared_widths(declared) -> list[int]:
    """The widths of a declared architecture: positive integers only (``true`` is not 1, ``"2"`` is not 2)."""
    if not isinstance(declared, list):
        raise ShapeError(f"'architecture' is {describe(declared)}; expected a list of positive integers")
    widths = []
    for i, w in enumerate(declared):
        if isinstance(w, JsonNumber) and w.isdigit() and len(w) <= 18:
            widths.append(parse_integer(w))
        elif type(w) is int and w > 0:
            widths.append(w)
        else:
            raise ShapeError(f"'architecture'[{i}] is {describe(w)}; expected a positive integer")
    return widths


def _short_repr(value, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _float64_number(value, where: str, limits: InputLimits) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return to_rational(value, where, limits)
    # Read exactly first: the same checks (ASCII digits, digit and exponent limits) as in decimal mode.
    exact = to_rational(str(value), where, limits)
    text = str(value).strip()
    if "/" in text:
        return exact  # an exact form such as "3/4" stays exact
    as_float = float(text)
    if not math.isfinite(as_float):
        raise MalformedNetworkError(f"{where} is {text!r}, beyond the range of a float64")
    return Fraction(as_float)


def network_to_json(net: Network, *, indent: int | None = 1) -> str:
    """Return the JSON text of ``net``; numbers are exact strings (``"3/4"``).

    >>> net = Network.from_layers([([[1]], ["1/3"])])
    >>> print(network_to_json(net, indent=None))
    {"architecture": [1, 1], "layers": [{"weight": [["1"]], "bias": ["1/3"]}]}
    """
    data = {
        "architecture": list(net.architecture),
        "layers": [
            {
                "weight": [[format_rational(v) for v in row] for row in layer.weight],
                "bias": [format_rational(v) for v in layer.bias],
            }
            for layer in net.layers
        ],
    }
    return json.dumps(data, indent=indent)


def network_from_numpy(weights, biases, *, limit_denominator: int | None = None) -> Network:
    """Build a network from sequences of NumPy weight matrices and bias vectors.

    Every float becomes the exact dyadic rational it is, whatever its width
    (``float16``, ``float32``, ``float64``, ``longdouble``: nothing is rounded
    to float64 on the way); ``limit_denominator`` rounds each entry on request
    only.

    Parameters
    ----------
    weights : sequence of array_like, shapes ``(n_l, n_{l-1})``
    biases : sequence of array_like, shapes ``(n_l,)`` (``(n_l, 1)`` is accepted)
    limit_denominator : int, optional

    Raises
    ------
    ShapeError
        Wrong dimensions or mismatched counts.
    MalformedNetworkError
        NaN or infinite entries.
    """
    import numpy as np

    weight_list = as_list(weights, "weights")
    bias_list = as_list(biases, "biases")
    if len(weight_list) != len(bias_list):
        raise ShapeError(f"got {len(weight_list)} weight matrices and {len(bias_list)} bias vectors")
    if not weight_list:
        raise ShapeError("weights is empty; a network needs at least one affine layer")

    def convert(value, where):
        # .item() of a longdouble stays a longdouble: float_to_rational reads every width exactly
        return float_to_rational(value.item() if hasattr(value, "item") else value, where, limit_denominator)

    layers = []
    for index, (w, b) in enumerate(zip(weight_list, bias_list)):
        w_arr, b_arr = np.asarray(w), np.asarray(b)
        if w_arr.ndim != 2:
            raise ShapeError(f"weights[{index}] has {w_arr.ndim} dimensions; expected a matrix (n_out, n_in)")
        if b_arr.ndim == 2 and b_arr.shape[1] == 1:
            b_arr = b_arr[:, 0]
        if b_arr.ndim != 1:
            raise ShapeError(f"biases[{index}] has shape {b_arr.shape}; expected ({w_arr.shape[0]},)")
        layers.append(convert_layer(w_arr.tolist(), b_arr.tolist(), f"layers[{index}]", convert))
    return Network.from_converted(layers)


def _read_other(path, kind: str, numbers: str, limits: InputLimits) -> Network:
    """A file in a format other than JSON, by the reader of its module."""
    if kind == "nnet":
        from .nnet import network_from_nnet

        return network_from_nnet(path, numbers=numbers, limits=limits)
    if kind == "safetensors":
        from .safetensors import network_from_safetensors

        return network_from_safetensors(path, limits=limits)
    optional = {"onnx": "onnx", "torch": "torch"}[kind]
    if importlib.util.find_spec(optional) is None:
        raise MalformedNetworkError(f"{display_name(path)} is read as {kind} (its extension), which needs the "
                                    f"optional package {optional}: pip install 'semialg-fibers[{optional}]'")
    if kind == "onnx":
        from .onnx import network_from_onnx

        return network_from_onnx(path, limits=limits)
    from .torch import network_from_torch as from_torch

    return from_torch(path, limits=limits)
