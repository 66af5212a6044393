"""What every command of the ``semialg-fibers`` command line shares: the context, exit codes, option readers.

A command is a :class:`Command` row: a function that adds its arguments and one
that runs it with the parsed arguments and a :class:`Context`.  The command
groups (:mod:`.networks`, :mod:`.fibers`, :mod:`.equivalence`, :mod:`.documents`,
:mod:`.matrices`, :mod:`.laws`) define the rows; :mod:`.main` puts them in the
order ``--help`` lists them.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from ..core.exact import format_rational, shorten, to_rational
from ..core.exceptions import SemialgFibersError, reworded
from ..core.limits import DEFAULT_LIMITS, InputLimits, SearchLimits
from ..core.network import Network

__all__ = ["Command", "Context", "EXIT_CODES", "EXIT_OK", "EXIT_NO", "EXIT_BAD_INPUT", "EXIT_NOT_DECIDED",
           "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_BROKEN_PIPE", "TEXT_WIDTH", "point", "vector", "tuple_text",
           "search_limits", "nonnegative_int", "allow_conjecture_argument", "write", "check_output"]

EXIT_OK, EXIT_NO, EXIT_BAD_INPUT, EXIT_NOT_DECIDED, EXIT_INTERNAL = 0, 1, 2, 3, 4
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 130, 141

#: The exit codes of every command, as printed by ``--help``.
EXIT_CODES = (
    (EXIT_OK, "success; for a yes/no question (equiv): yes"),
    (EXIT_NO, "the answer is no (equiv: not equivalent, with a witness input)"),
    (EXIT_BAD_INPUT, "bad input or usage: unreadable file, invalid JSON, bad number, wrong shape, input limit"),
    (EXIT_NOT_DECIDED, "not decided: outside what the algorithms decide, or a search limit (--budget) reached"),
    (EXIT_INTERNAL, "internal error: two computations disagreed (a bug; --traceback shows where)"),
    (EXIT_INTERRUPTED, "interrupted (Ctrl-C); what was printed before stays"),
    (EXIT_BROKEN_PIPE, "the output was closed early (e.g. '| head'); nothing more is printed"),
)

TEXT_WIDTH = 300  # characters of a reason or witness shown in text output; --json has all


@dataclass
class Context:
    """What every command needs besides its own arguments."""

    numbers: str
    limits: InputLimits
    stdin_used: bool = False
    stages: object = None  # a progress task naming the command's current stage (None: no progress shown)

    def stage(self, words: str) -> None:
        """Report the stage the command enters (shown at once when progress bars are on)."""
        if self.stages is not None:
            self.stages.advance(note=words)

    def load(self, source: str) -> Network:
        """Read a network from a path or ``-``; errors name the source and the field.

        The format is read off the extension (``.onnx``, ``.nnet``, ``.safetensors``, ``.pt``,
        ``.pth``, ``.ckpt``; JSON otherwise and for ``-``), as by ``Network.from_file``.
        """
        from ..readwrite.convert import file_format, network_from_data, network_from_file
        from ..readwrite.reader import STDIN, display_name, read_json

        if source == STDIN:
            if self.stdin_used:
                raise SemialgFibersError("standard input ('-') can be read only once per command")
            self.stdin_used = True
        self.stage(f"reading {display_name(source)}")
        if source != STDIN and file_format(source) != "json":
            return network_from_file(source, numbers=self.numbers, limits=self.limits)
        data = read_json(source, self.limits)
        try:
            return network_from_data(data, self.numbers, self.limits)
        except SemialgFibersError as exc:
            raise reworded(exc, f"{display_name(source)}: {exc}") from None


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, one-line help, argument setup and runner.

    Every command takes ``--budget N`` (:meth:`SearchLimits.with_budget`): the
    command runs inside :func:`semialg_fibers.core.limits.search_limits` of it,
    and a runner that passes ``limits=`` reads it with :func:`search_limits`.
    ``searches`` says whether the command runs an exponential search (shown
    in no output; kept for the command groups that set it).
    """

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Context], int]
    searches: bool = False


def point(text: str, option: str, limits: InputLimits) -> list[Fraction]:
    """Comma-separated exact numbers of an option such as ``--x 1/2,-3``; errors name the option and the entry."""
    text = text.strip()
    if not text:
        raise SemialgFibersError(f"{option} is empty; expected comma-separated numbers such as 1/2,-3")
    parts = text.split(",")
    if len(parts) > limits.entries:
        raise SemialgFibersError(f"{option} has {len(parts)} entries, above the input limit entries = {limits.entries}")
    out = []
    for i, part in enumerate(parts, start=1):
        if not part.strip():
            raise SemialgFibersError(f"{option} {shorten(text)}: entry {i} is empty; "
                                     "expected comma-separated numbers such as 1/2,-3")
        out.append(to_rational(part, f"{option} entry {i}", limits))
    return out


def vector(values) -> list[str]:
    """Exact numbers as strings such as ``"-3/2"``."""
    return [format_rational(v) for v in values]


def tuple_text(values) -> str:
    """Exact numbers as a tuple ``(1, -3/2)``."""
    return "(" + ", ".join(vector(values)) + ")"


def search_limits(args) -> SearchLimits:
    """The search limits of ``--budget N`` and ``--lattice-seconds S`` (the defaults without them).

    ``--lattice-seconds`` is applied after ``--budget`` (so ``--budget 0 --lattice-seconds 5`` keeps a
    deadline); ``0`` means no deadline.

    >>> import argparse
    >>> search_limits(argparse.Namespace(budget=10, lattice_seconds=5)).lattice_seconds
    5
    >>> search_limits(argparse.Namespace(budget=None, lattice_seconds=0)).lattice_seconds is None
    True
    """
    budget = getattr(args, "budget", None)
    limits = DEFAULT_LIMITS if budget is None else SearchLimits.with_budget(budget)
    seconds = getattr(args, "lattice_seconds", None)
    if seconds is not None:
        limits = replace(limits, lattice_seconds=seconds or None)
    return limits


def nonnegative_int(text: str) -> int:
    """An ``argparse`` type: ASCII digits only, at most 18 of them."""
    value = text.strip()
    if not re.fullmatch(r"[0-9]{1,18}", value, re.ASCII):
        raise argparse.ArgumentTypeError(f"expected a nonnegative integer, got {text.strip()!r}")
    return int(value)


def allow_conjecture_argument(p) -> None:
    """``--allow-conjecture``, shared by the commands whose answer may rest on a conjecture."""
    p.add_argument("--allow-conjecture", action="store_true",
                   help="three-layer networks with n1, n2 >= 2: report the result although it rests on a "
                        "conjecture (Conjecture V or 10.6, labelled so); without it that case exits 3")


def write(text: str, path: str | None) -> None:
    """Write to a file, or to standard output for None or ``-``."""
    if path is None or path == "-":
        sys.stdout.write(text)
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


def check_output(path: str | None, option: str, *inputs: str) -> None:
    """Refuse, before any work, an output file that is one of the ``inputs`` or cannot be created.

    >>> check_output("net.json", "-o", "net.json")
    Traceback (most recent call last):
    ...
    semialg_fibers.SemialgFibersError: -o 'net.json' is the input file 'net.json'; refusing to overwrite it (choose another name)
    """
    if path is None or path == "-":
        return
    target = os.path.abspath(path)
    for source in inputs:
        if source == "-":
            continue
        same = os.path.abspath(source) == target
        if not same and os.path.exists(path) and os.path.exists(source):
            try:
                same = os.path.samefile(path, source)
            except OSError:
                same = False
        if same:
            raise SemialgFibersError(f"{option} {path!r} is the input file {source!r}; refusing to overwrite it "
                                     "(choose another name)")
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise SemialgFibersError(f"{option} {path!r}: the folder {folder!r} does not exist")
    if os.path.isdir(target):
        raise SemialgFibersError(f"{option} {path!r} is a folder; expected a file name")
