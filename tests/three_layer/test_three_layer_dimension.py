"""Three-layer fiber dimensions: the value without components against the built components, the row-type rule,
and the exact Jacobian bound at theta (an independent upper bound of the local dimension)."""

import random

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.api import fiber_dimension as api_fiber_dimension
from semialg_fibers.three_layer import jacobian_upper_bound
from semialg_fibers.three_layer.dimension import dimension_result, fiber_dimension, row_type_dimension
from semialg_fibers.three_layer.fiber import FiberStatus, fiber

CASES = [(1, 2, 1, 1), (1, 2, 2, 2), (2, 1, 1, 2), (2, 1, 2, 3), (2, 2, 1, 2), (2, 2, 2, 2)]
SLOW = [(1, 3, 1, 2), (1, 3, 2, 1), (2, 3, 1, 2), (3, 1, 1, 3), (3, 2, 2, 3)]


def _check(n1, n2, k, d, seed):
    rng = random.Random(seed)
    compared = 0
    for patterns in pattern_multisets(n1, n2):
        net = with_pattern(rng, patterns, d=d, k=k)
        try:
            result = dimension_result(net)
        except NotDecidedError:
            continue
        built = fiber(net, certify=False, allow_conjecture=True)
        assert result.dimension == built.dimension == max(c.dimension for c in built), patterns
        assert result.status == built.status
        # the row-type rule of the generic second layer, and the local bound at theta itself
        assert result.dimension == row_type_dimension(net), patterns
        assert result.dimension <= jacobian_upper_bound(net) or n1 == 1, patterns
        compared += 1
    return compared


@pytest.mark.parametrize("n1, n2, k, d", CASES, ids=[str(c) for c in CASES])
def test_dimension_without_components_equals_the_built_maximum(n1, n2, k, d):
    assert _check(n1, n2, k, d, seed=n1 * 1000 + n2 * 100 + k * 10 + d) > 0


@pytest.mark.slow
@pytest.mark.parametrize("n1, n2, k, d", SLOW, ids=[str(c) for c in SLOW])
def test_dimension_without_components_equals_the_built_maximum_larger(n1, n2, k, d):
    assert _check(n1, n2, k, d, seed=5) > 0


def test_the_jacobian_bound_is_attained_on_generic_parameters():
    """Generic theta with no spare row: N - rank J(theta) equals the fiber dimension (local = global here)."""
    rng = random.Random(9)
    for patterns, d, k in [(("++-", "-+-"), 2, 1), (("+--", "+--"), 3, 1), (("+++", "++-"), 2, 1),
                           (("+---",), 3, 2), (("-+", "+-"), 1, 1), (("+++",), 3, 2)]:
        net = with_pattern(rng, patterns, d=d, k=k)
        assert fiber_dimension(net, allow_conjecture=True) == jacobian_upper_bound(net), patterns


def test_constant_functions_have_dimension_n_minus_k():
    net = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-1, -1], [-2, -1]], [-1, -1]), ([[3, 1], [1, 1]],
                                                                                              [1, 2])])
    result = dimension_result(net)
    assert result.dimension == net.num_parameters - 2 and result.status == FiberStatus.PROVEN
    ramp_off = Network.from_layers([([[1]], [0]), ([[-1]], [-1]), ([[1]], [0])])
    assert fiber_dimension(ramp_off) == ramp_off.num_parameters - 1
    with pytest.raises(NotDecidedError, match="every row is dead"):
        row_type_dimension(net)


def test_the_row_type_rule_fails_on_degenerate_parameters():
    """Flipping the two crossing rows leaves a zero linear part, which frees the linear row to be dead: the
    enumeration finds the larger piece, the rule of the generic second layer does not."""
    net = Network.from_layers([([[1]], [0]), ([[3], [1], [-2]], [1, -6, 1]), ([[2, -6, -6]], [3])])
    assert fiber_dimension(net) == row_type_dimension(net) + 1 == 6


def test_api_and_status():
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])
    result = dimension_result(net)
    assert int(result) == api_fiber_dimension(net, allow_conjecture=True) == 4
    assert result.status == FiberStatus.CONJECTURE
    with pytest.raises(NotDecidedError, match="Conjecture 10.6"):
        api_fiber_dimension(net)  # a value resting on the conjecture is opted into
    assert result.to_dict() == {"fiber_dimension": 4, "status": "conjecture", "basis": result.basis}
