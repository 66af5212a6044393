"""Input domains: all of R^d, boxes, general polyhedra and the nonnegative orthant.

A domain is a :class:`Polyhedron` ``{x : A x + c >= 0, E x + e = 0}`` given by
exact :class:`~semialg_fibers.core.linalg.Constraint` values.  Users write
``None`` (all of R^d), ``"orthant"`` or a polyhedron; :func:`domain_of` turns
each into a :class:`Polyhedron`, whose :attr:`~Polyhedron.is_whole_space` and
:attr:`~Polyhedron.is_orthant` decide which algorithms apply, however the
domain was written (the orthant given by its inequalities takes the same fast
paths as ``"orthant"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from . import linalg
from .exact import to_rational
from .exceptions import DomainError
from .linalg import Constraint

__all__ = ["Polyhedron", "box", "orthant", "whole_space", "polyhedron", "as_domain", "domain_of"]


@dataclass(frozen=True)
class Polyhedron:
    """A closed polyhedron in R^dim given by non-strict inequalities and equalities.

    Attributes
    ----------
    dim : int
    constraints : tuple of Constraint
        Each ``a . x + c >= 0`` or ``a . x + c == 0``.
    """

    dim: int
    constraints: tuple[Constraint, ...]

    def __post_init__(self):
        for i, c in enumerate(self.constraints):
            if len(c.coefficients) != self.dim:
                raise DomainError(f"domain constraint {i} has {len(c.coefficients)} coefficients; the domain has dimension {self.dim}")
            if c.relation == ">":
                raise DomainError(f"domain constraint {i} is strict; domains are closed polyhedra (use '>=')")

    def contains(self, x: Sequence[Fraction]) -> bool:
        """Exact membership test."""
        return all(c.holds(x) for c in self.constraints)

    @cached_property
    def is_whole_space(self) -> bool:
        """True iff the polyhedron is all of R^dim (every constraint holds everywhere).

        >>> whole_space(2).is_whole_space, polyhedron([[0, 0, 1]]).is_whole_space, orthant(2).is_whole_space
        (True, True, False)
        """
        return all(not any(c.coefficients) and (c.constant == 0 if c.relation == "==" else c.constant >= 0)
                   for c in self.constraints)

    @cached_property
    def is_orthant(self) -> bool:
        """True iff the polyhedron is the closed nonnegative orthant of R^dim, however its constraints are written.

        Decided exactly: every constraint holds on the orthant (nonnegative
        coefficients and constant; equalities trivial), and ``x_i >= 0`` holds on
        the polyhedron for every ``i`` (an exact LP per coordinate).

        >>> orthant(2).is_orthant, polyhedron([[2, 0, 0], [0, 3, 0], [1, 1, 0]]).is_orthant
        (True, True)
        >>> box([0, 0], [1, 1]).is_orthant, polyhedron([[1, 0, 0]]).is_orthant
        (False, False)
        """
        covered = set()  # coordinates i with a constraint a x_i >= 0, a > 0: x_i >= 0 holds without an LP
        for c in self.constraints:
            if c.relation == "==" and (any(c.coefficients) or c.constant != 0):
                return False
            if any(a < 0 for a in c.coefficients) or c.constant < 0:
                return False
            support = [j for j, a in enumerate(c.coefficients) if a]
            if len(support) == 1 and c.constant == 0:
                covered.add(support[0])
        for i in sorted(set(range(self.dim)) - covered):
            unit = [Fraction(int(j == i)) for j in range(self.dim)]
            low = linalg.optimize(unit, self.constraints, self.dim)
            if low.status != "optimal" or low.value < 0:
                return False
        return True


def box(lower: Sequence, upper: Sequence) -> Polyhedron:
    """The box ``lower <= x <= upper`` (entries exact numbers).

    >>> b = box([0, "-1/2"], [1, "1/2"])
    >>> b.contains([Fraction(1), Fraction(0)]), b.contains([Fraction(2), Fraction(0)])
    (True, False)
    """
    lo = [to_rational(v, f"lower[{i}]") for i, v in enumerate(lower)]
    hi = [to_rational(v, f"upper[{i}]") for i, v in enumerate(upper)]
    if len(lo) != len(hi) or not lo:
        raise DomainError(f"box bounds have lengths {len(lo)} and {len(hi)}; expected equal positive lengths")
    constraints = []
    zero, one, minus_one, n = Fraction(0), Fraction(1), Fraction(-1), len(lo)
    for i, (a, b) in enumerate(zip(lo, hi)):
        if a > b:
            raise DomainError(f"box is empty: lower[{i}] = {a} > upper[{i}] = {b}")
        before, after = (zero,) * i, (zero,) * (n - i - 1)  # shared entries: a box of 784 inputs in milliseconds
        constraints.append(Constraint(before + (one,) + after, -a))
        constraints.append(Constraint(before + (minus_one,) + after, b))
    return Polyhedron(len(lo), tuple(constraints))


@lru_cache(maxsize=32)  # the value is immutable; reports ask for the same orthant many times
def orthant(dim: int) -> Polyhedron:
    """The closed nonnegative orthant of R^dim.

    >>> orthant(2).contains([Fraction(0), Fraction(3)])
    True
    """
    return Polyhedron(dim, tuple(Constraint(tuple(Fraction(int(j == i)) for j in range(dim)), Fraction(0)) for i in range(dim)))


@lru_cache(maxsize=32)
def whole_space(dim: int) -> Polyhedron:
    """All of R^dim, as the polyhedron with no constraint.

    >>> whole_space(3).contains([Fraction(-1), Fraction(0), Fraction(5)])
    True
    """
    return Polyhedron(dim, ())


def polyhedron(inequalities: Sequence[Sequence], equalities: Sequence[Sequence] = ()) -> Polyhedron:
    """The polyhedron ``{x : a . x + c >= 0 for (a..., c)}`` with optional equalities ``(e..., f)``.

    Each row lists the ``dim`` coefficients followed by the constant.

    >>> polyhedron([[1, 1, -1]]).contains([Fraction(1), Fraction(0)])
    True
    """
    rows = [(list(r), ">=") for r in inequalities] + [(list(r), "==") for r in equalities]
    if not rows:
        raise DomainError("polyhedron needs at least one row; use None for all of R^d")
    dim = len(rows[0][0]) - 1
    constraints = []
    for i, (row, rel) in enumerate(rows):
        if len(row) != dim + 1:
            raise DomainError(f"polyhedron row {i} has {len(row)} entries; expected {dim + 1}")
        vals = [to_rational(v, f"polyhedron row {i}") for v in row]
        constraints.append(Constraint(tuple(vals[:-1]), vals[-1], rel))
    return Polyhedron(dim, tuple(constraints))


def as_domain(domain, dim: int) -> Polyhedron | None:
    """Normalize a user domain argument: ``None`` (R^dim), ``"orthant"``, or a :class:`Polyhedron`."""
    if domain is None:
        return None
    if isinstance(domain, str):
        if domain == "orthant":
            return orthant(dim)
        raise DomainError(f"unknown domain {domain!r}; expected None, 'orthant' or a Polyhedron")
    if not isinstance(domain, Polyhedron):
        raise DomainError(f"domain is a {type(domain).__name__}; expected None, 'orthant' or a Polyhedron")
    if domain.dim != dim:
        raise DomainError(f"domain has dimension {domain.dim}; the networks have input dimension {dim}")
    return domain


def domain_of(domain, dim: int) -> Polyhedron:
    """The domain argument of the public functions as a :class:`Polyhedron` (``None``: :func:`whole_space`).

    Raises
    ------
    DomainError
        An unknown string, another type, or a dimension other than ``dim`` (a ``ValueError``).

    Examples
    --------
    >>> domain_of(None, 2).is_whole_space, domain_of("orthant", 2).is_orthant
    (True, True)
    >>> domain_of("disk", 2)
    Traceback (most recent call last):
    ...
    semialg_fibers.DomainError: unknown domain 'disk'; expected None, 'orthant' or a Polyhedron
    """
    normalized = as_domain(domain, dim)
    return whole_space(dim) if normalized is None else normalized
