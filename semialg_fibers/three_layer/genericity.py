"""The genericity predicates G1-G8 of a three-layer network, each exact, polynomial and with a witness.

Notation: ``[W2 | b2]`` has rows ``(w_j, c_j)``, ``a_j = W3[:, j]``.  The
predicates (why each is needed: ``docs/theory/three_layer.md``, Section 4):

* **G1** ``W1`` has full row rank ``n1`` (so ``n1 <= d``): the first layer
  reaches every ``y``, and the second and third layers act on the whole orthant.
* **G2** every entry of ``[W2 | b2]`` is nonzero: row types are decided by
  strict signs, and no hiding row sits at the end of its translation interval.
* **G3** every column ``a_j`` of ``W3`` is nonzero: every row has a kink.
* **G4** within each column ``l``, the thresholds ``c_j / w_jl`` are pairwise
  distinct: no two rows are proportional on any face, so second-layer
  hyperplanes are distinct and a translation interval has one binding row.
* **G5** for a hidden column ``i`` and every ``l != i``, the ratios
  ``w_jl / w_ji`` are pairwise distinct across the hiding rows: no sign change
  with two hiding rows.
* **G6** for every column ``i`` such that no row takes both signs on the face
  ``{z_i = 0}`` and some row is positive there, the kink sum
  ``sum_{rows positive on the face} a_j w_ji`` is nonzero: visible columns carry
  kinks and their orientation is forced.
* **G7** for a hidden column ``i``: ``sum_{hiding rows} a_j w_ji != 0``: ``f`` is
  not constant far out along the hidden neuron, so its orientation is forced.
* **G8** for every column ``i`` of ``W2`` and every column ``m'`` of ``[W2 | b2]``
  with a positive entry, ``sum_{j : [W2 | b2]_{j m'} > 0} a_j w_ji != 0``: the
  kinks of ``f`` on ``H_i`` far out along ``e_{m'}`` (or at the corner) and its
  slopes far out in the positive orthant are nonzero.  Used only by Theorems 7.1-7.4
  (first layer determined, :mod:`.rigidity`), so it is evaluated by
  :func:`masked_sums` and not part of :func:`genericity`.

Together they define a dense open set whose complement is a finite union of
proper algebraic subsets.  The paper's *supertransversality* and *maximal rank
of masked products* are not used: every argument of the theory needs only
these predicates (see the theory page for the replacement argument).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from ..core.memo import memoized
from ..core.network import Network
from .first_layer import has_full_row_rank, row_dependency
from .hiding import ColumnKind, column_statuses
from .rows import check_three_layer, output_column

__all__ = ["Predicate", "PredicateResult", "GenericityReport", "genericity", "masked_sums", "STATEMENTS"]

_ZERO = Fraction(0)


class Predicate(enum.StrEnum):
    """The genericity predicates, in report order."""

    G1 = "G1"
    G2 = "G2"
    G3 = "G3"
    G4 = "G4"
    G5 = "G5"
    G6 = "G6"
    G7 = "G7"
    G8 = "G8"  #: not part of :func:`genericity` (see :func:`masked_sums`)


#: One-line statements of the predicates.
STATEMENTS = {
    Predicate.G1: "W1 has full row rank n1 (bottleneck, first layer onto R^n1)",
    Predicate.G2: "every entry of [W2 | b2] is nonzero",
    Predicate.G3: "every column of W3 is nonzero",
    Predicate.G4: "within each column l of W2 the thresholds b2_j / W2[j, l] are pairwise distinct",
    Predicate.G5: "for a hidden column i, the ratios W2[j, l] / W2[j, i] are pairwise distinct across the hiding rows",
    Predicate.G6: ("for each column i with no row of both signs on the face z_i = 0, the kink sum over the rows "
                   "positive there is nonzero"),
    Predicate.G7: "for a hidden column i, the slope sum over the hiding rows of a_j W2[j, i] is nonzero",
    Predicate.G8: ("for every column i of W2 and every column m of [W2 | b2] with a positive entry, the sum of "
                   "a_j W2[j, i] over the rows j positive in column m is nonzero"),
}


@dataclass(frozen=True)
class PredicateResult:
    """One predicate evaluated at a network.

    Attributes
    ----------
    predicate : Predicate
    holds : bool
    detail : str
        Why it holds or, when it fails, the witness in words (1-based indices).
    witness : tuple
        The failing data (0-based indices and exact numbers); empty when it holds.
    """

    predicate: Predicate
    holds: bool
    detail: str
    witness: tuple = ()

    def __bool__(self) -> bool:
        return self.holds

    @property
    def statement(self) -> str:
        """The predicate in words."""
        return STATEMENTS[self.predicate]

    def to_dict(self) -> dict:
        """JSON-ready dictionary (witness entries as strings)."""
        return {"predicate": str(self.predicate), "statement": self.statement, "holds": self.holds,
                "detail": self.detail, "witness": _jsonable(self.witness)}


def _jsonable(value):
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


@dataclass(frozen=True)
class GenericityReport:
    """The predicates G1-G7 at a network; truthy iff all hold.

    Attributes
    ----------
    results : tuple of PredicateResult
        One per predicate, in order G1..G7.
    """

    results: tuple[PredicateResult, ...]

    def __bool__(self) -> bool:
        return all(r.holds for r in self.results)

    @property
    def failing(self) -> tuple[PredicateResult, ...]:
        """The predicates that fail."""
        return tuple(r for r in self.results if not r.holds)

    def __getitem__(self, predicate) -> PredicateResult:
        name = Predicate(predicate)
        return next(r for r in self.results if r.predicate == name)

    def describe(self) -> str:
        """One line per predicate."""
        return "\n".join(f"{r.predicate} {'holds' if r.holds else 'FAILS'}: {r.detail}" for r in self.results)

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"generic": bool(self), "predicates": [r.to_dict() for r in self.results]}


def _names(indices) -> str:
    return ", ".join(str(j + 1) for j in indices)


def _g1(net: Network) -> PredicateResult:
    d, n1 = net.architecture[:2]
    if has_full_row_rank(net):
        return PredicateResult(Predicate.G1, True, f"rank W1 = n1 = {n1}")
    dep = row_dependency(net)
    if n1 > d:
        text = f"n1 = {n1} > d = {d}: not a bottleneck, W1 cannot have full row rank"
    else:
        terms = [f"({v}) W1[{i + 1}]" for i, v in enumerate(dep) if v]
        text = "rows of W1 are dependent: " + (" + ".join(terms) + " = 0" if sum(map(len, terms)) < 200
                                               else f"a combination of {len(terms)} rows vanishes (see the witness)")
    return PredicateResult(Predicate.G1, False, text, (dep,))


def _g2(net: Network) -> PredicateResult:
    weight, bias = net.layers[1].weight, net.layers[1].bias
    n1 = len(weight[0])
    zeros = tuple((j, m) for j, (row, c) in enumerate(zip(weight, bias)) for m, v in enumerate(tuple(row) + (c,))
                  if v == 0)
    if not zeros:
        return PredicateResult(Predicate.G2, True, "no zero entry in [W2 | b2]")
    names = ", ".join(f"b2_{j + 1}" if m == n1 else f"W2[{j + 1}, {m + 1}]" for j, m in zeros)
    return PredicateResult(Predicate.G2, False, f"zero entries: {names}", zeros)


def _g3(net: Network) -> PredicateResult:
    zero = tuple(j for j in range(net.architecture[2]) if not any(output_column(net, j)))
    if not zero:
        return PredicateResult(Predicate.G3, True, "every column of W3 is nonzero")
    return PredicateResult(Predicate.G3, False, f"zero output column(s) of row(s) {_names(zero)}", zero)


def _g4(net: Network) -> PredicateResult:
    weight, bias = net.layers[1].weight, net.layers[1].bias
    for l in range(len(weight[0])):
        seen: dict = {}
        for j, (row, c) in enumerate(zip(weight, bias)):
            if row[l] == 0:
                continue
            tau = c / row[l]
            if tau in seen:
                return PredicateResult(Predicate.G4, False,
                                       f"rows {seen[tau] + 1} and {j + 1} have the same threshold b2_j / W2[j, {l + 1}] "
                                       f"= {tau} in column {l + 1}", (l, seen[tau], j, tau))
            seen[tau] = j
    return PredicateResult(Predicate.G4, True, "thresholds pairwise distinct in every column")


def _hidden(net: Network):
    return [s for s in column_statuses(net) if s.kind == ColumnKind.HIDDEN]


def _g5(net: Network) -> PredicateResult:
    weight = net.layers[1].weight
    for status in _hidden(net):
        i = status.column
        for l in range(len(weight[0])):
            if l == i:
                continue
            seen: dict = {}
            for j in status.hiding_rows:
                ratio = weight[j][l] / weight[j][i]
                if ratio in seen:
                    return PredicateResult(Predicate.G5, False,
                                           f"hiding rows {seen[ratio] + 1} and {j + 1} of column {i + 1} have the same "
                                           f"ratio W2[j, {l + 1}] / W2[j, {i + 1}] = {ratio}",
                                           (i, l, seen[ratio], j, ratio))
                seen[ratio] = j
    return PredicateResult(Predicate.G5, True, "hiding ratios pairwise distinct (or no hidden column)")


def _g6(net: Network) -> PredicateResult:
    weight, bias = net.layers[1].weight, net.layers[1].bias
    n1, k = len(weight[0]), net.output_dim
    checked = []
    for i in range(n1):
        rest = [tuple(row[l] for l in range(n1) if l != i) + (c,) for row, c in zip(weight, bias)]
        if any(any(v > 0 for v in r) and any(v < 0 for v in r) for r in rest):
            continue  # a row of both signs on the face: its crossing changes the kink (needs no predicate)
        positive = [j for j, r in enumerate(rest) if any(v > 0 for v in r)]
        if not positive:
            continue
        total = [sum((output_column(net, j)[o] * weight[j][i] for j in positive), _ZERO) for o in range(k)]
        checked.append(i)
        if not any(total):
            return PredicateResult(Predicate.G6, False,
                                   f"on the face z_{i + 1} = 0 no row changes sign, and the kink sum of the rows "
                                   f"{_names(positive)} positive there is 0: H_{i + 1} may carry no kink",
                                   (i, tuple(positive)))
    detail = (f"kink sums nonzero on the faces of column(s) {_names(checked)}" if checked
              else "every face z_i = 0 meets a row of both signs (or no row is positive there)")
    return PredicateResult(Predicate.G6, True, detail)


def _g7(net: Network) -> PredicateResult:
    weight, k = net.layers[1].weight, net.output_dim
    for status in _hidden(net):
        i = status.column
        total = [sum((output_column(net, j)[o] * weight[j][i] for j in status.hiding_rows), _ZERO) for o in range(k)]
        if not any(total):
            return PredicateResult(Predicate.G7, False,
                                   f"hidden column {i + 1}: the slope sum of the hiding rows {_names(status.hiding_rows)} "
                                   "is 0", (i, status.hiding_rows))
    return PredicateResult(Predicate.G7, True, "slope sums of hiding rows nonzero (or no hidden column)")


@memoized
def masked_sums(net: Network) -> PredicateResult:
    """Evaluate the predicate G8 (module docstring) with a witness when it fails.

    Parameters
    ----------
    net : Network
        A three-layer network ``(d, n1, n2, k)``.

    Returns
    -------
    PredicateResult
        ``Predicate.G8``; when it fails the witness is ``(i, m, rows)`` (0-based:
        column ``i`` of ``W2``, column ``m`` of ``[W2 | b2]`` with ``m = n1`` the
        bias, and the rows positive in column ``m``).

    Raises
    ------
    ShapeError
        ``net`` is not a three-layer network.

    Notes
    -----
    ``O(n1^2 n2 k)`` rational operations.  For each of the finitely many
    triples ``(i, m, T)`` with ``T`` nonempty the map
    ``sum_{j in T} W3[:, j] W2[j, i]`` is a nonzero polynomial, so G8 fails
    only on a proper algebraic subset (``docs/theory/three_layer.md``, Section 7.1).
    It is not part of :func:`genericity`: only Theorems 7.1-7.4 use it.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, 3]], [1, -1]), ([[1, 2]], [0])])
    >>> masked_sums(net).holds
    True
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [0])])
    >>> result = masked_sums(net); result.holds, result.witness
    (False, (0, 0, (0, 1)))
    """
    check_three_layer(net, "masked_sums")
    weight, bias = net.layers[1].weight, net.layers[1].bias
    n1, k = len(weight[0]), net.output_dim
    for i in range(n1):
        for m in range(n1 + 1):
            rows = tuple(j for j, (row, c) in enumerate(zip(weight, bias)) if (c if m == n1 else row[m]) > 0)
            if not rows:
                continue  # no row positive in this column: no kink or slope is claimed there
            total = [sum((output_column(net, j)[o] * weight[j][i] for j in rows), _ZERO) for o in range(k)]
            if not any(total):
                where = "b2" if m == n1 else f"column {m + 1} of W2"
                return PredicateResult(Predicate.G8, False,
                                       f"the rows {_names(rows)} positive in {where} have sum a_j W2[j, {i + 1}] = 0",
                                       (i, m, rows))
    return PredicateResult(Predicate.G8, True, "every masked sum over the rows positive in a column is nonzero")


@memoized
def genericity(net: Network) -> GenericityReport:
    """Evaluate the genericity predicates G1-G7 (module docstring), each with a witness when it fails.

    Parameters
    ----------
    net : Network
        A three-layer network ``(d, n1, n2, k)``.

    Returns
    -------
    GenericityReport
        Truthy iff every predicate holds.

    Raises
    ------
    ShapeError
        ``net`` is not a three-layer network.

    Notes
    -----
    ``O(n1^2 d + n1^2 n2 + n1 n2 k)`` rational operations: one rank of ``W1``,
    hashing of thresholds and ratios, and the kink sums; once per network
    (:mod:`semialg_fibers.core.memo`), like :func:`masked_sums`.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [-1, 1]), ([[3, -2]], [1])])
    >>> bool(genericity(net))
    True
    >>> net = Network.from_layers([([[1, 2], [2, 4]], [0, 0]), ([[2, -1], [4, 3]], [-1, -2]), ([[3, -2]], [1])])
    >>> [(r.predicate, r.detail) for r in genericity(net).failing]  # doctest: +NORMALIZE_WHITESPACE
    [(<Predicate.G1: 'G1'>, 'rows of W1 are dependent: (-2) W1[1] + (1) W1[2] = 0'),
     (<Predicate.G4: 'G4'>, 'rows 1 and 2 have the same threshold b2_j / W2[j, 1] = -1/2 in column 1')]
    """
    check_three_layer(net, "genericity")
    return GenericityReport((_g1(net), _g2(net), _g3(net), _g4(net), _g5(net), _g6(net), _g7(net)))
