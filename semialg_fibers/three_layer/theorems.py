"""The three-layer completeness cascade as a table of theorems (``docs/theory/three_layer.md``, Sections 7 and 10).

:func:`.fiber.completeness` decides whether the first-layer families of
:func:`.families.first_layer_families` exhaust the fiber by consulting
:data:`THEOREMS` in order.  Each row is a :class:`Theorem`: its citation, the
check of its hypotheses (a function of the network and the limits), the
statement it proves in plain text (the ``basis`` of the result) and in LaTeX,
the check of the families it predicts (a disagreement with the listed ones is
an :class:`~semialg_fibers.core.exceptions.InternalCheckError`), the status it
gives and whether it assumes the predicates G1-G7.  The rules:

* the scope comes first: ``W1`` of full row rank and ``f`` not constant
  (:func:`.fiber.completeness` refuses otherwise);
* the first row whose hypotheses hold decides;
* before the first row that assumes G1-G7 (every row but Theorem 10.2) the
  predicates are checked (:func:`require_generic`), and the families with
  their orthant patterns are listed (:func:`listed`);
* the last row is Conjecture 10.6: when its hypotheses fail too, the reason
  they fail is why the fiber is not decided (spare rows, linear rows).

Examples
--------
>>> [t.citation for t in THEOREMS]   # doctest: +NORMALIZE_WHITESPACE
['Theorem 10.2', 'Theorem 10.4', 'Corollary 7.5', 'Theorem 10.8', 'Theorem 10.12', 'Theorem 10.9',
 'Theorem 10.10', 'Theorem 10.11', 'Conjecture 10.6']

The rows are values (no closures), so the table pickles:

>>> import pickle
>>> pickle.loads(pickle.dumps(THEOREMS)) == THEOREMS
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.components import FiberStatus
from ..core.exceptions import InternalCheckError, NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.memo import cached
from ..core.network import Network
from ..orthant.patterns import count_components, role_patterns
from .families import FamilyKind, FirstLayerFamily, first_layer_families, translated_sets
from .genericity import genericity
from .rigidity import (
    ALL_LINEAR_THEOREM,
    DEAD_THEOREM,
    HIDDEN_THEOREM,
    LINEAR_THEOREM,
    ONE_HIDING_THEOREM,
    THEOREM,
    Rigidity,
    all_linear_theorem,
    dead_rows_theorem,
    hidden_column_theorem,
    linear_rows_theorem,
    one_hiding_row_theorem,
    rigidity,
)
from .rows import RowKind, row_types

__all__ = ["Theorem", "THEOREMS", "CONJECTURE", "theorem_of", "require_generic", "listed", "family_patterns"]


@dataclass(frozen=True)
class Theorem:
    """One row of the completeness cascade.

    Attributes
    ----------
    citation : str
        The theorem or conjecture as the theory page names it, e.g. ``"Theorem 10.9"``.
    hypotheses : callable
        ``hypotheses(net, limits)`` -> :class:`~.rigidity.Rigidity`: truthy iff the hypotheses hold (under the
        scope and, for ``generic`` rows, G1-G7); ``reason`` says which hold or the first that fails.
    statement : str
        What the row proves (or conjectures), in plain text: the ``basis`` of the result.
    latex : str
        The same statement in LaTeX text mode, for documents.
    families : callable or None
        ``families(net, listed)`` raises :class:`~semialg_fibers.core.exceptions.InternalCheckError` when the
        listed families are not the ones the row predicts; None: the row predicts no particular list.
    status : FiberStatus
        ``PROVEN`` for a theorem, ``CONJECTURE`` for the conjecture.
    generic : bool
        The row assumes G1-G7 (checked once, before the first such row).
    """

    citation: str
    hypotheses: Callable[[Network, SearchLimits], Rigidity]
    statement: str
    latex: str
    families: Callable[[Network, tuple], None] | None = None
    status: FiberStatus = FiberStatus.PROVEN
    generic: bool = True


# ---------------------------------------------------------------------------- what the rows need
def family_patterns(family: FirstLayerFamily, n2: int, *, limits: SearchLimits | None = None) -> tuple:
    """The nonempty role patterns (with strata) of the orthant fiber of ``family.reference`` with ``n2`` neurons.

    They are all listed (the fiber's status and dimension read them), so
    their strata are counted first (:func:`~semialg_fibers.orthant.patterns.count_components`)
    and refused beyond ``limits.components``.
    """
    limits = resolve(limits)
    count = count_components(family.reference, n2, limits=limits)
    limits.check("components", count, f"three-layer fiber: {count} components in the family {family.kind}")
    return tuple(role_patterns(family.reference, n2, cache={}, limits=limits))


def listed(net: Network, *, limits: SearchLimits | None = None) -> tuple[tuple[FirstLayerFamily, ...], tuple]:
    """``(families, patterns)``: the families of :func:`.families.first_layer_families` and, per family, its patterns.

    Computed once per network and limits (:mod:`semialg_fibers.core.memo`).  The
    orbit, translation and sign-change families share the second layer of
    ``theta`` (one ``reference``), so its patterns are computed once; a
    translated visible neuron has its own.

    Raises
    ------
    NotDecidedError
        A search beyond ``limits`` (too many families or orientation choices).
    """
    limits = resolve(limits)

    def compute(net: Network):
        families = first_layer_families(net, limits=limits)
        n2 = net.architecture[2]
        by_reference: dict = {}
        patterns = []
        for f in families:
            # keyed by identity: the shared reference is one object, distinct ones are computed each
            if id(f.reference) not in by_reference:
                by_reference[id(f.reference)] = family_patterns(f, n2, limits=limits)
            patterns.append(by_reference[id(f.reference)])
        return families, tuple(patterns)
    return cached(net, ("three_layer.theorems.listed", limits), compute)


def require_generic(net: Network) -> None:
    """Raise :class:`NotDecidedError` naming every failing predicate of G1-G7 (the rows that assume them)."""
    report = genericity(net)
    if not report:
        failing = "; ".join(f"{r.predicate} ({r.statement}) fails: {r.detail}" for r in report.failing)
        raise NotDecidedError(f"three-layer fiber: the parameter is outside the generic set where the fiber is "
                              f"decided: {failing}")


# ---------------------------------------------------------------------------- hypotheses
def _one_first_layer_neuron(net: Network, limits: SearchLimits) -> Rigidity:
    n1 = net.architecture[1]
    if n1 == 1:
        return Rigidity(True, "n1 = 1, W1 != 0 and f not constant (Theorem 10.2)")
    return Rigidity(False, f"n1 = {n1} (Theorem 10.2 needs n1 = 1)")


def _one_second_layer_neuron(net: Network, limits: SearchLimits) -> Rigidity:
    n2 = net.architecture[2]
    if n2 == 1:
        return Rigidity(True, "n2 = 1 and G1-G7 hold (Theorem 10.4)")
    return Rigidity(False, f"n2 = {n2} (Theorem 10.4 needs n2 = 1)")


@dataclass(frozen=True)
class _OfNetwork:
    """The hypotheses of a theorem whose check needs no limits (:mod:`.rigidity`).

    A value, not a closure, so that the table (and every result citing a row) pickles.
    """

    check: Callable[[Network], Rigidity]

    def __call__(self, net: Network, limits: SearchLimits) -> Rigidity:
        return self.check(net)


def _conjecture(net: Network, limits: SearchLimits) -> Rigidity:
    """Conjecture 10.6 is stated for no spare and no linear row; otherwise why the fiber is not decided."""
    families, patterns = listed(net, limits=limits)
    spare = [roles for roles, _ in patterns[0] if roles.dead or roles.zero_output or roles.silent]
    if spare:
        return Rigidity(False, (
            "spare second-layer rows: a representation with this first layer leaves a row unused "
            f"({spare[0].describe()}), and spare rows allow first layers outside the orbit, translation and "
            "sign-change families (dead-row revivals, translated visible neurons: docs/theory/three_layer.md, "
            "Section 10.5), which are classified only under Theorems 10.8, 10.10 and 10.12 "
            f"(here: {dead_rows_theorem(net).reason})"))
    if any(t.kind == RowKind.LINEAR for t in row_types(net)):
        # Conjecture 10.6 is false with linear rows (the translated visible neuron, Section 10.9)
        return Rigidity(False, (
            f"linear rows outside Theorems 10.9-10.11 ({linear_rows_theorem(net).reason}); with linear rows first "
            "layers with translated visible neurons realize f (docs/theory/three_layer.md, Section 10.9), and they "
            "are classified only under Theorems 10.9-10.11"))
    return Rigidity(True, "n1, n2 >= 2, G1-G7 hold, no spare and no linear row (Conjecture 10.6)")


# ---------------------------------------------------------------------------- the families each row predicts
def _orbit_alone(net: Network, families: tuple) -> None:
    # the first layer is determined up to H whatever the spare rows of the orthant fiber (Corollary 7.5)
    if len(families) != 1:
        raise InternalCheckError(f"three-layer fiber: Corollary 7.5 applies (no hidden column) but "
                                 f"{len(families)} first-layer families were listed instead of the orbit alone")


def _translations(net: Network, families: tuple) -> None:
    if any(f.kind != FamilyKind.TRANSLATION for f in families):
        raise InternalCheckError("three-layer fiber: Theorem 10.8 applies (two or more hiding rows) but a family "
                                 "other than the hiding translation was listed")


def _translations_and_sign_changes(net: Network, families: tuple) -> None:
    if any(f.kind not in (FamilyKind.TRANSLATION, FamilyKind.SIGN_CHANGE) for f in families):
        raise InternalCheckError("three-layer fiber: Theorem 10.12 applies (one hiding row) but a family other "
                                 "than the hiding translation and the sign changes was listed")


@dataclass(frozen=True)
class _OrbitAndTranslated:
    """The orbit first, then one translated family per set of :func:`.families.translated_sets`."""

    citation: str

    def __call__(self, net: Network, families: tuple) -> None:
        expected = 1 + len(translated_sets(net))
        if len(families) != expected or families[0].kind != FamilyKind.ORBIT:
            raise InternalCheckError(f"three-layer fiber: {self.citation} applies but {len(families)} families "
                                     f"were listed instead of {expected}")


# ---------------------------------------------------------------------------- the table
#: The rows of the cascade, in the order :func:`.fiber.completeness` consults them.
THEOREMS: tuple[Theorem, ...] = (
    Theorem(
        "Theorem 10.2", _one_first_layer_neuron,
        "docs/theory/three_layer.md, Theorem 10.2 (n1 = 1): every parameter realizing f has first layer "
        "p W1 and is in one of the listed families; proven for every non-constant f",
        r"The union is the whole fiber: Theorem 10.2 of the three-layer theory ($n_1 = 1$), proven for "
        r"every parameter whose function is not constant.",
        generic=False),
    Theorem(
        "Theorem 10.4", _one_second_layer_neuron,
        "docs/theory/three_layer.md, Theorem 10.4 (n2 = 1): a single live row determines the first layer up "
        "to permutation, positive scaling, the hiding translation and the sign change; proven under G1-G3",
        r"The union is the whole fiber: Theorem 10.4 of the three-layer theory ($n_2 = 1$), proven under "
        r"the predicates G1--G3."),
    Theorem(
        "Corollary 7.5", _OfNetwork(rigidity),
        THEOREM + "; so the fiber is the orbit family (Section 7.1, consequence (ii))",
        r"The union is the whole fiber: Corollary 7.5 of the three-layer theory (Theorems 7.1--7.4; "
        r"$n_1 \geq 2$, the predicates G1--G8, no dead, linear or zero-output row and no hidden "
        r"column): every parameter realizing $f$ has the first layer of $\theta$ up to permutation and "
        r"positive scaling.",
        _orbit_alone),
    Theorem(
        "Theorem 10.8", _OfNetwork(hidden_column_theorem),
        HIDDEN_THEOREM + "; so the fiber is the hiding translation family (Lemmas 10.1, 10.3)",
        r"The union is the whole fiber: Theorem 10.8 of the three-layer theory ($n_1 \geq 2$, the "
        r"predicates G1--G8, a hidden column with at least two hiding rows, dead rows allowed): every "
        r"parameter realizing $f$ has the first layer of a hiding translation of $\theta$ up to "
        r"permutation and positive scaling.",
        _translations),
    Theorem(
        "Theorem 10.12", _OfNetwork(one_hiding_row_theorem),
        ONE_HIDING_THEOREM + "; so the fiber is the union of the hiding translation families of the sign "
        "changes (Lemmas 10.1, 10.3)",
        r"The union is the whole fiber: Theorem 10.12 of the three-layer theory ($n_1 \geq 5$, the "
        r"predicates G1--G8, one row hiding a column, every other row dead): every parameter "
        r"realizing $f$ has the first layer of a sign change of $\theta$ composed with a hiding "
        r"translation, up to permutation and positive scaling.",
        _translations_and_sign_changes),
    Theorem(
        "Theorem 10.9", _OfNetwork(linear_rows_theorem),
        LINEAR_THEOREM + "; so the fiber is the orbit family and, when its orthant fiber is not empty, the "
        "translated visible neuron family (Lemmas 10.1, 10.3)",
        r"The union is the whole fiber: Theorem 10.9 of the three-layer theory ($n_1 \geq 2$, the "
        r"predicates G1--G8, linear and crossing rows only): every parameter realizing $f$ has the first "
        r"layer of $\theta$ up to permutation and positive scaling, or that first layer with the neuron "
        r"of the face column translated.",
        _OrbitAndTranslated("Theorem 10.9")),
    Theorem(
        "Theorem 10.10", _OfNetwork(dead_rows_theorem),
        DEAD_THEOREM + "; so the fiber is the orbit family and, when its orthant fiber is not empty, the "
        "translated visible neuron family (Lemmas 10.1, 10.3)",
        r"The union is the whole fiber: Theorem 10.10 of the three-layer theory ($n_1 \geq 2$, the "
        r"predicates G1--G8, dead rows, a crossing row, no hidden column, and enough crossing rows in the "
        r"sign classes of Theorems 7.3 and 7.4): every parameter realizing $f$ has the first layer of "
        r"$\theta$ up to permutation and positive scaling, or that first layer with the neuron of the face "
        r"column translated.",
        _OrbitAndTranslated("Theorem 10.10")),
    Theorem(
        "Theorem 10.11", _OfNetwork(all_linear_theorem),
        ALL_LINEAR_THEOREM + "; so the fiber is the orbit family and, for every nonempty set of "
        "first-layer neurons, the family translating them (Lemmas 10.1, 10.3), where not empty",
        r"The union is the whole fiber: Theorem 10.11 of the three-layer theory ($n_1 \geq 2$, the "
        r"predicates G1--G8, every live row linear): every parameter realizing $f$ has, up to "
        r"permutation and positive scaling, the first layer of $\theta$ with its neurons translated "
        r"by $t \geq 0$.",
        _OrbitAndTranslated("Theorem 10.11")),
    Theorem(
        "Conjecture 10.6", _conjecture,
        "docs/theory/three_layer.md, Conjecture 10.6: for n1, n2 >= 2, G1-G7, no linear and no spare "
        "second-layer row, every parameter realizing f has its first layer in the listed families (orbit, "
        "hiding translation, sign change); checked by the exhaustive search of three_layer.search, not proven",
        r"The union is the whole fiber if Conjecture 10.6 of the three-layer theory holds: for "
        r"$n_1, n_2 \geq 2$, the predicates G1--G7, no linear and no spare second-layer row, every "
        r"parameter realizing $f$ has its first layer in the listed families (orbit, hiding "
        r"translation, sign change). The conjecture is checked by an exhaustive search on small architectures, "
        r"not proven.",
        status=FiberStatus.CONJECTURE),
)

#: The conjecture row (the last one): results resting on it have ``status = CONJECTURE``.
CONJECTURE = THEOREMS[-1]

_BY_STATEMENT = {t.statement: t for t in THEOREMS}


def theorem_of(basis: str) -> Theorem | None:
    """The row whose plain statement is ``basis`` (the ``basis`` of a :class:`.fiber.Completeness`), or None.

    >>> theorem_of(THEOREMS[5].statement).citation, theorem_of("not proven complete: ...") is None
    ('Theorem 10.9', True)
    """
    return _BY_STATEMENT.get(basis)
