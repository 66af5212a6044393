"""The components of a shallow fiber: one parametrized semialgebraic set per role pattern and stratum.

Given the canonical data of ``f`` and a (role pattern, stratum)
(:mod:`.patterns`), :func:`component` builds the piece's rational
parametrization, its implicit equations in the network coordinates, an exact
membership test and, on request, its tangent certificate
(``docs/theory/shallow.md``, Sections 4 and 5).  The matching variety
``{(N_M, N_W, A_W)}`` of a pattern with cancelling groups is a union of strata
``s = rank`` of their normals modulo ``V_M``, each with its own rational
parametrization.  Membership is decided from the canonical data and the roles
of the given network's neurons (an assignment to the role slots),
independently of the parametrization.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import sympy

from ..core import linalg
from ..core.components import FiberComponent, make_component
from ..core.exceptions import InternalCheckError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.semialgebraic import BasicSet, constraint, linear_constraint, monomial_constraint
from ..core.symbols import AuxiliaryFactory, parameter_symbols, shallow_symbols
from ..core.symbols import sympy_rational as _q
from ..onelayer.counting import certification
from ..onelayer.kernel import flipped_linear_part
from ..onelayer.lines import NeuronKind, neuron_infos
from ..onelayer.membership import assign_slots
from .canonical import CanonicalData, canonical_data, check_shallow
from .patterns import RolePattern, StratumPattern, piece_dimension

__all__ = ["Slot", "RoleMembership", "component", "implicit_form"]

_ZERO = Fraction(0)


class Slot(enum.StrEnum):
    """The role of one neuron slot in a component's representative order."""

    VISIBLE = "visible line"
    GROUP = "extra group"
    ZERO_OUTPUT = "zero-output"
    DEAD = "dead"
    CONSTANT = "constant"


def _constants(data: CanonicalData, pattern: RolePattern):
    """Numbers the parametrization needs: ``G_S``, ``M0`` (independent mixed lines), ``M1``, and for cancelling
    groups ``P`` (basis of ``V_M^perp``), ``R_H`` and ``T``; the last three are empty without groups."""
    m = data.input_dim
    mixed = pattern.mixed
    m0, rows = [], []
    for u in mixed:
        trial = rows + [data.lines[u].normal]
        if linalg.rank(trial, m) == len(trial):
            m0.append(u)
            rows = trial
    m1 = [u for u in mixed if u not in m0]
    g_s = flipped_linear_part(data, pattern.flipped)
    if not pattern.mixed_groups:
        return g_s, m0, m1, [], rows, (), []
    perp = _perp(data, mixed)
    h = [[sum((x * y for x, y in zip(row, col)), _ZERO) for col in perp] for row in g_s]
    if perp and any(any(r) for r in h):
        r_h, pivots = linalg.rref(h, len(perp))
    else:
        r_h, pivots = (), ()
    t = [[h[j][p] for p in pivots] for j in range(data.output_dim)]
    return g_s, m0, m1, perp, rows, r_h, t


def _times(coefficient, symbol) -> sympy.Expr:
    """``coefficient * symbol`` for an exact number, built without SymPy's general multiplication."""
    if not isinstance(coefficient, (Fraction, int)):
        return coefficient * symbol
    if not coefficient:
        return sympy.Integer(0)
    if coefficient == 1:
        return symbol
    return sympy.Mul._from_args((_q(coefficient), symbol))


def _over(value, symbol) -> sympy.Expr:
    """``value / symbol`` (``value`` exact or a SymPy expression)."""
    if isinstance(value, (Fraction, int)):
        return _times(value, sympy.Pow(symbol, -1))
    return value / symbol


def _perp(data: CanonicalData, mixed) -> list:
    """A basis of ``V_M^perp`` (the standard basis when ``M`` is empty)."""
    m = data.input_dim
    if mixed:
        return list(linalg.nullspace([data.lines[u].normal for u in mixed], m))
    return [tuple(Fraction(int(i == j)) for i in range(m)) for j in range(m)]


def _mat(rows) -> sympy.Matrix:
    rows = [list(r) for r in rows]
    return sympy.Matrix(rows) if rows and rows[0] else sympy.zeros(len(rows), 0)


def _rational_matrix(rows) -> sympy.Matrix:
    return _mat([[_q(v) for v in r] for r in rows])


def _sum_of_squares(vector) -> sympy.Expr:
    return sum((x ** 2 for x in vector), sympy.Integer(0))


def _cancelling_groups(names: AuxiliaryFactory, cons: list, stratum, p: int, m: int, k: int,
                       perp, b0_rows, r_h, t) -> tuple[list, list]:
    """``alpha_j`` and ``N_j`` of the ``p`` cancelling groups on stratum ``s`` (``U = -N_W``, ``U A' = H``)."""
    alphas, n_w = [], []
    if not p:
        return alphas, n_w
    mp, rho, s = len(perp), len(r_h), stratum
    c_mat = sympy.Matrix(p, s, lambda i, j: names.new("gamma")[0]) if s else sympy.zeros(p, 0)
    y_rows = [list(names.new("eta", mp)) for _ in range(s - rho)] if s else []
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
        z_mat = sympy.Matrix(k, p, lambda i, j: names.new("zeta")[0])
        if s:
            pinv = (c_mat.T * c_mat).inv() * c_mat.T
            u_mat = t_full * pinv + z_mat * (sympy.eye(p) - c_mat * pinv)
        else:
            u_mat = z_mat
    p_mat = _rational_matrix([list(col) for col in perp]).T if perp else sympy.zeros(m, 0)  # m x m'
    lift = (p_mat.T * p_mat).inv() * p_mat.T if perp else sympy.zeros(0, m)
    b0 = _rational_matrix(b0_rows) if b0_rows else sympy.zeros(0, m)
    x_mat = sympy.Matrix(p, len(b0_rows), lambda i, j: names.new("xi")[0]) if b0_rows else sympy.zeros(p, 0)
    a_w = (a_prime * lift if perp else sympy.zeros(p, m)) + (x_mat * b0 if b0_rows else sympy.zeros(p, m))
    for j in range(p):
        alphas.append([a_w[j, i] for i in range(m)])
        n_w.append([-u_mat[i, j] for i in range(k)])
        cons.append(constraint(_sum_of_squares(alphas[-1]), "!="))
    return alphas, n_w


def _mixed_kinks(data: CanonicalData, names: AuxiliaryFactory, g_s, m0, m1, b0_rows, alphas, n_w) -> dict:
    """``N_u`` of the mixed visible lines: free on ``M1``, solved on ``M0`` so that the linear part matches."""
    m, k = data.input_dim, data.output_dim
    n_m = {}
    for u in m1:
        n_m[u] = list(names.new("mu", k))
    if m0:
        q_mat = -_rational_matrix(g_s)
        for alpha, n_j in zip(alphas, n_w):
            q_mat -= sympy.Matrix(k, 1, n_j) * sympy.Matrix(1, m, alpha)
        for u in m1:
            q_mat -= sympy.Matrix(k, 1, n_m[u]) * _rational_matrix([data.lines[u].normal])
        b0 = _rational_matrix(b0_rows)
        solved = q_mat * b0.T * (b0 * b0.T).inv()
        for idx, u in enumerate(m0):
            n_m[u] = [solved[i, idx] for i in range(k)]
    return n_m


def _line_class(names: AuxiliaryFactory, cons: list, neurons: list, count: int, orientation: int, alpha, beta,
                target, k: int) -> None:
    """Append ``count`` neurons on one line with one orientation whose kinks sum to ``target``."""
    lams = names.new("lambda", count)
    for lam in lams:
        cons.append(linear_constraint({lam: 1}, 0, ">"))
    vs = [list(names.new("omega", k)) for _ in range(count - 1)]
    if count == 1:  # one neuron: v = target / lambda (the common case, built directly)
        vs.append([_over(x, lams[0]) for x in target])
    else:
        vs.append([(target[i] - sympy.Add(*[v[i] * lam for v, lam in zip(vs, lams)])) / lams[-1]
                   for i in range(k)])
    for v, lam in zip(vs, lams):
        neurons.append((v, [_times(orientation * a, lam) for a in alpha], _times(orientation * beta, lam)))


def _neurons(data: CanonicalData, roles: RolePattern, names: AuxiliaryFactory, cons: list, n_m: dict, alphas,
             n_w) -> list:
    """The neurons ``(v, a, b)`` in the representative order of :func:`component`."""
    m, k = data.input_dim, data.output_dim
    neurons = []
    for u, (pos, neg) in enumerate(roles.visible):
        line = data.lines[u]
        alpha, beta, kappa = line.normal, line.offset, line.kink  # exact numbers: see _times
        if pos and neg:
            nu = n_m[u]
            _line_class(names, cons, neurons, pos, 1, alpha, beta, [_q(kappa[i]) - nu[i] for i in range(k)], k)
            _line_class(names, cons, neurons, neg, -1, alpha, beta, nu, k)
        elif pos:
            _line_class(names, cons, neurons, pos, 1, alpha, beta, kappa, k)
        else:
            _line_class(names, cons, neurons, neg, -1, alpha, beta, kappa, k)
    j = 0
    for first, second in roles.extra:
        if second:
            (beta,) = names.new("beta")
            nj = n_w[j]
            _line_class(names, cons, neurons, first, 1, alphas[j], beta, [-x for x in nj], k)
            _line_class(names, cons, neurons, second, -1, alphas[j], beta, nj, k)
            j += 1
        else:
            alpha = list(names.new("alpha", m))
            (beta,) = names.new("beta")
            cons.append(constraint(_sum_of_squares(alpha), "!="))
            _line_class(names, cons, neurons, first, 1, alpha, beta, [sympy.Integer(0)] * k, k)
    for _ in range(roles.zero_output):
        free = names.new("pi", m + 1)
        neurons.append(([sympy.Integer(0)] * k, list(free[:m]), free[m]))
    for _ in range(roles.dead):
        (d,) = names.new("delta")
        cons.append(constraint(d, "<=", 0))
        neurons.append((list(names.new("omega", k)), [sympy.Integer(0)] * m, d))
    for _ in range(roles.constant):
        (e,) = names.new("epsilon")
        cons.append(constraint(e, ">"))
        neurons.append((list(names.new("omega", k)), [sympy.Integer(0)] * m, e))
    return neurons


def _flat(data: CanonicalData, roles: RolePattern, neurons: list) -> tuple:
    """The coordinates in flat order, with the output bias ``g0 = c + sum_{negative or constant} v_i b_i``."""
    n, k = len(neurons), data.output_dim
    n_pos_lines = sum(p + q for p, q in roles.visible) + sum(p + q for p, q in roles.extra)
    out_bias = [_q(g) for g in data.constant]
    negative = []
    idx = 0
    for pos, neg in list(roles.visible) + list(roles.extra):
        negative += list(range(idx + pos, idx + pos + neg))
        idx += pos + neg
    negative += list(range(n_pos_lines + roles.zero_output + roles.dead, n))
    for i in negative:
        v, _, b = neurons[i]
        out_bias = [out_bias[j] - v[j] * b for j in range(k)]
    flat = []
    for _, a, _ in neurons:
        flat += a
    flat += [b for _, _, b in neurons]
    for j in range(k):
        flat += [v[j] for v, _, _ in neurons]
    return tuple(flat + out_bias)


def component(net: Network, data: CanonicalData, pattern: StratumPattern, *, certify: bool = True,
              cache: dict | None = None, limits: SearchLimits | None = None) -> FiberComponent:
    """The parametrized component of one (role pattern, stratum) of ``F_n(f)``.

    The representative copy lists neurons in the order: visible lines (positive
    then negative neurons), extra groups (first class then second), zero-output,
    dead, constant.  Its dimension is :func:`~.patterns.piece_dimension` and is
    certified by exact tangent ranks when ``certify``.  ``cache`` (one dict per
    fiber) shares the constraints of the implicit forms between components.
    Membership is a :class:`RoleMembership` (decided from the canonical data).
    """
    m, n, k = check_shallow(net, "shallow fiber component")
    roles, stratum = pattern.roles, pattern.stratum
    names = AuxiliaryFactory()
    cons = []
    g_s, m0, m1, perp, b0_rows, r_h, t = _constants(data, roles)
    # the symbols are numbered in creation order: groups, then mixed lines, then neurons
    alphas, n_w = _cancelling_groups(names, cons, stratum, roles.mixed_groups, m, k, perp, b0_rows, r_h, t)
    n_m = _mixed_kinks(data, names, g_s, m0, m1, b0_rows, alphas, n_w)
    neurons = _neurons(data, roles, names, cons, n_m, alphas, n_w)
    if len(neurons) != n:
        raise InternalCheckError(f"pattern {roles.describe()!r} built {len(neurons)} neurons for width {n}")
    flat = _flat(data, roles, neurons)
    aux = tuple(names.symbols)
    dim = piece_dimension(data, roles, stratum=stratum)
    domain = BasicSet(aux, cons)
    implicit, reason = implicit_form(net.architecture, data, pattern, cache=cache, limits=limits)
    description = pattern.describe() + ("" if implicit is not None else f" (no implicit form: {reason})")
    certify, note = certification(certify, len(aux), limits)
    return make_component(net.architecture, pattern, flat, aux, domain, implicit, dim,
                          multiplicity=roles.multiplicity, description=description + note,
                          membership=RoleMembership(data, pattern), certify=certify)


# ---------------------------------------------------------------------------- implicit form
def _slots(roles: RolePattern) -> list:
    """Roles of the neurons in the representative order of :func:`component`.

    Entries: ``(Slot.VISIBLE, u, o)``, ``(Slot.GROUP, j, o)`` (``o = +1`` first
    class, ``-1`` second), ``(Slot.ZERO_OUTPUT,)``, ``(Slot.DEAD,)``, ``(Slot.CONSTANT,)``.
    """
    slots = []
    for u, (pos, neg) in enumerate(roles.visible):
        slots += [(Slot.VISIBLE, u, 1)] * pos + [(Slot.VISIBLE, u, -1)] * neg
    for j, (first, second) in enumerate(roles.extra):
        slots += [(Slot.GROUP, j, 1)] * first + [(Slot.GROUP, j, -1)] * second
    return (slots + [(Slot.ZERO_OUTPUT,)] * roles.zero_output + [(Slot.DEAD,)] * roles.dead
            + [(Slot.CONSTANT,)] * roles.constant)


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


def _implicit_minors(data: CanonicalData, roles: RolePattern, stratum) -> tuple[int, list]:
    """The number of minors the implicit form needs, and the basis of ``V_M^perp`` its rank condition uses."""
    m = data.input_dim
    count = sum(max(first + second - 1, 0) for first, second in roles.extra) * _minor_count(2, m + 1, 2)
    perp = _constants(data, roles)[3] if roles.mixed_groups else []
    if stratum is not None:
        p, mp = roles.mixed_groups, len(perp)
        count += _minor_count(p, mp, stratum + 1) + _minor_count(p, mp, stratum)
    return count, perp


def _cached(cache: dict, architecture, key: tuple, build) -> tuple:
    """``build()`` as a tuple, built once per ``key`` in the fiber's ``cache``."""
    # why: components of one fiber share most slot constraints; constraint() is the cost
    key = (tuple(architecture),) + key
    if key not in cache:
        cache[key] = tuple(build())
    return cache[key]


def _dot(x, y) -> sympy.Expr:
    """``x . y`` of two vectors of SymPy expressions."""
    return sum((p * q for p, q in zip(x, y)), sympy.Integer(0))


def _slot_roles(slots: list, num_lines: int, num_groups: int):
    """The slots by role: ``(i, o)`` per visible line and per group, the negative and constant slots, the leaders."""
    kinks = {u: [] for u in range(num_lines)}
    groups = {j: [] for j in range(num_groups)}
    negative, constant = [], [i for i, slot in enumerate(slots) if slot[0] == Slot.CONSTANT]
    leaders: dict = {}
    for i, slot in enumerate(slots):
        if slot[0] == Slot.VISIBLE:
            kinks[slot[1]].append((i, slot[2]))
        elif slot[0] == Slot.GROUP:
            leaders.setdefault(slot[1], i)
            groups[slot[1]].append((i, slot[2]))
        else:
            continue
        if slot[2] < 0:
            negative.append(i)
    return kinks, groups, negative, constant, leaders


def _slot_constraints(architecture, data: CanonicalData, slots: list, leaders: dict, cache: dict) -> list:
    """Each neuron's constraints from its slot: on its line, in its group, zero-output, dead or constant."""
    m = architecture[0]
    a, b, v, _ = shallow_symbols(architecture)

    def visible(i, u, o):
        # (a_i, b_i) = a_i[t] (alpha_u, beta_u): linear, built from coefficients (wide networks have many)
        line = data.lines[u]
        t = line.lead
        lead = a[i][t]
        out = [linear_constraint({a[i][j]: 1, lead: -line.normal[j]}) for j in range(m) if j != t]
        return out + [linear_constraint({b[i]: 1, lead: -line.offset}), linear_constraint({lead: o}, 0, ">")]

    def member(i, l, o):
        if i == l:
            return [constraint(_dot(a[i], a[i]), "!=")]
        row, lead_row = a[i] + [b[i]], a[l] + [b[l]]
        out = [constraint(row[x] * lead_row[y] - row[y] * lead_row[x]) for x in range(m + 1) for y in range(x + 1, m + 1)]
        return out + [constraint(o * _dot(a[i], a[l]), ">")]

    cons = []
    for i, slot in enumerate(slots):
        kind = slot[0]
        if kind == Slot.VISIBLE:
            cons += _cached(cache, architecture, slot + (i,), lambda i=i, slot=slot: visible(i, slot[1], slot[2]))
        elif kind == Slot.GROUP:
            l = leaders[slot[1]]
            cons += _cached(cache, architecture, ("member", i, l, slot[2]), lambda i=i, l=l, slot=slot: member(i, l, slot[2]))
        elif kind == Slot.ZERO_OUTPUT:
            cons += _cached(cache, architecture, (kind, i), lambda i=i: [constraint(x) for x in v[i]])
        else:
            cons += _cached(cache, architecture, (kind, i), lambda i=i, kind=kind: [constraint(x) for x in a[i]]
                            + [constraint(b[i], "<=" if kind == Slot.DEAD else ">")])
    return cons


def _kink_constraints(architecture, data: CanonicalData, kinks: dict, groups: dict, leaders: dict,
                      cache: dict) -> list:
    """Per visible line ``sum_i v_i o_i a_i[t_u] = kappa_u``; per group a zero total kink."""
    k = architecture[2]
    a, _, v, _ = shallow_symbols(architecture)
    cons = []
    for u, line in enumerate(data.lines):
        def kink_sum(u=u, line=line):
            t = next(j for j, x in enumerate(line.normal) if x)
            return [constraint(sympy.Add(*[o * a[i][t] * v[i][j] for i, o in kinks[u]]) - _q(line.kink[j])) for j in range(k)]
        cons += _cached(cache, architecture, ("kink", u, tuple(kinks[u])), kink_sum)
    for g, members in groups.items():
        l = leaders[g]
        cons += _cached(cache, architecture, ("zero kink", tuple(members)),
                        lambda l=l, members=members: [constraint(sympy.Add(*[o * _dot(a[i], a[l]) * v[i][j]
                                                                             for i, o in members]))
                                 for j in range(k)])
    return cons


def _affine_constraints(architecture, data: CanonicalData, negative: list, constant: list) -> list:
    """``G = sum_{i in Neg} v_i a_i^T`` and ``g0 = c + sum_{Neg or constant} v_i b_i``, one equation per entry."""
    m, _, k = architecture
    a, b, v, c = shallow_symbols(architecture)
    out = []
    for j in range(k):
        for t in range(m):
            terms = {(v[i][j], a[i][t]): 1 for i in negative}
            terms[()] = -data.linear[j][t]
            out.append(monomial_constraint(terms))
        terms = {(v[i][j], b[i]): 1 for i in negative + constant}
        terms[(c[j],)] = 1
        terms[()] = -data.constant[j]
        out.append(monomial_constraint(terms))
    return out


def _rank_constraints(architecture, stratum: int, perp: list, cancelling: tuple) -> list:
    """The leaders' normals projected to ``V_M^perp`` have rank ``s``: ``(s+1)``-minors vanish, not all ``s``-minors."""
    a = shallow_symbols(architecture)[0]
    rows = [[_dot(a[l], [_q(x) for x in col]) for col in perp] for l in cancelling]
    if not (rows and rows[0]):
        return [constraint(0, "!=")] if stratum else []  # no room for rank s > 0: empty (never built)
    out = [constraint(x) for x in _minors(rows, stratum + 1)]
    if stratum:
        out.append(constraint(_sum_of_squares(_minors(rows, stratum)), "!="))
    return out


def implicit_form(architecture, data: CanonicalData, pattern: StratumPattern,
                  *, cache: dict | None = None, limits: SearchLimits | None = None) -> tuple[BasicSet | None, str]:
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
    >>> from semialg_fibers.shallow import fiber
    >>> net = examples.spec_identity_example()
    >>> (comp,) = fiber(net)
    >>> comp.implicit.contains(net.parameters()), comp.implicit.contains((1, -1, 0, 0, 1, 1, 0))
    (True, False)
    """
    roles, stratum = pattern.roles, pattern.stratum
    # budget check before building anything expensive
    pairs, perp = _implicit_minors(data, roles, stratum)
    limits = resolve(limits)
    if limits.exceeded("implicit_minors", pairs):
        return None, f"{pairs} minors exceed the limit implicit_minors = {limits.implicit_minors}"
    cache = {} if cache is None else cache
    slots = _slots(roles)
    kinks, groups, negative, constant, leaders = _slot_roles(slots, data.num_lines, len(roles.extra))
    cons = _slot_constraints(architecture, data, slots, leaders, cache)
    cons += _kink_constraints(architecture, data, kinks, groups, leaders, cache)
    cons += _cached(cache, architecture, ("affine", tuple(negative), tuple(constant)),
                    lambda: _affine_constraints(architecture, data, negative, constant))
    if stratum is not None:
        cancelling = tuple(leaders[g] for g, (first, second) in enumerate(roles.extra) if second)
        cons += _cached(cache, architecture, ("rank", cancelling, stratum, roles.mixed),
                        lambda: _rank_constraints(architecture, stratum, perp, cancelling))
    return BasicSet(parameter_symbols(architecture), cons), ""


# ---------------------------------------------------------------------------- membership
@dataclass(frozen=True)
class RoleMembership:
    """Exact membership in the union of the copies of one shallow component (its ``membership``).

    ``RoleMembership(data, pattern)(net)`` is True iff ``net`` has the canonical
    data ``data`` and its neurons can be assigned to the role slots of
    ``pattern`` (visible lines by key and orientation; groups on one common
    line with the class sizes, zero total kink and the stratum rank).  A value
    (it pickles and compares by its fields), decided independently of the
    parametrization.

    Examples
    --------
    >>> from semialg_fibers.shallow import canonical_data
    >>> from semialg_fibers.shallow.patterns import RolePattern, StratumPattern
    >>> net = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])   # s(x) + 2 s(x - 1)
    >>> member = RoleMembership(canonical_data(net), StratumPattern(RolePattern(0, 0, 0, ((1, 0), (1, 0)))))
    >>> member(Network.from_layers([([[2], [3]], [-2, 0]), ([[1, "1/3"]], [0])]))   # permuted and scaled
    True
    >>> member(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 3]], [0])]))
    False
    """

    data: CanonicalData
    pattern: StratumPattern

    def __call__(self, net: Network) -> bool:
        data, pattern = self.data, self.pattern
        roles = pattern.roles
        if net.architecture[1] != roles.width or canonical_data(net) != data:
            return False
        slots = _slots(roles)
        keys = {u.key: i for i, u in enumerate(data.lines)}
        infos = neuron_infos(net)

        def options(i):
            info = infos[i]
            out = []
            for j, slot in enumerate(slots):
                kind = slot[0]
                if kind == Slot.ZERO_OUTPUT:
                    ok = not any(info.v)
                elif kind in (Slot.DEAD, Slot.CONSTANT):
                    ok = info.key is None and info.input_kind == (NeuronKind.DEAD if kind == Slot.DEAD
                                                                  else NeuronKind.CONSTANT)
                elif kind == Slot.VISIBLE:
                    ok = keys.get(info.key) == slot[1] and info.orientation == slot[2]
                else:
                    ok = info.key is not None
                if ok:
                    out.append(j)
            return out

        def groups(perm):
            out = {}
            for j, slot in enumerate(slots):
                if slot[0] == Slot.GROUP and perm[j] is not None:
                    out.setdefault(slot[1], []).append(infos[perm[j]])
            return out

        def consistent(perm):
            for g, members in groups(perm).items():
                if len({m.key for m in members}) != 1:
                    return False  # one common line per group
                first, second = roles.extra[g]
                plus = sum(1 for m in members if m.orientation > 0)
                minus = len(members) - plus
                if not ((plus <= first and minus <= second) or (plus <= second and minus <= first)):
                    return False
            return True

        def accept(perm):
            found = groups(perm)
            for _g, members in found.items():
                kink = [sum(col) for col in zip(*(m.kink for m in members))]
                if any(kink):
                    return False
            return _stratum_ok(data, pattern, [members for _, members in sorted(found.items())])

        return assign_slots(len(infos), slots, options, accept, consistent)


def _stratum_ok(data: CanonicalData, pattern: StratumPattern, groups) -> bool:
    if pattern.stratum is None:
        return True
    perp = _perp(data, pattern.roles.mixed)
    rows = []
    for (_first, second), members in zip(pattern.roles.extra, groups):
        if second:
            normal = [Fraction(v) for v in members[0].key[:-1]]
            rows.append([sum((x * y for x, y in zip(normal, col)), _ZERO) for col in perp])
    rank = linalg.rank(rows, len(perp)) if rows and perp else 0
    return rank == pattern.stratum
