"""The fiber of a one-hidden-layer network on the orthant as a union of components.

One :class:`OrthantComponent` per role pattern (:mod:`.patterns`: orientations
of the neurons on the visible lines, and zero-output, dead, linear and group
roles) and per stratum ``s`` of its matching set (:mod:`.matching`: ``s`` is
the dimension of the row space of ``Z = [alpha_M; alpha_W; A]``).  Each
component carries

* a rational parametrization that covers the stratum exactly, over a domain
  of polynomial constraints (the equations ``C Z = R`` in coordinates of a
  basis of ``rowspace Z``, ``A >= 0``, rank conditions);
* the implicit form: the same set as polynomial constraints in the network
  coordinates (exact membership by substitution);
* the required linear part ``R_S``, ``ncr(R_S)`` and the matching data;
* its dimension (:func:`.patterns.piece_strata`), certified by exact tangent
  ranks at constructed points of the stratum.

Derivations: ``docs/theory/orthant.md``.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterator

import sympy

from .. import linalg
from ..components import Fiber, FiberComponent
from ..exceptions import InternalCheckError, NotDecidedError
from ..limits import SearchLimits, resolve
from ..network import Network
from ..nonnegative_rank import nonnegative_column_rank
from ..semialgebraic import BasicSet, _map_parametrization, constraint
from ..symbols import auxiliary_symbols, parameter_symbols, shallow_symbols
from ..tangent import TangentCertificate, parametrization_rank
from ..onelayer.lines import line_key
from .canonical import OrthantData, canonical_data
from .matching import MatchingData
from .patterns import OrthantPattern, pattern_matching, piece_strata, required_linear_part, role_patterns
from .types import DEAD, check_shallow, row_type

__all__ = ["ComponentPattern", "OrthantComponent", "OrientationChoice", "component", "fiber_components", "fiber",
           "fiber_dimension", "orientation_choices"]

_ZERO = Fraction(0)
_ATTEMPTS = 60


@dataclass(frozen=True)
class ComponentPattern:
    """A role pattern and the stratum ``s = rank [alpha_M; alpha_W; A]`` of its matching set."""

    roles: OrthantPattern
    stratum: int

    def describe(self) -> str:
        """The pattern in words."""
        return f"{self.roles.describe()} [rank of the matching rows: {self.stratum}]"

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"roles": self.roles.to_dict(), "stratum": self.stratum}


@dataclass(frozen=True)
class OrthantComponent(FiberComponent):
    """A fiber component on the orthant, with the data of its linear part.

    Extra attributes (beyond :class:`~semialg_fibers.components.FiberComponent`)
    ---------------------------------------------------------------------------
    required_linear_part : tuple of rows
        ``R_S = G + sum_{u in S} kappa_u alpha_u^T`` (``k x m``) for the flipped lines ``S``.
    nonnegative_rank : int
        ``ncr(R_S)``: linear neurons alone need at least this many.
    matching : MatchingData
        Strata of ``{C [alpha_M; alpha_W; A] = R_S, A >= 0}``.
    point_builder : callable seed -> tuple of Fraction
        Constructs a point of the domain (used by :meth:`sample` and :meth:`certify`).
    """

    required_linear_part: tuple = ()
    nonnegative_rank: int = 0
    matching: MatchingData | None = field(default=None, compare=False, repr=False)
    point_builder: Callable | None = field(default=None, compare=False, repr=False)

    def sample_auxiliary(self, seed: int = 0) -> tuple[Fraction, ...]:
        """A constructed point of the domain (checked exactly against its constraints)."""
        point = self.point_builder(seed)
        if not self.domain.contains(point):
            raise InternalCheckError(f"component {self.pattern_description!r}: constructed point violates the domain")
        return point

    def sample(self, seed: int = 0) -> Network:
        """A network in the component, deterministic given ``seed`` (checked against the implicit form)."""
        values = _map_parametrization(self.parametrization, self.auxiliary, self.sample_auxiliary(seed))
        if self.implicit is not None and not self.implicit.contains(values):
            raise InternalCheckError(f"component {self.pattern_description!r}: sample {values} of the "
                                     "parametrization violates the implicit form")
        return Network.from_parameters(self.architecture, values)

    def certify(self) -> TangentCertificate:
        """Exact tangent ranks at constructed generic points of the stratum; must equal ``dimension``."""
        if self.certificate is None:
            equations = [c.polynomial for c in self.domain.constraints if c.relation == "=="]
            points, ranks = [], []
            for seed in self.certificate_seeds:
                point = self.sample_auxiliary(seed)
                points.append(point)
                ranks.append(parametrization_rank(self.parametrization, self.auxiliary, point, equations))
            best = max(ranks, default=0)
            if best != self.dimension:
                raise InternalCheckError(
                    f"component {self.pattern_description!r}: the formula gives dimension {self.dimension} but the "
                    f"exact tangent ranks at {len(ranks)} constructed points are {tuple(ranks)}")
            object.__setattr__(self, "certificate",
                               TangentCertificate(best, tuple(ranks), tuple(points), tuple(self.certificate_seeds)))
        return self.certificate

    def to_dict(self) -> dict:
        """JSON-ready dictionary, with the required linear part and its nonnegative column rank."""
        out = super().to_dict()
        out["required_linear_part"] = [[str(v) for v in row] for row in self.required_linear_part]
        out["nonnegative_column_rank"] = self.nonnegative_rank
        return out


# ---------------------------------------------------------------------------- helpers
def _q(v: Fraction) -> sympy.Rational:
    return sympy.Rational(v.numerator, v.denominator)


def _coords(basis, vector, m) -> tuple[Fraction, ...]:
    """Coordinates of ``vector`` in the rows of ``basis`` (it must lie in their span)."""
    if not basis:
        return ()
    x = linalg.solve([[basis[t][j] for t in range(len(basis))] for j in range(m)], vector, len(basis))
    if x is None:
        raise InternalCheckError("a vector expected in the row space is not in it")
    return x


class _Aux:
    """Auxiliary symbols with the values of one constructed point, in creation order."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.counts: dict = {}
        self.symbols: list = []
        self.values: list = []

    def new(self, family: str, values) -> list:
        values = [Fraction(v) for v in values]
        start = self.counts.get(family, 0) + 1
        self.counts[family] = start + len(values) - 1
        syms = list(auxiliary_symbols(family, len(values), start)) if values else []
        self.symbols.extend(syms)
        self.values.extend(values)
        return syms

    def ints(self, count: int, low: int = -3, high: int = 3) -> list:
        return [Fraction(self.rng.randint(low, high)) for _ in range(count)]

    def positive(self, count: int) -> list:
        return [Fraction(self.rng.randint(1, 6), self.rng.randint(1, 3)) for _ in range(count)]


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
def _build(net: Network, data: OrthantData, roles: OrthantPattern, md: MatchingData, s: int, seed: int):
    """Parametrization, auxiliary symbols, domain constraints and the values of one constructed point."""
    m, n, k = net.architecture
    rng = random.Random(seed)
    aux = _Aux(rng)
    w0, q, p, l = md.w0, len(md.mixed_normals), md.groups, md.linear
    t = q + p + l
    yext, gamma, delta, C_num, bc, rc, plus_coords = _matching_point(md, s, rng)
    cons = []
    # --- basis E of V = rowspace Z
    E = [[_q(v) for v in row] for row in md.basis]
    if s > w0:
        flat_y = aux.new(r"\eta", [v for row in yext for v in row])
        E += [flat_y[i * m:(i + 1) * m] for i in range(s - w0)]
    E_mat = sympy.Matrix(E) if s else sympy.zeros(0, m)
    # --- coefficient rows Zc (t x s) and rows of A
    zc_rows = [[_q(v) for v in row] for row in bc]
    alpha_w = []
    for j in range(p):
        g = aux.new(r"\gamma", gamma[j])
        zc_rows.append(g)
        alpha_w.append(list(sympy.Matrix([g]) * E_mat) if s else [sympy.Integer(0)] * m)
    a_rows = []
    plus = md.positive_basis
    for d, _ in delta:
        dsym = aux.new(r"\delta", d)
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
    # --- C (k x t) with C Zc = Rc
    csym = aux.new(r"\zeta", [v for row in C_num for v in row])
    C = sympy.Matrix(k, t, csym) if t else sympy.zeros(k, 0)
    if s:
        lhs = C * zc
        for j in range(k):
            for i in range(s):
                cons.append(constraint(sympy.expand(lhs[j, i]), "==", _q(rc[j][i])))
        cons.append(constraint(sympy.expand((zc.T * zc).det(method="berkowitz")), "!="))
        if s > w0:
            cons.append(constraint(sympy.expand((E_mat * E_mat.T).det(method="berkowitz")), "!="))
    col_mixed = {u: i for i, u in enumerate(roles.mixed)}
    c_col = lambda i: [C[j, i] for j in range(k)]  # noqa: E731
    # --- neurons in representative order
    neurons = []  # (a, b, v)
    affine = []  # (v, b) of neurons whose v . b enters the output bias

    def line_class(count, sign, rho, target):
        lams = aux.new(r"\lambda", aux.positive(count))
        for lam in lams:
            cons.append(constraint(lam, ">"))
        vs = [aux.new(r"\omega", aux.ints(k)) for _ in range(count - 1)]
        vs.append([(target[j] - sum((v[j] * lam for v, lam in zip(vs, lams)), sympy.Integer(0))) / lams[-1]
                   for j in range(k)])
        for v, lam in zip(vs, lams):
            neurons.append(([sign * lam * x for x in rho[:m]], sign * lam * rho[m], v))

    for u, (pu, qu) in enumerate(roles.visible):
        line = data.lines[u]
        rho = [_q(v) for v in line.line]
        kappa = [_q(v) for v in line.kink]
        if pu and qu:
            cu = c_col(col_mixed[u])
            line_class(pu, 1, rho, [kappa[j] + cu[j] for j in range(k)])
            line_class(qu, -1, rho, [-x for x in cu])
            affine.append((cu, rho[m]))
        elif pu:
            line_class(pu, 1, rho, kappa)
        else:
            line_class(qu, -1, rho, kappa)
            affine.append(([-x for x in kappa], rho[m]))
    for j, (pw, qw) in enumerate(roles.cancelling):
        (beta,) = aux.new(r"\beta", [aux.rng.choice((-1, 1)) * aux.rng.randint(1, 3)])  # keeps rho != 0 when alpha = 0
        rho = list(alpha_w[j]) + [beta]
        cons.append(constraint(sympy.expand(sum((x ** 2 for x in rho), sympy.Integer(0))), "!="))
        cw = c_col(q + j)
        line_class(pw, 1, rho, cw)
        line_class(qw, -1, rho, [-x for x in cw])
        affine.append((cw, beta))
    for pw, _ in roles.silent:
        values = aux.ints(m + 1)
        if not any(values):
            values[0] = Fraction(1)
        rho = aux.new(r"\rho", values)
        cons.append(constraint(sum((x ** 2 for x in rho), sympy.Integer(0)), "!="))
        line_class(pw, 1, rho, [sympy.Integer(0)] * k)
    for i in range(l):
        (eps,) = aux.new(r"\epsilon", aux.ints(1, 1, 3))
        cons.append(constraint(eps, ">="))
        ci = c_col(q + p + i)
        neurons.append((a_rows[i], eps, ci))
        affine.append((ci, eps))
    for _ in range(roles.dead):
        row = aux.new(r"\pi", aux.ints(m + 1, -3, -1))
        cons.extend(constraint(x, "<=") for x in row)
        neurons.append((row[:m], row[m], aux.new(r"\omega", aux.ints(k))))
    for _ in range(roles.zero_output):
        row = aux.new(r"\pi", aux.ints(m + 1))
        neurons.append((row[:m], row[m], [sympy.Integer(0)] * k))
    if len(neurons) != n:
        raise InternalCheckError(f"pattern {roles.describe()!r} built {len(neurons)} neurons for width {n}")
    out_bias = [_q(g) for g in data.constant]
    for v, b in affine:
        out_bias = [out_bias[j] - v[j] * b for j in range(k)]
    flat = [x for a, _, _ in neurons for x in a] + [b for _, b, _ in neurons]
    flat += [v[j] for j in range(k) for _, _, v in neurons] + out_bias
    return tuple(flat), tuple(aux.symbols), cons, tuple(aux.values)


# ---------------------------------------------------------------------------- the implicit form
def _slots(roles: OrthantPattern) -> list[tuple]:
    """Slot descriptors in representative order."""
    slots = []
    for u, (pu, qu) in enumerate(roles.visible):
        slots += [("line", u, 1)] * pu + [("line", u, -1)] * qu
    for j, (pw, qw) in enumerate(roles.cancelling):
        slots += [("group", j, 1)] * pw + [("group", j, -1)] * qw
    for j, (pw, _) in enumerate(roles.silent):
        slots += [("silent", j, 1)] * pw
    slots += [("linear",)] * roles.linear + [("dead",)] * roles.dead + [("zero",)] * roles.zero_output
    return slots


def _implicit(net: Network, data: OrthantData, roles: OrthantPattern, s: int) -> BasicSet:
    m, n, k = net.architecture
    syms = parameter_symbols(net.architecture)
    a, b, v, out = shallow_symbols(net.architecture)
    slots = _slots(roles)
    cons = []
    rows = [a[i] + [b[i]] for i in range(n)]
    dot = lambda x, y: sum((p_ * q_ for p_, q_ in zip(x, y)), sympy.Integer(0))  # noqa: E731
    kink = {u: [sympy.Integer(0)] * k for u in range(data.num_lines)}
    first = {}
    group_kink: dict = {}
    contributors = []  # neurons whose v a^T, v b enter G and g0
    z_rows = [[_q(x) for x in data.lines[u].normal] for u in roles.mixed]
    for i, slot in enumerate(slots):
        kind = slot[0]
        if kind == "zero":
            cons.extend(constraint(x, "==") for x in v[i])
        elif kind == "dead":
            cons.extend(constraint(x, "<=") for x in rows[i])
        elif kind == "linear":
            cons.extend(constraint(x, ">=") for x in rows[i])
            contributors.append(i)
            z_rows.append(a[i])
        elif kind == "line":
            _, u, sign = slot
            line = data.lines[u]
            rho = [_q(x) for x in line.line]
            for normal in linalg.nullspace([list(line.line)], m + 1):
                cons.append(constraint(dot([_q(x) for x in normal], rows[i]), "=="))
            cons.append(constraint(sign * dot(rho, rows[i]), ">"))
            lam = sign * a[i][line.lead]
            kink[u] = [kink[u][j] + lam * v[i][j] for j in range(k)]
            if sign < 0:
                contributors.append(i)
        else:
            key = (kind, slot[1])
            sign = slot[2]
            if key not in first:
                first[key] = i
                group_kink[key] = [sympy.Integer(0)] * k
                if kind == "group":
                    contributors.append(i)
                    z_rows.append(a[i])
            i0 = first[key]
            if i != i0:
                r0, ri = rows[i0], rows[i]
                for x, y in itertools.combinations(range(m + 1), 2):
                    cons.append(constraint(r0[x] * ri[y] - r0[y] * ri[x], "=="))
                cons.append(constraint(sign * dot(r0, ri), ">"))
                if kind == "group" and sign > 0:
                    contributors.append(i)
            weight = sign * dot(rows[i], rows[i0])
            group_kink[key] = [group_kink[key][j] + weight * v[i][j] for j in range(k)]
    for u in range(data.num_lines):
        for j in range(k):
            cons.append(constraint(kink[u][j], "==", _q(data.lines[u].kink[j])))
    for key, total in group_kink.items():
        cons.extend(constraint(sympy.expand(x), "==") for x in total)
    for j in range(k):
        for col in range(m):
            g = sum((v[i][j] * a[i][col] for i in contributors), sympy.Integer(0))
            cons.append(constraint(g, "==", _q(data.linear[j][col])))
        cons.append(constraint(out[j] + sum((v[i][j] * b[i] for i in contributors), sympy.Integer(0)), "==",
                               _q(data.constant[j])))
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
    return BasicSet(syms, cons)


# ---------------------------------------------------------------------------- membership
def _fits(slot, row, v, data: OrthantData) -> bool:
    kind = slot[0]
    if kind == "zero":
        return not any(v)
    if kind == "dead":
        return row_type(row) == DEAD
    if kind == "linear":
        return all(x >= 0 for x in row)
    if kind == "line":
        if not any(row[:-1]):
            return False
        key, sign, _ = line_key(row)
        return key == data.lines[slot[1]].key and sign == slot[2]
    return any(row)


def _membership(data: OrthantData, roles: OrthantPattern, implicit: BasicSet) -> Callable[[Network], bool]:
    slots = _slots(roles)

    def member(net: Network) -> bool:
        if net.architecture[1] != len(slots) or canonical_data(net) != data:
            return False
        first, second = net.layers
        cols = list(zip(*second.weight))
        rows = [tuple(w) + (b,) for w, b in zip(first.weight, first.bias)]
        options = [[j for j, slot in enumerate(slots) if _fits(slot, rows[i], cols[i], data)] for i in range(len(rows))]
        used = [False] * len(slots)
        perm = [None] * len(slots)  # slot -> neuron

        def search(i: int) -> bool:
            if i == len(rows):
                layers = [([list(rows[perm[j]][:-1]) for j in range(len(slots))], [rows[perm[j]][-1] for j in range(len(slots))]),
                          ([[cols[perm[j]][r] for j in range(len(slots))] for r in range(len(second.bias))], list(second.bias))]
                return implicit.contains(Network.from_layers(layers).parameters())
            tried = set()
            for j in options[i]:
                # interchangeable slots: only the first free one of each descriptor
                if used[j] or slots[j] in tried:
                    continue
                tried.add(slots[j])
                used[j], perm[j] = True, i
                if search(i + 1):
                    return True
                used[j], perm[j] = False, None
            return False

        return search(0)

    return member


# ---------------------------------------------------------------------------- components and the fiber
def component(net: Network, data: OrthantData, roles: OrthantPattern, stratum: int, dimension: int,
              cache: dict | None = None, certify: bool = True) -> OrthantComponent:
    """The component of one role pattern and stratum (see the module docstring)."""
    m, n, k = check_shallow(net, "orthant fiber component")
    md = pattern_matching(data, roles, cache)
    flat, aux, cons, _ = _build(net, data, roles, md, stratum, 0)

    def points(seed: int) -> tuple[Fraction, ...]:
        return _build(net, data, roles, md, stratum, seed)[3]

    required = required_linear_part(data, roles.flipped)
    pattern = ComponentPattern(roles, stratum)
    implicit = _implicit(net, data, roles, stratum)
    return OrthantComponent(net.architecture, pattern, flat, aux, BasicSet(aux, cons), implicit, dimension=dimension,
                            multiplicity=roles.multiplicity, description=pattern.describe(),
                            membership=_membership(data, roles, implicit), certify_now=certify,
                            required_linear_part=required, nonnegative_rank=nonnegative_column_rank(required).value,
                            matching=md, point_builder=points)


def fiber_components(net: Network, certify: bool = True,
                     limits: SearchLimits | None = None) -> Iterator[Callable[[], OrthantComponent]]:
    """Lazily yield one thunk per component (cheap to count, built when called)."""
    data = canonical_data(net)
    cache: dict = {}
    for roles, strata in role_patterns(data, net.architecture[1], cache, limits):
        for s, dim in strata:
            yield (lambda roles=roles, s=s, dim=dim: component(net, data, roles, s, dim, cache, certify))


def fiber(net: Network, limit: int | None = None, progress: bool | Callable = False, certify: bool = True,
          limits: SearchLimits | None = None) -> Fiber:
    """The fiber ``{theta' : f_theta' = f_theta on R^m_{>=0}}`` as a union of components.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``; the domain is the closed orthant.
    limit : int, optional
        Build at most this many components; the rest are counted (``Fiber.omitted``).
    progress : bool or callable
        Progress output for long enumerations.
    certify : bool
        Certify each component's dimension by exact tangent ranks (default).
    limits : SearchLimits, optional
        Bounds of the orientation searches.

    Returns
    -------
    Fiber
        Components of type :class:`OrthantComponent`, one per role pattern and
        matching stratum; ``dimension`` from :func:`fiber_dimension`.

    Examples
    --------
    ``y -> s(y1 - y2)`` plus a linear neuron ``2 s(y1 + y2)``:

    >>> net = Network.from_layers([([[1, -1], [1, 1]], [0, 0]), ([[1, 2]], [0])])
    >>> f = fiber(net)
    >>> f.dimension, f.contains(net)
    (3, True)

    On the orthant ``s(y1 - y2) + 2 (y1 + y2) = s(y2 - y1) + 3 y1 + y2``: the
    flipped neuron leaves ``M = (3, 1) >= 0`` to the linear neuron.

    >>> flipped = Network.from_layers([([[-1, 1], [3, 1]], [0, 0]), ([[1, 1]], [0])])
    >>> f.contains(flipped)
    True
    >>> [(c.pattern.roles.flipped, c.dimension, c.nonnegative_rank) for c in f][:2]
    [((), 3, 1), ((0,), 3, 1)]
    """
    check_shallow(net, "orthant.fiber")
    return Fiber.from_components(net, fiber_components(net, certify, limits), limit=limit,
                                 dimension=fiber_dimension(net, limits), progress=progress)


def fiber_dimension(net: Network, limits: SearchLimits | None = None) -> int:
    """``dim {theta' : f_theta' = f_theta on R^m_{>=0}}`` (same architecture).

    The maximum over the nonempty role patterns and strata of the piece
    dimensions (:func:`.patterns.piece_strata`); no component is built.

    Examples
    --------
    Two linear neurons computing ``y1 - y2`` (``ncr = 2``), the generic value
    ``(D + L)(m + 1 + k) - r (m + k - r) = 8 - 2``:

    >>> fiber_dimension(Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, -1]], [0])]))
    6
    """
    m, n, k = check_shallow(net, "orthant.fiber_dimension")
    data = canonical_data(net)
    best = -1
    for _, strata in role_patterns(data, n, limits=limits):
        best = max([best] + [d for _, d in strata])
    if best < 0:
        raise InternalCheckError("the network's own role pattern was not found among the nonempty patterns")
    return best


@dataclass(frozen=True)
class OrientationChoice:
    """One choice of orientations of the visible lines (one neuron on each, the others linear or dead).

    Attributes
    ----------
    flipped : tuple of int
        Visible lines (0-based, canonical order) whose neuron has orientation ``-1``.
    required_linear_part : tuple of rows
        ``M = R_S`` that the linear neurons must factor as ``U W`` with ``W >= 0``.
    nonnegative_rank : int
        ``ncr(M)``.
    available : int
        ``n - r``: neurons left for the linear (and dead) roles.
    dimension : int or None
        Dimension of the piece with one neuron per visible line and the other
        ``n - r`` neurons linear or dead (the best split), None when empty.
    """

    flipped: tuple[int, ...]
    required_linear_part: tuple
    nonnegative_rank: int
    available: int
    dimension: int | None

    @property
    def is_empty(self) -> bool:
        """True iff ``ncr(M) > n - r``: not enough linear neurons."""
        return self.nonnegative_rank > self.available


def orientation_choices(net: Network, limits: SearchLimits | None = None) -> tuple[OrientationChoice, ...]:
    """For every orientation choice of the visible lines: ``M``, ``ncr(M)`` and emptiness.

    The listing has ``2^r`` entries (empty pieces included) and is refused with
    :class:`NotDecidedError` beyond the search budget; :func:`fiber` lists only
    the nonempty pieces.

    Examples
    --------
    >>> net = Network.from_layers([([[1, -1], [1, 1]], [0, 0]), ([[1, 2]], [0])])
    >>> [(c.flipped, c.nonnegative_rank, c.is_empty, c.dimension) for c in orientation_choices(net)]
    [((), 1, False, 3), ((0,), 1, False, 3)]
    >>> net = Network.from_layers([([[1, -1], [1, 0]], [0, 0]), ([[1, 1]], [0])])   # flipping needs M = (2, -1)
    >>> [(c.flipped, c.nonnegative_rank, c.is_empty) for c in orientation_choices(net)]
    [((), 1, False), ((0,), 2, True)]
    """
    m, n, k = check_shallow(net, "orthant.orientation_choices")
    data = canonical_data(net)
    r = data.num_lines
    if n < r:
        raise InternalCheckError("fewer neurons than visible lines")
    limits = resolve(limits)
    if limits.exceeded("subsets", 2 ** r):
        raise NotDecidedError(
            f"orthant.orientation_choices lists all 2^{r} orientation choices, empty ones included (limit: "
            f"{limits.subsets} subsets); orthant.fiber enumerates only the nonempty pieces"
        )
    out = []
    cache: dict = {}
    for flips in itertools.product((False, True), repeat=r):
        flipped = tuple(u for u in range(r) if flips[u])
        required = required_linear_part(data, flipped)
        ncr = nonnegative_column_rank(required).value
        visible = tuple((0, 1) if f else (1, 0) for f in flips)
        dims = []
        for dead in range(n - r + 1):
            roles = OrthantPattern(0, dead, n - r - dead, visible)
            md = pattern_matching(data, roles, cache)
            if md.strata:
                dims.extend(d for _, d in piece_strata(data, roles, cache))
        out.append(OrientationChoice(flipped, required, ncr, n - r, max(dims) if dims else None))
    return tuple(out)
