"""Minimal width ``n*`` and the canonical form of a shallow function (docs/mathematics.md, Section 3).

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

import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..core import linalg, progress
from ..core.exceptions import InternalCheckError, LimitReachedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..onelayer.kernel import (
    complement_basis,
    flip_sets,
    flipped_linear_part,
    independent_normals,
    project_lines,
    rank_after_flips,
    smallest_flip_set,
)
from .canonical import CanonicalData, NeuronKind, canonical_data, neuron_infos

__all__ = ["MinimalChoice", "minimal_choice", "minimal_width", "canonical_form", "representation",
           "own_orientation_certificate", "own_choice", "choices_at_cost", "choice_below"]

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


def own_orientation_certificate(net: Network) -> bool:
    """True when the network itself shows ``n* = r``: no line carries neurons of both orientations.

    Then ``G = -sum_{u in S} kappa_u alpha_u^T`` for the lines ``S`` whose
    neurons are all flipped, so ``G_S = 0`` (no arithmetic needed).

    >>> own_orientation_certificate(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    False
    """
    seen: dict = {}
    for info in neuron_infos(net):
        if info.kind == NeuronKind.ON_LINE:
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
            if info.kind == NeuronKind.ON_LINE:
                flips[info.key] = info.orientation < 0
        flipped = tuple(u for u, line in enumerate(data.lines) if flips[line.key])
        return MinimalChoice(flipped, (), 0, data.num_lines)
    orientations: dict = {}
    for info in neuron_infos(net):
        if info.kind == NeuronKind.ON_LINE:
            orientations.setdefault(info.key, set()).add(info.orientation)
    flipped = tuple(u for u, line in enumerate(data.lines) if orientations[line.key] == {-1})
    mixed: tuple[int, ...] = ()
    for u, line in enumerate(data.lines):
        if len(orientations[line.key]) == 2 and independent_normals(data, mixed + (u,)):
            mixed += (u,)
    basis = complement_basis(data, mixed)
    vectors, g = project_lines(data, basis)
    pairs = rank_after_flips(data, vectors, g, flipped) if len(basis) else 0
    return MinimalChoice(flipped, mixed, pairs, data.num_lines + len(mixed) + 2 * pairs)


def _candidates(data: CanonicalData, limits, below: int | None = None) -> Iterator[MinimalChoice]:
    """The canonical minimizer, searching costs ``0, 1, ...``; with ``below``, only costs ``< below``."""
    r, m = data.num_lines, data.input_dim
    upper = 2 * linalg.rank(data.linear, m) if any(any(row) for row in data.linear) else 0
    bar = progress.task("canonical search", unit="candidate sets")
    for cost in range(upper + 1 if below is None else min(upper + 1, below)):
        found = []
        for q in range(cost % 2, min(cost, m, r) + 1, 2):
            pairs = (cost - q) // 2
            for mixed in combinations(range(r), q):
                bar.advance(note=f"width {r + cost}")
                if q and not independent_normals(data, mixed):
                    continue
                flipped = smallest_flip_set(data, mixed, pairs, limits)
                if flipped is not None:
                    found.append(MinimalChoice(flipped, mixed, pairs, r + cost))
            if found:
                break  # smallest |M| first: the tie-breaking key is (cost, |M|, M, |S|, S)
        if found:
            bar.close()
            yield min(found, key=lambda c: (c.mixed, len(c.flipped), c.flipped))
            return
    bar.close()
    if below is None:
        raise InternalCheckError("minimal form: no candidate up to cost 2 rank(G), which always works")


def choices_at_cost(data: CanonicalData, cost: int, *, limits: SearchLimits | None = None) -> Iterator[MinimalChoice]:
    """Every ``(S, M, rho)`` with ``|M| + 2 rho = cost``, ``M`` independent, ``S`` disjoint from ``M`` and ``rho(S, M) <= rho``.

    When ``cost`` is the minimum (``n* - r``) these are all the minimizers, and
    ``rho(S, M) = rho`` for each.  Order: ``|M|``, then ``M``, then ``S`` as in
    :func:`~semialg_fibers.onelayer.kernel.subsets`.  Lines whose normal lies in
    ``V_M`` may be flipped or not, so each gives two choices.

    Raises
    ------
    NotDecidedError
        More sets ``M`` to try than ``limits.subsets``, or an orientation
        search beyond its limits.

    >>> from semialg_fibers import Network
    >>> f = canonical_data(Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[2, -1, 1]], [0])]))
    >>> [(c.flipped, c.mixed) for c in choices_at_cost(f, 1)]   # 2 s(x) - s(-x) + s(x - 1) = s(x) + s(x - 1) + x
    [((), (0,)), ((1,), (0,)), ((), (1,)), ((0,), (1,))]
    """
    limits = resolve(limits)
    r, m = data.num_lines, data.input_dim
    sizes = [q for q in range(cost % 2, min(cost, m, r) + 1, 2)]
    count = sum(math.comb(r, q) for q in sizes)
    if limits.exceeded("subsets", count):
        raise LimitReachedError(f"minimal choices of cost {cost}: {count} sets of mixed lines to try "
                                f"(limit: {limits.subsets} subsets)", limit="subsets", value=limits.subsets)
    for q in sizes:
        pairs = (cost - q) // 2
        for mixed in combinations(range(r), q):
            if q and not independent_normals(data, mixed):
                continue
            free = [u for u in range(r) if u not in mixed]
            for flipped in flip_sets(data, mixed, free, pairs, limits, "minimal choices"):
                yield MinimalChoice(flipped, mixed, pairs, r + cost)


def choice_below(data: CanonicalData, cost: int, *, limits: SearchLimits | None = None) -> MinimalChoice | None:
    """The canonical minimizer when its cost ``|M| + 2 rho`` is below ``cost``, else None (searches only below).

    >>> from semialg_fibers import Network
    >>> f = canonical_data(Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[2, 1, 1]], [0])]))
    >>> choice_below(f, 1)
    MinimalChoice(flipped=(0,), mixed=(), pairs=0, width=2)
    """
    return next(_candidates(data, limits, below=cost), None)


def minimal_choice(net_or_data, *, limits: SearchLimits | None = None) -> MinimalChoice:
    """The canonical minimizer ``(S, M, rho)`` of ``|M| + 2 rho(S, M)``.

    Parameters
    ----------
    net_or_data : Network or CanonicalData
    limits : SearchLimits, optional
        Bounds of the orientation searches (:mod:`semialg_fibers.core.limits`).

    Raises
    ------
    NotDecidedError
        When an orientation search exceeds its limits (the problem contains
        subset sum, ``docs/theory/shallow.md``, Proposition 6).

    Examples
    --------
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> minimal_choice(identity)
    MinimalChoice(flipped=(), mixed=(), pairs=1, width=2)
    """
    return next(_candidates(_data(net_or_data), limits))


def minimal_width(net: Network, *, limits: SearchLimits | None = None) -> int:
    """The minimal number ``n*`` of hidden neurons of a shallow network computing the same function.

    Parameters
    ----------
    net : Network
        Shallow, architecture ``(m, n, k)``.
    limits : SearchLimits, optional
        Bounds of the search when the network does not certify ``n* = r`` itself.

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
    better = next(_candidates(data, limits, below=bound.cost), None)
    return bound.width if better is None else better.width


def _solve_rows(basis_rows, target) -> tuple[Fraction, ...]:
    """Coefficients ``y`` with ``y . basis_rows = target`` (exists by construction)."""
    cols = [list(col) for col in zip(*basis_rows)] if basis_rows else []
    sol = linalg.solve(cols, list(target), len(basis_rows))
    if sol is None:
        raise InternalCheckError("canonical form: a row of G_S (I - Pi) is not in V_M")
    return sol


def canonical_form(net_or_data, *, limits: SearchLimits | None = None) -> Network:
    """The canonical representative with ``n*`` neurons: equal for equivalent networks.

    Parameters
    ----------
    net_or_data : Network or CanonicalData
    limits : SearchLimits, optional
        Bounds of the orientation searches.

    Returns
    -------
    Network
        Architecture ``(m, n*, k)``.

    Raises
    ------
    NotDecidedError
        When the orientation search exceeds its limits.

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
    return representation(data, minimal_choice(data, limits=limits))


def representation(data: CanonicalData, choice: MinimalChoice) -> Network:
    """The network of width ``r + |M| + 2 rho`` that realizes ``data`` with the choice ``(S, M, rho)``.

    ``M`` must have independent normals and ``rho = rho(S, M)``; the
    construction is the one of :func:`canonical_form` (which applies it to the
    canonical minimizer).  Raises :class:`InternalCheckError` when the result
    does not reproduce ``data`` (a wrong ``rho``, for instance).

    ``2 s(x) + s(-x) + s(x - 1)``: lines ``x = 1`` (index 0) and ``x = 0`` (index 1), ``G = -1``;
    with the mixed pair on line 0 the first neuron gets output weight 0 (this ``f`` has ``n* = 2``):

    >>> from semialg_fibers import Network
    >>> f = canonical_data(Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[2, 1, 1]], [0])]))
    >>> representation(f, MinimalChoice((), (1,), 0, 3)).layers[1].weight
    ((Fraction(1, 1), Fraction(2, 1), Fraction(1, 1)),)
    >>> other = representation(f, MinimalChoice((), (0,), 0, 3))
    >>> other.layers[0].weight, other.layers[1].weight  # doctest: +NORMALIZE_WHITESPACE
    (((Fraction(1, 1),), (Fraction(-1, 1),), (Fraction(1, 1),)),
     ((Fraction(0, 1), Fraction(1, 1), Fraction(3, 1)),))
    """
    k, m = data.output_dim, data.input_dim
    flipped, mixed = set(choice.flipped), choice.mixed
    # Without mixed lines or pairs the flips solve G_S = 0 exactly (checked at the end through D).
    g_s = flipped_linear_part(data, choice.flipped) if mixed or choice.pairs else [[_ZERO] * m for _ in range(k)]
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
    for u in mixed:
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
        raise InternalCheckError(f"the representation of {choice} does not reproduce the canonical data")
    return result
