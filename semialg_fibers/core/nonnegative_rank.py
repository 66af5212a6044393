"""Nonnegative column rank and the dimension of nonnegative factorization sets (docs/mathematics.md, Section 4).

``ncr(M)`` is the least ``l`` with ``M = U W``, ``W`` an ``l x n`` matrix with
nonnegative entries.  ``ncr(0) = 0``; otherwise ``ncr(M) = rank M`` if the row
space of ``M`` contains a nonnegative vector whose support is exactly the set
of nonzero columns of ``M``, and ``rank M + 1`` otherwise.  One exact LP
decides which; the answer comes with an explicit factorization (upper bound)
and, for ``rank M + 1``, a Farkas certificate (lower bound) that is verified
with plain arithmetic.

``factorization_dimension(M, l)`` is the dimension of
``F_l(M) = {(U, W) : U W = M, W >= 0 entrywise, W of size l x n}``.  The
derivation is in ``docs/theory/nonnegative_rank.md``;
:func:`factorization_stratum_certificate` gives exact lower and upper bounds
of each stratum's dimension at a constructed point, which the tests compare
with the formula.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from . import linalg
from .exact import describe, format_rational, to_rational
from .exceptions import InternalCheckError, ShapeError

__all__ = [
    "NonnegativeFactorization",
    "nonnegative_column_rank",
    "factorization_dimension",
    "factorization_stratum_term",
    "StratumCertificate",
    "factorization_stratum_certificate",
]

Matrix = tuple[tuple[Fraction, ...], ...]


def _matrix(M, where: str = "M") -> Matrix:
    if isinstance(M, (str, bytes, dict)) or not hasattr(M, "__iter__"):
        raise ShapeError(f"{where} is {describe(M)}; expected a matrix (a list of rows)")
    rows = []
    for i, r in enumerate(M):
        if isinstance(r, (str, bytes, dict)) or not hasattr(r, "__iter__"):
            raise ShapeError(f"{where}[{i}] is {describe(r)}, not a row; "
                             "expected a matrix as a list of rows such as [[1, -1], [2, \"1/2\"]]")
        rows.append(list(r))
    if not rows or not rows[0]:
        raise ShapeError(f"{where} must be a nonempty matrix (a sequence of nonempty rows)")
    n = len(rows[0])
    for i, r in enumerate(rows):
        if len(r) != n:
            raise ShapeError(f"{where} is ragged: row 0 has {n} entries, row {i} has {len(r)}")
    return tuple(tuple(to_rational(v, f"{where}[{i}][{j}]") for j, v in enumerate(r)) for i, r in enumerate(rows))


def _product(A: Sequence[Sequence[Fraction]], B: Sequence[Sequence[Fraction]], n: int) -> Matrix:
    return tuple(tuple(sum((a * B[t][j] for t, a in enumerate(row) if a), Fraction(0)) for j in range(n)) for row in A)


@dataclass(frozen=True)
class NonnegativeFactorization:
    """The nonnegative column rank with a witness.

    Attributes
    ----------
    value : int
        ``ncr(M)``.
    U : tuple of rows, ``k x value``
    W : tuple of rows, ``value x n``, nonnegative
        ``U W == M`` exactly (checked before returning).
    rank : int
        ``rank M``.
    certificate : tuple of Fraction or None
        When ``value == rank + 1``: Motzkin multipliers proving that no
        vector ``y^T M`` is positive on every nonzero column (verified by
        :func:`semialg_fibers.core.linalg.check_certificate`).
    """

    value: int
    U: Matrix
    W: Matrix
    rank: int
    certificate: tuple | None = None

    def __int__(self) -> int:
        return self.value

    def to_dict(self) -> dict:
        """JSON-ready dictionary, entries as exact strings (``semialg-fibers ncr --json``)."""
        return {"ncr": self.value, "rank": self.rank, "U": [[format_rational(v) for v in row] for row in self.U],
                "W": [[format_rational(v) for v in row] for row in self.W]}


def _support_lp(M: Matrix) -> linalg.LPResult:
    """Exists ``y`` with ``(y^T M)_j > 0`` for every nonzero column ``j``?"""
    k, n = len(M), len(M[0])
    cons = [linalg.Constraint(tuple(M[i][j] for i in range(k)), Fraction(0), ">")
            for j in range(n) if any(M[i][j] for i in range(k))]
    return linalg.feasible_point(cons, k, certificate=True), cons


def _positive_basis(basis: Sequence[Sequence[Fraction]], z: Sequence[Fraction]) -> list[tuple[Fraction, ...]]:
    """A basis of ``span(basis, z)`` made of ``z`` and ``b + T z``, nonnegative where ``z > 0``.

    ``z`` is nonnegative with support containing the support of every ``b``.
    If ``z`` lies in ``span(basis)`` one basis vector is dropped so the result
    has the dimension of that span; otherwise ``z`` is added.
    """
    support = [j for j, v in enumerate(z) if v > 0]
    dim = linalg.rank(basis) if basis else 0
    rows = [tuple(b) for b in basis]
    if dim and linalg.rank(rows + [tuple(z)]) == dim:
        # drop a basis vector whose removal keeps span(rest, z) = span(basis)
        for q in range(len(rows)):
            rest = rows[:q] + rows[q + 1:]
            if linalg.rank(rest + [tuple(z)]) == dim:
                rows = rest
                break
    shift = max([Fraction(0)] + [-b[j] / z[j] for b in rows for j in support]) + 1
    return [tuple(z)] + [tuple(v + shift * w for v, w in zip(b, z)) for b in rows]


def nonnegative_column_rank(M) -> NonnegativeFactorization:
    """The nonnegative column rank of ``M`` with a witness factorization.

    Parameters
    ----------
    M : sequence of rows of exact numbers, ``k x n``

    Returns
    -------
    NonnegativeFactorization
        ``value`` is ``rank M`` or ``rank M + 1`` (0 for ``M = 0``);
        ``U W == M`` with ``W >= 0`` of ``value`` rows.

    Raises
    ------
    InternalCheckError
        The witness or the certificate fails its exact check (a bug).

    Notes
    -----
    One exact LP in ``k`` variables with one strict constraint per nonzero
    column, then ``O(k n min(k, n))`` rational operations for the witness.
    Proof of the characterization: ``docs/theory/nonnegative_rank.md``.

    Examples
    --------
    >>> nonnegative_column_rank([[1, -1]]).value       # row space is the line through (1, -1)
    2
    >>> f = nonnegative_column_rank([[1, 2, 0], [-1, -2, 0]])
    >>> f.value, f.W
    (1, ((Fraction(1, 1), Fraction(2, 1), Fraction(0, 1)),))
    >>> nonnegative_column_rank([[0, 0]]).value
    0
    """
    M = _matrix(M)
    k, n = len(M), len(M[0])
    r = linalg.rank(M)
    if r == 0:
        return NonnegativeFactorization(0, tuple(() for _ in range(k)), (), 0)
    basis, _ = linalg.rref(M)
    result, cons = _support_lp(M)
    certificate = None
    if result:
        y = result.point
        z = tuple(sum((y[i] * M[i][j] for i in range(k)), Fraction(0)) for j in range(n))
        W = _positive_basis(basis, z)
    else:
        certificate = result.certificate
        if not linalg.check_certificate(cons, certificate):
            raise InternalCheckError(f"the infeasibility certificate of the support LP of {M} does not verify")
        indicator = tuple(Fraction(int(any(M[i][j] for i in range(k)))) for j in range(n))
        W = _positive_basis(basis, indicator)
    W = tuple(W)
    columns = tuple(tuple(W[t][j] for t in range(len(W))) for j in range(n))
    U = []
    for i in range(k):
        u = linalg.solve(columns, M[i], len(W))
        if u is None:
            raise InternalCheckError(f"row {i} of M is not in the row space of the constructed W")
        U.append(u)
    U = tuple(U)
    if _product(U, W, n) != M or any(v < 0 for row in W for v in row) or len(W) != r + (certificate is not None):
        raise InternalCheckError(f"the witness factorization of {M} fails its exact check")
    return NonnegativeFactorization(len(W), U, W, r, certificate)


def factorization_stratum_term(k: int, n: int, l: int, r: int, s: int) -> int:
    """``k l + s (l - k) + (s - r)(n - s)``: dimension of the stratum ``rank W = s`` of ``F_l(M)``.

    >>> factorization_stratum_term(1, 2, 2, 1, 2)
    4
    """
    return k * l + s * (l - k) + (s - r) * (n - s)


def factorization_dimension(M, l: int) -> int | None:
    """Dimension of ``F_l(M) = {(U, W) : U W = M, W >= 0 of size l x n}``, or None if empty.

    Parameters
    ----------
    M : sequence of rows of exact numbers, ``k x n``
    l : int
        Number of factors (rows of ``W``), ``l >= 0``.

    Returns
    -------
    int or None
        ``None`` (empty set) when ``l < ncr(M)``; otherwise
        ``max over s = ncr(M) .. min(l, n) of k l + s (l - k) + (s - rank M)(n - s)``.

    Notes
    -----
    Proven in ``docs/theory/nonnegative_rank.md`` (stratification by
    ``s = rank W``); checked against exact tangent bounds
    (:func:`factorization_stratum_certificate`) in ``tests/core/test_nonnegative_rank.py``.

    Examples
    --------
    >>> factorization_dimension([[1, -1]], 1) is None
    True
    >>> factorization_dimension([[1, -1]], 2)     # W invertible (4 entries), then u = M W^-1
    4
    >>> factorization_dimension([[0, 0]], 1)      # u w = 0: (u = 0, w >= 0) or (w = 0, u free)
    2
    """
    M = _matrix(M)
    if isinstance(l, bool) or not isinstance(l, int) or l < 0:
        raise ValueError(f"l is {l!r}; expected a nonnegative int")
    k, n = len(M), len(M[0])
    c = nonnegative_column_rank(M)
    if l < c.value:
        return None
    return max(factorization_stratum_term(k, n, l, c.rank, s) for s in range(c.value, min(l, n) + 1))


# ---------------------------------------------------------------- exact tangent bounds per stratum
@dataclass(frozen=True)
class StratumCertificate:
    """Exact bounds on the dimension of the stratum ``{(U, W) in F_l(M) : rank W = s}`` at one point.

    Attributes
    ----------
    s : int
    U, W : tuple of rows
        The point: ``U W == M``, ``W >= 0``, ``rank W == s`` (checked).
    lower : int
        Rank of the derivative of a smooth map into the stratum through the
        point: ``dim >= lower``.
    upper : int
        Dimension of ``{(dU, dW) : dU W + U dW = 0, dW tangent to rank-s matrices}``,
        which contains the tangent space of the smooth manifold
        ``{rank W = s, U W = M}``: ``dim <= upper``.
    """

    s: int
    U: Matrix
    W: Matrix
    lower: int
    upper: int


def _left_kernel(W: Matrix, l: int) -> tuple:
    if l == 0:
        return ()
    cols = tuple(tuple(W[t][j] for t in range(l)) for j in range(len(W[0])))
    return linalg.nullspace(cols, l)


def _inverse(A: Matrix) -> Matrix:
    m = len(A)
    cols = []
    for j in range(m):
        e = [Fraction(int(i == j)) for i in range(m)]
        x = linalg.solve(A, e, m)
        if x is None:
            raise ValueError("singular block")
        cols.append(x)
    return tuple(tuple(cols[j][i] for j in range(m)) for i in range(m))


def factorization_stratum_certificate(M, l: int, s: int, *, seed: int = 0) -> StratumCertificate:
    """Construct a point of ``F_l(M)`` with ``rank W = s`` and exact bounds on its stratum's dimension.

    The point has ``W`` positive on every column when ``s > rank M`` and
    positive exactly on the nonzero columns of ``M`` when ``s = rank M``, so a
    neighbourhood of it in ``{rank W = s, U W = M}`` lies in ``F_l(M)``.
    The lower bound is the rank of the derivative of
    ``(C, Z, Y) -> (U, W)`` with ``W = C [R; Z]`` (``R`` a basis of the row
    space of ``M``) and ``U = [([E, 0] - Y C_2) C_1^{-1}, Y]`` (``M = E R``),
    which maps into the stratum; the upper bound is the kernel dimension of
    the linearized equations.  Both are exact ranks (flint).

    Raises
    ------
    ValueError
        ``s`` is outside ``ncr(M) .. min(l, n)`` (the stratum is empty).

    Examples
    --------
    >>> cert = factorization_stratum_certificate([[1, -1]], 2, 2)
    >>> cert.lower, cert.upper
    (4, 4)
    """
    M = _matrix(M)
    k, n = len(M), len(M[0])
    ncr = nonnegative_column_rank(M)
    r = ncr.rank
    if not ncr.value <= s <= min(l, n):
        raise ValueError(f"stratum s = {s} is empty: need ncr(M) = {ncr.value} <= s <= min(l, n) = {min(l, n)}")
    rng = random.Random(seed)
    R = list(linalg.rref(M)[0]) if r else []
    pivots = linalg.rref(M)[1] if r else ()
    E = tuple(tuple(M[i][p] for p in pivots) for i in range(k))
    # B0 = [R; Z0] spans V (dim s), V contains a vector positive on the support T.
    if s == r:
        positive = ncr.W[0] if r else None
        Z0: list = []
    else:
        positive = tuple(Fraction(1) for _ in range(n))
        Z0 = []
        if linalg.rank(R + [positive]) > r:
            Z0.append(positive)
        while len(Z0) < s - r:
            cand = tuple(Fraction(rng.randint(-3, 3)) for _ in range(n))
            if linalg.rank(R + Z0 + [cand], n) == r + len(Z0) + 1:
                Z0.append(cand)
    B0 = tuple(R + Z0)
    if s == 0:
        W0 = tuple(tuple(Fraction(0) for _ in range(n)) for _ in range(l))
        C0 = tuple(() for _ in range(l))
    else:
        rows = _positive_basis(list(B0), positive)[:s] if positive is not None else []
        if linalg.rank(rows, n) != s:
            raise InternalCheckError("could not build a positive basis of the stratum's row space")
        extra = []
        for _ in range(l - s):
            weights = [Fraction(rng.randint(1, 5)) for _ in range(s)]
            extra.append(tuple(sum((w * row[j] for w, row in zip(weights, rows)), Fraction(0)) for j in range(n)))
        W0 = tuple(rows + extra)
        B_cols = tuple(tuple(B0[t][j] for t in range(s)) for j in range(n))
        C0 = tuple(linalg.solve(B_cols, w, s) for w in W0)
    Y0 = tuple(tuple(Fraction(rng.randint(-3, 3)) for _ in range(l - s)) for _ in range(k))
    C1 = C0[:s]
    C2 = C0[s:]
    EZ = tuple(tuple(E[i][t] if t < r else Fraction(0) for t in range(s)) for i in range(k))
    if s:
        C1inv = _inverse(C1)
        U1 = _product(tuple(tuple(EZ[i][t] - sum((Y0[i][q] * C2[q][t] for q in range(l - s)), Fraction(0))
                                  for t in range(s)) for i in range(k)), C1inv, s)
    else:
        C1inv, U1 = (), tuple(() for _ in range(k))
    U0 = tuple(tuple(U1[i]) + tuple(Y0[i]) for i in range(k))
    if _product(U0, W0, n) != M or any(v < 0 for row in W0 for v in row) or linalg.rank(W0, n) != s:
        raise InternalCheckError(f"constructed stratum point fails U W = M, W >= 0, rank W = {s}")
    # ---- lower bound: derivative of (C, Z, Y) -> (U, W) at (C0, Z0, Y0)
    params = [("C", a, b) for a in range(l) for b in range(s)] + \
             [("Z", a, b) for a in range(s - r) for b in range(n)] + [("Y", a, b) for a in range(k) for b in range(l - s)]
    columns = []
    for kind, a, b in params:
        dC = [[Fraction(0)] * s for _ in range(l)]
        dZ = [[Fraction(0)] * n for _ in range(s - r)]
        dY = [[Fraction(0)] * (l - s) for _ in range(k)]
        {"C": dC, "Z": dZ, "Y": dY}[kind][a][b] = Fraction(1)
        dB = [[Fraction(0)] * n for _ in range(r)] + dZ
        dW = [[sum((dC[i][t] * B0[t][j] + C0[i][t] * dB[t][j] for t in range(s)), Fraction(0)) for j in range(n)]
              for i in range(l)]
        dU = []
        for i in range(k):
            if s:
                # d(U1) = (-dY C2 - Y0 dC2) C1^{-1} - U1 dC1 C1^{-1}
                inner = [-sum((dY[i][q] * C2[q][t] + Y0[i][q] * dC[s + q][t] for q in range(l - s)), Fraction(0))
                         - sum((U1[i][p] * dC[p][t] for p in range(s)), Fraction(0)) for t in range(s)]
                du1 = [sum((inner[t] * C1inv[t][c] for t in range(s)), Fraction(0)) for c in range(s)]
            else:
                du1 = []
            dU.append(du1 + list(dY[i]))
        columns.append([v for row in dU for v in row] + [v for row in dW for v in row])
    lower = linalg.rank(columns, k * l + l * n) if columns else 0
    # ---- upper bound: kernel of (dU, dW) -> (dU W0 + U0 dW, L dW K)
    L = _left_kernel(W0, l)
    K = linalg.nullspace(W0, n) if l else ()
    unknowns = k * l + l * n
    equations = []
    for i in range(k):
        for j in range(n):
            row = [Fraction(0)] * unknowns
            for t in range(l):
                row[i * l + t] += W0[t][j]
                row[k * l + t * n + j] += U0[i][t]
            equations.append(row)
    for lv in L:
        for kv in K:
            row = [Fraction(0)] * unknowns
            for t in range(l):
                for j in range(n):
                    row[k * l + t * n + j] += lv[t] * kv[j]
            equations.append(row)
    upper = unknowns - (linalg.rank(equations, unknowns) if equations else 0)
    return StratumCertificate(s, U0, W0, lower, upper)
