"""Fiber components and fibers: the values every fiber generator returns.

A :class:`FiberComponent` is one labelled piece of a fiber, given by a
*parametrization*: one SymPy expression per network coordinate (flat order,
symbols of :mod:`semialg_fibers.core.symbols`) in auxiliary symbols that range over
a basic set ``domain`` (e.g. ``lambda_i > 0``), plus the *implicit* form
(constraints in the coordinates only) where the generator knows it.  It is a
plain value: the generator computes everything (normalized expressions, the
dimension, a sampler of the domain, the exact tangent-rank certificate) and
:func:`make_component` assembles it; nothing is computed or changed when the
value is created.

A component may stand for ``multiplicity`` copies: the distinct images of its
set under permutations of hidden neurons.  :meth:`FiberComponent.contains`
decides membership in the union of those copies.

A :class:`Fiber` is the finite union of components of one network's fiber.

Both are values: they compare by their fields, pickle to equal values and
round-trip through JSON (``to_json`` / ``from_json``, the exact encoding of
:mod:`.serialize`), with their membership tests and samplers, which the
generators pass as values too (see :class:`FiberComponent`).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from . import serialize
from .exceptions import (
    ArgumentError,
    InternalCheckError,
    LimitReachedError,
    MalformedNetworkError,
    NotDecidedError,
    ShapeError,
)
from .limits import SearchLimits, resolve
from .network import Network
from .printing import Printable
from .results import FiberStatus
from .semialgebraic import BasicSet, map_parametrization
from .symbols import parameter_symbols, tilde_symbol
from .symmetries import hidden_permutations, permute_hidden
from .tangent import TangentCertificate, tangent_certificate

__all__ = ["FiberStatus", "FiberComponent", "Fiber", "make_component", "component_from_implicit"]



def _describe(pattern) -> str:
    describe = getattr(pattern, "describe", None)
    if callable(describe):
        return str(describe())
    text = getattr(pattern, "description", None)
    if isinstance(text, str):
        return text
    return str(pattern)


def _pattern_json(pattern):
    to_dict = getattr(pattern, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    return str(pattern)


@dataclass(frozen=True)
class FiberComponent(Printable):
    """One piece of a fiber: a parametrized semialgebraic set with its dimension and certificate.

    Build it with :func:`make_component` (or :func:`component_from_implicit`),
    which normalizes the expressions and computes the certificate.

    Printing (:class:`~semialg_fibers.core.printing.Printable`): ``latex()`` is
    LaTeX text mode, the pattern in words, dimension, copies, the
    parametrization and the implicit form as breakable displays
    (:func:`semialg_fibers.render.latex.component_block` without a heading;
    paste into any document that loads ``amsmath``); ``_repr_latex_`` the
    one-formula math-mode set (:func:`~semialg_fibers.render.latex.component_latex`);
    ``_repr_html_`` :func:`semialg_fibers.render.html.html`.

    Attributes
    ----------
    architecture : tuple of int
    pattern : hashable
        The generator's label of the piece (roles of the neurons).  If it has a
        ``describe()`` method or a ``description`` string, that text explains
        the piece in words in :meth:`latex` and :meth:`to_dict`.
    parametrization : tuple of SymPy expressions
        One rational function over Q of ``auxiliary`` per network coordinate,
        in flat order.
    auxiliary : tuple of sympy.Symbol
    domain : BasicSet
        A set over exactly ``auxiliary`` (no parametrization of its own).
    implicit : BasicSet or None
        The same piece as constraints in the coordinates
        (:func:`~semialg_fibers.core.symbols.parameter_symbols`), when known.
    dimension : int
        From the generator's derivation; compared with the tangent certificate.
    multiplicity : int
        Number of distinct copies (images under permutations of hidden
        neurons) this piece stands for.
    description : str
        Free text shown with the piece.
    membership : callable Network -> bool, optional
        Exact membership in the union of the copies, supplied by a generator
        that knows better; overrides the generic decision.  Called as
        ``membership(net)`` with a network of the component's architecture.
    sampler : callable seed -> tuple of Fraction, optional
        A point of ``domain`` per seed (``sampler(seed)``, the same point for
        the same seed), constructed by the generator (otherwise the domain is
        sampled by exact LP and rejection).
    certificate : TangentCertificate or None
        Exact tangent ranks at sampled points (None when not computed).

    Notes
    -----
    The library's generators pass ``membership`` and ``sampler`` as *values*:
    frozen dataclasses defined at module level in the generator's module,
    holding exactly the data the test or the construction needs, with a
    ``__call__`` method (:class:`~semialg_fibers.shallow.components.RoleMembership`,
    :class:`~semialg_fibers.orthant.components.OrthantMembership` and
    :class:`~semialg_fibers.orthant.components.StratumSampler`,
    :class:`~semialg_fibers.three_layer.components.ThreeLayerMembership` and
    :class:`~semialg_fibers.three_layer.components.ThreeLayerSampler`).  So
    every component pickles and has an exact JSON encoding
    (:meth:`to_json`).  Any other callable works too, but a closure or a
    lambda makes the component unpicklable and its ``"exact"`` JSON key null.

    Examples
    --------
    The ``H_2`` orbit of the shallow network ``x -> s(x) + 2 s(-x)``:

    >>> from semialg_fibers.core.symbols import auxiliary_symbols
    >>> l1, l2 = auxiliary_symbols("lambda", 2)
    >>> net = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 2]], [0])])
    >>> orbit = make_component(
    ...     net.architecture, "orbit", (l1, -l2, 0, 0, 1 / l1, 2 / l2, 0), (l1, l2),
    ...     BasicSet((l1, l2), [(l1, ">", 0), (l2, ">", 0)]), None, dimension=2, multiplicity=2)
    >>> orbit.certificate.ranks
    (2, 2)
    >>> scaled = Network.from_layers([([[3], [-1]], [0, 0]), ([["1/3", 2]], [0])])
    >>> orbit.contains(scaled), orbit.contains(permute_hidden(scaled, [(1, 0)]))
    (True, True)
    >>> orbit.contains(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 3]], [0])]))
    False
    >>> orbit.contains(orbit.sample(seed=3))
    True
    >>> FiberComponent.from_json(orbit.to_json()) == orbit
    True
    """

    architecture: tuple
    pattern: Hashable
    parametrization: tuple
    auxiliary: tuple
    domain: BasicSet
    implicit: BasicSet | None
    dimension: int
    multiplicity: int = 1
    description: str = ""
    membership: Callable | None = field(default=None, compare=False, repr=False)
    sampler: Callable | None = field(default=None, compare=False, repr=False)
    certificate: TangentCertificate | None = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        # Validation only: the value is assembled by make_component.
        arch = self.architecture
        if not isinstance(arch, tuple):
            raise TypeError(f"architecture is a {type(arch).__name__}; expected a tuple (use make_component)")
        count = len(parameter_symbols(arch))
        if not isinstance(self.parametrization, tuple) or len(self.parametrization) != count:
            raise ShapeError(f"parametrization has {len(tuple(self.parametrization or ()))} entries; architecture "
                             f"{arch} has {count} parameters")
        if not isinstance(self.domain, BasicSet) or self.domain.variables != self.auxiliary \
                or self.domain.auxiliary or self.domain.parametrization is not None:
            raise ValueError(f"domain must be a BasicSet over exactly the auxiliary symbols {self.auxiliary}")
        if self.implicit is not None and (not isinstance(self.implicit, BasicSet)
                                          or self.implicit.variables != parameter_symbols(arch)):
            raise ValueError(f"implicit must be None or a BasicSet over parameter_symbols({arch})")
        if isinstance(self.dimension, bool) or not isinstance(self.dimension, int) or not 0 <= self.dimension <= count:
            raise ValueError(f"dimension is {self.dimension!r}; expected an int in [0, {count}]")
        if isinstance(self.multiplicity, bool) or not isinstance(self.multiplicity, int) or self.multiplicity < 1:
            raise ValueError(f"multiplicity is {self.multiplicity!r}; expected a positive int")

    # ------------------------------------------------------------ the set
    @property
    def is_implicit_only(self) -> bool:
        """True when the component was given by its implicit form only (identity parametrization)."""
        return self.implicit is not None and self.auxiliary == _tilde(parameter_symbols(self.architecture))

    @property
    def coordinates(self) -> tuple:
        """The parameter symbols (flat order)."""
        return parameter_symbols(self.architecture)

    @cached_property
    def _set(self) -> BasicSet:
        return BasicSet(self.coordinates, self.domain.constraints, self.auxiliary, self.parametrization)

    def as_set(self) -> BasicSet:
        """The piece as a parametrized :class:`BasicSet` over the coordinates (one copy)."""
        return self._set

    @property
    def pattern_description(self) -> str:
        """The pattern explained in words (``pattern.describe()``, ``pattern.description`` or ``str``)."""
        return _describe(self.pattern)

    # ------------------------------------------------------------ certificate
    def certify(self, seeds: Sequence[int] = (0, 1)) -> TangentCertificate:
        """The tangent certificate: the stored one, or computed now (not stored: the value does not change).

        Raises
        ------
        InternalCheckError
            The maximal exact tangent rank at the sampled points differs from ``dimension``.
        """
        if self.certificate is not None:
            return self.certificate
        return _certificate(self.parametrization, self.auxiliary, self.domain, self.dimension, self.sampler,
                            tuple(seeds), self.pattern_description)

    def sample_auxiliary(self, seed: int = 0) -> tuple[Fraction, ...]:
        """A point of the domain: from the generator's sampler (checked against the domain), or sampled."""
        if self.sampler is None:
            return self.as_set().sample_auxiliary(seed=seed)
        point = tuple(self.sampler(seed))
        if not self.domain.contains(point):
            raise InternalCheckError(f"component {self.pattern_description!r}: the generator's point {point} "
                                     "is not in the domain")
        return point

    # ------------------------------------------------------------ membership
    def _check_network(self, net: Network) -> None:
        if not isinstance(net, Network):
            raise ArgumentError(f"expected a Network, got {type(net).__name__}")
        if net.architecture != self.architecture:
            raise ShapeError(f"the network has architecture {net.architecture}; the component {self.architecture}")

    def contains_representative(self, net: Network) -> bool:
        """Membership in the one copy described by the parametrization (no permutations).

        Uses the implicit form when given (substitution), otherwise decides the
        existence of auxiliary values exactly (see :meth:`BasicSet.contains`).
        """
        self._check_network(net)
        point = net.parameters()
        if self.implicit is not None:
            return self.implicit.contains(point)
        return self.as_set().contains(point)

    def contains(self, net: Network, limits: SearchLimits | None = None) -> bool:
        """Exact membership in the union of the ``multiplicity`` copies.

        Order: the generator's ``membership`` callable if given; otherwise the
        representative, then (for ``multiplicity > 1``) every permutation of
        hidden neurons applied to ``net``.

        Raises
        ------
        NotDecidedError
            Existence of auxiliary values is not linear, or there are more
            than ``limits.permutations`` permutations to try.
        """
        self._check_network(net)
        if self.membership is not None:
            return bool(self.membership(net))
        if self.contains_representative(net):
            return True
        if self.multiplicity == 1:
            return False
        count = math.prod(math.factorial(w) for w in self.architecture[1:-1])
        limits = resolve(limits)
        if limits.exceeded("permutations", count):
            raise LimitReachedError(f"{count} hidden-neuron permutations exceed the limit permutations = "
                                    f"{limits.permutations}; the generator should pass membership=",
                                    limit="permutations", value=limits.permutations)
        for perms in itertools.islice(hidden_permutations(self.architecture), 1, None):
            if self.contains_representative(permute_hidden(net, perms)):
                return True
        return False

    def __contains__(self, net: Network) -> bool:
        return self.contains(net)

    # ------------------------------------------------------------ sampling
    def sample(self, seed: int = 0) -> Network:
        """A network in the piece (the representative copy), deterministic given ``seed``.

        Takes a point of the domain (:meth:`sample_auxiliary`) and maps it
        through the parametrization.  When the implicit form is known, the
        sample is checked against it.

        Raises
        ------
        InternalCheckError
            The sample violates the implicit form (parametrization and implicit form disagree).
        """
        values = map_parametrization(self.parametrization, self.auxiliary, self.sample_auxiliary(seed))
        net = Network.from_parameters(self.architecture, values)
        if self.implicit is not None and not self.implicit.contains(values):
            raise InternalCheckError(f"component {self.pattern_description!r}: sample {values} of the "
                                     "parametrization violates the implicit form")
        return net

    # ------------------------------------------------------------ output
    def to_dict(self) -> dict:
        """JSON-ready dictionary for reading: pattern, description, dimension, multiplicity, sets, certificate."""
        return {
            "pattern": _pattern_json(self.pattern),
            "description": self.description or self.pattern_description,
            "dimension": self.dimension,
            "multiplicity": self.multiplicity,
            "parametrized": self.as_set().to_dict(),
            "implicit": None if self.implicit is None else self.implicit.to_dict(),
            "certificate": None if self.certificate is None else self.certificate.to_dict(),
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The JSON document: the keys of :meth:`to_dict`, and ``"exact"``, from which :meth:`from_json` rebuilds it.

        ``"exact"`` is ``{"version": 1, "value": ...}`` with the encoding of
        :mod:`semialg_fibers.core.serialize` of the whole component (every
        field, also the membership test, the sampler and the certificate), or
        null when the component holds a callable that is not a library value.
        """
        return json.dumps({**self.to_dict(), "exact": _exact(self)}, indent=indent)

    @classmethod
    def from_json(cls, text) -> FiberComponent:
        """The component written by :meth:`to_json` (JSON text, or the document already parsed).

        Raises
        ------
        MalformedNetworkError
            Not such a document: no ``"exact"`` key (or a null one), a type
            outside the allowlist of :mod:`.serialize`, or a value of another type.
        """
        return _from_json(cls, text)


_FORMAT = 1


def _exact(value) -> dict | None:
    """The ``"exact"`` key of a JSON document: the version and the encoding, None for a value holding a closure."""
    try:
        return {"version": _FORMAT, "value": serialize.encode(value)}
    except serialize.UnencodableError:
        return None


def _from_json(cls: type, text):
    """The value of type ``cls`` in the ``"exact"`` key of a JSON document (text or parsed)."""
    where = f"{cls.__name__}.from_json"
    document = text
    if isinstance(text, (str, bytes, bytearray)):
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise MalformedNetworkError(f"{where}: not JSON ({str(exc)[:80]})") from None
    exact = document.get("exact") if isinstance(document, dict) else None
    if not isinstance(exact, dict) or set(exact) != {"version", "value"} or exact["version"] != _FORMAT:
        why = ("its 'exact' key is null: the value held a callable that is not a library value"
               if isinstance(document, dict) and "exact" in document and exact is None
               else f"expected a document with the key 'exact': {{'version': {_FORMAT}, 'value': ...}} "
                    "(to_json writes it)")
        raise MalformedNetworkError(f"{where}: {why}")
    value = serialize.decode(exact["value"], f"{where}: exact.value")
    if not isinstance(value, cls):
        raise MalformedNetworkError(f"{where}: the document holds a {type(value).__name__}, not a value of type "
                                    f"{cls.__name__}")
    return value


def _tilde(coords) -> tuple:
    return tuple(tilde_symbol(c) for c in coords)


def _certificate(parametrization, auxiliary, domain, dimension, sampler, seeds, where) -> TangentCertificate:
    points = None
    if sampler is not None:
        points = [tuple(sampler(seed)) for seed in seeds]
        for point in points:
            if not domain.contains(point):
                raise InternalCheckError(f"component {where!r}: the generator's point {point} is not in the domain")
    return tangent_certificate(parametrization, auxiliary, domain, expected=dimension, seeds=seeds,
                               where=f"component {where!r}", points=points)


def make_component(architecture, pattern, parametrization, auxiliary, domain, implicit, dimension: int,
                   multiplicity: int = 1, description: str = "", membership: Callable | None = None,
                   sampler: Callable | None = None, *, certify: bool = True, seeds: Sequence[int] = (0, 1),
                   component_type: type | None = None, **extra) -> FiberComponent:
    """Assemble a :class:`FiberComponent`: normalize the expressions and, with ``certify``, compute its certificate.

    Parameters
    ----------
    architecture : sequence of int
    pattern : hashable
    parametrization : sequence of SymPy expressions (or exact numbers)
        One per network coordinate, in ``auxiliary``.
    auxiliary : sequence of sympy.Symbol
    domain : BasicSet or None
        Over exactly ``auxiliary`` (None: no constraint).
    implicit : BasicSet or None
    dimension : int
        The generator's value; the certificate must agree.
    multiplicity, description, membership, sampler
        As in :class:`FiberComponent`.
    certify : bool
        Compute the exact tangent-rank certificate now (default); without it
        :meth:`FiberComponent.certify` computes it on request.
    seeds : sequence of int
        The sampled points of the certificate.
    component_type : type, optional
        A subclass of :class:`FiberComponent` to build; ``extra`` holds its additional fields.

    Raises
    ------
    InternalCheckError
        The maximal exact tangent rank differs from ``dimension``.
    """
    arch = tuple(architecture)
    aux = tuple(auxiliary)
    domain = BasicSet(aux, ()) if domain is None else domain
    normalized = BasicSet(parameter_symbols(arch), domain.constraints, aux, tuple(parametrization))
    certificate = None
    where = description or _describe(pattern)
    if certify:
        certificate = _certificate(normalized.parametrization, aux, domain, dimension, sampler, tuple(seeds), where)
    kind = component_type or FiberComponent
    return kind(arch, pattern, normalized.parametrization, aux, domain, implicit, dimension, multiplicity,
                description, membership, sampler, certificate, **extra)


def component_from_implicit(architecture, pattern, implicit: BasicSet, dimension: int, **options) -> FiberComponent:
    """A component given by its implicit form only: the identity parametrization over copies of the coordinates.

    The implicit form must be samplable by exact LP and rejection (see
    :meth:`BasicSet.sample`); ``options`` go to :func:`make_component`.
    """
    arch = tuple(architecture)
    coords = parameter_symbols(arch)
    if not isinstance(implicit, BasicSet) or implicit.variables != coords or implicit.auxiliary \
            or implicit.parametrization is not None:
        raise ValueError(f"implicit must be a BasicSet over parameter_symbols({arch}) without auxiliary symbols")
    tilde = _tilde(coords)
    renamed = [c.as_relational().xreplace(dict(zip(coords, tilde))) for c in implicit.constraints]
    return make_component(arch, pattern, tilde, tilde, BasicSet(tilde, renamed), implicit, dimension, **options)


@dataclass(frozen=True)
class Fiber(Printable):
    """The fiber of a network as a finite union of components.

    Printing (:class:`~semialg_fibers.core.printing.Printable`):
    ``latex(title=None)`` is LaTeX text mode, a ``\\section*`` with the network,
    then one block per component with its pattern in words
    (:func:`semialg_fibers.render.latex.fiber_latex`; paste into any document
    that loads ``amsmath``); ``_repr_latex_`` the display formula
    ``F(theta) = S_1 cup S_2 ...`` (:func:`~semialg_fibers.render.latex.fiber_latex_inline`);
    ``_repr_html_`` :func:`semialg_fibers.render.html.html`.

    Attributes
    ----------
    network : Network
    components : tuple of FiberComponent
        The components kept (all of them unless a limit was applied).
    omitted : int
        How many components were left out by the ``limit`` of :meth:`from_components`.
    dimension : int
        The maximum of the component dimensions; when components were omitted
        the generator must pass it (otherwise it is unknown and
        :attr:`dimension` is None).
    status : FiberStatus
        Whether the union is proven to be the whole fiber, rests on a stated
        conjecture, or is partial (every listed component lies in the fiber).
    basis : str
        The theorem, conjecture or check the status rests on.

    Examples
    --------
    >>> from semialg_fibers.core.symbols import auxiliary_symbols
    >>> (l,) = auxiliary_symbols("lambda", 1)
    >>> net = Network.from_layers([([[2]], [0]), ([[3]], [1])])
    >>> orbit = FiberComponent(net.architecture, "orbit", (2 * l, 0, 3 / l, 1), (l,),
    ...                        BasicSet((l,), [(l, ">", 0)]), None, dimension=1)
    >>> fiber = Fiber.from_components(net, [orbit])
    >>> fiber.dimension, len(fiber), fiber.contains(net)
    (1, 1, True)
    >>> import pickle
    >>> pickle.loads(pickle.dumps(fiber)) == fiber == Fiber.from_json(fiber.to_json())
    True
    """

    network: Network
    components: tuple = ()
    omitted: int = 0
    dimension: int | None = None
    status: FiberStatus = FiberStatus.PROVEN
    basis: str = ""

    def __post_init__(self):
        object.__setattr__(self, "status", FiberStatus(self.status))
        comps = tuple(self.components)
        for i, c in enumerate(comps):
            if not isinstance(c, FiberComponent):
                raise TypeError(f"components[{i}] is a {type(c).__name__}; expected FiberComponent")
            if c.architecture != self.network.architecture:
                raise ShapeError(f"components[{i}] has architecture {c.architecture}; "
                                 f"the network {self.network.architecture}")
        object.__setattr__(self, "components", comps)
        if self.dimension is None and self.omitted == 0:
            object.__setattr__(self, "dimension", max((c.dimension for c in comps), default=-1))
        elif self.dimension is not None and comps and max(c.dimension for c in comps) > self.dimension:
            raise InternalCheckError(f"a component has dimension {max(c.dimension for c in comps)} "
                                     f"> the fiber's {self.dimension}")

    @classmethod
    def from_components(cls, network: Network, components: Iterable, limit: int | None = None,
                        dimension: int | None = None, progress: bool | Callable = False,
                        status: FiberStatus = FiberStatus.PROVEN, basis: str = "", **extra) -> Fiber:
        """Collect components lazily, keeping at most ``limit`` and counting the rest.

        Parameters
        ----------
        network : Network
        components : iterable of FiberComponent or of zero-argument callables returning one
            Callables beyond the limit are counted but never called, so a
            generator can yield cheap thunks for huge fibers.
        limit : int, optional
        dimension : int, optional
            The fiber dimension (required to know it when components are omitted).
        progress : bool or callable
            Reports the components built (:mod:`semialg_fibers.core.progress`):
            ``True`` prints lines on stderr, a callable receives
            :class:`~semialg_fibers.core.progress.ProgressUpdate` values.
        status, basis
            As in :class:`Fiber`.
        **extra
            The additional fields of a subclass.
        """
        from .progress import reporting, task

        kept, omitted = [], 0
        with reporting(progress), task("fiber components", unit="components") as bar:
            for item in components:
                if limit is None or len(kept) < limit:
                    kept.append(item() if callable(item) and not isinstance(item, FiberComponent) else item)
                else:
                    omitted += 1
                bar.advance()
        return cls(network, tuple(kept), omitted, dimension, status, basis, **extra)

    def __iter__(self) -> Iterator[FiberComponent]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    @property
    def is_complete(self) -> bool:
        """True iff no component was omitted."""
        return self.omitted == 0

    @property
    def proven(self) -> bool:
        """True iff the union is proven to be the whole fiber."""
        return self.status == FiberStatus.PROVEN

    @property
    def completeness_note(self) -> str:
        """One sentence for reports: what the completeness rests on ("" when no basis is recorded)."""
        if not self.basis:
            return ""
        if self.proven:
            return f"The union is the whole fiber ({self.basis})."
        if self.status == FiberStatus.PARTIAL:
            return (f"Every listed component lies in the fiber, but the fiber may have others, so the dimension is a "
                    f"lower bound ({self.basis}).")
        return f"The union is the whole fiber if a conjecture holds ({self.basis})."

    def contains(self, net: Network, limits: SearchLimits | None = None) -> bool:
        """True iff some component contains ``net``.

        Raises
        ------
        NotDecidedError
            No kept component contains it and either components were omitted
            or some component could not decide.
        """
        undecided = []
        for i, c in enumerate(self.components):
            try:
                if c.contains(net, limits):
                    return True
            except NotDecidedError as exc:
                undecided.append(f"component {i}: {exc}")
        if self.omitted:
            undecided.append(f"{self.omitted} components were omitted by the limit")
        if undecided:
            raise NotDecidedError("not in any decided component; " + "; ".join(undecided))
        return False

    def __contains__(self, net: Network) -> bool:
        return self.contains(net)

    # ------------------------------------------------------------ the fiber as a graph
    def adjacency(self, *, modulo: str | None = "permutations", limits: SearchLimits | None = None):
        """The adjacency graph of the components (a ``networkx.Graph``): :func:`semialg_fibers.graph.adjacency`."""
        from .hooks import lookup

        return lookup("graph", "adjacency")(self, modulo=modulo, limits=limits)

    def connected_components(self, *, modulo: str | None = "permutations", limits: SearchLimits | None = None):
        """The connected components, modulo permutations or not: :func:`semialg_fibers.graph.connected_components`."""
        from .hooks import lookup

        return lookup("graph", "connected_components")(self, modulo=modulo, limits=limits)

    def path(self, a: Network, b: Network, *, limits: SearchLimits | None = None):
        """An exact path from ``a`` to ``b`` inside the fiber, or a proof of none: :func:`semialg_fibers.graph.path`."""
        from .hooks import lookup

        return lookup("graph", "path")(self, a, b, limits=limits)

    def to_dict(self) -> dict:
        """JSON-ready dictionary for reading (the command line prints it): network, dimension, status, components."""
        return {
            "architecture": list(self.network.architecture),
            "network": [str(v) for v in self.network.parameters()],
            "dimension": self.dimension,
            "omitted": self.omitted,
            "status": str(self.status),
            "basis": self.basis,
            "components": [c.to_dict() for c in self.components],
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The JSON document: the keys of :meth:`to_dict`, and ``"exact"``, from which :meth:`from_json` rebuilds it.

        The shape::

            {"architecture": [...], "network": ["p/q", ...], "dimension": d, "omitted": n,
             "status": "proven", "basis": "...", "components": [{...}, ...],   (to_dict, for reading)
             "exact": {"version": 1, "value": {"$type": "semialg_fibers.core.components.Fiber", ...}}}

        ``"exact"`` holds the encoding of :mod:`semialg_fibers.core.serialize`
        of the whole value, type included (a subclass such as
        ``ThreeLayerFiber`` with its extra fields): the network, every
        component with its membership test, sampler and certificate, shared
        values written once; null when a component holds a callable that is
        not a library value.
        """
        return json.dumps({**self.to_dict(), "exact": _exact(self)}, indent=indent)

    @classmethod
    def from_json(cls, text) -> Fiber:
        """The fiber written by :meth:`to_json` (JSON text, or the document already parsed), of its own type.

        ``Fiber.from_json`` returns a :class:`~semialg_fibers.three_layer.fiber.ThreeLayerFiber`
        for the document of one; nothing in the document is evaluated (:mod:`.serialize`).

        Raises
        ------
        MalformedNetworkError
            Not such a document: no ``"exact"`` key (or a null one), a type
            outside the allowlist of :mod:`.serialize`, or a value that is not a ``cls``.
        """
        return _from_json(cls, text)
