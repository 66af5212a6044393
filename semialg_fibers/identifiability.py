"""Is the fiber of a parameter exactly its orbit under permutations and positive scalings?

:func:`is_identifiable` dispatches on the depth: one hidden layer to
:func:`semialg_fibers.shallow.is_generic` (``docs/theory/shallow.md``), two
hidden layers to :func:`semialg_fibers.three_layer.is_identifiable`
(``docs/theory/three_layer.md``).  Both return an
:class:`IdentifiabilityResult`: truthy iff ``F(theta) = H . theta``, with the
reasons, a witness outside the orbit when there is one, and whether the
verdict is proven or rests on a stated conjecture.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .exceptions import NotDecidedError
from .limits import SearchLimits
from .network import Network

__all__ = ["Reason", "IdentifiabilityResult", "is_identifiable"]


@dataclass(frozen=True)
class Reason:
    """One reason behind an identifiability verdict.

    Attributes
    ----------
    kind : str
        The mechanism (``"dead row"``, ``"hidden column"``, ...) or ``"generic"``.
    detail : str
        In words, with 1-based indices.
    neurons : tuple of (int, int)
        ``(hidden layer, neuron)`` pairs involved (1-based layers, 0-based neurons).
    """

    kind: str
    detail: str
    neurons: tuple = ()

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"kind": self.kind, "detail": self.detail, "neurons": [list(n) for n in self.neurons]}


@dataclass(frozen=True)
class IdentifiabilityResult:
    """The answer to "is ``F(theta)`` the orbit ``H . theta``?"; truthy iff identifiable.

    Attributes
    ----------
    identifiable : bool
    proven : bool
        True when the verdict is a theorem for this parameter; False when it
        rests on the conjecture named in ``basis``.
    reasons : tuple of Reason
        The mechanisms that enlarge the fiber (non-identifiable), or the facts
        the identifiable verdict uses.
    basis : str
        What the verdict rests on (theorem or conjecture, with the page).
    method : str
        ``"shallow"`` or ``"three-layer"``.
    witness : Network or None
        A parameter realizing the same function outside ``H . theta``
        (checked with :func:`~semialg_fibers.symmetries.same_orbit` and exact
        evaluation), when one was constructed.
    symmetries : tuple of Symmetry
        The symmetries beyond ``H`` present at ``theta`` (three-layer networks).
    details : dict
        Extra structured data (row types, hidden hyperplanes, predicates) for reports.
    """

    identifiable: bool
    proven: bool
    reasons: tuple[Reason, ...]
    basis: str
    method: str
    witness: Network | None = None
    symmetries: tuple = ()
    details: dict = field(default_factory=dict, compare=False)

    def __bool__(self) -> bool:
        return self.identifiable

    def describe(self) -> str:
        """The verdict, the reasons and the basis, in plain text."""
        verdict = "identifiable" if self.identifiable else "not identifiable"
        status = "proven" if self.proven else "conjecture"
        lines = [f"{verdict} ({self.method}; {status})"]
        lines += [f"  - {r.kind}: {r.detail}" for r in self.reasons]
        lines.append(f"  basis: {self.basis}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"identifiable": self.identifiable, "proven": self.proven, "method": self.method, "basis": self.basis,
                "reasons": [r.to_dict() for r in self.reasons],
                "witness": None if self.witness is None else json.loads(self.witness.to_json()),
                "symmetries": [s.to_dict() for s in self.symmetries]}


def is_identifiable(net: Network, limits: SearchLimits | None = None,
                    allow_conjecture: bool = False) -> IdentifiabilityResult:
    """Decide whether the fiber of ``net`` is exactly its orbit under permutations and positive scalings.

    Parameters
    ----------
    net : Network
        One or two hidden layers.
    limits : SearchLimits, optional
        Bounds the exact searches (three-layer networks).
    allow_conjecture : bool
        Three-layer networks: also return a verdict that rests on a stated
        conjecture (``proven = False``) instead of raising.

    Returns
    -------
    IdentifiabilityResult

    Raises
    ------
    NotDecidedError
        Deeper networks, or a three-layer parameter outside the proven scope
        (the message names the failing genericity predicate, or the
        conjecture the verdict would rest on).

    Examples
    --------
    >>> bool(is_identifiable(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])))
    True
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> result = is_identifiable(net)
    >>> bool(result), result.proven, [r.kind for r in result.reasons]
    (False, True, ['hidden column'])
    """
    if not isinstance(net, Network):
        raise TypeError(f"is_identifiable needs a semialg_fibers.Network, got {type(net).__name__}")
    if net.depth == 2:
        from .shallow import is_generic

        report = is_generic(net, limits)
        reasons = tuple(Reason(str(m.kind), f"neurons {[i + 1 for i in m.neurons]}: {m.detail}",
                               tuple((1, i) for i in m.neurons)) for m in report.mechanisms)
        witness = report.mechanisms[0].witness if report.mechanisms else None
        return IdentifiabilityResult(bool(report), True, reasons,
                                     "docs/theory/shallow.md, Theorem 8: the fiber of a shallow parameter is its H "
                                     "orbit iff no mechanism applies (proven)", "shallow", witness)
    if net.depth == 3:
        from .three_layer.identifiability import is_identifiable as three_layer_identifiable

        return three_layer_identifiable(net, limits, allow_conjecture)
    raise NotDecidedError(f"is_identifiable decides networks with one or two hidden layers; got architecture "
                          f"{net.architecture} with {net.depth - 1} hidden layers")
