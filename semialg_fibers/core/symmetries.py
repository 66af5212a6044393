"""The obvious symmetries ``H``: permutations and positive scalings of the neurons of every hidden layer.

For a hidden layer ``l`` with ``n_l`` neurons, ``h = P D`` (``P`` a permutation,
``D`` positive diagonal) acts by ``W_l <- h W_l``, ``b_l <- h b_l``,
``W_{l+1} <- W_{l+1} h^{-1}``; it preserves the function because
``s(h y) = h s(y)``.  ``H`` is the product of these groups over the hidden
layers (``docs/mathematics.md``, Section 2).  This module holds, for networks of
any depth:

* the action (:func:`act`, :func:`scale_neuron`, :func:`permute_hidden`);
* the infinitesimal generators of the scalings, as vector fields on parameter
  space (:func:`scaling_generator`, :class:`VectorField`);
* an exact decision of ``b in H . a`` that costs one normalization per
  network (:func:`normal_form`, :func:`same_orbit`), so that identical or
  ``H``-related networks are recognized before any exponential search;
* :func:`orbit_dimension`.
"""

from __future__ import annotations

import enum
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import sympy

from .exceptions import ArgumentError, LimitReachedError, NotDecidedError, ShapeError
from .limits import SearchLimits, resolve
from .network import Network
from .printing import Printable
from .progress import task
from .symbols import parameter_symbols

__all__ = [
    "SymmetryKind",
    "Action",
    "Symmetry",
    "h_symmetries",
    "zero_output_freedom",
    "trade_outgoing",
    "set_incoming",
    "VectorField",
    "act",
    "scale_neuron",
    "permute_hidden",
    "hidden_permutations",
    "scaling_generator",
    "scaling_generators",
    "normal_form",
    "same_orbit",
    "orbit_verdict",
    "orbit_dimension",
    "parameter_index",
    "coordinate_field",
    "mixing_generator",
    "bias_shift_generator",
]

_ZERO = Fraction(0)
_ONE = Fraction(1)


# ---------------------------------------------------------------------------- the action
def _check_layer(net: Network, layer: int) -> int:
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    hidden = len(net.hidden_widths)
    if isinstance(layer, bool) or not isinstance(layer, int) or not 1 <= layer <= hidden:
        raise ShapeError(f"hidden layer {layer!r} does not exist; architecture {net.architecture} has hidden layers "
                         f"1..{hidden}")
    return net.architecture[layer]


def _rows(net: Network) -> list[list]:
    return [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]


def act(net: Network, layer: int, permutation: Sequence[int], scaling: Sequence) -> Network:
    """Apply ``h = P D`` to hidden layer ``layer`` (1-based): neuron ``i`` is scaled by ``scaling[i] > 0`` and moved
    to position ``permutation[i]``.

    Parameters
    ----------
    net : Network
    layer : int
        Hidden layer index, ``1 <= layer <= depth - 1``.
    permutation : sequence of int
        A permutation of ``range(n_layer)``.
    scaling : sequence of exact positive numbers

    Returns
    -------
    Network
        Realizes the same function as ``net``.

    Examples
    --------
    >>> net = Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])])
    >>> act(net, 1, (1, 0), (Fraction(2), Fraction(1, 2))) == net
    True
    """
    from .exact import to_rational

    width = _check_layer(net, layer)
    perm = tuple(permutation)
    if sorted(perm) != list(range(width)):
        raise ShapeError(f"permutation {perm} is not a permutation of range({width})")
    scale = [to_rational(d, f"scaling[{i}]") for i, d in enumerate(scaling)]
    if len(scale) != width or any(d <= 0 for d in scale):
        raise ValueError(f"scaling must hold {width} positive numbers, got {[str(d) for d in scale]}")
    layers = _rows(net)
    weight, bias = layers[layer - 1]
    new_weight, new_bias = [None] * width, [None] * width
    for i in range(width):
        new_weight[perm[i]] = [v * scale[i] for v in weight[i]]
        new_bias[perm[i]] = bias[i] * scale[i]
    layers[layer - 1] = [new_weight, new_bias]
    nxt_weight, nxt_bias = layers[layer]
    moved = []
    for row in nxt_weight:
        out = [None] * width
        for i in range(width):
            out[perm[i]] = row[i] / scale[i]
        moved.append(out)
    layers[layer] = [moved, nxt_bias]
    return Network.from_layers(layers)


def scale_neuron(net: Network, layer: int, index: int, factor) -> Network:
    """Scale neuron ``index`` (0-based) of hidden layer ``layer`` by ``factor > 0``: incoming times it, outgoing divided.

    >>> net = Network.from_layers([([[1]], [-1]), ([[3]], [0])])
    >>> scale_neuron(net, 1, 0, 3).parameters() == tuple(map(Fraction, (3, -3, 1, 0)))
    True
    """
    width = _check_layer(net, layer)
    if not 0 <= index < width:
        raise ShapeError(f"neuron {index} does not exist in hidden layer {layer} of width {width}")
    scaling = [_ONE] * width
    scaling[index] = factor
    return act(net, layer, tuple(range(width)), scaling)


def hidden_permutations(architecture: Sequence[int]):
    """All tuples of permutations, one per hidden layer (identity first).

    >>> list(hidden_permutations((1, 2, 1)))
    [((0, 1),), ((1, 0),)]
    """
    return itertools.product(*(itertools.permutations(range(w)) for w in tuple(architecture)[1:-1]))


def permute_hidden(net: Network, permutations: Sequence[Sequence[int]]) -> Network:
    """The network with hidden neurons reordered: new neuron ``i`` of hidden layer ``l`` is old neuron ``permutations[l][i]``.

    >>> net = Network.from_layers([([[1], [2]], [3, 4]), ([[5, 6]], [7])])
    >>> permute_hidden(net, [(1, 0)]).parameters() == tuple(map(Fraction, (2, 1, 4, 3, 6, 5, 7)))
    True
    """
    perms = [tuple(p) for p in permutations]
    if len(perms) != len(net.hidden_widths):
        raise ShapeError(f"got {len(perms)} permutations; the network has {len(net.hidden_widths)} hidden layers")
    for layer, p in enumerate(perms, start=1):
        width = net.architecture[layer]
        if sorted(p) != list(range(width)):
            raise ShapeError(f"permutations[{layer - 1}] = {p} is not a permutation of range({width})")
        inverse = [0] * width
        for new, old in enumerate(p):
            inverse[old] = new
        net = act(net, layer, inverse, [_ONE] * width)
    return net


# ---------------------------------------------------------------------------- generators
@dataclass(frozen=True)
class VectorField(Printable):
    """A vector field on the parameter space of an architecture.

    ``latex()`` is LaTeX text mode, the field as a breakable display
    (:func:`semialg_fibers.render.latex.vector_field_latex`); ``_repr_html_``
    its fields (:func:`semialg_fibers.render.html.html`).

    Attributes
    ----------
    architecture : tuple of int
    components : tuple of sympy.Expr
        One expression per parameter coordinate (flat order, docs/mathematics.md, Section 1), in the
        parameter symbols :func:`~semialg_fibers.core.symbols.parameter_symbols`.  Given as exact
        numbers, SymPy expressions or strings, each is converted by
        :func:`~semialg_fibers.core.expressions.as_expression` when the field is made (a string is
        parsed, never evaluated; a float is refused).
    name : str
        What the field generates, in words.
    """

    architecture: tuple
    components: tuple
    name: str = ""

    def __post_init__(self):
        # Every component becomes an exact SymPy expression here, through the one safe converter (a string is
        # parsed, never evaluated), so that printers and the conservation algebra only ever see SymPy values.
        from .expressions import as_expression
        from .network import as_list

        arch = tuple(as_list(self.architecture, "architecture"))
        if len(arch) < 2 or any(isinstance(w, bool) or not isinstance(w, int) or w < 1 for w in arch):
            raise ShapeError(f"architecture {arch!r} of a vector field must be at least two positive integers")
        components = as_list(self.components, "components")
        size = sum(arch[i + 1] * (arch[i] + 1) for i in range(len(arch) - 1))
        if len(components) != size:
            raise ShapeError(f"a vector field on architecture {arch} has {size} components, got {len(components)}")
        if not isinstance(self.name, str):
            raise TypeError(f"name is a {type(self.name).__name__}; expected a str")
        names = None
        converted = []
        for i, expr in enumerate(components):
            if isinstance(expr, sympy.Basic) and expr.is_Atom and not isinstance(expr, sympy.Float):
                converted.append(expr)  # the common case: 0, a number or a parameter symbol
                continue
            if names is None:
                names = _symbol_names(arch)
            converted.append(as_expression(expr, f"components[{i}]", names))
        object.__setattr__(self, "architecture", arch)
        object.__setattr__(self, "components", tuple(converted))

    @property
    def coordinates(self) -> tuple:
        """The parameter symbols, in the order of :attr:`components`."""
        return parameter_symbols(self.architecture)

    def at(self, net: Network) -> tuple[Fraction, ...]:
        """The field's value at ``net`` (exact).

        >>> net = Network.from_layers([([[2]], [1]), ([[3]], [0])])
        >>> scaling_generator(net.architecture, 1, 0).at(net) == tuple(map(Fraction, (2, 1, -3, 0)))
        True
        """
        if net.architecture != tuple(self.architecture):
            raise ShapeError(f"the network has architecture {net.architecture}; the field {self.architecture}")
        values = dict(zip(self.coordinates, (sympy.Rational(v.numerator, v.denominator) for v in net.parameters())))
        from .expressions import as_expression

        out = []
        for i, expr in enumerate(self.components):
            # converted when the field was made; again here, for a field whose components were set past its constructor
            value = as_expression(expr, f"components[{i}]").xreplace(values)
            if not value.is_Rational:
                raise ValueError(f"field component {expr} does not evaluate to a rational at the point")
            out.append(Fraction(int(value.p), int(value.q)))
        return tuple(out)

    def to_dict(self) -> dict:
        """JSON-ready dictionary: the nonzero components by coordinate name."""
        return {"name": self.name, "architecture": list(self.architecture),
                "components": {str(c): sympy.sstr(e) for c, e in zip(self.coordinates, self.components) if e != 0}}


def scaling_generator(architecture: Sequence[int], layer: int, index: int) -> VectorField:
    """``d/dt`` at ``t = 0`` of scaling neuron ``index`` of hidden layer ``layer`` by ``e^t``.

    The field is ``+theta`` on the neuron's incoming weights and bias and
    ``-theta`` on its outgoing weights, ``0`` elsewhere.

    >>> field = scaling_generator((1, 1, 1), 1, 0)
    >>> field.components
    (W1_1_1, b1_1, -W2_1_1, 0)
    """
    arch = tuple(architecture)
    coords = parameter_symbols(arch)
    if not 1 <= layer <= len(arch) - 2 or not 0 <= index < arch[layer]:
        raise ShapeError(f"neuron {index} of hidden layer {layer} does not exist in architecture {arch}")
    comps = [sympy.Integer(0)] * len(coords)
    offset = sum(arch[l + 1] * (arch[l] + 1) for l in range(layer - 1))
    n_in, n_out = arch[layer - 1], arch[layer]
    for j in range(n_in):
        pos = offset + index * n_in + j
        comps[pos] = coords[pos]
    pos = offset + n_out * n_in + index
    comps[pos] = coords[pos]
    offset += n_out * (n_in + 1)
    n_next = arch[layer + 1]
    for r in range(n_next):
        pos = offset + r * n_out + index
        comps[pos] = -coords[pos]
    return VectorField(arch, tuple(comps), f"positive scaling of neuron {index + 1} of hidden layer {layer}")


def scaling_generators(architecture: Sequence[int]) -> tuple[VectorField, ...]:
    """The scaling generator of every hidden neuron, layer by layer."""
    arch = tuple(architecture)
    return tuple(scaling_generator(arch, l, i) for l in range(1, len(arch) - 1) for i in range(arch[l]))


# ---------------------------------------------------------------------------- symmetry values
class SymmetryKind(enum.StrEnum):
    """The kinds of symmetries the library reports (any depth; the three-layer ones in :mod:`.three_layer`)."""

    PERMUTATION = "permutation"
    SCALING = "scaling"
    ZERO_OUTPUT_FREEDOM = "zero-output freedom"
    DEAD_FREEDOM = "dead-neuron freedom"
    CONSTANT_FREEDOM = "constant-neuron freedom"
    KINK_SPLIT = "kink split"
    CANCELLING_GROUP = "cancelling group"
    LINEAR_MIXING = "linear-row mixing"
    LINEAR_BIAS = "linear-row bias"
    HIDING_TRANSLATION = "hiding translation"
    SIGN_CHANGE = "sign change"
    LAYER_FLIP = "layer-wise orientation flip"
    DEAD_REVIVAL = "dead-row revival"
    RAMP_FLIP = "ramp flip"


@dataclass(frozen=True)
class Action:
    """An exact move as data: ``function(net, *args, *values, **dict(keywords))``.

    ``function`` is a module-level function, so an action pickles (by the
    function's name) and compares by value, unlike a closure; ``args`` are
    bound before the values the caller passes to :meth:`Symmetry.apply`,
    ``keywords`` by name.

    Attributes
    ----------
    function : callable
        A module-level function taking the network first.
    args : tuple
        Positional arguments bound after the network (hashable values).
    keywords : tuple of (str, object)
        Keyword arguments bound by name, sorted by name (a mapping is accepted
        and sorted).

    Raises
    ------
    TypeError
        ``function`` is not callable, or is a lambda or a nested function
        (it would not pickle).

    Examples
    --------
    >>> import pickle
    >>> net = Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])])
    >>> move = Action(scale_neuron, (1, 0))
    >>> move(net, 2) == scale_neuron(net, 1, 0, 2)
    True
    >>> pickle.loads(pickle.dumps(move)) == move
    True
    >>> Action(act, (1,), {"scaling": (1, 1)})
    Action(semialg_fibers.core.symmetries.act, args=(1,), keywords=(('scaling', (1, 1)),))
    """

    function: Callable
    args: tuple = ()
    keywords: tuple = ()

    def __post_init__(self):
        name = getattr(self.function, "__qualname__", None)
        if not callable(self.function) or name is None or "<" in name:
            raise TypeError(f"an Action needs a module-level function (it pickles by name), got {self.function!r}")
        object.__setattr__(self, "args", tuple(self.args))
        keywords = self.keywords.items() if isinstance(self.keywords, dict) else self.keywords
        object.__setattr__(self, "keywords", tuple(sorted((str(k), v) for k, v in keywords)))

    def __call__(self, net: Network, *values) -> Network:
        """The move applied to ``net`` with the caller's ``values`` after the bound ``args``."""
        return self.function(net, *self.args, *values, **dict(self.keywords))

    def __repr__(self) -> str:
        # The function by its import path: a default repr would print its memory address.
        parts = [f"{self.function.__module__}.{self.function.__qualname__}"]
        if self.args:
            parts.append(f"args={self.args!r}")
        if self.keywords:
            parts.append(f"keywords={self.keywords!r}")
        return f"Action({', '.join(parts)})"


@dataclass(frozen=True)
class Symmetry(Printable):
    """One symmetry present at a network: a family of function-preserving moves with an exact action.

    ``latex()`` is LaTeX text mode: kind, description, parameters and
    generators (:func:`semialg_fibers.render.latex.symmetry_latex`);
    ``_repr_html_`` its fields (:func:`semialg_fibers.render.html.html`).

    Attributes
    ----------
    kind : SymmetryKind
    description : str
        What moves, in words, with the neurons or rows involved.
    continuous : bool
    dimension : int
        Number of continuous parameters (0 for a discrete symmetry).
    order : int or None
        Order of the group of a discrete symmetry (None for continuous ones
        or when the moves do not form a group).
    parameters : tuple of (str, str)
        Named parameters of the family and their exact domain in words
        (for example ``("t", "t >= -3/2 (closed half-line, lower end included)")``).
    neurons : tuple of (int, int)
        ``(hidden layer, neuron)`` pairs involved (1-based layers, 0-based neurons).
    generators : tuple of VectorField
        Infinitesimal generators (continuous symmetries): vector fields on
        parameter space tangent to the fiber.
    action : Action or None
        The exact move, ``action(net, *values) -> Network``; use :meth:`apply`.
        A module-level function given here is wrapped in an :class:`Action`.
    """

    kind: SymmetryKind
    description: str
    continuous: bool
    dimension: int = 0
    order: int | None = None
    parameters: tuple = ()
    neurons: tuple = ()
    generators: tuple = ()
    action: Action | None = field(default=None, repr=False)

    def __post_init__(self):
        if self.action is not None and not isinstance(self.action, Action):
            object.__setattr__(self, "action", Action(self.action))

    def apply(self, net: Network, *values) -> Network:
        """Another point of the fiber: the move with the given parameter values, applied exactly."""
        if self.action is None:
            raise NotDecidedError(f"{self.kind}: no exact action is available for this symmetry")
        return self.action(net, *values)

    def to_dict(self) -> dict:
        """JSON-ready dictionary (generators as their nonzero components)."""
        return {"kind": str(self.kind), "description": self.description, "continuous": self.continuous,
                "dimension": self.dimension, "order": self.order,
                "parameters": [list(p) for p in self.parameters],
                "neurons": [list(n) for n in self.neurons],
                "generators": [g.to_dict() for g in self.generators]}


def set_incoming(net: Network, layer: int, index: int, row: Sequence) -> Network:
    """Replace the incoming weights and bias of neuron ``index`` of hidden layer ``layer`` (exact entries).

    Preserves the function when the neuron's outgoing weights are zero (see :func:`zero_output_freedom`).

    >>> net = Network.from_layers([([[1], [2]], [0, 1]), ([[3, 0]], [0])])
    >>> set_incoming(net, 1, 1, [5, -1]).layers[0].weight[1] == (Fraction(5),)
    True
    """
    from .exact import to_rational

    width = _check_layer(net, layer)
    if not 0 <= index < width:
        raise ShapeError(f"neuron {index} does not exist in hidden layer {layer} of width {width}")
    n_in = net.architecture[layer - 1]
    values = [to_rational(x, f"row[{j}]") for j, x in enumerate(row)]
    if len(values) != n_in + 1:
        raise ShapeError(f"row has {len(values)} entries; neuron {index + 1} of hidden layer {layer} has "
                         f"{n_in} weights and a bias")
    layers = _rows(net)
    layers[layer - 1][0][index], layers[layer - 1][1][index] = values[:n_in], values[n_in]
    return Network.from_layers(layers)


def trade_outgoing(net: Network, layer: int, i: int, l: int, v: Sequence) -> Network:
    """For neurons ``i``, ``l`` of hidden layer ``layer`` with incoming rows ``row_l = lambda row_i``, ``lambda > 0``:
    ``W_{layer+1}[:, i] += lambda v`` and ``W_{layer+1}[:, l] -= v``.

    The two neurons output ``z_l = lambda z_i``, so only ``W[:, i] + lambda W[:, l]`` matters (any depth).

    Raises
    ------
    ValueError
        The rows are not positive multiples of each other (or ``i == l``).

    >>> net = Network.from_layers([([[1], [2]], [1, 2]), ([[1, 1]], [0])])
    >>> trade_outgoing(net, 1, 0, 1, [1])(["3"]) == net(["3"])
    True
    """
    from .exact import to_rational

    width = _check_layer(net, layer)
    if not (0 <= i < width and 0 <= l < width) or i == l:
        raise ValueError(f"neurons {i + 1} and {l + 1} of hidden layer {layer} are not two distinct neurons")
    incoming = net.layers[layer - 1]
    row_i = tuple(incoming.weight[i]) + (incoming.bias[i],)
    row_l = tuple(incoming.weight[l]) + (incoming.bias[l],)
    ratios = {b / a for a, b in zip(row_i, row_l) if a}
    lam = ratios.pop() if len(ratios) == 1 else None
    if lam is None or lam <= 0 or any(b != lam * a for a, b in zip(row_i, row_l)):
        raise ValueError(f"neurons {i + 1} and {l + 1} of hidden layer {layer} do not share an oriented hyperplane")
    outgoing = net.layers[layer]
    values = [to_rational(x, f"v[{r}]") for r, x in enumerate(v)]
    if len(values) != len(outgoing.bias):
        raise ShapeError(f"v has {len(values)} entries; layer {layer + 1} has {len(outgoing.bias)} neurons")
    layers = _rows(net)
    for r, x in enumerate(values):
        layers[layer][0][r][i] += lam * x
        layers[layer][0][r][l] -= x
    return Network.from_layers(layers)


def zero_output_freedom(net: Network, layer: int, index: int) -> Symmetry:
    """The freedom of a neuron with zero outgoing weights: its incoming weights and bias are free (any depth).

    ``apply(net, row)`` sets them to ``row`` (weights, then the bias).

    >>> net = Network.from_layers([([[1], [2]], [0, 1]), ([[3, 0]], [0])])
    >>> sym = zero_output_freedom(net, 1, 1)
    >>> sym.dimension, sym.apply(net, [5, -1])(["1"]) == net(["1"])
    (2, True)
    """
    width = _check_layer(net, layer)
    if not 0 <= index < width:
        raise ShapeError(f"neuron {index} does not exist in hidden layer {layer} of width {width}")
    if any(row[index] for row in net.layers[layer].weight):
        raise ValueError(f"neuron {index + 1} of hidden layer {layer} has nonzero outgoing weights")
    arch = net.architecture
    n_in = arch[layer - 1]
    gens = tuple(coordinate_field(arch, parameter_index(arch, layer, index, j)) for j in range(n_in)) + (
        coordinate_field(arch, parameter_index(arch, layer, index)),)
    return Symmetry(SymmetryKind.ZERO_OUTPUT_FREEDOM,
                    f"neuron {index + 1} of hidden layer {layer} has zero outgoing weights: its incoming weights "
                    "and bias move freely", True, n_in + 1,
                    parameters=(("row", f"any {n_in + 1} numbers (weights, then the bias)"),),
                    neurons=((layer, index),), generators=gens,
                    action=Action(set_incoming, (layer, index)))


def h_symmetries(net: Network) -> tuple[Symmetry, ...]:
    """The symmetries of ``H`` present at every network: one scaling per hidden neuron, one permutation group per layer.

    Scalings act by ``apply(net, factor)``; the permutations of hidden layer ``l``
    by ``apply(net, permutation)`` (neuron ``i`` moves to ``permutation[i]``).

    >>> net = Network.from_layers([([[1], [2]], [0, 0]), ([[2, 1]], [0])])
    >>> [(s.kind, s.dimension, s.order) for s in h_symmetries(net)]  # doctest: +NORMALIZE_WHITESPACE
    [(<SymmetryKind.PERMUTATION: 'permutation'>, 0, 2), (<SymmetryKind.SCALING: 'scaling'>, 1, None),
     (<SymmetryKind.SCALING: 'scaling'>, 1, None)]
    >>> h_symmetries(net)[1].apply(net, 2) == scale_neuron(net, 1, 0, 2)
    True
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    out: list[Symmetry] = []
    with task("symmetries of H", total=sum(net.hidden_widths), unit="neurons") as bar:
        for layer in range(1, net.depth):
            _h_layer(net, layer, out, bar)
    return tuple(out)


def _h_layer(net: Network, layer: int, out: list, bar) -> None:
    """Append the permutations and the scalings of hidden layer ``layer`` to ``out`` (one step per neuron)."""
    width = net.architecture[layer]
    if width > 1:
        out.append(Symmetry(
            SymmetryKind.PERMUTATION, f"permutations of the {width} neurons of hidden layer {layer}", False,
            order=math.factorial(width), parameters=(("permutation", f"a permutation of range({width})"),),
            neurons=tuple((layer, i) for i in range(width)),
            action=Action(act, (layer,), {"scaling": (_ONE,) * width})))
    for i in range(width):
        out.append(Symmetry(
            SymmetryKind.SCALING, f"positive scaling of neuron {i + 1} of hidden layer {layer}", True, 1,
            parameters=(("factor", "factor > 0"),), neurons=((layer, i),),
            generators=(scaling_generator(net.architecture, layer, i),),
            action=Action(scale_neuron, (layer, i))))
        bar.advance()


@lru_cache(maxsize=8)
def _symbol_names(arch: tuple) -> dict:
    """Parameter symbols by name (built once per architecture: ACAS Xu has 300 generators of 13305 entries)."""
    return {str(c): c for c in parameter_symbols(arch)}


# ---------------------------------------------------------------------------- orbits
def _lead(values) -> Fraction | None:
    return next((v for v in values if v), None)


def _normalize(layers: list, start: int = 1) -> tuple[list, list]:
    """Normalize hidden layers ``start..``: scale each neuron, then sort; returns ``(layers, ties)``.

    A neuron with a nonzero incoming row is scaled so that the first nonzero
    entry of the row is ``+-1``; one with a zero row (constant 0 after the
    ReLU) so that its outgoing column starts with ``+-1``.  Neurons are then
    sorted by ``(incoming row, outgoing column)``.  ``ties`` lists, per hidden
    layer before the last, the groups of neurons with equal incoming rows:
    for them the outgoing column is not yet in canonical coordinates.
    """
    ties = []
    hidden = len(layers) - 1
    for l in range(start, hidden + 1):
        weight, bias = layers[l - 1]
        nxt_weight, _ = layers[l]
        width = len(bias)
        cols = [[row[i] for row in nxt_weight] for i in range(width)]
        neurons = []
        for i in range(width):
            incoming = weight[i] + [bias[i]]
            lead = _lead(incoming)
            d = 1 / abs(lead) if lead is not None else (abs(_lead(cols[i])) if _lead(cols[i]) is not None else _ONE)
            neurons.append((tuple(v * d for v in incoming), tuple(v / d for v in cols[i])))
        order = sorted(range(width), key=lambda i: neurons[i])
        layers[l - 1] = [[list(neurons[i][0][:-1]) for i in order], [neurons[i][0][-1] for i in order]]
        layers[l][0] = [[neurons[i][1][r] for i in order] for r in range(len(nxt_weight))]
        if l < hidden:
            groups = {}
            for pos, i in enumerate(order):
                groups.setdefault(neurons[i][0], []).append(pos)
            ties.append((l, [g for g in groups.values() if len(g) > 1]))
    return layers, [t for t in ties if t[1]]


def normal_form(net: Network) -> Network:
    """A representative of ``H . net``, equal for ``H``-related networks when :func:`same_orbit` needs no search.

    Each hidden layer in turn: every neuron scaled (first nonzero incoming
    entry ``+-1``, or outgoing for a zero incoming row), then sorted.  It is
    canonical (equal exactly for ``H``-related networks) when no hidden layer
    but the last has two neurons with equal normalized incoming rows; with
    such ties :func:`same_orbit` searches their orderings.

    >>> a = Network.from_layers([([[2], [-1]], [0, 3]), ([[1, 5]], [0])])
    >>> b = Network.from_layers([([[-3], [1]], [9, 0]), ([["5/3", 2]], [0])])
    >>> normal_form(a) == normal_form(b)
    True
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    layers, _ = _normalize(_rows(net))
    return Network.from_layers(layers)


def same_orbit(a: Network, b: Network, *, limits: SearchLimits | None = None) -> bool:
    """Exactly: is ``b = h . a`` for some ``h`` in ``H`` (permutations and positive scalings of hidden neurons)?

    One normalization per network (:func:`normal_form`); when a hidden layer
    before the last has neurons with equal incoming rows, their orderings in
    ``b`` are searched, at most ``limits.permutations`` of them.

    Raises
    ------
    NotDecidedError
        More tie orderings than ``limits.permutations``.

    Examples
    --------
    >>> a = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    >>> same_orbit(a, Network.from_layers([([[3], [2]], [-3, 0]), ([["2/3", "1/2"]], [0])]))
    True
    >>> same_orbit(a, Network.from_layers([([[1], [1]], [0, -1]), ([[2, 1]], [0])]))
    False
    """
    for net in (a, b):
        if not isinstance(net, Network):
            raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    if a.architecture != b.architecture:
        return False
    la, ties_a = _normalize(_rows(a))
    lb, ties_b = _normalize(_rows(b))
    if la == lb:
        return True
    if not ties_a and not ties_b:
        return False
    if [(l, [len(g) for g in gs]) for l, gs in ties_a] != [(l, [len(g) for g in gs]) for l, gs in ties_b]:
        return False
    return _search_ties(la, lb, ties_b, resolve(limits))


def orbit_verdict(a: Network, b: Network, *, limits: SearchLimits | None = None):
    """"Equivalent" when ``b`` is ``a`` up to ``H`` (decided by :func:`same_orbit`), else None.

    The first check of every equivalence algorithm: identical or
    ``H``-related networks compute the same function on any domain, and
    recognizing them costs one normalization per network, where the general
    algorithms are exponential.  None means "not shown this way" (different
    architectures, not in one orbit, or too many tied neurons to search).

    Returns
    -------
    EquivalenceResult or None
        ``method="symmetry"`` and a reason in words.

    Examples
    --------
    >>> a = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    >>> orbit_verdict(a, a).reason
    'the two networks are identical'
    >>> orbit_verdict(a, Network.from_layers([([[3], [2]], [-3, 0]), ([["2/3", "1/2"]], [0])])).method
    'symmetry'
    """
    from .results import EquivalenceResult

    if not isinstance(a, Network) or not isinstance(b, Network) or a.architecture != b.architecture:
        return None
    if a == b:
        return EquivalenceResult(True, method="symmetry", reason="the two networks are identical")
    try:
        related = same_orbit(a, b, limits=limits)
    except NotDecidedError:
        return None  # too many tied neurons: leave the question to the general algorithms
    if not related:
        return None
    return EquivalenceResult(True, method="symmetry",
                             reason="the second network is the first with hidden neurons permuted and "
                                    "rescaled by positive factors (a symmetry of every ReLU network)")


def _search_ties(la: list, lb: list, ties: list, limits: SearchLimits) -> bool:
    """Try the orderings of the tied neurons of ``lb`` (layer by layer) against the normal form ``la``."""
    l, groups = ties[0]
    count = math.prod(math.factorial(len(g)) for g in groups)
    if limits.exceeded("permutations", count):
        raise LimitReachedError(f"same_orbit: {count} orderings of neurons with equal incoming weights in hidden "
                                f"layer {l} exceed the limit permutations = {limits.permutations}",
                                limit="permutations", value=limits.permutations)
    width = len(lb[l - 1][1])
    for choice in itertools.product(*(itertools.permutations(g) for g in groups)):
        perm = list(range(width))
        for group, image in zip(groups, choice):
            for old, new in zip(group, image):
                perm[old] = new
        trial = [[[list(r) for r in w], list(bias)] for w, bias in lb]
        nxt = trial[l][0]
        trial[l][0] = [[row[perm[i]] for i in range(width)] for row in nxt]
        trial, rest = _normalize(trial, start=l + 1)
        if trial[:l] != la[:l]:
            continue
        if trial == la:
            return True
        if rest and _search_ties(la, trial, rest, limits):
            return True
    return False


def orbit_dimension(net: Network) -> int:
    """``dim H . net``: hidden neurons minus those fixed by every scaling (zero incoming row and zero outgoing column).

    >>> orbit_dimension(Network.from_layers([([[1], [0]], [0, 0]), ([[1, 0]], [0])]))
    1
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    free = 0
    for l in range(1, net.depth):
        layer, nxt = net.layers[l - 1], net.layers[l]
        for i in range(len(layer.bias)):
            if any(layer.weight[i]) or layer.bias[i] or any(row[i] for row in nxt.weight):
                free += 1
    return free


# ---------------------------------------------------------------------------- generic generator fields
def parameter_index(architecture: Sequence[int], layer: int, row: int, col: int | None = None) -> int:
    """Flat index (the order of ``Network.parameters()``) of ``W_layer[row, col]``, or of ``b_layer[row]`` when ``col`` is None.

    ``layer`` is 1-based (the affine layer), ``row`` and ``col`` 0-based.

    >>> parameter_index((1, 2, 1), 1, 1, 0), parameter_index((1, 2, 1), 1, 1), parameter_index((1, 2, 1), 2, 0, 1)
    (1, 3, 5)
    """
    arch = tuple(architecture)
    if not 1 <= layer <= len(arch) - 1:
        raise ShapeError(f"layer {layer} does not exist in architecture {arch} (layers 1..{len(arch) - 1})")
    n_in, n_out = arch[layer - 1], arch[layer]
    if not 0 <= row < n_out or (col is not None and not 0 <= col < n_in):
        raise ShapeError(f"entry ({row}, {col}) does not exist in layer {layer} of shape ({n_out}, {n_in})")
    offset = sum(arch[l + 1] * (arch[l] + 1) for l in range(layer - 1))
    return offset + (row * n_in + col if col is not None else n_out * n_in + row)


def coordinate_field(architecture: Sequence[int], index: int, name: str = "") -> VectorField:
    """The constant field ``d/d theta_index`` (a free coordinate: a dead or zero-output neuron's parameter).

    >>> coordinate_field((1, 1, 1), 2).components
    (0, 0, 1, 0)
    """
    arch = tuple(architecture)
    coords = parameter_symbols(arch)
    if not 0 <= index < len(coords):
        raise ShapeError(f"parameter index {index} does not exist; architecture {arch} has {len(coords)} parameters")
    comps = [sympy.Integer(0)] * len(coords)
    comps[index] = sympy.Integer(1)
    return VectorField(arch, tuple(comps), name or f"translation of {coords[index]}")


def mixing_generator(architecture: Sequence[int], layer: int, target: int, source: int) -> VectorField:
    """``d/dt`` of ``U -> (I + t E) U``, ``V -> V (I - t E)``, ``E = E_{target,source}``, on hidden layer ``layer``.

    ``U`` holds the incoming rows ``[W_layer | b_layer]`` and ``V = W_{layer+1}``:
    neuron ``target``'s incoming weights and bias gain those of ``source``,
    and ``source``'s outgoing column loses ``target``'s.  It preserves the
    product ``V U``, so it is tangent to the fiber wherever the neurons
    involved have the same activation on every input that matters (linear
    neurons on the orthant, linear rows, neurons sharing a line with one
    orientation).  ``target == source`` gives the scaling generator.

    >>> mixing_generator((1, 2, 1), 1, 0, 1).components
    (W1_2_1, 0, b1_2, 0, 0, -W2_1_1, 0)
    """
    arch = tuple(architecture)
    if not 1 <= layer <= len(arch) - 2 or not 0 <= target < arch[layer] or not 0 <= source < arch[layer]:
        raise ShapeError(f"neurons {target}, {source} of hidden layer {layer} do not exist in architecture {arch}")
    coords = parameter_symbols(arch)
    comps = [sympy.Integer(0)] * len(coords)
    for j in range(arch[layer - 1]):
        comps[parameter_index(arch, layer, target, j)] += coords[parameter_index(arch, layer, source, j)]
    comps[parameter_index(arch, layer, target)] += coords[parameter_index(arch, layer, source)]
    for r in range(arch[layer + 1]):
        comps[parameter_index(arch, layer + 1, r, source)] -= coords[parameter_index(arch, layer + 1, r, target)]
    name = (f"positive scaling of neuron {target + 1} of hidden layer {layer}" if target == source else
            f"mixing of neuron {source + 1} into neuron {target + 1} of hidden layer {layer}")
    return VectorField(arch, tuple(comps), name)


def bias_shift_generator(architecture: Sequence[int], layer: int, index: int,
                         rows: Sequence[int] | None = None) -> VectorField:
    """``d/d b_{layer,index} - sum_{r in rows} W_{layer+1}[r, index] d/d b_{layer+1,r}``.

    Shifting the bias of a neuron that is active wherever it matters moves its
    output by ``t``; the next layer's biases of ``rows`` (default: all)
    compensate.  With all rows this is the bias absorption of a linear
    neuron; with the rows hiding a column of a three-layer network it is the
    hiding translation.

    >>> bias_shift_generator((1, 1, 2), 1, 0).components
    (0, 1, 0, 0, -W2_1_1, -W2_2_1)
    """
    arch = tuple(architecture)
    if not 1 <= layer <= len(arch) - 2 or not 0 <= index < arch[layer]:
        raise ShapeError(f"neuron {index} of hidden layer {layer} does not exist in architecture {arch}")
    targets = tuple(range(arch[layer + 1])) if rows is None else tuple(rows)
    coords = parameter_symbols(arch)
    comps = [sympy.Integer(0)] * len(coords)
    comps[parameter_index(arch, layer, index)] = sympy.Integer(1)
    for r in targets:
        comps[parameter_index(arch, layer + 1, r)] -= coords[parameter_index(arch, layer + 1, r, index)]
    which = "all next-layer biases" if rows is None else f"next-layer biases of rows {[r + 1 for r in targets]}"
    return VectorField(arch, tuple(comps), f"bias shift of neuron {index + 1} of hidden layer {layer}, "
                                           f"compensated by {which}")
