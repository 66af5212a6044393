"""The function of the first-layer coordinate when ``n1 = 1``: ``F(y) = g(s(y))`` as exact one-variable data.

With one first-layer neuron, ``f(x) = F(W1 x + b1)`` and ``F: R -> R^k`` is
piecewise linear: constant for ``y <= 0`` (where ``s(y) = 0``), with possible
breakpoints at ``0`` and at the thresholds ``-c_j / w_j > 0`` of the rows.
:func:`profile` evaluates ``F`` exactly at the candidate breakpoints and keeps
the true ones (left and right slopes differ), so it holds for every parameter,
degenerate or not.  It carries the two numbers that decide the first layers
of the fiber (``docs/theory/three_layer.md``, Section 10):

* ``first``: ``y_* = sup {y : F is constant on (-inf, y]}`` (``None`` when ``F`` is constant);
* ``last``: ``y^* = inf {y : F is constant on [y, +inf)}`` (``None`` when ``F`` is
  not eventually constant).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.memo import cached
from ..core.network import Network
from ..onelayer.lines import collect_lines, line_key
from ..orthant.canonical import OrthantData
from .rows import check_three_layer, second_layer

__all__ = ["Profile", "profile", "candidate_breakpoints"]

_ZERO, _ONE = Fraction(0), Fraction(1)

Vector = tuple[Fraction, ...]


def candidate_breakpoints(net: Network) -> tuple[Fraction, ...]:
    """``0`` and the positive thresholds ``-c_j / w_j`` of the rows with ``w_j != 0`` (``n1 = 1``), sorted.

    >>> net = Network.from_layers([([[1]], [0]), ([[-1], [2]], [3, -1]), ([[1, 1]], [0])])
    >>> candidate_breakpoints(net)
    (Fraction(0, 1), Fraction(1, 2), Fraction(3, 1))
    """
    _, n1, _, _ = check_three_layer(net, "candidate_breakpoints")
    if n1 != 1:
        raise ValueError(f"the one-variable profile needs n1 = 1, got n1 = {n1}")
    layer = net.layers[1]
    found = {_ZERO}
    for (w,), c in zip(layer.weight, layer.bias):
        if w and -c / w > 0:
            found.add(-c / w)
    return tuple(sorted(found))


@dataclass(frozen=True)
class Profile:
    """``F(y) = g(s(y))`` for a three-layer network with ``n1 = 1``, exactly.

    Attributes
    ----------
    breakpoints : tuple of Fraction
        The true breakpoints (left and right derivatives differ), increasing, all ``>= 0``.
    values : tuple of vectors
        ``F`` at each breakpoint.
    slopes : tuple of vectors
        ``F'`` on the ``len(breakpoints) + 1`` open intervals they cut ``R`` into
        (the first is 0: ``F`` is constant for ``y <= 0``).
    constant : vector
        ``F(y)`` for ``y <= 0``.
    """

    breakpoints: tuple[Fraction, ...]
    values: tuple[Vector, ...]
    slopes: tuple[Vector, ...]
    constant: Vector

    @property
    def is_constant(self) -> bool:
        """``F`` (hence ``f``) is constant."""
        return not self.breakpoints and not any(self.slopes[-1])

    @property
    def first(self) -> Fraction | None:
        """``y_*``: ``F`` is constant exactly up to here (None when ``F`` is constant)."""
        return self.breakpoints[0] if self.breakpoints else None

    @property
    def last(self) -> Fraction | None:
        """``y^*``: ``F`` is constant from here on (None when ``F`` grows at ``+inf`` or is constant)."""
        if not self.breakpoints or any(self.slopes[-1]):
            return None
        return self.breakpoints[-1]

    def __call__(self, y) -> Vector:
        """``F(y)``, exactly."""
        y = Fraction(y)
        index = sum(1 for b in self.breakpoints if b <= y)
        if index == 0:
            return self.constant
        base, at = self.values[index - 1], self.breakpoints[index - 1]
        return tuple(v + s * (y - at) for v, s in zip(base, self.slopes[index]))

    def jump(self, index: int) -> Vector:
        """The jump of ``F'`` at ``breakpoints[index]`` (right minus left slope)."""
        return tuple(r - l for l, r in zip(self.slopes[index], self.slopes[index + 1]))

    def slope_right(self, y) -> Vector:
        """``F'(y+)``."""
        y = Fraction(y)
        return self.slopes[sum(1 for b in self.breakpoints if b <= y)]

    def slope_left(self, y) -> Vector:
        """``F'(y-)``."""
        y = Fraction(y)
        return self.slopes[sum(1 for b in self.breakpoints if b < y)]

    def shifted_data(self, start) -> OrthantData:
        """Orthant data of ``u -> F(start + u)`` on ``u >= 0`` (breakpoints beyond ``start`` become lines).

        >>> p = profile(Network.from_layers([([[1]], [0]), ([[1]], [-1]), ([[2]], [1])]))   # F(y) = 2 s(y - 1) + 1
        >>> d = p.shifted_data(-1); [(u.line, u.kink) for u in d.lines], d.linear, d.constant
        ([((Fraction(1, 1), Fraction(-2, 1)), (Fraction(2, 1),))], ((Fraction(0, 1),),), (Fraction(1, 1),))
        """
        start = Fraction(start)
        lines = [(line_key((_ONE, start - b))[0], self.jump(t)) for t, b in enumerate(self.breakpoints) if b > start]
        return collect_lines(lines, 1, len(self.constant), tuple((v,) for v in self.slope_right(start)), self(start),
                            OrthantData)

    def reversed_data(self, end) -> OrthantData:
        """Orthant data of ``u -> F(end - u)`` on ``u >= 0`` (breakpoints before ``end`` become lines).

        >>> p = profile(Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]))   # 1 - s(1 - s(y))
        >>> d = p.reversed_data(1); [(u.line, u.kink) for u in d.lines], d.linear, d.constant   # 1 - u + s(u - 1)
        ([((Fraction(1, 1), Fraction(-1, 1)), (Fraction(1, 1),))], ((Fraction(-1, 1),),), (Fraction(1, 1),))
        """
        end = Fraction(end)
        lines = [(line_key((_ONE, b - end))[0], self.jump(t)) for t, b in enumerate(self.breakpoints) if b < end]
        return collect_lines(lines, 1, len(self.constant), tuple((-v,) for v in self.slope_left(end)), self(end),
                             OrthantData)


def _evaluate(g: Network, y: Fraction) -> Vector:
    return g((y if y > 0 else _ZERO,))


def profile(net: Network, extra: Sequence = ()) -> Profile:
    """The exact profile ``F(y) = g(s(y))`` of a three-layer network with ``n1 = 1``.

    Parameters
    ----------
    net : Network
        Architecture ``(d, 1, n2, k)``.
    extra : sequence of exact numbers
        Further candidate breakpoints (kept only if true breakpoints).

    Notes
    -----
    ``O(n2 log n2)`` comparisons and ``O(n2)`` evaluations of the second layer,
    ``O(n2 k)`` rational operations each; without ``extra``, once per network
    (:mod:`semialg_fibers.core.memo`).

    Examples
    --------
    The ramp ``1 - s(1 - s(y))``: breakpoints 0 and 1, constant on both ends.

    >>> p = profile(Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]))
    >>> p.breakpoints, p.first, p.last, p(Fraction(1, 2))
    ((Fraction(0, 1), Fraction(1, 1)), Fraction(0, 1), Fraction(1, 1), (Fraction(1, 2),))

    A hidden kink: ``s(2 s(y) - 1)`` has its first breakpoint at ``1/2``.

    >>> profile(Network.from_layers([([[1]], [0]), ([[2]], [-1]), ([[1]], [0])])).first
    Fraction(1, 2)
    """
    extra = tuple(extra)
    if not extra:
        return cached(net, "three_layer.profile", _profile)
    return _profile(net, extra)


def _profile(net: Network, extra: tuple = ()) -> Profile:
    g = second_layer(net)
    points = sorted(set(candidate_breakpoints(net)) | {Fraction(v) for v in extra if Fraction(v) >= 0})
    values = [_evaluate(g, p) for p in points]
    beyond = points[-1] + 1
    far = _evaluate(g, beyond)
    # slope on (p_t, p_{t+1}); after the last candidate, measured on (last, last + 1)
    slopes = [tuple(_ZERO for _ in values[0])]
    for t, p in enumerate(points):
        nxt, value = (points[t + 1], values[t + 1]) if t + 1 < len(points) else (beyond, far)
        slopes.append(tuple((b - a) / (nxt - p) for a, b in zip(values[t], value)))
    keep = [t for t in range(len(points)) if slopes[t] != slopes[t + 1]]
    kept_slopes = [slopes[0]] + [slopes[t + 1] for t in keep]
    return Profile(tuple(points[t] for t in keep), tuple(values[t] for t in keep), tuple(kept_slopes), values[0])
