"""The first layers of a fiber: families of affine changes of the first-layer coordinates.

Write ``y = W1 x + b1`` and ``F(y) = g(s(y))``.  A parameter ``theta'`` with
``W1' = P W1`` and ``y' = P y + q`` realizes ``f`` iff its second layer ``g'``
satisfies ``g'(s(y')) = F(y)``, i.e. ``g' = h`` on the orthant for
``h = F o B^{-1}``, ``B y = P y + q``, and that needs ``F o B^{-1}`` to depend
on ``s(y')`` only.  So the fiber is a union, over the admissible ``B``, of
(``B``'s first layer) x (the orthant fiber of ``h``)
(``docs/theory/three_layer.md``, Section 10).  A :class:`FirstLayerFamily`
is one family of such ``B`` with a common combinatorial type of ``h``:

``y' = diag(mu) (M y + o + t e_c)``, ``mu > 0``, ``t`` in an interval (or no ``t``),

and ``h_t(z) = h_{t0}(z - (t - t0) e_c)`` as canonical data on the orthant (the
lines move with ``t``, the kinks and the linear part do not).  The families:

* ``n1 >= 2`` (:func:`first_layer_families`): the orbit (``M = I``); for a hidden
  column the hiding translation ``t >= t_min`` (closed); with one live row hiding
  the column, every sign change ``M_sigma``; with a linear row, a crossing row and
  a *face column* ``m`` (every live row keeps one strict sign on the face
  ``{z_m = 0}``), the translated visible neuron ``y'_m = y_m + t``, ``t > 0``
  (open), whose second layers realize ``g(s(z - t e_m))`` (also with a dead
  row instead of the linear one: the dead row carries ``s(t - z_m)``)
  (:func:`translated_reference`).  Complete only under the conjecture or
  theorems of the theory page (see :mod:`.fiber`).
* ``n1 = 1``: every admissible ``B``, from the exact profile of ``F``
  (:mod:`.profile`): ``y' = mu (y + t)`` with ``t > -y_*`` (the hiding translation
  when ``y_* > 0``, a shifted first layer when the kink at 0 is visible) and the
  end point ``t = -y_*``; when ``F`` is eventually constant,
  ``y' = mu (t - y)`` with ``t > y^*`` and the end point ``t = y^*`` (the ramp flip).
  Proven complete.
"""

from __future__ import annotations

import enum
import itertools
import random
from dataclasses import dataclass
from fractions import Fraction

from ..core.exceptions import LimitReachedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.phrase import Math, phrase_text
from ..onelayer.lines import collect_lines, line_key
from ..orthant.canonical import OrthantData, canonical_data
from .first_layer import affine_change
from .hiding import hidden_hyperplanes, translate
from .moves import revival_forms, revive, sign_change_ratios
from .profile import Profile, profile
from .rows import RowKind, check_three_layer, output_column, row_types, second_layer

__all__ = ["FamilyKind", "Interval", "FirstLayerFamily", "first_layer_families", "shifted", "face_columns",
           "translated_sets", "translated_network", "translated_reference", "revival_families"]

_ZERO, _ONE = Fraction(0), Fraction(1)


class FamilyKind(enum.StrEnum):
    """How a family's first layer relates to ``theta``'s (up to permutation and positive scaling)."""

    ORBIT = "orbit"  #: the same first layer
    TRANSLATION = "hiding translation"  #: the hidden neuron translated, t in the hiding interval
    SIGN_CHANGE = "sign change"  #: first-layer neurons reversed through the hidden one
    SHIFTED = "shifted"  #: n1 = 1: the visible first-layer kink moved into the constant region (t > 0)
    BOUNDARY = "boundary"  #: n1 = 1: the hidden neuron at the end of its interval (the row becomes linear)
    REVERSED = "reversed"  #: n1 = 1: the first layer reversed beyond the last breakpoint (t > y^*)
    RAMP = "ramp flip"  #: n1 = 1: the first layer reversed at the last breakpoint
    TRANSLATED = "translated visible neuron"  #: n1 >= 2, linear or dead rows: a face column's neuron moved by t > 0
    REVIVAL = "dead-row revival"  #: n1 = 2, one live row: a first layer of pieces of its bent hyperplane


@dataclass(frozen=True)
class Interval:
    """A half-line ``[lower, +inf)`` or ``(lower, +inf)``; ``lower = None`` is all of ``R``.

    >>> Interval(Fraction(-1), True).contains(-1), Interval(Fraction(0), False).contains(0)
    (True, False)
    """

    lower: Fraction | None
    closed: bool = True

    def contains(self, t) -> bool:
        """Membership of an exact number."""
        if self.lower is None:
            return True
        t = Fraction(t)
        return t >= self.lower if self.closed else t > self.lower

    def sample(self, rng: random.Random) -> Fraction:
        """A point of the interval's interior."""
        step = Fraction(rng.randint(1, 9), rng.randint(1, 4))
        return (self.lower if self.lower is not None else Fraction(rng.randint(-4, 4))) + step

    def describe(self, name: str = "t") -> str:
        """E.g. ``t >= -1/2``."""
        if self.lower is None:
            return f"{name} in R"
        return f"{name} {'>=' if self.closed else '>'} {self.lower}"

    def latex(self, name: str = "t") -> str:
        """E.g. ``t \\geq - \\frac{1}{2}``."""
        if self.lower is None:
            return name + r" \in \mathbb{R}"
        return name + (r" \geq " if self.closed else " > ") + _tex(self.lower)

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"lower": None if self.lower is None else str(self.lower), "closed": self.closed, "upper": None}


@dataclass(frozen=True)
class FirstLayerFamily:
    """First layers ``y' = diag(mu) (M y + offset + sum_c t_c e_c)``, ``mu > 0``, and the orthant data of the second layer.

    Attributes
    ----------
    kind : FamilyKind
    matrix : tuple of rows
        ``M`` (``n1 x n1``, invertible), in ``theta``'s coordinates ``y``.
    offset : tuple of Fraction
        ``o``.
    columns : tuple of int
        The coordinates that the parameters ``t = (t_c)`` move (empty: no continuous parameter).
    intervals : tuple of Interval
        The values of each ``t_c``.
    reference_t : tuple of Fraction
        ``t0``, where :attr:`reference` is taken (empty without a parameter).
    reference : OrthantData
        Canonical data of ``h_{t0}``: the second layers of the family at ``t0``
        are the orthant fiber of this function (in the coordinates ``M y + o``).
    flipped : tuple of int
        The first-layer neurons reversed by a sign change (0-based).
    """

    kind: FamilyKind
    matrix: tuple[tuple[Fraction, ...], ...]
    offset: tuple[Fraction, ...]
    columns: tuple[int, ...]
    intervals: tuple[Interval, ...]
    reference_t: tuple[Fraction, ...]
    reference: OrthantData
    flipped: tuple[int, ...] = ()

    @property
    def parametric(self) -> bool:
        """The family has continuous parameters ``t``."""
        return bool(self.columns)

    @property
    def width(self) -> int:
        """``n1``."""
        return len(self.matrix)

    def parameters(self, t) -> tuple[Fraction, ...]:
        """``t`` as a checked tuple (a number is accepted for a family with one parameter).

        Raises
        ------
        ValueError
            ``t`` is missing, of the wrong length, not in the intervals, or given for a family without parameters.
        """
        if not self.parametric:
            if t is not None and t != ():
                raise ValueError("this family has no parameter t")
            return ()
        if t is None:
            raise ValueError(f"the family needs {self.describe_parameters()}; got no t")
        values = tuple(Fraction(v) for v in (t if isinstance(t, (tuple, list)) else (t,)))
        if len(values) != len(self.columns) or not all(i.contains(v) for i, v in zip(self.intervals, values)):
            raise ValueError(f"the family needs {self.describe_parameters()}; got t = {t}")
        return values

    def names(self) -> tuple[tuple[str, str], ...]:
        """``(plain, LaTeX)`` names of the parameters: ``t`` for one, ``t_1, t_2, ...`` (by column) for several."""
        if len(self.columns) == 1:
            return (("t", "t"),)
        return tuple((f"t_{c + 1}", f"t_{{{c + 1}}}") for c in self.columns)

    def describe_parameters(self) -> str:
        """E.g. ``t >= -1/2`` or ``t_1 > 0, t_2 > 0``."""
        return ", ".join(i.describe(plain) for i, (plain, _) in zip(self.intervals, self.names()))

    def _parameters_math(self) -> Math:
        return Math(", ".join(i.latex(tex) for i, (_, tex) in zip(self.intervals, self.names())),
                    self.describe_parameters())

    def base_layer(self, net: Network) -> tuple[tuple[tuple[Fraction, ...], ...], tuple[Fraction, ...]]:
        """``(M W1, M b1 + o)``: the family's first layer at ``mu = 1`` and ``t = 0``."""
        w1, b1 = net.layers[0].weight, net.layers[0].bias
        n1, d = len(w1), len(w1[0])
        M = self.matrix
        weight = tuple(tuple(sum((M[l][m] * w1[m][c] for m in range(n1) if M[l][m]), _ZERO) for c in range(d))
                       for l in range(n1))
        bias = tuple(sum((M[l][m] * b1[m] for m in range(n1) if M[l][m]), self.offset[l]) for l in range(n1))
        return weight, bias

    def first_layer(self, net: Network, t=None) -> tuple[tuple[tuple[Fraction, ...], ...], tuple[Fraction, ...]]:
        """``(M W1, M b1 + o + sum_c t_c e_c)``: the family's first layer with ``mu = 1``.

        Raises
        ------
        ValueError
            As :meth:`parameters`.
        """
        weight, bias = self.base_layer(net)
        bias = list(bias)
        for c, value in zip(self.columns, self.parameters(t)):
            bias[c] += value
        return weight, tuple(bias)

    def data_at(self, t) -> OrthantData:
        """Canonical orthant data of ``h_t``: lines moved by ``t - t0``, ``g0 - G (t - t0)``."""
        data = self.reference
        for c, value, start in zip(self.columns, self.parameters(t), self.reference_t):
            data = shifted(data, c, value - start)
        return data

    # ------------------------------------------------------------ words
    def phrases(self) -> tuple[tuple, ...]:
        """The first layer in words (plain text with math parts)."""
        n1 = self.width
        if self.kind == FamilyKind.ORBIT:
            return (("the first layer of ", Math(r"\theta", "theta"), " up to permutation and positive scaling"),)
        if self.kind in (FamilyKind.TRANSLATION, FamilyKind.SIGN_CHANGE):
            out = []
            if self.flipped:
                names = ", ".join(str(l + 1) for l in self.flipped)
                out.append((f"first-layer neuron{'s' if len(self.flipped) > 1 else ''} {names} reversed through the "
                            f"hidden neuron {self.columns[0] + 1} (sign change)",))
            if self.parametric:
                out.append((f"hidden neuron {self.columns[0] + 1} translated by ", self._parameters_math(),
                            " (hiding translation)"))
            return tuple(out) or (("the first layer of ", Math(r"\theta", "theta"), " up to permutation and positive "
                                   "scaling"),)
        if self.kind == FamilyKind.SHIFTED:
            return (("first layer ", Math(r"y' = \mu (y + t)", "y' = mu (y + t)"), " with ", self._parameters_math(),
                     ": its kink moved into the region where the function is constant"),)
        if self.kind == FamilyKind.BOUNDARY:
            end = -self.offset[0]
            return (("first layer ", Math(rf"y' = \mu (y - {_tex(end)})", f"y' = mu (y - {end})"),
                     ": the hidden neuron at the end of its translation interval"),)
        if self.kind == FamilyKind.REVERSED:
            return (("reversed first layer ", Math(r"y' = \mu (t - y)", "y' = mu (t - y)"), " with ",
                     self._parameters_math(), " beyond the last breakpoint of the function"),)
        if self.kind == FamilyKind.TRANSLATED:
            several = len(self.columns) > 1
            names = ", ".join(str(c + 1) for c in self.columns)
            return ((f"first-layer neuron{'s' if several else ''} {names} translated by ", self._parameters_math(),
                     f" (translated visible neuron{'s' if several else ''}: {'their' if several else 'its'} kinks "
                     "cancel, a linear or revived dead row absorbs the difference)"),)
        if self.kind == FamilyKind.REVIVAL:
            out = (("first layer ", self._affine_math(), " (a dead-row revival: pieces of the live row's bent "
                    "hyperplane)"),)
            if self.parametric:
                out += ((f"its hidden neuron {self.columns[0] + 1} translated by ", self._parameters_math(),
                         " (hiding translation)"),)
            return out
        end = self.offset[0]
        return (("reversed first layer ", Math(rf"y' = \mu ({_tex(end)} - y)", f"y' = mu ({end} - y)"),
                 " at the last breakpoint (ramp flip)"),) if n1 == 1 else ()

    def _affine_math(self) -> Math:
        """``y' = (M y + o)`` with ``y`` the first layer of ``theta``."""
        import sympy

        ys = sympy.symbols(f"y_1:{self.width + 1}")
        forms = [sum((sympy.Rational(v.numerator, v.denominator) * y for v, y in zip(row, ys)), sympy.Integer(0))
                 + sympy.Rational(o.numerator, o.denominator) for row, o in zip(self.matrix, self.offset)]
        return Math(r"y' = \left(" + ", ".join(sympy.latex(f) for f in forms) + r"\right)",
                    "y' = (" + ", ".join(str(f) for f in forms) + ")")

    def describe(self) -> str:
        """The first layer in words."""
        return "; ".join(phrase_text(p) for p in self.phrases())

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"kind": str(self.kind), "matrix": [[str(v) for v in row] for row in self.matrix],
                "offset": [str(v) for v in self.offset], "columns": list(self.columns),
                "intervals": [i.to_dict() for i in self.intervals],
                "reference_t": [str(v) for v in self.reference_t], "flipped": list(self.flipped)}


def _tex(value: Fraction) -> str:
    import sympy

    return sympy.latex(sympy.Rational(value.numerator, value.denominator))


def shifted(data: OrthantData, column: int, amount) -> OrthantData:
    """The canonical data of ``z -> h(z - amount e_column)`` from that of ``h`` (lines moved, ``g0`` adjusted).

    Valid as orthant data when every moved line still meets the open orthant
    (the caller's family guarantees it on its interval).

    >>> from semialg_fibers.orthant import canonical_data
    >>> h = canonical_data(Network.from_layers([([[1, -1]], [-1]), ([[2]], [0])]))   # 2 s(z1 - z2 - 1)
    >>> [(u.line, u.kink) for u in shifted(h, 0, 1).lines]
    [((Fraction(1, 1), Fraction(-1, 1), Fraction(-2, 1)), (Fraction(2, 1),))]
    """
    amount = Fraction(amount)
    if not amount:
        return data
    lines = []
    for u in data.lines:
        line = list(u.line)
        line[-1] -= amount * line[column]
        lines.append((line_key(tuple(line))[0], u.kink))
    constant = tuple(c - amount * row[column] for c, row in zip(data.constant, data.linear))
    return collect_lines(lines, data.input_dim, data.output_dim, data.linear, constant, OrthantData)


def _identity(n: int) -> tuple[tuple[Fraction, ...], ...]:
    return tuple(tuple(_ONE if i == j else _ZERO for j in range(n)) for i in range(n))


def _live_rows(net: Network) -> list[int]:
    """The rows of ``[W2 | b2]`` with a nonzero output column (the others do not affect ``f``)."""
    return [t.index for t in row_types(net) if not t.output_zero]


def face_columns(net: Network) -> tuple[int, ...]:
    """The columns ``m`` on whose face ``{z_m = 0}`` every live row keeps one strict sign (0-based).

    Row ``j`` keeps one sign on the open face when ``(w_{j,-m}, c_j)`` is entrywise
    positive or entrywise negative; then ``g`` near that face is, row by row,
    affine or zero (``docs/theory/three_layer.md``, Section 10.9).

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 2], [-1, 1]], [1, 1]), ([[1, 1]], [0])])
    >>> face_columns(net)   # the second row is (-, +, +): it keeps its sign on the face of column 1 only
    (0,)
    """
    check_three_layer(net, "face_columns")
    weight, bias = net.layers[1].weight, net.layers[1].bias
    n1 = len(weight[0])
    out = []
    for m in range(n1):
        rest = [[weight[j][r] for r in range(n1) if r != m] + [bias[j]] for j in _live_rows(net)]
        if all(all(v > 0 for v in row) or all(v < 0 for v in row) for row in rest):
            out.append(m)
    return tuple(out)


def translated_sets(net: Network) -> tuple[tuple[int, ...], ...]:
    """The sets of face columns whose neurons a translated visible neuron family moves (0-based), in order.

    * No set without a row that is linear or unused by ``f`` (dead, or of zero
      output): then ``h_t`` needs a line more than ``n2`` rows can carry.
    * With a row crossing the open orthant: the face column alone, when there is
      one (at most one: ``docs/theory/three_layer.md``, Section 10.9, Lemma B).
    * With every live row linear: every nonempty set of face columns (Section
      10.11), each a family with one parameter per column.  A set ``S`` has
      members only when ``n2 >= |S| + ncr(G_{-S})`` (Theorem 10.11 (b));
      the others are listed here and dropped by their empty orthant fibers.

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[-1, 2], [-1, -1]], [1, -1]), ([[1, 1]], [0])])
    >>> translated_sets(net)   # a (-, +, +) row and a dead row: the dead row can carry s(t - z_1)
    ((0,),)
    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 2], [3, 1]], [1, 2]), ([[1, 1]], [0])])
    >>> translated_sets(net)   # every row linear
    ((0,), (1,), (0, 1))
    """
    types = row_types(net)
    if not any(t.kind in (RowKind.LINEAR, RowKind.DEAD, RowKind.ZERO) or t.output_zero for t in types):
        return ()
    face = face_columns(net)
    if any(t.kind in (RowKind.HIDING, RowKind.OTHER) and not t.output_zero for t in types):
        return ((face[0],),) if len(face) == 1 else ()
    if not any(t.kind == RowKind.LINEAR and not t.output_zero for t in types):
        return ()  # f is constant
    return tuple(c for size in range(1, len(face) + 1) for c in itertools.combinations(face, size))


def translated_network(net: Network, columns, t) -> Network:
    """A network computing ``f`` with first layer ``y'_m = y_m + t_m`` for the columns ``m`` (``t_m >= 0``).

    ``columns`` is one face column, or a set of columns when every live row is
    linear (:func:`translated_sets`); ``t`` a number, or one per column.  Its
    last two layers realize ``h_t(z) = g(s(z - sum_m t_m e_m))`` on the orthant
    (``docs/theory/three_layer.md``, Section 10.9, Lemma C, and Section 10.11):
    ``h_t(z) = sum_{j crossing} a_j s(w_j . z + c_j - t_m w_jm) + sum_m V_m s(t_m - z_m)
    + sum_{j linear} a_j (w_j . z + c_j - sum_m t_m w_jm) + b3`` with
    ``V_m = sum_{c_j > 0} a_j w_jm`` (dead rows left out), written with one row
    per crossing row, the rows ``s(t_m - z_m)`` and the rows ``s(z_r) = z_r``
    for the linear part: the rows keep their sign on the faces, so on
    ``0 <= z_m <= t_m`` both sides are ``g`` with ``z_m = 0``.  Its width is not
    ``n2`` in general; the second layers of width ``n2`` are the orthant fiber
    of ``h_t``.

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, 1], [-1, 1], [1, 3]], [1, 2, 5]),
    ...                            ([[1, 2, -3]], [0])])
    >>> moved = translated_network(net, 0, 2)
    >>> moved.layers[0].bias, all(moved(x) == net(x) for x in ([-3, 1], [1, -1], ["1/2", 4], [-1, -5]))
    ((Fraction(2, 1), Fraction(0, 1)), True)
    """
    columns = (columns,) if isinstance(columns, int) else tuple(columns)
    ts = tuple(Fraction(v) for v in (t if isinstance(t, (tuple, list)) else (t,) * len(columns)))
    weight, bias = net.layers[1].weight, net.layers[1].bias
    n1, k = len(weight[0]), net.output_dim
    rows, outs = [], []
    linear_part = [[_ZERO] * n1 for _ in range(k)]
    constant = list(net.layers[2].bias)
    kinks = [[_ZERO] * k for _ in columns]
    for j in _live_rows(net):
        if all(v <= 0 for v in weight[j]) and bias[j] <= 0:  # dead on the orthant, and after the move as well
            continue
        a = output_column(net, j)
        shifted_bias = bias[j] - sum((tm * weight[j][m] for m, tm in zip(columns, ts)), _ZERO)
        if bias[j] > 0:
            kinks = [[v + a_o * weight[j][m] for v, a_o in zip(kink, a)] for m, kink in zip(columns, kinks)]
        if all(v > 0 for v in weight[j]) and bias[j] > 0:  # linear on the whole orthant
            for o in range(k):
                for r in range(n1):
                    linear_part[o][r] += a[o] * weight[j][r]
                constant[o] += a[o] * shifted_bias
        else:
            rows.append(tuple(weight[j]) + (shifted_bias,))
            outs.append(a)
    for m, tm, kink in zip(columns, ts, kinks):
        rows.append(tuple(-_ONE if r == m else _ZERO for r in range(n1)) + (tm,))
        outs.append(tuple(kink))
    for r in range(n1):  # the linear part as rows s(z_r) = z_r
        rows.append(tuple(_ONE if c == r else _ZERO for c in range(n1)) + (_ZERO,))
        outs.append(tuple(linear_part[o][r] for o in range(k)))
    first = net.layers[0]
    b1 = list(first.bias)
    for m, tm in zip(columns, ts):
        b1[m] += tm
    return Network.from_layers([(first.weight, b1), ([row[:-1] for row in rows], [row[-1] for row in rows]),
                                ([[out[o] for out in outs] for o in range(k)], constant)])


def translated_reference(net: Network, columns, t) -> OrthantData:
    """Canonical orthant data of ``h_t(z) = g(s(z - sum_m t_m e_m))`` (:func:`translated_network`)."""
    return canonical_data(second_layer(translated_network(net, columns, t)))


def _one_dimensional(net: Network, p: Profile) -> tuple[FirstLayerFamily, ...]:
    """Every admissible first layer of a network with ``n1 = 1`` (``docs/theory/three_layer.md``, Section 10.2)."""
    if p.is_constant:
        return ()
    plus, minus = ((_ONE,),), ((-_ONE,),)
    first, last = p.first, p.last
    out = []
    if first > 0:  # hidden kink: the hiding translation and its end point
        out.append(FirstLayerFamily(FamilyKind.TRANSLATION, plus, (_ZERO,), (0,), (Interval(-first, False),), (_ZERO,),
                                    p.shifted_data(0)))
        out.append(FirstLayerFamily(FamilyKind.BOUNDARY, plus, (-first,), (), (), (), p.shifted_data(first)))
    else:
        out.append(FirstLayerFamily(FamilyKind.ORBIT, plus, (_ZERO,), (), (), (), p.shifted_data(0)))
        out.append(FirstLayerFamily(FamilyKind.SHIFTED, plus, (_ZERO,), (0,), (Interval(_ZERO, False),), (_ONE,),
                                    p.shifted_data(-1)))
    if last is not None:
        out.append(FirstLayerFamily(FamilyKind.REVERSED, minus, (_ZERO,), (0,), (Interval(last, False),), (last + 1,),
                                    p.reversed_data(last + 1)))
        out.append(FirstLayerFamily(FamilyKind.RAMP, minus, (last,), (), (), (), p.reversed_data(last)))
    return tuple(out)


def first_layer_families(net: Network, *, limits: SearchLimits | None = None) -> tuple[FirstLayerFamily, ...]:
    """The families of first layers listed in the module docstring.

    Parameters
    ----------
    net : Network
        A three-layer network ``(d, n1, n2, k)``.
    limits : SearchLimits, optional
        ``limits.subsets`` bounds the number of sign-change families (``2^m``).

    Returns
    -------
    tuple of FirstLayerFamily
        ``theta``'s own family first.  Empty when ``n1 = 1`` and ``f`` is constant.

    Raises
    ------
    NotDecidedError
        More sign-change families than ``limits.subsets``.

    Notes
    -----
    Every family is *sound*: each member combined with any second layer of
    the orthant fiber of its ``h`` realizes ``f`` (the moves are identities).
    Whether the families exhaust the fiber is decided in :mod:`.fiber`.

    Examples
    --------
    One live row hiding column 1 (``n1 = 2``): the orbit with its translation
    and the sign change of neuron 2.

    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> [(str(f.kind), f.flipped, f.describe_parameters()) for f in first_layer_families(net)]
    [('hiding translation', (), 't >= -1/2'), ('sign change', (1,), 't >= -1/2')]

    The ramp ``1 - s(1 - s(y))``: the orbit, the shifted first layers, the
    reversed ones and the ramp flip.

    >>> ramp = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    >>> [str(f.kind) for f in first_layer_families(ramp)]
    ['orbit', 'shifted', 'reversed', 'ramp flip']
    """
    _, n1, _, _ = check_three_layer(net, "first_layer_families")
    if n1 == 1:
        return _one_dimensional(net, profile(net))
    limits = resolve(limits)
    reference = canonical_data(second_layer(net))
    identity = _identity(n1)
    hidden = hidden_hyperplanes(net)
    if not hidden:
        orbit = FirstLayerFamily(FamilyKind.ORBIT, identity, (_ZERO,) * n1, (), (), (), reference)
        moved = translated_sets(net)
        if limits.exceeded("subsets", len(moved)):
            raise LimitReachedError(f"first_layer_families: {len(moved)} sets of translated visible neurons exceed the "
                                    f"limit subsets = {limits.subsets}", limit="subsets", value=limits.subsets)
        return (orbit,) + tuple(
            FirstLayerFamily(FamilyKind.TRANSLATED, identity, (_ZERO,) * n1, columns,
                             (Interval(_ZERO, False),) * len(columns), (_ONE,) * len(columns),
                             translated_reference(net, columns, (_ONE,) * len(columns)))
            for columns in moved)
    out = []
    for h in hidden:
        i = h.column
        interval = Interval(h.lower, True)
        ratios = sign_change_ratios(net, i)
        if limits.exceeded("subsets", 2 ** len(ratios)):
            raise LimitReachedError(f"first_layer_families: 2^{len(ratios)} sign changes through hidden column {i + 1} "
                                    f"exceed the limit subsets = {limits.subsets}",
                                    limit="subsets", value=limits.subsets)
        for size in range(len(ratios) + 1):
            for chosen in itertools.combinations(sorted(ratios), size):
                rows = [list(r) for r in identity]
                for l in chosen:
                    rows[l][l] = -_ONE
                    rows[i][l] = ratios[l]
                kind = FamilyKind.SIGN_CHANGE if chosen else FamilyKind.TRANSLATION
                out.append(FirstLayerFamily(kind, tuple(tuple(r) for r in rows), (_ZERO,) * n1, (i,), (interval,),
                                            (_ZERO,), reference, tuple(chosen)))
    return tuple(out)


def revival_families(net: Network) -> tuple[FirstLayerFamily, ...]:
    """The first layers of the dead-row revivals (:func:`.moves.revival_forms`, ``n1 = 2``, one live row).

    One family per distinct first layer (up to permutation and positive scaling),
    with the hiding translation when the revived network hides a column (else
    without a parameter); its reference is the revived network's second layer, so
    its orthant fiber holds every choice of the revived rows.  Each is sound (the
    revival is an identity, ``docs/theory/three_layer.md``, Section 5.6); they are
    not known to exhaust the first layers, so only partial fibers list them.

    >>> net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])])
    >>> [f.describe().split(" (a dead-row")[0] for f in revival_families(net)]   # the ramp revival
    ["first layer y' = (4 - 2*y_1, -2*y_1 + 3*y_2 + 4)"]
    >>> revival_families(net)[0].describe_parameters()   # its new second neuron is hidden and translates
    't >= 0'
    """
    check_three_layer(net, "revival_families")
    out, seen = [], set()
    for form in revival_forms(net):
        revived = revive(net, form)
        P, q = affine_change(net, revived)
        rows = [p + (v,) for p, v in zip(P, q)]
        key = tuple(sorted(tuple(v / abs(next(x for x in row if x)) for v in row) for row in rows))
        if key in seen:
            continue
        seen.add(key)
        matrix, offset = tuple(row[:-1] for row in rows), tuple(row[-1] for row in rows)
        reference = canonical_data(second_layer(revived))
        hidden = hidden_hyperplanes(revived)
        if not hidden:
            out.append(FirstLayerFamily(FamilyKind.REVIVAL, matrix, offset, (), (), (), reference))
        for h in hidden:
            # the hidden neuron moves along its hiding interval (the hiding variant); a revived row with a zero weight
            # leaves the open orthant at the end point, where the data change type: that point is its own family
            end = canonical_data(second_layer(translate(revived, h.column, h.lower, check=False)))
            closed = len(end.lines) == len(reference.lines)
            out.append(FirstLayerFamily(FamilyKind.REVIVAL, matrix, offset, (h.column,), (Interval(h.lower, closed),),
                                        (_ZERO,), reference))
            if not closed:
                moved = tuple(v + h.lower if l == h.column else v for l, v in enumerate(offset))
                out.append(FirstLayerFamily(FamilyKind.REVIVAL, matrix, moved, (), (), (), end))
    return tuple(out)
