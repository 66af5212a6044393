"""Exact ReLU networks of any depth (docs/mathematics.md, Section 1).

A :class:`Network` is an immutable, hashable value: an architecture
``(n_0, ..., n_L)`` and layers ``(W_l, b_l)`` of exact rationals, realizing
``f(x) = W_L s(... s(W_1 x + b_1) ...) + b_L`` with ``s = max(., 0)`` and no
activation after the last layer (the PyTorch ``Linear``/``ReLU`` convention).
Built directly (``Network(architecture=[...], layers=[...])``,
``Layer(weight=[[...]], bias=[...])``) the containers become tuples and the
entries exact ``Fraction`` values, so the value is immutable and hashable
however it was made.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from fractions import Fraction

from .exact import describe, to_rational
from .exceptions import InputLimitError, MalformedNetworkError, ShapeError
from .hooks import lookup
from .limits import resolve_input
from .printing import Printable

__all__ = ["Layer", "Network", "as_list", "convert_layer"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class Layer:
    """One affine layer ``y = W x + b`` with ``W`` of shape ``(n_out, n_in)``.

    Attributes
    ----------
    weight : tuple of tuple of Fraction
        Row-major, ``weight[i][j]`` is the weight from input ``j`` to output ``i``.
    bias : tuple of Fraction
    """

    weight: tuple[tuple[Fraction, ...], ...]
    bias: tuple[Fraction, ...]

    def __post_init__(self):
        # Fast path: the readers and from_layers hand over tuples of Fractions already.
        weight, bias = self.weight, self.bias
        if not (type(weight) is tuple and all(type(row) is tuple and all(type(v) is Fraction for v in row)
                                              for row in weight)):
            rows = as_list(weight, "weight")
            object.__setattr__(self, "weight", tuple(
                tuple(_fraction(v, f"weight[{i}][{j}]") for j, v in enumerate(as_list(row, f"weight[{i}]")))
                for i, row in enumerate(rows)))
        if not (type(bias) is tuple and all(type(v) is Fraction for v in bias)):
            object.__setattr__(self, "bias", tuple(_fraction(v, f"bias[{i}]") for i, v in enumerate(as_list(bias, "bias"))))
        rows = self.weight
        if not rows or not rows[0]:
            raise ShapeError("a layer needs at least one row and one column")
        if any(len(row) != len(rows[0]) for row in rows):
            raise ShapeError(f"weight is ragged: row 0 has {len(rows[0])} entries")
        if len(self.bias) != len(rows):
            raise ShapeError(f"bias has {len(self.bias)} entries; weight has {len(rows)} rows")

    @property
    def shape(self) -> tuple[int, int]:
        """``(n_out, n_in)``."""
        return (len(self.weight), len(self.weight[0]))

    def apply(self, x: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """Return ``W x + b`` exactly."""
        return tuple(sum((w * xi for w, xi in zip(row, x) if w and xi), b) for row, b in zip(self.weight, self.bias))


@dataclass(frozen=True)
class Network(Printable):
    """An exact ReLU network; build it with one of the ``from_*`` constructors.

    Attributes
    ----------
    architecture : tuple of int
        ``(n_0, n_1, ..., n_L)``: input dimension, hidden widths, output dimension.
    layers : tuple of Layer
        ``L`` affine layers.

    Printing (:class:`~semialg_fibers.core.printing.Printable`): ``latex()`` is
    LaTeX text mode, the architecture and the parameter with large matrices
    summarized (:func:`semialg_fibers.render.latex.network_block`);
    ``_repr_latex_`` the formula of every entry
    (:func:`~semialg_fibers.render.latex.network_latex`), None above 80
    parameters so that Jupyter shows the HTML summary
    (:func:`semialg_fibers.render.html.html`) instead.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> net.architecture
    (1, 2, 1)
    >>> net(["-3/2"])
    (Fraction(-3, 2),)
    >>> net.num_parameters
    7
    """

    architecture: tuple[int, ...]
    layers: tuple[Layer, ...]

    def __post_init__(self):
        if type(self.architecture) is not tuple:
            object.__setattr__(self, "architecture", tuple(as_list(self.architecture, "architecture")))
        if type(self.layers) is not tuple:
            object.__setattr__(self, "layers", tuple(as_list(self.layers, "layers")))
        _check_shapes(self.architecture, self.layers)

    def __getstate__(self) -> dict:
        """The fields only: the memo of derived values (:mod:`semialg_fibers.core.memo`) is not pickled."""
        from .memo import state_without_memo

        return state_without_memo(self)

    # ----------------------------------------------------------------- constructors
    @classmethod
    def from_layers(cls, layers: Iterable) -> Network:
        """Build a network from ``[(W1, b1), (W2, b2), ...]`` of exact numbers.

        Each layer may also be a mapping with keys ``"weight"`` and ``"bias"``.
        Entries go through :func:`semialg_fibers.core.exact.to_rational`; Python
        floats are rejected with the position of the entry.

        Raises
        ------
        ShapeError
            Ragged, empty or mismatched shapes.
        InexactInputError
            A float entry.
        MalformedNetworkError
            A non-numeric entry.
        """
        converted = []
        layer_list = as_list(layers, "layers")
        if not layer_list:
            raise ShapeError("layers is empty; a network needs at least one affine layer")
        for index, layer in enumerate(layer_list):
            weight, bias = _split_layer(layer, index)
            converted.append(convert_layer(weight, bias, f"layers[{index}]", to_rational))
        return cls.from_converted(converted)

    @classmethod
    def from_converted(cls, layers: Sequence[Layer]) -> Network:
        """The network of :class:`Layer` values (built by :func:`convert_layer`); the architecture is their shapes.

        The constructor of the readers (:mod:`semialg_fibers.readwrite.convert`),
        which convert numbers their own way.

        Parameters
        ----------
        layers : sequence of Layer
            At least one; consecutive shapes must match.

        Returns
        -------
        Network

        Raises
        ------
        ShapeError
            No layer, or shapes that do not chain.

        Examples
        --------
        >>> layer = convert_layer([[1, 2]], ["1/2"], "layers[0]", to_rational)
        >>> Network.from_converted([layer]).architecture
        (2, 1)
        """
        layers = list(layers)
        if not layers:
            raise ShapeError("layers is empty; a network needs at least one affine layer")
        architecture = (layers[0].shape[1],) + tuple(layer.shape[0] for layer in layers)
        return cls(architecture, tuple(layers))

    @classmethod
    def from_parameters(cls, architecture: Sequence[int], flat: Sequence) -> Network:
        """Build a network from its flat parameter vector (flat order: ``W_l`` row-major, then ``b_l``).

        Examples
        --------
        >>> Network.from_parameters((1, 1, 1), [2, -1, 3, 0]).layers[0].weight
        ((Fraction(2, 1),),)
        """
        widths = _check_architecture(architecture)
        needed = sum(n_out * (n_in + 1) for n_in, n_out in zip(widths, widths[1:]))
        values = as_list(flat, "parameters")
        if len(values) != needed:
            raise ShapeError(f"parameters has {len(values)} entries; architecture {widths} needs {needed}")
        layers, pos = [], 0
        for index, (n_in, n_out) in enumerate(zip(widths, widths[1:])):
            rows = [values[pos + i * n_in: pos + (i + 1) * n_in] for i in range(n_out)]
            pos += n_in * n_out
            bias = values[pos: pos + n_out]
            pos += n_out
            layers.append(convert_layer(rows, bias, f"layers[{index}]", to_rational))
        return cls.from_converted(layers)

    # Reading and writing live in semialg_fibers.readwrite.convert, which registers them (core.hooks): these are
    # aliases, so that core never imports readwrite.
    @classmethod
    def from_json(cls, source, numbers: str = "decimal") -> Network:
        """Read the JSON format (:func:`semialg_fibers.readwrite.convert.network_from_json`).

        ``source`` is JSON text (``str`` or ``bytes``), a parsed ``dict``, or a
        ``pathlib.Path`` to read; a ``str`` is always JSON text, never a path
        (read a file named by a string with :meth:`from_file`).
        """
        return lookup("readwrite", "network_from_json")(source, numbers=numbers)

    @classmethod
    def from_file(cls, path, *, numbers: str = "decimal") -> Network:
        """Read a file (a ``str`` or ``os.PathLike`` path; ``"-"`` is standard input), its format by its extension.

        ``.onnx``, ``.nnet``, ``.safetensors``, ``.pt`` / ``.pth`` / ``.ckpt``, and JSON for any other
        name; see :func:`semialg_fibers.readwrite.convert.network_from_file`.
        """
        return lookup("readwrite", "network_from_file")(path, numbers=numbers)

    def to_json(self, indent: int | None = 1) -> str:
        """Return the JSON text of the network, every number an exact string such as ``"3/4"``."""
        return lookup("readwrite", "network_to_json")(self, indent=indent)

    @classmethod
    def from_numpy(cls, weights, biases, limit_denominator: int | None = None) -> Network:
        """Build from NumPy arrays; each float becomes the exact dyadic rational it is."""
        return lookup("readwrite", "network_from_numpy")(weights, biases, limit_denominator=limit_denominator)

    @classmethod
    def from_torch(cls, source, limit_denominator: int | None = None, *, architecture=None) -> Network:
        """Build from a PyTorch module, a state dict or a checkpoint path (floats read exactly).

        A module's forward must be a chain of ``Linear``, ``ReLU``, ``Flatten``, ``Identity``,
        ``Dropout`` (eval mode); see :func:`semialg_fibers.readwrite.torch.network_from_torch`.
        """
        return lookup("readwrite", "network_from_torch")(source, architecture=architecture,
                                                         limit_denominator=limit_denominator)

    def to_torch(self, dtype=None, exact: bool = True):
        """A PyTorch ``nn.Sequential`` of ``Linear``/``ReLU``, ``torch.float32`` by default.

        The exact rationals become floats: with ``exact=True`` (the default) an entry the dtype cannot
        hold (``1/3``) raises ``InexactOutputError`` naming it; ``exact=False`` rounds.  See
        :func:`semialg_fibers.readwrite.torch.network_to_torch`.
        """
        return lookup("readwrite", "network_to_torch")(self, dtype=dtype, exact=exact)

    @classmethod
    def from_onnx(cls, source) -> Network:
        """Read an ONNX model (a path, bytes or ``onnx.ModelProto``) of Gemm / MatMul + Add / Relu, exactly.

        See :func:`semialg_fibers.readwrite.onnx.network_from_onnx`.
        """
        return lookup("readwrite", "network_from_onnx")(source)

    def to_onnx(self, path=None, *, dtype: str = "float32", exact: bool = True):
        """An ``onnx.ModelProto`` of Gemm and Relu nodes (saved to ``path`` when given).

        See :func:`semialg_fibers.readwrite.onnx.network_to_onnx`.
        """
        return lookup("readwrite", "network_to_onnx")(self, path, dtype=dtype, exact=exact)

    @classmethod
    def from_nnet(cls, path, *, normalize: bool = False, numbers: str = "decimal") -> Network:
        """Read a ``.nnet`` file (ACAS Xu); ``normalize=True`` folds its input and output normalization in.

        See :func:`semialg_fibers.readwrite.nnet.network_from_nnet`.
        """
        return lookup("readwrite", "network_from_nnet")(path, normalize=normalize, numbers=numbers)

    @classmethod
    def from_safetensors(cls, source, *, order=None) -> Network:
        """Read a safetensors file (a path or its bytes) holding the state dict of ``Linear`` layers.

        See :func:`semialg_fibers.readwrite.safetensors.network_from_safetensors`.
        """
        return lookup("readwrite", "network_from_safetensors")(source, order=order)

    def to_safetensors(self, path=None, *, dtype: str = "F32", exact: bool = True) -> bytes:
        """The safetensors bytes of the network (keys ``0.weight``, ``0.bias``, ``2.weight``, ...).

        See :func:`semialg_fibers.readwrite.safetensors.network_to_safetensors`.
        """
        return lookup("readwrite", "network_to_safetensors")(self, path, dtype=dtype, exact=exact)

    # ----------------------------------------------------------------- properties
    @property
    def input_dim(self) -> int:
        """``d = n_0``."""
        return self.architecture[0]

    @property
    def output_dim(self) -> int:
        """``k = n_L``."""
        return self.architecture[-1]

    @property
    def depth(self) -> int:
        """The number ``L`` of affine layers."""
        return len(self.layers)

    @property
    def hidden_widths(self) -> tuple[int, ...]:
        """``(n_1, ..., n_{L-1})``."""
        return self.architecture[1:-1]

    @property
    def num_parameters(self) -> int:
        """``N = sum_l n_l (n_{l-1} + 1)``."""
        a = self.architecture
        return sum(a[i + 1] * (a[i] + 1) for i in range(len(a) - 1))

    def summary(self) -> dict:
        """Architecture, depth, dimensions, hidden widths and parameter count, JSON-ready (``semialg-fibers info``).

        >>> Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]).summary()["hidden_neurons"]
        2
        """
        hidden = self.hidden_widths
        return {"architecture": list(self.architecture), "depth": self.depth, "input_dim": self.input_dim,
                "output_dim": self.output_dim, "hidden_neurons": sum(hidden), "hidden_widths": list(hidden),
                "num_parameters": self.num_parameters}

    def parameters(self) -> tuple[Fraction, ...]:
        """The flat parameter vector in flat order (``W_l`` row-major, then ``b_l``, layer by layer)."""
        flat: list[Fraction] = []
        for layer in self.layers:
            for row in layer.weight:
                flat.extend(row)
            flat.extend(layer.bias)
        return tuple(flat)

    # ----------------------------------------------------------------- evaluation
    def __call__(self, x: Sequence) -> tuple[Fraction, ...]:
        """Evaluate exactly at one input; entries are exact numbers (floats rejected)."""
        return self._evaluate(self._input(x, "x"))

    def evaluate_batch(self, xs: Iterable[Sequence]) -> tuple[tuple[Fraction, ...], ...]:
        """Evaluate exactly at several inputs; returns one output tuple per input."""
        return tuple(self._evaluate(self._input(x, f"xs[{i}]")) for i, x in enumerate(xs))

    def _input(self, x, where: str) -> tuple[Fraction, ...]:
        values = as_list(x, where)
        if len(values) != self.input_dim:
            raise ShapeError(f"{where} has {len(values)} entries; the network's input dimension is {self.input_dim}")
        return tuple(to_rational(v, f"{where}[{j}]") for j, v in enumerate(values))

    def _evaluate(self, x: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        y = x
        last = len(self.layers) - 1
        for index, layer in enumerate(self.layers):
            y = layer.apply(y)
            if index < last:
                y = tuple(v if v > 0 else _ZERO for v in y)
        return y


# --------------------------------------------------------------------- validation
def as_list(value, where: str) -> list:
    """``value`` as a list, refusing what has no order or is not a sequence (the first check of every reader).

    A string or bytes, a mapping (a dict or a JSON object: its keys are not
    its entries) and a set (its order depends on the hash seed) are refused;
    any other iterable (list, tuple, array, generator) is read in order, at
    most :attr:`InputLimits.entries <semialg_fibers.core.limits.InputLimits>`
    entries (an endless generator is refused, not read forever).

    Parameters
    ----------
    value : iterable
    where : str
        The location named in the error (``"layers[0].bias"``).

    Returns
    -------
    list

    Raises
    ------
    ShapeError
        ``value`` is a string, bytes, a mapping, a set or not iterable.
    InputLimitError
        More than ``entries`` entries.

    Examples
    --------
    >>> as_list((1, 2), "bias")
    [1, 2]
    >>> as_list("12", "bias")
    Traceback (most recent call last):
    ...
    semialg_fibers.ShapeError: bias is the string '12'; expected a sequence (a list)
    >>> as_list({"0": 1, "7": 2}, "bias")
    Traceback (most recent call last):
    ...
    semialg_fibers.ShapeError: bias is an object (a mapping); expected a sequence (a list), whose entries are in order
    """
    if type(value) is list:  # why: the rows of a JSON file; the checks below cost more than the row
        most = resolve_input(None).entries
        if len(value) > most:
            raise InputLimitError(f"{where} has {len(value)} entries, above the input limit entries = {most}")
        return list(value)
    if isinstance(value, (str, bytes, bytearray)) or not hasattr(value, "__iter__"):
        raise ShapeError(f"{where} is {describe(value)}; expected a sequence (a list)")
    if isinstance(value, Mapping):
        raise ShapeError(f"{where} is an object (a mapping); expected a sequence (a list), whose entries are in order")
    if isinstance(value, Set):
        raise ShapeError(f"{where} is a set, whose order is arbitrary; expected a sequence (a list)")
    most = resolve_input(None).entries
    try:
        size = len(value)
    except TypeError:  # an iterator or generator: read one entry beyond the limit, not all of it
        size = None
    if size is not None and size > most:
        raise InputLimitError(f"{where} has {size} entries, above the input limit entries = {most}")
    try:
        items = list(itertools.islice(value, most + 1))
    except TypeError as exc:  # e.g. a 0-dimensional array
        raise ShapeError(f"{where} is {describe(value)}, which cannot be read as a sequence ({exc})") from None
    if len(items) > most:
        raise InputLimitError(f"{where} has more than {most} entries, above the input limit entries = {most}")
    return items


def _fraction(value, where: str) -> Fraction:
    """An entry of a layer built directly: a plain ``Fraction`` (floats refused, as everywhere)."""
    if type(value) is Fraction:
        return value
    return Fraction(to_rational(value, where))


def _split_layer(layer, index: int):
    if isinstance(layer, Mapping):
        missing = {"weight", "bias"} - set(layer)
        if missing:
            raise ShapeError(f"layers[{index}] lacks {sorted(missing)}; expected keys 'weight' and 'bias'")
        return layer["weight"], layer["bias"]
    items = as_list(layer, f"layers[{index}]")
    if len(items) != 2:
        raise ShapeError(f"layers[{index}] has {len(items)} items; expected a pair (weight, bias)")
    return items[0], items[1]


def convert_layer(weight, bias, where: str, convert) -> Layer:
    """One :class:`Layer` from a weight matrix and a bias vector, every entry passed through ``convert``.

    The shape checks of :meth:`Network.from_layers` and of the readers of
    :mod:`semialg_fibers.readwrite.convert` (which convert numbers their own way).

    Parameters
    ----------
    weight : sequence of sequences
        ``n_out`` rows of ``n_in`` entries (both at least 1).
    bias : sequence
        ``n_out`` entries.
    where : str
        The location named in errors (``"layers[0]"``).
    convert : callable
        ``convert(entry, location) -> Fraction``, e.g. :func:`~semialg_fibers.core.exact.to_rational`.

    Returns
    -------
    Layer

    Raises
    ------
    ShapeError
        Empty, ragged or mismatched shapes.

    Examples
    --------
    >>> convert_layer([[1, "1/2"]], [0], "layers[0]", to_rational).weight
    ((Fraction(1, 1), Fraction(1, 2)),)
    >>> convert_layer([[1], [2]], [0], "layers[0]", to_rational)
    Traceback (most recent call last):
    ...
    semialg_fibers.ShapeError: layers[0].bias has 1 entries; layers[0].weight has 2 rows
    """
    rows = as_list(weight, f"{where}.weight")
    if not rows:
        raise ShapeError(f"{where}.weight has no rows; every layer needs at least one neuron")
    rows = [as_list(row, f"{where}.weight[{i}]") for i, row in enumerate(rows)]
    n_in = len(rows[0])
    if n_in == 0:
        raise ShapeError(f"{where}.weight has empty rows; every layer needs at least one input")
    for i, row in enumerate(rows):
        if len(row) != n_in:
            raise ShapeError(f"{where}.weight is ragged: row 0 has {n_in} entries, row {i} has {len(row)}")
    bias_list = as_list(bias, f"{where}.bias")
    if len(bias_list) != len(rows):
        raise ShapeError(f"{where}.bias has {len(bias_list)} entries; {where}.weight has {len(rows)} rows")
    # Equal entries share one conversion (a network file repeats few distinct numbers: a 1-10^6-1 network took
    # 10 s converting 3 million strings one by one); only str and int, whose value alone decides the result.
    memo: dict = {}

    def exact(v, i: int, j: int | None = None):
        key = (type(v), v) if type(v) in (str, int) else None
        value = memo.get(key) if key else None
        if value is None:
            value = convert(v, f"{where}.weight[{i}][{j}]" if j is not None else f"{where}.bias[{i}]")
            if key:
                memo[key] = value
        return value

    return Layer(
        tuple(tuple(exact(v, i, j) for j, v in enumerate(row)) for i, row in enumerate(rows)),
        tuple(exact(v, i) for i, v in enumerate(bias_list)),
    )


def _check_architecture(architecture) -> tuple[int, ...]:
    widths = tuple(as_list(architecture, "architecture"))
    if len(widths) < 2:
        raise ShapeError(f"architecture {widths} needs at least an input and an output width")
    for i, w in enumerate(widths):
        if isinstance(w, bool) or not isinstance(w, int) or w < 1:
            raise ShapeError(f"architecture[{i}] is {w!r}; widths must be positive integers")
    return widths


def _check_shapes(architecture, layers) -> None:
    widths = _check_architecture(architecture)
    if len(layers) != len(widths) - 1:
        raise ShapeError(f"architecture {widths} needs {len(widths) - 1} layers, got {len(layers)}")
    for index, layer in enumerate(layers):
        if not isinstance(layer, Layer):
            raise MalformedNetworkError(f"layers[{index}] is a {type(layer).__name__}; use Network.from_layers")
        expected = (widths[index + 1], widths[index])
        rows = len(layer.weight)
        cols = len(layer.weight[0]) if rows else 0
        if (rows, cols) != expected or any(len(r) != cols for r in layer.weight):
            raise ShapeError(
                f"layers[{index}].weight has shape ({rows}, {cols}); architecture {widths} needs {expected}"
            )
        if len(layer.bias) != rows:
            raise ShapeError(f"layers[{index}].bias has {len(layer.bias)} entries; architecture {widths} needs {rows}")
        for row in layer.weight:
            if any(type(v) is not Fraction for v in row):
                raise MalformedNetworkError(f"layers[{index}] holds non-Fraction entries; use Network.from_layers")
        if any(type(v) is not Fraction for v in layer.bias):
            raise MalformedNetworkError(f"layers[{index}] holds non-Fraction entries; use Network.from_layers")
