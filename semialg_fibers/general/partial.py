"""Partial fibers and dimension bounds of networks outside the proven classes (``docs/theory/deep.md``, Section 5).

For a network of any depth (and a three-layer network whose fiber the
three-layer theorems do not decide, e.g. ``n1 > d``) the library knows pieces
of the fiber, not the whole of it:

* :func:`partial_fiber`: a :class:`~semialg_fibers.core.components.Fiber` with
  ``status = PARTIAL`` whose components are the orbit ``H . theta`` and one
  component per mechanism family (:mod:`.mechanisms`) and the joint family of
  Proposition 3.3, each composed with the positive scalings, with an exact
  parametrization and a proven dimension (:func:`known_families`, Proposition 5.1);
* :func:`partial_fiber_dimension`: the proven lower bound of ``dim F(theta)``
  (the local lower bound of :func:`.certificates.local_fiber_dimension`, or a
  larger listed component) with ``status = PARTIAL``, carrying the exact local
  bounds ``lower <= dim_theta F(theta) <= N - FD`` (Theorem 2.2);
* :func:`refusal`: the message of a refusal (what is known, and how to get the partial answer).

What is proven is local: ``N - FD`` bounds the fiber *near* ``theta``; the
whole fiber may have components of larger dimension away from ``theta``'s
orbit, which nothing here decides.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ..core import linalg
from ..core.components import Fiber, FiberComponent, make_component
from ..core.exceptions import InternalCheckError, LimitReachedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.results import FiberStatus, PartialFiberDimension
from ..core.semialgebraic import BasicSet
from ..core.symbols import auxiliary_symbols, sympy_rational
from ..core.symmetries import parameter_index, permute_hidden, same_orbit
from .certificates import LocalFiberDimension, joint_family, local_fiber_dimension
from .functional import orbit_tangent
from .mechanisms import Mechanism

__all__ = ["GeneralPattern", "KnownFamily", "OrbitMembership", "FamilyMembership", "FamilySampler", "known_families", "orbit_copies",
           "partial_fiber", "partial_fiber_dimension", "refusal"]

_ZERO, _ONE = Fraction(0), Fraction(1)
Vector = tuple[Fraction, ...]


@dataclass(frozen=True)
class GeneralPattern:
    """The label of a component of a partial fiber: the family's kind, its neurons and the family in words."""

    kind: str
    neurons: tuple = ()
    detail: str = ""

    def describe(self) -> str:
        """The family in words (plain text)."""
        return f"{self.kind}: {self.detail}" if self.detail else self.kind

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"kind": self.kind, "neurons": [list(n) for n in self.neurons], "detail": self.detail}


@dataclass(frozen=True)
class KnownFamily:
    """One family of the partial fiber before it is built: ``{lambda . (theta + sum_k t_k d_k)}``.

    Attributes
    ----------
    pattern : GeneralPattern
    directions : tuple of Vector
        The ``d_k`` (flat parameter order).
    nonnegative : tuple of bool
        Per direction: ``t_k >= 0`` (a half-line family) or ``t_k`` free.
    scaled : tuple of int
        Indices (in the order of :func:`.functional.orbit_tangent`) of the hidden neurons whose
        scalings ``lambda_n > 0`` enter the parametrization; the others stay 1.
    dimension : int
        The exact dimension of the family (Proposition 5.1).
    proof : str
        Why the dimension is exact.
    """

    pattern: GeneralPattern
    directions: tuple[Vector, ...]
    nonnegative: tuple[bool, ...]
    scaled: tuple[int, ...]
    dimension: int
    proof: str


@dataclass(frozen=True)
class OrbitMembership:
    """Exact membership in ``H . theta`` (:func:`~semialg_fibers.core.symmetries.same_orbit`); a picklable value."""

    net: Network
    limits: SearchLimits | None = None

    def __call__(self, other: Network) -> bool:
        return same_orbit(self.net, other, limits=self.limits)


@dataclass(frozen=True)
class FamilyMembership:
    """Exact membership in ``{lambda . (theta + u)}``, ``u`` any vector on the flat coordinates ``free`` (a value).

    ``lambda .`` maps those coordinates to themselves, so a network belongs iff it is a positive rescaling of
    ``theta`` off them (:func:`_same_scaling_orbit`).
    """

    net: Network
    free: tuple[int, ...]

    def __call__(self, other: Network) -> bool:
        return other.architecture == self.net.architecture and _same_scaling_orbit(self.net, other,
                                                                                    frozenset(self.free))


@dataclass(frozen=True)
class FamilySampler:
    """Deterministic points of the domain ``lambda > 0``, ``t`` free or ``>= 0``, per seed (a picklable value)."""

    scalings: int
    nonnegative: tuple[bool, ...]

    def __call__(self, seed: int) -> tuple[Fraction, ...]:
        rng = random.Random(7919 * seed + 17)
        lam = [Fraction(rng.randint(2, 9), rng.randint(2, 9)) for _ in range(self.scalings)]
        ts = [Fraction(rng.randint(1 if pos else -6, 6), rng.randint(1, 4)) for pos in self.nonnegative]
        return tuple(lam + ts)


# ----------------------------------------------------------------------------- the families and their dimensions
def _neuron_order(net: Network) -> list[tuple[int, int]]:
    """The hidden neurons ``(layer, index)`` in the order of :func:`.functional.orbit_tangent`."""
    return [(l, i) for l in range(1, net.depth) for i in range(net.architecture[l])]


def _signed_projection(net: Network, neuron: tuple[int, int], vec: Vector) -> Vector:
    """``P_n v``: ``+v`` on the incoming row and bias of neuron ``n``, ``-v`` on its outgoing column.

    ``P_n theta`` is the infinitesimal scaling of ``n`` (:func:`.functional.orbit_tangent`), and the
    derivative of ``lambda . x`` in ``lambda_n`` at ``lambda`` is ``lambda . P_n x / lambda_n``.
    """
    arch = net.architecture
    l, i = neuron
    out = [_ZERO] * len(vec)
    for j in range(arch[l - 1]):
        k = parameter_index(arch, l, i, j)
        out[k] = vec[k]
    k = parameter_index(arch, l, i)
    out[k] = vec[k]
    for o in range(arch[l + 1]):
        k = parameter_index(arch, l + 1, o, i)
        out[k] = -vec[k]
    return tuple(out)


def _in_span(vec: Vector, basis: list[Vector], base_rank: int, n: int) -> bool:
    if not any(vec):
        return True
    return linalg.rank(basis + [vec], n) == base_rank


#: The most points of the grid of Proposition 5.1 (b) tried before the scalings of the moved neurons are dropped (c).
GRID_POINTS = 512


def _known_family(net: Network, pattern: GeneralPattern, directions: tuple[Vector, ...],
          nonnegative: tuple[bool, ...]) -> KnownFamily:
    """The family ``{lambda . (theta + sum t_k d_k)}`` with its exact dimension (Proposition 5.1).

    The tangent space at ``(lambda, t)`` is ``lambda . (span_n P_n(theta + u) + span D)``, ``u = sum t_k d_k``, and
    ``P_n(theta + u) = P_n theta + sum t_k P_n d_k``: modulo ``span D`` the row of ``n`` depends on ``t_k`` only if
    ``P_n d_k`` is not in ``span D``.  With ``R_k`` the number of such rows, every minor has degree at most ``R_k`` in
    ``t_k``, so (b) the generic rank is the largest rank on the grid ``prod_k {0, ..., R_k}`` (a polynomial of those
    degrees vanishing on the grid vanishes identically); (a) no row depends on ``t``: the rank at ``theta``; (c) a grid
    above :data:`GRID_POINTS`: only the scalings of the neurons whose rows do not depend on ``t`` are kept, and then
    the rank is the same at every point.
    """
    n = net.num_parameters
    neurons = _neuron_order(net)
    tangent = orbit_tangent(net)
    dirs = list(directions)
    base = linalg.rank(dirs, n) if dirs else 0
    moving = [[_signed_projection(net, nu, d) for d in dirs] for nu in neurons]
    outside = [[not _in_span(p, dirs, base, n) for p in moves] for moves in moving]
    degrees = [sum(1 for row in outside if row[k]) for k in range(len(dirs))]
    varying = [k for k, r in enumerate(degrees) if r]
    everyone = tuple(range(len(neurons)))
    if not varying:
        rows = [t for t in tangent if any(t)] + dirs
        return KnownFamily(pattern, directions, nonnegative, everyone, linalg.rank(rows, n) if rows else 0,
                          "the family moves the scaling directions only inside its own span, so the tangent rank is "
                          "the same at every point (docs/theory/deep.md, Proposition 5.1 (a))")
    if math.prod(degrees[k] + 1 for k in varying) <= GRID_POINTS:
        best = 0
        for steps in itertools.product(*(range(degrees[k] + 1) for k in varying)):
            rows = []
            for t, moves in zip(tangent, moving):
                row = list(t)
                for k, step in zip(varying, steps):
                    if step:
                        row = [a + step * b for a, b in zip(row, moves[k])]
                if any(row):
                    rows.append(tuple(row))
            best = max(best, linalg.rank(rows + dirs, n))
        grid = " x ".join(f"{{0..{degrees[k]}}}" for k in varying)
        return KnownFamily(pattern, directions, nonnegative, everyone, best,
                          f"the largest tangent rank on the grid {grid} of the parameters that move the scaling "
                          "directions: a minor of those degrees vanishing there vanishes identically "
                          "(docs/theory/deep.md, Proposition 5.1 (b))")
    keep = tuple(k for k, row in enumerate(outside) if not any(row))
    rows = [tangent[k] for k in keep if any(tangent[k])] + dirs
    return KnownFamily(pattern, directions, nonnegative, keep, linalg.rank(rows, n),
                      "only the scalings of the neurons the family does not move enter, so the tangent rank is the "
                      "same at every point (docs/theory/deep.md, Proposition 5.1 (c))")


def _joint(net: Network, found: tuple[Mechanism, ...]) -> tuple[tuple[Vector, ...], tuple[bool, ...]] | None:
    """Proposition 3.3's family (:func:`~.certificates.joint_family`), when two or more of its mechanisms apply."""
    if len([m for m in found if m.kind in ("dead neuron", "zero outgoing weights", "always active")]) < 2:
        return None  # one mechanism: the joint family is that mechanism's own
    return joint_family(net, found)


def known_families(net: Network, local: LocalFiberDimension) -> tuple[KnownFamily, ...]:
    """The orbit, then one family per mechanism of ``local``, then the joint family of Proposition 3.3 (if 2+).

    Examples
    --------
    >>> net = Network.from_layers([([[0], [1]], [-1, 0]), ([[3, 1]], [0])])    # neuron 1 is dead
    >>> [(s.pattern.kind, s.dimension) for s in known_families(net, local_fiber_dimension(net))]
    [('orbit', 2), ('dead neuron', 3)]
    """
    families = [_known_family(net, GeneralPattern("orbit", (), "the permutations and positive scalings of the hidden neurons"),
                   (), ())]
    for m in local.mechanisms:
        half = m.kind == "always active"
        families.append(_known_family(net, GeneralPattern(m.kind, tuple(m.neurons), m.detail), tuple(m.directions),
                           (half,) * len(m.directions)))
    joint = _joint(net, local.mechanisms)
    if joint is not None:
        neurons = tuple(nu for m in local.mechanisms if m.kind in ("dead neuron", "zero outgoing weights",
                                                                    "always active") for nu in m.neurons)
        families.append(_known_family(net, GeneralPattern(
            "joint family", neurons, "the outgoing columns of the dead neurons, the incoming rows and biases of the "
            "other zero-outgoing neurons and the bias shifts (c >= 0) of the always-active neurons, changed all at "
            "once (Proposition 3.3)"), *joint))
    return tuple(families)


# ----------------------------------------------------------------------------- the orbit's permuted copies
def _trivially_stabilized(net: Network) -> bool:
    """Every hidden neuron has a nonzero incoming row or bias, and no two of a layer are positive multiples.

    Then ``sigma . theta`` in the scaling orbit forces ``sigma = id`` (layer by layer: with the previous layer fixed
    and unscaled, row ``i`` of ``sigma . theta`` is row ``sigma^-1(i)`` of ``theta`` and must be ``lambda_i`` times
    row ``i``), so the orbit has ``prod n_l!`` distinct permuted copies.
    """
    for l in range(1, net.depth):
        layer = net.layers[l - 1]
        seen = set()
        for row, b in zip(layer.weight, layer.bias):
            vec = tuple(row) + (b,)
            lead = next((v for v in vec if v), None)
            if lead is None:
                return False
            key = tuple(v / abs(lead) for v in vec)
            if key in seen:
                return False
            seen.add(key)
    return True


def orbit_copies(net: Network, *, limits: SearchLimits | None = None) -> int:
    """The number of distinct images of the scaling orbit of ``net`` under permutations of hidden neurons.

    ``prod n_l!`` divided by the number of permutations ``sigma`` with ``sigma . theta`` in the scaling orbit
    of ``theta``: one when :func:`_trivially_stabilized` holds, otherwise counted by :func:`_stabilizer`.

    >>> orbit_copies(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 2]], [0])]))
    2
    >>> orbit_copies(Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])]))   # the swap is a rescaling
    1

    Raises
    ------
    LimitReachedError
        More than ``limits.permutations`` candidate permutations to decide.
    """
    total = math.prod(math.factorial(w) for w in net.hidden_widths)
    if _trivially_stabilized(net):
        return total
    return total // _stabilizer(net, resolve(limits))


def _sign_key(values) -> tuple[int, ...]:
    return tuple((v > 0) - (v < 0) for v in values)


def _stabilizer(net: Network, limits: SearchLimits) -> int:
    """The permutations ``p`` (``permute_hidden`` convention) with ``p . theta`` a positive rescaling of ``theta``.

    A rescaling keeps the sign of every entry, so layer by layer the new row ``i`` must be an old row whose entries,
    with the columns reordered by the previous layer's permutation, have the signs of row ``i`` (a necessary
    condition that groups the rows; only bijections inside the groups are tried); every full candidate is then
    decided exactly by :func:`_same_scaling_orbit`.  At most ``limits.permutations`` candidates are tried.
    """
    arch = net.architecture
    hidden = len(arch) - 2
    tried = [0]

    def rows(l, previous):
        layer = net.layers[l - 1]
        return [_sign_key([layer.weight[r][previous[j]] for j in range(arch[l - 1])] + [layer.bias[r]])
                for r in range(arch[l])]

    def layer_choices(l, previous):
        old = rows(l, previous)
        own = [_sign_key(list(net.layers[l - 1].weight[i]) + [net.layers[l - 1].bias[i]]) for i in range(arch[l])]
        groups: dict = {}
        for r, key in enumerate(old):
            groups.setdefault(key, []).append(r)
        slots: dict = {}
        for i, key in enumerate(own):
            slots.setdefault(key, []).append(i)
        if {k: len(v) for k, v in groups.items()} != {k: len(v) for k, v in slots.items()}:
            return
        keys = list(slots)
        for choice in itertools.product(*(itertools.permutations(groups[k]) for k in keys)):
            perm = [0] * arch[l]
            for k, sources in zip(keys, choice):
                for i, r in zip(slots[k], sources):
                    perm[i] = r
            yield tuple(perm)

    def search(l, prefix):
        if l > hidden:
            out = net.layers[-1]
            last = prefix[-1]
            if any(_sign_key([out.weight[o][last[j]] for j in range(arch[-2])]) != _sign_key(out.weight[o])
                   for o in range(arch[-1])):
                return 0
            return int(_same_scaling_orbit(net, permute_hidden(net, prefix)))
        previous = prefix[-1] if prefix else tuple(range(arch[0]))
        found = 0
        for perm in layer_choices(l, previous):
            tried[0] += 1  # every partial candidate counts, so a search that never completes one is bounded too
            if limits.exceeded("permutations", tried[0]):
                raise LimitReachedError(f"partial fiber: counting the permuted copies of the orbit needs more than "
                                        f"{limits.permutations} candidate permutations (neurons of equal sign "
                                        f"patterns), above the limit permutations = {limits.permutations}",
                                        limit="permutations", value=limits.permutations)
            found += search(l + 1, prefix + [perm])
        return found

    return search(1, [])


def _same_scaling_orbit(a: Network, b: Network, free: frozenset = frozenset()) -> bool:
    """Is ``b = lambda . a`` for positive scalings ``lambda`` (no permutation), off the flat coordinates ``free``?

    Exact, by propagating ratios: every parameter relates the scalings of its two ends (``W_l[i, j]``:
    ``lambda_{l,i} / lambda_{l-1,j}``; inputs, outputs and biases have the fixed end 1): a zero must stay zero, a
    ratio must be positive and consistent.  The coordinates in ``free`` take part in nothing.
    """
    from ..core.symmetries import parameter_index as index

    arch = a.architecture
    fixed = ("fixed",)
    edges: dict = {}

    def link(u, v, ratio):
        edges.setdefault(u, []).append((v, ratio))
        edges.setdefault(v, []).append((u, 1 / ratio))

    for l in range(1, len(arch)):
        la, lb = a.layers[l - 1], b.layers[l - 1]
        for i in range(arch[l]):
            node = (l, i) if l < len(arch) - 1 else fixed
            for j in range(arch[l - 1]):
                if free and index(arch, l, i, j) in free:
                    continue
                x, y = la.weight[i][j], lb.weight[i][j]
                if (x == 0) != (y == 0) or (x and y / x <= 0):
                    return False
                if x:
                    link(node, (l - 1, j) if l > 1 else fixed, y / x)   # lambda_node = r lambda_prev
            if free and index(arch, l, i) in free:
                continue
            x, y = la.bias[i], lb.bias[i]
            if (x == 0) != (y == 0) or (x and y / x <= 0):
                return False
            if x:
                link(node, fixed, y / x)
    value: dict = {}
    for root in [fixed] + list(edges):
        if root in value:
            continue
        value[root] = _ONE
        stack = [root]
        while stack:
            u = stack.pop()
            for v, r in edges.get(u, ()):
                # the edge u -> v with ratio r says lambda_u = r lambda_v
                want = value[u] / r
                if v in value:
                    if value[v] != want:
                        return False
                else:
                    value[v] = want
                    stack.append(v)
    return True


# ----------------------------------------------------------------------------- building
def _component(net: Network, family: KnownFamily, copies: int, certify: bool, limits) -> FiberComponent:
    neurons = _neuron_order(net)
    arch = net.architecture
    lam = auxiliary_symbols("lambda", len(family.scaled))
    ts = auxiliary_symbols("t", len(family.directions))
    scale = {neurons[k]: s for k, s in zip(family.scaled, lam)}
    flat = net.parameters()
    values = []
    for c in range(net.num_parameters):
        values.append(sympy_rational(flat[c]) + sum((sympy_rational(d[c]) * t for d, t in zip(family.directions, ts)
                                                      if d[c]), sympy.Integer(0)))
    # the scaling acts on W_l[i, j] by lambda_{l,i} / lambda_{l-1,j} and on b_l[i] by lambda_{l,i}
    for l in range(1, len(arch)):
        for i in range(arch[l]):
            up = scale.get((l, i), 1) if l < len(arch) - 1 else 1
            for j in range(arch[l - 1]):
                down = scale.get((l - 1, j), 1) if l > 1 else 1
                k = parameter_index(arch, l, i, j)
                values[k] = values[k] * up / down
            k = parameter_index(arch, l, i)
            values[k] = values[k] * up
    constraints = [(s, ">", 0) for s in lam] + [(t, ">=", 0) for t, pos in zip(ts, family.nonnegative) if pos]
    aux = tuple(lam) + tuple(ts)
    orbit = family.pattern.kind == "orbit"
    scaled_note = "" if len(family.scaled) == len(neurons) else (
        f"; only the scalings of {len(family.scaled)} of the {len(neurons)} hidden neurons enter (the others move with "
        "the family)")
    along = "t_1 (for c)" if len(ts) == 1 and any(family.nonnegative) else (
        f"t_1, ..., t_{len(ts)}" if len(ts) > 1 else "t_1")
    description = (f"{family.pattern.describe()}" + ("" if orbit else
                   f"; composed with the positive scalings (lambda), {along} along the family; its images under "
                   "permutations of hidden neurons lie in the fiber too (one copy listed)") + scaled_note)
    return make_component(arch, family.pattern, values, aux, BasicSet(aux, tuple(constraints)), None, family.dimension,
                          multiplicity=copies if orbit else 1, description=description,
                          membership=OrbitMembership(net, limits) if orbit else _membership(net, family),
                          sampler=FamilySampler(len(lam), family.nonnegative), certify=certify)


def _membership(net: Network, family: KnownFamily) -> FamilyMembership | None:
    """A membership test for a family of free coordinates scaled by every neuron; None: the generic decision."""
    coords = []
    for d, pos in zip(family.directions, family.nonnegative):
        support = [k for k, v in enumerate(d) if v]
        if pos or len(support) != 1:
            return None
        coords.append(support[0])
    if len(family.scaled) != len(_neuron_order(net)):
        return None
    return FamilyMembership(net, tuple(sorted(coords)))  # a tuple: the JSON encoding has no sets


def _basis(net: Network, local: LocalFiberDimension, lower: int, lower_basis: str) -> str:
    fd = local.functional
    arch = "-".join(map(str, net.architecture))
    if local.proven:
        near = (f"the fiber near theta has dimension exactly {local.lower} (proven: from below {local.lower_basis}, "
                f"docs/theory/deep.md Propositions 3.2-3.3; from above N - FD = {fd.parameters} - {fd.rank}, "
                f"Theorem 2.2)")
    else:
        near = (f"the fiber near theta has dimension between {local.lower} and {local.upper} (from below "
                f"{local.lower_basis}, Propositions 3.2-3.3; from above N - FD = {fd.parameters} - {fd.rank}, "
                f"Theorem 2.2; which value is not decided)")
    extra = "" if lower == local.lower else f"; a listed family has dimension {lower} ({lower_basis})"
    return (f"{near}{extra}; so the whole fiber has dimension at least {lower}; components of the fiber away from "
            f"theta's orbit are not decided for architecture {arch}")


def _best(local: LocalFiberDimension, families: tuple[KnownFamily, ...]) -> tuple[int, str]:
    top = max(families, key=lambda s: s.dimension)
    if top.dimension > local.lower:
        return top.dimension, f"the {top.pattern.kind} family, {top.proof}"
    return local.lower, local.lower_basis


def _check(local: LocalFiberDimension, families) -> None:
    for s in families:
        if s.dimension > local.upper:
            raise InternalCheckError(f"partial fiber: the {s.pattern.kind} family has dimension {s.dimension} above "
                                     f"the local bound N - FD = {local.upper}")


def partial_fiber_dimension(net: Network, *, limits: SearchLimits | None = None,
                            progress: bool | Callable | None = None) -> PartialFiberDimension:
    """A proven lower bound of ``dim F(theta)`` with ``status = PARTIAL`` and the exact local bounds (on R^d).

    The value is the local lower bound of :func:`.certificates.local_fiber_dimension` (or the dimension of a
    listed family, when larger): the fiber near ``theta`` has that dimension at least, so the whole fiber too.
    ``local_lower`` and ``local_upper`` bound ``dim_theta F(theta)`` (equal: proven exactly); the whole
    fiber's dimension may exceed ``local_upper`` (components away from the orbit are not decided).

    >>> deep = Network.from_layers([([[1, 2], [-1, 1]], [0, 1]), ([[1, 2], [2, -1]], [-1, 1]), ([[1, -1]], [0])])
    >>> d = partial_fiber_dimension(deep)
    >>> int(d), d.local_lower, d.local_upper, str(d.status)
    (4, 4, 4, 'partial')
    """
    local = local_fiber_dimension(net, limits=limits, progress=progress)
    families = known_families(net, local)
    _check(local, families)
    lower, why = _best(local, families)
    return PartialFiberDimension(lower, FiberStatus.PARTIAL, _basis(net, local, lower, why),
                                 local.lower, local.upper)


def partial_fiber(net: Network, *, limit: int | None = None, progress: bool | Callable = False,
                  certify: bool = True, limits: SearchLimits | None = None) -> Fiber:
    """The known components of the fiber of ``net`` (on R^d), with ``status = PARTIAL``.

    The orbit ``H . theta`` (its permuted copies counted), then one component per mechanism family and the
    joint family of Proposition 3.3, each ``{lambda . (theta + sum t_k d_k)}`` with its exact dimension
    (:func:`known_families`); every member computes ``f_theta`` (Propositions 3.2, 3.3), the fiber may have
    other components.  ``basis`` states the local bounds (:func:`partial_fiber_dimension`).

    Examples
    --------
    >>> dead = Network.from_layers([([[0], [1]], [-1, 0]), ([[3, 1]], [0])])
    >>> f = partial_fiber(dead)
    >>> [(c.pattern.kind, c.dimension) for c in f], str(f.status)
    ([('orbit', 2), ('dead neuron', 3)], 'partial')
    """
    local = local_fiber_dimension(net, limits=limits, progress=progress)
    families = known_families(net, local)
    _check(local, families)
    copies = orbit_copies(net, limits=limits)
    lower, why = _best(local, families)
    things = [(lambda s=s: _component(net, s, copies, certify, limits)) for s in families]
    return Fiber.from_components(net, things, limit=limit, dimension=max(s.dimension for s in families),
                                 progress=progress, status=FiberStatus.PARTIAL,
                                 basis=_basis(net, local, lower, why))


def refusal(operation: str, net: Network, *, limits: SearchLimits | None = None, context: str = "") -> str:
    """The one-line message of a refusal of ``operation``: what is known, and how to get the partial answer.

    It computes nothing: the local bounds cost a functional dimension and a
    region search (a minute for some 4-8-8-1 networks), too much for a refusal
    that a census meets for every such network.  ``limits`` is accepted for
    the callers' symmetry.  ``context`` (a class's own refusal) replaces the
    opening "``operation``: not decided for architecture ...".

    >>> deep = Network.from_layers([([[1, 2], [-1, 1]], [0, 1]), ([[1, 2], [2, -1]], [-1, 1]), ([[1, -1]], [0])])
    >>> print(refusal("fiber_dimension", deep))      # doctest: +ELLIPSIS
    fiber_dimension: not decided for architecture (2, 2, 2, 1): only the fiber near theta is known ...
    """
    head = f"{context}; " if context else f"{operation}: not decided for architecture {net.architecture}: "
    return (f"{head}only the fiber near theta is known (its exact dimension bounds: local_fiber_dimension, command "
            f"line: fd), not the components away from theta's orbit; pass allow_partial=True (command line: "
            f"--partial) for a proven lower bound and the known components with status 'partial'")
