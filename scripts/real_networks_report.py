"""Structure, genericity, symmetries and identifiability of the bundled two-hidden-layer trained networks.

Writes ``docs/real_networks.md`` (or prints it with ``--stdout``).  Re-run from
the repository root after installing the package::

    python scripts/real_networks_report.py

Every number is exact: the stored float weights are read as the dyadic
rationals they are (``real_network(name)``, ``numbers="float64"``).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from semialg_fibers import NotDecidedError, is_identifiable
from semialg_fibers.readwrite.examples import real_network, real_network_names
from semialg_fibers.three_layer import (
    column_statuses,
    genericity,
    hidden_hyperplanes,
    hidden_symmetries,
    jacobian_upper_bound,
    row_types,
)
from semialg_fibers.three_layer.first_layer import has_full_row_rank

OUTPUT = Path(__file__).resolve().parents[1] / "docs" / "real_networks.md"
#: Exact Jacobian ranks are computed up to this many parameters (cost grows like N^3).
JACOBIAN_LIMIT = 500


def two_hidden_layer_names() -> list[str]:
    return [name for name in real_network_names() if real_network(name).depth == 3]


def analyse(name: str) -> dict:
    start = time.perf_counter()
    net = real_network(name)
    rows = row_types(net)
    kinds = Counter(str(t.kind) for t in rows)
    degenerate = [t.index for t in rows if t.degenerate]
    columns = column_statuses(net)
    hidden = hidden_hyperplanes(net)
    report = genericity(net)
    try:
        result = is_identifiable(net, allow_conjecture=True)
        verdict = ("identifiable" if result else "not identifiable") + (" (proven)" if result.proven else
                                                                         " (rests on the conjecture)")
        reasons = "; ".join(f"{r.kind}" for r in result.reasons)
    except NotDecidedError as exc:
        verdict, reasons = "not decided", str(exc)
    symmetries = Counter(str(s.kind) for s in hidden_symmetries(net))
    # the sampler maps first-layer pre-activations back to inputs, which needs W1 of full row rank (G1)
    jac = (jacobian_upper_bound(net) if net.num_parameters <= JACOBIAN_LIMIT and has_full_row_rank(net) else None)
    return {
        "name": name, "architecture": "-".join(map(str, net.architecture)), "N": net.num_parameters,
        "kinds": kinds, "degenerate": degenerate,
        "hiding_rows": [f"{t.index + 1}->{t.column + 1}" for t in rows if str(t.kind) == "hiding"],
        "columns": Counter(str(c.kind) for c in columns), "hidden": hidden,
        "failing": [(str(r.predicate), r.detail) for r in report.failing],
        "verdict": verdict, "reasons": reasons, "symmetries": symmetries, "jacobian": jac,
        "orbit": sum(net.hidden_widths), "seconds": time.perf_counter() - start,
    }


def render(results: list[dict]) -> str:
    lines = [
        "# The bundled two-hidden-layer networks: structure and identifiability",
        "",
        "Produced by `python scripts/real_networks_report.py` (re-run it to refresh this page). Networks from",
        "`semialg_fibers/data/real_networks/` (attribution in its README), read exactly as the dyadic rationals",
        "their float weights are. Definitions: `docs/three_layer.md`; theory: `docs/theory/three_layer.md`.",
        "",
        "Columns: rows of `[W2 | b2]` by type (dead, linear, hiding, other, zero; *degenerate* = a zero entry),",
        "hiding rows as `row->column`, first-layer neurons (visible / hidden / unused), the genericity",
        "predicates that fail, the identifiability verdict, and `N - rank J` (exact Jacobian at sampled inputs,",
        "an upper bound of the local fiber dimension; the orbit of permutations and scalings has dimension",
        "`n1 + n2`).",
        "",
        "| network | N | rows (d/l/h/o/z) | hiding rows | first layer (v/h/u) | failing predicates | verdict | "
        "N - rank J | seconds |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        k, c = r["kinds"], r["columns"]
        rows = "/".join(str(k.get(x, 0)) for x in ("dead", "linear", "hiding", "other", "zero"))
        cols = "/".join(str(c.get(x, 0)) for x in ("visible", "hidden", "unused"))
        failing = ", ".join(p for p, _ in r["failing"]) or "none"
        jac = "-" if r["jacobian"] is None else f"{r['jacobian']} (orbit {r['orbit']})"
        lines.append(f"| `{r['name']}` ({r['architecture']}) | {r['N']} | {rows} | {', '.join(r['hiding_rows']) or '-'} "
                     f"| {cols} | {failing} | {r['verdict']} | {jac} | {r['seconds']:.1f} |")
    lines += ["", "## Details", ""]
    for r in results:
        lines.append(f"### `{r['name']}` ({r['architecture']})")
        lines.append("")
        lines.append(f"- verdict: **{r['verdict']}**" + (f"; reasons: {r['reasons']}" if r["reasons"] else ""))
        if r["degenerate"]:
            lines.append(f"- rows with a zero entry: {', '.join(str(j + 1) for j in r['degenerate'])}")
        if r["hidden"]:
            for h in r["hidden"]:
                lines.append(f"- hidden hyperplane: {h.describe()}")
        else:
            lines.append("- hidden hyperplanes: none (every first-layer hyperplane is seen by a live row)")
        for p, detail in r["failing"]:
            lines.append(f"- {p} fails: {detail}")
        extra = ", ".join(f"{n} x {kind}" for kind, n in sorted(r["symmetries"].items()))
        lines.append(f"- symmetries beyond permutations and scalings: {extra or 'none'}")
        lines.append("")
    lines += ["## Reading", ""]
    plain = [r for r in results if not r["kinds"].get("dead") and not r["kinds"].get("linear") and not r["hidden"]]
    lines.append(f"{len(plain)} of the {len(results)} networks have no dead row, no linear row and no hidden "
                 "first-layer hyperplane; hiding rows occur, but a single hiding row does not hide its column when "
                 "another live row sees it.")
    decided = [r for r in results if r["verdict"].startswith("identifiable")]
    proven = [r for r in decided if "proven" in r["verdict"]]
    lines.append(f"{len(decided)} are identifiable by the library's criterion, {len(proven)} of them proven (with two "
                 "or more neurons in both hidden layers by Corollary 7.5 (Theorems 7.1-7.4) of `docs/theory/three_layer.md`); "
                 f"{len(decided) - len(proven)} rest on the conjecture of Section 7 there, which the exhaustive "
                 "search checks only on small architectures.")
    undecided = [r for r in results if r["verdict"] == "not decided"]
    if undecided:
        lines.append("Not decided: " + ", ".join(f"`{r['name']}` ({', '.join(p for p, _ in r['failing'])})"
                                                 for r in undecided) + ".")
    pinned = [r for r in results if r["jacobian"] is not None]
    agree = [r for r in pinned if r["jacobian"] == r["orbit"]]
    lines.append(f"Where `N - rank J` was computed ({len(pinned)} networks) it equals `n1 + n2` in {len(agree)}: "
                 "there the fiber is locally the orbit of the positive scalings, whatever the conjecture says about "
                 "other components.")
    lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stdout", action="store_true", help="print instead of writing docs/real_networks.md")
    args = parser.parse_args(argv)
    results = [analyse(name) for name in two_hidden_layer_names()]
    from real_networks_fibers import fibers, section, verdicts, write_witnesses  # fibers and extraction verdicts

    checked = verdicts()
    text = render(results) + "\n" + section(fibers(), checked)
    if not args.stdout:
        write_witnesses(checked)
    if args.stdout:
        print(text)
    else:
        OUTPUT.write_text(text)
        print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
