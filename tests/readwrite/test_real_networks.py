"""Every bundled trained network loads and evaluates exactly."""

import json
import random
from fractions import Fraction

import pytest

from semialg_fibers import Network
from semialg_fibers.readwrite.examples import REAL_NETWORKS

FILES = sorted(REAL_NETWORKS.glob("*.json"))


def test_the_bundled_networks_are_present():
    # A missing file must fail, not skip: the tests of trained networks depend on them.
    assert len(FILES) == 21, [p.name for p in FILES]


def _float_eval(data, x):
    y = [float(v) for v in x]
    layers = data["layers"]
    for index, layer in enumerate(layers):
        y = [sum(float(w) * v for w, v in zip(row, y)) + float(b) for row, b in zip(layer["weight"], layer["bias"])]
        if index < len(layers) - 1:
            y = [max(v, 0.0) for v in y]
    return y


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@pytest.mark.parametrize("numbers", ["decimal", "float64"])
def test_real_network_loads_and_matches_float_evaluation(path, numbers):
    data = json.loads(path.read_text())
    net = Network.from_json(path, numbers=numbers)
    assert list(net.architecture) == data["architecture"]
    assert net.num_parameters == data["param_count"]
    rng = random.Random(path.stem)
    for _ in range(2):
        x = [Fraction(rng.randint(-100, 100), 100) for _ in range(net.input_dim)]
        exact = net(x)
        approx = _float_eval(data, x)
        for e, a in zip(exact, approx):
            assert abs(float(e) - a) <= 1e-9 * max(1.0, abs(a)), (path.name, float(e), a)


def test_float64_mode_reproduces_stored_doubles():
    path = REAL_NETWORKS / "chen2024_untrained_32-2-2-1_victim.json"
    data = json.loads(path.read_text())
    net = Network.from_json(path, numbers="float64")
    text = data["layers"][0]["weight"][0][0]
    assert net.layers[0].weight[0][0] == Fraction(float(text))
    assert Network.from_json(path).layers[0].weight[0][0] == Fraction(text)
