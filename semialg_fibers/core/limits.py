"""Limits: one value that bounds every exponential search, one that bounds untrusted input.

:class:`SearchLimits` bounds the exact searches; :class:`InputLimits` bounds
what reading a file, a string or a number may cost (size, nesting, digits,
exponents, entries), so that no input can hang the library or exhaust memory.

Deciding fibers, minimal widths and genericity contains subset sum
(``docs/theory/shallow.md``, Proposition 6), so the exact searches are
bounded.  A search that would exceed a limit raises
:class:`~semialg_fibers.core.exceptions.LimitReachedError` naming the limit; it
never returns a guess.  Every bound is counted before the work it bounds where
the count is known in advance (the components of a fiber, the generators of a
symmetry, the brackets of a level, a lower bound of the regions of a picture),
and as the work goes otherwise.  Every top-level function that searches takes
``limits=``; ``None`` means the limits in force: those of the innermost
:func:`search_limits` block, else :data:`DEFAULT_LIMITS`.  Every command of the
CLI takes ``--budget``.
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace

from .exceptions import ArgumentError, LimitReachedError

__all__ = ["SearchLimits", "DEFAULT_LIMITS", "UNLIMITED", "BUDGET_FIELDS", "resolve", "search_limits", "build_limit",
           "current_search_limits", "InputLimits", "DEFAULT_INPUT_LIMITS", "input_limits", "current_input_limits", "resolve_input"]


def _check(name: str, value) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ArgumentError(f"SearchLimits.{name} is {value!r}; expected a positive int or None (unlimited)")


@dataclass(frozen=True)
class SearchLimits:
    """Bounds of the exact searches; ``None`` in a field means unlimited.

    Attributes
    ----------
    nodes : int or None
        Nodes of one depth-first or lattice search for orientation choices.
    free_unknowns : int or None
        Unknowns left after p-adic propagation above which the lattice stage
        is refused (81 s of LLL at dimension 137).
    lattice_seconds : int or None
        Wall-clock seconds of one lattice reduction (FLINT's LLL), and again
        of the exact Gram-Schmidt data of the reduced basis that the
        enumeration needs (pure Python, the clock read before each of its
        entries).  A large reduction runs in a child process, which the
        deadline or Ctrl-C stops at once; the one bound measured in time, so
        whether it is reached depends on the machine.  The CLI's
        ``--lattice-seconds S`` sets it (``0``: no deadline).
    subsets : int or None
        Subsets checked one by one (conditions that are not linear in the
        orientations, listings of all ``2^r`` orientation choices).
    components : int or None
        Components of one fiber that are built.  Their number is counted
        from the role patterns before any is built; a fiber with more is
        refused unless ``limit=`` asks for at most this many.
    count_steps : int or None
        Big-integer additions of that count (about ``(m + 2)^2 (E + 1)^2``
        for ``E`` neurons beyond one per visible line and input dimension
        ``m``).  A fiber too large to count is refused, unless a lower bound
        read off the network already exceeds ``components``.
    certified_unknowns : int or None
        Unknowns of a component's parametrization above which its exact
        tangent certificate is not computed when the component is built (the
        sampling LPs grow like the cube of their number: 8 s at 80 unknowns);
        the dimension then rests on its proven formula alone, the
        description says so, and ``FiberComponent.certify()`` computes the
        certificate on request.
    implicit_minors : int or None
        Minors written out for an implicit form; beyond it the component's
        implicit form is omitted with the reason.
    permutations : int or None
        Hidden-neuron permutations tried for membership in the copies of a
        component without a membership test of its own.
    regions : int or None
        Linear regions examined by the general equivalence oracle, counting
        the regions of the first ``l`` layers for every ``l`` (each region of
        the whole network lies in one region of each truncation).
    generators : int or None
        Infinitesimal generators of the continuous symmetries of one network,
        in all (the kink split of ``g`` neurons on one line has ``g (g - 1)``;
        the conservation laws of a symmetry are found by exact linear algebra
        over its generators); counted before they are built.
    generator_entries : int or None
        Their entries: generators times parameters (each generator is a
        vector field with one entry per parameter); checked with ``generators``.
    bracket_depth : int or None
        Lie-bracket levels computed when conserved functions are counted
        (:func:`~semialg_fibers.conservation.number_of_conserved_functions`).
    brackets : int or None
        Lie brackets of polynomial fields computed by that count, in all
        levels together (a level is counted before it is computed).
    parameters : int or None
        Most parameters of a network whose conserved functions are counted
        (the brackets are polynomial fields in all of them).
    fields_per_parameter : int or None
        Most vector fields kept in the Lie algebra basis, per parameter.
    plot_pieces : int or None
        Activation regions of a network drawn on the plane
        (:func:`~semialg_fibers.render.plots.arrangement`); a lower bound
        (the crossings of the first-layer lines in the box) is checked first.
    plot_tests : int or None
        The work of that subdivision: regions tested against one neuron's
        line, pairs of lines examined for their crossings, pairs of edges
        compared for the kinks.
    classes : int or None
        Networks visited by the closure of the discrete three-layer symmetries
        (:func:`~semialg_fibers.three_layer.search.known_classes`).
    witnesses : int or None
        Mechanisms of non-identifiability of a shallow network listed with a
        witness (a parameter of the fiber outside the orbit, built and
        checked: two canonical forms of the network each); the further ones
        are counted, not built.
    jacobian_entries : int or None
        Entries of the coefficient-Jacobian rows that
        :func:`~semialg_fibers.general.functional_dimension` builds (rows times
        parameters); at least ``(N - hidden) N`` are needed, which is checked
        before any is built.
    elimination_work : int or None
        Multiplications of its exact eliminations, estimated as rows times
        columns times rank before each is run (one over Q counts 100 times,
        as one rational operation costs about as much as a hundred modulo a
        prime); at least ``(N - hidden)^2 N`` are needed, checked first.
        ``10**12`` is a few minutes of FLINT on one core.

    Examples
    --------
    >>> SearchLimits().nodes
    20000
    >>> SearchLimits.with_budget(0) == UNLIMITED
    True
    >>> SearchLimits.with_budget(50).nodes, SearchLimits.with_budget(50).components
    (50, 50)
    """

    nodes: int | None = 20_000
    free_unknowns: int | None = 120
    lattice_seconds: int | None = 60
    subsets: int | None = 20_000
    components: int | None = 2_000
    count_steps: int | None = 50_000_000
    certified_unknowns: int | None = 80
    implicit_minors: int | None = 2_000
    permutations: int | None = 40_320
    regions: int | None = 20_000
    generators: int | None = 1_000
    generator_entries: int | None = 20_000_000
    bracket_depth: int | None = 6
    brackets: int | None = 20_000
    parameters: int | None = 300
    fields_per_parameter: int | None = 4
    plot_pieces: int | None = 20_000
    plot_tests: int | None = 500_000
    classes: int | None = 200
    witnesses: int | None = 20
    jacobian_entries: int | None = 200_000_000
    elimination_work: int | None = 10**12

    def __post_init__(self):
        for f in fields(self):
            _check(f.name, getattr(self, f.name))

    @classmethod
    def with_budget(cls, budget: int | None) -> SearchLimits:
        """The limits behind the CLI's ``--budget N``: ``N`` in every counting field (:data:`BUDGET_FIELDS`).

        The fields that are sizes rather than counts of search steps
        (``free_unknowns``, ``lattice_seconds``, ``count_steps``, ``generator_entries``,
        ``certified_unknowns``, ``implicit_minors``, ``jacobian_entries``, ``elimination_work``,
        ``bracket_depth``, ``parameters``, ``fields_per_parameter``) keep their
        defaults; ``0`` or None: every field unlimited.

        >>> limits = SearchLimits.with_budget(10)
        >>> limits.nodes, limits.regions, limits.components, limits.free_unknowns
        (10, 10, 10, 120)
        """
        if budget is None or (type(budget) is int and budget == 0):
            return UNLIMITED
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
            raise ArgumentError(f"budget is {budget!r}; expected a nonnegative int (0: unlimited)")
        return replace(cls(), **{name: budget for name in BUDGET_FIELDS})

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

    def check_generators(self, count: int, parameters: int, what: str) -> None:
        """Refuse ``count`` generators of ``parameters`` entries each beyond ``generators`` or ``generator_entries``.

        >>> SearchLimits(generators=10).check_generators(12, 4, "continuous symmetries")
        Traceback (most recent call last):
        ...
        semialg_fibers.LimitReachedError: continuous symmetries: 12 infinitesimal generators, above the limit generators = 10
        """
        self.check("generators", count, f"{what}: {count} infinitesimal generators")
        self.check("generator_entries", count * parameters,
                   f"{what}: {count} infinitesimal generators of {parameters} entries each")


#: The fields that count steps of a search, all set by ``--budget N`` (:meth:`SearchLimits.with_budget`).
BUDGET_FIELDS = ("nodes", "subsets", "components", "permutations", "regions", "generators", "brackets",
                 "plot_pieces", "plot_tests", "classes", "witnesses")

DEFAULT_LIMITS = SearchLimits()
UNLIMITED = SearchLimits(**{f.name: None for f in fields(SearchLimits)})
_CURRENT_SEARCH: ContextVar[SearchLimits] = ContextVar("semialg_fibers_search_limits", default=DEFAULT_LIMITS)


def current_search_limits() -> SearchLimits:
    """The search limits in force: those of the innermost :func:`search_limits` block, else the defaults.

    >>> current_search_limits() is DEFAULT_LIMITS
    True
    """
    return _CURRENT_SEARCH.get()


def resolve(limits: SearchLimits | None) -> SearchLimits:
    """``limits`` itself, or the limits in force (:func:`current_search_limits`) for None; rejects other types.

    >>> resolve(None) is DEFAULT_LIMITS
    True
    >>> with search_limits(nodes=5):
    ...     resolve(None).nodes
    5
    """
    if limits is None:
        return _CURRENT_SEARCH.get()
    if not isinstance(limits, SearchLimits):
        raise ArgumentError(f"limits is a {type(limits).__name__}; expected semialg_fibers.SearchLimits or None")
    return limits


@contextlib.contextmanager
def search_limits(limits: SearchLimits | None = None, **changes):
    """Use other search limits inside a ``with`` block for every call that passes ``limits=None``.

    Per thread and per asyncio task, like :func:`input_limits`; the command
    line runs every command inside one such block (``--budget``), so the
    bound reaches functions that are called without ``limits=``.

    Parameters
    ----------
    limits : SearchLimits, optional
        The limits to use (default: the ones in force).
    **changes
        Fields to change, e.g. ``regions=100``.

    Examples
    --------
    >>> from semialg_fibers import Network, fiber
    >>> net = Network.from_layers([([[1]] * 6, [0] * 6), ([[1] * 6], [0])])   # six identical neurons
    >>> with search_limits(components=10):
    ...     fiber(net)
    Traceback (most recent call last):
    ...
    semialg_fibers.LimitReachedError: fiber: at least 15 components, above the limit components = 10 (limit=N builds the first N, ...)
    """
    base = resolve(limits)
    token = _CURRENT_SEARCH.set(replace(base, **changes) if changes else base)
    try:
        yield _CURRENT_SEARCH.get()
    finally:
        _CURRENT_SEARCH.reset(token)


def build_limit(limit) -> int | None:
    """``limit=`` of the functions that build fiber components: None (build all) or a nonnegative int.

    Checked before any work: ``-1`` once reached ``itertools.islice`` (an error about its stop argument) and
    ``1.5`` or ``True`` were taken as numbers.

    >>> build_limit(None), build_limit(0), build_limit(3)
    (None, 0, 3)
    >>> build_limit(1.5)
    Traceback (most recent call last):
    ...
    semialg_fibers.ArgumentError: limit is 1.5; expected a nonnegative int (the components to build) or None (all)
    """
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ArgumentError(f"limit is {limit!r}; expected a nonnegative int (the components to build) or None (all)")
    return limit


# --------------------------------------------------------------------- input limits
def _check_input(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ArgumentError(f"InputLimits.{name} is {value!r}; expected a positive int")


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
            raise ArgumentError(f"unknown input limit {unknown[0]!r}; expected one of {sorted(known)}")
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
        raise ArgumentError(f"limits is a {type(limits).__name__}; expected semialg_fibers.InputLimits or None")
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
