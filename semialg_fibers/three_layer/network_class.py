"""Three-layer networks on R^d as a network class (consulted by :mod:`semialg_fibers.api`)."""

from __future__ import annotations

from ..core.domain import Polyhedron
from ..core.network import Network
from ..core.network_class import NetworkClass

__all__ = ["ThreeLayerClass", "THREE_LAYER"]


class ThreeLayerClass(NetworkClass):
    """Two hidden layers, inputs in all of R^d: row types, every symmetry, identifiability, fibers, equivalence."""

    name = "three-layer"
    key = "three_layer"
    description = "three-layer networks (two hidden layers) on R^d"
    symmetries_note = "Every symmetry present at this network, with its parameters and generators:"

    def applies(self, net: Network, domain: Polyhedron) -> bool:
        return net.depth == 3 and domain.is_whole_space

    def applies_to_pair(self, a: Network, b: Network, domain: Polyhedron) -> bool:
        # the polynomial test aligns the two parameters layer by layer: one architecture
        return self.applies(a, domain) and self.applies(b, domain) and a.architecture == b.architecture

    def fiber(self, net, domain, *, limit=None, progress=False, certify=True, limits=None, allow_conjecture=False,
              allow_partial=False):
        from .fiber import fiber

        return fiber(net, limit=limit, progress=progress, certify=certify, limits=limits,
                     allow_conjecture=allow_conjecture, allow_partial=allow_partial)

    def fiber_dimension(self, net, domain, *, limits=None, allow_conjecture=False, allow_partial=False):
        from ..core.exceptions import NotDecidedError
        from .dimension import fiber_dimension, partial_dimension

        try:
            # as for the fiber, allow_partial accepts the listed components under Conjecture 10.6 (a lower bound)
            return fiber_dimension(net, limits=limits, allow_conjecture=allow_conjecture or allow_partial)
        except NotDecidedError as exc:
            if not allow_partial or type(exc) is not NotDecidedError:
                raise
            # the known families bound the dimension from below, as fiber(allow_partial=True) lists them
            return partial_dimension(net, str(exc), limits=limits)

    def equivalent(self, a, b, domain, *, limits=None, progress=None):
        from .equivalence import equivalent

        return equivalent(a, b, limits=limits)

    def is_identifiable(self, net, domain, *, limits=None, allow_conjecture=False):
        from .identifiability import is_identifiable

        return is_identifiable(net, limits=limits, allow_conjecture=allow_conjecture)

    def canonical_form(self, net, domain, *, limits=None):
        from .canonical import canonical_form

        return canonical_form(net, limits=limits)

    def symmetries(self, net, domain, *, limits=None):
        from .symmetries import symmetries

        return tuple(symmetries(net, limits=limits))

    def continuous_symmetries(self, net, domain, *, limits=None):
        from ..core.limits import resolve
        from ..core.symmetries import SymmetryKind, h_symmetries

        limits = resolve(limits)
        limits.check_generators(sum(net.hidden_widths), net.num_parameters, "the scalings of H")
        found = tuple(s for s in self.symmetries(net, domain, limits=limits) if s.continuous)
        if not any(s.kind == SymmetryKind.SCALING for s in found):
            found = tuple(s for s in h_symmetries(net) if s.continuous) + found
        limits.check_generators(sum(len(s.generators) for s in found), net.num_parameters, "continuous symmetries")
        return found, ()

    def structure(self, net, domain):
        from .structure import structure

        return structure(net)


#: The three-layer class on R^d.
THREE_LAYER = ThreeLayerClass()
