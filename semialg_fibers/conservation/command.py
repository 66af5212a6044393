"""The ``semialg-fibers laws`` command: conservation laws of a network, and their exact count for a data file.

``semialg-fibers laws NET.json`` prints, per continuous symmetry, the conserved
quantity or the reason why there is none; ``--data FILE`` (a JSON list of
input points, numbers read exactly) checks the laws on those training inputs
and adds the exact count of conserved functions; ``--json`` / ``--latex``
select the output format.
"""

from __future__ import annotations

import json
import sys

from ..exceptions import SemialgFibersError
from ..network import Network

__all__ = ["add_laws_parser", "read_data"]


def read_data(path: str) -> list:
    """Training inputs from a JSON file: a list of points, or ``{"inputs": [...]}``; decimals are read exactly."""
    try:
        with open(path, encoding="utf-8") as handle:
            payload = json.load(handle, parse_float=str)
    except OSError as exc:
        raise SemialgFibersError(f"--data {path!r}: cannot read the file ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise SemialgFibersError(f"--data {path!r}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if isinstance(payload, dict):
        payload = payload.get("inputs")
    if not isinstance(payload, list):
        raise SemialgFibersError(f"--data {path!r}: expected a JSON list of input points or {{\"inputs\": [...]}}")
    return payload


def _run(args) -> int:
    from .count import number_of_conserved_functions
    from .laws import conservation_laws

    source = args.network if args.network != "-" else sys.stdin.read()
    net = Network.from_json(source, numbers=args.numbers)
    data = read_data(args.data) if args.data else None
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


def add_laws_parser(subparsers) -> None:
    """Register the ``laws`` subcommand on an ``argparse`` subparsers object."""
    laws = subparsers.add_parser("laws", help="conservation laws of the symmetries under gradient flow")
    laws.add_argument("network")
    laws.add_argument("--data", metavar="FILE",
                      help="JSON list of training inputs: check the laws on them and count all conserved functions")
    laws.add_argument("--orthant", action="store_true", help="one hidden layer with inputs in the orthant")
    laws.add_argument("--depth", type=int, default=6, help="most Lie-bracket levels for the count (default 6)")
    out = laws.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true")
    out.add_argument("--latex", action="store_true")
    laws.set_defaults(run=_run)
