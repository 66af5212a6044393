"""Exact function-preserving moves of three-layer networks (beyond permutations and scalings).

Each move is a free function ``move(net, ...) -> Network`` that checks its
condition exactly and raises ``ValueError`` (saying which condition fails)
outside it, and each condition has a function that says when the move exists.
The identities behind them are proven in ``docs/theory/three_layer.md``:

* second layer on the orthant: dead-row and zero-output freedom, linear-row
  bias and refactorization of the linear block, layer-wise orientation flips
  absorbed by linear or revived dead rows;
* first layer: unused neurons;
* the interplay of both: the hiding translation (:func:`.hiding.translate`),
  the sign change (one live row hiding a column), the ramp flip (``n1 = 1``)
  and the dead-row revivals with a new first layer (``n1 = 2``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.exact import to_rational
from ..core.exceptions import InternalCheckError, ShapeError
from ..core.network import Network
from ..core.nonnegative_rank import nonnegative_column_rank
from ..core.symmetries import trade_outgoing
from .hiding import ColumnKind, column_status
from .rows import RowKind, check_three_layer, output_column, row_types

__all__ = [
    "set_dead_row",
    "set_zero_output_row",
    "set_unused_neuron",
    "repeated_first_layer",
    "repeated_rows",
    "trade_columns",
    "trade_outputs",
    "shift_constant_neuron",
    "shift_linear_bias",
    "refactor_linear_block",
    "linear_rows",
    "available_rows",
    "flip_condition",
    "layer_flip",
    "sign_change_ratios",
    "sign_change",
    "ramp_rows",
    "ramp_flip",
    "RevivalForm",
    "revival_forms",
    "revive",
]

_ZERO, _ONE = Fraction(0), Fraction(1)


def _layers(net: Network) -> list:
    return [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]


def _vector(values, length: int, where: str) -> list[Fraction]:
    items = list(values)
    if len(items) != length:
        raise ShapeError(f"{where} has {len(items)} entries; expected {length}")
    return [to_rational(v, f"{where}[{i}]") for i, v in enumerate(items)]


def _check_row(net: Network, j: int) -> None:
    n2 = net.architecture[2]
    if isinstance(j, bool) or not isinstance(j, int) or not 0 <= j < n2:
        raise ShapeError(f"row {j!r} does not exist; the second hidden layer has {n2} neurons (0-based indices)")


def _live(net: Network) -> list[int]:
    """Rows that can affect f: not dead, not zero, with a nonzero output column."""
    return [t.index for t in row_types(net) if t.kind not in (RowKind.DEAD, RowKind.ZERO) and not t.output_zero]


# ---------------------------------------------------------------------------- second layer, one row at a time
def set_dead_row(net: Network, j: int, row: Sequence, column: Sequence) -> Network:
    """Replace the dead row ``j`` by any row ``<= 0`` (weights and bias) and its output column by any vector.

    A dead row is 0 on the orthant whatever its output weights, so the moved
    network realizes the same function.

    Raises
    ------
    ValueError
        Row ``j`` is not dead, or the new row has a positive entry.

    Examples
    --------
    >>> net = Network.from_layers([([[1]], [0]), ([[1], [-1]], [-1, -2]), ([[1, 5]], [0])])
    >>> set_dead_row(net, 1, [-3, 0], [7]).layers[1].bias
    (Fraction(-1, 1), Fraction(0, 1))
    """
    _, n1, _, k = check_three_layer(net, "set_dead_row")
    _check_row(net, j)
    if row_types(net)[j].kind not in (RowKind.DEAD, RowKind.ZERO):
        raise ValueError(f"row {j + 1} is {row_types(net)[j].kind}, not dead")
    new_row = _vector(row, n1 + 1, "row")
    if any(v > 0 for v in new_row):
        raise ValueError(f"the new row {[str(v) for v in new_row]} has a positive entry; a dead row is <= 0")
    new_col = _vector(column, k, "column")
    layers = _layers(net)
    layers[1][0][j], layers[1][1][j] = new_row[:n1], new_row[n1]
    for r in range(k):
        layers[2][0][r][j] = new_col[r]
    return Network.from_layers(layers)


def set_zero_output_row(net: Network, j: int, row: Sequence) -> Network:
    """Replace row ``j`` of ``[W2 | b2]``, whose output column is zero, by any row.

    Raises
    ------
    ValueError
        The output column of row ``j`` is not zero.
    """
    _, n1, _, _ = check_three_layer(net, "set_zero_output_row")
    _check_row(net, j)
    if any(output_column(net, j)):
        raise ValueError(f"row {j + 1} has a nonzero output column; only a zero-output row is free")
    new_row = _vector(row, n1 + 1, "row")
    layers = _layers(net)
    layers[1][0][j], layers[1][1][j] = new_row[:n1], new_row[n1]
    return Network.from_layers(layers)


def set_unused_neuron(net: Network, i: int, weights: Sequence, bias) -> Network:
    """Replace the incoming weights and bias of an unused first-layer neuron ``i`` (only dead rows see it).

    Raises
    ------
    ValueError
        Column ``i`` is not unused.
    """
    d, _, _, _ = check_three_layer(net, "set_unused_neuron")
    status = column_status(net, i)
    if status.kind != ColumnKind.UNUSED:
        raise ValueError(f"column {i + 1} is {status.kind}, not unused: {status.reason}")
    new_w = _vector(weights, d, "weights")
    layers = _layers(net)
    layers[0][0][i], layers[0][1][i] = new_w, to_rational(bias, "bias")
    return Network.from_layers(layers)


def _oriented_groups(rows) -> list[list[tuple[int, Fraction]]]:
    """Groups of indices whose rows ``(w, c)`` (``w != 0``) are positive multiples of each other: ``(index, factor)``."""
    from ..onelayer.lines import line_key

    groups: dict = {}
    for index, row in rows:
        if not any(row[:-1]):
            continue
        key, sign, lead = line_key(row)
        groups.setdefault((key, sign), []).append((index, row[lead]))
    return [[(index, lead / members[0][1]) for index, lead in members] for members in groups.values() if len(members) > 1]


def repeated_first_layer(net: Network) -> list[list[tuple[int, Fraction]]]:
    """Groups of first-layer neurons with the same oriented hyperplane: ``[(neuron, lambda), ...]``.

    ``lambda`` relates each neuron to the first of its group: ``z = lambda z_first``.
    """
    check_three_layer(net, "repeated_first_layer")
    layer = net.layers[0]
    return _oriented_groups((i, tuple(w) + (b,)) for i, (w, b) in enumerate(zip(layer.weight, layer.bias)))


def repeated_rows(net: Network) -> list[list[tuple[int, Fraction]]]:
    """Groups of live rows of ``[W2 | b2]`` with the same oriented hyperplane: ``[(row, lambda), ...]``."""
    check_three_layer(net, "repeated_rows")
    layer = net.layers[1]
    live = set(_live(net))
    return _oriented_groups((j, tuple(w) + (b,)) for j, (w, b) in enumerate(zip(layer.weight, layer.bias)) if j in live)


def trade_columns(net: Network, i: int, l: int, v: Sequence) -> Network:
    """``W2[:, i] += lambda v``, ``W2[:, l] -= v`` for first-layer neurons with ``z_l = lambda z_i``.

    Raises
    ------
    ValueError
        The two neurons do not share an oriented hyperplane.
    """
    check_three_layer(net, "trade_columns")
    return trade_outgoing(net, 1, i, l, v)


def trade_outputs(net: Network, j: int, jj: int, v: Sequence) -> Network:
    """For rows with ``(w, c)_jj = lambda (w, c)_j``, ``lambda > 0``: ``a_j += lambda v``, ``a_jj -= v``.

    Raises
    ------
    ValueError
        The two rows do not share an oriented hyperplane.
    """
    check_three_layer(net, "trade_outputs")
    return trade_outgoing(net, 2, j, jj, v)


def shift_constant_neuron(net: Network, i: int, v: Sequence) -> Network:
    """For a first-layer neuron with ``W1[i] = 0`` (the constant ``s(b1_i)``): ``W2[:, i] += v``, ``b2 -= v s(b1_i)``.

    Raises
    ------
    ValueError
        ``W1[i]`` is not zero.
    """
    _, _, n2, _ = check_three_layer(net, "shift_constant_neuron")
    if any(net.layers[0].weight[i]):
        raise ValueError(f"first-layer neuron {i + 1} has nonzero weights; only a constant neuron moves this way")
    v = _vector(v, n2, "v")
    value = max(net.layers[0].bias[i], _ZERO)
    layers = _layers(net)
    for j in range(n2):
        layers[1][0][j][i] += v[j]
        layers[1][1][j] -= v[j] * value
    return Network.from_layers(layers)


def linear_rows(net: Network) -> tuple[int, ...]:
    """The linear rows (every entry ``>= 0``, not all zero)."""
    return tuple(t.index for t in row_types(net) if t.kind == RowKind.LINEAR)


def shift_linear_bias(net: Network, j: int, delta) -> Network:
    """``b2_j <- b2_j + delta`` and ``b3 <- b3 - delta a_j`` for a linear row ``j``, valid while ``b2_j + delta >= 0``.

    Raises
    ------
    ValueError
        Row ``j`` is not linear, or ``b2_j + delta < 0``.

    Examples
    --------
    >>> net = Network.from_layers([([[1]], [0]), ([[2]], [1]), ([[3]], [0])])
    >>> shift_linear_bias(net, 0, 4).layers[1:]  # doctest: +ELLIPSIS
    (Layer(weight=((Fraction(2, 1),),), bias=(Fraction(5, 1),)), Layer(weight=((Fraction(3, 1),),), bias=(Fraction(-12, 1),)))
    """
    check_three_layer(net, "shift_linear_bias")
    _check_row(net, j)
    if row_types(net)[j].kind != RowKind.LINEAR:
        raise ValueError(f"row {j + 1} is {row_types(net)[j].kind}, not linear")
    delta = to_rational(delta, "delta")
    layers = _layers(net)
    if layers[1][1][j] + delta < 0:
        raise ValueError(f"b2_{j + 1} + delta = {layers[1][1][j] + delta} < 0: the row would stop being linear")
    layers[1][1][j] += delta
    for r, a in enumerate(output_column(net, j)):
        layers[2][1][r] -= a * delta
    return Network.from_layers(layers)


def refactor_linear_block(net: Network, rows: Sequence[Sequence], columns: Sequence[Sequence]) -> Network:
    """Replace the linear block by another factorization of its linear part.

    The linear rows ``L`` contribute ``V (W z + c)`` on the orthant with
    ``V = W3[:, L]`` and ``[W | c] = [W2 | b2][L]``.  Any ``[W' | c'] >= 0`` and
    ``V'`` with ``V' W' = V W`` give the same function once
    ``b3' = b3 + V c - V' c'``.

    Parameters
    ----------
    rows : L rows of length ``n1 + 1``, every entry ``>= 0`` (the new ``[W' | c']``)
    columns : k rows of length L (the new ``V'``)

    Raises
    ------
    ValueError
        An entry of the new rows is negative, or ``V' W' != V W``.

    Examples
    --------
    Two linear rows mixed by ``G = [[1, 1], [0, 1]]`` (``W' = G W``, ``V' = V G^{-1}``):

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, 1], [1, 3]], [1, 1]), ([[1, 2]], [0])])
    >>> moved = refactor_linear_block(net, [[3, 4, 2], [1, 3, 1]], [[1, 1]])
    >>> moved.layers[2].bias
    (Fraction(0, 1),)
    """
    _, n1, _, k = check_three_layer(net, "refactor_linear_block")
    block = linear_rows(net)
    if not block:
        raise ValueError("the network has no linear row")
    new_rows = [_vector(r, n1 + 1, f"rows[{t}]") for t, r in enumerate(_as_rows(rows, len(block), "rows"))]
    new_cols = [_vector(c, len(block), f"columns[{r}]") for r, c in enumerate(_as_rows(columns, k, "columns"))]
    if any(v < 0 for r in new_rows for v in r):
        raise ValueError("a new linear row has a negative entry; linear rows are >= 0")
    weight, bias = net.layers[1].weight, net.layers[1].bias
    old = [[sum((output_column(net, j)[r] * weight[j][m] for j in block), _ZERO) for m in range(n1)] for r in range(k)]
    new = [[sum((new_cols[r][t] * new_rows[t][m] for t in range(len(block))), _ZERO) for m in range(n1)]
           for r in range(k)]
    if old != new:
        raise ValueError("V' W' differs from the linear part V W of the linear rows")
    layers = _layers(net)
    for t, j in enumerate(block):
        layers[1][0][j], layers[1][1][j] = new_rows[t][:n1], new_rows[t][n1]
        for r in range(k):
            layers[2][0][r][j] = new_cols[r][t]
    for r in range(k):
        layers[2][1][r] += (sum((output_column(net, j)[r] * bias[j] for j in block), _ZERO)
                            - sum((new_cols[r][t] * new_rows[t][n1] for t in range(len(block))), _ZERO))
    return Network.from_layers(layers)


def _as_rows(values, count: int, where: str) -> list:
    items = list(values)
    if len(items) != count:
        raise ShapeError(f"{where} has {len(items)} rows; expected {count}")
    return items


# ---------------------------------------------------------------------------- layer-wise orientation flips
def available_rows(net: Network, flipped: Sequence[int] = ()) -> tuple[int, ...]:
    """Rows that can carry the linear part after a layer flip: linear, dead, zero, or with a zero output column."""
    return tuple(t.index for t in row_types(net)
                 if t.index not in flipped and (t.kind in (RowKind.LINEAR, RowKind.DEAD, RowKind.ZERO) or t.output_zero))


def flip_condition(net: Network, flipped: Sequence[int]):
    """``(M', ncr(M'), available)`` for flipping the crossing rows ``flipped``.

    ``M' = W3_L W2_L + sum_{j in flipped} a_j w_j^T`` is the linear part the
    available rows must produce; the flip exists iff ``ncr(M') <= available``.

    Raises
    ------
    ValueError
        A flipped row is not crossing (hiding or other) or has a zero output column.
    """
    _, n1, _, k = check_three_layer(net, "flip_condition")
    types = row_types(net)
    for j in flipped:
        _check_row(net, j)
        if not types[j].crossing or types[j].output_zero:
            raise ValueError(f"row {j + 1} is {types[j].describe()}; only crossing rows with a nonzero output flip")
    weight = net.layers[1].weight
    terms = list(linear_rows(net)) + list(flipped)
    M = tuple(tuple(sum((output_column(net, j)[r] * weight[j][m] for j in terms), _ZERO) for m in range(n1))
              for r in range(k))
    return M, nonnegative_column_rank(M), available_rows(net, flipped)


def layer_flip(net: Network, flipped: Sequence[int]) -> Network:
    """Flip the crossing rows ``flipped``, ``(w_j, c_j) <- -(w_j, c_j)``, absorbing the change in the linear rows.

    Uses ``a s(l) = a l + a s(-l)``: the flipped rows move ``a_j (w_j . z + c_j)``
    into the affine part, which the available rows (linear, dead, zero or
    zero-output rows, revived as linear rows) produce by a nonnegative
    factorization of ``M'`` (:func:`flip_condition`).  Unused available rows
    keep their row and get a zero output column.

    Raises
    ------
    ValueError
        ``flipped`` is empty or not crossing, or ``ncr(M')`` exceeds the available rows.

    Examples
    --------
    Row 1 takes both signs on the orthant; the dead row 2 is revived to carry ``a_1 w_1^T = (1, 1)``:

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 1], [-1, -1]], [-1, -1]), ([[1, 0]], [0])])
    >>> moved = layer_flip(net, [0])
    >>> moved.layers[1].weight, moved.layers[2].weight
    (((Fraction(-1, 1), Fraction(-1, 1)), (Fraction(1, 1), Fraction(1, 1))), ((Fraction(1, 1), Fraction(1, 1)),))
    """
    _, n1, _, k = check_three_layer(net, "layer_flip")
    flipped = sorted(set(flipped))
    if not flipped:
        raise ValueError("layer_flip needs at least one row to flip")
    M, ncr, available = flip_condition(net, flipped)
    if ncr.value > len(available):
        raise ValueError(f"flipping rows {[j + 1 for j in flipped]} needs ncr(M') = {ncr.value} linear rows; only "
                         f"{len(available)} rows are available")
    layers = _layers(net)
    weight, bias = net.layers[1].weight, net.layers[1].bias
    constant = list(net.layers[2].bias)
    for j in linear_rows(net) + tuple(flipped):
        for r, a in enumerate(output_column(net, j)):
            constant[r] += a * bias[j]
    for j in flipped:
        layers[1][0][j] = [-v for v in weight[j]]
        layers[1][1][j] = -bias[j]
    for t, j in enumerate(available):
        if t < ncr.value:
            layers[1][0][j], layers[1][1][j] = list(ncr.W[t]), _ONE  # bias 1 keeps the revived row strictly linear
            for r in range(k):
                layers[2][0][r][j] = ncr.U[r][t]
                constant[r] -= ncr.U[r][t]
        else:
            for r in range(k):
                layers[2][0][r][j] = _ZERO
    layers[2][1] = constant
    return Network.from_layers(layers)


# ---------------------------------------------------------------------------- the sign change
def sign_change_ratios(net: Network, i: int) -> dict[int, Fraction]:
    """``{l: rho_l}`` for the columns ``l != i`` that the sign change at hidden column ``i`` can flip.

    Column ``l`` can flip iff one ratio ``rho_l != 0`` has ``w_jl = rho_l w_ji``
    for every live row ``j`` (not dead, nonzero output).  When every entry of
    ``[W2 | b2]`` is nonzero this holds for every ``l`` iff exactly one row is
    live; with two hiding rows it needs equal ratios (G5 excludes it).

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0, 0, 0]),
    ...                            ([[2, -1, -4], [-1, -1, -1]], [-1, -1]), ([[1, 1]], [0])])
    >>> sign_change_ratios(net, 0)
    {1: Fraction(-1, 2), 2: Fraction(-2, 1)}
    """
    _, n1, _, _ = check_three_layer(net, "sign_change_ratios")
    status = column_status(net, i)
    if status.kind != ColumnKind.HIDDEN:
        return {}
    weight = net.layers[1].weight
    live = _live(net)
    out = {}
    for l in range(n1):
        if l == i:
            continue
        ratio = None
        ok = True
        for j in live:
            if weight[j][i] == 0:
                if weight[j][l] != 0:
                    ok = False
                continue
            rho = weight[j][l] / weight[j][i]
            if ratio is None:
                ratio = rho
            elif rho != ratio:
                ok = False
        if ok and ratio:
            out[l] = ratio
    return out


def sign_change(net: Network, i: int, columns: Sequence[int]) -> Network:
    """Flip first-layer neurons ``l in columns`` through the hidden column ``i``.

    ``(W1_l, b1_l) <- -(W1_l, b1_l)`` and ``(W1_i, b1_i) <- (W1_i, b1_i) +
    sum_l rho_l (W1_l, b1_l)``, everything else unchanged: with
    ``s(y) = y + s(-y)`` the term ``w_jl y_l`` moves into the hidden neuron,
    which the live rows see only through ``s(w_ji y_i + r)``.  The flips commute
    and are involutions: a group ``(Z/2)^m``.

    Raises
    ------
    ValueError
        ``i`` is not hidden or some ``l`` cannot flip (:func:`sign_change_ratios`).

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> sign_change(net, 0, [1]).layers[0]
    Layer(weight=((Fraction(3, 2), Fraction(3, 2)), (Fraction(1, 1), Fraction(-1, 1))), bias=(Fraction(1, 1), Fraction(1, 1)))
    """
    check_three_layer(net, "sign_change")
    ratios = sign_change_ratios(net, i)
    columns = sorted(set(columns))
    if not columns:
        raise ValueError("sign_change needs at least one column to flip")
    bad = [l for l in columns if l not in ratios]
    if bad:
        raise ValueError(f"column(s) {[l + 1 for l in bad]} cannot flip through column {i + 1}: the live rows do not "
                         "share one ratio W2[j, l] / W2[j, i] (or column i is not hidden)")
    layers = _layers(net)
    w1, b1 = net.layers[0].weight, net.layers[0].bias
    for l in columns:
        rho = ratios[l]
        layers[0][0][l] = [-v for v in w1[l]]
        layers[0][1][l] = -b1[l]
        layers[0][0][i] = [v + rho * u for v, u in zip(layers[0][0][i], w1[l])]
        layers[0][1][i] += rho * b1[l]
    return Network.from_layers(layers)


# ---------------------------------------------------------------------------- the ramp flip (n1 = 1)
def ramp_rows(net: Network) -> tuple[int, ...] | None:
    """The ramp rows (``w_j < 0 < c_j``) when the ramp flip exists, else None.

    It exists iff ``n1 = 1``, every live row (nonzero output, not dead) is a
    ramp and there is one; then ``f`` is constant for ``y <= 0`` and for
    ``y >= T* = max_j c_j / |w_j|``.
    """
    _, n1, _, _ = check_three_layer(net, "ramp_rows")
    if n1 != 1:
        return None
    weight, bias = net.layers[1].weight, net.layers[1].bias
    live = _live(net)
    if not live or any(not (weight[j][0] < 0 < bias[j]) for j in live):
        return None
    return tuple(live)


def ramp_flip(net: Network) -> Network:
    """The ramp flip of a network with ``n1 = 1`` whose live rows are all ramps.

    With ``T_j = c_j / |w_j|``, ``T* = max T_j`` (row ``j*``) and
    ``A_j = a_j |w_j|``: the new first layer is ``y' = T* - y``
    (``W1' = -W1``, ``b1' = T* - b1``); row ``j*`` becomes ``(-1, T*)`` with
    output ``-sum_j A_j``, every other ramp row ``(-1, T* - T_j)`` with output
    ``A_j``, and ``b3' = b3 + sum_j a_j c_j``.  It is an involution up to
    scaling.

    Raises
    ------
    ValueError
        The ramp flip does not exist (:func:`ramp_rows`).

    Examples
    --------
    ``r(x) = 1 - s(1 - s(x))`` becomes ``s(1 - s(1 - x))``:

    >>> net = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    >>> ramp_flip(net).parameters() == tuple(map(Fraction, (-1, 1, -1, 1, 1, 0)))
    True
    """
    check_three_layer(net, "ramp_flip")
    rows = ramp_rows(net)
    if rows is None:
        raise ValueError("the ramp flip needs n1 = 1 and every live row of the form w < 0 < c")
    weight, bias = net.layers[1].weight, net.layers[1].bias
    k = net.output_dim
    T = {j: bias[j] / -weight[j][0] for j in rows}
    top = max(rows, key=lambda j: (T[j], -j))
    T_star = T[top]
    A = {j: [a * -weight[j][0] for a in output_column(net, j)] for j in rows}
    layers = _layers(net)
    layers[0][0][0] = [-v for v in net.layers[0].weight[0]]
    layers[0][1][0] = T_star - net.layers[0].bias[0]
    for j in rows:
        layers[1][0][j] = [-_ONE]
        layers[1][1][j] = T_star if j == top else T_star - T[j]
        for r in range(k):
            layers[2][0][r][j] = -sum((A[t][r] for t in rows), _ZERO) if j == top else A[j][r]
    for r in range(k):
        layers[2][1][r] += sum((output_column(net, j)[r] * bias[j] for j in rows), _ZERO)
    return Network.from_layers(layers)


# ---------------------------------------------------------------------------- dead-row revival (n1 = 2)
@dataclass(frozen=True)
class RevivalForm:
    """One dead-row revival with a new first layer (``n1 = 2``).

    Attributes
    ----------
    variant : str
        ``"ramp"``: the live row is ``(w_p < 0 < w_q, c > 0)``; ``"hiding"``: it
        hides column ``p`` (``w_p > 0``, ``w_q < 0``, ``c < 0``); ``"ramp2-AB"``,
        ``"ramp2-AC"``, ``"ramp2-BC"``: it is a 2-D ramp (``w < 0 < c``) and two
        rows are revived, the new first layer made of two of its piece hyperplanes
        ``A = {c = u y_1}``, ``B = {c = v y_2}``, ``C = {c = u y_1 + v y_2}``.
    live : int
        The one live row.
    dead : int
        The available row that is revived.
    p, q : int
        The two columns, as in the identity of :func:`revive`.
    second : int or None
        The second revived row (``ramp2`` variants).
    """

    variant: str
    live: int
    dead: int
    p: int
    q: int
    second: int | None = None

    def describe(self) -> str:
        """In words (1-based)."""
        rows = f"{self.dead + 1}" + (f" and {self.second + 1}" if self.second is not None else "")
        return (f"{self.variant} revival: live row {self.live + 1}, revived row(s) {rows}, columns "
                f"{self.p + 1} and {self.q + 1}")


def revival_forms(net: Network) -> tuple[RevivalForm, ...]:
    """The dead-row revivals that exist at ``net`` (one per choice of the revived rows).

    They need ``n1 = 2``, exactly one live row ``j`` (not dead, nonzero
    output), every entry of ``(w_j, c_j)`` nonzero, and other rows that are
    dead, zero or have a zero output column: one for variant ``"ramp"`` (signs
    ``(w_p, w_q, c) = (-, +, +)``) and ``"hiding"`` (``(+, -, -)``), two for the
    ``"ramp2"`` variants (``(-, -, +)``).
    """
    _, n1, _, _ = check_three_layer(net, "revival_forms")
    if n1 != 2:
        return ()
    live = _live(net)
    if len(live) != 1:
        return ()
    j = live[0]
    w, c = net.layers[1].weight[j], net.layers[1].bias[j]
    if w[0] == 0 or w[1] == 0 or c == 0:
        return ()
    spare = [t.index for t in row_types(net) if t.index != j
             and (t.kind in (RowKind.DEAD, RowKind.ZERO) or t.output_zero)]
    out = []
    for p, q in ((0, 1), (1, 0)):
        if w[p] < 0 < w[q] and c > 0:
            out.extend(RevivalForm("ramp", j, d, p, q) for d in spare)
        if w[p] > 0 > w[q] and c < 0:
            out.extend(RevivalForm("hiding", j, d, p, q) for d in spare)
    if w[0] < 0 and w[1] < 0 and c > 0:
        for d, e in itertools.combinations(spare, 2):
            out.extend(RevivalForm(variant, j, d, 0, 1, e) for variant in ("ramp2-AB", "ramp2-AC", "ramp2-BC"))
    return tuple(out)


def revive(net: Network, form: RevivalForm) -> Network:
    """Apply a dead-row revival (:func:`revival_forms`): a new first layer and two or three live rows.

    ``"ramp"`` (``u = -w_p, v = w_q, c > 0``): with ``y'_p = c - u y_p`` and
    ``y'_q = c - u y_p + v y_q``,
    ``s(c - u s(y_p) + v s(y_q)) = c + s(s(y'_q) - s(y'_p)) - s(c - s(y'_p))``:
    the live row becomes ``s(z'_q - z'_p)`` (output ``a``), the revived row
    ``s(c - z'_p)`` (output ``-a``) and ``b3' = b3 + a c``.

    ``"hiding"`` (``w_p > 0 > w_q``, ``c < 0``): with ``y'_p = y_p`` and
    ``y'_q = w_p y_p + w_q y_q + c`` (the row's own hyperplane),
    ``s(w_p s(y_p) + w_q s(y_q) + c) = s(w_p z'_p + c) - s(w_p z'_p - z'_q + c)``:
    the revived row becomes ``(w_p, 0 | c)`` (output ``a``), the live row
    ``(w_p, -1 | c)`` (output ``-a``).

    ``"ramp2"`` (``u = -w_1, v = -w_2, c > 0``, pieces ``A = c - u y_1``,
    ``B = c - v y_2``, ``C = c - u y_1 - v y_2``): with ``(y'_1, y'_2) = (A, B)``,
    ``s(c - u s(y_1) - v s(y_2)) = s(z'_1 + z'_2 - c) - s(z'_1 - c) - s(z'_2 - c)``;
    with ``(A, C)`` or ``(B, C)``,
    ``s(c - u s(y_1) - v s(y_2)) = s(c - z'_1 + z'_2) - s(c - z'_1) - s(z'_2 - z'_1)``.
    The live row takes the first term (output ``a``), the revived rows the others (output ``-a``).

    Other rows are dead or have a zero output column and stay as they are.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 0]], [1])])
    >>> form = revival_forms(net)[0]
    >>> form.describe()
    'ramp revival: live row 1, revived row(s) 2, columns 1 and 2'
    >>> revive(net, form).layers[0]
    Layer(weight=((Fraction(-2, 1), Fraction(0, 1)), (Fraction(-2, 1), Fraction(3, 1))), bias=(Fraction(4, 1), Fraction(4, 1)))
    """
    check_three_layer(net, "revive")
    if form not in revival_forms(net):
        raise ValueError(f"{form.describe()} does not exist at this network (see revival_forms)")
    j, dd, p, q = form.live, form.dead, form.p, form.q
    w, c = net.layers[1].weight[j], net.layers[1].bias[j]
    a = output_column(net, j)
    minus_a = tuple(-x for x in a)
    w1, b1 = net.layers[0].weight, net.layers[0].bias
    layers = _layers(net)
    k = net.output_dim
    rows = []  # (row index, weights, bias, output column)
    if form.variant == "ramp":
        u, v = -w[p], w[q]
        layers[0][0][p] = [-u * x for x in w1[p]]
        layers[0][1][p] = c - u * b1[p]
        layers[0][0][q] = [-u * x + v * z for x, z in zip(w1[p], w1[q])]
        layers[0][1][q] = c - u * b1[p] + v * b1[q]
        rows = [(j, _pair(p, q, -_ONE, _ONE), _ZERO, a), (dd, _pair(p, q, -_ONE, _ZERO), c, minus_a)]
        for r in range(k):
            layers[2][1][r] += a[r] * c
    elif form.variant == "hiding":
        layers[0][0][q] = [w[p] * x + w[q] * z for x, z in zip(w1[p], w1[q])]
        layers[0][1][q] = w[p] * b1[p] + w[q] * b1[q] + c
        rows = [(j, _pair(p, q, w[p], -_ONE), c, minus_a), (dd, _pair(p, q, w[p], _ZERO), c, a)]
    elif form.variant.startswith("ramp2"):
        u, v = -w[0], -w[1]
        piece = {"A": ([-u * x for x in w1[0]], c - u * b1[0]),
                 "B": ([-v * x for x in w1[1]], c - v * b1[1]),
                 "C": ([-u * x - v * z for x, z in zip(w1[0], w1[1])], c - u * b1[0] - v * b1[1])}
        first, second = form.variant[-2], form.variant[-1]
        layers[0][0][0], layers[0][1][0] = piece[first]
        layers[0][0][1], layers[0][1][1] = piece[second]
        if form.variant == "ramp2-AB":
            terms = [([_ONE, _ONE], -c), ([_ONE, _ZERO], -c), ([_ZERO, _ONE], -c)]
        else:
            terms = [([-_ONE, _ONE], c), ([-_ONE, _ZERO], c), ([-_ONE, _ONE], _ZERO)]
        rows = [(t, row, bias, out) for t, (row, bias), out in zip((j, dd, form.second), terms, (a, minus_a, minus_a))]
    else:  # pragma: no cover - RevivalForm values come from revival_forms
        raise InternalCheckError(f"unknown revival variant {form.variant!r}")
    for index, row, bias, out in rows:
        layers[1][0][index], layers[1][1][index] = row, bias
        for r in range(k):
            layers[2][0][r][index] = out[r]
    return Network.from_layers(layers)


def _pair(p: int, q: int, at_p: Fraction, at_q: Fraction) -> list[Fraction]:
    out = [_ZERO, _ZERO]
    out[p], out[q] = at_p, at_q
    return out
