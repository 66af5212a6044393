"""Exact tangent-rank certificates for parametrized pieces (docs/mathematics.md, Section 7, item 5).

A piece ``phi(U)`` with ``phi`` a rational map over Q and ``U`` a basic set of
auxiliary values has dimension equal to the generic rank of the derivative of
``phi`` along ``U``.  At any point ``a`` of ``U`` where the equations of ``U``
cut out a manifold, ``rank(J_phi(a) N)`` (``N`` a basis of the kernel of the
Jacobian of those equations) is an exact *lower bound* for ``dim phi(U)`` (rank
is lower semicontinuous, so nearby the rank is at least as large, and by the
constant rank theorem the image contains a manifold of that dimension); it is
equal at generic points.  The certificate takes the maximum over several
sampled points and compares it with the dimension a generator claims.

All arithmetic is exact (``Fraction`` in, flint rank through
:mod:`semialg_fibers.core.linalg`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy

from . import linalg
from .exact import to_rational
from .exceptions import InternalCheckError, ShapeError
from .expressions import as_expression
from .progress import task
from .semialgebraic import BasicSet, _rational_parts

__all__ = ["TangentCertificate", "jacobian", "parametrization_rank", "tangent_certificate"]


@dataclass(frozen=True)
class TangentCertificate:
    """Exact tangent ranks of a parametrized piece at sampled points.

    Attributes
    ----------
    dimension : int
        The maximum of ``ranks``: an exact lower bound of the piece's
        dimension, equal to it at generic points.
    ranks : tuple of int
        Rank at each sampled point.
    points : tuple of tuple of Fraction
        The sampled auxiliary points (in the order of the auxiliary symbols).
    seeds : tuple of int
        The seeds that produced them.
    """

    dimension: int
    ranks: tuple[int, ...]
    points: tuple[tuple[Fraction, ...], ...]
    seeds: tuple[int, ...]

    def to_dict(self) -> dict:
        """JSON-ready dictionary (points as exact strings)."""
        return {"dimension": self.dimension, "ranks": list(self.ranks), "seeds": list(self.seeds),
                "points": [[str(v) for v in p] for p in self.points]}


def _value_and_gradient(poly: dict, point: Sequence[Fraction]) -> tuple[Fraction, dict]:
    """``p(point)`` and the nonzero partial derivatives ``{j: dp/dx_j(point)}``, one pass over the terms."""
    value, grad = Fraction(0), {}
    for m, c in poly.items():
        support = [(i, e) for i, e in enumerate(m) if e]
        term = c
        for i, e in support:
            term *= point[i] ** e
        value += term
        for j, ej in support:
            partial = c * ej
            for i, e in support:
                partial *= point[i] ** (e - 1 if i == j else e)
            if partial:
                grad[j] = grad.get(j, Fraction(0)) + partial
    return value, grad


def jacobian(expressions: Sequence, symbols: Sequence[sympy.Symbol], point: Sequence[Fraction]) -> tuple[tuple[Fraction, ...], ...]:
    """Exact Jacobian ``d expressions / d symbols`` of rational functions over Q at a rational point.

    Parameters
    ----------
    expressions : sequence of SymPy expressions (rational functions over Q)
        Strings are parsed without evaluating code
        (:func:`semialg_fibers.core.expressions.as_expression`), their names
        referring to ``symbols``.
    symbols : sequence of sympy.Symbol
    point : sequence of exact numbers, one per symbol

    Returns
    -------
    tuple of rows, one per expression

    Raises
    ------
    ValueError
        A denominator vanishes at the point.

    Examples
    --------
    >>> a, l = sympy.symbols("a l", real=True)
    >>> jacobian([2 * l, 3 / l, a * l], [a, l], [Fraction(1), Fraction(2)])
    ((Fraction(0, 1), Fraction(2, 1)), (Fraction(0, 1), Fraction(-3, 4)), (Fraction(2, 1), Fraction(1, 1)))
    """
    symbols = tuple(symbols)
    for j, s in enumerate(symbols):
        if not isinstance(s, sympy.Symbol):
            raise TypeError(f"symbols[{j}] is a {type(s).__name__}; expected sympy.Symbol")
    point = tuple(to_rational(v, f"point[{j}]") for j, v in enumerate(point))
    if len(point) != len(symbols):
        raise ShapeError(f"point has {len(point)} entries; there are {len(symbols)} symbols")
    names = {str(s): s for s in symbols}
    rows = []
    for i, expr in enumerate(expressions):
        expr = as_expression(expr, f"expressions[{i}]", names)
        num, den = _rational_parts(expr, symbols, f"expressions[{i}]")
        q, dq = _value_and_gradient(den, point)
        if q == 0:
            raise ValueError(f"expressions[{i}] = {expr} has a vanishing denominator at {point}")
        p, dp = _value_and_gradient(num, point)
        row = [Fraction(0)] * len(symbols)
        for j in set(dp) | set(dq):
            row[j] = (dp.get(j, 0) * q - p * dq.get(j, 0)) / (q * q)
        rows.append(tuple(row))
    return tuple(rows)


def parametrization_rank(parametrization: Sequence, auxiliary: Sequence[sympy.Symbol], point: Sequence[Fraction],
                         equations: Sequence = ()) -> int:
    """Rank of the derivative of ``parametrization`` along ``{equations = 0}`` at ``point``.

    Computes ``rank(J_phi N)`` with ``N`` a basis of the kernel of the Jacobian
    of ``equations`` (polynomials in the auxiliary symbols) at the point.
    This is the dimension of the image of the tangent space of the domain,
    a lower bound of the piece's dimension when the point is a smooth point
    of the domain's equations (always, for linear equations).

    Examples
    --------
    >>> x, y = sympy.symbols("x y", real=True)
    >>> parametrization_rank([x, y, x + y], [x, y], [Fraction(1), Fraction(2)])
    2
    >>> parametrization_rank([x, y, x + y], [x, y], [Fraction(1), Fraction(2)], equations=[x - y])
    1
    """
    auxiliary = tuple(auxiliary)
    n = len(auxiliary)
    if n == 0:
        return 0
    jac = jacobian(parametrization, auxiliary, point)
    if equations:
        eq_jac = jacobian(equations, auxiliary, point)
        basis = linalg.nullspace(eq_jac, n)
        if not basis:
            return 0
        jac = tuple(tuple(sum((r[k] * b[k] for k in range(n)), Fraction(0)) for b in basis) for r in jac)
        return linalg.rank(jac, len(basis))
    return linalg.rank(jac, n)


def tangent_certificate(parametrization: Sequence, auxiliary: Sequence[sympy.Symbol], domain: BasicSet,
                        expected: int | None = None, *, seeds: Sequence[int] = (0, 1), where: str = "piece",
                        points: Sequence[Sequence[Fraction]] | None = None) -> TangentCertificate:
    """Tangent ranks at points sampled from ``domain``, compared with an expected dimension.

    Parameters
    ----------
    parametrization : sequence of SymPy expressions in ``auxiliary``
    auxiliary : sequence of sympy.Symbol
    domain : BasicSet
        Constraints on the auxiliary symbols (its ``variables`` must be ``auxiliary``).
    expected : int, optional
        The dimension claimed by a formula.
    seeds : sequence of int
        One sampled point per seed (at least two are recommended).
    where : str
        Name of the piece, for the error message.
    points : sequence of auxiliary points, optional
        Points of the domain constructed by the caller (one per seed); by
        default they are sampled from ``domain``.

    Returns
    -------
    TangentCertificate

    Raises
    ------
    InternalCheckError
        ``expected`` differs from the maximal rank.

    Examples
    --------
    >>> l1, l2 = sympy.symbols("l1 l2", real=True)
    >>> dom = BasicSet((l1, l2), [(l1, ">", 0), (l2, ">", 0)])
    >>> tangent_certificate([l1, l1 * l2, 1 / l1], (l1, l2), dom, expected=2).ranks
    (2, 2)
    >>> tangent_certificate([l1, 2 * l1, 1 / l1], (l1, l2), dom, expected=2)
    Traceback (most recent call last):
    ...
    semialg_fibers.InternalCheckError: piece: the formula gives dimension 2 but the exact tangent ranks ...
    """
    auxiliary = tuple(auxiliary)
    if tuple(domain.variables) != auxiliary or domain.auxiliary:
        raise ValueError(f"{where}: the domain must be a set over exactly the auxiliary symbols {auxiliary}")
    equations = [c.polynomial for c in domain.constraints if c.relation == "=="]
    if points is None:
        parametrized = BasicSet(tuple(sympy.Dummy(f"x{i}") for i in range(len(parametrization))), domain.constraints,
                                auxiliary, tuple(parametrization))
        points = [parametrized.sample_auxiliary(seed=seed) for seed in seeds]
    points = [tuple(p) for p in points]
    ranks = []
    with task("tangent certificate", total=len(points), unit="points") as bar:
        for point in points:  # a Jacobian of thousands of rows per point on wide networks
            ranks.append(parametrization_rank(parametrization, auxiliary, point, equations))
            bar.advance()
    best = max(ranks, default=0)
    if expected is not None and best != expected:
        raise InternalCheckError(
            f"{where}: the formula gives dimension {expected} but the exact tangent ranks at "
            f"{len(ranks)} sampled points are {tuple(ranks)} (points {[tuple(map(str, p)) for p in points]})")
    return TangentCertificate(best, tuple(ranks), tuple(points), tuple(seeds))
