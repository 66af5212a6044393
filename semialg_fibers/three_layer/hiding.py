"""Hidden first-layer hyperplanes and the hiding translation.

Write ``y = W1 x + b1``, ``z = s(y)`` and ``H_i = {y_i = 0}``.  Row ``j`` *sees*
column ``i`` when ``w_ji != 0`` and its output column ``a_j`` is nonzero (a row
with ``a_j = 0`` does not affect ``f``).  Column ``i`` is

* **unused** if every row that sees it is dead: ``f`` does not depend on ``z_i``;
* **hidden** if every row that sees it is dead or hides ``i`` (``w_ji > 0``,
  every other entry ``<= 0``) and at least one row hides it;
* **visible** otherwise: some row that sees it is active somewhere on the face
  ``{z >= 0, z_i = 0}`` of the orthant.

For a hidden column the identity ``s(a s(y) + r) = s(a y + r)`` (``a > 0``,
``r <= 0``) gives the **hiding translation** ``T_t``: ``b1_i <- b1_i + t`` and
``b2_j <- b2_j - W2[j, i] t`` for every hiding row ``j``, which preserves ``f``
for every ``t >= t_min = max_j b2_j / W2[j, i]`` (``j`` over the hiding rows with
a nonzero output column).  The interval is closed at its lower end, where a
hiding row reaches bias 0, and unbounded above.  With ``W1`` of full row rank
and a nonzero kink sum of the rows attaining ``t_min``, no ``t < t_min``
preserves ``f`` (:func:`hiding_interval`, :func:`outside_witness`).  Proofs:
``docs/theory/three_layer.md``, Sections 2 and 3.
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from fractions import Fraction

from ..core.exceptions import InternalCheckError, LimitReachedError, NotDecidedError, ShapeError
from ..core.limits import SearchLimits, resolve
from ..core.memo import memoized
from ..core.network import Network
from ..onelayer.lines import line_key
from .first_layer import has_full_row_rank, preimage
from .rows import RowKind, check_three_layer, output_column, row_types

__all__ = [
    "ColumnKind",
    "ColumnStatus",
    "column_status",
    "column_statuses",
    "HiddenHyperplane",
    "hidden_hyperplanes",
    "HidingInterval",
    "hiding_interval",
    "translate",
    "outside_witness",
    "kink_visible",
]

_ZERO = Fraction(0)


class ColumnKind(enum.StrEnum):
    """What the rows of ``[W2 | b2]`` make of first-layer neuron ``i`` (by signs)."""

    VISIBLE = "visible"  #: some row that sees the column is active on its face
    HIDDEN = "hidden"  #: every row that sees it is dead or hides it, and one hides it
    UNUSED = "unused"  #: every row that sees it is dead: f does not depend on it


@dataclass(frozen=True)
class ColumnStatus:
    """The sign-pattern status of one first-layer neuron (column of ``W2``).

    Attributes
    ----------
    column : int
        0-based.
    kind : ColumnKind
    hiding_rows : tuple of int
        Rows that hide this column.
    dead_rows : tuple of int
        Dead (or zero) rows that see it.
    seeing_rows : tuple of int
        The other rows that see it (active somewhere on its face): nonempty iff visible.
    reason : str
    """

    column: int
    kind: ColumnKind
    hiding_rows: tuple[int, ...]
    dead_rows: tuple[int, ...]
    seeing_rows: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict:
        """JSON-ready dictionary (0-based indices)."""
        return {"column": self.column, "kind": str(self.kind), "hiding_rows": list(self.hiding_rows),
                "dead_rows": list(self.dead_rows), "seeing_rows": list(self.seeing_rows), "reason": self.reason}


def _check_column(net: Network, i: int) -> int:
    n1 = net.architecture[1]
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n1:
        raise ShapeError(f"column {i!r} does not exist; the first hidden layer has {n1} neurons (0-based indices)")
    return n1


def column_status(net: Network, i: int) -> ColumnStatus:
    """Visible, hidden or unused, for column ``i`` (0-based) of ``W2``.

    Examples
    --------
    Both rows hide column 1 (``w_j1 > 0``, every other entry negative):

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, -3]], [-1, -2]), ([[1, 1]], [0])])
    >>> column_status(net, 0).kind, column_status(net, 1).kind
    (<ColumnKind.HIDDEN: 'hidden'>, <ColumnKind.VISIBLE: 'visible'>)

    One hiding row is not enough when another row sees the column:

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, 3]], [-1, -2]), ([[1, 1]], [0])])
    >>> column_status(net, 0).kind, column_status(net, 0).seeing_rows
    (<ColumnKind.VISIBLE: 'visible'>, (1,))
    """
    check_three_layer(net, "column_status")
    _check_column(net, i)
    return column_statuses(net)[i]


def _column_status(net: Network, i: int) -> ColumnStatus:
    hiding, dead, seeing = [], [], []
    for t in row_types(net):
        if net.layers[1].weight[t.index][i] == 0 or t.output_zero:
            continue  # a row with a zero output column does not affect f, whatever it sees
        if t.kind in (RowKind.DEAD, RowKind.ZERO):
            dead.append(t.index)
        elif t.kind == RowKind.HIDING and t.column == i:
            hiding.append(t.index)
        else:
            seeing.append(t.index)
    name = f"column {i + 1}"
    if seeing:
        kind = ColumnKind.VISIBLE
        reason = (f"{name}: row(s) {_one_based(seeing)} see it and are active somewhere on the face z_{i + 1} = 0, "
                  "so H_{i} carries their kinks".replace("H_{i}", f"H_{i + 1}"))
    elif hiding:
        kind = ColumnKind.HIDDEN
        reason = (f"{name}: every row that sees it is dead or hides it (hiding rows {_one_based(hiding)}"
                  + (f", dead rows {_one_based(dead)}" if dead else "") + ")")
    else:
        kind = ColumnKind.UNUSED
        reason = (f"{name}: " + (f"only dead rows {_one_based(dead)} see it" if dead else "no row sees it")
                  + ", so f does not depend on this first-layer neuron")
    return ColumnStatus(i, kind, tuple(hiding), tuple(dead), tuple(seeing), reason)


@memoized
def column_statuses(net: Network) -> tuple[ColumnStatus, ...]:
    """:func:`column_status` of every column (computed once per network: :mod:`semialg_fibers.core.memo`)."""
    check_three_layer(net, "column_statuses")
    return tuple(_column_status(net, i) for i in range(net.architecture[1]))


def _one_based(indices) -> str:
    return ", ".join(str(j + 1) for j in indices)


# ---------------------------------------------------------------------------- hidden hyperplanes
@dataclass(frozen=True)
class HiddenHyperplane:
    """A hidden first-layer hyperplane ``H_i = {x : W1[i] . x + b1_i = 0}``.

    Attributes
    ----------
    column : int
        0-based first-layer neuron.
    normal : tuple of Fraction
        ``W1[i]``.
    offset : Fraction
        ``b1_i``.
    hiding_rows : tuple of int
        The rows that hide column ``i``.
    dead_rows : tuple of int
        Dead rows that see it.
    lower : Fraction or None
        ``t_min``: ``T_t`` preserves ``f`` for every ``t >= lower`` (None: every ``t``).
    kink_free : bool
        True iff ``f`` has no kink on ``H_i`` for every choice of the output
        weights: no hiding row with a nonzero output column has bias 0.  (A
        hiding row with bias 0 puts its own kink on ``H_i``: the parameter is the
        end ``t_min = 0`` of the translation interval.)
    """

    column: int
    normal: tuple[Fraction, ...]
    offset: Fraction
    hiding_rows: tuple[int, ...]
    dead_rows: tuple[int, ...]
    lower: Fraction | None
    kink_free: bool

    def describe(self) -> str:
        """One line in words (1-based indices)."""
        interval = "every t" if self.lower is None else f"t >= {self.lower}"
        return (f"H_{self.column + 1} = {{W1[{self.column + 1}] . x + b1_{self.column + 1} = 0}} is hidden by row(s) "
                f"{_one_based(self.hiding_rows)}; translations T_t preserve f for {interval}"
                + ("" if self.kink_free else " (a hiding row has bias 0: the kink of that row lies on H, "
                   "the parameter is the end of its translation interval)"))

    def to_dict(self) -> dict:
        """JSON-ready dictionary (exact numbers as strings, 0-based indices)."""
        return {"column": self.column, "normal": [str(v) for v in self.normal], "offset": str(self.offset),
                "hiding_rows": list(self.hiding_rows), "dead_rows": list(self.dead_rows),
                "lower": None if self.lower is None else str(self.lower), "kink_free": self.kink_free}


def _thresholds(net: Network, i: int, rows) -> dict[int, Fraction]:
    weight, bias = net.layers[1].weight, net.layers[1].bias
    return {j: bias[j] / weight[j][i] for j in rows if any(output_column(net, j))}


@memoized
def hidden_hyperplanes(net: Network) -> tuple[HiddenHyperplane, ...]:
    """The first-layer hyperplanes hidden by the second layer (one per hidden column).

    Column ``i`` is hidden iff every row of ``[W2 | b2]`` that sees it
    (``W2[j, i] != 0``) is dead or hides ``i``, and one row hides it.  Then
    ``f`` has no kink on ``H_i`` (when no hiding row has bias 0) whatever the
    output weights; under the genericity predicates G2, G3, G4, G6 every other
    column carries a kink of ``f`` on an open part of its hyperplane
    (``docs/theory/three_layer.md``, Section 2).  A single hiding row does not
    hide ``H_i`` when another row sees column ``i``; at most one column is
    hidden when every entry of ``W2`` is nonzero, since a row hides one column.

    Raises
    ------
    ShapeError
        ``net`` is not a three-layer network.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> [(h.column, h.hiding_rows, h.lower) for h in hidden_hyperplanes(net)]
    [(0, (0,), Fraction(-1, 2))]
    """
    check_three_layer(net, "hidden_hyperplanes")
    out = []
    for status in column_statuses(net):
        if status.kind != ColumnKind.HIDDEN:
            continue
        i = status.column
        taus = _thresholds(net, i, status.hiding_rows)
        lower = max(taus.values()) if taus else None
        kink_free = all(net.layers[1].bias[j] != 0 for j in taus)
        out.append(HiddenHyperplane(i, tuple(net.layers[0].weight[i]), net.layers[0].bias[i], status.hiding_rows,
                                    status.dead_rows, lower, kink_free))
    return tuple(out)


# ---------------------------------------------------------------------------- the translation
def translate(net: Network, i: int, t, *, check: bool = True) -> Network:
    """The hiding translation ``T_t`` of column ``i``: ``b1_i += t``, ``b2_j -= W2[j, i] t`` for its hiding rows.

    Parameters
    ----------
    net : Network
    i : int
        A hidden column (0-based).
    t : exact number
    check : bool
        Refuse ``t < t_min`` (where ``T_t`` is not proven to preserve ``f``).
        ``check=False`` applies the move anyway (used to show that it fails).

    Raises
    ------
    ValueError
        Column ``i`` is not hidden, or ``check`` and ``t < t_min``.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> moved = translate(net, 0, 5)
    >>> moved.layers[0].bias, moved.layers[1].bias
    ((Fraction(11, 2), Fraction(-1, 1)), (Fraction(-11, 1),))
    >>> translate(net, 0, -1)
    Traceback (most recent call last):
    ...
    ValueError: translation t = -1 of column 1 is below t_min = -1/2: hiding row(s) 1 would get a positive bias
    """
    from ..core.exact import to_rational

    check_three_layer(net, "translate")
    _check_column(net, i)
    status = column_status(net, i)
    if status.kind != ColumnKind.HIDDEN:
        raise ValueError(f"column {i + 1} is not hidden ({status.kind}); the hiding translation needs a hidden column")
    t = to_rational(t, "t")
    if check:
        taus = _thresholds(net, i, status.hiding_rows)
        if taus and t < max(taus.values()):
            bad = [j for j, tau in taus.items() if tau > t]
            raise ValueError(f"translation t = {t} of column {i + 1} is below t_min = {max(taus.values())}: hiding "
                             f"row(s) {_one_based(bad)} would get a positive bias")
    layers = [[[list(r) for r in layer.weight], list(layer.bias)] for layer in net.layers]
    layers[0][1][i] += t
    for j in status.hiding_rows:
        layers[1][1][j] -= layers[1][0][j][i] * t
    return Network.from_layers(layers)


@dataclass(frozen=True)
class HidingInterval:
    """The exact set ``{t : T_t preserves f}`` for a hidden column: a closed half-line ``[lower, +inf)``.

    Attributes
    ----------
    column : int
    lower : Fraction or None
        ``t_min``; None means every real ``t`` (no hiding row has a nonzero output).
    rows : tuple of int
        The hiding rows that ``T_t`` moves.
    binding_rows : tuple of int
        The rows whose bias reaches 0 at ``t = lower``.
    """

    column: int
    lower: Fraction | None
    rows: tuple[int, ...]
    binding_rows: tuple[int, ...]

    @property
    def lower_closed(self) -> bool:
        """The lower end belongs to the interval (always, when there is one)."""
        return self.lower is not None

    def __contains__(self, t) -> bool:
        return self.lower is None or Fraction(t) >= self.lower

    def describe(self) -> str:
        """The interval in words, saying which end is closed."""
        if self.lower is None:
            return f"every real t (column {self.column + 1})"
        return (f"[{self.lower}, +inf): closed at t = {self.lower}, where the bias of hiding row(s) "
                f"{_one_based(self.binding_rows)} reaches 0; open (unbounded) above")

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"column": self.column, "lower": None if self.lower is None else str(self.lower),
                "lower_closed": self.lower_closed, "upper": None, "rows": list(self.rows),
                "binding_rows": list(self.binding_rows)}


def hiding_interval(net: Network, i: int) -> HidingInterval:
    """The exact set of translations ``t`` for which ``T_t`` (:func:`translate`) preserves ``f``.

    It is ``[t_min, +inf)`` with ``t_min = max_j b2_j / W2[j, i]`` over the hiding
    rows ``j`` with a nonzero output column: closed at the lower end and
    unbounded above (``docs/theory/three_layer.md``, Section 3).

    Raises
    ------
    ValueError
        Column ``i`` is not hidden.
    NotDecidedError
        ``W1`` does not have full row rank, or the kinks of the rows attaining
        ``t_min`` cancel (``sum_j a_j W2[j, i] = 0``): then the set may be
        larger and is not decided.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -1]], [-1, -3]), ([[3, 1]], [1])])
    >>> interval = hiding_interval(net, 0)
    >>> interval.lower, interval.binding_rows, -1 in interval
    (Fraction(-1, 2), (0,), False)
    >>> interval.describe()
    '[-1/2, +inf): closed at t = -1/2, where the bias of hiding row(s) 1 reaches 0; open (unbounded) above'
    """
    check_three_layer(net, "hiding_interval")
    _check_column(net, i)
    status = column_status(net, i)
    if status.kind != ColumnKind.HIDDEN:
        raise ValueError(f"column {i + 1} is not hidden ({status.kind}): {status.reason}")
    taus = _thresholds(net, i, status.hiding_rows)
    if not taus:
        return HidingInterval(i, None, status.hiding_rows, ())
    lower = max(taus.values())
    binding = tuple(j for j, tau in taus.items() if tau == lower)
    kink = [sum((output_column(net, j)[r] * net.layers[1].weight[j][i] for j in binding), _ZERO)
            for r in range(net.output_dim)]
    if not any(kink):
        raise NotDecidedError(f"hiding_interval: the kinks of the hiding rows {_one_based(binding)} attaining "
                              f"t_min = {lower} cancel (sum of a_j W2[j, {i + 1}] is 0); translations below t_min "
                              "may preserve f and are not decided")
    if not has_full_row_rank(net):
        raise NotDecidedError("hiding_interval: W1 does not have full row rank, so the first layer does not reach "
                              "every y; translations below t_min are not decided")
    return HidingInterval(i, lower, status.hiding_rows, binding)


def outside_witness(net: Network, i: int, t) -> tuple[Fraction, ...]:
    """An input ``x`` with ``f_{T_t}(x) != f(x)``, for ``t`` below the interval of :func:`hiding_interval`.

    The point has ``y_l < 0`` for ``l != i`` (so only the hiding rows act) and
    ``y_i`` near the kinks of the rows whose translated bias is positive.
    Checked by exact evaluation before it is returned.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> x = outside_witness(net, 0, Fraction(-1))
    >>> net(x) != translate(net, 0, -1, check=False)(x)
    True
    """
    from ..core.exact import to_rational

    t = to_rational(t, "t")
    interval = hiding_interval(net, i)
    if t in interval:
        raise ValueError(f"t = {t} is inside the interval {interval.describe()}; T_t preserves f there")
    moved = translate(net, i, t, check=False)
    weight, bias = net.layers[1].weight, net.layers[1].bias
    # u = y_i + t; the row j with positive translated bias c'_j = c_j - w t is active for u > -c'_j / w.
    breaks = sorted({-(bias[j] - weight[j][i] * t) / weight[j][i] for j in interval.rows
                     if bias[j] - weight[j][i] * t > 0})
    points = [breaks[0] - 1] + [(a + b) / 2 for a, b in zip(breaks, breaks[1:] + [_ZERO])]
    n1 = net.architecture[1]
    for u in points:
        y = [Fraction(-1)] * n1
        y[i] = u - t
        x = preimage(net, y)
        if net(x) != moved(x):
            return x
    raise InternalCheckError(f"no witness found for the translation t = {t} below t_min = {interval.lower}")


# ---------------------------------------------------------------------------- exact kink test
def kink_visible(net: Network, i: int, *, limits: SearchLimits | None = None) -> bool:
    """Exactly: does ``f`` have a kink on an open part of ``H_i`` (``W1`` of full row rank)?

    The gradient of ``F(y) = g(s(y))`` jumps across ``H_i`` by
    ``kappa(z) e_i^T`` with ``kappa(z) = sum_j a_j W2[j, i] [row j active at
    (z, 0+)]``, ``z = s(y_{-i})``.  For each set ``S`` of positive coordinates
    among ``y_{-i}`` the step function ``kappa`` on the open ``S``-orthant is
    reduced to its canonical step data (one jump per distinct hyperplane and a
    constant), which vanishes iff ``kappa = 0`` almost everywhere there.  No
    genericity is assumed: this is the reference for the sign rule of
    :func:`column_status`.

    Raises
    ------
    LimitReachedError
        ``2^(n1 - 1)`` faces exceed ``limits.subsets``.
    NotDecidedError
        ``W1`` does not have full row rank.

    Examples
    --------
    Two rows see column 1 with kinks that cancel (``1 * 2 + (-2) * 1 = 0``) on the whole face:

    >>> net = Network.from_layers([([[1]], [0]), ([[2], [1]], [1, 1]), ([[1, -2]], [0])])
    >>> column_status(net, 0).kind, kink_visible(net, 0)
    (<ColumnKind.VISIBLE: 'visible'>, False)
    """
    check_three_layer(net, "kink_visible")
    n1 = _check_column(net, i)
    limits = resolve(limits)
    if limits.exceeded("subsets", 2 ** (n1 - 1)):
        raise LimitReachedError(f"kink_visible: 2^{n1 - 1} faces of the orthant exceed the limit subsets = "
                                f"{limits.subsets}", limit="subsets", value=limits.subsets)
    if not has_full_row_rank(net):
        raise NotDecidedError("kink_visible: W1 does not have full row rank; the first layer does not reach every y")
    weight, bias = net.layers[1].weight, net.layers[1].bias
    k = net.output_dim
    others = [l for l in range(n1) if l != i]
    for size in range(len(others) + 1):
        for face in itertools.combinations(others, size):
            constant = [_ZERO] * k
            jumps: dict = {}
            for j in range(len(weight)):
                wi = weight[j][i]
                a = output_column(net, j)
                if wi == 0 or not any(a):
                    continue
                beta = [v * wi for v in a]
                rest = tuple(weight[j][l] for l in face) + (bias[j],)
                if not any(rest):
                    active = wi > 0  # the row is s(w_ji z_i): active on the side z_i > 0
                    if active:
                        constant = [c + b for c, b in zip(constant, beta)]
                    continue
                if all(v >= 0 for v in rest):
                    constant = [c + b for c, b in zip(constant, beta)]
                    continue
                if all(v <= 0 for v in rest):
                    continue
                key, sign, _ = line_key(rest)  # mixed signs: the weight part is nonzero
                acc = jumps.setdefault(key, [_ZERO] * k)
                if sign > 0:
                    jumps[key] = [x + b for x, b in zip(acc, beta)]
                else:  # [l > 0] = 1 - [-l > 0] almost everywhere
                    jumps[key] = [x - b for x, b in zip(acc, beta)]
                    constant = [c + b for c, b in zip(constant, beta)]
            if any(constant) or any(any(v) for v in jumps.values()):
                return True
    return False
