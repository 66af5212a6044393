"""A network trained with PyTorch for a few steps (fixed seed), imported, analysed, exported, and compared.

The analysis is checked against independent computations (the fiber dimension against the corank of the exact
evaluation Jacobian, ``tests/checks.py``); the exports against the trained module itself (identical float32
tensors and outputs), against ``onnx.reference`` running the exported graph, and against the reference
``safetensors`` package loading the exported file into a fresh module.
"""

from __future__ import annotations

import random
import warnings
from fractions import Fraction

import pytest
from checks import evaluation_jacobian_corank

from semialg_fibers import Network, fiber_dimension, is_identifiable

torch = pytest.importorskip("torch")
onnx = pytest.importorskip("onnx")
st_torch = pytest.importorskip("safetensors.torch")
from onnx.reference import ReferenceEvaluator  # noqa: E402

nn = torch.nn


def _trained():
    torch.manual_seed(0)
    x = torch.rand(64, 2) * 2 - 1
    y = (torch.relu(x[:, :1] - 0.3) - 0.5 * torch.relu(-x[:, 1:]) + 0.1)
    model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    for _ in range(10):  # plain gradient steps (torch.optim's first import alone takes seconds)
        model.zero_grad()
        ((model(x) - y) ** 2).mean().backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= 0.1 * p.grad
    return model.eval(), x


def test_train_import_analyse_export_compare(tmp_path):
    model, x = _trained()
    net = Network.from_torch(model)
    # import: every float32 parameter is the exact rational it is
    assert net.layers[0].weight[2][1] == Fraction(model[0].weight[2, 1].item())
    # analyse: the trained parameter is identifiable on R^2, its fiber is the orbit (one scaling per neuron),
    # and that dimension is the corank of the exact evaluation Jacobian at many rational inputs
    assert bool(is_identifiable(net))
    assert fiber_dimension(net) == 3 == evaluation_jacobian_corank(net, random.Random(0))
    # export to PyTorch: identical tensors, identical outputs
    back = net.to_torch()
    for a, b in zip(model.state_dict().values(), back.state_dict().values()):
        assert a.dtype == b.dtype == torch.float32 and torch.equal(a, b)
    with torch.no_grad():
        assert torch.equal(model(x), back(x))
    # export to ONNX: read back exactly; run by onnx.reference, the same outputs to float rounding
    model_path = tmp_path / "trained.onnx"
    net.to_onnx(model_path)
    assert Network.from_file(model_path) == net
    (out,) = ReferenceEvaluator(str(model_path)).run(None, {"input": x.numpy()})
    with torch.no_grad():
        assert torch.allclose(torch.from_numpy(out), model(x), rtol=1e-5, atol=1e-6)
    # the same module exported by PyTorch itself is the same exact network
    exported = tmp_path / "exported.onnx"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(model, (x[:1],), str(exported), dynamo=False, input_names=["x"],
                          dynamic_axes={"x": {0: "n"}})
    assert Network.from_onnx(exported) == net
    # export to safetensors: the reference package loads it into a fresh module, identical to the trained one
    path = tmp_path / "trained.safetensors"
    net.to_safetensors(path)
    fresh = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    fresh.load_state_dict(st_torch.load_file(str(path)))
    for a, b in zip(model.state_dict().values(), fresh.state_dict().values()):
        assert torch.equal(a, b)
    # a checkpoint of the trained state dict reads back as the same network
    checkpoint = tmp_path / "trained.pt"
    torch.save({"model_state_dict": model.state_dict(), "step": 10}, checkpoint)
    assert Network.from_torch(checkpoint) == net
