"""The ``semialg-fibers census`` command: the exact analyses over many networks, resumable, in parallel.

``semialg-fibers census DIR_OR_GLOB ... --analyses A,B --workers N --timeout S -o results.parquet``
runs :func:`semialg_fibers.population.census` on the network files found (or on
``--random ARCH --count K --seed S``), writes one row per network to the
output as each finishes, skips the networks already there (run the same
command again after an interruption), and prints how many rows have each
status.  ``--scheduler ADDRESS`` runs on an existing Dask cluster.
"""

from __future__ import annotations

import re
from collections import Counter

from ..core.exceptions import SemialgFibersError
from .common import EXIT_OK, Command, Context, nonnegative_int, search_limits

__all__ = ["COMMANDS"]


def _architecture(text: str) -> tuple[int, ...]:
    if not re.fullmatch(r"[1-9][0-9]{0,3}(-[1-9][0-9]{0,3})+", text.strip(), re.ASCII):
        raise SemialgFibersError(f"--random {text!r}: expected widths such as 2-3-2-1")
    return tuple(int(w) for w in text.strip().split("-"))


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value == float("inf"):
        raise SemialgFibersError(f"--timeout {text!r}: expected a positive number of seconds")
    return value


def _kind(status: str) -> str:
    """``ok``, ``timeout``, ``not decided``, ``error``: the kind of a row's status (without its analysis's name).

    >>> _kind("ok"), _kind("fiber_dimension: not decided: G4 fails"), _kind("load: error: ShapeError: ...")
    ('ok', 'not decided', 'error')
    """
    if status == "ok":
        return status
    return status.split(": ", 1)[-1].split(":")[0]


def _census_args(p):
    from ..population.analyses import ANALYSES, DEFAULT_ANALYSES

    p.add_argument("sources", nargs="*", metavar="DIR_OR_GLOB",
                   help="folders (their .json, .pt, .pth, .onnx files), globs such as 'runs/**/*.json', or files")
    p.add_argument("--analyses", default=",".join(DEFAULT_ANALYSES), metavar="A,B,...",
                   help=f"comma-separated, of: {', '.join([*ANALYSES, 'equivalent'])} "
                        f"(default {','.join(DEFAULT_ANALYSES)})")
    p.add_argument("--reference", metavar="NET", help="the network of the analysis 'equivalent'")
    p.add_argument("--random", metavar="ARCH", help="also random networks of this architecture, e.g. 2-3-2-1")
    p.add_argument("--count", type=nonnegative_int, default=100, help="random networks (default 100)")
    p.add_argument("--seed", type=nonnegative_int, default=0, help="seed of the random networks (default 0)")
    p.add_argument("--workers", type=nonnegative_int, default=None,
                   help="local worker processes (default: the number of CPUs; 0: one process, no Dask)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on this Dask cluster, e.g. tcp://host:8786")
    p.add_argument("--timeout", metavar="S", help="seconds per network; unfinished analyses have status 'timeout'")
    p.add_argument("--memory-limit", metavar="SIZE", help="memory per worker, e.g. 2GB")
    p.add_argument("--batch", type=nonnegative_int, default=1, metavar="N",
                   help="networks per Dask task (default 1; more for networks analysed in milliseconds)")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="results, .csv or .parquet; networks already in it are skipped")


def _census(args, ctx: Context) -> int:
    from ..population import RandomNetworks, census, parse_bytes

    sources: list = list(args.sources)
    if args.random:
        sources.append(RandomNetworks(_architecture(args.random), seed=args.seed, count=args.count))
    if not sources:
        raise SemialgFibersError("census: no networks: give folders, globs or files, or --random ARCH")
    if not args.output.endswith((".csv", ".parquet", ".pq")):
        raise SemialgFibersError(f"-o {args.output!r}: expected a name ending in .csv or .parquet")
    parse_bytes(args.memory_limit)
    reference = ctx.load(args.reference) if args.reference else None
    client = None
    if args.scheduler:
        from distributed import Client

        client = Client(args.scheduler)
    ctx.stage("loading the analyses")  # the import of pandas alone takes seconds; the bar per network follows
    try:
        table = census(sources, args.analyses, client=client, workers=args.workers, limits=search_limits(args),
                       timeout=None if args.timeout is None else _seconds(args.timeout),
                       memory_limit=args.memory_limit, output=args.output, progress=ctx.stages is not None,
                       reference=reference, input_limits=ctx.limits, numbers=ctx.numbers, batch=max(args.batch, 1))
    finally:
        if client is not None:
            client.close()
    counts = Counter(_kind(status) for status in table["status"])
    print(f"{len(table)} networks in {args.output}: " + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())))
    return EXIT_OK


COMMANDS = (
    Command("census", "the exact analyses over many networks (Dask workers, resumable output)", _census_args,
            _census, searches=True),
)
