"""Local fiber dimension and identifiability certificates at any depth (``docs/theory/deep.md``, Sections 2-4).

* :func:`local_fiber_dimension`: exact lower and upper bounds of the dimension
  of the fiber ``F(theta)`` near ``theta``: from below the orbit plus the
  families of the mechanisms (:mod:`.mechanisms`), from above ``N - FD``
  (Theorem 2.2); the value is proven where they meet.
* :func:`local_identifiability`: Theorem 2.1 (``FD = N - hidden`` and the
  scalings independent: the fiber near ``theta`` is the orbit).
* :func:`general_identifiability`: "not identifiable", proven with a witness
  checked by the oracle, whenever a mechanism applies or a kernel direction
  leads to an equivalent parameter outside the orbit; otherwise
  :class:`~semialg_fibers.core.exceptions.NotDecidedError` saying what is known.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..core import linalg
from ..core.exceptions import NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.progress import task
from ..core.results import IdentifiabilityResult, Reason
from ..core.symmetries import parameter_index, same_orbit
from .functional import FunctionalDimension, functional_dimension, orbit_tangent
from .mechanisms import Mechanism, Vector, mechanisms, neuron_signs
from .oracle import equivalent

__all__ = ["LocalFiberDimension", "local_fiber_dimension", "general_identifiability", "kernel_witness"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class LocalFiberDimension:
    """Exact bounds of ``dim_theta F(theta)``, the dimension of the fiber near ``theta``.

    Attributes
    ----------
    lower : int
        Proven lower bound: the rank of the orbit's tangent space plus the
        directions of the mechanisms' families (Proposition 3.2).
    upper : int
        Proven upper bound ``N - FD`` (Theorem 2.2).
    functional : FunctionalDimension
    mechanisms : tuple of Mechanism
        The mechanisms found, each with its family and an oracle-checked witness.
    lower_basis : str
        Which family gives the lower bound.
    """

    lower: int
    upper: int
    functional: FunctionalDimension
    mechanisms: tuple[Mechanism, ...]
    lower_basis: str

    @property
    def proven(self) -> bool:
        """True iff the bounds meet: the local dimension is then known exactly."""
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        """The local dimension when proven, else None."""
        return self.lower if self.proven else None

    def describe(self) -> str:
        """The bounds and their bases in plain text."""
        if self.proven:
            head = f"local fiber dimension {self.lower} (proven: lower and upper bounds meet)"
        else:
            head = f"local fiber dimension between {self.lower} and {self.upper} (not decided)"
        lines = [head, f"  lower {self.lower}: {self.lower_basis}",
                 f"  upper {self.upper}: N - FD = {self.functional.parameters} - {self.functional.rank} "
                 "(docs/theory/deep.md, Theorem 2.2)"]
        lines += [f"  - {m.kind}: {m.detail}" for m in self.mechanisms]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"lower": self.lower, "upper": self.upper, "proven": self.proven, "lower_basis": self.lower_basis,
                "functional_dimension": self.functional.to_dict(),
                "mechanisms": [m.to_dict() for m in self.mechanisms]}


def joint_family(net: Network, found: tuple[Mechanism, ...]) -> tuple[tuple[Vector, ...], tuple[bool, ...]]:
    """Proposition 3.3's joint family: its directions and, for each, whether it is a half-line (a bias shift).

    The unit vectors of the free coordinates (outgoing weights of the dead neurons, incoming weights and biases of the
    other zero-outgoing ones), then the bias shifts of the always-active neurons.
    """
    arch, n = net.architecture, net.num_parameters
    dead = {m.neurons[0] for m in found if m.kind == "dead neuron"}
    silent = {m.neurons[0] for m in found if m.kind == "zero outgoing weights"} - dead
    coords: set[int] = set()
    for l, i in dead:
        coords.update(parameter_index(arch, l + 1, o, i) for o in range(arch[l + 1]))
    for l, i in silent:
        coords.update(parameter_index(arch, l, i, j) for j in range(arch[l - 1]))
        coords.add(parameter_index(arch, l, i))
    units = tuple(tuple(Fraction(int(i == k)) for i in range(n)) for k in sorted(coords))
    shifts = tuple(d for m in found if m.kind == "always active" for d in m.directions)
    return units + shifts, (False,) * len(units) + (True,) * len(shifts)


def local_fiber_dimension(net: Network, *, limits: SearchLimits | None = None,
                          progress: bool | Callable | None = None) -> LocalFiberDimension:
    """Exact lower and upper bounds of the dimension of the fiber of ``net`` near ``net`` (on R^d).

    Examples
    --------
    >>> deep = Network.from_layers([([[1, 2], [-1, 1]], [0, 1]), ([[1, 2], [2, -1]], [-1, 1]), ([[1, -1]], [0])])
    >>> r = local_fiber_dimension(deep); r.lower, r.upper, r.proven
    (4, 4, True)
    >>> dead = Network.from_layers([([[0], [1]], [-1, 0]), ([[3, 1]], [0])])
    >>> r = local_fiber_dimension(dead); r.lower, r.upper, r.proven, [m.kind for m in r.mechanisms]
    (3, 4, False, ['dead neuron'])
    """
    limits = resolve(limits)
    fd = functional_dimension(net, limits=limits, progress=progress)
    n = net.num_parameters
    tangent = [t for t in orbit_tangent(net) if any(t)]
    found = mechanisms(net, limits=limits, signs=neuron_signs(net, limits=limits)) if not fd.locally_identifiable \
        else ()
    best, basis = fd.orbit_dimension, "the orbit of the positive scalings (its tangent space has this rank)"
    joint, _ = joint_family(net, found)
    if joint:
        r = linalg.rank(tangent + list(joint), n)
        if r > best:
            best, basis = r, ("the orbit together with the joint family of the dead neurons (free outgoing weights), "
                              "the neurons with zero outgoing weights (free incoming weights) and the bias shifts of "
                              "the always-active neurons (Proposition 3.3)")
    with task("families of the mechanisms", total=len(found), unit="mechanisms") as bar:
        for m in found:  # sparse rows: 780 parallel pairs on 40 identical neurons, 11 s as dense ranks
            r = len(linalg.independent_rows(tangent + list(m.directions), n))
            if r > best:
                best, basis = r, (f"the orbit together with the family of the {m.kind} {list(m.neurons)} "
                                  "(Proposition 3.2)")
            bar.advance()
    upper = n - fd.rank
    if best > upper:
        from ..core.exceptions import InternalCheckError

        raise InternalCheckError(f"local fiber dimension: lower bound {best} above the upper bound {upper}")
    return LocalFiberDimension(best, upper, fd, found, basis)


def kernel_witness(net: Network, fd: FunctionalDimension, *, limits: SearchLimits | None = None,
                   steps: tuple[Fraction, ...] = (Fraction(1), Fraction(1, 4), Fraction(1, 16)),
                   directions: int = 4) -> Network | None:
    """A parameter ``theta + t v`` (``v`` one of the first ``directions`` kernel vectors, ``t`` in ``steps``)
    equivalent to ``net`` and outside its orbit.

    Each candidate is decided by the region oracle (``orbit_check=False``) and
    :func:`~semialg_fibers.core.symmetries.same_orbit`; None when no candidate
    is equivalent (a straight step usually leaves a curved fiber).
    """
    limits = resolve(limits)
    flat = net.parameters()
    for v in fd.kernel[:directions]:
        for t in steps:
            other = Network.from_parameters(net.architecture, [a + t * b for a, b in zip(flat, v)])
            if same_orbit(net, other, limits=limits):
                continue
            if equivalent(net, other, orbit_check=False, limits=limits):
                return other
    return None


def general_identifiability(net: Network, *, limits: SearchLimits | None = None,
                            context: str = "") -> IdentifiabilityResult:
    """"Not identifiable" with an oracle-checked witness when one is found; otherwise ``NotDecidedError``.

    The refusal says what is proven: local identifiability (Theorem 2.1), or
    the bounds of the local fiber dimension.  ``context`` is prefixed to it.

    >>> r = general_identifiability(Network.from_layers([([[1]], [0])] * 4))   # s(s(s(x))): always-active neurons
    >>> bool(r), r.proven, r.reasons[0].kind
    (False, True, 'always active')
    """
    limits = resolve(limits)
    fd = functional_dimension(net, limits=limits)
    found: tuple[Mechanism, ...] = ()
    if not fd.locally_identifiable:
        found = mechanisms(net, limits=limits)
    if found:
        reasons = tuple(Reason(m.kind, m.detail, m.neurons) for m in found)
        return IdentifiabilityResult(False, True, reasons,
                                     "docs/theory/deep.md, Proposition 3.2: the family of each mechanism lies in the "
                                     "fiber; the witness is checked by the region oracle and lies outside the orbit",
                                     "oracle", witness=found[0].witness,
                                     details={"functional_dimension": fd.to_dict()})
    witness = kernel_witness(net, fd, limits=limits) if fd.kernel else None
    if witness is not None:
        return IdentifiabilityResult(False, True, (Reason("kernel direction", "a step along an exact kernel direction "
                                                          "of the functional-dimension Jacobian gives an equivalent "
                                                          "parameter outside the orbit (checked by the region oracle)"),),
                                     "the witness, decided equivalent by the region oracle and outside H . theta by "
                                     "same_orbit", "oracle", witness=witness,
                                     details={"functional_dimension": fd.to_dict()})
    prefix = f"{context}; " if context else ""
    if fd.locally_identifiable:
        raise NotDecidedError(f"{prefix}is_identifiable: locally identifiable (proven: functional dimension "
                              f"{fd.rank} = N - hidden, docs/theory/deep.md, Theorem 2.1), so the fiber near theta is "
                              f"its orbit; whether the fiber has points away from the orbit is not decided for "
                              f"architecture {net.architecture} ({net.depth - 1} hidden layers)")
    raise NotDecidedError(f"{prefix}is_identifiable: no mechanism applies and no kernel step was certified; the "
                          f"functional dimension {fd.rank} is {fd.deficit} below N - hidden = {fd.bound} "
                          f"(the local fiber dimension is at most {fd.parameters - fd.rank}); architecture "
                          f"{net.architecture} ({net.depth - 1} hidden layers)")
