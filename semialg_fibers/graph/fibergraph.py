"""The fiber as a graph: adjacency of its components, its connected components, exact paths inside it.

The nodes of the *piece graph* are the copies ``pi . P`` of the pieces of the
listed components (:mod:`.pieces`) under the hidden-neuron permutations
``pi``; two nodes are joined when an exact point of the closure of one lies in
the other (``docs/theory/connectivity.md``, Theorem 4: on a proven fiber the
connected components of the fiber are the unions of the nodes of the
connected components of this graph).  Every edge carries its point, checked
by the exact oracle; a pair of nodes in different classes is *separated* when
their closures are proven disjoint (Lemma 3), otherwise the pair is
*undecided* and the number of components is reported as a range.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.components import Fiber, FiberComponent
from ..core.exceptions import ArgumentError, InternalCheckError, NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..general.functional import functional_dimension
from ..general.oracle import equivalent
from .pieces import (
    ClosurePoint,
    Permutations,
    aux_preimage,
    closure_points,
    closure_preimage,
    in_piece,
    limit_image,
    pieces,
    separated,
)

__all__ = ["PieceGraph", "Edge", "Connectivity", "Segment", "FiberPath", "piece_graph", "adjacency",
           "connected_components", "path"]


def _domain(fiber: Fiber):
    """The domain the fiber lives over: the orthant for the orthant class, else R^m."""
    for comp in fiber.components:
        if type(comp.pattern).__module__.startswith("semialg_fibers.orthant"):
            return "orthant"
    return None


@dataclass(frozen=True)
class Edge:
    """An edge of the piece graph: ``point`` is in the closure of node ``a`` and in node ``b``.

    ``a`` and ``b`` are nodes ``(component, cell, permutation index)``;
    ``reached`` is how the point lies in ``cl(a)`` (in the representative's
    coordinates, moved by the permutation ``a[2]``: :class:`~.pieces.ClosurePoint`);
    ``reached_b``, when not None, says that the point lies only in ``cl(b)``, and how.
    """

    a: tuple
    b: tuple
    point: tuple
    reached: ClosurePoint
    reached_b: ClosurePoint | None = None


@dataclass(frozen=True)
class PieceGraph:
    """The pieces of a fiber, their copies, the witnessed edges and the separated or undecided pairs.

    Attributes
    ----------
    fiber : Fiber
    domain : None or "orthant"
    permutations : Permutations
    pieces : tuple of tuple of Piece
        Per component, its cells.
    edges : tuple of Edge
        One per witnessed pair of nodes.
    separated : dict
        ``(node, node) -> reason`` for pairs in different classes whose closures are proven disjoint.
    undecided : tuple of (node, node)
        Pairs in different classes neither joined nor separated.
    checked : int
        Distinct edge points checked by the exact oracle.
    """

    fiber: Fiber
    domain: object
    permutations: Permutations
    pieces: tuple
    edges: tuple
    separated: dict = field(compare=False)
    undecided: tuple
    checked: int = 0

    @property
    def nodes(self) -> tuple:
        return tuple((p.component, p.cell, k) for cells in self.pieces for p in cells
                     for k in range(len(self.permutations)))

    @property
    def connected_pieces(self) -> bool:
        """Every piece is proven connected (its cell is convex)."""
        return all(p.convex for cells in self.pieces for p in cells)

    def locate(self, net: Network) -> tuple | None:
        """A node ``(component, cell, permutation)`` containing ``net``, or None when none is found."""
        found = _locate(self, net.parameters())
        return None if found is None else found[0]

    def classes(self, modulo: str | None = None) -> list[frozenset]:
        """The connected components of the witnessed graph (modulo permutations: merged over them)."""
        parent: dict = {}

        def find(x):
            while parent.setdefault(x, x) != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def key(node):
            return node[:2] if modulo else node

        for node in self.nodes:
            find(key(node))
        for e in self.edges:
            ra, rb = find(key(e.a)), find(key(e.b))
            if ra != rb:
                parent[ra] = rb
        groups: dict = {}
        for node in {key(n) for n in self.nodes}:
            groups.setdefault(find(node), set()).add(node)
        return sorted((frozenset(g) for g in groups.values()), key=lambda g: min(g))


def _apply_node(perms: Permutations, p: int, node: tuple) -> tuple:
    return node[:2] + (perms.compose(p, node[2]),)


def piece_graph(fiber: Fiber, *, limits: SearchLimits | None = None, check: bool = True) -> PieceGraph:
    """Build the piece graph of a fiber: pieces, closure points, witnessed edges, separation certificates.

    Parameters
    ----------
    fiber : Fiber
    limits : SearchLimits, optional
        ``permutations`` bounds the hidden-neuron permutations, ``subsets`` the
        cells of a component and the closure points of a piece,
        ``free_unknowns`` the coordinates of a Groebner basis in a separation, ``nodes`` the pairs
        of nodes examined.
    check : bool
        Check every edge point with the exact oracle (``orbit_check=False``).

    Raises
    ------
    LimitReachedError
        A bound of ``limits`` is exceeded.
    InternalCheckError
        An edge point does not realize the network's function.

    Examples
    --------
    >>> from semialg_fibers import Network, api
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])   # s(x) - s(-x) = x
    >>> g = piece_graph(api.fiber(identity))
    >>> [len(c) for c in g.pieces], len(g.classes()), len(g.classes("permutations")), g.undecided
    ([2], 2, 1, ())
    """
    limits = resolve(limits)
    net = fiber.network
    domain = _domain(fiber)
    perms = Permutations.of(net.architecture, limits)
    comps = fiber.components
    cells = tuple(pieces(c, i, limits) for i, c in enumerate(comps))
    flat = [p for cs in cells for p in cs]
    limits.check("nodes", (len(flat) * len(perms)) ** 2, f"fiber graph: pairs of {len(flat) * len(perms)} nodes")
    edges: dict = {}
    checked: dict = {}
    for piece in flat:
        comp = comps[piece.component]
        for cp in closure_points(comp, piece, limits=limits):
            for rho in range(len(perms)):
                psi = perms.apply(rho, cp.point)
                for other in flat:
                    if (piece.component, piece.cell, 0) == (other.component, other.cell, 0) and rho == 0:
                        continue
                    inside = in_piece(comps[other.component], other, psi)
                    if not inside:
                        continue
                    if check and cp.point not in checked:
                        checked[cp.point] = _check_point(net, cp.point, domain, limits)
                    a = (piece.component, piece.cell, 0)
                    b = (other.component, other.cell, perms.inverse(rho))
                    for pi in range(len(perms)):
                        ea, eb = _apply_node(perms, pi, a), _apply_node(perms, pi, b)
                        if ea == eb:
                            continue
                        pair = (ea, eb) if ea <= eb else (eb, ea)
                        if pair not in edges:
                            edges[pair] = Edge(ea, eb, perms.apply(pi, cp.point), cp)
    _closure_edges(fiber, flat, perms, edges, checked if check else None, domain, limits)
    graph = PieceGraph(fiber, domain, perms, cells, tuple(edges.values()), {}, ())
    classes = graph.classes()
    where = {n: i for i, cls in enumerate(classes) for n in cls}
    sep, undecided = {}, []
    cache: dict = {}
    for x in graph.nodes:
        for y in graph.nodes:
            if not x < y or where[x] == where[y]:
                continue
            # reduce to (x[0], x[1], identity) against y moved by the inverse of x's permutation
            q = perms.compose(perms.inverse(x[2]), y[2])
            key = (x[:2], y[:2], q)
            if key not in cache:
                pa, pb = cells[x[0]][x[1]], cells[y[0]][y[1]]
                cache[key] = separated(comps[x[0]], pa, comps[y[0]], pb, perms, q, limits=limits)
            if cache[key]:
                sep[x, y] = cache[key]
            else:
                undecided.append((x, y))
    return PieceGraph(fiber, domain, perms, cells, tuple(edges.values()), sep, tuple(undecided), len(checked))


def _closure_edges(fiber, flat, perms, edges, checked, domain, limits) -> None:
    """Edges at limit points in two closures (Lemma 2'), tried for pairs of components not yet adjacent."""
    comps = fiber.components
    adjacent = {frozenset((e.a[0], e.b[0])) for e in edges.values()}
    for piece in flat:
        comp = comps[piece.component]
        for cp in closure_points(comp, piece, limits=limits):
            if not cp.limit:
                continue
            for rho in range(len(perms)):
                psi = perms.apply(rho, cp.point)
                for other in flat:
                    pair_key = frozenset((piece.component, other.component))
                    if other.component == piece.component or pair_key in adjacent:
                        continue
                    found = closure_preimage(other, psi)
                    if found is None:
                        continue
                    if checked is not None and cp.point not in checked:
                        checked[cp.point] = _check_point(fiber.network, cp.point, domain, limits)
                    adjacent.add(pair_key)
                    a = (piece.component, piece.cell, 0)
                    b = (other.component, other.cell, perms.inverse(rho))
                    for pi in range(len(perms)):
                        ea, eb = _apply_node(perms, pi, a), _apply_node(perms, pi, b)
                        pair = (ea, eb) if ea <= eb else (eb, ea)
                        if ea != eb and pair not in edges:
                            edges[pair] = Edge(ea, eb, perms.apply(pi, cp.point), cp, found)


def _check_point(net: Network, point, domain, limits) -> bool:
    other = Network.from_parameters(net.architecture, point)
    result = equivalent(net, other, domain=domain, orbit_check=False, limits=limits)
    if not result:
        raise InternalCheckError(f"fiber graph: the point {tuple(map(str, point))} does not realize the network's "
                                 f"function (they differ at {result.witness})")
    return True


# ---------------------------------------------------------------------------- the component graph
def _describe(comp: FiberComponent) -> str:
    return comp.description or comp.pattern_description


def adjacency(fiber: Fiber, *, modulo: str | None = "permutations", limits: SearchLimits | None = None,
              graph: PieceGraph | None = None):
    """The adjacency graph of the fiber's components, as a ``networkx.Graph``.

    Parameters
    ----------
    fiber : Fiber
    modulo : "permutations" or None
        ``"permutations"``: one node per listed component (an index), joined
        when the closures of some copies meet.  None: one node per copy of a
        piece, ``(component, cell, permutation index)``.
    limits : SearchLimits, optional
    graph : PieceGraph, optional
        A piece graph already built (:func:`piece_graph`).

    Returns
    -------
    networkx.Graph
        Node attributes ``dimension``, ``kind`` (the pattern in words),
        ``multiplicity``; edge attributes ``status`` (``"adjacent"`` with
        ``point``, a network in both closures, or ``"undecided"``).
        ``G.graph["separated"]`` lists the pairs of nodes proven non-adjacent.

    Examples
    --------
    >>> from semialg_fibers import Network, api
    >>> relu = Network.from_layers([([[1], [0]], [0, 0]), ([[1, 0]], [0])])   # s(x) in (1, 2, 1)
    >>> fiber = api.fiber(relu)
    >>> G = adjacency(fiber)
    >>> G.number_of_nodes(), G.number_of_edges(), {s for _, _, s in G.edges(data="status")}
    (5, 10, {'adjacent'})
    >>> G.nodes[0]["dimension"], G.edges[0, 3]["point"] in fiber.components[3]
    (3, True)
    """
    import networkx as nx

    modulo = _modulo(modulo)
    g = graph if graph is not None else piece_graph(fiber, limits=limits)
    out = nx.Graph()
    comps = fiber.components

    def key(node):
        return node[0] if modulo else node

    for node in g.nodes:
        comp = comps[node[0]]
        out.add_node(key(node), dimension=comp.dimension, kind=_describe(comp), multiplicity=comp.multiplicity)
    for e in g.edges:
        a, b = key(e.a), key(e.b)
        if a != b and not out.has_edge(a, b):
            out.add_edge(a, b, status="adjacent", point=Network.from_parameters(fiber.network.architecture, e.point))
    pairs: dict = {}
    for (x, y), reason in g.separated.items():
        pairs.setdefault((key(x), key(y)), []).append(reason)
    undecided = {(key(x), key(y)) for x, y in g.undecided}
    # pairs of nodes in the same class that have no witnessed edge are not examined: undecided as edges
    for a in out.nodes:
        for b in out.nodes:
            if a < b and not out.has_edge(a, b) and (a, b) not in pairs:
                undecided.add((a, b))
    for a, b in undecided:
        if a != b and not out.has_edge(a, b):
            out.add_edge(a, b, status="undecided")
    out.graph["separated"] = sorted(p for p in pairs if p not in undecided and not out.has_edge(*p))
    out.graph["modulo"] = modulo
    return out


def _modulo(modulo):
    if modulo not in (None, "permutations"):
        raise ValueError(f"modulo is {modulo!r}; expected 'permutations' or None")
    return modulo


# ---------------------------------------------------------------------------- connected components
@dataclass(frozen=True)
class Connectivity:
    """The connected components of a fiber (or of its quotient by hidden-neuron permutations).

    Attributes
    ----------
    modulo : "permutations" or None
    classes : tuple of tuple
        The witnessed classes of nodes (component indices, or ``(component, cell, permutation)``).
    representatives : tuple of Network or None
        One member of the fiber per class (None when no piece of the class could be sampled).
    decided : bool
        The classes are proven to be the connected components: the fiber is
        proven complete, every piece is connected and every pair of nodes in
        different classes is separated.
    count : tuple of (int, int or None)
        ``(lower, upper)`` bounds on the number of connected components
        (equal when decided; ``upper`` is None when the listed components
        are not proven to be the whole fiber or a piece is not proven
        connected).
    reason : str
        What is missing when not decided.
    """

    modulo: str | None
    classes: tuple
    representatives: tuple
    decided: bool
    count: tuple
    reason: str = ""

    @property
    def number(self) -> int:
        """The number of connected components.

        Raises
        ------
        NotDecidedError
            Not decided (see :attr:`reason`).
        """
        if not self.decided:
            lower, upper = self.count
            bounds = f"between {lower} and {upper}" if upper is not None else f"at least {lower}"
            raise NotDecidedError(f"the number of connected components is {bounds}: {self.reason}")
        return self.count[0]


def _reasons(g: PieceGraph, modulo: str | None = None) -> list[str]:
    fiber = g.fiber
    out = []
    if not fiber.proven or fiber.omitted:
        out.append(f"the listed components are not proven to be the whole fiber ({fiber.status}, "
                   f"{fiber.omitted} omitted)")
    if not g.connected_pieces:
        out.append("a piece has a nonlinear domain constraint (its connectedness is not proven)")
    where = {n: i for i, cls in enumerate(g.classes(modulo)) for n in cls}
    open_pairs = [(x, y) for x, y in g.undecided
                  if (where[x[:2]] != where[y[:2]] if modulo else where[x] != where[y])]
    if open_pairs:
        out.append(f"{len(open_pairs)} pairs of nodes in different classes are neither joined nor separated")
    return out


def connected_components(fiber: Fiber, *, modulo: str | None = "permutations", limits: SearchLimits | None = None,
                         graph: PieceGraph | None = None) -> Connectivity:
    """The connected components of the fiber, or of its quotient by hidden-neuron permutations.

    Examples
    --------
    >>> from semialg_fibers import Network, api
    >>> identity = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
    >>> fiber = api.fiber(identity)
    >>> connected_components(fiber, modulo=None).number, connected_components(fiber).number
    (2, 1)
    """
    modulo = _modulo(modulo)
    g = graph if graph is not None else piece_graph(fiber, limits=limits)
    classes = g.classes(modulo)
    reasons = _reasons(g, modulo)
    upper: int | None = len(classes)
    lower = upper
    if reasons:
        # undecided pairs may join classes: the components of classes joined by them bound the count below
        parent = {i: i for i in range(len(classes))}
        where = {}
        for i, cls in enumerate(classes):
            for n in cls:
                where[n] = i

        def find(i):
            while parent[i] != i:
                i = parent[i]
            return i

        for x, y in g.undecided:
            kx, ky = (x[:2], y[:2]) if modulo else (x, y)
            a, b = find(where[kx]), find(where[ky])
            if a != b:
                parent[a] = b
        lower = len({find(i) for i in range(len(classes))})
        if not g.fiber.proven or g.fiber.omitted:
            lower = 1  # the listed components may miss a part of the fiber that joins them all
        if not g.fiber.proven or g.fiber.omitted or not g.connected_pieces:
            upper = None  # a missed part or a disconnected piece may add components: no upper bound is known
    reps = []
    for cls in classes:
        rep = None
        for node in sorted(cls):
            piece = g.pieces[node[0]][node[1]]
            points = piece.points(fiber.components[node[0]], (0,))
            if points:
                k = node[2] if not modulo else 0
                rep = Network.from_parameters(fiber.network.architecture,
                                              g.permutations.apply(k, piece.image(points[0])))
                break
        reps.append(rep)
    shown = tuple(tuple(sorted({n[0] for n in cls})) if modulo else tuple(sorted(cls)) for cls in classes)
    return Connectivity(modulo, shown, tuple(reps), not reasons, (lower, upper), "; ".join(reasons))


# ---------------------------------------------------------------------------- paths
@dataclass(frozen=True)
class Segment:
    """``tau -> apply(permutation, phi(start + tau (end - start)))`` for ``tau`` in ``[0, 1]`` in one piece.

    When ``open_end``, ``end`` is outside the cell and the segment's value at
    ``tau = 1`` is the limit (a point of the closure, Lemma 2).
    """

    component: int
    cell: int
    permutation: int
    start: tuple
    end: tuple
    open_end: bool = False


@dataclass(frozen=True)
class FiberPath:
    """An exact piecewise path in the fiber, or the proof that there is none.

    Attributes
    ----------
    connected : bool
    waypoints : tuple of tuple of Fraction
        The parameters at the ends of the segments (consecutive pairs joined by one segment).
    segments : tuple of Segment
    separation : tuple
        When not connected: the classes of the two ends and, for every pair
        of nodes between them, the reason their closures are disjoint.
    functional_dimensions : tuple of (int or None)
        The exact functional dimension (:func:`semialg_fibers.general.functional.functional_dimension`)
        at each waypoint, for a fiber over R^m; None at a waypoint where the
        differential exists at no input (a hidden pre-activation vanishes
        identically, e.g. a neuron with zero weights and zero bias); empty
        over the orthant, where the functional dimension of the library (on
        R^m) is not the one of the fiber's function.
    """

    connected: bool
    waypoints: tuple = ()
    segments: tuple = ()
    separation: tuple = ()
    functional_dimensions: tuple = ()

    def dimension_changes(self) -> tuple[tuple[int, int | None, int | None], ...]:
        """``(i, before, after)`` for each waypoint ``i`` whose functional dimension differs from waypoint ``i - 1``."""
        fd = self.functional_dimensions
        return tuple((i, fd[i - 1], fd[i]) for i in range(1, len(fd)) if fd[i] != fd[i - 1])


def _locate(g: PieceGraph, point) -> tuple | None:
    comps = g.fiber.components
    for cells in g.pieces:
        for piece in cells:
            comp = comps[piece.component]
            for k in range(len(g.permutations)):
                psi = g.permutations.apply(g.permutations.inverse(k), point)
                if in_piece(comp, piece, psi):
                    u = aux_preimage(piece, psi)
                    if u is not None:
                        return (piece.component, piece.cell, k), u
    return None


def _segment_value(g: PieceGraph, seg: Segment, tau: Fraction) -> tuple:
    piece = g.pieces[seg.component][seg.cell]
    u = tuple(s + tau * (e - s) for s, e in zip(seg.start, seg.end))
    return g.permutations.apply(seg.permutation, piece.image(u))


def _end_value(g: PieceGraph, seg: Segment) -> tuple:
    if not seg.open_end:
        return _segment_value(g, seg, Fraction(1))
    piece = g.pieces[seg.component][seg.cell]
    return g.permutations.apply(seg.permutation, limit_image(piece, seg.start, seg.end))


def path(fiber: Fiber, a: Network, b: Network, *, limits: SearchLimits | None = None, graph: PieceGraph | None = None,
         interior: int = 3) -> FiberPath:
    """An exact piecewise path inside the fiber from ``a`` to ``b``, or a proof that they are in different components.

    Each segment lies in one node ``pi . P`` (a segment of the convex cell
    mapped by the parametrization, possibly ending at a limit point of the
    closure); consecutive segments meet at the waypoints.  Every waypoint and
    ``interior`` exact interior points of every segment are checked with the
    exact oracle.

    Raises
    ------
    NotDecidedError
        ``a`` or ``b`` could not be placed in a piece, or neither a path nor a separation was found.

    Examples
    --------
    >>> from semialg_fibers import Network, api
    >>> relu = Network.from_layers([([[1], [0]], [0, 0]), ([[1, 0]], [0])])
    >>> swapped = Network.from_layers([([[0], [1]], [0, 0]), ([[0, 1]], [0])])
    >>> p = path(api.fiber(relu), relu, swapped)
    >>> p.connected, p.waypoints[0] == relu.parameters(), p.waypoints[-1] == swapped.parameters()
    (True, True, True)

    The functional dimension at each waypoint, and where it changes along the path:

    >>> len(p.functional_dimensions) == len(p.waypoints), p.dimension_changes() == tuple(
    ...     (i, p.functional_dimensions[i - 1], p.functional_dimensions[i]) for i in range(1, len(p.waypoints))
    ...     if p.functional_dimensions[i] != p.functional_dimensions[i - 1])
    (True, True)
    """
    for name, x in (("a", a), ("b", b)):
        if not isinstance(x, Network):
            raise ArgumentError(f"path: {name} is a {type(x).__name__}; expected a Network")
    g = graph if graph is not None else piece_graph(fiber, limits=limits)
    ends = []
    for x in (a, b):
        found = _locate(g, x.parameters())
        if found is None:
            raise NotDecidedError(f"path: {x.parameters()} was not placed in a piece of the fiber (not a member, or "
                                  "its auxiliary values were not found)")
        ends.append(found)
    (na, ua), (nb, ub) = ends
    import networkx as nx

    G = nx.Graph()
    G.add_nodes_from(g.nodes)
    for e in g.edges:
        G.add_edge(e.a, e.b, edge=e)
    if not nx.has_path(G, na, nb):
        where = {n: i for i, cls in enumerate(g.classes()) for n in cls}
        ca, cb = where[na], where[nb]
        pairs = [(x, y, r) for (x, y), r in g.separated.items() if {where[x], where[y]} == {ca, cb}]
        undecided = [p for p in g.undecided if {where[p[0]], where[p[1]]} == {ca, cb}]
        if undecided or _reasons(g):
            raise NotDecidedError(f"path: no path was found and the separation is not proven ({'; '.join(_reasons(g))})")
        return FiberPath(False, separation=(tuple(sorted(g.classes()[ca])), tuple(sorted(g.classes()[cb])),
                                            tuple(pairs)))
    route = nx.shortest_path(G, na, nb)
    segments = []
    current_u = ua
    for x, y in zip(route, route[1:]):
        e = G.edges[x, y]["edge"]
        cx, cy = (e.reached, e.reached_b) if e.a == x else (e.reached_b, e.reached)
        # inside x: to the edge point, along x's curve when the point is only in cl(x)
        if cx is not None:
            segments.append(Segment(x[0], x[1], x[2], current_u, cx.start))
            segments.append(Segment(x[0], x[1], x[2], cx.start, cx.end, cx.limit))
        else:
            segments.append(Segment(x[0], x[1], x[2], current_u, _preimage(g, x, e.point)))
        # into y: back along y's curve, or from the preimage of the edge point in y
        if cy is not None:
            if cy.limit:
                segments.append(Segment(y[0], y[1], y[2], cy.start, cy.end, True))
            else:
                segments.append(Segment(y[0], y[1], y[2], cy.end, cy.start))
            current_u = cy.start
        else:
            current_u = _preimage(g, y, e.point)
    segments.append(Segment(nb[0], nb[1], nb[2], current_u, ub))
    segments = [s for s in segments if s.start != s.end]
    waypoints = _waypoints(g, segments, a.parameters(), b.parameters())
    _check_path(g, segments, waypoints, interior, limits)
    dims: tuple = ()
    if g.domain is None:  # over R^m: the functional dimension of each waypoint's network
        arch = g.fiber.network.architecture
        dims = tuple(_functional_dimension(Network.from_parameters(arch, w), limits) for w in waypoints)
    return FiberPath(True, tuple(waypoints), tuple(segments), functional_dimensions=dims)


def _functional_dimension(net: Network, limits) -> int | None:
    found = functional_dimension(net, limits=limits)
    return found.rank if found.sample else None  # no input at which the differential exists


def _preimage(g: PieceGraph, node: tuple, point) -> tuple:
    psi = g.permutations.apply(g.permutations.inverse(node[2]), point)
    u = aux_preimage(g.pieces[node[0]][node[1]], psi)
    if u is None:
        raise NotDecidedError("path: the auxiliary values of an edge point were not found")
    return u


def _waypoints(g: PieceGraph, segments, first, last) -> list:
    """The path's waypoints, built from the segments; reversed limit segments are oriented here."""
    points = [tuple(first)]
    for seg in segments:
        start = _segment_value(g, seg, Fraction(0))
        end = _end_value(g, seg)
        if start == points[-1]:
            points.append(end)
        elif seg.open_end and end == points[-1]:
            points.append(start)  # a limit segment walked from its limit point back into the piece
        else:
            raise InternalCheckError(f"path: a segment starts at {start}, not at the waypoint {points[-1]}")
    if points[-1] != tuple(last):
        raise InternalCheckError("path: the last segment does not end at the second network")
    return points


def _check_path(g: PieceGraph, segments, waypoints, interior: int, limits) -> None:
    net = g.fiber.network
    taus = [Fraction(k, interior + 1) for k in range(1, interior + 1)]
    for point in waypoints:
        _check_point(net, point, g.domain, limits)
    for seg in segments:
        piece = g.pieces[seg.component][seg.cell]
        for tau in taus:
            u = tuple(s + tau * (e - s) for s, e in zip(seg.start, seg.end))
            if not piece.domain.contains(u):
                raise InternalCheckError(f"path: an interior point of a segment leaves the cell ({u})")
            _check_point(net, _segment_value(g, seg, tau), g.domain, limits)
