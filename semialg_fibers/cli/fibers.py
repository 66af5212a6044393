"""Commands about the fiber of one network: ``identify``, ``fiber``, ``dim`` and ``canonical``.

Each asks :mod:`semialg_fibers.api`, which picks the network's class; what the
class does not decide exits 3 with the reason.
"""

from __future__ import annotations

import json

from .common import EXIT_OK, TEXT_WIDTH, Command, Context, allow_conjecture_argument, nonnegative_int, search_limits

__all__ = ["COMMANDS"]


def _domain(args):
    return "orthant" if getattr(args, "orthant", False) else None


def _identify_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    allow_conjecture_argument(p)


def _identify(args, ctx: Context) -> int:
    from ..api import is_identifiable  # imported by the command that uses them
    from ..render.three_layer import identify_text

    net = ctx.load(args.network)
    ctx.stage("deciding identifiability")
    result = is_identifiable(net, limits=search_limits(args), allow_conjecture=args.allow_conjecture)
    print(json.dumps(result.to_dict(), indent=1) if args.json else identify_text(result))
    return EXIT_OK


def _fiber_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--latex", action="store_true", help="a LaTeX section, one block per component")
    out.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    p.add_argument("--limit", type=nonnegative_int, metavar="N",
                   help="build at most N components (the others are counted)")
    p.add_argument("--no-certify", action="store_true", help="skip the exact tangent-rank certificates")
    allow_conjecture_argument(p)
    _partial_argument(p, "list the known components (each lies in the fiber, others may exist; labelled "
                         "'partial') instead of exiting 3")


def _partial_argument(p, what: str) -> None:
    """``--partial`` (also spelled ``--allow-partial``), shared by ``fiber`` and ``dim``."""
    p.add_argument("--partial", "--allow-partial", dest="partial", action="store_true",
                   help=f"networks whose fiber is not decided (three-layer networks outside the theorems, depth 4 "
                        f"or more): {what}")


def _fiber(args, ctx: Context) -> int:
    from ..api import fiber, network_class
    from ..render.text import format_count, summarize

    net = ctx.load(args.network)
    ctx.stage("building the fiber")
    result = fiber(net, domain=_domain(args), limit=args.limit, certify=not args.no_certify,
                   limits=search_limits(args), allow_conjecture=args.allow_conjecture, allow_partial=args.partial)
    if args.latex:
        print(result.latex())
    elif args.json:
        print(result.to_json())
    else:
        where = "the nonnegative orthant" if args.orthant else f"R^{net.input_dim}"
        dimension = (f"at least {result.dimension} (partial list)" if str(result.status) == "partial"
                     else result.dimension)
        print(f"fiber of a {'-'.join(map(str, net.architecture))} network on {where}: "
              f"dimension {dimension}, {len(result)} component{'' if len(result) == 1 else 's'}"
              + (f" listed, {result.omitted} more not built (--limit)" if result.omitted else ""))
        for index, component in enumerate(result, 1):
            copies = (f", {format_count(component.multiplicity)} permuted copies"
                      if component.multiplicity > 1 else "")
            print(f"  [{index}] dimension {component.dimension}{copies}: {component.description}")
        if network_class(net, domain=_domain(args)).states_completeness and result.completeness_note:
            print(summarize(result.completeness_note, TEXT_WIDTH, "the full basis is in --json"))
    return EXIT_OK


def _dim_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--orthant", action="store_true", help="inputs restricted to the nonnegative orthant")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    allow_conjecture_argument(p)
    _partial_argument(p, "print a proven lower bound of the dimension (labelled 'partial') with the exact bounds "
                         "of the fiber near the parameter, instead of exiting 3")


def _dim(args, ctx: Context) -> int:
    from ..api import fiber_dimension
    from ..core.results import PartialFiberDimension
    from ..render.text import summarize

    net = ctx.load(args.network)
    ctx.stage("computing the dimension")
    dimension = fiber_dimension(net, domain=_domain(args), limits=search_limits(args),
                                allow_conjecture=args.allow_conjecture, allow_partial=args.partial)
    if args.json:
        print(json.dumps({"architecture": list(net.architecture), "num_parameters": net.num_parameters}
                         | dimension.to_dict()))
    else:
        if not isinstance(dimension, PartialFiberDimension):
            print(int(dimension))
        else:
            # a lower bound only: say so on the line of the number, and give the local bounds
            near = (f"exactly {dimension.local_lower}" if dimension.local_proven
                    else f"between {dimension.local_lower} and {dimension.local_upper}")
            print(f"at least {int(dimension)} (partial; near the parameter: {near})")
        if not dimension.proven:
            print(summarize(f"({dimension.status}: {dimension.basis})", TEXT_WIDTH, "the full basis is in --json"))
    return EXIT_OK


def _canonical_args(p):
    p.add_argument("network", help="network file ('-': standard input)")
    p.add_argument("--json", action="store_true", help="only the canonical network as JSON")


def _canonical(args, ctx: Context) -> int:
    from ..api import canonical_form, minimal_width, network_class

    net = ctx.load(args.network)
    limits = search_limits(args)
    ctx.stage("searching the canonical form")
    form = canonical_form(net, limits=limits)
    if not args.json:
        if network_class(net).implements("minimal_width"):
            print(f"minimal width: {minimal_width(net, limits=limits)} "
                  f"(input network has {sum(net.hidden_widths)} hidden neurons)")
        else:  # an identifiable three-layer network: canonical within its architecture
            print(f"canonical in its architecture {'-'.join(map(str, net.architecture))} (the network is "
                  "identifiable: every network of it computing this function is in its orbit)")
    print(form.to_json(indent=None))
    return EXIT_OK


COMMANDS = (
    Command("identify", "is the fiber the orbit of permutations and positive scalings? (with the reasons)",
            _identify_args, _identify, searches=True),
    Command("fiber", "the complete fiber as a union of semialgebraic components", _fiber_args, _fiber,
            searches=True),
    Command("dim", "the dimension of the fiber", _dim_args, _dim, searches=True),
    Command("canonical", "the canonical representative of the function (shallow; identifiable three-layer)",
            _canonical_args, _canonical, searches=True),
)
