"""Pictures: exact arrangements checked against the canonical data and exact evaluation; files rendered headless."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from semialg_fibers import Network, examples
from semialg_fibers.render.plots import arrangement, default_box, family_members
from semialg_fibers.shallow import canonical_data

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

HIDING = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])


def _random_shallow(rng: random.Random, n: int) -> Network:
    q = lambda: Fraction(rng.randint(-3, 3), rng.randint(1, 2))  # noqa: E731
    rows = [[q(), q()] for _ in range(n)]
    if n >= 2 and rng.random() < 0.5:  # two neurons on one line, sometimes cancelling
        rows[1] = [2 * v for v in rows[0]]
    w1 = [(r, q()) for r in rows]
    bias = [b for _, b in w1]
    if n >= 2:
        bias[1] = 2 * bias[0]
    w2 = [q() for _ in range(n)]
    if n >= 2 and rng.random() < 0.5:
        w2[1] = -w2[0] / 2
    return Network.from_layers([([r for r, _ in w1], bias), ([w2], [q()])])


@pytest.mark.parametrize("seed", range(12))
def test_visible_lines_match_the_canonical_data(seed):
    """Lines with a kink in the exact subdivision = lines of the canonical data (computed without geometry)."""
    net = _random_shallow(random.Random(seed), 4)
    arr = arrangement(net)
    keys = {(line.normal, line.offset) for line in arr.visible_lines}
    data = canonical_data(net)
    assert keys == {(line.line[:2], line.line[2]) for line in data.lines}


@pytest.mark.parametrize("seed", range(5))
def test_pieces_carry_the_exact_affine_map(seed):
    rng = random.Random(seed)
    net = _random_shallow(rng, 3) if seed % 2 else HIDING
    arr = arrangement(net)
    for piece in arr.pieces:
        cx = sum(v[0] for v in piece.vertices) / len(piece.vertices)
        cy = sum(v[1] for v in piece.vertices) / len(piece.vertices)
        expected = net((cx, cy))
        assert tuple(c1 * cx + c2 * cy + c0 for c1, c2, c0 in piece.output) == expected


def test_hidden_first_layer_line_of_a_three_layer_network():
    # the single second-layer row hides column 1: no kink along the first neuron's line (docs/mathematics.md)
    arr = arrangement(HIDING)
    hidden = {line.neurons for line in arr.hidden_lines}
    assert hidden == {(0,)} and len(arr.visible_lines) == 1 and len(arr.bent) == 1


def test_default_box_contains_the_crossings():
    (x0, x1), (y0, y1) = default_box(examples.transversal_counterexample())
    assert x0 < 0 < 1 < x1 and y0 < 0 < 1 < y1


def _gids(fig) -> list:
    return [line.get_gid() for ax in fig.axes for line in ax.get_lines()]


@pytest.mark.parametrize("net, visible, hidden, bent", [
    (examples.transversal_counterexample(), 3, 0, 0),
    (Network.from_layers([([[1, 0], [0, 1], [0, -1]], [0, 0, 0]), ([[1, 1, -1]], [0])]), 1, 1, 0),
    (HIDING, 1, 1, 1),
], ids=["transversal", "cancelling_pair", "three_layer_hiding"])
def test_plot_network_draws_each_line_once(tmp_path, net, visible, hidden, bent):
    from semialg_fibers.render.plots import plot_network, save

    fig = plot_network(net)
    gids = _gids(fig)
    assert gids.count("first-layer visible") == visible and gids.count("first-layer hidden") == hidden
    assert (gids.count("second-layer") > 0) == bool(bent)
    for name in ("net.png", "net.svg"):
        save(fig, str(tmp_path / name))
    assert (tmp_path / "net.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in (tmp_path / "net.svg").read_bytes()[:400]
    with pytest.raises(ValueError, match=".png or .svg"):
        save(fig, str(tmp_path / "net.jpg"))


def test_family_members_compute_the_same_function():
    from semialg_fibers.general.oracle import equivalent
    from semialg_fibers.render.plots import plot_family

    symmetry, members = family_members(HIDING)
    assert len(members) == 4 and len({m.parameters() for _, m in members}) == 4
    for _, member in members:
        assert equivalent(member, HIDING).equivalent
    fig = plot_family(HIDING)
    assert _gids(fig).count("member") == 4 and _gids(fig).count("function") == 4


def test_input_dimension_two_is_required():
    from semialg_fibers.core.exceptions import ShapeError

    with pytest.raises(ShapeError, match="input dimension 2"):
        arrangement(examples.spec_identity_example())
