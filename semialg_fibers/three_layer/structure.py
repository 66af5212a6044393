"""The structural analysis of a three-layer network in one value: row types, column statuses, hidden hyperplanes, genericity.

What the ``info`` command and the reports show of a three-layer network; the
algorithms read the same facts from :mod:`.rows`, :mod:`.hiding` and
:mod:`.genericity`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.network import Network
from .genericity import GenericityReport, genericity
from .hiding import ColumnStatus, HiddenHyperplane, column_statuses, hidden_hyperplanes
from .rows import RowType, check_three_layer, row_types

__all__ = ["Structure", "structure"]


@dataclass(frozen=True)
class Structure:
    """Row types of ``[W2 | b2]``, first-layer column statuses, hidden hyperplanes and the predicates G1-G8.

    Attributes
    ----------
    rows : tuple of RowType
    columns : tuple of ColumnStatus
    hidden : tuple of HiddenHyperplane
    genericity : GenericityReport
    """

    rows: tuple[RowType, ...]
    columns: tuple[ColumnStatus, ...]
    hidden: tuple[HiddenHyperplane, ...]
    genericity: GenericityReport

    def describe(self) -> str:
        """The structure in plain text (1-based indices), as ``semialg-fibers info`` prints it.

        >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [-1, -1]], [-1, -2]), ([[3, 1]], [1])])
        >>> print(structure(net).describe())  # doctest: +NORMALIZE_WHITESPACE
        rows of [W2 | b2] (second hidden layer):
          row 1: hides column 1
          row 2: dead
        first-layer neurons: 1 hidden, 2 visible
        hidden hyperplanes:
          H_1 = {W1[1] . x + b1_1 = 0} is hidden by row(s) 1; translations T_t preserve f for t >= -1/2
        genericity: G1-G7 hold
        """
        lines = ["rows of [W2 | b2] (second hidden layer):"]
        lines += [f"  row {t.index + 1}: {t.describe()}" for t in self.rows]
        lines.append("first-layer neurons: " + ", ".join(f"{s.column + 1} {s.kind}" for s in self.columns))
        if self.hidden:
            lines.append("hidden hyperplanes:")
            lines += [f"  {h.describe()}" for h in self.hidden]
        else:
            lines.append("hidden hyperplanes: none")
        if self.genericity:
            lines.append("genericity: G1-G7 hold")
        else:
            lines.append("genericity: fails " + "; ".join(f"{r.predicate} ({r.detail})" for r in self.genericity.failing))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """JSON-ready dictionary (the ``three_layer`` entry of ``semialg-fibers info --json``)."""
        return {"rows": [t.to_dict() for t in self.rows],
                "columns": [s.to_dict() for s in self.columns],
                "hidden_hyperplanes": [h.to_dict() for h in self.hidden],
                "genericity": self.genericity.to_dict()}


def structure(net: Network) -> Structure:
    """The structural analysis of a three-layer network.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [-1, -1]], [-1, -2]), ([[3, 1]], [1])])
    >>> s = structure(net)
    >>> [t.describe() for t in s.rows], [str(c.kind) for c in s.columns], len(s.hidden)
    (['hides column 1', 'dead'], ['hidden', 'visible'], 1)
    """
    check_three_layer(net, "structure")
    return Structure(tuple(row_types(net)), tuple(column_statuses(net)), tuple(hidden_hyperplanes(net)),
                     genericity(net))
