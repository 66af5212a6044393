"""Draw the pictures of docs/fiber_graph.md: the adjacency graph of each worked example, and print its figures.

Run from the repository root (needs the ``plot`` extra: ``pip install -e '.[plot,numpy]'``):

    python docs/figures/fiber_graph.py

For each example: the graph modulo permutations (one node per listed component, labelled with its index
and dimension; solid edges carry an exact parameter in both closures, dashed edges would be undecided
pairs across connected components (there are none in these examples), and nodes of one connected
component share a colour) next to the graph of the copies (one node per
permutation of a piece).  The numbers printed are those quoted in docs/fiber_graph.md.
"""

from __future__ import annotations

import sys
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402

from semialg_fibers import Network, api  # noqa: E402
from semialg_fibers.graph import adjacency, connected_components, piece_graph  # noqa: E402
from semialg_fibers.readwrite.examples import real_network  # noqa: E402

EXAMPLES = {
    "relu": ("s(x) in (1, 2, 1)", Network.from_layers([([[1], [0]], [0, 0]), ([[1, 0]], [0])]), None),
    "identity": ("s(x) - s(-x) = x in (1, 2, 1)", Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]),
                 None),
    "hiding": ("a hidden column (2, 2, 1, 1)",
               Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])]), None),
    "ramp": ("the ramp 1 - s(1 - s(x)) in (1, 1, 1, 1)",
             Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]), None),
    "trained": ("trained MNIST 0-vs-1 (784, 2, 1)", None, None),
}
COLOURS = ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C"]


def _draw(ax, G, classes, title):
    colour = {n: COLOURS[i % len(COLOURS)] for i, cls in enumerate(classes) for n in cls}
    pos = nx.circular_layout(G) if G.number_of_nodes() > 1 else {n: (0, 0) for n in G}
    solid = [(a, b) for a, b, s in G.edges(data="status") if s == "adjacent"]
    # undecided pairs inside one class do not change the components: only those across classes are drawn
    dashed = [(a, b) for a, b, s in G.edges(data="status") if s == "undecided" and colour.get(a) != colour.get(b)]
    nx.draw_networkx_edges(G, pos, edgelist=solid, ax=ax, width=1.8)
    nx.draw_networkx_edges(G, pos, edgelist=dashed, ax=ax, style="dashed", edge_color="#999999")
    nx.draw_networkx_nodes(G, pos, ax=ax, node_color=[colour.get(n, "#cccccc") for n in G], node_size=520)
    labels = {n: (f"{n}\nd={G.nodes[n]['dimension']}" if isinstance(n, int) else f"{n[0]}.{n[1]}\nπ{n[2]}")
              for n in G}
    nx.draw_networkx_labels(G, pos, labels=labels, ax=ax, font_size=7, font_color="white")
    ax.set_title(title, fontsize=9)
    ax.axis("off")
    ax.margins(0.25)


def main(names) -> None:
    for name in names:
        title, net, domain = EXAMPLES[name]
        if net is None:
            net = real_network("chen2024_mnist0vs1_784-2-1_victim")
        start = time.time()
        fiber = api.fiber(net, domain=domain)
        g = piece_graph(fiber)
        seconds = time.time() - start
        quotient = connected_components(fiber, graph=g)
        full = connected_components(fiber, modulo=None, graph=g)
        print(f"{name}: {len(fiber)} components, {sum(len(c) for c in g.pieces)} pieces, "
              f"{len(g.permutations)} permutations, {len(g.edges)} edges, {len(g.separated)} separated and "
              f"{len(g.undecided)} undecided pairs, {g.checked} points checked by the oracle; components "
              f"modulo permutations {quotient.count}, without {full.count}; {seconds:.1f} s")
        fig, axes = plt.subplots(1, 2, figsize=(8, 3.6))
        _draw(axes[0], adjacency(fiber, graph=g), [set(c) for c in quotient.classes],
              f"{title}: modulo permutations")
        _draw(axes[1], adjacency(fiber, modulo=None, graph=g), [set(c) for c in full.classes], "copies of the pieces")
        fig.tight_layout()
        fig.savefig(f"docs/figures/fiber_graph_{name}.png", dpi=110)
        plt.close(fig)


if __name__ == "__main__":
    main(sys.argv[1:] or list(EXAMPLES))
