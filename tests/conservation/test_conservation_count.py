"""number_of_conserved_functions: exact Lie-algebra counts against the laws the symmetries induce.

The count's upper bound comes from Lie brackets of the output gradients and
never looks at a symmetry; the laws come from the symmetry generators
(``conservation_laws``) and never look at a bracket.  Where they agree, the
symmetries explain every conserved function; the one documented exception is
a dead neuron on R^m, whose input weights are frozen by the data without
being a symmetry of the function.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from checks import off_kinks, pre_activations, three_layer_symmetries
from strategies import random_points

from semialg_fibers import Network
from semialg_fibers.conservation import conservation_laws, number_of_conserved_functions
from semialg_fibers.core.exceptions import InternalCheckError, NotDecidedError
from semialg_fibers.core.symbols import weight_symbol

W1 = [[1, 2], [-1, 1]]
B1 = ["1/2", -1]

#: name -> (layers, domain, explicit three-layer symmetries, data box, count, slow)
COUNTS = {
    "three-layer generic": ([(W1, B1), ([[2, -1], [-1, 3]], ["-1/2", "1/3"]), ([[3, -2]], [1])],
                            None, True, (-4, 4), 4, False),
    "three-layer hidden, two rows": ([(W1, B1), ([[2, -1], ["3/2", -2]], ["-1/2", "-1/3"]), ([[3, -2]], [1])],
                                     None, True, (-4, 4), 4, False),
    "three-layer hidden, n2 = 1": ([(W1, B1), ([[2, -1]], ["-1/2"]), ([[3]], [1])], None, True, (-4, 4), 3, False),
    "three-layer hidden, d = 3": ([([[1, 2, -1], [-1, 1, "1/2"]], B1), ([[-1, 2], ["-3/2", 1]], ["-1/3", "-1/2"]),
                                   ([[3, -2]], [1])], None, True, (-4, 4), 4, True),
    "three-layer hiding + dead row": ([(W1, B1), ([[2, -1], [-1, -2]], ["-1/2", "-1/3"]), ([[3, -2]], [1])],
                                      None, True, (-4, 4), 7, False),
    "three-layer dead + other row": ([(W1, B1), ([[-2, -1], [-1, 3]], ["-1/2", "1/3"]), ([[3, -2]], [1])],
                                     None, True, (-4, 4), 7, False),
    "three-layer linear + other row": ([(W1, B1), ([[2, 1], [-1, 3]], ["1/2", "1/3"]), ([[3, -2]], [1])],
                                       None, True, (-4, 4), 4, False),
    "three-layer two linear rows": ([(W1, B1), ([[2, 1], [1, "3/2"]], ["1/2", "1/3"]), ([[3, -1]], [1])],
                                    None, True, (-4, 4), 5, False),
    "three-layer two linear rows, k = 2": ([(W1, B1), ([[2, 1], [1, "3/2"]], ["1/2", "1/3"]),
                                            ([[3, -1], [1, 2]], [1, 0])], None, True, (-4, 4), 5, True),
    "three-layer two linear + other row": ([(W1, B1), ([[2, 1], [1, "3/2"], [-1, 3]], ["1/2", "1/3", "1/3"]),
                                            ([[3, -1, 2]], [1])], None, True, (-4, 4), 6, True),
    "shallow generic": ([([[1], [-2]], [1, 1]), ([[2, 1]], [0])], None, False, (-3, 3), 2, False),
    "shallow zero-output": ([([[1], [2]], [0, -1]), ([[3, 0]], [0])], None, False, (-3, 3), 2, False),
    "shallow constant": ([([[1], [0]], [0, 2]), ([[3, 2]], [0])], None, False, (-3, 3), 2, False),
    "shallow kink split": ([([[1], [2]], [1, 2]), ([[3, 1]], [0])], None, False, (-3, 3), 3, False),
    "shallow cancelling pair": ([([[1], [-1]], [0, 0]), ([[1, -1]], [0])], None, False, (-3, 3), 2, False),
    "shallow (2, 3, 2)": ([([[1, 2], [-2, 1], [1, 1]], [1, 1, -1]), ([[2, 1, 1], [1, -1, 3]], [0, 1])],
                          None, False, (-3, 3), 3, False),
    "orthant two linear": ([([[1, 2], [2, 1], [1, -1]], [1, 1, 0]), ([[1, -1, 2]], [0])], "orthant", False,
                           (0, 3), 4, False),
    "orthant dead": ([([[1, -1], [-1, -2]], [1, -1]), ([[2, 3]], [0])], "orthant", False, (0, 3), 5, False),
}


def _case(name, count=60, seed=1):
    layers, domain, explicit, (low, high), expected, _ = COUNTS[name]
    net = Network.from_layers(layers)
    data = off_kinks(net, random_points(net.input_dim, count, seed, low, high))
    symmetries = three_layer_symmetries(net) if explicit else None
    return net, data, domain, symmetries, expected


def _params(slow_ok):
    return [pytest.param(n, marks=pytest.mark.slow) if COUNTS[n][5] and not slow_ok else n for n in COUNTS]


@pytest.mark.parametrize("name", _params(False), ids=list(COUNTS))
def test_count_matches_the_laws_of_the_symmetries(name):
    net, data, domain, symmetries, expected = _case(name)
    count = number_of_conserved_functions(net, data)
    assert count.count == expected
    assert count.lie_dimension == net.num_parameters - expected
    report = conservation_laws(net, data=data, symmetries=symmetries, domain=domain)
    assert len(report.independent_quantities()) == expected


def test_dead_neuron_on_rm_has_laws_beyond_its_symmetries():
    # a = 0, b < 0: the data freeze the input weight a too, which is not a symmetry of the function on R^m
    net = Network.from_layers([([[1], [0]], [0, -1]), ([[3, 2]], [0])])
    data = off_kinks(net, random_points(1, 20, 2))
    count = number_of_conserved_functions(net, data)
    symmetric = conservation_laws(net, data=data).independent_quantities()
    assert (count.count, len(symmetric)) == (4, 3)
    assert weight_symbol(1, 2, 1) in count.laws


def test_hiding_translation_adds_nothing_and_needs_one_bracket():
    net, data, _, _, _ = _case("three-layer hidden, two rows")
    count = number_of_conserved_functions(net, data)
    assert count.ranks[0] < count.ranks[-1] == net.num_parameters - 4
    assert count.certificate == "laws"


def test_few_data_points_closed_lie_algebra():
    # one training input: W is one field, its Lie algebra is its span
    net = Network.from_layers([([[1], [-2]], [1, 1]), ([[2, 1]], [0])])
    count = number_of_conserved_functions(net, ["1/3"])
    assert (count.count, count.certificate) == (6, "closed")
    assert len(count.laws) < count.count


def test_not_decided():
    net = Network.from_layers([([[1], [-2]], [1, 1]), ([[2, 1]], [0])])
    with pytest.raises(NotDecidedError, match="kink"):
        number_of_conserved_functions(net, [-1, 2])
    hidden, data, _, _, _ = _case("three-layer hidden, two rows")
    with pytest.raises(NotDecidedError, match="between 4 and 5"):
        number_of_conserved_functions(hidden, data, max_depth=0)
    with pytest.raises(NotDecidedError, match="max_parameters"):
        number_of_conserved_functions(net, [2], max_parameters=5)
    with pytest.raises(ValueError, match="not conserved"):
        number_of_conserved_functions(net, [2, -2], extra_laws=[weight_symbol(1, 1, 1)])


def test_limits_come_from_search_limits_and_the_max_arguments_override_them():
    from semialg_fibers.core.exceptions import LimitReachedError
    from semialg_fibers.core.limits import UNLIMITED, SearchLimits

    net, data, _, _, expected = _case("shallow constant")  # the bounds meet after two bracket levels
    with pytest.raises(LimitReachedError, match="between 2 and 3.*bracket_depth = 1") as refused:
        number_of_conserved_functions(net, data, limits=SearchLimits(bracket_depth=1))
    assert (refused.value.limit, refused.value.value) == ("bracket_depth", 1)
    assert number_of_conserved_functions(net, data, limits=SearchLimits(bracket_depth=1), max_depth=2).count == expected
    assert number_of_conserved_functions(net, data, limits=UNLIMITED).count == expected
    with pytest.raises(LimitReachedError, match="max_depth = 0") as refused:
        number_of_conserved_functions(net, data, max_depth=0)
    assert (refused.value.limit, refused.value.value) == ("bracket_depth", 0)
    with pytest.raises(LimitReachedError, match="max_fields = 2") as refused:
        number_of_conserved_functions(net, data, max_fields=2)
    assert (refused.value.limit, refused.value.value) == ("fields_per_parameter", 2)
    with pytest.raises(LimitReachedError, match="7 parameters, above the limit parameters = 6") as refused:
        number_of_conserved_functions(net, data, limits=SearchLimits(parameters=6))
    assert (refused.value.limit, refused.value.value) == ("parameters", 6)
    with pytest.raises(LimitReachedError, match="max_parameters = 5") as refused:
        number_of_conserved_functions(net, data, limits=SearchLimits(parameters=300), max_parameters=5)
    assert (refused.value.limit, refused.value.value) == ("parameters", 5)
    assert number_of_conserved_functions(net, data, limits=SearchLimits(parameters=6), max_parameters=7).count == expected
    with pytest.raises(ValueError, match="max_depth"):
        number_of_conserved_functions(net, data, max_depth=-1)
    with pytest.raises(TypeError):
        number_of_conserved_functions(net, data, 6)  # the bounds are keyword-only


def test_outputs():
    net, data, _, _, _ = _case("shallow kink split")
    count = number_of_conserved_functions(net, data)
    assert count.to_dict()["count"] == 3 and "N - \\dim" in count.latex()
    assert count.text().startswith("conserved functions near the network")


def _random_shallow(rng, m, n, k):
    rnd = lambda: Fraction(rng.choice([-1, 1]) * rng.randint(1, 9), rng.randint(1, 3))  # noqa: E731
    return Network.from_layers([([[rnd() for _ in range(m)] for _ in range(n)], [rnd() for _ in range(n)]),
                                ([[rnd() for _ in range(n)] for _ in range(k)], [rnd() for _ in range(k)])])


def _both_sides(net, data) -> bool:
    """Every hidden neuron is active on some input and inactive on another (the data see every kink)."""
    signs = [[v > 0 for z in pre_activations(net, x) for v in z] for x in data]
    return all(any(s[i] for s in signs) and not all(s[i] for s in signs) for i in range(len(signs[0])))


def _random_three_layer(rng, pattern, n1=2, k=1):
    mag = lambda: Fraction(rng.randint(2, 20), 10)  # noqa: E731
    rows = [[s * mag() for s in signs] for signs in pattern]
    return Network.from_layers([([[Fraction(rng.randint(-9, 9) or 1, 4) for _ in range(2)] for _ in range(n1)],
                                 [Fraction(rng.randint(-4, 4), 4) for _ in range(n1)]),
                                ([r[:-1] for r in rows], [r[-1] for r in rows]),
                                ([[rng.choice([-1, 1]) * mag() for _ in rows] for _ in range(k)], [1] * k)])


#: sign patterns of the rows of [W2 | b2] for n1 = 2 and the expected count n1 + (n2 - D - L) + L(L+1)/2 + D(n1+1+k)
PATTERNS = {
    "other rows": ([(1, -1, 1), (-1, 1, 1)], 4),
    "two rows hide column 1": ([(1, -1, -1), (1, -1, -1)], 4),
    "one row hides column 2": ([(-1, 1, -1)], 3),
    "two linear rows": ([(1, 1, 1), (1, 1, 1)], 5),
    "dead + hiding row": ([(-1, -1, -1), (1, -1, -1)], 7),
    "linear + other row": ([(1, 1, 1), (1, -1, 1)], 4),
}


def _rich(net, data) -> bool:
    """The data separate the neurons (a sufficient condition computed here, by exact evaluation).

    Rows of the second layer that are neither dead nor linear have distinct
    sets of active inputs, none of them all inputs; each first-layer neuron
    is active together with a row that reads it on inputs ``x`` whose
    ``(x, 1)`` span ``R^{d+1}``.  Otherwise the data themselves can freeze
    directions (more laws than symmetries), which the count reports correctly.
    """
    from semialg_fibers.core import linalg

    pre = [pre_activations(net, x) for x in data]
    n1, n2 = net.architecture[1], net.architecture[2]
    rows = [tuple(p[1][j] > 0 for p in pre) for j in range(n2)]
    crossing = [r for r in rows if any(r) and not all(r)]
    signs = [[v > 0 for v in tuple(net.layers[1].weight[j]) + (net.layers[1].bias[j],)] for j in range(n2)]
    linear = [j for j in range(n2) if all(signs[j])]
    if len(set(crossing)) < len(crossing) or any(all(rows[j]) for j in range(n2) if j not in linear):
        return False
    for i in range(n1):
        seen = [tuple(x) + (Fraction(1),) for x, p in zip(data, pre)
                if p[0][i] > 0 and any(p[1][j] > 0 and net.layers[1].weight[j][i] for j in range(n2))]
        if linalg.rank(seen, net.input_dim + 1) < net.input_dim + 1 if seen else True:
            return False
    return True


@pytest.mark.parametrize("name", PATTERNS, ids=list(PATTERNS))
def test_random_three_layer_counts_agree_with_the_laws(name):
    rng = random.Random(sum(map(ord, name)))
    pattern, expected = PATTERNS[name]
    for _attempt in range(30):
        net = _random_three_layer(rng, pattern)
        data = off_kinks(net, random_points(2, 60, rng.randint(0, 10 ** 6), -5, 5))
        if _rich(net, data):
            break
    else:
        pytest.fail("no random draw whose data separate the neurons")
    count = number_of_conserved_functions(net, data)
    laws = conservation_laws(net, data=data, symmetries=three_layer_symmetries(net)).independent_quantities()
    assert count.count == len(laws) == expected


@pytest.mark.parametrize("seed", range(6))
def test_random_shallow_counts_are_balancedness(seed):
    rng = random.Random(seed)
    m, n, k = rng.choice([(1, 2, 1), (2, 3, 1), (2, 2, 2), (3, 3, 2)])
    for attempt in range(20):
        net = _random_shallow(rng, m, n, k)
        data = off_kinks(net, random_points(m, 40, seed * 100 + attempt, -4, 4))
        if _both_sides(net, data):
            break
    count = number_of_conserved_functions(net, data)
    laws = conservation_laws(net, data=data).independent_quantities()
    assert count.count == len(laws) == n


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_random_small_networks_are_certified(seed):
    """Any small network and few data: the bounds meet (or raise), and the laws found are really conserved."""
    rng = random.Random(seed)
    arch = rng.choice([(1, 2, 1), (2, 3, 1), (2, 2, 2), (2, 2, 2, 1), (2, 3, 2, 1), (1, 2, 2, 1), (3, 2, 2, 1)])
    rnd = lambda: Fraction(rng.choice([-1, 1]) * rng.randint(1, 9), rng.randint(1, 4))  # noqa: E731
    net = Network.from_layers([([[rnd() for _ in range(a)] for _ in range(b)], [rnd() for _ in range(b)])
                               for a, b in zip(arch, arch[1:])])
    data = off_kinks(net, random_points(arch[0], rng.choice([1, 2, 3, 5, 8, 20]), seed))
    if not data:
        return
    count = number_of_conserved_functions(net, data)
    assert 0 < count.lie_dimension <= net.num_parameters
    if count.certificate == "laws":
        assert len(count.laws) == count.count
    else:
        assert len(count.laws) <= count.count


def test_internal_consistency_error_type():
    assert issubclass(InternalCheckError, AssertionError)


#: hidden neurons of a random orthant network by type: (linear, nonlinear, dead), and (m, k)
ORTHANT_MIXES = {
    "two linear, one nonlinear": ((2, 1, 0), (2, 1)),
    "three linear": ((3, 0, 0), (2, 2)),
    "linear, nonlinear, dead": ((1, 1, 1), (2, 1)),
    "two linear, two nonlinear, k = 2": ((2, 2, 0), (3, 2)),
}


@pytest.mark.parametrize("name", ORTHANT_MIXES, ids=list(ORTHANT_MIXES))
def test_random_orthant_counts_agree_with_the_laws(name):
    (n_lin, n_non, n_dead), (m, k) = ORTHANT_MIXES[name]
    rng = random.Random(sum(map(ord, name)))
    mag = lambda: Fraction(rng.randint(2, 20), 10)  # noqa: E731
    for _attempt in range(30):
        rows = [[mag() for _ in range(m + 1)] for _ in range(n_lin)]
        for _ in range(n_non):
            signs = [rng.choice([-1, 1]) for _ in range(m + 1)]
            signs[rng.randrange(m + 1)], signs[rng.randrange(m + 1)] = 1, -1
            rows.append([s * mag() for s in signs] if len(set(signs)) == 2 else [mag()] * m + [-mag()])
        rows += [[-mag() for _ in range(m + 1)] for _ in range(n_dead)]
        net = Network.from_layers([([r[:-1] for r in rows], [r[-1] for r in rows]),
                                   ([[rng.choice([-1, 1]) * mag() for _ in rows] for _ in range(k)], [0] * k)])
        data = off_kinks(net, random_points(m, 40, rng.randint(0, 10 ** 6), 0, 3))
        signs = [[v > 0 for v in pre_activations(net, x)[0]] for x in data]
        nonlinear = range(n_lin, n_lin + n_non)
        if all(any(s[i] for s in signs) and not all(s[i] for s in signs) for i in nonlinear):
            break
    count = number_of_conserved_functions(net, data)
    laws = conservation_laws(net, data=data, domain="orthant").independent_quantities()
    expected = n_non + n_lin * (n_lin + 1) // 2 + n_dead * (m + 1 + k)
    assert count.count == len(laws) == expected
