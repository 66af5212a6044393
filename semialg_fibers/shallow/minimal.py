"""Minimal width ``n*`` and the canonical form of a shallow function (SPEC section 3).

A representation with the fewest neurons puts one neuron on each of the ``r``
visible lines and produces the linear part ``G`` with three devices: flipped
neurons (a set ``S`` of lines), *mixed* lines ``M`` (a second neuron of the
opposite orientation, 1 neuron each) and cancelling pairs on new lines (2
neurons each, one rank-one term each).  With
``G_S = G + sum_{u in S} kappa_u alpha_u^T`` and
``rho(S, M) = rank(G_S P_M)`` (``P_M`` a basis of the orthogonal complement of
``V_M = span{alpha_u : u in M}``):

    n* = r + min over (S, M), alpha_M independent, of |M| + 2 rho(S, M).

The canonical form picks the minimizing ``(S, M)`` by the tie-breaking key
``(cost, |M|, M, |S|, S)`` (line indices in the sorted order of
:class:`~semialg_fibers.shallow.canonical.CanonicalData`); everything else is
fixed by formulas (``docs/theory/shallow.md``, Section 3), so equivalent
networks get equal canonical forms.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Iterator

from .. import linalg
from ..exceptions import InternalCheckError, NotDecidedError
from ..network import Network
from .canonical import ON_LINE, CanonicalData, canonical_data, neuron_infos
from .orientations import DEFAULT_BUDGET, rank_one_solutions

__all__ = ["MinimalChoice", "minimal_choice", "minimal_width", "canonical_form", "own_orientation_certificate",
           "own_choice"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class MinimalChoice:
    """The canonical minimizer ``(S, M)`` and the resulting width.

    Attributes
    ----------
    flipped : tuple of int
        ``S``: indices (into ``data.lines``) of lines whose single neuron is flipped.
    mixed : tuple of int
        ``M``: lines carrying two neurons of opposite orientations.
    pairs : int
        ``rho(S, M)``: cancelling pairs on new lines.
    width : int
        ``n* = r + |M| + 2 rho``.
    """

    flipped: tuple[int, ...]
    mixed: tuple[int, ...]
    pairs: int
    width: int

    @property
    def cost(self) -> int:
        """``|M| + 2 rho``: neurons beyond one per visible line."""
        return len(self.mixed) + 2 * self.pairs


def _data(net_or_data) -> CanonicalData:
    return net_or_data if isinstance(net_or_data, CanonicalData) else canonical_data(net_or_data)


class _Identity(list):
    """The standard basis of Q^m, kept implicit (projection onto it is the identity)."""


def _complement_basis(data: CanonicalData, mixed: tuple[int, ...]):
    """Columns of ``P_M`` (a basis of ``V_M^perp``) as a list of vectors in Q^m."""
    m = data.input_dim
    if not mixed:
        return _Identity([None] * m)
    return list(linalg.nullspace([data.lines[u].normal for u in mixed], m))


def _projected(data: CanonicalData, basis) -> tuple[list, list]:
    """``(alpha_u^T P for every line u, G P)``: the rank-one terms are ``kappa_u (alpha_u^T P)``."""
    def proj(vector):
        if isinstance(basis, _Identity):
            return tuple(vector)
        return tuple(sum((a * p for a, p in zip(vector, col) if a and p), _ZERO) for col in basis)

    return [proj(line.normal) for line in data.lines], [proj(row) for row in data.linear]


def _independent(data: CanonicalData, mixed: tuple[int, ...]) -> bool:
    return linalg.rank([data.lines[u].normal for u in mixed]) == len(mixed)


def _g_s(data: CanonicalData, flipped) -> list[list[Fraction]]:
    g = [list(row) for row in data.linear]
    for u in flipped:
        line = data.lines[u]
        for j, kj in enumerate(line.kink):
            if kj:
                for i, a in enumerate(line.normal):
                    if a:
                        g[j][i] += kj * a
    return g


def _subsets(items) -> Iterator[tuple[int, ...]]:
    """Every subset of ``items`` as a sorted tuple, in lexicographic order of indicator vectors."""
    for bits in product((0, 1), repeat=len(items)):
        yield tuple(u for u, bit in zip(items, bits) if bit)


def all_flip_sets(free, budget: int | None = DEFAULT_BUDGET, what: str = "fiber") -> Iterator[tuple[int, ...]]:
    """Every subset of ``free``, for conditions checked set by set; refused beyond ``budget`` sets."""
    free = list(free)
    if budget is not None and 2 ** len(free) > budget:
        raise NotDecidedError(f"{what}: needs all 2^{len(free)} orientation subsets, checked one by one "
                              f"(budget {budget})")
    yield from _subsets(free)


def flip_sets(data: CanonicalData, mixed: tuple[int, ...], free, pairs: int,
              budget: int | None = DEFAULT_BUDGET, what: str = "fiber",
              loose_free: bool = True) -> Iterator[tuple[int, ...]]:
    """Every ``S`` within ``free`` with ``rho(S, M) <= pairs`` (for the others the piece is empty).

    In the order of :func:`_subsets`.  ``pairs >= min(k, m - b)``: every
    subset.  ``pairs = 0``: the exact orientation search (``G_S P_M = 0`` is
    linear in ``S``).  Otherwise the rank condition (not linear in ``S``,
    ``k >= 2``) is checked set by set, refused beyond ``budget``.  Lines with
    ``alpha_u in V_M`` drop out of the condition: with ``loose_free`` they may
    be in ``S`` or not, otherwise they are left out of ``S``.
    """
    free = list(free)
    basis = _complement_basis(data, mixed)
    if pairs >= min(data.output_dim, len(basis)):
        yield from _subsets(free)
        return
    vectors, g = _projected(data, basis)
    relevant = [u for u in free if any(vectors[u])]
    loose = [u for u in free if not any(vectors[u])] if loose_free else []
    if pairs == 0:
        found = rank_one_solutions([data.lines[u].kink for u in relevant], [vectors[u] for u in relevant],
                                   [[-v for v in row] for row in g], budget,
                                   what=f"{what}: orientation sets (mixed lines {list(mixed)})")
        cores = [tuple(u for u, bit in zip(relevant, x) if bit) for x in found]
    else:
        cores = [core for core in all_flip_sets(relevant, budget, f"{what}: rank(G_S P_M) <= {pairs}")
                 if _rank_after_flips(data, vectors, g, core) <= pairs]
    sets = [tuple(sorted(core + extra)) for core in cores for extra in _subsets(loose)]
    yield from sorted(sets, key=lambda flipped: [u in flipped for u in free])  # the order of _subsets


def _best_flips(data: CanonicalData, mixed: tuple[int, ...], pairs: int, budget) -> tuple[int, ...] | None:
    """The smallest ``S`` (by ``(|S|, S)``, ``S`` disjoint from ``M``) with ``rho(S, M) <= pairs``, or None."""
    if pairs >= min(data.output_dim, len(_complement_basis(data, mixed))):
        return ()  # every S works; the empty one is the smallest
    free = [u for u in range(data.num_lines) if u not in mixed]
    return min(flip_sets(data, mixed, free, pairs, budget, "minimal form", loose_free=False),
               key=lambda s: (len(s), s), default=None)


def _rank_after_flips(data: CanonicalData, vectors, g, flipped) -> int:
    """``rank(G_S P)`` from the projected data of :func:`_projected` (``P`` with at least one column)."""
    mat = [list(row) for row in g]
    for u in flipped:
        for j, kj in enumerate(data.lines[u].kink):
            for i, a in enumerate(vectors[u]):
                mat[j][i] += kj * a
    return linalg.rank(mat, len(g[0]))


def own_orientation_certificate(net: Network) -> bool:
    """True when the network itself shows ``n* = r``: no line carries neurons of both orientations.

    Then ``G = -sum_{u in S} kappa_u alpha_u^T`` for the lines ``S`` whose
    neurons are all flipped, so ``G_S = 0`` (no arithmetic needed).

    >>> own_orientation_certificate(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    False
    """
    seen: dict = {}
    for info in neuron_infos(net):
        if info.kind == ON_LINE:
            if seen.setdefault(info.key, info.orientation) != info.orientation:
                return False
    return True


def own_choice(net: Network, data: CanonicalData | None = None) -> MinimalChoice:
    """An admissible ``(S, M, rho)`` read off the network itself: ``n* <= own_choice(net).width``.

    ``S`` are the visible lines all of whose neurons are negatively oriented,
    ``M`` a maximal independent set (first in line order) of the lines with
    both orientations, and ``rho = rank(G_S P_M)`` (exact; at most the number
    of cancelling groups of ``net``).  ``rho(S, M)`` depends on ``M`` only
    through its span, so this choice is admissible.

    >>> own_choice(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))   # x
    MinimalChoice(flipped=(), mixed=(), pairs=1, width=2)
    """
    data = canonical_data(net) if data is None else data
    if own_orientation_certificate(net):
        flips = {}
        for info in neuron_infos(net):
            if info.kind == ON_LINE:
                flips[info.key] = info.orientation < 0
        flipped = tuple(u for u, line in enumerate(data.lines) if flips[line.key])
        return MinimalChoice(flipped, (), 0, data.num_lines)
    orientations: dict = {}
    for info in neuron_infos(net):
        if info.kind == ON_LINE:
            orientations.setdefault(info.key, set()).add(info.orientation)
    flipped = tuple(u for u, line in enumerate(data.lines) if orientations[line.key] == {-1})
    mixed: tuple[int, ...] = ()
    for u, line in enumerate(data.lines):
        if len(orientations[line.key]) == 2 and _independent(data, mixed + (u,)):
            mixed += (u,)
    basis = _complement_basis(data, mixed)
    vectors, g = _projected(data, basis)
    pairs = _rank_after_flips(data, vectors, g, flipped) if len(basis) else 0
    return MinimalChoice(flipped, mixed, pairs, data.num_lines + len(mixed) + 2 * pairs)


def _candidates(data: CanonicalData, budget, below: int | None = None) -> Iterator[MinimalChoice]:
    """The canonical minimizer, searching costs ``0, 1, ...``; with ``below``, only costs ``< below``."""
    r, m = data.num_lines, data.input_dim
    upper = 2 * linalg.rank(data.linear, m) if any(any(row) for row in data.linear) else 0
    for cost in range(upper + 1 if below is None else min(upper + 1, below)):
        found = []
        for q in range(cost % 2, min(cost, m, r) + 1, 2):
            pairs = (cost - q) // 2
            for mixed in combinations(range(r), q):
                if q and not _independent(data, mixed):
                    continue
                flipped = _best_flips(data, mixed, pairs, budget)
                if flipped is not None:
                    found.append(MinimalChoice(flipped, mixed, pairs, r + cost))
            if found:
                break  # smallest |M| first: the tie-breaking key is (cost, |M|, M, |S|, S)
        if found:
            yield min(found, key=lambda c: (c.mixed, len(c.flipped), c.flipped))
            return
    if below is None:
        raise InternalCheckError("minimal form: no candidate up to cost 2 rank(G), which always works")


def minimal_choice(net_or_data, budget: int | None = DEFAULT_BUDGET) -> MinimalChoice:
    """The canonical minimizer ``(S, M, rho)`` of ``|M| + 2 rho(S, M)``.

    Parameters
    ----------
    net_or_data : Network or CanonicalData
    budget : int or None
        Search nodes per orientation search (``None``: unlimited).

    Raises
    ------
    NotDecidedError
        When an orientation search exceeds the budget (the problem contains
        subset sum, ``docs/theory/shallow.md``, Proposition 6).

    Examples
    --------
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> minimal_choice(identity)
    MinimalChoice(flipped=(), mixed=(), pairs=1, width=2)
    """
    return next(_candidates(_data(net_or_data), budget))


def minimal_width(net: Network, budget: int | None = DEFAULT_BUDGET) -> int:
    """The minimal number ``n*`` of hidden neurons of a shallow network computing the same function.

    Parameters
    ----------
    net : Network
        Shallow, architecture ``(m, n, k)``.
    budget : int or None
        Search budget when the network does not certify ``n* = r`` itself.

    Returns
    -------
    int

    Notes
    -----
    The network itself gives an admissible choice (:func:`own_choice`), so
    ``n* <= r + cost``; only smaller costs are searched (subset sum in
    general).  When no line of ``net`` carries neurons of both orientations
    the answer is the number ``r`` of visible lines, found in linear time.

    Examples
    --------
    >>> minimal_width(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))   # x
    2
    >>> minimal_width(Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[1, -1, 1]], [0])]))  # x + s(x-1)
    2
    """
    data = canonical_data(net)
    bound = own_choice(net, data)
    if bound.cost == 0:
        return bound.width
    better = next(_candidates(data, budget, below=bound.cost), None)
    return bound.width if better is None else better.width


def _solve_rows(basis_rows, target) -> tuple[Fraction, ...]:
    """Coefficients ``y`` with ``y . basis_rows = target`` (exists by construction)."""
    cols = [list(col) for col in zip(*basis_rows)] if basis_rows else []
    sol = linalg.solve(cols, list(target), len(basis_rows))
    if sol is None:
        raise InternalCheckError("canonical form: a row of G_S (I - Pi) is not in V_M")
    return sol


def canonical_form(net_or_data, budget: int | None = DEFAULT_BUDGET) -> Network:
    """The canonical representative with ``n*`` neurons: equal for equivalent networks.

    Parameters
    ----------
    net_or_data : Network or CanonicalData
    budget : int or None
        Search budget of the orientation searches.

    Returns
    -------
    Network
        Architecture ``(m, n*, k)``.

    Raises
    ------
    NotDecidedError
        When the orientation search exceeds the budget.

    Notes
    -----
    Construction (tie-breaking documented in ``docs/theory/shallow.md``):
    lines in their sorted order; a line outside ``M`` gets one neuron
    ``(kappa_u, sigma alpha_u, sigma beta_u)`` with ``sigma = -1`` iff the
    line is in ``S``; a mixed line gets ``(kappa_u - N_u, alpha_u, beta_u)``
    then ``(N_u, -alpha_u, -beta_u)``; the residual ``R = G_S Pi`` (``Pi`` the
    orthogonal projector onto ``V_M^perp``) is factored as ``C A`` with ``A``
    the reduced row echelon basis of its row space, and pair ``j`` is
    ``(C_j, A_j, 0)``, ``(-C_j, -A_j, 0)``; ``N_M`` solves
    ``-N_M A_M = G_S (I - Pi)``; the output bias is
    ``g0 + sum_S kappa_u beta_u + sum_M N_u beta_u``.

    Examples
    --------
    >>> net = Network.from_layers([([[2], [-3]], [0, 0]), ([[1, -1]], [5])])   # 2 s(x) - s(-3x) + 5
    >>> canonical_form(net).layers   # doctest: +NORMALIZE_WHITESPACE
    (Layer(weight=((Fraction(1, 1),), (Fraction(-1, 1),)), bias=(Fraction(0, 1), Fraction(0, 1))),
     Layer(weight=((Fraction(2, 1), Fraction(-3, 1)),), bias=(Fraction(5, 1),)))
    """
    data = _data(net_or_data)
    choice = minimal_choice(data, budget)
    k, m = data.output_dim, data.input_dim
    flipped, mixed = set(choice.flipped), choice.mixed
    # Without mixed lines or pairs the flips solve G_S = 0 exactly (checked at the end through D).
    g_s = _g_s(data, choice.flipped) if mixed or choice.pairs else [[_ZERO] * m for _ in range(k)]
    normals = [data.lines[u].normal for u in mixed]
    if mixed:
        gram = [[sum((x * y for x, y in zip(a, b)), _ZERO) for b in normals] for a in normals]
        # Pi = I - A^T (A A^T)^{-1} A, applied row by row: row - (row A^T)(A A^T)^{-1} A.
        def project(row):
            coeffs = linalg.solve(gram, [sum((x * y for x, y in zip(row, a)), _ZERO) for a in normals], len(mixed))
            return [v - sum((c * a[i] for c, a in zip(coeffs, normals)), _ZERO) for i, v in enumerate(row)]
        residual = [project(row) for row in g_s]
    else:
        residual = [list(row) for row in g_s]
    basis, pivots = linalg.rref(residual, m) if any(any(r) for r in residual) else ((), ())
    if len(basis) != choice.pairs:
        raise InternalCheckError(f"canonical form: residual rank {len(basis)} != rho = {choice.pairs}")
    n_mixed = {}
    for idx, u in enumerate(mixed):
        n_mixed[u] = [None] * k
    for j in range(k):
        in_span = [g_s[j][i] - residual[j][i] for i in range(m)]
        coeffs = _solve_rows(normals, in_span) if mixed else ()
        for idx, u in enumerate(mixed):
            n_mixed[u][j] = -coeffs[idx]
    rows, biases, columns = [], [], []
    out_bias = list(data.constant)
    for u, line in enumerate(data.lines):
        alpha, beta = list(line.normal), line.offset
        if u in n_mixed:
            nu = n_mixed[u]
            rows += [alpha, [-a for a in alpha]]
            biases += [beta, -beta]
            columns += [[kj - nj for kj, nj in zip(line.kink, nu)], list(nu)]
            out_bias = [c + nj * beta for c, nj in zip(out_bias, nu)]
        elif u in flipped:
            rows.append([-a for a in alpha])
            biases.append(-beta)
            columns.append(list(line.kink))
            out_bias = [c + kj * beta for c, kj in zip(out_bias, line.kink)]
        else:
            rows.append(alpha)
            biases.append(beta)
            columns.append(list(line.kink))
    for row, p in zip(basis, pivots):
        coeff = [residual[j][p] for j in range(k)]  # R = C A with A in RREF: C[:, j] = R[:, pivot_j]
        rows += [list(row), [-a for a in row]]
        biases += [_ZERO, _ZERO]
        columns += [coeff, [-c for c in coeff]]
    if not rows:  # the affine function itself needs no neuron, but an architecture needs width >= 1
        rows, biases, columns = [[_ZERO] * m], [_ZERO], [[_ZERO] * k]
    weight2 = [[col[j] for col in columns] for j in range(k)]
    result = Network.from_layers([(rows, biases), (weight2, out_bias)])
    if canonical_data(result) != data:
        raise InternalCheckError("canonical form does not reproduce the canonical data")
    return result
