"""The complete fiber of a shallow network as a union of parametrized components.

One :class:`~semialg_fibers.components.FiberComponent` per role pattern
(:mod:`.roles`) and, when the pattern has cancelling groups, per stratum
``s = rank`` of their normals modulo ``V_M`` (the matching variety is a union
of strata of different dimensions, each with its own rational
parametrization).  Membership is decided exactly from the canonical data and
the roles of the given network's neurons (a small backtracking search over
role slots), independently of the parametrization.  Derivations:
``docs/theory/shallow.md``, Sections 4 and 5.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Callable, Iterator

import sympy

from .. import linalg
from ..components import Fiber, FiberComponent
from ..limits import SearchLimits, resolve
from ..network import Network
from ..semialgebraic import BasicSet, constraint
from ..symbols import auxiliary_symbols, parameter_symbols, shallow_symbols
from ..onelayer.kernel import flipped_linear_part
from .canonical import CanonicalData, canonical_data, check_shallow, line_key
from .roles import RolePattern, fiber_dimension, piece_dimension, role_patterns

__all__ = ["StratumPattern", "fiber", "component", "fiber_components", "implicit_form"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class StratumPattern:
    """A role pattern and, for patterns with cancelling groups, the stratum ``s``.

    ``s`` is the rank of the normals of the cancelling groups projected to
    ``V_M^perp``; ``None`` when there is no cancelling group.
    """

    roles: RolePattern
    stratum: int | None = None

    def describe(self) -> str:
        """The pattern in words."""
        text = self.roles.describe()
        if self.stratum is not None:
            text += f" [rank of cancelling-line normals mod V_M: {self.stratum}]"
        return text

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"roles": self.roles.to_dict(), "stratum": self.stratum}


# ---------------------------------------------------------------------------- symbols
class _Names:
    """Fresh auxiliary symbols per family (TeX names), in creation order."""

    def __init__(self):
        self.counts: dict = {}
        self.symbols: list = []

    def new(self, family: str, count: int = 1):
        start = self.counts.get(family, 0) + 1
        self.counts[family] = start + count - 1
        out = auxiliary_symbols(family, count, start)
        self.symbols.extend(out)
        return out


def _mat(rows) -> sympy.Matrix:
    rows = [list(r) for r in rows]
    return sympy.Matrix(rows) if rows and rows[0] else sympy.zeros(len(rows), 0)


def _q(v: Fraction) -> sympy.Rational:
    return sympy.Rational(v.numerator, v.denominator)


def _constants(data: CanonicalData, pattern: RolePattern):
    """Numbers the parametrization needs: ``G_S``, ``M0``, ``P``, the lift, ``R_H`` and ``T``."""
    m = data.input_dim
    mixed = pattern.mixed
    m0, rows = [], []
    for u in mixed:
        trial = rows + [data.lines[u].normal]
        if linalg.rank(trial, m) == len(trial):
            m0.append(u)
            rows = trial
    m1 = [u for u in mixed if u not in m0]
    if mixed:
        perp = list(linalg.nullspace([data.lines[u].normal for u in mixed], m))
    else:
        perp = [tuple(Fraction(int(i == j)) for i in range(m)) for j in range(m)]
    g_s = flipped_linear_part(data, pattern.flipped)
    h = [[sum((x * y for x, y in zip(row, col)), _ZERO) for col in perp] for row in g_s]
    if perp and any(any(r) for r in h):
        r_h, pivots = linalg.rref(h, len(perp))
    else:
        r_h, pivots = (), ()
    t = [[h[j][p] for p in pivots] for j in range(data.output_dim)]
    return g_s, m0, m1, perp, rows, r_h, t


def _rational_matrix(rows) -> sympy.Matrix:
    return _mat([[_q(v) for v in r] for r in rows])


def _sum_of_squares(vector) -> sympy.Expr:
    return sum((x ** 2 for x in vector), sympy.Integer(0))


def component(net: Network, data: CanonicalData, pattern: StratumPattern, certify: bool = True,
              cache: dict | None = None, limits: SearchLimits | None = None) -> FiberComponent:
    """The parametrized component of one (role pattern, stratum) of ``F_n(f)``.

    The representative copy lists neurons in the order: visible lines (positive
    then negative neurons), extra groups (first class then second), zero-output,
    dead, constant.  Its dimension is :func:`~.roles.piece_dimension` and is
    certified by exact tangent ranks when ``certify``.  ``cache`` (one dict per
    fiber) shares the constraints of the implicit forms between components.
    """
    m, n, k = check_shallow(net, "shallow fiber component")
    roles, stratum = pattern.roles, pattern.stratum
    names = _Names()
    cons = []
    g_s, m0, m1, perp, b0_rows, r_h, t = _constants(data, roles)
    mp, rho, p = len(perp), len(r_h), roles.mixed_groups
    # --- cancelling groups: alpha_j and N_j (U = -N_W, U A' = H) on stratum s.
    alphas, n_w = [], []
    if p:
        s = stratum
        c_mat = sympy.Matrix(p, s, lambda i, j: names.new(r"\gamma")[0]) if s else sympy.zeros(p, 0)
        y_rows = [list(names.new(r"\eta", mp)) for _ in range(s - rho)] if s else []
        w_mat = _mat([[_q(v) for v in r] for r in r_h] + y_rows) if s else sympy.zeros(0, mp)
        a_prime = c_mat * w_mat if s else sympy.zeros(p, mp)
        t_full = sympy.Matrix(k, s, lambda i, j: _q(t[i][j]) if j < rho else 0) if s else sympy.zeros(k, 0)
        if s:
            cons.append(constraint((c_mat.T * c_mat).det(), "!="))
            if s > rho:
                cons.append(constraint((w_mat * w_mat.T).det(), "!="))
        if s == p and s:
            u_mat = t_full * c_mat.inv()
        else:
            z_mat = sympy.Matrix(k, p, lambda i, j: names.new(r"\zeta")[0])
            if s:
                pinv = (c_mat.T * c_mat).inv() * c_mat.T
                u_mat = t_full * pinv + z_mat * (sympy.eye(p) - c_mat * pinv)
            else:
                u_mat = z_mat
        p_mat = _rational_matrix([list(col) for col in perp]).T if perp else sympy.zeros(m, 0)  # m x m'
        lift = (p_mat.T * p_mat).inv() * p_mat.T if perp else sympy.zeros(0, m)
        b0 = _rational_matrix(b0_rows) if b0_rows else sympy.zeros(0, m)
        x_mat = sympy.Matrix(p, len(b0_rows), lambda i, j: names.new(r"\xi")[0]) if b0_rows else sympy.zeros(p, 0)
        a_w = (a_prime * lift if perp else sympy.zeros(p, m)) + (x_mat * b0 if b0_rows else sympy.zeros(p, m))
        for j in range(p):
            alphas.append([a_w[j, i] for i in range(m)])
            n_w.append([-u_mat[i, j] for i in range(k)])
            cons.append(constraint(_sum_of_squares(alphas[-1]), "!="))
    # --- mixed visible lines: N_u free on M1, solved on M0.
    n_m = {}
    for u in m1:
        n_m[u] = list(names.new(r"\mu", k))
    if m0:
        g_mat = _rational_matrix(g_s)
        q_mat = -g_mat
        for j in range(p):
            q_mat -= sympy.Matrix(k, 1, n_w[j]) * sympy.Matrix(1, m, alphas[j])
        for u in m1:
            q_mat -= sympy.Matrix(k, 1, n_m[u]) * _rational_matrix([data.lines[u].normal])
        b0 = _rational_matrix(b0_rows)
        solved = q_mat * b0.T * (b0 * b0.T).inv()
        for idx, u in enumerate(m0):
            n_m[u] = [solved[i, idx] for i in range(k)]
    # --- neurons.
    neurons = []  # (v list, a list, b)

    def line_class(count, orientation, alpha, beta, target):
        lams = names.new(r"\lambda", count)
        for lam in lams:
            cons.append(constraint(lam, ">"))
        vs = [list(names.new(r"\omega", k)) for _ in range(count - 1)]
        last = [(target[i] - sum((v[i] * lam for v, lam in zip(vs, lams)), sympy.Integer(0))) / lams[-1]
                for i in range(k)]
        vs.append(last)
        for v, lam in zip(vs, lams):
            neurons.append((v, [orientation * lam * a for a in alpha], orientation * lam * beta))

    for u, (pos, neg) in enumerate(roles.visible):
        line = data.lines[u]
        alpha, beta, kappa = [_q(a) for a in line.normal], _q(line.offset), [_q(x) for x in line.kink]
        if pos and neg:
            nu = n_m[u]
            line_class(pos, 1, alpha, beta, [kappa[i] - nu[i] for i in range(k)])
            line_class(neg, -1, alpha, beta, nu)
        elif pos:
            line_class(pos, 1, alpha, beta, kappa)
        else:
            line_class(neg, -1, alpha, beta, kappa)
    j = 0
    for first, second in roles.extra:
        if second:
            (beta,) = names.new(r"\beta")
            nj = n_w[j]
            line_class(first, 1, alphas[j], beta, [-x for x in nj])
            line_class(second, -1, alphas[j], beta, nj)
            j += 1
        else:
            alpha = list(names.new(r"\alpha", m))
            (beta,) = names.new(r"\beta")
            cons.append(constraint(_sum_of_squares(alpha), "!="))
            line_class(first, 1, alpha, beta, [sympy.Integer(0)] * k)
    for _ in range(roles.zero_output):
        free = names.new(r"\pi", m + 1)
        neurons.append(([sympy.Integer(0)] * k, list(free[:m]), free[m]))
    for _ in range(roles.dead):
        (d,) = names.new(r"\delta")
        cons.append(constraint(d, "<=", 0))
        neurons.append((list(names.new(r"\omega", k)), [sympy.Integer(0)] * m, d))
    for _ in range(roles.constant):
        (e,) = names.new(r"\epsilon")
        cons.append(constraint(e, ">"))
        neurons.append((list(names.new(r"\omega", k)), [sympy.Integer(0)] * m, e))
    assert len(neurons) == n, (len(neurons), n)
    # --- output bias: g0 = c + sum_{negative or constant} v_i b_i.
    n_pos_lines = sum(p_ + q_ for p_, q_ in roles.visible) + sum(p_ + q_ for p_, q_ in roles.extra)
    out_bias = [_q(g) for g in data.constant]
    negative = []
    idx = 0
    for pos, neg in list(roles.visible) + list(roles.extra):
        negative += list(range(idx + pos, idx + pos + neg))
        idx += pos + neg
    negative += list(range(n_pos_lines + roles.zero_output + roles.dead, n))
    for i in negative:
        v, _, b = neurons[i]
        out_bias = [out_bias[j2] - v[j2] * b for j2 in range(k)]
    flat = []
    for _, a, _ in neurons:
        flat += a
    flat += [b for _, _, b in neurons]
    for j2 in range(k):
        flat += [v[j2] for v, _, _ in neurons]
    flat += out_bias
    aux = tuple(names.symbols)
    dim = piece_dimension(data, roles, stratum=stratum)
    domain = BasicSet(aux, cons)
    implicit, reason = implicit_form(net.architecture, data, pattern, cache, limits)
    description = pattern.describe() + ("" if implicit is not None else f" (no implicit form: {reason})")
    return FiberComponent(net.architecture, pattern, tuple(flat), aux, domain, implicit, dimension=dim,
                          multiplicity=roles.multiplicity, description=description,
                          membership=_membership(data, pattern), certify_now=certify)


# ---------------------------------------------------------------------------- implicit form
def _slots(roles: RolePattern) -> list:
    """Roles of the neurons in the representative order of :func:`component`.

    Entries: ``("vis", u, o)``, ``("extra", j, o)`` (``o = +1`` first class,
    ``-1`` second), ``("zero",)``, ``("dead",)``, ``("const",)``.
    """
    slots = []
    for u, (pos, neg) in enumerate(roles.visible):
        slots += [("vis", u, 1)] * pos + [("vis", u, -1)] * neg
    for j, (first, second) in enumerate(roles.extra):
        slots += [("extra", j, 1)] * first + [("extra", j, -1)] * second
    return slots + [("zero",)] * roles.zero_output + [("dead",)] * roles.dead + [("const",)] * roles.constant


def _minor_count(rows: int, cols: int, size: int) -> int:
    return math.comb(rows, size) * math.comb(cols, size) if 0 <= size <= min(rows, cols) else 0


def _minors(matrix: list, size: int) -> list:
    """All ``size x size`` minors of a small matrix of SymPy expressions."""
    rows, cols = len(matrix), len(matrix[0]) if matrix else 0
    out = []
    for r in combinations(range(rows), size):
        for c in combinations(range(cols), size):
            out.append(sympy.expand(sympy.Matrix([[matrix[i][j] for j in c] for i in r]).det(method="berkowitz")))
    return out


def implicit_form(architecture, data: CanonicalData, pattern: StratumPattern,
                  cache: dict | None = None, limits: SearchLimits | None = None) -> tuple[BasicSet | None, str]:
    """The component of ``pattern`` as constraints in the network coordinates (representative slot order).

    Returns ``(set, "")``, or ``(None, reason)`` when the minors needed exceed
    ``limits.implicit_minors``.  ``cache``: a dict shared by the components of
    one fiber (same ``data``), so equal slot constraints are built once.  With ``theta = (a_i, b_i, v_i, c)``, ``t_u``
    the first nonzero index of ``alpha_u`` (``alpha_u[t_u] = 1``) and ``o_i``
    the orientation of neuron ``i``'s slot, the constraints are
    (``docs/theory/shallow.md``, Section 4, Proposition 4b):

    * visible line ``u``: ``(a_i, b_i) = a_i[t_u] (alpha_u, beta_u)``,
      ``o_i a_i[t_u] > 0``; per line ``sum_i v_i o_i a_i[t_u] = kappa_u``;
    * extra group with leader ``l`` (its first neuron): ``a_l != 0``; every
      member's row ``(a_i, b_i)`` has vanishing ``2 x 2`` minors against the
      leader's, ``o_i a_i . a_l > 0``; zero total kink
      ``sum_i v_i o_i (a_i . a_l) = 0``;
    * zero-output ``v_i = 0``; dead ``a_i = 0, b_i <= 0``; constant ``a_i = 0, b_i > 0``;
    * affine matching ``G = sum_{i in Neg} v_i a_i^T`` and
      ``g0 = c + sum_{i in Neg or constant} v_i b_i`` with ``Neg`` the negative
      visible neurons and the second classes of extra groups;
    * stratum ``s``: the leaders' normals projected to ``V_M^perp`` have rank
      ``s`` (all ``(s+1)``-minors vanish, the sum of squares of the
      ``s``-minors does not).

    >>> from semialg_fibers import examples
    >>> net = examples.spec_identity_example()
    >>> (comp,) = fiber(net)
    >>> comp.implicit.contains(net.parameters()), comp.implicit.contains((1, -1, 0, 0, 1, 1, 0))
    (True, False)
    """
    m, n, k = architecture
    roles, stratum = pattern.roles, pattern.stratum
    coords = parameter_symbols(architecture)
    a, b, v, c = shallow_symbols(architecture)
    slots = _slots(roles)
    cons = []
    zero = sympy.Integer(0)

    def dot(x, y):
        return sum((p * q for p, q in zip(x, y)), zero)

    # budget check before building anything expensive
    pairs = sum(max(first + second - 1, 0) for first, second in roles.extra) * _minor_count(2, m + 1, 2)
    perp = _constants(data, roles)[3] if roles.mixed_groups else []
    if stratum is not None:
        p, mp = roles.mixed_groups, len(perp)
        pairs += _minor_count(p, mp, stratum + 1) + _minor_count(p, mp, stratum)
    limits = resolve(limits)
    if limits.exceeded("implicit_minors", pairs):
        return None, f"{pairs} minors exceed the limit implicit_minors = {limits.implicit_minors}"
    cache = {} if cache is None else cache

    def cached(key, build):
        # why: components of one fiber share most slot constraints; constraint() is the cost
        key = (architecture,) + key
        if key not in cache:
            cache[key] = tuple(build())
        return cache[key]

    kinks = {u: [] for u in range(data.num_lines)}
    groups = {j: [] for j in range(len(roles.extra))}
    negative, constant = [], [i for i, slot in enumerate(slots) if slot[0] == "const"]
    leaders: dict = {}

    def visible(i, u, o):
        line = data.lines[u]
        alpha, beta = [_q(x) for x in line.normal], _q(line.offset)
        t = next(j for j, x in enumerate(line.normal) if x)
        lead = a[i][t]
        out = [constraint(a[i][j] - lead * alpha[j]) for j in range(m) if j != t]
        return out + [constraint(b[i] - lead * beta), constraint(o * lead, ">")]

    def member(i, l, o):
        if i == l:
            return [constraint(dot(a[i], a[i]), "!=")]
        row, lead_row = a[i] + [b[i]], a[l] + [b[l]]
        out = [constraint(row[x] * lead_row[y] - row[y] * lead_row[x]) for x in range(m + 1) for y in range(x + 1, m + 1)]
        return out + [constraint(o * dot(a[i], a[l]), ">")]

    for i, slot in enumerate(slots):
        kind = slot[0]
        if kind == "vis":
            _, u, o = slot
            cons += cached(slot + (i,), lambda: visible(i, u, o))
            kinks[u].append((i, o))
            if o < 0:
                negative.append(i)
        elif kind == "extra":
            _, g, o = slot
            leaders.setdefault(g, i)
            cons += cached(("member", i, leaders[g], o), lambda: member(i, leaders[g], o))
            groups[g].append((i, o))
            if o < 0:
                negative.append(i)
        elif kind == "zero":
            cons += cached(("zero", i), lambda: [constraint(x) for x in v[i]])
        else:
            cons += cached((kind, i), lambda: [constraint(x) for x in a[i]] + [constraint(b[i], "<=" if kind == "dead" else ">")])
    for u, line in enumerate(data.lines):
        def kink_sum(u=u, line=line):
            t = next(j for j, x in enumerate(line.normal) if x)
            return [constraint(sum((o * a[i][t] * v[i][j] for i, o in kinks[u]), zero) - _q(line.kink[j])) for j in range(k)]
        cons += cached(("kink", u, tuple(kinks[u])), kink_sum)
    for g, members in groups.items():
        l = leaders[g]
        cons += cached(("zero kink", tuple(members)),
                       lambda: [constraint(sum((o * dot(a[i], a[l]) * v[i][j] for i, o in members), zero)) for j in range(k)])

    def affine():
        out = []
        for j in range(k):
            for t in range(m):
                out.append(constraint(sum((v[i][j] * a[i][t] for i in negative), zero) - _q(data.linear[j][t])))
            bias = sum((v[i][j] * b[i] for i in negative + constant), zero)
            out.append(constraint(c[j] + bias - _q(data.constant[j])))
        return out

    cons += cached(("affine", tuple(negative), tuple(constant)), affine)
    if stratum is not None:
        cancelling = tuple(leaders[g] for g, (first, second) in enumerate(roles.extra) if second)

        def rank_condition():
            rows = [[dot(a[l], [_q(x) for x in col]) for col in perp] for l in cancelling]
            if not (rows and rows[0]):
                return [constraint(0, "!=")] if stratum else []  # no room for rank s > 0: empty (never built)
            out = [constraint(x) for x in _minors(rows, stratum + 1)]
            if stratum:
                out.append(constraint(_sum_of_squares(_minors(rows, stratum)), "!="))
            return out

        cons += cached(("rank", cancelling, stratum, roles.mixed), rank_condition)
    return BasicSet(coords, cons), ""


# ---------------------------------------------------------------------------- membership
def _neuron_views(net: Network):
    (w1, b1), (w2, _) = ((l.weight, l.bias) for l in net.layers)
    cols = list(zip(*w2))
    views = []
    for i in range(len(b1)):
        v, a, b = cols[i], w1[i], b1[i]
        if any(a):
            key, sign, first = line_key(a + (b,))
            kink = tuple(x * abs(a[first]) for x in v)
            views.append((any(v), key, sign, kink, b))
        else:
            views.append((any(v), None, 0, None, b))
    return views


def _membership(data: CanonicalData, pattern: StratumPattern) -> Callable[[Network], bool]:
    roles = pattern.roles
    keys = [u.key for u in data.lines]

    def member(net: Network) -> bool:
        if net.architecture[1] != roles.width or canonical_data(net) != data:
            return False
        views = _neuron_views(net)
        slots = {}
        for u, (pos, neg) in enumerate(roles.visible):
            slots[("vis", u, 1)] = pos
            slots[("vis", u, -1)] = neg
        slots[("zero",)] = roles.zero_output
        slots[("dead",)] = roles.dead
        slots[("const",)] = roles.constant
        groups = [[first, second, []] for first, second in roles.extra]

        def fits(i):
            nonzero_v, key, sign, kink, b = views[i]
            options = []
            if not nonzero_v:
                options.append(("zero",))
            if key is None:
                options.append(("dead",) if b <= 0 else ("const",))
            else:
                for u, ku in enumerate(keys):
                    if ku == key:
                        options.append(("vis", u, sign))
            return options

        def group_ok(group, final):
            first, second, members = group
            if not members:
                return not final
            if len({views[i][1] for i in members}) != 1:
                return False  # one common line
            signs = [views[i][2] for i in members]
            a, b = signs.count(1), signs.count(-1)
            if final:
                if sorted((a, b)) != sorted((first, second)):
                    return False
                kink = [sum(col) for col in zip(*(views[i][3] for i in members))]
                return not any(kink)
            return (a <= first and b <= second) or (a <= second and b <= first)

        def search(i):
            if i == len(views):
                return all(group_ok(g, True) for g in groups) and _stratum_ok(data, pattern, groups, views)
            for option in fits(i):
                if slots.get(option, 0) > 0:
                    slots[option] -= 1
                    if search(i + 1):
                        return True
                    slots[option] += 1
            if views[i][1] is not None:
                for group in groups:
                    if len(group[2]) < group[0] + group[1]:
                        group[2].append(i)
                        if group_ok(group, False) and search(i + 1):
                            return True
                        group[2].pop()
            return False

        return search(0)

    return member


def _stratum_ok(data: CanonicalData, pattern: StratumPattern, groups, views) -> bool:
    if pattern.stratum is None:
        return True
    _, _, _, perp, _, _, _ = _constants(data, pattern.roles)
    rows = []
    for first, second, members in groups:
        if second:
            key = views[members[0]][1]
            normal = [Fraction(v) for v in key[:-1]]
            rows.append([sum((x * y for x, y in zip(normal, col)), _ZERO) for col in perp])
    rank = linalg.rank(rows, len(perp)) if rows and perp else 0
    return rank == pattern.stratum


# ---------------------------------------------------------------------------- the fiber
def _strata(data: CanonicalData, roles: RolePattern, cache) -> list:
    if not roles.mixed_groups:
        return [None]
    return [s for s in range(0, roles.mixed_groups + data.input_dim + 1)
            if piece_dimension(data, roles, cache, stratum=s) is not None]


def fiber_components(net: Network, certify: bool = True,
                     limits: SearchLimits | None = None) -> Iterator[Callable[[], FiberComponent]]:
    """Lazily yield one thunk per component of ``F_n(f)`` (cheap to count, built when called)."""
    data = canonical_data(net)
    cache: dict = {}
    implicit_cache: dict = {}
    for roles, _ in role_patterns(data, net.architecture[1], cache, limits):
        for s in _strata(data, roles, cache):
            pattern = StratumPattern(roles, s)
            yield (lambda pattern=pattern: component(net, data, pattern, certify, implicit_cache, limits))


def fiber(net: Network, limit: int | None = None, progress: bool | Callable = False, certify: bool = True,
          limits: SearchLimits | None = None) -> Fiber:
    """The complete fiber ``{theta' : f_theta' = f_theta}`` of a shallow network, as a union of components.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``.
    limit : int, optional
        Build at most this many components; the rest are counted (``Fiber.omitted``).
    progress : bool or callable
        Progress output for long enumerations (see :meth:`Fiber.from_components`).
    certify : bool
        Certify every component's dimension by exact tangent ranks (default).
    limits : SearchLimits, optional
        Bounds of the orientation searches and of the implicit forms.

    Returns
    -------
    Fiber
        One component per role pattern (and stratum), with multiplicity the
        number of its images under permutations of the neurons; ``dimension``
        from :func:`~.roles.fiber_dimension`.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])   # s(x) + 2 s(x - 1)
    >>> f = fiber(net)
    >>> f.dimension, [(c.dimension, c.multiplicity) for c in f]
    (2, [(2, 2)])
    >>> f.contains(Network.from_layers([([[2], [3]], [-2, 0]), ([[1, "1/3"]], [0])]))
    True
    """
    check_shallow(net, "fiber")
    return Fiber.from_components(net, fiber_components(net, certify, limits), limit=limit,
                                 dimension=fiber_dimension(net, limits), progress=progress)
