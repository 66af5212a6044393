"""The general exact equivalence oracle (docs/mathematics.md, Section 7, item 2).

Decides ``f_a = f_b`` exactly on R^d or on a closed polyhedron for ReLU
networks of any depth, by enumerating the nonempty open linear regions of the
joint network with exact LPs and comparing the affine pieces.  It shares no
code with the structural algorithms beyond exact evaluation and
:mod:`semialg_fibers.core.linalg`, because its job is to check them.  The algorithm
and its correctness argument are in ``docs/theory/oracle.md``.

Exponential by nature: coNP-hard in general.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter

from ..core import linalg
from ..core.domain import Polyhedron, as_domain
from ..core.exceptions import ArgumentError, DomainError, InternalCheckError, LimitReachedError, ShapeError
from ..core.limits import SearchLimits, resolve
from ..core.linalg import Constraint
from ..core.network import Network
from ..core.progress import reporting, task
from ..core.results import EquivalenceResult

__all__ = ["equivalent", "linear_regions", "probe_points"]

_ZERO = Fraction(0)
Form = tuple[Fraction, ...]  # affine form on R^dim: (coefficients..., constant)


# ------------------------------------------------------------------ affine forms
def _value(form: Form, point: Sequence[Fraction]) -> Fraction:
    return sum((a * v for a, v in zip(form, point) if a), form[-1])


def _combine(weights: Sequence[Fraction], forms: Sequence[Form], bias: Fraction, width: int) -> Form:
    out = [_ZERO] * width
    for w, form in zip(weights, forms):
        if w:
            for j, a in enumerate(form):
                if a:
                    out[j] += w * a
    out[-1] += bias
    return tuple(out)


# ------------------------------------------------------------------ domain reduction
@dataclass(frozen=True)
class _Chart:
    """The affine hull of the domain: ``x = origin + basis . y`` with y in R^dim, plus inequalities in y.

    ``basis`` None means the identity (a full-dimensional domain, ``origin`` zero): no
    d x d matrix is built and no form is composed, which matters for thousands of inputs.
    """

    origin: tuple[Fraction, ...]
    basis: tuple[tuple[Fraction, ...], ...] | None  # d rows, dim columns; None: the identity
    inequalities: tuple[Form, ...]  # forms in y, each >= 0
    interior: tuple[Fraction, ...]  # a point of the relative interior, in y

    @property
    def dim(self) -> int:
        return len(self.interior)

    def to_x(self, y: Sequence[Fraction]) -> tuple[Fraction, ...]:
        if self.basis is None:
            return tuple(y)
        return tuple(o + sum((b * v for b, v in zip(row, y) if b), _ZERO) for o, row in zip(self.origin, self.basis))

    def compose(self, row: Sequence[Fraction], constant: Fraction) -> Form:
        """The affine form ``y -> row . x(y) + constant``."""
        if self.basis is None:
            return tuple(row) + (constant,)
        coeffs = tuple(sum((w * self.basis[i][j] for i, w in enumerate(row) if w), _ZERO) for j in range(self.dim))
        return coeffs + (constant + sum((w * o for w, o in zip(row, self.origin) if w), _ZERO),)


def _middle(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The centre of ``[lo, hi]``; of ``[lo, lo + 1]``, ``[hi - 1, hi]`` or ``[-1, 1]`` when a bound is missing."""
    if lo is None:
        return Fraction(0) if hi is None else hi - Fraction(1, 2)
    if hi is None:
        return lo + Fraction(1, 2)
    return (lo + hi) / 2


def _strictly_inside(domain: Polyhedron, d: int) -> tuple[Fraction, ...] | None:
    """The centre of the domain's box (see :func:`probe_points`) if every inequality holds strictly there, else None.

    Such a point proves that the domain is nonempty and has no implicit equality
    (an implicit equality vanishes on the whole domain), so no LP is needed.
    """
    if any(c.relation == "==" for c in domain.constraints):
        return None
    shape = _shape(domain)
    if any(a is not None and b is not None and a >= b for a, b in zip(shape.lo, shape.hi)):
        return None
    centre = tuple(_middle(a, b) for a, b in zip(shape.lo, shape.hi))
    if all(c.value(centre) > 0 for c in shape.others + shape.constant_only):
        return centre
    return None


def _chart(domain: Polyhedron | None, d: int) -> _Chart:
    origin = tuple(_ZERO for _ in range(d))
    if domain is None:
        return _Chart(origin, None, (), origin)
    inside = _strictly_inside(domain, d)
    if inside is not None:  # a box, or any domain strictly satisfied at its box centre: no LP
        return _Chart(origin, None, tuple(tuple(c.coefficients) + (c.constant,) for c in domain.constraints
                                          if any(map(_numerator, c.coefficients))), inside)
    equalities = [c for c in domain.constraints if c.relation == "=="]
    inequalities = [c for c in domain.constraints if c.relation != "=="]
    start = linalg.feasible_point(domain.constraints, d, certificate=True)
    if not start:
        raise DomainError("the domain is empty (an exact LP certificate proves it)")
    # Implicit equalities: inequalities whose maximum over the domain is 0.
    for c in inequalities:
        best = linalg.optimize(c.coefficients, domain.constraints, d, maximize=True, objective_constant=c.constant)
        if best.status == "optimal" and best.value == 0:
            equalities.append(Constraint(c.coefficients, c.constant, "=="))
    rows = [c.coefficients for c in equalities]
    basis: tuple[tuple[Fraction, ...], ...] | None = None
    if rows:
        origin = linalg.solve(rows, [-c.constant for c in equalities], d)
        kernel = linalg.nullspace(rows, d)
        basis = tuple(tuple(vec[i] for vec in kernel) for i in range(d))
        dim = len(kernel)
    else:
        dim = d
    chart = _Chart(origin, basis, (), origin[:dim])
    forms = []
    for c in inequalities:
        form = chart.compose(c.coefficients, c.constant)
        if any(form[:-1]):
            forms.append(form)
        elif form[-1] < 0:  # cannot happen after the feasibility check; keep the invariant explicit
            raise InternalCheckError("domain reduction produced an infeasible constant constraint")
    if forms:
        strict = [Constraint(f[:-1], f[-1], ">") for f in forms]
        inner = linalg.feasible_point(strict, dim)
        if not inner:
            raise InternalCheckError("domain has no relative interior point after removing implicit equalities")
        interior = inner.point
    else:
        interior = tuple(_ZERO for _ in range(dim))
    return _Chart(origin, basis, tuple(forms), interior)


# ------------------------------------------------------------------ evaluation pre-check
PROBES = 12
"""How many deterministic rational points :func:`probe_points` adds to the centre and the box corners."""


@dataclass(frozen=True)
class _Shape:
    """A domain read once: the box its one-coordinate constraints state, and the other constraints."""

    lo: tuple[Fraction | None, ...]
    hi: tuple[Fraction | None, ...]
    others: tuple[Constraint, ...]  # constraints on two or more coordinates
    constant_only: tuple[Constraint, ...]  # constraints with no coefficient

    def contains(self, x: Sequence[Fraction]) -> bool:
        """Exact membership (the box bounds and every other constraint)."""
        for v, a, b in zip(x, self.lo, self.hi):
            if (a is not None and v < a) or (b is not None and v > b):
                return False
        return all(c.holds(x) for c in self.others + self.constant_only)


_numerator = attrgetter("_numerator")  # C-speed zero test of Fractions: a domain of 784 inputs has 1568 dense rows
_SHAPES: dict[int, tuple[Polyhedron, _Shape]] = {}


def _shape(domain: Polyhedron) -> _Shape:
    """The :class:`_Shape` of ``domain`` (kept for the last few domains: both the chart and the probes read it)."""
    kept = _SHAPES.get(id(domain))
    if kept is not None and kept[0] is domain:
        return kept[1]
    d = domain.dim
    lo: list[Fraction | None] = [None] * d
    hi: list[Fraction | None] = [None] * d
    others: list[Constraint] = []
    constant_only: list[Constraint] = []
    for c in domain.constraints:
        numerators = list(map(_numerator, c.coefficients))  # C-speed passes only: dense rows of thousands of entries
        nonzero = len(numerators) - numerators.count(0)
        if nonzero != 1:
            (others if nonzero else constant_only).append(c)
            continue
        j = numerators.index(max(numerators, key=abs))
        a = c.coefficients[j]
        bound = -c.constant / a  # a x_j + c >= 0 (or == 0)
        low, high = lo[j], hi[j]
        if c.relation == "==" or a > 0:
            lo[j] = bound if low is None or bound > low else low
        if c.relation == "==" or a < 0:
            hi[j] = bound if high is None or bound < high else high
    shape = _Shape(tuple(lo), tuple(hi), tuple(others), tuple(constant_only))
    if len(_SHAPES) >= 8:
        _SHAPES.clear()
    _SHAPES[id(domain)] = (domain, shape)
    return shape


def _box_bounds(domain: Polyhedron | None, d: int) -> tuple[tuple[Fraction | None, ...], tuple[Fraction | None, ...]]:
    """Per coordinate, the tightest bounds ``lo <= x_i <= hi`` stated by the one-coordinate constraints of ``domain``."""
    if domain is None:
        return (None,) * d, (None,) * d
    shape = _shape(domain)
    return shape.lo, shape.hi


def probe_points(domain: Polyhedron | None, d: int, *, count: int = PROBES,
                 interior: Sequence[Fraction] | None = None) -> Iterator[tuple[Fraction, ...]]:
    """Deterministic rational points of ``domain`` (all of R^d when None) at which two networks are compared first.

    In this order, each point at most once and only if it lies in the domain
    (exact membership): ``interior`` (a relative interior point, when given);
    the centre of the domain's box (the bounds its one-coordinate inequalities
    state; ``[-1, 1]`` for a coordinate they leave free, ``[lo, lo + 1]`` or
    ``[hi - 1, hi]`` for one bounded on one side); four of its vertices (all
    lower, all upper, and the two alternating ones); then ``count`` points
    drawn by a fixed pseudo-random generator: random vertices of the box and
    random rational points inside it (denominators dividing 16).  The same
    arguments give the same points on every machine.

    Examples
    --------
    >>> from semialg_fibers.core.domain import box
    >>> points = list(probe_points(box([0, 0], [1, 2]), 2, count=0))
    >>> [tuple(map(str, p)) for p in points]
    [('1/2', '1'), ('0', '0'), ('1', '2'), ('0', '2'), ('1', '0')]
    >>> points = list(probe_points(None, 3))  # R^3: the box [-1, 1]^3
    >>> len(set(points)) == len(points) <= 5 + 12, all(-1 <= v <= 1 for p in points for v in p)
    (True, True)
    """
    lo, hi = _box_bounds(domain, d)
    low = [v if v is not None else (h - 1 if h is not None else Fraction(-1)) for v, h in zip(lo, hi)]
    high = [v if v is not None else (lv + 1 if lv is not None else Fraction(1)) for v, lv in zip(hi, lo)]
    centre = tuple((a + b) / 2 for a, b in zip(low, high))
    seen: set[tuple[Fraction, ...]] = set()

    shape = None if domain is None else _shape(domain)

    def admit(x: tuple[Fraction, ...]) -> bool:
        if x in seen or (shape is not None and not shape.contains(x)):
            return False
        seen.add(x)
        return True

    fixed: list[tuple[Fraction, ...]] = [] if interior is None else [tuple(interior)]
    fixed += [centre, tuple(low), tuple(high),
              tuple(low[i] if i % 2 == 0 else high[i] for i in range(d)),
              tuple(high[i] if i % 2 == 0 else low[i] for i in range(d))]
    for x in fixed:
        if admit(x):
            yield x
    rng = random.Random(24)  # fixed: the points are part of the algorithm's definition
    for k in range(count):
        if k % 3 == 0:
            x = tuple(low[i] if rng.random() < 0.5 else high[i] for i in range(d))
        else:
            x = tuple(a + (b - a) * Fraction(rng.randint(0, 16), 16) for a, b in zip(low, high))
        if admit(x):
            yield x


def _probe(net_a: Network, net_b: Network, domain: Polyhedron | None, chart: _Chart) -> EquivalenceResult | None:
    """Not equivalent, with a witness, if exact evaluation differs at one of the probe points; otherwise None.

    First the points of :func:`probe_points`; then the screened points of
    :func:`_screened_points` (floats only choose which points to evaluate;
    the verdict is exact evaluation at a rational point).
    """
    def differ(x, how):
        values = (net_a(x), net_b(x))
        if values[0] != values[1]:
            return EquivalenceResult(False, witness=x, outputs=values, method="oracle",
                                     reason=f"the outputs differ at a {how} of the domain (exact evaluation "
                                            "before the region search)", regions=0)
        return None

    for x in probe_points(domain, net_a.input_dim, interior=chart.to_x(chart.interior)):
        found = differ(x, "probe point")
        if found is not None:
            return found
    for x in _screened_points(net_a, net_b, domain):
        found = differ(x, "screened point")
        if found is not None:
            return found
    return None


SCREEN_OPERATIONS = 150_000
"""Floating-point multiply-adds spent choosing screened points (both networks, all points)."""
SCREEN_CHECKS = 4
"""Most screened points evaluated exactly."""


def _float_layers(net: Network):
    return [([[float(v) for v in row] for row in layer.weight], [float(v) for v in layer.bias]) for layer in net.layers]


def _float_eval(layers, x):
    last = len(layers) - 1
    for k, (weight, bias) in enumerate(layers):
        x = [sum(w * v for w, v in zip(row, x)) + c for row, c in zip(weight, bias)]
        if k < last:
            x = [v if v > 0 else 0.0 for v in x]
    return x


def _screened_points(net_a: Network, net_b: Network, domain: Polyhedron | None) -> Iterator[tuple[Fraction, ...]]:
    """Up to :data:`SCREEN_CHECKS` rational points of the domain where a float evaluation sees the outputs differ.

    Near misses (one parameter moved slightly) differ only where the moved
    neuron and a path from it to the output are active, often a small part of
    the box the fixed probes cover, or outside it.  Many more points are drawn
    (a fixed generator: dyadic coordinates in the box, and for a coordinate
    the domain leaves unbounded, in boxes 4 and 16 times as wide), as many as
    :data:`SCREEN_OPERATIONS` float operations allow, and each point where
    the float outputs differ is yielded as soon as it is seen (at most
    :data:`SCREEN_CHECKS` of them).  Floats only pick
    points: the caller evaluates them exactly, so a rounding error costs an
    exact evaluation, never a wrong answer.
    """
    d = net_a.input_dim
    cost = 2 * (net_a.num_parameters + net_b.num_parameters)
    count = min(512, SCREEN_OPERATIONS // max(cost, 1))
    if count < 8:
        return
    try:
        layers_a, layers_b = _float_layers(net_a), _float_layers(net_b)
    except OverflowError:
        return
    lo, hi = _box_bounds(domain, d)
    shape = None if domain is None else _shape(domain)
    rng = random.Random(25)  # fixed: the points are part of the algorithm's definition
    checks = 0
    for k in range(count):
        scale = (1, 4, 16)[k % 3]
        coords = []
        for a, b in zip(lo, hi):
            low = a if a is not None else (b - scale if b is not None else Fraction(-scale))
            high = b if b is not None else (low + 2 * scale if a is not None else Fraction(scale))
            coords.append(low + (high - low) * Fraction(rng.randint(0, 64), 64))
        x = tuple(coords)
        if shape is not None and not shape.contains(x):
            continue
        xf = [float(v) for v in x]
        try:
            u, v = _float_eval(layers_a, xf), _float_eval(layers_b, xf)
        except OverflowError:
            return
        size = max([abs(t) for t in u + v] + [1.0])
        if max(abs(p - q) for p, q in zip(u, v)) > 1e-9 * size:  # far above the rounding on these magnitudes
            yield x
            checks += 1
            if checks >= SCREEN_CHECKS:
                return


# ------------------------------------------------------------------ region search
def _step_inside(constraints: Sequence[Form], point: Sequence[Fraction], direction: Sequence[Fraction]) -> Fraction:
    """Half the largest step t > 0 with point + s direction strictly inside for all 0 <= s <= t."""
    limit = None
    for form in constraints:
        slope = sum((a * v for a, v in zip(form, direction) if a), _ZERO)
        if slope < 0:
            bound = _value(form, point) / -slope
            limit = bound if limit is None or bound < limit else limit
    return Fraction(1) if limit is None else limit / 2


class _Search:
    def __init__(self, nets: Sequence[Network], chart: _Chart, max_regions, bar=None):
        self.nets = nets
        self.chart = chart
        self.dim = chart.dim
        self.max_regions = max_regions
        self.bar = bar
        self.regions = 0  # leaves: the linear regions of the whole networks
        self.examined = 0  # regions of the first l layers, every l >= 1 (what max_regions bounds)
        self.lps = 0
        self._keys: dict[Form, tuple[int, ...]] = {}
        # First layers composed with the chart x = origin + basis y.
        self.first = []
        for net in nets:
            layer = net.layers[0]
            self.first.append([chart.compose(row, b) for row, b in zip(layer.weight, layer.bias)])

    def side_exists(self, constraints: list[tuple[int, ...]], form: Form, negative: bool):
        """A point of the closed region where ``form`` is < 0 (negative) or > 0, or None."""
        self.lps += 1
        result = linalg.optimize_integer_rows(form, constraints, self.dim, maximize=not negative)
        if result.status == "unbounded":
            # form <= -1 (negative side) or form >= 1, as an extra integer row
            bound = linalg.integer_form(tuple(-a for a in form[:-1]) + (-form[-1] - 1,) if negative
                                        else form[:-1] + (form[-1] - 1,))
            result = linalg.optimize_integer_rows((_ZERO,) * (self.dim + 1), constraints + [bound], self.dim)
            return result.point
        if result.status != "optimal":
            raise InternalCheckError("region LP infeasible although the region has an interior point")
        if (result.value < 0) if negative else (result.value > 0):
            return result.point
        return None

    def run(self):
        """Yield (constraints, interior point, [output forms per net]) for each open region, depth first.

        An explicit stack (children pushed in reverse) visits the regions in
        the order of the recursive definition without one Python frame per
        neuron, so networks with thousands of layers are fine.
        """
        stage_forms = [list(f) for f in self.first]
        rows = [linalg.integer_form(f) for f in self.chart.inequalities]
        stack = [("stage", 0, (rows, tuple(self.chart.interior), frozenset(rows)), stage_forms, [None] * len(self.nets))]
        while stack:
            state = stack.pop()
            if state[0] == "stage":
                found = self._stage(stack, *state[1:])
                if found is not None:
                    yield found
            else:
                self._branch(stack, *state[1:])

    def _count(self, layer: int) -> None:
        """One more region examined (of the first ``layer`` layers); refused beyond ``max_regions``."""
        if layer == 0:
            return
        self.examined += 1
        if self.max_regions is not None and self.examined > self.max_regions:
            raise LimitReachedError(f"the oracle examined more than max_regions={self.max_regions} linear regions "
                                    f"(those of the first layers included; the limit regions)", limit="regions",
                                    value=self.max_regions)

    def _stage(self, stack, layer: int, region, preacts, outputs):
        """Branch on the hidden neurons of ``layer`` of every network that has it; a leaf region is returned."""
        self._count(layer)
        nets = self.nets
        pending = [(n, i) for n, net in enumerate(nets) if layer < net.depth - 1 for i in range(len(preacts[n]))]
        for n, net in enumerate(nets):
            if layer == net.depth - 1 and outputs[n] is None:
                outputs = outputs[:n] + [tuple(preacts[n])] + outputs[n + 1:]
        if not pending:
            self.regions += 1
            if self.bar is not None:
                self.bar.advance(note=f"{self.lps} LPs")
            return region[0], region[1], outputs
        stack.append(("branch", layer, region, preacts, outputs, pending, 0, [[] for _ in nets]))
        return None

    def _branch(self, stack, layer, region, preacts, outputs, pending, index, posts):
        if index == len(pending):
            width = self.dim + 1
            next_pre = []
            for n, net in enumerate(self.nets):
                if layer < net.depth - 1:
                    nxt = net.layers[layer + 1]
                    next_pre.append([_combine(row, posts[n], b, width) for row, b in zip(nxt.weight, nxt.bias)])
                else:
                    next_pre.append(preacts[n])
            stack.append(("stage", layer + 1, region, next_pre, outputs))
            return
        n, i = pending[index]
        form = preacts[n][i]
        zero_form = tuple(_ZERO for _ in form)
        constraints, point, known = region

        def then(child_region, post):
            return ("branch", layer, child_region, preacts, outputs, pending, index + 1, _push(posts, n, post))

        if not any(form[:-1]):
            stack.append(then(region, form if form[-1] > 0 else zero_form))
            return
        # A hyperplane already met on this branch (a repeated neuron line) needs no LP.
        key = self._keys.get(form)
        if key is None:  # the same pre-activation form recurs on many branches
            if len(self._keys) > 200_000:
                self._keys.clear()
            key = self._keys[form] = linalg.integer_form(form)
        if key in known or tuple(-v for v in key) in known:
            stack.append(then(region, form if key in known else zero_form))
            return
        at = _value(form, point)
        if at == 0:
            direction = form[:-1]
            step = min(_step_inside(constraints, point, direction),
                       _step_inside(constraints, point, tuple(-v for v in direction)))
            plus = tuple(p + step * v for p, v in zip(point, direction))
            minus = tuple(p - step * v for p, v in zip(point, direction))
            children = [(True, plus), (False, minus)]
        else:
            far = self.side_exists(constraints, form, negative=at > 0)
            children = [(at > 0, point)]
            if far is not None:
                # Move from the closure point `far` toward the interior point until strictly inside.
                a_far, a_here = _value(form, far), at
                lam = a_far / (a_far - a_here) / 2
                inner = tuple(f + lam * (p - f) for f, p in zip(far, point))
                children.append((at < 0, inner))
            else:
                sign_key = key if at > 0 else tuple(-v for v in key)
                stack.append(then((constraints, point, known | {sign_key}), form if at > 0 else zero_form))
                return
        for active, child_point in reversed(children):  # reversed: the first child is explored first
            cut = key if active else tuple(-v for v in key)
            stack.append(then((constraints + [cut], child_point, known | {cut}), form if active else zero_form))


def _push(posts, n, form):
    out = list(posts)
    out[n] = posts[n] + [form]
    return out


# ------------------------------------------------------------------ public API
def linear_regions(net: Network, *, domain=None, limits: SearchLimits | None = None):
    """An iterator of ``(interior_point, output_forms)``, one per open linear region of ``net``.

    The arguments are checked at the call; ``limits.regions`` bounds the
    regions examined (:class:`~semialg_fibers.core.exceptions.LimitReachedError`
    during the iteration beyond it).

    ``output_forms`` lists one affine form ``(coefficients..., constant)`` per
    output on that region (in the coordinates of R^d; domain must then be
    None or full-dimensional).  The regions are those of the activation
    patterns that occur on an open set, so two patterns with the same affine
    map count twice.

    Examples
    --------
    >>> relu = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    >>> sorted((p[0] > 0, forms[0]) for p, forms in linear_regions(relu))
    [(False, (Fraction(0, 1), Fraction(0, 1))), (True, (Fraction(1, 1), Fraction(0, 1)))]
    """
    _check_network(net, "linear_regions")
    chart = _chart(as_domain(domain, net.input_dim), net.input_dim)
    if chart.dim != net.input_dim:
        raise DomainError("linear_regions needs a full-dimensional domain")
    return ((point, outputs[0]) for _, point, outputs in _Search([net], chart, resolve(limits).regions).run())


def _check_network(net, what: str) -> None:
    if not isinstance(net, Network):
        raise ArgumentError(f"{what} needs a semialg_fibers.Network, got {type(net).__name__}")


def equivalent(net_a: Network, net_b: Network, *, domain=None, max_regions: int | None = None,
               progress=None, orbit_check: bool = True, probe: bool = True,
               limits: SearchLimits | None = None) -> EquivalenceResult:
    """Decide exactly whether two ReLU networks compute the same function.

    Parameters
    ----------
    net_a, net_b : Network
        Any depths and widths; same input and output dimensions.
    domain : None, "orthant" or Polyhedron
        ``None`` means all of R^d.  Lower-dimensional polyhedra are allowed.
    max_regions : int, optional
        Give up (``LimitReachedError``) after this many regions; overrides ``limits.regions``.
    progress : bool or callable, optional
        Progress of the region search (:mod:`semialg_fibers.core.progress`):
        a callable receives :class:`~semialg_fibers.core.progress.ProgressUpdate`
        values (regions done, LPs solved in the note), ``True`` prints lines
        on stderr, None keeps the reporter in force.
    orbit_check : bool
        First decide exactly whether ``net_b`` is ``net_a`` with hidden
        neurons permuted and positively rescaled
        (:func:`semialg_fibers.core.symmetries.same_orbit`); if so the answer is
        "equivalent" with ``method="symmetry"`` and no region is examined.
        Pass False to run the region search regardless (to check the
        symmetry code against this independent oracle).
    probe : bool
        Before the region search, evaluate both networks exactly at the
        points of :func:`probe_points` (a relative interior point of the
        domain, the centre and four vertices of its box, twelve fixed rational
        points); the first point where the outputs differ is returned as the
        witness (``regions=0``).  Two networks that differ usually differ
        there, which answers in a few evaluations instead of a region
        search.  Equal networks agree at every probe and go through the full
        search; the answer is exact either way.  Pass False to test the
        region search alone.
    limits : SearchLimits, optional
        ``limits.regions`` bounds the regions examined, those of the first
        layers included (each region of the networks lies in one region of
        every truncation, so the search stops as soon as the bound is
        certainly exceeded).

    Returns
    -------
    EquivalenceResult
        Truthy iff equal on the domain; otherwise ``.witness`` is a rational
        point of the domain where the outputs differ (checked by evaluation).

    Raises
    ------
    ShapeError
        Different input or output dimensions.
    DomainError
        Empty or mismatched domain.

    Notes
    -----
    Regions are found by incremental splitting (one LP per neuron and region
    that the neuron's hyperplane might cut); only nonempty open regions are
    visited.  Worst case exponential in the number of neurons.

    Examples
    --------
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> linear = Network.from_layers([([[1]], [0])])
    >>> bool(equivalent(identity, linear))
    True
    >>> relu = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    >>> r = equivalent(relu, linear)
    >>> bool(r), relu(r.witness) != linear(r.witness), r.regions
    (False, True, 0)
    >>> r = equivalent(relu, linear, probe=False)
    >>> bool(r), relu(r.witness) != linear(r.witness), r.regions > 0
    (False, True, True)
    """
    _check_network(net_a, "equivalent")
    _check_network(net_b, "equivalent")
    if net_a.input_dim != net_b.input_dim or net_a.output_dim != net_b.output_dim:
        raise ShapeError(
            f"networks have architectures {net_a.architecture} and {net_b.architecture}; "
            "equivalence needs the same input and output dimensions"
        )
    chart = _chart(as_domain(domain, net_a.input_dim), net_a.input_dim)
    if orbit_check:
        from ..core.symmetries import orbit_verdict

        found = orbit_verdict(net_a, net_b)
        if found is not None:
            return found
    if probe:
        found = _probe(net_a, net_b, as_domain(domain, net_a.input_dim), chart)
        if found is not None:
            return found
    if max_regions is None:
        max_regions = resolve(limits).regions
    with reporting(progress), task("oracle", total=max_regions, unit="regions") as bar:
        search = _Search([net_a, net_b], chart, max_regions, bar)
        for constraints, point, (out_a, out_b) in search.run():
            if out_a != out_b:
                return _witness(net_a, net_b, chart, constraints, point, out_a, out_b, search.regions)
    return EquivalenceResult(True, method="oracle", reason=f"all {search.regions} linear regions agree",
                             regions=search.regions)


def _witness(net_a, net_b, chart, constraints, point, out_a, out_b, regions) -> EquivalenceResult:
    # The affine maps differ on an open region, so they differ at one of
    # point, point + t e_j (d + 1 affinely independent points inside it).
    dim = len(point)
    candidates = [tuple(point)]
    for j in range(dim):
        direction = tuple(Fraction(int(i == j)) for i in range(dim))
        step = _step_inside(constraints, point, direction)
        candidates.append(tuple(p + step * v for p, v in zip(point, direction)))
    for y in candidates:
        if any(_value(fa, y) != _value(fb, y) for fa, fb in zip(out_a, out_b)):
            x = chart.to_x(y)
            values = (net_a(x), net_b(x))
            if values[0] == values[1]:
                raise InternalCheckError(f"oracle witness {x} does not separate the networks on evaluation")
            return EquivalenceResult(False, witness=x, outputs=values, method="oracle",
                                     reason="the affine pieces differ on a linear region", regions=regions)
    raise InternalCheckError("affine pieces differ but no separating point was found")
