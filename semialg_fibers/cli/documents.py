"""Commands that write documents: ``latex`` (a standalone LaTeX document) and ``plot`` (PNG or SVG)."""

from __future__ import annotations

import os
import sys

from ..core.exceptions import SemialgFibersError
from .common import (
    EXIT_OK,
    Command,
    Context,
    allow_conjecture_argument,
    check_output,
    nonnegative_int,
    point,
    search_limits,
    write,
)

__all__ = ["COMMANDS"]


def _latex_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("-o", "--output", help="write to this file (default: standard output)")
    p.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    p.add_argument("--limit", type=nonnegative_int, default=50, metavar="N",
                   help="list at most N components (default 50)")
    p.add_argument("--no-certify", action="store_true", help="skip the exact tangent-rank certificates")
    p.add_argument("--title", help="document title (default: the architecture)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--summary", action="store_true", default=None,
                      help="state the structure of the fiber and put every equation in an appendix (the default "
                           "above 120 parameters or 12 components)")
    form.add_argument("--full", action="store_true", help="every equation in the body, whatever the size")
    p.add_argument("--equations", metavar="FILE",
                   help="with a summary, write the equations to FILE (a document of its own) instead of an appendix")
    allow_conjecture_argument(p)


def _latex(args, ctx: Context) -> int:
    from ..render.report import network_report

    check_output(args.output, "-o", args.network)
    if args.equations:  # before any work, like -o (it was checked after the whole report was computed)
        check_output(args.equations, "--equations", args.network)
        if args.output not in (None, "-") and os.path.abspath(args.output) == os.path.abspath(args.equations):
            raise SemialgFibersError(f"--equations {args.equations!r} is also the file of -o; expected two files")
    net = ctx.load(args.network)
    ctx.stage("analysing the network")
    report = network_report(net, domain="orthant" if args.orthant else None, limit=args.limit,
                            certify=not args.no_certify, limits=search_limits(args), title=args.title or "",
                            allow_conjecture=args.allow_conjecture)
    from ..render.latex import document, equations_document, is_large

    summary = True if args.summary else False if args.full else None
    ctx.stage("writing the document")
    if args.equations:
        text = document(report, summary=True if summary is None else summary, appendix=False,
                        equations_file=args.equations)
        write(equations_document(report), args.equations)
    else:
        text = document(report, summary=summary)
    write(text, args.output)
    kind = "a summary" if (summary or (summary is None and (args.equations or is_large(report)))) \
        else "the full document"
    for path, what in ((args.output, f"LaTeX document ({kind})"), (args.equations, "LaTeX equations")):
        if path and path != "-":
            sys.stderr.write(f"wrote {path}: {what}\n")
    return EXIT_OK


def _plot_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("-o", "--output", required=True, help="file name ending in .png or .svg")
    p.add_argument("--family", nargs="?", const="", default=None, metavar="NAME_OR_INDEX",
                   help="draw a one-parameter family of the fiber (parameters differ, functions coincide); "
                        "optionally which one, by name ('scaling 1', 'component 1 beta_1') or 1-based index "
                        "(an unknown one lists the choices); default: the hidden move where there is one")
    p.add_argument("--box", nargs=2, metavar=("LOWER", "UPPER"),
                   help="input box, e.g. --box -2,-2 2,2 (one input: the interval, e.g. --box -3 3)")
    p.add_argument("--output-index", type=nonnegative_int, default=0, metavar="J",
                   help="which output to colour (default 0)")


def _plot(args, ctx: Context) -> int:
    from ..render import plots

    if not args.output.lower().endswith((".png", ".svg")):
        raise SemialgFibersError(f"-o {args.output!r}: expected a file name ending in .png or .svg")
    check_output(args.output, "-o", args.network)
    box = None
    if args.box:
        if args.family is not None:
            raise SemialgFibersError("--box draws the input plane; a --family picture has no box")
        lower = point(args.box[0], "--box LOWER", ctx.limits)
        upper = point(args.box[1], "--box UPPER", ctx.limits)
        if len(lower) != len(upper):
            raise SemialgFibersError(f"--box LOWER has {len(lower)} entries and UPPER {len(upper)}")
        box = tuple(zip(lower, upper))
    net = ctx.load(args.network)
    if box is not None:
        if len(box) != net.input_dim:
            raise SemialgFibersError(f"--box has {len(box)} coordinates; the network has {net.input_dim} inputs")
        box = plots.check_box(box, "--box") if net.input_dim == 2 else box[0]
    if args.output_index >= net.output_dim:
        raise SemialgFibersError(f"--output-index {args.output_index}: the network has {net.output_dim} "
                                 f"output{'s' if net.output_dim > 1 else ''} (indices 0 to {net.output_dim - 1})")
    ctx.stage("drawing")
    if args.family is not None:
        try:
            figure = plots.plot_family(net, output=args.output_index, family=args.family or None)
        except ValueError as exc:
            raise SemialgFibersError(f"--family {args.family!r}: {exc}") from exc
    else:
        figure = plots.plot_network(net, box=box, output=args.output_index)
    plots.save(figure, args.output)
    return EXIT_OK


COMMANDS = (
    Command("latex", "a standalone LaTeX document: network, fiber, identifiability, symmetries, laws",
            _latex_args, _latex, searches=True),
    Command("plot", "a picture: the network on the plane, or a one-parameter family of its fiber",
            _plot_args, _plot),
)
