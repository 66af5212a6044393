"""Draw the pictures of docs/pictures.md into docs/figures/ (committed; rerun after changing the plotting code).

Run from the repository root (needs the ``plot`` extra: ``pip install -e '.[plot]'``):

    python docs/figures/pictures.py

Each picture is drawn by ``semialg_fibers.render.plots`` exactly as the guide describes: a network on the plane
(``plot_network``) and families of a fiber (``plot_family``).
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from semialg_fibers import Network  # noqa: E402
from semialg_fibers.render.plots import plot_family, plot_network  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

#: file name -> (what the picture shows, how it is drawn)
PICTURES = {
    "pictures_hiding.png": "a network with two hidden layers on the plane, one first-layer line hidden",
    "pictures_deep_a.png": "the bundled example deep_a on the plane",
    "pictures_family_hiding.png": "a family of the fiber of the hiding network (the functions coincide)",
    "pictures_family_identity.png": ("a family of the fiber of s(x_1) - s(-x_1) on a 2-input network "
                                     "(the default family: the hidden move of the cancelling pair)"),
}


def draw(name: str):
    if name == "pictures_hiding.png":
        hiding = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
        return plot_network(hiding, title="hiding network: one first-layer line is hidden")
    if name == "pictures_deep_a.png":
        return plot_network(Network.from_json(ROOT / "semialg_fibers" / "data" / "deep_a.json"), title="deep_a")
    if name == "pictures_family_hiding.png":
        hiding = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
        return plot_family(hiding)
    if name == "pictures_family_identity.png":
        identity = Network.from_layers([([[1, 0], [-1, 0]], [0, 0]), ([[1, -1]], [0])])
        return plot_family(identity)
    raise KeyError(name)


def main() -> None:
    for name in PICTURES:
        drawn = draw(name)
        figure = drawn if hasattr(drawn, "savefig") else getattr(drawn, "figure", None) or plt.gcf()
        figure.savefig(HERE / name, dpi=90, bbox_inches="tight")
        plt.close("all")
        print("wrote", HERE / name)


if __name__ == "__main__":
    main()
