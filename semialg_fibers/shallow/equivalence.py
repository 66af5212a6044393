"""Exact equivalence of shallow networks on R^m by comparing canonical data.

Two shallow networks (any widths, same ``m`` and ``k``) compute the same
function iff their canonical data agree (``docs/theory/shallow.md``,
Proposition 1).  When they differ, a rational witness input is built from the
first invariant that differs and checked by exact evaluation of both networks.
"""

from __future__ import annotations

from fractions import Fraction

from ..core.exceptions import InternalCheckError, ShapeError
from ..core.network import Network
from ..core.results import EquivalenceResult
from .canonical import CanonicalData, canonical_data, check_shallow

__all__ = ["equivalent", "first_difference", "verdict", "difference_witness", "line_equation", "agree_reason"]

_ZERO = Fraction(0)


def equivalent(net_a: Network, net_b: Network) -> EquivalenceResult:
    """Decide exactly whether two shallow networks compute the same function on R^m.

    Parameters
    ----------
    net_a, net_b : Network
        Architectures ``(m, n_a, k)`` and ``(m, n_b, k)``; the widths may differ.

    Returns
    -------
    EquivalenceResult
        ``method="shallow"``.  When not equivalent: ``witness`` is a rational
        input where the outputs differ (verified by exact evaluation), and
        ``reason`` says in words which invariant differs (the jump of the
        gradient across a line where neurons switch, the linear term or the
        constant term left once those jumps are removed: the canonical data
        of ``docs/theory/shallow.md``).

    Raises
    ------
    ShapeError
        If a network is not shallow or the input/output dimensions differ.

    Notes
    -----
    Cost ``O((n_a + n_b)(m + k))`` rational operations plus one matrix product
    per network for ``G``; lines are compared by hashing (no matching).

    Examples
    --------
    >>> a = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])   # s(x) - s(-x)
    >>> b = Network.from_layers([([[1]], [0]), ([[1]], [0])])                 # s(x)
    >>> r = equivalent(a, a)
    >>> bool(r), r.method
    (True, 'shallow')
    >>> r = equivalent(a, b)
    >>> bool(r), r.reason
    (False, 'line x1 = 0: the gradient jumps by (1) across it in the second network and not at all in the first')
    >>> a(r.witness) != b(r.witness)
    True
    """
    ma, _, ka = check_shallow(net_a, "shallow.equivalent")
    mb, _, kb = check_shallow(net_b, "shallow.equivalent")
    if (ma, ka) != (mb, kb):
        raise ShapeError(
            f"networks map R^{ma} -> R^{ka} and R^{mb} -> R^{kb}; equivalence needs equal input and output dimensions"
        )
    da, db = canonical_data(net_a), canonical_data(net_b)
    return verdict(net_a, net_b, first_difference(da, db), "shallow", agree_reason(da.num_lines))


def agree_reason(lines: int) -> str:
    """The reason of an "equivalent" verdict from equal canonical data, in words."""
    return (f"the same {lines} line{'' if lines == 1 else 's'} where the gradient jumps, with the same jumps, "
            "and the same affine part once the jumps are removed")


def verdict(net_a: Network, net_b: Network, found, method: str, agree_reason: str) -> EquivalenceResult:
    """The :class:`EquivalenceResult` for :func:`first_difference`'s answer ``found``.

    A witness is returned only after exact evaluation shows that it separates
    the networks; otherwise the data and the evaluation disagree, a bug.
    """
    if found is None:
        return EquivalenceResult(True, method=method, reason=agree_reason)
    reason, witness = found
    out_a, out_b = net_a(witness), net_b(witness)
    if out_a == out_b:
        raise InternalCheckError(f"{method}.equivalent: the witness {witness} of '{reason}' does not separate the networks")
    return EquivalenceResult(False, witness=witness, outputs=(out_a, out_b), method=method, reason=reason)


def _fmt(values) -> str:
    return ", ".join(str(v) for v in values)


def line_equation(alpha, beta) -> str:
    """The hyperplane ``alpha . x + beta = 0`` as an equation in ``x1, x2, ...`` (zero terms left out).

    >>> line_equation([1, Fraction(-1, 2), 0], 3)
    'x1 - 1/2 x2 = -3'
    """
    terms = []
    for i, a in enumerate(alpha, start=1):
        if not a:
            continue
        size = "" if abs(a) == 1 else f"{abs(a)} "
        sign = ("-" if a < 0 else "") if not terms else (" - " if a < 0 else " + ")
        terms.append(f"{sign}{size}x{i}")
    return f"{''.join(terms) or '0'} = {-beta}"


def first_difference(da: CanonicalData, db: CanonicalData, kink_witness=None):
    """``None`` if the data agree, else ``(reason, witness)`` for the first differing invariant.

    ``kink_witness(da, db, key)`` finds a separating input near a line whose
    kinks differ (default :func:`difference_witness`; the orthant passes its
    own, which stays in the orthant).  The witness is checked by
    :func:`verdict` (exact evaluation), so a wrong witness is reported as an
    internal error, never returned.
    """
    kink_witness = difference_witness if kink_witness is None else kink_witness
    ka, kb = da.kinks_by_key, db.kinks_by_key
    for line in sorted(set(ka) | set(kb)):
        kink_a, kink_b = ka.get(line), kb.get(line)
        if kink_a != kink_b:
            lead = next(v for v in line if v)
            where = f"line {line_equation([Fraction(v, lead) for v in line[:-1]], Fraction(line[-1], lead))}"
            if kink_a is None:
                reason = f"{where}: the gradient jumps by ({_fmt(kink_b)}) across it in the second network and not at all in the first"
            elif kink_b is None:
                reason = f"{where}: the gradient jumps by ({_fmt(kink_a)}) across it in the first network and not at all in the second"
            else:
                reason = (f"{where}: the gradient jumps by ({_fmt(kink_a)}) across it in the first network and by "
                          f"({_fmt(kink_b)}) in the second")
            return reason, kink_witness(da, db, line)
    if da.constant != db.constant:
        return (f"constant term differs once the jumps are removed: ({_fmt(da.constant)}) vs ({_fmt(db.constant)})",
                tuple(_ZERO for _ in range(da.input_dim)))
    for col in range(da.input_dim):
        if any(ra[col] != rb[col] for ra, rb in zip(da.linear, db.linear)):
            reason = f"linear term differs once the jumps are removed, in the coefficients of x{col + 1}"
            return reason, tuple(Fraction(int(j == col)) for j in range(da.input_dim))
    return None


def difference_witness(da: CanonicalData, db: CanonicalData, key: tuple[int, ...]) -> tuple[Fraction, ...]:
    """An input near the line ``key`` (whose kink differs) where the two functions differ.

    A point ``p`` on the line and off every other line, a direction ``d`` with
    ``alpha . d = 1`` and a step ``eps`` so small that no other line crosses
    ``[p - eps d, p + eps d]``: the difference is affine on both halves with
    different slopes, so it is nonzero at one of the three points.  Points are
    supported on at most two coordinates, which keeps exact evaluation cheap.
    """
    m = da.input_dim
    lead = next(v for v in key if v)
    alpha = [Fraction(v, lead) for v in key[:-1]]
    beta = Fraction(key[-1], lead)
    j = next(i for i, v in enumerate(alpha) if v)  # alpha[j] == 1
    # Integer keys are positive multiples of the normalized lines: same zero sets and signs.
    others = list({u.key: None for u in da.lines + db.lines if u.key != key})
    base = [_ZERO] * m
    base[j] = -beta
    free = [l for l in range(m) if l != j]  # d_l = e_l - alpha_l e_j span the directions of the line

    def moved(coefficients):
        """``base + sum_l c_l d_l`` for ``{l: c_l}``, in O(m + len(coefficients))."""
        p = list(base)
        for l, c in coefficients.items():
            p[l] += c
            if alpha[l]:
                p[j] -= c * alpha[l]
        return tuple(p)

    def candidates():
        yield tuple(base)
        # Sparse points first (cheap exact evaluation of the networks) ...
        for l in free[:8]:
            for tau in (1, -1, 2, -2, 3):
                yield moved({l: Fraction(tau)})
        # ... then the moment curve base + sum_l tau^l d_l, which meets every other
        # hyperplane in at most m - 1 points unless it misses the line entirely.
        for tau in range(1, (m - 1) * len(others) + 2):
            yield moved({l: Fraction(tau) ** power for power, l in enumerate(free, start=1)})

    for p in candidates():
        values = [sum((a * x for a, x in zip(line, p) if a and x), Fraction(line[-1])) for line in others]
        if all(values):
            break
    else:  # pragma: no cover - impossible by the moment-curve argument
        raise InternalCheckError("difference_witness found no point of the line off the other lines")
    eps = Fraction(1)
    for line, value in zip(others, values):
        if line[j]:
            eps = min(eps, abs(value / line[j]) / 2)
    witnesses = []
    for step in (-eps, _ZERO, eps):
        x = list(p)
        x[j] += step
        witnesses.append(tuple(x))
    for x in witnesses:
        if da.evaluate(x) != db.evaluate(x):
            return x
    raise InternalCheckError("difference_witness: the canonical data differ on the line but not near it")
