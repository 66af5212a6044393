"""The continuous symmetries of a shallow network on R^m, as :class:`~semialg_fibers.core.symmetries.Symmetry` values.

Besides the positive scaling of every hidden neuron (``H``), a shallow
parameter ``theta = (v_i, a_i, b_i)_i, c`` has these local continuous
freedoms (``docs/theory/shallow.md`` for the fiber, ``docs/theory/conservation.md``
for their generators):

* **zero-output** neuron (``v_i = 0``): ``(a_i, b_i)`` move freely;
* **dead** neuron (``a_i = 0``, ``b_i <= 0``, ``v_i != 0``): ``v_i`` moves
  freely, and ``b_i`` too when ``b_i < 0``;
* **constant** neuron (``a_i = 0``, ``b_i > 0``): ``v_i -> v_i + delta``,
  ``c -> c - b_i delta``;
* **kink split**: ``g >= 2`` neurons on one line with one orientation share
  its kink; ``U -> M U``, ``V -> V M^{-1}`` (``U`` their rows ``[a_i | b_i]``,
  ``V`` their output columns) for every invertible ``M`` keeping the rows
  positive multiples of the line; generators ``U -> E_ab U, V -> -V E_ab``;
* **cancelling group**: neurons on one line with both orientations and total
  kink 0 add up to an affine function, so the line's offset moves freely with
  ``c`` compensating: ``b_i -> b_i + a_{i,t} s`` for every neuron of the group
  (``t`` the first nonzero coordinate of the line) and
  ``c -> c - (sum over the positively oriented neurons of v_i a_{i,t}) s``.

Every action is exact and checked against the general oracle in the tests.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ..core.exact import to_rational
from ..core.exceptions import ArgumentError, DomainError, ShapeError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.symbols import shallow_symbols
from ..core.symmetries import (
    Action,
    Symmetry,
    SymmetryKind,
    VectorField,
    coordinate_field,
    h_symmetries,
    mixing_generator,
    parameter_index,
    zero_output_freedom,
)
from ..onelayer.lines import NeuronKind, neuron_infos

__all__ = ["continuous_symmetries", "generator_count", "mix_neurons", "set_dead_output_weights"]


def _layers(net: Network) -> list:
    return [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]


def _inverse(matrix: list[list[Fraction]]) -> list[list[Fraction]]:
    from ..core import linalg

    size = len(matrix)
    cols = []
    for j in range(size):
        col = linalg.solve(matrix, [Fraction(int(i == j)) for i in range(size)], size)
        if col is None or linalg.rank(matrix, size) < size:
            raise DomainError(f"the mixing matrix {[[str(v) for v in r] for r in matrix]} is not invertible")
        cols.append(col)
    return [[cols[j][i] for j in range(size)] for i in range(size)]


def mix_neurons(net: Network, layer: int, neurons, matrix) -> Network:
    """``U -> M U``, ``V -> V M^{-1}`` on the given neurons of a hidden layer (rows ``[W | b]`` and output columns).

    Preserves the product ``V U``; whether it preserves the function depends
    on the neurons (see the callers, which check their domain).

    >>> net = Network.from_layers([([[1], [2]], [1, 2]), ([[3, 1]], [0])])
    >>> mix_neurons(net, 1, (0, 1), [[1, 1], [0, 1]]).parameters()[:4]
    (Fraction(3, 1), Fraction(2, 1), Fraction(3, 1), Fraction(2, 1))
    """
    group = tuple(neurons)
    m = [[to_rational(v, f"matrix[{i}][{j}]") for j, v in enumerate(row)] for i, row in enumerate(matrix)]
    if len(m) != len(group) or any(len(r) != len(group) for r in m):
        raise ShapeError(f"the mixing matrix must be {len(group)} x {len(group)}, got {len(m)} rows")
    inv = _inverse(m)
    layers = _layers(net)
    weight, bias = layers[layer - 1]
    rows = [weight[i] + [bias[i]] for i in group]
    new_rows = [[sum((m[a][b] * rows[b][j] for b in range(len(group))), Fraction(0)) for j in range(len(rows[0]))]
                for a in range(len(group))]
    for a, i in enumerate(group):
        weight[i] = new_rows[a][:-1]
        bias[i] = new_rows[a][-1]
    out_weight = layers[layer][0]
    for _r, row in enumerate(out_weight):
        cols = [row[i] for i in group]
        for b, i in enumerate(group):
            row[i] = sum((cols[a] * inv[a][b] for a in range(len(group))), Fraction(0))
    return Network.from_layers(layers)


def _first_nonzero(values) -> int:
    return next(j for j, v in enumerate(values) if v)


def _split_kink(net: Network, group: tuple, lead: int, matrix) -> Network:
    """The kink split of ``group``: :func:`mix_neurons` with ``matrix``, refused unless the rows stay on the line."""
    moved = mix_neurons(net, 1, group, matrix)
    w = moved.layers[0].weight
    reference = net.layers[0].weight[group[0]][lead]
    for i in group:
        if w[i][lead] == 0 or (w[i][lead] > 0) != (reference > 0):
            raise DomainError(f"kink split: the moved row of neuron {i + 1} is not a positive multiple of the "
                              f"line; M must keep M lambda > 0 (lambda the scales of the rows)")
    return moved


def _set_dead_neuron(net: Network, i: int, k: int, v_new, b_new=None) -> Network:
    """The dead-neuron freedom of neuron ``i``: new output weights ``v_new``, optionally a new bias ``b_new <= 0``."""
    layers = _layers(net)
    set_dead_output_weights(layers, i, v_new, k)
    if b_new is not None:
        b = to_rational(b_new, "b")
        if b > 0:
            raise DomainError(f"dead-neuron freedom: the bias must stay <= 0, got {b}")
        layers[0][1][i] = b
    return Network.from_layers(layers)


def _shift_constant_neuron(net: Network, i: int, k: int, delta) -> Network:
    """The constant-neuron freedom of neuron ``i``: ``v_i -> v_i + delta``, ``c -> c - b_i delta``."""
    layers = _layers(net)
    values = [to_rational(x, f"delta[{r}]") for r, x in enumerate(delta)]
    if len(values) != k:
        raise ShapeError(f"constant-neuron freedom: expected {k} values, got {len(values)}")
    b = layers[0][1][i]
    for r in range(k):
        layers[1][0][r][i] += values[r]
        layers[1][1][r] -= b * values[r]
    return Network.from_layers(layers)


def _translate_group(net: Network, members: tuple, positive: tuple, lead: int, k: int, t) -> Network:
    """The cancelling group's translation by ``t``: ``b_i += a_{i,lead} t`` on ``members``, ``c`` compensating."""
    shift = to_rational(t, "t")
    layers = _layers(net)
    w, bias = layers[0]
    for r in range(k):
        layers[1][1][r] -= sum((w[i][lead] * layers[1][0][r][i] for i in positive), Fraction(0)) * shift
    for i in members:
        bias[i] += w[i][lead] * shift
    return Network.from_layers(layers)


def _cancelling_field(arch, group, positive, lead) -> VectorField:
    a, b, v, c = shallow_symbols(arch)
    coords_len = sum(arch[l + 1] * (arch[l] + 1) for l in range(len(arch) - 1))
    comps = [sympy.Integer(0)] * coords_len
    for i in group:
        comps[parameter_index(arch, 1, i)] = a[i][lead]
    for r in range(arch[2]):
        comps[parameter_index(arch, 2, r)] = -sum((a[i][lead] * v[i][r] for i in positive), sympy.Integer(0))
    return VectorField(arch, tuple(comps), f"offset translation of the line of neurons "
                                           f"{[i + 1 for i in group]} (cancelling group)")


def set_dead_output_weights(layers, i: int, values, k: int) -> None:
    """Write the ``k`` output weights of the dead neuron ``i`` into ``layers`` (exact, count checked)."""
    new = [to_rational(x, f"v[{r}]") for r, x in enumerate(values)]
    if len(new) != k:
        raise ShapeError(f"dead-neuron freedom: expected {k} output weights, got {len(new)}")
    for r in range(k):
        layers[1][0][r][i] = new[r]


def generator_count(net: Network) -> int:
    """An upper bound of the number of generators :func:`continuous_symmetries` builds, counted without building them.

    One per scaling, ``m + 1`` per zero-output neuron, at most ``k + 1`` per
    dead or constant neuron, ``g (g - 1)`` per orientation class of ``g >= 2``
    neurons on one line, one per cancelling group.

    >>> generator_count(Network.from_layers([([[1]] * 4, [0] * 4), ([[1] * 4], [0])]))   # 4 scalings, 4 * 3, one line
    17
    """
    m, n, k = net.architecture
    total = n
    classes: dict = {}
    lines: set = set()
    for info in neuron_infos(net):
        if info.kind == NeuronKind.ZERO_OUTPUT:
            total += m + 1
        elif info.kind == NeuronKind.ON_LINE:
            classes[(info.key, info.orientation)] = classes.get((info.key, info.orientation), 0) + 1
            lines.add(info.key)
        else:
            total += k + 1
    return total + sum(g * (g - 1) for g in classes.values() if g >= 2) + len(lines)


def continuous_symmetries(net: Network, *, limits: SearchLimits | None = None) -> tuple[Symmetry, ...]:
    """Every continuous symmetry present at a shallow network on ``R^m``, with generators and exact actions.

    The positive scalings of ``H`` come first, then per neuron or group the
    zero-output, dead and constant freedoms, kink splits and cancelling
    groups (module docstring).

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``.
    limits : SearchLimits, optional
        ``generators`` and ``generator_entries`` bound the generators, counted
        before any is built (:func:`generator_count`).

    Returns
    -------
    tuple of Symmetry
        Continuous ones only (``continuous=True``).

    Raises
    ------
    LimitReachedError
        More generators than the limits allow.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [2], [0]], [1, 2, -1]), ([[3, 1, 5]], [0])])
    >>> [(str(s.kind), s.neurons) for s in continuous_symmetries(net)][3:]
    [('dead-neuron freedom', ((1, 2),)), ('kink split', ((1, 0), (1, 1)))]
    >>> split = continuous_symmetries(net)[-1]
    >>> from semialg_fibers.general.oracle import equivalent
    >>> bool(equivalent(net, split.apply(net, [[2, 1], [1, 1]])))
    True
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"continuous_symmetries needs a semialg_fibers.Network, got {type(net).__name__}")
    resolve(limits).check_generators(generator_count(net), net.num_parameters, "continuous symmetries")
    infos = neuron_infos(net)
    out = [s for s in h_symmetries(net) if s.continuous]
    for info in infos:
        out.extend(_neuron_symmetries(net, info))
    by_line: dict = {}
    for info in infos:
        if info.kind == NeuronKind.ON_LINE:
            by_line.setdefault(info.key, []).append(info)
    for key in sorted(by_line):
        out.extend(_line_symmetries(net, by_line[key]))
    return tuple(out)


def _neuron_symmetries(net: Network, info) -> list[Symmetry]:
    """The freedom of one zero-output, dead or constant neuron (none for a neuron on a line)."""
    arch = net.architecture
    k = arch[2]
    i = info.index
    if info.kind == NeuronKind.ZERO_OUTPUT:
        return [zero_output_freedom(net, 1, i)]
    if info.kind == NeuronKind.DEAD:
        gens = tuple(coordinate_field(arch, parameter_index(arch, 2, r, i)) for r in range(k))
        if info.b < 0:
            gens += (coordinate_field(arch, parameter_index(arch, 1, i)),)
        return [Symmetry(SymmetryKind.DEAD_FREEDOM,
                         f"neuron {i + 1} is dead (a_i = 0, b_i = {info.b} <= 0): its output weights move "
                         f"freely" + (" and so does b_i < 0" if info.b < 0 else ""), True, len(gens),
                         parameters=(("v", f"any v_i in Q^{k}"), ("b", "b_i <= 0 (optional)")),
                         neurons=((1, i),), generators=gens, action=Action(_set_dead_neuron, (i, k)))]
    if info.kind == NeuronKind.CONSTANT:
        gens = []
        for r in range(k):
            comps = [sympy.Integer(0)] * net.num_parameters
            comps[parameter_index(arch, 2, r, i)] = sympy.Integer(1)
            comps[parameter_index(arch, 2, r)] = -shallow_symbols(arch)[1][i]
            gens.append(VectorField(arch, tuple(comps), f"constant neuron {i + 1}: output weight {r + 1} "
                                                        f"absorbed by the output bias"))
        return [Symmetry(SymmetryKind.CONSTANT_FREEDOM,
                         f"neuron {i + 1} is the constant {info.b} > 0 (a_i = 0): v_i -> v_i + delta with "
                         f"c -> c - b_i delta", True, k, parameters=(("delta", f"any delta in Q^{k}"),),
                         neurons=((1, i),), generators=tuple(gens), action=Action(_shift_constant_neuron, (i, k)))]
    return []


def _line_symmetries(net: Network, group: list) -> list[Symmetry]:
    """The kink splits (one per orientation with two neurons or more) and the cancelling group of one line."""
    arch = net.architecture
    k = arch[2]
    out = []
    lead = _first_nonzero(group[0].a)
    for sign in (1, -1):
        same = tuple(g.index for g in group if g.orientation == sign)
        if len(same) < 2:
            continue
        gens = tuple(mixing_generator(arch, 1, a_, b_) for a_ in same for b_ in same if a_ != b_)
        out.append(Symmetry(SymmetryKind.KINK_SPLIT,
                            f"neurons {[i + 1 for i in same]} share one line with orientation {sign:+d}: "
                            f"U -> M U, V -> V M^-1 redistributes the kink", True, (len(same) - 1) * k,
                            parameters=(("M", f"invertible {len(same)} x {len(same)} matrix keeping the rows "
                                              f"positive multiples of the line"),),
                            neurons=tuple((1, i) for i in same), generators=gens,
                            action=Action(_split_kink, (same, lead))))
    kink = [sum(col) for col in zip(*(g.kink for g in group))]
    orientations = {g.orientation for g in group}
    if len(group) >= 2 and not any(kink) and len(orientations) == 2:
        members = tuple(g.index for g in group)
        positive = tuple(g.index for g in group if g.orientation > 0)
        out.append(Symmetry(SymmetryKind.CANCELLING_GROUP,
                            f"neurons {[i + 1 for i in members]} share one line with both orientations and total "
                            f"kink 0 (an affine function): the line's offset moves freely, c compensates", True, 1,
                            parameters=(("t", "any t in Q (offset of the line in units of its first coordinate)"),),
                            neurons=tuple((1, i) for i in members),
                            generators=(_cancelling_field(arch, members, positive, lead),),
                            action=Action(_translate_group, (members, positive, lead, k))))
    return out
