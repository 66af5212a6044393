"""The canonical form of an identifiable three-layer network: the normal form of its orbit.

When the fiber of ``theta`` is its orbit ``H . theta`` (proven by
:func:`~semialg_fibers.three_layer.identifiability.is_identifiable`), every
network of the architecture computing the same function is ``h . theta`` for
some permutation and positive scaling ``h``, so a normal form of the orbit is a
canonical form of the function within the architecture.
"""

from __future__ import annotations

from ..core.exceptions import NoAlgorithmError
from ..core.limits import SearchLimits
from ..core.network import Network
from ..core.symmetries import normal_form

__all__ = ["canonical_form"]


def canonical_form(net: Network, *, limits: SearchLimits | None = None) -> Network:
    """The canonical representative, in its architecture, of the function of an identifiable three-layer network.

    Each hidden layer in turn, every neuron is scaled so that the first nonzero
    entry of its incoming row and bias is ``+-1``, and the neurons are sorted
    (:func:`~semialg_fibers.core.symmetries.normal_form`).  Two networks of the
    architecture get the same form exactly when they compute the same function:
    both lie in one orbit (identifiability), and the normal form is constant on
    an orbit whose first layer has no two neurons with proportional rows, which
    an identifiable network never has (two such neurons are a parallel pair,
    ``docs/theory/deep.md``, Section 3, whose family leaves the orbit).

    Raises
    ------
    NoAlgorithmError
        The network is proven not identifiable (its fiber is larger than its orbit).
    NotDecidedError
        Identifiability is not decided (outside the proven scope; the reason is given).

    Examples
    --------
    >>> from semialg_fibers.core.symmetries import act
    >>> a = Network.from_layers([([[1, -2], [2, 1]], [1, "-1/3"]), ([[1, -3], [2, 1]], ["1/2", -1]), ([[1, -2]], ["1/4"])])
    >>> b = act(act(a, 1, [1, 0], [2, "1/3"]), 2, [1, 0], [5, "3/7"])   # both hidden layers permuted and scaled
    >>> b == a, canonical_form(b) == canonical_form(a)
    (False, True)
    """
    from .identifiability import is_identifiable

    verdict = is_identifiable(net, limits=limits)
    if not verdict.identifiable:
        raise NoAlgorithmError(f"the canonical form of a three-layer network that is not identifiable is not "
                               f"implemented (its fiber is larger than its orbit: {verdict.describe()})")
    return normal_form(net)
