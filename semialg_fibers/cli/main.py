"""The ``semialg-fibers`` command line: the parser, the exit codes and the entry point.

Every command reads networks in the JSON format of :mod:`semialg_fibers.readwrite.convert`
from a path, or from standard input for ``-`` (nothing else is read as JSON
text), within the input limits of :class:`~semialg_fibers.core.limits.InputLimits`.
One exit-code table holds for every command (:data:`EXIT_CODES`, also printed
by ``--help`` and in ``docs/cli.md``); every error is one line on standard
error naming the file and the field.

The commands are rows of :data:`COMMANDS`, defined by the command groups
(:mod:`.networks`, :mod:`.fibers`, :mod:`.equivalence`, :mod:`.matrices`,
:mod:`.documents`, :mod:`.laws`): a new command is one function that adds its
arguments, one that runs it, and one :class:`~.common.Command` row in its
group.  Every command asks :mod:`semialg_fibers.api` which algorithm applies.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import threading
import time
import traceback

from ..core.exact import unlimited_int_digits
from ..core.exceptions import InternalCheckError, NotDecidedError, SemialgFibersError
from ..core.limits import DEFAULT_LIMITS, InputLimits, input_limits, search_limits
from ..core.version import __version__
from . import census, completion, documents, equivalence, fibers, functional, laws, matrices, networks
from .common import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_CODES,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_NOT_DECIDED,
    Command,
    Context,
    nonnegative_int,
)
from .common import search_limits as budget_limits

__all__ = ["main", "build_parser", "Command", "COMMANDS", "EXIT_CODES"]


def _by_name(*groups) -> dict:
    return {command.name: command for group in groups for command in group.COMMANDS}


_ALL = _by_name(networks, fibers, functional, equivalence, matrices, documents, laws, census, completion)

#: The subcommands, in the order ``--help`` lists them.
COMMANDS: list[Command] = [_ALL[name] for name in ("info", "identify", "eval", "equiv", "fiber", "dim", "fd",
                                                    "canonical", "ncr", "latex", "plot", "laws", "census",
                                                    "completion")]


# ----------------------------------------------------------------------------- parsing
def _input_limit(text: str) -> tuple[str, int]:
    name, sep, value = text.partition("=")
    known = [f for f in InputLimits.__dataclass_fields__]
    if not sep or name.strip() not in known:
        raise argparse.ArgumentTypeError(f"expected NAME=N with NAME one of {', '.join(known)}, got {text!r}")
    if not re.fullmatch(r"[0-9]{1,18}", value.strip(), re.ASCII) or int(value) < 1:
        raise argparse.ArgumentTypeError(f"the value of {name.strip()} must be a positive integer, got {value!r}")
    return name.strip(), int(value)


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line, exit status 2, like every other bad input."""

    def error(self, message):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _epilog() -> str:
    rows = "\n".join(f"  {code:>3}  {text}" for code, text in EXIT_CODES)
    return ("exit status (every command):\n" + rows + "\n\n"
            "input limits (raise with --input-limit NAME=N): " +
            ", ".join(f"{name}={getattr(InputLimits(), name)}" for name in InputLimits.__dataclass_fields__) +
            "\n\nEach command's --help shows an example; the user guide (the documentation site) has a page per "
            "command.")


#: One example per command, shown by its --help (the bundled networks are in semialg_fibers/data).
EXAMPLES = {
    "info": "semialg-fibers info net.json",
    "eval": "semialg-fibers eval net.json --x 1/2,-3",
    "fiber": "semialg-fibers fiber net.json --json > fiber.json",
    "dim": "semialg-fibers dim net.json",
    "identify": "semialg-fibers identify net.json",
    "canonical": "semialg-fibers canonical net.json --json > canonical.json",
    "equiv": "semialg-fibers equiv a.json b.json",
    "ncr": "semialg-fibers ncr matrix.json",
    "laws": "semialg-fibers laws net.json",
    "latex": "semialg-fibers latex net.json -o fiber.tex && pdflatex fiber.tex",
    "plot": "semialg-fibers plot net.json -o picture.png",
    "completion": "semialg-fibers completion bash > ~/.local/share/bash-completion/completions/semialg-fibers",
}


def _command_epilog(name: str) -> str:
    codes = ", ".join(f"{code} {text.split(':')[0].split(' (')[0]}" for code, text in EXIT_CODES)
    example = EXAMPLES.get(name)
    return ((f"example:\n  {example}\n\n" if example else "")
            + f"exit status: {codes} (the table: semialg-fibers --help)")


def _global_options(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """Options accepted before or after the subcommand (the subcommand's copy wins only if given)."""
    default = (lambda value: argparse.SUPPRESS) if suppress else (lambda value: value)
    group = parser.add_argument_group("options of every command")
    group.add_argument("--numbers", choices=("decimal", "float64"), default=default("decimal"),
                       help="read JSON numbers as the exact decimal they spell (default) or as IEEE doubles")
    group.add_argument("--progress", dest="progress", action="store_true", default=default(None),
                       help="progress bars on stderr (default: only when stderr is a terminal)")
    group.add_argument("--no-progress", dest="progress", action="store_false", default=default(None),
                       help="no progress bars")
    group.add_argument("--input-limit", dest="input_limit", action="append", type=_input_limit,
                       default=default([]), metavar="NAME=N",
                       help="raise (or lower) an input limit, e.g. --input-limit digits=100000")
    group.add_argument("--budget", type=nonnegative_int, metavar="N", default=default(None),
                       help="steps of every bounded search: nodes, subsets, components, regions, generators, "
                            f"brackets, plot pieces, witnesses (default {DEFAULT_LIMITS.nodes} nodes; 0: unlimited; "
                            "the user guide lists the limits of every command)")
    group.add_argument("--lattice-seconds", dest="lattice_seconds", type=nonnegative_int, metavar="S",
                       default=default(None),
                       help="wall-clock seconds of one lattice reduction or Gram-Schmidt step of the orientation "
                            f"search (default {DEFAULT_LIMITS.lattice_seconds}; 0: no deadline; applied after "
                            "--budget)")
    group.add_argument("--traceback", action="store_true", default=default(False),
                       help="on an internal error, print the Python traceback")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``semialg-fibers`` command (one subparser per row of :data:`COMMANDS`)."""
    parser = _Parser(
        prog="semialg-fibers",
        description="Exact fibers, equivalence and structure of ReLU networks. "
                    "Networks are JSON files; '-' reads standard input.",
        epilog=_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"semialg-fibers {__version__}")
    _global_options(parser, suppress=False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.help,
                           epilog=_command_epilog(command.name),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        command.arguments(p)
        _global_options(p, suppress=True)
        p.set_defaults(command_row=command, program_parser=parser)  # the completion script is made from it
    return parser


# Values such as -1,-1 or -1/2 start with '-' and argparse would take them for options;
# a leading space keeps them values (numbers and points are read with surrounding spaces ignored).
_NEGATIVE_VALUE = re.compile(r"-[0-9.][0-9.,/eE+\- ]*", re.ASCII)


def _protect_negative_values(argv: list[str]) -> list[str]:
    return [" " + a if _NEGATIVE_VALUE.fullmatch(a) else a for a in argv]


# ----------------------------------------------------------------------------- main
def _python_sigint() -> None:
    """Make Ctrl-C raise ``KeyboardInterrupt`` at the next bytecode again.

    Importing ``ppl`` installs cysignals' SIGINT handler, which lost the signal
    in 3 of 38 interrupted oracle searches with a progress bar (the process ran
    on); Python's own handler only sets a flag, so an interrupted LP
    (milliseconds) finishes first.
    """
    from ..core import linalg  # noqa: F401 - imports ppl, whose handler is installed once, at import

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv=None) -> int:
    """Entry point; returns the exit status (see :data:`EXIT_CODES`).

    Called as the program (``argv`` None) the command runs in a child process
    (:func:`_supervised`), so that Ctrl-C ends it within a second even inside
    a long native call (FLINT, PPL, a big-integer operation), which Python
    cannot interrupt.
    """
    try:
        _python_sigint()
        _stand_in_for_closed_streams()
        parser = build_parser()
        args = parser.parse_args(_protect_negative_values(list(sys.argv[1:] if argv is None else argv)))
        if argv is None and hasattr(os, "fork"):
            return _supervised(args)
    except KeyboardInterrupt:  # before the command started (parsing, the fork): one line, as after
        _ignore_sigint()
        print("semialg-fibers: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return _run(args)


def _run(args) -> int:
    name = args.command
    bars = None
    try:
        limits = InputLimits()
        if args.input_limit:
            limits = limits.with_changes(**dict(args.input_limit))
        ctx = Context(numbers=args.numbers, limits=limits)
        show = args.progress if args.progress is not None else _stderr_is_terminal()
        from ..core.progress import reporting, task

        if show:
            from ..render.bars import TqdmReporter

            bars = TqdmReporter()
        with unlimited_int_digits(), input_limits(limits), search_limits(budget_limits(args)), reporting(bars):
            if bars is not None:  # stages are shown at once: a long stage is never silent
                ctx.stages = task(name, unit="stages", interval=0)
            try:
                status = args.command_row.run(args, ctx)
            finally:
                if ctx.stages is not None:
                    ctx.stages.close()
        sys.stdout.flush()
        return status
    except NotDecidedError as exc:
        _close(bars)
        return _fail(name, "not decided: " + _one_line(exc), EXIT_NOT_DECIDED)
    except InternalCheckError as exc:
        _close(bars)
        return _internal(name, exc, args)
    except (SemialgFibersError, ValueError, TypeError, OSError, ImportError) as exc:
        _close(bars)
        if isinstance(exc, BrokenPipeError):
            return _broken_pipe()
        return _fail(name, "error: " + _one_line(exc), EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        _ignore_sigint()  # a second Ctrl-C must not interrupt the message
        _close(bars)
        return _fail(name, "interrupted", EXIT_INTERRUPTED)
    except MemoryError:
        _close(bars)
        return _fail(name, "not decided: out of memory", EXIT_NOT_DECIDED)
    except RecursionError as exc:
        _close(bars)
        return _internal(name, exc, args)
    except Exception as exc:  # noqa: BLE001 - anything else is a bug: say so in one line
        _close(bars)
        return _internal(name, exc, args)


# ----------------------------------------------------------------------------- Ctrl-C within a second
#: Seconds the supervisor waits for the command to end by itself after Ctrl-C, then after forwarding it.
GRACE = (0.2, 0.4)


def _supervised(args) -> int:
    """Run the command in a child process and wait; Ctrl-C stops the child within a second.

    The terminal sends Ctrl-C to both processes.  The parent runs no native
    code, so its handler runs at once: it waits ``GRACE[0]`` seconds for the
    child to end by itself (it prints "interrupted" and exits 130), forwards
    the signal (when only the parent was signalled), waits ``GRACE[1]`` more,
    and then kills the child and says so itself.  Standard output is
    line-buffered in the child, so every line printed before stays.
    """
    # SIGINT is held (blocked) across the fork, so that it cannot end the parent between the fork and the
    # wait below and leave the child running; a held signal is delivered when the mask is restored.
    held = _hold_sigint()
    try:
        pid = os.fork()
    except OSError:
        _release_sigint(held)
        return _run(args)
    if pid == 0:
        _release_sigint(held)
        status = EXIT_INTERNAL
        try:
            _line_buffered_stdout()
            status = _run(args)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else EXIT_INTERNAL
        except KeyboardInterrupt:
            status = EXIT_INTERRUPTED
        finally:
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except Exception:  # noqa: BLE001,S110 - the stream may be closed or broken; nothing to report
                    pass
            os._exit(status)
    previous = None
    try:  # from the fork on, Ctrl-C in the parent stops the child (never leaves it running)
        _release_sigint(held)
        previous = signal.signal(signal.SIGTERM, lambda signum, frame: os.kill(pid, signal.SIGTERM))
        return _exit_code(args.command, os.waitpid(pid, 0)[1])
    except KeyboardInterrupt:
        return _stop(pid, args.command)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _hold_sigint():
    """Block SIGINT in this thread (where the system can); the previous mask, or None."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _release_sigint(held) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _stop(pid: int, name: str) -> int:
    """After Ctrl-C: let the child end (forwarding the signal once), else kill it; the exit status."""
    _ignore_sigint()
    for forward, seconds in zip((False, True), GRACE):
        if forward:
            try:
                os.kill(pid, signal.SIGINT)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return _exit_code(name, status)
            time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    if _stderr_is_terminal():
        sys.stderr.write("\n")  # after a progress bar the child could not close
    return _fail(name, "interrupted", EXIT_INTERRUPTED)


def _exit_code(name: str, status: int) -> int:
    code = os.waitstatus_to_exitcode(status)
    if code >= 0:
        return code
    if -code not in (signal.SIGINT, signal.SIGTERM, signal.SIGPIPE):
        _fail(name, f"not decided: the computation was killed by signal {-code} (out of memory?)", EXIT_NOT_DECIDED)
    return 128 - code


def _ignore_sigint() -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _line_buffered_stdout() -> None:
    try:
        sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        pass


# ----------------------------------------------------------------------------- closed standard streams
class _ClosedStream:
    """Stands for a standard stream the caller closed (Python then sets it to None).

    Reading it is an error naming it; writing to a closed standard output is
    a closed pipe (exit 141, nothing printed); a closed standard error
    swallows the messages, which cannot be shown.
    """

    def __init__(self, name: str):
        self.name = name
        self.buffer = self

    def read(self, *args):
        raise SemialgFibersError(f"standard {self.name} is closed; nothing to read for '-'")

    def write(self, text):
        if self.name == "output":
            raise BrokenPipeError(f"standard {self.name} is closed")
        return len(text)

    def flush(self):
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(f"standard {self.name} is closed")


def _stand_in_for_closed_streams() -> None:
    for attribute, name in (("stdin", "input"), ("stdout", "output"), ("stderr", "error")):
        if getattr(sys, attribute) is None:
            setattr(sys, attribute, _ClosedStream(name))


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _close(bars) -> None:
    if bars is not None:
        bars.close()


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    first = text.splitlines()[0] if text else type(exc).__name__
    from ..render.text import summarize  # here, not at start-up: render imports SymPy

    return summarize(first, 500)


def _fail(name: str, message: str, status: int) -> int:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError, OSError):
        return _broken_pipe()
    print(f"semialg-fibers {name}: {message}", file=sys.stderr)
    return status


def _internal(name: str, exc: BaseException, args) -> int:
    if getattr(args, "traceback", False):
        traceback.print_exception(exc, file=sys.stderr)
    return _fail(name, f"internal error ({type(exc).__name__}): {_one_line(exc)} "
                       "(a bug: please report it; --traceback shows where)", EXIT_INTERNAL)


def _broken_pipe() -> int:
    # The reader went away (e.g. `| head`): point stdout at /dev/null so that the
    # interpreter's final flush does not report the broken pipe again.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_BROKEN_PIPE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
