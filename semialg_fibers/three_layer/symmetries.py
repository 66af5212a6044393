"""Every symmetry present at a three-layer network, as :class:`~semialg_fibers.core.symmetries.Symmetry` values.

:func:`symmetries` lists, beyond the permutations and positive scalings of
:func:`~semialg_fibers.core.symmetries.h_symmetries`:

* continuous: dead-row freedom, zero-output freedom, unused first-layer
  neurons, linear-row bias, linear-row mixing (the refactorizations of the
  linear block), constant first-layer neurons and repeated hyperplanes (both
  outside the generic set), the hiding translation of a hidden column;
* discrete: the sign change (one live row hiding a column), the ``n1 = 1``
  ramp flip, layer-wise orientation flips absorbed by linear or revived dead
  rows, and the dead-row revivals with a new first layer (``n1 = 2``).

Each value has an exact ``apply(net, ...)`` returning another point of the
fiber, its parameters with their exact domain, and (continuous ones) its
infinitesimal generators (:mod:`.fields`).  When exactly each one exists:
``docs/theory/three_layer.md``, Section 5.  Completeness: for parameters
that satisfy G1-G7 and have no dead, linear or zero-output row and no hidden
column, the list is complete (proven for ``n1 = 1`` and ``n2 = 1``; for
``n1, n2 >= 2`` it rests on the conjecture of Section 7); for the other
parameters completeness was checked by the exhaustive search of
:mod:`.search` on small architectures (Section 5.7), not proven.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from ..core import linalg
from ..core.exceptions import LimitReachedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.symmetries import Action, Symmetry, SymmetryKind, h_symmetries, scaling_generator, zero_output_freedom
from ..onelayer.orientations import rank_one_solutions
from . import fields, moves
from .hiding import ColumnKind, column_statuses, hidden_hyperplanes, translate
from .rows import RowKind, check_three_layer, output_column, row_types

__all__ = ["symmetries", "layer_flip_sets", "hidden_symmetries"]

_ZERO = Fraction(0)


def _names(indices) -> str:
    return ", ".join(str(j + 1) for j in indices)


def _rank_at(generators, net: Network) -> int:
    if not generators:
        return 0
    return linalg.rank([g.at(net) for g in generators], net.num_parameters)


def layer_flip_sets(net: Network, *, limits: SearchLimits | None = None) -> tuple[tuple[int, ...], ...]:
    """Every nonempty set of crossing rows whose layer flip exists (:func:`.moves.flip_condition`), sorted.

    Without available rows (no linear, dead, zero or zero-output row) a flip
    set must have ``sum_{j in T} a_j w_j^T = 0``; those sets are found by the
    exact 0/1 search of :func:`~semialg_fibers.onelayer.orientations.rank_one_solutions`.
    Otherwise the ``2^r`` subsets of the ``r`` crossing rows are checked one by
    one (at most ``limits.subsets``), except when ``ncr <= min(n1, k) + 1``
    rows always suffice.

    Raises
    ------
    NotDecidedError
        The search exceeds ``limits``.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 1], [-1, -1]], [-1, -1]), ([[1, 0]], [0])])
    >>> layer_flip_sets(net)
    ((0,),)
    """
    _, n1, _, k = check_three_layer(net, "layer_flip_sets")
    limits = resolve(limits)
    crossing = [t.index for t in row_types(net) if t.crossing and not t.output_zero]
    if not crossing:
        return ()
    available = moves.available_rows(net)
    if not available:
        weight = net.layers[1].weight
        kinks = [output_column(net, j) for j in crossing]
        normals = [tuple(weight[j]) for j in crossing]
        target = [[_ZERO] * n1 for _ in range(k)]
        found = []
        for x in rank_one_solutions(kinks, normals, target, limits, what="layer_flip_sets: zero-sum sets of rows"):
            chosen = tuple(j for j, bit in zip(crossing, x) if bit)
            if chosen:
                found.append(chosen)
        return tuple(sorted(found))
    r = len(crossing)
    if limits.exceeded("subsets", 2 ** r - 1):
        raise LimitReachedError(f"layer_flip_sets: {2 ** r - 1} sets of the {r} crossing rows exceed the limit "
                                f"subsets = {limits.subsets}", limit="subsets", value=limits.subsets)
    out = []
    for size in range(1, r + 1):
        for chosen in itertools.combinations(crossing, size):
            _, ncr, avail = moves.flip_condition(net, chosen)
            if ncr.value <= len(avail):
                out.append(chosen)
    return tuple(sorted(out))


def _row_symmetries(net: Network, limits: SearchLimits) -> list[Symmetry]:
    d, n1, n2, k = net.architecture
    arch = net.architecture
    out = []
    types = row_types(net)
    for t in types:
        j = t.index
        if t.kind in (RowKind.DEAD, RowKind.ZERO):
            gens = fields.dead_row_fields(arch, j)
            out.append(Symmetry(
                SymmetryKind.DEAD_FREEDOM,
                f"row {j + 1} of [W2 | b2] is dead: its weights and bias move freely in the closed cone <= 0 and its "
                "output column is free", True, n1 + 1 + k,
                parameters=(("row", f"{n1 + 1} entries, each <= 0"), ("column", f"any vector in Q^{k}")),
                neurons=((2, j),), generators=gens,
                action=Action(moves.set_dead_row, (j,))))
        elif t.output_zero:
            out.append(zero_output_freedom(net, 2, j))
    linear = [t.index for t in types if t.kind == RowKind.LINEAR]
    for j in linear:
        if not any(output_column(net, j)):
            continue
        c = net.layers[1].bias[j]
        out.append(Symmetry(
            SymmetryKind.LINEAR_BIAS,
            f"row {j + 1} is linear on the orthant: its bias moves with b3 compensating", True, 1,
            parameters=(("delta", f"delta >= {-c} (closed half-line: the bias stays >= 0)"),),
            neurons=((2, j),), generators=(fields.linear_bias_field(arch, j),),
            action=Action(moves.shift_linear_bias, (j,))))
    if len(linear) >= 2:
        size = len(linear)  # the mixing fields, then the kernel fields of fields.linear_kernel_fields, before building
        count = size * (size - 1) + (math.comb(size, n1 + 1) * k if size > n1 else 0) \
            + (math.comb(size, k + 1) * (n1 + 1) if size > k else 0)
        limits.check_generators(count, net.num_parameters, f"linear-row mixing of {size} rows")
        gens = fields.linear_mixing_fields(arch, linear) + fields.linear_kernel_fields(arch, linear)
        scalings = [scaling_generator(arch, 2, j) for j in linear]
        biases = [fields.linear_bias_field(arch, j) for j in linear]
        dimension = _rank_at(list(gens) + scalings + biases, net) - _rank_at(scalings + biases, net)
        out.append(Symmetry(
            SymmetryKind.LINEAR_MIXING,
            f"linear rows {_names(linear)}: any factorization V' W' = W3_L W2_L with W' >= 0 (and biases c' >= 0, b3 "
            "compensating) realizes the same affine part", True, dimension,
            parameters=(("rows", f"{len(linear)} rows [W' | c'] >= 0 of length {n1 + 1}"),
                        ("columns", f"{k} x {len(linear)} matrix V' with V' W' = W3_L W2_L")),
            neurons=tuple((2, j) for j in linear), generators=gens,
            action=Action(moves.refactor_linear_block)))
    return out


def _repeated_symmetries(net: Network) -> list[Symmetry]:
    d, n1, n2, k = net.architecture
    arch = net.architecture
    out = []
    w1, b1 = net.layers[0].weight, net.layers[0].bias
    for i in range(n1):
        if not any(w1[i]):
            positive = b1[i] > 0
            out.append(Symmetry(
                SymmetryKind.CONSTANT_FREEDOM,
                f"first-layer neuron {i + 1} has W1[{i + 1}] = 0: it is the constant s(b1_{i + 1}) = "
                f"{max(b1[i], 0)}, shared freely between W2[:, {i + 1}] and b2", True, n2,
                parameters=(("v", f"any vector in Q^{n2}"),), neurons=((1, i),),
                generators=fields.constant_neuron_fields(arch, i, positive),
                action=Action(moves.shift_constant_neuron, (i,))))
    for group in moves.repeated_first_layer(net):
        (i, _), rest = group[0], group[1:]
        lead = next(x for x, v in enumerate(w1[i]) if v)
        for l, _ in rest:
            out.append(Symmetry(
                SymmetryKind.KINK_SPLIT,
                f"first-layer neurons {i + 1} and {l + 1} have the same oriented hyperplane: their columns of W2 trade",
                True, n2, parameters=(("v", f"any vector in Q^{n2}"),), neurons=((1, i), (1, l)),
                generators=fields.trade_column_fields(arch, i, l, lead),
                action=Action(moves.trade_columns, (i, l))))
    w2 = net.layers[1].weight
    for group in moves.repeated_rows(net):
        (j, _), rest = group[0], group[1:]
        lead = next(x for x, v in enumerate(w2[j]) if v)
        for jj, _ in rest:
            out.append(Symmetry(
                SymmetryKind.KINK_SPLIT,
                f"rows {j + 1} and {jj + 1} of [W2 | b2] have the same oriented hyperplane: their output columns trade",
                True, k, parameters=(("v", f"any vector in Q^{k}"),), neurons=((2, j), (2, jj)),
                generators=fields.trade_output_fields(arch, j, jj, lead),
                action=Action(moves.trade_outputs, (j, jj))))
    return out


def _column_symmetries(net: Network) -> list[Symmetry]:
    d, n1, n2, k = net.architecture
    out = []
    for status in column_statuses(net):
        i = status.column
        if status.kind == ColumnKind.UNUSED:
            out.append(Symmetry(
                SymmetryKind.ZERO_OUTPUT_FREEDOM,
                f"first-layer neuron {i + 1} is seen only by dead rows: its weights and bias are free", True, d + 1,
                parameters=(("weights", f"any vector in Q^{d}"), ("bias", "any number")), neurons=((1, i),),
                generators=fields.unused_neuron_fields(net.architecture, i),
                action=Action(moves.set_unused_neuron, (i,))))
    for hyperplane in hidden_hyperplanes(net):
        i = hyperplane.column
        lower = hyperplane.lower
        domain = ("every real t" if lower is None else
                  f"t >= {lower} (closed half-line; at t = {lower} a hiding row reaches bias 0)")
        out.append(Symmetry(
            SymmetryKind.HIDING_TRANSLATION,
            f"first-layer neuron {i + 1} is hidden by row(s) {_names(hyperplane.hiding_rows)}: b1_{i + 1} += t, "
            f"b2_j -= W2[j, {i + 1}] t on the hiding rows", True, 1,
            parameters=(("t", domain),), neurons=((1, i),) + tuple((2, j) for j in hyperplane.hiding_rows),
            generators=(fields.hiding_field(net.architecture, i, hyperplane.hiding_rows),),
            action=Action(translate, (i,))))
        ratios = moves.sign_change_ratios(net, i)
        if ratios:
            cols = tuple(sorted(ratios))
            out.append(Symmetry(
                SymmetryKind.SIGN_CHANGE,
                f"one live row hides first-layer neuron {i + 1}: neurons {_names(cols)} can flip sign, moving "
                f"W2[j, l] / W2[j, {i + 1}] of themselves into neuron {i + 1}", False,
                order=2 ** len(cols),
                parameters=(("columns", f"a nonempty subset of {{{_names(cols)}}} (group (Z/2)^{len(cols)})"),),
                neurons=tuple((1, l) for l in (i,) + cols),
                action=Action(moves.sign_change, (i,))))
    return out


def _discrete_symmetries(net: Network, limits: SearchLimits) -> list[Symmetry]:
    out = []
    ramp = moves.ramp_rows(net)
    if ramp is not None:
        out.append(Symmetry(
            SymmetryKind.RAMP_FLIP,
            f"n1 = 1 and every live row ({_names(ramp)}) is a ramp w < 0 < c: f is constant below and above, and the "
            "first layer can be reversed, y' = T* - y", False, order=2, parameters=(),
            neurons=((1, 0),) + tuple((2, j) for j in ramp), action=Action(moves.ramp_flip)))
    flips = layer_flip_sets(net, limits=limits)
    if flips:
        rows = sorted({j for s in flips for j in s})
        out.append(Symmetry(
            SymmetryKind.LAYER_FLIP,
            f"crossing rows can flip, (w_j, c_j) <- -(w_j, c_j), absorbed by the available rows "
            f"{_names(moves.available_rows(net)) or '(none: the flipped kinks cancel)'}; "
            f"{len(flips)} flip set(s), e.g. rows {_names(flips[0])}", False,
            parameters=(("rows", "a flip set T with ncr(W3_L W2_L + sum_T a_j w_j^T) <= available rows; "
                         f"here {[[j + 1 for j in s] for s in flips[:8]]}" + (" ..." if len(flips) > 8 else "")),),
            neurons=tuple((2, j) for j in rows), action=Action(moves.layer_flip)))
    for form in moves.revival_forms(net):
        out.append(Symmetry(
            SymmetryKind.DEAD_REVIVAL,
            f"{form.describe()}: a new first layer on the row's hyperplanes, the dead row revived", False,
            parameters=(), neurons=((1, 0), (1, 1), (2, form.live), (2, form.dead))
            + (((2, form.second),) if form.second is not None else ()),
            action=Action(moves.revive, (form,))))
    return out


def symmetries(net: Network, *, limits: SearchLimits | None = None) -> tuple[Symmetry, ...]:
    """Every symmetry present at a three-layer network, each with an exact action.

    Parameters
    ----------
    net : Network
        Architecture ``(d, n1, n2, k)``.
    limits : SearchLimits, optional
        Bounds the search for layer-flip sets.

    Returns
    -------
    tuple of Symmetry
        The ``H`` symmetries first (:func:`~semialg_fibers.core.symmetries.h_symmetries`),
        then the others in the order of the module docstring.

    Raises
    ------
    ShapeError
        ``net`` is not a three-layer network.
    NotDecidedError
        The layer-flip search exceeds ``limits``.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> [str(s.kind) for s in symmetries(net) if s.kind not in ("permutation", "scaling")]
    ['hiding translation', 'sign change']
    >>> translation = symmetries(net)[-2]
    >>> translation.parameters
    (('t', 't >= -1/2 (closed half-line; at t = -1/2 a hiding row reaches bias 0)'),)
    >>> translation.apply(net, 3).layers[0].bias
    (Fraction(7, 2), Fraction(-1, 1))
    """
    check_three_layer(net, "symmetries")
    limits = resolve(limits)
    limits.check_generators(sum(net.hidden_widths), net.num_parameters, "the scalings of H")
    return tuple(h_symmetries(net)) + tuple(_row_symmetries(net, limits) + _repeated_symmetries(net)
                                            + _column_symmetries(net) + _discrete_symmetries(net, limits))


def hidden_symmetries(net: Network, *, limits: SearchLimits | None = None) -> tuple[Symmetry, ...]:
    """:func:`symmetries` without the permutations and scalings of ``H``."""
    return tuple(s for s in symmetries(net, limits=limits) if s.kind not in (SymmetryKind.PERMUTATION, SymmetryKind.SCALING))
