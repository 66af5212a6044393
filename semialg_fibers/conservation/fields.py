"""Exact algebra of polynomial vector fields on parameter space.

Fields are tuples of sparse polynomials over Q in the parameter symbols (one
per coordinate, SPEC flat order), held in SymPy's sparse polynomial ring.
This module computes what the conservation laws need, all exactly:

* Lie brackets ``[X, Y]_p = sum_q X_q d_q Y_p - Y_q d_q X_p``;
* the antisymmetric part of the Jacobian ``d_q X_p - d_p X_q`` (``X`` is a
  gradient field on ``R^N`` iff it vanishes: Poincare's lemma);
* the combinations with constant coefficients of given fields that are
  gradients (one linear system over Q) and their potentials (the homotopy
  formula ``Q(theta) = int_0^1 X(t theta) . theta dt``, exact for polynomials);
* the integrability 3-form ``X^b ^ dX^b`` (if it is nonzero, no function
  multiple ``lambda X`` is a gradient either: Frobenius);
* values at an exact point and ranks (through :mod:`semialg_fibers.linalg`).

Coefficients leave the ring as :class:`fractions.Fraction` only.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

import sympy
from sympy.polys.domains import QQ
from sympy.polys.rings import ring

from .. import linalg
from ..exceptions import InternalCheckError, ShapeError
from ..symbols import parameter_symbols
from ..symmetries import VectorField

__all__ = [
    "QQ",
    "polynomial_ring",
    "to_polys",
    "to_field",
    "bracket",
    "evaluate",
    "values_at",
    "rank_at",
    "gradient",
    "is_gradient",
    "jacobian_asymmetry",
    "gradient_combinations",
    "potential",
    "integrability_witness",
    "independent_polynomial_fields",
    "dot",
    "is_zero_field",
]


@lru_cache(maxsize=None)
def polynomial_ring(architecture: tuple[int, ...]):
    """``(R, gens)``: the sparse polynomial ring over Q in the parameter symbols of ``architecture``."""
    R, *gens = ring(parameter_symbols(architecture), QQ)
    return R, tuple(gens)


def _fraction(c) -> Fraction:
    r = QQ.to_sympy(c)
    return Fraction(int(r.p), int(r.q))


def to_polys(field: VectorField) -> tuple:
    """The components of a :class:`VectorField` as ring elements (they must be polynomials over Q)."""
    R, _ = polynomial_ring(tuple(field.architecture))
    out = []
    for i, expr in enumerate(field.components):
        try:
            out.append(R.from_expr(sympy.sympify(expr)) if expr != 0 else R.zero)
        except (ValueError, sympy.polys.polyerrors.PolynomialError, TypeError) as exc:
            raise ShapeError(f"component {i} of the field {field.name!r} is {expr}; conservation laws need polynomial "
                             f"fields over Q") from exc
    return tuple(out)


def to_field(architecture: Sequence[int], polys: Sequence, name: str = "") -> VectorField:
    """A :class:`VectorField` with the given polynomial components."""
    return VectorField(tuple(architecture), tuple(sympy.expand(p.as_expr()) for p in polys), name)


def bracket(x: Sequence, y: Sequence, gens: Sequence) -> tuple:
    """The Lie bracket ``[X, Y]`` with ``[X, Y]_p = sum_q X_q d_q Y_p - Y_q d_q X_p``."""
    zero = gens[0].ring.zero
    out = []
    support_x = [q for q, c in enumerate(x) if c]
    support_y = [q for q, c in enumerate(y) if c]
    for p in range(len(gens)):
        acc = zero
        for q in support_x:
            if y[p]:
                acc += x[q] * y[p].diff(gens[q])
        for q in support_y:
            if x[p]:
                acc -= y[q] * x[p].diff(gens[q])
        out.append(acc)
    return tuple(out)


def evaluate(poly, point: Sequence[Fraction]) -> Fraction:
    """Exact value of a ring element at a point (Fractions)."""
    total = Fraction(0)
    for monom, coeff in poly.terms():
        term = _fraction(coeff)
        for v, e in zip(point, monom):
            if e:
                term *= v ** e
        total += term
    return total


def values_at(fields: Sequence[Sequence], point: Sequence[Fraction]) -> list[tuple[Fraction, ...]]:
    """The value of every field at ``point``, as rows."""
    return [tuple(evaluate(c, point) if c else Fraction(0) for c in f) for f in fields]


def rank_at(fields: Sequence[Sequence], point: Sequence[Fraction]) -> int:
    """Exact rank of the values of ``fields`` at ``point``."""
    if not fields:
        return 0
    return linalg.rank(values_at(fields, point), len(point))


def gradient(poly, gens: Sequence) -> tuple:
    """``grad Q`` as a tuple of ring elements."""
    return tuple(poly.diff(g) for g in gens)


def dot(x: Sequence, y: Sequence):
    """``sum_p X_p Y_p`` (a ring element)."""
    out = None
    for a, b in zip(x, y):
        if a and b:
            out = a * b if out is None else out + a * b
    return out if out is not None else (x[0] - x[0])


def is_zero_field(x: Sequence) -> bool:
    """True iff every component is the zero polynomial."""
    return not any(x)


def jacobian_asymmetry(x: Sequence, gens: Sequence) -> dict:
    """``{(p, q): d_q X_p - d_p X_q}`` for ``p < q`` where it is not the zero polynomial."""
    out = {}
    support = [p for p, c in enumerate(x) if c]
    # d_q X_p can be nonzero only for p in the support; the pair needs p or q there.
    pairs = set()
    for p in support:
        for q in range(len(gens)):
            if q != p and x[p].diff(gens[q]):
                pairs.add((min(p, q), max(p, q)))
    for p, q in sorted(pairs):
        value = x[p].diff(gens[q]) - x[q].diff(gens[p])
        if value:
            out[(p, q)] = value
    return out


def is_gradient(x: Sequence, gens: Sequence) -> bool:
    """True iff the polynomial field is a gradient on ``R^N`` (symmetric Jacobian)."""
    return not jacobian_asymmetry(x, gens)


def gradient_combinations(fields: Sequence[Sequence], gens: Sequence) -> tuple[tuple[Fraction, ...], ...]:
    """A basis of ``{c in Q^g : sum_i c_i X_i is a gradient field}`` (constant coefficients).

    The condition ``sum_i c_i (d_q X_{i,p} - d_p X_{i,q}) = 0`` is linear in
    ``c``; one equation per pair ``(p, q)`` and monomial.  The basis is the
    RREF nullspace basis, so for the mixing fields ``E_ab`` it is
    ``E_ab + E_ba``.
    """
    if not fields:
        return ()
    asym = [jacobian_asymmetry(f, gens) for f in fields]
    keys = sorted({(pq, monom) for a in asym for pq, poly in a.items() for monom in poly.keys()})
    if not keys:
        return tuple(tuple(Fraction(int(i == j)) for j in range(len(fields))) for i in range(len(fields)))
    index = {key: r for r, key in enumerate(keys)}
    rows = [[Fraction(0)] * len(fields) for _ in keys]
    for i, a in enumerate(asym):
        for pq, poly in a.items():
            for monom, coeff in poly.terms():
                rows[index[(pq, monom)]][i] = _fraction(coeff)
    return linalg.nullspace(rows, len(fields))


def potential(x: Sequence, gens: Sequence):
    """``Q`` with ``grad Q = X`` and ``Q(0) = 0`` for a polynomial gradient field (homotopy formula).

    Raises
    ------
    InternalCheckError
        If ``X`` is not a gradient (the recomputed gradient differs).
    """
    R = gens[0].ring
    total = R.zero
    for p, comp in enumerate(x):
        if not comp:
            continue
        for monom, coeff in comp.terms():
            degree = sum(monom)
            term = R({monom: coeff}) * gens[p]
            total += term * QQ(1, degree + 1)
    if gradient(total, gens) != tuple(x):
        raise InternalCheckError("potential: the field is not a gradient (recomputed gradient differs)")
    return total


def integrability_witness(x: Sequence, gens: Sequence, point: Sequence[Fraction] | None = None):
    """A nonzero component ``(p, q, r, value)`` of the 3-form ``X^b ^ dX^b``, or None if it vanishes.

    ``(X^b ^ dX^b)_{pqr} = X_p A_{qr} + X_q A_{rp} + X_r A_{pq}`` with
    ``A_{qr} = d_q X_r - d_r X_q``.  When ``point`` is given, a component that
    is nonzero at the point is preferred (value = its value there); otherwise
    the value is the polynomial.
    """
    asym = jacobian_asymmetry(x, gens)
    if not asym:
        return None
    R = gens[0].ring

    def a(i, j):
        if i == j:
            return R.zero
        return asym.get((i, j), R.zero) if i < j else -asym.get((j, i), R.zero)

    support = sorted({p for p, c in enumerate(x) if c} | {i for pq in asym for i in pq})
    fallback = None
    for p, q, r in itertools.combinations(support, 3):
        value = x[p] * a(q, r) + x[q] * a(r, p) + x[r] * a(p, q)
        if not value:
            continue
        if point is None:
            return (p, q, r, value)
        at = evaluate(value, point)
        if at:
            return (p, q, r, at)
        if fallback is None:
            fallback = (p, q, r, value)
    return fallback


def independent_polynomial_fields(fields: Sequence[Sequence], basis_size: int = 0) -> list[int]:
    """Indices of a maximal subset of ``fields`` linearly independent over Q *as polynomial fields*.

    The first ``basis_size`` fields are assumed independent and always kept
    (incremental use); the others are kept in order when they enlarge the span.
    """
    keys: dict = {}
    vectors = []
    for f in fields:
        vec = {}
        for p, comp in enumerate(f):
            for monom, coeff in comp.terms():
                key = (p, monom)
                if key not in keys:
                    keys[key] = len(keys)
                vec[keys[key]] = _fraction(coeff)
        vectors.append(vec)
    width = len(keys)
    if width == 0:
        return []
    # Columns of the transposed matrix are the fields: the RREF pivots pick independent ones in order.
    rows = [[Fraction(0)] * len(vectors) for _ in range(width)]
    for i, vec in enumerate(vectors):
        for k, v in vec.items():
            rows[k][i] = v
    _, pivots = linalg.rref(rows, len(vectors))
    chosen = list(pivots)
    if chosen[:basis_size] != list(range(basis_size)):
        raise InternalCheckError("independent_polynomial_fields: the given basis is not independent")
    return chosen
