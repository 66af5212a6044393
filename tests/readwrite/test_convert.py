import json
from fractions import Fraction

import pytest

from semialg_fibers import Network
from semialg_fibers.core.exceptions import MalformedNetworkError, ShapeError

SIMPLE = {"architecture": [2, 1, 1], "layers": [{"weight": [["1/3", 0.1]], "bias": [1]}, {"weight": [[2]], "bias": ["-0.5"]}]}


def test_json_numbers_are_exact_decimals():
    net = Network.from_json(json.dumps(SIMPLE))
    assert net.layers[0].weight[0] == (Fraction(1, 3), Fraction(1, 10))
    assert net.layers[1].bias == (Fraction(-1, 2),)


def test_json_float64_mode_gives_dyadic_values():
    net = Network.from_json(json.dumps(SIMPLE), numbers="float64")
    assert net.layers[0].weight[0] == (Fraction(1, 3), Fraction(0.1))
    with pytest.raises(ValueError, match="numbers must be"):
        Network.from_json(json.dumps(SIMPLE), numbers="binary")


def test_json_round_trip_and_file(tmp_path):
    net = Network.from_json(json.dumps(SIMPLE))
    path = tmp_path / "net.json"
    path.write_text(net.to_json())
    assert Network.from_json(path) == net
    assert Network.from_json(str(path)) == net
    assert Network.from_json(json.loads(net.to_json())) == net


def test_unknown_keys_ignored():
    data = dict(SIMPLE, description="x", extra={"a": 1})
    data["layers"] = [dict(layer, activation="relu") for layer in SIMPLE["layers"]]
    assert Network.from_json(json.dumps(data)).architecture == (2, 1, 1)


BAD_JSON = [
    ("not json", "{not json", MalformedNetworkError, "invalid JSON"),
    ("list top", "[1, 2]", MalformedNetworkError, "top level"),
    ("no layers", '{"architecture": [1, 1]}', MalformedNetworkError, "no 'layers'"),
    ("empty layers", '{"layers": []}', ShapeError, "non-empty"),
    ("layer not object", '{"layers": [[1]]}', ShapeError, "layers\\[0\\]"),
    ("nan", '{"layers": [{"weight": [[NaN]], "bias": [0]}]}', MalformedNetworkError, "NaN"),
    ("infinity", '{"layers": [{"weight": [[Infinity]], "bias": [0]}]}', MalformedNetworkError, "Infinity"),
    ("bad string", '{"layers": [{"weight": [["x"]], "bias": [0]}]}', MalformedNetworkError, "weight\\[0\\]\\[0\\]"),
    ("ragged", '{"layers": [{"weight": [[1, 2], [1]], "bias": [0, 0]}]}', ShapeError, "ragged"),
    ("architecture mismatch", '{"architecture": [2, 1], "layers": [{"weight": [[1]], "bias": [0]}]}', ShapeError, "architecture"),
    ("bool entry", '{"layers": [{"weight": [[true]], "bias": [0]}]}', MalformedNetworkError, "boolean"),
    ("missing file", "does/not/exist.json", MalformedNetworkError, "cannot read"),
]


@pytest.mark.parametrize("text, error, message", [c[1:] for c in BAD_JSON], ids=[c[0] for c in BAD_JSON])
def test_bad_json(text, error, message):
    with pytest.raises(error, match=message):
        Network.from_json(text)


def test_from_numpy_exact_and_rounding():
    np = pytest.importorskip("numpy")
    w1 = np.array([[0.1, -2.0]], dtype=np.float32)
    b1 = np.array([[0.5]])  # (n, 1) biases are accepted
    w2 = np.array([[3]], dtype=np.int64)
    b2 = np.array([0.25])
    net = Network.from_numpy([w1, w2], [b1, b2])
    assert net.layers[0].weight[0][0] == Fraction(float(np.float32(0.1)))
    assert net.layers[0].weight[0][1] == -2 and net.layers[1].weight[0][0] == 3
    rounded = Network.from_numpy([w1, w2], [b1, b2], limit_denominator=100)
    assert rounded.layers[0].weight[0][0] == Fraction(1, 10)
    with pytest.raises(MalformedNetworkError, match="finite"):
        Network.from_numpy([np.array([[np.nan]])], [np.array([0.0])])
    with pytest.raises(ShapeError, match="2 weight matrices and 1 bias"):
        Network.from_numpy([w1, w2], [b1])
    with pytest.raises(ShapeError, match="matrix"):
        Network.from_numpy([np.array([1.0])], [np.array([0.0])])


def test_from_torch_exact():
    torch = pytest.importorskip("torch")
    nn = torch.nn
    torch.manual_seed(0)
    module = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    net = Network.from_torch(module)
    assert net.architecture == (3, 4, 2)
    w = module[0].weight.detach().double().numpy()
    assert net.layers[0].weight[1][2] == Fraction(float(w[1, 2]))
    x = [Fraction(1, 3), Fraction(-2), Fraction(5, 7)]
    with torch.no_grad():
        y = module(torch.tensor([[float(v) for v in x]], dtype=torch.float64).to(torch.float32)).double()
    exact = net(x)
    for a, b in zip(exact, y[0].tolist()):
        assert abs(float(a) - b) < 1e-5
    assert Network.from_torch(nn.Linear(2, 1, bias=False)).layers[0].bias == (Fraction(0),)
    with pytest.raises(MalformedNetworkError, match="module\\[1\\] is Sigmoid"):
        Network.from_torch(nn.Sequential(nn.Linear(2, 2), nn.Sigmoid(), nn.Linear(2, 1)))
    with pytest.raises(MalformedNetworkError, match="last layer"):
        Network.from_torch(nn.Sequential(nn.Linear(2, 2), nn.ReLU()))


def test_to_torch_round_trip_is_exact_for_dyadic_weights():
    torch = pytest.importorskip("torch")
    net = Network.from_layers([([[1, "-1/2"], ["3/1024", 0]], ["0.25", -3]), ([[1, "-7/8"]], ["5/4"])])
    for dtype in (torch.float64, torch.float32):
        module = net.to_torch(dtype=dtype)
        assert Network.from_torch(module) == net
        assert module[0].weight.dtype == dtype
    x = [Fraction(1, 2), Fraction(-3)]
    with torch.no_grad():
        y = module(torch.tensor([[float(v) for v in x]], dtype=torch.float32))
    assert Fraction(y.item()) == net(x)[0]  # every intermediate value is dyadic with few bits


def test_to_torch_refuses_or_rounds_non_dyadic_entries():
    torch = pytest.importorskip("torch")
    from semialg_fibers.core.exceptions import InexactOutputError

    third = Network.from_layers([([["1/3"]], [0]), ([[1]], [0])])
    with pytest.raises(InexactOutputError, match=r"layers\[0\].weight entry 0 = 1/3 is not representable"):
        third.to_torch()
    rounded = Network.from_torch(third.to_torch(exact=False))
    assert abs(rounded.layers[0].weight[0][0] - Fraction(1, 3)) < Fraction(1, 2**52)
    big = Network.from_layers([([[Fraction(1, 2**30) + 1]], [0]), ([[1]], [0])])
    big.to_torch(dtype=torch.float64)
    with pytest.raises(InexactOutputError, match="torch.float32"):
        big.to_torch(dtype=torch.float32)
