"""Networks of any depth on any polyhedral domain: the class consulted when no other applies.

It decides equivalence with the general oracle (:mod:`.oracle`), reports the
symmetries of ``H``, present at every network, and answers ``is_identifiable``
with the any-depth certificates (:mod:`.certificates`, ``docs/theory/deep.md``):
"not identifiable" with an oracle-checked witness when a mechanism applies,
otherwise a refusal that says what is proven (local identifiability, or the
bounds of the local fiber dimension).  The fiber and its dimension are not
decided for a general network: on request (``allow_partial``) the known
components and a proven lower bound of the dimension, with ``status = PARTIAL``
(:mod:`.partial`); otherwise a refusal, at once, that says how to get them.
"""

from __future__ import annotations

from ..core.domain import Polyhedron
from ..core.exceptions import NoAlgorithmError, NotDecidedError
from ..core.network import Network
from ..core.network_class import NetworkClass, implemented_for, implementing

__all__ = ["GeneralClass", "GENERAL"]

class GeneralClass(NetworkClass):
    """Any depth, any polyhedral domain: exact equivalence by the region oracle, the symmetries of ``H``."""

    name = "oracle"
    key = "general"
    description = "networks of any depth on any polyhedral domain"

    def applies(self, net: Network, domain: Polyhedron) -> bool:
        return True

    def refuse(self, operation: str, net: Network, domain: Polyhedron, *,
               available: tuple[str, ...] = ()) -> NoAlgorithmError:
        if not domain.is_whole_space and not domain.is_orthant:
            return NoAlgorithmError(f"{operation} on a general polyhedral domain is not implemented "
                                    f"(domain={domain!r}); only R^d and 'orthant'")
        # this class is the fallback: name the network and domain, not the class, and the classes that do decide it
        where = "R^d" if domain.is_whole_space else "the nonnegative orthant"
        hint = (" (at any depth, local_fiber_dimension gives exact bounds of the fiber's dimension near the "
                "parameter: semialg-fibers fd)" if operation in ("fiber", "fiber_dimension") and domain.is_whole_space else "")
        return NoAlgorithmError(f"{operation} has no algorithm for architecture {net.architecture} on {where}"
                                f"{implemented_for(available)}{hint}")

    def fiber(self, net, domain, *, limit=None, progress=False, certify=True, limits=None, allow_conjecture=False,
              allow_partial=False):
        if not domain.is_whole_space:
            raise self.refuse("fiber", net, domain, available=implementing("fiber", besides=self))
        if not allow_partial:
            # the components known here are not proven to be all: listed on request only
            others = implemented_for(implementing("fiber", besides=self))
            raise NoAlgorithmError(f"fiber has no complete algorithm for architecture {net.architecture} on R^d"
                                   f"{others}; allow_partial=True (command line: --partial) lists the known "
                                   "components (the orbit and the mechanism families, status 'partial')")
        from .partial import partial_fiber

        return partial_fiber(net, limit=limit, progress=progress, certify=certify, limits=limits)

    def fiber_dimension(self, net, domain, *, limits=None, allow_conjecture=False, allow_partial=False):
        if not domain.is_whole_space:
            raise self.refuse("fiber_dimension", net, domain, available=implementing("fiber_dimension", besides=self))
        from .partial import partial_fiber_dimension, refusal

        if not allow_partial:
            head = (f"fiber_dimension is not decided for architecture {net.architecture} on R^d"
                    f"{implemented_for(implementing('fiber_dimension', besides=self))}")
            raise NotDecidedError(refusal("fiber_dimension", net, limits=limits, context=head))
        return partial_fiber_dimension(net, limits=limits)

    def is_identifiable(self, net, domain, *, limits=None, allow_conjecture=False):
        if not domain.is_whole_space:
            raise NoAlgorithmError(f"is_identifiable of a network with {net.depth - 1} hidden layers is implemented "
                                   f"on R^d only; got architecture {net.architecture} on {domain!r}")
        from .certificates import general_identifiability

        return general_identifiability(net, limits=limits)

    def equivalent(self, a, b, domain, *, limits=None, progress=None):
        from .oracle import equivalent

        region = None if domain.is_whole_space else domain
        return equivalent(a, b, domain=region, progress=progress, orbit_check=False, limits=limits)

    def continuous_symmetries(self, net, domain, *, limits=None):
        if domain.is_orthant:
            raise NoAlgorithmError(f"the symmetries on the orthant are known for one hidden layer; got architecture "
                                   f"{net.architecture}")
        if not domain.is_whole_space:
            raise self.refuse("the continuous symmetries", net, domain)
        from ..core.limits import resolve

        resolve(limits).check_generators(sum(net.hidden_widths), net.num_parameters, "the scalings of H")
        scalings, _ = super().continuous_symmetries(net, domain, limits=limits)
        return scalings, (f"depth {net.depth}: only the scalings of H are reported as symmetries",)


#: The class of every network; consulted last.
GENERAL = GeneralClass()
