"""The connected pieces of a fiber's components, exact points of their closures, and separation certificates.

A listed component ``C = phi(D)`` is cut into *pieces* ``P_s = phi(D_s)``: the
cells ``D_s`` of its auxiliary domain ``D`` on which the sign of every factor of
a ``!=`` constraint is fixed (``gamma != 0`` gives ``gamma > 0`` and
``gamma < 0``).  When every remaining constraint is linear in the auxiliary
symbols, ``D_s`` is convex, so ``P_s`` is connected (``docs/theory/connectivity.md``,
Lemma 1).  The copies ``pi . P_s`` under hidden-neuron permutations ``pi`` are the
nodes of the fiber's graph (:mod:`.fibergraph`).

Three exact tools work on pieces:

* :func:`closure_points`: points of ``cl(P_s)``, either images ``phi(u)`` of
  special points ``u`` of ``D_s`` (one auxiliary symbol set to a rational root
  of a constraint or of a coordinate) or limits ``lim_{t -> 0+} phi(u(t))`` along
  a segment ``u(t)`` of ``D_s`` ending at such a root (Lemma 2);
* :func:`in_piece`: exact membership of a point in a piece;
* :func:`separated`: a proof that the closures of two pieces are disjoint,
  from closed relaxations of the pieces (Lemma 3): LP infeasibility of their
  linear parts, or ``1`` in the ideal of their equations (a Groebner basis).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ..core import linalg
from ..core.components import FiberComponent
from ..core.exceptions import NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.semialgebraic import BasicSet, constraint, map_parametrization
from ..core.symbols import parameter_symbols
from ..core.symmetries import hidden_permutations, permute_hidden

__all__ = ["Piece", "ClosurePoint", "Permutations", "pieces", "closure_points", "in_piece", "separated",
           "aux_preimage"]

_T = sympy.Symbol("t", positive=True)


# ---------------------------------------------------------------------------- permutations
@dataclass(frozen=True)
class Permutations:
    """The hidden-neuron permutations of an architecture as index maps of the flat parameters.

    ``maps[k]`` is the index map of ``hidden[k]``: ``apply(k, theta)[c] = theta[maps[k][c]]``
    is ``permute_hidden(theta, hidden[k])``.  Index 0 is the identity.
    """

    architecture: tuple
    hidden: tuple
    maps: tuple

    @classmethod
    def of(cls, architecture, limits: SearchLimits | None = None) -> Permutations:
        arch = tuple(architecture)
        count = math.prod(math.factorial(w) for w in arch[1:-1])
        resolve(limits).check("permutations", count, f"fiber graph: {count} hidden-neuron permutations")
        hidden = tuple(hidden_permutations(arch))
        size = len(parameter_symbols(arch))
        probe = Network.from_parameters(arch, list(range(size)))
        maps = tuple(tuple(int(x) for x in permute_hidden(probe, h).parameters()) for h in hidden)
        return cls(arch, hidden, maps)

    def apply(self, k: int, point) -> tuple:
        m = self.maps[k]
        return tuple(point[m[c]] for c in range(len(m)))

    def compose(self, p: int, q: int) -> int:
        """The index of ``x -> apply(p, apply(q, x))``."""
        mp, mq = self.maps[p], self.maps[q]
        return self.maps.index(tuple(mq[mp[c]] for c in range(len(mp))))

    def inverse(self, p: int) -> int:
        mp = self.maps[p]
        inv = [0] * len(mp)
        for c, x in enumerate(mp):
            inv[x] = c
        return self.maps.index(tuple(inv))

    def __len__(self) -> int:
        return len(self.maps)


# ---------------------------------------------------------------------------- pieces
@dataclass(frozen=True)
class Piece:
    """One cell of a component's auxiliary domain: ``phi(D_s)`` of the representative copy.

    Attributes
    ----------
    component : int
        Index of the component in the fiber.
    cell : int
        Index of the cell among the component's cells.
    signs : tuple of (sympy.Expr, int)
        The sign fixed on each linear factor of a ``!=`` constraint.
    domain : BasicSet
        ``D_s`` over the component's auxiliary symbols.
    convex : bool
        Every constraint of ``domain`` is linear, so ``D_s`` is convex, and every denominator of the
        parametrization is a product of polynomials of strict constraints of the cell, so the piece
        is the continuous image of a convex set: connected (Lemma 1).
    """

    component: int
    cell: int
    signs: tuple
    domain: BasicSet
    convex: bool

    def as_set(self, comp: FiberComponent) -> BasicSet:
        return BasicSet(comp.coordinates, self.domain.constraints, comp.auxiliary, comp.parametrization)


def _linear_factor(poly: sympy.Expr, aux) -> sympy.Expr | None:
    """``L`` when ``poly = c L^k`` with ``L`` linear in ``aux``; else None."""
    coeff, factors = sympy.factor_list(sympy.expand(poly), *aux)
    if len(factors) != 1:
        return None
    (base, _power), = factors
    if sympy.Poly(base, *aux).total_degree() != 1:
        return None
    return base


def pieces(comp: FiberComponent, index: int, limits: SearchLimits | None = None) -> tuple[Piece, ...]:
    """The cells of ``comp``'s domain with the sign of every ``!=`` factor fixed (empty cells dropped)."""
    aux = comp.auxiliary
    keep, split, convex = [], [], True
    for c in comp.domain.constraints:
        if c.relation == "!=":
            factor = _linear_factor(c.polynomial, aux) if aux else None
            if factor is None:
                keep.append(c)
                convex = False
            else:
                split.append(factor)
        else:
            keep.append(c)
            if c.total_degree > 1:
                convex = False
    count = 2 ** len(split)
    resolve(limits).check("subsets", count, f"fiber graph: {count} sign cells of a component's domain")
    out = []
    for signs in itertools.product((1, -1), repeat=len(split)):
        cons = keep + [constraint(s * f, ">") for s, f in zip(signs, split)]
        domain = BasicSet(aux, cons)
        try:
            domain.sample(seed=0)
        except (ValueError, NotDecidedError):
            continue  # an empty cell (its linear constraints are infeasible) or one we cannot sample
        out.append(Piece(index, len(out), tuple(zip(split, signs)), domain, convex and _defined(comp, domain)))
    return tuple(out)


def _defined(comp: FiberComponent, domain: BasicSet) -> bool:
    """Every factor of every denominator of the parametrization is, up to a constant, the polynomial of a strict
    constraint of the cell: the parametrization is defined, hence continuous, on the whole cell."""
    strict = {sympy.expand(c.polynomial) for c in domain.constraints if c.relation == ">"}
    for expr in comp.parametrization:
        den = sympy.denom(sympy.together(sympy.sympify(expr)))
        if den.is_number:
            continue
        _coeff, factors = sympy.factor_list(den)
        for base, _power in factors:
            base = sympy.expand(base)
            if not any(sympy.simplify(base / p).is_number for p in strict):
                return False
    return True


def in_piece(comp: FiberComponent, piece: Piece, point, single: bool) -> bool | None:
    """Exact membership of ``point`` in the piece (``single``: the component has one cell); None: not decided."""
    net = Network.from_parameters(comp.architecture, point)
    try:
        if comp.membership is not None and not comp.contains(net):
            return False  # in no copy of the component
        if single:
            return comp.contains_representative(net)
        if comp.implicit is not None and not comp.contains_representative(net):
            return False
    except NotDecidedError:
        return None
    # a cell of a component with several: a preimage found in the cell proves membership; none found decides nothing
    return True if aux_preimage(comp, piece, point) is not None else None


# ---------------------------------------------------------------------------- closure points
@dataclass(frozen=True)
class ClosurePoint:
    """An exact point of the closure of a piece, with how it was reached.

    ``start`` is a point of the cell ``D_s``; the point is ``phi(end)`` when
    ``limit`` is False (``end`` in ``D_s``), otherwise ``lim_{t -> 0+}
    phi(end + t (start - end))`` (the half-open segment ``(end, start]`` lies in ``D_s``).
    """

    point: tuple
    start: tuple
    end: tuple
    limit: bool


def _rational_roots(poly: sympy.Expr, x: sympy.Symbol) -> list[Fraction]:
    poly = sympy.Poly(sympy.numer(sympy.together(poly)), x)
    if poly.degree() < 1:
        return []
    return [Fraction(int(r.p), int(r.q)) for r in sympy.roots(poly, filter="Q") if r.is_Rational]


def _order_and_lead(expr: sympy.Expr) -> tuple[int, sympy.Rational]:
    poly = sympy.Poly(expr, _T)
    terms = poly.terms()
    if not terms:
        return (10**9, sympy.Integer(0))
    (k,), c = min(terms, key=lambda item: item[0][0])
    return k, c


def _limit_value(expr: sympy.Expr) -> Fraction | None:
    """``lim_{t -> 0+}`` of a rational function of ``t`` with rational coefficients; None when infinite."""
    num, den = sympy.fraction(sympy.cancel(sympy.together(expr)))
    a, ca = _order_and_lead(num)
    b, cb = _order_and_lead(den)
    if a < b:
        return None
    if a > b:
        return Fraction(0)
    value = sympy.Rational(ca) / sympy.Rational(cb)
    return Fraction(int(value.p), int(value.q))


def _segment_in_domain(domain: BasicSet, aux, start, end) -> bool:
    """Whether the half-open segment ``(end, start]`` lies in the convex cell (linear constraints)."""
    for c in domain.constraints:
        at = dict(zip(aux, start))
        vs, ve = c.value(at), c.value(dict(zip(aux, end)))
        if c.relation == "==":
            if vs != 0 or ve != 0:
                return False
        elif c.relation == ">":
            if not (vs > 0 and ve >= 0):
                return False
        elif c.relation == ">=":
            if not (vs >= 0 and ve >= 0):
                return False
        else:
            return False
    return True


def _limit_image(comp: FiberComponent, start, end) -> tuple | None:
    sub = {a: sympy.Rational(e) + _T * sympy.Rational(s - e) for a, s, e in zip(comp.auxiliary, start, end)}
    out = []
    for expr in comp.parametrization:
        value = _limit_value(sympy.sympify(expr).xreplace(sub))
        if value is None:
            return None
        out.append(value)
    return tuple(out)


def _image(comp: FiberComponent, u) -> tuple | None:
    try:
        return map_parametrization(comp.parametrization, comp.auxiliary, u)
    except (ValueError, ZeroDivisionError):
        return None


def closure_points(comp: FiberComponent, piece: Piece, *, seeds=(0, 1), depth: int = 2,
                   limits: SearchLimits | None = None) -> tuple[ClosurePoint, ...]:
    """Exact points of ``cl(piece)``: special points of the cell and limits along its segments (Lemma 2).

    From each sampled point ``u0`` of the cell, for each auxiliary symbol ``x``
    and each rational root ``r`` of a constraint or of a coordinate restricted
    to the line through ``u0`` along ``x``: the image of ``u0[x := r]`` if that
    point is in the cell, else the limit of the image along the segment from
    ``u0`` to it when the segment lies in the cell and the limit is finite.
    Special points in the cell are expanded again (``depth`` rounds).  Only a
    convex piece is searched (a segment must stay in the cell).
    """
    if not piece.convex or not comp.auxiliary:
        return ()
    aux = comp.auxiliary
    budget = resolve(limits)
    found: dict[tuple, ClosurePoint] = {}
    starts = []
    for seed in seeds:
        try:
            starts.append(tuple(piece.domain.sample(seed=seed)))
        except (ValueError, NotDecidedError):
            continue
    frontier = []
    for u0 in starts:
        image = _image(comp, u0)
        if image is not None:
            found.setdefault(image, ClosurePoint(image, u0, u0, False))
            frontier.append(u0)
    polys = [c.polynomial for c in piece.domain.constraints]
    for _round in range(depth):
        new = []
        for u0 in frontier:
            for k, x in enumerate(aux):
                others = {a: sympy.Rational(v) for j, (a, v) in enumerate(zip(aux, u0)) if j != k}
                roots = set()
                for p in list(polys) + list(comp.parametrization):
                    restricted = sympy.sympify(p).xreplace(others)
                    if restricted.has(x):
                        roots.update(_rational_roots(restricted, x))
                for r in sorted(roots):
                    if r == u0[k]:
                        continue
                    end = u0[:k] + (r,) + u0[k + 1:]
                    if piece.domain.contains(end):
                        image = _image(comp, end)
                        if image is not None and image not in found:
                            found[image] = ClosurePoint(image, u0, end, False)
                            new.append(end)
                    elif _segment_in_domain(piece.domain, aux, u0, end):
                        image = _limit_image(comp, u0, end)
                        if image is not None and image not in found:
                            found[image] = ClosurePoint(image, u0, end, True)
                    budget.check("subsets", len(found), "fiber graph: closure points of one piece")
        frontier = new
    return tuple(found.values())


# ---------------------------------------------------------------------------- aux preimages
def aux_preimage(comp: FiberComponent, piece: Piece, point) -> tuple | None:
    """An exact point ``u`` of the cell with ``phi(u) = point``, found by solving; None when not found."""
    aux = comp.auxiliary
    eqs = [sympy.numer(sympy.together(sympy.sympify(e) - sympy.Rational(v)))
           for e, v in zip(comp.parametrization, point)]
    eqs = [e for e in eqs if e != 0]
    try:
        solutions = sympy.solve(eqs, list(aux), dict=True)
    except (NotImplementedError, ValueError):
        return None
    for sol in solutions:
        free = [a for a in aux if a not in sol or sympy.sympify(sol[a]).free_symbols]
        candidates = [dict(sol)]
        if free:
            # a family: try the sampled cell points for the free symbols
            candidates = []
            for seed in (0, 1, 2):
                try:
                    u = piece.domain.sample(seed=seed)
                except (ValueError, NotDecidedError):
                    continue
                values = {a: sympy.Rational(v) for a, v in zip(aux, u) if a in free}
                candidates.append({a: sympy.sympify(sol.get(a, a)).xreplace(values) for a in aux})
        for cand in candidates:
            vals = [sympy.sympify(cand.get(a, a)) for a in aux]
            if not all(v.is_Rational for v in vals):
                continue
            u = tuple(Fraction(int(v.p), int(v.q)) for v in vals)
            if piece.domain.contains(u) and _image(comp, u) == tuple(Fraction(v) for v in point):
                return u
    return None


# ---------------------------------------------------------------------------- separation
def _relaxation(comp: FiberComponent, piece: Piece) -> list | None:
    """Closed constraints in the coordinates holding on ``cl(piece)`` (Lemma 3); None without an implicit form."""
    coords = comp.coordinates
    out = []
    if comp.implicit is not None:
        for c in comp.implicit.constraints:
            if c.relation == "==":
                out.append((c.polynomial, "=="))
            elif c.relation in (">", ">="):
                out.append((c.polynomial, ">="))
    # sign facts: a coordinate that is a constant times a monomial in symbols of fixed sign on the cell
    signs = _symbol_signs(piece)
    for coord, expr in zip(coords, comp.parametrization):
        expr = sympy.sympify(expr)
        if expr.is_Rational:
            out.append((coord - expr, "=="))
            continue
        sign = _monomial_sign(expr, signs)
        if sign:
            out.append((sign * coord, ">="))
    return out or None


def _symbol_signs(piece: Piece) -> dict:
    signs = {}
    for c in piece.domain.constraints:
        p = sympy.expand(c.polynomial)
        if c.relation in (">", ">=") and len(p.free_symbols) == 1:
            (x,) = p.free_symbols
            poly = sympy.Poly(p, x)
            if poly.degree() == 1 and poly.nth(0) == 0:
                signs[x] = 1 if poly.nth(1) > 0 else -1
    return signs


def _monomial_sign(expr: sympy.Expr, signs: dict) -> int:
    num, den = sympy.fraction(sympy.factor(expr))
    total = 1
    for part in (num, den):
        coeff, factors = sympy.factor_list(part)
        total *= 1 if coeff > 0 else -1
        for base, power in factors:
            if not base.is_Symbol or base not in signs:
                return 0
            if power % 2:
                total *= signs[base]
    return total


def _permuted(relax: list, coords, perms: Permutations, q: int) -> list:
    """The relaxation of ``apply(q, piece)``: y is in it iff ``apply(q^{-1}, y)`` is in the piece's."""
    qinv = perms.maps[perms.inverse(q)]
    sub = {coords[k]: coords[qinv[k]] for k in range(len(coords))}
    return [(sympy.sympify(p).xreplace(sub), rel) for p, rel in relax]


def separated(comp_a: FiberComponent, piece_a: Piece, comp_b: FiberComponent, piece_b: Piece,
              perms: Permutations, q: int, *, limits: SearchLimits | None = None) -> str | None:
    """A proof that ``cl(piece_a)`` and ``cl(apply(q, piece_b))`` are disjoint, or None (not proven).

    Returns the reason: ``"LP"`` (the linear constraints of the two closed
    relaxations are infeasible) or ``"ideal"`` (1 is in the ideal of their
    equations, with the linear equalities the linear inequalities force).
    """
    ra, rb = _relaxation(comp_a, piece_a), _relaxation(comp_b, piece_b)
    if ra is None or rb is None:
        return None
    coords = comp_a.coordinates
    if resolve(limits).exceeded("free_unknowns", len(coords)):
        return None  # beyond the limit free_unknowns: the pair stays undecided
    system = ra + _permuted(rb, coords, perms, q)
    linear, equations = [], []
    for p, rel in system:
        p = sympy.expand(p)
        if p == 0:
            continue
        poly = sympy.Poly(p, *coords)
        if poly.total_degree() <= 1:
            coeffs = tuple(Fraction(str(poly.coeff_monomial(x))) for x in coords)
            linear.append(linalg.Constraint(coeffs, Fraction(str(poly.coeff_monomial(1))), rel))
        if rel == "==":
            equations.append(p)
    n = len(coords)
    if not linalg.feasible_point(linear, n):
        return "LP"
    for c in linear:
        if c.relation == ">=":
            best = linalg.optimize(list(c.coefficients), linear, n, maximize=True, objective_constant=c.constant)
            if best.status == "optimal" and best.value == 0:
                equations.append(sum((sympy.Rational(a) * x for a, x in zip(c.coefficients, coords)),
                                     sympy.Rational(c.constant)))
    if not equations:
        return None
    basis = sympy.groebner(equations, *coords, order="grevlex", domain="QQ")
    if list(basis.exprs) == [1]:
        return "ideal"
    return None
