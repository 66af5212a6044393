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
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..core.limits import SearchLimits
from ..core.phrase import Math, phrase_latex, phrase_text
from ..onelayer.kernel import flip_sets, rho
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
