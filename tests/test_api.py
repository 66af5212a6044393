"""Top-level dispatchers: shallow fast path, oracle fallback, NotDecidedError for unsupported fibers."""

from __future__ import annotations

import random

import pytest
from strategies import random_equivalent, random_neuron_network

from semialg_fibers import DomainError, Network, NoAlgorithmError, NotDecidedError
from semialg_fibers.api import equivalent, fiber, fiber_dimension
from semialg_fibers.api import is_identifiable as api_is_identifiable
from semialg_fibers.core.domain import box, polyhedron
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent as oracle

DEEP = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])])
DEEP_TWIN = Network.from_layers([([[2]], [0]), ([["1/2"]], [0]), ([[1]], [0])])
FOUR_LAYERS = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0]), ([[1]], [0])])


def test_shallow_uses_fast_path_and_agrees():
    rng = random.Random(51)
    for _ in range(40):
        a = random_neuron_network(rng, 2, 2, 1)
        b = random_equivalent(a, rng, 2) if rng.random() < 0.5 else random_neuron_network(rng, 2, 2, 1)
        r = equivalent(a, b)
        assert r.method == ("symmetry" if same_orbit(a, b) else "shallow")
        assert bool(r) == bool(oracle(a, b, orbit_check=False))


def test_deep_and_domain_fall_back_to_oracle():
    r = equivalent(DEEP, Network.from_layers([([[1], [1]], [0, 0]), ([["1/2", "1/2"]], [0]), ([[1]], [0])]))
    assert r and r.method == "oracle"
    a = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    b = Network.from_layers([([[1]], [0])])
    r = equivalent(a, b, domain="orthant")
    assert r and r.method == "oracle"


def test_fiber_dispatch():
    net = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    assert fiber(net).dimension == fiber_dimension(net) == 2
    with pytest.raises(NotDecidedError, match="one hidden layer"):
        fiber(FOUR_LAYERS)
    with pytest.raises(NotDecidedError, match="two hidden layers"):
        fiber_dimension(FOUR_LAYERS)
    # three-layer networks: s(s(x)) = s(x) has the scaling, the linear row's bias and the shifted first layer
    assert fiber(DEEP).dimension == fiber_dimension(DEEP) == 3
    from semialg_fibers import orthant
    from semialg_fibers.core.domain import orthant as orthant_polyhedron

    assert fiber_dimension(net, domain="orthant") == orthant.fiber_dimension(net)
    assert fiber(net, domain="orthant", certify=False).dimension == orthant.fiber_dimension(net)
    # the domain is a value: the orthant written as a polyhedron takes the orthant's fast path (this change:
    # it used to raise "general polyhedral domain"); a general polyhedron has no fiber algorithm
    assert fiber(net, domain=orthant_polyhedron(1), certify=False).to_dict() == fiber(
        net, domain="orthant", certify=False).to_dict()
    with pytest.raises(NotDecidedError, match="general polyhedral domain"):
        fiber(net, domain=box([-1], [1]))


def test_orthant_equivalence_dispatch():
    from semialg_fibers.general.oracle import equivalent as oracle_equivalent

    relu_sum = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 1]], [0])])  # |x|, equals x on x >= 0
    x = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    on_orthant = equivalent(relu_sum, x, domain="orthant")
    assert on_orthant and on_orthant.method == "orthant" and oracle_equivalent(relu_sum, x, domain="orthant")
    on_line = equivalent(relu_sum, x)
    assert not on_line and on_line.method == "shallow"


def test_symmetry_check_comes_first_at_any_depth_and_domain():
    twin = equivalent(DEEP, DEEP_TWIN)  # DEEP_TWIN rescales the hidden neurons of DEEP
    assert twin and twin.method == "symmetry"
    same = equivalent(DEEP, DEEP, domain="orthant")
    assert same and same.method == "symmetry" and "identical" in same.reason
    from semialg_fibers import DomainError

    with pytest.raises(DomainError):
        equivalent(DEEP, DEEP, domain="disk")  # a bad domain is an error even for identical networks


def test_bundled_controller_compared_with_itself_needs_no_search():
    """The 5-50x6-5 ACAS Xu network against itself: the symmetry check answers without any region search."""
    from semialg_fibers.core.progress import reporting
    from semialg_fibers.readwrite.examples import real_network

    net = real_network("acasxu_v2a_1_1_5-50x6-5")
    copy = Network.from_parameters(net.architecture, list(net.parameters()))
    calls = []
    with reporting(calls.append, interval=0):
        result = equivalent(net, copy)
    assert result and result.method == "symmetry" and calls == []


def test_one_dispatch_point_names_the_class():
    from semialg_fibers.api import network_class

    shallow = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    assert network_class(shallow).name == "shallow"
    assert network_class(shallow, domain="orthant").name == network_class(shallow, domain=polyhedron([[3, 0]])).name == "orthant"
    assert network_class(shallow, domain=box([-1], [1])).name == "oracle"
    assert network_class(DEEP).name == "three-layer" and network_class(FOUR_LAYERS).name == "oracle"


def test_refusals_are_typed():
    with pytest.raises(NoAlgorithmError, match="one hidden layer") as caught:
        fiber(FOUR_LAYERS)
    assert isinstance(caught.value, NotImplementedError) and isinstance(caught.value, NotDecidedError)
    # an unknown domain string is bad input, not "not decided"
    shallow = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    for call in (lambda: fiber(shallow, domain="disk"), lambda: fiber_dimension(shallow, domain="Orthant"),
                 lambda: equivalent(shallow, shallow, domain="")):
        with pytest.raises(DomainError) as bad:
            call()
        assert isinstance(bad.value, ValueError) and not isinstance(bad.value, NotDecidedError)


def test_a_refusal_names_only_the_classes_that_implement_the_operation():
    from semialg_fibers.api import CLASSES

    shallow = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    with pytest.raises(NoAlgorithmError, match="read off the fiber"):  # the orthant class has no algorithm of its own
        api_is_identifiable(shallow, domain="orthant")
    deciding = {c.name for c in CLASSES if c.implements("is_identifiable")}
    assert "orthant" not in deciding and {"shallow", "three-layer"} <= deciding


def test_a_refusal_of_the_general_class_lists_the_classes_that_decide_the_operation():
    from semialg_fibers.api import CLASSES, canonical_form

    three = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])])
    for call, operation, where in ((lambda: fiber(FOUR_LAYERS), "fiber", "on R^d"),
                                   (lambda: fiber(three, domain="orthant"), "fiber", "on the nonnegative orthant"),
                                   (lambda: canonical_form(FOUR_LAYERS), "canonical_form", "on R^d")):
        with pytest.raises(NoAlgorithmError) as caught:
            call()
        message = str(caught.value)
        assert where in message and message.count("\n") == 0
        for c in CLASSES:  # the general class lists the partial fiber on request, not as a complete algorithm
            assert (c.description in message) == (c.implements(operation) and c.name != "oracle"), (c.name, message)


def test_orthant_polyhedron_equivalence_takes_the_orthant_path():
    relu_sum = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 1]], [0])])  # |x|, equals x on x >= 0
    x = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    written = polyhedron([["1/2", 0], [1, 0]])  # x >= 0 twice, scaled
    r = equivalent(relu_sum, x, domain=written)
    assert r and r.method == "orthant"
    assert bool(oracle(relu_sum, x, domain=written)) is True


def test_the_module_paths_of_0_1_still_import():
    """Users' imports from before the layout (semialg_fibers.network, .oracle, .latex, ...) reach the moved modules."""
    import importlib

    import semialg_fibers.network
    from semialg_fibers.core import network
    from semialg_fibers.oracle import equivalent as old_equivalent

    assert semialg_fibers.network is network and old_equivalent is oracle
    for old, new in (("symmetries", "core.symmetries"), ("components", "core.components"), ("latex", "render.latex"),
                     ("display", "render.html"), ("examples", "readwrite.examples"), ("plots", "render.plots"),
                     ("conservation.render", "render.conservation"), ("conservation.command", "cli.laws"),
                     ("three_layer.report", "render.three_layer")):
        assert importlib.import_module(f"semialg_fibers.{old}") is importlib.import_module(f"semialg_fibers.{new}")
    from semialg_fibers.identifiability import IdentifiabilityResult, Reason, is_identifiable
    from semialg_fibers.three_layer.report import structure_text  # noqa: F401

    assert is_identifiable is api_is_identifiable and IdentifiabilityResult.__name__ == "IdentifiabilityResult"
    assert Reason("dead row", "row 1").kind == "dead row"


def test_a_network_class_must_say_which_networks_it_applies_to():
    from semialg_fibers.core.network_class import NetworkClass

    class Nameless(NetworkClass):
        name = "nameless"

    with pytest.raises(TypeError, match="applies"):
        Nameless()
