"""The components of a fiber on the orthant: one parametrized set per role pattern and matching stratum.

One :class:`OrthantComponent` per role pattern (:mod:`.patterns`: orientations
of the neurons on the visible lines, and zero-output, dead, linear and group
roles) and per stratum ``s`` of its matching set (:mod:`.matching`: ``s`` is
the dimension of the row space of ``Z = [alpha_M; alpha_W; A]``).  Each
component carries

* a rational parametrization that covers the stratum exactly, over a domain
  of polynomial constraints (the equations ``C Z = R`` in coordinates of a
  basis of ``rowspace Z``, ``A >= 0``, rank conditions), with a constructor
  of points of the domain (its sampler);
* the implicit form: the same set as polynomial constraints in the network
  coordinates (exact membership by substitution);
* the required linear part ``R_S``, ``ncr(R_S)`` and the matching data;
* its dimension (:func:`.patterns.piece_strata`), with the exact tangent ranks
  at constructed points of the stratum.

Derivations: ``docs/theory/orthant.md``.
"""

from __future__ import annotations

import enum
import itertools
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from ..core import linalg
from ..core.components import FiberComponent, make_component
from ..core.exceptions import InternalCheckError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.nonnegative_rank import nonnegative_column_rank
from ..core.phrase import Math, phrase_latex, phrase_text
from ..core.semialgebraic import BasicSet, constraint, linear_constraint, monomial_constraint
from ..core.symbols import AuxiliaryFactory, parameter_symbols, shallow_symbols
from ..core.symbols import sympy_rational as _q
from ..onelayer.counting import certification
from ..onelayer.lines import neuron_infos
from ..onelayer.membership import assign_slots
from .canonical import OrthantData, canonical_data
from .matching import MatchingData
from .patterns import OrthantPattern, pattern_matching, required_linear_part
from .types import RowType, check_shallow, row_type

__all__ = ["ComponentPattern", "OrthantComponent", "OrthantMembership", "StratumSampler", "Slot", "component", "slots",
           "pattern_membership"]

_ZERO = Fraction(0)
_ATTEMPTS = 60


@dataclass(frozen=True)
class ComponentPattern:
    """A role pattern and the stratum ``s = rank [alpha_M; alpha_W; A]`` of its matching set.

    In words: the rows that produce the linear part (normals of the mixed lines
    and of the lines of the cancelling groups, input weights of the linear
    neurons) span a space of dimension ``s``.
    """

    roles: OrthantPattern
    stratum: int

    def phrases(self) -> tuple[tuple, ...]:
        """The role pattern's phrases, then the stratum in words."""
        return self.roles.phrases() + ((
            "the rows that produce the linear part span a space of dimension ",
            Math(str(self.stratum), str(self.stratum))),)

    def describe(self) -> str:
        """The pattern in words (plain text)."""
        return "; ".join(phrase_text(p) for p in self.phrases())

    def latex(self) -> str:
        """The pattern in words as LaTeX text mode (symbols in math mode)."""
        return "; ".join(phrase_latex(p) for p in self.phrases())

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"roles": self.roles.to_dict(), "stratum": self.stratum}


@dataclass(frozen=True)
class OrthantComponent(FiberComponent):
    """A fiber component on the orthant, with the data of its linear part.

    Extra attributes (beyond :class:`~semialg_fibers.core.components.FiberComponent`)
    ---------------------------------------------------------------------------
    required_linear_part : tuple of rows
        ``R_S = G + sum_{u in S} kappa_u alpha_u^T`` (``k x m``) for the flipped lines ``S``.
    nonnegative_rank : int
        ``ncr(R_S)``: linear neurons alone need at least this many.
    matching : MatchingData
        Strata of ``{C [alpha_M; alpha_W; A] = R_S, A >= 0}``.
    """

    required_linear_part: tuple = ()
    nonnegative_rank: int = 0
    matching: MatchingData | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        """JSON-ready dictionary, with the required linear part and its nonnegative column rank."""
        out = super().to_dict()
        out["required_linear_part"] = [[str(v) for v in row] for row in self.required_linear_part]
        out["nonnegative_column_rank"] = self.nonnegative_rank
        return out


# ---------------------------------------------------------------------------- helpers
def _coords(basis, vector, m) -> tuple[Fraction, ...]:
    """Coordinates of ``vector`` in the rows of ``basis`` (it must lie in their span)."""
    if not basis:
        return ()
    x = linalg.solve([[basis[t][j] for t in range(len(basis))] for j in range(m)], vector, len(basis))
    if x is None:
        raise InternalCheckError("a vector expected in the row space is not in it")
    return x


def _ints(rng: random.Random, count: int, low: int = -3, high: int = 3) -> list:
    return [Fraction(rng.randint(low, high)) for _ in range(count)]


def _positive(rng: random.Random, count: int) -> list:
    return [Fraction(rng.randint(1, 6), rng.randint(1, 3)) for _ in range(count)]


def _matching_point(md: MatchingData, s: int, rng: random.Random):
    """Numbers ``(Yext, coefficient rows Zc, C)`` of a generic point of stratum ``s`` (Zc of rank ``s``)."""
    m, k, w0 = md.input_dim, md.output_dim, md.w0
    q, p, l = len(md.mixed_normals), md.groups, md.linear
    E0, plus = md.basis, md.positive_basis
    bc = [tuple(_coords(E0, row, m)) + (_ZERO,) * (s - w0) for row in md.mixed_normals]
    rc = [tuple(_coords(E0, row, m)) + (_ZERO,) * (s - w0) for row in md.required]
    plus_coords = [_coords(E0, row, m) for row in plus]
    z_plus = _coords(plus, md.positive_vector, m) if plus else ()
    for _ in range(_ATTEMPTS):
        yext = []
        if s > w0:
            yext = [tuple(Fraction(rng.randint(1, 4)) for _ in range(m))]
            yext += [tuple(Fraction(rng.randint(-3, 3)) for _ in range(m)) for _ in range(s - w0 - 1)]
            if linalg.rank(list(E0) + yext, m) != s:
                continue
        E = list(E0) + yext
        gamma = [tuple(Fraction(rng.randint(-3, 3)) for _ in range(s)) for _ in range(p)]
        delta = []  # (coefficients used by the parametrization, coefficient row in the basis E)
        for _ in range(l):
            if s > w0:
                d = [Fraction(rng.randint(-2, 2)) for _ in range(s)]
                big = Fraction(1)
                while True:
                    d[w0] = big
                    row = [sum((d[t] * E[t][j] for t in range(s)), _ZERO) for j in range(m)]
                    if all(v > 0 for v in row):
                        break
                    big *= 2
                delta.append((tuple(d), tuple(d)))
            else:
                d = [Fraction(rng.randint(-2, 2)) for _ in range(len(plus))]
                big = Fraction(1)
                while plus:
                    dd = [big * z + x for z, x in zip(z_plus, d)]
                    row = [sum((dd[t] * plus[t][j] for t in range(len(plus))), _ZERO) for j in range(m)]
                    if all(row[j] > 0 for j in md.positive_support):
                        d = dd
                        break
                    big *= 2
                coeff = tuple(sum((d[t] * plus_coords[t][i] for t in range(len(plus))), _ZERO) for i in range(w0))
                delta.append((tuple(d), coeff))
        zc = bc + gamma + [c for _, c in delta]
        if s and linalg.rank(zc, s) != s:
            continue
        columns = [[zc[i][j] for i in range(q + p + l)] for j in range(s)]  # Zc^T, s x t
        kernel = linalg.nullspace(columns, q + p + l) if s else tuple(
            tuple(Fraction(int(i == j)) for i in range(q + p + l)) for j in range(q + p + l))
        C = []
        for j in range(k):
            x = list(linalg.solve(columns, rc[j], q + p + l)) if s else [_ZERO] * (q + p + l)
            for vec in kernel:
                coef = Fraction(rng.randint(-3, 3))
                x = [a + coef * b for a, b in zip(x, vec)]
            C.append(tuple(x))
        return yext, gamma, delta, C, bc, rc, plus_coords
    raise InternalCheckError(f"no generic point of matching stratum s = {s} found in {_ATTEMPTS} attempts")


# ---------------------------------------------------------------------------- the parametrization
def _basis(md: MatchingData, s: int, yext, aux: AuxiliaryFactory) -> sympy.Matrix:
    """The basis ``E`` of ``V = rowspace Z``: the rows of ``W0``, then ``s - w0`` rows of new symbols."""
    m, w0 = md.input_dim, md.w0
    E = [[_q(v) for v in row] for row in md.basis]
    if s > w0:
        flat_y = aux.new("eta", values=[v for row in yext for v in row])
        E += [flat_y[i * m:(i + 1) * m] for i in range(s - w0)]
    return sympy.Matrix(E) if s else sympy.zeros(0, m)


def _coefficient_rows(md: MatchingData, s: int, gamma, delta, bc, plus_coords, E_mat, aux: AuxiliaryFactory,
                      cons: list) -> tuple[sympy.Matrix, list, list]:
    """The rows ``Zc`` (``t x s``) of ``Z`` in ``E``, the group normals ``alpha_W``, the rows of ``A >= 0``."""
    m, w0, p = md.input_dim, md.w0, md.groups
    t = len(md.mixed_normals) + p + md.linear
    zc_rows = [[_q(v) for v in row] for row in bc]
    alpha_w = []
    for j in range(p):
        g = aux.new("gamma", values=gamma[j])
        zc_rows.append(g)
        alpha_w.append(list(sympy.Matrix([g]) * E_mat) if s else [sympy.Integer(0)] * m)
    a_rows = []
    plus = md.positive_basis
    for d, _ in delta:
        dsym = aux.new("delta", values=d)
        if s > w0:
            zc_rows.append(dsym)
            row = list(sympy.Matrix([dsym]) * E_mat)
        else:
            zc_rows.append([sum((dsym[a] * _q(plus_coords[a][i]) for a in range(len(plus))), sympy.Integer(0))
                            for i in range(w0)])
            row = [sum((dsym[a] * _q(plus[a][j]) for a in range(len(plus))), sympy.Integer(0)) for j in range(m)]
        a_rows.append([sympy.expand(x) for x in row])
        cons.extend(constraint(x, ">=") for x in a_rows[-1])
    zc = sympy.Matrix(zc_rows) if t and s else sympy.zeros(t, s)
    return zc, alpha_w, a_rows


def _matching_matrix(md: MatchingData, s: int, C_num, rc, zc, E_mat, aux: AuxiliaryFactory,
                     cons: list) -> sympy.Matrix:
    """``C`` (``k x t``) with the equations ``C Zc = Rc`` and the rank conditions of ``Zc`` and ``E``."""
    k, w0 = md.output_dim, md.w0
    t = len(md.mixed_normals) + md.groups + md.linear
    csym = aux.new("zeta", values=[v for row in C_num for v in row])
    C = sympy.Matrix(k, t, csym) if t else sympy.zeros(k, 0)
    if s:
        lhs = C * zc
        for j in range(k):
            for i in range(s):
                cons.append(constraint(sympy.expand(lhs[j, i]), "==", _q(rc[j][i])))
        cons.append(constraint(sympy.expand((zc.T * zc).det(method="berkowitz")), "!="))
        if s > w0:
            cons.append(constraint(sympy.expand((E_mat * E_mat.T).det(method="berkowitz")), "!="))
    return C


def _line_class(aux: AuxiliaryFactory, rng: random.Random, cons: list, neurons: list, count: int, sign: int, rho,
                target, m: int, k: int) -> None:
    """Append ``count`` neurons on the line ``rho`` with one orientation whose kinks sum to ``target``."""
    lams = aux.new("lambda", values=_positive(rng, count))
    for lam in lams:
        cons.append(constraint(lam, ">"))
    vs = [aux.new("omega", values=_ints(rng, k)) for _ in range(count - 1)]
    vs.append([(target[j] - sum((v[j] * lam for v, lam in zip(vs, lams)), sympy.Integer(0))) / lams[-1]
               for j in range(k)])
    for v, lam in zip(vs, lams):
        neurons.append(([sign * lam * x for x in rho[:m]], sign * lam * rho[m], v))


def _neurons(data: OrthantData, roles: OrthantPattern, md: MatchingData, C, alpha_w, a_rows, rng: random.Random,
             aux: AuxiliaryFactory, cons: list) -> tuple[list, list]:
    """The neurons ``(a, b, v)`` in representative order, and the ``(v, b)`` whose product enters the output bias."""
    m, k = md.input_dim, md.output_dim
    q, p, l = len(md.mixed_normals), md.groups, md.linear
    col_mixed = {u: i for i, u in enumerate(roles.mixed)}
    c_col = lambda i: [C[j, i] for j in range(k)]  # noqa: E731
    neurons = []  # (a, b, v)
    affine = []  # (v, b) of neurons whose v . b enters the output bias
    for u, (pu, qu) in enumerate(roles.visible):
        line = data.lines[u]
        rho = [_q(v) for v in line.line]
        kappa = [_q(v) for v in line.kink]
        if pu and qu:
            cu = c_col(col_mixed[u])
            _line_class(aux, rng, cons, neurons, pu, 1, rho, [kappa[j] + cu[j] for j in range(k)], m, k)
            _line_class(aux, rng, cons, neurons, qu, -1, rho, [-x for x in cu], m, k)
            affine.append((cu, rho[m]))
        elif pu:
            _line_class(aux, rng, cons, neurons, pu, 1, rho, kappa, m, k)
        else:
            _line_class(aux, rng, cons, neurons, qu, -1, rho, kappa, m, k)
            affine.append(([-x for x in kappa], rho[m]))
    for j, (pw, qw) in enumerate(roles.cancelling):
        (beta,) = aux.new("beta", values=[rng.choice((-1, 1)) * rng.randint(1, 3)])  # keeps rho != 0 when alpha = 0
        rho = list(alpha_w[j]) + [beta]
        cons.append(constraint(sympy.expand(sum((x ** 2 for x in rho), sympy.Integer(0))), "!="))
        cw = c_col(q + j)
        _line_class(aux, rng, cons, neurons, pw, 1, rho, cw, m, k)
        _line_class(aux, rng, cons, neurons, qw, -1, rho, [-x for x in cw], m, k)
        affine.append((cw, beta))
    for pw, _ in roles.silent:
        values = _ints(rng, m + 1)
        if not any(values):
            values[0] = Fraction(1)
        rho = aux.new("rho", values=values)
        cons.append(constraint(sum((x ** 2 for x in rho), sympy.Integer(0)), "!="))
        _line_class(aux, rng, cons, neurons, pw, 1, rho, [sympy.Integer(0)] * k, m, k)
    for i in range(l):
        (eps,) = aux.new("epsilon", values=_ints(rng, 1, 1, 3))
        cons.append(constraint(eps, ">="))
        ci = c_col(q + p + i)
        neurons.append((a_rows[i], eps, ci))
        affine.append((ci, eps))
    for _ in range(roles.dead):
        row = aux.new("pi", values=_ints(rng, m + 1, -3, -1))
        cons.extend(constraint(x, "<=") for x in row)
        neurons.append((row[:m], row[m], aux.new("omega", values=_ints(rng, k))))
    for _ in range(roles.zero_output):
        row = aux.new("pi", values=_ints(rng, m + 1))
        neurons.append((row[:m], row[m], [sympy.Integer(0)] * k))
    return neurons, affine


def _build(net: Network, data: OrthantData, roles: OrthantPattern, md: MatchingData, s: int, seed: int):
    """Parametrization, auxiliary symbols, domain constraints and the values of one constructed point."""
    m, n, k = net.architecture
    rng = random.Random(seed)
    aux = AuxiliaryFactory()
    yext, gamma, delta, C_num, bc, rc, plus_coords = _matching_point(md, s, rng)
    cons = []
    # the symbols are numbered, and rng is drawn, in this order: E, Zc and A, C, then the neurons
    E_mat = _basis(md, s, yext, aux)
    zc, alpha_w, a_rows = _coefficient_rows(md, s, gamma, delta, bc, plus_coords, E_mat, aux, cons)
    C = _matching_matrix(md, s, C_num, rc, zc, E_mat, aux, cons)
    neurons, affine = _neurons(data, roles, md, C, alpha_w, a_rows, rng, aux, cons)
    if len(neurons) != n:
        raise InternalCheckError(f"pattern {roles.describe()!r} built {len(neurons)} neurons for width {n}")
    out_bias = [_q(g) for g in data.constant]
    for v, b in affine:
        out_bias = [out_bias[j] - v[j] * b for j in range(k)]
    flat = [x for a, _, _ in neurons for x in a] + [b for _, b, _ in neurons]
    flat += [v[j] for j in range(k) for _, _, v in neurons] + out_bias
    return tuple(flat), tuple(aux.symbols), cons, tuple(aux.values)


@dataclass(frozen=True)
class StratumSampler:
    """The points of one orthant component's domain (its ``sampler``): ``StratumSampler(...)(seed)``.

    Each seed draws a generic point of the matching stratum and the free
    values of the neurons (:func:`_build` with that seed), so every point lies
    in the domain of the parametrization built with seed 0.  A value: it
    pickles and compares by its fields.

    Attributes
    ----------
    net : Network
        Read for its architecture only.
    data : OrthantData
    roles : OrthantPattern
    matching : MatchingData
    stratum : int

    Examples
    --------
    >>> from semialg_fibers.orthant.fiber import fiber
    >>> component = fiber(Network.from_layers([([[1, -1], [-1, -1]], [0, -1]), ([[1, 5]], [0])])).components[0]
    >>> point = component.sampler(2)
    >>> component.domain.contains(point), point == component.sampler(2)
    (True, True)
    """

    net: Network
    data: OrthantData
    roles: OrthantPattern
    matching: MatchingData
    stratum: int

    def __call__(self, seed: int) -> tuple[Fraction, ...]:
        return _build(self.net, self.data, self.roles, self.matching, self.stratum, seed)[3]


# ---------------------------------------------------------------------------- the implicit form
class Slot(enum.StrEnum):
    """The role of one neuron slot in an orthant component's representative order."""

    LINE = "visible line"
    GROUP = "cancelling group"
    SILENT = "silent group"
    LINEAR = "linear"
    DEAD = "dead"
    ZERO_OUTPUT = "zero-output"


def _slots(roles: OrthantPattern) -> list[tuple]:
    """Slot descriptors in representative order."""
    slots = []
    for u, (pu, qu) in enumerate(roles.visible):
        slots += [(Slot.LINE, u, 1)] * pu + [(Slot.LINE, u, -1)] * qu
    for j, (pw, qw) in enumerate(roles.cancelling):
        slots += [(Slot.GROUP, j, 1)] * pw + [(Slot.GROUP, j, -1)] * qw
    for j, (pw, _) in enumerate(roles.silent):
        slots += [(Slot.SILENT, j, 1)] * pw
    return slots + [(Slot.LINEAR,)] * roles.linear + [(Slot.DEAD,)] * roles.dead + [(Slot.ZERO_OUTPUT,)] * roles.zero_output


def _minor_count(rows: int, cols: int, size: int) -> int:
    return math.comb(rows, size) * math.comb(cols, size) if 0 <= size <= min(rows, cols) else 0


def _implicit(net: Network, data: OrthantData, roles: OrthantPattern, s: int,
              limits: SearchLimits | None = None) -> tuple[BasicSet | None, str]:
    """The component in the network coordinates, or ``(None, reason)`` beyond ``limits.implicit_minors``."""
    m, n, k = net.architecture
    syms = parameter_symbols(net.architecture)
    a, b, v, out = shallow_symbols(net.architecture)
    slots = _slots(roles)
    members = sum(p + q - 1 for p, q in roles.groups)  # group members other than the leader
    z_count = len(roles.mixed) + len(roles.cancelling) + roles.linear
    minors = members * _minor_count(2, m + 1, 2)
    if z_count:
        minors += _minor_count(z_count, m, s + 1) + _minor_count(z_count, m, s)
    limits = resolve(limits)
    if limits.exceeded("implicit_minors", minors):
        return None, f"{minors} minors exceed the limit implicit_minors = {limits.implicit_minors}"
    cons = []
    rows = [a[i] + [b[i]] for i in range(n)]
    dot = lambda x, y: sum((p_ * q_ for p_, q_ in zip(x, y)), sympy.Integer(0))  # noqa: E731
    kink = {(u, j): {} for u in range(data.num_lines) for j in range(k)}  # monomials of the kink sums
    first = {}
    group_kink: dict = {}
    contributors = []  # neurons whose v a^T, v b enter G and g0
    z_rows = [[_q(x) for x in data.lines[u].normal] for u in roles.mixed]
    for i, slot in enumerate(slots):
        kind = slot[0]
        if kind == Slot.ZERO_OUTPUT:
            cons.extend(linear_constraint({x: 1}) for x in v[i])
        elif kind == Slot.DEAD:
            cons.extend(linear_constraint({x: 1}, 0, "<=") for x in rows[i])
        elif kind == Slot.LINEAR:
            cons.extend(linear_constraint({x: 1}, 0, ">=") for x in rows[i])
            contributors.append(i)
            z_rows.append(a[i])
        elif kind == Slot.LINE:
            # (a_i, b_i) = a_i[t] (alpha_u, beta_u) with o a_i[t] > 0: linear, two terms each
            _, u, sign = slot
            line = data.lines[u]
            t = line.lead
            lead = a[i][t]
            cons.extend(linear_constraint({rows[i][j]: 1, lead: -line.line[j]}) for j in range(m + 1) if j != t)
            cons.append(linear_constraint({lead: sign}, 0, ">"))
            for j in range(k):
                kink[u, j][(lead, v[i][j])] = sign
            if sign < 0:
                contributors.append(i)
        else:
            key = (kind, slot[1])
            sign = slot[2]
            if key not in first:
                first[key] = i
                group_kink[key] = [sympy.Integer(0)] * k
                if kind == Slot.GROUP:
                    contributors.append(i)
                    z_rows.append(a[i])
            i0 = first[key]
            if i != i0:
                r0, ri = rows[i0], rows[i]
                for x, y in itertools.combinations(range(m + 1), 2):
                    cons.append(monomial_constraint({(r0[x], ri[y]): 1, (r0[y], ri[x]): -1}))
                cons.append(constraint(sign * dot(r0, ri), ">"))
                if kind == Slot.GROUP and sign > 0:
                    contributors.append(i)
            weight = sign * dot(rows[i], rows[i0])
            group_kink[key] = [group_kink[key][j] + weight * v[i][j] for j in range(k)]
    for (u, j), terms in kink.items():
        terms[()] = -data.lines[u].kink[j]
        cons.append(monomial_constraint(terms))
    for total in group_kink.values():
        cons.extend(constraint(sympy.expand(x), "==") for x in total)
    for j in range(k):
        for col in range(m):
            terms = {(v[i][j], a[i][col]): 1 for i in contributors}
            terms[()] = -data.linear[j][col]
            cons.append(monomial_constraint(terms))
        terms = {(v[i][j], b[i]): 1 for i in contributors}
        terms[(out[j],)] = 1
        terms[()] = -data.constant[j]
        cons.append(monomial_constraint(terms))
    # stratum: rank of Z = [alpha_M; alpha_W; A] is s
    if z_rows:
        Z = sympy.Matrix(z_rows)
        if s + 1 <= min(Z.rows, m):
            for I in itertools.combinations(range(Z.rows), s + 1):
                for J in itertools.combinations(range(m), s + 1):
                    cons.append(constraint(sympy.expand(Z.extract(list(I), list(J)).det(method="berkowitz")), "=="))
        if s:
            total = sum((Z.extract(list(I), list(J)).det(method="berkowitz") ** 2
                         for I in itertools.combinations(range(Z.rows), s)
                         for J in itertools.combinations(range(m), s)), sympy.Integer(0))
            cons.append(constraint(sympy.expand(total), "!="))
    return BasicSet(syms, cons), ""


# ---------------------------------------------------------------------------- membership
def _fits(slot, info, data: OrthantData) -> bool:
    kind = slot[0]
    row = info.a + (info.b,)
    if kind == Slot.ZERO_OUTPUT:
        return not any(info.v)
    if kind == Slot.DEAD:
        return row_type(row) == RowType.DEAD
    if kind == Slot.LINEAR:
        return all(x >= 0 for x in row)
    if kind == Slot.LINE:
        return info.key == data.lines[slot[1]].key and info.orientation == slot[2]
    return any(row)


@dataclass(frozen=True)
class OrthantMembership:
    """Exact membership in the union of the copies of one orthant component (its ``membership``).

    ``OrthantMembership(data, roles, stratum)(net)`` is True iff ``net`` has
    the orthant data ``data`` and an assignment of its neurons to the slots of
    ``roles`` (line keys and orientations, row signs of dead and linear
    neurons, groups on one line each with zero total kink and class sizes)
    whose rows ``[alpha_M; alpha_W; A]`` have rank ``stratum``.  A value: it
    pickles and compares by its fields.

    Examples
    --------
    >>> from semialg_fibers.orthant.patterns import OrthantPattern
    >>> net = Network.from_layers([([[1, -1], [-1, -1]], [0, -1]), ([[1, 5]], [0])])   # the second neuron is dead
    >>> member = OrthantMembership(canonical_data(net), OrthantPattern(0, 1, 0, ((1, 0),)), 0)
    >>> member(Network.from_layers([([[-2, -3], [2, -2]], [0, 0]), ([[7, "1/2"]], [0])]))
    True
    >>> member(Network.from_layers([([[1, -1], [-1, -1]], [0, -1]), ([[2, 5]], [0])]))
    False
    """

    data: OrthantData
    roles: OrthantPattern
    stratum: int

    def __call__(self, net: Network) -> bool:
        data, roles, stratum = self.data, self.roles, self.stratum
        slots = _slots(roles)
        if net.architecture[1] != len(slots) or canonical_data(net) != data:
            return False
        sizes = {(Slot.GROUP, j): g for j, g in enumerate(roles.cancelling)}
        sizes.update({(Slot.SILENT, j): g for j, g in enumerate(roles.silent)})
        infos = neuron_infos(net)
        m = net.input_dim

        def options(i):
            return [j for j, slot in enumerate(slots) if _fits(slot, infos[i], data)]

        def groups(perm):
            out = {}
            for j, slot in enumerate(slots):
                if slot[0] in (Slot.GROUP, Slot.SILENT) and perm[j] is not None:
                    out.setdefault(slot[:2], []).append(infos[perm[j]])
            return out

        def row(x):
            return x.a + (x.b,)

        def dot(x, y):
            return sum((p * q for p, q in zip(row(x), row(y))), _ZERO)

        def consistent(perm):
            # a group: rows proportional to its leader's (a = 0 allowed: a constant on the orthant), classes
            # by the sign of the product with the leader's row, of the pattern's sizes
            for key, members in groups(perm).items():
                lead = members[0]
                if linalg.rank([list(row(x)) for x in members], m + 1) != 1:
                    return False
                plus = sum(1 for x in members if dot(x, lead) > 0)
                minus = len(members) - plus
                first, second = sizes[key]
                if not ((plus <= first and minus <= second) or (plus <= second and minus <= first)):
                    return False
            return True

        def accept(perm):
            found = groups(perm)
            for members in found.values():
                weights = [abs(dot(x, members[0])) for x in members]  # row = t leader, the kink is v |t|
                if any(sum((w * x.v[j] for w, x in zip(weights, members)), _ZERO) for j in range(len(data.constant))):
                    return False
            rows = [list(data.lines[u].normal) for u in roles.mixed]
            rows += [list(found[Slot.GROUP, j][0].a) for j in range(len(roles.cancelling))]
            rows += [list(infos[i].a) for j, i in enumerate(perm) if slots[j][0] == Slot.LINEAR]
            rank = linalg.rank(rows, m) if rows else 0
            return rank == stratum

        return assign_slots(len(infos), slots, options, accept, consistent)


def slots(roles: OrthantPattern) -> tuple[Slot, ...]:
    """The role of each neuron slot, in the representative order of the pattern's component (one per neuron).

    >>> from semialg_fibers.orthant.patterns import OrthantPattern
    >>> [str(s) for s in slots(OrthantPattern(0, 1, 1, ((1, 0),)))]
    ['visible line', 'linear', 'dead']
    """
    return tuple(slot[0] for slot in _slots(roles))


def pattern_membership(data: OrthantData, roles: OrthantPattern, stratum: int) -> OrthantMembership:
    """Exact membership in the union of the copies of a pattern's component for the orthant data ``data``.

    The same test as :meth:`OrthantComponent.contains`, without building the
    parametrization (used when the data move with a parameter, as in the
    three-layer fibers): an :class:`OrthantMembership`, called on a network.
    """
    return OrthantMembership(data, roles, stratum)


# ---------------------------------------------------------------------------- components and the fiber
def component(net: Network, data: OrthantData, roles: OrthantPattern, stratum: int, dimension: int,
              cache: dict | None = None, certify: bool = True, limits: SearchLimits | None = None) -> OrthantComponent:
    """The component of one role pattern and stratum (see the module docstring).

    Its ``membership`` is an :class:`OrthantMembership`, its ``sampler`` a :class:`StratumSampler`.
    """
    m, n, k = check_shallow(net, "orthant fiber component")
    md = pattern_matching(data, roles, cache=cache)
    flat, aux, cons, _ = _build(net, data, roles, md, stratum, 0)
    required = required_linear_part(data, roles.flipped)
    pattern = ComponentPattern(roles, stratum)
    implicit, reason = _implicit(net, data, roles, stratum, limits)
    description = pattern.describe() + ("" if implicit is not None else f" (no implicit form: {reason})")
    certify, note = certification(certify, len(aux), limits)
    return make_component(net.architecture, pattern, flat, aux, BasicSet(aux, cons), implicit, dimension,
                          multiplicity=roles.multiplicity, description=description + note,
                          membership=OrthantMembership(data, roles, stratum),
                          sampler=StratumSampler(net, data, roles, md, stratum), certify=certify,
                          component_type=OrthantComponent, required_linear_part=required,
                          nonnegative_rank=nonnegative_column_rank(required).value, matching=md)


