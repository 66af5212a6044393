"""The ``equiv`` command: do two networks compute the same function (on R^d, a box or the orthant)?"""

from __future__ import annotations

import json

from .common import EXIT_NO, EXIT_OK, TEXT_WIDTH, Command, Context, point, search_limits, tuple_text

__all__ = ["COMMANDS"]


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
    from ..api import equivalent  # the algorithms and printers, imported by the command that uses them
    from ..core.domain import box
    from ..render.text import summarize

    net_a, net_b = ctx.load(args.a), ctx.load(args.b)
    domain = None
    if args.box:
        domain = box(point(args.box[0], "--box LOWER", ctx.limits), point(args.box[1], "--box UPPER", ctx.limits))
    elif args.orthant:
        domain = "orthant"
    limits = search_limits(args)
    ctx.stage("deciding")
    result = equivalent(net_a, net_b, domain=domain, limits=limits, method=args.method)
    if args.json:
        print(json.dumps(result.to_dict(), indent=1))
    else:
        reason = summarize(result.reason, TEXT_WIDTH, "the full reason is in --json")
        print(f"{'equivalent' if result else 'not equivalent'} (decided by {result.method}: {reason})")
        if result.witness is not None:
            ya, yb = result.outputs
            line = (f"witness x = {tuple_text(result.witness)}: "
                    f"f_a(x) = {tuple_text(ya)}, f_b(x) = {tuple_text(yb)}")
            print(summarize(line, TEXT_WIDTH, "the full witness is in --json"))
    return EXIT_OK if result else EXIT_NO


COMMANDS = (
    Command("equiv", "decide whether two networks compute the same function (exit 1 if not)",
            _equiv_args, _equiv, searches=True),
)
