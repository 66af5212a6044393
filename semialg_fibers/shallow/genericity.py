"""Is the fiber of a shallow parameter exactly its ``H_n`` orbit?  If not, why not, with a witness.

Criterion (``docs/theory/shallow.md``, Theorem 8, proven): ``F(theta) = H_n . theta``
iff

(a) every neuron has ``v_i != 0`` and ``a_i != 0``;
(b) no two neurons share a line with the same orientation;
(c) every line of ``theta`` carries a nonzero total kink (so a line holds one
    neuron, or two of opposite orientations: a *mixed* line);
(d) the mixed lines ``M_theta`` have independent normals, and
    ``(S_theta, M_theta)`` (``S_theta``: lines whose single neuron is negative)
    is the only pair ``(S, M)`` with ``|M| + 2 rho(S, M) <= |M_theta|``.

One neuron of each orientation on a line with nonzero total kink does *not*
by itself enlarge the fiber (``|x| = s(x) + s(-x)``); it does when the pair can
move to another line or another flip set exists (``2 s(x) - s(-x) + s(x - 1)``).
Each failure is reported as a :class:`Mechanism` with the neurons involved and
a *witness*: another parameter of the fiber, outside the orbit, built exactly
and checked (same canonical data, not ``H``-related) before it is returned.
Deciding (d) contains subset sum, so ``is_generic`` is coNP-hard; the search is
exact and bounded by :class:`~semialg_fibers.core.limits.SearchLimits`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from ..core import linalg
from ..core.exceptions import InternalCheckError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.printing import Printable
from ..core.symmetries import same_orbit
from .canonical import NeuronKind, canonical_data, check_shallow, neuron_infos
from .minimal import MinimalChoice, choice_below, choices_at_cost, representation

__all__ = ["MechanismKind", "Mechanism", "GenericityReport", "is_generic"]

_ZERO = Fraction(0)


class MechanismKind(enum.StrEnum):
    """Why a fiber is larger than the ``H_n`` orbit (in report order)."""

    ZERO_NEURON = "zero neuron"  #: ``v_i = 0``: ``(a_i, b_i)`` is free
    CONSTANT_NEURON = "constant neuron"  #: ``a_i = 0``: dead or a constant absorbed by ``c``
    REPEATED_ORIENTATION = "repeated orientation"  #: two neurons on one line, same orientation: the kink splits
    CANCELLING_GROUP = "cancelling group"  #: a line with total kink 0: it moves freely
    DEPENDENT_MIXED_LINES = "dependent mixed lines"  #: mixed lines with dependent normals: their pairs re-split
    SMALLER_REPRESENTATION = "smaller representation"  #: fewer neurons suffice (``n* < n``)
    OTHER_MINIMAL_CHOICE = "other minimal choice"  #: another choice of flipped and mixed lines


@dataclass(frozen=True)
class Mechanism:
    """One reason why the fiber is larger than the ``H_n`` orbit.

    Attributes
    ----------
    kind : MechanismKind
    neurons : tuple of int
        The neurons involved (0-based).
    detail : str
    witness : Network
        A parameter of the fiber outside ``H_n . theta`` that the mechanism
        produces (checked: equal canonical data, not ``H``-related).
    """

    kind: MechanismKind
    neurons: tuple[int, ...]
    detail: str
    witness: Network


@dataclass(frozen=True)
class GenericityReport(Printable):
    """Truthy iff ``F(theta) = H_n . theta``; otherwise ``mechanisms`` says why (each with a witness).

    ``latex()`` is LaTeX text mode, the fields with words escaped and numbers
    in math mode (:func:`semialg_fibers.render.latex.fields_latex`);
    ``_repr_html_`` the fields as a table (:func:`semialg_fibers.render.html.html`).
    """

    generic: bool
    mechanisms: tuple[Mechanism, ...] = ()
    omitted: int = 0  # further lines with a mechanism, not listed (beyond SearchLimits.witnesses)

    def __bool__(self) -> bool:
        return self.generic


# ---------------------------------------------------------------------------- witnesses
def _layers(net: Network):
    (w1, b1), (w2, b2) = ((list(map(list, l.weight)), list(l.bias)) for l in net.layers)
    return w1, b1, w2, b2


def _network(w1, b1, w2, b2) -> Network:
    return Network.from_layers([(w1, b1), (w2, b2)])


def _restricted(net: Network, neurons: list[int]) -> Network:
    """The network of the given hidden neurons only, with the output bias of ``net``."""
    (w1, b1), (w2, b2) = ((l.weight, l.bias) for l in net.layers)
    return _network([w1[i] for i in neurons], [b1[i] for i in neurons], [[row[i] for i in neurons] for row in w2],
                    b2)


def _checked(theta: Network, witness: Network, kind: MechanismKind) -> Network:
    """The witness after the two checks that make it one: same function, not ``H``-related.

    Both are decided on the neurons where the two networks differ (with the output biases): the others add
    the same function to both, and the same neurons to both multisets that ``H`` permutes and scales, so
    neither answer changes; checking the whole networks cost two canonical forms of ``n`` neurons per witness.
    """
    (w1, b1), (w2, _) = ((l.weight, l.bias) for l in theta.layers)
    (x1, c1), (x2, _) = ((l.weight, l.bias) for l in witness.layers)
    changed = [i for i in range(len(b1)) if w1[i] != x1[i] or b1[i] != c1[i] or any(r[i] != s[i] for r, s in
                                                                                     zip(w2, x2))]
    changed = changed or [0]  # the same neuron in both: a network has at least one
    a, b = _restricted(theta, changed), _restricted(witness, changed)
    if canonical_data(b) != canonical_data(a):
        raise InternalCheckError(f"is_generic: the {kind} witness does not realize the function")
    if same_orbit(a, b):
        raise InternalCheckError(f"is_generic: the {kind} witness lies in the H_n orbit")
    return witness


def _zero_neuron_witness(theta: Network, i: int) -> Network:
    # H keeps the number of all-zero neurons: make neuron i all-zero, or give its zero row a line.
    w1, b1, w2, b2 = _layers(theta)
    if any(w1[i]) or b1[i]:
        w1[i], b1[i] = [_ZERO] * len(w1[i]), _ZERO
    else:
        w1[i][0] = Fraction(1)
    return _network(w1, b1, w2, b2)


def _constant_neuron_witness(theta: Network, i: int) -> Network:
    # (v, 0, b): H gives (v / d, 0, d b); a change of b alone (or of v when b < 0) leaves the orbit.
    w1, b1, w2, b2 = _layers(theta)
    b, v = b1[i], [row[i] for row in w2]
    if b > 0:
        b1[i] = 2 * b  # constant v b becomes 2 v b: the output bias compensates
        b2 = [c - x * b for c, x in zip(b2, v)]
    elif b < 0:
        for row in w2:
            row[i] *= 2
    else:
        b1[i] = Fraction(-1)
    return _network(w1, b1, w2, b2)


def _split_witness(theta: Network, i: int, j: int, ti: Fraction, tj: Fraction) -> Network:
    # Same line and orientation: only the sum of the kinks v_i |t_i| + v_j |t_j| matters.
    w1, b1, w2, b2 = _layers(theta)
    kink_i = [row[i] * ti for row in w2]
    kink_j = [row[j] * tj for row in w2]
    shift = [Fraction(int(r == 0)) for r in range(len(w2))]
    if [b - a for a, b in zip(kink_i, kink_j)] == shift:  # would only swap the two kinks
        shift[0] = Fraction(2)
    for r, row in enumerate(w2):
        row[i] = (kink_i[r] + shift[r]) / ti
        row[j] = (kink_j[r] - shift[r]) / tj
    return _network(w1, b1, w2, b2)


def _move_group_witness(theta: Network, group: list) -> Network:
    # A line with total kink 0 contributes the affine -N (alpha.x + beta): move beta, let c compensate.
    for step in range(1, 5):
        w1, b1, w2, b2 = _layers(theta)
        for info in group:
            i, lam = info.index, abs(next(v for v in info.a if v))  # row = o lam (alpha, beta)
            b1[i] += info.orientation * lam * step
            if info.orientation < 0:
                b2 = [c + x * lam * step for c, x in zip(b2, info.v)]
        witness = _network(w1, b1, w2, b2)
        if not same_orbit(theta, witness):
            return witness
    raise InternalCheckError("is_generic: no translation of a cancelling group leaves the orbit")


def _dependent_mixed_witness(theta: Network, data, mixed_neurons: dict, relation: tuple) -> Network:
    # sum_u y_u alpha_u = 0 over the mixed lines: N_u -> N_u + y_u e_1 keeps G; c absorbs -sum y_u beta_u.
    w1, b1, w2, b2 = _layers(theta)
    for (u, (pos, neg)), y in zip(sorted(mixed_neurons.items()), relation):
        if not y:
            continue
        beta = data.lines[u].offset
        for info, sign in ((neg, 1), (pos, -1)):
            t = abs(next(v for v in info.a if v))
            w2[0][info.index] += sign * y / t
        b2[0] += y * beta
    return _network(w1, b1, w2, b2)


def _padded(rep: Network, n: int, m: int, k: int) -> Network:
    w1, b1, w2, b2 = _layers(rep)
    extra = n - len(b1)
    w1 += [[_ZERO] * m for _ in range(extra)]
    b1 += [_ZERO] * extra
    for row in w2:
        row += [_ZERO] * extra
    return _network(w1, b1, w2, b2)


# ---------------------------------------------------------------------------- the criterion
def is_generic(net: Network, *, limits: SearchLimits | None = None) -> GenericityReport:
    """Decide whether the fiber of a shallow parameter is exactly its ``H_n`` orbit.

    Parameters
    ----------
    net : Network
        Architecture ``(m, n, k)``.
    limits : SearchLimits, optional
        Bounds of the search for other minimal choices (a subset-sum search).

    Returns
    -------
    GenericityReport
        Truthy iff ``F(theta) = H_n . theta``; otherwise the mechanisms, each
        with a witness parameter of the fiber outside the orbit.  The
        structural conditions (a)-(c) are all reported; the search for other
        minimal choices runs only when they hold.

    Raises
    ------
    NotDecidedError
        When the search for other minimal choices exceeds ``limits``.

    Notes
    -----
    Conditions (a)-(c) and the independence in (d) cost ``O(n (m + k))`` plus
    one rank.  The rest of (d) looks for a choice of cost below ``|M_theta|``
    and for a second choice of cost ``|M_theta|``; for ``|M_theta| = 0`` this is
    "``G_S = 0`` has a second 0/1 solution", coNP-hard by the subset-sum
    reduction of ``docs/theory/shallow.md`` (Proposition 6).

    Examples
    --------
    ``|x| = s(x) + s(-x)``: one mixed line, and its fiber is the orbit.

    >>> bool(is_generic(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 1]], [0])])))
    True
    >>> rep = is_generic(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))  # x = s(x) - s(-x)
    >>> [(m.kind, m.neurons) for m in rep.mechanisms]
    [(<MechanismKind.CANCELLING_GROUP: 'cancelling group'>, (0, 1))]
    >>> rep = is_generic(Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[2, -1, 1]], [0])]))
    >>> [(m.kind, m.neurons) for m in rep.mechanisms]
    [(<MechanismKind.OTHER_MINIMAL_CHOICE: 'other minimal choice'>, (0, 1, 2))]
    """
    check_shallow(net, "is_generic")
    infos = neuron_infos(net)
    found = _neuron_mechanisms(net, infos)
    by_line: dict = {}
    for info in infos:
        if info.kind == NeuronKind.ON_LINE:
            by_line.setdefault(info.key, []).append(info)
    data = canonical_data(net)
    index_of = {line.key: u for u, line in enumerate(data.lines)}
    # Each listed mechanism builds and checks a witness network, O(n log n) each: at most `witnesses` of them
    # (a random 1-10^4-1 network has thousands of lines with two neurons of one orientation).
    room = resolve(limits).witnesses
    room = None if room is None else max(room - len(found), 0)
    line_found, mixed_neurons, omitted = _line_mechanisms(net, by_line, index_of, room)
    found += line_found
    if found or omitted:
        return GenericityReport(False, tuple(found), omitted)
    # (a)-(c) hold: every line is a single neuron or a mixed pair, and (d) decides.
    mechanism = _dependent_mixed_mechanism(net, data, mixed_neurons)
    if mechanism is None:
        mechanism = _choice_mechanism(net, data, infos, by_line, index_of, mixed_neurons, limits)
    return GenericityReport(mechanism is None, () if mechanism is None else (mechanism,))


def _mechanism(net: Network, kind: MechanismKind, neurons, detail: str, witness: Network) -> Mechanism:
    """A mechanism whose witness has passed :func:`_checked`."""
    return Mechanism(kind, tuple(neurons), detail, _checked(net, witness, kind))


def _neuron_mechanisms(net: Network, infos) -> list[Mechanism]:
    """Condition (a): zero neurons (``v_i = 0``) and neurons with ``a_i = 0`` (dead or constant)."""
    found = []
    zero = [i for i in infos if i.kind == NeuronKind.ZERO_OUTPUT]
    if zero:
        found.append(_mechanism(net, MechanismKind.ZERO_NEURON, [i.index for i in zero],
                                "v_i = 0: (a_i, b_i) move freely", _zero_neuron_witness(net, zero[0].index)))
    const = [i for i in infos if i.kind in (NeuronKind.DEAD, NeuronKind.CONSTANT)]
    if const:
        found.append(_mechanism(net, MechanismKind.CONSTANT_NEURON, [i.index for i in const],
                                "a_i = 0: the neuron is dead or a constant absorbed by the output bias",
                                _constant_neuron_witness(net, const[0].index)))
    return found


def _line_mechanisms(net: Network, by_line: dict, index_of: dict,
                     room: int | None = None) -> tuple[list[Mechanism], dict, int]:
    """Conditions (b) and (c) line by line: ``(mechanisms, {line: (pos, neg)}, omitted)``.

    At most ``room`` mechanisms are listed (None: all), each with its witness built and checked; the further
    ones are counted in ``omitted`` and build nothing.
    """
    found: list[Mechanism] = []
    omitted = 0
    mixed_neurons: dict = {}

    def add(kind, neurons, detail, witness) -> None:
        nonlocal omitted
        if room is not None and len(found) >= room:
            omitted += 1
        else:
            found.append(_mechanism(net, kind, neurons, detail, witness()))

    for key in sorted(by_line):
        group = by_line[key]
        kink = [sum(col) for col in zip(*(g.kink for g in group))]
        if not any(kink):
            add(MechanismKind.CANCELLING_GROUP, [g.index for g in group],
                f"{len(group)} neurons on one line with total kink 0: the line moves freely "
                "(s(z) - s(-z) = z when both orientations occur)", lambda group=group: _move_group_witness(net, group))
            continue
        for orientation in (1, -1):
            same = [g for g in group if g.orientation == orientation]
            if len(same) > 1:
                ti, tj = (abs(next(v for v in g.a if v)) for g in same[:2])
                add(MechanismKind.REPEATED_ORIENTATION, [g.index for g in same],
                    f"{len(same)} neurons of orientation {'+' if orientation > 0 else '-'} on "
                    "one line: their kinks split freely",
                    lambda same=same, ti=ti, tj=tj: _split_witness(net, same[0].index, same[1].index, ti, tj))
        if len(group) == 2 and group[0].orientation != group[1].orientation:
            pos, neg = sorted(group, key=lambda g: -g.orientation)
            mixed_neurons[index_of[key]] = (pos, neg)
    return found, mixed_neurons, omitted


def _dependent_mixed_mechanism(net: Network, data, mixed_neurons: dict) -> Mechanism | None:
    """Condition (d), first part: the normals of the mixed lines are independent, or the relation's witness."""
    mixed = tuple(sorted(mixed_neurons))
    normals = [data.lines[u].normal for u in mixed]
    if not mixed or linalg.rank(normals, net.input_dim) == len(mixed):
        return None
    relation = linalg.nullspace([list(col) for col in zip(*normals)], len(mixed))[0]
    neurons = [g.index for u, y in zip(mixed, relation) if y for g in mixed_neurons[u]]
    return _mechanism(net, MechanismKind.DEPENDENT_MIXED_LINES, sorted(neurons),
                      "the normals of the mixed lines are dependent: their pairs re-split along the relation",
                      _dependent_mixed_witness(net, data, mixed_neurons, relation))


def _choice_mechanism(net: Network, data, infos, by_line: dict, index_of: dict, mixed_neurons: dict,
                      limits: SearchLimits | None) -> Mechanism | None:
    """Condition (d), second part: a cheaper choice of lines, or another choice of the network's cost."""
    m, n, k = net.architecture
    mixed = tuple(sorted(mixed_neurons))
    own_flips = tuple(sorted(index_of[i.key] for i in infos if i.orientation < 0 and index_of[i.key] not in mixed))
    own = MinimalChoice(own_flips, mixed, 0, n)
    if mixed:
        cheaper = choice_below(data, len(mixed), limits=limits)
        if cheaper is not None:
            return _mechanism(net, MechanismKind.SMALLER_REPRESENTATION, range(n),
                              f"{cheaper.width} neurons realize the function (flipped lines {list(cheaper.flipped)}, "
                              f"mixed lines {list(cheaper.mixed)}, {cheaper.pairs} cancelling pairs); the others can "
                              "be zero", _padded(representation(data, cheaper), n, m, k))
    neuron_of = {index_of[key]: [g.index for g in group] for key, group in by_line.items()}
    for choice in choices_at_cost(data, len(mixed), limits=limits):
        if choice != own:
            lines = (set(choice.flipped) ^ set(own.flipped)) | (set(choice.mixed) ^ set(own.mixed))
            neurons = sorted(i for u in lines if u in neuron_of for i in neuron_of[u])
            return _mechanism(net, MechanismKind.OTHER_MINIMAL_CHOICE, neurons,
                              f"flipped lines {list(choice.flipped)}, mixed lines {list(choice.mixed)} and "
                              f"{choice.pairs} cancelling pairs also realize the function with {n} neurons (the "
                              f"network uses flipped lines {list(own.flipped)}, mixed lines {list(own.mixed)})",
                              representation(data, choice))
    return None
