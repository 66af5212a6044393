"""Exact equivalence of one-hidden-layer networks on the orthant ``R^m_{>=0}``.

Two shallow networks (any widths) agree on the closed orthant iff their
orthant canonical data (:func:`.canonical.canonical_data`) are equal
(``docs/theory/orthant.md``, Proposition 2).  When they differ, a witness in
the orthant is built from the first invariant that differs and checked by
exact evaluation of both networks.
"""

from __future__ import annotations

from fractions import Fraction

from ..core import linalg
from ..core.exceptions import InternalCheckError, ShapeError
from ..core.linalg import Constraint
from ..core.network import Network
from ..core.results import EquivalenceResult
from ..shallow.equivalence import agree_reason, verdict
from ..shallow.equivalence import first_difference as shallow_first_difference
from .canonical import OrthantData, canonical_data
from .types import check_shallow

__all__ = ["equivalent", "first_difference", "point_on_line"]

_ZERO = Fraction(0)


def equivalent(net_a: Network, net_b: Network) -> EquivalenceResult:
    """Decide exactly whether two shallow networks agree on the closed orthant ``R^m_{>=0}``.

    Parameters
    ----------
    net_a, net_b : Network
        Architectures ``(m, n_a, k)`` and ``(m, n_b, k)``.

    Returns
    -------
    EquivalenceResult
        ``method="orthant"``.  When not equivalent, ``witness`` is a point of
        the orthant where the outputs differ (verified by exact evaluation) and
        ``reason`` names the invariant that differs.

    Raises
    ------
    ShapeError
        A network is not shallow, or the input/output dimensions differ.

    Notes
    -----
    ``O((n_a + n_b)(m + k))`` rational operations plus one matrix product per
    network; a witness for a differing kink costs one exact LP.

    Examples
    --------
    ``y`` and ``s(y)`` agree on ``y >= 0`` but not on R:

    >>> a = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> b = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    >>> r = equivalent(a, b); bool(r), r.method
    (True, 'orthant')
    >>> c = Network.from_layers([([[1]], [-1]), ([[1]], [0])])
    >>> r = equivalent(a, c); bool(r), r.reason
    (False, 'line x1 = 1: the gradient jumps by (1) across it in the second network and not at all in the first')
    >>> r.witness[0] >= 0 and a(r.witness) != c(r.witness)
    True
    """
    ma, _, ka = check_shallow(net_a, "orthant.equivalent")
    mb, _, kb = check_shallow(net_b, "orthant.equivalent")
    if (ma, ka) != (mb, kb):
        raise ShapeError(f"networks map R^{ma} -> R^{ka} and R^{mb} -> R^{kb}; "
                         "equivalence needs equal input and output dimensions")
    da, db = canonical_data(net_a), canonical_data(net_b)
    found = first_difference(da, db)
    if found is not None and any(v < 0 for v in found[1]):
        raise InternalCheckError(f"orthant.equivalent: witness {found[1]} is outside the orthant")
    return verdict(net_a, net_b, found, "orthant", agree_reason(da.num_lines) + " on the orthant")


def first_difference(da: OrthantData, db: OrthantData):
    """``None`` if the data agree, else ``(reason, witness)``; kink witnesses lie in the orthant."""
    return shallow_first_difference(da, db, kink_witness=kink_witness)


def _value(key, y) -> Fraction:
    return sum((Fraction(a) * x for a, x in zip(key, y) if a and x), Fraction(key[-1]))


def _directions(count: int, through: int):
    """Coefficient vectors of directions inside a hyperplane with ``count`` basis directions.

    Six fixed combinations first, then ``(count - 1) * through + 1`` points of the moment curve
    ``(1, s, s^2, ...)``: a hyperplane through the base point other than the line's own meets the directions
    of the line in a proper subspace, so ``sum_l s^l (o . v_l)`` is a nonzero polynomial of degree at most
    ``count - 1`` and vanishes for at most ``count - 1`` values of ``s``.
    """
    yield [Fraction(1)] * count
    for i in range(1, 6):
        yield [Fraction((i * 7 + j * 3) % 5 - 2) for j in range(count)]
    for s in range(max(count - 1, 0) * through + 1):
        yield [Fraction(s) ** power for power in range(count)]


def point_on_line(key: tuple[int, ...], others, m: int) -> tuple[Fraction, ...]:
    """A point of the open orthant on the hyperplane ``key`` and off every hyperplane in ``others``.

    The hyperplane must meet the open orthant (every nonlinear neuron's does).
    One exact LP finds a point ``p0``; then a direction ``d`` inside the
    hyperplane that lies in none of the other hyperplanes through ``p0``
    (one of the directions of :func:`_directions` does, by the polynomial
    argument there), and ``len(others) + 2`` points of the segment from ``p0``
    along ``d`` inside the orthant: each other hyperplane meets it at most once,
    those through ``p0`` only at ``p0``, so one of the points avoids them all.

    Examples
    --------
    Six planes through the LP point ``(1, 1, 1)`` of ``z1 + z2 + z3 = 3``, each containing one of the six fixed
    directions (the moment curve is needed):

    >>> others = [(0, 1, -1, 0), (1, -2, 1, 0), (1, 1, -2, 0), (1, -1, 0, 0), (2, -1, -1, 0), (1, 0, -1, 0)]
    >>> p = point_on_line((1, 1, 1, -3), others, 3)
    >>> sum(p) == 3 and min(p) > 0 and all(_value(o, p) for o in others)
    True
    """
    cons = [Constraint(tuple(Fraction(int(i == j)) for i in range(m)), _ZERO, ">") for j in range(m)]
    cons.append(Constraint(tuple(Fraction(v) for v in key[:-1]), Fraction(key[-1]), "=="))
    found = linalg.feasible_point(cons, m)
    if not found:
        raise InternalCheckError(f"the hyperplane {key} does not meet the open orthant")
    p0 = found.point
    directions = list(linalg.nullspace([[Fraction(v) for v in key[:-1]]], m))
    others = [o for o in others if o != key]
    through = [o for o in others if not _value(o, p0)]
    for combo in _directions(len(directions), len(through)):
        d = [sum((c * v[i] for c, v in zip(combo, directions)), _ZERO) for i in range(m)]
        if any(not sum((Fraction(a) * x for a, x in zip(o[:-1], d) if a and x), _ZERO) for o in through):
            continue  # the segment lies in another hyperplane through p0: no step can leave it
        bound = min([p0[i] / abs(d[i]) for i in range(m) if d[i]] + [Fraction(1)]) / 2
        for step in range(len(others) + 2):
            tau = bound * Fraction(step, len(others) + 2)
            p = tuple(x + tau * di for x, di in zip(p0, d))
            if all(_value(o, p) for o in others):
                return p
    raise InternalCheckError(f"no point of the hyperplane {key} in the open orthant avoids the other lines")


def kink_witness(da: OrthantData, db: OrthantData, key: tuple[int, ...]) -> tuple[Fraction, ...]:
    """A point of the orthant near the line ``key`` (whose kink differs) where the two functions differ.

    With ``p`` on the line inside the open orthant and off the other lines, and
    ``e`` the coordinate direction of the line's leading entry, the difference
    is affine on both halves of ``[p - eps e, p + eps e]`` with different
    slopes once ``eps`` is below the distance to every other line and to the
    orthant's boundary, so it is nonzero at one of the three points.
    """
    m = da.input_dim
    others = list({u.key: None for u in da.lines + db.lines if u.key != key})
    p = point_on_line(key, others, m)
    j = next(i for i, v in enumerate(key) if v)
    eps = p[j] / 2
    for o in others:
        if o[j]:
            eps = min(eps, abs(_value(o, p) / o[j]) / 2)
    for step in (-eps, _ZERO, eps):
        y = list(p)
        y[j] += step
        if da.evaluate(y) != db.evaluate(y):
            return tuple(y)
    raise InternalCheckError("kink_witness: the canonical data differ on the line but not near it")
