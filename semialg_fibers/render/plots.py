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

from ..core.exceptions import NotDecidedError, ShapeError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.symbols import parameter_symbols

__all__ = ["Piece", "FirstLayerLine", "Arrangement", "arrangement", "default_box", "check_box", "plot_network",
           "plot_family", "family_members", "save"]

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
        raise TypeError(f"default_box needs a semialg_fibers.Network, got {type(net).__name__}")
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
        raise TypeError(f"expected a Network, got {type(net).__name__}")
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
    regions (:func:`arrangement`).

    Returns
    -------
    matplotlib.figure.Figure
    """
    import numpy as np

    _check_output_index(net, output)
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
        raise TypeError(f"expected a Network, got {type(net).__name__}")
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


# ---------------------------------------------------------------------------- fiber families
_PREFERRED = ("hiding translation", "linear-row mixing", "linear-row bias", "scaling")
_CANDIDATES = (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(2), Fraction(-1, 2), Fraction(-1), Fraction(3),
               Fraction(-2))


def _probe_points(net: Network, count: int = 40) -> list:
    import random

    rng = random.Random(0)
    return [tuple(Fraction(rng.randint(-40, 40), 8) for _ in range(net.input_dim)) for _ in range(count)]


def family_members(net: Network, symmetry=None, values: Sequence | None = None, *, count: int = 4):
    """Parameters of a one-parameter family of the fiber, checked to compute the same function.

    Parameters
    ----------
    net : Network
    symmetry : Symmetry, optional
        A continuous symmetry with an exact action.  Default: the first
        continuous symmetry of :func:`semialg_fibers.api.symmetries`,
        preferring hiding translation and linear-row mixing; else the positive
        scaling of the first hidden neuron.
    values : sequence of exact numbers, optional
        Parameter values of the family; default: the first ``count`` values
        of ``0, 1/2, 1, 2, -1/2, ...`` at which the action is defined (for a
        scaling, positive factors).

    Returns
    -------
    (Symmetry, list of (value, Network))
        Every member equals ``net``'s function at 40 rational points (exact
        evaluation); a member that does not raises ``InternalCheckError``.
    """
    from ..api import symmetries
    from ..core.exceptions import InternalCheckError
    from ..core.symmetries import SymmetryKind, h_symmetries

    if symmetry is None:
        try:
            options = list(symmetries(net))
        except NotDecidedError:  # e.g. too many layer-flip sets: the symmetries of H are present at every network
            options = list(h_symmetries(net))
        continuous = [s for s in options if s.continuous and s.action is not None]
        if not continuous:
            raise NotDecidedError("no continuous symmetry with an exact action is known for this network")
        rank = {kind: i for i, kind in enumerate(_PREFERRED)}
        # a hidden symmetry (any kind but the scalings of H) is the move worth showing
        symmetry = min(continuous, key=lambda s: rank.get(str(s.kind), rank["scaling"] - 0.5))
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
        except (ValueError, TypeError, NotDecidedError):
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


def plot_family(net: Network, symmetry=None, values: Sequence | None = None, *, count: int = 4, output: int = 0):
    """Draw a one-parameter family of the fiber: the parameter vectors differ, the functions coincide.

    Left: the coordinates of each member (one marker style per member).  Right:
    the function of each member along a line through the input space (the
    curves lie on top of each other).  See :func:`family_members`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    import numpy as np

    _check_output_index(net, output)
    plt = _pyplot()
    symmetry, members = family_members(net, symmetry, values, count=count)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    markers = "osd^v<>xP*"
    index = np.arange(net.num_parameters)
    for k, (value, member) in enumerate(members):
        left.plot(index, _floats(member.parameters(), f"the member t = {value}"), marker=markers[k % len(markers)],
                  ls="",
                  label=f"t = {value}", alpha=0.8, gid="member")
    names = [f"${c.name}$" for c in parameter_symbols(net.architecture)]  # the names are their TeX
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
    right.set_xlabel("s  (input x = s (1, 1/2, ..., 1/2))" if net.input_dim > 1 else "x")
    right.set_ylabel("f")
    right.set_title("their functions coincide")
    right.legend(fontsize=8)
    fig.suptitle(_math_title(f"{symmetry.kind}: {symmetry.description}"), fontsize=10)
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
