"""Pictures of networks on the plane and of fibers (matplotlib, the optional extra ``plot``).

The geometry is computed exactly and drawn in floating point:

* :func:`arrangement` subdivides a box of the input plane into the
  activation regions of the network (exact rational polygons, layer by
  layer: inside a region every pre-activation is affine), keeps the exact
  affine map of each region, and derives from it which first-layer lines are
  *visible* (the function has a kink along some edge on the line inside the
  box) and the second-layer *bent hyperplanes* (zero sets of the second-layer
  pre-activations, one segment per region).
* :func:`plot_network` draws the function as a colour map, the first-layer
  lines (visible ones solid, hidden ones dashed), the bent hyperplanes and
  the boundaries of the linear regions.
* :func:`plot_family` draws a one-parameter family of the fiber (a continuous
  :class:`~semialg_fibers.core.symmetries.Symmetry`: scaling, hiding translation,
  linear-row mixing, ...) as several parameter vectors whose functions
  coincide; the coincidence is checked by exact evaluation.

Every drawing function returns a matplotlib ``Figure``; :func:`save` writes
PNG or SVG.  Nothing here needs a display (the Agg backend is used when no
backend was chosen).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.exceptions import ArgumentError, NotDecidedError, ShapeError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.symbols import parameter_symbols

__all__ = ["Piece", "FirstLayerLine", "Arrangement", "arrangement", "default_box", "check_box", "plot_network",
           "plot_family", "family_members", "FiberFamily", "fiber_families", "GraphPiece", "graph_pieces", "default_interval",
           "plot_graph", "save"]

_ZERO = Fraction(0)


# ---------------------------------------------------------------------------- exact geometry
@dataclass(frozen=True)
class Piece:
    """One activation region: a convex polygon (counter-clockwise vertices) and the exact affine map there.

    ``output[j] = (c_1, c_2, c_0)`` means ``f_j(x) = c_1 x_1 + c_2 x_2 + c_0`` on the polygon.
    """

    vertices: tuple
    pattern: tuple
    output: tuple


@dataclass(frozen=True)
class FirstLayerLine:
    """The line ``a . x + b = 0`` of first-layer neurons (neurons on one line are drawn once)."""

    normal: tuple
    offset: Fraction
    neurons: tuple
    visible: bool


@dataclass(frozen=True)
class Arrangement:
    """The exact picture of a network on a box of the plane.

    Attributes
    ----------
    network : Network
    box : tuple
        ``((x_min, x_max), (y_min, y_max))``, exact.
    pieces : tuple of Piece
    lines : tuple of FirstLayerLine
        Distinct lines of first-layer neurons that meet the interior of the box.
    bent : tuple of (int, tuple of segments)
        For each second-layer neuron (two or more hidden layers), its zero
        set inside the box as exact segments ``((x, y), (x, y))``.
    kinks : tuple of segments
        Edges between pieces whose affine maps differ: the boundaries of the
        linear regions of the function.
    """

    network: Network
    box: tuple
    pieces: tuple
    lines: tuple
    bent: tuple
    kinks: tuple

    @property
    def visible_lines(self) -> tuple:
        """The first-layer lines along which the function has a kink inside the box."""
        return tuple(line for line in self.lines if line.visible)

    @property
    def hidden_lines(self) -> tuple:
        """The first-layer lines without a kink inside the box."""
        return tuple(line for line in self.lines if not line.visible)


def _affine_value(coeffs, point) -> Fraction:
    return coeffs[0] * point[0] + coeffs[1] * point[1] + coeffs[2]


def _split(polygon: list, coeffs) -> tuple[list, list]:
    """The parts of a convex polygon where the affine function is ``>= 0`` and ``<= 0`` (exact clipping)."""
    values = [_affine_value(coeffs, p) for p in polygon]
    positive, negative = [], []
    for i, (p, v) in enumerate(zip(polygon, values)):
        q, w = polygon[(i + 1) % len(polygon)], values[(i + 1) % len(polygon)]
        if v >= 0:
            positive.append(p)
        if v <= 0:
            negative.append(p)
        if (v > 0 and w < 0) or (v < 0 and w > 0):
            t = v / (v - w)
            cut = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            positive.append(cut)
            negative.append(cut)
    return _proper(positive), _proper(negative)


def _proper(polygon: list) -> list:
    """The polygon without repeated vertices; empty when it has no interior."""
    out = []
    for p in polygon:
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    if len(out) < 3:
        return []
    area = sum(out[i][0] * out[(i + 1) % len(out)][1] - out[(i + 1) % len(out)][0] * out[i][1]
               for i in range(len(out)))
    return out if area != 0 else []


def _compose(layer, maps) -> list:
    """Affine maps ``W y + b`` where ``y`` is given by affine maps ``maps`` of the input."""
    out = []
    for row, bias in zip(layer.weight, layer.bias):
        c = [sum((w * m[t] for w, m in zip(row, maps)), _ZERO) for t in range(3)]
        c[2] += bias
        out.append(tuple(c))
    return out


def _distinct_lines(net: Network) -> list[tuple[Fraction, Fraction, Fraction]]:
    """The distinct lines ``a1 x + a2 y + b = 0`` of the first-layer neurons with ``a != 0``, in neuron order."""
    seen: dict = {}
    for r, b in zip(net.layers[0].weight, net.layers[0].bias):
        if r[0] or r[1]:
            seen.setdefault(_line_key(r[0], r[1], b), (r[0], r[1], b))
    return list(seen.values())


def _extreme_crossings(lines, axis: int) -> tuple[Fraction, Fraction] | None:
    """The least and the largest coordinate ``axis`` (0: x, 1: y) of the crossings of ``lines``, or None.

    The leftmost crossing of lines that are graphs over the axis is a crossing
    of two lines adjacent in their order at minus infinity (no two lines
    cross before it, and the lines through it are consecutive just before),
    so sorting by slope finds both extremes in ``O(L log L)``; a line
    parallel to the other axis crosses every other line at its own coordinate.
    """
    graphs, walls = [], []  # graphs: t -> slope t + intercept; walls: axis coordinate = constant
    for a1, a2, b in lines:
        a, c = (a1, a2) if axis == 0 else (a2, a1)  # a: coefficient of the axis, c: of the other coordinate
        if c:
            graphs.append((-a / c, -b / c))
        else:
            walls.append(-b / a)
    found = []
    if graphs:
        found += walls
    for direction in (-1, 1):  # the order at minus infinity (slopes decreasing), then at plus infinity
        ordered = sorted(graphs, key=lambda g: (direction * g[0], g[1]))
        for (s1, c1), (s2, c2) in zip(ordered, ordered[1:]):
            if s1 != s2:
                found.append((c2 - c1) / (s1 - s2))
    return (min(found), max(found)) if found else None


def default_box(net: Network, margin: Fraction = Fraction(1)) -> tuple:
    """A box containing every pairwise crossing of the first-layer lines (and the origin), with a margin.

    The extreme crossings are found in ``O(L log L)`` for ``L`` lines, not by trying every pair.

    >>> from semialg_fibers import examples
    >>> default_box(examples.transversal_counterexample())
    ((Fraction(-3, 2), Fraction(5, 2)), (Fraction(-3, 2), Fraction(5, 2)))
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"default_box needs a semialg_fibers.Network, got {type(net).__name__}")
    if net.input_dim != 2:
        raise ShapeError(f"pictures of the input plane need input dimension 2; the network has {net.input_dim}")
    lines = _distinct_lines(net)
    xs, ys = [_ZERO], [_ZERO]
    for values, axis in ((xs, 0), (ys, 1)):
        extremes = _extreme_crossings(lines, axis)
        if extremes is not None:
            values.extend(extremes)
    for a1, a2, b in lines:  # the foot of the perpendicular from the origin
        norm = a1 * a1 + a2 * a2
        xs.append(-b * a1 / norm)
        ys.append(-b * a2 / norm)
    span = max(max(xs) - min(xs), max(ys) - min(ys), Fraction(2))
    pad = margin + span / 4
    return ((min(xs) - pad, max(xs) + pad), (min(ys) - pad, max(ys) + pad))


#: Largest absolute value of a box bound: the picture is drawn in floating point.
DRAWABLE = Fraction(10) ** 300


def check_box(box, where: str = "box") -> tuple:
    """The box as exact pairs ``(lower, upper)`` with ``lower < upper``, drawable in floating point.

    >>> check_box([(0, 1), ("-1/2", 2)])
    ((Fraction(0, 1), Fraction(1, 1)), (Fraction(-1, 2), Fraction(2, 1)))
    >>> check_box([(0, 1), (2, 2)], "--box")
    Traceback (most recent call last):
    ...
    ValueError: --box: coordinate 2 has lower bound 2 and upper bound 2; expected lower < upper
    """
    from ..core.exact import format_rational, to_rational

    if isinstance(box, (str, bytes)) or not hasattr(box, "__iter__"):
        raise TypeError(f"{where} is a {type(box).__name__}; expected two pairs (lower, upper)")
    pairs = [tuple(pair) for pair in box]
    if len(pairs) != 2 or any(len(pair) != 2 for pair in pairs):
        raise ShapeError(f"{where}: expected two pairs (lower, upper), one per input coordinate; got {len(pairs)}")
    out = []
    for i, (lo, hi) in enumerate(pairs, 1):
        lo, hi = to_rational(lo, f"{where} coordinate {i} lower"), to_rational(hi, f"{where} coordinate {i} upper")
        if not lo < hi:
            raise ValueError(f"{where}: coordinate {i} has lower bound {format_rational(lo)} and upper bound "
                             f"{format_rational(hi)}; expected lower < upper")
        if max(abs(lo), abs(hi)) > DRAWABLE:
            raise ValueError(f"{where}: coordinate {i} has a bound beyond 1e300 in absolute value, which a picture "
                             "(drawn in floating point) cannot show")
        out.append((lo, hi))
    return tuple(out)


def _check_regions(net: Network, box, limits: SearchLimits) -> None:
    """Refuse a picture with more regions than ``plot_pieces`` by a lower bound, before subdividing.

    Adding the lines one by one, each splits one region more than it has
    crossings with the earlier lines inside the box, so the first layer alone
    has at least ``1 + P`` regions for ``P`` distinct crossing points inside
    the box.  The pairs examined count against ``plot_tests``.
    """
    (x0, x1), (y0, y1) = box
    points: set = set()
    pairs = 0
    bound = limits.plot_pieces
    for (a1, a2, b), (c1, c2, d) in itertools.combinations(_distinct_lines(net), 2):
        pairs += 1
        if limits.exceeded("plot_tests", pairs):
            limits.check("plot_tests", pairs, f"{pairs} pairs of first-layer lines examined for their crossings")
        det = a1 * c2 - a2 * c1
        if det:
            x, y = (-b * c2 + a2 * d) / det, (-a1 * d + c1 * b) / det
            if x0 < x < x1 and y0 < y < y1:
                points.add((x, y))
                if bound is not None and 1 + len(points) > bound:
                    limits.check("plot_pieces", 1 + len(points), f"at least {1 + len(points)} activation regions "
                                 "in the box (one more than the crossings of the first-layer lines)")


def _line_key(a1, a2, b) -> tuple:
    lead = a1 if a1 else a2  # first nonzero coefficient 1: both orientations of an edge give one key
    return (a1 / lead, a2 / lead, b / lead)


def arrangement(net: Network, box=None, *, limits: SearchLimits | None = None) -> Arrangement:
    """Subdivide ``box`` into the activation regions of ``net`` exactly (input dimension 2, any depth).

    Parameters
    ----------
    net : Network
        Input dimension 2.
    box : ((x_min, x_max), (y_min, y_max)), optional
        Exact bounds; default :func:`default_box`.
    limits : SearchLimits, optional
        ``limits.plot_pieces`` bounds the number of regions (a lower bound is
        checked before subdividing: the crossings of the first-layer lines),
        ``limits.plot_tests`` the work: every region tested against one
        neuron's hyperplane, and every pair of edges compared for the kinks.

    Raises
    ------
    LimitReachedError
        Beyond ``plot_pieces`` or ``plot_tests``.

    Examples
    --------
    ``s(x_1) + s(x_2) - s(x_1 + x_2 - 1)``: three visible lines.

    >>> from semialg_fibers import examples
    >>> arr = arrangement(examples.transversal_counterexample())
    >>> len(arr.lines), len(arr.visible_lines)
    (3, 3)

    ``s(x_1) + s(x_2) - s(-x_2) = s(x_1) + x_2``: the line ``x_2 = 0`` carries
    two neurons whose kinks cancel, so it is hidden.

    >>> arr = arrangement(Network.from_layers([([[1, 0], [0, 1], [0, -1]], [0, 0, 0]), ([[1, 1, -1]], [0])]))
    >>> [(line.normal, line.visible) for line in arr.lines]
    [((Fraction(1, 1), Fraction(0, 1)), True), ((Fraction(0, 1), Fraction(1, 1)), False)]
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    if net.input_dim != 2:
        raise ShapeError(f"pictures of the input plane need input dimension 2; the network has {net.input_dim}")
    box = check_box(default_box(net), "the default box (every crossing of the first-layer lines)") if box is None \
        else check_box(box)
    (x0, x1), (y0, y1) = box
    limits = resolve(limits)
    _check_regions(net, box, limits)
    tests = 0
    identity = [(Fraction(1), _ZERO, _ZERO), (_ZERO, Fraction(1), _ZERO)]
    pieces = [([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], (), identity)]
    bent: dict = {}
    for depth, layer in enumerate(net.layers[:-1], start=1):
        refined: list = []
        for polygon, pattern, maps in pieces:
            pre = _compose(layer, maps)
            parts = [(polygon, ())]
            for j, coeffs in enumerate(pre):
                if depth == 2 and (coeffs[0] or coeffs[1]):
                    segment = _zero_segment(polygon, coeffs)
                    if segment is not None:
                        bent.setdefault(j, []).append(segment)
                next_parts = []
                tests += len(parts)
                limits.check("plot_tests", tests, f"{tests} region tests while subdividing the box")
                for poly, signs in parts:
                    pos, neg = _split(poly, coeffs)
                    if pos:
                        next_parts.append((pos, signs + (1,)))
                    if neg:
                        next_parts.append((neg, signs + (0,)))
                parts = next_parts
                limits.check("plot_pieces", len(refined) + len(parts), f"{len(refined) + len(parts)} activation "
                             "regions in the box")
            for poly, signs in parts:
                active = [c if s else (_ZERO, _ZERO, _ZERO) for c, s in zip(pre, signs)]
                refined.append((poly, pattern + (signs,), active))
            limits.check("plot_pieces", len(refined), f"{len(refined)} activation regions in the box")
        pieces = refined
    out = tuple(Piece(tuple(poly), pattern, tuple(_compose(net.layers[-1], maps)))
                for poly, pattern, maps in pieces)
    kinks = _kinks(out, limits, tests)
    lines = _first_layer_lines(net, box, kinks)
    return Arrangement(net, box, out, lines, tuple((j, tuple(s)) for j, s in sorted(bent.items())), kinks)


def _zero_segment(polygon, coeffs):
    values = [_affine_value(coeffs, p) for p in polygon]
    points = []
    for i, (p, v) in enumerate(zip(polygon, values)):
        q, w = polygon[(i + 1) % len(polygon)], values[(i + 1) % len(polygon)]
        if v == 0:
            points.append(p)
        elif (v > 0 and w < 0) or (v < 0 and w > 0):
            t = v / (v - w)
            points.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    points = list(dict.fromkeys(points))
    return (points[0], points[-1]) if len(points) >= 2 else None


def _edges(piece: Piece):
    v = piece.vertices
    return [(v[i], v[(i + 1) % len(v)]) for i in range(len(v))]


def _kinks(pieces, limits: SearchLimits | None = None, tests: int = 0) -> tuple:
    """Edges shared (on a common line, overlapping) by two pieces with different affine maps."""
    limits = resolve(limits)
    by_line: dict = {}
    for index, piece in enumerate(pieces):
        for p, q in _edges(piece):
            a1, a2 = q[1] - p[1], p[0] - q[0]
            b = -(a1 * p[0] + a2 * p[1])
            by_line.setdefault(_line_key(a1, a2, b), []).append((index, p, q))
    tests += sum(len(edges) * (len(edges) - 1) // 2 for edges in by_line.values())
    limits.check("plot_tests", tests, f"{tests} region tests and edge comparisons for the kinks")
    out = []
    for key, edges in by_line.items():
        direction = (-key[1], key[0])
        for (i, p, q), (j, r, s) in itertools.combinations(edges, 2):
            if i == j or pieces[i].output == pieces[j].output:
                continue
            t = sorted([(_dot(p, direction), p), (_dot(q, direction), q)])
            u = sorted([(_dot(r, direction), r), (_dot(s, direction), s)])
            low, high = max(t[0], u[0]), min(t[1], u[1])
            if low[0] < high[0]:
                out.append((low[1], high[1]))
    return tuple(out)


def _dot(p, d) -> Fraction:
    return p[0] * d[0] + p[1] * d[1]


def _first_layer_lines(net: Network, box, kinks) -> tuple:
    (x0, x1), (y0, y1) = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    found: dict = {}
    for i, (row, b) in enumerate(zip(net.layers[0].weight, net.layers[0].bias)):
        if not (row[0] or row[1]):
            continue
        values = [row[0] * c[0] + row[1] * c[1] + b for c in corners]
        if min(values) >= 0 or max(values) <= 0:
            continue  # misses the interior of the box
        key = _line_key(row[0], row[1], b)
        found.setdefault(key, []).append(i)
    out = []
    for key, neurons in sorted(found.items(), key=lambda item: item[1][0]):
        visible = any(all(key[0] * p[0] + key[1] * p[1] + key[2] == 0 for p in k) for k in kinks)
        out.append(FirstLayerLine((key[0], key[1]), key[2], tuple(neurons), visible))
    return tuple(out)


# ---------------------------------------------------------------------------- drawing
def _pyplot():
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ImportError("pictures need matplotlib: pip install 'semialg-fibers[plot]'") from exc
    if matplotlib.get_backend().lower() not in ("agg", "svg", "pdf", "module://matplotlib_inline.backend_inline"):
        try:
            import matplotlib.pyplot  # noqa: F401  (fails without a display)
        except Exception:  # pragma: no cover
            matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _floats(values, what: str) -> list[float]:
    """``values`` as floats for drawing; a value beyond ``1e300`` is refused (no picture can show it)."""
    values = list(values)
    if any(abs(v) > DRAWABLE for v in values):
        raise ValueError(f"{what} has an entry beyond 1e300 in absolute value, which a picture (drawn in floating "
                         "point) cannot show")
    return [float(v) for v in values]


def _float_function(net: Network, output: int):
    import numpy as np

    for i, layer in enumerate(net.layers, 1):
        _floats(layer.bias, f"layer {i}")
        for row in layer.weight:
            _floats(row, f"layer {i}")

    layers = [(np.array([[float(v) for v in row] for row in l.weight]), np.array([float(v) for v in l.bias]))
              for l in net.layers]

    def f(points):
        y = points
        for w, b in layers[:-1]:
            y = np.maximum(y @ w.T + b, 0.0)
        w, b = layers[-1]
        return (y @ w.T + b)[:, output]

    return f


def plot_network(net: Network, box=None, output: int = 0, resolution: int = 300, ax=None, title: str | None = None,
                 *, limits: SearchLimits | None = None):
    """Draw a network on the plane: ``f`` as a colour map, first-layer lines, bent hyperplanes, linear regions.

    Visible first-layer lines (a kink of ``f`` along them inside the box) are
    solid, hidden ones dashed; second-layer bent hyperplanes are dotted; thin
    black edges bound the linear regions.  Each drawn first-layer line has the
    ``gid`` ``"first-layer visible"`` or ``"first-layer hidden"``, each bent
    hyperplane segment ``"second-layer"``.  ``limits.plot_pieces`` bounds the
    regions (:func:`arrangement`).  A 1-input network is drawn as the graph
    of ``f`` on an interval (:func:`plot_graph`; ``box`` is then the interval).

    Returns
    -------
    matplotlib.figure.Figure
    """
    import numpy as np

    _check_output_index(net, output)
    if net.input_dim == 1:
        return plot_graph(net, box, output, ax, title, limits=limits)
    plt = _pyplot()
    arr = arrangement(net, box, limits=limits)
    (x0, x1), (y0, y1) = [(float(lo), float(hi)) for lo, hi in arr.box]
    if ax is None:
        fig, ax = plt.subplots(figsize=(6.4, 5.4))
    else:
        fig = ax.figure
    xs, ys = np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution)
    grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    values = _float_function(net, output)(grid).reshape(resolution, resolution)
    image = ax.imshow(values, origin="lower", extent=(x0, x1, y0, y1), cmap="viridis", aspect="auto")
    fig.colorbar(image, ax=ax, label=f"$f_{{{output + 1}}}(x)$" if net.output_dim > 1 else "$f(x)$")
    for p, q in arr.kinks:
        ax.plot([float(p[0]), float(q[0])], [float(p[1]), float(q[1])], color="black", lw=0.8, gid="region")
    for line in arr.lines:
        segment = _clip_line(line, arr.box)
        (px, py), (qx, qy) = segment
        style = dict(color="crimson", lw=2.0, ls="-") if line.visible else dict(color="white", lw=1.4, ls="--")
        ax.plot([px, qx], [py, qy], gid="first-layer " + ("visible" if line.visible else "hidden"), **style)
    for _, segments in arr.bent:
        for p, q in segments:
            ax.plot([float(p[0]), float(q[0])], [float(p[1]), float(q[1])], color="orange", lw=1.6, ls=":",
                    gid="second-layer")
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    arch = "-".join(map(str, net.architecture))
    ax.set_title(title if title is not None else
                 f"{arch} network: {len(arr.visible_lines)} visible, {len(arr.hidden_lines)} hidden first-layer lines")
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color="crimson", lw=2.0, label="first layer, visible"),
               Line2D([], [], color="white", lw=1.4, ls="--", label="first layer, hidden"),
               Line2D([], [], color="black", lw=0.8, label="linear regions")]
    if arr.bent:
        handles.append(Line2D([], [], color="orange", lw=1.6, ls=":", label="second layer (bent)"))
    ax.legend(handles=handles, loc="upper right", fontsize=8, facecolor="lightgrey", framealpha=0.8)
    return fig


def _check_output_index(net: Network, output) -> None:
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    if isinstance(output, bool) or not isinstance(output, int) or not 0 <= output < net.output_dim:
        raise ValueError(f"output is {output!r}; the network has {net.output_dim} output"
                         f"{'s' if net.output_dim > 1 else ''} (indices 0 to {net.output_dim - 1})")


def _clip_line(line: FirstLayerLine, box) -> tuple:
    """The two points where a line crosses the boundary of the box (floats)."""
    (x0, x1), (y0, y1) = box
    a1, a2 = line.normal
    b = line.offset
    points = []
    for x in (x0, x1):
        if a2:
            y = -(a1 * x + b) / a2
            if y0 <= y <= y1:
                points.append((x, y))
    for y in (y0, y1):
        if a1:
            x = -(a2 * y + b) / a1
            if x0 <= x <= x1:
                points.append((x, y))
    points = sorted(set(points))
    p, q = points[0], points[-1]
    return (float(p[0]), float(p[1])), (float(q[0]), float(q[1]))


# ---------------------------------------------------------------------------- one input: the graph of f
@dataclass(frozen=True)
class GraphPiece:
    """One interval ``[left, right]`` of a 1-input network's activation regions and the exact affine map there.

    ``output[j] = (slope, intercept)``: ``f_j(x) = slope x + intercept`` on the interval.
    """

    left: Fraction
    right: Fraction
    output: tuple


def _check_interval(interval, where: str = "interval") -> tuple:
    from ..core.exact import format_rational, to_rational

    if isinstance(interval, (str, bytes)) or not hasattr(interval, "__iter__"):
        raise TypeError(f"{where} is a {type(interval).__name__}; expected a pair (lower, upper)")
    pair = tuple(interval)
    if len(pair) == 1 and hasattr(pair[0], "__iter__") and not isinstance(pair[0], str):
        pair = tuple(pair[0])  # ((lo, hi),): the one-coordinate box
    if len(pair) != 2:
        raise ShapeError(f"{where}: expected a pair (lower, upper); got {len(pair)} entries")
    lo, hi = to_rational(pair[0], f"{where} lower"), to_rational(pair[1], f"{where} upper")
    if not lo < hi:
        raise ValueError(f"{where}: lower bound {format_rational(lo)} and upper bound {format_rational(hi)}; "
                         "expected lower < upper")
    if max(abs(lo), abs(hi)) > DRAWABLE:
        raise ValueError(f"{where}: a bound beyond 1e300 in absolute value cannot be drawn in floating point")
    return (lo, hi)


def default_interval(net: Network, margin: Fraction = Fraction(1)) -> tuple:
    """An interval containing 0 and every first-layer breakpoint ``-b_i / a_i`` of a 1-input network, with a margin.

    >>> default_interval(Network.from_layers([([[1], [-1]], [1, 3]), ([[1, 1]], [0])]))
    (Fraction(-3, 1), Fraction(5, 1))
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    if net.input_dim != 1:
        raise ShapeError(f"the graph of f needs input dimension 1; the network has {net.input_dim}")
    points = [_ZERO] + [-b / row[0] for row, b in zip(net.layers[0].weight, net.layers[0].bias) if row[0]]
    lo, hi = min(points), max(points)
    pad = margin + max(hi - lo, Fraction(2)) / 4
    return (lo - pad, hi + pad)


def graph_pieces(net: Network, interval=None, *, limits: SearchLimits | None = None) -> tuple:
    """Subdivide an interval into the activation regions of a 1-input network (exact, any depth).

    Returns the pieces left to right, adjacent pieces with equal affine maps
    merged, so the interior endpoints are exactly the kinks of ``f`` in the
    interval.  ``limits.plot_pieces`` bounds the pieces and
    ``limits.plot_tests`` the interval tests.

    Examples
    --------
    ``s(x) - s(-x) = x``: two activation regions, one linear piece (no kink).

    >>> [(p.left, p.right) for p in graph_pieces(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])]),
    ...                                          (-1, 1))]
    [(Fraction(-1, 1), Fraction(1, 1))]
    >>> [p.right for p in graph_pieces(Network.from_layers([([[1], [1]], [0, -1]), ([[1, -1]], [0])]), (-1, 2))]
    [Fraction(0, 1), Fraction(1, 1), Fraction(2, 1)]
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"expected a Network, got {type(net).__name__}")
    if net.input_dim != 1:
        raise ShapeError(f"the graph of f needs input dimension 1; the network has {net.input_dim}")
    lo, hi = default_interval(net) if interval is None else _check_interval(interval)
    limits = resolve(limits)
    tests = 0
    pieces = [(lo, hi, [(Fraction(1), _ZERO)])]  # maps: slope, intercept of each coordinate
    for layer in net.layers[:-1]:
        for j in range(len(layer.bias)):
            refined = []
            for left, right, maps in pieces:
                tests += 1
                limits.check("plot_tests", tests, f"{tests} interval tests while subdividing the interval")
                row, b = layer.weight[j], layer.bias[j]
                slope = sum((w * m[0] for w, m in zip(row, maps)), _ZERO)
                icpt = sum((w * m[1] for w, m in zip(row, maps)), _ZERO) + b
                if slope:
                    zero = -icpt / slope
                    if left < zero < right:
                        refined += [(left, zero, maps), (zero, right, maps)]
                        continue
                refined.append((left, right, maps))
            pieces = refined
            limits.check("plot_pieces", len(pieces), f"{len(pieces)} activation intervals")
        new = []
        for left, right, maps in pieces:
            mid = (left + right) / 2
            out = []
            for row, b in zip(layer.weight, layer.bias):
                slope = sum((w * m[0] for w, m in zip(row, maps)), _ZERO)
                icpt = sum((w * m[1] for w, m in zip(row, maps)), _ZERO) + b
                out.append((slope, icpt) if slope * mid + icpt > 0 else (_ZERO, _ZERO))
            new.append((left, right, out))
        pieces = new
    last = net.layers[-1]
    result: list = []
    for left, right, maps in pieces:
        output = tuple((sum((w * m[0] for w, m in zip(row, maps)), _ZERO),
                        sum((w * m[1] for w, m in zip(row, maps)), _ZERO) + b) for row, b in zip(last.weight, last.bias))
        if result and result[-1].output == output:
            result[-1] = GraphPiece(result[-1].left, right, output)
        else:
            result.append(GraphPiece(left, right, output))
    return tuple(result)


def plot_graph(net: Network, interval=None, output: int = 0, ax=None, title: str | None = None, *,
               limits: SearchLimits | None = None):
    """Draw the graph of a 1-input network on an interval: exact linear pieces, kinks and first-layer breakpoints.

    The graph is one polyline through the exact vertices (``gid`` ``"graph"``);
    the kinks of ``f`` are filled dots (``"kink"``); the first-layer
    breakpoints ``-b_i / a_i`` inside the interval where ``f`` has no kink
    (hidden: the neurons' kinks cancel) are open circles on the axis
    (``"hidden breakpoint"``).  See :func:`graph_pieces`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    _check_output_index(net, output)
    plt = _pyplot()
    pieces = graph_pieces(net, interval, limits=limits)
    if ax is None:
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
    else:
        fig = ax.figure
    xs = [pieces[0].left] + [p.right for p in pieces]
    ys = [pieces[0].output[output][0] * pieces[0].left + pieces[0].output[output][1]] + \
         [p.output[output][0] * p.right + p.output[output][1] for p in pieces]
    ax.plot(_floats(xs, "the interval"), _floats(ys, "f"), color="navy", lw=2, gid="graph")
    kinks = [(p.right, p.output[output][0] * p.right + p.output[output][1]) for p, q in zip(pieces, pieces[1:])
             if p.output[output] != q.output[output]]
    if kinks:
        ax.plot(_floats([k[0] for k in kinks], "a kink"), _floats([k[1] for k in kinks], "f"), ls="", marker="o",
                color="crimson", ms=7, gid="kink", label="kinks of f")
    lo, hi = pieces[0].left, pieces[-1].right
    kink_x = {k[0] for k in kinks}
    hidden = sorted({-b / row[0] for row, b in zip(net.layers[0].weight, net.layers[0].bias)
                     if row[0] and lo < -b / row[0] < hi} - kink_x)
    if hidden:
        ax.plot(_floats(hidden, "a breakpoint"), _floats([net((x,))[output] for x in hidden], "f"), ls="",
                marker="o", mfc="none", color="grey", ms=9, gid="hidden breakpoint",
                label="first-layer breakpoints without a kink")
    ax.set_xlim(float(lo), float(hi))
    ax.set_xlabel("$x$")
    ax.set_ylabel(f"$f_{{{output + 1}}}(x)$" if net.output_dim > 1 else "$f(x)$")
    arch = "-".join(map(str, net.architecture))
    ax.set_title(title if title is not None else f"{arch} network: {len(kinks)} kink{'s' if len(kinks) != 1 else ''}"
                 f" in the interval")
    if kinks or hidden:
        ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return fig


# ---------------------------------------------------------------------------- fiber families
_PREFERRED = ("hiding translation", "linear-row mixing", "linear-row bias", "scaling")
_CANDIDATES = (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(2), Fraction(-1, 2), Fraction(-1), Fraction(3),
               Fraction(-2))


def _probe_points(net: Network, count: int = 40) -> list:
    import random

    rng = random.Random(0)
    return [tuple(Fraction(rng.randint(-40, 40), 8) for _ in range(net.input_dim)) for _ in range(count)]


@dataclass(frozen=True)
class FiberFamily:
    """A one-parameter family of the fiber through a network, one of the choices of :func:`plot_family`.

    Attributes
    ----------
    name : str
        Plain name to choose it by: ``"scaling 1"``, ``"hiding translation 1"``,
        ``"component 1 beta_1"`` (the auxiliary variable ``\beta_1`` of fiber
        component 1 varies, the others stay at the network's values).
    kind : str
        The symmetry kind, or ``"fiber component"``.
    description : str
        Plain words (with the formulas of the symmetry's own description).
    symmetry : Symmetry or None
        The symmetry, for a family of :func:`semialg_fibers.api.symmetries`.
    component : int or None
        The 1-based index of the fiber component, for a component family.
    hidden : bool
        True unless the move is a composition of the positive scalings of the
        hidden neurons (the moves present at every network).
    """

    name: str
    kind: str
    description: str
    symmetry: Any = None
    component: int | None = None
    hidden: bool = False
    _apply: Any = None
    title: str = ""

    def apply(self, net: Network, value) -> Network:
        """The member at parameter value ``value`` (for a component family, the value of its auxiliary variable)."""
        if self.symmetry is not None:
            return self.symmetry.apply(net, value)
        return self._apply(Fraction(value))


_GREEK = {"alpha", "beta", "gamma", "delta", "lambda", "mu", "nu", "rho", "sigma", "tau", "theta", "kappa", "omega",
          "xi", "eta", "zeta", "phi", "psi", "chi", "epsilon", "pi"}


def _plain(symbol) -> str:
    r"""A TeX symbol name in plain letters: ``\lambda_{2}`` as ``lambda_2``."""
    return str(symbol).replace("\\", "").replace("{", "").replace("}", "").replace("^", "").replace(",", "_")


def _scaling_span(net: Network):
    """The tangent vectors at ``net`` of the positive scalings of the hidden neurons (exact, flat order)."""
    import sympy

    rows = []
    offsets, start = [], 0
    for layer in net.layers:
        n_out, n_in = len(layer.bias), len(layer.weight[0]) if layer.weight else 0
        offsets.append((start, n_out, n_in))
        start += n_out * (n_in + 1)
    for l, (start, n_out, n_in) in enumerate(offsets[:-1]):
        nxt, n_next, _ = offsets[l + 1]
        for i in range(n_out):
            v = [Fraction(0)] * net.num_parameters
            for j in range(n_in):
                v[start + i * n_in + j] = net.layers[l].weight[i][j]
            v[start + n_out * n_in + i] = net.layers[l].bias[i]
            for k in range(n_next):
                v[nxt + k * n_out + i] = -net.layers[l + 1].weight[k][i]
            rows.append([sympy.Rational(x.numerator, x.denominator) for x in v])
    return rows


def _component_families(net: Network, limits: SearchLimits | None) -> list:
    """One family per auxiliary variable of each fiber component that passes through ``net`` at a found point.

    The auxiliary point of ``net`` is found by solving ``parametrization(aux) = parameters(net)`` with SymPy (free
    auxiliaries set to 1, the point checked against the component's domain); a component where this fails, or a
    fiber that is not computed within ``limits``, gives no family.
    """
    import sympy

    from ..api import fiber
    from ..core.exceptions import SemialgFibersError

    try:
        components = fiber(net, limits=limits).components
    except (SemialgFibersError, RecursionError):
        return []
    params = [sympy.Rational(v.numerator, v.denominator) for v in net.parameters()]
    scalings = _scaling_span(net)
    base_rank = sympy.Matrix(scalings).rank() if scalings else 0
    out = []
    for index, comp in enumerate(components, 1):
        aux = tuple(comp.auxiliary)
        if not aux or len(aux) > 12:
            continue
        try:
            solutions = sympy.solve([p - v for p, v in zip(comp.parametrization, params)], aux, dict=True)
        except (NotImplementedError, ValueError, TypeError):
            continue
        point = None
        for sol in solutions:
            full = {a: sol.get(a, a) for a in aux}
            free = {x: sympy.Integer(1) for e in full.values() for x in e.free_symbols}
            full = {a: e.subs(free) for a, e in full.items()}
            if all(e.is_Rational for e in full.values()):
                candidate = tuple(Fraction(int(e.p), int(e.q)) for e in full.values())
                try:
                    if comp.domain.contains(candidate):
                        point = candidate
                        break
                except (NotDecidedError, ValueError):
                    continue
        if point is None:
            continue
        subs0 = dict(zip(aux, (sympy.Rational(x.numerator, x.denominator) for x in point)))
        for k, a in enumerate(aux):
            tangent = [sympy.diff(p, a).subs(subs0) for p in comp.parametrization]
            if not any(tangent) or not all(x.is_Rational for x in tangent):
                continue
            hidden = sympy.Matrix(scalings + [tangent]).rank() > base_rank if scalings else True

            def member(value, comp=comp, k=k, point=point, aux=aux, index=index):
                values = list(point)
                values[k] = value
                if not comp.domain.contains(values):
                    raise ValueError(f"{_plain(aux[k])} = {value} is outside component {index}'s domain")
                subs = {s: sympy.Rational(x.numerator, x.denominator) for s, x in zip(aux, values)}
                try:
                    numbers = [sympy.nsimplify(p.subs(subs)) for p in comp.parametrization]
                except ZeroDivisionError as exc:
                    raise ValueError(str(exc)) from exc
                if not all(x.is_Rational for x in numbers):
                    raise ValueError(f"{_plain(aux[k])} = {value}: the parametrization is not defined there")
                return Network.from_parameters(net.architecture, [Fraction(int(x.p), int(x.q)) for x in numbers])

            at = ", ".join(f"{_plain(b)} = {format(x)}" for j, (b, x) in enumerate(zip(aux, point)) if j != k)
            words = (f"fiber component {index} ({comp.description.split(':')[0]}): {_plain(a)} = t varies"
                     + (f", {at}" if at else ""))
            held = ", ".join(f"{sympy.latex(b)} = {sympy.latex(subs0[b])}" for b in aux if b != a)
            title = f"fiber component {index}: ${sympy.latex(a)} = t$" + (f", ${held}$" if held else "")
            out.append(FiberFamily(f"component {index} {_plain(a)}", "fiber component", words, None, index,
                                   bool(hidden), member, title))
    return out


def fiber_families(net: Network, *, limits: SearchLimits | None = None, components: bool = True) -> tuple:
    """The one-parameter families of the fiber through ``net`` that :func:`plot_family` can draw, hidden ones first.

    The continuous symmetries of :func:`semialg_fibers.api.symmetries` with an exact action, named
    ``"<kind> <k>"`` (``"scaling 2"``: the second scaling), then (``components=True``) the families of the fiber's
    components: each auxiliary variable of a component's parametrization varied alone, the others held at the
    values that give ``net`` (``"component 1 beta_1"``).  ``hidden`` marks a family whose tangent at ``net`` is not
    in the span of the tangents of the positive scalings.  Within each group the hidden families come first.

    Examples
    --------
    ``x = s(x) - s(-x)``: the move of the cancelling pair (``beta_1``: the common kink moves, the output bias
    compensates) is a fiber-component family, not a listed symmetry.

    >>> net = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> [(f.name, f.hidden) for f in fiber_families(net)]  # doctest: +NORMALIZE_WHITESPACE
    [('scaling 1', False), ('scaling 2', False), ('component 1 beta_1', True), ('component 1 gamma_1', False),
     ('component 1 lambda_1', False), ('component 1 lambda_2', False)]
    """
    from ..api import symmetries
    from ..core.symmetries import SymmetryKind, h_symmetries

    try:
        options = list(symmetries(net, limits=limits))
    except NotDecidedError:  # e.g. too many layer-flip sets: the symmetries of H are present at every network
        options = list(h_symmetries(net))
    counts: dict = {}
    named = []
    for s in options:
        if not (s.continuous and s.action is not None):
            continue
        kind = str(s.kind)
        counts[kind] = counts.get(kind, 0) + 1
        named.append(FiberFamily(f"{kind} {counts[kind]}", kind, s.description, s, None,
                                 kind != str(SymmetryKind.SCALING)))
    rank = {kind: i for i, kind in enumerate(_PREFERRED)}
    named.sort(key=lambda f: (not f.hidden, rank.get(f.kind, len(rank))))
    found = sorted(_component_families(net, limits), key=lambda f: not f.hidden) if components else []
    return tuple(named + found)


def _choose(net: Network, family, limits) -> FiberFamily:
    """The family named or numbered by ``family`` (1-based index into :func:`fiber_families`), or the default."""
    if isinstance(family, FiberFamily):
        return family
    if family is not None and not isinstance(family, (str, int)) or isinstance(family, bool):
        raise TypeError(f"family is a {type(family).__name__}; expected a name, a 1-based index or a FiberFamily")
    cheap = fiber_families(net, limits=limits, components=False)
    if family is None and any(f.hidden for f in cheap):
        return cheap[0]
    options = fiber_families(net, limits=limits)
    if not options:
        raise NotDecidedError("no one-parameter family of the fiber is known for this network")
    if family is None:
        hidden = [f for f in options if f.hidden]
        return hidden[0] if hidden else options[0]
    text = str(family).strip()
    if text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    for f in options:
        if f.name == text.lower() or f.name == text:
            return f
    listing = "; ".join(f"{i}: {f.name}" for i, f in enumerate(options, 1))
    raise ValueError(f"family {family!r} is not one of the {len(options)} families of this network ({listing})")


def family_members(net: Network, symmetry=None, values: Sequence | None = None, *, count: int = 4,
                   family=None, limits: SearchLimits | None = None):
    """Parameters of a one-parameter family of the fiber, checked to compute the same function.

    Parameters
    ----------
    net : Network
    symmetry : Symmetry, optional
        A continuous symmetry with an exact action.
    values : sequence of exact numbers, optional
        Parameter values of the family; default: the first ``count`` values
        of ``0, 1/2, 1, 2, -1/2, ...`` at which the action is defined (for a
        scaling, positive factors).
    family : str, int or FiberFamily, optional
        One of :func:`fiber_families` by name or 1-based index (an unknown one
        raises ``ValueError`` listing the choices).  Default (neither
        ``symmetry`` nor ``family``): the first hidden family (a hidden
        symmetry, else a fiber-component family that is not a scaling, such
        as the ``s(x) - s(-x)`` move of a cancelling pair), else the first one.

    Returns
    -------
    (FiberFamily or Symmetry, list of (value, Network))
        Every member equals ``net``'s function at 40 rational points (exact
        evaluation); a member that does not raises ``InternalCheckError``.
    """
    from ..core.exceptions import InternalCheckError
    from ..core.symmetries import SymmetryKind

    if symmetry is not None and family is not None:
        raise ValueError("give a symmetry or a family, not both")
    if symmetry is None:
        symmetry = _choose(net, family, limits)
    if values is None:
        candidates = [v for v in _CANDIDATES if v > 0] if str(symmetry.kind) == str(SymmetryKind.SCALING) \
            else list(_CANDIDATES)
    else:
        candidates = [Fraction(v) for v in values]
    members = []
    probes = _probe_points(net)
    expected = net.evaluate_batch(probes)
    for value in candidates:
        try:
            member = symmetry.apply(net, value)
        except (ValueError, TypeError, NotDecidedError, ZeroDivisionError):
            if values is not None:
                raise
            continue
        if member.evaluate_batch(probes) != expected:
            raise InternalCheckError(f"{symmetry.kind} with value {value} changed the function")
        members.append((value, member))
        if values is None and len(members) == count:
            break
    if not members:
        raise NotDecidedError(f"{symmetry.kind}: no candidate value gives a point of the fiber")
    return symmetry, members


def plot_family(net: Network, symmetry=None, values: Sequence | None = None, *, count: int = 4, output: int = 0,
                family=None, limits: SearchLimits | None = None):
    """Draw a one-parameter family of the fiber: the parameter vectors differ, the functions coincide.

    Left: the coordinates of each member (one marker style per member).  Right:
    the function of each member along a line through the input space (the
    curves lie on top of each other; for one input, each member's first-layer
    breakpoints ``-b_i / a_i`` are marked on its graph, ``gid`` ``"breakpoint"``).
    ``family`` chooses the family by name or 1-based index among
    :func:`fiber_families`; the default is the first hidden one.  See
    :func:`family_members`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    import numpy as np

    _check_output_index(net, output)
    plt = _pyplot()
    symmetry, members = family_members(net, symmetry, values, count=count, family=family, limits=limits)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    markers = "osd^v<>xP*"
    index = np.arange(net.num_parameters)
    for k, (value, member) in enumerate(members):
        left.plot(index, _floats(member.parameters(), f"the member t = {value}"), marker=markers[k % len(markers)],
                  ls="",
                  label=f"t = {value}", alpha=0.8, gid="member")
    import sympy

    names = [f"${sympy.latex(c)}$" for c in parameter_symbols(net.architecture)]
    step = max(1, len(names) // 24)  # at most about 24 labelled coordinates
    left.set_xticks(index[::step])
    left.set_xticklabels(names[::step], rotation=90, fontsize=7)
    left.set_xlabel(r"parameter coordinate $\theta_p$")
    left.set_ylabel("value")
    left.set_title("parameters of the family")
    left.legend(fontsize=8)
    direction = np.array([1.0] + [0.5] * (net.input_dim - 1))
    ts = np.linspace(-4, 4, 400)
    points = ts[:, None] * direction[None, :]
    for k, (value, member) in enumerate(members):
        right.plot(ts, _float_function(member, output)(points), lw=4 - 2.5 * k / max(1, len(members) - 1),
                   label=f"t = {value}", alpha=0.7, gid="function")
        if net.input_dim == 1:
            kinks = sorted({-b / row[0] for row, b in zip(member.layers[0].weight, member.layers[0].bias)
                            if row[0] and abs(b / row[0]) <= 4})
            if kinks:
                right.plot(_floats(kinks, "a breakpoint"), _floats([member((x,))[output] for x in kinks], "f"),
                           ls="", marker=markers[k % len(markers)], ms=7, mfc="none", gid="breakpoint")
    right.set_xlabel("s  (input x = s (1, 1/2, ..., 1/2))" if net.input_dim > 1 else "x")
    right.set_ylabel("f")
    right.set_title("their functions coincide")
    right.legend(fontsize=8)
    title = getattr(symmetry, "title", "") or _math_title(f"{symmetry.kind}: {symmetry.description}")
    fig.suptitle(title, fontsize=10)
    try:
        fig.tight_layout()
    except ValueError:  # mathtext the renderer does not know: the plain words instead
        fig.suptitle(f"{symmetry.kind}: {symmetry.description}", fontsize=10)
        fig.tight_layout()
    return fig


def _math_title(text: str) -> str:
    r"""A description with its formulas in matplotlib's mathtext (``b1_1 += t`` as ``$b^{(1)}_{1} += t$``).

    >>> _math_title("b1_1 += t, b2_j -= W2[j, 1] t")
    '$b^{(1)}_{1} += t$, $b^{(2)}_{j} -= W^{(2)}_{j,1} t$'
    """
    from .prose import prose_latex

    out = prose_latex(text)
    for old, new in ((r"\mathrel{+}=", "+="), (r"\mathrel{-}=", "-="), (r",\allowbreak ", ", "),
                     (r"\_\allowbreak{}", "_"), (r"\textgreater{}", ">"), (r"\textless{}", "<"),
                     (r"\textbar{}", "|"), (r"\%", "%"), (r"\&", "&"), (r"\#", "#"), (r"\{", "{"), (r"\}", "}"),
                     (r"\operatorname", r"\mathrm")):
        out = out.replace(old, new)
    return out


def save(fig, path: str) -> None:
    """Write a figure as PNG or SVG (by the file name's extension)."""
    lowered = str(path).lower()
    if not lowered.endswith((".png", ".svg")):
        raise ValueError(f"{path!r}: expected a file name ending in .png or .svg")
    fig.savefig(path, format="svg" if lowered.endswith(".svg") else "png", dpi=120, bbox_inches="tight")
