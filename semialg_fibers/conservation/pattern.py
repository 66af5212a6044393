"""The activation pattern of a finite training set at a network, and the outputs as polynomials on it.

Near a parameter ``theta_0`` at which no training input lies on the kink of
a hidden neuron (no pre-activation is exactly 0), every training input keeps
its activation pattern on an open neighbourhood: the *activation region* of
the data, cut out by the strict inequalities ``sign z_{l,i}(x_n; theta) =
sign z_{l,i}(x_n; theta_0)``.  On it each output ``f_r(x_n; theta)`` is a
polynomial in the parameters (zero out the inactive neurons), so the loss of
any training objective is a smooth function of these polynomials.  A data
point on a kink has no such neighbourhood: :class:`NotDecidedError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..core.exact import to_rational
from ..core.exceptions import ArgumentError, NotDecidedError, ShapeError
from ..core.network import Network, as_list
from .fields import polynomial_ring

__all__ = ["ActivationPattern", "activation_pattern", "parse_data"]


def parse_data(net: Network, data) -> tuple[tuple[Fraction, ...], ...]:
    """Training inputs as exact points of ``R^d`` (floats are rejected, as everywhere)."""
    if not isinstance(net, Network):  # before the data, whose reading needs the input dimension
        raise ArgumentError(f"the training data need a semialg_fibers.Network, got {type(net).__name__}")
    if data is None:
        raise ArgumentError("data must be a sequence of input points, got None")
    points = []
    # as_list: a number is not a list of points, nor a dict its keys (which were read as the points)
    for n, x in enumerate(as_list(data, "data")):
        # as_list, not list(): the string (or JSON number) "12" is not the point (1, 2), nor a dict its keys
        scalar = isinstance(x, str) or not hasattr(x, "__iter__")
        row = [x] if scalar and net.input_dim == 1 else as_list(x, f"data[{n}]")
        if len(row) != net.input_dim:
            raise ShapeError(f"data[{n}] has {len(row)} entries; the network has input dimension {net.input_dim}")
        points.append(tuple(to_rational(v, f"data[{n}][{j}]") for j, v in enumerate(row)))
    if not points:
        raise ShapeError("data is empty; give at least one training input")
    return tuple(points)


@dataclass(frozen=True)
class ActivationPattern:
    """Which hidden neurons are active on which training input, at a network.

    Attributes
    ----------
    network : Network
    data : tuple of tuple of Fraction
    states : tuple
        ``states[n][l][i]`` is True iff neuron ``i`` of hidden layer ``l + 1``
        has a positive pre-activation at ``data[n]`` (it is never 0).
    """

    network: Network
    data: tuple
    states: tuple

    def active_inputs(self, layer: int, neuron: int) -> frozenset:
        """Indices of the training inputs on which neuron ``neuron`` (0-based) of hidden layer ``layer`` (1-based) is active."""
        return frozenset(n for n, s in enumerate(self.states) if s[layer - 1][neuron])

    def groups(self, layer: int) -> tuple[tuple[frozenset, tuple[int, ...]], ...]:
        """Neurons of a hidden layer grouped by their set of active training inputs (in neuron order)."""
        out: dict = {}
        for i in range(self.network.architecture[layer]):
            out.setdefault(self.active_inputs(layer, i), []).append(i)
        return tuple((key, tuple(v)) for key, v in out.items())

    @cached_property
    def outputs(self) -> tuple[tuple, ...]:
        """``outputs[n][r]``: the output ``f_r(data[n]; theta)`` as a polynomial on the activation region."""
        R, gens = polynomial_ring(self.network.architecture)
        arch = self.network.architecture
        out = []
        for x, state in zip(self.data, self.states):
            h = [R(v) for v in _qq(x)]
            pos = 0
            for l in range(1, len(arch)):
                n_in, n_out = arch[l - 1], arch[l]
                weights = gens[pos:pos + n_in * n_out]
                biases = gens[pos + n_in * n_out:pos + n_in * n_out + n_out]
                pos += n_out * (n_in + 1)
                z = []
                for i in range(n_out):
                    acc = biases[i]
                    for j in range(n_in):
                        if h[j]:
                            acc = acc + weights[i * n_in + j] * h[j]
                    z.append(acc)
                if l < len(arch) - 1:
                    h = [zi if state[l - 1][i] else R.zero for i, zi in enumerate(z)]
                else:
                    h = z
            out.append(tuple(h))
        return tuple(out)

    def region_description(self) -> str:
        """The open set of parameters on which the pattern (hence every polynomial here) is valid, in words."""
        count = len(self.data) * sum(self.network.hidden_widths)
        return (f"the activation region of the {len(self.data)} training inputs at the given parameter: the open set "
                f"where each of the {count} hidden pre-activations z_(l,i)(x_n; theta) keeps its (nonzero) sign")


def _qq(x):
    from sympy.polys.domains import QQ

    return [QQ(v.numerator, v.denominator) for v in x]


def activation_pattern(net: Network, data) -> ActivationPattern:
    """The activation pattern of the training inputs at ``net``.

    Parameters
    ----------
    net : Network
    data : sequence of points
        Exact training inputs (ints, Fractions, strings); for ``d = 1`` plain
        numbers are accepted.

    Returns
    -------
    ActivationPattern

    Raises
    ------
    NotDecidedError
        A training input lies on the kink of a hidden neuron (pre-activation
        exactly 0): the loss need not be differentiable there and no
        activation region contains the parameter.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [-1]], [0, 1]), ([[1, 1]], [0])])
    >>> activation_pattern(net, [2, "-1/2"]).states
    (((True, False),), ((False, True),))
    >>> activation_pattern(net, [0])
    Traceback (most recent call last):
    ...
    semialg_fibers.NotDecidedError: training input 0 = (0) lies on the kink of neuron 1 of hidden layer 1
    (pre-activation 0): no activation region around the parameter
    """
    points = parse_data(net, data)
    states = []
    for n, x in enumerate(points):
        h = x
        per_layer = []
        for l, layer in enumerate(net.layers[:-1], start=1):
            z = layer.apply(h)
            for i, v in enumerate(z):
                if v == 0:
                    raise NotDecidedError(
                        f"training input {n} = ({', '.join(map(str, x))}) lies on the kink of neuron {i + 1} of hidden "
                        f"layer {l} (pre-activation 0): no activation region around the parameter")
            per_layer.append(tuple(v > 0 for v in z))
            h = tuple(v if v > 0 else Fraction(0) for v in z)
        states.append(tuple(per_layer))
    return ActivationPattern(net, points, tuple(states))
