"""The fiber as a graph: which components touch, the connected components, exact paths inside the fiber.

Importing the package registers :func:`.fibergraph.adjacency`,
:func:`.fibergraph.connected_components` and :func:`.fibergraph.path` at the
plug points of kind ``"graph"`` (:mod:`semialg_fibers.core.hooks`), behind
:meth:`Fiber.adjacency <semialg_fibers.core.components.Fiber.adjacency>`,
:meth:`~semialg_fibers.core.components.Fiber.connected_components` and
:meth:`~semialg_fibers.core.components.Fiber.path`.  NetworkX is imported here
only.  The mathematics: ``docs/theory/connectivity.md``.
"""

from ..core.hooks import register
from .fibergraph import (
    Connectivity,
    Edge,
    FiberPath,
    PieceGraph,
    Segment,
    adjacency,
    connected_components,
    path,
    piece_graph,
)
from .pieces import ClosurePoint, Permutations, Piece

__all__ = ["adjacency", "connected_components", "path", "piece_graph", "PieceGraph", "Edge", "Connectivity",
           "FiberPath", "Segment", "Piece", "ClosurePoint", "Permutations"]

register("graph", "adjacency", adjacency)
register("graph", "connected_components", connected_components)
register("graph", "path", path)
