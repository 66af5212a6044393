"""The matching set of the required linear part, its strata and their dimensions.

Once the roles of the neurons are fixed (:mod:`.patterns`), a fiber point must
produce the required linear part ``R = G + sum_{u in S} kappa_u alpha_u^T``
(``S`` the visible lines whose neurons are all negatively oriented) as

``R = sum_{u in M} c_u alpha_u^T + sum_{w <= p} c_w alpha_w^T + sum_{i <= l} c_i a_i^T``

with ``alpha_u`` the normals of the mixed visible lines ``M`` (fixed),
``alpha_w`` the normals of the ``p`` cancelling groups (free) and ``a_i >= 0``
the rows of the ``l`` linear neurons.  With ``C = [c_M | c_W | c_L]`` and
``Z = [B; alpha_W; A]`` this is ``C Z = R``, a nonnegative factorization with
some rows fixed and some free.  Stratifying by ``V = rowspace Z`` (dimension
``s``) gives, with ``W0 = rowspace R + rowspace B`` (dimension ``w0``),
``b = rank B``, ``t = |M| + p + l``:

* ``s = w0`` (``V = W0``) is nonempty iff ``min(b + l, dim(B + W0+)) + p >= w0``,
  where ``W0+`` is the span of the nonnegative vectors of ``W0``; its dimension
  is ``p w0 + l dim(W0+) + k (t - w0)``;
* ``w0 < s <= min(m, b + l + p)`` is nonempty, of dimension
  ``(s - w0)(m - s) + p s + l s + k (t - s)``.

For ``M = {}`` and ``p = 0`` this is the factorization dimension of docs/mathematics.md, Section 4
(:func:`semialg_fibers.core.nonnegative_rank.factorization_dimension`); the proof is in
``docs/theory/orthant.md``, Section 4, and every stratum is checked against
exact tangent ranks when a component is built.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core import linalg
from ..core.linalg import Constraint

__all__ = ["MatchingData", "matching_data", "stratum_dimension"]

_ZERO = Fraction(0)
Matrix = tuple[tuple[Fraction, ...], ...]


@dataclass(frozen=True)
class MatchingData:
    """Everything the strata of one matching problem need.

    Attributes
    ----------
    required : tuple of rows
        ``R`` (``k x m``).
    mixed_normals : tuple of rows
        ``B``: the normals ``alpha_u`` of the mixed visible lines (``q x m``).
    groups : int
        ``p``, the number of cancelling groups (free rank-one terms).
    linear : int
        ``l``, the number of linear neurons (nonnegative rows).
    basis : tuple of rows
        A basis of ``W0 = rowspace R + rowspace B`` (reduced echelon form).
    positive_support : tuple of int
        ``T``: coordinates where some nonnegative vector of ``W0`` is positive.
    positive_basis : tuple of rows
        A basis of ``W0+ = {x in W0 : x_j = 0 for j not in T}``, the span of
        the nonnegative vectors of ``W0``.
    positive_vector : tuple of Fraction
        A vector of ``W0`` that is ``> 0`` exactly on ``T`` (zero if ``T`` is empty).
    rank_b : int
        ``b = rank B``.
    span_b_positive : int
        ``dim(B + W0+)``.
    strata : tuple of (int, int)
        ``(s, dimension)`` for every nonempty stratum, increasing ``s``.
    """

    required: Matrix
    mixed_normals: Matrix
    groups: int
    linear: int
    basis: Matrix
    positive_support: tuple[int, ...]
    positive_basis: Matrix
    positive_vector: tuple[Fraction, ...]
    rank_b: int
    span_b_positive: int
    strata: tuple[tuple[int, int], ...]

    @property
    def output_dim(self) -> int:
        """``k``."""
        return len(self.required)

    @property
    def input_dim(self) -> int:
        """``m``."""
        return len(self.required[0])

    @property
    def w0(self) -> int:
        """``dim W0``."""
        return len(self.basis)

    @property
    def is_empty(self) -> bool:
        """True iff no stratum is nonempty (the roles cannot produce ``R``)."""
        return not self.strata

    @property
    def dimension(self) -> int | None:
        """Maximum stratum dimension, or None when empty."""
        return max((d for _, d in self.strata), default=None)

    @property
    def columns(self) -> int:
        """``t = |M| + p + l``, the number of rank-one terms."""
        return len(self.mixed_normals) + self.groups + self.linear


def stratum_dimension(m: int, k: int, w0: int, t: int, p: int, l: int, s: int, s_plus: int) -> int:
    """``(s - w0)(m - s) + p s + l s_plus + k (t - s)``: the dimension of stratum ``s``.

    ``s_plus`` is ``dim V+`` for the generic row space ``V`` of the stratum
    (``s`` when ``s > w0``, ``dim W0+`` when ``s = w0``).

    >>> stratum_dimension(2, 1, 1, 2, 0, 2, 2, 2)   # F_2(M) for M = [1, -1]
    4
    """
    return (s - w0) * (m - s) + p * s + l * s_plus + k * (t - s)


def _positive_support(basis: Matrix, m: int) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    """Coordinates where a nonnegative vector of ``rowspace(basis)`` can be positive, and one such vector."""
    w0 = len(basis)
    if w0 == 0:
        return (), tuple(_ZERO for _ in range(m))
    columns = [tuple(basis[t][j] for t in range(w0)) for j in range(m)]
    nonneg = [Constraint(col, _ZERO, ">=") for col in columns]
    support, total = [], [_ZERO] * m
    for j in range(m):
        if not any(columns[j]):
            continue
        found = linalg.feasible_point(nonneg + [Constraint(columns[j], _ZERO, ">")], w0)
        if found:
            support.append(j)
            x = [sum((y * c for y, c in zip(found.point, col)), _ZERO) for col in columns]
            scale = 1 / max(x)
            total = [a + scale * v for a, v in zip(total, x)]
    return tuple(support), tuple(total)


def matching_data(required: Sequence[Sequence[Fraction]], mixed_normals: Sequence[Sequence[Fraction]],
                  groups: int, linear: int) -> MatchingData:
    """Strata and dimensions of ``{(C, alpha_W, A >= 0) : C [B; alpha_W; A] = R}``.

    Parameters
    ----------
    required : k x m rows
        ``R``.
    mixed_normals : q x m rows
        ``B`` (may be empty).
    groups, linear : int
        ``p`` and ``l``.

    Returns
    -------
    MatchingData

    Notes
    -----
    ``m`` exact LPs in ``w0`` variables for the positive support, then rank
    computations.  Derivation: ``docs/theory/orthant.md``, Section 4.

    Examples
    --------
    ``R = [1, -1]`` with two linear neurons: ``ncr(R) = 2``, only ``s = 2``:

    >>> md = matching_data([[Fraction(1), Fraction(-1)]], [], 0, 2)
    >>> md.strata
    ((2, 4),)
    >>> matching_data([[Fraction(1), Fraction(-1)]], [], 0, 1).is_empty
    True

    One cancelling group produces any rank-one ``R``:

    >>> matching_data([[Fraction(1), Fraction(-1)]], [], 1, 0).strata
    ((1, 1),)
    """
    R = tuple(tuple(Fraction(v) for v in row) for row in required)
    B = tuple(tuple(Fraction(v) for v in row) for row in mixed_normals)
    k, m = len(R), len(R[0])
    basis, _ = linalg.rref(list(R) + list(B), m)
    w0 = len(basis)
    b = linalg.rank(B, m) if B else 0
    support, vector = _positive_support(basis, m)
    outside = [j for j in range(m) if j not in support]
    if w0:
        coeffs = linalg.nullspace([[basis[t][j] for t in range(w0)] for j in outside], w0) if outside else \
            tuple(tuple(Fraction(int(i == t)) for i in range(w0)) for t in range(w0))
        plus = [tuple(sum((c[t] * basis[t][j] for t in range(w0)), _ZERO) for j in range(m)) for c in coeffs]
        positive_basis, _ = linalg.rref(plus, m) if plus else ((), ())
    else:
        positive_basis = ()
    s_plus = len(positive_basis)
    span_bp = linalg.rank(list(B) + list(positive_basis), m) if (B or positive_basis) else 0
    t = len(B) + groups + linear
    strata = []
    if min(b + linear, span_bp) + groups >= w0:
        strata.append((w0, stratum_dimension(m, k, w0, t, groups, linear, w0, s_plus)))
    for s in range(w0 + 1, min(m, b + linear + groups) + 1):
        strata.append((s, stratum_dimension(m, k, w0, t, groups, linear, s, s)))
    return MatchingData(R, B, groups, linear, tuple(basis), support, tuple(positive_basis), vector, b, span_bp,
                        tuple(strata))
