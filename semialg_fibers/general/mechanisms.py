"""Mechanisms that enlarge the fiber at any depth, each with an exact family and an oracle-checked witness.

``docs/theory/deep.md``, Section 3.  For a hidden neuron the signs of its
pre-activation on every linear region of ``f`` (one exact interior point per
region, :func:`semialg_fibers.general.oracle.linear_regions`) say whether it is
*dead* (never positive: its output is 0 everywhere) or *always active* (never
negative: the ReLU acts as the identity on it).  With the parameters alone:
*zero outgoing weights*, *parallel pairs* (two neurons of one layer whose
incoming rows and biases are positive multiples) and *cancelling pairs*
(parallel, and their outgoing columns cancel).  Each mechanism comes with
exact directions spanning its family at ``theta`` and a witness: a parameter
of the family outside the orbit ``H . theta``, checked by the independent
region oracle (``equivalent(..., orbit_check=False)``) and by
:func:`~semialg_fibers.core.symmetries.same_orbit`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.exceptions import InternalCheckError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.progress import task
from ..core.symmetries import parameter_index, same_orbit
from .oracle import equivalent, linear_regions

__all__ = ["Mechanism", "NeuronSigns", "neuron_signs", "mechanisms"]

_ZERO = Fraction(0)
Vector = tuple[Fraction, ...]


@dataclass(frozen=True)
class NeuronSigns:
    """The signs a hidden neuron's pre-activation takes on the linear regions of ``f`` (one point per region).

    Attributes
    ----------
    positive, negative, zero : tuple of tuple of int
        ``(hidden layer, neuron)`` pairs (1-based layers, 0-based neurons) that
        are positive, negative, or 0 at the interior point of at least one region.
    regions : int
        Regions enumerated (all of them).
    """

    positive: frozenset
    negative: frozenset
    zero: frozenset
    regions: int

    def dead(self, neuron) -> bool:
        """Never positive: the neuron outputs 0 at every input (Lemma 3.1)."""
        return neuron not in self.positive

    def always_active(self, neuron) -> bool:
        """Positive somewhere and never negative: its pre-activation is >= 0 at every input (Lemma 3.1)."""
        return neuron in self.positive and neuron not in self.negative


def neuron_signs(net: Network, *, limits: SearchLimits | None = None) -> NeuronSigns:
    """The signs of every hidden pre-activation over all linear regions of ``net`` (on R^d).

    >>> net = Network.from_layers([([[0], [1]], [-1, 0]), ([[1, 1]], [1]), ([[1]], [0])])
    >>> s = neuron_signs(net)
    >>> s.dead((1, 0)), s.dead((1, 1)), s.always_active((2, 0))
    (True, False, True)
    """
    pos: set[tuple[int, int]] = set()
    neg: set[tuple[int, int]] = set()
    zero: set[tuple[int, int]] = set()
    regions = 0
    for point, _ in linear_regions(net, limits=limits):
        regions += 1
        h = list(point)
        for l, layer in enumerate(net.layers[:-1], start=1):
            z = [sum((w * v for w, v in zip(row, h) if w), b) for row, b in zip(layer.weight, layer.bias)]
            for i, v in enumerate(z):
                (pos if v > 0 else neg if v < 0 else zero).add((l, i))
            h = [v if v > 0 else _ZERO for v in z]
    return NeuronSigns(frozenset(pos), frozenset(neg), frozenset(zero), regions)


@dataclass(frozen=True)
class Mechanism:
    """One mechanism enlarging the fiber of ``theta``, with its exact family and a checked witness.

    Attributes
    ----------
    kind : str
        ``"dead neuron"``, ``"zero outgoing weights"``, ``"always active"``,
        ``"parallel pair"`` or ``"cancelling pair"``.
    neurons : tuple of (int, int)
        ``(hidden layer, neuron)`` pairs, 1-based layers and 0-based neurons.
    detail : str
        The family in words (its exact parametrization).
    directions : tuple of tuple of Fraction
        Exact vectors (flat parameter order) spanning the family's directions at ``theta``.
    witness : Network
        A member of the family outside ``H . theta``, equivalent to ``theta``
        by the region oracle (checked when the mechanism is built).
    """

    kind: str
    neurons: tuple
    detail: str
    directions: tuple[Vector, ...]
    witness: Network

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        import json

        from ..core.exact import format_rational

        return {"kind": self.kind, "neurons": [list(n) for n in self.neurons], "detail": self.detail,
                "directions": [[format_rational(v) for v in d] for d in self.directions],
                "witness": json.loads(self.witness.to_json())}


def _unit(n: int, index: int, value=Fraction(1)) -> Vector:
    vec = [_ZERO] * n
    vec[index] = Fraction(value)
    return tuple(vec)


def _moved(net: Network, changes: dict[int, Fraction]) -> Network:
    flat = list(net.parameters())
    for i, v in changes.items():
        flat[i] += v
    return Network.from_parameters(net.architecture, flat)


def _checked(net: Network, candidates: Sequence[dict[int, Fraction]], limits: SearchLimits) -> Network | None:
    """The first candidate move that the oracle proves equivalent and that leaves the orbit; None if none does."""
    for changes in candidates:
        other = _moved(net, changes)
        if other == net or same_orbit(net, other, limits=limits):
            continue
        if not equivalent(net, other, orbit_check=False, limits=limits):
            raise InternalCheckError(f"a mechanism's witness is not equivalent to theta (moves {changes})")
        return other
    return None


def mechanisms(net: Network, *, limits: SearchLimits | None = None, signs: NeuronSigns | None = None
               ) -> tuple[Mechanism, ...]:
    """Every listed mechanism present at ``net`` (on R^d), each with its family's directions and a checked witness.

    A mechanism whose every member in the tried moves stays in the orbit is
    not reported (it then adds nothing beyond ``H``).

    >>> net = Network.from_layers([([[0], [1]], [-1, 0]), ([[3, 1]], [0])])   # neuron 0 is dead
    >>> [(m.kind, m.neurons) for m in mechanisms(net)]
    [('dead neuron', ((1, 0),))]
    """
    limits = resolve(limits)
    if signs is None:
        signs = neuron_signs(net, limits=limits)
    found: list[Mechanism] = []
    # a step per neuron and per pair of one layer (each may run the oracle: 820 steps on 40 identical neurons)
    bar = task("mechanisms", total=sum(w + w * (w - 1) // 2 for w in net.hidden_widths), unit="candidates")
    try:
        _scan(net, signs, limits, found, bar)
    finally:
        bar.close()
    return tuple(found)


def _scan(net: Network, signs: NeuronSigns, limits: SearchLimits, found: list, bar) -> None:
    """The loop of :func:`mechanisms`: append every mechanism found to ``found``, advancing ``bar``."""
    arch = net.architecture
    n = net.num_parameters
    for l in range(1, net.depth):
        layer, nxt = net.layers[l - 1], net.layers[l]
        n_in, width, n_next = arch[l - 1], arch[l], arch[l + 1]
        outgoing = [[parameter_index(arch, l + 1, o, i) for o in range(n_next)] for i in range(width)]
        incoming = [[parameter_index(arch, l, i, j) for j in range(n_in)] + [parameter_index(arch, l, i)]
                    for i in range(width)]
        for i in range(width):
            bar.advance()
            neuron = (l, i)
            column = [nxt.weight[o][i] for o in range(n_next)]
            if signs.dead(neuron):
                cands = [{outgoing[i][0]: Fraction(1)}, {outgoing[i][0]: Fraction(-1)},
                         {k: Fraction(1) for k in outgoing[i]}]
                if any(column):
                    cands.append({k: -2 * v for k, v in zip(outgoing[i], column)})
                witness = _checked(net, cands, limits)
                if witness is not None:
                    found.append(Mechanism("dead neuron", (neuron,),
                                           f"neuron {i + 1} of hidden layer {l} is never active: its outgoing weights "
                                           f"are free ({n_next} parameters)",
                                           tuple(_unit(n, k) for k in outgoing[i]), witness))
            if not any(column):
                cands = [{incoming[i][-1]: Fraction(1)}, {incoming[i][-1]: Fraction(-1)},
                         {incoming[i][0]: Fraction(1)}]
                witness = _checked(net, cands, limits)
                if witness is not None:
                    found.append(Mechanism("zero outgoing weights", (neuron,),
                                           f"neuron {i + 1} of hidden layer {l} has zero outgoing weights: its incoming "
                                           f"weights and bias are free ({n_in + 1} parameters)",
                                           tuple(_unit(n, k) for k in incoming[i]), witness))
            if signs.always_active(neuron) and any(column):
                bias = incoming[i][-1]
                shift = {bias: Fraction(1)}
                for o in range(n_next):
                    if column[o]:
                        shift[parameter_index(arch, l + 1, o)] = -column[o]
                direction = [_ZERO] * n
                for k, v in shift.items():
                    direction[k] = v
                witness = _checked(net, [shift], limits)
                if witness is not None:
                    found.append(Mechanism("always active", (neuron,),
                                           f"neuron {i + 1} of hidden layer {l} is active at every input: "
                                           f"b_{l}[{i + 1}] + c and b_{l + 1} - c W_{l + 1}[:, {i + 1}] for every c >= 0",
                                           (tuple(direction),), witness))
        # pairs of one layer with positively proportional incoming rows
        rows = [tuple(layer.weight[i]) + (layer.bias[i],) for i in range(width)]
        for i in range(width):
            if not any(rows[i]):
                bar.advance(width - i - 1)
                continue
            lead = next(k for k, v in enumerate(rows[i]) if v)
            for j in range(i + 1, width):
                bar.advance()
                c = rows[j][lead] / rows[i][lead]
                if c <= 0 or any(rows[j][k] != c * rows[i][k] for k in range(n_in + 1)):
                    continue
                col_i = [nxt.weight[o][i] for o in range(n_next)]
                col_j = [nxt.weight[o][j] for o in range(n_next)]
                # a_i s(z) + a_j s(c z) = (a_i + c a_j) s(z): trade t between the two columns
                trade = {}
                for o in range(n_next):
                    trade[outgoing[i][o]] = Fraction(1) if o == 0 else _ZERO
                    trade[outgoing[j][o]] = Fraction(-1) / c if o == 0 else _ZERO
                trade = {k: v for k, v in trade.items() if v}
                directions = []
                for o in range(n_next):
                    vec = [_ZERO] * n
                    vec[outgoing[i][o]] = Fraction(1)
                    vec[outgoing[j][o]] = Fraction(-1) / c
                    directions.append(tuple(vec))
                cancelling = all(col_i[o] + c * col_j[o] == 0 for o in range(n_next))
                if cancelling:
                    # both incoming rows free, kept proportional: (v, c v)
                    cand = {incoming[i][-1]: Fraction(1), incoming[j][-1]: c}
                    for k in range(n_in + 1):
                        vec = [_ZERO] * n
                        vec[incoming[i][k]] = Fraction(1)
                        vec[incoming[j][k]] = c
                        directions.append(tuple(vec))
                    witness = _checked(net, [cand, trade], limits)
                    kind = "cancelling pair"
                    detail = (f"neurons {i + 1} and {j + 1} of hidden layer {l} have proportional incoming rows "
                              f"(factor {c}) and cancelling outgoing columns: their common incoming row is free, "
                              f"and so is the split of their outgoing weights")
                else:
                    witness = _checked(net, [trade], limits)
                    kind = "parallel pair"
                    detail = (f"neurons {i + 1} and {j + 1} of hidden layer {l} have proportional incoming rows "
                              f"(factor {c}): only a_{i + 1} + {c} a_{j + 1} matters, the split is free")
                if witness is not None:
                    found.append(Mechanism(kind, ((l, i), (l, j)), detail, tuple(directions), witness))
