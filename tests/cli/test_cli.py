import json
import subprocess
import sys
from pathlib import Path

import pytest

from semialg_fibers import Network
from semialg_fibers.cli import main

DATA = Path(__file__).resolve().parents[2] / "semialg_fibers" / "data"
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


def test_ncr(capsys, tmp_path):
    status, out, _ = run(capsys, "ncr", "--text", "[[1, -1], [2, -2], [3, -3]]", "--l", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "nonnegative column rank: 2 (rank 1)" and lines[-1].endswith("= 4")
    matrix = tmp_path / "m.json"
    matrix.write_text("[[1, 0.5]]")
    status, out, _ = run(capsys, "ncr", str(matrix), "--json")
    data = json.loads(out)
    assert data["ncr"] == 1 and data["W"] == [["1", "1/2"]] and data["factorization_dimension"] is None
    status, _, err = run(capsys, "ncr", "--text", "[[1, 2], [3]]")
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
    for command in ("fiber", "dim"):  # a three-layer network with n1 > d: no bottleneck, the same status and reason
        status, _, err = run(capsys, command, A)
        assert status == 3 and "not decided" in err and "full row rank" in err, command
    status, _, err = run(capsys, "canonical", A)
    assert status == 3 and "not decided" in err and "not a bottleneck" in err  # identifiability decides it


def test_three_layer_fiber_dim_and_equiv(capsys, tmp_path):
    hidden = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    generic = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])
    paths = {}
    for name, net in (("hidden", hidden), ("generic", generic)):
        paths[name] = str(tmp_path / f"{name}.json")
        (tmp_path / f"{name}.json").write_text(net.to_json())
    status, out, _ = run(capsys, "fiber", paths["hidden"])
    assert status == 0 and out.startswith("fiber of a 2-2-1-1 network on R^2: dimension 4, 2 components")
    assert "sign change" in out and "The union is the whole fiber (" in out
    for command in ("fiber", "dim"):  # resting on Conjecture 10.6: exit 3 unless opted into
        status, _, err = run(capsys, command, paths["generic"])
        assert status == 3 and "Conjecture 10.6" in err and "--allow-conjecture" in err, command
    status, out, _ = run(capsys, "fiber", paths["generic"], "--json", "--allow-conjecture")
    assert status == 0 and json.loads(out)["status"] == "conjecture"
    status, out, _ = run(capsys, "fiber", paths["hidden"], "--latex")
    assert status == 0 and r"$t \geq - \frac{1}{2}$" in out and "Theorem 10.4" in out
    status, out, _ = run(capsys, "dim", paths["generic"], "--allow-conjecture")
    assert status == 0 and out.splitlines()[0] == "4" and "conjecture" in out
    status, out, _ = run(capsys, "dim", paths["hidden"], "--json")
    assert status == 0 and json.loads(out)["status"] == "proven" and json.loads(out)["fiber_dimension"] == 4
    spare = Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])])
    (tmp_path / "spare.json").write_text(spare.to_json())  # one live row and a dead row: not decided
    status, _, err = run(capsys, "fiber", str(tmp_path / "spare.json"))
    assert status == 3 and "spare second-layer rows" in err
    status, out, _ = run(capsys, "fiber", str(tmp_path / "spare.json"), "--partial", "--no-certify")
    assert status == 0 and "dead-row revival" in out and "the fiber may have others" in out
    from semialg_fibers.three_layer import translate

    (tmp_path / "past.json").write_text(translate(hidden, 0, -1, check=False).to_json())  # beyond t_min = -1/2
    status, out, _ = run(capsys, "equiv", paths["hidden"], str(tmp_path / "past.json"), "--json")
    assert status == 1 and json.loads(out)["method"] == "three-layer" and json.loads(out)["witness"]


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


# ----------------------------------------------------------------------------- consistency (issue: hostile input)
def cli(*argv, stdin=None, timeout=120):
    """The console script in a subprocess (for stdin, signals and pipes)."""
    return subprocess.run([sys.executable, "-m", "semialg_fibers.cli", *argv], input=stdin,
                          capture_output=True, timeout=timeout)


def one_line_error(err: str, status: int, expected: int = 2) -> str:
    assert status == expected, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_negative_numbers_in_points_and_boxes(capsys):
    status, out, _ = run(capsys, "eval", ID_A, "--x", "-1/2", "--x", "-3")
    assert status == 0 and out.splitlines() == ["f(-1/2) = (-1/2)", "f(-3) = (-3)"]
    status, out, _ = run(capsys, "eval", A, "--x", "-1,-2")
    assert status == 0 and out.startswith("f(-1, -2) = ")
    status, out, err = run(capsys, "equiv", A, B, "--box", "-1,-1", "1,1", "--method", "oracle")
    assert status == 0 and out.startswith("equivalent"), err
    status, out, _ = run(capsys, "equiv", ID_A, ID_B, "--box", "-1", "-1/2")
    assert status == 0


def test_global_options_before_or_after_the_command(capsys, tmp_path):
    path = tmp_path / "tenth.json"
    path.write_text('{"layers": [{"weight": [[0.1]], "bias": [0]}]}')
    expected = {"decimal": "f(1) = (1/10)", "float64": "f(1) = (3602879701896397/36028797018963968)"}
    for mode, line in expected.items():
        for argv in (["--numbers", mode, "eval", str(path), "--x", "1"], ["eval", str(path), "--numbers", mode, "--x", "1"]):
            status, out, _ = run(capsys, *argv)
            assert status == 0 and out.strip() == line, argv


BAD_OPTIONS = [
    ("negative limit", ["fiber", ID_A, "--limit", "-1"], "--limit"),
    ("negative budget", ["canonical", ID_A, "--budget", "-5"], "--budget"),
    ("negative budget equiv", ["equiv", ID_A, ID_B, "--budget", "-5"], "--budget"),
    ("word budget", ["dim", ID_A, "--budget", "many"], "--budget"),
    ("non-ASCII budget", ["dim", ID_A, "--budget", "\u0665"], "--budget"),
    ("negative l", ["ncr", "--text", "[[1]]", "--l", "-1"], "--l"),
    ("unknown input limit", ["info", ID_A, "--input-limit", "speed=3"], "NAME=N"),
    ("zero input limit", ["info", ID_A, "--input-limit", "digits=0"], "positive"),
]


@pytest.mark.parametrize("argv, option", [c[1:] for c in BAD_OPTIONS], ids=[c[0] for c in BAD_OPTIONS])
def test_bad_options_rejected_in_one_line(capsys, argv, option):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    _, err = capsys.readouterr()
    assert option in one_line_error(err, stop.value.code)


def test_budget_on_every_searching_command(capsys, tmp_path):
    """--budget reaches the library: a subset-sum instance exits 3 naming the search nodes in dim and fiber too."""
    rows = [[1]] * 24
    net = Network.from_layers([(rows + [[1], [-1]], [-i for i in range(24)] + [100, -100]),
                               ([[1] * 24 + [-13, 13]], [0])])
    path = tmp_path / "subset_sum.json"
    path.write_text(net.to_json())
    for command in ("dim", "fiber", "canonical"):
        status, _, err = run(capsys, command, str(path), "--budget", "50")
        assert "search nodes" in one_line_error(err, status, 3), command
    status, out, _ = run(capsys, "equiv", ID_A, ID_B, "--budget", "0")
    assert status == 0


def test_exit_code_table_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out, _ = capsys.readouterr()
    from semialg_fibers.cli import EXIT_CODES

    for code, _text in EXIT_CODES:
        assert f"  {code:>3}  " in out
    with pytest.raises(SystemExit):
        main(["fiber", "--help"])
    out, _ = capsys.readouterr()
    assert "exit status" in out and "--budget" in out and "--numbers" in out


def test_equiv_names_the_bad_file(capsys, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"layers": [{"weight": [[1, "x"]], "bias": [0]}]}')
    for argv in ([ID_A, str(bad)], [str(bad), ID_A]):
        status, _, err = run(capsys, "equiv", *argv)
        line = one_line_error(err, status)
        assert "broken.json: layers[0].weight[0][1]" in line and "identity_pair" not in line


INTERNAL_NAMES = [
    ("json number type", ["ncr", "--text", "[1, 2]"], "not a row"),
    ("box error names --box", ["equiv", ID_A, ID_B, "--box", "0", "x"], "--box UPPER entry 1"),
    ("point error", ["eval", ID_A, "--x", "1,,2"], "entry 2 is empty"),
]


@pytest.mark.parametrize("argv, words", [c[1:] for c in INTERNAL_NAMES], ids=[c[0] for c in INTERNAL_NAMES])
def test_messages_use_no_internal_names(capsys, argv, words):
    status, _, err = run(capsys, *argv)
    line = one_line_error(err, status)
    assert words in line
    for internal in ("JsonNumber", "object is not iterable", "--x entry 0", "NoneType"):
        assert internal not in line


def test_paths_are_paths_and_dash_is_stdin(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "{n}.json").write_text(Path(ID_A).read_text())
    assert main(["info", "{n}.json"]) == 0
    text = Path(ID_A).read_bytes()
    result = cli("info", "-", stdin=text)
    assert result.returncode == 0 and b"architecture: 1-2-1" in result.stdout
    assert b"standard input is empty" in cli("info", "-", stdin=b"").stderr
    assert b"invalid JSON" in cli("info", "-", stdin=b"a.json").stderr
    twice = cli("equiv", "-", "-", stdin=text)
    assert twice.returncode == 2 and b"only once" in twice.stderr


def test_dev_zero_is_refused_without_reading_it_all():
    with open("/dev/zero", "rb") as zeros:
        result = subprocess.run([sys.executable, "-m", "semialg_fibers.cli", "info", "-"], stdin=zeros,
                                capture_output=True, timeout=120)
    assert result.returncode == 2 and b"binary data" in result.stderr
    result = cli("info", "/dev/zero")
    assert result.returncode == 2 and b"binary data" in result.stderr


def test_broken_pipe_is_quiet(tmp_path):
    """The reader closes the pipe after 10 bytes of a 300 KB answer: no message, exit 141."""
    path = tmp_path / "big.json"
    path.write_text('{"layers": [{"weight": [[1]], "bias": [0]}, {"weight": [[1]], "bias": [1e9999]}]}')
    argv = [sys.executable, "-m", "semialg_fibers.cli", "eval", str(path)]
    for i in range(30):
        argv += ["--x", str(i)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.read(10) == b"f(0) = (10"
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141 and err == b""


def test_ctrl_c_exits_130_keeping_output(tmp_path):
    """SIGINT during a long oracle search: exit 130, one line on stderr, the progress bar closed."""
    import random
    import signal
    import time

    from strategies import random_network

    net = random_network(random.Random(5), (3, 40, 1), -5, 5)
    wider = Network.from_layers([(list(net.layers[0].weight) + [[1, 0, 0]], list(net.layers[0].bias) + [0]),
                                 ([list(net.layers[1].weight[0]) + [0]], list(net.layers[1].bias))])
    (tmp_path / "a.json").write_text(net.to_json())
    (tmp_path / "b.json").write_text(wider.to_json())
    proc = subprocess.Popen([sys.executable, "-m", "semialg_fibers.cli", "equiv", str(tmp_path / "a.json"),
                             str(tmp_path / "b.json"), "--method", "oracle", "--progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    seen = b""
    os_set_nonblocking(proc.stderr)
    while b"oracle" not in seen and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        seen += proc.stderr.read() or b""
    assert proc.poll() is None, "the search ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    out, rest = proc.communicate(timeout=120)
    err = (seen + (rest or b"")).decode()
    assert proc.returncode == 130 and "Traceback" not in err
    assert err.replace("\r", "\n").strip().splitlines()[-1].endswith("semialg-fibers equiv: interrupted")


def os_set_nonblocking(stream):
    import os

    os.set_blocking(stream.fileno(), False)


def test_progress_bars_with_progress_option(capsys, tmp_path):
    """--progress draws on stderr for the oracle (whichever --method reaches it) and the fiber enumeration."""
    from semialg_fibers.core.progress import reporting

    wider = tmp_path / "wider.json"  # A with one more neuron that is never active: not an H move of A
    net = Network.from_json(Path(A))
    first, second, last = net.layers
    wider.write_text(Network.from_layers([
        (list(first.weight), list(first.bias)),
        ([list(r) for r in second.weight] + [[0] * len(second.weight[0])], list(second.bias) + [-1]),
        ([list(last.weight[0]) + [7]], list(last.bias))]).to_json())
    with reporting(None, interval=0):  # every step counts as 'long' here
        for method in ("auto", "oracle"):
            status, out, err = run(capsys, "equiv", A, str(wider), "--method", method, "--progress")
            assert status == 0 and "oracle" in err and "regions" in err, method
        status, out, err = run(capsys, "fiber", ID_A, "--progress")
        assert status == 0 and "fiber components" in err
        status, out, err = run(capsys, "equiv", A, str(wider), "--no-progress")
        assert status == 0 and err == ""


def test_factorial_multiplicities_in_text(capsys, tmp_path):
    rows = [[i + 1] for i in range(10)]
    net = Network.from_layers([(rows, [-(i * i) for i in range(10)]), ([[1] * 10], [0])])
    path = tmp_path / "ten.json"
    path.write_text(net.to_json())
    status, out, _ = run(capsys, "fiber", str(path), "--no-certify")
    assert status == 0 and "10! permuted copies" in out
    status, out, _ = run(capsys, "fiber", str(path), "--no-certify", "--json")
    assert json.loads(out)["components"][0]["multiplicity"] == 3628800


def test_long_reasons_summarized_in_text_full_in_json(capsys, tmp_path):
    d = 400
    alpha = [f"1/{i + 2}" for i in range(d)]
    a = Network.from_layers([([alpha], [0]), ([[1]], [0])])
    b = Network.from_layers([([alpha], [1]), ([[1]], [0])])
    (tmp_path / "a.json").write_text(a.to_json())
    (tmp_path / "b.json").write_text(b.to_json())
    status, out, _ = run(capsys, "equiv", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert status == 1 and "the full reason is in --json" in out
    assert all(len(line) < 600 for line in out.splitlines())
    status, out, _ = run(capsys, "equiv", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--json")
    data = json.loads(out)
    assert len(data["reason"]) > 3000 and "2/401 x400 = 0" in data["reason"]
    assert a(data["witness"]) != b(data["witness"])


def test_reasons_in_words(capsys):
    status, out, _ = run(capsys, "equiv", ID_A, ID_B)
    assert status == 0
    for jargon in (" G ", "g0", "G and"):
        assert jargon not in out


def test_huge_numbers_print_in_full(capsys, tmp_path):
    path = tmp_path / "big.json"
    path.write_text('{"layers": [{"weight": [[1]], "bias": [0]}, {"weight": [[1]], "bias": [' + "1" * 5000 + ']}]}')
    status, out, _ = run(capsys, "eval", str(path), "--x", "0")
    assert status == 0 and out.strip() == "f(0) = (" + "1" * 5000 + ")"
    path.write_text('{"layers": [{"weight": [[1]], "bias": [0]}, {"weight": [[1]], "bias": [1e5000]}]}')
    status, out, _ = run(capsys, "eval", str(path), "--x", "0", "--json")
    assert status == 0 and json.loads(out)[0]["y"] == ["1" + "0" * 5000]
    status, out, _ = run(capsys, "fiber", str(path), "--json")
    assert status == 0 and json.loads(out)["network"][-1] == "1" + "0" * 5000


def test_input_limits_are_adjustable(capsys, tmp_path):
    path = tmp_path / "digits.json"
    path.write_text('{"layers": [{"weight": [[1]], "bias": [0]}, {"weight": [[1]], "bias": [' + "7" * 20000 + ']}]}')
    status, _, err = run(capsys, "info", str(path))
    line = one_line_error(err, status)
    assert "20000 digits" in line and "digits = 10000" in line and "digits.json: layers[1].bias[0]" in line
    assert len(line) < 300  # the number is not echoed
    status, out, _ = run(capsys, "info", str(path), "--input-limit", "digits=30000")
    assert status == 0


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
    assert main(["plot", A, "--box", "-1,-1", "1,1", "-o", str(tmp_path / "negative.svg")]) == 0
    assert main(["plot", A, "-o", str(tmp_path / "net.jpg")]) == 2
    assert "expected a file name ending in .png or .svg" in capsys.readouterr().err
    # a 1-input network is drawn as the graph of f (it was refused before issue 25)
    assert main(["plot", ID_A, "-o", str(tmp_path / "x.png")]) == 0
    assert (tmp_path / "x.png").stat().st_size > 1000
