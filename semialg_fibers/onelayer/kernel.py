"""Flipped linear parts and the rank kernel ``rho(S, M)`` (``docs/theory/shallow.md``, Section 3).

With line data ``({(u, kappa_u)}, G, g0)``, flipping the lines ``S`` (their
neurons negatively oriented, ``s(-l) = s(l) - l``) leaves the linear part
``G_S = G + sum_{u in S} kappa_u alpha_u^T`` to be produced by the other
devices: mixed lines ``M`` (absorb everything in ``V_M = span{alpha_u : u in
M}``), cancelling groups on new lines (one rank-one term each) and, on the
orthant, linear neurons.  ``rho(S, M) = rank(G_S P_M)`` with ``P_M`` a basis
of ``V_M^perp`` counts the rank-one terms still needed.  Which ``S`` make it
small is an exact 0/1 search (:mod:`.orientations`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from fractions import Fraction

from ..core import linalg
from ..core.exceptions import LimitReachedError
from ..core.limits import SearchLimits, resolve
from .lines import CanonicalData
from .orientations import rank_one_solutions

__all__ = [
    "flipped_linear_part",
    "complement_basis",
    "project_lines",
    "independent_normals",
    "rank_after_flips",
    "rho",
    "subsets",
    "all_flip_sets",
    "flip_sets",
    "smallest_flip_set",
]

_ZERO = Fraction(0)


class _Identity(list):
    """The standard basis of Q^m, kept implicit (projection onto it is the identity)."""


def flipped_linear_part(data: CanonicalData, flipped: Sequence[int]) -> tuple[tuple[Fraction, ...], ...]:
    """``G_S = G + sum_{u in S} kappa_u alpha_u^T`` (``k x m`` rows): the linear part left after the flips ``S``.

    >>> from semialg_fibers import Network
    >>> from semialg_fibers.shallow import canonical_data
    >>> d = canonical_data(Network.from_layers([([[1, -1]], [0]), ([[1]], [0])]))
    >>> flipped_linear_part(d, ()), flipped_linear_part(d, (0,))
    (((Fraction(0, 1), Fraction(0, 1)),), ((Fraction(1, 1), Fraction(-1, 1)),))
    """
    if not flipped:
        return data.linear
    # one integer accumulation for all rank-one terms (Fraction arithmetic per entry is the cost)
    terms = linalg.outer_sum([data.lines[u].kink for u in flipped], [data.lines[u].normal for u in flipped],
                             (data.output_dim, data.input_dim))
    return tuple(tuple(g + t if t else g for g, t in zip(grow, trow)) for grow, trow in zip(data.linear, terms))


def complement_basis(data: CanonicalData, mixed: Sequence[int]) -> list:
    """Columns of ``P_M`` (a basis of ``V_M^perp``) as a list of vectors in Q^m (implicit identity if ``M`` is empty)."""
    m = data.input_dim
    if not mixed:
        return _Identity([None] * m)
    return list(linalg.nullspace([data.lines[u].normal for u in mixed], m))


def project_lines(data: CanonicalData, basis) -> tuple[list, list]:
    """``(alpha_u^T P for every line u, G P)``: the rank-one terms are ``kappa_u (alpha_u^T P)``."""
    def proj(vector):
        if isinstance(basis, _Identity):
            return tuple(vector)
        return tuple(sum((a * p for a, p in zip(vector, col) if a and p), _ZERO) for col in basis)

    return [proj(line.normal) for line in data.lines], [proj(row) for row in data.linear]


def independent_normals(data: CanonicalData, lines: Sequence[int]) -> bool:
    """True iff the normals ``alpha_u`` of ``lines`` are linearly independent."""
    return linalg.rank([data.lines[u].normal for u in lines], data.input_dim) == len(lines)


def rank_after_flips(data: CanonicalData, vectors, g, flipped) -> int:
    """``rank(G_S P)`` from the projected data of :func:`project_lines` (``P`` with at least one column)."""
    mat = [list(row) for row in g]
    for u in flipped:
        for j, kj in enumerate(data.lines[u].kink):
            for i, a in enumerate(vectors[u]):
                mat[j][i] += kj * a
    return linalg.rank(mat, len(g[0]))


def rho(data: CanonicalData, flipped: Sequence[int], mixed: Sequence[int], cache: dict | None = None) -> tuple[int, int]:
    """``(rank A_M, rho(S, M))``, cached by ``(S, M)`` in ``cache``."""
    key = (tuple(flipped), tuple(mixed))
    if cache is not None and key in cache:
        return cache[key]
    basis = complement_basis(data, mixed)
    b = data.input_dim - len(basis)
    g = flipped_linear_part(data, flipped)
    if basis and not isinstance(basis, _Identity):
        g = [[sum((x * y for x, y in zip(row, col)), _ZERO) for col in basis] for row in g]
    value = (b, linalg.rank(g, len(basis)) if basis else 0)
    if cache is not None:
        cache[key] = value
    return value


def subsets(items) -> Iterator[tuple[int, ...]]:
    """Every subset of ``items`` as a sorted tuple, in lexicographic order of indicator vectors.

    >>> list(subsets([3, 5]))
    [(), (5,), (3,), (3, 5)]
    """
    for bits in itertools.product((0, 1), repeat=len(items)):
        yield tuple(u for u, bit in zip(items, bits) if bit)


def all_flip_sets(free, limits: SearchLimits | None = None, what: str = "fiber") -> Iterator[tuple[int, ...]]:
    """Every subset of ``free``, for conditions checked set by set; refused beyond ``limits.subsets``."""
    free = list(free)
    limits = resolve(limits)
    if limits.exceeded("subsets", 2 ** len(free)):
        raise LimitReachedError(f"{what}: needs all 2^{len(free)} orientation subsets, checked one by one "
                                f"(limit: {limits.subsets} subsets)", limit="subsets", value=limits.subsets)
    yield from subsets(free)


def flip_sets(data: CanonicalData, mixed: tuple[int, ...], free, pairs: int,
              limits: SearchLimits | None = None, what: str = "fiber",
              loose_free: bool = True) -> Iterator[tuple[int, ...]]:
    """Every ``S`` within ``free`` with ``rho(S, M) <= pairs`` (for the others the piece is empty).

    In the order of :func:`subsets`.  ``pairs >= min(k, m - b)``: every
    subset.  ``pairs = 0``: the exact orientation search (``G_S P_M = 0`` is
    linear in ``S``).  Otherwise the rank condition (not linear in ``S``,
    ``k >= 2``) is checked set by set, refused beyond ``limits.subsets``.
    Lines with ``alpha_u in V_M`` drop out of the condition: with
    ``loose_free`` they may be in ``S`` or not, otherwise they are left out.
    """
    free = list(free)
    basis = complement_basis(data, mixed)
    if pairs >= min(data.output_dim, len(basis)):
        yield from subsets(free)
        return
    vectors, g = project_lines(data, basis)
    relevant = [u for u in free if any(vectors[u])]
    loose = [u for u in free if not any(vectors[u])] if loose_free else []
    if pairs == 0:
        found = rank_one_solutions([data.lines[u].kink for u in relevant], [vectors[u] for u in relevant],
                                   [[-v for v in row] for row in g], limits,
                                   what=f"{what}: orientation sets (mixed lines {list(mixed)})")
        cores = [tuple(u for u, bit in zip(relevant, x) if bit) for x in found]
    else:
        cores = [core for core in all_flip_sets(relevant, limits, f"{what}: rank(G_S P_M) <= {pairs}")
                 if rank_after_flips(data, vectors, g, core) <= pairs]
    sets = [tuple(sorted(core + extra)) for core in cores for extra in subsets(loose)]
    yield from sorted(sets, key=lambda flipped: [u in flipped for u in free])  # the order of subsets()


def smallest_flip_set(data: CanonicalData, mixed: tuple[int, ...], pairs: int,
                      limits: SearchLimits | None = None) -> tuple[int, ...] | None:
    """The smallest ``S`` (by ``(|S|, S)``, disjoint from ``M``) with ``rho(S, M) <= pairs``, or None."""
    if pairs >= min(data.output_dim, len(complement_basis(data, mixed))):
        return ()  # every S works; the empty one is the smallest
    free = [u for u in range(data.num_lines) if u not in mixed]
    return min(flip_sets(data, mixed, free, pairs, limits, "minimal form", loose_free=False),
               key=lambda s: (len(s), s), default=None)
