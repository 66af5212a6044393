"""PyTorch in and out (semialg_fibers/readwrite/torch.py): modules, traced forwards, state dicts, checkpoints.

Every reading is checked against something else than the reader: the module's own float64 forward on random
inputs (a float32 network evaluated in float64 differs from the exact evaluation by float64 rounding only), the
entries of the tensors one by one (``Fraction(t[i, j].item())``), or the same weights read another way.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from semialg_fibers import InputLimitError, MalformedNetworkError, Network, ShapeError
from semialg_fibers.core.exceptions import InexactOutputError
from semialg_fibers.core.limits import input_limits

torch = pytest.importorskip("torch")
nn = torch.nn
F = torch.nn.functional


def _agrees_with_forward(net: Network, module, inputs: int = 20, seed: int = 0) -> None:
    """The exact network and the module (run in float64) agree at random inputs to float64 rounding."""
    rng = random.Random(seed)
    double = _double(module)
    for _ in range(inputs):
        x = [Fraction(rng.randint(-300, 300), rng.choice([1, 2, 4, 8, 64])) for _ in range(net.input_dim)]
        with torch.no_grad():
            y = double(torch.tensor([[float(v) for v in x]], dtype=torch.float64)).reshape(-1).tolist()
        exact = net(x)
        for a, b in zip(exact, y):
            assert abs(float(a) - b) <= 1e-9 * (1 + abs(b)), (x, exact, y)


def _double(module):
    import copy

    return copy.deepcopy(module).double().eval()


def _entries_equal(net: Network, linears) -> None:
    assert len(net.layers) == len(linears)
    for layer, linear in zip(net.layers, linears):
        w = linear.weight.detach()
        assert layer.shape == tuple(w.shape)
        for i in range(w.shape[0]):
            for j in range(w.shape[1]):
                assert layer.weight[i][j] == Fraction(w[i, j].item())
        bias = linear.bias.detach().tolist() if linear.bias is not None else [0.0] * w.shape[0]
        assert layer.bias == tuple(Fraction(b) for b in bias)


class Traced(nn.Module):
    """A forward written with functions, read by torch.fx."""

    def __init__(self):
        super().__init__()
        self.fc1, self.fc2, self.out = nn.Linear(6, 5), nn.Linear(5, 3), nn.Linear(3, 2)
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = self.drop(x)
        x = self.fc2(x).relu()
        return self.out(x)


class Residual(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(2, 2), nn.Linear(2, 1)

    def forward(self, x):
        return self.b(torch.relu(self.a(x)) + x)


class Gated(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(2, 2), nn.Linear(2, 1)

    def forward(self, x):
        return self.b(torch.sigmoid(self.a(x)))


class Functional(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(3, 2))
        self.b1 = nn.Parameter(torch.randn(3))
        self.w2 = nn.Parameter(torch.randn(1, 3))

    def forward(self, x):
        return F.linear(F.relu(F.linear(x, self.w1, self.b1)), self.w2)


# ----------------------------------------------------------------------------- modules
def test_a_sequential_with_flatten_identity_dropout_and_nesting_is_read_exactly():
    torch.manual_seed(3)
    inner = nn.Sequential(nn.Linear(5, 4), nn.ReLU())
    model = nn.Sequential(nn.Flatten(), nn.Identity(), nn.Linear(6, 5), nn.ReLU(), nn.Dropout(0.5), inner,
                          nn.Linear(4, 2)).eval()
    net = Network.from_torch(model)
    assert net.architecture == (6, 5, 4, 2)
    _entries_equal(net, [model[2], inner[0], model[6]])
    _agrees_with_forward(net, model)


def test_a_traced_forward_is_the_same_network_as_its_sequential():
    torch.manual_seed(4)
    model = Traced().eval()
    net = Network.from_torch(model)
    _entries_equal(net, [model.fc1, model.fc2, model.out])
    same = nn.Sequential(nn.Flatten(), model.fc1, nn.ReLU(), model.fc2, nn.ReLU(), model.out)
    assert Network.from_torch(same) == net
    _agrees_with_forward(net, model)
    # an input of shape (batch, 2, 3) is flattened by the forward, in row-major order, as the network reads it
    x = torch.randn(3, 2, 3, dtype=torch.float64)
    with torch.no_grad():
        y = _double(model)(x)
    for row, out in zip(x.tolist(), y.tolist()):
        exact = net([Fraction(v) for r in row for v in r])
        assert all(abs(float(a) - b) < 1e-9 for a, b in zip(exact, out))


def test_f_linear_with_parameters_and_no_bias_is_read():
    torch.manual_seed(5)
    model = Functional()
    net = Network.from_torch(model)
    assert net.architecture == (2, 3, 1)
    assert net.layers[1].bias == (Fraction(0),)
    assert net.layers[0].weight[2][1] == Fraction(model.w1[2, 1].item())
    _agrees_with_forward(net, model)


@pytest.mark.parametrize("module, message", [
    (nn.Sequential(nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 1)), r"module\[1\] is Tanh, which is not supported"),
    (nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Sequential(nn.Linear(2, 2), nn.GELU()), nn.Linear(2, 1)),
     r"module\[2\]\[1\] is GELU"),
    (Gated(), r"module \(Gated\) node 'sigmoid' is the function sigmoid, which is not supported"),
    (Residual(), r"module \(Residual\) node 'a' is not a chain step: the value 'x' it reads is used 2 times"),
    (nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5), nn.ReLU(), nn.Linear(2, 1)), r"module\[1\] is Dropout in "
     r"training mode"),
    (nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1)), r"module\[1\] is Linear; expected ReLU between Linear layers"),
    (nn.Sequential(nn.ReLU(), nn.Linear(2, 1)), r"module\[0\] is ReLU; expected Linear"),
    (nn.Sequential(nn.Flatten(start_dim=2), nn.Linear(2, 1)), r"module\[0\] is Flatten\(start_dim=2"),
    (nn.Sequential(nn.Linear(2, 2), nn.ReLU()), "the last layer must be Linear"),
], ids=["tanh", "nested gelu", "traced sigmoid", "residual", "dropout training", "two linears", "relu first",
        "flatten start 2", "ends with relu"])
def test_the_first_unsupported_layer_is_named_in_one_line(module, message):
    with pytest.raises(MalformedNetworkError, match=message) as info:
        Network.from_torch(module)
    assert "\n" not in str(info.value)


# ----------------------------------------------------------------------------- state dicts and checkpoints
def test_a_state_dict_is_read_in_the_natural_order_of_its_names():
    torch.manual_seed(6)
    layers = {"fc1": nn.Linear(2, 3), "fc2": nn.Linear(3, 4), "fc10": nn.Linear(4, 1)}
    state = {f"{name}.{part}": getattr(layer, part) for name, layer in reversed(layers.items())
             for part in ("weight", "bias")}
    net = Network.from_torch(state)
    _entries_equal(net, list(layers.values()))
    model = nn.Sequential(layers["fc1"], nn.ReLU(), layers["fc2"], nn.ReLU(), layers["fc10"])
    _agrees_with_forward(net, model)
    assert Network.from_torch(model.state_dict()) == net
    assert Network.from_torch(state, architecture=["fc1", "fc2", "fc10"]) == net
    assert Network.from_torch(state, architecture=[2, 3, 4, 1]) == net
    with pytest.raises(ShapeError, match=r"architecture \(2, 3, 4, 1\), not the \(2, 3, 1\)"):
        Network.from_torch(state, architecture=[2, 3, 1])
    with pytest.raises(ShapeError, match="do not chain"):
        Network.from_torch(state, architecture=["fc2", "fc1", "fc10"])


def test_a_state_dict_whose_names_do_not_give_the_order_says_to_give_it():
    a, b = nn.Linear(2, 3), nn.Linear(3, 1)
    state = {"output.weight": b.weight, "output.bias": b.bias, "hidden.weight": a.weight, "hidden.bias": a.bias}
    with pytest.raises(ShapeError, match=r"the layers were taken in the order \['a', 'z'\]") as info:
        Network.from_torch({"z.weight": a.weight, "a.weight": b.weight})
    assert "give the order" in str(info.value)
    assert Network.from_torch(state).architecture == (2, 3, 1)


def test_a_state_dict_loaded_into_a_given_module():
    torch.manual_seed(7)
    trained = Traced().eval()
    net = Network.from_torch(trained.state_dict(), architecture=Traced())
    assert net == Network.from_torch(trained)
    with pytest.raises(MalformedNetworkError, match="does not fit the given module"):
        Network.from_torch({"fc1.weight": torch.zeros(5, 6)}, architecture=Traced())


def test_keys_that_are_not_linear_layers_are_named():
    model = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2), nn.ReLU(), nn.Linear(2, 1))
    with pytest.raises(MalformedNetworkError, match=r"key '1.running_mean' is not the weight or bias of a Linear"):
        Network.from_torch(model.state_dict())
    with pytest.raises(MalformedNetworkError, match=r"'1.weight' has shape \(2,\), not the matrix"):
        Network.from_torch({"0.weight": torch.ones(2, 2), "1.weight": torch.ones(2), "1.bias": torch.ones(2)})
    with pytest.raises(MalformedNetworkError, match="has dtype torch.complex64"):
        Network.from_torch({"0.weight": torch.ones(1, 1, dtype=torch.complex64)})


def test_checkpoint_files(tmp_path):
    torch.manual_seed(8)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    net = Network.from_torch(model)
    plain, wrapped, pickled, garbage = (tmp_path / n for n in ("a.pt", "b.ckpt", "c.pth", "d.pt"))
    torch.save(model.state_dict(), plain)
    torch.save({"epoch": 3, "model_state_dict": model.state_dict(), "optimizer": {"lr": 0.1}}, wrapped)
    torch.save(model, pickled)  # a whole module: code to unpickle, which weights_only=True refuses
    garbage.write_bytes(b"PK\x03\x04 not really a zip file")
    assert Network.from_torch(plain) == net == Network.from_torch(str(wrapped)) == Network.from_file(plain)
    for path in (pickled, garbage):
        with pytest.raises(MalformedNetworkError, match="not a PyTorch checkpoint of tensors") as info:
            Network.from_torch(path)
        assert "\n" not in str(info.value)
    with input_limits(bytes=100), pytest.raises(InputLimitError, match="above the input limit bytes = 100"):
        Network.from_torch(plain)


# ----------------------------------------------------------------------------- hostile values
def test_nan_inf_and_huge_tensors_are_refused_with_their_place():
    model = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
    with torch.no_grad():
        model[2].weight[0, 1] = float("nan")
    with pytest.raises(MalformedNetworkError, match=r"module\[2\].weight\[1\] is nan; expected a finite number"):
        Network.from_torch(model)
    with pytest.raises(MalformedNetworkError, match=r"0.bias\[0\] is -inf"):
        Network.from_torch({"0.weight": torch.ones(1, 1), "0.bias": torch.tensor([float("-inf")])})
    with input_limits(entries=10), pytest.raises(InputLimitError, match=r"has shape \(4, 4\): 16 entries"):
        Network.from_torch(nn.Linear(4, 4))
    # a tensor's size is refused from its shape, before its data is touched: a meta tensor has none
    with pytest.raises(MalformedNetworkError, match="meta tensor"):
        Network.from_torch({"0.weight": torch.empty(10**6, 10**6, device="meta")})


# ----------------------------------------------------------------------------- writing
def test_to_torch_is_float32_by_default_and_runs_on_default_tensors():
    net = Network.from_layers([([[1, -2], ["1/2", 3]], [0, "-1/4"]), ([[1, 1]], [0])])
    module = net.to_torch()
    assert module[0].weight.dtype == torch.float32
    x = torch.randn(4, 2)
    y = module(x)
    assert y.shape == (4, 1)
    for row, out in zip(x.tolist(), y.reshape(-1).tolist()):
        assert abs(float(net([Fraction(v) for v in row])[0]) - out) < 1e-5


def test_float32_to_exact_to_float32_returns_identical_tensors():
    gen = torch.Generator().manual_seed(9)
    model = nn.Sequential(nn.Linear(7, 5), nn.ReLU(), nn.Linear(5, 3), nn.ReLU(), nn.Linear(3, 2))
    with torch.no_grad():
        for p in model.parameters():  # every binade, subnormals and the extremes of float32 included
            p.copy_(torch.randn(p.shape, generator=gen) * torch.exp2(torch.randint(-140, 120, p.shape, generator=gen)))
        model[0].weight[0, 0] = torch.finfo(torch.float32).max
        model[0].weight[0, 1] = torch.finfo(torch.float32).smallest_normal / 2**20
    back = Network.from_torch(model).to_torch()
    for (name, a), (_, b) in zip(model.state_dict().items(), back.state_dict().items()):
        assert a.dtype == b.dtype == torch.float32
        assert torch.equal(a, b), name
        assert torch.equal(a.view(torch.int32), b.view(torch.int32)), name  # bit for bit (no -0.0 here)


def test_to_torch_range_and_exactness_errors_name_the_entry():
    with pytest.raises(InexactOutputError, match=r"layers\[0\].bias entry 0 = .* is beyond the range of torch.float32"):
        Network.from_layers([([[1]], [2**200])]).to_torch()
    with pytest.raises(InexactOutputError, match="not representable in torch.float16"):
        Network.from_layers([([["1/1024"]], [0]), ([[Fraction(2049, 2048)]], [0])]).to_torch(dtype=torch.float16)
    with pytest.raises(TypeError, match="floating torch.dtype"):
        Network.from_layers([([[1]], [0])]).to_torch(dtype=torch.int32)


def test_errors_of_a_checkpoint_name_the_file(tmp_path):
    path = tmp_path / "bn.pt"
    torch.save(nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2)).state_dict(), path)
    message = rf"^{path}: state dict key '1.running_mean' is not the weight or bias"
    with pytest.raises(MalformedNetworkError, match=message):
        Network.from_file(path)
