"""Exact equivalence of two three-layer networks of the same architecture, by exact moves and orthant data.

Every answer is proven (``docs/theory/three_layer.md``, Section 12, Theorem 12.1):

* **equivalent** only through a chain of exact identities: the first layer of
  ``b`` is that of ``a`` up to permutation, positive scaling, a hiding
  translation (inside its interval), a sign change (one live row) and the
  translated visible neurons (Sections 10.9-10.11), and the two second
  layers, rewritten in ``a``'s coordinates, have equal canonical data on the
  orthant (:mod:`semialg_fibers.orthant.canonical`); or by the general oracle;
* **not equivalent** only with a rational input where the two outputs differ,
  checked by exact evaluation: from the one-variable profiles, from the
  orthant comparison, from a search among candidate points near the
  hyperplanes of both networks, or from the general oracle.

:func:`decision_path` names the path that decided.  ``n1 = 1`` is decided from
the two one-variable profiles (every parameter).  For ``n1 >= 2``, a pair whose
first layers align is decided from the orthant data, without a search, when
``W1`` has full row rank; every equivalent pair one of whose networks has a
fiber proven complete aligns (Lemma 12.2).  When the first layers do not align,
the witness comes from the candidate search, which is not proven to contain one;
if it finds none, the general oracle decides when the networks are small enough
(``method`` says so; it enumerates regions), otherwise
:class:`~semialg_fibers.core.exceptions.NotDecidedError`.

Cost (Section 12): an aligned equivalent pair ``O(n1^2 d + n1^3 + n1^2 n2 +
n1 (n1 + n2)(k + log(n1 + n2)))`` rational operations (plus ``2^n1`` sets listed
when every live row is linear and a neuron is translated); a witness from the
orthant data one exact LP more; the candidate search ``O(per n1 (n1 + n2) N)``;
the oracle enumerates regions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core import linalg
from ..core.exceptions import InternalCheckError, NotDecidedError, ShapeError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.results import EquivalenceResult
from ..orthant.canonical import canonical_data
from ..orthant.equivalence import first_difference
from .families import translated_network, translated_sets
from .first_layer import affine_change
from .hiding import ColumnKind, column_status, column_statuses, hiding_interval, translate
from .moves import sign_change, sign_change_ratios
from .profile import profile
from .rows import check_three_layer, second_layer

__all__ = ["equivalent", "align", "Alignment", "find_witness", "decision_path", "PATHS"]

_ZERO, _ONE = Fraction(0), Fraction(1)
METHOD = "three-layer"
FALLBACK = "oracle (three-layer fallback)"

#: The paths that can decide a pair, as :func:`decision_path` names them (``docs/theory/three_layer.md``, Section 12).
PATHS = ("identical", "one variable", "aligned", "witness search", "oracle fallback")

# phrases of the reasons that tell the paths apart (decision_path reads them)
_IDENTICAL = "the two networks are identical"
_ALIGNED = "first layers equal up to permutation and positive scaling"
_UNALIGNED = "the first layers are not related by an exact move"
_SEARCHED = "W1 does not reach every y, so the witness comes from the candidate search near the hyperplanes"


def _key(row) -> tuple[Fraction, ...] | None:
    """A weight row up to nonzero scaling: divided by its first nonzero entry (sign included)."""
    lead = next((v for v in row if v), None)
    return None if lead is None else tuple(v / lead for v in row)


# ---------------------------------------------------------------------------- n1 = 1
def _proportional(u, v) -> Fraction | None:
    """``p`` with ``v = p u`` (``u != 0``), else None."""
    lead = next(c for c, x in enumerate(u) if x)
    p = v[lead] / u[lead]
    return p if p and all(y == p * x for x, y in zip(u, v)) else None


def _result(a: Network, b: Network, x, reason: str, outputs=None) -> EquivalenceResult:
    x = tuple(Fraction(v) for v in x)
    out_a, out_b = outputs if outputs is not None else (a(x), b(x))
    if out_a == out_b:
        raise InternalCheckError(f"three-layer equivalence: the witness {tuple(map(str, x))} of '{reason}' does not "
                                 "separate the networks")
    return EquivalenceResult(False, witness=x, outputs=(out_a, out_b), method=METHOD,
                             reason=reason + "; the witness is checked by exact evaluation")


def _one_variable(a: Network, b: Network) -> EquivalenceResult:
    from .first_layer import preimage

    wa, wb = a.layers[0].weight[0], b.layers[0].weight[0]
    ba, bb = a.layers[0].bias[0], b.layers[0].bias[0]
    if not any(wa) or not any(wb):
        # a constant first layer: the function is constant; compare with the other's profile
        return _constant_case(a, b)
    pa, pb = profile(a), profile(b)
    p = _proportional(wa, wb)
    if p is not None:
        q = bb - p * ba
        points = set(pa.breakpoints) | {(t - q) / p for t in pb.breakpoints}
        lo, hi = (min(points), max(points)) if points else (_ZERO, _ZERO)
        for y in sorted(points) + [lo - 1, hi + 1]:
            if pa(y) != pb(p * y + q):
                return _result(a, b, preimage(a, (y,)),
                               f"the one-variable functions F_a(y) and F_b({p} y + {q}) differ at the breakpoint "
                               f"or end point y = {y} (W1 of b is {p} times W1 of a)")
        return EquivalenceResult(True, method=METHOD, reason=(
            f"W1 of b is {p} times W1 of a, and the one-variable functions F_a(y) and F_b({p} y + {q}) agree at all "
            f"{len(points)} breakpoints of both and beyond both ends (piecewise linear functions of one variable)"))
    if pa.is_constant and pb.is_constant:
        if pa.constant == pb.constant:
            return EquivalenceResult(True, method=METHOD, reason="both functions are constant with the same value")
        return _result(a, b, (_ZERO,) * a.input_dim, "both functions are constant, with different values")
    # W1 of a and of b are not proportional: the non-constant one changes along ker of the other's W1
    first, second, flip = (a, b, False) if not pa.is_constant else (b, a, True)
    prof = pa if not flip else pb
    w_first, w_second = first.layers[0].weight[0], second.layers[0].weight[0]
    y1 = prof.breakpoints[0] - 1
    y2 = next(t for t in list(prof.breakpoints) + [prof.breakpoints[-1] + 1] if prof(t) != prof(y1))
    u = linalg.solve([list(w_first), list(w_second)], [y2 - y1, _ZERO])
    x1 = preimage(first, (y1,))
    for x in (x1, tuple(v + s for v, s in zip(x1, u))):
        if a(x) != b(x):
            return _result(a, b, x, "the first-layer weights are not proportional and one function is not constant: "
                           "it changes along a direction in which the other is constant")
    raise InternalCheckError("three-layer equivalence (n1 = 1): no witness along the kernel direction")


def _constant_case(a: Network, b: Network) -> EquivalenceResult:
    values = []
    for net in (a, b):
        if any(net.layers[0].weight[0]):
            prof = profile(net)
            values.append(prof.constant if prof.is_constant else None)
        else:
            values.append(net((_ZERO,) * net.input_dim))
    if values[0] is not None and values[0] == values[1]:
        return EquivalenceResult(True, method=METHOD, reason="both functions are constant with the same value")
    found = find_witness(a, b)
    if found is None:
        raise InternalCheckError("three-layer equivalence: a constant and a different function without a witness")
    return _result(a, b, found, "one function is constant and the other is not (or has another value)")


# ---------------------------------------------------------------------------- n1 >= 2: aligning the first layers
@dataclass(frozen=True)
class Alignment:
    """``b`` rewritten in the coordinates of ``a``: after the moves, ``y_b = diag(scale) P y_a``, ``P`` a permutation.

    Attributes
    ----------
    a, b : Network
        The two networks after the moves (same functions as the inputs).
    order : tuple of int
        ``order[l]``: the neuron of ``a`` that neuron ``l`` of ``b`` realizes.
    scale : tuple of Fraction
        The positive factors.
    steps : tuple of str
        The moves, in words.
    """

    a: Network
    b: Network
    order: tuple[int, ...]
    scale: tuple[Fraction, ...]
    steps: tuple[str, ...]


@dataclass(frozen=True)
class Obstacle:
    """Why the first layers could not be aligned, with hints for the witness search."""

    reason: str
    points: tuple = ()
    directions: tuple = ()


def _match(a: Network, b: Network):
    """``(rows, q)`` with ``rows[l] = (i, lambda)`` when ``W1b[l] = lambda W1a[i]`` and ``q = b1b - P b1a``, or None."""
    wa, wb = a.layers[0].weight, b.layers[0].weight
    index = {}
    for i, row in enumerate(wa):
        index.setdefault(_key(row), i)
    rows = []
    for row in wb:
        key = _key(row)
        i = index.get(key) if key is not None else None
        if i is None:
            return None
        lead = next(c for c, v in enumerate(row) if v)
        rows.append((i, row[lead] / wa[i][lead]))
    if len({i for i, _ in rows}) != len(rows):
        return None
    q = tuple(bl - lam * a.layers[0].bias[i] for (i, lam), bl in zip(rows, b.layers[0].bias))
    return rows, q


def _general(a: Network, b: Network):
    """``W1b = P W1a`` by one elimination: ``rows`` (``(i, lambda)`` for unit rows, ``(None, row)`` else) and ``q``."""
    n1 = a.architecture[1]
    try:
        found = affine_change(a, b)
    except ValueError:
        return "rank"
    if found is None:
        return None
    P, q = found
    rows = []
    for p in P:
        nonzero = [m for m in range(n1) if p[m]]
        rows.append((nonzero[0], p[nonzero[0]]) if len(nonzero) == 1 else (None, tuple(p)))
    return rows, q


def _directions(net: Network) -> list:
    """x-directions moving one first-layer coordinate each (``W1 u_l = e_l``)."""
    n1 = net.architecture[1]
    inv = _right_inverse(net)
    return [inv([_ONE if m == l else _ZERO for m in range(n1)], homogeneous=True) for l in range(n1)] if inv else []


def align(a: Network, b: Network) -> Alignment | Obstacle:
    """Rewrite ``b`` in ``a``'s first-layer coordinates by exact moves, or say why that is impossible.

    The moves: the sign change of ``b`` (one live row hiding a column) for the
    neurons whose orientation is reversed, then one hiding translation (of
    ``a`` when ``t >= 0``, of ``b`` otherwise, each inside its interval).  After
    them the first layer of ``b`` must be ``a``'s up to permutation and positive
    scaling.  ``O(n1 d)`` hashing when the rows of ``W1`` match up to scaling,
    otherwise one elimination ``O(n1^2 d + n1^3)``.

    Examples
    --------
    >>> from semialg_fibers.three_layer import sign_change
    >>> a = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> found = align(a, sign_change(a, 0, [1]))
    >>> found.steps, found.order, found.scale
    (('sign change of neuron(s) 2 of b through its hidden neuron 1',), (0, 1), (Fraction(1, 1), Fraction(1, 1)))
    >>> align(a, Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1]], [-1]), ([[3]], [1])])).reason[:36]
    'neuron 1 of b is a combination of se'
    """
    steps = []
    for _ in range(2):
        found = _match(a, b) or _general(a, b)
        if found == "rank":
            return Obstacle("W1 of the first network does not have full row rank (G1 fails)")
        if found is None:
            return Obstacle("the rows of W1 span different spaces (different kernels): one function is invariant "
                            "along a direction in which the other is not", directions=tuple(_kernel_directions(a, b)))
        rows, q = found
        general = [l for l, r in enumerate(rows) if r[0] is None]
        reversed_ = [l for l, r in enumerate(rows) if r[0] is not None and r[1] < 0]
        if not reversed_:
            break
        if steps:
            break
        # the sign change of b undoes it when b has one live row; otherwise that of a (the same relation)
        for which, net, columns in (("b", b, reversed_), ("a", a, [rows[l][0] for l in reversed_])):
            hidden = [st.column for st in column_statuses(net) if st.kind == ColumnKind.HIDDEN]
            if hidden and set(columns) <= set(sign_change_ratios(net, hidden[0])):
                moved = sign_change(net, hidden[0], columns)
                a, b = (a, moved) if which == "b" else (moved, b)
                steps.append(f"sign change of neuron(s) {', '.join(str(l + 1) for l in sorted(columns))} of {which} "
                             f"through its hidden neuron {hidden[0] + 1}")
                break
        else:
            break
    if reversed_:
        i = rows[reversed_[0]][0]
        return Obstacle(f"neuron {reversed_[0] + 1} of b is neuron {i + 1} of a with a negative factor, and no sign "
                        "change (one live row hiding a column) reverses it", directions=tuple(_directions(a)[i:i + 1]))
    if general:
        return Obstacle(f"neuron {general[0] + 1} of b is a combination of several first-layer neurons of a "
                        "(no exact move relates the first layers)", directions=tuple(_directions(a)))
    if len({i for i, _ in rows}) != len(rows):  # noqa: E501 (unit rows only here)
        return Obstacle("two first-layer neurons of b realize the same neuron of a (W1 of b is not of full row rank)")
    shifted = [l for l, v in enumerate(q) if v]
    if len(shifted) > 1:
        # every live row linear (Theorem 10.11): a's neurons moved forward, b's back, each set at once
        forward = dict(sorted((rows[l][0], q[l] / rows[l][1]) for l in shifted if q[l] > 0))
        backward = {l: -q[l] for l in shifted if q[l] < 0}
        if not all(tuple(moved) in translated_sets(net) for net, moved in ((a, forward), (b, backward)) if moved):
            return Obstacle(f"neurons {', '.join(str(l + 1) for l in shifted)} of b are translated first-layer "
                            "neurons of a; several neurons can be translated only when every live row is linear")
        if forward:
            a = translated_network(a, tuple(forward), tuple(forward.values()))
            steps.append(f"translated visible neurons {', '.join(str(c + 1) for c in forward)} of a (every "
                         "live row linear)")
        if backward:
            b = translated_network(b, tuple(backward), tuple(backward.values()))
            steps.append(f"translated visible neurons {', '.join(str(l + 1) for l in backward)} of b (every "
                         "live row linear)")
        shifted = []
    if shifted:
        l = shifted[0]
        i, lam = rows[l]
        t = q[l] / lam
        moved = _translate(a, i, t)
        if moved is not None:
            a = moved
            steps.append(f"hiding translation t = {t} of neuron {i + 1} of a")
        else:
            moved = _translate(b, l, -q[l])
            if moved is not None:
                b = moved
                steps.append(f"hiding translation t = {-q[l]} of neuron {l + 1} of b")
            elif t > 0 and (i,) in translated_sets(a):
                # a rewritten with that first layer (Theorems 10.9, 10.10): its second layer realizes g(s(z - t e_i))
                a = translated_network(a, i, t)
                steps.append(f"translated visible neuron: neuron {i + 1} of a moved by t = {t} (its face is crossed "
                             "by no row)")
            else:
                return Obstacle(f"neuron {l + 1} of b is neuron {i + 1} of a translated by t = {t}, outside the "
                                "hiding intervals of both networks", directions=tuple(_directions(a)[i:i + 1]))
    order = tuple(i for i, _ in rows)
    scale = tuple(lam for _, lam in rows)
    return Alignment(a, b, order, scale, tuple(steps))


def _translate(net: Network, i: int, t: Fraction) -> Network | None:
    """``translate(net, i, t)`` when column ``i`` is hidden and ``t`` is in its exact interval, else None."""
    if column_status(net, i).kind != ColumnKind.HIDDEN:
        return None
    try:
        interval = hiding_interval(net, i)
    except NotDecidedError:
        return None
    return translate(net, i, t) if t in interval else None


def _kernel_directions(a: Network, b: Network) -> list:
    out = []
    for first, second in ((a, b), (b, a)):
        for u in linalg.nullspace(second.layers[0].weight, second.input_dim):
            if any(sum((w * v for w, v in zip(row, u)), _ZERO) for row in first.layers[0].weight):
                out.append(u)
                break
    return out


def _rewritten(alignment: Alignment) -> Network:
    """The second layer of ``b`` in ``a``'s coordinates: ``W[j, order[l]] = W2b[j, l] scale[l]``."""
    b = alignment.b
    n1 = b.architecture[1]
    weight = [[_ZERO] * n1 for _ in b.layers[1].weight]
    for l, (i, lam) in enumerate(zip(alignment.order, alignment.scale)):
        for j, row in enumerate(b.layers[1].weight):
            weight[j][i] = row[l] * lam
    return Network.from_layers([(weight, b.layers[1].bias), (b.layers[2].weight, b.layers[2].bias)])


# ---------------------------------------------------------------------------- witnesses
def _right_inverse(net: Network):
    """``y -> x`` with ``W1 x + b1 = y``, or None when ``W1`` is not of full row rank.

    ``x`` is supported on ``n1`` pivot columns of ``W1`` (one FLINT inversion of
    that square block), so it is sparse and cheap to evaluate.
    """
    w, bias = net.layers[0].weight, net.layers[0].bias
    n1, d = len(w), len(w[0])
    _, pivots = linalg.rref(w, d)
    if len(pivots) < n1:
        return None
    block = [[row[c] for c in pivots] for row in w]
    inv = linalg.solve_left(block, [[_ONE if i == j else _ZERO for j in range(n1)] for i in range(n1)], n1)

    def to_x(y, homogeneous: bool = False):
        rhs = [Fraction(v) - (_ZERO if homogeneous else bl) for v, bl in zip(y, bias)]
        x = [_ZERO] * d
        for m, c in enumerate(pivots):
            x[c] = sum((inv[m][j] * rhs[j] for j in range(n1) if rhs[j] and inv[m][j]), _ZERO)
        return tuple(x)
    return to_x


def _candidates(net: Network, rng: random.Random, per: int):
    """Points near the first-layer hyperplanes (``y_l = 0`` and ``y_l = +-eps``) and the row hyperplanes of ``net``."""
    to_x = _right_inverse(net)
    if to_x is None:
        return
    n1 = net.architecture[1]
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    for scale in (Fraction(1), Fraction(10), Fraction(1, 10), Fraction(100)):
        for l in range(n1):
            for _ in range(per):
                y = [scale * Fraction(rng.randint(-40, 40), rng.randint(1, 9)) for _ in range(n1)]
                y[l] = _ZERO
                eps = scale / 1000
                for shift in (_ZERO, eps, -eps):
                    yy = list(y)
                    yy[l] = shift
                    yield to_x(yy)
        for row, c in zip(w2, b2):
            positive = [m for m, v in enumerate(row) if v]
            if not positive:
                continue
            for _ in range(per):
                z = [scale * Fraction(rng.randint(0, 40), rng.randint(1, 9)) for _ in range(n1)]
                m = rng.choice(positive)
                rest = sum((v * x for j, (v, x) in enumerate(zip(row, z)) if j != m), c)
                z[m] = -rest / row[m]
                if z[m] < 0:
                    continue
                eps = scale / 1000
                for shift in (_ZERO, eps, -eps):
                    zz = list(z)
                    zz[m] += shift
                    if zz[m] >= 0:
                        yield to_x(zz)


def find_witness(a: Network, b: Network, points: Sequence = (), directions: Sequence = (), *, seed: int = 0,
                 per: int = 3) -> tuple[Fraction, ...] | None:
    """A rational input where ``a`` and ``b`` differ, from a polynomial list of candidates, or None.

    Candidates: the given points, then, for each network whose ``W1`` has full
    row rank and each of four scales, ``per`` random points on and near every
    first-layer hyperplane and every second-layer row hyperplane (in the
    orthant), then ``16 per`` random points; each is also moved six steps
    along each given direction.  At most ``(len(points) + (24 (n1 + n2) + 16)
    per) (1 + 6 len(directions))`` evaluations of both networks.  That the
    list contains a witness when the networks differ is proven for ``n1 = 1``
    when one network is constant (``docs/theory/three_layer.md``, proof of
    Theorem 12.4), not in general: None does not mean "equivalent".
    """
    rng = random.Random(seed)
    d = a.input_dim

    def moved(x):
        yield x
        for u in directions:
            for s in (_ONE, -_ONE, Fraction(1, 10), Fraction(-1, 10), Fraction(10), Fraction(-10)):
                yield tuple(v + s * e for v, e in zip(x, u))

    def randoms():
        for scale in (1, 10, 100, 1000):
            for _ in range(4 * per):
                yield tuple(Fraction(rng.randint(-50 * scale, 50 * scale), rng.randint(1, 9)) for _ in range(d))

    sources = [iter(tuple(Fraction(v) for v in p) for p in points), _candidates(a, rng, per), _candidates(b, rng, per),
               randoms()]
    for source in sources:
        for base in source:
            for x in moved(base):
                if a(x) != b(x):
                    return x
    return None


# ---------------------------------------------------------------------------- the test
def _fallback(a: Network, b: Network, reason: str, limits: SearchLimits) -> EquivalenceResult:
    from ..general.oracle import equivalent as oracle_equivalent

    try:
        result = oracle_equivalent(a, b, max_regions=limits.regions, orbit_check=False)
    except NotDecidedError as exc:
        raise NotDecidedError(f"three-layer equivalence: {reason}, and no witness was found near the hyperplanes; "
                              f"the general oracle is beyond its limits ({exc})") from exc
    return EquivalenceResult(result.equivalent, result.witness, result.outputs, FALLBACK,
                             f"{reason}, and no witness was found near the hyperplanes; decided by the general oracle: "
                             f"{result.reason}", result.regions)


def equivalent(a: Network, b: Network, *, limits: SearchLimits | None = None) -> EquivalenceResult:
    """Decide exactly whether two three-layer networks of the same architecture compute the same function on R^d.

    Parameters
    ----------
    a, b : Network
        Architecture ``(d, n1, n2, k)`` each.
    limits : SearchLimits, optional
        ``limits.regions`` bounds the general oracle of the fallback.

    Returns
    -------
    EquivalenceResult
        ``method = "three-layer"`` (or ``"oracle (three-layer fallback)"``);
        :func:`decision_path` names the path.  Equivalent answers are exact
        identities; "not equivalent" carries a witness checked by exact
        evaluation.

    Raises
    ------
    ShapeError
        The networks are not three-layer networks of one architecture.
    NotDecidedError
        No witness is found (the first layers cannot be aligned, or ``W1``
        does not reach every ``y``) and the general oracle is beyond
        ``limits``.

    Notes
    -----
    No region is enumerated unless the fallback runs.  The inputs proven to be
    decided without the candidate search and the fallback (Theorem 12.4 of
    ``docs/theory/three_layer.md``, Section 12): every pair with ``n1 = 1``;
    for ``n1 >= 2``, every pair whose first layers align with ``W1`` of full
    row rank, in particular ``b`` with ``a``'s first layer up to permutation
    and positive scaling (any second and third layers) and every equivalent
    pair one of whose fibers is proven complete.  An aligned equivalent pair
    costs ``O(n1^2 d + n1^3 + n1^2 n2 + n1 (n1 + n2)(k + log(n1 + n2)))``
    rational operations (``O(2^n1 n1)`` more when every live row is linear and a
    neuron is translated); its witness, when not equivalent, one exact LP and
    ``O(n1^2 d + n1^3 + n1 L^2 + N)`` more (``L <= 2 n2 + n1`` kink lines;
    ``O(n1^2 L^2)`` when hyperplanes through the LP point block the first
    directions tried).  With ``n1 = 1`` and a zero first layer the witness
    comes from the other network's candidate list, proven to contain one:
    ``O(per n2 (d + n2 k))``.  The candidate search costs
    ``O(per n1 (n1 + n2) N)``; the fallback enumerates regions.

    Examples
    --------
    A hiding translation composed with a permutation and scaling of both hidden layers:

    >>> from semialg_fibers.core.symmetries import act
    >>> from semialg_fibers.three_layer import translate
    >>> a = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, -1]), ([[3, 1]], [1])])
    >>> b = act(act(translate(a, 0, 3), 1, [1, 0], [2, 5]), 2, [1, 0], [1, 3])
    >>> r = equivalent(a, b); bool(r), r.reason.split(";")[0]
    (True, 'hiding translation t = 3 of neuron 1 of a')

    Past the end of the translation interval the functions differ:

    >>> c = translate(a, 0, -1, check=False)
    >>> r = equivalent(a, c); bool(r), a(r.witness) != c(r.witness)
    (False, True)
    """
    for net in (a, b):
        check_three_layer(net, "three_layer.equivalent")
    if a.architecture != b.architecture:
        raise ShapeError(f"three_layer.equivalent compares networks of one architecture; got {a.architecture} and "
                         f"{b.architecture}")
    limits = resolve(limits)
    if a == b:
        return EquivalenceResult(True, method=METHOD, reason=_IDENTICAL)
    if a.architecture[1] == 1:
        return _one_variable(a, b)
    found = align(a, b)
    if isinstance(found, Obstacle) and isinstance(swapped := align(b, a), Alignment):
        # a translated visible neuron moves by t > 0 from one network to the other only; equivalence is symmetric,
        # and every witness below is checked on the two input networks
        found = Alignment(swapped.a, swapped.b, swapped.order, swapped.scale,
                          ("the networks exchanged (a is b, b is a)",) + swapped.steps)
    if isinstance(found, Obstacle):
        witness = find_witness(a, b, found.points, found.directions)
        if witness is not None:
            return _result(a, b, witness, f"{_UNALIGNED} ({found.reason})")
        return _fallback(a, b, f"{_UNALIGNED} ({found.reason})", limits)
    da, db = canonical_data(second_layer(found.a)), canonical_data(_rewritten(found))
    moves = "; ".join(found.steps + (_ALIGNED,))
    difference = first_difference(da, db)
    if difference is None:
        return EquivalenceResult(True, method=METHOD, reason=(
            f"{moves}; the second layers, written in the first network's coordinates, have equal canonical data on "
            f"the orthant ({len(da.lines)} kink lines with their kinks, the same affine part)"))
    reason, z = difference
    to_x = _right_inverse(found.a)
    if to_x is not None:
        x = to_x(z)
        outputs = (a(x), b(x))
        if outputs[0] != outputs[1]:
            return _result(a, b, x, f"{moves}; the second layers differ on the orthant: {reason}", outputs)
    witness = find_witness(a, b)
    if witness is not None:
        return _result(a, b, witness, f"{moves}; the second layers differ on the orthant: {reason}; {_SEARCHED}")
    return _fallback(a, b, f"the second layers differ on the orthant ({reason}) but W1 does not reach every y", limits)


def decision_path(result: EquivalenceResult) -> str:
    """Which path of :func:`equivalent` decided ``result``: one of :data:`PATHS`.

    * ``"identical"``: the two networks are equal as parameters;
    * ``"one variable"``: ``n1 = 1``, the two profiles compared at their
      breakpoints (every pair; no search);
    * ``"aligned"``: exact moves put ``b``'s first layer onto ``a``'s and the
      orthant canonical data of the second layers decided (with a witness from
      the orthant when they differ);
    * ``"witness search"``: the first layers could not be aligned (or ``W1``
      does not reach every ``y``) and the candidate search near the
      hyperplanes found the witness; that this list contains a witness is not
      proven (``docs/theory/three_layer.md``, Section 12);
    * ``"oracle fallback"``: the general oracle decided.

    On the inputs of Theorem 12.4 of that section the path is one of the
    first three (proven).

    Parameters
    ----------
    result : EquivalenceResult
        A result of :func:`equivalent`.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        ``result.method`` is neither ``"three-layer"`` nor the fallback's.

    Examples
    --------
    >>> from semialg_fibers.three_layer import translate
    >>> a = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> decision_path(equivalent(a, translate(a, 0, 2))), decision_path(equivalent(a, a))
    ('aligned', 'identical')
    >>> b = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", 1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> r = equivalent(a, b); bool(r), decision_path(r)   # neuron 2 translated outside every hiding interval
    (False, 'witness search')
    """
    if result.method == FALLBACK:
        return "oracle fallback"
    if result.method != METHOD:
        raise ValueError(f"decision_path reads results of three_layer.equivalent (method {METHOD!r} or {FALLBACK!r}); "
                         f"got method {result.method!r}")
    if result.reason == _IDENTICAL:
        return "identical"
    if result.reason.startswith(_UNALIGNED) or _SEARCHED in result.reason:
        return "witness search"
    if _ALIGNED in result.reason:
        return "aligned"
    return "one variable"
