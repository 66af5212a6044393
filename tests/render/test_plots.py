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


# ---------------------------------------------------------------------------- choice of the family, one input
def _identity_pair_a() -> Network:
    from importlib.resources import files

    return Network.from_json((files("semialg_fibers") / "data" / "identity_pair_a.json").read_text())


def _breakpoints(net: Network) -> set:
    return {-b / row[0] for row, b in zip(net.layers[0].weight, net.layers[0].bias) if row[0]}


def test_the_cancelling_pair_move_is_the_default_family_of_identity_pair_a():
    """x = s(x) - s(-x): the default family moves the common breakpoint (no scaling or permutation does that)."""
    from semialg_fibers.general.oracle import equivalent
    from semialg_fibers.render.plots import fiber_families

    net = _identity_pair_a()
    names = [f.name for f in fiber_families(net)]
    assert "component 1 beta_1" in names and "scaling 1" in names
    family, members = family_members(net)
    assert family.name == "component 1 beta_1" and family.hidden
    assert len(members) == 4
    moved = 0
    for value, member in members:
        assert equivalent(member, net, orbit_check=False).equivalent
        # built by hand: s(x + t) - s(-x - t) - t = x
        assert member.parameters() == tuple(Fraction(v) for v in (1, -1, value, -value, 1, -1, -value))
        moved += _breakpoints(member) != _breakpoints(net)  # scalings and permutations keep the breakpoints
    assert moved == 3
    # the scaling families are not hidden: their members keep every breakpoint
    for name in ("scaling 1", "component 1 lambda_1"):
        family, members = family_members(net, family=name)
        assert not family.hidden
        assert all(_breakpoints(m) == _breakpoints(net) for _, m in members)


def test_family_by_name_or_index_and_the_choices_listed_when_unknown():
    from semialg_fibers.render.plots import fiber_families

    options = fiber_families(HIDING)
    assert options[0].hidden and options[0].kind != "scaling"
    for index, option in enumerate(options, 1):
        by_name, _ = family_members(HIDING, family=option.name)
        by_index, _ = family_members(HIDING, family=index)
        assert by_name.name == by_index.name == option.name
    with pytest.raises(ValueError, match="scaling 1") as info:
        family_members(HIDING, family="no such family")
    assert all(option.name in str(info.value) for option in options)
    with pytest.raises(ValueError, match="not one of"):
        family_members(HIDING, family=len(options) + 1)


def test_plot_family_draws_the_members_exactly():
    """The artists' data: each member's parameter vector and its function at the drawn points (exact evaluation)."""
    from semialg_fibers.render.plots import plot_family

    net = _identity_pair_a()
    _, members = family_members(net)
    fig = plot_family(net)
    left, right = fig.axes[:2]
    drawn = [line for line in left.get_lines() if line.get_gid() == "member"]
    assert [tuple(line.get_ydata()) for line in drawn] == [tuple(float(v) for v in m.parameters())
                                                           for _, m in members]
    for line in (line for line in right.get_lines() if line.get_gid() == "function"):
        xs, ys = line.get_xdata(), line.get_ydata()
        for k in range(0, len(xs), 37):
            x = Fraction(float(xs[k]))
            assert abs(float(net((x,))[0]) - ys[k]) < 1e-12
    # the moved breakpoints are marked on the graph: -t for t = 1/2, 1, 2, and 0
    marks = sorted(float(x) for line in right.get_lines() if line.get_gid() == "breakpoint" for x in line.get_xdata())
    assert marks == sorted([0.0, -0.5, -1.0, -2.0])
    assert r"\beta_{1} = t" in fig._suptitle.get_text()


def _random_one_input(rng: random.Random, widths) -> Network:
    q = lambda: Fraction(rng.randint(-4, 4), rng.randint(1, 3))  # noqa: E731
    layers = []
    for n_in, n_out in zip(widths, widths[1:]):
        layers.append(([[q() for _ in range(n_in)] for _ in range(n_out)], [q() for _ in range(n_out)]))
    return Network.from_layers(layers)


@pytest.mark.parametrize("seed", range(10))
def test_graph_pieces_against_exact_evaluation(seed):
    """Each piece is affine (exact values at three points) and each interior endpoint is a kink (slopes differ)."""
    from semialg_fibers.render.plots import graph_pieces

    rng = random.Random(seed)
    net = _random_one_input(rng, (1, 4, 1) if seed % 2 else (1, 3, 3, 1))
    pieces = graph_pieces(net, (-5, 5))
    assert pieces[0].left == -5 and pieces[-1].right == 5
    assert all(p.right == q.left for p, q in zip(pieces, pieces[1:]))
    for piece in pieces:
        (slope, icpt), = piece.output
        for t in (Fraction(1, 7), Fraction(1, 2), Fraction(5, 6)):
            x = piece.left + t * (piece.right - piece.left)
            assert net((x,))[0] == slope * x + icpt
    h = Fraction(1, 10 ** 6)
    for p in pieces[:-1]:
        x = p.right
        left_slope = (net((x,))[0] - net((x - h,))[0]) / h
        right_slope = (net((x + h,))[0] - net((x,))[0]) / h
        assert left_slope != right_slope


def test_plot_graph_of_a_one_input_network():
    from semialg_fibers.render.plots import plot_graph, plot_network

    net = Network.from_layers([([[1], [1], [-1]], [0, -1, 0]), ([[2, -1, -2]], [1])])  # 2s(x) - s(x-1) - 2s(-x) + 1
    fig = plot_network(net, (-2, 3))
    ax = fig.axes[0]
    graph, = [line for line in ax.get_lines() if line.get_gid() == "graph"]
    for x, y in zip(graph.get_xdata(), graph.get_ydata()):
        assert net((Fraction(float(x)),))[0] == Fraction(float(y))
    kinks, = [line for line in ax.get_lines() if line.get_gid() == "kink"]
    assert list(kinks.get_xdata()) == [1.0]  # 2 s(x) - 2 s(-x) = 2x: no kink at 0
    hidden, = [line for line in ax.get_lines() if line.get_gid() == "hidden breakpoint"]
    assert list(hidden.get_xdata()) == [0.0]
    assert plot_graph(_identity_pair_a()).axes[0].get_title() == "1-2-1 network: 0 kinks in the interval"


def test_cli_plot_family_choice_and_one_input(tmp_path, capsys):
    from importlib.resources import files

    from semialg_fibers.cli.main import main

    a = str(files("semialg_fibers") / "data" / "identity_pair_a.json")
    assert main(["plot", a, "-o", str(tmp_path / "graph.png")]) == 0
    assert main(["plot", a, "--box", "-3", "3", "-o", str(tmp_path / "graph.svg")]) == 0
    assert main(["plot", a, "--family", "-o", str(tmp_path / "default.png")]) == 0
    assert main(["plot", a, "--family", "scaling 2", "-o", str(tmp_path / "named.png")]) == 0
    assert main(["plot", a, "--family", "3", "-o", str(tmp_path / "index.svg")]) == 0
    assert b"beta" in (tmp_path / "index.svg").read_bytes() or (tmp_path / "index.svg").stat().st_size > 0
    capsys.readouterr()
    assert main(["plot", a, "--family", "nope", "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "component 1 beta_1" in err and "scaling 1" in err
    assert main(["plot", a, "--box", "-1,-1", "1,1", "-o", str(tmp_path / "y.png")]) == 2
    assert not (tmp_path / "x.png").exists()
