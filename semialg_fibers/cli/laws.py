"""The ``semialg-fibers laws`` command: conservation laws of a network, and their exact count for a data file.

``semialg-fibers laws NET.json`` prints, per continuous symmetry, the conserved
quantity or the reason why there is none; ``--data FILE`` (a JSON list of
input points, numbers read exactly) checks the laws on those training inputs
and adds the exact count of conserved functions; ``--json`` / ``--latex``
select the output format.

The pieces are separate so that any command-line front end can wire them:
:func:`add_arguments` (the options), :func:`data_from_json` (validate a parsed
data file), :func:`run` (compute and print, no file access).
"""

from __future__ import annotations

import json

from ..core.exact import describe
from ..core.exceptions import SemialgFibersError, reworded
from ..core.network import Network
from .common import Command, Context

__all__ = ["add_arguments", "data_from_json", "run", "COMMANDS"]


def add_arguments(parser) -> None:
    """The options of ``laws`` on an ``argparse`` parser."""
    parser.add_argument("network", help="the network, a JSON file ('-': standard input)")
    parser.add_argument("--data", metavar="FILE",
                        help="JSON list of training inputs: check the laws on them and count all conserved functions")
    parser.add_argument("--orthant", action="store_true", help="one hidden layer with inputs in the orthant")
    parser.add_argument("--depth", type=int, default=6, help="most Lie-bracket levels for the count (default 6)")
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="machine-readable output")
    out.add_argument("--latex", action="store_true", help="a LaTeX itemize list (and the count as an equation)")


def data_from_json(payload, where: str = "--data") -> list:
    """Training inputs from parsed JSON: a list of points, or ``{"inputs": [...]}``.

    >>> data_from_json({"inputs": [[1, "1/2"]]})
    [[1, '1/2']]
    >>> data_from_json({"points": []})
    Traceback (most recent call last):
    ...
    semialg_fibers.SemialgFibersError: --data: expected a JSON list of input points or {"inputs": [...]}, got an object without "inputs"
    >>> data_from_json([[1, True]])
    Traceback (most recent call last):
    ...
    semialg_fibers.SemialgFibersError: --data: point 0 holds the boolean true; expected numbers
    """
    if isinstance(payload, dict):
        if "inputs" not in payload:
            raise SemialgFibersError(f"{where}: expected a JSON list of input points or {{\"inputs\": [...]}}, "
                                     f"got an object without \"inputs\"")
        payload = payload["inputs"]
    if not isinstance(payload, list):
        raise SemialgFibersError(f"{where}: expected a JSON list of input points or {{\"inputs\": [...]}}, "
                                 f"got {describe(payload)}")
    for n, point in enumerate(payload):
        # a point is a list of numbers (a bare number: a point of R^1); never a string, an object or true
        if isinstance(point, list):
            bad = next((v for v in point if _not_a_number(v)), None)
            if bad is not None:
                raise SemialgFibersError(f"{where}: point {n} holds {describe(bad)}; expected numbers")
        elif _not_a_number(point):
            raise SemialgFibersError(f"{where}: point {n} is {describe(point)}; expected a list of numbers")
    return payload


def _not_a_number(value) -> bool:
    """Containers, null and booleans are never numbers (strings and numbers are read by the exact reader)."""
    return value is None or isinstance(value, (bool, list, dict))


def run(args, net: Network, data) -> int:
    """Compute the laws (and the count when ``data`` is given) and print them; returns the exit status 0."""
    from ..conservation.count import number_of_conserved_functions
    from ..conservation.laws import conservation_laws

    domain = "orthant" if args.orthant else None
    report = conservation_laws(net, data=data, domain=domain)
    count = number_of_conserved_functions(net, data, max_depth=args.depth) if data is not None else None
    if args.json:
        out = report.to_dict()
        if count is not None:
            out["count"] = count.to_dict()
        print(json.dumps(out, indent=1))
    elif args.latex:
        print(report.latex())
        if count is not None:
            print(r"\[ " + count.latex() + r" \]")
    else:
        print(report.text())
        if count is not None:
            print(count.text())
    return 0


def _laws(args, ctx: Context) -> int:
    from ..conservation.pattern import parse_data
    from ..readwrite.reader import STDIN, read_json

    net = ctx.load(args.network)
    data = None
    if args.data:
        if args.data == STDIN:
            if ctx.stdin_used:
                raise SemialgFibersError("standard input ('-') can be read only once per command")
            ctx.stdin_used = True
        where = f"--data {args.data!r}"
        points = data_from_json(read_json(args.data, ctx.limits), where)
        try:  # the exact points, read here so that an error names the file
            data = parse_data(net, points)
        except (SemialgFibersError, ValueError, TypeError) as exc:
            raise reworded(exc, f"{where}: {exc}") from None
    ctx.stage("finding the conservation laws")
    return run(args, net, data)


COMMANDS = (
    Command("laws", "conservation laws of the symmetries under gradient flow (--data: their exact number)",
            add_arguments, _laws),
)
