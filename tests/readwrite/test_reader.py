"""Reading untrusted bytes: size, NUL bytes, encodings, JSON nesting and entry limits."""

from __future__ import annotations

import contextlib
import io
import json
import os
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# ----------------------------------------------------------------------------- the shape is counted before parsing
def tree_shape(value) -> tuple[int, int]:
    """``(values, depth)`` of a parsed document, by walking it (the computation json_shape must agree with)."""
    if isinstance(value, dict):
        inner = [tree_shape(v) for v in value.values()]
    elif isinstance(value, list):
        inner = [tree_shape(v) for v in value]
    else:
        return 1, 0
    return 1 + sum(n for n, _ in inner), 1 + max((d for _, d in inner), default=0)


# Strings full of what the counting must not count: quotes, backslashes, brackets, commas, colons, escapes.
_nasty_text = st.text(alphabet=st.sampled_from(list('"\\[]{},: \n\tabu/\u00e9\u2028\U0001f600')), max_size=8)
_json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), _nasty_text),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_nasty_text, inner, max_size=4)),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_json_values, st.sampled_from([None, 0, 2]), st.booleans(), st.sampled_from([1, 3, 1 << 20]))
def test_json_shape_agrees_with_the_parsed_tree(value, indent, ascii_only, chunk):
    """json_shape (no parsing) against json.loads and a walk of the tree, on documents whose strings hold JSON syntax;
    chunk sizes of 1 and 3 bytes put string boundaries across every chunk boundary of the quote-parity pass."""
    from semialg_fibers.readwrite import reader

    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    old, reader._SPLIT_CHUNK = reader._SPLIT_CHUNK, chunk
    try:
        assert reader.json_shape(text) == tree_shape(json.loads(text))
        values, depth = tree_shape(json.loads(text))
        cut_values, _ = reader.json_shape(text, most_values=values - 1)
        assert cut_values > values - 1  # a lower bound above the cut, or the count
        assert reader.json_shape(text, most_values=values)[0] == values
        if depth:
            assert reader.json_shape(text, most_depth=depth - 1)[1] == depth
    finally:
        reader._SPLIT_CHUNK = old


_SPACE = st.sampled_from(["", " ", "\n", "\t ", "\r\n"])
# One character of a string as JSON may spell it: itself, or an escape (\" \\ \/ \n \u0022 \u005b ...).
_STRING_CHARACTER = st.sampled_from(["a", "[", "]", "{", "}", ",", ":", " ", "\u00e9", '\\"', "\\\\", "\\/", "\\n",
                                     "\\u0022", "\\u005b", "\\u005c", "\\t"])


@st.composite
def _json_text(draw, depth=0):
    """JSON text written by hand: random whitespace, every escape form, containers to depth 4."""
    kind = draw(st.sampled_from(["number", "string", "literal"] + (["list", "object"] if depth < 4 else [])))
    if kind == "number":
        return draw(st.sampled_from(["0", "-1", "2.5e-3", "1E+2"]))
    if kind == "literal":
        return draw(st.sampled_from(["true", "false", "null"]))
    if kind == "string":
        return '"' + "".join(draw(st.lists(_STRING_CHARACTER, max_size=6))) + '"'
    items = draw(st.lists(_json_text(depth + 1), max_size=4))
    if kind == "object":
        items = ['"' + "".join(draw(st.lists(_STRING_CHARACTER, max_size=3))) + '"' + draw(_SPACE) + ":"
                 + draw(_SPACE) + item for item in items]
    opening, closing = "[]" if kind == "list" else "{}"
    return opening + draw(_SPACE) + ("," + draw(_SPACE)).join(items) + draw(_SPACE) + closing


@settings(max_examples=300, deadline=None)
@given(_json_text(), _SPACE, _SPACE)
def test_json_shape_agrees_on_hand_written_text(text, before, after):
    from semialg_fibers.readwrite.reader import json_shape

    text = before + text + after
    # duplicate keys are legal JSON: count them as a parser builds them (the last one wins a dict)
    parsed = json.loads(text, object_pairs_hook=lambda pairs: {i: v for i, (_, v) in enumerate(pairs)})
    assert json_shape(text) == tree_shape(parsed), text


def test_brackets_and_commas_inside_strings_are_not_structure():
    text = '{"d": "' + "[{" * 100 + ',' * 100 + '", "e": "\\"]]]]\\\\"}'
    assert parse_json(text, InputLimits(depth=1, entries=3)) == {"d": "[{" * 100 + "," * 100, "e": '"]]]]\\'}


def test_over_the_limits_nothing_is_parsed(monkeypatch):
    """A document beyond the entries or depth limit is refused from its shape: the parser is never called."""
    from semialg_fibers.readwrite import reader

    def no_parse(*args, **kwargs):
        raise AssertionError("json.loads was called")

    monkeypatch.setattr(reader.json, "loads", no_parse)
    for text, limits, words in [
        ("[" + "0," * 200_000 + "0]", InputLimits(entries=1000), "entries = 1000"),
        ("[" + '"ab",' * 100_000 + '"ab"]', InputLimits(entries=1000), "entries = 1000"),
        ('{' + '",":",",' * 50_000 + '"a":1}', InputLimits(entries=1000), "entries = 1000"),
        ("[" + "[]," * 100_000 + "[]]", InputLimits(entries=1000), "entries = 1000"),
        ("[1," * 100 + "1" + "]" * 100, InputLimits(depth=64), "depth = 64"),
        ('[{"a": ' * 40 + "1" + "}]" * 40, InputLimits(depth=64), "depth = 64"),
    ]:
        with pytest.raises(InputLimitError, match=words):
            parse_json(text, limits)


def test_memory_stays_proportional_to_the_text():
    """An 8 MB list of zeros beyond the entries limit: the peak of allocations is a few times the text, not the
    tens of bytes per value that building the list would take."""
    import tracemalloc

    text = "[" + "0," * 4_000_000 + "0]"
    tracemalloc.start()
    try:
        with pytest.raises(InputLimitError, match="entries"):
            parse_json(text, InputLimits(entries=100_000))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(text), peak


def test_repeated_keys_are_refused():
    for text in ['{"a": 1, "a": 1}', '{"layers": [{"weight": [[1]], "bias": [0], "bias": [1]}]}',
                 '[{"x": {"k": 1, "k": {"k": 2}}}]']:
        with pytest.raises(MalformedNetworkError, match="twice; each key may appear once"):
            parse_json(text)
    assert parse_json('{"k": {"k": 1}}') == {"k": {"k": "1"}}


def test_text_types():
    assert parse_json(b"[1]") == ["1"]
    with pytest.raises(MalformedNetworkError, match="not UTF-8"):
        parse_json(b"[\xff]")
    with pytest.raises(MalformedNetworkError, match="JSON text is a list; expected a str"):
        parse_json([1])


# ----------------------------------------------------------------------------- files that are not regular files
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")


@needs_fifo
def test_fifo_without_writer_is_refused_in_time(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(MalformedNetworkError, match="is a FIFO, not a regular file, and delivered no text within 0.2 s"):
        read_text(fifo, timeout=0.2)
    with pytest.raises(MalformedNetworkError, match=f"^{fifo}: the file is a FIFO"):
        _read_json_quickly(fifo)


def _read_json_quickly(path):
    from semialg_fibers.readwrite import reader

    old, reader.WAIT_SECONDS = reader.WAIT_SECONDS, 0.2
    try:
        return read_json(path)
    finally:
        reader.WAIT_SECONDS = old


@needs_fifo
def test_fifo_with_a_writer_is_read(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write_later():
        time.sleep(0.2)
        with open(fifo, "w") as handle:
            handle.write('{"a": ')
            handle.flush()
            time.sleep(0.1)
            handle.write("[1]}")

    writer = threading.Thread(target=write_later)
    writer.start()
    try:
        assert read_json(fifo) == {"a": ["1"]}
    finally:
        writer.join()


@needs_fifo
def test_fifo_is_bounded_like_a_file(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write_much():
        with contextlib.suppress(BrokenPipeError), open(fifo, "wb") as handle:
            handle.write(b" " * 300_000)

    writer = threading.Thread(target=write_much)
    writer.start()
    try:
        with pytest.raises(InputLimitError, match="bytes = 100000"):
            read_text(fifo, InputLimits(bytes=100_000))
    finally:
        writer.join()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_devices_are_read_without_blocking_and_bounded():
    with pytest.raises(MalformedNetworkError, match="binary data"):
        read_text("/dev/zero")


def test_a_regular_file_beyond_the_byte_limit_is_refused_from_its_size(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"0," * 100 + b"0]")
    with pytest.raises(InputLimitError, match=r"the file has 203 bytes, above the input limit bytes = 100"):
        read_text(path, InputLimits(bytes=100))
