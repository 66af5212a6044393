"""activation_pattern: the output polynomials agree with exact evaluation of the network (an independent path)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from semialg_fibers import Network
from semialg_fibers.conservation import activation_pattern
from semialg_fibers.conservation.fields import evaluate
from semialg_fibers.core.exceptions import NotDecidedError, ShapeError

small = st.fractions(min_value=-3, max_value=3, max_denominator=4)


@settings(max_examples=25, deadline=None)
@given(st.lists(small, min_size=17, max_size=17), st.lists(st.lists(small, min_size=2, max_size=2), min_size=1,
                                                              max_size=4))
def test_outputs_evaluate_to_the_network(flat, points):
    net = Network.from_parameters((2, 2, 2, 1), flat[:15])
    try:
        pattern = activation_pattern(net, points)
    except NotDecidedError:
        return
    theta = net.parameters()
    for x, outs in zip(pattern.data, pattern.outputs):
        assert tuple(evaluate(f, theta) for f in outs) == net(x)


def test_groups_and_active_inputs():
    net = Network.from_layers([([[1], [-1], [2]], [0, 1, 0]), ([[1, 1, 1]], [0])])
    pattern = activation_pattern(net, [2, "-1/2", 3])
    assert pattern.active_inputs(1, 0) == frozenset({0, 2})
    assert pattern.groups(1) == ((frozenset({0, 2}), (0, 2)), (frozenset({1}), (1,)))
    assert "3 training inputs" in pattern.region_description()


def test_errors():
    net = Network.from_layers([([[1, 1]], [0]), ([[1]], [0])])
    with pytest.raises(ShapeError):
        activation_pattern(net, [[1]])
    with pytest.raises(NotDecidedError, match="kink"):
        activation_pattern(net, [[1, -1]])
    with pytest.raises(ValueError):
        activation_pattern(net, [])
    assert activation_pattern(net, [[Fraction(1), "2"]]).states == (((True,),),)


def test_a_point_is_never_misread():
    """The string (or JSON number) "12" is not the point (1, 2); a dict is not its keys, a set has no order."""
    from semialg_fibers.readwrite.reader import parse_json

    net = Network.from_layers([([[1, 1]], ["1/2"]), ([[1]], [0])])
    for data, words in [(["12"], r"data\[0\] is the string '12'"), (parse_json("[12]"), r"data\[0\] is the number 12"),
                        ([12], r"data\[0\] is the number 12"), ([{"0": 1, "1": 2}], r"data\[0\] is an object"),
                        ([{1, 2}], r"data\[0\] is a set")]:
        with pytest.raises(ShapeError, match=words):
            activation_pattern(net, data)
    one = Network.from_layers([([[1]], ["1/2"]), ([[1]], [0])])
    assert activation_pattern(one, ["12", 3, parse_json("[7]")[0]]).data == ((12,), (3,), (7,))
