"""Is the fiber of a shallow parameter exactly its ``H_n`` orbit?  If not, why not.

``F(theta) = H_n . theta`` iff every neuron has ``v_i != 0`` and ``a_i != 0``,
no two neurons share a line, and ``S_theta`` (the lines of the negatively
oriented neurons) is the only orientation set with ``G_S = 0``
(``docs/theory/shallow.md``, Proposition 8).  Each failure is reported as a
:class:`Mechanism` naming the neurons involved.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..network import Network
from ..limits import SearchLimits
from ..onelayer.orientations import rank_one_solutions
from .canonical import NeuronKind, canonical_data, neuron_infos

ZERO_OUTPUT, DEAD, CONSTANT, ON_LINE = NeuronKind.ZERO_OUTPUT, NeuronKind.DEAD, NeuronKind.CONSTANT, NeuronKind.ON_LINE

__all__ = ["Mechanism", "GenericityReport", "is_generic"]

#: Mechanism kinds, in report order.
KINDS = ("zero neuron", "constant neuron", "repeated line", "cancelling pair", "several orientation choices")


@dataclass(frozen=True)
class Mechanism:
    """One reason why the fiber is larger than the ``H_n`` orbit.

    Attributes
    ----------
    kind : str
        One of ``"zero neuron"``, ``"constant neuron"``, ``"repeated line"``,
        ``"cancelling pair"``, ``"several orientation choices"``.
    neurons : tuple of int
        The neurons involved (0-based).
    detail : str
    """

    kind: str
    neurons: tuple[int, ...]
    detail: str


@dataclass(frozen=True)
class GenericityReport:
    """Truthy iff ``F(theta) = H_n . theta``; otherwise ``mechanisms`` says why."""

    generic: bool
    mechanisms: tuple[Mechanism, ...] = ()

    def __bool__(self) -> bool:
        return self.generic


def is_generic(net: Network, limits: SearchLimits | None = None) -> GenericityReport:
    """Decide whether the fiber of a shallow parameter is exactly its ``H_n`` orbit.

    Parameters
    ----------
    net : Network
    budget : int or None
        Search budget for alternative orientation sets (a subset-sum search).

    Returns
    -------
    GenericityReport

    Raises
    ------
    NotDecidedError
        When the orientation search exceeds the budget.

    Examples
    --------
    >>> bool(is_generic(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])))
    True
    >>> rep = is_generic(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    >>> [(m.kind, m.neurons) for m in rep.mechanisms]
    [('cancelling pair', (0, 1))]
    """
    infos = neuron_infos(net)
    found = []
    zero = tuple(i.index for i in infos if i.kind == ZERO_OUTPUT)
    if zero:
        found.append(Mechanism("zero neuron", zero, "v_i = 0: (a_i, b_i) move freely"))
    const = tuple(i.index for i in infos if i.kind in (DEAD, CONSTANT))
    if const:
        found.append(Mechanism("constant neuron", const, "a_i = 0: the neuron is dead or a constant absorbed by c"))
    by_line: dict = {}
    for info in infos:
        if info.kind == ON_LINE:
            by_line.setdefault(info.key, []).append(info)
    for key in sorted(by_line):
        group = by_line[key]
        if len(group) < 2:
            continue
        kink = [sum(col) for col in zip(*(g.kink for g in group))]
        orientations = {g.orientation for g in group}
        neurons = tuple(g.index for g in group)
        if not any(kink) and len(orientations) == 2:
            found.append(Mechanism("cancelling pair", neurons,
                                   "neurons of opposite orientations on one line with total kink 0: s(z) - s(-z) = z"))
        else:
            found.append(Mechanism("repeated line", neurons, f"{len(group)} neurons on one line"
                                   + (" with total kink 0" if not any(kink) else "")))
    if not found:
        # One neuron per visible line: other orientation sets S with G_S = 0 give other orbits.
        data = canonical_data(net)
        target = [[-v for v in row] for row in data.linear]
        solutions = list(rank_one_solutions([u.kink for u in data.lines], [u.normal for u in data.lines], target,
                                            limits, what="is_generic: orientation choices"))
        if len(solutions) > 1:
            own = {by_line[u.key][0].index: u_index for u_index, u in enumerate(data.lines)}
            mine = tuple(int(by_line[u.key][0].orientation < 0) for u in data.lines)
            other = next(s for s in solutions if s != mine)
            lines = [u for u in range(data.num_lines) if other[u] != mine[u]]
            neurons = tuple(sorted(i for i, u in own.items() if u in lines))
            found.append(Mechanism("several orientation choices", neurons,
                                   f"{len(solutions)} orientation sets give G_S = 0; flipping neurons {list(neurons)} "
                                   "keeps the function (their terms kappa_u alpha_u^T cancel)"))
    return GenericityReport(not found, tuple(found))
