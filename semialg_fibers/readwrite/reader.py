"""The one place that reads untrusted input: files, standard input and JSON text, within limits.

Everything a user or another program hands to the library as bytes goes
through here: :func:`read_text` reads a path or standard input (``"-"``) in
chunks and stops at :attr:`InputLimits.bytes <semialg_fibers.core.limits.InputLimits>`
(``/dev/zero`` is refused after its first chunk, since text never holds a NUL
byte); :func:`parse_json` parses JSON with numbers kept as their source text
(so ``0.1`` is 1/10 exactly and ``1e99999999`` is never built) and enforces the
nesting depth and entry count limits.  Numbers are then converted by
:func:`semialg_fibers.core.exact.to_rational`, which checks their digits and
exponents.  Every violation raises
:class:`~semialg_fibers.core.exceptions.InputLimitError` naming the limit; every
other defect raises :class:`~semialg_fibers.core.exceptions.MalformedNetworkError`
saying what was expected and what arrived.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..core.exceptions import InputLimitError, MalformedNetworkError
from ..core.limits import InputLimits, resolve_input

__all__ = ["JsonNumber", "STDIN", "display_name", "read_text", "parse_json", "read_json"]

#: The source name that means standard input.
STDIN = "-"
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


def read_text(source, limits: InputLimits | None = None, stdin=None) -> str:
    """Read a file or standard input as UTF-8 text, at most ``limits.bytes`` bytes.

    Parameters
    ----------
    source : str or os.PathLike
        ``"-"`` for standard input; anything else is a path (never inline text).
    limits : InputLimits, optional
        Default: :func:`~semialg_fibers.core.limits.current_input_limits`.
    stdin : binary file, optional
        What ``"-"`` reads (default ``sys.stdin.buffer``).

    Raises
    ------
    InputLimitError
        More than ``limits.bytes`` bytes (reading stops there).
    MalformedNetworkError
        Unreadable path, empty input, a NUL byte (binary data), invalid UTF-8.

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
        path = Path(source)
        try:
            with open(path, "rb") as handle:
                data = _read_bounded(handle, limits, where)
        except OSError as exc:
            raise MalformedNetworkError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if not data.strip():
        raise MalformedNetworkError(f"{where} is empty; expected JSON text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedNetworkError(f"{where} is not UTF-8 text (byte {exc.start}: {data[exc.start:exc.start + 1]!r})") from None


def _read_bounded(handle, limits: InputLimits, where: str) -> bytes:
    chunks, size = [], 0
    while True:
        chunk = handle.read(_CHUNK)
        if not chunk:
            break
        nul = chunk.find(b"\0")
        if nul >= 0:  # binary data (/dev/zero, an image, a checkpoint): stop before reading it all
            raise MalformedNetworkError(f"{where} holds binary data (a NUL byte at offset {size + nul}); expected JSON text")
        size += len(chunk)
        if size > limits.bytes:
            raise InputLimitError(f"{where} is larger than the input limit bytes = {limits.bytes}")
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json(text: str, limits: InputLimits | None = None):
    """Parse JSON text with numbers as :class:`JsonNumber`, within the depth and entry limits.

    Raises
    ------
    InputLimitError
        Text longer than ``limits.bytes``, nesting deeper than ``limits.depth``,
        more than ``limits.entries`` values.
    MalformedNetworkError
        Invalid JSON (with line and column), ``NaN`` or ``Infinity``.

    Examples
    --------
    >>> parse_json('{"w": [[1, "1/2"]]}')
    {'w': [[1, '1/2']]}
    >>> parse_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    semialg_fibers.InputLimitError: JSON nesting depth 100 is above the input limit depth = 64
    """
    limits = resolve_input(limits)
    if len(text) > limits.bytes:
        raise InputLimitError(f"JSON text of {len(text)} characters is above the input limit bytes = {limits.bytes}")
    _check_depth_prefix(text, limits)
    try:
        data = json.loads(text, parse_float=JsonNumber, parse_int=JsonNumber, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise MalformedNetworkError(f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise InputLimitError(f"JSON is nested deeper than the input limit depth = {limits.depth}") from None
    _check_tree(data, limits)
    return data


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

    The common hostile case (``[[[[...``) is caught without recursion; nesting
    that interleaves other tokens is measured by :func:`_check_tree` or, beyond
    Python's recursion limit, reported from the parser's ``RecursionError``.
    """
    stripped = text.lstrip()
    run = len(stripped) - len(stripped.lstrip("[{ \t\r\n"))
    if run > limits.depth:
        opened = sum(1 for ch in stripped[:run] if ch in "[{")
        if opened > limits.depth:
            raise InputLimitError(f"JSON nesting depth {opened} is above the input limit depth = {limits.depth}")


def _check_tree(data, limits: InputLimits) -> None:
    """Depth and entry count of a parsed document, without recursion."""
    stack, entries = [(data, 1)], 0
    while stack:
        value, depth = stack.pop()
        entries += 1
        if entries > limits.entries:
            raise InputLimitError(f"JSON holds more than {limits.entries} values, above the input limit entries = {limits.entries}")
        if isinstance(value, (list, dict)):
            if depth > limits.depth:
                raise InputLimitError(f"JSON nesting depth {depth} is above the input limit depth = {limits.depth}")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)

