"""The ``fd`` command and ``identify`` on the README's 2-4-3-1 example and on a deep network with a mechanism."""

import json
from pathlib import Path

from semialg_fibers import Network
from semialg_fibers.cli import main
from semialg_fibers.core.symmetries import same_orbit
from semialg_fibers.general.oracle import equivalent

DATA = Path(__file__).resolve().parents[2] / "semialg_fibers" / "data"
A = str(DATA / "deep_a.json")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_fd_on_the_readme_example(capsys):
    status, out, _ = run(capsys, "fd", A)
    assert status == 0 and "functional dimension 24" in out and "locally identifiable (proven" in out
    assert "local fiber dimension 7 (proven" in out
    status, out, _ = run(capsys, "fd", A, "--json")
    data = json.loads(out)
    assert status == 0 and data["proven"] and data["lower"] == data["upper"] == 7
    assert data["functional_dimension"]["functional_dimension"] == 24 and data["functional_dimension"]["bound"] == 24
    # identify: the three-layer refusal now carries the local verdict (exit 3: the global fiber is not decided)
    status, _, err = run(capsys, "identify", A)
    assert status == 3 and "G1" in err and "locally identifiable (proven" in err


def test_identify_a_deep_network_with_a_dead_neuron(capsys, tmp_path):
    net = Network.from_layers([([[1, 2], [-1, 1]], [0, 1]), ([[-1, -2], [2, -1]], [-1, 1]),
                               ([[1, -1], [2, 1]], [1, -1]), ([[1, -1]], [0])])
    path = tmp_path / "dead.json"
    path.write_text(net.to_json())
    status, out, _ = run(capsys, "identify", str(path), "--json")
    data = json.loads(out)
    assert status == 0 and not data["identifiable"] and data["proven"]
    assert "dead neuron" in [r["kind"] for r in data["reasons"]]
    witness = Network.from_json(json.dumps(data["witness"]))
    assert equivalent(net, witness, orbit_check=False) and not same_orbit(net, witness)
    status, out, _ = run(capsys, "fd", str(path))
    assert status == 0 and "dead neuron" in out


def test_every_command_is_proven_on_the_readme_bottleneck_example(capsys):
    """The README's fourth command: identifiable, the fiber is the orbit, canonical forms agree; checked apart."""
    a, b = str(DATA / "bottleneck_a.json"), str(DATA / "bottleneck_b_permuted_scaled.json")
    net, moved = Network.from_file(a), Network.from_file(b)
    status, out, _ = run(capsys, "identify", a)
    assert status == 0 and out.startswith("identifiable (three-layer; proven)")
    status, out, _ = run(capsys, "fiber", a, "--json")
    fiber = json.loads(out)
    assert status == 0 and fiber["status"] == "proven" and len(fiber["components"]) == 1
    status, out, _ = run(capsys, "dim", a)
    assert status == 0 and out.strip() == "4"   # the orbit: 4 scalings, as the fiber is the orbit
    forms = []
    for path in (a, b):
        status, out, _ = run(capsys, "canonical", path, "--json")
        forms.append(Network.from_json(out))
    assert status == 0 and forms[0] == forms[1]
    # apart from the criteria: b is a symmetry move of a, and the form computes a's function (region oracle)
    assert same_orbit(net, moved) and equivalent(net, forms[0], orbit_check=False).equivalent
