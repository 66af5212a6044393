"""safetensors files in and out, read and written by the library itself (the ``safetensors`` package is not needed).

The format: an 8-byte little-endian header length ``N``, ``N`` bytes of JSON
mapping each tensor's name to ``{"dtype", "shape", "data_offsets": [begin,
end]}`` (and an optional ``"__metadata__"``), then the data, little-endian,
offsets counted from its start.  The reader checks, before it decodes an
entry: the file size against :attr:`InputLimits.bytes
<semialg_fibers.core.limits.InputLimits>`, the header with the JSON limits of
:func:`~semialg_fibers.readwrite.reader.parse_json`, every shape against
``entries``, and that ``end - begin`` is exactly the bytes the shape and dtype
need and lies inside the file.  Entries of dtypes ``F16``, ``BF16``, ``F32``,
``F64`` and the integer dtypes become exact rationals; NaN and infinities are
refused.  The tensors are a state dict: layers as
:func:`~semialg_fibers.readwrite.tensors.layers_from_state_dict` reads them.
"""

from __future__ import annotations

import json
import os
import struct
import sys
from array import array
from collections.abc import Mapping

from ..core.exceptions import InexactOutputError, InputLimitError, MalformedNetworkError
from ..core.limits import InputLimits, resolve_input
from ..core.network import Network
from .reader import parse_json
from .tensors import FlatTensor, check_shape, layers_from_state_dict

__all__ = ["read_safetensors", "network_from_safetensors", "network_to_safetensors", "read_bytes"]

# dtype -> (bytes per entry, struct or array code); BF16 is decoded through float32
_DTYPES = {"F64": (8, "d"), "F32": (4, "f"), "F16": (2, "e"), "BF16": (2, None), "I64": (8, "q"), "I32": (4, "i"),
           "I16": (2, "h"), "I8": (1, "b"), "U64": (8, "Q"), "U32": (4, "I"), "U16": (2, "H"), "U8": (1, "B")}


def read_bytes(source, limits: InputLimits | None = None, what: str = "file") -> bytes:
    """The bytes of a regular file, refused from its size when above ``limits.bytes``.

    >>> read_bytes("missing.safetensors")
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: cannot read 'missing.safetensors': No such file or directory
    """
    limits = resolve_input(limits)
    name = os.fspath(source)
    try:
        with open(name, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limits.bytes:
                raise InputLimitError(f"{name}: the {what} has {size} bytes, above the input limit "
                                      f"bytes = {limits.bytes}")
            data = handle.read(limits.bytes + 1)
    except OSError as exc:
        raise MalformedNetworkError(f"cannot read {name!r}: {exc.strerror or exc}") from None
    if len(data) > limits.bytes:
        raise InputLimitError(f"{name}: the {what} is larger than the input limit bytes = {limits.bytes}")
    return data


def read_safetensors(source, *, limits: InputLimits | None = None) -> dict[str, FlatTensor]:
    """The tensors of a safetensors file (a path, or its bytes), by name, in the order of the header.

    Raises
    ------
    MalformedNetworkError
        A header that is not JSON, an entry without dtype, shape or offsets,
        an unknown dtype, offsets that do not match the shape or leave the file.
    InputLimitError
        A file, header or tensor beyond ``limits``.

    Examples
    --------
    >>> data = network_to_safetensors(Network.from_layers([([[1, "1/2"]], ["-1/4"])]))
    >>> {name: t.values for name, t in read_safetensors(data).items()}
    {'0.weight': (1.0, 0.5), '0.bias': (-0.25,)}
    >>> read_safetensors(b"\\xff" * 8 + b"{}")
    Traceback (most recent call last):
    ...
    semialg_fibers.InputLimitError: the safetensors header claims 18446744073709551615 bytes, above the input limit bytes = 67108864
    """
    limits = resolve_input(limits)
    if isinstance(source, (str, os.PathLike)):
        data, prefix = read_bytes(source, limits, "safetensors file"), f"{os.fspath(source)}: "
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data, prefix = bytes(source), ""
        if len(data) > limits.bytes:
            raise InputLimitError(f"the safetensors data has {len(data)} bytes, above the input limit "
                                  f"bytes = {limits.bytes}")
    else:
        raise TypeError(f"source is a {type(source).__name__}; expected a path or bytes")
    if len(data) < 8:
        raise MalformedNetworkError(f"{prefix}the file has {len(data)} bytes; a safetensors file starts with an "
                                    "8-byte header length")
    (size,) = struct.unpack("<Q", data[:8])
    if size > limits.bytes:
        raise InputLimitError(f"{prefix}the safetensors header claims {size} bytes, above the input limit "
                              f"bytes = {limits.bytes}")
    if 8 + size > len(data):
        raise MalformedNetworkError(f"{prefix}the safetensors header claims {size} bytes; the file has "
                                    f"{len(data) - 8} after the length")
    try:
        header = parse_json(data[8:8 + size].decode("utf-8"), limits)
    except UnicodeDecodeError:
        raise MalformedNetworkError(f"{prefix}the safetensors header is not UTF-8 text") from None
    except MalformedNetworkError as exc:
        raise type(exc)(f"{prefix}the safetensors header: {exc}") from None
    if not isinstance(header, Mapping):
        raise MalformedNetworkError(f"{prefix}the safetensors header is not a JSON object")
    body = memoryview(data)[8 + size:]
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        where = f"{prefix}tensor {name!r}"
        if not isinstance(entry, Mapping) or not {"dtype", "shape", "data_offsets"} <= set(entry):
            raise MalformedNetworkError(f"{where}: expected an object with dtype, shape and data_offsets")
        dtype = entry["dtype"]
        if dtype not in _DTYPES:
            raise MalformedNetworkError(f"{where} has dtype {str(dtype)[:20]!r}; expected one of {', '.join(_DTYPES)}")
        shape = check_shape([_json_int(d, f"{where} shape") for d in _json_list(entry["shape"], f"{where} shape")],
                            where, limits)
        offsets = [_json_int(d, f"{where} data_offsets") for d in _json_list(entry["data_offsets"],
                                                                                 f"{where} data_offsets")]
        width, code = _DTYPES[dtype]
        count = 1
        for d in shape:
            count *= d
        if len(offsets) != 2 or offsets[0] > offsets[1] or offsets[1] > len(body) \
                or offsets[1] - offsets[0] != count * width:
            raise MalformedNetworkError(f"{where}: data_offsets {offsets} do not hold {count} entries of {dtype} "
                                        f"inside the {len(body)} bytes of data")
        raw = body[offsets[0]:offsets[1]]
        tensors[str(name)] = FlatTensor(shape, _decode(raw, code, count))
    return tensors


def _json_list(value, where: str) -> list:
    if not isinstance(value, list):
        raise MalformedNetworkError(f"{where} is not a list")
    return value


def _json_int(value, where: str) -> int:
    text = str(value)
    if not text.isdigit() or len(text) > 18:
        raise MalformedNetworkError(f"{where} holds {text[:40]!r}; expected nonnegative integers")
    return int(text)


def _decode(raw: memoryview, code: str | None, count: int) -> tuple:
    if code is None:  # bfloat16: the upper half of a float32
        halves = array("H")
        halves.frombytes(bytes(raw))
        if sys.byteorder == "big":
            halves.byteswap()
        return struct.unpack(f"<{count}f", b"".join(struct.pack("<I", h << 16) for h in halves))
    if code == "e":
        return struct.unpack(f"<{count}e", raw)
    values = array(code)
    values.frombytes(bytes(raw))
    if sys.byteorder == "big" and values.itemsize > 1:
        values.byteswap()
    return tuple(values)


def network_from_safetensors(source, *, order=None, limit_denominator: int | None = None,
                             limits: InputLimits | None = None) -> Network:
    """The network ``Linear, ReLU, ..., Linear`` stored in a safetensors file (a state dict).

    Parameters
    ----------
    source : str, os.PathLike or bytes
    order : sequence of str, optional
        The layer names in order (default: natural order of the names, see
        :func:`~semialg_fibers.readwrite.tensors.layers_from_state_dict`).
    limit_denominator : int, optional
    limits : InputLimits, optional

    Examples
    --------
    >>> net = Network.from_layers([([[1], [-2]], ["1/2", 0]), ([[1, "3/4"]], [0])])
    >>> network_from_safetensors(network_to_safetensors(net)) == net
    True
    """
    return Network.from_converted(layers_from_state_dict(read_safetensors(source, limits=limits), order=order,
                                                         limit_denominator=limit_denominator))


def network_to_safetensors(net: Network, path=None, *, dtype: str = "F32", exact: bool = True) -> bytes:
    """The safetensors bytes of the network, as the state dict of ``nn.Sequential(Linear, ReLU, ..., Linear)``.

    Keys ``"0.weight"``, ``"0.bias"``, ``"2.weight"``, ... (``torch.load_state_dict`` of that Sequential
    takes them).  With ``path`` the bytes are also written there.

    Parameters
    ----------
    net : Network
    path : str or os.PathLike, optional
    dtype : {"F32", "F64"}
    exact : bool
        Refuse an entry that ``dtype`` cannot hold exactly (:class:`InexactOutputError`); ``False`` rounds.
    """
    if dtype not in ("F32", "F64"):
        raise ValueError(f"dtype must be 'F32' or 'F64', got {dtype!r}")
    code = _DTYPES[dtype][1]
    header: dict = {}
    chunks, offset = [], 0
    for index, layer in enumerate(net.layers):
        for name, values in (("weight", [v for row in layer.weight for v in row]), ("bias", list(layer.bias))):
            key = f"{2 * index}.{name}"
            packed = []
            for position, v in enumerate(values):
                try:
                    stored = struct.unpack(f"<{code}", struct.pack(f"<{code}", v.numerator / v.denominator))[0]
                except (OverflowError, struct.error):
                    raise InexactOutputError(f"layers[{index}].{name} entry {position} = {v} is beyond the range "
                                             f"of {dtype}") from None
                if exact and stored != v:
                    raise InexactOutputError(f"layers[{index}].{name} entry {position} = {v} is not representable "
                                             f"in {dtype}; pass exact=False to round")
                packed.append(stored)
            blob = struct.pack(f"<{len(packed)}{code}", *packed)
            shape = list(layer.shape) if name == "weight" else [len(values)]
            header[key] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(blob)]}
            chunks.append(blob)
            offset += len(blob)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)  # the data starts 8-byte aligned, as the reference writer does
    data = struct.pack("<Q", len(text)) + text + b"".join(chunks)
    if path is not None:
        with open(path, "wb") as handle:
            handle.write(data)
    return data
