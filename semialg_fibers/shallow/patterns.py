"""Role assignments of the neurons of a shallow fiber, and the dimension of each piece.

A point of the fiber ``F_n(f)`` assigns each of the ``n`` neurons a role
(docs/mathematics.md, Section 3): zero-output (``v = 0``), dead (``a = 0, b <= 0``), constant
(``a = 0, b > 0``), a neuron on visible line ``u`` with an orientation, or a
member of a group on an extra line (total kink 0, two orientation classes).
Up to permutation a role assignment is a :class:`RolePattern`.  The piece of a
pattern is nonempty iff the linear part can be matched:
``rho(S, M) <= p`` with ``S`` the all-flipped lines, ``M`` the mixed lines and
``p`` the groups with both orientations.  Its dimension is
:func:`piece_dimension` (derivation and checks in ``docs/theory/shallow.md``,
Section 4).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..core.limits import SearchLimits, resolve
from ..core.phrase import Math, phrase_latex, phrase_text
from ..onelayer.counting import PrefixSums, check_count_steps, group_series, mixed_sets
from ..onelayer.kernel import all_flip_sets, complement_basis, flip_sets, project_lines, rank_after_flips, rho
from ..onelayer.orientations import rank_one_solutions
from ..onelayer.patterns import (
    LinePattern,
    compositions,
    count_words,
    group_phrase,
    group_splits,
    partitions,
    visible_choices,
)
from .canonical import CanonicalData

__all__ = [
    "RolePattern",
    "StratumPattern",
    "role_patterns",
    "strata",
    "piece_dimension",
    "matching_dimension",
    "factorization_dimension",
    "orbit_pattern",
    "count_patterns",
    "count_components",
]


@dataclass(frozen=True)
class RolePattern(LinePattern):
    """A role assignment up to permutation of the neurons.

    Attributes
    ----------
    zero_output, dead, constant : int
        Numbers of neurons with ``v = 0``; with ``a = 0, b <= 0``; with ``a = 0, b > 0``.
    visible : tuple of (int, int)
        For each visible line (in the order of the canonical data): the numbers
        ``(positive, negative)`` of neurons on it; at least one in total.
    extra : tuple of (int, int)
        Groups on extra lines (total kink 0), sorted: ``(p, q)`` with
        ``p >= q >= 0`` neurons in the two orientation classes, ``p + q >= 2``.
    """

    zero_output: int
    dead: int
    constant: int
    visible: tuple[tuple[int, int], ...]
    extra: tuple[tuple[int, int], ...] = ()

    _single_fields = ("zero_output", "dead", "constant")
    _group_field = "extra"

    @property
    def mixed_groups(self) -> int:
        """``p``: extra groups with both orientations (each carries one rank-one term of ``G``)."""
        return sum(1 for p, q in self.extra if q)

    def _group_phrase(self, p: int, q: int) -> tuple:
        return group_phrase(p, q, "a new line", "(a cancelling group: they add an affine function, since ",
                             "(they add nothing)")

    def _single_phrase(self, name: str, count: int) -> tuple:
        if name == "zero_output":
            return (count_words(count, "neuron"), " with zero output weights (input weights and bias free)")
        if name == "dead":
            return (count_words(count, "dead neuron"), " (zero input weights, bias ", Math(r"\leq 0", "<= 0"), ")")
        return (count_words(count, "constant neuron"), " (zero input weights, bias ", Math("> 0", "> 0"),
                ", absorbed by the output bias)")


@dataclass(frozen=True)
class StratumPattern:
    """A role pattern and, for patterns with cancelling groups, the stratum ``s``.

    ``s`` is the rank of the normals of the cancelling groups projected to
    ``V_M^perp``; ``None`` when there is no cancelling group.
    """

    roles: RolePattern
    stratum: int | None = None

    def phrases(self) -> tuple[tuple, ...]:
        """The role pattern's phrases, then the stratum in words."""
        out = self.roles.phrases()
        if self.stratum is not None:
            modulo = " modulo those of the mixed lines" if self.roles.mixed else ""
            out += (("the normals of the lines of the cancelling groups span a space of dimension ",
                     Math(str(self.stratum), str(self.stratum)), modulo),)
        return out

    def describe(self) -> str:
        """The pattern in words (plain text).

        >>> print(StratumPattern(RolePattern(0, 1, 0, ((1, 0), (1, 1)), ((1, 1),)), 1).describe())
        ... # doctest: +NORMALIZE_WHITESPACE
        kink line L1: one neuron positively oriented; kink line L2: 1 positively and 1 negatively oriented
        neurons (mixed: an affine term remains); a new line: 1 positively and 1 negatively oriented neurons
        whose kinks cancel (a cancelling group: they add an affine function, since s(z) - s(-z) = z); one
        dead neuron (zero input weights, bias <= 0); the normals of the lines of the cancelling groups span a
        space of dimension 1 modulo those of the mixed lines
        """
        return "; ".join(phrase_text(p) for p in self.phrases())

    def latex(self) -> str:
        """The pattern in words as LaTeX text mode (symbols in math mode)."""
        return "; ".join(phrase_latex(p) for p in self.phrases())

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"roles": self.roles.to_dict(), "stratum": self.stratum}


def orbit_pattern(data: CanonicalData, flipped) -> RolePattern:
    """The pattern of the ``H_r`` orbit with the lines ``flipped`` negatively oriented."""
    flipped = set(flipped)
    return RolePattern(0, 0, 0, tuple((0, 1) if u in flipped else (1, 0) for u in range(data.num_lines)))


def factorization_dimension(k: int, p: int, cols: int, rho: int, rows_nonzero: bool, stratum: int | None = None) -> int | None:
    """``dim {(U, A) : U A = H}`` for ``H`` (``k x cols``) of rank ``rho``, ``U`` of ``k x p``; None if empty.

    Stratum ``s = rank A`` has dimension ``p s + (s - rho)(cols - s) + k (p - s)``;
    with ``rows_nonzero`` the strata ``s = 0`` are excluded for ``p >= 1``
    (every row of ``A`` must be nonzero).  ``stratum`` selects one ``s``.

    >>> factorization_dimension(1, 1, 1, 1, True)
    1
    >>> factorization_dimension(2, 1, 3, 2, True) is None
    True
    """
    low = max(rho, 1 if rows_nonzero and p >= 1 else 0)
    strata = range(low, min(p, cols) + 1) if stratum is None else [stratum] if low <= stratum <= min(p, cols) else []
    values = [p * s + (s - rho) * (cols - s) + k * (p - s) for s in strata]
    return max(values) if values else None


def matching_dimension(data: CanonicalData, pattern: RolePattern, *, cache=None, stratum: int | None = None) -> int | None:
    """Dimension of ``{(N_M, N_w, alpha_w) : G_S = -N_M A_M - sum_w N_w alpha_w^T}`` (normalized alpha_w), or None.

    ``k (q - b) + p b - p + factorization_dimension(k, p, m - b, rho)`` with
    ``q = |M|``, ``b = rank A_M``, ``p`` the mixed groups, ``rho = rho(S, M)``.
    """
    cache = {} if cache is None else cache
    k, m = data.output_dim, data.input_dim
    q, p = len(pattern.mixed), pattern.mixed_groups
    b, rho_ = rho(data, pattern.flipped, pattern.mixed, cache)
    if p == 0:
        return k * (q - b) if rho_ == 0 and stratum in (None, 0) else None
    fact = factorization_dimension(k, p, m - b, rho_, b == 0, stratum)
    return None if fact is None else k * (q - b) + p * b - p + fact


def piece_dimension(data: CanonicalData, pattern: RolePattern, *, cache=None, stratum: int | None = None) -> int | None:
    """Dimension of the piece of ``pattern`` in ``Omega(m, n, k)``, or None when the piece is empty.

    Sum of: ``m + 1`` per zero-output neuron, ``k + 1`` per dead or constant
    neuron, ``n_u (k + 1) - k`` per visible line (``- 2k`` if mixed),
    ``1 + n_w (k + 1) - 2k`` per mixed group, ``m + n_w (k + 1) - k`` per
    one-orientation group, plus :func:`matching_dimension`.

    Examples
    --------
    >>> from semialg_fibers import Network
    >>> from semialg_fibers.shallow import canonical_data
    >>> identity = canonical_data(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    >>> piece_dimension(identity, RolePattern(0, 0, 0, (), ((1, 1),)))
    3
    >>> piece_dimension(identity, RolePattern(2, 0, 0, ())) is None
    True
    """
    if len(pattern.visible) != data.num_lines or any(p + q < 1 for p, q in pattern.visible):
        return None
    k, m = data.output_dim, data.input_dim
    mv = matching_dimension(data, pattern, cache=cache, stratum=stratum)
    if mv is None:
        return None
    dim = pattern.zero_output * (m + 1) + (pattern.dead + pattern.constant) * (k + 1)
    for p, q in pattern.visible:
        dim += (p + q) * (k + 1) - k - (k if p and q else 0)
    for p, q in pattern.extra:
        dim += (1 + (p + q) * (k + 1) - 2 * k) if q else (m + (p + q) * (k + 1) - k)
    return dim + mv


def role_patterns(data: CanonicalData, n: int, *, cache=None,
                  limits: SearchLimits | None = None) -> Iterator[tuple[RolePattern, int]]:
    """Lazily yield ``(pattern, dimension)`` for every nonempty piece of ``F_n(f)``.

    Deterministic order: by the number of zero-output, dead, constant
    neurons, then extra groups, then neurons added to the visible lines, then
    the mixed lines and the flipped lines.  Orientation sets come from the
    exact orientation search, never from all ``2^r`` orientation vectors.

    Raises
    ------
    NotDecidedError
        When an orientation search exceeds its budget.
    """
    cache = {} if cache is None else cache
    r = data.num_lines
    if n < r:
        return
    excess = n - r
    for z in range(excess + 1):
        for d in range(excess - z + 1):
            for c in range(excess - z - d + 1):
                rest = excess - z - d - c
                for g in range(rest + 1):
                    for sizes in partitions(g):
                        for groups in group_splits(sizes):
                            pairs = sum(1 for _, q in groups if q)
                            def flips(mixed, free, pairs=pairs):
                                return flip_sets(data, mixed, free, pairs, limits)
                            for added in compositions(rest - g, r):
                                for visible in visible_choices(added, flips):
                                    pattern = RolePattern(z, d, c, visible, groups)
                                    dim = piece_dimension(data, pattern, cache=cache)
                                    if dim is not None:
                                        yield pattern, dim


def strata(data: CanonicalData, roles: RolePattern, *, cache=None) -> list:
    """The nonempty strata ``s`` of a pattern's piece (``[None]`` when it has no cancelling group)."""
    if not roles.mixed_groups:
        return [None]
    return [s for s in range(0, roles.mixed_groups + data.input_dim + 1)
            if piece_dimension(data, roles, cache=cache, stratum=s) is not None]


def count_patterns(data: CanonicalData, n: int, *, progress: bool | Callable = False) -> int:
    """Number of nonempty pieces (patterns up to permutation) of ``F_n(f)``, counted without storing them."""
    count = 0
    for count, _ in enumerate(role_patterns(data, n), start=1):
        if progress and count % 1000 == 0:
            (progress if callable(progress) else lambda c: print(f"patterns: {c}", file=sys.stderr))(count)
    return count


def _strata_count(p: int, m: int, b: int, rho_: int) -> int:
    """How many strata the piece of a pattern with ``p`` cancelling groups, ``rank A_M = b``, ``rho(S, M)`` has."""
    if rho_ > p:
        return 0
    if p == 0:
        return 1
    return max(0, min(p, m - b) - max(rho_, 1 if b == 0 else 0) + 1)


def _rho_counts(data: CanonicalData, mixed: tuple[int, ...], most: int, limits: SearchLimits) -> tuple[int, Counter]:
    """``(rank A_M, {rho: number of flip sets S outside M with rho(S, M) = rho})``, exact for ``rho <= most``.

    The sets with ``rho > most`` (more rank-one terms than cancelling groups
    can exist) are counted under ``most + 1``.
    """
    m, k = data.input_dim, data.output_dim
    free = [u for u in range(data.num_lines) if u not in mixed]
    basis = complement_basis(data, mixed)
    b = m - len(basis)
    if not basis:
        return b, Counter({0: 2 ** len(free)})
    vectors, g = project_lines(data, basis)
    relevant = [u for u in free if any(vectors[u])]
    loose = 2 ** (len(free) - len(relevant))  # lines with alpha_u in V_M: in S or not, rho unchanged
    if min(k, len(basis), most + 1) == 1:  # only rho = 0 matters: those sets come from the exact search
        zero = sum(1 for _ in rank_one_solutions([data.lines[u].kink for u in relevant], [vectors[u] for u in relevant],
                                                 [[-v for v in row] for row in g], limits,
                                                 what=f"fiber count: orientation sets (mixed lines {list(mixed)})"))
        return b, Counter({0: zero * loose, 1: (2 ** len(relevant) - zero) * loose})
    counts = Counter(rank_after_flips(data, vectors, g, core)
                     for core in all_flip_sets(relevant, limits, "fiber count: rank(G_S P_M)"))
    return b, Counter({key: value * loose for key, value in counts.items()})


def count_components(data: CanonicalData, n: int, *, limits: SearchLimits | None = None) -> int:
    """The number of components of ``F_n(f)`` (pairs of a nonempty role pattern and a stratum), none built.

    Equal to the number :func:`role_patterns` and :func:`strata` list, counted
    by generating functions (``docs/theory/shallow.md``, Section 6): the
    mixed sets ``M`` whose normals span ``R^m`` contribute in closed form, the
    others one by one with the flip sets by their ``rho(S, M)``.

    Raises
    ------
    LimitReachedError
        The count needs more than ``limits.count_steps`` steps, more than
        ``limits.subsets`` sets examined one by one, or an orientation search
        beyond its limits.

    Examples
    --------
    >>> from semialg_fibers import Network
    >>> from semialg_fibers.shallow import canonical_data
    >>> count_components(canonical_data(Network.from_layers([([[1]] * 6, [0] * 6), ([[1] * 6], [0])])), 6)
    314
    >>> count_components(canonical_data(Network.from_layers([([[1]] * 200, [0] * 200), ([[1] * 200], [0])])), 200)
    462969034919188037046147400
    """
    limits = resolve(limits)
    r, m = data.num_lines, data.input_dim
    excess = n - r
    if excess < 0:
        return 0
    classes = min(m, excess // 2 + 1)  # P = 0 .. classes - 1 exactly, then P >= classes (the strata no longer change)
    most = min(r, excess)
    check_count_steps(limits, (classes + 2) ** 2 * (excess + 1) ** 2 + (classes + 1) * (most + excess + 2) * (excess + 1),
                      "fiber")
    series = group_series(excess, classes)
    sets = mixed_sets([line.normal for line in data.lines], m, most, limits, "fiber count")
    weights = [[0] * (classes + 1) for _ in range(most + 1)]
    for j, spanning in enumerate(sets.spanning):
        for c in range(classes + 1):
            weights[j][c] += spanning * 2 ** (r - j)  # rho = 0 for every S, one stratum
    for mixed in sets.others:
        b, counts = _rho_counts(data, mixed, excess // 2, limits)
        for c in range(classes + 1):
            weights[len(mixed)][c] += sum(h * _strata_count(c, m, b, value) for value, h in counts.items())
    total = 0
    for c in range(classes + 1):
        sums = PrefixSums(series[c])
        for j in range(most + 1):
            if weights[j][c]:
                # z + d + c singles, the groups and a = |added| with |M| = j: sum_g groups[g] C(E - g + r + 2, r + j + 2)
                total += weights[j][c] * sums.value(r + j + 3, excess - j)
    return total
