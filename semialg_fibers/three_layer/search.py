"""Exhaustive exact search for the representations of a three-layer function with other first layers.

For a network with ``W1`` of full row rank, every parameter ``theta'`` of its
fiber whose first layer also has full row rank satisfies ``W1' = P W1`` and
``y' = P y + q`` (``y = W1 x + b1``).  Its first-layer hyperplanes
``{y'_l = 0}`` that carry a kink of ``f`` lie in the non-differentiability set
of ``F(y) = g(s(y))``, which is contained in the *candidate hyperplanes*: the
``H_i = {y_i = 0}`` and, for each row ``j`` and each set ``S`` of positive
coordinates on which ``(w_j|_S, c_j)`` takes both signs, the hyperplane
``{w_j|_S . y_S + c_j = 0}`` of a piece of the row's bent hyperplane.  A hidden
first-layer neuron of ``theta'`` can be translated to the end of its interval,
where a hiding row's kink lies on its hyperplane, so it is found there.

:func:`representations` tries every choice of ``n1`` candidates with both
orientations, keeps those with ``G(y') = G(s(y'))`` (``G = F o (P, q)^{-1}``,
a necessary condition checked at exact random points), fits the second layer
on the orthant exactly (one ridge per candidate hyperplane that crosses it,
plus an affine part), enumerates the orientation choices whose linear part
fits in the remaining rows (nonnegative column rank), and verifies every
representation with the general oracle.  Each result carries a *class key*
that is invariant under permutations, positive scalings, the hiding
translation, dead and linear rows: distinct keys are distinct discrete
classes of the fiber.

Completeness holds under the assumption that every first-layer neuron of
``theta'`` carries a kink of ``f`` or is hidden (no cancellations in
``theta'``) and that ``theta'`` uses its rows minimally (one row per kink
hyperplane, linear rows by a nonnegative factorization); mixed lines and
cancelling groups, which need spare rows, are not enumerated.  It is a
verification tool for small networks (``docs/theory/three_layer.md``,
Section 7), exponential in the number of candidates.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

from ..core import linalg
from ..core.exceptions import InternalCheckError, LimitReachedError, NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.nonnegative_rank import nonnegative_column_rank
from ..general.oracle import equivalent as oracle_equivalent
from ..onelayer.lines import line_key
from .first_layer import has_full_row_rank
from .hiding import hidden_hyperplanes, translate
from .rows import check_three_layer, output_column, row_types

__all__ = ["Representation", "candidate_hyperplanes", "representations", "class_key", "known_classes"]

_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class Representation:
    """One representation found by :func:`representations`.

    Attributes
    ----------
    network : Network
        ``theta'`` (same architecture, ``x``-coordinates), oracle-equivalent to the input.
    key : tuple
        Its discrete class (:func:`class_key`).
    """

    network: Network
    key: tuple = field(compare=False)


def _relu(v: Fraction) -> Fraction:
    return v if v > 0 else _ZERO


def _y_function(net: Network):
    (w2, b2), (w3, b3) = ((layer.weight, layer.bias) for layer in net.layers[1:])

    def F(y):
        z = [_relu(v) for v in y]
        h = [_relu(sum((w * v for w, v in zip(row, z) if w), c)) for row, c in zip(w2, b2)]
        return tuple(sum((a * v for a, v in zip(row, h) if a), b) for row, b in zip(w3, b3))
    return F


def candidate_hyperplanes(net: Network) -> tuple[tuple[Fraction, ...], ...]:
    """The candidate first-layer hyperplanes ``(alpha, beta)`` in ``y``-coordinates (primitive integer forms).

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[-1, 2]], [1]), ([[1]], [0])])
    >>> [tuple(map(int, h)) for h in candidate_hyperplanes(net)]
    [(0, 1, 0), (1, -2, -1), (1, 0, -1), (1, 0, 0)]
    """
    _, n1, n2, _ = check_three_layer(net, "candidate_hyperplanes")
    weight, bias = net.layers[1].weight, net.layers[1].bias
    found: dict = {}
    for i in range(n1):
        form = tuple(Fraction(int(m == i)) for m in range(n1)) + (_ZERO,)
        found[line_key(form)[0]] = form
    for j in range(n2):
        if not any(output_column(net, j)):
            continue
        for size in range(1, n1 + 1):
            for mask in itertools.combinations(range(n1), size):
                values = [weight[j][m] for m in mask] + [bias[j]]
                if any(weight[j][m] for m in mask) and any(v > 0 for v in values) and any(v < 0 for v in values):
                    form = tuple(weight[j][m] if m in mask else _ZERO for m in range(n1)) + (bias[j],)
                    found.setdefault(line_key(form)[0], form)
    return tuple(tuple(Fraction(v) for v in key) for key in sorted(found))


def _inverse(P: list[list[Fraction]]) -> list[list[Fraction]] | None:
    n = len(P)
    if linalg.rank(P, n) < n:
        return None
    columns = [linalg.solve(P, [Fraction(int(i == j)) for i in range(n)], n) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def _crossing(form) -> bool:
    return any(form[:-1]) and any(v > 0 for v in form) and any(v < 0 for v in form)


def _point_on(h, n1: int, rng: random.Random) -> list[Fraction]:
    """A random point of the open orthant on the hyperplane ``h(z) = alpha . z + beta = 0`` (``h`` crosses it)."""
    alpha, beta = h[:-1], h[-1]
    positive = [l for l in range(n1) if alpha[l] > 0]
    negative = [l for l in range(n1) if alpha[l] < 0]
    # Solve for one coordinate while the others are small: beta > 0 needs a negative alpha, beta < 0 a positive
    # one, and beta = 0 solves a positive coordinate against a large negative one (the anchor).
    solve = negative[0] if beta > 0 else positive[0]
    anchor = negative[0] if beta == 0 else None
    budget = abs(beta) if beta else _ONE
    # each other coordinate uses at most a share of the budget, so the solved one stays positive; coordinates
    # with small coefficients get large values, which separates nearly parallel hyperplanes
    z = [budget * Fraction(rng.randint(1, 99), 100 * n1) / abs(a) if a else Fraction(rng.randint(0, 60), rng.randint(1, 5))
         for a in alpha]
    if anchor is not None:
        others = sum((abs(alpha[l]) * z[l] for l in range(n1) if l not in (solve, anchor)), _ZERO)
        z[anchor] = (others + 1) / abs(alpha[anchor]) * Fraction(rng.randint(2, 6), 2)
    rest = sum((alpha[l] * z[l] for l in range(n1) if l != solve), beta)
    z[solve] = -rest / alpha[solve]
    if z[solve] <= 0 or sum((a * v for a, v in zip(alpha, z)), beta) != 0:
        raise InternalCheckError(f"no point of the open orthant constructed on the crossing hyperplane {h}")
    return z


def _fit(G, hyps, n1: int, k: int, rng: random.Random):
    """Exact coefficients ``(kinks, A, beta)`` of ``G(z) = sum_h kink_h s(l_h(z)) + A z + beta`` on ``z >= 0``, or None."""
    unknowns = len(hyps) + n1 + 1
    points: list = []

    def add_random(count):
        for _ in range(count):
            scale = Fraction(1, rng.choice([1, 10, 100])) * rng.choice([1, 1, 10])
            points.append([Fraction(rng.randint(0, 60), rng.randint(1, 5)) * scale for _ in range(n1)])

    def add_near(h):
        for _ in range(3):
            z = _point_on(h, n1, rng)
            lead = next(l for l in range(n1) if h[l])
            eps = min([Fraction(1, rng.choice([10 ** 3, 10 ** 6]))] + [v / 10 for v in z if v > 0])
            for sign in (1, -1):
                zz = list(z)
                zz[lead] += sign * eps
                if all(v >= 0 for v in zz):
                    points.append(zz)

    add_random(unknowns + 8)
    for h in hyps:
        add_near(h)

    def design(z):
        return [_relu(sum((h[l] * z[l] for l in range(n1)), h[-1])) for h in hyps] + list(z) + [_ONE]
    for _ in range(4):
        rows = [design(z) for z in points]
        if linalg.rank(rows, unknowns) == unknowns:
            break
        add_random(unknowns)
        for h in hyps:
            add_near(h)
    else:
        raise InternalCheckError("the fit of the second layer on the orthant stayed rank deficient")
    values = [G(z) for z in points]
    gram = [[sum((r[a] * r[b] for r in rows), _ZERO) for b in range(unknowns)] for a in range(unknowns)]
    solution = []
    for o in range(k):
        rhs = [sum((r[a] * v[o] for r, v in zip(rows, values)), _ZERO) for a in range(unknowns)]
        x = linalg.solve(gram, rhs, unknowns)
        if x is None or any(sum((c * e for c, e in zip(x, r)), _ZERO) != v[o] for r, v in zip(rows, values)):
            return None
        solution.append(x)
    kinks = [tuple(solution[o][h] for o in range(k)) for h in range(len(hyps))]
    A = [[solution[o][len(hyps) + l] for l in range(n1)] for o in range(k)]
    beta = [solution[o][-1] for o in range(k)]
    return kinks, A, beta


def _map_to_x(net: Network, P, q) -> tuple[list, list]:
    w1, b1 = net.layers[0].weight, net.layers[0].bias
    n1, d = len(w1), len(w1[0])
    W = [[sum((P[l][m] * w1[m][c] for m in range(n1)), _ZERO) for c in range(d)] for l in range(n1)]
    b = [sum((P[l][m] * b1[m] for m in range(n1)), q[l]) for l in range(n1)]
    return W, b


# ---------------------------------------------------------------------------- the phases of the search
def _first_layers(cands, n1: int):
    """Phase 1: ``(P, q, P^-1)`` for every choice of ``n1`` oriented candidate hyperplanes with ``P`` invertible.

    The new first layer is ``y' = P y + q``, one row per chosen (oriented) candidate.
    """
    for subset in itertools.combinations(cands, n1):
        for signs in itertools.product((1, -1), repeat=n1):
            P = [[s * v for v in form[:-1]] for s, form in zip(signs, subset)]
            q = [s * form[-1] for s, form in zip(signs, subset)]
            Pinv = _inverse(P)
            if Pinv is not None:
                yield P, q, Pinv


def _in_new_coordinates(F, Pinv, q, n1: int):
    """``G = F o (P, q)^{-1}``: the function in the coordinates ``y'`` of the new first layer."""
    def G(yp):
        return F([sum((Pinv[i][l] * (yp[l] - q[l]) for l in range(n1)), _ZERO) for i in range(n1)])
    return G


def _crossing_images(cands, Pinv, q, n1: int) -> list:
    """Phase 2: the candidate hyperplanes in the coordinates ``y'`` that cross the orthant, normalized and sorted.

    They are the hyperplanes on which the second layer in ``y'`` can have its ridges.
    """
    mapped = {}
    for form in cands:
        alpha = [sum((form[i] * Pinv[i][l] for i in range(n1)), _ZERO) for l in range(n1)]
        beta = form[-1] - sum((alpha[l] * q[l] for l in range(n1)), _ZERO)
        image = tuple(alpha) + (beta,)
        if _crossing(image):
            key, _, lead = line_key(image)
            mapped.setdefault(key, tuple(v / abs(image[lead]) for v in image))
    return [mapped[key] for key in sorted(mapped)]


def _second_layers(hyps, kinks, A, beta, n1: int, n2: int, k: int):
    """Phase 3: every second layer ``(w2, b2, w3, b3)`` of width ``n2`` realizing the fit on the orthant.

    One row per ridge with a nonzero kink, in both orientations (a flipped row
    uses ``s(l) = s(-l) + l``, which moves ``l`` into the linear part), then the linear part
    by a nonnegative factorization of rows with bias 1, then dead rows with
    zero output to fill the width.
    """
    live = [h for h in range(len(hyps)) if any(kinks[h])]
    if len(live) > n2:
        return
    for flips in itertools.product((0, 1), repeat=len(live)):
        M = [[A[o][l] + sum((kinks[h][o] * hyps[h][l] for h, f in zip(live, flips) if f), _ZERO)
              for l in range(n1)] for o in range(k)]
        const = [beta[o] + sum((kinks[h][o] * hyps[h][-1] for h, f in zip(live, flips) if f), _ZERO)
                 for o in range(k)]
        ncr = nonnegative_column_rank(M)
        if len(live) + ncr.value > n2:
            continue
        w2, b2, cols = [], [], []
        for h, f in zip(live, flips):
            sign = -1 if f else 1
            w2.append([sign * v for v in hyps[h][:-1]])
            b2.append(sign * hyps[h][-1])
            cols.append(kinks[h])
        for t in range(ncr.value):
            w2.append(list(ncr.W[t]))
            b2.append(_ONE)
            cols.append(tuple(ncr.U[o][t] for o in range(k)))
            const = [c - ncr.U[o][t] for o, c in enumerate(const)]
        while len(w2) < n2:
            w2.append([-_ONE] * n1)
            b2.append(-_ONE)
            cols.append(tuple(_ZERO for _ in range(k)))
        w3 = [[cols[j][o] for j in range(n2)] for o in range(k)]
        yield w2, b2, w3, const


def representations(net: Network, *, limits: SearchLimits | None = None, seed: int = 0,
                    verify: bool = True) -> tuple[Representation, ...]:
    """Every discrete class of representations with a candidate first layer (module docstring), one network each.

    The phases: every first layer of candidate hyperplanes (:func:`_first_layers`)
    that passes the necessary test ``G(y') = G(s(y'))`` at exact random probes;
    the exact fit of ``G`` on the orthant by ridges on the crossing candidates
    (:func:`_crossing_images`, :func:`_fit`); every second layer realizing the
    fit (:func:`_second_layers`); the oracle check and the class key.

    Parameters
    ----------
    net : Network
        A small three-layer network with ``W1`` of full row rank.
    limits : SearchLimits, optional
        ``limits.subsets`` bounds the number of first layers tried.
    seed : int
        Seed of the exact random test points.
    verify : bool
        Check every representation with the general oracle (default).

    Returns
    -------
    tuple of Representation
        Sorted by class key; the input's own class is among them.

    Raises
    ------
    NotDecidedError
        ``W1`` does not have full row rank.
    LimitReachedError
        Too many first layers (``limit == "subsets"``).

    Examples
    --------
    The ramp ``1 - s(1 - s(x))`` has two classes, the second one reversed:

    >>> net = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    >>> [r.network.layers[0].weight[0][0] > 0 for r in representations(net)]
    [False, True]
    """
    d, n1, n2, k = check_three_layer(net, "representations")
    if not has_full_row_rank(net):
        raise NotDecidedError("representations: W1 does not have full row rank (G1); the search works in y-coordinates")
    limits = resolve(limits)
    cands = candidate_hyperplanes(net)
    total = math.comb(len(cands), n1) * 2 ** n1
    if limits.exceeded("subsets", total):
        raise LimitReachedError(f"representations: {total} candidate first layers exceed the limit subsets = "
                                f"{limits.subsets}", limit="subsets", value=limits.subsets)
    F = _y_function(net)
    rng = random.Random(seed)
    probes = [[Fraction(rng.randint(-60, 60), rng.randint(1, 7)) for _ in range(n1)] for _ in range(20 + 5 * n1)]
    identity = Network.from_layers([([[Fraction(int(i == j)) for j in range(n1)] for i in range(n1)], [_ZERO] * n1),
                                    (net.layers[1].weight, net.layers[1].bias), (net.layers[2].weight, net.layers[2].bias)])
    found: dict = {}
    for P, q, Pinv in _first_layers(cands, n1):
        G = _in_new_coordinates(F, Pinv, q, n1)
        if any(G(p) != G([_relu(v) for v in p]) for p in probes):
            continue
        hyps = _crossing_images(cands, Pinv, q, n1)
        fit = _fit(G, hyps, n1, k, rng)
        if fit is None:
            continue
        for w2, b2, w3, const in _second_layers(hyps, *fit, n1, n2, k):
            candidate_y = Network.from_layers([(P, q), (w2, b2), (w3, const)])
            # The fit is exact on the orthant; the probes of G = G o s are only a necessary test, so a
            # first layer that passed them can still fail off the orthant: the oracle decides.
            if verify and not oracle_equivalent(identity, candidate_y):
                continue
            W, b = _map_to_x(net, P, q)
            other = Network.from_layers([(W, b), (w2, b2), (w3, const)])
            found.setdefault(class_key(net, other), other)
    return tuple(Representation(found[key], key) for key in sorted(found, key=repr))


# ---------------------------------------------------------------------------- class keys
def _to_boundary(net: Network) -> Network:
    """Translate every hidden column to the lower end ``t_min`` of its translation family (a canonical point)."""
    for hyperplane in hidden_hyperplanes(net):
        if hyperplane.lower is not None and hyperplane.lower != 0:
            net = translate(net, hyperplane.column, hyperplane.lower)
    return net


def class_key(reference: Network, other: Network) -> tuple:
    """The discrete class of ``other`` (same function as ``reference``) in the coordinates ``y`` of ``reference``.

    The key lists the first-layer hyperplanes of ``other`` (oriented, normalized,
    in ``reference``'s ``y``-coordinates, after translating hidden columns to the
    end of their intervals) and, for each crossing row with a nonzero output,
    its oriented hyperplane in the normalized coordinates of ``other``'s first
    layer.  It is invariant under permutations, positive scalings, the hiding
    translation and the moves of dead, zero-output and linear rows.
    """
    check_three_layer(reference, "class_key")
    check_three_layer(other, "class_key")
    other = _to_boundary(other)
    w1, b1 = reference.layers[0].weight, reference.layers[0].bias
    n1, d = len(w1), len(w1[0])
    gram = [[sum((a * b for a, b in zip(r, s)), _ZERO) for s in w1] for r in w1]
    rows = []
    for l in range(n1):
        target = [sum((a * b for a, b in zip(other.layers[0].weight[l], r)), _ZERO) for r in w1]
        p = linalg.solve(gram, target, n1)
        if p is None or [sum((p[m] * w1[m][c] for m in range(n1)), _ZERO) for c in range(d)] != list(
                other.layers[0].weight[l]):
            raise ValueError("class_key: the first layer of the other network is not P W1 for any P")
        q = other.layers[0].bias[l] - sum((p[m] * b1[m] for m in range(n1)), _ZERO)
        rows.append(tuple(p) + (q,))
    scale, keys = [], []
    for row in rows:
        lead = next((v for v in row[:-1] if v), None)
        s = abs(lead) if lead is not None else _ONE
        scale.append(s)
        keys.append(tuple(v / s for v in row))
    order = sorted(range(n1), key=lambda l: keys[l])
    weight, bias = other.layers[1].weight, other.layers[1].bias
    row_keys = []
    for t in row_types(other):
        if not t.crossing or t.output_zero:
            continue
        j = t.index
        form = tuple(weight[j][l] * scale[l] for l in order) + (bias[j],)
        key, sign, _ = line_key(form)
        row_keys.append((key, sign))
    return tuple(keys[l] for l in order), tuple(sorted(row_keys))


def known_classes(net: Network, *, limits: SearchLimits | None = None) -> frozenset:
    """The class keys reachable from ``net`` by the discrete symmetries of :func:`.symmetries.symmetries`.

    A breadth-first closure: from each network, and from the end point of its
    translation family, apply every sign change subset, the ramp flip, every
    layer-flip set and every revival.  A representation found by
    :func:`representations` whose key is not here is a discrete class that the
    listed symmetries do not reach.

    Parameters
    ----------
    net : Network
        A three-layer network with ``W1`` of full row rank.
    limits : SearchLimits, optional
        ``limits.classes`` bounds the number of classes visited (default 200);
        the searches for symmetries use the other fields.

    Returns
    -------
    frozenset
        The whole closure (never a part of it).

    Raises
    ------
    LimitReachedError
        The closure has more than ``limits.classes`` classes (``limit == "classes"``).

    Examples
    --------
    The ramp ``1 - s(1 - s(x))`` and its flip:

    >>> ramp = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    >>> len(known_classes(ramp))
    2
    >>> known_classes(ramp, limits=SearchLimits(classes=1))
    Traceback (most recent call last):
    ...
    semialg_fibers.LimitReachedError: known_classes: the closure of the discrete symmetries reaches 2 classes, above the limit classes = 1
    """
    from ..core.symmetries import SymmetryKind
    from .symmetries import hidden_symmetries, layer_flip_sets

    limits = resolve(limits)
    seen: dict = {}
    queue = [net]
    while queue:
        current = queue.pop(0)
        key = class_key(net, current)
        if key in seen:
            continue
        limits.check("classes", len(seen) + 1,
                     f"known_classes: the closure of the discrete symmetries reaches {len(seen) + 1} classes")
        seen[key] = current
        # A translation family is one class.  Moves are applied both inside it and at its end point, where a hiding
        # row has bias 0 and more moves may exist.  A layer flip can end the family (the flipped row stops hiding),
        # so the flips of different members can get different keys: the closure may list more keys than the
        # search finds at candidate positions, never fewer classes.
        boundary = _to_boundary(current)
        for base in (current, boundary) if boundary != current else (current,):
            for s in hidden_symmetries(base, limits=limits):
                if s.kind == SymmetryKind.SIGN_CHANGE:
                    cols = sorted(l for (_, l) in s.neurons[1:])
                    for size in range(1, len(cols) + 1):
                        queue.extend(s.apply(base, chosen) for chosen in itertools.combinations(cols, size))
                elif s.kind in (SymmetryKind.RAMP_FLIP, SymmetryKind.DEAD_REVIVAL):
                    queue.append(s.apply(base))
                elif s.kind == SymmetryKind.LAYER_FLIP:
                    queue.extend(s.apply(base, chosen) for chosen in layer_flip_sets(base, limits=limits))
    return frozenset(seen)
