"""Identifiability of shallow networks: the fiber is the orbit ``H . theta`` iff no mechanism of :mod:`.genericity` applies."""

from __future__ import annotations

from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.results import IdentifiabilityResult, Reason
from .genericity import is_generic

__all__ = ["is_identifiable"]

_BASIS = ("docs/theory/shallow.md, Theorem 8: the fiber of a shallow parameter is its H orbit iff no mechanism "
          "applies (proven)")


def is_identifiable(net: Network, *, limits: SearchLimits | None = None) -> IdentifiabilityResult:
    """Decide whether the fiber of a shallow ``net`` is its orbit under permutations and positive scalings (proven).

    The mechanisms of :func:`.genericity.is_generic` become the reasons; the
    first mechanism's witness (a parameter of the fiber outside the orbit) is
    the witness.

    Examples
    --------
    >>> bool(is_identifiable(Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])))
    True
    >>> result = is_identifiable(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]))
    >>> bool(result), result.proven, result.witness is not None
    (False, True, True)
    """
    report = is_generic(net, limits=limits)
    reasons = tuple(Reason(str(m.kind), f"neurons {[i + 1 for i in m.neurons]}: {m.detail}",
                           tuple((1, i) for i in m.neurons)) for m in report.mechanisms)
    if report.omitted:
        reasons += (Reason("further mechanisms", f"{report.omitted} more lines with a mechanism, not listed (the limit "
                           f"witnesses = {resolve(limits).witnesses})", ()),)
    witness = report.mechanisms[0].witness if report.mechanisms else None
    return IdentifiabilityResult(bool(report), True, reasons, _BASIS, "shallow", witness)
