"""The fiber on the orthant: soundness and completeness against the oracle, dimensions against tangent ranks.

Every component built with ``certify=True`` has passed its exact tangent-rank
certificate (formula = rank at constructed generic points), so building a fiber
is itself a dimension check.
"""

import random
from fractions import Fraction

import pytest
from strategies import function_classes, random_shallow

from semialg_fibers import Network
from semialg_fibers.core.exceptions import InternalCheckError
from semialg_fibers.general.oracle import equivalent as oracle
from semialg_fibers.orthant import (
    canonical_data,
    fiber,
    fiber_dimension,
    generic_fiber_dimension,
    jacobian_upper_bound,
    orientation_choices,
)
from semialg_fibers.orthant.components import component
from semialg_fibers.orthant.fiber import fiber_components
from semialg_fibers.orthant.patterns import role_patterns

GOLDEN = [
    # name, layers, fiber dimension, number of components, generic formula
    ("nonlinear plus linear", [([[1, -1], [1, 1]], [0, 0]), ([[1, 2]], [0])], 3, 2, 3),
    ("two linear neurons, ncr 2", [([[1, 0], [0, 1]], [0, 0]), ([[1, -1]], [0])], 6, 2, 6),
    ("s(y) - s(-y) is y on the orthant", [([[1], [-1]], [0, 0]), ([[1, -1]], [0])], 5, 4, 5),
    ("flip frees the linear neuron (generic formula fails)", [([[3], [1], [-2]], [1, -6, 1]), ([[2, -6, -6]], [3])], 5, 13, 4),
    ("zero row and zero output", [([[0, 0], [1, -1]], [0, 1]), ([[5, 0]], [1])], 8, 13, 5),
    ("repeated line with a linear neuron", [([[1, -1], [2, -2], [1, 1]], [0, 0, 0]), ([[1, 1, 1]], [0])], 7, 9, 4),
    ("single nonlinear neuron, k = 2", [([[1, -2]], [1]), ([[3], [1]], [0, 0])], 1, 1, 1),
]


@pytest.mark.parametrize("name,layers,dim,count,generic", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_fibers(name, layers, dim, count, generic):
    net = Network.from_layers(layers)
    f = fiber(net)
    assert (f.dimension, len(f), generic_fiber_dimension(net)) == (dim, count, generic)
    assert fiber_dimension(net) == dim and f.contains(net)
    for c in f:
        sample = c.sample(seed=4)
        assert oracle(sample, net, domain="orthant")
        assert c.dimension <= jacobian_upper_bound(sample)


def test_soundness_and_dimension_on_random_degenerate_networks():
    """Samples of every component are oracle-equivalent; dimension <= N - rank of the evaluation Jacobian."""
    rng = random.Random(11)
    components = 0
    for _ in range(8):
        net = random_shallow(rng, rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 2))
        f = fiber(net)
        own = []
        for c in f:
            s = c.sample(seed=2)
            assert oracle(s, net, domain="orthant") and c.contains(s)
            assert c.dimension <= jacobian_upper_bound(s)
            if c.contains(net):
                own.append(c.dimension)
            components += 1
        assert own and max(own) <= jacobian_upper_bound(net)
    assert components > 20


def _completeness(arch, classes_to_check, seed, members=6):
    classes = function_classes(arch)
    rng = random.Random(seed)
    keys = sorted(classes, key=lambda d: classes[d][0].parameters())
    chosen = rng.sample(keys, min(classes_to_check, len(keys)))
    for key in chosen:
        f = fiber(classes[key][0], certify=False)
        for x in rng.sample(classes[key], min(members, len(classes[key]))):
            assert f.contains(x)
        for other in rng.sample(keys, 4):
            if other != key:
                assert not f.contains(classes[other][0])
        y = rng.choice(classes[key])
        assert oracle(classes[key][0], y, domain="orthant")


def test_completeness_exhaustive_small_sample():
    """Networks with entries in {-1, 0, 1} equal on the orthant are members of each other's fiber."""
    _completeness((1, 2, 1), 12, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("arch", [(1, 2, 1), (2, 1, 2), (2, 2, 1)], ids=str)
def test_completeness_exhaustive_slow(arch):
    _completeness(arch, 80, seed=2, members=10)


def test_gl_mixing_and_the_nonnegativity_boundary():
    """Mixing the linear block by g keeps the function iff the mixed rows stay >= 0 (then they are members)."""
    net = Network.from_layers([([[1, 0], [0, 1], [1, -1]], [0, 0, 1]), ([[1, 2, 1], [3, -1, 0]], [0, 0])])
    f = fiber(net)
    W, U = [[1, 0, 0], [0, 1, 0]], [[1, 2], [3, -1]]
    for g in ([[1, 1], [0, 1]], [[2, 1], [1, 1]], [[1, 0], [1, 1]], [[1, -1], [0, 1]], [[1, 1], [-1, 1]]):
        det = Fraction(g[0][0] * g[1][1] - g[0][1] * g[1][0])
        ginv = [[g[1][1] / det, -g[0][1] / det], [-g[1][0] / det, g[0][0] / det]]
        W2 = [[sum(g[i][t] * W[t][j] for t in range(2)) for j in range(3)] for i in range(2)]
        U2 = [[sum(U[r][t] * ginv[t][i] for t in range(2)) for i in range(2)] for r in range(2)]
        mixed = Network.from_layers([([W2[0][:2], W2[1][:2], [1, -1]], [W2[0][2], W2[1][2], 1]),
                                     ([U2[0] + [1], U2[1] + [0]], [0, 0])])
        boundary = all(v >= 0 for row in W2 for v in row)
        assert f.contains(mixed) == bool(oracle(mixed, net, domain="orthant"))
        if boundary:
            assert f.contains(mixed)
    assert any(c.pattern.roles.linear == 2 for c in f)


def test_required_linear_part_with_zero_columns():
    net = Network.from_layers([([[0, 1, 0], [1, -1, 0]], [0, 1]), ([[3, 1]], [0])])
    data = canonical_data(net)
    assert all(row[2] == 0 for row in data.linear)
    f = fiber(net)
    assert f.contains(net)
    assert any(all(row[2] == 0 for row in c.required_linear_part) and c.pattern.roles.linear for c in f)


def test_ncr_exceeding_the_rank():
    """Flipping s(y1 - y2) needs M = (2, -1): ncr 2 > rank 1 > one linear neuron, so that orientation is empty."""
    net = Network.from_layers([([[1, -1], [1, 0]], [0, 0]), ([[1, 1]], [0])])
    choices = orientation_choices(net)
    assert [(c.flipped, c.nonnegative_rank, c.is_empty, c.dimension is None) for c in choices] == \
        [((), 1, False, False), ((0,), 2, True, True)]
    f = fiber(net)
    assert not any(c.pattern.roles.flipped == (0,) and c.pattern.roles.is_orientation_only for c in f)
    flipped = Network.from_layers([([[-1, 1], [2, 0]], [0, 0]), ([[1, 1]], [0])])   # would need (2, -1) linear
    assert not oracle(flipped, net, domain="orthant") and not f.contains(flipped)
    # the own pattern of two linear neurons producing (1, -1): ncr = rank + 1 = 2
    two = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, -1]], [0])])
    assert orientation_choices(two)[0].nonnegative_rank == 2 and fiber(two).contains(two)


def test_certificate_rejects_a_wrong_dimension():
    net = Network.from_layers([([[1, -1], [1, 1]], [0, 0]), ([[1, 2]], [0])])
    data = canonical_data(net)
    roles, strata = next(role_patterns(data, 2))
    s, dim = strata[0]
    assert component(net, data, roles, s, dim).certificate.dimension == dim
    with pytest.raises(InternalCheckError):
        component(net, data, roles, s, dim + 1)


def test_implicit_form_latex_json_and_limit():
    net = Network.from_layers([([[1, -1], [2, -2], [1, 1]], [0, 0, 0]), ([[1, 1, 1]], [0])])
    f = fiber(net, limit=3)
    assert len(f) == 3 and f.omitted == 6 and f.dimension == 7
    c = f.components[0]
    sample = c.sample(seed=1)
    assert c.implicit.contains(sample.parameters())
    moved = list(sample.parameters())
    moved[-1] += 1   # output bias
    assert not c.implicit.contains(moved) and not c.contains(Network.from_parameters(net.architecture, moved))
    assert "for real numbers" in c.latex() and "the rows that produce the linear part span" in f.latex()
    d = c.to_dict()
    assert d["nonnegative_column_rank"] == c.nonnegative_rank and d["certificate"]["ranks"]
    assert sum(1 for _ in fiber_components(net, certify=False)) == 9


def test_generic_formula_on_generic_parameters():
    """The generic formula of docs/mathematics.md, Section 4, agrees with the enumeration for random rational rows (distinct lines)."""
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        m, n, k = rng.randint(1, 3), rng.randint(1, 4), rng.randint(1, 3)
        q = lambda: Fraction(rng.choice((-1, 1)) * rng.randint(1, 97), rng.randint(1, 89))  # noqa: E731
        net = Network.from_layers([([[q() for _ in range(m)] for _ in range(n)], [q() for _ in range(n)]),
                                   ([[q() for _ in range(n)] for _ in range(k)], [q() for _ in range(k)])])
        assert fiber_dimension(net) == generic_fiber_dimension(net)
        checked += 1
    assert checked == 60


def test_fiber_of_trained_network_on_the_orthant():
    """Trained 10-50-2 network on the orthant: flip sets from the exact orientation search (no loop
    over 2^50 orientation vectors); the fiber is one orbit of dimension 50 and multiplicity 50!,
    and a too-small width or an extra linear neuron over 50 lines is refused, not hung."""
    import math

    from semialg_fibers import NotDecidedError
    from semialg_fibers.readwrite.examples import REAL_NETWORKS
    path = REAL_NETWORKS / "nnequiv_bitvec_1_4_10-50-2.json"
    if not path.exists():
        pytest.skip(f"{path} not present")
    net = Network.from_json(path.read_text(), numbers="float64")
    f = fiber(net, certify=False)
    assert f.dimension == 50
    assert [(c.dimension, c.multiplicity) for c in f] == [(50, math.factorial(50))]
    data = canonical_data(net)
    with pytest.raises(NotDecidedError, match="2\\^50"):
        next(iter(role_patterns(data, 51)))
    from semialg_fibers.orthant import orientation_choices
    with pytest.raises(NotDecidedError, match="2\\^50 orientation choices"):
        orientation_choices(net)
