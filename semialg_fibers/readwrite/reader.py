"""The one place that reads untrusted input: files, standard input and JSON text, within limits.

Everything a user or another program hands to the library as bytes goes
through here.

* :func:`read_text` reads a path or standard input (``"-"``) in chunks and
  stops at :attr:`InputLimits.bytes <semialg_fibers.core.limits.InputLimits>`;
  a regular file larger than that is refused from its size, before reading.
  Text never holds a NUL byte, so binary data (``/dev/zero``, a checkpoint) is
  refused at its first chunk.  A file that is not a regular file (a FIFO, a
  device) is opened without blocking and must deliver its text within
  :data:`WAIT_SECONDS`: a FIFO with no writer is refused, not waited for
  forever.  Directories are refused.
* :func:`parse_json` first *counts* the document without building it: the
  number of values and the nesting depth are read off the text with strings
  blanked out (:func:`json_shape`), and a document beyond ``limits.entries`` or
  ``limits.depth`` is refused before ``json.loads`` allocates anything.  It
  then parses with numbers kept as their source text (:class:`JsonNumber`:
  ``0.1`` is 1/10 exactly and ``1e99999999`` is never built), ``NaN`` and
  ``Infinity`` refused, and an object that repeats a key refused (JSON
  readers disagree on which copy wins).

Numbers are then converted by :func:`semialg_fibers.core.exact.to_rational`,
which checks their digits and exponents.  Every violation raises
:class:`~semialg_fibers.core.exceptions.InputLimitError` naming the limit;
every other defect raises
:class:`~semialg_fibers.core.exceptions.MalformedNetworkError` saying what was
expected and what arrived.  Messages never quote a file's text beyond the
value at fault (and that shortened).
"""

from __future__ import annotations

import json
import os
import select
import stat
import sys
import time
from pathlib import Path

from ..core.exact import shorten
from ..core.exceptions import InputLimitError, MalformedNetworkError
from ..core.limits import InputLimits, resolve_input

__all__ = ["JsonNumber", "STDIN", "WAIT_SECONDS", "display_name", "read_text", "parse_json", "json_shape",
           "read_json"]

#: The source name that means standard input.
STDIN = "-"
#: Seconds a file that is not a regular file (a FIFO, a device) may take to deliver all its text.
WAIT_SECONDS = 10.0
_CHUNK = 1 << 16


class JsonNumber(str):
    """A JSON number kept as its source text (``"0.1"``, ``"1e5"``) until it is converted exactly.

    It prints like the number it spells, so messages show ``[2, 3, 1]``, not ``['2', '3', '1']``.

    >>> parse_json("[0.1, 2]")
    [0.1, 2]
    >>> isinstance(parse_json("[0.1]")[0], JsonNumber)
    True
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


def display_name(source) -> str:
    """How a source is named in messages: ``<stdin>`` for ``"-"``, else the path as given.

    >>> display_name("-"), display_name(Path("a.json"))
    ('<stdin>', 'a.json')
    """
    return "<stdin>" if str(source) == STDIN else str(source)


def read_text(source, limits: InputLimits | None = None, stdin=None, *, timeout: float | None = None) -> str:
    """Read a file or standard input as UTF-8 text, at most ``limits.bytes`` bytes.

    Parameters
    ----------
    source : str or os.PathLike
        ``"-"`` for standard input; anything else is a path (never inline text).
    limits : InputLimits, optional
        Default: :func:`~semialg_fibers.core.limits.current_input_limits`.
    stdin : binary file, optional
        What ``"-"`` reads (default ``sys.stdin.buffer``).
    timeout : float, optional
        Seconds a file that is not a regular file (a FIFO, a character
        device) may take to deliver its text (default :data:`WAIT_SECONDS`).
        Regular files and standard input are read without a deadline.

    Raises
    ------
    InputLimitError
        More than ``limits.bytes`` bytes (a regular file: from its size, before
        reading; otherwise reading stops there).
    MalformedNetworkError
        Unreadable path, a directory, a FIFO or device that delivers nothing
        in time, empty input, a NUL byte (binary data), invalid UTF-8.

    Examples
    --------
    >>> import io
    >>> read_text("-", stdin=io.BytesIO(b'{"a": 1}'))
    '{"a": 1}'
    >>> read_text("-", stdin=io.BytesIO(b""))
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: standard input is empty; expected JSON text
    """
    limits = resolve_input(limits)
    is_stdin = str(source) == STDIN and not isinstance(source, Path)
    where = "standard input" if is_stdin else "the file"
    if is_stdin:
        handle = stdin if stdin is not None else sys.stdin.buffer
        data = _read_bounded(handle, limits, where)
    else:
        data = _read_path(source, limits, WAIT_SECONDS if timeout is None else timeout)
    if not data.strip():
        raise MalformedNetworkError(f"{where} is empty; expected JSON text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedNetworkError(f"{where} is not UTF-8 text (byte {exc.start}: {data[exc.start:exc.start + 1]!r})") from None


_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _read_path(source, limits: InputLimits, timeout: float) -> bytes:
    """The bytes of a path: a regular file bounded by its size, anything else without blocking, by a deadline."""
    path = os.fspath(source)
    name = repr(str(path))
    # O_NONBLOCK: opening a FIFO that has no writer returns at once instead of waiting for one.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        raise MalformedNetworkError(f"cannot read {name}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise MalformedNetworkError(f"cannot read {name}: it is a directory; expected a JSON file")
        if stat.S_ISREG(mode):
            size = os.fstat(fd).st_size
            if size > limits.bytes:
                raise InputLimitError(f"the file has {size} bytes, above the input limit bytes = {limits.bytes}")
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
            with os.fdopen(os.dup(fd), "rb") as handle:
                return _read_bounded(handle, limits, "the file")
        kind = next((words for test, words in _KINDS if test(mode)), "not a regular file")
        if not hasattr(os, "O_NONBLOCK"):  # pragma: no cover - no non-blocking reads (Windows)
            raise MalformedNetworkError(f"cannot read {name}: it is {kind}, not a regular file; "
                                        "redirect it to standard input and pass '-'")
        return _read_stream(fd, limits, timeout, kind)
    finally:
        os.close(fd)


def _read_stream(fd: int, limits: InputLimits, timeout: float, kind: str) -> bytes:
    """Read a non-blocking descriptor to its end within ``timeout`` seconds, bounded like a file."""
    deadline = time.monotonic() + timeout
    chunks, size = [], 0
    while True:
        remaining = deadline - time.monotonic()
        ready = select.select([fd], [], [], remaining)[0] if remaining > 0 else []
        if not ready:
            raise MalformedNetworkError(f"the file is {kind}, not a regular file, and delivered "
                                        f"{'no' if not size else 'no complete'} text within {timeout:g} s (a FIFO "
                                        "needs a writer); redirect it to standard input and pass '-' to wait for it")
        try:
            chunk = os.read(fd, _CHUNK)
        except BlockingIOError:
            continue
        if not chunk:
            break
        size = _take(chunk, size, limits, "the file")
        chunks.append(chunk)
    return b"".join(chunks)


def _take(chunk: bytes, size: int, limits: InputLimits, where: str) -> int:
    """The size after ``chunk``; refuses binary data and input beyond ``limits.bytes``."""
    nul = chunk.find(b"\0")
    if nul >= 0:  # binary data (/dev/zero, an image, a checkpoint): stop before reading it all
        raise MalformedNetworkError(f"{where} holds binary data (a NUL byte at offset {size + nul}); expected JSON text")
    size += len(chunk)
    if size > limits.bytes:
        raise InputLimitError(f"{where} is larger than the input limit bytes = {limits.bytes}")
    return size


def _read_bounded(handle, limits: InputLimits, where: str) -> bytes:
    chunks, size = [], 0
    while True:
        chunk = handle.read(_CHUNK)
        if not chunk:
            break
        size = _take(chunk, size, limits, where)
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json(text: str, limits: InputLimits | None = None):
    """Parse JSON text with numbers as :class:`JsonNumber`, refused *before* parsing when beyond the limits.

    Raises
    ------
    InputLimitError
        Text longer than ``limits.bytes``, nesting deeper than ``limits.depth``,
        more than ``limits.entries`` values: all found by :func:`json_shape`
        before anything is built.
    MalformedNetworkError
        Invalid JSON (with line and column), ``NaN`` or ``Infinity``, an
        object with a repeated key.

    Examples
    --------
    >>> parse_json('{"w": [[1, "1/2"]]}')
    {'w': [[1, '1/2']]}
    >>> parse_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    semialg_fibers.InputLimitError: JSON nesting depth 100 is above the input limit depth = 64
    >>> parse_json('{"bias": [1], "bias": [2]}')
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: a JSON object has the key 'bias' twice; each key may appear once
    """
    limits = resolve_input(limits)
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise MalformedNetworkError(f"the JSON bytes are not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise MalformedNetworkError(f"JSON text is a {type(text).__name__}; expected a str")
    if len(text) > limits.bytes:
        raise InputLimitError(f"JSON text of {len(text)} characters is above the input limit bytes = {limits.bytes}")
    _check_depth_prefix(text, limits)
    _check_shape(text, limits)
    try:
        return json.loads(text, parse_float=JsonNumber, parse_int=JsonNumber, parse_constant=_reject_constant,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise MalformedNetworkError(f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:  # unbalanced text that json_shape could not measure
        raise InputLimitError(f"JSON is nested deeper than the input limit depth = {limits.depth}") from None


# The shape of a document is read off its bytes with C-speed passes (bytes.translate, replace, count, split) and
# no per-token work in Python; see json_shape.
_NOT_STRUCTURE = bytes(c for c in range(256) if c not in b'"[]{},')
_WHITESPACE = b" \t\n\r"
# Brackets of both kinds to "[" and "]", commas kept, every other byte (a scalar or a string) to "v".
_MARKS = bytes(ord("[") if c in b"[{" else ord("]") if c in b"]}" else ord(",") if c == ord(",") else ord("v")
               for c in range(256))
_SPLIT_CHUNK = 1 << 20


def json_shape(text: str, *, most_values: int | None = None, most_depth: int | None = None) -> tuple[int, int | None]:
    """``(values, depth)`` of JSON text, read off the text without parsing it (linear time, no tree).

    ``values`` counts every value (containers included, object keys not), as
    many as a parser would build; ``depth`` is the deepest nesting of arrays
    and objects (0 for a scalar).  With escapes and string contents set aside,
    a valid document has ``values = 1 + commas + containers - empty
    containers``, and ``depth`` is the number of rounds of deleting every
    innermost bracket pair until none is left.  ``docs/cli.md`` (How the input
    limits are checked) has the argument.  For invalid text the figures
    describe its brackets and commas only (the parser reports the error).

    Parameters
    ----------
    text : str
    most_values : int, optional
        Return as soon as a lower bound shows more values than this: ``values``
        is then that lower bound (above ``most_values``), not the exact count.
    most_depth : int, optional
        Stop counting rounds beyond this depth: ``depth`` is then
        ``most_depth + 1`` (deeper than allowed) or the depth.

    Returns
    -------
    tuple
        ``(values, depth)``; ``depth`` is None when the brackets do not balance
        (invalid JSON), and also when ``values`` was cut short by ``most_values``.

    Examples
    --------
    >>> json_shape('{"layers": [{"weight": [[1, 2]], "bias": [0, "[,]"]}]}')
    (10, 5)
    >>> json_shape('[[], {}, "", [" "]]')
    (6, 2)
    """
    raw = text.encode("utf-8", "surrogatepass")
    if b"\\" in raw:  # an escape is a backslash and one character: drop them, left to right, as a parser reads them
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    quotes = raw.count(b'"')
    if quotes:
        # every string is a value or a key, and every key is followed by a colon
        at_least = quotes // 2 - raw.count(b":")
        if most_values is not None and at_least > most_values:
            return at_least, None
        # Deleting two adjacent quotes deletes an empty string, or merges two strings with nothing between them:
        # a quote left over means some string holds a bracket or a comma, which must not be counted.
        if b'"' in raw.translate(None, _NOT_STRUCTURE).replace(b'""', b""):
            raw = _blank_strings(raw)
    marked = raw.translate(_MARKS, _WHITESPACE)  # "[", "]", "," and "v" (any other token, strings included)
    commas, opens = marked.count(b","), marked.count(b"[")
    if most_values is not None and max(1 + commas, opens) > most_values:
        return max(1 + commas, opens), None  # every comma separates two values, every container is one
    values = 1 + commas + opens - marked.count(b"[]")
    brackets = marked.translate(None, b",v")
    depth = 0
    while brackets:
        if most_depth is not None and depth > most_depth:
            break
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            return values, None  # unbalanced: invalid JSON
        brackets, depth = shorter, depth + 1
    return values, depth


def _blank_strings(raw: bytes) -> bytes:
    """``raw`` (escapes removed) with every string, quotes included, replaced by ``v``: quote parity, chunk by chunk."""
    out, inside = [], False
    for start in range(0, len(raw), _SPLIT_CHUNK):
        pieces = raw[start:start + _SPLIT_CHUNK].split(b'"')
        if inside and len(pieces) > 1:
            out.append(b"v")  # the string that began in an earlier chunk ends here
        out.append(b"v".join(pieces[1::2] if inside else pieces[0::2]))
        if len(pieces) % 2 == 0:  # an odd number of quotes: the chunk ends on the other side
            inside = not inside
    return b"".join(out)


def _check_shape(text: str, limits: InputLimits) -> None:
    values, depth = json_shape(text, most_values=limits.entries, most_depth=limits.depth)
    if values > limits.entries:
        raise InputLimitError(f"JSON holds {values} values or more, above the input limit entries = {limits.entries}")
    if depth is not None and depth > limits.depth:  # json_shape stopped counting at limits.depth + 1
        raise InputLimitError(f"JSON nesting depth {depth} or more is above the input limit depth = {limits.depth}")


def _object(pairs: list) -> dict:
    """A JSON object as a dict; a key given twice is refused (readers disagree on which copy counts)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set = set()
        for key, _ in pairs:
            if key in seen:
                raise MalformedNetworkError(f"a JSON object has the key {shorten(key)} twice; each key may appear once")
            seen.add(key)
    return result


def read_json(source, limits: InputLimits | None = None, stdin=None):
    """:func:`read_text` then :func:`parse_json`; errors are prefixed with the source's name.

    >>> import io
    >>> read_json("-", stdin=io.BytesIO(b"[1, 2"))
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: <stdin>: invalid JSON: Expecting ',' delimiter (line 1, column 6)
    """
    try:
        return parse_json(read_text(source, limits, stdin), limits)
    except MalformedNetworkError as exc:
        name = display_name(source)
        text = str(exc)
        raise type(exc)(text if text.startswith(f"cannot read {name!r}") else f"{name}: {text}") from None


def _reject_constant(name: str):
    raise MalformedNetworkError(f"JSON contains {name}; expected finite numbers")


def _check_depth_prefix(text: str, limits: InputLimits) -> None:
    """Refuse text that opens more than ``limits.depth`` brackets before anything else.

    The common hostile case (``[[[[...``) is caught at once and its depth named;
    nesting that interleaves other tokens is measured by :func:`json_shape`.
    """
    stripped = text.lstrip()
    run = len(stripped) - len(stripped.lstrip("[{ \t\r\n"))
    if run > limits.depth:
        opened = sum(1 for ch in stripped[:run] if ch in "[{")
        if opened > limits.depth:
            raise InputLimitError(f"JSON nesting depth {opened} is above the input limit depth = {limits.depth}")
