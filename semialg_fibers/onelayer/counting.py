"""Counting the components of a one-hidden-layer fiber before building any, and building only some.

The role patterns of :mod:`.patterns` are products of independent choices:
the neurons on no line (``z, d, c`` or ``z, d, l``), a multiset of groups, the
extra neurons of the visible lines with the mixed lines ``M`` among them, and
the flip set ``S``.  Summed by generating functions, their number is a short
sum over the mixed sets ``M`` whose normals do not span ``R^m`` and over a
few classes of the number ``P`` of cancelling groups
(``docs/theory/shallow.md``, Section 6, proven, and checked against the
enumeration in ``tests/shallow/test_shallow_counting.py``):

* the groups: :func:`group_series` gives, per class of ``P``, the number of
  group multisets with ``g`` neurons;
* the singles and the visible lines: :class:`PrefixSums` gives the sums of
  those numbers against binomial coefficients.

The count costs big-integer additions, about ``(m + 2)^2 (E + 1)^2`` for the
groups and ``(m + 1)(r + E)(E + 1)`` for the sums (``E = n - r`` neurons beyond
one per visible line), bounded by ``SearchLimits.count_steps``; a fiber too
large to count is refused unless a lower bound (:func:`inert_lower_bound`)
already exceeds the component limit.  :func:`collect` builds at most
``limit`` components, never enumerating the others.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..core.exceptions import LimitReachedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network

__all__ = ["group_series", "PrefixSums", "MixedSets", "mixed_sets", "inert_lower_bound", "check_count_steps",
           "check_components", "count_or_refuse", "collect", "certification"]


# ----------------------------------------------------------------------------- series of the groups
def _euler_transform(weights: list[int], size: int) -> list[int]:
    """Coefficients ``a_0..a_size`` of ``prod_{s >= 1} (1 - x^s)^(-weights[s])`` (``n a_n = sum_k b_k a_{n-k}``)."""
    b = [0] * (size + 1)
    for d in range(1, size + 1):
        w = weights[d] if d < len(weights) else 0
        if w:
            for k in range(d, size + 1, d):
                b[k] += d * w
    a = [1] + [0] * size
    for n in range(1, size + 1):
        a[n] = sum(b[k] * a[n - k] for k in range(1, n + 1) if b[k]) // n
    return a


def _times(f: list[int], g: list[int], size: int) -> list[int]:
    out = [0] * (size + 1)
    for i, fi in enumerate(f):
        if fi:
            for j in range(0, size + 1 - i):
                if g[j]:
                    out[i + j] += fi * g[j]
    return out


def group_series(size: int, classes: int) -> list[list[int]]:
    """Per class of the number ``P`` of cancelling groups, the number of group multisets with ``g`` neurons.

    A group is ``(p, q)`` with ``p >= q >= 0`` and ``p + q >= 2`` neurons; it
    cancels (has both orientations) when ``q >= 1``.  Entry ``[c][g]`` counts
    the multisets with ``g <= size`` neurons and exactly ``c`` cancelling
    groups for ``c < classes``; the last list, ``[classes]``, those with at
    least ``classes`` of them.  The generating function is
    ``prod_{s >= 2} (1 - x^s)^(-1) (1 - y x^s)^(-floor(s/2))``.

    >>> group_series(4, 1)   # 4 neurons: (2,0)(2,0), (4,0), (3,1), (2,2), (1,1)(2,0), (1,1)(1,1)
    [[1, 0, 1, 1, 2], [0, 0, 1, 1, 4]]
    """
    silent = _euler_transform([0, 0] + [1] * max(0, size - 1), size)
    total = _euler_transform([0, 0] + [1 + s // 2 for s in range(2, size + 1)], size)
    # [y^P] prod (1 - y x^s)^(-h_s) by Newton's identities: P Q_P = sum_i p_i Q_{P-i}, p_i = sum_s h_s x^{s i}
    power_sums = [[0] * (size + 1) for _ in range(classes + 1)]
    for i in range(1, classes + 1):
        for s in range(2, size // i + 1):
            power_sums[i][s * i] += s // 2
    q = [[1] + [0] * size]
    for p in range(1, classes):
        acc = [0] * (size + 1)
        for i in range(1, p + 1):
            for t, v in enumerate(_times(power_sums[i], q[p - i], size)):
                acc[t] += v
        q.append([v // p for v in acc])
    out = [_times(silent, qp, size) for qp in q]
    out.append([t - sum(c[g] for c in out) for g, t in enumerate(total)])
    return out


class PrefixSums:
    """``S_K[i] = sum_g series[g] C(i - g + K - 1, K - 1)``: the ``K``-fold prefix sums of a series.

    ``S_K[i]`` is the coefficient of ``x^i`` in ``series(x) (1 - x)^(-K)``;
    :meth:`value` computes ``K`` in increasing order by one more prefix sum
    each (the first directly from binomial coefficients).

    >>> PrefixSums([1, 1, 0]).value(2, 2)   # (1 + x)/(1 - x)^2 = 1 + 3x + 5x^2 + ...
    5
    """

    def __init__(self, series: list[int]):
        self.series = list(series)
        self.order: int | None = None
        self.sums: list[int] = []

    def _direct(self, order: int) -> list[int]:
        size = len(self.series)
        binom = [1] * size  # C(t + order - 1, t)
        for t in range(1, size):
            binom[t] = binom[t - 1] * (t + order - 1) // t
        return [sum(self.series[g] * binom[i - g] for g in range(i + 1) if self.series[g]) for i in range(size)]

    def value(self, order: int, index: int) -> int:
        """``S_order[index]`` (0 for a negative index); orders must not decrease between calls."""
        if index < 0:
            return 0
        if self.order is None or order < self.order or order > self.order + len(self.series):
            self.order, self.sums = order, self._direct(order)
        while self.order < order:
            self.sums = list(itertools.accumulate(self.sums))
            self.order += 1
        return self.sums[index]


def check_count_steps(limits: SearchLimits, steps: int, what: str) -> None:
    """Refuse a count that needs more than ``limits.count_steps`` big-integer additions."""
    limits.check("count_steps", steps, f"{what}: counting the components needs about {steps} steps")


# ----------------------------------------------------------------------------- the mixed sets
@dataclass(frozen=True)
class MixedSets:
    """The mixed sets ``M`` with ``|M| <= most``, split by whether their normals span ``R^m``.

    Attributes
    ----------
    spanning : tuple of int
        ``spanning[j]``: the number of ``j``-sets whose normals span ``R^m`` (they are not listed).
    others : tuple of tuple of int
        Every other set (the empty set first), to be treated one by one.
    """

    spanning: tuple[int, ...]
    others: tuple[tuple[int, ...], ...]


def mixed_sets(normals, m: int, most: int, limits: SearchLimits, what: str) -> MixedSets:
    """:class:`MixedSets` of the lines with these ``normals`` (the listed ones bounded by ``limits.subsets``).

    ``m = 1``: every nonempty set spans.  ``m = 2``: a set spans unless its
    lines are parallel (directions are hashed).  Otherwise, if every
    ``m``-set of normals is independent, exactly the sets of fewer than ``m``
    lines are listed; else every set is listed with its rank.
    """
    from ..core import linalg

    r = len(normals)
    most = min(most, r)
    sizes = range(most + 1)

    def listed(count):
        limits.check("subsets", count, f"{what}: {count} sets of mixed lines to examine one by one")

    if m == 1:
        return MixedSets(tuple(math.comb(r, j) if j else 0 for j in sizes), ((),))
    if m == 2:
        classes: dict = {}
        for u, (a1, a2) in enumerate(normals):
            key = (1, a2 / a1) if a1 else (0, 1)
            classes.setdefault(key, []).append(u)
        listed(1 + sum(math.comb(len(c), j) for c in classes.values() for j in range(1, min(len(c), most) + 1)))
        others = [()] + sorted(set(sub for c in classes.values() for j in range(1, min(len(c), most) + 1)
                                   for sub in itertools.combinations(c, j)))
        others.sort(key=lambda s: (len(s), s))
        per_size = [0] * (most + 1)
        for s in others:
            per_size[len(s)] += 1
        return MixedSets(tuple(math.comb(r, j) - per_size[j] for j in sizes), tuple(others))
    few = sum(math.comb(r, j) for j in range(min(m, most + 1)))
    if most >= m and r >= m and not limits.exceeded("subsets", few + math.comb(r, m)) and all(
            linalg.rank([normals[u] for u in sub], m) == m for sub in itertools.combinations(range(r), m)):
        listed(few)
        others = [sub for j in range(min(m, most + 1)) for sub in itertools.combinations(range(r), j)]
        return MixedSets(tuple(math.comb(r, j) if j >= m else 0 for j in sizes), tuple(others))
    listed(sum(math.comb(r, j) for j in sizes))
    spanning = [0] * (most + 1)
    others = []
    for j in sizes:
        for sub in itertools.combinations(range(r), j):
            if j and linalg.rank([normals[u] for u in sub], m) == m:
                spanning[j] += 1
            else:
                others.append(sub)
    return MixedSets(tuple(spanning), tuple(others))


# ----------------------------------------------------------------------------- bounds and building
def inert_lower_bound(net: Network, roles: int) -> int:
    """A lower bound of the number of components, read off the network: ``C(t + roles - 1, roles - 1)``.

    ``t`` counts the neurons that can be made inert (zero-output, dead and,
    on R^m, constant) without changing the function: those with ``v = 0`` or
    ``a = 0``, and on each line all but two of its neurons (the others merge
    into one neuron per orientation).  Every split of them among the
    ``roles`` inert roles is a different nonempty pattern
    (``docs/theory/shallow.md``, Section 6).

    >>> from semialg_fibers import Network
    >>> inert_lower_bound(Network.from_layers([([[1]] * 6, [0] * 6), ([[1] * 6], [0])]), 3)   # t = 4
    15
    """
    from .lines import line_key

    first, second = net.layers
    columns = list(zip(*second.weight))
    t, per_line = 0, dict[tuple, int]()
    for i, (row, b) in enumerate(zip(first.weight, first.bias)):
        if not any(columns[i]) or not any(row):
            t += 1
        else:
            key = line_key(row + (b,))[0]
            per_line[key] = per_line.get(key, 0) + 1
    t += sum(max(0, c - 2) for c in per_line.values())
    return math.comb(t + roles - 1, roles - 1)


def check_components(count: int, limit: int | None, limits: SearchLimits, what: str, *, at_least: bool = False) -> int:
    """The number of components to build (``min(count, limit)``), refused beyond ``limits.components``."""
    built = count if limit is None else min(count, limit)
    if limits.exceeded("components", built):
        if limit is None:
            words = (f"at least {count}" if at_least else f"{count}") + " components"
            hint = " (limit=N builds the first N, on the command line --limit N)"
        else:
            words, hint = f"{built} components to build (limit={limit}) of {count}", ""
        raise LimitReachedError(f"{what}: {words}, above the limit components = {limits.components}{hint}",
                                limit="components", value=limits.components)
    return built


def count_or_refuse(net: Network, count: Callable[[], int], *, limit: int | None, limits: SearchLimits | None,
                    roles: int, what: str) -> int:
    """The number of components of the fiber of ``net`` (``count()``), refused when too many would be built.

    Without ``limit`` the lower bound of :func:`inert_lower_bound` is checked
    first, so a fiber too large to count is refused for its size; then the
    exact count, and ``min(count, limit)`` against ``limits.components``.
    """
    limits = resolve(limits)
    if limit is None:
        check_components(inert_lower_bound(net, roles), None, limits, what, at_least=True)
    total = count()
    check_components(total, limit, limits, what)
    return total


def collect(items: Iterable, count: int, limit: int | None, *, progress: bool | Callable = False) -> tuple[list, int]:
    """Build the first ``min(count, limit)`` of ``items`` (components or thunks); ``(kept, omitted)``.

    The others are never enumerated: ``omitted = count - len(kept)``.
    """
    from ..core.components import FiberComponent
    from ..core.progress import reporting, task

    wanted = count if limit is None else min(count, limit)
    kept: list = []
    with reporting(progress), task("fiber components", total=wanted, unit="components") as bar:
        for item in itertools.islice(items, wanted):
            kept.append(item() if callable(item) and not isinstance(item, FiberComponent) else item)
            bar.advance()
    return kept, count - len(kept)


def certification(certify: bool, unknowns: int, limits: SearchLimits | None) -> tuple[bool, str]:
    """Whether to certify a component of ``unknowns`` unknowns now, and the words its description then gains.

    >>> certification(True, 500, SearchLimits(certified_unknowns=80))[1]
    ' (not certified when built: 500 unknowns, above the limit certified_unknowns = 80)'
    """
    limits = resolve(limits)
    if certify and limits.exceeded("certified_unknowns", unknowns):
        return False, (f" (not certified when built: {unknowns} unknowns, above the limit certified_unknowns = "
                       f"{limits.certified_unknowns})")
    return certify, ""
