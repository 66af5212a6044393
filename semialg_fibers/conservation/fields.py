"""Exact algebra of polynomial vector fields on parameter space.

Fields are tuples of sparse polynomials over Q in the parameter symbols (one
per coordinate, in the flat parameter order), held in SymPy's sparse polynomial ring.
This module computes what the conservation laws need, all exactly:

* Lie brackets ``[X, Y]_p = sum_q X_q d_q Y_p - Y_q d_q X_p``;
* the antisymmetric part of the Jacobian ``d_q X_p - d_p X_q`` (``X`` is a
  gradient field on ``R^N`` iff it vanishes: Poincare's lemma);
* the combinations with constant coefficients of given fields that are
  gradients (one linear system over Q) and their potentials (the homotopy
  formula ``Q(theta) = int_0^1 X(t theta) . theta dt``, exact for polynomials);
* the integrability 3-form ``X^b ^ dX^b`` (if it is nonzero, no function
  multiple ``lambda X`` is a gradient either: Frobenius);
* values at an exact point and ranks (through :mod:`semialg_fibers.core.linalg`).

Coefficients leave the ring as :class:`fractions.Fraction` only.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache

import sympy
from sympy.polys.domains import QQ
from sympy.polys.rings import ring

from ..core import linalg
from ..core.exceptions import InternalCheckError, ShapeError
from ..core.expressions import as_expression
from ..core.symbols import parameter_symbols
from ..core.symmetries import VectorField

__all__ = [
    "QQ",
    "polynomial_ring",
    "local_ring",
    "field_support",
    "expression_support",
    "to_local_polys",
    "deriv",
    "variables",
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


@cache
def polynomial_ring(architecture: tuple[int, ...]):
    """``(R, gens)``: the sparse polynomial ring over Q in the parameter symbols of ``architecture``."""
    R, *gens = ring(parameter_symbols(architecture), QQ)
    return R, tuple(gens)


@lru_cache(maxsize=512)
def local_ring(architecture: tuple[int, ...], indices: tuple[int, ...]):
    """``(R, gens)`` over the parameter symbols with the given flat indices only.

    Monomials of SymPy's sparse ring carry one exponent per generator, so
    for large networks (thousands of parameters) the analysis of one
    symmetry runs in the ring of the few coordinates its generators touch.
    """
    coords = parameter_symbols(architecture)
    R, *gens = ring([coords[i] for i in indices], QQ)
    return R, tuple(gens)


@cache
def _index_of(architecture: tuple[int, ...]) -> dict:
    return {c: i for i, c in enumerate(parameter_symbols(architecture))}


def field_support(field: VectorField) -> tuple[int, ...]:
    """Flat indices of the coordinates a field touches: its nonzero components and the symbols in them."""
    index = _index_of(tuple(field.architecture))
    out = set()
    for i, expr in enumerate(field.components):
        if expr != 0:
            out.add(i)
            for sym in as_expression(expr, f"components[{i}]").free_symbols:
                if sym not in index:
                    raise ShapeError(f"component {i} of the field {field.name!r} contains {sym}, which is not a "
                                     f"parameter symbol of architecture {tuple(field.architecture)}")
                out.add(index[sym])
    return tuple(sorted(out))


def expression_support(expr, architecture: tuple[int, ...]) -> tuple[int, ...]:
    """Flat indices of the parameter symbols occurring in an expression.

    ``expr`` goes through :func:`~semialg_fibers.core.expressions.as_expression`
    (a SymPy expression, an exact number, or a string that is parsed, never
    evaluated).

    >>> from semialg_fibers.core.symbols import parameter_symbols
    >>> w, b = parameter_symbols((1, 1))
    >>> expression_support(w**2 - b, (1, 1))
    (0, 1)
    """
    index = _index_of(tuple(architecture))
    return tuple(sorted(index[s] for s in as_expression(expr, "expression").free_symbols if s in index))


def to_local_polys(field: VectorField, indices: Sequence[int], R) -> tuple:
    """The components of ``field`` at ``indices`` in the local ring ``R`` (the others must be zero)."""
    out = []
    for i in indices:
        expr = as_expression(field.components[i], f"components[{i}]")
        try:
            out.append(R.from_expr(expr) if expr != 0 else R.zero)
        except (ValueError, TypeError, sympy.polys.polyerrors.PolynomialError) as exc:
            raise ShapeError(f"component {i} of the field {field.name!r} is {expr}; conservation laws need "
                             f"polynomial fields over Q") from exc
    return tuple(out)


def _fraction(c) -> Fraction:
    r = QQ.to_sympy(c)
    return Fraction(int(r.p), int(r.q))


def to_polys(field: VectorField) -> tuple:
    """The components of a :class:`VectorField` as ring elements (they must be polynomials over Q)."""
    R, _ = polynomial_ring(tuple(field.architecture))
    out = []
    for i, component in enumerate(field.components):
        expr = as_expression(component, f"components[{i}]")
        try:
            out.append(R.from_expr(expr) if expr != 0 else R.zero)
        except (ValueError, sympy.polys.polyerrors.PolynomialError, TypeError) as exc:
            raise ShapeError(f"component {i} of the field {field.name!r} is {expr}; conservation laws need polynomial "
                             f"fields over Q") from exc
    return tuple(out)


def to_field(architecture: Sequence[int], polys: Sequence, name: str = "") -> VectorField:
    """A :class:`VectorField` with the given polynomial components."""
    zero = sympy.Integer(0)
    return VectorField(tuple(architecture), tuple(sympy.expand(p.as_expr()) if p else zero for p in polys), name)


def deriv(poly, index: int):
    """``d poly / d theta_index`` (by variable index: SymPy's ``diff`` looks the generator up in O(N))."""
    out = {}
    for monom, coeff in poly.items():
        e = monom[index]
        if e:
            out[monom[:index] + (e - 1,) + monom[index + 1:]] = coeff * e
    return poly.ring.from_dict(out) if out else poly.ring.zero


def variables(poly) -> set[int]:
    """Indices of the variables that occur in ``poly``."""
    return {i for monom in poly.keys() for i, e in enumerate(monom) if e}


def bracket(x: Sequence, y: Sequence, gens: Sequence) -> tuple:
    """The Lie bracket ``[X, Y]`` with ``[X, Y]_p = sum_q X_q d_q Y_p - Y_q d_q X_p``."""
    zero = gens[0].ring.zero
    out = []
    support_x = [q for q, c in enumerate(x) if c]
    support_y = [q for q, c in enumerate(y) if c]
    for p in range(len(gens)):
        acc = zero
        if y[p]:
            for q in variables(y[p]) & set(support_x):
                acc += x[q] * deriv(y[p], q)
        if x[p]:
            for q in variables(x[p]) & set(support_y):
                acc -= y[q] * deriv(x[p], q)
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
    zero = gens[0].ring.zero
    out = [zero] * len(gens)
    for i in variables(poly):
        out[i] = deriv(poly, i)
    return tuple(out)


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
    # d_q X_p is nonzero only for q a variable of X_p: the pair needs that for p or for q.
    pairs = set()
    for p in support:
        for q in variables(x[p]):
            if q != p:
                pairs.add((min(p, q), max(p, q)))
    for p, q in sorted(pairs):
        value = deriv(x[p], q) - deriv(x[q], p)
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
    ``A_{qr} = d_q X_r - d_r X_q`` (the components of ``dX^b``), for ``p < q < r``.  When ``point`` is given, a component that
    is nonzero at the point is preferred (value = its value there); otherwise
    the value is the polynomial.
    """
    asym = jacobian_asymmetry(x, gens)
    if not asym:
        return None
    R = gens[0].ring

    def a(i, j):  # d_i X_j - d_j X_i (asym stores d_q X_p - d_p X_q for p < q)
        if i == j:
            return R.zero
        return -asym.get((i, j), R.zero) if i < j else asym.get((j, i), R.zero)

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
