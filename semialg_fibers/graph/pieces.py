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

import dataclasses
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ..core import linalg
from ..core.components import FiberComponent
from ..core.exceptions import NotDecidedError
from ..core.expressions import as_expression
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.semialgebraic import BasicSet, constraint, map_parametrization
from ..core.symbols import parameter_symbols
from ..core.symmetries import hidden_permutations, permute_hidden

__all__ = ["Piece", "ClosurePoint", "Permutations", "pieces", "closure_points", "in_piece", "separated",
           "aux_preimage", "closure_preimage", "limit_image"]

_T = sympy.Symbol("t", positive=True)


def _expr(value) -> sympy.Expr:
    """A SymPy expression of a component's entry (a SymPy value or an exact number; text is parsed, never run)."""
    return value if isinstance(value, sympy.Basic) else as_expression(value, "a component's entry")


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
    auxiliary : tuple of sympy.Symbol
        The component's auxiliary symbols less those eliminated: an equation ``p1 x + p0 = 0`` of the
        domain with ``x`` in no other constraint and ``p1`` a product of polynomials of strict
        constraints of the cell is replaced by ``x = -p0 / p1`` in the parametrization.
    parametrization : tuple of sympy.Expr
        The component's, with the eliminated symbols substituted.
    domain : BasicSet
        The cell ``D_s`` over ``auxiliary``.
    convex : bool
        Every constraint of ``domain`` is linear, so ``D_s`` is convex, and every denominator of the
        parametrization is a product of polynomials of strict constraints of the cell, so the piece
        is the continuous image of a convex set: connected (Lemma 1).
    kept : tuple of int
        The positions of ``auxiliary`` among the component's auxiliary symbols.
    single : bool
        The component has this one piece (its membership test is the piece's).
    points_cache : tuple
        Points of the cell sampled once (seeds 0, 1, 2).
    signs_read : tuple of (int, int) or None
        Per fixed sign, a coordinate ``k`` and a sign ``e`` with ``sign(L) = e sign(theta_k)`` on the
        whole component (``theta_k`` is a constant times an odd power of ``L`` times symbols of one
        strict sign); None when some sign cannot be read off the coordinates.
    """

    component: int
    cell: int
    signs: tuple
    auxiliary: tuple
    parametrization: tuple
    domain: BasicSet
    convex: bool
    kept: tuple
    single: bool
    signs_read: tuple | None = None
    points_cache: tuple = ()

    def image(self, u) -> tuple | None:
        """``phi(u)`` exactly, None where a denominator vanishes."""
        try:
            return map_parametrization(self.parametrization, self.auxiliary, u)
        except (ValueError, ZeroDivisionError):
            return None

    def points(self, comp: FiberComponent, seeds=(0, 1)) -> list:
        """Points of the cell: the generator's samples when they lie in it, else exact LP samples of the cell."""
        out = []
        for seed in seeds:
            u = None
            try:
                full = comp.sample_auxiliary(seed)
                cand = tuple(full[k] for k in self.kept)
                if self.domain.contains(cand) and self.image(cand) is not None:
                    u = cand
            except (ValueError, NotDecidedError):
                pass
            if u is None:
                try:
                    u = tuple(self.domain.sample(seed=seed))
                except (ValueError, NotDecidedError):
                    continue
            if u not in out:
                out.append(u)
        return out


def _sign(value) -> int:
    return (value > 0) - (value < 0)


def _linear_factor(poly: sympy.Expr, aux) -> sympy.Expr | None:
    """``L`` when ``poly = c L^k`` with ``L`` linear in ``aux``; else None."""
    coeff, factors = sympy.factor_list(sympy.expand(poly), *aux)
    if len(factors) != 1:
        return None
    (base, _power), = factors
    if sympy.Poly(base, *aux).total_degree() != 1:
        return None
    return base


def _of_strict(expr: sympy.Expr, strict) -> bool:
    """Every factor of ``expr`` is, up to a constant, the polynomial of a strict constraint (so it never vanishes)."""
    if _expr(expr).is_number:
        return expr != 0
    _coeff, factors = sympy.factor_list(sympy.expand(expr))
    return all(any(sympy.cancel(sympy.expand(base) / p).is_number for p in strict) for base, _power in factors)


def _eliminate(aux: list, param: list, cons: list):
    """Substitute the symbols an equation determines (see :class:`Piece`); returns the reduced data."""
    aux, param, cons = list(aux), list(param), list(cons)
    changed = True
    while changed:
        changed = False
        strict = [sympy.expand(c.polynomial) for c in cons if c.relation == ">"]
        for c in cons:
            if c.relation != "==":
                continue
            for x in sorted(c.free_symbols & set(aux), key=str):
                if any(x in d.free_symbols for d in cons if d is not c):
                    continue
                poly = sympy.Poly(c.polynomial, x)
                if poly.degree() != 1:
                    continue
                p1, p0 = poly.nth(1), poly.nth(0)
                if not _of_strict(p1, [q for q in strict if x not in q.free_symbols]):
                    continue
                value = -p0 / p1
                param = [sympy.cancel(_expr(e).xreplace({x: value})) for e in param]
                cons = [d for d in cons if d is not c]
                aux.remove(x)
                changed = True
                break
            if changed:
                break
    return aux, param, cons


def pieces(comp: FiberComponent, index: int, limits: SearchLimits | None = None) -> tuple[Piece, ...]:
    """The cells of ``comp``'s domain with the sign of every ``!=`` factor fixed (cells proven empty dropped)."""
    aux = comp.auxiliary
    keep, split = [], []
    for c in comp.domain.constraints:
        factor = _linear_factor(c.polynomial, aux) if c.relation == "!=" and aux else None
        if factor is None:
            keep.append(c)
        else:
            split.append(factor)
    count = 2 ** len(split)
    resolve(limits).check("subsets", count, f"fiber graph: {count} sign cells of a component's domain")
    out: list[Piece] = []
    for signs in itertools.product((1, -1), repeat=len(split)):
        signed = _signed_monomials(keep + [constraint(s * f, ">") for s, f in zip(signs, split)])
        if signed is None:
            continue
        cons = signed
        if split and _linear_part_empty(cons, aux):
            continue  # a constraint contradicts the signs, or the linear constraints are infeasible: the cell is empty
        cell_aux, param, cell_cons = _eliminate(list(aux), list(comp.parametrization), cons)
        domain = BasicSet(tuple(cell_aux), cell_cons)
        strict = [sympy.expand(c.polynomial) for c in domain.constraints if c.relation == ">"]
        convex = all(c.relation != "!=" and c.total_degree <= 1 for c in domain.constraints) and all(
            _of_strict(sympy.denom(sympy.together(_expr(e))), strict) for e in param)
        kept = tuple(aux.index(a) for a in cell_aux)
        piece = Piece(index, len(out), tuple(zip(split, signs)), tuple(cell_aux), tuple(param), domain, convex,
                      kept, not split, _signs_read(comp, split, keep))
        out.append(dataclasses.replace(piece, points_cache=tuple(piece.points(comp, (0, 1, 2)))))
    return tuple(out)


def _strict_signs(cons) -> dict:
    """``symbol -> +1 or -1`` for each constraint ``a x > 0`` on one symbol (a strict sign of the cell)."""
    signs = {}
    for c in cons:
        if c.relation == ">" and len(c.free_symbols) == 1:
            (x,) = c.free_symbols
            poly = sympy.Poly(c.polynomial, x)
            if poly.degree() == 1 and poly.nth(0) == 0:
                signs[x] = 1 if poly.nth(1) > 0 else -1
    return signs


def _signs_read(comp: FiberComponent, split: list, keep: list) -> tuple | None:
    """For each split factor ``L`` (a symbol), a coordinate whose sign gives ``sign(L)`` on all of the component."""
    fixed = _strict_signs(keep)
    out = []
    for factor in split:
        if not factor.is_Symbol:
            return None
        found = None
        for k, expr in enumerate(comp.parametrization):
            expr = _expr(expr)
            if not expr.has(factor) or not _odd_power(expr, factor):
                continue  # with an even power of L the coordinate's sign says nothing about sign(L)
            trial = dict(fixed)
            trial[factor] = 1
            sign = _monomial_sign(expr, trial)
            if sign:
                found = (k, sign)  # sign(theta_k) = sign * sign(L), so sign(L) = sign * sign(theta_k)
                break
        if found is None:
            return None
        out.append(found)
    return tuple(out)


def _signed_monomials(cons: list) -> list | None:
    """Drop the constraints on a monomial whose symbols have a strict sign in the cell when the signs imply them;
    None when the signs contradict one (the cell is empty)."""
    signs = _strict_signs(cons)
    out = []
    for c in cons:
        p = sympy.expand(c.polynomial)
        sign = _monomial_sign(p, signs) if len(p.free_symbols) > 1 and p.is_Mul else 0
        if not sign:
            out.append(c)
            continue
        holds = {"==": False, "!=": True, ">": sign > 0, ">=": sign > 0}[c.relation]
        if not holds:
            return None
    return out


def _linear_part_empty(cons, aux) -> bool:
    rows = []
    for c in cons:
        if c.relation == "!=" or c.total_degree > 1:
            continue
        poly = sympy.Poly(c.polynomial, *aux)
        coeffs = tuple(Fraction(str(poly.coeff_monomial(x))) for x in aux)
        rows.append(linalg.Constraint(coeffs, Fraction(str(poly.coeff_monomial(1))), c.relation))
    return not linalg.feasible_point(rows, len(aux))


def in_piece(comp: FiberComponent, piece: Piece, point) -> bool | None:
    """Exact membership of ``point`` in the piece (the representative copy); None: not decided."""
    net = Network.from_parameters(comp.architecture, point)
    try:
        if comp.membership is not None and not comp.contains(net):
            return False  # in no copy of the component
        if piece.single:
            return comp.contains_representative(net)
        if comp.implicit is not None and not comp.contains_representative(net):
            return False
        if comp.implicit is not None and piece.signs_read is not None:
            # in the representative copy, at a point u of the domain; the coordinates give the cell of u
            return all(sign * _sign(point[k]) == s for (k, sign), (_f, s) in zip(piece.signs_read, piece.signs))
    except NotDecidedError:
        return None
    # a cell of a component with several: a preimage found in the cell proves membership; none found decides nothing
    return True if aux_preimage(piece, point) is not None else None


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


def limit_image(piece: Piece, start, end) -> tuple | None:
    """``lim_{t -> 0+} phi(end + t (start - end))`` exactly; None when a coordinate diverges."""
    sub = {a: sympy.Rational(e) + _T * sympy.Rational(s - e) for a, s, e in zip(piece.auxiliary, start, end)}
    out = []
    for expr in piece.parametrization:
        value = _limit_value(_expr(expr).xreplace(sub))
        if value is None:
            return None
        out.append(value)
    return tuple(out)


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
    if not piece.convex or not piece.auxiliary:
        return ()
    aux = piece.auxiliary
    budget = resolve(limits)
    found: dict[tuple, ClosurePoint] = {}
    starts = list(piece.points_cache) if seeds == (0, 1) and piece.points_cache else piece.points(comp, seeds)
    frontier = []
    for u0 in starts:
        image = piece.image(u0)
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
                for p in list(polys) + list(piece.parametrization):
                    restricted = _expr(p).xreplace(others)
                    if restricted.has(x):
                        roots.update(_rational_roots(restricted, x))
                for r in sorted(roots):
                    if r == u0[k]:
                        continue
                    end = u0[:k] + (r,) + u0[k + 1:]
                    if piece.domain.contains(end):
                        image = piece.image(end)
                        if image is not None and image not in found:
                            found[image] = ClosurePoint(image, u0, end, False)
                            new.append(end)
                    elif _segment_in_domain(piece.domain, aux, u0, end):
                        image = limit_image(piece, u0, end)
                        if image is not None and image not in found:
                            found[image] = ClosurePoint(image, u0, end, True)
                    budget.check("subsets", len(found), "fiber graph: closure points of one piece")
        frontier = new
    return tuple(found.values())


# ---------------------------------------------------------------------------- aux preimages
def _solutions(piece: Piece, point) -> list[tuple]:
    """Rational points ``u`` with ``phi(u) = point`` exactly (``phi`` defined at ``u``), found by solving."""
    aux = piece.auxiliary
    eqs = [sympy.numer(sympy.together(_expr(e) - sympy.Rational(v)))
           for e, v in zip(piece.parametrization, point)]
    eqs = [e for e in eqs if e != 0]
    try:
        solutions = sympy.solve(eqs, list(aux), dict=True)
    except (NotImplementedError, ValueError):
        return []
    target = tuple(Fraction(v) for v in point)
    out = []
    for sol in solutions:
        free = [a for a in aux if a not in sol or _expr(sol[a]).free_symbols]
        candidates = [dict(sol)]
        if free:
            # a family: try the sampled cell points for the free symbols
            candidates = []
            for u in piece.points_cache:
                values = {a: sympy.Rational(v) for a, v in zip(aux, u) if a in free}
                candidates.append({a: _expr(sol.get(a, a)).xreplace(values) for a in aux})
        for cand in candidates:
            vals = [_expr(cand.get(a, a)) for a in aux]
            if not all(v.is_Rational for v in vals):
                continue
            u = tuple(Fraction(int(v.p), int(v.q)) for v in vals)
            if piece.image(u) == target and u not in out:
                out.append(u)
    return out


def aux_preimage(piece: Piece, point) -> tuple | None:
    """An exact point ``u`` of the cell with ``phi(u) = point``, found by solving; None when not found."""
    for u in _solutions(piece, point):
        if piece.domain.contains(u):
            return u
    return None


def closure_preimage(piece: Piece, point) -> ClosurePoint | None:
    """``point`` as ``phi(u*)`` with ``u*`` in the closure of the cell and ``(u*, u0]`` in the cell (Lemma 2');
    None when no such ``u*`` was found.  A convex piece only."""
    if not piece.convex:
        return None
    for u in _solutions(piece, point):
        for u0 in piece.points_cache:
            if _segment_in_domain(piece.domain, piece.auxiliary, u0, u):
                return ClosurePoint(tuple(Fraction(v) for v in point), u0, u, not piece.domain.contains(u))
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
    for coord, expr in zip(coords, piece.parametrization):
        expr = _expr(expr)
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


def _odd_power(expr: sympy.Expr, symbol: sympy.Symbol) -> bool:
    """True iff ``symbol`` divides the factored ``expr`` (numerator and denominator together) an odd number of times."""
    num, den = sympy.fraction(sympy.factor(expr))
    return sum(power for part in (num, den) for base, power in sympy.factor_list(part)[1] if base == symbol) % 2 == 1


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
    return [(_expr(p).xreplace(sub), rel) for p, rel in relax]


def _substitution_contradicts(equations: list, linear_eqs: list, coords) -> bool:
    """Solve the linear equations for their pivot coordinates and substitute: True when an equation becomes a
    nonzero constant (then 1 is in the ideal of the equations)."""
    if not linear_eqs:
        return False
    n = len(coords)
    rows, pivots = linalg.rref(linear_eqs, n + 1)
    if n in pivots:
        return True  # the linear equations alone are inconsistent
    sub = {}
    for row, p in zip(rows, pivots):
        sub[coords[p]] = -(sympy.Rational(row[n]) + sum((sympy.Rational(row[j]) * coords[j]
                                                         for j in range(p + 1, n) if row[j]), sympy.Integer(0)))
    for e in equations:
        value = sympy.expand(e.xreplace(sub))
        if value.is_number and value != 0:
            return True
    return False


def separated(comp_a: FiberComponent, piece_a: Piece, comp_b: FiberComponent, piece_b: Piece,
              perms: Permutations, q: int, *, limits: SearchLimits | None = None) -> str | None:
    """A proof that ``cl(piece_a)`` and ``cl(apply(q, piece_b))`` are disjoint, or None (not proven).

    Returns the reason: ``"LP"`` (the linear constraints of the two closed
    relaxations are infeasible) or ``"ideal"`` (1 is in the ideal of their
    equations: an equation becomes a nonzero constant once the linear equations
    are solved for their pivots, or, within ``limits.free_unknowns``
    coordinates, a Groebner basis of the equations and of the linear equalities
    the linear inequalities force is ``{1}``).
    """
    ra, rb = _relaxation(comp_a, piece_a), _relaxation(comp_b, piece_b)
    if ra is None or rb is None:
        return None
    coords = comp_a.coordinates
    index = {x: k for k, x in enumerate(coords)}
    n = len(coords)
    system = ra + _permuted(rb, coords, perms, q)
    linear, equations, linear_eqs = [], [], []
    for p, rel in system:
        p = sympy.expand(p)
        if p == 0:
            continue
        syms = sorted(p.free_symbols, key=index.__getitem__)
        poly = sympy.Poly(p, *syms) if syms else sympy.Poly(p, coords[0])
        if poly.total_degree() <= 1:
            coeffs = [Fraction(0)] * n
            for x in syms:
                coeffs[index[x]] = Fraction(str(poly.coeff_monomial(x)))
            constant = Fraction(str(poly.coeff_monomial(1)))
            linear.append(linalg.Constraint(tuple(coeffs), constant, rel))
            if rel == "==":
                linear_eqs.append(coeffs + [constant])
        if rel == "==":
            equations.append(p)
    if not linalg.feasible_point(linear, n):
        return "LP"
    if _substitution_contradicts(equations, linear_eqs, coords):
        return "ideal"
    if resolve(limits).exceeded("free_unknowns", n):
        return None  # beyond the limit free_unknowns: no Groebner basis, the pair stays undecided
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
