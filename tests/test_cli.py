import json
import subprocess
import sys
from pathlib import Path

import pytest

from semialg_fibers import Network
from semialg_fibers.cli import main

DATA = Path(__file__).resolve().parents[1] / "semialg_fibers" / "data"
A, B = str(DATA / "deep_a.json"), str(DATA / "deep_b_permuted_scaled.json")
ID_A, ID_B = str(DATA / "identity_pair_a.json"), str(DATA / "identity_pair_b.json")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_info(capsys):
    status, out, _ = run(capsys, "info", A)
    assert status == 0 and "architecture: 2-4-3-1" in out and "parameters: 31" in out and "hidden neurons: 7" in out
    status, out, _ = run(capsys, "info", A, "--json")
    assert json.loads(out)["hidden_widths"] == [4, 3]


def test_eval(capsys):
    status, out, _ = run(capsys, "eval", A, "--x", "1/2,3", "--x", "0,0")
    assert status == 0 and out.splitlines() == ["f(1/2, 3) = (-50/3)", "f(0, 0) = (1/3)"]
    status, out, _ = run(capsys, "eval", ID_A, "--x", "-0.25", "--json")
    assert json.loads(out) == [{"x": ["-1/4"], "y": ["-1/4"]}]


def test_equiv_equivalent_and_not(capsys):
    status, out, _ = run(capsys, "equiv", A, B, "--method", "oracle")
    assert status == 0 and out.startswith("equivalent")
    status, out, _ = run(capsys, "equiv", ID_A, ID_B, "--json")
    assert status == 0 and json.loads(out)["equivalent"] is True


def test_equiv_not_equivalent_reports_witness(capsys, tmp_path):
    relu = tmp_path / "relu.json"
    relu.write_text('{"layers": [{"weight": [[1]], "bias": [0]}, {"weight": [[1]], "bias": [0]}]}')
    status, out, _ = run(capsys, "equiv", ID_A, str(relu), "--method", "oracle")
    assert status == 1 and "not equivalent" in out and "witness x = (" in out
    status, out, _ = run(capsys, "equiv", ID_A, str(relu), "--box", "0", "1", "--method", "oracle")
    assert status == 0
    status, out, _ = run(capsys, "equiv", ID_A, str(relu), "--orthant", "--json", "--method", "oracle")
    assert status == 0 and json.loads(out)["witness"] is None


BAD = [
    ("missing file", ["info", "nope.json"], "cannot read"),
    ("bad point", ["eval", A, "--x", "1,,2"], "comma-separated"),
    ("wrong dimension", ["eval", A, "--x", "1"], "input dimension is 2"),
    ("dimension mismatch", ["equiv", A, ID_A], "same input and output"),
    ("bad box", ["equiv", ID_A, ID_B, "--box", "1", "0"], "box is empty"),
]


@pytest.mark.parametrize("argv, message", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_errors_are_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_bad_json_file_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"layers": [{"weight": [[0.1, "x"]], "bias": [0]}]}')
    status, _, err = run(capsys, "info", str(bad))
    assert status == 2 and "layers[0].weight[0][1]" in err


def test_console_script_help():
    result = subprocess.run([sys.executable, "-m", "semialg_fibers.cli", "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "equiv" in result.stdout and "info" in result.stdout


def test_ncr(capsys):
    status, out, _ = run(capsys, "ncr", "[[1, -1], [2, -2], [3, -3]]", "--l", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "nonnegative column rank: 2 (rank 1)" and lines[-1].endswith("= 4")
    status, out, _ = run(capsys, "ncr", "[[1, 0.5]]", "--json")
    data = json.loads(out)
    assert data["ncr"] == 1 and data["W"] == [["1", "1/2"]] and data["factorization_dimension"] is None
    status, _, err = run(capsys, "ncr", "[[1, 2], [3]]")
    assert status == 2 and "ragged" in err


def test_fiber_dim_canonical(capsys):
    status, out, _ = run(capsys, "fiber", ID_A)
    assert status == 0 and out.startswith("fiber of a 1-2-1 network on R^1: dimension 3")
    status, out, _ = run(capsys, "fiber", ID_A, "--latex")
    assert status == 0 and out.startswith("\\section*{Fiber of a network of architecture $(1, 2, 1)$}")
    status, out, _ = run(capsys, "fiber", ID_A, "--json")
    assert status == 0 and json.loads(out)
    status, out, _ = run(capsys, "dim", ID_A)
    assert status == 0 and out.strip() == "3"
    status, out, _ = run(capsys, "canonical", ID_B, "--json")
    canonical_b = json.loads(out)
    status, out, _ = run(capsys, "canonical", ID_A, "--json")
    assert canonical_b == json.loads(out)  # equivalent networks, equal canonical forms
    status, _, err = run(capsys, "fiber", A)
    assert status == 3 and "not decided" in err and "shallow" in err


def test_orthant_fiber_and_dim(capsys):
    status, out, _ = run(capsys, "dim", ID_A, "--orthant", "--json")
    assert status == 0 and json.loads(out)["fiber_dimension"] >= 3
    status, out, _ = run(capsys, "fiber", ID_A, "--orthant", "--no-certify")
    assert status == 0 and "nonnegative orthant" in out


def test_canonical_budget(capsys, tmp_path):
    """24 lines x = i with kink 1 and G = -13: many orientation sets (subset sum); the default
    budget gives up with exit 3 and the reason; --budget 0 (unlimited) is accepted."""
    rows = [[1]] * 24
    net = Network.from_layers([(rows + [[1], [-1]], [-i for i in range(24)] + [100, -100]),
                               ([[1] * 24 + [-13, 13]], [0])])
    path = tmp_path / "subset_sum.json"
    path.write_text(net.to_json())
    status, _, err = run(capsys, "canonical", str(path), "--budget", "50")
    assert status == 3 and "search nodes" in err
    status, out, _ = run(capsys, "canonical", ID_A, "--budget", "0")
    assert status == 0 and out.startswith("minimal width: 2")


def test_latex_writes_a_standalone_document(tmp_path, capsys):
    out = tmp_path / "fiber.tex"
    assert main(["latex", ID_A, "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith(r"\documentclass") and text.rstrip().endswith(r"\end{document}")
    assert r"\section{The fiber}" in text and r"\section{Identifiability}" in text
    assert main(["latex", ID_A, "--limit", "1"]) == 0
    assert capsys.readouterr().out.startswith(r"\documentclass")


def test_latex_of_a_deep_network_says_why_the_fiber_is_missing(tmp_path):
    out = tmp_path / "deep.tex"
    assert main(["latex", A, "-o", str(out)]) == 0
    assert "The fiber is not computed:" in out.read_text()


def test_plot_writes_png_and_svg(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    for name in ("net.png", "net.svg"):
        assert main(["plot", A, "-o", str(tmp_path / name)]) == 0
    assert (tmp_path / "net.png").stat().st_size > 1000 and (tmp_path / "net.svg").stat().st_size > 1000
    assert main(["plot", A, "--family", "-o", str(tmp_path / "fam.png")]) == 0
    assert main(["plot", A, "--box", "0,0", "2,1", "-o",
                 str(tmp_path / "box.svg")]) == 0
    assert main(["plot", A, "-o", str(tmp_path / "net.jpg")]) == 2
    assert "expected a file name ending in .png or .svg" in capsys.readouterr().err
    assert main(["plot", ID_A, "-o", str(tmp_path / "x.png")]) == 2
    assert "input dimension 2" in capsys.readouterr().err
