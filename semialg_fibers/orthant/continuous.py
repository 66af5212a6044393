"""The continuous symmetries of one hidden layer on the orthant, as :class:`~semialg_fibers.core.symmetries.Symmetry` values.

On ``R^m_{>=0}`` (``docs/theory/orthant.md``) a linear neuron (row
``(w, c) >= 0``) equals the affine map ``w . y + c``, so beyond ``H``:

* **linear-neuron mixing**: with ``U`` the rows ``[w_j | c_j]`` of the linear
  neurons and ``V`` their output columns, ``U -> M U``, ``V -> V M^{-1}``
  preserves the function while the rows of ``M U`` stay nonnegative;
  generators ``U -> E_ab U, V -> -V E_ab`` (``a != b``);
* **linear bias absorption**: ``c_j -> c_j + t`` with the output bias
  compensating, ``e -> e - u_j t``, while ``c_j + t >= 0``;
* **dead neuron** (row ``<= 0``): its output column moves freely, and so does
  every strictly negative entry of its row (entries equal to 0 can move in
  one direction only and generate no local group);
* **zero-output** neuron that is not dead: its row moves freely.
"""

from __future__ import annotations

from ..core.exact import to_rational
from ..core.exceptions import ArgumentError, DomainError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.symmetries import (
    Action,
    Symmetry,
    SymmetryKind,
    bias_shift_generator,
    coordinate_field,
    h_symmetries,
    mixing_generator,
    parameter_index,
    zero_output_freedom,
)
from ..shallow.continuous import mix_neurons, set_dead_output_weights
from .types import DEAD, LINEAR, neuron_types

__all__ = ["continuous_symmetries"]


def _layers(net: Network) -> list:
    return [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]


def _mix_linear(net: Network, linear: tuple, matrix) -> Network:
    """Linear-neuron mixing of ``linear`` by ``matrix``, refused when a moved row leaves the cone ``>= 0``."""
    moved = mix_neurons(net, 1, linear, matrix)
    first = moved.layers[0]
    for i in linear:
        if any(v < 0 for v in first.weight[i]) or first.bias[i] < 0:
            raise DomainError(f"linear-neuron mixing: the moved row of neuron {i + 1} has a negative entry; "
                              f"M U must stay nonnegative")
    return moved


def _shift_linear_bias(net: Network, i: int, k: int, t) -> Network:
    """Linear bias absorption: ``c_i -> c_i + t >= 0``, the output bias compensating."""
    value = to_rational(t, "t")
    layers = _layers(net)
    if layers[0][1][i] + value < 0:
        raise DomainError(f"linear bias absorption: c_{i + 1} + t = {layers[0][1][i] + value} must stay >= 0")
    layers[0][1][i] += value
    for r in range(k):
        layers[1][1][r] -= layers[1][0][r][i] * value
    return Network.from_layers(layers)


def _set_dead_neuron(net: Network, i: int, k: int, m: int, v_new, row_new=None) -> Network:
    """The dead-neuron freedom of neuron ``i``: new output weights and optionally a new row ``<= 0``."""
    layers = _layers(net)
    set_dead_output_weights(layers, i, v_new, k)
    if row_new is not None:
        new = [to_rational(x, f"row[{j}]") for j, x in enumerate(row_new)]
        if len(new) != m + 1 or any(x > 0 for x in new):
            raise DomainError(f"dead-neuron freedom: the row must have {m + 1} entries, all <= 0")
        layers[0][0][i], layers[0][1][i] = new[:m], new[m]
    return Network.from_layers(layers)


def continuous_symmetries(net: Network, *, limits: SearchLimits | None = None) -> tuple[Symmetry, ...]:
    """Every continuous symmetry present at a one-hidden-layer network on the orthant, with generators and actions.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``; inputs in ``R^m_{>=0}``.
    limits : SearchLimits, optional
        ``generators`` and ``generator_entries`` bound the generators, counted
        before any is built (one per scaling, ``g (g - 1) + g`` for ``g``
        linear neurons, ``k + m + 1`` per dead neuron, ``m + 1`` per zero-output one).

    Returns
    -------
    tuple of Symmetry
        The scalings of ``H`` first, then linear mixing, linear bias
        absorption, dead and zero-output freedoms.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [3, 1], [-1, -1]], [1, 0, -2]), ([[1, -1, 4]], [0])])
    >>> [str(s.kind) for s in continuous_symmetries(net)][3:]
    ['linear-row mixing', 'linear-row bias', 'linear-row bias', 'dead-neuron freedom']
    >>> from semialg_fibers.general.oracle import equivalent
    >>> moved = continuous_symmetries(net)[3].apply(net, [[1, "1/2"], [0, 1]])
    >>> bool(equivalent(net, moved, domain="orthant"))
    True
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"continuous_symmetries needs a semialg_fibers.Network, got {type(net).__name__}")
    types = neuron_types(net)
    m, n, k = net.architecture
    arch = net.architecture
    linear = tuple(t.index for t in types if t.kind == LINEAR and not t.output_zero)
    count = n + len(linear) ** 2 + sum(k + m + 1 if t.kind == DEAD else m + 1 if t.output_zero else 0 for t in types)
    resolve(limits).check_generators(count, net.num_parameters, "continuous symmetries on the orthant")
    out = [s for s in h_symmetries(net) if s.continuous]
    if len(linear) >= 2:
        gens = tuple(mixing_generator(arch, 1, a, b) for a in linear for b in linear if a != b)
        out.append(Symmetry(SymmetryKind.LINEAR_MIXING,
                            f"linear neurons {[i + 1 for i in linear]}: U -> M U, V -> V M^-1 keeps V U", True,
                            len(gens), parameters=(("M", "invertible matrix with M U >= 0 entrywise"),),
                            neurons=tuple((1, i) for i in linear), generators=gens,
                            action=Action(_mix_linear, (linear,))))
    for i in linear:
        out.append(Symmetry(SymmetryKind.LINEAR_BIAS,
                            f"linear neuron {i + 1}: its bias moves, the output bias compensates", True, 1,
                            parameters=(("t", f"t >= -c_{i + 1}"),), neurons=((1, i),),
                            generators=(bias_shift_generator(arch, 1, i),),
                            action=Action(_shift_linear_bias, (i, k))))
    for t in types:
        i = t.index
        row = tuple(net.layers[0].weight[i]) + (net.layers[0].bias[i],)
        if t.kind == DEAD:
            free_row = [j for j, v in enumerate(row) if v < 0]
            gens = tuple(coordinate_field(arch, parameter_index(arch, 2, r, i)) for r in range(k)) + tuple(
                coordinate_field(arch, parameter_index(arch, 1, i, j if j < m else None)) for j in free_row)
            out.append(Symmetry(SymmetryKind.DEAD_FREEDOM,
                                f"neuron {i + 1} is dead on the orthant (row <= 0): its output weights move freely, "
                                f"and so do its negative row entries", True, len(gens),
                                parameters=(("v", f"any v in Q^{k}"), ("row", "any row <= 0 (optional)")),
                                neurons=((1, i),), generators=gens,
                                action=Action(_set_dead_neuron, (i, k, m))))
        elif t.output_zero:
            out.append(zero_output_freedom(net, 1, i))
    return tuple(out)

