"""Exact linear algebra and exact linear programming over Q.

The one module that talks to python-flint (``fmpq_mat``/``fmpz_mat``) and to
the Parma Polyhedra Library (pplpy's ``MIP_Problem``); everything else passes
tuples of :class:`fractions.Fraction` and gets tuples of ``Fraction`` back, so
the two scalar types are never mixed.  The LP engine was chosen by measurement
(``benchmarks/bench_lp.py``, ``docs/theory/oracle.md``).

Constraints are ``coefficients . x + constant  REL  0`` with ``REL`` one of
``">="``, ``">"`` or ``"=="`` (:class:`Constraint`).  Strict inequalities are
decided with a slack variable, and infeasible systems come with a Farkas /
Motzkin certificate that :func:`check_certificate` verifies with plain
arithmetic.

Inputs are checked before they reach FLINT or PPL (which abort the interpreter
or truncate on bad input): a matrix is a sequence of equally long rows, an
explicit ``ncols`` is a nonnegative int that every row matches, and every entry
is converted exactly by :func:`semialg_fibers.core.exact.to_rational` (floats raise
:class:`~semialg_fibers.core.exceptions.InexactInputError`).
"""

from __future__ import annotations

import math
import numbers
import os
import pickle
import select
import signal
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress

from .exact import to_rational
from .exceptions import InternalCheckError, LimitReachedError, ShapeError
from .startup import sigint_held_in_the_program

with sigint_held_in_the_program():  # importing ppl installs cysignals' SIGINT handler, which can lose Ctrl-C
    import flint
    import ppl

__all__ = [
    "rank",
    "rref",
    "independent_rows",
    "PRIME",
    "reduce_mod",
    "rref_mod",
    "nullspace",
    "solve",
    "solve_left",
    "outer_sum",
    "lll",
    "gram_schmidt",
    "Constraint",
    "LPResult",
    "optimize",
    "feasible_point",
    "check_certificate",
    "integer_form",
    "optimize_integer_rows",
]

Vector = tuple[Fraction, ...]
Rows = Sequence[Sequence[Fraction]]


# ------------------------------------------------------------------ conversions
def _is_sequence(value) -> bool:
    return not isinstance(value, (str, bytes, dict)) and hasattr(value, "__iter__")


def _check_ncols(ncols, what: str) -> int | None:
    if ncols is None:
        return None
    if isinstance(ncols, bool) or not isinstance(ncols, numbers.Integral) or ncols < 0:
        raise ValueError(f"{what}: ncols is {ncols!r}; expected a nonnegative int or None")
    return int(ncols)


def _rows(rows, ncols, what: str) -> tuple[list[list], int]:
    """``rows`` as a list of lists after checking the shape; ``ncols`` from the first row when None."""
    if not _is_sequence(rows):
        raise ShapeError(f"{what}: the matrix has type {type(rows).__name__}; expected a sequence of rows")
    ncols = _check_ncols(ncols, what)
    out = []
    for i, row in enumerate(rows):
        if not _is_sequence(row):
            raise ShapeError(f"{what}: row {i} has type {type(row).__name__}; expected a sequence of numbers")
        row = list(row)
        if ncols is None:
            ncols = len(row)
        elif len(row) != ncols:
            raise ShapeError(f"{what}: row {i} has {len(row)} entries; expected {ncols}"
                             + (" (ragged rows)" if i else ""))
        out.append(row)
    return out, (ncols or 0)


def _exact(value, what: str, i: int, j: int | None = None) -> Fraction:
    if type(value) is Fraction:
        return value
    if type(value) is int:
        return Fraction(value)
    return to_rational(value, f"{what}: entry [{i}]" + ("" if j is None else f"[{j}]"))


def _vector(values, what: str) -> list[Fraction]:
    if not _is_sequence(values):
        raise ShapeError(f"{what} has type {type(values).__name__}; expected a sequence of numbers")
    return [_exact(v, what, i) for i, v in enumerate(values)]


def _fmpq_mat(rows: Rows, ncols: int | None = None, what: str = "matrix") -> flint.fmpq_mat:
    rows, ncols = _rows(rows, ncols, what)
    entries = []
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            if type(v) is not Fraction:
                if type(v) is int:
                    entries.append(flint.fmpq(v))
                    continue
                v = _exact(v, what, i, j)
            entries.append(flint.fmpq(v.numerator, v.denominator))
    return flint.fmpq_mat(len(rows), ncols, entries)


def _to_fraction(value) -> Fraction:
    return Fraction(int(value.p), int(value.q)) if hasattr(value, "p") else Fraction(int(value))


def _rows_of(mat) -> tuple[Vector, ...]:
    return tuple(tuple(_to_fraction(mat[i, j]) for j in range(mat.ncols())) for i in range(mat.nrows()))


# ------------------------------------------------------------------ linear algebra
def rank(rows: Rows, ncols: int | None = None) -> int:
    """Rank of a rational matrix given as rows.

    >>> rank([[1, 2], [2, 4]])
    1
    >>> rank([], ncols=3)
    0
    >>> rank([[0.5]])
    Traceback (most recent call last):
    ...
    semialg_fibers.InexactInputError: rank: entry [0][0] is the float 0.5; exact constructors ...
    """
    mat = _fmpq_mat(rows, ncols, "rank")
    return mat.rank() if mat.nrows() and mat.ncols() else 0


def rref(rows: Rows, ncols: int | None = None) -> tuple[tuple[Vector, ...], tuple[int, ...]]:
    """Reduced row echelon form and pivot columns; zero rows are dropped.

    >>> rref([[2, 4], [1, 3]])
    (((Fraction(1, 1), Fraction(0, 1)), (Fraction(0, 1), Fraction(1, 1))), (0, 1))
    """
    mat = _fmpq_mat(rows, ncols, "rref")
    if not mat.nrows() or not mat.ncols():
        return (), ()
    reduced, r = mat.rref()
    out = _rows_of(reduced)[:r]
    pivots = tuple(next(j for j, v in enumerate(row) if v) for row in out)
    return out, pivots


def independent_rows(rows: Rows, ncols: int) -> tuple[int, ...]:
    """The indices of the first maximal independent subset of ``rows``, taken in order (sparse rows: fast).

    Row ``i`` is kept when it is independent of the rows kept before it (the
    pivot columns of the RREF of the transpose).  A row that is the only one
    nonzero in some column is independent of all the others, and such rows
    never help to express another row (read the combination in that column),
    so they are kept at once and the rest decided without them; this repeats,
    and only the rows left go to one exact elimination.  Sparse rows such as
    the 300 neuron scalings of ACAS Xu (13305 entries each) are decided in a
    second, where the rational elimination did not finish in minutes.

    >>> independent_rows([(1, 0, 2), (0, 0, 3), (0, 0, 6), (0, 0, 0)], 3)
    (0, 1)
    >>> independent_rows([(1, 1, 0), (0, 1, 1), (1, 2, 1), (0, 0, 1)], 3)   # no row has a column of its own
    (0, 1, 3)
    """
    support = {}  # row index -> its nonzero columns (compress runs the scan of the zeros in C)
    for i, r in enumerate(rows):
        columns = list(compress(range(ncols), r))
        if columns:
            support[i] = columns
    kept: list[int] = []
    while support:
        counts = Counter(j for columns in support.values() for j in columns)
        own = [i for i, columns in support.items() if any(counts[j] == 1 for j in columns)]
        if not own:
            break
        kept += own
        for i in own:
            del support[i]
    if support:
        rest = sorted(support)
        columns = sorted({j for i in rest for j in support[i]})  # the other columns are zero in every rest row
        transposed = [[rows[i][j] for i in rest] for j in columns]
        kept += [rest[p] for p in rref(transposed, len(rest))[1]]
    return tuple(sorted(kept))


#: A prime below 2**64 (the Mersenne prime 2**61 - 1) for ranks modulo p (:func:`rref_mod`).
PRIME = 2**61 - 1


def reduce_mod(value: Fraction, modulus: int) -> int:
    """The image of ``value`` in ``Z / modulus`` (``modulus`` prime); ZeroDivisionError when it divides the denominator.

    >>> reduce_mod(Fraction(1, 2), 7)
    4
    """
    den = value.denominator % modulus
    if not den:
        raise ZeroDivisionError(f"the modulus {modulus} divides the denominator of {value}")
    return value.numerator * pow(den, -1, modulus) % modulus


def rref_mod(rows: Sequence[Sequence[int]], ncols: int, modulus: int = PRIME, *,
             reduced: bool = False) -> list[list[int]]:
    """The nonzero rows of the reduced row echelon form, modulo the prime ``modulus``, of an integer matrix.

    Entries are reduced into ``[0, modulus)``; FLINT's ``nmod_mat`` does the
    elimination, so ``modulus`` must be a prime below ``2**64``.  With
    ``reduced=True`` the caller promises int entries already in
    ``[0, modulus)`` (the rows of an earlier result, or rows built modulo the
    prime): only the shape is checked, which saves a pass over every entry.

    >>> rref_mod([[2, 4], [1, 2]], 2, 7)
    [[1, 2]]
    """
    ncols = _check_ncols(ncols, "rref_mod") or 0
    if not reduced:
        rows = [[v % modulus for v in r] for r in _integer_rows(rows, "rref_mod")]
    if any(len(r) != ncols for r in rows):
        raise ShapeError(f"rref_mod: every row needs {ncols} entries")
    if not rows or not ncols:
        return []
    mat = flint.nmod_mat(len(rows), ncols, [v for r in rows for v in r], modulus)
    echelon, r = mat.rref()
    entries = [int(v) for v in echelon.entries()[:r * ncols]]
    return [entries[i * ncols:(i + 1) * ncols] for i in range(r)]


def nullspace(rows: Rows, ncols: int | None = None) -> tuple[Vector, ...]:
    """A basis of ``{x : A x = 0}`` (right kernel), computed from the RREF.

    Each basis vector has a 1 in one free column and zeros in the other free
    columns, so the basis is canonical for the row space.

    >>> nullspace([[1, 1, 0]])
    ((Fraction(-1, 1), Fraction(1, 1), Fraction(0, 1)), (Fraction(0, 1), Fraction(0, 1), Fraction(1, 1)))
    """
    rows, ncols_found = _rows(rows, ncols, "nullspace")
    if ncols is None:
        if not rows:
            raise ValueError("nullspace of a matrix without rows needs ncols")
    ncols = ncols_found
    reduced, pivots = rref(rows, ncols) if rows else ((), ())
    free = [j for j in range(ncols) if j not in pivots]
    basis = []
    for f in free:
        vec = [Fraction(0)] * ncols
        vec[f] = Fraction(1)
        for row, p in zip(reduced, pivots):
            vec[p] = -row[f]
        basis.append(tuple(vec))
    return tuple(basis)


def solve(rows: Rows, rhs: Sequence[Fraction], ncols: int | None = None) -> Vector | None:
    """One solution of ``A x = rhs`` (free variables set to 0), or ``None`` if inconsistent.

    >>> solve([[1, 1], [1, -1]], [Fraction(3), Fraction(1)])
    (Fraction(2, 1), Fraction(1, 1))
    >>> solve([[1, 1], [2, 2]], [Fraction(1), Fraction(3)]) is None
    True
    """
    rows, ncols = _rows(rows, ncols, "solve")
    rhs = _vector(rhs, "solve: rhs")
    if len(rhs) != len(rows):
        raise ShapeError(f"solve: rhs has {len(rhs)} entries; the matrix has {len(rows)} rows")
    augmented = [list(r) + [b] for r, b in zip(rows, rhs)]
    if not augmented:
        return tuple(Fraction(0) for _ in range(ncols))
    reduced, pivots = rref(augmented, ncols + 1)
    if pivots and pivots[-1] == ncols:
        return None
    x = [Fraction(0)] * ncols
    for row, p in zip(reduced, pivots):
        x[p] = row[ncols]
    return tuple(x)


def solve_left(rows: Rows, targets: Rows, ncols: int | None = None) -> tuple[Vector, ...] | None:
    """The ``P`` with ``P A = B`` for ``A`` of full row rank (``rows``), or ``None`` when there is none.

    One elimination: the pivot columns ``J`` of ``A`` give ``P = B_J A_J^{-1}``,
    then ``P A = B`` is checked on every column.  ``O(n^2 d)`` operations for
    ``A`` of shape ``n x d`` (FLINT).

    Raises
    ------
    ValueError
        ``A`` does not have full row rank (then ``P`` is not unique).

    Examples
    --------
    >>> solve_left([[1, 0, 1], [0, 1, 1]], [[2, 3, 5], [0, -1, -1]])
    ((Fraction(2, 1), Fraction(3, 1)), (Fraction(0, 1), Fraction(-1, 1)))
    >>> solve_left([[1, 0, 1], [0, 1, 1]], [[1, 0, 0], [0, 1, 1]]) is None
    True
    """
    A = _fmpq_mat(rows, ncols, "solve_left: rows")
    n, d = A.nrows(), A.ncols()
    B = _fmpq_mat(targets, d, "solve_left: targets")
    if not n:
        return tuple(() for _ in range(B.nrows())) if not any(B[i, j] for i in range(B.nrows()) for j in range(d)) \
            else None
    reduced, r = A.rref()
    if r < n:
        raise ValueError(f"solve_left: the {n} x {d} matrix has rank {r}; it needs full row rank")
    pivots = [next(j for j in range(d) if reduced[i, j] != 0) for i in range(r)]
    AJ = flint.fmpq_mat(n, n, [A[i, j] for i in range(n) for j in pivots])
    BJ = flint.fmpq_mat(B.nrows(), n, [B[i, j] for i in range(B.nrows()) for j in pivots])
    P = BJ * AJ.inv()
    if P * A != B:
        return None
    return _rows_of(P)


def outer_sum(lefts: Rows, rights: Rows, shape: tuple[int, int]) -> tuple[Vector, ...]:
    """``sum_i lefts[i] rights[i]^T`` (a ``shape`` matrix), one rank-one term at a time.

    Unlike a matrix product with common denominators, each term is reduced on
    its own before it is added: when the factors carry unrelated denominators
    that cancel in every product (normalized lines times kinks of float
    weights), the integers stay small.

    >>> outer_sum([[Fraction(3, 7)], [1]], [[Fraction(7, 3), 0], [1, 1]], (1, 2))
    ((Fraction(2, 1), Fraction(1, 1)),)
    """
    rows, cols = shape
    lefts, _ = _rows(lefts, rows, "outer_sum: lefts")
    rights, _ = _rows(rights, cols, "outer_sum: rights")
    if len(lefts) != len(rights):
        raise ShapeError(f"outer_sum: {len(lefts)} left factors and {len(rights)} right factors")
    acc = [[0] * cols for _ in range(rows)]
    den = 1
    for left, right in zip(lefts, rights):
        li, dl = _primitive(left)
        ri, dr = _primitive(right)
        if dl is None or dr is None:
            continue  # a zero factor
        # term = c * li ri^T with li, ri primitive, so its reduced denominator is c's.
        c = dl * dr
        new_den = math.lcm(den, c.denominator)
        if new_den != den:
            up = new_den // den
            acc = [[v * up for v in row] for row in acc]
            den = new_den
        mult = c.numerator * (den // c.denominator)
        for j, a in enumerate(li):
            if a:
                row, am = acc[j], a * mult
                for t, b in enumerate(ri):
                    if b:
                        row[t] += am * b
    return tuple(tuple(Fraction(v, den) for v in row) for row in acc)


def _primitive(vector) -> tuple[list[int], Fraction | None]:
    """``(p, c)`` with ``vector = c p``, ``p`` a primitive integer vector; ``c`` None for the zero vector."""
    vector = _vector(vector, "vector")
    den = math.lcm(*(v.denominator for v in vector)) if vector else 1
    ints = [v.numerator * (den // v.denominator) for v in vector]
    g = math.gcd(*ints)
    if g == 0:
        return ints, None
    return [v // g for v in ints], Fraction(g, den)


#: Reductions up to this size (rows squared times bits of the largest entry) run in this process: they take
#: well under a second (21 rows of 20000 bits: 0.3 s; 101 rows of 20000 bits: 44 s).
LLL_IN_PROCESS = 1_000_000


def lll(rows: Sequence[Sequence[int]], *, seconds: int | None = None) -> tuple[tuple[int, ...], ...]:
    """An LLL-reduced basis of the integer lattice spanned by linearly independent integer ``rows``.

    The result is a unimodular transform of ``rows`` (FLINT's ``fmpz_lll``), so
    it spans the same lattice; exactness of later steps never depends on how
    well it is reduced.  FLINT cannot be interrupted, so a reduction larger
    than :data:`LLL_IN_PROCESS` runs in a child process (where the system
    provides ``fork``): Ctrl-C (``KeyboardInterrupt``) and the deadline stop it
    at once.

    Parameters
    ----------
    rows : sequence of sequences of int
    seconds : int, optional
        Wall-clock seconds the reduction may take (``SearchLimits.lattice_seconds``); None: no deadline.

    Raises
    ------
    LimitReachedError
        The reduction took longer than ``seconds`` (``limit == "lattice_seconds"``).

    >>> lll([[11, 17], [13, 19]])
    ((2, 2), (-3, 3))
    """
    rows = _integer_rows(rows, "lll")
    if not rows:
        return ()
    size = len(rows) ** 2 * max((abs(v).bit_length() for row in rows for v in row), default=0)
    if size <= LLL_IN_PROCESS or not hasattr(os, "fork"):
        return _lll(rows)
    return _lll_in_child(rows, seconds, size)


def _lll(rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    mat = flint.fmpz_mat(rows).lll()
    return tuple(tuple(int(mat[i, j]) for j in range(mat.ncols())) for i in range(mat.nrows()))


def _lll_in_child(rows: list[list[int]], seconds: int | None, size: int) -> tuple[tuple[int, ...], ...]:
    """:func:`_lll` in a forked child that sends the basis back through a pipe; killed on Ctrl-C or the deadline."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: reduce, send, leave without running any cleanup of the parent's
        code = 1
        try:
            os.close(read_end)
            data = pickle.dumps(_lll(rows), protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = None if seconds is None else time.monotonic() + seconds
    finished = False
    try:
        while True:
            wait = 0.2 if deadline is None else max(0.0, min(0.2, deadline - time.monotonic()))
            ready, _, _ = select.select([read_end], [], [], wait)
            if ready:
                chunk = os.read(read_end, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
            elif deadline is not None and time.monotonic() >= deadline:
                raise LimitReachedError(f"lattice reduction of {len(rows)} rows (size {size}) took more than "
                                        f"{seconds} s, the limit lattice_seconds = {seconds}",
                                        limit="lattice_seconds", value=seconds)
        finished = True
    finally:
        os.close(read_end)
        if not finished:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        os.waitpid(pid, 0)
    data = b"".join(chunks)
    if not data:
        raise InternalCheckError(f"the lattice reduction of {len(rows)} rows ended without a result "
                                 "(the child process was killed)")
    return pickle.loads(data)


def _integer_rows(rows, what: str) -> list[list[int]]:
    rows, _ = _rows(rows, None, what)
    out = []
    for i, row in enumerate(rows):
        ints = []
        for j, v in enumerate(row):
            if type(v) is not int:
                value = _exact(v, what, i, j)
                if value.denominator != 1:
                    raise ValueError(f"{what}: entry [{i}][{j}] is {value}; expected an integer")
                v = value.numerator
            ints.append(v)
        out.append(ints)
    return out


def gram_schmidt(rows: Sequence[Sequence[int]], *,
                 seconds: float | None = None) -> tuple[tuple[Vector, ...], Vector]:
    """Exact Gram-Schmidt data ``(mu, norms)`` of linearly independent integer ``rows``.

    ``b*_i = b_i - sum_{j<i} mu[i][j] b*_j`` and ``norms[i] = |b*_i|^2``, as
    Fractions.  Integral Gram-Schmidt (Cohen, *A Course in Computational
    Algebraic Number Theory*, Algorithm 2.6.7): every intermediate value is an
    integer and every division is exact, so no gcd is taken until the end.
    The work is pure Python (no native call), so Ctrl-C stops it at once;
    with huge entries it is long (20 rows of about 33000 bits: several seconds).

    Parameters
    ----------
    rows : sequence of sequences of int
    seconds : float, optional
        Wall-clock seconds the computation may take (``SearchLimits.lattice_seconds``, the
        deadline of the lattice stage); None: no deadline.  The clock is read before each
        entry of ``mu`` and ``norms``, so the computation stops within one entry's work of it.

    Raises
    ------
    LimitReachedError
        The computation took longer than ``seconds`` (``limit == "lattice_seconds"``).

    >>> mu, norms = gram_schmidt([[1, 1], [1, 0]])
    >>> mu[1][0], norms
    (Fraction(1, 2), (Fraction(2, 1), Fraction(1, 2)))
    """
    rows = _integer_rows(rows, "gram_schmidt")
    n = len(rows)
    deadline = None if seconds is None else time.monotonic() + seconds

    def on_time() -> None:
        if deadline is not None and time.monotonic() > deadline:
            bits = max((abs(v).bit_length() for row in rows for v in row), default=0)
            raise LimitReachedError(f"Gram-Schmidt data of a lattice basis of {n} rows (entries of up to {bits} "
                                    f"bits) took more than {seconds} s, the limit lattice_seconds = {seconds}",
                                    limit="lattice_seconds", value=seconds)

    d = [1] * (n + 1)  # d[i] = det of the Gram matrix of the first i rows
    lam = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            on_time()
            u = sum(a * b for a, b in zip(rows[i], rows[j]))
            for t in range(j):
                u = (d[t + 1] * u - lam[i][t] * lam[j][t]) // d[t]
            if j < i:
                lam[i][j] = u
            elif u == 0:
                raise ValueError("gram_schmidt needs linearly independent rows")
            else:
                d[i + 1] = u
    mu_rows = []
    for i in range(n):
        on_time()
        mu_rows.append(tuple(Fraction(lam[i][j], d[j + 1]) for j in range(i)))
    return tuple(mu_rows), tuple(Fraction(d[i + 1], d[i]) for i in range(n))


# ------------------------------------------------------------------ linear programming
RELATIONS = (">=", ">", "==")


@dataclass(frozen=True)
class Constraint:
    """``coefficients . x + constant  relation  0`` with relation in ``">=", ">", "=="``."""

    coefficients: Vector
    constant: Fraction
    relation: str = ">="

    def __post_init__(self):
        if self.relation not in RELATIONS:
            raise ValueError(f"relation must be one of {RELATIONS}, got {self.relation!r}")
        coefficients = self.coefficients
        if type(coefficients) is not tuple or any(type(v) is not Fraction for v in coefficients):
            object.__setattr__(self, "coefficients", tuple(_vector(coefficients, "Constraint.coefficients")))
        if type(self.constant) is not Fraction:
            object.__setattr__(self, "constant", to_rational(self.constant, "Constraint.constant"))

    def value(self, x: Sequence[Fraction]) -> Fraction:
        """``coefficients . x + constant``."""
        return sum((a * v for a, v in zip(self.coefficients, x) if a), self.constant)

    def holds(self, x: Sequence[Fraction]) -> bool:
        """Exact test of the constraint at ``x``."""
        v = self.value(x)
        return v > 0 if self.relation == ">" else (v >= 0 if self.relation == ">=" else v == 0)


@dataclass(frozen=True)
class LPResult:
    """Outcome of an exact LP.

    Attributes
    ----------
    status : {"optimal", "feasible", "infeasible", "unbounded"}
    value : Fraction or None
        The optimum (``optimal``).
    point : tuple of Fraction or None
        An optimal or feasible point.
    certificate : tuple of Fraction or None
        For ``infeasible``: multipliers ``y`` (one per constraint, ``y >= 0`` on
        inequalities) proving infeasibility; see :func:`check_certificate`.
    """

    status: str
    value: Fraction | None = None
    point: Vector | None = None
    certificate: Vector | None = None

    def __bool__(self) -> bool:
        return self.status in ("optimal", "feasible", "unbounded")


def _scaled(coefficients: Sequence[Fraction], constant: Fraction) -> tuple[list[int], int]:
    den = math.lcm(*(int(c.denominator) for c in coefficients), int(constant.denominator)) if coefficients else int(constant.denominator)
    return [int(c * den) for c in coefficients], int(constant * den)


def _ppl_constraint(constraint: Constraint, dim: int, shift: int | None = None):
    coeffs, const = _scaled(constraint.coefficients, constraint.constant)
    if shift is not None:  # strict constraint with slack variable t at index `shift`
        coeffs = coeffs + [0] * (shift - len(coeffs)) + [-1]
        return ppl.Linear_Expression(coeffs, const) >= 0
    expr = ppl.Linear_Expression(coeffs, const)
    if constraint.relation == "==":
        return expr == 0
    return expr >= 0


def _point(generator, dim: int) -> Vector:
    den = int(generator.divisor())
    coeffs = generator.coefficients()
    return tuple(Fraction(int(coeffs[i]), den) if i < len(coeffs) else Fraction(0) for i in range(dim))


def _check_dims(constraints: Sequence[Constraint], dim: int) -> None:
    if isinstance(dim, bool) or not isinstance(dim, numbers.Integral) or dim < 0:
        raise ValueError(f"dim is {dim!r}; expected a nonnegative int")
    for i, c in enumerate(constraints):
        if not isinstance(c, Constraint):
            raise TypeError(f"constraint {i} is a {type(c).__name__}; expected linalg.Constraint")
        if len(c.coefficients) != dim:
            raise ValueError(f"constraint {i} has {len(c.coefficients)} coefficients; the LP has {dim} variables")


def optimize(objective: Sequence[Fraction], constraints: Sequence[Constraint], dim: int,
             *, maximize: bool = False, objective_constant: Fraction = Fraction(0), certificate: bool = False) -> LPResult:
    """Minimize (or maximize) ``objective . x + objective_constant`` over non-strict constraints.

    Parameters
    ----------
    objective : sequence of Fraction, length ``dim``
    constraints : sequence of Constraint
        Relations ``">="`` and ``"=="`` only (the optimum over a strict system
        need not be attained; decide such systems with :func:`feasible_point`).
    dim : int
        Number of variables.
    maximize : bool
    objective_constant : Fraction
    certificate : bool
        Attach an infeasibility certificate when infeasible (see :func:`feasible_point`).

    Returns
    -------
    LPResult
        ``optimal`` with value and point, ``unbounded``, or ``infeasible``.

    Examples
    --------
    >>> x_le_2 = Constraint((Fraction(-1),), Fraction(2))
    >>> optimize([Fraction(1)], [x_le_2], 1, maximize=True).value
    Fraction(2, 1)
    >>> optimize([Fraction(1)], [x_le_2], 1).status
    'unbounded'
    """
    _check_dims(constraints, dim)
    objective = _vector(objective, "optimize: objective")
    if len(objective) != dim:
        raise ShapeError(f"optimize: objective has {len(objective)} entries; the LP has {dim} variables")
    objective_constant = to_rational(objective_constant, "optimize: objective_constant")
    if any(c.relation == ">" for c in constraints):
        raise ValueError("optimize takes only '>=' and '==' constraints; use feasible_point for strict systems")
    system = ppl.Constraint_System()
    for c in constraints:
        system.insert(_ppl_constraint(c, dim))
    obj_coeffs, _ = _scaled(list(objective), Fraction(0))
    problem = ppl.MIP_Problem(dim, system, ppl.Linear_Expression(obj_coeffs, 0), "maximization" if maximize else "minimization")
    status = problem.solve()["status"]
    if status == "unfeasible":
        return LPResult("infeasible", certificate=_certificate(constraints, dim) if certificate else None)
    if status == "unbounded":
        return LPResult("unbounded")
    point = _point(problem.optimizing_point(), dim)
    value = sum((a * v for a, v in zip(objective, point)), Fraction(objective_constant))
    return LPResult("optimal", value=value, point=point)


def integer_form(form: Sequence[Fraction]) -> tuple[int, ...]:
    """The primitive integer multiple ``c * form`` (``c > 0``) of a rational vector.

    A constraint ``form >= 0`` is unchanged by positive scaling, so callers that
    solve many LPs over the same rows scale them once with this function.

    >>> integer_form([Fraction(1, 2), Fraction(-3, 4), Fraction(0)])
    (2, -3, 0)
    """
    form = _vector(form, "integer_form")
    den = math.lcm(*(v.denominator for v in form))
    ints = [int(v * den) for v in form]
    g = math.gcd(*ints)
    return tuple(v // g for v in ints) if g > 1 else tuple(ints)


def optimize_integer_rows(objective: Sequence[Fraction], rows: Sequence[Sequence[int]], dim: int,
                          *, maximize: bool = False) -> LPResult:
    """Fast path of :func:`optimize` for rows already scaled by :func:`integer_form`.

    Each row ``(a_1, ..., a_dim, c)`` of integers means ``a . x + c >= 0``; the
    objective is the affine form ``(o_1, ..., o_dim, o_0)``.  Returns ``optimal``
    (value and point) or ``unbounded``; ``infeasible`` carries no certificate here.

    >>> optimize_integer_rows([Fraction(1), Fraction(0)], [(-1, 2)], 1, maximize=True).value
    Fraction(2, 1)
    """
    system = ppl.Constraint_System()
    for row in rows:
        system.insert(ppl.Linear_Expression(row[:dim], row[dim]) >= 0)
    scaled = integer_form(objective[:dim]) if any(objective[:dim]) else (0,) * dim
    problem = ppl.MIP_Problem(dim, system, ppl.Linear_Expression(scaled, 0), "maximization" if maximize else "minimization")
    status = problem.solve()["status"]
    if status == "unfeasible":
        return LPResult("infeasible")
    if status == "unbounded":
        return LPResult("unbounded")
    point = _point(problem.optimizing_point(), dim)
    value = sum((Fraction(a) * v for a, v in zip(objective, point)), Fraction(objective[dim]))
    return LPResult("optimal", value=value, point=point)


def feasible_point(constraints: Sequence[Constraint], dim: int, *, certificate: bool = False) -> LPResult:
    """Decide a system with strict, non-strict and equality constraints exactly.

    Strict constraints ``a.x + c > 0`` become ``a.x + c - t >= 0`` with one slack
    ``0 <= t <= 1`` that is maximized: the system is feasible iff ``t* > 0``.

    Parameters
    ----------
    constraints : sequence of Constraint
    dim : int
    certificate : bool
        Also compute an infeasibility certificate (two more LPs with one
        variable per constraint: costly for large systems).

    Returns
    -------
    LPResult
        ``feasible`` with a point satisfying every constraint, or ``infeasible``
        (with a certificate if requested).

    Examples
    --------
    >>> gt0 = Constraint((Fraction(1),), Fraction(0), ">")
    >>> lt0 = Constraint((Fraction(-1),), Fraction(0), ">")
    >>> feasible_point([gt0], 1).status
    'feasible'
    >>> r = feasible_point([gt0, lt0], 1, certificate=True)
    >>> r.status, check_certificate([gt0, lt0], r.certificate)
    ('infeasible', True)
    """
    _check_dims(constraints, dim)
    strict = [c for c in constraints if c.relation == ">"]
    if not strict:
        result = optimize([Fraction(0)] * dim, constraints, dim, certificate=certificate)
        return LPResult("feasible", point=result.point) if result else result
    system = ppl.Constraint_System()
    t = ppl.Variable(dim)
    for c in constraints:
        system.insert(_ppl_constraint(c, dim, shift=dim if c.relation == ">" else None))
    system.insert(t <= 1)
    system.insert(t >= 0)
    problem = ppl.MIP_Problem(dim + 1, system, ppl.Linear_Expression(t), "maximization")
    status = problem.solve()["status"]
    if status == "optimized":
        slack = Fraction(problem.optimal_value())
        if slack > 0:
            return LPResult("feasible", point=_point(problem.optimizing_point(), dim))
    return LPResult("infeasible", certificate=_certificate(constraints, dim) if certificate else None)


def _certificate(constraints: Sequence[Constraint], dim: int) -> Vector | None:
    """Multipliers proving infeasibility (Motzkin's transposition theorem).

    ``y`` with ``y_i >= 0`` on inequalities, ``sum y_i a_i = 0`` and either
    ``sum y_i c_i < 0``, or ``sum y_i c_i <= 0`` with some strict ``y_i > 0``.
    """
    m = len(constraints)
    base = []
    for j in range(dim):
        base.append(Constraint(tuple(c.coefficients[j] for c in constraints), Fraction(0), "=="))
    for i, c in enumerate(constraints):
        if c.relation != "==":
            base.append(Constraint(tuple(Fraction(int(k == i)) for k in range(m)), Fraction(0)))
    consts = [c.constant for c in constraints]
    strict_mask = [Fraction(int(c.relation == ">")) for c in constraints]
    # Bound y to a box (0 <= y_ineq <= 1, |y_eq| <= 1) so that both LPs are bounded.
    box = []
    for i, c in enumerate(constraints):
        e = tuple(Fraction(int(k == i)) for k in range(m))
        box.append(Constraint(tuple(-v for v in e), Fraction(1)))
        if c.relation == "==":
            box.append(Constraint(e, Fraction(1)))
    first = optimize(consts, base + box, m)
    if first.status == "optimal" and first.value < 0:
        return first.point
    if any(strict_mask):
        second = optimize([-v for v in strict_mask], base + box + [Constraint(tuple(-v for v in consts), Fraction(0))], m)
        if second.status == "optimal" and second.value < 0:
            return second.point
    return None


def check_certificate(constraints: Sequence[Constraint], certificate: Sequence[Fraction] | None) -> bool:
    """Verify an infeasibility certificate with exact arithmetic only (no LP).

    Returns True iff ``certificate`` proves that ``constraints`` have no common solution.
    """
    if certificate is None or len(certificate) != len(constraints):
        return False
    dim = len(constraints[0].coefficients) if constraints else 0
    for y, c in zip(certificate, constraints):
        if c.relation != "==" and y < 0:
            return False
    for j in range(dim):
        if sum((y * c.coefficients[j] for y, c in zip(certificate, constraints)), Fraction(0)) != 0:
            return False
    total = sum((y * c.constant for y, c in zip(certificate, constraints)), Fraction(0))
    strict_used = any(y > 0 and c.relation == ">" for y, c in zip(certificate, constraints))
    return total < 0 or (total <= 0 and strict_used)
