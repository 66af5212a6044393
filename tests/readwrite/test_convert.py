import json
from fractions import Fraction
from pathlib import Path

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
    assert Network.from_file(str(path)) == net  # a str names a file only through from_file
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
    ("a path is not JSON text", "does/not/exist.json", MalformedNetworkError, "a str is JSON text, never a path"),
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
    rounded = Network.from_torch(third.to_torch(dtype=torch.float64, exact=False))  # float64: no longer the default
    assert abs(rounded.layers[0].weight[0][0] - Fraction(1, 3)) < Fraction(1, 2**52)
    rounded32 = Network.from_torch(third.to_torch(exact=False))  # the default float32: half an ulp of 2^-25
    assert abs(rounded32.layers[0].weight[0][0] - Fraction(1, 3)) <= Fraction(1, 2**26)
    big = Network.from_layers([([[Fraction(1, 2**30) + 1]], [0]), ([[1]], [0])])
    big.to_torch(dtype=torch.float64)
    with pytest.raises(InexactOutputError, match="torch.float32"):
        big.to_torch(dtype=torch.float32)


# ----------------------------------------------------------------------------- nothing misread
MISREAD = [
    ("bias as an object", {"layers": [{"weight": [[1], [1]], "bias": {"0": 1, "7": 2}}]},
     ShapeError, r"layers\[0\].bias is an object"),
    ("row as an object", {"layers": [{"weight": [{"0": 1, "1": 2}], "bias": [0]}]},
     ShapeError, r"layers\[0\].weight\[0\] is an object"),
    ("weight as an object", {"layers": [{"weight": {"0": [1]}, "bias": [0]}]},
     ShapeError, r"layers\[0\].weight is an object"),
    ("layers as an object", {"layers": {"0": {"weight": [[1]], "bias": [0]}}}, ShapeError, "'layers' is an object"),
    ("architecture of booleans", {"architecture": [True, 1, True],
                                  "layers": [{"weight": [[1]], "bias": [0]}, {"weight": [[1]], "bias": [0]}]},
     ShapeError, r"'architecture'\[0\] is the boolean true"),
    ("architecture of strings", {"architecture": ["1", "1"], "layers": [{"weight": [[1]], "bias": [0]}]},
     ShapeError, r"'architecture'\[0\] is the string '1'"),
    ("architecture of decimals", {"architecture": [1.0, 1], "layers": [{"weight": [[1]], "bias": [0]}]},
     ShapeError, r"'architecture'\[0\] is the number 1.0"),
    ("architecture as an object", {"architecture": {"0": 1}, "layers": [{"weight": [[1]], "bias": [0]}]},
     ShapeError, "'architecture' is an object"),
]


@pytest.mark.parametrize("document, error, words", [c[1:] for c in MISREAD], ids=[c[0] for c in MISREAD])
def test_json_is_never_misread(document, error, words):
    """Each document, as JSON text and as a parsed dict, is refused: an object is not a list of its keys."""
    with pytest.raises(error, match=words):
        Network.from_json(json.dumps(document))
    with pytest.raises(error, match=words):
        Network.from_json(document)


def test_dict_and_set_rows_are_refused_in_the_api():
    with pytest.raises(ShapeError, match=r"layers\[0\].weight\[0\] is a set"):
        Network.from_layers([([{1, 2}], [0])])
    with pytest.raises(ShapeError, match=r"layers\[0\].bias is an object"):
        Network.from_layers([([[1]], {0: 1})])
    net = Network.from_layers([([[1, 2]], [0])])
    with pytest.raises(ShapeError, match="x is an object"):
        net({0: 1, 1: 2})
    with pytest.raises(ShapeError, match="x is a set"):
        net({1, 2})


def test_a_string_is_never_a_path(tmp_path, monkeypatch):
    """from_json takes text: a string naming a file is not opened, and nothing of the file is echoed."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "secret.json").write_text('{"layers": "the secret words"}')
    (tmp_path / "net.json").write_text(json.dumps(SIMPLE))
    for name in ("secret.json", "net.json", str(tmp_path / "net.json")):
        with pytest.raises(MalformedNetworkError) as info:
            Network.from_json(name)
        assert "secret" not in str(info.value) and "a str is JSON text, never a path" in str(info.value)
    assert Network.from_file("net.json") == Network.from_json(Path("net.json")) == Network.from_json(json.dumps(SIMPLE))
    with pytest.raises(MalformedNetworkError, match="^secret.json: 'layers' is the string"):
        Network.from_file("secret.json")


def test_other_sources_are_typed_errors():
    with pytest.raises(MalformedNetworkError, match="not UTF-8"):
        Network.from_json(b'{"layers": ["\xe9"]}')
    assert Network.from_json(json.dumps(SIMPLE).encode()) == Network.from_json(json.dumps(SIMPLE))
    for source in (12, None, [SIMPLE]):
        with pytest.raises(TypeError, match="expected JSON text"):
            Network.from_json(source)
    with pytest.raises(TypeError, match="expected a str or os.PathLike"):
        Network.from_file(12)


def test_from_numpy_reads_every_float_width_exactly():
    """longdouble and float16 entries are the rationals they are, not their float64 roundings."""
    np = pytest.importorskip("numpy")
    if np.finfo(np.longdouble).nmant <= np.finfo(np.float64).nmant:
        pytest.skip("longdouble is float64 on this platform")
    tiny = np.longdouble("1e-4000")  # 0.0 as a float64
    between = np.longdouble(1) + np.ldexp(np.longdouble(1), -60)  # 1.0 as a float64
    net = Network.from_numpy([np.array([[tiny, between]], dtype=np.longdouble)], [np.array([0], dtype=np.longdouble)])
    got_tiny, got_between = net.layers[0].weight[0]
    # the exact value another way: scaled by a power of two the longdouble is an integer, which int() reads exactly
    assert got_tiny == Fraction(int(np.ldexp(tiny, 13400)), 2**13400) and got_tiny != 0
    assert got_between == 1 + Fraction(1, 2**60)
    half = Network.from_numpy([np.array([[0.1]], dtype=np.float16)], [np.array([0.0])]).layers[0].weight[0][0]
    assert half == Fraction(int(np.float16(0.1) * np.float16(2**14)), 2**14) and half != Fraction(0.1)
    with pytest.raises(MalformedNetworkError, match="finite"):
        Network.from_numpy([np.array([[np.longdouble("inf")]])], [np.array([0.0])])
