"""The ``semialg-fibers`` command line.

Every command reads networks in the JSON format of :mod:`semialg_fibers.convert`
from a path, or from standard input for ``-`` (nothing else is read as JSON
text), within the input limits of :class:`~semialg_fibers.limits.InputLimits`.
One exit-code table holds for every command (:data:`EXIT_CODES`, also printed
by ``--help`` and in ``docs/cli.md``); every error is one line on standard
error naming the file and the field.

The commands are rows of :data:`COMMANDS`: a new command is one function that
adds its arguments, one that runs it, and one :class:`Command` row.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import threading
import traceback
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from .. import __version__
from ..core.exact import format_rational, shorten, to_rational, unlimited_int_digits
from ..core.exceptions import InternalCheckError, NotDecidedError, SemialgFibersError
from ..core.limits import DEFAULT_LIMITS, InputLimits, SearchLimits, input_limits
from ..core.network import Network
from ..render.text import format_count, summarize

__all__ = ["main", "build_parser", "Command", "COMMANDS", "EXIT_CODES"]

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

_TEXT_WIDTH = 300  # characters of a reason or witness shown in text output; --json has all


# ----------------------------------------------------------------------------- context
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
        """Read a network from a path or ``-``; errors name the source and the field."""
        from ..readwrite.convert import network_from_data
        from ..readwrite.reader import STDIN, display_name, read_json

        if source == STDIN:
            if self.stdin_used:
                raise SemialgFibersError("standard input ('-') can be read only once per command")
            self.stdin_used = True
        self.stage(f"reading {display_name(source)}")
        data = read_json(source, self.limits)
        try:
            return network_from_data(data, self.numbers, self.limits)
        except SemialgFibersError as exc:
            raise type(exc)(f"{display_name(source)}: {exc}") from None


def _point(text: str, option: str, limits: InputLimits) -> list[Fraction]:
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


def _vector(values) -> list[str]:
    return [format_rational(v) for v in values]


def _tuple_text(values) -> str:
    return "(" + ", ".join(_vector(values)) + ")"


def _search_limits(args) -> SearchLimits:
    budget = getattr(args, "budget", None)
    return DEFAULT_LIMITS if budget is None else SearchLimits.with_budget(budget)


def _require_shallow(net: Network, what: str) -> None:
    if net.depth != 2:
        raise NotDecidedError(f"{what} is implemented for shallow networks (one hidden layer); "
                              f"got architecture {net.architecture}")


# ----------------------------------------------------------------------------- commands
def _info_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _info(args, ctx: Context) -> int:
    net = ctx.load(args.network)
    hidden = net.hidden_widths
    info = {
        "architecture": list(net.architecture),
        "depth": net.depth,
        "input_dim": net.input_dim,
        "output_dim": net.output_dim,
        "hidden_neurons": sum(hidden),
        "hidden_widths": list(hidden),
        "num_parameters": net.num_parameters,
    }
    if net.depth == 3:
        from ..render.three_layer import structure_dict

        info["three_layer"] = structure_dict(net)
    if args.json:
        print(json.dumps(info, indent=1))
    else:
        print(f"architecture: {'-'.join(map(str, net.architecture))}")
        print(f"depth (affine layers): {net.depth}")
        print(f"input dimension: {net.input_dim}, output dimension: {net.output_dim}")
        print(f"hidden neurons: {sum(hidden)} ({', '.join(map(str, hidden)) or 'none'})")
        print(f"parameters: {net.num_parameters}")
        if net.depth == 3:
            from ..render.three_layer import structure_text

            print(structure_text(net))
    return EXIT_OK


def _identify_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _allow_conjecture_arg(p)


def _identify(args, ctx: Context) -> int:
    from ..api import is_identifiable
    from ..render.three_layer import identify_dict, identify_text

    net = ctx.load(args.network)
    ctx.stage("deciding identifiability")
    result = is_identifiable(net, limits=_search_limits(args), allow_conjecture=args.allow_conjecture)
    print(json.dumps(identify_dict(result), indent=1) if args.json else identify_text(result))
    return EXIT_OK


def _eval_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--x", action="append", required=True, metavar="X1,X2,...",
                   help="input point, e.g. 1/2,-3 (repeat for several points)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _eval(args, ctx: Context) -> int:
    net = ctx.load(args.network)
    points = [_point(x, "--x" if len(args.x) == 1 else f"--x #{i}", ctx.limits) for i, x in enumerate(args.x, 1)]
    for i, x in enumerate(points, 1):
        if len(x) != net.input_dim:
            where = "--x" if len(points) == 1 else f"--x #{i}"
            raise SemialgFibersError(f"{where} has {len(x)} entries; the network's input dimension is {net.input_dim}")
    if args.json:
        print(json.dumps([{"x": _vector(x), "y": _vector(net(x))} for x in points], indent=1))
    else:
        for x in points:
            print(f"f({', '.join(_vector(x))}) = {_tuple_text(net(x))}")
    return EXIT_OK


def _equiv_args(p):
    p.add_argument("a", help="first network file ('-': standard input)")
    p.add_argument("b", help="second network file")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--box", nargs=2, metavar=("LOWER", "UPPER"),
                       help="restrict to the box LOWER <= x <= UPPER, e.g. --box -1,-1 1,1")
    where.add_argument("--orthant", action="store_true", help="restrict to the nonnegative orthant")
    p.add_argument("--method", choices=("auto", "oracle"), default="auto",
                   help="auto: the fastest exact algorithm that applies (after a symmetry check); "
                        "oracle: the general region search")
    p.add_argument("--json", action="store_true", help="machine-readable output (reasons in full)")


def _equiv(args, ctx: Context) -> int:
    from ..general import oracle
    from ..api import equivalent
    from ..core.domain import box

    net_a, net_b = ctx.load(args.a), ctx.load(args.b)
    domain = None
    if args.box:
        lower = _point(args.box[0], "--box LOWER", ctx.limits)
        upper = _point(args.box[1], "--box UPPER", ctx.limits)
        domain = box(lower, upper)
    elif args.orthant:
        domain = "orthant"
    limits = _search_limits(args)
    ctx.stage("deciding")
    if args.method == "oracle":
        result = oracle.equivalent(net_a, net_b, domain=domain, max_regions=limits.regions)
    else:
        result = equivalent(net_a, net_b, domain=domain, limits=limits)
    if args.json:
        print(json.dumps({
            "equivalent": result.equivalent,
            "method": result.method,
            "reason": result.reason,
            "regions": result.regions,
            "witness": _vector(result.witness) if result.witness is not None else None,
            "outputs": [_vector(o) for o in result.outputs] if result.outputs is not None else None,
        }, indent=1))
    else:
        reason = summarize(result.reason, _TEXT_WIDTH, "the full reason is in --json")
        print(f"{'equivalent' if result else 'not equivalent'} (decided by {result.method}: {reason})")
        if result.witness is not None:
            ya, yb = result.outputs
            line = (f"witness x = {_tuple_text(result.witness)}: "
                    f"f_a(x) = {_tuple_text(ya)}, f_b(x) = {_tuple_text(yb)}")
            print(summarize(line, _TEXT_WIDTH, "the full witness is in --json"))
    return EXIT_OK if result else EXIT_NO


def _allow_conjecture_arg(p):
    p.add_argument("--allow-conjecture", action="store_true",
                   help="three-layer networks with n1, n2 >= 2: report the result although it rests on a "
                        "conjecture (Conjecture V or 10.6, labelled so); without it that case exits 3")


def _fiber_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--latex", action="store_true", help="a LaTeX section, one block per component")
    out.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    p.add_argument("--limit", type=_nonnegative_int, metavar="N",
                   help="build at most N components (the others are counted)")
    p.add_argument("--no-certify", action="store_true", help="skip the exact tangent-rank certificates")
    _allow_conjecture_arg(p)
    p.add_argument("--partial", action="store_true",
                   help="three-layer networks whose fiber is not decided: list the known components (each lies in "
                        "the fiber, others may exist; labelled 'partial') instead of exiting 3")


def _fiber(args, ctx: Context) -> int:
    from ..api import fiber

    net = ctx.load(args.network)
    ctx.stage("building the fiber")
    result = fiber(net, domain="orthant" if args.orthant else None, limit=args.limit,
                   certify=not args.no_certify, limits=_search_limits(args), allow_conjecture=args.allow_conjecture,
                   allow_partial=args.partial)
    if args.latex:
        print(result.latex())
    elif args.json:
        print(result.to_json())
    else:
        where = "the nonnegative orthant" if args.orthant else f"R^{net.input_dim}"
        print(f"fiber of a {'-'.join(map(str, net.architecture))} network on {where}: "
              f"dimension {result.dimension}, {len(result)} component{'' if len(result) == 1 else 's'}"
              + (f" listed, {result.omitted} more not built (--limit)" if result.omitted else ""))
        for index, component in enumerate(result, 1):
            copies = (f", {format_count(component.multiplicity)} permuted copies"
                      if component.multiplicity > 1 else "")
            print(f"  [{index}] dimension {component.dimension}{copies}: {component.description}")
        note = getattr(result, "completeness_note", "")
        if note:
            print(summarize(note, _TEXT_WIDTH, "the full basis is in --json"))
    return EXIT_OK


def _dim_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _allow_conjecture_arg(p)


def _dim(args, ctx: Context) -> int:
    from ..api import fiber_dimension

    net = ctx.load(args.network)
    ctx.stage("computing the dimension")
    status = None
    if net.depth == 3 and not args.orthant:  # the value with the status of its argument
        from ..three_layer.dimension import dimension_result
        from ..three_layer.fiber import require_proven

        status = dimension_result(net, _search_limits(args))
        require_proven(status.status, args.allow_conjecture, "three-layer fiber dimension")
        dimension = status.dimension
    else:
        dimension = fiber_dimension(net, domain="orthant" if args.orthant else None, limits=_search_limits(args))
    if args.json:
        out = {"architecture": list(net.architecture), "num_parameters": net.num_parameters,
               "fiber_dimension": dimension}
        if status is not None:
            out.update(status=str(status.status), basis=status.basis)
        print(json.dumps(out))
    else:
        print(dimension)
        if status is not None and str(status.status) != "proven":
            print(summarize(f"({status.status}: {status.basis})", _TEXT_WIDTH, "the full basis is in --json"))
    return EXIT_OK


def _canonical_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--json", action="store_true", help="only the canonical network as JSON")


def _canonical(args, ctx: Context) -> int:
    from ..shallow import canonical_form, minimal_width

    net = ctx.load(args.network)
    _require_shallow(net, "the canonical form")
    limits = _search_limits(args)
    ctx.stage("searching the canonical form")
    form = canonical_form(net, limits=limits)
    if args.json:
        print(form.to_json(indent=None))
    else:
        print(f"minimal width: {minimal_width(net, limits=limits)} "
              f"(input network has {sum(net.hidden_widths)} hidden neurons)")
        print(form.to_json(indent=None))
    return EXIT_OK


def _ncr_args(p):
    p.add_argument("matrix", nargs="?", help="JSON file holding a matrix such as [[1, -1], [2, \"1/2\"]] "
                                             "('-': standard input)")
    p.add_argument("--text", metavar="JSON", help="the matrix as JSON text instead of a file, e.g. '[[1, -1], [2, 0]]'")
    p.add_argument("--l", type=_nonnegative_int, metavar="L",
                   help="also the dimension of the factorization set with L nonnegative rows")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _ncr(args, ctx: Context) -> int:
    from ..core.nonnegative_rank import factorization_dimension, nonnegative_column_rank
    from ..readwrite.reader import parse_json, read_json

    if (args.matrix is None) == (args.text is None):
        raise SemialgFibersError("give the matrix as a file (or '-' for standard input) or with --text, not both")
    if args.text is not None:
        name, matrix = "--text", parse_json(args.text, ctx.limits)
    else:
        if args.matrix == "-":
            ctx.stdin_used = True
        name, matrix = args.matrix, read_json(args.matrix, ctx.limits)
    try:
        result = nonnegative_column_rank(matrix)
        dimension = factorization_dimension(matrix, args.l) if args.l is not None else None
    except SemialgFibersError as exc:
        raise type(exc)(f"{name}: {exc}") from None
    if args.json:
        print(json.dumps({
            "ncr": result.value, "rank": result.rank,
            "U": [_vector(r) for r in result.U], "W": [_vector(r) for r in result.W],
            "factorization_dimension": dimension, "l": args.l,
        }))
        return EXIT_OK
    print(f"nonnegative column rank: {result.value} (rank {result.rank})")
    print(f"U = {[_vector(r) for r in result.U]}")
    print(f"W = {[_vector(r) for r in result.W]}  (W >= 0, U W = M)")
    if args.l is not None:
        text = "empty (l < ncr)" if dimension is None else str(dimension)
        print(f"dim {{(U, W) : U W = M, W >= 0 with {args.l} rows}} = {text}")
    return EXIT_OK


def _write(text: str, path: str | None) -> None:
    if path is None or path == "-":
        sys.stdout.write(text)
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


def _latex_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("-o", "--output", help="write to this file (default: standard output)")
    p.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    p.add_argument("--limit", type=_nonnegative_int, default=50, metavar="N",
                   help="list at most N components (default 50)")
    p.add_argument("--no-certify", action="store_true", help="skip the exact tangent-rank certificates")
    p.add_argument("--title", help="document title (default: the architecture)")
    _allow_conjecture_arg(p)


def _latex(args, ctx: Context) -> int:
    from ..render.report import network_report

    net = ctx.load(args.network)
    ctx.stage("writing the document")
    report = network_report(net, domain="orthant" if args.orthant else None, limit=args.limit,
                            certify=not args.no_certify, limits=_search_limits(args), title=args.title or "",
                            allow_conjecture=args.allow_conjecture)
    _write(report.latex(), args.output)
    return EXIT_OK


def _plot_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("-o", "--output", required=True, help="file name ending in .png or .svg")
    p.add_argument("--family", action="store_true",
                   help="draw a one-parameter family of the fiber (parameters differ, functions coincide)")
    p.add_argument("--box", nargs=2, metavar=("LOWER", "UPPER"), help="input box, e.g. --box -2,-2 2,2")
    p.add_argument("--output-index", type=_nonnegative_int, default=0, metavar="J",
                   help="which output to colour (default 0)")


def _plot(args, ctx: Context) -> int:
    from ..render import plots

    if not args.output.lower().endswith((".png", ".svg")):
        raise SemialgFibersError(f"-o {args.output!r}: expected a file name ending in .png or .svg")
    net = ctx.load(args.network)
    ctx.stage("drawing")
    if args.family:
        figure = plots.plot_family(net)
    else:
        box = None
        if args.box:
            lower = _point(args.box[0], "--box LOWER", ctx.limits)
            upper = _point(args.box[1], "--box UPPER", ctx.limits)
            box = tuple(zip(lower, upper))
        figure = plots.plot_network(net, box=box, output=args.output_index)
    plots.save(figure, args.output)
    return EXIT_OK


def _laws_args(p):
    from .laws import add_arguments

    add_arguments(p)


def _laws(args, ctx: Context) -> int:
    from .laws import data_from_json, run
    from ..readwrite.reader import read_json

    net = ctx.load(args.network)
    data = data_from_json(read_json(args.data, ctx.limits), f"--data {args.data!r}") if args.data else None
    ctx.stage("finding the conservation laws")
    return run(args, net, data)


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, one-line help, argument setup and runner.

    ``searches`` adds ``--budget N`` (search nodes and subsets of the exact
    searches, :meth:`SearchLimits.with_budget`); the runner reads it with
    ``_search_limits(args)``.
    """

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Context], int]
    searches: bool = False


#: The subcommands, in the order ``--help`` lists them.
COMMANDS: list[Command] = [
    Command("info", "architecture, parameter and neuron counts", _info_args, _info),
    Command("identify", "is the fiber the orbit of permutations and positive scalings? (with the reasons)",
            _identify_args, _identify, searches=True),
    Command("eval", "exact evaluation at rational points", _eval_args, _eval),
    Command("equiv", "decide whether two networks compute the same function (exit 1 if not)",
            _equiv_args, _equiv, searches=True),
    Command("fiber", "the complete fiber as a union of semialgebraic components", _fiber_args, _fiber,
            searches=True),
    Command("dim", "the dimension of the fiber", _dim_args, _dim, searches=True),
    Command("canonical", "the canonical minimal representative of a shallow network's function",
            _canonical_args, _canonical, searches=True),
    Command("ncr", "nonnegative column rank of a matrix, with a witness factorization", _ncr_args, _ncr),
    Command("latex", "a standalone LaTeX document: network, fiber, identifiability, symmetries, laws",
            _latex_args, _latex, searches=True),
    Command("plot", "a picture: the network on the plane, or a one-parameter family of its fiber",
            _plot_args, _plot),
    Command("laws", "conservation laws of the symmetries under gradient flow (--data: their exact number)",
            _laws_args, _laws),
]


# ----------------------------------------------------------------------------- parsing
def _nonnegative_int(text: str) -> int:
    value = text.strip()
    if not re.fullmatch(r"[0-9]{1,18}", value, re.ASCII):
        raise argparse.ArgumentTypeError(f"expected a nonnegative integer, got {text.strip()!r}")
    return int(value)


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
            "\nDocumentation: docs/cli.md")


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
        p = sub.add_parser(command.name, help=command.help, description=command.help, epilog=_epilog(),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        command.arguments(p)
        if command.searches:
            p.add_argument("--budget", type=_nonnegative_int, metavar="N",
                           help="search nodes and subsets of the exact searches "
                                f"(default {DEFAULT_LIMITS.nodes}; 0: unlimited)")
        _global_options(p, suppress=True)
        p.set_defaults(command_row=command)
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
    """Entry point; returns the exit status (see :data:`EXIT_CODES`)."""
    _python_sigint()
    parser = build_parser()
    args = parser.parse_args(_protect_negative_values(list(sys.argv[1:] if argv is None else argv)))
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
        with unlimited_int_digits(), input_limits(limits), reporting(bars):
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
