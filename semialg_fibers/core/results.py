"""Result values every network class returns: equivalence and identifiability verdicts, fiber status and dimension."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from fractions import Fraction

from .exact import format_rational
from .network import Network
from .printing import Printable

__all__ = ["FiberStatus", "FiberDimension", "PartialFiberDimension", "EquivalenceResult", "Reason", "IdentifiabilityResult"]


def _strings(values) -> list[str]:
    return [format_rational(v) for v in values]


class FiberStatus(enum.StrEnum):
    """How the completeness of a listed fiber is known (every fiber carries one, with its ``basis``)."""

    PROVEN = "proven"  #: the union is the whole fiber: a theorem of the theory pages
    CONJECTURE = "conjecture"  #: the union is the whole fiber if a stated conjecture holds
    PARTIAL = "partial"  #: the listed components lie in the fiber; others may exist (on request only)


class FiberDimension(int):
    """``dim F(theta)`` with the status and basis of its argument; compares, hashes and converts as an ``int``.

    Attributes
    ----------
    status : FiberStatus
        ``PROVEN``, or ``CONJECTURE`` (the dimension of the listed components,
        the fiber's if the conjecture holds; always a lower bound).
    basis : str
        The theorem, conjecture or formula the value rests on.

    Examples
    --------
    >>> d = FiberDimension(4, FiberStatus.PROVEN, "Theorem 5")
    >>> d == 4, d + 1, int(d), str(d.status), d.dimension
    (True, 5, 4, 'proven', 4)
    >>> import pickle; pickle.loads(pickle.dumps(d)).basis
    'Theorem 5'
    """

    status: FiberStatus
    basis: str

    def __new__(cls, value: int, status: FiberStatus = FiberStatus.PROVEN, basis: str = ""):
        self = super().__new__(cls, value)
        object.__setattr__(self, "status", FiberStatus(status))
        object.__setattr__(self, "basis", str(basis))
        return self

    def __setattr__(self, name, value):
        raise AttributeError(f"FiberDimension is immutable; cannot set {name!r}")

    def __reduce__(self):
        return (FiberDimension, (int(self), self.status, self.basis))

    @property
    def dimension(self) -> int:
        """The value as a plain ``int``."""
        return int(self)

    @property
    def proven(self) -> bool:
        """True iff the value is a theorem for this parameter."""
        return self.status == FiberStatus.PROVEN

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"fiber_dimension": int(self), "status": str(self.status), "basis": self.basis}


class PartialFiberDimension(FiberDimension):
    """A proven lower bound of ``dim F(theta)`` (``status = PARTIAL``) with the exact bounds of the fiber near ``theta``.

    The ``int`` value bounds the dimension of the whole fiber from below;
    ``local_lower <= dim_theta F(theta) <= local_upper`` bound its dimension near
    ``theta`` (``docs/theory/deep.md``, Section 5); the whole fiber may be larger.

    Attributes
    ----------
    local_lower, local_upper : int
        Proven bounds of the local dimension; equal when it is known exactly.

    Examples
    --------
    >>> d = PartialFiberDimension(3, FiberStatus.PARTIAL, "local bounds", 3, 4)
    >>> d == 3, d.local_proven, str(d.status)
    (True, False, 'partial')
    >>> import pickle; pickle.loads(pickle.dumps(d)).local_upper
    4
    """

    local_lower: int
    local_upper: int

    def __new__(cls, value: int, status: FiberStatus = FiberStatus.PARTIAL, basis: str = "",
                local_lower: int = 0, local_upper: int = 0):
        self = super().__new__(cls, value, status, basis)
        object.__setattr__(self, "local_lower", int(local_lower))
        object.__setattr__(self, "local_upper", int(local_upper))
        return self

    def __reduce__(self):
        return (PartialFiberDimension, (int(self), self.status, self.basis, self.local_lower, self.local_upper))

    @property
    def local_proven(self) -> bool:
        """True iff the local bounds meet: ``dim_theta F(theta)`` is known exactly."""
        return self.local_lower == self.local_upper

    def to_dict(self) -> dict:
        """JSON-ready dictionary, with the local bounds."""
        return super().to_dict() | {"local_dimension": {"lower": self.local_lower, "upper": self.local_upper,
                                                        "proven": self.local_proven}}


@dataclass(frozen=True)
class EquivalenceResult(Printable):
    """The answer to "do two networks compute the same function on a domain?".

    Truthy iff equivalent.  Every algorithm (the general oracle, the shallow
    and three-layer fast paths) returns this type.  ``latex()`` is LaTeX text
    mode, the fields with words escaped and numbers in math mode
    (:func:`semialg_fibers.render.latex.fields_latex`); ``_repr_html_`` the
    fields as a table (:func:`semialg_fibers.render.html.html`).

    Attributes
    ----------
    equivalent : bool
    witness : tuple of Fraction or None
        When not equivalent: a rational input in the domain where the two
        outputs differ (checked by exact evaluation before it is returned).
    outputs : pair of tuples of Fraction, or None
        The two outputs at the witness.
    method : str
        Which algorithm decided (``"oracle"``, ``"shallow"``, ...).
    reason : str
        A short human-readable explanation (which invariant differs, ...).
    regions : int or None
        Number of linear regions examined (oracle only).
    """

    equivalent: bool
    witness: tuple[Fraction, ...] | None = None
    outputs: tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None = None
    method: str = "oracle"
    reason: str = ""
    regions: int | None = None

    def __bool__(self) -> bool:
        return self.equivalent

    def to_dict(self) -> dict:
        """JSON-ready dictionary, numbers as exact strings (``semialg-fibers equiv --json``).

        >>> EquivalenceResult(False, (Fraction(1, 2),), ((Fraction(1),), (Fraction(0),)), "shallow", "kinks differ").to_dict()
        {'equivalent': False, 'method': 'shallow', 'reason': 'kinks differ', 'regions': None, 'witness': ['1/2'], 'outputs': [['1'], ['0']]}
        """
        return {"equivalent": self.equivalent, "method": self.method, "reason": self.reason, "regions": self.regions,
                "witness": None if self.witness is None else _strings(self.witness),
                "outputs": None if self.outputs is None else [_strings(o) for o in self.outputs]}


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
class IdentifiabilityResult(Printable):
    """The answer to "is ``F(theta)`` the orbit ``H . theta``?"; truthy iff identifiable.

    ``latex()`` is LaTeX text mode, the fields with words escaped and numbers
    in math mode (:func:`semialg_fibers.render.latex.fields_latex`);
    ``_repr_html_`` the fields as a table (:func:`semialg_fibers.render.html.html`);
    :meth:`describe` the verdict in plain text.

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
        (checked with :func:`~semialg_fibers.core.symmetries.same_orbit` and exact
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
