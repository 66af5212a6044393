"""The first layer of a two-hidden-layer network on R^2, determined by the change points of the gradient jump.

``docs/theory/deep.md``, Section 4.1.  Along each first-layer line ``H_i`` of
``theta`` the gradient of ``f`` jumps by a step function of the position
(Lemma 4.4, computed here exactly by a one-dimensional analysis of each
second-layer pre-activation restricted to ``H_i``).  ``C_i`` is the set of
points where that step function changes value and which lie on no other
``H_k``; ``kappa`` is the largest number of points of ``C = U C_i`` on one line
that is not a first-layer line of ``theta``.  Theorem 4.6: if the lines are
nonzero and distinct and for no nonempty set ``F`` of lines the points
``U_{i in F} C_i`` are covered by ``|F|`` lines outside the first layer (for
example, Corollary 4.7, if every ``|C_i| > kappa``), every network with two
hidden layers and at most ``n1`` first-layer neurons computing ``f`` has
exactly the lines ``H_1, ..., H_n1``, each once.  The second layer is not
decided here, so ``is_identifiable`` does not use this certificate.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..core.exceptions import ArgumentError, InternalCheckError, LimitReachedError, NoAlgorithmError, NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network

__all__ = ["LineChanges", "FirstLayerCertificate", "gradient_jump", "line_changes", "first_layer_certificate"]

_ZERO = Fraction(0)
Point = tuple[Fraction, Fraction]
Matrix = tuple[tuple[Fraction, ...], ...]


def _check(net: Network) -> None:
    if not isinstance(net, Network):
        raise ArgumentError(f"the first-layer certificate needs a semialg_fibers.Network, got {type(net).__name__}")
    if net.depth != 3:
        raise NoAlgorithmError(f"the first-layer certificate is proven for two hidden layers (Lemma 4.3 fails deeper); "
                               f"got architecture {net.architecture}")
    if net.input_dim != 2:
        raise NoAlgorithmError(f"the first-layer certificate is implemented for input dimension 2 (points of change "
                               f"become (d-2)-flats for d > 2); got architecture {net.architecture}")


def _frame(net: Network, i: int) -> tuple[Point, Point]:
    """A point ``p0`` of ``H_i`` and a direction ``u`` along it (``w_i . u = 0``), both exact."""
    (w1, w2), b = net.layers[0].weight[i], net.layers[0].bias[i]
    norm = w1 * w1 + w2 * w2
    return (-b * w1 / norm, -b * w2 / norm), (-w2, w1)


def gradient_jump(net: Network, i: int, t: Fraction) -> Matrix:
    """The jump ``J(p(t))`` of the gradient of ``f`` across ``H_i`` (``k x 2``, normal ``w_i``), by Lemma 4.4.

    ``p(t) = p0 + t u`` with ``p0 = -b_i w_i / |w_i|^2`` and ``u = (-w_i2, w_i1)``.
    Valid where ``p(t)`` lies on no other first-layer line and no second-layer
    pre-activation has an isolated zero (Lemma 4.4); :func:`line_changes`
    evaluates it only there.

    >>> net = Network.from_layers([([[0, 1], [1, 0]], [0, 0]), ([[1, -1]], [0]), ([[1]], [0])])
    >>> gradient_jump(net, 0, Fraction(1)), gradient_jump(net, 0, Fraction(-1))   # f = s(s(x2) - s(x1))
    (((Fraction(0, 1), Fraction(1, 1)),), ((Fraction(0, 1), Fraction(0, 1)),))
    """
    _check(net)
    first, second, out = net.layers
    p0, u = _frame(net, i)
    x = (p0[0] + t * u[0], p0[1] + t * u[1])
    wi = first.weight[i]
    active = [k != i and first.weight[k][0] * x[0] + first.weight[k][1] * x[1] + first.bias[k] > 0
              for k in range(len(first.bias))]
    jump = [[_ZERO, _ZERO] for _ in range(len(out.bias))]
    for j, row in enumerate(second.weight):
        phi = second.bias[j] + sum((row[k] * (first.weight[k][0] * x[0] + first.weight[k][1] * x[1] + first.bias[k])
                                    for k in range(len(row)) if active[k]), _ZERO)
        minus = [sum((row[k] * first.weight[k][c] for k in range(len(row)) if active[k]), _ZERO) for c in (0, 1)]
        plus = [minus[c] + row[i] * wi[c] for c in (0, 1)]
        # on a stretch where phi vanishes, g_j = mu h_i on each side: active where sigma * mu > 0
        on_plus = phi > 0 or (phi == 0 and plus[0] * wi[0] + plus[1] * wi[1] > 0)
        on_minus = phi > 0 or (phi == 0 and minus[0] * wi[0] + minus[1] * wi[1] < 0)
        for o in range(len(out.bias)):
            a = out.weight[o][j]
            if a:
                for c in (0, 1):
                    jump[o][c] += a * ((plus[c] if on_plus else 0) - (minus[c] if on_minus else 0))
    return tuple(tuple(r) for r in jump)


@dataclass(frozen=True)
class LineChanges:
    """The change points of the gradient jump along one first-layer line ``H_i`` (Definition 4.5).

    Attributes
    ----------
    line : int
        ``i``, 0-based first-layer neuron.
    points : tuple of (Fraction, Fraction)
        ``C_i``: change points on no other first-layer line, in the order of ``t``.
    on_other_lines : tuple of (Fraction, Fraction)
        Change points that lie on another ``H_k`` (not counted).
    breakpoints : tuple of Fraction
        The parameters ``t`` of ``E_i`` (crossings and isolated zeros), sorted.
    jumps : tuple of matrices
        The value of the jump on each of the ``len(breakpoints) + 1`` open intervals, left to right.
    """

    line: int
    points: tuple[Point, ...]
    on_other_lines: tuple[Point, ...]
    breakpoints: tuple[Fraction, ...]
    jumps: tuple[Matrix, ...]

    def to_dict(self) -> dict:
        """JSON-ready dictionary (exact rationals as strings)."""
        from ..core.exact import format_rational

        def pts(ps):
            return [[format_rational(c) for c in p] for p in ps]

        return {"line": self.line, "points": pts(self.points), "on_other_lines": pts(self.on_other_lines),
                "breakpoints": [format_rational(t) for t in self.breakpoints],
                "jumps": [[[format_rational(v) for v in r] for r in m] for m in self.jumps]}


def _crossings(net: Network, i: int) -> dict[Fraction, tuple[int, ...]]:
    first = net.layers[0]
    p0, u = _frame(net, i)
    found: dict[Fraction, list[int]] = {}
    for k, (w, b) in enumerate(zip(first.weight, first.bias)):
        slope = w[0] * u[0] + w[1] * u[1]
        if k != i and slope:
            found.setdefault(-(w[0] * p0[0] + w[1] * p0[1] + b) / slope, []).append(k)
    return {t: tuple(ks) for t, ks in found.items()}


def _samples(cuts: list[Fraction]) -> list[Fraction]:
    """One parameter in each open interval cut out by the sorted ``cuts`` (left end to right end)."""
    if not cuts:
        return [_ZERO]
    return [cuts[0] - 1] + [(a + b) / 2 for a, b in zip(cuts, cuts[1:])] + [cuts[-1] + 1]


def line_changes(net: Network, i: int) -> LineChanges:
    """The change points of the gradient jump of ``f`` along ``H_i`` (Lemma 4.4), exactly.

    >>> net = Network.from_layers([([[0, 1], [1, 0]], [0, 0]), ([[1, -1]], [0]), ([[1]], [0])])
    >>> ch = line_changes(net, 0)          # f = s(s(x2) - s(x1)): the jump along x2 = 0 changes at the origin only
    >>> ch.points, ch.on_other_lines
    ((), ((Fraction(0, 1), Fraction(0, 1)),))
    """
    _check(net)
    first, second, _ = net.layers
    failure = _h0(net, i)
    if failure is not None:
        raise NotDecidedError(f"Lemma 4.4 needs a nonzero line of its own: {failure}")
    p0, u = _frame(net, i)
    crossings = _crossings(net, i)
    cuts = sorted(crossings)
    zeros: set[Fraction] = set()
    bounds: list[Fraction | None] = [None, *cuts, None]
    for lo, hi in zip(bounds, bounds[1:]):
        # inside the interval the pattern of the other lines is constant and every phi_j is affine:
        # two values give it, and its zero if it has an isolated one
        if lo is not None and hi is not None:
            s0, s1 = lo + (hi - lo) / 3, lo + 2 * (hi - lo) / 3
        elif hi is not None:
            s0, s1 = hi - 2, hi - 1
        elif lo is not None:
            s0, s1 = lo + 1, lo + 2
        else:
            s0, s1 = _ZERO, Fraction(1)
        for j in range(len(second.bias)):
            v0, v1 = _phi(net, i, j, s0), _phi(net, i, j, s1)
            if v0 != v1:
                z = s0 - v0 * (s1 - s0) / (v1 - v0)
                if (lo is None or lo < z) and (hi is None or z < hi):
                    zeros.add(z)
    breakpoints = sorted(set(cuts) | zeros)
    jumps = tuple(gradient_jump(net, i, s) for s in _samples(breakpoints))
    for m in jumps:    # f is continuous across H_i: the jump is normal to it (Lemma 4.4, a check of the computation)
        if any(r[0] * u[0] + r[1] * u[1] for r in m):
            raise InternalCheckError(f"the gradient jump along line {i + 1} is not normal to it: {m}")
    points: list[Point] = []
    other: list[Point] = []
    for e, left, right in zip(breakpoints, jumps, jumps[1:]):
        if left != right:
            (other if e in crossings else points).append((p0[0] + e * u[0], p0[1] + e * u[1]))
    return LineChanges(i, tuple(points), tuple(other), tuple(breakpoints), jumps)


def _phi(net: Network, i: int, j: int, t: Fraction) -> Fraction:
    """``phi_j(t)``: the pre-activation of ``g_j`` at ``p(t)`` on ``H_i`` (where ``s(h_i) = 0``)."""
    first, second, _ = net.layers
    p0, u = _frame(net, i)
    x = (p0[0] + t * u[0], p0[1] + t * u[1])
    row = second.weight[j]
    total = second.bias[j]
    for k in range(len(row)):
        w, b = first.weight[k], first.bias[k]
        if k != i:
            total += row[k] * max(w[0] * x[0] + w[1] * x[1] + b, _ZERO)
    return total


def _line_through(p: Point, q: Point) -> tuple[Fraction, Fraction, Fraction]:
    """``(a, b, c)`` with ``a x + b y + c = 0`` through ``p != q``."""
    a, b = q[1] - p[1], p[0] - q[0]
    return a, b, -(a * p[0] + b * p[1])


Line = tuple[Fraction, Fraction, Fraction]


def _single_line(p: Point, normal: tuple[Fraction, Fraction]) -> Line:
    """A line through ``p`` that is not the first-layer line of normal ``normal`` through ``p``."""
    # a normal not parallel to the line's own normal: the result is another line
    a, b = (Fraction(1), Fraction(0)) if normal[1] else (Fraction(0), Fraction(1))
    return a, b, -(a * p[0] + b * p[1])


def _cover(points: list[tuple[Point, int]], r: int, normals) -> list[Line] | None:
    """At most ``r`` lines outside the first layer covering ``points`` (tagged by their line), or None.

    The line through the first point either meets no other point on another
    first-layer line (then it covers that point alone) or is the line through it
    and such a point; covering more points never hurts, so the singleton is
    tried only when no such line exists.
    """
    if not points:
        return []
    if r == 0:
        return None
    (p, i), rest = points[0], points[1:]
    tried: set[Line] = set()
    options = []
    for q, k in rest:
        if k != i:
            a, b, c = _line_through(p, q)
            scale = a if a else b
            key = (a / scale, b / scale, c / scale)
            if key not in tried:
                tried.add(key)
                options.append(key)
    if not options:
        found = _cover(rest, r - 1, normals)
        return None if found is None else [_single_line(p, normals[i])] + found
    for a, b, c in options:
        found = _cover([(x, k) for x, k in rest if a * x[0] + b * x[1] + c != 0], r - 1, normals)
        if found is not None:
            return [(a, b, c)] + found
    return None


@dataclass(frozen=True)
class FirstLayerCertificate:
    """The exact data of Theorem 4.6 (``docs/theory/deep.md``) for one network.

    Attributes
    ----------
    holds : bool
        True when (H0) and the covering condition (K) of Theorem 4.6 hold: for
        no nonempty set ``F`` of lines are the change points ``U_{i in F} C_i``
        covered by ``|F|`` lines outside the first layer.  Then every network
        with two hidden layers and at most ``n1`` first-layer neurons computing
        the same function has the first-layer lines of ``theta``, each once
        (proven).  False says only that this sufficient condition fails.
    reason : str
        One line: why it holds, or the first hypothesis that fails.
    lines : tuple of LineChanges
        The change points along each ``H_i`` (empty when (H0) fails).
    kappa : int
        The collinearity number (0 when (H0) fails).
    kappa_line : tuple of Fraction or None
        ``(a, b, c)`` of a line ``a x + b y + c = 0`` outside the first layer
        carrying ``kappa >= 2`` points of ``C`` (None when ``kappa < 2``).
    simple : bool
        The condition of Corollary 4.7, ``|C_i| > kappa`` for every ``i`` (it
        implies ``holds``).
    faked : tuple of int
        When ``holds`` is False and (H0) holds: a nonempty set ``F`` of lines
        (0-based) whose change points are covered by at most ``|F|`` lines
        outside the first layer, which the proof cannot exclude; empty otherwise.
    cover : tuple of lines
        At most ``|F|`` lines, ``(a, b, c)`` each, outside the first layer and
        covering those change points; fewer, or none, when fewer suffice (no
        change points: none).  Empty when ``faked`` is.
    """

    holds: bool
    reason: str
    lines: tuple[LineChanges, ...]
    kappa: int
    kappa_line: tuple[Fraction, Fraction, Fraction] | None
    simple: bool = False
    faked: tuple[int, ...] = ()
    cover: tuple[Line, ...] = ()

    @property
    def counts(self) -> tuple[int, ...]:
        """``|C_i|`` for each line."""
        return tuple(len(ch.points) for ch in self.lines)

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        from ..core.exact import format_rational

        return {"holds": self.holds, "reason": self.reason, "kappa": self.kappa,
                "kappa_line": None if self.kappa_line is None else [format_rational(v) for v in self.kappa_line],
                "simple": self.simple, "faked": list(self.faked),
                "cover": [[format_rational(v) for v in line] for line in self.cover],
                "lines": [ch.to_dict() for ch in self.lines]}


def _h0(net: Network, only: int | None = None) -> str | None:
    """The first failure of (H0) (a zero row, two neurons on one line), for neuron ``only`` or all; None if none."""
    first = net.layers[0]
    rows = list(zip(first.weight, first.bias))
    for i, (w, _) in enumerate(rows):
        if not any(w) and only in (None, i):
            return f"neuron {i + 1} of the first layer has zero weights (H0 needs a line per neuron)"
    for (i, (w, b)), (k, (v, c)) in combinations(enumerate(rows), 2):
        # same line iff (v, c) is a multiple of (w, b): all 2 x 2 minors vanish
        if only in (None, i, k) and any(w) and any(v) and w[0] * v[1] == w[1] * v[0] and w[0] * c == b * v[0] and w[1] * c == b * v[1]:
            return f"neurons {i + 1} and {k + 1} of the first layer have the same line (H0 needs distinct lines)"
    return None


def first_layer_certificate(net: Network, *, limits: SearchLimits | None = None) -> FirstLayerCertificate:
    """Decide exactly whether the sufficient condition of Theorem 4.6 holds at ``net`` (``d = 2``, two hidden layers).

    The condition: (H0), and for no nonempty set ``F`` of first-layer lines are
    the change points ``U_{i in F} C_i`` covered by ``|F|`` lines outside the
    first layer.  Sets ``F`` with some ``|C_i| > |F|`` cannot be covered (a line
    outside the first layer meets ``H_i`` once); the others are searched, at
    most ``limits.subsets`` of them.

    Raises
    ------
    NoAlgorithmError
        For an input dimension other than 2 or a depth other than two hidden layers.
    LimitReachedError
        When more than ``limits.subsets`` sets ``F`` would be searched.

    Examples
    --------
    >>> net = Network.from_layers([([[0, 1], [1, 0]], [0, 0]), ([[1, -1]], [0]), ([[1]], [0])])
    >>> cert = first_layer_certificate(net)
    >>> cert.holds, cert.counts, cert.kappa, cert.faked
    (False, (0, 0), 0, (0,))
    """
    _check(net)
    limits = resolve(limits)
    failure = _h0(net)
    if failure is not None:
        return FirstLayerCertificate(False, failure, (), 0, None)
    first = net.layers[0]
    n1 = len(first.bias)
    lines = tuple(line_changes(net, i) for i in range(n1))
    points = [(p, ch.line) for ch in lines for p in ch.points]
    kappa, best = (1 if points else 0), None
    for (p, i), (q, k) in combinations(points, 2):
        if i == k:
            continue
        a, b, c = _line_through(p, q)
        count = sum(1 for r, _ in points if a * r[0] + b * r[1] + c == 0)
        if count > kappa:
            kappa, best = count, (a, b, c)
    counts = tuple(len(ch.points) for ch in lines)
    simple = min(counts) > kappa
    searched = 0
    for size in range(1, n1 + 1):
        for chosen in combinations([i for i in range(n1) if counts[i] <= size], size):
            searched += 1
            if limits.exceeded("subsets", searched):
                raise LimitReachedError(f"first-layer certificate: more than {limits.subsets} sets of lines to "
                                        f"search for a cover (limit: {limits.subsets} subsets)",
                                        limit="subsets", value=limits.subsets)
            cover = _cover([(p, i) for p, i in points if i in chosen], size, first.weight)
            if cover is not None:
                if simple:    # Corollary 4.7: the counts exceed what |F| lines can cover
                    raise InternalCheckError(f"the counts {counts} exceed kappa = {kappa}, yet a cover was found")
                names = ", ".join(str(i + 1) for i in chosen)
                reason = (f"the change points of line(s) {names} (counts {counts}) are covered by {size} line(s) "
                          f"outside the first layer")
                return FirstLayerCertificate(False, reason, lines, kappa, best, simple, chosen, tuple(cover))
    if simple:
        reason = f"every line has more change points than kappa = {kappa} (counts {counts}): Theorem 4.6 applies"
    else:
        reason = (f"no set of r lines has its change points (counts {counts}) covered by r lines outside the first "
                  f"layer: Theorem 4.6 applies")
    return FirstLayerCertificate(True, reason, lines, kappa, best, simple)
