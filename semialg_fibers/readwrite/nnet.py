"""The ``.nnet`` text format of the ACAS Xu networks (Reluplex, Marabou, NNV), read exactly.

The file (lines starting with ``//`` are comments; values are separated by
commas, a trailing comma is allowed)::

    L, n_0, n_L, max_width          # numbers of layers, inputs, outputs, largest width
    n_0, n_1, ..., n_L              # the widths
    0                               # a flag no tool uses
    min_1, ..., min_{n_0}           # the box the inputs are clipped to
    max_1, ..., max_{n_0}
    mean_1, ..., mean_{n_0}, mean_out    # input normalization, then the output's
    range_1, ..., range_{n_0}, range_out
    then, layer by layer, n_l lines of n_{l-1} weights and n_l lines of one bias each

The tools evaluate ``x -> clip(x) -> (x - mean) / range -> network -> y * range_out + mean_out``;
the stored weights are those of the *network* in the middle, on normalized
inputs, with ReLU after every layer but the last.  :func:`read_nnet` returns all of it
(:class:`NnetFile`); :func:`network_from_nnet` returns that middle network, or with
``normalize=True`` the network on raw inputs, the normalizations folded into
its first and last layers exactly (an affine map composed with an affine map).
The clipping is not a network operation: it is the input box,
:meth:`NnetFile.domain`, which the analyses take as ``domain=``.

Numbers are text: with ``numbers="decimal"`` (the default, as for JSON) each is
the exact decimal it spells; with ``numbers="float64"`` each is first read as
the IEEE double the tools compute with, then converted exactly.  The text is
read by :func:`~semialg_fibers.readwrite.reader.read_text` within
:class:`~semialg_fibers.core.limits.InputLimits`, and the widths in the header are checked
against ``entries`` before any weight is read.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from fractions import Fraction

from ..core.domain import Polyhedron, box
from ..core.exact import to_rational
from ..core.exceptions import InputLimitError, MalformedNetworkError, ShapeError
from ..core.limits import InputLimits, resolve_input
from ..core.network import Layer, Network
from .reader import display_name, read_text

__all__ = ["NnetFile", "read_nnet", "parse_nnet", "network_from_nnet"]


@dataclass(frozen=True)
class NnetFile:
    """What a ``.nnet`` file holds: the network on normalized inputs and the normalization.

    Attributes
    ----------
    network : Network
        The stored weights (inputs normalized, outputs before de-normalization).
    mins, maxes : tuple of Fraction
        The box the raw inputs are clipped to.
    means, ranges : tuple of Fraction
        ``n_0 + 1`` entries each: the inputs' then the output's.
    """

    network: Network
    mins: tuple[Fraction, ...]
    maxes: tuple[Fraction, ...]
    means: tuple[Fraction, ...]
    ranges: tuple[Fraction, ...]

    def normalized(self) -> Network:
        """The network on raw inputs: ``y = range_out * N((x - mean) / range) + mean_out``, exactly.

        Clipping to the box is left out (it is :meth:`domain`); on the box the
        result is the function the tools evaluate.
        """
        layers = list(self.network.layers)
        d = self.network.input_dim
        scale = [1 / r for r in self.ranges[:d]]
        first = layers[0]
        weight = tuple(tuple(w * s for w, s in zip(row, scale)) for row in first.weight)
        bias = tuple(b - sum((w * m for w, m in zip(row, self.means[:d])), Fraction(0))
                     for row, b in zip(weight, first.bias))
        layers[0] = Layer(weight, bias)
        last = layers[-1]
        out_mean, out_range = self.means[-1], self.ranges[-1]
        layers[-1] = Layer(tuple(tuple(w * out_range for w in row) for row in last.weight),
                           tuple(b * out_range + out_mean for b in last.bias))
        return Network.from_converted(layers)

    def domain(self, *, normalize: bool = False) -> Polyhedron:
        """The input box: ``[mins, maxes]`` for the raw inputs (``normalize=True``), else normalized alike."""
        if normalize:
            return box(self.mins, self.maxes)
        d = self.network.input_dim
        lower = [(lo - m) / r for lo, m, r in zip(self.mins, self.means[:d], self.ranges[:d])]
        upper = [(hi - m) / r for hi, m, r in zip(self.maxes, self.means[:d], self.ranges[:d])]
        return box(lower, upper)


def read_nnet(source, *, numbers: str = "decimal", limits: InputLimits | None = None) -> NnetFile:
    """Read a ``.nnet`` file (a path; ``"-"`` is standard input).

    Raises
    ------
    MalformedNetworkError
        A missing or extra line, a line with the wrong number of values, a
        width that is not a positive integer, a zero range, a bad number;
        the message names the line.
    InputLimitError
        A file beyond ``limits.bytes``, widths whose weights would exceed
        ``limits.entries`` (from the header, before reading them), a number
        beyond ``limits.digits`` or ``limits.exponent``.

    Examples
    --------
    >>> read_nnet("missing.nnet")
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: cannot read 'missing.nnet': No such file or directory
    """
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"source is a {type(source).__name__}; expected a path (parse text with parse_nnet)")
    limits = resolve_input(limits)
    text = read_text(source, limits)
    try:
        return parse_nnet(text, numbers=numbers, limits=limits)
    except MalformedNetworkError as exc:
        from ..core.exceptions import reworded

        raise reworded(exc, f"{display_name(source)}: {exc}") from None


def parse_nnet(text: str, *, numbers: str = "decimal", limits: InputLimits | None = None) -> NnetFile:
    """Parse the text of a ``.nnet`` file (see the module docstring).

    Examples
    --------
    >>> text = '''// a 1-2-1 network
    ... 2, 1, 1, 2,
    ... 1, 2, 1,
    ... 0,
    ... -1,
    ... 1,
    ... 0, 0,
    ... 1, 1,
    ... 1.5,
    ... -0.5,
    ... 0,
    ... 0.25,
    ... 1, 1,
    ... 0,
    ... '''
    >>> nnet = parse_nnet(text)
    >>> nnet.network.architecture, nnet.network(["1"])
    ((1, 2, 1), (Fraction(3, 2),))
    >>> parse_nnet(text.replace("1.5,", "1.5, 2,"))
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: line 9 has 2 values; expected 1 (layer 1, weight row 1)
    """
    if numbers not in ("decimal", "float64"):
        raise ValueError(f"numbers must be 'decimal' or 'float64', got {numbers!r}")
    limits = resolve_input(limits)
    lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1)
             if line.strip() and not line.lstrip().startswith("//")]
    position = 0

    def fields(expected: int, what: str) -> list[str]:
        nonlocal position
        if position >= len(lines):
            raise MalformedNetworkError(f"the file ends before {what}")
        number, line = lines[position]
        position += 1
        values = [v.strip() for v in line.split(",")]
        if values and values[-1] == "":
            values.pop()  # the trailing comma the writers put
        if len(values) != expected:
            raise MalformedNetworkError(f"line {number} has {len(values)} values; expected {expected} ({what})")
        return values

    def number_at(value: str, where: str) -> Fraction:
        exact = to_rational(value, where, limits)
        if numbers == "decimal":
            return exact
        as_float = float(value)
        if not math.isfinite(as_float):
            raise MalformedNetworkError(f"{where} is {value!r}, beyond the range of a float64")
        return Fraction(as_float)

    def width(value: str, where: str) -> int:
        if not value.isdigit() or len(value) > 18 or int(value) < 1:
            raise MalformedNetworkError(f"{where} is {value[:40]!r}; expected a positive integer")
        return int(value)

    header_line = lines[0][0] if lines else 1
    header = fields(4, "the header: layers, inputs, outputs, largest width")
    depth, n_in, n_out = (width(v, f"line {header_line}: {name}")
                          for v, name in zip(header[:3], ("layers", "inputs", "outputs")))
    if depth + 1 > limits.entries:
        raise InputLimitError(f"the header declares {depth} layers, above the input limit entries = {limits.entries}")
    widths_line = lines[position][0] if position < len(lines) else 0
    widths = [width(v, f"line {widths_line}: width {i}") for i, v in enumerate(fields(depth + 1, "the widths"))]
    if widths[0] != n_in or widths[-1] != n_out:
        raise ShapeError(f"line {widths_line}: the widths {widths} do not start with {n_in} inputs and end with "
                         f"{n_out} outputs as the header says")
    needed = sum(a * (b + 1) for b, a in zip(widths, widths[1:]))
    if needed > limits.entries:
        raise InputLimitError(f"the widths {widths[:8]}{'...' if len(widths) > 8 else ''} need {needed} weights and "
                              f"biases, above the input limit entries = {limits.entries}")
    fields(1, "the flag line")

    def vector(count: int, what: str) -> tuple[Fraction, ...]:
        line = lines[position][0] if position < len(lines) else 0
        return tuple(number_at(v, f"line {line} ({what}) entry {i + 1}") for i, v in enumerate(fields(count, what)))

    mins = vector(n_in, "the input minimums")
    maxes = vector(n_in, "the input maximums")
    means = vector(n_in + 1, "the means")
    ranges = vector(n_in + 1, "the ranges")
    for i, r in enumerate(ranges):
        if r == 0:
            raise MalformedNetworkError(f"range {i + 1} is 0; a normalization divides by it")
    layers = []
    for index, (a, b) in enumerate(zip(widths, widths[1:]), start=1):
        rows = tuple(vector(a, f"layer {index}, weight row {i + 1}") for i in range(b))
        bias = tuple(vector(1, f"layer {index}, bias {i + 1}")[0] for i in range(b))
        layers.append(Layer(rows, bias))
    if position < len(lines):
        raise MalformedNetworkError(f"line {lines[position][0]} follows the last layer; expected the end of the file")
    return NnetFile(Network.from_converted(layers), mins, maxes, means, ranges)


def network_from_nnet(source, *, normalize: bool = False, numbers: str = "decimal",
                      limits: InputLimits | None = None) -> Network:
    """The network of a ``.nnet`` file: on normalized inputs, or on raw inputs with ``normalize=True``.

    Parameters
    ----------
    source : str or os.PathLike
    normalize : bool
        Fold the input and output normalization into the first and last layers (:meth:`NnetFile.normalized`).
    numbers : {"decimal", "float64"}
    limits : InputLimits, optional

    Raises
    ------
    MalformedNetworkError, ShapeError, InputLimitError
        As :func:`read_nnet`.
    """
    nnet = read_nnet(source, numbers=numbers, limits=limits)
    return nnet.normalized() if normalize else nnet.network
