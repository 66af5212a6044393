"""Limits: one value that bounds every exponential search, one that bounds untrusted input.

:class:`SearchLimits` bounds the exact searches; :class:`InputLimits` bounds
what reading a file, a string or a number may cost (size, nesting, digits,
exponents, entries), so that no input can hang the library or exhaust memory.

Deciding fibers, minimal widths and genericity contains subset sum
(``docs/theory/shallow.md``, Proposition 6), so the exact searches are
bounded.  A search that would exceed a limit raises
:class:`~semialg_fibers.core.exceptions.NotDecidedError` naming the limit; it never
returns a guess.  Every top-level function that searches takes
``limits=`` (``None`` means :data:`DEFAULT_LIMITS`), and every command of the
CLI that searches takes ``--budget``.
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace

from .exceptions import LimitReachedError

__all__ = ["SearchLimits", "DEFAULT_LIMITS", "UNLIMITED", "resolve",
           "InputLimits", "DEFAULT_INPUT_LIMITS", "input_limits", "current_input_limits", "resolve_input"]


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
    bracket_depth : int or None
        Lie-bracket levels computed when conserved functions are counted
        (:func:`~semialg_fibers.conservation.number_of_conserved_functions`).
    parameters : int or None
        Most parameters of a network whose conserved functions are counted
        (the brackets are polynomial fields in all of them).
    fields_per_parameter : int or None
        Most vector fields kept in the Lie algebra basis, per parameter.
    plot_pieces : int or None
        Activation regions of a network drawn on the plane
        (:func:`~semialg_fibers.render.plots.arrangement`).
    classes : int or None
        Networks visited by the closure of the discrete three-layer symmetries
        (:func:`~semialg_fibers.three_layer.search.known_classes`).

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
    bracket_depth: int | None = 6
    parameters: int | None = 300
    fields_per_parameter: int | None = 4
    plot_pieces: int | None = 20_000
    classes: int | None = 200

    def __post_init__(self):
        for f in fields(self):
            _check(f.name, getattr(self, f.name))

    @classmethod
    def with_budget(cls, budget: int | None) -> SearchLimits:
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

    def check(self, name: str, needed: int, what: str) -> None:
        """Raise :class:`~semialg_fibers.core.exceptions.LimitReachedError` when ``needed`` is above the limit ``name``.

        ``what`` says in words what was counted; the message names the limit and its value.

        >>> SearchLimits(nodes=5).check("nodes", 7, "orientation search: 7 nodes")
        Traceback (most recent call last):
        ...
        semialg_fibers.LimitReachedError: orientation search: 7 nodes, above the limit nodes = 5
        """
        if self.exceeded(name, needed):
            raise LimitReachedError(f"{what}, above the limit {name} = {getattr(self, name)}", limit=name,
                                    value=getattr(self, name))


DEFAULT_LIMITS = SearchLimits()
UNLIMITED = SearchLimits(**{f.name: None for f in fields(SearchLimits)})


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


# --------------------------------------------------------------------- input limits
def _check_input(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"InputLimits.{name} is {value!r}; expected a positive int")


@dataclass(frozen=True)
class InputLimits:
    """Bounds on untrusted input; every violation raises :class:`~semialg_fibers.core.exceptions.InputLimitError`.

    The limits are checked *before* the work they bound (a file is read in
    chunks, a number's digits and exponent are counted before it is built),
    so a violation is reported at once.  Each message names the field, e.g.
    ``"... has 20000 digits, above the input limit digits = 10000"``; the CLI
    raises a field with ``--input-limit NAME=N``, the library with
    :func:`input_limits` or an explicit ``limits=`` argument.

    Attributes
    ----------
    bytes : int
        Size of one file or of standard input (default 64 MiB: a network
        with about three million float64 weights).
    depth : int
        Nesting depth of JSON arrays and objects (a network file needs 5).
    entries : int
        Numbers and containers in one JSON document or one list of points.
    digits : int
        Decimal digits of one number written as text (numerator and
        denominator, or mantissa, each), and of the coefficients a parsed
        expression can produce.
    exponent : int
        Absolute value of the exponent of a number in scientific notation
        (``"1e5000"``) or of a ``Decimal``; ``10**exponent`` is built exactly.
    terms : int
        Terms of a polynomial expression read from text, once expanded (a
        bound computed while parsing, so ``(x+y+z)^10000`` is refused before
        SymPy expands it).

    Examples
    --------
    >>> InputLimits().depth
    64
    >>> InputLimits(digits=50).digits
    50
    """

    bytes: int = 64 * 1024 * 1024
    depth: int = 64
    entries: int = 10_000_000
    digits: int = 10_000
    exponent: int = 10_000
    terms: int = 10_000

    def __post_init__(self):
        for f in fields(self):
            _check_input(f.name, getattr(self, f.name))

    def with_changes(self, **changes) -> InputLimits:
        """A copy with some fields changed (unknown names raise ``ValueError`` listing the known ones).

        >>> InputLimits().with_changes(digits=100).digits
        100
        """
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ValueError(f"unknown input limit {unknown[0]!r}; expected one of {sorted(known)}")
        return replace(self, **changes)


DEFAULT_INPUT_LIMITS = InputLimits()
_CURRENT_INPUT: ContextVar[InputLimits] = ContextVar("semialg_fibers_input_limits", default=DEFAULT_INPUT_LIMITS)


def current_input_limits() -> InputLimits:
    """The input limits in force: those of the innermost :func:`input_limits` block, else the defaults.

    >>> current_input_limits() == InputLimits()
    True
    """
    return _CURRENT_INPUT.get()


def resolve_input(limits: InputLimits | None) -> InputLimits:
    """``limits`` itself, or :func:`current_input_limits` for None; rejects other types."""
    if limits is None:
        return _CURRENT_INPUT.get()
    if not isinstance(limits, InputLimits):
        raise TypeError(f"limits is a {type(limits).__name__}; expected semialg_fibers.InputLimits or None")
    return limits


@contextlib.contextmanager
def input_limits(limits: InputLimits | None = None, **changes):
    """Use other input limits inside a ``with`` block (per thread and per asyncio task).

    Parameters
    ----------
    limits : InputLimits, optional
        The limits to use (default: the ones in force).
    **changes
        Fields to change, e.g. ``digits=100_000``.

    Examples
    --------
    >>> from semialg_fibers.core.exact import to_rational
    >>> with input_limits(digits=3):
    ...     to_rational("12345")
    Traceback (most recent call last):
    ...
    semialg_fibers.InputLimitError: value is a number with 5 digits, above the input limit digits = 3
    >>> to_rational("12345")
    Fraction(12345, 1)
    """
    base = resolve_input(limits)
    token = _CURRENT_INPUT.set(base.with_changes(**changes) if changes else base)
    try:
        yield _CURRENT_INPUT.get()
    finally:
        _CURRENT_INPUT.reset(token)
