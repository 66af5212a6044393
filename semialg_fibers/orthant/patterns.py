"""Role patterns of the fiber on the orthant and the dimension of each piece.

A point ``theta'`` of the fiber gives each neuron one role (``docs/theory/orthant.md``,
Section 3): zero-output (``v = 0``), dead (row ``<= 0``), linear (row ``>= 0``),
on a visible line ``u`` with an orientation, or member of a group on another
line (total kink 0; a *cancelling* group has both orientations and produces
an affine term ``c_w (alpha_w . y + beta_w)``, a *silent* group has one
orientation and produces nothing).  Up to permutation a role assignment is an
:class:`OrthantPattern`; its orientations fix the flipped lines ``S`` (all
neurons negative) and the mixed lines ``M`` (both orientations), hence the
required linear part ``R_S = G + sum_{u in S} kappa_u alpha_u^T`` that mixed
lines, cancelling groups and linear neurons must produce (:mod:`.matching`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from ..core.exceptions import InternalCheckError, LimitReachedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.nonnegative_rank import nonnegative_column_rank
from ..core.phrase import Math
from ..onelayer.counting import PrefixSums, check_count_steps, group_series, mixed_sets
from ..onelayer.kernel import all_flip_sets, flip_sets, flipped_linear_part
from ..onelayer.patterns import (
    LinePattern,
    compositions,
    count_words,
    group_phrase,
    group_splits,
    partitions,
    visible_choices,
)
from .canonical import OrthantData, canonical_data
from .matching import MatchingData, matching_data
from .types import check_shallow

__all__ = ["OrthantPattern", "required_linear_part", "pattern_matching", "base_dimension",
           "piece_strata", "role_patterns", "count_components", "OrientationChoice", "orientation_choices"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class OrthantPattern(LinePattern):
    """A role assignment of the neurons up to permutation.

    Attributes
    ----------
    zero_output, dead, linear : int
        Numbers of neurons with ``v = 0``; with row ``<= 0``; with row ``>= 0``.
    visible : tuple of (int, int)
        Per visible line (order of the canonical data): ``(positive, negative)``
        numbers of neurons on it, at least one in total.
    groups : tuple of (int, int)
        Groups on other lines, sorted: ``(p, q)`` with ``p >= q``, ``p + q >= 2``;
        ``q >= 1`` is a cancelling group, ``q = 0`` a silent one.
    """

    zero_output: int
    dead: int
    linear: int
    visible: tuple[tuple[int, int], ...]
    groups: tuple[tuple[int, int], ...] = ()

    _single_fields = ("zero_output", "dead", "linear")
    _group_field = "groups"

    @property
    def cancelling(self) -> tuple[tuple[int, int], ...]:
        """The groups with both orientations."""
        return tuple(g for g in self.groups if g[1])

    @property
    def silent(self) -> tuple[tuple[int, int], ...]:
        """The groups with one orientation."""
        return tuple(g for g in self.groups if not g[1])

    @property
    def is_orientation_only(self) -> bool:
        """True for the orientation-only patterns: one neuron per visible line, no group, no zero-output."""
        return not self.groups and not self.zero_output and all(p + q == 1 for p, q in self.visible)

    def _group_phrase(self, p: int, q: int) -> tuple:
        return group_phrase(p, q, "a line through the orthant", "(a cancelling group: they add an affine "
                            "function, since ", "(a silent group: they add nothing)")

    def _single_phrase(self, name: str, count: int) -> tuple:
        if name == "zero_output":
            return (count_words(count, "neuron"), " with zero output weights (input weights and bias free)")
        if name == "dead":
            return (count_words(count, "neuron"), " inactive on the orthant (input weights and bias ",
                    Math(r"\leq 0", "<= 0"), ")")
        return (count_words(count, "neuron"), " linear on the orthant (input weights and bias ",
                Math(r"\geq 0", ">= 0"), ")")

    def describe(self) -> str:
        """The pattern in words.

        >>> OrthantPattern(0, 1, 2, ((1, 0), (0, 1)), ((1, 1),)).describe()  # doctest: +NORMALIZE_WHITESPACE
        'kink line L1: one neuron positively oriented; kink line L2: one neuron negatively oriented (flipped);
        a line through the orthant: 1 positively and 1 negatively oriented neurons whose kinks cancel (a
        cancelling group: they add an affine function, since s(z) - s(-z) = z); one neuron inactive on the
        orthant (input weights and bias <= 0); 2 neurons linear on the orthant (input weights and bias >= 0)'
        """
        return super().describe()


def required_linear_part(data: OrthantData, flipped) -> tuple[tuple[Fraction, ...], ...]:
    """``R_S = G + sum_{u in S} kappa_u alpha_u^T``: the linear part left to the other roles.

    The flipped linear part of :mod:`semialg_fibers.onelayer.kernel`, named as on the orthant.

    >>> from semialg_fibers import Network
    >>> from semialg_fibers.orthant.canonical import canonical_data
    >>> d = canonical_data(Network.from_layers([([[1, -1]], [0]), ([[1]], [0])]))
    >>> required_linear_part(d, ()), required_linear_part(d, (0,))
    (((Fraction(0, 1), Fraction(0, 1)),), ((Fraction(1, 1), Fraction(-1, 1)),))
    """
    return flipped_linear_part(data, flipped)


def pattern_matching(data: OrthantData, pattern: OrthantPattern, *, cache: dict | None = None) -> MatchingData:
    """The matching problem of a pattern (cached by ``(S, M, p, l)``)."""
    cache = {} if cache is None else cache
    key = (pattern.flipped, pattern.mixed, len(pattern.cancelling), pattern.linear)
    if key not in cache:
        cache[key] = matching_data(required_linear_part(data, pattern.flipped),
                                   [data.lines[u].normal for u in pattern.mixed], key[2], key[3])
    return cache[key]


def base_dimension(pattern: OrthantPattern, m: int, k: int) -> int:
    """Dimension of the neuron data outside the matching set.

    ``m + 1`` per zero-output neuron, ``m + 1 + k`` per dead neuron, ``1``
    (the bias) per linear neuron, ``n_u (k + 1) - k`` per visible line (``- 2k``
    if mixed), ``n_w (k + 1) - 2k`` per cancelling group and
    ``m + n_w (k + 1) - k`` per silent group.

    >>> base_dimension(OrthantPattern(1, 1, 1, ((1, 1),), ((2, 0),)), 2, 1)   # 3 + 4 + 1 + 2 + 5
    15
    """
    dim = pattern.zero_output * (m + 1) + pattern.dead * (m + 1 + k) + pattern.linear
    for p, q in pattern.visible:
        dim += (p + q) * (k + 1) - k - (k if p and q else 0)
    for p, q in pattern.groups:
        dim += (p + q) * (k + 1) - 2 * k if q else m + (p + q) * (k + 1) - k
    return dim


def piece_strata(data: OrthantData, pattern: OrthantPattern, *, cache: dict | None = None) -> tuple[tuple[int, int], ...]:
    """``(s, dimension)`` of every nonempty stratum of the pattern's piece (empty tuple: empty piece)."""
    md = pattern_matching(data, pattern, cache=cache)
    base = base_dimension(pattern, data.input_dim, data.output_dim)
    return tuple((s, base + d) for s, d in md.strata)


def role_patterns(data: OrthantData, n: int, *, cache: dict | None = None,
                  limits: SearchLimits | None = None) -> Iterator[tuple[OrthantPattern, tuple]]:
    """Lazily yield ``(pattern, strata)`` for every nonempty piece of the width-``n`` fiber.

    Deterministic order: orientation-only patterns first (by flip set, then
    number of dead neurons), then by numbers of zero-output, dead and linear
    neurons, groups and extra neurons on visible lines.  Flip sets come from
    the exact orientation search where the condition is linear in them
    (no cancelling group, no linear neuron); elsewhere every subset is
    checked, refused beyond the search budget.

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
    seen = set()

    def emit(pattern):
        if pattern in seen:
            return None
        seen.add(pattern)
        strata = piece_strata(data, pattern, cache=cache)
        return (pattern, strata) if strata else None

    def flips(pairs, linear):
        # Without cancelling groups and linear neurons R_S P_M = 0 is needed: linear in S, solved
        # exactly; otherwise the condition (a nonnegative factorization) is checked piece by piece.
        if pairs == 0 and linear == 0:
            return lambda mixed, free: flip_sets(data, mixed, free, 0, limits)
        return lambda mixed, free: all_flip_sets(free, limits, what="orthant fiber")

    for visible in visible_choices((0,) * r, flips(0, excess)):  # with excess > 0, l > 0 for some dead
        for dead in range(excess + 1):
            out = emit(OrthantPattern(0, dead, excess - dead, visible))
            if out:
                yield out
    for z in range(excess + 1):
        for d in range(excess - z + 1):
            for l in range(excess - z - d + 1):
                rest = excess - z - d - l
                for g in range(rest + 1):
                    for sizes in partitions(g):
                        for groups in group_splits(sizes, descending=True):
                            pairs = sum(1 for _, q in groups if q)
                            for added in compositions(rest - g, r):
                                for visible in visible_choices(added, flips(pairs, l)):
                                    out = emit(OrthantPattern(z, d, l, visible, groups))
                                    if out:
                                        yield out


def _strata_count(m: int, w0: int, b: int, span: int, p: int, l: int) -> int:
    """How many strata the matching set with these invariants has (:func:`.matching.matching_data`)."""
    first = 1 if min(b + l, span) + p >= w0 else 0
    return first + max(0, min(m, b + l + p) - w0)


def count_components(data: OrthantData, n: int, *, limits: SearchLimits | None = None) -> int:
    """The number of components of the width-``n`` fiber on the orthant (nonempty patterns and strata), none built.

    Equal to the number of strata :func:`role_patterns` lists, counted by
    generating functions as for R^m (``docs/theory/orthant.md``, Section 6):
    a mixed set whose normals span ``R^m`` has one stratum for every flip set
    and every number of groups and linear neurons; the other mixed sets are
    examined with every flip set (the exact orientation search when there is
    no neuron beyond one per visible line).

    Raises
    ------
    LimitReachedError
        Beyond ``limits.count_steps``, ``limits.subsets`` or an orientation search's limits.

    Examples
    --------
    >>> from semialg_fibers import Network
    >>> from semialg_fibers.orthant.canonical import canonical_data
    >>> net = Network.from_layers([([[1, -1], [1, 1]], [0, 0]), ([[1, 2]], [0])])
    >>> count_components(canonical_data(net), 3)
    13
    """
    limits = resolve(limits)
    r, m = data.num_lines, data.input_dim
    excess = n - r
    if excess < 0:
        return 0
    classes = min(m, excess // 2 + 1)  # cancelling groups P = 0 .. classes - 1, then P >= classes
    tiers = min(m, excess)  # linear neurons l = 0 .. tiers - 1, then l >= tiers
    most = min(r, excess)
    check_count_steps(limits, (classes + 2) ** 2 * (excess + 1) ** 2
                      + (classes + 1) * (most + excess + 3) * (excess + 1), "orthant fiber")
    series = group_series(excess, classes)
    sets = mixed_sets([line.normal for line in data.lines], m, most, limits, "orthant fiber count")
    # weights[j][(c, t)]: per class c of P and tier t of l, the strata summed over the mixed sets of size j and S
    weights: list[dict] = [{} for _ in range(most + 1)]

    def add(j, key, value):
        weights[j][key] = weights[j].get(key, 0) + value

    for j, spanning in enumerate(sets.spanning):
        if spanning:
            for c in range(classes + 1):
                for t in range(tiers + 1):
                    add(j, (c, t), spanning * 2 ** (r - j))  # W0 = R^m, one stratum for every S, P and l
    for mixed in sets.others:
        free = [u for u in range(r) if u not in mixed]
        normals = [data.lines[u].normal for u in mixed]
        if excess == 0:  # P = l = 0: one stratum exactly when R_S P_M = 0 (the exact search)
            add(0, (0, 0), sum(1 for _ in flip_sets(data, mixed, free, 0, limits, "orthant fiber count")))
            continue
        for flipped in all_flip_sets(free, limits, what="orthant fiber count"):
            md = matching_data(required_linear_part(data, flipped), normals, 0, 0)
            for c in range(classes + 1):
                for t in range(tiers + 1):
                    add(len(mixed), (c, t), _strata_count(m, md.w0, md.rank_b, md.span_b_positive, c, t))
    total = 0
    for c in range(classes + 1):
        sums = PrefixSums(series[c])
        for j in range(most + 1):
            for t in range(tiers + 1):
                value = weights[j].get((c, t), 0)
                if not value:
                    continue
                if t < tiers:  # l = t linear neurons: sum_g groups[g] C(E - g - l + r + 1, r + j + 1)
                    total += value * sums.value(r + j + 2, excess - t - j)
                else:  # l >= tiers, summed: sum_g groups[g] C(E - g - tiers + r + 2, r + j + 2)
                    total += value * sums.value(r + j + 3, excess - tiers - j)
    return total


@dataclass(frozen=True)
class OrientationChoice:
    """One choice of orientations of the visible lines (one neuron on each, the others linear or dead).

    Attributes
    ----------
    flipped : tuple of int
        Visible lines (0-based, canonical order) whose neuron has orientation ``-1``.
    required_linear_part : tuple of rows
        ``M = R_S`` that the linear neurons must factor as ``U W`` with ``W >= 0``.
    nonnegative_rank : int
        ``ncr(M)``.
    available : int
        ``n - r``: neurons left for the linear (and dead) roles.
    dimension : int or None
        Dimension of the piece with one neuron per visible line and the other
        ``n - r`` neurons linear or dead (the best split), None when empty.
    """

    flipped: tuple[int, ...]
    required_linear_part: tuple
    nonnegative_rank: int
    available: int
    dimension: int | None

    @property
    def is_empty(self) -> bool:
        """True iff ``ncr(M) > n - r``: not enough linear neurons."""
        return self.nonnegative_rank > self.available


def orientation_choices(net: Network, *, limits: SearchLimits | None = None) -> tuple[OrientationChoice, ...]:
    """For every orientation choice of the visible lines: ``M``, ``ncr(M)`` and emptiness.

    The listing has ``2^r`` entries (empty pieces included) and is refused with
    :class:`NotDecidedError` beyond the search budget; :func:`fiber` lists only
    the nonempty pieces.

    Examples
    --------
    >>> net = Network.from_layers([([[1, -1], [1, 1]], [0, 0]), ([[1, 2]], [0])])
    >>> [(c.flipped, c.nonnegative_rank, c.is_empty, c.dimension) for c in orientation_choices(net)]
    [((), 1, False, 3), ((0,), 1, False, 3)]
    >>> net = Network.from_layers([([[1, -1], [1, 0]], [0, 0]), ([[1, 1]], [0])])   # flipping needs M = (2, -1)
    >>> [(c.flipped, c.nonnegative_rank, c.is_empty) for c in orientation_choices(net)]
    [((), 1, False), ((0,), 2, True)]
    """
    m, n, k = check_shallow(net, "orthant.orientation_choices")
    data = canonical_data(net)
    r = data.num_lines
    if n < r:
        raise InternalCheckError("fewer neurons than visible lines")
    limits = resolve(limits)
    if limits.exceeded("subsets", 2 ** r):
        raise LimitReachedError(
            f"orthant.orientation_choices lists all 2^{r} orientation choices, empty ones included (limit: "
            f"{limits.subsets} subsets); orthant.fiber enumerates only the nonempty pieces",
            limit="subsets", value=limits.subsets,
        )
    out = []
    cache: dict = {}
    for flips in itertools.product((False, True), repeat=r):
        flipped = tuple(u for u in range(r) if flips[u])
        required = required_linear_part(data, flipped)
        ncr = nonnegative_column_rank(required).value
        visible = tuple((0, 1) if f else (1, 0) for f in flips)
        dims = []
        for dead in range(n - r + 1):
            roles = OrthantPattern(0, dead, n - r - dead, visible)
            md = pattern_matching(data, roles, cache=cache)
            if md.strata:
                dims.extend(d for _, d in piece_strata(data, roles, cache=cache))
        out.append(OrientationChoice(flipped, required, ncr, n - r, max(dims) if dims else None))
    return tuple(out)
