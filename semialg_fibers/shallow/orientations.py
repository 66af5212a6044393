"""Orientation choices: 0/1 solutions of ``sum_{u in S} kappa_u alpha_u^T = -G``.

Which visible lines carry a *flipped* neuron (``s(-l) = s(l) - l``) is a
subset-sum problem over ``Q^{k x m}``; deciding whether any subset works is
NP-hard already for ``m = k = 1`` (``docs/theory/shallow.md``, Proposition 6).
The search here is exact: reduce the system to row echelon form, enumerate the
free variables depth first, and prune with interval bounds on the pivot
variables.  It raises :class:`NotDecidedError` when it exceeds its budget.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator, Sequence

from .. import linalg
from ..exceptions import NotDecidedError

__all__ = ["binary_solutions", "DEFAULT_BUDGET"]

#: Nodes of the depth-first search before :func:`binary_solutions` gives up.
DEFAULT_BUDGET = 20_000
#: Kernel dimension above which the search is refused before any elimination.
MAX_NULLITY = 400

_ZERO = Fraction(0)


def binary_solutions(columns: Sequence[Sequence[Fraction]], target: Sequence[Fraction],
                     budget: int | None = DEFAULT_BUDGET, what: str = "orientation search") -> Iterator[tuple[int, ...]]:
    """Yield every ``x in {0,1}^r`` with ``sum_i x_i columns[i] = target``, in lexicographic order.

    Parameters
    ----------
    columns : sequence of r vectors in Q^D
    target : vector in Q^D
    budget : int or None
        Maximum number of search nodes (``None``: unlimited).
    what : str
        Named in the error message.

    Raises
    ------
    NotDecidedError
        When the search needs more than ``budget`` nodes.

    Examples
    --------
    >>> cols = [(Fraction(1),), (Fraction(2),), (Fraction(3),)]
    >>> list(binary_solutions(cols, (Fraction(3),)))
    [(0, 0, 1), (1, 1, 0)]
    >>> list(binary_solutions(cols, (Fraction(7),)))
    []
    """
    r = len(columns)
    dim = len(target)
    if r == 0:
        if not any(target):
            yield ()
        return
    if budget is not None and r - dim > MAX_NULLITY:
        raise NotDecidedError(
            f"{what}: {r} unknowns in {dim} equations leave a kernel of dimension >= {r - dim}; "
            f"an exact 0/1 search is out of reach (more than {MAX_NULLITY} free variables)"
        )
    rows = [[Fraction(columns[i][d]) for i in range(r)] + [Fraction(target[d])] for d in range(dim)]
    rows = [row for row in rows if any(row)]
    if not rows:
        reduced, pivots = (), ()
    else:
        reduced, pivots = linalg.rref(rows, r + 1)
    if pivots and pivots[-1] == r:
        return  # inconsistent even over Q
    free = [i for i in range(r) if i not in set(pivots)]
    # Pivot p = rhs_p - sum_f coef[p][f] x_f must end in {0, 1}.
    rhs = [row[r] for row in reduced]
    coef = [[row[f] for f in free] for row in reduced]
    # Suffix bounds of the remaining contributions -coef*x_f for x_f in {0,1}.
    nf = len(free)
    low = [[_ZERO] * (nf + 1) for _ in reduced]
    high = [[_ZERO] * (nf + 1) for _ in reduced]
    for p in range(len(reduced)):
        for t in range(nf - 1, -1, -1):
            c = -coef[p][t]
            low[p][t] = low[p][t + 1] + (c if c < 0 else 0)
            high[p][t] = high[p][t + 1] + (c if c > 0 else 0)
    nodes = [0]
    assignment = [0] * nf

    def feasible(values, t) -> bool:
        for p, val in enumerate(values):
            lo, hi = val + low[p][t], val + high[p][t]
            if hi < 0 or lo > 1:
                return False
            if t == nf and val != 0 and val != 1:
                return False
        return True

    def search(t, values):
        nodes[0] += 1
        if budget is not None and nodes[0] > budget:
            raise NotDecidedError(
                f"{what}: more than {budget} search nodes over a kernel of dimension {nf}; "
                "raise the budget or use smaller networks"
            )
        if not feasible(values, t):
            return
        if t == nf:
            x = [0] * r
            for f, val in zip(free, assignment):
                x[f] = val
            for p, val in zip(pivots, values):
                x[p] = int(val)
            yield tuple(x)
            return
        # Free variables in increasing index order; a pivot's value is fixed by them, and
        # the final list is sorted below, so the yield order is lexicographic.
        for bit in (0, 1):
            assignment[t] = bit
            new = values if not bit else [v - coef[p][t] for p, v in enumerate(values)]
            yield from search(t + 1, new)
        assignment[t] = 0

    yield from sorted(search(0, list(rhs)))
