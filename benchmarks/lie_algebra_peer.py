"""A peer of the conservation count: the Lie-algebra method of Marcotte, Gribonval and Peyre, written separately.

"Abide by the law and follow the flow: conservation laws for gradient flows" (NeurIPS 2023) count the
independent conserved functions of a model as ``N - dim Lie(W)(theta)``, with ``W`` the vector fields
``theta -> grad_theta f_r(x_n; theta)``, and compute ``Lie(W)`` with SymPy: symbolic gradients, then Lie
brackets ``[X, Y] = DY . X - DX . Y``, level after level, until the dimension of the generated fields *at a
point* stops growing.  This module does that, with nothing from ``semialg_fibers.conservation``: the only thing it
takes from the library is the network's numbers (``net.layers``) and exact evaluation done here by hand.

* The outputs are built as SymPy expressions in fresh symbols, one per parameter, on the activation pattern
  of each training input at ``theta`` (a hidden unit is ``z`` where its pre-activation at ``theta`` is positive
  and ``0`` where it is negative; an input on a kink is refused), so ``f_r(x_n; .)`` is a polynomial near
  ``theta``.
* Fields are SymPy ``Matrix`` columns; Jacobians by ``Matrix.jacobian`` (their published approach).
* Level ``k`` brackets every pair of kept fields at least one of which is new at level ``k - 1``.  A field is
  kept when it is linearly independent over Q of the kept ones as a polynomial field (an exact rank of the
  coefficient vectors); the rank at ``theta`` of the kept fields is the dimension at the point.
* Stop when that rank did not grow over a level (their stopping rule), reaches ``N``, or no field is new.
  ``count = N - rank``.

The stopping rule is the published heuristic (a level that adds nothing at the point could be followed by one
that does); the library's count is certified instead (``docs/theory/conservation.md``).  The benchmark
(:mod:`benchmarks.bench_conservation_peer`) asserts that the two counts agree.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

__all__ = ["lie_algebra_count"]


def _activation(net, x):
    """For each hidden layer, the tuple of active flags of ``x`` at ``net`` (exact); ``None`` on a kink."""
    h = [Fraction(v) for v in x]
    pattern = []
    for layer in net.layers[:-1]:
        z = [sum((Fraction(w) * v for w, v in zip(row, h)), Fraction(0)) + Fraction(b)
             for row, b in zip(layer.weight, layer.bias)]
        if any(v == 0 for v in z):
            return None
        pattern.append(tuple(v > 0 for v in z))
        h = [v if v > 0 else Fraction(0) for v in z]
    return pattern


def _symbols(arch):
    """One symbol per parameter: per layer, the weight matrix row by row, then the bias."""
    layers, flat = [], []
    for l, (n_in, n_out) in enumerate(zip(arch, arch[1:])):
        w = [[sympy.Symbol(f"w{l}_{i}_{j}") for j in range(n_in)] for i in range(n_out)]
        b = [sympy.Symbol(f"b{l}_{i}") for i in range(n_out)]
        layers.append((w, b))
        flat += [s for row in w for s in row] + b
    return layers, flat


def _outputs(layers, x, pattern):
    h = [sympy.Rational(v.numerator, v.denominator) for v in (Fraction(t) for t in x)]
    for l, (w, b) in enumerate(layers):
        z = [sympy.expand(sum((wi * hi for wi, hi in zip(row, h)), sympy.Integer(0)) + bi) for row, bi in zip(w, b)]
        if l == len(layers) - 1:
            return z
        h = [zi if on else sympy.Integer(0) for zi, on in zip(z, pattern[l])]
    raise AssertionError("unreachable")


def _coefficients(field, syms):
    """The field as a sparse vector of its polynomial coefficients: {(component, monomial): coefficient}."""
    vec = {}
    for c, comp in enumerate(field):
        if comp == 0:
            continue
        for monom, coeff in sympy.Poly(comp, *syms).terms():
            vec[(c, monom)] = coeff
    return vec


class _Independent:
    """Fields kept when independent over Q of the kept ones: incremental exact elimination of their coefficients."""

    def __init__(self):
        self.pivots: dict = {}  # pivot key -> reduced sparse row (pivot coefficient 1)

    def add(self, vec) -> bool:
        row = {k: Fraction(int(v.p), int(v.q)) for k, v in vec.items() if v != 0}
        for key, prow in self.pivots.items():
            c = row.get(key)
            if c:
                for k, v in prow.items():
                    nv = row.get(k, Fraction(0)) - c * v
                    if nv:
                        row[k] = nv
                    else:
                        row.pop(k, None)
        if not row:
            return False
        key = min(row)
        c = row[key]
        row = {k: v / c for k, v in row.items()}
        for other in self.pivots.values():  # keep every stored row reduced at the new pivot
            c2 = other.get(key)
            if c2:
                for k, v in row.items():
                    nv = other.get(k, Fraction(0)) - c2 * v
                    if nv:
                        other[k] = nv
                    else:
                        other.pop(k, None)
        self.pivots[key] = row
        return True


def _rank(rows) -> int:
    from sympy.polys.domains import QQ
    from sympy.polys.matrices import DomainMatrix

    if not rows:
        return 0
    return DomainMatrix([[QQ.convert(v) for v in r] for r in rows], (len(rows), len(rows[0])), QQ).rank()


def lie_algebra_count(net, data, *, max_level: int = 10) -> dict:
    """``N - dim Lie(W)(theta)`` by SymPy brackets, level by level (Marcotte, Gribonval and Peyre).

    Returns ``{"count", "rank", "ranks", "fields", "levels"}``: the count, the rank at ``theta``, the rank after
    each level (level 0: the gradients), the number of fields kept, and the levels computed.

    Examples
    --------
    >>> from semialg_fibers import Network
    >>> lie_algebra_count(Network.from_layers([([[1]], [0]), ([[2]], [1])]), [1, 2, -1])["count"]
    1
    """
    arch = net.architecture
    layers, syms = _symbols(arch)
    theta = {}
    for (w, b), layer in zip(layers, net.layers):
        for row_s, row_v in zip(w, layer.weight):
            for s, v in zip(row_s, row_v):
                theta[s] = sympy.Rational(Fraction(v).numerator, Fraction(v).denominator)
        for s, v in zip(b, layer.bias):
            theta[s] = sympy.Rational(Fraction(v).numerator, Fraction(v).denominator)
    n = len(syms)
    var = sympy.Matrix(syms)
    generators = []
    for x in data:
        x = x if isinstance(x, (list, tuple)) else [x]
        pattern = _activation(net, x)
        if pattern is None:
            raise ValueError(f"the input {x} lies on a kink of the network")
        for f in _outputs(layers, x, pattern):
            g = sympy.Matrix([sympy.diff(f, s) for s in syms])
            if any(c != 0 for c in g):
                generators.append(g)
    basis = _Independent()
    kept = [g for g in generators if basis.add(_coefficients(g, syms))]

    values: dict = {}

    def rank_at(fields):
        for f in fields:
            if id(f) not in values:
                values[id(f)] = [c.xreplace(theta) for c in f]
        return _rank([values[id(f)] for f in fields]) if fields else 0

    ranks = [rank_at(kept)]
    new = list(kept)
    level = 0
    while level < max_level and ranks[-1] < n and new:
        level += 1
        jac = {id(f): f.jacobian(var) for f in kept}
        fresh = []
        old = [f for f in kept if all(f is not g for g in new)]
        pairs = [(a, b) for i, a in enumerate(new) for b in new[i + 1:]] + [(a, b) for a in new for b in old]
        for a, b in pairs:
            br = (jac[id(b)] * a - jac[id(a)] * b).applyfunc(sympy.expand)
            if basis.add(_coefficients(br, syms)):
                fresh.append(br)
        kept += fresh
        new = fresh
        ranks.append(rank_at(kept))
        if ranks[-1] == ranks[-2]:
            break
    return {"count": n - ranks[-1], "rank": ranks[-1], "ranks": ranks, "fields": len(kept), "levels": level}
