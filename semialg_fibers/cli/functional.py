"""The ``fd`` command: exact functional dimension, local fiber dimension and local identifiability, any depth.

It asks :mod:`semialg_fibers.api` (``functional_dimension``, ``local_fiber_dimension``); the mathematics is in
``docs/theory/deep.md``.
"""

from __future__ import annotations

import json

from .common import EXIT_OK, Command, Context, search_limits

__all__ = ["COMMANDS"]


def _fd_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output (with the sample and the kernel)")


def _fd(args, ctx: Context) -> int:
    net = ctx.load(args.network)
    ctx.stage("computing the functional dimension")
    from ..api import local_fiber_dimension  # here, not at start-up: the algorithms import SymPy and FLINT

    result = local_fiber_dimension(net, limits=search_limits(args))
    if args.json:
        print(json.dumps({"architecture": list(net.architecture)} | result.to_dict(), indent=1))
    else:
        print(result.functional.describe())
        print(result.describe())
    return EXIT_OK


COMMANDS = (
    Command("fd", "exact functional dimension, local fiber dimension and local identifiability (any depth)",
            _fd_args, _fd, searches=True),
)
