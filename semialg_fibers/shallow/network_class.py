"""Shallow networks on R^m as a network class: the one object :mod:`semialg_fibers.api` consults for them."""

from __future__ import annotations

from ..core.domain import Polyhedron
from ..core.network import Network
from ..core.network_class import NetworkClass

__all__ = ["ShallowClass", "SHALLOW"]


class ShallowClass(NetworkClass):
    """One hidden layer, inputs in all of R^m: canonical data, fibers, identifiability, canonical form (proven)."""

    name = "shallow"
    key = "shallow"
    description = "shallow networks (one hidden layer) on R^m"
    states_completeness = False  # every fiber of the class is complete, by one theorem
    symmetries_note = ("The permutations and positive scalings of hidden neurons (present at every network); the "
                       "hidden symmetries are the components of the fiber above other than the orbit.")

    def applies(self, net: Network, domain: Polyhedron) -> bool:
        return net.depth == 2 and domain.is_whole_space

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

    def is_identifiable(self, net, domain, *, limits=None, allow_conjecture=False):
        from .identifiability import is_identifiable

        return is_identifiable(net, limits=limits)

    def continuous_symmetries(self, net, domain, *, limits=None):
        from .continuous import continuous_symmetries

        return continuous_symmetries(net, limits=limits), ()

    def canonical_form(self, net, domain, *, limits=None):
        from .minimal import canonical_form

        return canonical_form(net, limits=limits)

    def minimal_width(self, net, domain, *, limits=None):
        from .minimal import minimal_width

        return minimal_width(net, limits=limits)


#: The shallow class on R^m.
SHALLOW = ShallowClass()
