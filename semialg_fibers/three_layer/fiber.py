"""The fiber of a three-layer network as a union of components, and when that union is the whole fiber.

One way: the first-layer families (:mod:`.families`), for each the nonempty
role patterns and strata of the orthant fiber of its second-layer function
(:mod:`semialg_fibers.orthant.patterns`), one component per family, pattern and
stratum (:mod:`.components`), collected in a :class:`ThreeLayerFiber` with the
status of its completeness (``docs/theory/three_layer.md``, Section 10), decided
by the rows of the table :data:`.theorems.THEOREMS`, consulted in this order:

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
  neurons (one face column, or, when every live row is linear, every set ``S``
  of columns with ``n2 >= |S| + ncr(G_{-S})``);
* other ``n1, n2 >= 2`` with G1-G7 and *no spare row* (no representation in the
  families has a dead, zero-output or silent second-layer neuron): complete
  under **Conjecture 10.6**, reported with ``status = CONJECTURE`` (refused
  with :class:`~semialg_fibers.core.exceptions.ConjectureError` unless allowed);
* otherwise :class:`~semialg_fibers.core.exceptions.NotDecidedError` names the reason:
  a failing predicate, a constant function, or spare rows (which allow first
  layers outside the families, e.g. the dead-row revivals); on request
  (``allow_partial``) the known components instead, with ``status = PARTIAL``
  (:func:`partial`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..core.components import Fiber, FiberStatus
from ..core.exceptions import ConjectureError, NotDecidedError
from ..core.limits import SearchLimits, build_limit, resolve
from ..core.memo import memoized
from ..core.network import Network
from ..orthant.canonical import canonical_data
from .components import ThreeLayerComponent, component
from .families import FirstLayerFamily, revival_families
from .first_layer import has_full_row_rank
from .genericity import Predicate, genericity
from .profile import profile
from .rows import check_three_layer, second_layer
from .theorems import CONJECTURE, THEOREMS, family_patterns, listed, require_generic, theorem_of

__all__ = ["FiberStatus", "Completeness", "ThreeLayerFiber", "completeness", "partial", "require_proven",
           "fiber_components", "fiber", "family_patterns", "basis_latex"]


def basis_latex(basis: str) -> str | None:
    """The completeness statement of ``basis`` in LaTeX text mode, or None when it has none (renderers escape the plain text).

    The statement is looked up in the table of theorems (:data:`.theorems.THEOREMS`).

    >>> basis_latex(CONJECTURE.statement).startswith("The union is the whole fiber if Conjecture 10.6")
    True
    >>> print(basis_latex("not proven complete: spare rows"))
    None
    """
    found = theorem_of(basis)
    return None if found is None else found.latex


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


@memoized
def _constant(net: Network) -> bool:
    """``f`` is constant (``W1`` of full row rank assumed for ``n1 >= 2``)."""
    if net.architecture[1] == 1:
        return profile(net).is_constant
    data = canonical_data(second_layer(net))
    return not data.lines and not any(any(row) for row in data.linear)


def completeness(net: Network, *, limits: SearchLimits | None = None) -> Completeness:
    """Decide whether the families of :func:`.families.first_layer_families` exhaust the fiber (module docstring).

    After the scope (``W1`` of full row rank, ``f`` not constant) the rows of
    :data:`.theorems.THEOREMS` are consulted in order; the first whose
    hypotheses hold decides, and the listed families are checked against the
    ones it predicts.

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
    check_three_layer(net, "three-layer fiber")
    limits = resolve(limits)
    if not has_full_row_rank(net):
        raise NotDecidedError(f"three-layer fiber: W1 does not have full row rank (G1 fails: "
                              f"{genericity(net)[Predicate.G1].detail}); the fiber is decided for bottleneck networks "
                              "whose first layer reaches every y")
    if _constant(net):
        raise NotDecidedError("three-layer fiber: f is constant; its fiber (every parameter computing the constant, "
                              "of dimension N - k) contains networks of every structure and is not listed")
    gated = False
    for theorem in THEOREMS:
        if theorem.generic and not gated:
            require_generic(net)
            # the families are listed before any theorem is consulted, so a search limit they reach is the error
            listed(net, limits=limits)
            gated = True
        verdict = theorem.hypotheses(net, limits)
        if verdict:
            families, patterns = listed(net, limits=limits)
            if theorem.families is not None:
                theorem.families(net, families)
            return Completeness(theorem.status, theorem.statement, families, patterns)
    # the last row is the conjecture, the weakest statement: why its hypotheses fail is why nothing is decided
    raise NotDecidedError(f"three-layer fiber: {verdict.reason}")


def partial(net: Network, reason: str, *, limits: SearchLimits | None = None) -> Completeness:
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
    families, patterns = listed(net, limits=limits)  # usually known already: completeness refused after listing them
    revivals = revival_families(net)
    patterns += tuple(family_patterns(f, net.architecture[2], limits=limits) for f in revivals)
    return Completeness(FiberStatus.PARTIAL, "not proven complete: " + reason, families + revivals, patterns)


def require_proven(status: FiberStatus, allow_conjecture: bool, what: str) -> None:
    """Raise :class:`~semialg_fibers.core.exceptions.ConjectureError` when a result rests on Conjecture 10.6, unless allowed.

    >>> require_proven(FiberStatus.CONJECTURE, False, "demo")
    Traceback (most recent call last):
    ...
    semialg_fibers.ConjectureError: demo: the listed components are the whole fiber only if Conjecture 10.6 holds ...
    >>> print(require_proven(FiberStatus.CONJECTURE, True, "demo"))
    None
    """
    if status == CONJECTURE.status and not allow_conjecture:
        raise ConjectureError(
            f"{what}: the listed components are the whole fiber only if Conjecture 10.6 holds (generic "
            "parameters with n1, n2 >= 2: docs/theory/three_layer.md, Section 10.6; claimed as a theorem by "
            "Gegenfurtner, Grillo and Montufar, not proven here); pass allow_conjecture=True "
            "(command line: --allow-conjecture) to obtain them with status 'conjecture'",
            conjecture=CONJECTURE.citation)


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


def fiber_components(net: Network, *, certify: bool = True, limits: SearchLimits | None = None,
                     decided: Completeness | None = None) -> Iterator[Callable[[], ThreeLayerComponent]]:
    """Lazily yield one thunk per component (family, orthant pattern, stratum)."""
    decided = completeness(net, limits=limits) if decided is None else decided
    for family, patterns in zip(decided.families, decided.patterns):
        cache: dict = {}
        for roles, strata in patterns:
            for s, dim in strata:
                yield (lambda family=family, roles=roles, s=s, dim=dim, cache=cache:
                       component(net, family, roles, s, dim, cache, certify, limits))


def fiber(net: Network, *, limit: int | None = None, progress: bool | Callable = False, certify: bool = True,
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
        reason).
    ConjectureError
        The completeness rests on Conjecture 10.6 and ``allow_conjecture`` is False.

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
    semialg_fibers.ConjectureError: three-layer fiber: the listed components are the whole fiber only if Conjecture 10.6 holds ...

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
    limit = build_limit(limit)
    try:
        decided = completeness(net, limits=limits)
    except NotDecidedError as exc:
        if not allow_partial:
            raise
        decided = partial(net, str(exc), limits=limits)
    require_proven(decided.status, allow_conjecture or allow_partial, "three-layer fiber")
    return ThreeLayerFiber.from_components(net, fiber_components(net, certify=certify, limits=limits, decided=decided), limit=limit,
                                           dimension=decided.dimension, progress=progress, status=decided.status,
                                           basis=decided.basis, families=decided.families)
