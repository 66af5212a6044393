"""The protocol every network class implements once: which networks it decides, and its algorithms.

A *network class* (shallow networks on R^m, shallow networks on the orthant,
three-layer networks on R^d, and the general class of every depth and domain)
is one object implementing :class:`NetworkClass`.  :mod:`semialg_fibers.api`
holds the ordered table of the classes and asks each in turn whether it
:meth:`~NetworkClass.applies`; the first that does answers.  Nothing else in the
library tests the depth of a network to choose an algorithm.

A class overrides the operations it decides; the others raise
:class:`~semialg_fibers.core.exceptions.NoAlgorithmError` naming the class, the
operation and the network's architecture.  Adding a class is one package that
defines its object and one line in ``api.CLASSES`` (see ``CONTRIBUTING.md``), which records the table
here (:func:`register`) so that a refusal can name the classes that do decide an operation.

The domain reaches every method as a :class:`~semialg_fibers.core.domain.Polyhedron`
(``domain.is_whole_space`` for R^d, ``domain.is_orthant`` for the closed
nonnegative orthant, whichever way the user wrote it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from .components import Fiber
from .domain import Polyhedron
from .exceptions import NoAlgorithmError
from .limits import SearchLimits
from .network import Network
from .results import EquivalenceResult, FiberDimension, IdentifiabilityResult
from .symmetries import Symmetry, h_symmetries

__all__ = ["NetworkClass", "implemented_for", "register", "implementing"]


def implemented_for(available: tuple[str, ...]) -> str:
    """The clause of a refusal naming the classes that implement the operation ("" when none does).

    >>> implemented_for(("shallow networks", "three-layer networks", "deep ones"))
    '; it is implemented for shallow networks, three-layer networks and deep ones'
    """
    if not available:
        return ""
    listed = available[0] if len(available) == 1 else f"{', '.join(available[:-1])} and {available[-1]}"
    return f"; it is implemented for {listed}"


#: The classes in the order :mod:`semialg_fibers.api` consults them (set there, once, by :func:`register`).
_REGISTERED: list = []


def register(classes) -> tuple:
    """Record the ordered table of network classes (``api.CLASSES``) and return it as a tuple."""
    _REGISTERED[:] = classes
    return tuple(classes)


def implementing(operation: str, *, besides=None) -> tuple[str, ...]:
    """The descriptions of the registered classes, other than ``besides``, that implement ``operation``.

    Read by refusals, so that a class can name the others without importing the table above it.
    """
    return tuple(c.description for c in _REGISTERED if c is not besides and c.implements(operation))


class NetworkClass(ABC):
    """One class of networks and the algorithms that decide its questions.

    Subclasses set :attr:`name` and :attr:`description` and override
    :meth:`applies` and the operations they decide.  Every operation takes the
    network(s), the domain as a :class:`~semialg_fibers.core.domain.Polyhedron`
    and keyword-only options; the default refuses with
    :class:`~semialg_fibers.core.exceptions.NoAlgorithmError`.

    Attributes
    ----------
    name : str
        Short name, also the ``method`` of the equivalence verdicts it returns.
    key : str
        Identifier of the class in JSON output (``semialg-fibers info --json``).
    description : str
        The networks and domain of the class, in words (used in refusals).
    states_completeness : bool
        Whether reports state the basis of a fiber's completeness (:attr:`Fiber.completeness_note
        <semialg_fibers.core.components.Fiber.completeness_note>`).  False for a class whose
        fibers are complete for every parameter by one theorem: the basis stays in
        :attr:`Fiber.basis <semialg_fibers.core.components.Fiber.basis>` and in the JSON.
    symmetries_note : str
        What the report says of the symmetries this class lists.
    """

    name: str = ""
    key: str = ""
    description: str = ""
    states_completeness: bool = True
    symmetries_note: str = "The permutations and positive scalings of hidden neurons (present at every network)."

    # ------------------------------------------------------------------ which networks
    @abstractmethod
    def applies(self, net: Network, domain: Polyhedron) -> bool:
        """True iff this class decides the questions of ``net`` on ``domain`` (every class must say)."""

    def applies_to_pair(self, a: Network, b: Network, domain: Polyhedron) -> bool:
        """True iff this class decides whether ``a`` and ``b`` compute the same function on ``domain``."""
        return self.applies(a, domain) and self.applies(b, domain)

    def implements(self, operation: str) -> bool:
        """True iff this class overrides ``operation`` (a method name such as ``"fiber"``)."""
        return getattr(type(self), operation) is not getattr(NetworkClass, operation)

    def refuse(self, operation: str, net: Network, domain: Polyhedron, *,
               available: tuple[str, ...] = ()) -> NoAlgorithmError:
        """The error for an operation this class does not decide (overridden for more precise reasons).

        ``available`` lists, in words, the classes that do implement it.
        """
        return NoAlgorithmError(f"{operation} is not available for {self.description or self.name}"
                                f"{implemented_for(available)}; got architecture {net.architecture}")

    # ------------------------------------------------------------------ the operations
    def fiber(self, net: Network, domain: Polyhedron, *, limit: int | None = None,
              progress: bool | Callable = False, certify: bool = True, limits: SearchLimits | None = None,
              allow_conjecture: bool = False, allow_partial: bool = False) -> Fiber:
        """The fiber of ``net`` as a finite union of components (see :func:`semialg_fibers.api.fiber`)."""
        raise self.refuse("fiber", net, domain)

    def fiber_dimension(self, net: Network, domain: Polyhedron, *, limits: SearchLimits | None = None,
                        allow_conjecture: bool = False, allow_partial: bool = False) -> FiberDimension:
        """``dim F(theta)`` with its status (see :func:`semialg_fibers.api.fiber_dimension`)."""
        raise self.refuse("fiber_dimension", net, domain)

    def equivalent(self, a: Network, b: Network, domain: Polyhedron, *, limits: SearchLimits | None = None,
                   progress: bool | Callable | None = None) -> EquivalenceResult:
        """Whether ``a`` and ``b`` compute the same function on ``domain`` (see :func:`semialg_fibers.api.equivalent`)."""
        raise self.refuse("equivalent", a, domain)

    def is_identifiable(self, net: Network, domain: Polyhedron, *, limits: SearchLimits | None = None,
                        allow_conjecture: bool = False) -> IdentifiabilityResult:
        """Whether the fiber of ``net`` is its orbit ``H . theta`` (see :func:`semialg_fibers.api.is_identifiable`)."""
        raise self.refuse("is_identifiable", net, domain)

    def symmetries(self, net: Network, domain: Polyhedron, *,
                   limits: SearchLimits | None = None) -> tuple[Symmetry, ...]:
        """Every symmetry the class reports at ``net``; by default the permutations and scalings of ``H``."""
        return h_symmetries(net)

    def continuous_symmetries(self, net: Network, domain: Polyhedron, *, limits: SearchLimits | None = None
                              ) -> tuple[tuple[Symmetry, ...], tuple[str, ...]]:
        """The continuous symmetries whose conservation laws are analysed, and notes on their scope.

        By default the scalings of ``H`` (present at every network), with a note
        saying that no other symmetry is reported for this class.
        """
        scalings = tuple(s for s in h_symmetries(net) if s.continuous)
        return scalings, (f"{self.description or self.name}: only the scalings of H are reported as symmetries",)

    def canonical_form(self, net: Network, domain: Polyhedron, *, limits: SearchLimits | None = None) -> Network:
        """The canonical minimal representative of the function of ``net``."""
        raise self.refuse("the canonical form", net, domain)

    def minimal_width(self, net: Network, domain: Polyhedron, *, limits: SearchLimits | None = None) -> int:
        """The least number of hidden neurons realizing the function of ``net``."""
        raise self.refuse("the minimal width", net, domain)

    def structure(self, net: Network, domain: Polyhedron):
        """The class's structural analysis of ``net`` (a value with ``to_dict()``), or None when it has none."""
        return None

    def __repr__(self) -> str:
        return f"<network class {self.name!r}: {self.description}>"
