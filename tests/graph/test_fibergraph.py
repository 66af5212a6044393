"""The fiber graph against independent computations: the exact oracle, exact membership, a brute-force graph.

The brute-force graph joins sampled members of the fiber (component samples moved by every hidden-neuron
permutation and by random positive rescalings) when the straight segment between them stays in the fiber at
exact interior points (exact evaluation at many rational inputs, then the oracle), or when one is a positive
rescaling of the other (a path of rescalings).  A brute-force edge between two classes the library proves
different would refute the library's separation.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from checks import evaluation_jacobian_corank

from semialg_fibers import Network, api
from semialg_fibers.core.exceptions import LimitReachedError, NotDecidedError
from semialg_fibers.core.limits import SearchLimits
from semialg_fibers.core.results import FiberStatus
from semialg_fibers.core.symmetries import hidden_permutations, permute_hidden, scale_neuron
from semialg_fibers.general.oracle import equivalent
from semialg_fibers.graph import adjacency, connected_components, path, piece_graph
from semialg_fibers.graph.pieces import aux_preimage, limit_image

RELU = Network.from_layers([([[1], [0]], [0, 0]), ([[1, 0]], [0])])                      # s(x) in (1, 2, 1)
IDENTITY = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])                 # s(x) - s(-x) = x
HIDING = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
GENERIC = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])                  # s(x) + 2 s(x - 1)
RAMP = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])                   # 1 - s(1 - s(x))
RAMP_DEAD = Network.from_layers([([[1]], [0]), ([[-1], [-1]], [1, -1]), ([[-1, 2]], [1])])
FLIPPED = Network.from_layers([([[-1, 1], [3, 1]], [0, 0]), ([[1, 1]], [0])])             # on the orthant
ORTHANT = {FLIPPED.parameters()}

# name, network, components, components modulo permutations
CASES = [
    ("relu_121", RELU, 1, 1),
    ("identity_121", IDENTITY, 2, 1),
    ("hiding_three_layer", HIDING, 4, 2),
    ("generic_121", GENERIC, 2, 1),
    ("ramp_1111", RAMP, 2, 2),
    ("orthant_flipped", FLIPPED, 4, 2),
    pytest.param("ramp_dead_1121", RAMP_DEAD, 6, 4, marks=pytest.mark.slow, id="ramp_dead_1121"),
]
def _ids(value):
    return value if isinstance(value, str) else ""
_GRAPHS: dict = {}


def _graph(net):
    key = net.parameters()
    if key not in _GRAPHS:
        fiber = api.fiber(net, domain=_domain(net))
        _GRAPHS[key] = (fiber, piece_graph(fiber))
    return _GRAPHS[key]


def _domain(net):
    return "orthant" if net.parameters() in ORTHANT else None


def _inputs(d: int, count: int = 40, seed: int = 7, orthant: bool = False):
    rng = random.Random(seed)
    low = 0 if orthant else -40
    return [tuple(Fraction(rng.randint(low, 40), rng.randint(1, 7)) for _ in range(d)) for _ in range(count)]


def _equivalent(net, other):
    return equivalent(net, other, domain=_domain(net), orbit_check=False)


def _same_on(a: Network, b: Network, xs) -> bool:
    return all(a(x) == b(x) for x in xs)


def _segment(p: Network, q: Network, tau: Fraction) -> Network:
    return Network.from_parameters(p.architecture, [x + tau * (y - x) for x, y in zip(p.parameters(), q.parameters())])


def _samples(fiber, rng, seeds=3, scalings=1, rescaled=None):
    """Sampled members; ``rescaled`` collects the pairs ``(i, j)`` where member ``j`` is member ``i`` rescaled."""
    out = []
    net = fiber.network
    for comp in fiber.components:
        for seed in range(seeds):
            base = comp.sample(seed=seed)
            for h in hidden_permutations(net.architecture):
                moved = permute_hidden(base, h)
                out.append(moved)
                first = len(out) - 1
                for _ in range(scalings):
                    layer = rng.randrange(1, net.depth)
                    index = rng.randrange(net.architecture[layer])
                    out.append(scale_neuron(moved, layer, index, Fraction(rng.randint(1, 5), rng.randint(1, 5))))
                    if rescaled is not None:
                        rescaled.append((first, len(out) - 1))
    return out


def _brute_force_edges(fiber, points):
    """Pairs of sampled members joined by a rescaling path or by a coordinate segment inside the fiber."""
    net = fiber.network
    xs = _inputs(net.architecture[0], orthant=_domain(net) is not None)
    taus = [Fraction(1, 3), Fraction(1, 2), Fraction(3, 4)]
    edges = []
    for i, j in itertools.combinations(range(len(points)), 2):
        p, q = points[i], points[j]
        if all(_same_on(net, _segment(p, q, t), xs) for t in taus):
            if all(_equivalent(net, _segment(p, q, t)) for t in taus[:1]):
                edges.append((i, j))
    return edges


@pytest.mark.parametrize("name, net, count, modulo_count", CASES, ids=_ids)
def test_counts_of_the_small_cases(name, net, count, modulo_count):
    fiber, g = _graph(net)
    full = connected_components(fiber, modulo=None, graph=g)
    quotient = connected_components(fiber, graph=g)
    assert (full.number, quotient.number) == (count, modulo_count)
    for rep in full.representatives + quotient.representatives:
        assert _equivalent(net, rep)
        assert fiber.contains(rep)


@pytest.mark.parametrize("name, net, count, modulo_count", CASES, ids=_ids)
def test_every_edge_point_is_in_the_fiber_and_in_both_closures(name, net, count, modulo_count):
    fiber, g = _graph(net)
    comps = fiber.components
    for e in g.edges:
        point = Network.from_parameters(net.architecture, e.point)
        assert _equivalent(net, point)
        if e.reached_b is None:
            assert comps[e.b[0]].contains(point)                  # in the other node's component (some copy)
        for node, cp in ((e.a, e.reached), (e.b, e.reached_b)):
            if cp is None:
                continue
            if not cp.limit:
                assert comps[node[0]].contains(point)
                continue
            _check_curve(g, comps, node, cp, e.point)


def _check_curve(g, comps, node, cp, target):
    """The points of the curve lie in the component and approach the edge point."""
    piece = g.pieces[node[0]][node[1]]
    arch = comps[node[0]].architecture
    assert g.permutations.apply(node[2], limit_image(piece, cp.start, cp.end)) == target
    previous = None
    for k in (1, 2, 3):
        t = Fraction(1, 10**k)
        u = tuple(x + t * (s - x) for s, x in zip(cp.start, cp.end))
        assert piece.domain.contains(u)
        on_curve = Network.from_parameters(arch, g.permutations.apply(node[2], _image(piece, u)))
        assert comps[node[0]].contains(on_curve)
        gap = max(abs(x - y) for x, y in zip(on_curve.parameters(), target))
        assert previous is None or gap < previous
        previous = gap


def test_closure_to_closure_edges_are_found_and_walked():
    """s(x): components 0 and 1 meet only in their closures (a_2 -> 0 from both sides, v_2 = 0)."""
    fiber, g = _graph(RELU)
    both = [e for e in g.edges if e.reached_b is not None]
    assert both
    e = both[0]
    pa, pb = g.pieces[e.a[0]][e.a[1]], g.pieces[e.b[0]][e.b[1]]
    a = Network.from_parameters(RELU.architecture, g.permutations.apply(e.a[2], pa.image(pa.points_cache[0])))
    b = Network.from_parameters(RELU.architecture, g.permutations.apply(e.b[2], pb.image(pb.points_cache[0])))
    result = path(fiber, a, b, graph=g)
    assert result.connected and result.waypoints[0] == a.parameters() and result.waypoints[-1] == b.parameters()
    for point in result.waypoints:
        assert _equivalent(RELU, Network.from_parameters(RELU.architecture, point))


def _image(piece, u):
    from semialg_fibers.core.semialgebraic import map_parametrization

    return map_parametrization(piece.parametrization, piece.auxiliary, u)


@pytest.mark.parametrize("name, net, count, modulo_count", CASES, ids=_ids)
def test_the_brute_force_graph_never_joins_separated_classes(name, net, count, modulo_count):
    fiber, g = _graph(net)
    rng = random.Random(hash(name) % 1000)
    rescaled: list = []
    points = _samples(fiber, rng, rescaled=rescaled)
    classes = g.classes()
    where = {n: i for i, cls in enumerate(classes) for n in cls}
    labels = []
    for p in points:
        node = g.locate(p)
        assert node is not None, f"a sampled member {p.parameters()} was not placed in a node"
        labels.append(where[node])
    joined = _brute_force_edges(fiber, points) + rescaled   # a rescaling by c > 0 is the path (1 - tau) + tau c
    for i, j in joined:
        assert labels[i] == labels[j], f"brute force joins classes {labels[i]} and {labels[j]}"
    # the brute force reaches every class the library lists (each is sampled)
    assert set(labels) == set(range(len(classes)))


def test_identity_components_are_told_apart_by_the_sign_of_the_first_weight():
    """On the fiber of s(x) - s(-x), a_1 never vanishes (a_1 = 0 makes neuron 1 constant, leaving one kink),
    so sign(a_1) is constant on each connected component: an invariant the library does not use."""
    fiber, g = _graph(IDENTITY)
    classes = g.classes()
    where = {n: i for i, cls in enumerate(classes) for n in cls}
    seen = {}
    for p in _samples(fiber, random.Random(3), seeds=4):
        sign = p.parameters()[0] > 0
        seen.setdefault(where[g.locate(p)], set()).add(sign)
    assert sorted(map(sorted, seen.values())) == [[False], [True]]


@pytest.mark.parametrize("name, net, count, modulo_count", CASES, ids=_ids)
def test_paths_between_sampled_members(name, net, count, modulo_count):
    fiber, g = _graph(net)
    rng = random.Random(11)
    points = _samples(fiber, rng, seeds=1, scalings=0)
    pairs = [(points[0], points[k]) for k in (len(points) // 2, len(points) - 1)]
    for a, b in pairs:
        result = path(fiber, a, b, graph=g)
        same = g.classes()
        where = {n: i for i, cls in enumerate(same) for n in cls}
        assert result.connected == (where[g.locate(a)] == where[g.locate(b)])
        if not result.connected:
            assert result.separation[2]
            continue
        assert result.waypoints[0] == a.parameters() and result.waypoints[-1] == b.parameters()
        for point in result.waypoints:
            assert _equivalent(net, Network.from_parameters(net.architecture, point))
        for seg in result.segments:  # interior points other than those the implementation checks
            for tau in (Fraction(1, 5), Fraction(4, 5)):
                u = tuple(s + tau * (e - s) for s, e in zip(seg.start, seg.end))
                comp = fiber.components[seg.component]
                point = g.permutations.apply(seg.permutation, _image(g.pieces[seg.component][seg.cell], u))
                member = Network.from_parameters(net.architecture, point)
                assert _same_on(net, member, _inputs(net.architecture[0], 20, orthant=_domain(net) is not None))
                assert comp.contains(member)


def test_the_functional_dimension_along_a_path_against_the_evaluation_jacobian():
    """At each waypoint: None iff a hidden neuron has zero weights and zero bias (no input where the differential
    exists), else N minus the corank of the exact evaluation Jacobian at many random inputs; on s(x) in (1, 2, 1)
    the path from one sampled member to another passes through both values (the dimension changes)."""
    fiber, g = _graph(RELU)
    points = _samples(fiber, random.Random(11), seeds=1, scalings=0)
    changed = False
    for other in points[1:]:
        result = path(fiber, points[0], other, graph=g)
        assert len(result.functional_dimensions) == len(result.waypoints)
        for w, fd in zip(result.waypoints, result.functional_dimensions):
            net = Network.from_parameters(RELU.architecture, w)
            vanishing = any(not any(row) and not b for row, b in zip(net.layers[0].weight, net.layers[0].bias))
            assert (fd is None) == vanishing
            if fd is not None:
                assert fd == net.num_parameters - evaluation_jacobian_corank(net, random.Random(3))
        changed |= bool(result.dimension_changes())
    assert changed


def test_adjacency_graph_of_relu():
    """All ten pairs of the five components of s(x) meet; every edge point realizes s(x)."""
    fiber, g = _graph(RELU)
    G = adjacency(fiber, graph=g)
    assert G.number_of_nodes() == len(fiber)
    assert sorted(G.edges(data="status")) == [(a, b, "adjacent") for a in range(5) for b in range(a + 1, 5)]
    for _a, _b, point in G.edges(data="point"):
        assert _equivalent(RELU, point)
    assert G.graph["separated"] == []


def test_separated_pairs_share_no_sampled_point():
    """Counter-case of a wrong separation: a sample of one node lying in the other."""
    fiber, g = _graph(IDENTITY)
    assert g.separated
    for (x, y), _reason in g.separated.items():
        for seed in range(4):
            p = g.permutations.apply(x[2], _image(g.pieces[x[0]][x[1]], g.pieces[x[0]][x[1]].domain.sample(seed=seed)))
            psi = g.permutations.apply(g.permutations.inverse(y[2]), p)
            assert aux_preimage(g.pieces[y[0]][y[1]], psi) is None


def test_undecided_is_never_a_guess():
    """Without the separations (free_unknowns = 1) the two components of the identity are not counted as two."""
    fiber, _ = _graph(IDENTITY)
    g = piece_graph(fiber, limits=SearchLimits(free_unknowns=1))
    assert not g.separated and g.undecided
    full = connected_components(fiber, modulo=None, graph=g)
    assert not full.decided and full.count == (1, 2)
    with pytest.raises(NotDecidedError):
        _ = full.number
    G = adjacency(fiber, modulo=None, graph=g)
    assert G.graph["separated"] == [] and "undecided" in {s for _, _, s in G.edges(data="status")}
    assert connected_components(fiber, graph=g).number == 1  # modulo permutations nothing is left open
    with pytest.raises(NotDecidedError):
        path(fiber, IDENTITY, permute_hidden(IDENTITY, [(1, 0)]), graph=g)


def test_limits_are_fields_of_search_limits():
    fiber, _ = _graph(RELU)
    with pytest.raises(LimitReachedError) as info:
        piece_graph(fiber, limits=SearchLimits(permutations=1))
    assert info.value.limit == "permutations"


def test_a_partial_fiber_has_no_decided_count():
    fiber, g = _graph(IDENTITY)
    partial = type(fiber)(fiber.network, fiber.components, 0, None, FiberStatus.PARTIAL, "test")
    result = connected_components(partial)
    assert not result.decided
    # a part of the fiber the listed components miss may join them all or add more: no bound but 1 from below
    assert result.count == (1, None)
    with pytest.raises(NotDecidedError, match="at least 1"):
        _ = result.number


def test_fiber_methods_go_through_the_hook():
    fiber = api.fiber(GENERIC)
    assert fiber.connected_components(modulo=None).number == 2
    assert fiber.adjacency().number_of_nodes() == 1
    assert api.fiber_connected_components(GENERIC).number == 1
    with pytest.raises(ValueError):
        fiber.connected_components(modulo="scalings")


def test_results_are_values_that_pickle():
    import pickle

    fiber, g = _graph(RELU)
    values = [connected_components(fiber, graph=g), path(fiber, RELU, permute_hidden(RELU, [(1, 0)]), graph=g),
              g.edges[0], g.pieces[0][0], g.permutations]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value


def test_a_non_network_is_refused():
    fiber, g = _graph(RELU)
    with pytest.raises(TypeError, match="expected a Network"):
        path(fiber, None, RELU, graph=g)
