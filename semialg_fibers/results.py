"""Result values shared by the equivalence algorithms."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["EquivalenceResult"]


@dataclass(frozen=True)
class EquivalenceResult:
    """The answer to "do two networks compute the same function on a domain?".

    Truthy iff equivalent.  Every algorithm (the general oracle, the shallow
    and three-layer fast paths) returns this type.

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

    def latex(self) -> str:
        """LaTeX text mode: the fields, words escaped and numbers in math mode (:func:`semialg_fibers.latex.fields_latex`)."""
        from .latex import fields_latex

        return fields_latex(self)

    def _repr_html_(self) -> str:
        from .display import html

        return html(self)
