"""Shallow networks on the closed nonnegative orthant as a network class (consulted by :mod:`semialg_fibers.api`)."""

from __future__ import annotations

from ..core.domain import Polyhedron
from ..core.network import Network
from ..core.network_class import NetworkClass

__all__ = ["OrthantClass", "ORTHANT"]


class OrthantClass(NetworkClass):
    """One hidden layer, inputs in the closed nonnegative orthant: canonical data, equivalence, fibers (proven)."""

    name = "orthant"
    key = "orthant"
    description = "shallow networks (one hidden layer) on the nonnegative orthant"
    states_completeness = False  # every fiber of the class is complete, by one theorem
    symmetries_note = ("The permutations and positive scalings of hidden neurons (present at every network); the "
                       "hidden symmetries are the components of the fiber above other than the orbit.")

    def applies(self, net: Network, domain: Polyhedron) -> bool:
        return net.depth == 2 and domain.is_orthant

    def refuse(self, operation, net, domain, *, available=()):
        from ..core.exceptions import NoAlgorithmError

        if operation == "is_identifiable":  # not an algorithm of its own: the answer is read off the fiber
            return NoAlgorithmError("identifiability on the nonnegative orthant is read off the fiber: the parameter "
                                    "is identifiable when the fiber is the single orbit of permutations and positive "
                                    "scalings")
        return super().refuse(operation, net, domain, available=available)

    def fiber(self, net, domain, *, limit=None, progress=False, certify=True, limits=None, allow_conjecture=False,
              allow_partial=False):
        from .fiber import fiber

        return fiber(net, limit=limit, progress=progress, certify=certify, limits=limits)

    def fiber_dimension(self, net, domain, *, limits=None, allow_conjecture=False, allow_partial=False):
        from .dimension import fiber_dimension

        return fiber_dimension(net, limits=limits)

    def equivalent(self, a, b, domain, *, limits=None, progress=None):
        from .equivalence import equivalent

        return equivalent(a, b)

    def continuous_symmetries(self, net, domain, *, limits=None):
        from .continuous import continuous_symmetries

        return continuous_symmetries(net, limits=limits), ()


#: The shallow class on the orthant.
ORTHANT = OrthantClass()
