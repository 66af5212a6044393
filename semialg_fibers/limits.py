"""Search limits: one value that bounds every exponential search of the library.

Deciding fibers, minimal widths and genericity contains subset sum
(``docs/theory/shallow.md``, Proposition 6), so the exact searches are
bounded.  A search that would exceed a limit raises
:class:`~semialg_fibers.exceptions.NotDecidedError` naming the limit; it never
returns a guess.  Every top-level function that searches takes
``limits=`` (``None`` means :data:`DEFAULT_LIMITS`), and every command of the
CLI that searches takes ``--budget``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

__all__ = ["SearchLimits", "DEFAULT_LIMITS", "UNLIMITED", "resolve"]


def _check(name: str, value) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"SearchLimits.{name} is {value!r}; expected a positive int or None (unlimited)")


@dataclass(frozen=True)
class SearchLimits:
    """Bounds of the exact searches; ``None`` in a field means unlimited.

    Attributes
    ----------
    nodes : int or None
        Nodes of one depth-first or lattice search for orientation choices.
    free_unknowns : int or None
        Unknowns left after p-adic propagation above which the lattice stage
        is refused (FLINT's LLL cannot be interrupted: 81 s at dimension 137).
    subsets : int or None
        Subsets checked one by one (conditions that are not linear in the
        orientations, listings of all ``2^r`` orientation choices).
    implicit_minors : int or None
        Minors written out for an implicit form; beyond it the component's
        implicit form is omitted with the reason.
    permutations : int or None
        Hidden-neuron permutations tried for membership in the copies of a
        component without a membership test of its own.
    regions : int or None
        Linear regions examined by the general equivalence oracle.

    Examples
    --------
    >>> SearchLimits().nodes
    20000
    >>> SearchLimits.with_budget(0) == UNLIMITED
    True
    >>> SearchLimits.with_budget(50).nodes, SearchLimits.with_budget(50).subsets
    (50, 50)
    """

    nodes: int | None = 20_000
    free_unknowns: int | None = 120
    subsets: int | None = 20_000
    implicit_minors: int | None = 2_000
    permutations: int | None = 40_320
    regions: int | None = None

    def __post_init__(self):
        for f in fields(self):
            _check(f.name, getattr(self, f.name))

    @classmethod
    def with_budget(cls, budget: int | None) -> "SearchLimits":
        """The limits behind the CLI's ``--budget N``: ``N`` search nodes and subsets; ``0`` or None: unlimited."""
        if budget is None or budget == 0:
            return UNLIMITED
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
            raise ValueError(f"budget is {budget!r}; expected a nonnegative int (0: unlimited)")
        return replace(cls(), nodes=budget, subsets=budget)

    def exceeded(self, name: str, needed: int) -> bool:
        """True iff ``needed`` is above the limit ``name`` (never for an unlimited field)."""
        bound = getattr(self, name)
        return bound is not None and needed > bound


DEFAULT_LIMITS = SearchLimits()
UNLIMITED = SearchLimits(nodes=None, free_unknowns=None, subsets=None, implicit_minors=None,
                         permutations=None, regions=None)


def resolve(limits: SearchLimits | None) -> SearchLimits:
    """``limits`` itself, or :data:`DEFAULT_LIMITS` for None; rejects other types.

    >>> resolve(None) is DEFAULT_LIMITS
    True
    """
    if limits is None:
        return DEFAULT_LIMITS
    if not isinstance(limits, SearchLimits):
        raise TypeError(f"limits is a {type(limits).__name__}; expected semialg_fibers.SearchLimits or None")
    return limits
