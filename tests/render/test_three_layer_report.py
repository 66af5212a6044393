"""Text and JSON renderings, and the CLI commands identify and info on three-layer networks."""

import json
from pathlib import Path

import pytest

from semialg_fibers import Network, is_identifiable
from semialg_fibers.cli import main
from semialg_fibers.render.three_layer import identify_text, structure_dict, structure_text

HIDDEN = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
GENERIC = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])


@pytest.fixture
def files(tmp_path):
    out = {}
    for name, net in [("hidden", HIDDEN), ("generic", GENERIC),
                      ("nonbottleneck", Network.from_layers([([[1], [2]], [0, 1]), ([[2, -1]], [1]), ([[1]], [0])])),
                      ("deep", Network.from_layers([([[1]], [0])] * 4))]:
        path = tmp_path / f"{name}.json"
        path.write_text(net.to_json())
        out[name] = str(path)
    return out


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_structure_text_and_dict():
    text = structure_text(HIDDEN)
    assert "row 1: hides column 1" in text and "H_1" in text and "G1-G7 hold" in text
    data = structure_dict(HIDDEN)
    assert data["rows"][0]["kind"] == "hiding" and data["hidden_hyperplanes"][0]["lower"] == "-1/2"
    assert "witness" in identify_text(is_identifiable(HIDDEN))


def test_cli_info_shows_rows_and_hidden_hyperplanes(capsys, files):
    status, out, _ = run(capsys, "info", files["hidden"])
    assert status == 0 and "hides column 1" in out and "hidden hyperplanes:" in out
    status, out, _ = run(capsys, "info", files["hidden"], "--json")
    assert json.loads(out)["three_layer"]["hidden_hyperplanes"][0]["column"] == 0


def test_cli_identify(capsys, files):
    status, out, _ = run(capsys, "identify", files["hidden"])
    assert status == 0 and out.startswith("not identifiable (three-layer; proven)") and "hidden column" in out
    status, _, err = run(capsys, "identify", files["generic"])  # resting on Conjecture V: opted into
    assert status == 3 and "Conjecture V" in err and "--allow-conjecture" in err
    status, out, _ = run(capsys, "identify", files["generic"], "--json", "--allow-conjecture")
    data = json.loads(out)
    assert status == 0 and data["identifiable"] is True and data["proven"] is False and "conjecture" in data["basis"]
    # issue 23: both used to exit 3; the second-layer neuron of the first and the deeper neurons of the second are
    # active at every input, a mechanism at any depth (docs/theory/deep.md), so "not identifiable" is proven
    status, out, _ = run(capsys, "identify", files["nonbottleneck"])
    assert status == 0 and out.startswith("not identifiable (oracle; proven)") and "always active" in out
    status, out, _ = run(capsys, "identify", files["deep"])
    assert status == 0 and out.startswith("not identifiable (oracle; proven)") and "always active" in out
    readme = str(Path(__file__).resolve().parents[2] / "semialg_fibers" / "data" / "deep_a.json")
    status, _, err = run(capsys, "identify", readme)  # no mechanism: the G1 refusal, with the local verdict
    assert status == 3 and "G1" in err and "locally identifiable" in err
    status, _, err = run(capsys, "identify", files["generic"] + ".missing")
    assert status == 2
