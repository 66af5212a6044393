"""Partial fibers and fiber-dimension bounds outside the proven classes (docs/theory/deep.md, Section 5).

Checked against computations the library does not use for them: the region oracle on several sampled members of
every listed component (not only the base point), ``same_orbit`` for the members claimed outside the orbit, exact
evaluation at many inputs, the exact rank of direction vectors written here from the definitions of the mechanisms
(own flat indices, own scaling vectors), and a brute-force count of the orbit's permuted copies with a
normalization written here.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
from fractions import Fraction

import pytest
from test_certificates import BASE, KINDS, evaluations_agree, planted

from semialg_fibers import Network, NotDecidedError, api
from semialg_fibers.cli import main
from semialg_fibers.core import linalg
from semialg_fibers.core.components import Fiber
from semialg_fibers.core.results import FiberStatus, PartialFiberDimension
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent

DEEP_A = api.__file__.replace("api.py", "data/deep_a.json")


# ----------------------------------------------------------------------------- independent definitions
def offsets(arch):
    """The flat index of W_1, then of each later layer (own computation: row-major W_l, then b_l)."""
    out, at = [], 0
    for a, b in zip(arch, arch[1:]):
        out.append(at)
        at += b * (a + 1)
    return out


def w_index(arch, l, i, j):
    return offsets(arch)[l - 1] + i * arch[l - 1] + j


def b_index(arch, l, i):
    return offsets(arch)[l - 1] + arch[l] * arch[l - 1] + i


def scaling_vectors(net):
    """d/dc at c = 1 of multiplying neuron (l, i)'s incoming row and bias by c and dividing its outgoing column."""
    arch, flat, n = net.architecture, net.parameters(), net.num_parameters
    out = []
    for l in range(1, len(arch) - 1):
        for i in range(arch[l]):
            v = [Fraction(0)] * n
            for j in range(arch[l - 1]):
                v[w_index(arch, l, i, j)] = flat[w_index(arch, l, i, j)]
            v[b_index(arch, l, i)] = flat[b_index(arch, l, i)]
            for o in range(arch[l + 1]):
                v[w_index(arch, l + 1, o, i)] = -flat[w_index(arch, l + 1, o, i)]
            out.append(tuple(v))
    return out


def unit(n, k):
    return tuple(Fraction(int(i == k)) for i in range(n))


def family_directions(net, kind, neurons):
    """The directions of one mechanism's family at theta, from docs/theory/deep.md Proposition 3.2's table."""
    arch, n = net.architecture, net.num_parameters
    layers = net.layers
    if kind == "dead neuron":
        (l, i), = neurons
        return [unit(n, w_index(arch, l + 1, o, i)) for o in range(arch[l + 1])]
    if kind == "zero outgoing weights":
        (l, i), = neurons
        return [unit(n, w_index(arch, l, i, j)) for j in range(arch[l - 1])] + [unit(n, b_index(arch, l, i))]
    if kind == "always active":
        (l, i), = neurons
        v = [Fraction(0)] * n
        v[b_index(arch, l, i)] = Fraction(1)
        for o in range(arch[l + 1]):
            v[b_index(arch, l + 1, o)] -= layers[l].weight[o][i]
        return [tuple(v)]
    (l, i), (_, j) = neurons
    c = layers[l - 1].bias[j] / layers[l - 1].bias[i] if layers[l - 1].bias[i] else next(
        b / a for a, b in zip(layers[l - 1].weight[i], layers[l - 1].weight[j]) if a)
    out = []
    for o in range(arch[l + 1]):
        v = [Fraction(0)] * n
        v[w_index(arch, l + 1, o, i)], v[w_index(arch, l + 1, o, j)] = Fraction(1), -1 / c
        out.append(tuple(v))
    if kind == "cancelling pair":
        for k in range(arch[l - 1] + 1):
            v = [Fraction(0)] * n
            if k < arch[l - 1]:
                v[w_index(arch, l, i, k)], v[w_index(arch, l, j, k)] = Fraction(1), c
            else:
                v[b_index(arch, l, i)], v[b_index(arch, l, j)] = Fraction(1), c
            out.append(tuple(v))
    return out


def expected_lower(net, fiber):
    """max over the orbit, each listed mechanism and their joint family of rank(scalings + directions)."""
    n = net.num_parameters
    tangent = [t for t in scaling_vectors(net) if any(t)]
    best = linalg.rank(tangent, n)
    joint = []
    for c in fiber.components:
        kind = c.pattern.kind
        if kind in ("orbit", "joint family"):
            continue
        dirs = family_directions(net, kind, c.pattern.neurons)
        best = max(best, linalg.rank(tangent + dirs, n))
        if kind in ("dead neuron", "zero outgoing weights", "always active"):
            joint += dirs
    if joint:
        best = max(best, linalg.rank(tangent + joint, n))
    return best


def two_four_three_one(change):
    base = json.loads(Network.from_file(DEEP_A).to_json())
    net = Network.from_file(DEEP_A)
    layers = [([list(r) for r in layer.weight], list(layer.bias)) for layer in net.layers]
    change(layers)
    assert base  # the bundled file is read, not modified
    return Network.from_layers(layers)


def _dead(m):
    m[1][0][0], m[1][1][0] = [-1, -1, -1, -1], -1


def _always(m):
    m[1][0][0], m[1][1][0] = [1, 1, 1, 1], 1


def _silent(m):
    m[2][0][0][1] = 0


def _parallel(m):
    m[1][0][1], m[1][1][1] = [2, -2, 4, 0], 2


CASES = ([pytest.param(planted(kind), id=f"2-3-3-2-1 {kind}") for kind in KINDS]
         + [pytest.param(two_four_three_one(change), id=f"2-4-3-1 {change.__name__[1:]}")
            for change in (_dead, _always, _silent, _parallel)]
         + [pytest.param(Network.from_file(DEEP_A), id="deep_a")])


# ----------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("net", CASES)
def test_every_listed_component_lies_in_the_fiber_and_the_lower_bound_is_the_independent_rank(net):
    fiber = api.fiber(net, allow_partial=True)
    assert fiber.status == FiberStatus.PARTIAL and not fiber.proven
    assert fiber.components[0].pattern.kind == "orbit"
    rng = random.Random(sum(net.architecture))
    for component in fiber:
        outside = 0
        for seed in range(3):  # several members, not only theta
            member = component.sample(seed=seed)
            assert member != net
            assert equivalent(net, member, orbit_check=False), (component.pattern.kind, seed)
            in_orbit = same_orbit(net, member)
            if component.pattern.kind == "orbit":
                assert in_orbit and component.contains(member)
            outside += not in_orbit
        if component.pattern.kind != "orbit":
            assert outside, component.pattern.kind  # the family leaves the orbit at generic members
            assert evaluations_agree(net, component.sample(seed=5), rng, count=100)
    dimension = api.fiber_dimension(net, allow_partial=True)
    assert isinstance(dimension, PartialFiberDimension) and dimension.status == FiberStatus.PARTIAL
    assert dimension.local_lower == expected_lower(net, fiber)
    assert dimension.local_lower <= dimension.local_upper
    assert int(dimension) >= dimension.local_lower and int(dimension) >= fiber.dimension
    assert fiber.dimension <= dimension.local_upper  # every listed family passes through theta
    assert str(dimension.local_lower) in dimension.basis and "not decided" in dimension.basis


@pytest.mark.parametrize("kind", KINDS)
def test_membership_accepts_the_members_and_refuses_what_the_oracle_separates(kind):
    """contains(): True at sampled members (or not decided); never True at a moved member the oracle finds
    inequivalent; the orbit never contains a mechanism member outside it (same_orbit)."""
    net = planted(kind)
    fiber = api.fiber(net, allow_partial=True, certify=False)
    orbit = fiber.components[0]
    rng = random.Random(len(kind) + 1)
    decided = 0
    for component in fiber:
        for seed in range(2):
            member = component.sample(seed=seed)
            try:
                assert component.contains(member)
                decided += 1
            except NotDecidedError:
                pass
            if not same_orbit(net, member):
                assert not orbit.contains(member)
            flat = list(member.parameters())
            k = rng.randrange(len(flat))
            flat[k] += Fraction(1, 7)
            moved = Network.from_parameters(net.architecture, flat)
            if not equivalent(net, moved, orbit_check=False):
                try:
                    assert not component.contains(moved), (component.pattern.kind, k)
                except NotDecidedError:
                    pass
    assert decided >= 2 * len(fiber) - 4  # at most two families (four members) left undecided


def test_a_three_layer_partial_dimension_counts_the_three_layer_families():
    """One live row and a dead row (n1 = d, spare rows): the three-layer families (dead-row revivals) exceed the
    bound near theta; the partial dimension is their dimension, with the local bounds of the any-depth results."""
    spare = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])])
    listed = api.fiber(spare, allow_partial=True, certify=False)
    dimension = api.fiber_dimension(spare, allow_partial=True)
    assert listed.status == dimension.status == FiberStatus.PARTIAL
    assert int(dimension) == listed.dimension == 7 and (dimension.local_lower, dimension.local_upper) == (5, 7)
    member = max(listed, key=lambda c: c.dimension).sample(seed=1)
    assert equivalent(spare, member, orbit_check=False)


def test_the_listed_mechanisms_are_those_planted():
    kinds = {c.pattern.kind for c in api.fiber(planted("dead neuron"), allow_partial=True, certify=False)}
    assert "dead neuron" in kinds
    assert [c.pattern.kind for c in api.fiber(Network.from_file(DEEP_A), allow_partial=True)] == ["orbit"]
    net = planted("always active")
    assert "joint family" in {c.pattern.kind for c in api.fiber(net, allow_partial=True, certify=False)}


def test_a_half_line_family_keeps_its_sign():
    """The always-active family is c >= 0: a member with c < 0 is not in the fiber (the oracle finds a difference)."""
    net = planted("always active")
    (l, i), = next(c.pattern.neurons for c in api.fiber(net, allow_partial=True, certify=False)
                   if c.pattern.kind == "always active")
    v, = family_directions(net, "always active", ((l, i),))
    flat = net.parameters()
    below = Network.from_parameters(net.architecture, [a - 50 * b for a, b in zip(flat, v)])
    assert not equivalent(net, below, orbit_check=False)


def normalized(net):
    """Scale every hidden neuron so that the first nonzero entry of its incoming row and bias is +-1 (no sorting)."""
    layers = [([list(r) for r in layer.weight], list(layer.bias)) for layer in net.layers]
    for l in range(len(layers) - 1):
        weight, bias = layers[l]
        for i in range(len(bias)):
            lead = next(v for v in weight[i] + [bias[i]] if v)
            d = abs(lead)
            weight[i] = [v / d for v in weight[i]]
            bias[i] /= d
            for row in layers[l + 1][0]:
                row[i] *= d
    return tuple((tuple(map(tuple, w)), tuple(b)) for w, b in layers)


def permuted(net, perms):
    layers = [([list(r) for r in layer.weight], list(layer.bias)) for layer in net.layers]
    for l, p in enumerate(perms):
        w, b = layers[l]
        layers[l] = ([w[k] for k in p], [b[k] for k in p])
        layers[l + 1] = ([[row[k] for k in p] for row in layers[l + 1][0]], layers[l + 1][1])
    return Network.from_layers(layers)


@pytest.mark.parametrize("net", [planted("none"), planted("parallel pair"),
                                 Network.from_layers([([[1], [2], [1]], [0, 0, 1]), ([[2, 1, 1]], [0])]),
                                 Network.from_layers([([[1], [2]], [1, 2]), ([[2, 1], [1, 1]], [0, 1]),
                                                      ([[1, 1]], [0])])],
                         ids=["generic", "parallel pair", "swap is a rescaling", "depth 3 tie"])
def test_the_orbit_copies_are_counted_by_brute_force(net):
    """The number of distinct permuted copies of the scaling orbit: distinct normalized permuted networks."""
    copies = {normalized(permuted(net, perms))
              for perms in itertools.product(*(itertools.permutations(range(w)) for w in net.hidden_widths))}
    from semialg_fibers.general.partial import orbit_copies

    assert orbit_copies(net) == len(copies)


def test_without_allow_partial_the_refusal_is_immediate_and_names_the_way_to_the_partial_answer(monkeypatch):
    """The refusal computes no bound (a census meets it for every such network): no functional dimension is taken."""
    import semialg_fibers.general.certificates as certificates

    deep = planted("dead neuron")  # depth 4
    a = Network.from_file(DEEP_A)  # three-layer, n1 > d: the class refuses (G1)

    def forbidden(*args, **kwargs):
        raise AssertionError("a refusal took a functional dimension")

    monkeypatch.setattr(certificates, "functional_dimension", forbidden)   # what the local bounds use
    with pytest.raises(NotDecidedError) as caught:
        api.fiber_dimension(deep)
    message = str(caught.value)
    assert "allow_partial" in message and "--partial" in message and "fd" in message and "\n" not in message
    with pytest.raises(NotDecidedError, match="allow_partial=True"):
        api.fiber(deep)
    with pytest.raises(NotDecidedError, match="G1.*allow_partial"):
        api.fiber_dimension(a)
    with pytest.raises(NotDecidedError, match="G1.*allow_partial"):
        api.fiber(a)
    monkeypatch.undo()
    assert api.fiber_dimension(a, allow_partial=True).local_lower == 7   # the bounds, when asked for


def test_partial_results_pickle_and_round_trip():
    for net in (planted("always active"), planted("dead neuron"), Network.from_file(DEEP_A)):
        fiber = api.fiber(net, allow_partial=True)
        assert json.loads(fiber.to_json())["exact"] is not None
        assert pickle.loads(pickle.dumps(fiber)) == fiber
        back = Fiber.from_json(fiber.to_json())
        assert back == fiber and back.status == FiberStatus.PARTIAL
        for component in back:
            assert component.contains(component.sample(seed=2))
        dimension = api.fiber_dimension(net, allow_partial=True)
        again = pickle.loads(pickle.dumps(dimension))
        assert (again, again.status, again.basis, again.local_lower, again.local_upper) == (
            dimension, dimension.status, dimension.basis, dimension.local_lower, dimension.local_upper)
        assert json.loads(json.dumps(dimension.to_dict()))["local_dimension"]["lower"] == dimension.local_lower


def test_command_line_partial(capsys, tmp_path):
    def run(*argv):
        status = main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    status, _, err = run("dim", DEEP_A)
    assert status == 3 and "--partial" in err
    status, out, _ = run("dim", DEEP_A, "--partial")
    assert status == 0 and out.startswith("at least 7 (partial; near the parameter: exactly 7)")
    status, out, _ = run("dim", DEEP_A, "--allow-partial", "--json")
    data = json.loads(out)
    assert status == 0 and data["status"] == "partial" and data["local_dimension"] == {"lower": 7, "upper": 7,
                                                                                       "proven": True}
    status, out, _ = run("fiber", DEEP_A, "--allow-partial")
    assert status == 0 and "dimension at least 7 (partial list), 1 component" in out and "may have others" in out
    path = tmp_path / "deep.json"
    path.write_text(planted("dead neuron").to_json())
    status, out, _ = run("fiber", str(path), "--partial", "--latex")
    assert status == 0 and "the list is partial" in out and "is the union" not in out
    status, _, err = run("fiber", str(path))
    assert status == 3 and "--partial" in err


def test_base_network_is_unchanged():
    assert planted("none") == Network.from_layers(BASE)


def test_the_partial_fiber_is_bounded_by_the_limits_and_reports_progress():
    from semialg_fibers import LimitReachedError, SearchLimits, progress

    net = planted("parallel pair")
    with pytest.raises(LimitReachedError):
        api.fiber(net, allow_partial=True, limits=SearchLimits(regions=2))
    # eight neurons with rows of one sign pattern: their orderings are searched to count the orbit's copies
    wide = Network.from_layers([([[k] for k in range(1, 9)], [0] * 8), ([list(range(8, 0, -1))], [0]),
                                ([[1]], [0])])
    with pytest.raises(LimitReachedError, match="permutations"):
        api.fiber(wide, allow_partial=True, certify=False, limits=SearchLimits(permutations=100))
    with pytest.raises(LimitReachedError):
        api.fiber_dimension(net, allow_partial=True, limits=SearchLimits(regions=2))
    seen = []
    with progress.reporting(seen.append, interval=0):
        fiber = api.fiber(net, allow_partial=True, certify=False, progress=seen.append)
    assert any(u.task == "fiber components" and u.done == len(fiber) for u in seen)


@pytest.mark.slow
def test_random_degenerate_networks_every_sampled_member_is_equivalent():
    """Random small networks with many zero weights (dead, always-active, zero-outgoing, parallel neurons arise by
    themselves): two sampled members of every listed component are equivalent by the oracle, and the partial
    dimension is at least the listed one and its local bounds are ordered."""
    rng = random.Random(5)
    for _ in range(40):
        arch = rng.choice([(2, 2, 3, 2, 1), (1, 3, 2, 2, 1), (2, 3, 2, 1), (1, 2, 2, 2, 2, 1)])
        count = sum(o * (i + 1) for i, o in zip(arch, arch[1:]))
        net = Network.from_parameters(arch, [Fraction(rng.choice([0, 0, 1, -1, 2, -2, 3]), rng.randint(1, 2))
                                             for _ in range(count)])
        try:
            fiber = api.fiber(net, allow_partial=True)
        except NotDecidedError:  # e.g. a constant function refused by a class: nothing listed
            continue
        for component in fiber:
            for seed in range(2):
                assert equivalent(net, component.sample(seed=seed), orbit_check=False), (arch, net.parameters())
        if fiber.status == FiberStatus.PARTIAL and type(fiber) is Fiber:  # the any-depth partial fiber
            dimension = api.fiber_dimension(net, allow_partial=True)
            assert dimension.local_lower <= dimension.local_upper and int(dimension) >= fiber.dimension
