"""When the first layer of a three-layer network is determined by its function: Theorems 7.1-7.3.

``docs/theory/three_layer.md``, Sections 7.1-7.3 prove: if ``n1 >= 2``, ``theta``
satisfies the predicates G1-G7 (:func:`.genericity.genericity`) and G8
(:func:`.genericity.masked_sums`), at least three columns of ``[W2 | b2]`` have a
positive entry (the class *P+*, Theorem 7.1) or at least two columns of ``W2``
have one (the class *P2*, which contains P+; for ``n1 = 2``: ``b2 < 0`` is
allowed, Theorem 7.2) or, for ``n1 = 2``, at least two columns of ``[W2 | b2]``
have one (Theorem 7.3), and no row is dead, linear or has a zero output column,
then every parameter realizing ``f`` has ``theta``'s first layer up to
permutation and positive scaling.  So Conjecture V holds there, the fiber is
the orbit family (proven complete) and, with no other mechanism, ``theta`` is
identifiable.  :func:`rigidity` decides whether the theorem applies.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..network import Network
from .first_layer import has_full_row_rank
from .genericity import genericity, masked_sums
from .rows import RowKind, check_three_layer, row_types

__all__ = ["Rigidity", "positive_columns", "rigidity", "THEOREM"]

#: The statement the results rest on, for ``basis`` strings.
THEOREM = ("docs/theory/three_layer.md, Theorem 7.1, Theorem 7.2 or Theorem 7.3: for n1 >= 2, G1-G8, at least "
           "three columns of [W2 | b2] (7.1), two columns of W2 (7.2) or, for n1 = 2, two columns of [W2 | b2] "
           "(7.3) with a positive entry and no dead, linear or zero-output row, every parameter realizing f has "
           "the first layer of theta up to permutation and positive scaling")


@dataclass(frozen=True)
class Rigidity:
    """Whether Theorem 7.1, 7.2 or 7.3 applies, and why not.

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


def positive_columns(net: Network) -> tuple[int, ...]:
    """The columns of ``[W2 | b2]`` with a positive entry (0-based, ``n1`` is the bias); two of ``W2`` in the class P2.

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


def rigidity(net: Network) -> Rigidity:
    """Decide whether Theorem 7.1, 7.2 or 7.3 (module docstring) applies to ``net``.

    Parameters
    ----------
    net : Network
        A three-layer network ``(d, n1, n2, k)``.

    Returns
    -------
    Rigidity
        Truthy iff every hypothesis holds; ``reason`` names the first failing one.

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
    >>> rigidity(net).reason  # b2 < 0: outside P+, inside P2
    'G1-G8 hold, 2 columns of [W2 | b2] have a positive entry (2 of W2: Theorem 7.2), every row crosses the open orthant'
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[-2, -1], [-1, -3]], [1, 2]), ([[3, 1]], [1])])
    >>> for part in rigidity(net).reason.split("; "):
    ...     print(part)
    only 1 columns of [W2 | b2] have a positive entry (b2), 0 of W2
    Theorem 7.1 needs 3 of [W2 | b2], Theorem 7.2 2 of W2, Theorem 7.3 (n1 = 2) 2 of [W2 | b2]
    """
    _, n1, _, _ = check_three_layer(net, "rigidity")
    if n1 < 2:
        return Rigidity(False, f"n1 = {n1}: Theorems 7.1-7.3 are stated for n1 >= 2 (n1 = 1: Theorem 10.2)")
    if not has_full_row_rank(net):
        return Rigidity(False, "W1 does not have full row rank (G1)")
    report = genericity(net)
    if not report:
        first = report.failing[0]
        return Rigidity(False, f"{first.predicate} fails: {first.detail}")
    g8 = masked_sums(net)
    if not g8:
        return Rigidity(False, f"G8 fails: {g8.detail}")
    positive = positive_columns(net)
    # P+ (three positive columns of [W2 | b2]) implies two of W2, so two of W2 covers 7.1 and 7.2; for n1 = 2 the
    # remaining case with two positive columns (one of W2 and the bias) is Theorem 7.3
    of_w2 = sum(1 for m in positive if m < n1)
    if of_w2 < 2 and not (n1 == 2 and len(positive) >= 2):
        names = ", ".join("b2" if m == n1 else f"column {m + 1} of W2" for m in positive) or "none"
        return Rigidity(False, f"only {len(positive)} columns of [W2 | b2] have a positive entry ({names}), {of_w2} of "
                               "W2; Theorem 7.1 needs 3 of [W2 | b2], Theorem 7.2 2 of W2, Theorem 7.3 (n1 = 2) 2 of "
                               "[W2 | b2]")
    for t in row_types(net):
        if t.kind in (RowKind.DEAD, RowKind.LINEAR, RowKind.ZERO) or t.output_zero:
            kind = "zero-output" if t.output_zero else str(t.kind)
            return Rigidity(False, f"row {t.index + 1} is {kind} (Theorems 7.1-7.3 count rows crossing the open "
                                   "orthant)")
    theorem = "Theorem 7.1" if len(positive) >= 3 else "Theorem 7.2" if of_w2 >= 2 else "Theorem 7.3"
    return Rigidity(True, f"G1-G8 hold, {len(positive)} columns of [W2 | b2] have a positive entry ({of_w2} of W2: "
                          f"{theorem}), every row crosses the open orthant")
