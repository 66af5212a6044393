"""Result values pickle to equal values, and fibers and components round-trip through their JSON documents.

One table of named cases (:data:`CASES`): each builds a value, takes it through ``pickle`` or through the exact
JSON (``Fiber.to_json`` / ``Fiber.from_json``, ``FiberComponent.to_json`` / ``from_json``) and checks the copy twice:
it equals the original, and it behaves like it against an independent computation.  For fibers and components the
copy's samples (the library's construction, each confirmed by the general oracle) are members and a network with one
weight perturbed, which the oracle says computes another function, is not; the copy's tangent certificate is
recomputed.  Data values are checked by exact evaluation of the network or by the invariants they state; values
holding symmetries (identifiability results, conservation laws, reports) by applying every symmetry of the copy and
of the original and evaluating the results exactly at rational points.
"""

from __future__ import annotations

import functools
import json
import pickle
import random
from fractions import Fraction

import pytest
import sympy
from checks import second_layers_F
from strategies import permute_and_scale

from semialg_fibers import (
    Fiber,
    FiberComponent,
    MalformedNetworkError,
    Network,
    NotDecidedError,
    api,
    conservation,
    nonnegative_column_rank,
    orthant,
    shallow,
    three_layer,
)
from semialg_fibers.core import serialize
from semialg_fibers.core.semialgebraic import union
from semialg_fibers.core.symbols import parameter_symbols
from semialg_fibers.core.tangent import tangent_certificate
from semialg_fibers.general.oracle import equivalent
from semialg_fibers.render.report import network_report
from semialg_fibers.shallow.stabilizer import act
from semialg_fibers.three_layer.fiber import ThreeLayerFiber

F = Fraction

IDENTITY = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])  # x = s(x) - s(-x): a cancelling group
SHALLOW = Network.from_layers([([[1], [1], [-1]], [0, -1, 2]), ([[1, 2, 1]], [0])])
ORTHANT = Network.from_layers([([[1, -1], [-1, -1]], [0, -1]), ([[1, 5]], [0])])  # the second neuron is dead there
HIDDEN = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])  # proven
GENERIC = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])
SPARE = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])])
RAMP = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])  # 1 - s(1 - s(x))


@functools.cache
def built(name: str):
    """The values of the table, built once (the pickle and the JSON cases share them)."""
    makers = {
        "shallow": lambda: api.fiber(IDENTITY),
        "shallow limit": lambda: api.fiber(SHALLOW, limit=1),
        "shallow uncertified": lambda: api.fiber(SHALLOW, certify=False),
        "orthant": lambda: api.fiber(ORTHANT, domain="orthant"),
        "three-layer proven": lambda: api.fiber(HIDDEN),
        "three-layer conjecture": lambda: api.fiber(GENERIC, allow_conjecture=True),
        "three-layer partial": lambda: api.fiber(SPARE, allow_partial=True, certify=False),
        "three-layer ramp": lambda: api.fiber(RAMP),
    }
    return makers[name]()


def outsider(net: Network, domain=None) -> Network:
    """``net`` with one last-layer weight raised by 1, the first that the oracle says changes the function."""
    params = list(net.parameters())
    last = net.layers[-1]
    start = len(params) - len(last.bias) - sum(len(row) for row in last.weight)
    for index in range(start, len(params) - len(last.bias)):
        moved = list(params)
        moved[index] += 1
        other = Network.from_parameters(net.architecture, moved)
        if not equivalent(net, other, domain=domain):
            return other
    moved = list(params)
    moved[-1] += 1  # the output bias: f + 1
    return Network.from_parameters(net.architecture, moved)


def round_trip(value, how: str):
    if how == "pickle":
        return pickle.loads(pickle.dumps(value))
    if isinstance(value, Fiber):
        document = value.to_json()
        readable = json.loads(document)
        assert readable.pop("exact") is not None and readable == value.to_dict()  # every readable key is kept
        return Fiber.from_json(document)
    if isinstance(value, FiberComponent):
        return FiberComponent.from_json(value.to_json())
    return serialize.loads(serialize.dumps(value))


# ----------------------------------------------------------------------------- checks of behaviour
def check_component(original: FiberComponent, copy: FiberComponent, net: Network, domain, other: Network) -> None:
    assert type(copy) is type(original) and copy == original
    assert copy.membership == original.membership and copy.sampler == original.sampler
    assert copy.certificate == original.certificate
    for seed in (0, 1):
        sample = copy.sample(seed)
        assert sample == original.sample(seed)
        assert equivalent(net, sample, domain=domain)  # the construction realizes f: the oracle says so
        assert copy.contains(sample) and original.contains(sample)
    assert not copy.contains(other) and not original.contains(other)
    certificate = copy.certify()
    assert certificate == original.certify()
    again = tangent_certificate(copy.parametrization, copy.auxiliary, copy.domain, points=certificate.points)
    assert again.ranks == certificate.ranks and max(certificate.ranks) == copy.dimension
    if isinstance(original, orthant.OrthantComponent):
        assert copy.matching == original.matching and copy.nonnegative_rank == original.nonnegative_rank
    if isinstance(original, three_layer.ThreeLayerComponent):
        assert copy.family == original.family and copy.orthant_dimension == original.orthant_dimension


def check_fiber(original: Fiber, copy: Fiber) -> None:
    assert type(copy) is type(original) and copy == original
    assert (copy.status, copy.basis, copy.omitted, copy.dimension) == (original.status, original.basis,
                                                                       original.omitted, original.dimension)
    if isinstance(original, ThreeLayerFiber):
        assert copy.families == original.families
    net = copy.network
    domain = "orthant" if copy.components and isinstance(copy.components[0], orthant.OrthantComponent) else None
    other = outsider(net, domain)
    for a, b in zip(original, copy):
        check_component(a, b, net, domain, other)
        assert copy.contains(b.sample(seed=2))
    if copy.omitted:  # the outsider might be in a component not built
        with pytest.raises(NotDecidedError, match="omitted"):
            copy.contains(other)
        return
    moved = permute_and_scale(net, random.Random(3))  # an element of H: in the fiber, as the oracle confirms
    assert equivalent(net, moved, domain=domain)
    assert copy.contains(net) and copy.contains(moved) and not copy.contains(other)


def check_component_alone(name: str):
    def check(original, copy):
        net = built(name).network
        domain = "orthant" if isinstance(original, orthant.OrthantComponent) else None
        check_component(original, copy, net, domain, outsider(net, domain))
    return check


def check_network(original, copy):
    assert copy == original and hash(copy) == hash(original)
    for x in ([F(-3, 2)], [F(0)], [F(5, 3)]):
        assert copy(x) == SHALLOW(x)


def check_inequivalence(original, copy):
    assert copy == original and not copy and not original and copy.witness
    assert SHALLOW(copy.witness) != IDENTITY(copy.witness) and copy.outputs == (SHALLOW(copy.witness),
                                                                                IDENTITY(copy.witness))


def check_equivalence(original, copy):
    assert copy == original and copy and original


def check_dimension(fiber_name: str):
    def check(original, copy):
        assert copy == original and (copy.status, copy.basis) == (original.status, original.basis)
        assert copy == max(c.dimension for c in built(fiber_name))  # the formula agrees with the components
    return check


def check_certificate(original, copy):
    assert copy == original
    component = built("shallow").components[0]
    again = tangent_certificate(component.parametrization, component.auxiliary, component.domain, points=copy.points)
    assert again.ranks == copy.ranks and copy.dimension == max(copy.ranks)


def check_set_members(fiber_name: str):
    """A set of networks: the fiber's samples are in it, the outsider is not (as for the original)."""
    def check(original, copy):
        assert copy == original
        fiber = built(fiber_name)
        other = outsider(fiber.network).parameters()
        for seed in (0, 1):
            point = fiber.components[0].sample(seed).parameters()
            assert copy.contains(point) and original.contains(point)
        assert not copy.contains(other) and not original.contains(other)
        if getattr(copy, "parametrization", None) is not None:
            assert copy.sample(seed=2) == original.sample(seed=2) and copy.contains(copy.sample(seed=2))
    return check


def check_factorization(original, copy):
    assert copy == original and int(copy) == int(original) == 2
    product = tuple(tuple(sum((u * w for u, w in zip(row, col)), F(0)) for col in zip(*copy.W)) for row in copy.U)
    assert product == ((F(1), F(-1)), (F(2), F(3))) and all(v >= 0 for row in copy.W for v in row)


def check_data(net: Network, points):
    def check(original, copy):
        assert copy == original
        for x in points:
            assert copy.evaluate(x) == net(x)  # exact evaluation of the network
    return check


def check_minimal(original, copy):
    assert copy == original and copy.width == shallow.minimal_width(SHALLOW)


def check_stabilizer(original, copy):
    assert copy == original and copy.order == original.order
    for element in copy.generators:
        assert act(IDENTITY_TWIN, element) == IDENTITY_TWIN


def check_witnesses(net: Network, attribute: str):
    """A report whose witnesses realize the function outside the orbit: the oracle confirms each."""
    def check(original, copy):
        assert copy == original and bool(copy) == bool(original) is False
        witnesses = [copy.witness] if attribute == "witness" else [m.witness for m in copy.mechanisms]
        assert witnesses and all(equivalent(net, w) for w in witnesses)
    return check


def check_genericity3(original, copy):
    assert copy == original and bool(copy) == bool(original) and copy.to_dict() == original.to_dict()
    assert copy.to_dict() == three_layer.genericity(GENERIC).to_dict()


def check_records(compute):
    """Tuples of plain records (row types, ...): equal, and equal to a fresh computation, field by field."""
    def check(original, copy):
        assert copy == original
        fresh = compute()
        assert [r.to_dict() for r in copy] == [r.to_dict() for r in fresh]
    return check


def check_families(original, copy):
    assert copy == original
    for family in copy:
        assert family.data_at(family.reference_t) == family.reference
        weight, bias = family.base_layer(HIDDEN)
        assert (weight, bias) == next(f for f in original if f == family).base_layer(HIDDEN)


def check_completeness(original, copy):
    assert copy == original and copy.proven and copy.dimension == built("three-layer proven").dimension


def check_rigidity(original, copy):
    assert copy == original and bool(copy) == bool(original) is False and "G8 fails" in copy.reason


def check_profile(original, copy):
    assert copy == original
    for y in (F(-1), F(0), F(1, 2), F(1), F(3)):
        assert copy(y) == second_layers_F(RAMP, [y])  # exact evaluation of the last two layers


def check_law_count(original, copy):
    assert copy == original and copy.count == copy.num_parameters - copy.lie_dimension == 3
    assert copy.to_dict() == original.to_dict()


def check_quantities(original, copy):
    """Conserved quantities of the scalings: the copy's gradient field is the gradient of the copy's expression."""
    assert copy == original and len(copy) == SHALLOW.architecture[1]
    for quantity in copy:
        gradient = [sympy.diff(quantity.expression, p) for p in parameter_symbols(SHALLOW.architecture)]
        assert [sympy.expand(g - c) for g, c in zip(gradient, quantity.gradient.components)] == [0] * len(gradient)


def check_obstruction(original, copy):
    assert copy == original and sympy.simplify(copy.dp_dq - copy.dq_dp) != 0  # the failing gradient condition


def check_activation(original, copy):
    assert copy == original
    for n, x in enumerate(copy.data):
        first = SHALLOW.layers[0]
        pre = [sum((w * v for w, v in zip(row, x)), b) for row, b in zip(first.weight, first.bias)]
        assert copy.states[n][0] == tuple(z > 0 for z in pre)


def check_choices(original, copy):
    assert copy == original
    for choice in copy:
        assert choice.nonnegative_rank == nonnegative_column_rank(choice.required_linear_part).value


def check_patterns(original, copy):
    assert copy == original and [p.multiplicity for p, _ in copy] == [p.multiplicity for p, _ in original]
    assert sum(p.multiplicity for p, _ in copy) > 0


def check_same(original, copy):
    assert copy == original and repr(copy) == repr(original)


IDENTITY_TWIN = Network.from_layers([([[1], [1]], [0, 0]), ([[1, 1]], [0])])  # two equal neurons: a transposition
POINTS = [[F(i, 3), F(2 - i, 5)] for i in range(-6, 7)]


def _moved(symmetry, net: Network) -> Network:
    """One point of the symmetry's family other than ``net`` (parameter 1, a transposition, or none)."""
    if not symmetry.parameters:
        return symmetry.apply(net)
    if symmetry.kind == "permutation":
        width = net.architecture[symmetry.neurons[0][0]]
        return symmetry.apply(net, tuple(reversed(range(width))))
    if symmetry.kind == "sign change":
        return symmetry.apply(net, [symmetry.neurons[1][1]])
    return symmetry.apply(net, F(1, 2))


def check_symmetries(net: Network, of=lambda value: value):
    """Every symmetry of the copy moves ``net`` to the network the original's moves it to, which computes f."""
    def check(original, copy):
        assert copy == original
        for a, b in zip(of(original), of(copy), strict=True):
            moved = _moved(b, net)
            assert moved == _moved(a, net) and moved.evaluate_batch(POINTS) == net.evaluate_batch(POINTS), b.kind
    return check


def check_report(original, copy):
    assert copy.latex() == original.latex() and copy.fiber == original.fiber
    check_symmetries(original.network, lambda r: r.sections[1].value)(original, copy)

CASES = [
    # fibers (point 2: pickle; point 3: JSON), checked component by component
    *[(f"{name} fiber, {how}", functools.partial(built, name), how, check_fiber)
      for name in ("shallow", "shallow limit", "shallow uncertified", "orthant", "three-layer proven",
                   "three-layer conjecture", "three-layer partial", "three-layer ramp")
      for how in ("pickle", "json")],
    *[(f"{kind} component, {how}", lambda name=name: built(name).components[-1], how, check_component_alone(name))
      for kind, name in (("orthant", "orthant"), ("three-layer", "three-layer proven"))
      for how in ("pickle", "json")],
    # the other public result values (pickle)
    ("Network", lambda: SHALLOW, "pickle", check_network),
    ("EquivalenceResult, not equivalent", lambda: api.equivalent(SHALLOW, IDENTITY), "pickle", check_inequivalence),
    ("EquivalenceResult, equivalent", lambda: api.equivalent(SHALLOW, permute_and_scale(SHALLOW, random.Random(1))),
     "pickle", check_equivalence),
    ("FiberDimension, shallow", lambda: api.fiber_dimension(IDENTITY), "pickle", check_dimension("shallow")),
    ("FiberDimension, conjecture", lambda: api.fiber_dimension(GENERIC, allow_conjecture=True), "pickle",
     check_dimension("three-layer conjecture")),
    ("TangentCertificate", lambda: built("shallow").components[0].certificate, "pickle", check_certificate),
    ("BasicSet, implicit", lambda: built("shallow").components[0].implicit, "pickle", check_set_members("shallow")),
    ("BasicSet, parametrized", lambda: built("shallow uncertified").components[0].as_set(), "pickle",
     check_set_members("shallow uncertified")),
    ("SemialgebraicSet", lambda: union([c.implicit for c in built("shallow")]), "pickle",
     check_set_members("shallow")),
    ("NonnegativeFactorization", lambda: nonnegative_column_rank([[1, -1], [2, 3]]), "pickle", check_factorization),
    ("CanonicalData, shallow", lambda: shallow.canonical_data(SHALLOW), "pickle",
     check_data(SHALLOW, [[F(-2)], [F(1, 2)], [F(3)]])),
    ("CanonicalData, orthant", lambda: orthant.canonical_data(ORTHANT), "pickle",
     check_data(ORTHANT, [[F(0), F(0)], [F(3), F(1)], [F(1, 2), F(4)]])),
    ("MinimalChoice", lambda: shallow.minimal_choice(SHALLOW), "pickle", check_minimal),
    ("Stabilizer", lambda: shallow.stabilizer(IDENTITY_TWIN), "pickle", check_stabilizer),
    ("GenericityReport, shallow", lambda: shallow.is_generic(SHALLOW), "pickle",
     check_witnesses(SHALLOW, "mechanisms")),
    ("IdentifiabilityResult, shallow", lambda: api.is_identifiable(SHALLOW), "pickle",
     check_witnesses(SHALLOW, "witness")),
    ("GenericityReport, three-layer", lambda: three_layer.genericity(GENERIC), "pickle", check_genericity3),
    ("RowType", lambda: three_layer.row_types(HIDDEN), "pickle", check_records(lambda: three_layer.row_types(HIDDEN))),
    ("ColumnStatus", lambda: three_layer.column_statuses(HIDDEN), "pickle",
     check_records(lambda: three_layer.column_statuses(HIDDEN))),
    ("HiddenHyperplane", lambda: three_layer.hidden_hyperplanes(HIDDEN), "pickle",
     check_records(lambda: three_layer.hidden_hyperplanes(HIDDEN))),
    ("FirstLayerFamily", lambda: three_layer.first_layer_families(HIDDEN), "pickle", check_families),
    ("Completeness", lambda: three_layer.completeness(HIDDEN), "pickle", check_completeness),
    ("Rigidity", lambda: three_layer.rigidity(GENERIC), "pickle", check_rigidity),
    ("Profile", lambda: three_layer.profile(RAMP), "pickle", check_profile),
    ("LawCount", lambda: conservation.number_of_conserved_functions(SHALLOW, [["1/2"], [3], ["3/2"]]), "pickle",
     check_law_count),
    ("RolePattern and StratumPattern", lambda: tuple(shallow.role_patterns(shallow.canonical_data(SHALLOW), 3)),
     "pickle", check_patterns),
    ("OrthantPattern", lambda: tuple(orthant.role_patterns(orthant.canonical_data(ORTHANT), 2)), "pickle",
     check_patterns),
    ("ConservedQuantity", lambda: tuple(q for law in conservation.conservation_laws(SHALLOW) for q in law.quantities),
     "pickle", check_quantities),
    ("Obstruction", lambda: next(law.obstruction for law in conservation.conservation_laws(HIDDEN)
                                 if law.obstruction is not None), "pickle", check_obstruction),
    ("ActivationPattern", lambda: conservation.activation_pattern(SHALLOW, [["1/2"], [3]]), "pickle",
     check_activation),
    ("OrientationChoice", lambda: tuple(orthant.orientation_choices(SHALLOW)), "pickle", check_choices),
    ("NeuronInfo", lambda: shallow.neuron_infos(SHALLOW), "pickle", check_same),
    ("NeuronType", lambda: orthant.neuron_types(ORTHANT), "pickle", check_same),
    ("HidingInterval", lambda: three_layer.hiding_interval(HIDDEN, 0), "pickle", check_same),
    ("RevivalForm", lambda: three_layer.revival_forms(SPARE), "pickle", check_same),
    ("Representation", lambda: three_layer.representations(RAMP), "pickle", check_same),
    # values holding symmetries (exact actions as data)
    ("IdentifiabilityResult, three-layer", lambda: api.is_identifiable(HIDDEN), "pickle",
     check_symmetries(HIDDEN, lambda r: r.symmetries)),
    ("Symmetry, three-layer", lambda: api.symmetries(HIDDEN), "pickle", check_symmetries(HIDDEN)),
    ("ConservationLaw and LawReport", lambda: conservation.conservation_laws(HIDDEN), "pickle",
     check_symmetries(HIDDEN, lambda r: [law.symmetry for law in r])),
    ("Structure, three-layer", lambda: api.structure(HIDDEN), "pickle", check_same),
    ("NetworkReport", lambda: network_report(HIDDEN, certify=False), "pickle", check_report),
]


@pytest.mark.parametrize("make, how, check", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_round_trip(make, how, check):
    original = make()
    check(original, round_trip(original, how))


# ----------------------------------------------------------------------------- the JSON documents
def test_from_json_dispatches_on_the_type_written():
    three = built("three-layer proven")
    assert type(Fiber.from_json(three.to_json())) is ThreeLayerFiber
    assert ThreeLayerFiber.from_json(json.loads(three.to_json())) == three  # a parsed document is accepted too
    with pytest.raises(MalformedNetworkError, match="holds a Fiber, not a value of type ThreeLayerFiber"):
        ThreeLayerFiber.from_json(built("shallow").to_json())
    with pytest.raises(MalformedNetworkError, match="ThreeLayerComponent, not a value of type OrthantComponent"):
        orthant.OrthantComponent.from_json(three.components[0].to_json())


@pytest.mark.parametrize("document, message", [
    ('{"exact": {"version": 1, "value": {"$type": "os.system", "command": {"$str": "true"}}}}',
     "the type 'os.system' is not a value type of semialg_fibers"),
    ('{"exact": {"version": 1, "value": {"$type": "semialg_fibers.api.fiber"}}}',
     "the type 'semialg_fibers.api.fiber' is not a value type"),
    ('{"exact": {"version": 1, "value": {"$type": "semialg_fibers.core.exceptions.MalformedNetworkError"}}}',
     "is not a value type"),
    ('{"exact": {"version": 1, "value": {"$type": "semialg_fibers.cli.__main__.Anything"}}}', "is not a value type"),
    ('{"exact": {"version": 1, "value": {"$enum": "builtins.int", "value": 1}}}', "is not an enum of semialg_fibers"),
    ('{"exact": {"version": 1, "value": {"$type": "semialg_fibers.core.network.Network", "layers": []}}}',
     "missing ['architecture']"),
    ('{"exact": {"version": 1, "value": ["__import__(\'os\')"]}}', "is not an exact number 'p/q'"),
    ('{"exact": {"version": 1, "value": {"$ref": 0}}}', "reference 0 to a value not defined before it"),
    ('{"exact": {"version": 1, "value": {"$symbol": "x", "assumptions": {"exec": true}}}}', "known to SymPy"),
    ('{"exact": {"version": 2, "value": null}}', "expected a document with the key 'exact'"),
    ('{"dimension": 3}', "expected a document with the key 'exact'"),
    ("[1, 2", "not JSON"),
])
def test_malformed_documents_are_refused_in_one_line(document, message):
    with pytest.raises(MalformedNetworkError, match="^Fiber.from_json: ") as info:
        Fiber.from_json(document)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_expressions_are_rebuilt_without_evaluating_text():
    # a symbol named like code stays a name; the structure is rebuilt node by node, not re-simplified
    value = serialize.loads('{"$add": [{"$symbol": "__import__(\'os\').system(\'true\')", "assumptions": {}}, '
                            '{"$mul": [{"$rational": "2"}, {"$rational": "3"}]}]}')
    assert str(value.args[0]) == "__import__('os').system('true')" and len(value.args) == 2
    assert value.args[1].args == (2, 3)  # unevaluated 2*3, as written


def test_a_closure_has_no_exact_encoding():
    net, component = IDENTITY, built("shallow").components[0]
    from dataclasses import replace

    with_closure = replace(component, membership=lambda other: bool(equivalent(net, other)))
    document = json.loads(with_closure.to_json())
    assert document["exact"] is None and document["dimension"] == component.dimension
    with pytest.raises(MalformedNetworkError, match="its 'exact' key is null"):
        FiberComponent.from_json(document)
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.dumps(with_closure)


# ----------------------------------------------------------------------------- hostile documents
_PAYLOAD = "__import__('os').system('touch {marker}') or 1"


def _hostile_documents(marker):
    payload = {"$str": _PAYLOAD.format(marker=marker)}
    field = {"$type": "semialg_fibers.core.symmetries.VectorField", "architecture": [1, 1, 1],
             "components": [payload, 0, 0, 0], "name": {"$str": "x"}}
    network = {"$type": "semialg_fibers.core.network.Network", "architecture": [1, 5, 1], "layers": []}
    document = json.loads(built("shallow uncertified").to_json())
    text = json.dumps(document["exact"])
    # the first parametrization entry of the first component replaced by the payload
    poisoned = json.loads(text)
    stack = [poisoned]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "parametrization" in node and isinstance(node["parametrization"], list) and node["parametrization"]:
                node["parametrization"][0] = payload
                break
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return {"vector field": field, "network without layers": network, "fiber": poisoned}


@pytest.mark.parametrize("name", ["vector field", "network without layers", "fiber"])
def test_a_hostile_document_is_refused_or_inert(tmp_path, name):
    """A decoded document never runs code: not when decoded, not when printed in any format."""
    marker = tmp_path / "ran"
    document = _hostile_documents(marker)[name]
    try:
        value = serialize.decode(document)
    except MalformedNetworkError:
        assert not marker.exists()
        return
    for show in (lambda v: v.latex(), lambda v: v._repr_html_(), lambda v: v._repr_latex_(), lambda v: v.text()):
        try:
            show(value)
        except (TypeError, ValueError):
            pass
    assert not marker.exists()
