"""When the first layer of a three-layer network is determined by its function: Theorems 7.1-7.4.

``docs/theory/three_layer.md``, Sections 7.1-7.5 prove: if ``n1 >= 2``, ``theta``
satisfies the predicates G1-G7 (:func:`.genericity.genericity`) and G8
(:func:`.genericity.masked_sums`), no row is dead, linear or has a zero output
column and no column is hidden, then every parameter realizing ``f`` has
``theta``'s first layer up to permutation and positive scaling (Corollary 7.5).
The proof splits by the columns of ``[W2 | b2]`` with a positive entry: at least
three (Theorem 7.1), two of ``W2`` (Theorem 7.2), one of ``W2`` and ``b2``
(Theorem 7.3; for ``n1 = n2 = 2`` with both rows positive in that column it also
needs G9: their entries there and in the other column are not proportional),
only ``b2`` (Theorem 7.4);
a single column of ``W2`` alone means that every row hides it.  So Conjecture V holds there, the fiber is the orbit
family (proven complete) and, with no other mechanism, ``theta`` is
identifiable.  :func:`rigidity` decides whether the corollary applies.

Five more theorems pin the first layer down to the families that
:func:`.families.first_layer_families` lists: with a hidden column and two or
more hiding rows, dead rows allowed, every first layer is a hiding translation's
(Theorem 10.8, :func:`hidden_column_theorem`); with linear and crossing rows
only, it is ``theta``'s or, for the face column, ``theta``'s with that neuron
translated (Theorem 10.9, :func:`linear_rows_theorem`); the same with dead rows,
a crossing row and no hidden column, in the sign classes where the bend points
decide (Theorem 10.10, :func:`dead_rows_theorem`); with every live row linear,
``theta``'s with any set of neurons translated (Theorem 10.11,
:func:`all_linear_theorem`); with one hiding row, dead rows and ``n1 >= 5``,
the sign changes with their hiding translations (Theorem 10.12,
:func:`one_hiding_row_theorem`).

Each check is a pure function of the network, computed once per network
(:mod:`semialg_fibers.core.memo`); :mod:`.theorems` lists them in the order
:func:`.fiber.completeness` consults them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.memo import memoized
from ..core.network import Network
from .first_layer import has_full_row_rank
from .genericity import genericity, masked_sums
from .hiding import ColumnKind, column_statuses
from .rows import RowKind, check_three_layer, row_types

__all__ = ["Rigidity", "positive_columns", "rigidity", "THEOREM", "hidden_column_theorem", "HIDDEN_THEOREM",
           "linear_rows_theorem", "LINEAR_THEOREM", "dead_rows_theorem", "DEAD_THEOREM", "all_linear_theorem",
           "ALL_LINEAR_THEOREM", "one_hiding_row_theorem", "ONE_HIDING_THEOREM"]

#: The statement the results rest on, for ``basis`` strings.
THEOREM = ("docs/theory/three_layer.md, Corollary 7.5 (Theorems 7.1-7.4): for n1 >= 2, G1-G8 (and G9 in the class "
           "of Theorem 7.3 with n1 = n2 = 2), no dead, linear or zero-output row and no hidden column, every "
           "parameter realizing f has the first layer of theta up to permutation and positive scaling")


@dataclass(frozen=True)
class Rigidity:
    """Whether Corollary 7.5 (Theorems 7.1-7.4) applies, and why not.

    Attributes
    ----------
    applies : bool
    reason : str
        The hypotheses that hold, or the first one that fails (1-based indices).
    """

    applies: bool
    reason: str

    def __bool__(self) -> bool:
        return self.applies


#: Theorem 10.8, for ``basis`` strings.
HIDDEN_THEOREM = ("docs/theory/three_layer.md, Theorem 10.8: for n1 >= 2, G1-G8 and a hidden column with at least two "
                  "hiding rows (dead rows allowed), every parameter realizing f has the first layer of a hiding "
                  "translation T_t theta, t >= t_min, up to permutation and positive scaling")
#: Theorem 10.9, for ``basis`` strings.
LINEAR_THEOREM = ("docs/theory/three_layer.md, Theorem 10.9: for n1 >= 2, G1-G8, no dead or zero-output row, no hidden "
                  "column, a linear and a crossing row, every parameter realizing f has the first layer of theta up "
                  "to permutation and positive scaling, or, for the face column m (if any), that first layer with "
                  "neuron m translated by t > 0")

#: Theorem 10.10, for ``basis`` strings.
DEAD_THEOREM = ("docs/theory/three_layer.md, Theorem 10.10: for n1 >= 2, G1-G8, a dead row and a crossing row, no "
                "hidden column and no zero-output row (linear rows allowed), and in the sign classes of Theorems 7.3 "
                "and 7.4 enough crossing rows (or G9), every parameter realizing f has the first layer of theta up to "
                "permutation and positive scaling, or, for the face column m (if any), that first layer with neuron m "
                "translated by t > 0")

#: Theorem 10.12, for ``basis`` strings.
ONE_HIDING_THEOREM = ("docs/theory/three_layer.md, Theorem 10.12: for n1 >= 5, G1-G8, a column hidden by one row and "
                      "every other row dead, every parameter realizing f has the first layer of a sign change of theta "
                      "composed with a hiding translation t >= t_min, up to permutation and positive scaling")
#: Theorem 10.11, for ``basis`` strings.
ALL_LINEAR_THEOREM = ("docs/theory/three_layer.md, Theorem 10.11: for n1 >= 2, G1-G8, every live row linear (dead rows "
                      "allowed, no zero-output row), every parameter realizing f has, up to permutation and positive "
                      "scaling, the first layer y + t of theta with every neuron translated by t_m >= 0")


def _generic(net: Network, caller: str, what: str) -> str:
    """The first failing hypothesis among n1 >= 2, G1-G8 (empty string when they all hold)."""
    _, n1, _, _ = check_three_layer(net, caller)
    if n1 < 2:
        return f"n1 = {n1}: {what} are stated for n1 >= 2 (n1 = 1: Theorem 10.2)"
    if not has_full_row_rank(net):
        return "W1 does not have full row rank (G1)"
    report = genericity(net)
    if not report:
        first = report.failing[0]
        return f"{first.predicate} fails: {first.detail}"
    g8 = masked_sums(net)
    if not g8:
        return f"G8 fails: {g8.detail}"
    return ""


def _crossing_rows(net: Network) -> list[int]:
    """The rows that take both signs on the open orthant and reach the output (0-based)."""
    return [t.index for t in row_types(net) if t.kind in (RowKind.HIDING, RowKind.OTHER) and not t.output_zero]


def _zero_output(types) -> str:
    """``"row j has zero output"`` for the first zero or zero-output row, else empty."""
    zero = [t for t in types if t.kind == RowKind.ZERO or t.output_zero]
    return f"row {zero[0].index + 1} has zero output" if zero else ""


def _bend_points_or_g9(net: Network, alpha: int) -> str:
    """``n1 = 2``, class of Theorem 7.3: empty when ``lambda_m > 0`` is proven, else why not.

    Section 7.3, part (2)(iii): with ``#X`` bend points on ``H_alpha`` (crossing rows with ``c_j > 0``) and
    ``#Y`` on ``H_m`` (``w_j alpha c_j < 0``), ``#X + #Y >= 3`` decides; otherwise two rows positive in ``alpha``
    whose ``(w_j alpha, w_jm)`` are not proportional (G9) decide.
    """
    weight, bias = net.layers[1].weight, net.layers[1].bias
    live, m = _crossing_rows(net), 1 - alpha
    bends = sum(1 for j in live if bias[j] > 0) + sum(1 for j in live if weight[j][alpha] * bias[j] < 0)
    if bends >= 3:
        return ""
    rows = [j for j in live if weight[j][alpha] > 0]
    if len(rows) < 2:
        return (f"one crossing row, positive in column {alpha + 1} and in b2: the bend points leave room for the "
                "ramp revival (Section 5.6)")
    if any(weight[i][alpha] * weight[j][m] != weight[j][alpha] * weight[i][m] for i in rows for j in rows):
        return ""
    return (f"G9 fails: the {'two ' if len(rows) == 2 else ''}rows positive in column {alpha + 1} of W2 have "
            f"proportional entries in columns {alpha + 1} and {m + 1}")


@memoized
def hidden_column_theorem(net: Network) -> Rigidity:
    """Whether Theorem 10.8 applies: G1-G8, a hidden column, at least two hiding rows, every other row dead.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, -2]), ([[3, 1]], [1])])
    >>> hidden_column_theorem(net).reason
    'G1-G8 hold, column 1 is hidden by rows 1, 2, the other rows are dead (Theorem 10.8)'
    """
    failure = _generic(net, "hidden_column_theorem", "Theorem 10.8")
    if failure:
        return Rigidity(False, failure)
    types = row_types(net)
    hiding = {t.column for t in types if t.kind == RowKind.HIDING}
    if len(hiding) != 1:
        return Rigidity(False, "no column is hidden by every live row (Theorem 10.8 needs a hidden column)")
    (i,) = hiding
    rows = [t.index for t in types if t.kind == RowKind.HIDING]
    others = [t for t in types if t.kind not in (RowKind.HIDING, RowKind.DEAD)]
    if others or any(t.output_zero for t in types):
        return Rigidity(False, f"row {(others or [t for t in types if t.output_zero])[0].index + 1} neither hides "
                               f"column {i + 1} nor is dead (Theorem 10.8)")
    if len(rows) < 2:
        return Rigidity(False, f"one row hides column {i + 1} (Theorem 10.8 needs two; with one the sign change "
                               "exists)")
    names = ", ".join(str(j + 1) for j in rows)
    return Rigidity(True, f"G1-G8 hold, column {i + 1} is hidden by rows {names}, the other rows are dead "
                          "(Theorem 10.8)")


@memoized
def one_hiding_row_theorem(net: Network) -> Rigidity:
    """Whether Theorem 10.12 applies: ``n1 >= 5``, G1-G8, one row hides a column, every other row is dead.

    With ``n1 >= 5`` the bend sets of the hiding row outnumber the first-layer
    neurons that could hold them, so (with ``n2 = 1``: Theorem 10.4) the first
    layers are the sign changes composed with the hiding translation, dead rows
    or not; for ``n1 <= 4`` revivals exist (``n1 = 2``, ``n1 = 3``).

    Examples
    --------
    >>> w1 = [[int(r == c) for c in range(5)] for r in range(5)]
    >>> net = Network.from_layers([(w1, [0] * 5), ([[3, -1, -2, -5, -4], [-1] * 5], [-2, -7]), ([[2, 7]], [0])])
    >>> one_hiding_row_theorem(net).reason
    'G1-G8 hold, column 1 is hidden by row 1, the other rows are dead, n1 = 5 (Theorem 10.12)'
    """
    failure = _generic(net, "one_hiding_row_theorem", "Theorem 10.12")
    if failure:
        return Rigidity(False, failure)
    types, n1 = row_types(net), net.architecture[1]
    hiding = [t for t in types if t.kind == RowKind.HIDING]
    others = [t for t in types if t.kind not in (RowKind.HIDING, RowKind.DEAD) or t.output_zero]
    if len(hiding) != 1 or others:
        return Rigidity(False, "Theorem 10.12 needs one hiding row and every other row dead")
    (row,) = hiding
    if n1 < 5:
        return Rigidity(False, f"one row hides column {row.column + 1} and n1 = {n1}: Theorem 10.12 needs n1 >= 5 "
                               "(revivals exist for n1 = 2 and 3)")
    return Rigidity(True, f"G1-G8 hold, column {row.column + 1} is hidden by row {row.index + 1}, the other rows are "
                          f"dead, n1 = {n1} (Theorem 10.12)")


@memoized
def linear_rows_theorem(net: Network) -> Rigidity:
    """Whether Theorem 10.9 applies: G1-G8, no dead or zero-output row, no hidden column, a linear and a crossing row.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, 1], [-1, 1], [1, 3]], [1, 2, 5]),
    ...                            ([[1, 2, -3]], [0])])
    >>> linear_rows_theorem(net).reason
    'G1-G8 hold, linear rows 1, 3, every row crosses the orthant or is linear (Theorem 10.9)'
    """
    failure = _generic(net, "linear_rows_theorem", "Theorem 10.9")
    if failure:
        return Rigidity(False, failure)
    types = row_types(net)
    for t in types:
        # a hiding row crosses the orthant too; with a linear row no column is hidden
        if t.kind in (RowKind.DEAD, RowKind.ZERO) or t.output_zero:
            kind = "zero-output" if t.output_zero else str(t.kind)
            return Rigidity(False, f"row {t.index + 1} is {kind} (Theorem 10.9 needs linear and crossing rows only)")
    linear = [t.index for t in types if t.kind == RowKind.LINEAR]
    if not linear:
        return Rigidity(False, "no linear row (Theorem 10.9)")
    if len(linear) == len(types):
        return Rigidity(False, "every row is linear (Theorem 10.9 needs a crossing row; Theorem 10.11 covers this "
                               "case)")
    names = ", ".join(str(j + 1) for j in linear)
    return Rigidity(True, f"G1-G8 hold, linear rows {names}, every row crosses the orthant or is linear "
                          "(Theorem 10.9)")


@memoized
def dead_rows_theorem(net: Network) -> Rigidity:
    """Whether Theorem 10.10 applies: G1-G8 with dead rows, a crossing row, no hidden column, no zero-output row.

    The sign class of the crossing rows decides (``docs/theory/three_layer.md``,
    Section 10.10): three positive columns of ``[W2 | b2]`` or two of ``W2``
    (linear rows allowed): always (a); one column ``alpha`` of ``W2`` and
    ``b2`` (b): ``n1 >= 4``, or ``n1 = 3`` with two crossing rows, or ``n1 = 2``
    with three bend points or G9; ``b2`` only (c): ``n1 >= 4`` or two crossing
    rows.  With one crossing row outside these cases the revivals of Section
    5.6 (and, for ``n1 = 2`` with three spare rows, continuous families) give
    other first layers.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[-2, -1], [-1, -3], [-1, -1]], [1, 2, -1]),
    ...                            ([[3, 1, 5]], [1])])
    >>> dead_rows_theorem(net).reason
    'G1-G8 hold, dead row 3, no hidden column, 2 crossing rows, positive columns of [W2 | b2]: b2 (Theorem 10.10 (c))'
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[-2, -1], [-1, -1]], [1, -1]), ([[3, 5]], [1])])
    >>> dead_rows_theorem(net).reason
    'one crossing row, n1 = 2: Theorem 10.10 (c) needs n1 >= 4 or two crossing rows (with one, other first layers exist: Section 10.10)'
    """
    failure = _generic(net, "dead_rows_theorem", "Theorem 10.10")
    if failure:
        return Rigidity(False, failure)
    types, n1 = row_types(net), net.architecture[1]
    zero = _zero_output(types)
    if zero:
        return Rigidity(False, zero + " (Theorem 10.10 needs none)")
    dead = [t.index for t in types if t.kind == RowKind.DEAD]
    if not dead:
        return Rigidity(False, "no dead row (Theorem 10.10; without one: Corollary 7.5, Theorem 10.9)")
    crossing = _crossing_rows(net)
    if not crossing:
        return Rigidity(False, "no row crosses the open orthant (Theorem 10.10 needs one)")
    hidden = [s.column for s in column_statuses(net) if s.kind == ColumnKind.HIDDEN]
    if hidden:
        return Rigidity(False, f"column {hidden[0] + 1} is hidden (Theorem 10.10 needs no hidden column; two or more "
                               "hiding rows: Theorem 10.8; one, with n1 >= 5: Theorem 10.12)")
    positive = positive_columns(net)
    of_w2 = sum(1 for m in positive if m < n1)
    if len(positive) >= 3 or of_w2 >= 2:
        case = "(a)"
    elif of_w2 == 1:  # one column alpha of W2 and b2 (a lone positive column of W2 is hidden)
        case = "(b)"
        failure = ("" if n1 >= 4 or (n1 == 3 and len(crossing) >= 2)
                   else _bend_points_or_g9(net, positive[0]) if n1 == 2
                   else "one crossing row, n1 = 3: two are needed (a revival exists with two spare rows)")
        if failure:
            return Rigidity(False, f"{failure} (Theorem 10.10 (b))")
    else:
        case = "(c)"
        if n1 < 4 and len(crossing) < 2:
            return Rigidity(False, f"one crossing row, n1 = {n1}: Theorem 10.10 (c) needs n1 >= 4 or two crossing rows "
                                   "(with one, other first layers exist: Section 10.10)")
    rows = ", ".join(str(j + 1) for j in dead)
    names = ", ".join("b2" if m == n1 else f"column {m + 1} of W2" for m in positive)
    return Rigidity(True, f"G1-G8 hold, dead row{'s' if len(dead) > 1 else ''} {rows}, no hidden column, "
                          f"{len(crossing)} crossing row{'s' if len(crossing) > 1 else ''}, positive columns of "
                          f"[W2 | b2]: {names} (Theorem 10.10 {case})")


@memoized
def all_linear_theorem(net: Network) -> Rigidity:
    """Whether Theorem 10.11 applies: G1-G8, every live row linear, no zero-output row (dead rows allowed).

    Then ``f = G s(W1 x + b1) + const`` and every first layer is ``y + t``,
    ``t >= 0``, up to permutation and positive scaling (every column is a face
    column): the families of :func:`.families.translated_sets`.  Not every such
    ``t`` occurs: one with support ``S`` does iff ``n2 >= |S| + ncr(G_{-S})``
    (``G_{-S}``: ``G`` with the columns in ``S`` set to zero; Theorem 10.11 (b)),
    so for ``n2 = 1`` only ``t = 0``, and for ``n2 >= n1`` every ``t``.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 2], [3, 1], [-1, -1]], [1, 2, -3]),
    ...                            ([[1, 1, 4]], [0])])
    >>> all_linear_theorem(net).reason
    'G1-G8 hold, every live row is linear (rows 1, 2), the other rows are dead (Theorem 10.11)'
    """
    failure = _generic(net, "all_linear_theorem", "Theorem 10.11")
    if failure:
        return Rigidity(False, failure)
    types = row_types(net)
    zero = _zero_output(types)
    if zero:
        return Rigidity(False, zero + " (Theorem 10.11 needs none)")
    other = [t for t in types if t.kind not in (RowKind.LINEAR, RowKind.DEAD)]
    if other:
        return Rigidity(False, f"row {other[0].index + 1} is {other[0].kind} (Theorem 10.11 needs every live row "
                               "linear)")
    linear = [t.index for t in types if t.kind == RowKind.LINEAR]
    names = ", ".join(str(j + 1) for j in linear)
    dead = ", the other rows are dead" if len(linear) < len(types) else ""
    return Rigidity(True, f"G1-G8 hold, every live row is linear (row{'s' if len(linear) > 1 else ''} {names}){dead} "
                          "(Theorem 10.11)")


@memoized
def positive_columns(net: Network) -> tuple[int, ...]:
    """The columns of ``[W2 | b2]`` with a positive entry (0-based, ``n1`` is the bias): they select the theorem.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, -3]], [-1, 1]), ([[3, -2]], [1])])
    >>> positive_columns(net)
    (0, 2)
    """
    check_three_layer(net, "positive_columns")
    weight, bias = net.layers[1].weight, net.layers[1].bias
    columns = [list(col) for col in zip(*weight)] + [list(bias)]
    return tuple(m for m, col in enumerate(columns) if any(v > 0 for v in col))


@memoized
def rigidity(net: Network) -> Rigidity:
    """Decide whether Corollary 7.5 (module docstring) applies to ``net``, and by which theorem.

    Parameters
    ----------
    net : Network
        A three-layer network ``(d, n1, n2, k)``.

    Returns
    -------
    Rigidity
        Truthy iff every hypothesis holds; ``reason`` names the theorem that applies or the first failing
        hypothesis.

    Raises
    ------
    ShapeError
        ``net`` is not a three-layer network.

    Notes
    -----
    ``O(n1^2 d + n1^2 n2 + n1 n2 k)`` rational operations (the predicates and the sign checks).

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, 2]], [1])])
    >>> bool(rigidity(net))
    True
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [-1, 3]], [-1, -2]), ([[3, 1]], [1])])
    >>> rigidity(net).reason  # b2 < 0: two positive columns of W2
    'G1-G8 hold, no dead, linear or zero-output row, positive columns of [W2 | b2]: column 1 of W2, column 2 of W2 (Theorem 7.2)'
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[-2, -1], [-1, -3]], [1, 2]), ([[3, 1]], [1])])
    >>> rigidity(net).reason  # every row (-, -, +)
    'G1-G8 hold, no dead, linear or zero-output row, positive columns of [W2 | b2]: b2 (Theorem 7.4)'
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, -2]), ([[3, 1]], [1])])
    >>> rigidity(net).reason  # every row hides column 1
    'column 1 is hidden (every row hides it): Theorems 7.1-7.4 need no hidden column'
    """
    failure = _generic(net, "rigidity", "Theorems 7.1-7.4")
    if failure:
        return Rigidity(False, failure)
    for t in row_types(net):
        if t.kind in (RowKind.DEAD, RowKind.LINEAR, RowKind.ZERO) or t.output_zero:
            kind = "zero-output" if t.output_zero else str(t.kind)
            return Rigidity(False, f"row {t.index + 1} is {kind} (Theorems 7.1-7.4 count rows crossing the open "
                                   "orthant)")
    positive, n1 = positive_columns(net), net.architecture[1]
    # with G2 and no dead row every row has a positive entry, so ``positive`` is not empty; a single column of W2
    # is positive only when every row hides it
    if len(positive) == 1 and positive[0] < n1:
        return Rigidity(False, f"column {positive[0] + 1} is hidden (every row hides it): Theorems 7.1-7.4 need no "
                               "hidden column")
    of_w2 = sum(1 for m in positive if m < n1)
    if len(positive) == 2 and of_w2 == 1 and n1 == 2:
        failure = _bend_points_or_g9(net, positive[0])
        if failure:
            return Rigidity(False, f"{failure} (Theorem 7.3, n1 = n2 = 2; Section 7.3)")
    theorem = ("Theorem 7.1" if len(positive) >= 3 else "Theorem 7.2" if of_w2 == 2
               else "Theorem 7.3" if of_w2 == 1 else "Theorem 7.4")
    names = ", ".join("b2" if m == n1 else f"column {m + 1} of W2" for m in positive)
    return Rigidity(True, f"G1-G8 hold, no dead, linear or zero-output row, positive columns of [W2 | b2]: {names} "
                          f"({theorem})")
