"""Fibers of the bundled two-hidden-layer networks, and exact verdicts on the extracted networks against their victims.

Used by ``scripts/real_networks_report.py`` (which appends :func:`section` to
``docs/real_networks.md``) and runnable on its own::

    python scripts/real_networks_fibers.py            # prints the section
    python scripts/real_networks_fibers.py --witnesses docs/real_networks_witnesses.json

Every verdict is exact: "equivalent" is an identity of functions, "not
equivalent" comes with a rational input where the two outputs differ, checked by
exact evaluation (the inputs are written to the JSON file with ``--witnesses``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from semialg_fibers import InternalCheckError, NotDecidedError, equivalent
from semialg_fibers.readwrite.examples import real_network, real_network_names
from semialg_fibers.three_layer.fiber import fiber

WITNESSES = Path(__file__).resolve().parents[1] / "docs" / "real_networks_witnesses.json"


def fibers() -> list[dict]:
    """One row per two-hidden-layer network: the fiber's dimension, components and status, or why it is missing."""
    rows = []
    for name in real_network_names():
        net = real_network(name)
        if net.depth != 3:
            continue
        start = time.perf_counter()
        row = {"name": name, "architecture": "-".join(map(str, net.architecture)), "N": net.num_parameters,
               "orbit": sum(net.hidden_widths)}
        try:
            f = fiber(net, allow_conjecture=True)
            row.update(dimension=f.dimension, components=len(f), copies=sum(c.multiplicity for c in f),
                       status=str(f.status), kinds=sorted({str(c.family.kind) for c in f}),
                       identifiable=(len(f) == 1 and f.dimension == row["orbit"]
                                     and f.components[0].orthant_dimension == net.architecture[2]))
        except NotDecidedError as exc:
            row.update(dimension=None, note=str(exc).split(";")[0])
        row["seconds"] = time.perf_counter() - start
        rows.append(row)
    return rows


def extraction_pairs() -> list[tuple[str, str]]:
    """``(victim, extracted)`` for every bundled extraction experiment (shallow and two-hidden-layer)."""
    names = real_network_names()
    out = []
    for victim in names:
        if victim.endswith("_victim"):
            stem = victim[: -len("victim")]
            out += [(victim, other) for other in names if other.startswith(stem + "extracted")]
    return out


def verdicts() -> list[dict]:
    """The exact verdict for each extracted network against its victim, with the witness when they differ."""
    rows = []
    for victim, extracted in extraction_pairs():
        a, b = real_network(victim), real_network(extracted)
        start = time.perf_counter()
        result = equivalent(a, b)
        row = {"victim": victim, "extracted": extracted, "architecture": "-".join(map(str, a.architecture)),
               "equivalent": bool(result), "method": result.method, "reason": result.reason,
               "seconds": time.perf_counter() - start}
        if result.witness is not None:
            if a(result.witness) == b(result.witness):
                raise InternalCheckError(f"the witness for {extracted} does not separate the networks")
            difference = [x - y for x, y in zip(*result.outputs)]
            row.update(witness=[str(v) for v in result.witness],
                       nonzero=sum(1 for v in result.witness if v),
                       largest=max(abs(float(v)) for v in result.witness),
                       outputs=[[str(v) for v in out] for out in result.outputs],
                       difference=[float(v) for v in difference])
        rows.append(row)
    return rows


def section(fiber_rows: list[dict], verdict_rows: list[dict]) -> str:
    lines = [
        "## Fibers",
        "",
        "`semialg_fibers.fiber(net, allow_conjecture=True)` for each network (`docs/three_layer.md`, Section",
        "\"Fibers\"): the dimension, the number of components (and of pieces counting the copies obtained by",
        "permuting hidden neurons), the first-layer families that occur, and the status of completeness: *proven*",
        "(`n1 = 1`, `n2 = 1`, or Corollary 7.5 (Theorems 7.1-7.4) of `docs/theory/three_layer.md`), or *conjecture* (Conjecture 10.6",
        "there: the union is the whole fiber if it holds; without `allow_conjecture` `fiber` raises). Produced by",
        "`scripts/real_networks_fibers.py`, with the exact tangent certificate of every component.",
        "",
        "| network | N | fiber dimension | components (pieces) | first layers | completeness | identifiable | seconds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in fiber_rows:
        if r["dimension"] is None:
            lines.append(f"| `{r['name']}` ({r['architecture']}) | {r['N']} | not decided: {r['note']} | | | | | "
                         f"{r['seconds']:.1f} |")
            continue
        ident = "yes" if r["identifiable"] else "no"
        lines.append(f"| `{r['name']}` ({r['architecture']}) | {r['N']} | {r['dimension']} (orbit {r['orbit']}) | "
                     f"{r['components']} ({r['copies']}) | {', '.join(r['kinds'])} | {r['status']} | {ident} | "
                     f"{r['seconds']:.1f} |")
    lines += [
        "",
        "A network is identifiable when its fiber is the single orbit of permutations and positive scalings: one",
        "component of dimension `n1 + n2` whose second layer is the orbit of its rows.",
        "",
        "## Extracted networks against their victims",
        "",
        "Each `chen2024_*_extracted_*` network was recovered from its `*_victim` by a model-extraction attack and is",
        "only approximately equal to it. `semialg_fibers.equivalent` decides exactly whether it realizes the victim's",
        "function (shallow pairs: canonical data; two-hidden-layer pairs: the polynomial three-layer test). A \"no\"",
        "comes with a rational input where the outputs differ, checked by exact evaluation; the inputs are in",
        "`docs/real_networks_witnesses.json`.",
        "",
        "| victim | extracted | realizes the victim's function? | decided by | witness: nonzero inputs, largest entry | "
        "f_victim - f_extracted at the witness | seconds |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in verdict_rows:
        if r["equivalent"]:
            witness, difference = "-", "-"
        else:
            witness = f"{r['nonzero']}, {r['largest']:.3g}"
            difference = ", ".join(f"{v:.3g}" for v in r["difference"])
        lines.append(f"| `{r['victim']}` | `{r['extracted']}` | {'yes' if r['equivalent'] else 'no'} | {r['method']} | "
                     f"{witness} | {difference} | {r['seconds']:.2f} |")
    lines += ["", "Reasons, in the words of the test:", ""]
    for r in verdict_rows:
        lines.append(f"- `{r['extracted']}`: {r['reason'][:400]}{'...' if len(r['reason']) > 400 else ''}")
    lines.append("")
    return "\n".join(lines)


def write_witnesses(verdict_rows: list[dict], path: Path = WITNESSES) -> None:
    data = [{key: r[key] for key in ("victim", "extracted", "equivalent", "method", "witness", "outputs") if key in r}
            for r in verdict_rows]
    path.write_text(json.dumps(data, indent=1) + "\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--witnesses", type=Path, help="also write the exact witnesses to this JSON file")
    args = parser.parse_args(argv)
    rows = verdicts()
    print(section(fibers(), rows))
    if args.witnesses:
        write_witnesses(rows, args.witnesses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
