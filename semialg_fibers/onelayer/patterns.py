"""How the neurons of one hidden layer sit on lines: role patterns and their enumerators.

A point of a one-hidden-layer fiber gives each neuron a role: on a visible
line with an orientation, in a group on another line (total kink zero), or a
role off every line (zero-output, dead, constant, linear, depending on the
domain).  Up to permutation of the neurons this is a *pattern*: counts per
role, ``(positive, negative)`` counts per visible line and the multiset of
groups ``(p, q)``.  :class:`LinePattern` holds what the shallow and the
orthant patterns share; the enumerators below produce the counts.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from ..core.phrase import Math, phrase_latex, phrase_text

__all__ = ["LinePattern", "count_words", "group_phrase", "compositions", "partitions", "group_splits", "visible_choices"]


def count_words(n: int, word: str) -> str:
    """``one neuron``, ``2 neurons``.

    >>> count_words(1, "neuron"), count_words(3, "neuron")
    ('one neuron', '3 neurons')
    """
    return f"one {word}" if n == 1 else f"{n} {word}s"


def group_phrase(p: int, q: int, where: str, cancelling: str, silent: str) -> tuple:
    """Words for ``p + q`` neurons on a line with total kink zero, ``p`` and ``q`` per orientation."""
    if q:
        return (f"{where}: {p} positively and {q} negatively oriented neurons whose kinks cancel {cancelling}",
                Math(r"s(z) - s(-z) = z", "s(z) - s(-z) = z"), ")")
    return (f"{where}: {count_words(p, 'neuron')} of one orientation whose kinks cancel {silent}",)


class LinePattern:
    """What the shallow and the orthant role patterns share: neurons per visible line and per group.

    Subclasses are frozen dataclasses with a ``visible`` field of ``(positive,
    negative)`` counts per visible line; they name in ``_single_fields`` their
    counts of neurons on no line and in ``_group_field`` their tuple of
    ``(p, q)`` groups.
    """

    visible: tuple[tuple[int, int], ...]
    _single_fields: tuple[str, ...]
    _group_field: str

    def _singles(self) -> tuple[int, ...]:
        return tuple(getattr(self, name) for name in self._single_fields)

    def _groups(self) -> tuple[tuple[int, int], ...]:
        return getattr(self, self._group_field)

    @property
    def width(self) -> int:
        """The number ``n`` of neurons."""
        return sum(self._singles()) + sum(p + q for p, q in self.visible) + sum(p + q for p, q in self._groups())

    @property
    def flipped(self) -> tuple[int, ...]:
        """``S``: visible lines all of whose neurons are negatively oriented."""
        return tuple(u for u, (p, q) in enumerate(self.visible) if p == 0)

    @property
    def mixed(self) -> tuple[int, ...]:
        """``M``: visible lines with neurons of both orientations."""
        return tuple(u for u, (p, q) in enumerate(self.visible) if p and q)

    def _group_phrase(self, p: int, q: int) -> tuple:
        """Words for a group on a line other than the visible ones (subclasses name their kinds of groups)."""
        return group_phrase(p, q, "another line", "(cancelling: they add an affine function, since ",
                             "(silent: they add nothing)")

    def _single_phrase(self, name: str, count: int) -> tuple:
        """Words for ``count`` neurons of the role ``name`` on no line (subclasses explain their roles)."""
        return (count_words(count, "neuron"), f" {name.replace('_', '-')}")

    def phrases(self) -> tuple[tuple, ...]:
        """The pattern in words, one phrase per line, group and role (parts: strings and :class:`~semialg_fibers.render.latex.Math`).

        :meth:`describe` and :meth:`latex` render them.
        """
        parts = []
        lines_of: dict = {}
        for u, counts in enumerate(self.visible):
            lines_of.setdefault(counts, []).append(u)
        for (p, q), lines in lines_of.items():
            # lines with the same counts are named together: "kink lines l1, l3 and l4: ... each"
            names = [Math(rf"\ell_{{{u + 1}}}", f"L{u + 1}") for u in lines]
            head: list = ["kink line " if len(names) == 1 else "kink lines "]
            for i, name in enumerate(names):
                head += [name] + ([", "] if i < len(names) - 2 else [" and "] if i == len(names) - 2 else [])
            each = "" if len(names) == 1 else " each"
            if p and q:
                words = f": {p} positively and {q} negatively oriented neurons{each} (mixed: an affine term remains)"
            elif p:
                words = f": {count_words(p, 'neuron')} positively oriented{each}"
            else:
                words = f": {count_words(q, 'neuron')} negatively oriented{each} (flipped)"
            parts.append(tuple(head) + (words,))
        parts += [self._group_phrase(p, q) for p, q in self._groups()]
        for name, count in zip(self._single_fields, self._singles()):
            if count:
                parts.append(self._single_phrase(name, count))
        return tuple(parts) if parts else (("no neuron",),)

    def describe(self) -> str:
        """The pattern in words (plain text): neurons per visible line, the groups, then the neurons on no line."""
        return "; ".join(phrase_text(p) for p in self.phrases())

    def latex(self) -> str:
        """The pattern in words as LaTeX text mode (symbols in math mode)."""
        return "; ".join(phrase_latex(p) for p in self.phrases())

    def to_dict(self) -> dict:
        """JSON-ready dictionary: the counts, then ``visible`` and the groups as lists of pairs."""
        return {**dict(zip(self._single_fields, self._singles())), "visible": [list(v) for v in self.visible],
                self._group_field: [list(g) for g in self._groups()]}

    @property
    def multiplicity(self) -> int:
        """Number of labelled role assignments (distinct images under permutations) with this pattern."""
        denom = math.prod(math.factorial(c) for c in self._singles())
        for p, q in self.visible:
            denom *= math.factorial(p) * math.factorial(q)
        for (p, q), count in Counter(self._groups()).items():
            denom *= (math.factorial(p) * math.factorial(q) * (2 if p == q else 1)) ** count * math.factorial(count)
        return math.factorial(self.width) // denom


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Ordered ways to write ``total`` as ``parts`` nonnegative integers, in lexicographic order.

    Iterative (no recursion per part), so thousands of parts are fine.

    >>> list(compositions(2, 2))
    [(0, 2), (1, 1), (2, 0)]
    >>> len(list(compositions(1, 3000)))
    3000
    """
    if parts == 0:
        if total == 0:
            yield ()
        return
    current = [0] * (parts - 1) + [total]
    while True:
        yield tuple(current)
        # the successor moves one unit from the last nonzero entry t to entry t - 1, the rest of it to the end
        t = parts - 1
        while t > 0 and not current[t]:
            t -= 1
        if t == 0:
            return
        rest = current[t] - 1
        current[t] = 0
        current[t - 1] += 1
        current[-1] = rest


def partitions(total: int, smallest: int = 2) -> Iterator[tuple[int, ...]]:
    """Partitions of ``total`` into parts ``>= smallest``, as nondecreasing tuples, in lexicographic order.

    Iterative (no recursion per part).

    >>> list(partitions(4))
    [(2, 2), (4,)]
    >>> len(next(partitions(3000, 1)))   # 3000 parts: no recursion per part
    3000
    """
    if total == 0:
        yield ()
        return
    parts: list[int] = []
    left = total  # what the parts chosen so far leave
    first = smallest  # the next part to try at the current position
    while True:
        if first <= left:
            parts.append(first)
            left -= first
            if left == 0:
                yield tuple(parts)
                left += parts.pop()
                first += 1
            elif left < first:  # no part >= first fits in what is left: try the next value here
                left += parts.pop()
                first += 1
        else:
            if not parts:
                return
            last = parts.pop()
            left += last
            first = last + 1


def group_splits(sizes: tuple[int, ...], descending: bool = False) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to split groups of these sizes into ``(p, q)``, ``p >= q``, up to reordering the groups.

    >>> list(group_splits((2, 3)))
    [((2, 0), (3, 0)), ((2, 0), (2, 1)), ((1, 1), (3, 0)), ((1, 1), (2, 1))]
    """
    seen = set()
    for splits in itertools.product(*[[(s - q, q) for q in range(s // 2 + 1)] for s in sizes]):
        key = tuple(sorted(splits, reverse=descending))
        if key not in seen:
            seen.add(key)
            yield key


def visible_choices(added: tuple[int, ...],
                    flips: Callable[[tuple[int, ...], list[int]], Iterable[tuple[int, ...]]]
                    ) -> Iterator[tuple[tuple[int, int], ...]]:
    """The ``visible`` tuples with ``added[u] + 1`` neurons on line ``u``.

    Mixed lines (both orientations) are chosen first among the lines with
    extra neurons; ``flips(mixed, free)`` then yields the sets of flipped
    lines among the others that can give a nonempty piece.
    """
    r = len(added)
    options = [[None] + [(n_u + 1 - neg, neg) for neg in range(1, n_u + 1)] for n_u in added]
    for choice in itertools.product(*options):
        mixed = tuple(u for u in range(r) if choice[u] is not None)
        free = [u for u in range(r) if choice[u] is None]
        for flipped in flips(mixed, free):
            flipped = set(flipped)
            yield tuple(choice[u] if choice[u] is not None
                        else ((0, added[u] + 1) if u in flipped else (added[u] + 1, 0)) for u in range(r))
