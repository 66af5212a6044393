"""The fiber of a three-layer network as a union of components, and when that union is the whole fiber.

One way: the first-layer families (:mod:`.families`), for each the nonempty
role patterns and strata of the orthant fiber of its second-layer function
(:mod:`semialg_fibers.orthant.patterns`), one component per family, pattern and
stratum (:mod:`.components`), collected in a :class:`ThreeLayerFiber` with the
status of its completeness (``docs/theory/three_layer.md``, Section 10):

* ``n1 = 1`` (``W1 != 0``, ``f`` not constant): **proven** complete, any parameter;
* ``n2 = 1``, ``n1 >= 2`` (predicates G1-G3, the row not dead): **proven**;
* ``n1, n2 >= 2`` under Corollary 7.5 (G1-G8, no dead, linear or zero-output
  row, no hidden column: :func:`.rigidity.rigidity`): **proven**, the fiber is
  the orbit family;
* ``n1, n2 >= 2`` with a hidden column and two or more hiding rows (Theorem
  10.8, dead rows allowed: :func:`.rigidity.hidden_column_theorem`; one hiding
  row and dead rows with ``n1 >= 5``, Theorem 10.12,
  :func:`.rigidity.one_hiding_row_theorem`), or with
  linear and crossing rows only (Theorem 10.9,
  :func:`.rigidity.linear_rows_theorem`), or with dead rows, a crossing row and
  no hidden column in the sign classes of Theorem 10.10
  (:func:`.rigidity.dead_rows_theorem`), or with every live row linear (Theorem
  10.11, :func:`.rigidity.all_linear_theorem`): **proven**, the fiber is the
  translation family, resp. the orbit family and the translated visible
  neurons (one face column, or every set of columns when every live row is linear);
* other ``n1, n2 >= 2`` with G1-G7 and *no spare row* (no representation in the
  families has a dead, zero-output or silent second-layer neuron): complete
  under **Conjecture 10.6**, reported with ``status = CONJECTURE``;
* otherwise :class:`~semialg_fibers.exceptions.NotDecidedError` names the reason:
  a failing predicate, a constant function, or spare rows (which allow first
  layers outside the families, e.g. the dead-row revivals); on request
  (``allow_partial``) the known components instead, with ``status = PARTIAL``
  (:func:`partial`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from ..core.components import Fiber, FiberStatus
from ..core.exceptions import InternalCheckError, NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..orthant.canonical import canonical_data
from ..orthant.patterns import role_patterns
from .components import ThreeLayerComponent, component
from .families import FamilyKind, FirstLayerFamily, first_layer_families, revival_families, translated_sets
from .first_layer import has_full_row_rank
from .genericity import Predicate, genericity
from .profile import profile
from .rigidity import (ALL_LINEAR_THEOREM, DEAD_THEOREM, HIDDEN_THEOREM, LINEAR_THEOREM, ONE_HIDING_THEOREM, THEOREM,
                       all_linear_theorem, dead_rows_theorem, hidden_column_theorem, linear_rows_theorem,
                       one_hiding_row_theorem, rigidity)
from .rows import RowKind, check_three_layer, row_types, second_layer

__all__ = ["FiberStatus", "Completeness", "ThreeLayerFiber", "completeness", "partial", "require_proven",
           "fiber_components", "fiber", "family_patterns", "basis_latex"]


_PROVEN_N1 = ("docs/theory/three_layer.md, Theorem 10.2 (n1 = 1): every parameter realizing f has first layer "
              "p W1 and is in one of the listed families; proven for every non-constant f")
_PROVEN_N2 = ("docs/theory/three_layer.md, Theorem 10.4 (n2 = 1): a single live row determines the first layer up "
              "to permutation, positive scaling, the hiding translation and the sign change; proven under G1-G3")
_PROVEN_RIGID = (THEOREM + "; so the fiber is the orbit family (Section 7.1, consequence (ii))")
_PROVEN_HIDDEN = HIDDEN_THEOREM + "; so the fiber is the hiding translation family (Lemmas 10.1, 10.3)"
_PROVEN_ONE_HIDING = (ONE_HIDING_THEOREM + "; so the fiber is the union of the hiding translation families of the sign "
                      "changes (Lemmas 10.1, 10.3)")
_PROVEN_LINEAR = (LINEAR_THEOREM + "; so the fiber is the orbit family and, when its orthant fiber is not empty, the "
                  "translated visible neuron family (Lemmas 10.1, 10.3)")
_PROVEN_DEAD = (DEAD_THEOREM + "; so the fiber is the orbit family and, when its orthant fiber is not empty, the "
                "translated visible neuron family (Lemmas 10.1, 10.3)")
_PROVEN_ALL_LINEAR = (ALL_LINEAR_THEOREM + "; so the fiber is the orbit family and, for every nonempty set of "
                      "first-layer neurons, the family translating them (Lemmas 10.1, 10.3), where not empty")
_CONJECTURE = ("docs/theory/three_layer.md, Conjecture 10.6: for n1, n2 >= 2, G1-G7, no linear and no spare "
               "second-layer row, every parameter realizing f has its first layer in the listed families (orbit, "
               "hiding translation, sign change); checked by the exhaustive search of three_layer.search, not proven")


#: The basis statements in LaTeX text mode (for documents; the plain ones carry the file names).
_LATEX = {
    _PROVEN_N1: (r"The union is the whole fiber: Theorem 10.2 of the three-layer theory ($n_1 = 1$), proven for "
                 r"every parameter whose function is not constant."),
    _PROVEN_N2: (r"The union is the whole fiber: Theorem 10.4 of the three-layer theory ($n_2 = 1$), proven under "
                 r"the predicates G1--G3."),
    _PROVEN_RIGID: (r"The union is the whole fiber: Corollary 7.5 of the three-layer theory (Theorems 7.1--7.4; "
                    r"$n_1 \geq 2$, the predicates G1--G8, no dead, linear or zero-output row and no hidden "
                    r"column): every parameter realizing $f$ has the first layer of $\theta$ up to permutation and "
                    r"positive scaling."),
    _PROVEN_HIDDEN: (r"The union is the whole fiber: Theorem 10.8 of the three-layer theory ($n_1 \geq 2$, the "
                     r"predicates G1--G8, a hidden column with at least two hiding rows, dead rows allowed): every "
                     r"parameter realizing $f$ has the first layer of a hiding translation of $\theta$ up to "
                     r"permutation and positive scaling."),
    _PROVEN_LINEAR: (r"The union is the whole fiber: Theorem 10.9 of the three-layer theory ($n_1 \geq 2$, the "
                     r"predicates G1--G8, linear and crossing rows only): every parameter realizing $f$ has the first "
                     r"layer of $\theta$ up to permutation and positive scaling, or that first layer with the neuron "
                     r"of the face column translated."),
    _PROVEN_DEAD: (r"The union is the whole fiber: Theorem 10.10 of the three-layer theory ($n_1 \geq 2$, the "
                   r"predicates G1--G8, dead rows, a crossing row, no hidden column, and enough crossing rows in the "
                   r"sign classes of Theorems 7.3 and 7.4): every parameter realizing $f$ has the first layer of "
                   r"$\theta$ up to permutation and positive scaling, or that first layer with the neuron of the face "
                   r"column translated."),
    _PROVEN_ALL_LINEAR: (r"The union is the whole fiber: Theorem 10.11 of the three-layer theory ($n_1 \geq 2$, the "
                         r"predicates G1--G8, every live row linear): every parameter realizing $f$ has, up to "
                         r"permutation and positive scaling, the first layer of $\theta$ with its neurons translated "
                         r"by $t \geq 0$."),
    _PROVEN_ONE_HIDING: (r"The union is the whole fiber: Theorem 10.12 of the three-layer theory ($n_1 \geq 5$, the "
                         r"predicates G1--G8, one row hiding a column, every other row dead): every parameter "
                         r"realizing $f$ has the first layer of a sign change of $\theta$ composed with a hiding "
                         r"translation, up to permutation and positive scaling."),
    _CONJECTURE: (r"The union is the whole fiber if Conjecture 10.6 of the three-layer theory holds: for "
                  r"$n_1, n_2 \geq 2$, the predicates G1--G7, no linear and no spare second-layer row, every "
                  r"parameter realizing $f$ has its first layer in the listed families (orbit, hiding "
                  r"translation, sign change). The conjecture is checked by an exhaustive search on small architectures, not proven."),
}


def basis_latex(basis: str) -> str | None:
    """The completeness statement of ``basis`` in LaTeX text mode, or None when it has none (renderers escape the plain text)."""
    return _LATEX.get(basis)


@dataclass(frozen=True)
class Completeness:
    """Whether the listed families exhaust the fiber, and why.

    Attributes
    ----------
    status : FiberStatus
    basis : str
        The theorem or conjecture it rests on.
    families : tuple of FirstLayerFamily
    patterns : tuple
        Per family, the nonempty ``(role pattern, ((stratum, dimension), ...))`` of its orthant fiber.
    """

    status: FiberStatus
    basis: str
    families: tuple[FirstLayerFamily, ...]
    patterns: tuple

    @property
    def proven(self) -> bool:
        """True iff the completeness is a theorem."""
        return self.status == FiberStatus.PROVEN

    @property
    def dimension(self) -> int:
        """The maximum dimension over the listed components (none is built)."""
        return max(len(f.matrix) + len(f.columns) + dim
                   for f, pats in zip(self.families, self.patterns) for _, strata in pats for _, dim in strata)


def family_patterns(family: FirstLayerFamily, n2: int, limits: SearchLimits | None = None, cache=None) -> tuple:
    """The nonempty role patterns (with strata) of the orthant fiber of ``family.reference`` with ``n2`` neurons."""
    return tuple(role_patterns(family.reference, n2, {} if cache is None else cache, limits))


def _constant(net: Network) -> bool:
    """``f`` is constant (``W1`` of full row rank assumed for ``n1 >= 2``)."""
    if net.architecture[1] == 1:
        return profile(net).is_constant
    data = canonical_data(second_layer(net))
    return not data.lines and not any(any(row) for row in data.linear)


def completeness(net: Network, limits: SearchLimits | None = None) -> Completeness:
    """Decide whether the families of :func:`.families.first_layer_families` exhaust the fiber (module docstring).

    Raises
    ------
    NotDecidedError
        The reason the fiber is not decided: ``W1`` not of full row rank (G1),
        a constant function, a failing predicate, spare second-layer rows, or a
        search beyond ``limits``.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])
    >>> str(completeness(net).status)   # G8 fails: 1 * 2 - 2 * 1 = 0
    'conjecture'
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [-1, 1]), ([[3, -2]], [1])])
    >>> c = completeness(net); str(c.status), [str(f.kind) for f in c.families]   # a linear row: Theorem 10.9
    ('proven', ['orbit', 'translated visible neuron'])
    >>> ramp = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    >>> c = completeness(ramp); str(c.status), len(c.families)
    ('proven', 4)
    """
    d, n1, n2, k = check_three_layer(net, "three-layer fiber")
    limits = resolve(limits)
    if not has_full_row_rank(net):
        raise NotDecidedError(f"three-layer fiber: W1 does not have full row rank (G1 fails: "
                              f"{genericity(net)[Predicate.G1].detail}); the fiber is decided for bottleneck networks "
                              "whose first layer reaches every y")
    if _constant(net):
        raise NotDecidedError("three-layer fiber: f is constant; its fiber (every parameter computing the constant, "
                              "of dimension N - k) contains networks of every structure and is not listed")
    if n1 == 1:
        families = first_layer_families(net, limits)
        patterns = tuple(family_patterns(f, n2, limits) for f in families)
        return Completeness(FiberStatus.PROVEN, _PROVEN_N1, families, patterns)
    report = genericity(net)
    if not report:
        failing = "; ".join(f"{r.predicate} ({r.statement}) fails: {r.detail}" for r in report.failing)
        raise NotDecidedError(f"three-layer fiber: the parameter is outside the generic set where the fiber is "
                              f"decided: {failing}")
    families = first_layer_families(net, limits)
    shared = family_patterns(families[0], n2, limits)
    # the orbit, translation and sign-change families share the second layer of theta; the translated visible
    # neuron has its own
    patterns = tuple(shared if f.reference is families[0].reference else family_patterns(f, n2, limits)
                     for f in families)
    if n2 == 1:
        return Completeness(FiberStatus.PROVEN, _PROVEN_N2, families, patterns)
    if rigidity(net):
        # the first layer is determined up to H whatever the spare rows of the orthant fiber (Corollary 7.5)
        if len(families) != 1:
            raise InternalCheckError(f"three-layer fiber: Corollary 7.5 applies (no hidden column) but "
                                     f"{len(families)} first-layer families were listed instead of the orbit alone")
        return Completeness(FiberStatus.PROVEN, _PROVEN_RIGID, families, patterns)
    if hidden_column_theorem(net):
        if any(f.kind != FamilyKind.TRANSLATION for f in families):
            raise InternalCheckError("three-layer fiber: Theorem 10.8 applies (two or more hiding rows) but a family "
                                     "other than the hiding translation was listed")
        return Completeness(FiberStatus.PROVEN, _PROVEN_HIDDEN, families, patterns)
    if one_hiding_row_theorem(net):
        if any(f.kind not in (FamilyKind.TRANSLATION, FamilyKind.SIGN_CHANGE) for f in families):
            raise InternalCheckError("three-layer fiber: Theorem 10.12 applies (one hiding row) but a family other "
                                     "than the hiding translation and the sign changes was listed")
        return Completeness(FiberStatus.PROVEN, _PROVEN_ONE_HIDING, families, patterns)
    linear, dead = linear_rows_theorem(net), dead_rows_theorem(net)
    theorem = next(((name, basis) for name, basis, holds in (("10.9", _PROVEN_LINEAR, linear),
                                                             ("10.10", _PROVEN_DEAD, dead),
                                                             ("10.11", _PROVEN_ALL_LINEAR, all_linear_theorem(net)))
                    if holds), None)
    if theorem:
        expected = 1 + len(translated_sets(net))
        if len(families) != expected or families[0].kind != FamilyKind.ORBIT:
            raise InternalCheckError(f"three-layer fiber: Theorem {theorem[0]} applies but {len(families)} families "
                                     f"were listed instead of {expected}")
        return Completeness(FiberStatus.PROVEN, theorem[1], families, patterns)
    spare = [roles for roles, _ in shared if roles.dead or roles.zero_output or roles.silent]
    if spare:
        raise NotDecidedError(
            "three-layer fiber: spare second-layer rows: a representation with this first layer leaves a row unused "
            f"({spare[0].describe()}), and spare rows allow first layers outside the orbit, translation and "
            "sign-change families (dead-row revivals, translated visible neurons: docs/theory/three_layer.md, "
            f"Section 10.5), which are classified only under Theorems 10.8, 10.10 and 10.12 (here: {dead.reason})")
    if any(t.kind == RowKind.LINEAR for t in row_types(net)):
        # Conjecture 10.6 is false with linear rows (the translated visible neuron, Section 10.9)
        raise NotDecidedError(
            f"three-layer fiber: linear rows outside Theorems 10.9-10.11 ({linear.reason}); with linear rows first "
            "layers with translated visible neurons realize f (docs/theory/three_layer.md, Section 10.9), and they "
            "are classified only under Theorems 10.9-10.11")
    return Completeness(FiberStatus.CONJECTURE, _CONJECTURE, families, patterns)


def partial(net: Network, reason: str, limits: SearchLimits | None = None) -> Completeness:
    """The families known at an undecided parameter, with ``status = PARTIAL`` (a sound list, not proven complete).

    The families of :func:`.families.first_layer_families` and the dead-row
    revivals (:func:`.families.revival_families`); each is sound, so every listed
    component lies in the fiber and the dimension is a lower bound.  ``reason``
    (why the completeness is not decided) becomes the basis.

    Raises
    ------
    NotDecidedError
        ``W1`` does not have full row rank or ``f`` is constant (nothing is listed then).
    """
    check_three_layer(net, "three-layer partial fiber")
    if not has_full_row_rank(net) or _constant(net):
        raise NotDecidedError(reason)
    families = first_layer_families(net, limits) + revival_families(net)
    patterns = tuple(family_patterns(f, net.architecture[2], limits) for f in families)
    return Completeness(FiberStatus.PARTIAL, "not proven complete: " + reason, families, patterns)


def require_proven(status: FiberStatus, allow_conjecture: bool, what: str) -> None:
    """Raise :class:`NotDecidedError` when a result rests on Conjecture 10.6 and that is not allowed."""
    if status == FiberStatus.CONJECTURE and not allow_conjecture:
        raise NotDecidedError(
            f"{what}: the listed components are the whole fiber only if Conjecture 10.6 holds (generic "
            "parameters with n1, n2 >= 2: docs/theory/three_layer.md, Section 10.6; claimed as a theorem by "
            "Gegenfurtner, Grillo and Montufar, not proven here); pass allow_conjecture=True "
            "(command line: --allow-conjecture) to obtain them with status 'conjecture'")


@dataclass(frozen=True)
class ThreeLayerFiber(Fiber):
    """The fiber of a three-layer network with the status of its completeness.

    Extra attribute (beyond :class:`~semialg_fibers.core.components.Fiber`, whose
    ``status`` and ``basis`` say whether the union is proven complete)
    ---------------------------------------------------------------------
    families : tuple of FirstLayerFamily

    ``latex(title=None)`` is that of :class:`~semialg_fibers.core.components.Fiber`
    followed by the completeness status (:func:`basis_latex`, else the escaped
    :attr:`completeness_note`; :func:`semialg_fibers.render.three_layer.three_layer_fiber_latex`).
    """

    families: tuple = ()

    def to_dict(self) -> dict:
        """JSON-ready dictionary, with the status, its basis and the first-layer families."""
        out = super().to_dict()
        out.update(families=[f.to_dict() for f in self.families])
        return out


def fiber_components(net: Network, certify: bool = True, limits: SearchLimits | None = None,
                     decided: Completeness | None = None) -> Iterator[Callable[[], ThreeLayerComponent]]:
    """Lazily yield one thunk per component (family, orthant pattern, stratum)."""
    decided = completeness(net, limits) if decided is None else decided
    for family, patterns in zip(decided.families, decided.patterns):
        cache: dict = {}
        for roles, strata in patterns:
            for s, dim in strata:
                yield (lambda family=family, roles=roles, s=s, dim=dim, cache=cache:
                       component(net, family, roles, s, dim, cache, certify, limits))


def fiber(net: Network, limit: int | None = None, progress: bool | Callable = False, certify: bool = True,
          limits: SearchLimits | None = None, allow_conjecture: bool = False,
          allow_partial: bool = False) -> ThreeLayerFiber:
    """The fiber ``{theta' : f_theta' = f_theta}`` of a three-layer network as a union of components.

    Parameters
    ----------
    net : Network
        Architecture ``(d, n1, n2, k)`` with ``W1`` of full row rank.
    limit : int, optional
        Build at most this many components; the rest are counted (``omitted``).
    progress : bool or callable
        Progress output for long enumerations.
    certify : bool
        Certify each component's dimension by exact tangent ranks (default).
    limits : SearchLimits, optional
        Bounds of the orientation searches and implicit forms.
    allow_conjecture : bool
        For ``n1, n2 >= 2`` the union is the whole fiber only if Conjecture
        10.6 holds: by default that is "not proven complete" and raises; with
        ``True`` the union is returned with ``status = CONJECTURE``.
    allow_partial : bool
        Where the completeness is not decided (spare rows outside the
        theorems, a failing predicate), return the known components (the
        families and the dead-row revivals) with ``status = PARTIAL``
        instead of raising: every one lies in the fiber, the fiber may have
        more (:func:`partial`).  Implies ``allow_conjecture``.

    Returns
    -------
    ThreeLayerFiber
        Components of type :class:`~.components.ThreeLayerComponent`, ``theta``'s
        own family first; ``status`` says whether the union is proven to be the
        whole fiber or rests on Conjecture 10.6.

    Raises
    ------
    NotDecidedError
        When the completeness is not decided (:func:`completeness` names the
        reason), or rests on Conjecture 10.6 and ``allow_conjecture`` is False.

    Examples
    --------
    Two rows crossing the orthant (no dead, linear or hidden row), but the
    predicate G8 fails (``1 * 2 - 2 * 1 = 0``): the listed fiber is the orbit of
    permutations and scalings, ``2! 2!`` copies of dimension 4, complete if
    Conjecture 10.6 holds.

    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])
    >>> f = fiber(net, allow_conjecture=True)
    >>> f.dimension, [(c.dimension, c.multiplicity) for c in f], str(f.status)
    (4, [(4, 4)], 'conjecture')
    >>> fiber(net)
    Traceback (most recent call last):
    ...
    semialg_fibers.NotDecidedError: three-layer fiber: the listed components are the whole fiber only if Conjecture 10.6 holds ...

    With G8 (another output weight) the fiber is proven complete (Corollary 7.5,
    here by Theorem 7.1):

    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, 2]], [1])])
    >>> f = fiber(net)
    >>> f.dimension, [(c.dimension, c.multiplicity) for c in f], str(f.status)
    (4, [(4, 4)], 'proven')

    The ramp ``1 - s(1 - s(x))`` (``n1 = 1``, proven): its orbit and the ramp flip.

    >>> ramp = fiber(Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]))
    >>> [str(c.family.kind) for c in ramp], ramp.proven
    (['orbit', 'ramp flip'], True)
    """
    check_three_layer(net, "three_layer.fiber")
    try:
        decided = completeness(net, limits)
    except NotDecidedError as exc:
        if not allow_partial:
            raise
        decided = partial(net, str(exc), limits)
    require_proven(decided.status, allow_conjecture or allow_partial, "three-layer fiber")
    return ThreeLayerFiber.from_components(net, fiber_components(net, certify, limits, decided), limit=limit,
                                           dimension=decided.dimension, progress=progress, status=decided.status,
                                           basis=decided.basis, families=decided.families)
