"""Fuzz suite of the command line: hostile files and generated malformed networks.

Every case asserts the exit status, a one-line message on stderr naming the
file (and the field when there is one) and no traceback.  A hang fails the
test through the per-test timeout (pytest-timeout), a guard rather than a
timing assertion.  The corpus is ``tests/cli/hostile/``; the large cases are
generated here so that the repository stays small.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from semialg_fibers.cli import main

pytestmark = pytest.mark.timeout(600)

CORPUS = Path(__file__).parent / "hostile"

# file -> words the message must contain (the file name is checked for every case)
EXPECTED = {
    "arabic_indic_digits.json": "layers[0].weight[0][0] is the string '\u0661\u0662' with non-ASCII digits",
    "architecture_garbage.json": "'architecture' is",
    "architecture_mismatch.json": "'architecture' is [1, 3, 1] but the layers have shapes giving [1, 1, 1]",
    "bias_length.json": "layers[0].bias has 2 entries",
    "binary.json": "binary data",
    "boolean_weight.json": "layers[0].weight[0][0] is the boolean true",
    "division_by_zero.json": "division by zero",
    "duplicate_sign.json": "layers[0].weight[0][0] is the string '--1'",
    "empty.json": "empty",
    "empty_row.json": "empty rows",
    "exponent_of_many_digits.json": "input limit exponent",
    "fullwidth_digits.json": "non-ASCII digits",
    "huge_exponent.json": "exponent 99999999, above the input limit exponent = 10000",
    "huge_exponent_string.json": "exponent 999999999, above the input limit exponent = 10000",
    "huge_negative_exponent.json": "exponent -99999999",
    "infinity_string.json": "expected a finite number",
    "invalid_utf8.json": "not UTF-8",
    "layer_mismatch.json": "layers[1].weight has shape (1, 3)",
    "layer_not_object.json": "layers[0] must be an object",
    "layers_empty.json": "'layers' is an empty list",
    "layers_not_list.json": "'layers' is the number 5",
    "nan.json": "NaN",
    "nested_objects.json": "input limit depth",
    "no_layers.json": "no 'layers' key",
    "not_json.json": "invalid JSON",
    "null_weight.json": "layers[0].weight[0][0] is null",
    "object_weight.json": "layers[0].weight[0][0] is an object",
    "ragged_weight.json": "ragged",
    "top_level_list.json": "top level is a list",
    "top_level_string.json": "top level is the string",
    "truncated.json": "invalid JSON",
    "twenty_thousand_digits.json": "20000 digits, above the input limit digits = 10000",
    "underscore_number.json": "the string '1_000'",
    "weight_is_number.json": "layers[0].weight is the number 1; expected a sequence",
    "weight_missing.json": "layers[0] must be an object with keys 'weight' and 'bias'",
    "whitespace.json": "empty",
    "word_weight.json": "expected an integer",
    # round two: nothing misread, repeated keys, strings that hold JSON syntax
    "duplicate_key.json": "the key 'bias' twice",
    "bias_object.json": "layers[0].bias is an object",
    "row_object.json": "layers[0].weight[0] is an object",
    "weight_object.json": "layers[0].weight is an object",
    "layers_object.json": "'layers' is an object",
    "architecture_booleans.json": "'architecture'[0] is the boolean true",
    "architecture_strings.json": "'architecture'[0] is the string '1'",
    "lone_surrogate.json": "layers[0].weight[0][0] is the string '\\ud800'",
    "escaped_quote_weight.json": "layers[0].weight[0][0] is the string '1\"'",
    "deep_in_unknown_key.json": "input limit depth = 64",
    "unterminated_string.json": "Unterminated string",
    "utf16.json": "binary data",
}
# valid networks: a byte order mark; a description whose string is full of brackets, commas and escaped quotes
VALID = {"bom.json", "brackets_in_strings.json"}

COMMANDS = [
    ("info", lambda p: ["info", p]),
    ("eval", lambda p: ["eval", p, "--x", "0"]),
    ("equiv first", lambda p: ["equiv", p, str(CORPUS / "bom.json")]),
    ("equiv second", lambda p: ["equiv", str(CORPUS / "bom.json"), p]),
    ("fiber", lambda p: ["fiber", p]),
    ("dim", lambda p: ["dim", p]),
    ("canonical", lambda p: ["canonical", p]),
    ("ncr", lambda p: ["ncr", p]),
]


def check_one_line(capsys, argv, status_expected=2):
    status = main(argv)
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert status == status_expected, (argv, status, err)
    assert len(lines) == 1 and "Traceback" not in err and out == "", (argv, err)
    return lines[0]


def test_corpus_is_covered():
    files = {p.name for p in CORPUS.iterdir()}
    assert files == set(EXPECTED) | VALID


@pytest.mark.parametrize("name", sorted(EXPECTED))
@pytest.mark.parametrize("command", [c[1] for c in COMMANDS], ids=[c[0] for c in COMMANDS])
def test_hostile_file(capsys, name, command):
    path = str(CORPUS / name)
    line = check_one_line(capsys, command(path))
    assert path in line
    if command(path)[0] != "ncr":  # ncr reads a matrix: the same file is wrong for other reasons
        assert EXPECTED[name] in line, line


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_files(capsys, name):
    assert main(["info", str(CORPUS / name)]) == 0
    assert "architecture: 1-1-1" in capsys.readouterr().out


GENERATED = {
    "nested 100000 deep": ("[" * 100_000 + "]" * 100_000, "input limit depth"),
    "nested interleaved": ("[1," * 100_000 + "1" + "]" * 100_000, "input limit depth"),
    "long garbage string": ('{"layers": [{"weight": [["' + "z" * 100_000 + '"]], "bias": [0]}]}', "100000 characters"),
    "million-digit integer": ('{"layers": [{"weight": [[' + "9" * 1_000_000 + ']], "bias": [0]}]}', "1000000 digits"),
}


@pytest.mark.parametrize("text, words", list(GENERATED.values()), ids=list(GENERATED))
def test_generated_hostile_files(capsys, tmp_path, text, words):
    path = tmp_path / "hostile.json"
    path.write_text(text)
    for command in ("info", "fiber", "ncr"):
        line = check_one_line(capsys, [command, str(path)])
        assert str(path) in line and len(line) < 600
        assert command == "ncr" or words in line, line  # ncr reads a matrix: other reasons come first


def test_input_limits_on_size_and_entries(capsys, tmp_path):
    path = tmp_path / "wide.json"
    width = 400
    path.write_text(json.dumps({"layers": [{"weight": [[1]] * width, "bias": [0] * width},
                                           {"weight": [[1] * width], "bias": [0]}]}))
    line = check_one_line(capsys, ["info", str(path), "--input-limit", "bytes=1000"])
    assert "input limit bytes = 1000" in line
    line = check_one_line(capsys, ["info", str(path), "--input-limit", "entries=100"])
    assert "input limit entries = 100" in line
    assert main(["info", str(path)]) == 0


def test_hostile_command_line_numbers(capsys):
    net = str(CORPUS / "bom.json")
    for argv, words in [
        (["eval", net, "--x", "1e999999999"], "--x entry 1 is a number with exponent 999999999"),
        (["eval", net, "--x", "\u0661"], "non-ASCII digits"),
        (["eval", net, "--x", "1/0"], "division by zero"),
        (["eval", net, "--x", "9" * 20000], "20000 digits"),
        (["equiv", net, net, "--box", "0", "1e99999999"], "--box UPPER entry 1"),
        (["ncr", "--text", "[[1e999999999]]"], "--text: M[0][0] is a number with exponent"),
        (["ncr", "--text", "[" * 100_000], "input limit depth"),
        (["ncr", "--text", "[1,2]"], "M[0] is the number 1, not a row"),
    ]:
        assert words in check_one_line(capsys, argv), argv


# ----------------------------------------------------------------------------- generated malformed networks
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.text(max_size=12),
                      st.sampled_from(["1/0", "1e999999", "NaN", "-0", "3/4", "0.1", "\u0661", "1e-5", " 2 "]),
                      st.floats(allow_nan=False, allow_infinity=False))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                             st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                          max_leaves=20)


def _valid_network() -> dict:
    return {"architecture": [2, 2, 1],
            "layers": [{"weight": [[1, "-1/2"], [0, 2]], "bias": [0, 1]}, {"weight": [[1, 1]], "bias": [0]}]}


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, prefix + (index,))


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _replace(value[head], rest, new)
    return copy


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_malformed_networks(capsys, tmp_path_factory, data):
    """One subtree of a valid network replaced by arbitrary JSON: exit 0 with an answer or exit 2 in one line."""
    base = _valid_network()
    path = data.draw(st.sampled_from(list(_paths(base))))
    document = _replace(base, path, data.draw(json_value))
    target = tmp_path_factory.mktemp("fuzz") / "net.json"
    target.write_text(json.dumps(document))
    for argv in (["info", str(target)], ["eval", str(target), "--x", "1,-1"], ["dim", str(target)]):
        status = main(argv)
        out, err = capsys.readouterr()
        assert status in (0, 2, 3), (document, argv, status, err)
        assert "Traceback" not in err
        if status:
            assert len(err.strip().splitlines()) == 1 and out == "" and str(target) in err, (document, err)
        else:
            assert out and err == ""


# ----------------------------------------------------------------------------- round two: bounded before parsing
def _two_input_network(tmp_path) -> str:
    path = tmp_path / "two.json"
    path.write_text(json.dumps({"layers": [{"weight": [[1, 1]], "bias": ["1/2"]}, {"weight": [[1]], "bias": [0]}]}))
    return str(path)


DATA_CASES = {
    "a number where a point belongs": ("[12]", "data[0] is the number 12; expected a sequence"),
    "a string where a point belongs": ('["12"]', "data[0] is the string '12'"),
    "an object where a point belongs": ('[{"0": 1, "1": 2}]', "point 0 is an object"),
    "an object of points": ('{"inputs": {"0": [1, 2]}}', "got an object"),
    "a boolean in a point": ("[[true, 1]]", "point 0 holds the boolean true"),
    "a repeated key": ('{"inputs": [[1, 2]], "inputs": [[3, 4]]}', "the key 'inputs' twice"),
    "no points": ("[]", "data is empty"),
    "a point too short": ("[[1]]", "data[0] has 1 entries"),
    "nested too deep": ("[" * 100 + "]" * 100, "input limit depth"),
    "a number too long": ("[[1, " + "9" * 20_000 + "]]", "20000 digits"),
}


@pytest.mark.parametrize("text, words", list(DATA_CASES.values()), ids=list(DATA_CASES))
def test_hostile_data_files(capsys, tmp_path, text, words):
    net = _two_input_network(tmp_path)
    data = tmp_path / "data.json"
    data.write_text(text)
    line = check_one_line(capsys, ["laws", net, "--data", str(data)])
    assert str(data) in line and words in line, line


def test_data_file_is_read_like_a_network_file(capsys, tmp_path):
    net = _two_input_network(tmp_path)
    line = check_one_line(capsys, ["laws", net, "--data", "/dev/zero"])
    assert "/dev/zero" in line and "binary data" in line
    data = tmp_path / "data.json"
    data.write_text('{"inputs": [[1, 2], ["-1/2", "3"]]}')
    assert main(["laws", net, "--data", str(data)]) == 0
    assert "checked on 2 training inputs" in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_without_writer_is_refused_by_every_reader(capsys, tmp_path, monkeypatch):
    import os

    from semialg_fibers.readwrite import reader

    monkeypatch.setattr(reader, "WAIT_SECONDS", 0.2)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for argv in (["info", str(fifo)], ["ncr", str(fifo)], ["laws", _two_input_network(tmp_path), "--data", str(fifo)],
                 ["equiv", str(CORPUS / "bom.json"), str(fifo)]):
        line = check_one_line(capsys, argv)
        assert str(fifo) in line and "is a FIFO, not a regular file" in line, line


def _zeros(path, size):
    """A JSON list of zeros of ``size`` bytes, written in pieces."""
    count = (size - 2) // 2
    with open(path, "w") as handle:
        handle.write("[")
        for _ in range(count // 100_000):
            handle.write("0," * 100_000)
        handle.write("0," * (count % 100_000) + "0]")


def _refused_with_little_memory(capsys, argv, words, budget):
    import tracemalloc

    tracemalloc.start()
    try:
        line = check_one_line(capsys, argv)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert words in line, line
    assert peak < budget, (peak, budget)


def test_many_entries_are_refused_before_parsing(capsys, tmp_path):
    """16 MB of zeros with an entries limit of one million: refused from the text's shape; the allocations peak at a
    few times the file's size (parsing would build about sixty bytes per entry)."""
    path = tmp_path / "zeros.json"
    _zeros(path, 16 * 1024 * 1024)
    for argv in (["info", str(path)], ["laws", str(CORPUS / "bom.json"), "--data", str(path)], ["ncr", str(path)]):
        _refused_with_little_memory(capsys, argv + ["--input-limit", "entries=1000000"], "input limit entries = 1000000",
                                    budget=5 * 16 * 1024 * 1024)


@pytest.mark.slow
def test_sixty_four_megabytes_of_zeros(capsys, tmp_path):
    """The reported case: a file just under the byte limit, with the default limits (33 million entries)."""
    path = tmp_path / "zeros.json"
    _zeros(path, 64 * 1024 * 1024 - 16)
    for argv in (["info", str(path)], ["laws", str(CORPUS / "bom.json"), "--data", str(path)]):
        _refused_with_little_memory(capsys, argv, "input limit entries = 10000000", budget=5 * 64 * 1024 * 1024)


def test_main_from_threads_leaves_the_int_digit_limit(capsys):
    """cli.main lifts Python's int/str digit limit while it prints; four at once leave it as it was."""
    import sys
    import threading

    before, interval = sys.get_int_max_str_digits(), sys.getswitchinterval()
    statuses = []

    def run():
        for _ in range(10):
            statuses.append(main(["eval", str(CORPUS / "bom.json"), "--x", "1/3"]))

    threads = [threading.Thread(target=run) for _ in range(4)]
    sys.setswitchinterval(1e-6)  # switch threads often, so that the commands interleave in every way
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    capsys.readouterr()
    assert statuses == [0] * 40 and sys.get_int_max_str_digits() == before


def _lists(value, prefix=()):
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _lists(child, prefix + (key,))
    elif isinstance(value, list):
        yield prefix
        for index, child in enumerate(value):
            yield from _lists(child, prefix + (index,))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_an_object_is_never_read_as_a_list(capsys, tmp_path_factory, data):
    """Any list of a valid network (layers, a weight, a row, a bias, the architecture) written as an object with the
    indices as keys, in any order: always refused (exit 2), never read by its keys or values."""
    base = _valid_network()
    path = data.draw(st.sampled_from(list(_lists(base))))
    node = base
    for key in path:
        node = node[key]
    items = list(enumerate(node))
    order = data.draw(st.permutations(items))
    document = _replace(base, path, {str(i): v for i, v in order})
    target = tmp_path_factory.mktemp("objects") / "net.json"
    target.write_text(json.dumps(document))
    line = check_one_line(capsys, ["info", str(target)])
    assert str(target) in line and "an object" in line, (document, line)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_repeated_key_is_never_resolved(capsys, tmp_path_factory, data):
    """A key of any object of a valid network written twice (with any value the second time): refused, whichever
    copy a reader would keep."""
    base = _valid_network()
    objects = [p for p in _paths(base) if isinstance(_at(base, p), dict)]
    path = data.draw(st.sampled_from(objects))
    key = data.draw(st.sampled_from(sorted(_at(base, path))))
    text = json.dumps(base)
    inner = json.dumps(_at(base, path))
    doubled = inner[:-1] + f", {json.dumps(key)}: {json.dumps(data.draw(json_value))}" + "}"
    target = tmp_path_factory.mktemp("twice") / "net.json"
    target.write_text(text.replace(inner, doubled, 1))
    line = check_one_line(capsys, ["info", str(target)])
    assert "twice" in line, line


def _at(value, path):
    for key in path:
        value = value[key]
    return value


# ----------------------------------------------------------------------------- round three: a sample of the audit
def _small(tmp_path, name="net.json", inputs=2) -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"layers": [{"weight": [[1] * inputs, [3] + [1] * (inputs - 1)], "bias": [0, 1]},
                                           {"weight": [[1, -1]], "bias": [0]}]}), encoding="utf-8")
    return str(path)


def _one_line(capsys, argv, status: int, words: str) -> None:
    try:
        got = main(argv)
    except SystemExit as exc:  # argparse's own refusals
        got = exc.code
    err = capsys.readouterr().err
    assert got == status and words in err, (argv, got, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


@pytest.mark.skipif(not Path("/dev/urandom").exists(), reason="no /dev/urandom")
def test_random_bytes_are_binary_data(capsys):
    _one_line(capsys, ["info", "/dev/urandom"], 2, "binary data")


def test_outputs_that_are_the_input_under_another_name(capsys, tmp_path):
    """``-o`` through a symbolic link to the input, and ``--equations`` onto the input: refused, the file kept."""
    net = _small(tmp_path)
    before = Path(net).read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(net)
    _one_line(capsys, ["latex", net, "-o", str(link)], 2, "is the input file")
    _one_line(capsys, ["latex", net, "--equations", net, "-o", str(tmp_path / "x.tex")], 2, "is the input file")
    assert Path(net).read_bytes() == before


@pytest.mark.parametrize("box, words", [(("nan,0", "1,1"), "expected a finite number"),
                                        (("1,1", "0,0"), "expected lower < upper")])
def test_plot_boxes_that_are_no_box(capsys, tmp_path, box, words):
    _one_line(capsys, ["plot", _small(tmp_path), "--box", *box, "-o", str(tmp_path / "p.png")], 2, words)
    assert not (tmp_path / "p.png").exists()


def test_command_line_numbers_beyond_the_limits(capsys, tmp_path):
    net = _small(tmp_path)
    _one_line(capsys, ["eval", net, "--x", "1" * 20000 + ",1"], 2, "above the input limit digits")
    _one_line(capsys, ["eval", net, "--x", "1"], 2, "input dimension is 2")
    _one_line(capsys, ["fiber", net, "--limit", "1.5"], 2, "--limit")
    _one_line(capsys, ["info", net, "--input-limit", "bytes=0"], 2, "--input-limit")


def test_a_network_nested_too_deep_given_as_text(capsys):
    _one_line(capsys, ["ncr", "--text", "[" * 100 + "]" * 100], 2, "input limit depth")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_disk_is_one_line(tmp_path):
    """Standard output on a full device: exit 2 with the system's reason (a subprocess: the stream is the test's)."""
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-c", "import sys; from semialg_fibers.cli import main; "
                                 "sys.exit(main())", "info", _small(tmp_path)], stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=120)
    assert result.returncode == 2 and "No space left on device" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_the_equations_file_is_checked_before_any_work(capsys, tmp_path, monkeypatch):
    """``--equations`` onto the input, or onto the ``-o`` file: refused before the report is computed."""
    from semialg_fibers.render import report

    def no_work(*args, **kwargs):
        raise AssertionError("the report was computed before the output files were checked")

    monkeypatch.setattr(report, "network_report", no_work)
    net = _small(tmp_path)
    _one_line(capsys, ["latex", net, "--equations", net, "-o", str(tmp_path / "x.tex")], 2, "is the input file")
    same = str(tmp_path / "same.tex")
    _one_line(capsys, ["latex", net, "--equations", same, "-o", same], 2, "is also the file of -o")
