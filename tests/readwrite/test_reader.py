"""Reading untrusted bytes: size, NUL bytes, encodings, JSON nesting and entry limits."""

from __future__ import annotations

import io

import pytest

from semialg_fibers.core.exceptions import InputLimitError, MalformedNetworkError
from semialg_fibers.core.limits import InputLimits, input_limits
from semialg_fibers.readwrite.reader import JsonNumber, display_name, parse_json, read_json, read_text

SMALL = InputLimits(bytes=100, depth=3, entries=10)


def test_reads_stdin_and_files(tmp_path):
    path = tmp_path / "a.json"
    path.write_text('{"a": [1, 2.5]}')
    assert read_text(path) == '{"a": [1, 2.5]}'
    assert read_text("-", stdin=io.BytesIO(b"[1]")) == "[1]"
    data = read_json(str(path))
    assert data == {"a": ["1", "2.5"]} and all(isinstance(v, JsonNumber) for v in data["a"])
    assert repr(data) == "{'a': [1, 2.5]}"
    assert display_name("-") == "<stdin>"


READ_ERRORS = [
    ("too large", b"[" + b"1," * 60 + b"1]", InputLimitError, "input limit bytes = 100"),
    ("NUL byte", b"[1, \x00]", MalformedNetworkError, "NUL byte at offset 4"),
    ("empty", b"", MalformedNetworkError, "is empty"),
    ("blank", b" \n\t ", MalformedNetworkError, "is empty"),
    ("latin-1", b'["\xe9"]', MalformedNetworkError, "not UTF-8"),
]


@pytest.mark.parametrize("data, error, words", [c[1:] for c in READ_ERRORS], ids=[c[0] for c in READ_ERRORS])
def test_read_errors(tmp_path, data, error, words):
    path = tmp_path / "x.json"
    path.write_bytes(data)
    with pytest.raises(error, match=words):
        read_text(path, SMALL)
    with pytest.raises(error, match=words):
        read_text("-", SMALL, stdin=io.BytesIO(data))


def test_endless_stream_is_read_only_up_to_the_limit():
    class Endless(io.RawIOBase):
        reads = 0

        def readable(self):
            return True

        def read(self, size=-1):
            Endless.reads += 1
            return b" " * size

    with pytest.raises(InputLimitError, match="bytes = 100000"):
        read_text("-", InputLimits(bytes=100_000), stdin=Endless())
    assert Endless.reads <= 3


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(MalformedNetworkError, match="cannot read .*No such file"):
        read_text(tmp_path / "none.json")
    with pytest.raises(MalformedNetworkError, match="cannot read .*directory"):
        read_text(tmp_path)


PARSE_ERRORS = [
    ("deep prefix", "[[[[1]]]]", "nesting depth 4 is above the input limit depth = 3"),
    ("deep interleaved", '[1, {"a": [2, [3]]}]', "nesting depth 4"),
    ("recursion", "[1," * 50_000 + "1" + "]" * 50_000, "depth"),
    ("entries", "[" + ",".join(["1"] * 20) + "]", "input limit entries = 10"),
    ("invalid", "[1,", "invalid JSON: Expecting value (line 1, column 4)"),
    ("nan", "[NaN]", "NaN"),
    ("infinity", "[-Infinity]", "Infinity"),
]


@pytest.mark.parametrize("text, words", [c[1:] for c in PARSE_ERRORS], ids=[c[0] for c in PARSE_ERRORS])
def test_parse_errors(text, words):
    with pytest.raises(MalformedNetworkError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_json(text, SMALL if len(text) < 100 else InputLimits())


def test_limits_from_the_context():
    with input_limits(depth=2):
        with pytest.raises(InputLimitError, match="depth = 2"):
            parse_json("[[[1]]]")
    assert parse_json("[[[1]]]") == [[["1"]]]


def test_errors_name_the_source(tmp_path):
    path = tmp_path / "named.json"
    path.write_text("[1,")
    with pytest.raises(MalformedNetworkError, match=f"^{path}: invalid JSON"):
        read_json(path)
