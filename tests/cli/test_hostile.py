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
}
VALID = {"bom.json"}

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


def test_valid_file_with_byte_order_mark(capsys):
    assert main(["info", str(CORPUS / "bom.json")]) == 0
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
