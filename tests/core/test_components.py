"""Tests of FiberComponent and Fiber on hand-made pieces, checked with the exact oracle (docs/mathematics.md, Section 7)."""

import json
import random
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import permute_and_scale, random_network

from semialg_fibers.core.components import Fiber, FiberComponent, component_from_implicit, make_component
from semialg_fibers.core.exceptions import InternalCheckError, NotDecidedError, ShapeError
from semialg_fibers.core.network import Network
from semialg_fibers.core.semialgebraic import BasicSet
from semialg_fibers.core.symbols import auxiliary_symbols, parameter_symbols
from semialg_fibers.core.symmetries import hidden_permutations, permute_hidden
from semialg_fibers.general.oracle import equivalent


def shallow_orbit(net: Network, multiplicity: int = 1) -> FiberComponent:
    """The H_n orbit of a shallow network as a parametrized component (lambda_i > 0), with its implicit form."""
    d, n, k = net.architecture
    lam = auxiliary_symbols("lambda", n)
    (W1, b1), (W2, b2) = [(layer.weight, layer.bias) for layer in net.layers]
    param = []
    for i in range(n):
        param += [lam[i] * W1[i][j] for j in range(d)]
    param += [lam[i] * b1[i] for i in range(n)]
    for o in range(k):
        param += [W2[o][i] / lam[i] for i in range(n)]
    param += list(b2)
    param = [sympy.nsimplify(p) if not isinstance(p, Fraction) else sympy.Rational(p.numerator, p.denominator)
             for p in param]
    return make_component(net.architecture, ("orbit", n), tuple(param), lam,
                          BasicSet(lam, [(v, ">", 0) for v in lam]), None, dimension=n, multiplicity=multiplicity,
                          description="the H_n orbit: permute and positively scale the hidden neurons")


def identity_piece() -> tuple[Network, FiberComponent]:
    """x = s(x + beta) - s(-x - beta) - beta: both neurons on one line, opposite orientations (dimension 3)."""
    net = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    l1, l2 = auxiliary_symbols("lambda", 2)
    (beta,) = auxiliary_symbols("beta", 1)
    P = parameter_symbols(net.architecture)
    implicit = BasicSet(P, [(P[0], ">", 0), (P[1], "<", 0), (P[0] * P[4], "==", 1), (P[1] * P[5], "==", 1),
                            (P[2] * P[1], "==", P[3] * P[0]), (P[6] * P[0], "==", -P[2])])
    comp = make_component(net.architecture, "cancelling pair", (l1, -l2, l1 * beta, -l2 * beta, 1 / l1, -1 / l2, -beta),
                          (l1, l2, beta), BasicSet((l1, l2, beta), [(l1, ">", 0), (l2, ">", 0)]), implicit,
                          dimension=3, multiplicity=2,
                          description="s(z) - s(-z) = z on the line z = x + beta, the constant -beta in the output bias")
    return net, comp


SHALLOW = [
    ("1-2-1", Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 2]], [0])])),
    ("2-2-1", Network.from_layers([([[1, 2], [-1, 3]], [1, -2]), ([[2, -1]], [3])])),
    ("1-3-2", Network.from_layers([([[1], [2], [-1]], [1, -1, 2]), ([[1, 1, -2], [3, -1, 1]], [0, 1])])),
]


@pytest.mark.parametrize("net", [c[1] for c in SHALLOW], ids=[c[0] for c in SHALLOW])
def test_orbit_samples_are_equivalent_and_members(net):
    comp = shallow_orbit(net)
    assert comp.certificate.dimension == net.architecture[1]
    for seed in range(3):
        sample = comp.sample(seed=seed)
        assert equivalent(net, sample)
        assert comp.contains(sample)


@pytest.mark.parametrize("net", [c[1] for c in SHALLOW], ids=[c[0] for c in SHALLOW])
def test_orbit_membership_of_moved_networks(net):
    rng = random.Random(7)
    n = net.architecture[1]
    comp = shallow_orbit(net, multiplicity=len(list(hidden_permutations(net.architecture))))
    for _ in range(4):
        moved = permute_and_scale(net, rng)
        assert equivalent(net, moved)
        assert comp.contains(moved)
    # the representative alone is one copy: a nontrivial permutation leaves it
    swapped = permute_hidden(net, [tuple(reversed(range(n)))])
    assert not shallow_orbit(net).contains(swapped) and comp.contains(swapped)


@pytest.mark.parametrize("net", [c[1] for c in SHALLOW], ids=[c[0] for c in SHALLOW])
def test_orbit_rejects_non_equivalent(net):
    rng = random.Random(3)
    comp = shallow_orbit(net, multiplicity=2)
    for _ in range(5):
        other = random_network(rng, net.architecture)
        if not equivalent(net, other):
            assert not comp.contains(other)


def test_identity_piece_dimension_3_sound_and_complete():
    net, comp = identity_piece()
    assert comp.certificate.ranks == (3, 3)
    for seed in range(4):
        sample = comp.sample(seed=seed)       # also checked against the implicit form inside sample()
        assert equivalent(net, sample)
        assert comp.contains(sample) and comp.as_set().contains(sample.parameters())
    # networks built by hand from the identity and found equivalent by the oracle are members
    rng = random.Random(11)
    for _ in range(5):
        l1, l2, beta = Fraction(rng.randint(1, 9), rng.randint(1, 4)), Fraction(rng.randint(1, 9), 3), Fraction(rng.randint(-5, 5), 2)
        other = Network.from_layers([([[l1], [-l2]], [l1 * beta, -l2 * beta]), ([[1 / l1, -1 / l2]], [-beta])])
        assert equivalent(net, other)
        assert comp.contains(other)
        assert comp.contains(permute_hidden(other, [(1, 0)]))
    # a different function is not a member
    assert not comp.contains(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -2]], [0])]))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.fractions(min_value=-4, max_value=4, max_denominator=4), min_size=7, max_size=7))
def test_parametrized_and_implicit_membership_agree(values):
    net, comp = identity_piece()
    candidate = Network.from_parameters(net.architecture, values)
    assert comp.as_set().contains(values) == comp.implicit.contains(values)
    if comp.implicit.contains(values):
        assert equivalent(net, candidate)


def test_wrong_dimension_raises():
    net = SHALLOW[0][1]
    comp = shallow_orbit(net)
    with pytest.raises(InternalCheckError, match="tangent ranks"):
        make_component(net.architecture, "orbit", comp.parametrization, comp.auxiliary, comp.domain, None, dimension=3)
    lazy = make_component(net.architecture, "orbit", comp.parametrization, comp.auxiliary, comp.domain, None,
                          dimension=1, certify=False)
    assert lazy.certificate is None  # a plain value: nothing computed unless asked
    with pytest.raises(InternalCheckError):
        lazy.certify()
    assert lazy.certificate is None  # and certify() does not change it


def test_implicit_only_component():
    net = Network.from_layers([([[2]], [0]), ([[3]], [1])])
    P = parameter_symbols(net.architecture)
    implicit = BasicSet(P, [(P[0] * P[2], "==", 6), (P[1], "==", 0), (P[3], "==", 1), (P[0], ">", 0)])
    with pytest.raises(NotDecidedError):   # the identity parametrization cannot be sampled on a hyperbola
        component_from_implicit(net.architecture, "orbit", implicit, dimension=1)
    linear = BasicSet(P, [(P[1], "==", 0), (P[3], "==", 1), (P[0], ">", 0), (P[2], "==", 0)])
    comp = component_from_implicit(net.architecture, "slab", linear, dimension=1)
    assert comp.contains(comp.sample(2))


def test_component_argument_checks():
    net = SHALLOW[0][1]
    comp = shallow_orbit(net)
    with pytest.raises(ShapeError):
        make_component(net.architecture, "x", comp.parametrization[:-1], comp.auxiliary, comp.domain, None, 2)
    with pytest.raises(ValueError, match="multiplicity"):
        FiberComponent(net.architecture, "x", comp.parametrization, comp.auxiliary, comp.domain, None, 2, 0)
    with pytest.raises(ShapeError):
        comp.contains(SHALLOW[1][1])


def test_membership_callable_overrides():
    net = SHALLOW[0][1]
    comp = shallow_orbit(net)
    always = make_component(net.architecture, "x", comp.parametrization, comp.auxiliary, comp.domain, None, 2,
                            membership=lambda other: bool(equivalent(net, other)))
    assert always.contains(permute_hidden(net, [(1, 0)]))


def test_fiber_union_limit_and_json():
    net, comp = identity_piece()
    calls = []

    def thunk():
        calls.append(1)
        return comp

    fiber = Fiber.from_components(net, [comp, thunk, thunk], limit=2, dimension=3)
    assert len(fiber) == 2 and fiber.omitted == 1 and len(calls) == 1 and not fiber.is_complete
    assert fiber.dimension == 3 and fiber.contains(net)
    with pytest.raises(NotDecidedError, match="omitted"):
        fiber.contains(Network.from_layers([([[1], [-1]], [0, 0]), ([[2, -1]], [0])]))
    full = Fiber.from_components(net, [comp])
    assert full.dimension == 3 and not full.contains(Network.from_layers([([[1], [-1]], [0, 0]), ([[2, -1]], [0])]))
    data = json.loads(full.to_json())
    assert data["dimension"] == 3 and data["components"][0]["certificate"]["ranks"] == [3, 3]
    assert list(full) == [comp]
    assert full._repr_latex_().startswith(r"$\displaystyle F(\theta) = \left\{ \theta")
