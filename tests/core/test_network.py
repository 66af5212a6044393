import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_network

from semialg_fibers import Network
from semialg_fibers.core.exceptions import InexactInputError, MalformedNetworkError, ShapeError

# (name, layers, input, expected output) computed by hand
EVAL_CASES = [
    ("identity pair", [([[1], [-1]], [0, 0]), ([[1, -1]], [0])], ["-5/2"], (Fraction(-5, 2),)),
    ("shifted identity pair", [([[2], [-1]], [3, "-3/2"]), ([["1/2", -1]], ["-3/2"])], ["7/3"], (Fraction(7, 3),)),
    ("relu", [([[1]], [0]), ([[1]], [0])], [-4], (Fraction(0),)),
    ("affine only", [([[1, 2], [3, 4]], [5, 6])], [1, 1], (Fraction(8), Fraction(13))),
    ("two outputs", [([[1, 1], [1, -1]], [0, -1]), ([[1, 0], [2, 3]], [0, 1])], [2, 1], (Fraction(3), Fraction(7))),
    # 1 - s(1 - s(z)) at z = 1/2: s(z) = 1/2, s(1 - 1/2) = 1/2, 1 - 1/2 = 1/2
    ("ramp", [([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])], ["1/2"], (Fraction(1, 2),)),
    ("ramp saturated", [([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])], [3], (Fraction(1),)),
    ("deep", [([[1, -2], [3, 1]], [0, -1]), ([[1, -1], [2, 1]], [1, 0]), ([[1, -2]], [0])], [1, 1], (Fraction(-6),)),
]


@pytest.mark.parametrize("layers, x, expected", [c[1:] for c in EVAL_CASES], ids=[c[0] for c in EVAL_CASES])
def test_exact_evaluation(layers, x, expected):
    net = Network.from_layers(layers)
    assert net(x) == expected
    assert net.evaluate_batch([x, x]) == (expected, expected)


def test_properties_and_parameter_order():
    net = Network.from_layers([([[1, 2], [3, 4], [5, 6]], [7, 8, 9]), ([[10, 11, 12]], [13])])
    assert net.architecture == (2, 3, 1)
    assert (net.input_dim, net.output_dim, net.depth, net.hidden_widths) == (2, 1, 2, (3,))
    assert net.num_parameters == 3 * 3 + 1 * 4 == len(net.parameters())
    assert net.parameters() == tuple(Fraction(i) for i in range(1, 14))
    assert Network.from_parameters(net.architecture, net.parameters()) == net


def test_network_is_hashable_and_immutable():
    a = Network.from_layers([([[1]], [0])])
    b = Network.from_layers([([["2/2"]], ["0.0"])])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.layers = ()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=2, max_size=5), st.integers(0, 10**6))
def test_parameters_round_trip(widths, seed):
    net = random_network(random.Random(seed), widths)
    assert Network.from_parameters(widths, net.parameters()) == net
    assert Network.from_json(net.to_json()) == net
    assert len(net.parameters()) == net.num_parameters


BAD_LAYERS = [
    ("empty", [], ShapeError, "empty"),
    ("ragged", [([[1, 2], [3]], [0, 0])], ShapeError, "ragged"),
    ("bias length", [([[1, 2]], [0, 0])], ShapeError, "bias has 2 entries"),
    ("mismatch", [([[1, 2]], [0]), ([[1, 2]], [0])], ShapeError, "layers\\[1\\].weight has shape \\(1, 2\\).*needs \\(1, 1\\)"),
    ("no rows", [([], [])], ShapeError, "no rows"),
    ("empty rows", [([[]], [0])], ShapeError, "empty rows"),
    ("float", [([[0.5]], [0])], InexactInputError, "layers\\[0\\].weight\\[0\\]\\[0\\]"),
    ("nan string", [([["nan"]], [0])], MalformedNetworkError, "layers\\[0\\].weight\\[0\\]\\[0\\]"),
    ("word", [([[1]], ["one"])], MalformedNetworkError, "layers\\[0\\].bias\\[0\\]"),
    ("not a pair", [([[1]],)], ShapeError, "pair"),
    ("scalar weight", [(1, [0])], ShapeError, "sequence"),
]


@pytest.mark.parametrize("layers, error, message", [c[1:] for c in BAD_LAYERS], ids=[c[0] for c in BAD_LAYERS])
def test_malformed_layers(layers, error, message):
    with pytest.raises(error, match=message):
        Network.from_layers(layers)


def test_malformed_parameters_and_inputs():
    with pytest.raises(ShapeError, match="needs 4"):
        Network.from_parameters((1, 1, 1), [1, 2, 3])
    with pytest.raises(ShapeError, match="positive integers"):
        Network.from_parameters((1, 0, 1), [])
    net = Network.from_layers([([[1, 1]], [0])])
    with pytest.raises(ShapeError, match="input dimension is 2"):
        net([1])
    with pytest.raises(InexactInputError, match="x\\[1\\]"):
        net([1, 0.5])


def test_from_layers_accepts_mappings():
    net = Network.from_layers([{"weight": [[1]], "bias": ["1/2"]}])
    assert net([0]) == (Fraction(1, 2),)


# ----------------------------------------------------------------------------- built directly, still a value
def test_network_built_from_lists_is_immutable_and_hashable():
    from semialg_fibers.core.network import Layer

    direct = Network(architecture=[1, 2, 1], layers=[Layer(weight=[[1], ["-1/2"]], bias=[0, 3]),
                                                    Layer(weight=[[2, 1]], bias=[Fraction(1, 3)])])
    built = Network.from_layers([([[1], ["-1/2"]], [0, 3]), ([[2, 1]], ["1/3"])])
    assert direct == built and hash(direct) == hash(built) and {direct: 1}[built] == 1
    assert type(direct.architecture) is tuple and type(direct.layers) is tuple
    assert all(type(row) is tuple and all(type(v) is Fraction for v in row) for row in direct.layers[0].weight)
    with pytest.raises(AttributeError):
        direct.architecture = (1, 1)  # type: ignore[misc]
    with pytest.raises(InexactInputError):
        Layer(weight=[[0.5]], bias=[0])
    with pytest.raises(ShapeError, match="ragged"):
        Layer(weight=[[1], [1, 2]], bias=[0, 0])
    with pytest.raises(ShapeError, match="is a set"):
        Layer(weight=[{1}], bias=[0])
    with pytest.raises(ShapeError, match=r"architecture\[0\] is True"):
        Network(architecture=[True, 1], layers=[Layer(((Fraction(1),),), (Fraction(0),))])


AS_LIST_REFUSED = [
    ("string", "12", ShapeError, "the string '12'"),
    ("bytes", b"12", ShapeError, "expected a sequence"),
    ("dict", {"0": 1, "7": 2}, ShapeError, "an object"),
    ("set", {1, 2}, ShapeError, "a set"),
    ("frozenset", frozenset({1}), ShapeError, "a set"),
    ("dict keys", {"a": 1}.keys(), ShapeError, "a set"),
    ("number", 12, ShapeError, "the number 12"),
]


@pytest.mark.parametrize("value, error, words", [c[1:] for c in AS_LIST_REFUSED], ids=[c[0] for c in AS_LIST_REFUSED])
def test_as_list_refuses_what_has_no_order(value, error, words):
    from semialg_fibers.core.network import as_list

    with pytest.raises(error, match=words):
        as_list(value, "v")


def test_as_list_reads_ordered_iterables_and_stops_endless_ones():
    import itertools

    from semialg_fibers.core.exceptions import InputLimitError
    from semialg_fibers.core.limits import input_limits
    from semialg_fibers.core.network import as_list

    assert as_list((v for v in (3, 1, 2)), "v") == [3, 1, 2] and as_list({"a": 1}.values(), "v") == [1]
    with input_limits(entries=1000):
        with pytest.raises(InputLimitError, match="more than 1000 entries"):
            as_list(itertools.count(), "v")
        with pytest.raises(InputLimitError, match="has 1001 entries"):
            as_list(range(1001), "v")
        net = Network.from_layers([([[1]], [0])])
        with pytest.raises(InputLimitError, match="x has more than 1000"):
            net(itertools.repeat(1))


def test_equal_entries_share_one_conversion_but_every_bad_one_is_named():
    """The memo of convert_layer: the values are those of the plain conversion, errors name their own entry."""
    from semialg_fibers.core.exact import to_rational
    from semialg_fibers.core.network import convert_layer

    calls = []

    def counting(value, where):
        calls.append(where)
        return to_rational(value, where)

    layer = convert_layer([["1/2", 1, "1/2"], [1, "3", "1/2"]], ["3", 3], "layers[0]", counting)
    assert layer.weight == ((Fraction(1, 2), 1, Fraction(1, 2)), (1, 3, Fraction(1, 2))) and layer.bias == (3, 3)
    assert len(calls) == 4   # "1/2", 1, "3", 3: a str and an int are kept apart
    with pytest.raises(MalformedNetworkError, match=r"layers\[0\]\.weight\[0\]\[1\]"):
        convert_layer([[1, True]], [0], "layers[0]", to_rational)   # True is not the cached 1
    with pytest.raises(MalformedNetworkError, match=r"layers\[0\]\.weight\[1\]\[0\]"):
        convert_layer([["1"], ["x"]], [0, 0], "layers[0]", to_rational)
