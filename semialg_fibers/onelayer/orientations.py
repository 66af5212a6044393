"""Orientation choices: 0/1 solutions of ``sum_{u in S} kappa_u alpha_u^T = -G``.

Which visible lines carry a *flipped* neuron (``s(-l) = s(l) - l``) is a
subset-sum problem over ``Q^{k x m}``; deciding whether any subset works is
NP-hard already for ``m = k = 1`` (``docs/theory/shallow.md``, Proposition 6).
The search is exact and has three stages (Section 3a of the theory page):

1. *p-adic propagation*: in every coordinate, the terms of least ``p``-adic
   valuation must add up to the target modulo the next valuation level, which
   fixes unknowns without branching.  For weights read from floating point
   (dyadic rationals) ``p = 2`` usually fixes all of them.
2. what is left, if its kernel is small: row echelon form and a depth-first
   search over the free variables with interval pruning;
3. otherwise: every lattice point of norm at most ``sqrt(f + 1)`` of an
   embedding lattice (LLL basis, exact Fincke-Pohst enumeration), which
   contains every solution.

Stages 2 and 3 count their search nodes and raise :class:`NotDecidedError`
beyond ``limits.nodes`` (:class:`~semialg_fibers.core.limits.SearchLimits`).
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Iterator, Sequence
from fractions import Fraction

from ..core import linalg, progress
from ..core.exceptions import LimitReachedError
from ..core.limits import SearchLimits, resolve

__all__ = ["binary_solutions", "rank_one_solutions"]
#: Primes whose valuations drive the propagation (2 first: float weights are dyadic).
PRIMES = (2, 3, 5, 7)
#: Most unknowns combined in one local (per-coordinate) test of the propagation.
LOCAL = 8
#: Smallest terms remembered per coordinate between two scans of all unknowns.
CACHED = 48
#: Kernel dimension up to which the residual system is searched depth first.
DFS_NULLITY = 12

_ZERO = Fraction(0)


def binary_solutions(columns: Sequence[Sequence[Fraction]], target: Sequence[Fraction],
                     limits: SearchLimits | None = None, what: str = "orientation search") -> Iterator[tuple[int, ...]]:
    """Yield every ``x in {0,1}^r`` with ``sum_i x_i columns[i] = target``, in lexicographic order.

    Parameters
    ----------
    columns : sequence of r vectors in Q^D
    target : vector in Q^D
    limits : SearchLimits, optional
        ``nodes`` bounds the search nodes, ``free_unknowns`` the unknowns left
        to the lattice stage after propagation, ``lattice_seconds`` each
        lattice reduction (run in a child process that the deadline or Ctrl-C stops)
        and the Gram-Schmidt data of each reduced basis (pure Python, the
        deadline read before each entry).
    what : str
        Named in the error message.

    Raises
    ------
    NotDecidedError
        When the search needs more than ``limits.nodes`` nodes, or more than
        ``limits.free_unknowns`` unknowns stay free after propagation.

    Examples
    --------
    >>> cols = [(Fraction(1),), (Fraction(2),), (Fraction(3),)]
    >>> list(binary_solutions(cols, (Fraction(3),)))
    [(0, 0, 1), (1, 1, 0)]
    >>> list(binary_solutions(cols, (Fraction(7),)))
    []
    """
    return rank_one_solutions([(Fraction(1),)] * len(columns), columns, [target], limits, what)


def rank_one_solutions(kinks: Sequence[Sequence[Fraction]], vectors: Sequence[Sequence[Fraction]],
                       target: Sequence[Sequence[Fraction]], limits: SearchLimits | None = None,
                       what: str = "orientation search") -> Iterator[tuple[int, ...]]:
    """Yield every ``x in {0,1}^r`` with ``sum_u x_u kinks[u] vectors[u]^T = target``, lexicographically.

    The rank-one terms are never expanded for the propagation, so networks
    with thousands of lines stay cheap.

    Parameters
    ----------
    kinks : r vectors in Q^k
    vectors : r vectors in Q^d
    target : k x d matrix over Q
    limits, what
        As in :func:`binary_solutions`.

    Examples
    --------
    >>> F = Fraction
    >>> list(rank_one_solutions([(F(1),), (F(2),)], [(F(1), F(0)), (F(0), F(1))], [(F(1), F(2))]))
    [(1, 1)]
    """
    limits = resolve(limits)
    r = len(kinks)
    k, d = len(target), (len(target[0]) if target else 0)
    if r == 0:
        if not any(v for row in target for v in row):
            yield ()
        return
    system = _integer_system(kinks, vectors, target, k, d)
    if system is None:
        return
    left, right, goal = system
    propagated = _propagate(left, right, goal, k, d)
    if propagated is None:
        return
    fixed, residual = propagated
    free = [u for u in range(r) if u not in fixed]
    if not free:
        if not any(residual):  # every unknown was forced; the coordinates not yet visited decide
            yield tuple(fixed[u] for u in range(r))
        return
    if limits.exceeded("free_unknowns", len(free)):
        raise LimitReachedError(
            f"{what}: {len(free)} of {r} unknowns stay free after p-adic propagation; an exact 0/1 search over "
            f"more than {limits.free_unknowns} unknowns (limit free_unknowns) is out of reach",
            limit="free_unknowns", value=limits.free_unknowns,
        )
    columns = [[li * ri for li in left[u] for ri in right[u]] for u in free]
    found = []
    for part in _residual_solutions(columns, residual, limits.nodes, what, limits.lattice_seconds):
        x = dict(fixed)
        x.update(zip(free, part))
        found.append(tuple(x[u] for u in range(r)))
    yield from sorted(found)


# ------------------------------------------------------------------ integer form
def _integer_system(kinks, vectors, target, k, d):
    """``(left, right, goal)`` over Z with the same 0/1 solutions, or None when there is none.

    Each term is rescaled on its own (``vectors[u]`` to a primitive integer
    vector, the factor moved into ``kinks[u]``): common denominators across
    lines would make the integers explode for float-valued weights.
    """
    pairs, right = [], []  # pairs: the rescaled kinks as (numerator, denominator)
    for kink, vector in zip(kinks, vectors):
        den = math.lcm(*(v.denominator for v in vector)) if d else 1
        ints = [v.numerator * (den // v.denominator) for v in vector]
        g = math.gcd(*ints) or 1
        right.append([v // g for v in ints])
        row = []
        for v in kink:
            num, dd = v.numerator * g, v.denominator * den
            common = math.gcd(num, dd)
            row.append((num // common, dd // common))
        pairs.append(row)
    dl = math.lcm(*(dd for row in pairs for _, dd in row)) if k else 1
    left = [[num * (dl // dd) for num, dd in row] for row in pairs]
    goal = []
    for row in target:
        for v in row:
            scaled = Fraction(v) * dl
            if scaled.denominator != 1:
                return None  # the left side is an integer in every coordinate
            goal.append(int(scaled))
    return left, right, goal


def _valuation(n: int, p: int) -> int | None:
    if n == 0:
        return None
    if p == 2:
        return (n & -n).bit_length() - 1
    v = 0
    while n % p == 0:
        n //= p
        v += 1
    return v


# ------------------------------------------------------------------ stage 1: propagation
def _propagate(left, right, goal, k, d):
    """Fix unknowns by p-adic valuations; ``(fixed, residual goal)`` or None when infeasible.

    In coordinate ``c`` let the terms ``t_u = left[u][j] right[u][i]`` of the
    free unknowns be ordered by ``p``-adic valuation, and let ``V`` be the
    valuation of the ``(LOCAL+1)``-th smallest.  Every term of valuation ``>= V``
    is divisible by ``p^V``, so the ``<= LOCAL`` terms below ``V`` must satisfy
    ``sum x_u t_u = goal_c (mod p^V)`` (exactly, when all terms are below).
    An unknown taking one value in every solution of that small test is fixed.
    """
    r = len(left)
    fixed: dict[int, int] = {}
    goal = list(goal)
    valuations = {}
    progress = True
    while progress and len(fixed) < r:
        progress = False
        for p in PRIMES:
            if p not in valuations:
                valuations[p] = ([[_valuation(v, p) for v in row] for row in left],
                                 [[_valuation(v, p) for v in row] for row in right])
            outcome = _sweep(p, valuations[p], left, right, goal, fixed, k, d)
            if outcome is None:
                return None
            if outcome:
                progress = True
                break  # back to p = 2, the cheapest
    return fixed, goal


def _sweep(p, valuations, left, right, goal, fixed, k, d):
    """Fix what prime ``p`` can fix; True if something was fixed, None if infeasible.

    Each coordinate keeps the ``CACHED`` smallest terms of the free unknowns
    (rebuilt from all unknowns only when fixing has used them up), and is
    looked at again only when one of its cached unknowns was fixed: fixing an
    unknown outside the cache changes the coordinate's target by a multiple of
    ``p^V`` and cannot change its test.
    """
    vl, vr = valuations
    r = len(left)
    cache: dict[int, tuple[list, bool]] = {}
    watchers: dict[int, set] = {}

    def rebuild(c):
        j, i = divmod(c, d)
        terms = heapq.nsmallest(CACHED, ((vl[u][j] + vr[u][i], u) for u in range(r)
                                         if u not in fixed and vl[u][j] is not None and vr[u][i] is not None))
        for _, u in terms:
            watchers.setdefault(u, set()).add(c)
        cache[c] = (terms, len(terms) < CACHED)

    pending = deque(range(k * d))
    queued = set(pending)
    changed = False
    while pending:
        c = pending.popleft()
        queued.discard(c)
        if c not in cache:
            rebuild(c)
        terms, complete = cache[c]
        terms = [t for t in terms if t[1] not in fixed]
        if len(terms) <= LOCAL and not complete:
            rebuild(c)
            terms, complete = cache[c]
        cache[c] = (terms, complete)
        if len(terms) > LOCAL:
            modulus = p ** terms[LOCAL][0]
            window = [u for v, u in terms if v < terms[LOCAL][0]]
        else:
            modulus, window = None, [u for _, u in terms]
        j, i = divmod(c, d)
        newly = _local_fix(window, [left[u][j] * right[u][i] for u in window], goal[c], modulus)
        if newly is None:
            return None
        for u, bit in newly.items():
            fixed[u] = bit
            changed = True
            if bit:
                for jj, lv in enumerate(left[u]):
                    if lv:
                        base = jj * d
                        for ii, rv in enumerate(right[u]):
                            if rv:
                                goal[base + ii] -= lv * rv
            for other in watchers.pop(u, ()):
                if other not in queued:
                    pending.append(other)
                    queued.add(other)
        if newly and c not in queued:
            pending.append(c)
            queued.add(c)
    return changed


def _local_fix(window, values, goal_c, modulus):
    """Unknowns of ``window`` with one value in every ``x`` with ``sum x_u values_u = goal_c (mod modulus)``."""
    sums = [(0, 0)]  # (partial sum, mask)
    for bit, value in enumerate(values):
        sums += [(s + value, mask | (1 << bit)) for s, mask in sums]
    masks = [mask for s, mask in sums
             if (s == goal_c if modulus is None else (s - goal_c) % modulus == 0)]
    if not masks:
        return None
    newly = {}
    for bit, u in enumerate(window):
        ones = sum((mask >> bit) & 1 for mask in masks)
        if ones in (0, len(masks)):
            newly[u] = int(ones > 0)
    return newly


# ------------------------------------------------------------------ stages 2 and 3: the residual system
def _residual_solutions(columns, goal, budget, what, seconds=None):
    """Every 0/1 solution of ``sum x_i columns[i] = goal`` (integers), by DFS or lattice enumeration."""
    f = len(columns)
    eqs = [[col[c] for col in columns] + [-goal[c]] for c in range(len(goal))]
    eqs = [row for row in eqs if any(row)]
    rows = [[Fraction(v) for v in row[:f]] + [Fraction(-row[f])] for row in eqs]
    reduced, pivots = linalg.rref(rows, f + 1) if rows else ((), ())
    if pivots and pivots[-1] == f:
        return []  # inconsistent even over Q
    if f - len(pivots) <= DFS_NULLITY:
        return _dfs(reduced, pivots, f, budget, what)
    return _lattice(eqs, f, f + 1 - len(pivots), budget, what, seconds)


def _dfs(reduced, pivots, r, budget, what):
    """Depth-first search over the free variables of the echelon form, pruned by pivot intervals."""
    free = [i for i in range(r) if i not in set(pivots)]
    # Pivot p = rhs_p - sum_f coef[p][f] x_f must end in {0, 1}.
    rhs = [row[r] for row in reduced]
    coef = [[row[f] for f in free] for row in reduced]
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
    found = []
    bar = progress.task("orientation search", total=budget, unit="nodes")

    def feasible(values, t) -> bool:
        for p, val in enumerate(values):
            if val + high[p][t] < 0 or val + low[p][t] > 1:
                return False
            if t == nf and val != 0 and val != 1:
                return False
        return True

    def search(t, values):
        nodes[0] += 1
        bar.advance()
        if budget is not None and nodes[0] > budget:
            raise LimitReachedError(
                f"{what}: more than {budget} search nodes (limit nodes) over a kernel of dimension {nf}; "
                "raise the budget or use smaller networks",
                limit="nodes", value=budget,
            )
        if not feasible(values, t):
            return
        if t == nf:
            x = [0] * r
            for f, val in zip(free, assignment):
                x[f] = val
            for p, val in zip(pivots, values):
                x[p] = int(val)
            found.append(tuple(x))
            return
        for bit in (0, 1):
            assignment[t] = bit
            search(t + 1, values if not bit else [v - coef[p][t] for p, v in enumerate(values)])
        assignment[t] = 0

    with bar:
        search(0, list(rhs))
    return found


def _lattice(eqs, f, nullity, budget, what, seconds=None):
    """0/1 solutions as short vectors of a lattice (LLL, then exact Fincke-Pohst enumeration).

    The homogenized solutions ``(x, y)`` of ``E (x, y) = 0`` form a lattice
    ``K`` of rank ``nullity``; every 0/1 solution gives ``(2x - 1, 1)`` of
    squared norm ``f + 1`` in its image under ``(x, y) -> (2x - y 1, y)``.
    The image is found by LLL on the rows ``(2x - y 1, y, N E (x, y))``: the
    reduced rows with a zero last block span it exactly when there are
    ``nullity`` of them (the others' last blocks are then independent).
    """
    radius = f + 1
    bits = f // 2 + 2 * max((abs(v).bit_length() for row in eqs for v in row), default=0) + 16
    for _ in range(3):
        scale = 1 << bits
        basis = [[2 if t == i else 0 for t in range(f)] + [0] + [scale * row[i] for row in eqs] for i in range(f)]
        basis.append([-1] * f + [1] + [scale * row[f] for row in eqs])
        basis = linalg.lll(basis, seconds=seconds)
        kernel = [row[:f + 1] for row in basis if not any(row[f + 1:])]
        if len(kernel) == nullity:
            break
        bits *= 2
    else:
        # Not separated: enumerate the whole lattice; with scale^2 > f + 1 every vector
        # with a nonzero last block is too long, so the result is the same.
        kernel = basis
    found = set()
    for vector in _short_vectors(kernel, radius, budget, what, seconds):
        y = vector[f]
        if abs(y) != 1 or any(vector[f + 1:]) or any(abs(v) != 1 for v in vector[:f]):
            continue
        found.add(tuple((v * y + 1) // 2 for v in vector[:f]))
    return sorted(found)


def _short_vectors(basis, radius, budget, what, seconds=None):
    """Every lattice vector of squared norm ``<= radius`` (both signs), exact Fincke-Pohst enumeration.

    Its Gram-Schmidt data has the same deadline as the reduction (``seconds``, ``lattice_seconds``).
    """
    n = len(basis)
    mu, norms = linalg.gram_schmidt(basis, seconds=seconds)
    coeffs = [0] * n
    nodes = [0]
    out = []
    bar = progress.task("lattice enumeration", total=budget, unit="nodes")

    def level(i, partial):
        center = -sum((mu[j][i] * coeffs[j] for j in range(i + 1, n) if coeffs[j]), _ZERO)
        room = radius - partial
        reach = math.isqrt(math.floor(room / norms[i]))
        base = math.floor(center)
        for z in range(base - reach - 1, base + reach + 2):
            cost = (z - center) ** 2 * norms[i]
            if cost > room:
                continue
            nodes[0] += 1
            bar.advance()
            if budget is not None and nodes[0] > budget:
                raise LimitReachedError(
                    f"{what}: more than {budget} search nodes (limit nodes) enumerating a lattice of dimension {n}; "
                    "raise the budget or use smaller networks",
                    limit="nodes", value=budget,
                )
            coeffs[i] = z
            if i == 0:
                out.append(tuple(sum(c * b[t] for c, b in zip(coeffs, basis) if c) for t in range(len(basis[0]))))
            else:
                level(i - 1, partial + cost)
        coeffs[i] = 0

    with bar:
        level(n - 1, _ZERO)
    return out
