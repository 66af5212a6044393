"""Infinitesimal generators of the continuous three-layer symmetries, as vector fields on parameter space.

Each field is the derivative at the identity of one exact move of
:mod:`.moves` or :mod:`.hiding`, written in the parameter symbols
``W^{(l)}_{i,j}``, ``b^{(l)}_{i}`` (1-based, :mod:`semialg_fibers.core.symbols`):

* hiding translation of column ``i`` with hiding rows ``J``:
  ``d/db1_i - sum_{j in J} W2[j, i] d/db2_j``;
* bias of a linear row ``j``: ``d/db2_j - sum_r W3[r, j] d/db3_r``;
* mixing of linear rows ``p != q`` (``[W2 | b2]_p += eps [W2 | b2]_q``,
  ``W3[:, q] -= eps W3[:, p]``): ``sum_m W2[q, m] d/dW2[p, m] + b2_q d/db2_p
  - sum_r W3[r, p] d/dW3[r, q]``, and the kernel fields of the linear block
  when it has more rows than ``n1`` or ``k`` (:func:`linear_kernel_fields`);
* dead and zero-output rows, unused first-layer neurons: coordinate fields.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import sympy

from ..core.symbols import bias_symbol, parameter_symbols, weight_symbol
from ..core.symmetries import VectorField

__all__ = [
    "coordinate_index",
    "hiding_field",
    "linear_bias_field",
    "linear_mixing_fields",
    "linear_kernel_fields",
    "coordinate_fields",
    "dead_row_fields",
    "zero_output_fields",
    "unused_neuron_fields",
    "trade_column_fields",
    "trade_output_fields",
    "constant_neuron_fields",
]


def coordinate_index(architecture: Sequence[int], symbol: sympy.Symbol) -> int:
    """Position of a parameter symbol in the flat parameter vector.

    >>> coordinate_index((2, 1, 1, 1), bias_symbol(1, 1))
    2
    """
    return parameter_symbols(tuple(architecture)).index(symbol)


def _field(architecture, entries: dict, name: str) -> VectorField:
    arch = tuple(architecture)
    coords = parameter_symbols(arch)
    comps = [sympy.Integer(0)] * len(coords)
    for symbol, value in entries.items():
        comps[coords.index(symbol)] += value
    return VectorField(arch, tuple(comps), name)


def hiding_field(architecture: Sequence[int], column: int, rows: Sequence[int]) -> VectorField:
    """``d/db1_i - sum_{j in rows} W2[j, i] d/db2_j`` (0-based ``column`` and ``rows``).

    >>> hiding_field((2, 2, 1, 1), 0, [0]).to_dict()["components"]
    {'b1_1': '1', 'b2_1': '-W2_1_1'}
    """
    entries = {bias_symbol(1, column + 1): sympy.Integer(1)}
    for j in rows:
        entries[bias_symbol(2, j + 1)] = -weight_symbol(2, j + 1, column + 1)
    return _field(architecture, entries, f"hiding translation of first-layer neuron {column + 1}")


def linear_bias_field(architecture: Sequence[int], row: int) -> VectorField:
    """``d/db2_j - sum_r W3[r, j] d/db3_r`` for a linear row ``j`` (0-based).

    >>> linear_bias_field((1, 1, 1, 2), 0).to_dict()["components"]
    {'b2_1': '1', 'b3_1': '-W3_1_1', 'b3_2': '-W3_2_1'}
    """
    k = architecture[3]
    entries = {bias_symbol(2, row + 1): sympy.Integer(1)}
    for r in range(k):
        entries[bias_symbol(3, r + 1)] = -weight_symbol(3, r + 1, row + 1)
    return _field(architecture, entries, f"bias of linear row {row + 1} (b3 compensates)")


def linear_mixing_fields(architecture: Sequence[int], rows: Sequence[int]) -> tuple[VectorField, ...]:
    """The off-diagonal ``gl_L`` fields of the linear rows (the diagonal ones are the scalings).

    >>> [f.to_dict()["components"] for f in linear_mixing_fields((1, 1, 2, 1), [0, 1])][0]
    {'W2_1_1': 'W2_2_1', 'b2_1': 'b2_2', 'W3_1_2': '-W3_1_1'}
    """
    _, n1, _, k = architecture
    out = []
    for p, q in itertools.permutations(rows, 2):
        entries = {bias_symbol(2, p + 1): bias_symbol(2, q + 1)}
        for m in range(n1):
            entries[weight_symbol(2, p + 1, m + 1)] = weight_symbol(2, q + 1, m + 1)
        for r in range(k):
            entries[weight_symbol(3, r + 1, q + 1)] = -weight_symbol(3, r + 1, p + 1)
        out.append(_field(architecture, entries, f"linear rows: add row {q + 1} to row {p + 1}"))
    return tuple(out)


def _cofactor_vector(vectors: Sequence[Sequence]) -> list:
    """For ``m + 1`` vectors of length ``m``: ``eta`` with ``sum_t eta_t vectors[t] = 0`` (signed maximal minors)."""
    count = len(vectors)
    out = []
    for t in range(count):
        rest = [list(vectors[s]) for s in range(count) if s != t]
        minor = sympy.Matrix(rest).det() if rest else sympy.Integer(1)
        out.append(sympy.expand((-1) ** t * minor))
    return out


def linear_kernel_fields(architecture: Sequence[int], rows: Sequence[int]) -> tuple[VectorField, ...]:
    """Kernel moves of the linear block that ``gl_L`` may miss.

    With ``U = W2[L]`` (``L x n1``) and ``V = W3[:, L]`` (``k x L``): for
    ``eta`` with ``eta^T U = 0`` (``L > n1``), ``V <- V + xi eta^T`` keeps ``V U``
    (``b3`` compensates ``xi (eta . c)``); for ``zeta`` with ``V zeta = 0``
    (``L > k``), ``[U | c] <- [U | c] + zeta mu^T`` keeps ``V [U | c]``.  The
    vectors ``eta``, ``zeta`` are the signed maximal minors of ``n1 + 1`` rows of
    ``U`` (``k + 1`` columns of ``V``), polynomial in the parameters.

    >>> len(linear_kernel_fields((1, 1, 2, 2), [0, 1]))   # L = 2 > n1 = 1: k = 2 fields
    2
    """
    _, n1, _, k = architecture
    out = []
    if len(rows) > n1:
        for subset in itertools.combinations(rows, n1 + 1):
            eta = _cofactor_vector([[weight_symbol(2, j + 1, m + 1) for m in range(n1)] for j in subset])
            eta_c = sum((e * bias_symbol(2, j + 1) for e, j in zip(eta, subset)), sympy.Integer(0))
            for r in range(k):
                entries = {weight_symbol(3, r + 1, j + 1): e for e, j in zip(eta, subset)}
                entries[bias_symbol(3, r + 1)] = -eta_c
                out.append(_field(architecture, entries,
                                  f"linear rows {[j + 1 for j in subset]}: output {r + 1} along the left kernel of W2"))
    if len(rows) > k:
        for subset in itertools.combinations(rows, k + 1):
            zeta = _cofactor_vector([[weight_symbol(3, r + 1, j + 1) for r in range(k)] for j in subset])
            for m in range(n1 + 1):
                entries = {}
                for z, j in zip(zeta, subset):
                    symbol = bias_symbol(2, j + 1) if m == n1 else weight_symbol(2, j + 1, m + 1)
                    entries[symbol] = z
                what = "bias" if m == n1 else f"input {m + 1}"
                out.append(_field(architecture, entries,
                                  f"linear rows {[j + 1 for j in subset]}: {what} along the right kernel of W3"))
    return tuple(out)


def coordinate_fields(architecture: Sequence[int], symbols: Sequence[sympy.Symbol], what: str) -> tuple[VectorField, ...]:
    """One constant field ``d/d symbol`` per symbol."""
    return tuple(_field(architecture, {s: sympy.Integer(1)}, f"{what}: d/d{s}") for s in symbols)


def dead_row_fields(architecture: Sequence[int], row: int) -> tuple[VectorField, ...]:
    """``d/dW2[j, m]``, ``d/db2_j`` and ``d/dW3[r, j]`` for a dead row ``j`` (0-based)."""
    _, n1, _, k = architecture
    symbols = [weight_symbol(2, row + 1, m + 1) for m in range(n1)] + [bias_symbol(2, row + 1)]
    symbols += [weight_symbol(3, r + 1, row + 1) for r in range(k)]
    return coordinate_fields(architecture, symbols, f"dead row {row + 1}")


def zero_output_fields(architecture: Sequence[int], row: int) -> tuple[VectorField, ...]:
    """``d/dW2[j, m]`` and ``d/db2_j`` for a row ``j`` with a zero output column."""
    _, n1, _, _ = architecture
    symbols = [weight_symbol(2, row + 1, m + 1) for m in range(n1)] + [bias_symbol(2, row + 1)]
    return coordinate_fields(architecture, symbols, f"zero-output row {row + 1}")


def unused_neuron_fields(architecture: Sequence[int], column: int) -> tuple[VectorField, ...]:
    """``d/dW1[i, x]`` and ``d/db1_i`` for an unused first-layer neuron ``i``."""
    d = architecture[0]
    symbols = [weight_symbol(1, column + 1, x + 1) for x in range(d)] + [bias_symbol(1, column + 1)]
    return coordinate_fields(architecture, symbols, f"unused first-layer neuron {column + 1}")


def _ratio(first, second) -> sympy.Expr:
    return second / first


def trade_column_fields(architecture: Sequence[int], i: int, l: int, lead: int) -> tuple[VectorField, ...]:
    """``lambda d/dW2[j, i] - d/dW2[j, l]`` per row ``j``, ``lambda = W1[l, lead] / W1[i, lead]``.

    For two first-layer neurons with the same oriented hyperplane.
    """
    _, _, n2, _ = architecture
    lam = _ratio(weight_symbol(1, i + 1, lead + 1), weight_symbol(1, l + 1, lead + 1))
    return tuple(_field(architecture, {weight_symbol(2, j + 1, i + 1): lam, weight_symbol(2, j + 1, l + 1): -1},
                        f"first-layer neurons {i + 1} and {l + 1} on one hyperplane: trade in row {j + 1}")
                 for j in range(n2))


def trade_output_fields(architecture: Sequence[int], j: int, jj: int, lead: int) -> tuple[VectorField, ...]:
    """``lambda d/dW3[r, j] - d/dW3[r, jj]`` per output ``r``, ``lambda = W2[jj, lead] / W2[j, lead]``."""
    k = architecture[3]
    lam = _ratio(weight_symbol(2, j + 1, lead + 1), weight_symbol(2, jj + 1, lead + 1))
    return tuple(_field(architecture, {weight_symbol(3, r + 1, j + 1): lam, weight_symbol(3, r + 1, jj + 1): -1},
                        f"rows {j + 1} and {jj + 1} on one hyperplane: trade in output {r + 1}")
                 for r in range(k))


def constant_neuron_fields(architecture: Sequence[int], i: int, positive: bool) -> tuple[VectorField, ...]:
    """``d/dW2[j, i] - s(b1_i) d/db2_j`` per row ``j`` for a first-layer neuron with ``W1[i] = 0``."""
    _, _, n2, _ = architecture
    value = bias_symbol(1, i + 1) if positive else sympy.Integer(0)
    return tuple(_field(architecture, {weight_symbol(2, j + 1, i + 1): sympy.Integer(1), bias_symbol(2, j + 1): -value},
                        f"constant first-layer neuron {i + 1}: column entry of row {j + 1}") for j in range(n2))
