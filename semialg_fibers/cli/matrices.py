"""The ``ncr`` command: the nonnegative column rank of a matrix, with a witness factorization."""

from __future__ import annotations

import json

from ..core.exceptions import SemialgFibersError, reworded
from ..core.nonnegative_rank import factorization_dimension, nonnegative_column_rank
from .common import EXIT_OK, Command, Context, nonnegative_int

__all__ = ["COMMANDS"]


def _ncr_args(p):
    p.add_argument("matrix", nargs="?", help="JSON file holding a matrix such as [[1, -1], [2, \"1/2\"]] "
                                             "('-': standard input)")
    p.add_argument("--text", metavar="JSON", help="the matrix as JSON text instead of a file, e.g. '[[1, -1], [2, 0]]'")
    p.add_argument("--l", type=nonnegative_int, metavar="L",
                   help="also the dimension of the factorization set with L nonnegative rows")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _ncr(args, ctx: Context) -> int:
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
        raise reworded(exc, f"{name}: {exc}") from None
    if args.json:
        print(json.dumps(result.to_dict() | {"factorization_dimension": dimension, "l": args.l}))
        return EXIT_OK
    print(f"nonnegative column rank: {result.value} (rank {result.rank})")
    from ..render.text import matrix_text

    print("U =")
    print(matrix_text(result.U))
    print("W =  (W >= 0, U W = M)")
    print(matrix_text(result.W))
    if args.l is not None:
        text = "empty (l < ncr)" if dimension is None else str(dimension)
        print(f"dim {{(U, W) : U W = M, W >= 0 with {args.l} rows}} = {text}")
    return EXIT_OK


COMMANDS = (
    Command("ncr", "nonnegative column rank of a matrix, with a witness factorization", _ncr_args, _ncr),
)
