"""The components of a three-layer fiber: a family of first layers times a component of an orthant fiber.

A point of the component of ``(family, orthant pattern, stratum)`` is

* first layer ``W1' = diag(mu) M W1``, ``b1' = diag(mu) (M b1 + o + sum_c t_c e_c)``
  (:class:`~.families.FirstLayerFamily`, ``mu > 0``, each ``t_c`` in its interval);
* second layer ``W2' = A diag(mu)^{-1}``, ``b2'``, ``W3'``, ``b3'`` where
  ``(A, b2', W3', b3')`` is a point of the orthant component of ``h_t``, written
  as ``Phi_t`` of a point ``psi`` of the orthant component of ``h_{t0}``:
  rows on kink lines and in groups are moved with the lines
  (``b <- b - a . (t - t0)``, ``t - t0`` on the family's columns), linear, dead
  and zero-output rows stay, and the output bias takes
  ``b3' = e - sum_{linear} v (a . (t - t0))``.

``Phi_t`` is a bijection between the orthant components of ``h_{t0}`` and
``h_t`` (``docs/theory/three_layer.md``, Section 10.3), so the component is
parametrized by ``(mu, t, psi)`` and has dimension ``n1 + #t +`` the orthant
component's.  Membership is decided exactly: the first layer is matched to the
family (hashing its rows), then the rescaled second layer is tested against the
orthant pattern at the data of ``h_t``.  The implicit form substitutes the
inverse map (polynomial in the coordinates) into the orthant component's.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from ..core.components import FiberComponent, make_component
from ..core.exceptions import InternalCheckError
from ..core.limits import SearchLimits
from ..core.network import Network
from ..core.phrase import phrase_latex, phrase_text
from ..core.progress import task
from ..core.semialgebraic import BasicSet, constraint
from ..core.symbols import AuxiliaryFactory, parameter_symbols
from ..core.symbols import sympy_rational as _q
from ..onelayer.counting import certification
from ..onelayer.lines import line_key
from ..orthant.canonical import OrthantData
from ..orthant.components import ComponentPattern, Slot, StratumSampler, pattern_membership, slots
from ..orthant.components import component as orthant_component
from ..orthant.patterns import OrthantPattern
from .families import FirstLayerFamily

__all__ = ["ThreeLayerPattern", "ThreeLayerComponent", "ThreeLayerMembership", "ThreeLayerSampler", "component",
           "match_first_layer"]

_ZERO, _ONE = Fraction(0), Fraction(1)
_MOVING = (Slot.LINE, Slot.GROUP, Slot.SILENT)


@dataclass(frozen=True)
class ThreeLayerPattern:
    """The label of a three-layer component: its first-layer family and its orthant pattern and stratum."""

    family: FirstLayerFamily
    orthant: ComponentPattern

    def phrases(self) -> tuple[tuple, ...]:
        """First layer, then second layer, in words with math parts."""
        second = tuple(("second layer on the orthant: ",) + p if i == 0 else p
                       for i, p in enumerate(self.orthant.phrases()))
        return self.family.phrases() + second

    def describe(self) -> str:
        """The pattern in words (plain text)."""
        return "; ".join(phrase_text(p) for p in self.phrases())

    def latex(self) -> str:
        """The pattern in words, LaTeX text mode."""
        return "; ".join(phrase_latex(p) for p in self.phrases())

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"first_layer": self.family.to_dict(), "second_layer": self.orthant.to_dict()}


@dataclass(frozen=True)
class ThreeLayerComponent(FiberComponent):
    """A component of a three-layer fiber (see the module docstring).

    Extra attributes (beyond :class:`~semialg_fibers.core.components.FiberComponent`)
    ---------------------------------------------------------------------------
    family : FirstLayerFamily
    orthant_dimension : int
        Dimension of the orthant component of the second layer.
    """

    family: FirstLayerFamily | None = field(default=None, compare=False, repr=False)
    orthant_dimension: int = 0

    def to_dict(self) -> dict:
        """JSON-ready dictionary, with the first-layer family."""
        out = super().to_dict()
        out["orthant_dimension"] = self.orthant_dimension
        return out


# ---------------------------------------------------------------------------- first-layer matching
def _positive_key(row) -> tuple[Fraction, ...] | None:
    lead = next((v for v in row if v), None)
    return None if lead is None else tuple(v / abs(lead) for v in row)


def match_first_layer(net: Network, family: FirstLayerFamily, other: Network):
    """``(order, mu, t)`` when ``other``'s first layer is in the family, else None.

    ``order[l]`` is the family row (0-based) that row ``l`` of ``other`` realizes,
    ``mu[l] > 0`` its scale, ``t`` the parameters (a tuple, one per column of the family).
    The rows ``M W1`` are pairwise non-proportional (``W1`` of full row rank), so
    the match is a hash lookup.

    Examples
    --------
    >>> from semialg_fibers.three_layer.families import first_layer_families
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> family = first_layer_families(net)[0]
    >>> other = Network.from_layers([([[-2, 2], [3, 6]], [-2, 6]), ([[1, 1]], [1]), ([[1]], [0])])
    >>> match_first_layer(net, family, other)
    ([1, 0], [Fraction(2, 1), Fraction(3, 1)], (Fraction(3, 2),))
    """
    weight, bias = family.base_layer(net)
    index = {}
    for r, row in enumerate(weight):
        index[_positive_key(row)] = r
    order, mus, t = [], [], {}
    moved = dict(zip(family.columns, family.intervals))
    other_w, other_b = other.layers[0].weight, other.layers[0].bias
    for row, b in zip(other_w, other_b):
        r = index.get(_positive_key(row))
        if r is None or r in order:
            return None
        lead = next(c for c, v in enumerate(weight[r]) if v)
        mu = row[lead] / weight[r][lead]
        if r in moved:
            t[r] = b / mu - bias[r]
            if not moved[r].contains(t[r]):
                return None
        elif b != mu * bias[r]:
            return None
        order.append(r)
        mus.append(mu)
    return order, mus, tuple(t[c] for c in family.columns)


def _second_layer_in_reference(other: Network, order, mus) -> Network:
    """``(W2' diag(mu) P, b2', W3', b3')`` as a shallow network on the family's coordinates."""
    n1 = len(order)
    weight = [[_ZERO] * n1 for _ in other.layers[1].weight]
    for l, (r, mu) in enumerate(zip(order, mus)):
        for j, row in enumerate(other.layers[1].weight):
            weight[j][r] = row[l] * mu
    second, third = other.layers[1], other.layers[2]
    return Network.from_layers([(weight, second.bias), (third.weight, third.bias)])


def _remapped(roles: OrthantPattern, reference: OrthantData, data: OrthantData, family: FirstLayerFamily,
              t) -> OrthantPattern:
    """The pattern with its visible lines renumbered in the (sorted) lines of the moved data."""
    if data is reference:
        return roles
    amounts = [(c, v - start) for c, v, start in zip(family.columns, t, family.reference_t)]
    position = {u.key: i for i, u in enumerate(data.lines)}
    visible = [None] * len(roles.visible)
    for u, line in enumerate(reference.lines):
        moved = list(line.line)
        moved[-1] -= sum((amount * moved[c] for c, amount in amounts), _ZERO)
        visible[position[line_key(tuple(moved))[0]]] = roles.visible[u]
    return dataclasses.replace(roles, visible=tuple(visible))


@dataclass(frozen=True)
class ThreeLayerMembership:
    """Exact membership in the union of the copies of one three-layer component (its ``membership``).

    ``ThreeLayerMembership(net, family, roles, stratum)(other)``: the first
    layer of ``other`` is matched to the family (:func:`match_first_layer`),
    then its rescaled second layer is tested against the orthant pattern at
    the data of ``h_t`` (:func:`~semialg_fibers.orthant.components.pattern_membership`).
    A value: it pickles and compares by its fields.

    Examples
    --------
    >>> from semialg_fibers.three_layer.fiber import fiber
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> member = fiber(net).components[0].membership
    >>> member(net), member(Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[4]], [1])]))
    (True, False)
    """

    net: Network
    family: FirstLayerFamily
    roles: OrthantPattern
    stratum: int

    def __call__(self, other: Network) -> bool:
        family = self.family
        found = match_first_layer(self.net, family, other)
        if found is None:
            return False
        order, mus, t = found
        data = family.data_at(t)
        shallow = _second_layer_in_reference(other, order, mus)
        roles = _remapped(self.roles, family.reference, data, family, t)
        return pattern_membership(data, roles, self.stratum)(shallow)


@dataclass(frozen=True)
class ThreeLayerSampler:
    """The points of one three-layer component's domain (its ``sampler``): ``(mu, t, psi)`` per seed.

    ``mu`` and ``t`` are drawn from the seed; ``psi`` is the orthant sampler's
    point for the same seed (the component checks the whole point against its
    domain, which holds the orthant domain's constraints).  A value: it
    pickles and compares by its fields.

    Attributes
    ----------
    width : int
        ``n1``.
    family : FirstLayerFamily
        Its intervals bound ``t``.
    orthant : StratumSampler
        The sampler of the orthant component of the second layer.

    Examples
    --------
    >>> from semialg_fibers.three_layer.fiber import fiber
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> component = fiber(net).components[0]
    >>> point = component.sampler(3)
    >>> component.domain.contains(point), point == component.sampler(3), point[:2] == component.sampler(4)[:2]
    (True, True, False)
    """

    width: int
    family: FirstLayerFamily
    orthant: StratumSampler

    def __call__(self, seed: int) -> tuple[Fraction, ...]:
        rng = random.Random(10007 * seed + 17)
        head = [Fraction(rng.randint(1, 6), rng.randint(1, 3)) for _ in range(self.width)]
        head += [interval.sample(rng) for interval in self.family.intervals]
        return tuple(head) + tuple(self.orthant(seed))


# ---------------------------------------------------------------------------- the parametrization
def _compose(net: Network, family: FirstLayerFamily, orthant, roles: OrthantPattern):
    """``(flat parametrization, auxiliary, domain constraints, sampler)`` of the component."""
    d, n1, n2, k = net.architecture
    weight, bias = family.base_layer(net)
    aux = AuxiliaryFactory()
    mus = aux.new("mu", n1)
    ts = [sympy.Symbol(plain, real=True) for plain, _ in family.names()]
    cons = [constraint(mu, ">") for mu in mus]
    for t, interval in zip(ts, family.intervals):
        if interval.lower is not None:
            cons.append(constraint(t, ">=" if interval.closed else ">", _q(interval.lower)))
    p = orthant.parametrization
    a = [p[j * n1:(j + 1) * n1] for j in range(n2)]
    b = p[n2 * n1:n2 * n1 + n2]
    v = [[p[n2 * n1 + n2 + r * n2 + j] for r in range(k)] for j in range(n2)]
    e = p[n2 * n1 + n2 + k * n2:]
    kinds = slots(roles)
    zero = sympy.Integer(0)
    translation = dict(zip(family.columns, ts))
    moves = {c: -(t - _q(start)) for (c, t), start in zip(translation.items(), family.reference_t)}  # -(t - t0)
    flat = []
    for l in range(n1):
        flat += [mus[l] * _q(x) for x in weight[l]]
    for l in range(n1):
        flat.append(mus[l] * (_q(bias[l]) + translation.get(l, zero)))
    for j in range(n2):
        flat += [a[j][l] / mus[l] for l in range(n1)]
    for j in range(n2):
        shift = sum((move * a[j][c] for c, move in moves.items()), zero) if kinds[j] in _MOVING else zero
        flat.append(b[j] + shift)
    for r in range(k):
        flat += [v[j][r] for j in range(n2)]
    for r in range(k):
        extra = sum((v[j][r] * a[j][c] * move for c, move in moves.items() for j in range(n2)
                     if kinds[j] == Slot.LINEAR), zero)
        flat.append(e[r] + extra)
    symbols = tuple(mus) + tuple(ts) + tuple(orthant.auxiliary)
    constraints = cons + list(orthant.domain.constraints)
    return tuple(flat), symbols, constraints, ThreeLayerSampler(n1, family, orthant.sampler)


def _implicit(net: Network, family: FirstLayerFamily, orthant, roles: OrthantPattern) -> BasicSet | None:
    """The component in the network coordinates: first-layer constraints and the orthant implicit form pulled back."""
    if orthant.implicit is None:
        return None
    d, n1, n2, k = net.architecture
    coords = parameter_symbols(net.architecture)
    W1 = [coords[l * d:(l + 1) * d] for l in range(n1)]
    B1 = coords[n1 * d:n1 * d + n1]
    base = n1 * d + n1
    W2 = [coords[base + j * n1:base + (j + 1) * n1] for j in range(n2)]
    B2 = coords[base + n2 * n1:base + n2 * n1 + n2]
    base += n2 * n1 + n2
    W3 = [coords[base + r * n2:base + (r + 1) * n2] for r in range(k)]
    B3 = coords[base + k * n2:]
    weight, bias = family.base_layer(net)
    cons = []
    mu = []
    # one step per first-layer weight (7840 on 784-10-10-10), one per pulled-back orthant constraint
    bar = task("three-layer component: implicit form", total=n1 * d + len(orthant.implicit.constraints),
               unit="constraints")
    for l in range(n1):
        lead = next(c for c, x in enumerate(weight[l]) if x)
        pivot = _q(weight[l][lead])
        mu.append(W1[l][lead] / pivot)  # linear in the coordinates
        for c in range(d):
            if c != lead:
                cons.append(constraint(W1[l][c] * pivot - W1[l][lead] * _q(weight[l][c])))
            bar.advance()
        cons.append(constraint(W1[l][lead] * pivot, ">"))
        if l not in family.columns:
            cons.append(constraint(B1[l] - mu[l] * _q(bias[l])))
    # per translated column c: (t_c - t0_c) mu_c = b1'_c - mu_c (base_c + t0_c), polynomial
    moved = {}
    for c, start, interval in zip(family.columns, family.reference_t, family.intervals):
        moved[c] = B1[c] - mu[c] * (_q(bias[c]) + _q(start))
        if interval.lower is not None:
            cons.append(constraint(B1[c] - mu[c] * (_q(bias[c]) + _q(interval.lower)),
                                   ">=" if interval.closed else ">"))
    kinds = slots(roles)
    shallow = parameter_symbols((n1, n2, k))
    replace = {}
    for j in range(n2):
        for l in range(n1):
            replace[shallow[j * n1 + l]] = W2[j][l] * mu[l]
    for j in range(n2):  # moving rows: b = b' + a . (t - t0), with a_c = W2'_{jc} mu_c
        replace[shallow[n2 * n1 + j]] = B2[j] + (sum((times_mu * W2[j][c] for c, times_mu in moved.items()),
                                                    sympy.Integer(0)) if kinds[j] in _MOVING else 0)
    for r in range(k):
        for j in range(n2):
            replace[shallow[n2 * n1 + n2 + r * n2 + j]] = W3[r][j]
        replace[shallow[n2 * n1 + n2 + k * n2 + r]] = B3[r] + sum(
            (times_mu * W3[r][j] * W2[j][c] for c, times_mu in moved.items() for j in range(n2)
             if kinds[j] == Slot.LINEAR), sympy.Integer(0))
    for c in orthant.implicit.constraints:
        cons.append(constraint(sympy.expand(c.polynomial.xreplace(replace)), c.relation))
        bar.advance()
    bar.close()
    return BasicSet(coords, cons)


def component(net: Network, family: FirstLayerFamily, roles: OrthantPattern, stratum: int, orthant_dimension: int,
              cache: dict | None = None, certify: bool = True,
              limits: SearchLimits | None = None) -> ThreeLayerComponent:
    """The component of ``(family, orthant pattern, stratum)`` of the fiber of ``net`` (module docstring).

    Parameters
    ----------
    net : Network
        The three-layer network ``theta`` (architecture ``(d, n1, n2, k)``).
    family : FirstLayerFamily
    roles : OrthantPattern
        A nonempty role pattern of the orthant fiber of ``family.reference`` with ``n2`` neurons.
    stratum, orthant_dimension : int
        Its matching stratum and that stratum's dimension.
    cache : dict, optional
        The orthant matching cache (shared across the components of one family).
    certify : bool
        Compute the exact tangent certificate now.
    limits : SearchLimits, optional
        Bounds of the orthant implicit form.

    Raises
    ------
    InternalCheckError
        The tangent ranks disagree with the dimension ``n1 + #t + orthant_dimension``.
    """
    d, n1, n2, k = net.architecture
    # the orthant builder reads only the architecture of its network; the function is in family.reference
    placeholder = Network.from_layers([([[0] * n1 for _ in range(n2)], [0] * n2),
                                       ([[0] * n2 for _ in range(k)], [0] * k)])
    orthant = orthant_component(placeholder, family.reference, roles, stratum, orthant_dimension, cache, False, limits)
    flat, symbols, constraints, sampler = _compose(net, family, orthant, roles)
    dimension = n1 + len(family.columns) + orthant_dimension
    pattern = ThreeLayerPattern(family, orthant.pattern)
    implicit = _implicit(net, family, orthant, roles)
    description = pattern.describe()
    if implicit is None:
        marker = "(no implicit form: "
        reason = orthant.description.rsplit(marker, 1)[-1] if marker in orthant.description else "none built)"
        description += " (no implicit form: the orthant component's: " + reason
    certify, note = certification(certify, len(symbols), limits)
    description += note
    built = make_component(net.architecture, pattern, flat, symbols, BasicSet(symbols, constraints), implicit,
                           dimension, multiplicity=math.factorial(n1) * orthant.multiplicity, description=description,
                           membership=ThreeLayerMembership(net, family, roles, stratum), sampler=sampler,
                           certify=certify,
                           component_type=ThreeLayerComponent, family=family, orthant_dimension=orthant_dimension)
    if built.dimension != dimension:
        raise InternalCheckError("three-layer component: dimension changed while assembling")
    return built
