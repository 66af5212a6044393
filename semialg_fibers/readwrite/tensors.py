"""Stored tensors to exact layers: the part of every binary reader that needs no third-party package.

The readers of PyTorch state dicts and checkpoints (:mod:`.torch`), safetensors
files (:mod:`.safetensors`) and ONNX graphs (:mod:`.onnx`) each decode their
container their own way into :class:`FlatTensor` values (a shape and the
entries in row-major order); from there the rules are shared:

* every dimension is a positive integer and the number of entries is checked
  against :attr:`InputLimits.entries <semialg_fibers.core.limits.InputLimits>`
  *before* the entries are read (:func:`check_shape`), so a header that claims
  a ``10**9 x 10**9`` matrix is refused from its shape;
* every stored float becomes the exact dyadic rational it is
  (``Fraction(float)`` is exact; float16, bfloat16 and float32 values are
  exactly float64 values), NaN and infinities are refused with their position;
* a state dict (names to tensors) is read as ``Linear, ReLU, ..., Linear``:
  the layers are the ``<prefix>.weight`` / ``<prefix>.bias`` pairs, in the
  order the prefixes sort naturally (``fc2`` before ``fc10``, ``0`` before
  ``2``) unless the order is given, and consecutive shapes must chain
  (:func:`layers_from_state_dict`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.exact import float_to_rational
from ..core.exceptions import InputLimitError, MalformedNetworkError, ShapeError
from ..core.limits import InputLimits, resolve_input
from ..core.network import Layer

__all__ = ["FlatTensor", "check_shape", "exact_entries", "natural_key", "layers_from_state_dict", "layers_from_pairs"]


@dataclass(frozen=True)
class FlatTensor:
    """A stored tensor: its shape and its entries (Python numbers) in row-major order.

    >>> FlatTensor((2, 1), (1.5, -2.0)).rows()
    [[1.5], [-2.0]]
    """

    shape: tuple[int, ...]
    values: tuple

    def rows(self) -> list[list]:
        """The entries of a matrix as a list of rows."""
        n_out, n_in = self.shape
        return [list(self.values[i * n_in:(i + 1) * n_in]) for i in range(n_out)]


def check_shape(shape: Sequence, where: str, limits: InputLimits | None = None) -> tuple[int, ...]:
    """The shape as a tuple of nonnegative ints, refused when it holds more than ``limits.entries`` entries.

    Parameters
    ----------
    shape : sequence of int
    where : str
        The tensor named in errors.
    limits : InputLimits, optional

    Raises
    ------
    ShapeError
        A dimension that is not a nonnegative integer.
    InputLimitError
        More entries than ``limits.entries`` (counted from the shape, before anything is read).

    Examples
    --------
    >>> check_shape([3, 4], "fc.weight")
    (3, 4)
    >>> check_shape([10**9, 10**9], "fc.weight")
    Traceback (most recent call last):
    ...
    semialg_fibers.InputLimitError: fc.weight has shape (1000000000, 1000000000): 1000000000000000000 entries, above
    the input limit entries = 10000000
    """
    limits = resolve_input(limits)
    dims = []
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, int) or d < 0:
            raise ShapeError(f"{where} has a dimension {d!r}; expected nonnegative integers")
        dims.append(int(d))
    count = math.prod(dims)
    if count > limits.entries:
        raise InputLimitError(f"{where} has shape {tuple(dims)}: {count} entries, above the input limit "
                              f"entries = {limits.entries}")
    return tuple(dims)


def exact_entries(values, where: str, limit_denominator: int | None = None) -> tuple[Fraction, ...]:
    """Every stored number as the exact rational it is (floats: their dyadic value); NaN and inf refused.

    >>> exact_entries([0.5, 3], "b")
    (Fraction(1, 2), Fraction(3, 1))
    >>> exact_entries([1.0, float("inf")], "fc.bias")
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: fc.bias[1] is inf; expected a finite number
    """
    return tuple(float_to_rational(v, f"{where}[{i}]", limit_denominator) for i, v in enumerate(values))


def natural_key(name: str) -> tuple:
    """Sort key of a layer name: digit runs compare as numbers (``layers.2`` before ``layers.10``).

    >>> sorted(["fc10", "fc2", "fc1"], key=natural_key)
    ['fc1', 'fc2', 'fc10']
    """
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", name) if part)


def layers_from_pairs(pairs: Sequence[tuple[str, FlatTensor, FlatTensor | None]], *,
                      limit_denominator: int | None = None) -> list[Layer]:
    """Exact layers from ``(name, weight, bias or None)`` triples; shapes must chain.

    A missing bias is zero (``nn.Linear(..., bias=False)``).

    Raises
    ------
    ShapeError
        A weight that is not a matrix, a bias of the wrong length, shapes that do not chain.
    MalformedNetworkError
        NaN or infinite entries.
    """
    layers: list[Layer] = []
    previous: tuple[str, int] | None = None
    for name, weight, bias in pairs:
        if len(weight.shape) != 2 or 0 in weight.shape:
            raise ShapeError(f"{name}.weight has shape {weight.shape}; expected a matrix (out_features, in_features) "
                             "of a Linear layer")
        n_out, n_in = weight.shape
        if previous is not None and previous[1] != n_in:
            raise ShapeError(f"{name}.weight has shape {weight.shape}: {n_in} inputs, but {previous[0]} has "
                             f"{previous[1]} outputs; the layers do not chain")
        if bias is not None and bias.shape not in ((n_out,), (1, n_out), (n_out, 1)):
            raise ShapeError(f"{name}.bias has shape {bias.shape}; expected ({n_out},) to match {name}.weight")
        entries = exact_entries(weight.values, f"{name}.weight", limit_denominator)
        rows = tuple(entries[i * n_in:(i + 1) * n_in] for i in range(n_out))
        b = exact_entries(bias.values, f"{name}.bias", limit_denominator) if bias is not None \
            else (Fraction(0),) * n_out
        layers.append(Layer(rows, b))
        previous = (f"{name}.weight", n_out)
    if not layers:
        raise ShapeError("no Linear layer found; a network needs at least one affine layer")
    return layers


_SUFFIXES = (".weight", ".bias")


def layers_from_state_dict(tensors: Mapping[str, FlatTensor], *, order: Sequence[str] | None = None,
                           limit_denominator: int | None = None) -> list[Layer]:
    """The layers ``Linear, ReLU, ..., Linear`` of a state dict: names to tensors.

    Parameters
    ----------
    tensors : mapping of str to FlatTensor
        ``"<prefix>.weight"`` (a matrix ``(out, in)``) and optionally ``"<prefix>.bias"`` for every layer.
    order : sequence of str, optional
        The layer prefixes in the order the network applies them; default:
        every prefix with a ``.weight``, sorted by :func:`natural_key`
        (the order of ``nn.Sequential`` indices and of ``fc1, fc2, ...``).
    limit_denominator : int, optional

    Raises
    ------
    MalformedNetworkError
        A key that is not the weight or bias of a Linear layer (``bn.running_mean``, a lone bias), named.
    ShapeError
        Shapes that do not chain (the message suggests giving the order).

    Examples
    --------
    >>> sd = {"2.weight": FlatTensor((1, 2), (1.0, -1.0)), "2.bias": FlatTensor((1,), (0.0,)),
    ...       "0.weight": FlatTensor((2, 1), (1.0, 0.5)), "0.bias": FlatTensor((2,), (0.0, -0.25))}
    >>> [layer.shape for layer in layers_from_state_dict(sd)]
    [(2, 1), (1, 2)]
    >>> layers_from_state_dict({"bn.running_mean": FlatTensor((2,), (0.0, 0.0))})
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: state dict key 'bn.running_mean' is not the weight or bias of a Linear
    layer; expected only '<name>.weight' and '<name>.bias' keys of Linear layers
    """
    prefixes: dict[str, dict[str, FlatTensor]] = {}
    for key, tensor in tensors.items():
        if not isinstance(key, str):
            raise MalformedNetworkError(f"state dict key {key!r} is not a string")
        suffix = next((s for s in _SUFFIXES if key.endswith(s)), None)
        if suffix is None:
            raise MalformedNetworkError(f"state dict key {key!r} is not the weight or bias of a Linear layer; "
                                        "expected only '<name>.weight' and '<name>.bias' keys of Linear layers")
        prefixes.setdefault(key[:-len(suffix)], {})[suffix] = tensor
    for prefix, parts in prefixes.items():
        if ".weight" not in parts:
            raise MalformedNetworkError(f"state dict key {prefix + '.bias'!r} has no {prefix + '.weight'!r}")
        if len(parts[".weight"].shape) != 2:
            raise MalformedNetworkError(f"state dict key {prefix + '.weight'!r} has shape {parts['.weight'].shape}, "
                                        "not the matrix of a Linear layer")
    if order is None:
        names = sorted(prefixes, key=natural_key)
    else:
        names = [str(name) for name in order]
        unknown = [n for n in names if n not in prefixes]
        if unknown:
            raise MalformedNetworkError(f"layer {unknown[0]!r} of the given order has no weight in the state dict; "
                                        f"the layers are {sorted(prefixes, key=natural_key)}")
        left = sorted(set(prefixes) - set(names), key=natural_key)
        if left:
            raise MalformedNetworkError(f"the state dict has layer {left[0]!r}, which the given order omits")
    try:
        return layers_from_pairs([(n, prefixes[n][".weight"], prefixes[n].get(".bias")) for n in names],
                                 limit_denominator=limit_denominator)
    except ShapeError as exc:
        if order is not None or "do not chain" not in str(exc):
            raise
        raise ShapeError(f"{exc} (the layers were taken in the order {names}; give the order, or the "
                         "module, to read them otherwise)") from None
