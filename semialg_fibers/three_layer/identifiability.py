"""Identifiability of three-layer networks from the sign patterns of ``[W2 | b2]``.

The fiber of ``theta`` is larger than ``H . theta`` as soon as one of these
mechanisms applies (each gives a parameter outside the orbit by an exact
identity, so the verdict "not identifiable" is proven for every parameter):

* a first-layer neuron with ``W1[i] = 0`` or two with the same oriented hyperplane;
* an unused column (only dead rows see it);
* a dead row, a row with a zero output column, a linear row;
* two rows with the same oriented hyperplane;
* a hidden column (hiding translation; for one live row also the sign change);
* ``n1 = 1`` with every live row a ramp (ramp flip);
* a nonempty set of rows with ``sum a_j w_j^T = 0`` (a layer flip that needs no linear row).

When none applies and the predicates G1-G7 hold, the parameter is
identifiable: **proven** for ``n1 = 1`` and for ``n2 = 1``
(``docs/theory/three_layer.md``, Section 6) and for ``n1, n2 >= 2`` when the
predicate G8 holds as well (and G9 where it applies: Corollary 7.5,
:func:`.rigidity.rigidity`); when one fails (a proper algebraic subset) the
verdict for ``n1, n2 >= 2`` rests on the **conjecture** of Section 7 (visible
first-layer hyperplanes of two generic representations coincide), checked by
the exhaustive search of
:mod:`.search` on small architectures.  Outside G1-G7 the answer is
:class:`~semialg_fibers.core.exceptions.NotDecidedError` naming the predicate.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..core.exceptions import ConjectureError, InternalCheckError, NotDecidedError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.results import IdentifiabilityResult, Reason
from ..core.symmetries import same_orbit
from . import moves
from .genericity import genericity
from .hiding import ColumnKind, column_statuses, hidden_hyperplanes, translate
from .rigidity import THEOREM, rigidity
from .rows import RowKind, check_three_layer, output_column, row_types
from .symmetries import hidden_symmetries, layer_flip_sets

__all__ = ["is_identifiable", "mechanisms"]

_ONE = Fraction(1)


def _names(indices) -> str:
    return ", ".join(str(j + 1) for j in indices)


def _units(size: int) -> list[list[Fraction]]:
    """Multiples of unit vectors: several, because a particular trade can coincide with a permutation."""
    return [[t if r == m else Fraction(0) for r in range(size)]
            for m in range(size) for t in (_ONE, Fraction(1, 2), Fraction(-3))]


def _first_layer_mechanisms(net: Network):
    n2 = net.architecture[2]
    w1 = net.layers[0].weight
    out = []
    for i in range(net.architecture[1]):
        if not any(w1[i]):
            out.append((Reason("constant first-layer neuron",
                               f"W1[{i + 1}] = 0: neuron {i + 1} is the constant s(b1_{i + 1}), which the column "
                               f"W2[:, {i + 1}] and b2 share freely", ((1, i),)),
                        [lambda n, i=i, v=v: moves.shift_constant_neuron(n, i, v) for v in _units(n2)]))
    for group in moves.repeated_first_layer(net):
        (i, _), (l, lam) = group[0], group[1]
        out.append((Reason("repeated first-layer hyperplane",
                           f"neurons {i + 1} and {l + 1} have the same oriented hyperplane (z_{l + 1} = {lam} "
                           f"z_{i + 1}): their columns of W2 trade", ((1, i), (1, l))),
                    [lambda n, i=i, l=l, v=v: moves.trade_columns(n, i, l, v) for v in _units(n2)]))
    return out


def _row_mechanisms(net: Network):
    _, n1, _, k = net.architecture
    out = []
    types = row_types(net)
    for status in column_statuses(net):
        if status.kind == ColumnKind.UNUSED:
            i = status.column
            row = list(net.layers[0].weight[i]) + [net.layers[0].bias[i]]
            # one of these changes is not a positive multiple of the row, so it leaves the orbit
            changes = [[v + (1 if p == m else 0) for p, v in enumerate(row)] for m in range(len(row))]
            out.append((Reason("unused first-layer neuron", status.reason, ((1, i),)),
                        [lambda n, i=i, c=c: moves.set_unused_neuron(n, i, c[:-1], c[-1]) for c in changes]))
    for t in types:
        j = t.index
        row = tuple(net.layers[1].weight[j]) + (net.layers[1].bias[j],)
        if t.kind in (RowKind.DEAD, RowKind.ZERO):
            column = list(output_column(net, j))
            candidates = [lambda n, j=j, row=row, column=column: moves.set_dead_row(
                n, j, row, [column[0] + 1] + column[1:])]
            candidates.append(lambda n, j=j, column=column: moves.set_dead_row(
                n, j, [-_ONE] * (n1 + 1), [column[0] + 1] + column[1:]))
            out.append((Reason("dead row", f"row {j + 1}: {t.reason}; its row and output column move freely",
                               ((2, j),)), candidates))
        elif t.output_zero:
            candidates = [lambda n, j=j, row=row, m=m: moves.set_zero_output_row(
                n, j, [v + (1 if p == m else 0) for p, v in enumerate(row)]) for m in range(n1 + 1)]
            out.append((Reason("zero output row", f"row {j + 1} has a zero output column: its row is free",
                               ((2, j),)), candidates))
        elif t.kind == RowKind.LINEAR:
            out.append((Reason("linear row", f"row {j + 1}: {t.reason}; its bias moves with b3 compensating",
                               ((2, j),)), [lambda n, j=j: moves.shift_linear_bias(n, j, 1)]))
    for group in moves.repeated_rows(net):
        (j, _), (jj, _) = group[0], group[1]
        out.append((Reason("repeated second-layer hyperplane",
                           f"rows {j + 1} and {jj + 1} have the same oriented hyperplane: their output columns trade",
                           ((2, j), (2, jj))),
                    [lambda n, j=j, jj=jj, v=v: moves.trade_outputs(n, j, jj, v) for v in _units(k)]))
    return out


def _column_mechanisms(net: Network):
    out = []
    for h in hidden_hyperplanes(net):
        i = h.column
        text = h.describe()
        if moves.sign_change_ratios(net, i):
            text += "; one live row: first-layer neurons can also change sign (sign change)"
        out.append((Reason("hidden column", text, ((1, i),) + tuple((2, j) for j in h.hiding_rows)),
                    [lambda n, i=i, t=t: translate(n, i, t) for t in (1, 2, Fraction(1, 2), 5)]))
    return out


def _discrete_mechanisms(net: Network, limits: SearchLimits):
    out = []
    ramp = moves.ramp_rows(net)
    if ramp is not None:
        out.append((Reason("ramp flip", f"n1 = 1 and every live row ({_names(ramp)}) is a ramp w < 0 < c: the first "
                           "layer reverses", ((1, 0),) + tuple((2, j) for j in ramp)), [moves.ramp_flip]))
    if not moves.available_rows(net):
        for chosen in layer_flip_sets(net, limits=limits):
            out.append((Reason("cancelling flip set",
                               f"rows {_names(chosen)} have sum a_j w_j^T = 0: flipping all of them keeps f",
                               tuple((2, j) for j in chosen)), [lambda n, c=chosen: moves.layer_flip(n, c)]))
            break
    return out


def mechanisms(net: Network, *, limits: SearchLimits | None = None) -> list:
    """``[(Reason, [witness builders])]`` for every mechanism that makes ``net`` non-identifiable."""
    check_three_layer(net, "mechanisms")
    limits = resolve(limits)
    return (_first_layer_mechanisms(net) + _row_mechanisms(net) + _column_mechanisms(net)
            + _discrete_mechanisms(net, limits))


def _sanity(net: Network, other: Network) -> None:
    """Exact evaluation at random points: a move that changed the function is a bug."""
    rng = random.Random(0)
    for _ in range(8):
        x = [Fraction(rng.randint(-50, 50), rng.randint(1, 7)) for _ in range(net.input_dim)]
        if net(x) != other(x):
            raise InternalCheckError(f"a symmetry move changed the function at x = {tuple(map(str, x))}")


def _witness(net: Network, found) -> Network:
    for _, builders in found:
        for build in builders:
            try:
                other = build(net)
            except ValueError:
                continue
            if not same_orbit(net, other):
                _sanity(net, other)
                return other
    raise InternalCheckError("every candidate move stayed inside the H orbit although a mechanism applies")


_CONJECTURE = ("docs/theory/three_layer.md, Section 7: conjecture (visible first-layer hyperplanes of two generic "
               "representations coincide) for n1, n2 >= 2 where G8 or G9 fails (proven where they hold: "
               "Corollary 7.5), checked by the exhaustive search of three_layer.search; the rest of the argument "
               "(Sections 4 and 6) is proven")


def is_identifiable(net: Network, *, limits: SearchLimits | None = None,
                    allow_conjecture: bool = False) -> IdentifiabilityResult:
    """Decide whether the fiber of a three-layer network is exactly ``H . theta``.

    Parameters
    ----------
    net : Network
        Architecture ``(d, n1, n2, k)``.
    limits : SearchLimits, optional
        Bounds the exact search for cancelling flip sets.
    allow_conjecture : bool
        Return an "identifiable" verdict that rests on Conjecture V (``n1, n2
        >= 2`` where G8 fails) with ``proven = False``; by default that
        case raises, so a truthy result is always proven.

    Returns
    -------
    IdentifiabilityResult
        Not identifiable (proven, with a witness checked by
        :func:`~semialg_fibers.core.symmetries.same_orbit` and exact evaluation) when a
        mechanism of the module docstring applies; otherwise identifiable,
        ``proven`` for ``n1 = 1``, ``n2 = 1`` or under Corollary 7.5 (G8), and
        resting on the stated conjecture for the other ``n1, n2 >= 2`` (only
        with ``allow_conjecture``).

    Raises
    ------
    ShapeError
        ``net`` is not a three-layer network.
    NotDecidedError
        No mechanism applies but a genericity predicate fails (named in the
        message), or a search exceeds ``limits``.
    ConjectureError
        The verdict would rest on Conjecture V (``conjecture == "Conjecture V"``)
        and ``allow_conjecture`` is False.

    Examples
    --------
    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])
    >>> result = is_identifiable(net, allow_conjecture=True)  # G8 fails: 1 * 2 - 2 * 1 = 0
    >>> bool(result), result.proven
    (True, False)
    >>> is_identifiable(net)
    Traceback (most recent call last):
    ...
    semialg_fibers.ConjectureError: is_identifiable: no mechanism enlarges the fiber and G1-G7 hold, but ...
    >>> ramp = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    >>> result = is_identifiable(ramp)
    >>> bool(result), [r.kind for r in result.reasons], result.witness.layers[0].weight
    (False, ['ramp flip'], ((Fraction(-1, 1),),))
    """
    d, n1, n2, k = check_three_layer(net, "is_identifiable")
    limits = resolve(limits)
    rows = row_types(net)
    hidden = hidden_hyperplanes(net)
    details = {"rows": [t.to_dict() for t in rows], "hidden_hyperplanes": [h.to_dict() for h in hidden]}
    found = mechanisms(net, limits=limits)
    if found:
        witness = _witness(net, found)
        details["genericity"] = genericity(net).to_dict()
        return IdentifiabilityResult(
            False, True, tuple(reason for reason, _ in found),
            "each listed mechanism gives another parameter with the same function by an exact identity "
            "(docs/theory/three_layer.md, Sections 5 and 6); the witness is outside H . theta (exact same_orbit)",
            "three-layer", witness, hidden_symmetries(net, limits=limits), details)
    report = genericity(net)
    details["genericity"] = report.to_dict()
    if not report:
        failing = "; ".join(f"{r.predicate} ({r.statement}) fails: {r.detail}" for r in report.failing)
        raise NotDecidedError(f"is_identifiable: no mechanism enlarges the fiber, but the parameter is outside the "
                              f"generic set where identifiability is decided: {failing}")
    reasons = (Reason("generic", "G1-G7 hold; no row is dead, linear or zero-output, no column is hidden or unused, "
                      "no repeated hyperplane, no cancelling flip set"
                      + ("" if n1 != 1 else ", and some live row is not a ramp")),)
    if n1 == 1:
        basis = "docs/theory/three_layer.md, Theorem 6.4 (n1 = 1): proven"
        proven = True
    elif n2 == 1:
        basis = "docs/theory/three_layer.md, Theorem 6.5 (n2 = 1): proven"
        proven = True
    elif (rigid := rigidity(net)):
        basis = f"{THEOREM} ({rigid.reason}), and Lemma 6.3: proven"
        proven = True
    elif allow_conjecture:
        basis = _CONJECTURE
        proven = False
    else:
        raise ConjectureError(
            "is_identifiable: no mechanism enlarges the fiber and G1-G7 hold, but for n1, n2 >= 2 outside "
            f"Corollary 7.5 ({rigid.reason}) the verdict 'identifiable' rests on Conjecture V "
            "(docs/theory/three_layer.md, Section 7); pass allow_conjecture=True (command line: "
            "--allow-conjecture) to obtain it with proven = False", conjecture="Conjecture V")
    return IdentifiabilityResult(True, proven, reasons, basis, "three-layer", None, (), details)
