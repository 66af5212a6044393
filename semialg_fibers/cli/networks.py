"""Commands that read one network: ``info`` (architecture and the class's structural analysis) and ``eval``."""

from __future__ import annotations

import json

from ..core.exceptions import SemialgFibersError
from .common import EXIT_OK, Command, Context, point, tuple_text, vector

__all__ = ["COMMANDS"]


def _info_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _info(args, ctx: Context) -> int:
    from ..api import network_class, structure  # imported by the command that uses them

    net = ctx.load(args.network)
    analysis = structure(net)  # the structural analysis of the network's class, if it has one
    if args.json:
        info = net.summary()
        if analysis is not None:
            info[network_class(net).key] = analysis.to_dict()
        print(json.dumps(info, indent=1))
        return EXIT_OK
    hidden = net.hidden_widths
    print(f"architecture: {'-'.join(map(str, net.architecture))}")
    print(f"depth (affine layers): {net.depth}")
    print(f"input dimension: {net.input_dim}, output dimension: {net.output_dim}")
    print(f"hidden neurons: {sum(hidden)} ({', '.join(map(str, hidden)) or 'none'})")
    print(f"parameters: {net.num_parameters}")
    if analysis is not None:
        print(analysis.describe())
    return EXIT_OK


def _eval_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--x", action="append", required=True, metavar="X1,X2,...",
                   help="input point, e.g. 1/2,-3 (repeat for several points)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _eval(args, ctx: Context) -> int:
    net = ctx.load(args.network)
    points = [point(x, "--x" if len(args.x) == 1 else f"--x #{i}", ctx.limits) for i, x in enumerate(args.x, 1)]
    for i, x in enumerate(points, 1):
        if len(x) != net.input_dim:
            where = "--x" if len(points) == 1 else f"--x #{i}"
            raise SemialgFibersError(f"{where} has {len(x)} entries; the network's input dimension is {net.input_dim}")
    if args.json:
        print(json.dumps([{"x": vector(x), "y": vector(net(x))} for x in points], indent=1))
    else:
        for x in points:
            print(f"f({', '.join(vector(x))}) = {tuple_text(net(x))}")
    return EXIT_OK


COMMANDS = (
    Command("info", "architecture, parameter and neuron counts", _info_args, _info),
    Command("eval", "exact evaluation at rational points", _eval_args, _eval),
)
