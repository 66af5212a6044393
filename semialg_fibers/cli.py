"""The ``semialg-fibers`` command line.

Every command reads networks in the JSON format of :mod:`semialg_fibers.convert`.
Bad input gives a one-line error on stderr and exit status 2; a question the
algorithms cannot decide (``NotDecidedError``, with the reason) gives exit
status 3; a "no" answer to ``equiv`` gives exit status 1, so scripts can branch
on it.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from . import __version__
from .exact import format_rational, to_rational
from .exceptions import NotDecidedError, SemialgFibersError
from .network import Network

__all__ = ["main"]

EXIT_OK, EXIT_NOT_EQUIVALENT, EXIT_ERROR, EXIT_NOT_DECIDED = 0, 1, 2, 3


def _load(path: str, numbers: str) -> Network:
    return Network.from_json(path if path != "-" else sys.stdin.read(), numbers=numbers)


def _parse_point(text: str) -> list[Fraction]:
    parts = [p for p in text.split(",")]
    if not text.strip() or any(not p.strip() for p in parts):
        raise SemialgFibersError(f"--x {text!r}: expected comma-separated numbers such as 1/2,3")
    return [to_rational(p, f"--x entry {i}") for i, p in enumerate(parts)]


def _vector(values) -> list[str]:
    return [format_rational(v) for v in values]


def _cmd_info(args) -> int:
    net = _load(args.network, args.numbers)
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
        from .three_layer.report import structure_dict, structure_text

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
            print(structure_text(net))
    return EXIT_OK


def _cmd_identify(args) -> int:
    from .identifiability import is_identifiable
    from .three_layer.report import identify_dict, identify_text

    result = is_identifiable(_load(args.network, args.numbers))
    print(json.dumps(identify_dict(result), indent=1) if args.json else identify_text(result))
    return EXIT_OK


def _cmd_eval(args) -> int:
    net = _load(args.network, args.numbers)
    points = [_parse_point(x) for x in args.x]
    outputs = net.evaluate_batch(points)
    if args.json:
        print(json.dumps([{"x": _vector(x), "y": _vector(y)} for x, y in zip(points, outputs)], indent=1))
    else:
        for x, y in zip(points, outputs):
            print(f"f({', '.join(_vector(x))}) = ({', '.join(_vector(y))})")
    return EXIT_OK


def _cmd_equiv(args) -> int:
    from .domain import box

    net_a, net_b = _load(args.a, args.numbers), _load(args.b, args.numbers)
    domain = None
    if args.box:
        lower, upper = args.box
        domain = box(_parse_point(lower), _parse_point(upper))
    elif args.orthant:
        domain = "orthant"
    result = _decide(net_a, net_b, domain, args.method, args.progress)
    if args.json:
        print(json.dumps({
            "equivalent": result.equivalent,
            "method": result.method,
            "reason": result.reason,
            "regions": result.regions,
            "witness": _vector(result.witness) if result.witness is not None else None,
            "outputs": [_vector(o) for o in result.outputs] if result.outputs is not None else None,
        }, indent=1))
    elif result:
        print(f"equivalent ({result.method}: {result.reason})")
    else:
        print(f"not equivalent ({result.method}: {result.reason})")
        if result.witness is not None:
            ya, yb = result.outputs
            print(f"witness x = ({', '.join(_vector(result.witness))}): "
                  f"f_a(x) = ({', '.join(_vector(ya))}), f_b(x) = ({', '.join(_vector(yb))})")
    return EXIT_OK if result else EXIT_NOT_EQUIVALENT


def _cmd_fiber(args) -> int:
    from .api import fiber

    net = _load(args.network, args.numbers)
    result = fiber(net, domain="orthant" if args.orthant else None, limit=args.limit,
                   progress=args.progress, certify=not args.no_certify)
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
            copies = f", {component.multiplicity} permuted copies" if component.multiplicity > 1 else ""
            print(f"  [{index}] dimension {component.dimension}{copies}: {component.description}")
    return EXIT_OK


def _cmd_dim(args) -> int:
    from .api import fiber_dimension

    net = _load(args.network, args.numbers)
    dimension = fiber_dimension(net, domain="orthant" if args.orthant else None)
    if args.json:
        print(json.dumps({"architecture": list(net.architecture), "num_parameters": net.num_parameters,
                          "fiber_dimension": dimension}))
    else:
        print(dimension)
    return EXIT_OK


def _cmd_canonical(args) -> int:
    from .limits import DEFAULT_LIMITS, SearchLimits
    from .shallow import canonical_form, minimal_width

    net = _load(args.network, args.numbers)
    limits = DEFAULT_LIMITS if args.budget is None else SearchLimits.with_budget(args.budget)
    form = canonical_form(net, limits=limits)
    if args.json:
        print(form.to_json(indent=None))
    else:
        print(f"minimal width: {minimal_width(net, limits=limits)} "
              f"(input network has {sum(net.hidden_widths)} hidden neurons)")
        print(form.to_json(indent=None))
    return EXIT_OK


def _cmd_ncr(args) -> int:
    from .nonnegative_rank import factorization_dimension, nonnegative_column_rank

    try:
        matrix = json.loads(args.matrix, parse_float=str)  # JSON decimals read exactly
    except json.JSONDecodeError:
        try:
            with open(args.matrix, encoding="utf-8") as handle:
                matrix = json.load(handle, parse_float=str)
        except OSError as exc:
            raise SemialgFibersError(f"{args.matrix!r} is neither a JSON matrix nor a readable file ({exc.strerror})") from None
    if not isinstance(matrix, list):
        raise SemialgFibersError("the matrix must be a JSON list of rows, e.g. [[1, -1], [2, \"1/2\"]]")
    result = nonnegative_column_rank(matrix)
    dimension = factorization_dimension(matrix, args.l) if args.l is not None else None
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


def _decide(net_a, net_b, domain, method, progress):
    from . import oracle
    from .api import equivalent

    if method == "oracle":
        return oracle.equivalent(net_a, net_b, domain=domain, progress=progress)
    return equivalent(net_a, net_b, domain=domain)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``semialg-fibers`` command."""
    parser = argparse.ArgumentParser(
        prog="semialg-fibers",
        description="Exact fibers, equivalence and structure of ReLU networks (JSON files; '-' reads stdin).",
    )
    parser.add_argument("--version", action="version", version=f"semialg-fibers {__version__}")
    parser.add_argument("--numbers", choices=("decimal", "float64"), default="decimal",
                        help="read JSON numbers as the exact decimal they spell (default) or as IEEE doubles")
    sub = parser.add_subparsers(dest="command", required=True)

    info = sub.add_parser("info", help="architecture, parameter and neuron counts (three-layer: row types, hidden hyperplanes)")
    info.add_argument("network")
    info.add_argument("--json", action="store_true", help="machine-readable output")
    info.set_defaults(run=_cmd_info)

    ident = sub.add_parser("identify", help="is the fiber the orbit of permutations and positive scalings? (reasons)")
    ident.add_argument("network")
    ident.add_argument("--json", action="store_true")
    ident.set_defaults(run=_cmd_identify)

    ev = sub.add_parser("eval", help="exact evaluation at rational points")
    ev.add_argument("network")
    ev.add_argument("--x", action="append", required=True, metavar="X1,X2,...",
                    help="input point, e.g. 1/2,3 (repeat for several points)")
    ev.add_argument("--json", action="store_true")
    ev.set_defaults(run=_cmd_eval)

    eq = sub.add_parser("equiv", help="decide whether two networks compute the same function (exit 1 if not)")
    eq.add_argument("a")
    eq.add_argument("b")
    where = eq.add_mutually_exclusive_group()
    where.add_argument("--box", nargs=2, metavar=("LOWER", "UPPER"), help="restrict to a box, e.g. --box 0,0 1,1")
    where.add_argument("--orthant", action="store_true", help="restrict to the nonnegative orthant")
    eq.add_argument("--method", choices=("auto", "oracle"), default="auto",
                    help="auto: fastest exact algorithm that applies; oracle: region enumeration")
    eq.add_argument("--progress", action="store_true", help="report progress of long searches on stderr")
    eq.add_argument("--json", action="store_true")
    eq.set_defaults(run=_cmd_equiv)

    fib = sub.add_parser("fiber", help="the complete fiber as a union of semialgebraic components")
    fib.add_argument("network")
    out = fib.add_mutually_exclusive_group()
    out.add_argument("--latex", action="store_true", help="a LaTeX section, one block per component")
    out.add_argument("--json", action="store_true")
    fib.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    fib.add_argument("--limit", type=int, help="build at most this many components (the rest are counted)")
    fib.add_argument("--no-certify", action="store_true", help="skip the exact tangent-rank certificates")
    fib.add_argument("--progress", action="store_true", help="report progress on stderr")
    fib.set_defaults(run=_cmd_fiber)

    dim = sub.add_parser("dim", help="the dimension of the fiber")
    dim.add_argument("network")
    dim.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    dim.add_argument("--json", action="store_true")
    dim.set_defaults(run=_cmd_dim)

    can = sub.add_parser("canonical", help="the canonical minimal representative of a shallow network's function")
    can.add_argument("network")
    can.add_argument("--json", action="store_true", help="only the canonical network as JSON")
    can.add_argument("--budget", type=int,
                     help="search nodes of the exact orientation search (default 20000; 0: unlimited)")
    can.set_defaults(run=_cmd_canonical)

    ncr = sub.add_parser("ncr", help="nonnegative column rank of a matrix, with a witness factorization")
    ncr.add_argument("matrix", help='a JSON matrix such as \'[[1, -1], [2, "1/2"]]\' or a JSON file')
    ncr.add_argument("--l", type=int, help="also the dimension of the factorization set with l nonnegative rows")
    ncr.add_argument("--json", action="store_true")
    ncr.set_defaults(run=_cmd_ncr)
    return parser


def main(argv=None) -> int:
    """Entry point; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except NotDecidedError as exc:
        print(f"semialg-fibers {args.command}: not decided: {str(exc).splitlines()[0]}", file=sys.stderr)
        return EXIT_NOT_DECIDED
    except (SemialgFibersError, ValueError, TypeError, OSError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"semialg-fibers {args.command}: error: {message}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(f"semialg-fibers {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
