"""The SMT encoding a user would write instead of the library: exists x with f(x) != g(x), over the reals (z3).

Every ReLU ``h = max(z, 0)`` is one real variable with ``h == If(z > 0, z, 0)``; the inputs are real variables,
bounded by the box when one is given; the query is the disjunction of ``out_a[j] != out_b[j]``.  ``sat`` gives a
rational model, which is mapped to an exact point and checked by exact evaluation; ``unsat`` means equivalent.
"""

from __future__ import annotations

from fractions import Fraction


def _val(z3, v: Fraction):
    return z3.RealVal(f"{v.numerator}/{v.denominator}")


def _outputs(z3, solver, net, xs, tag: str):
    values = list(xs)
    for depth, layer in enumerate(net.layers):
        last = depth == len(net.layers) - 1
        out = []
        for i, (row, b) in enumerate(zip(layer.weight, layer.bias)):
            z = z3.Sum([_val(z3, w) * v for w, v in zip(row, values) if w] + [_val(z3, b)])
            if last:
                out.append(z)
            else:
                h = z3.Real(f"{tag}_{depth}_{i}")
                solver.add(h == z3.If(z > 0, z, _val(z3, Fraction(0))))
                out.append(h)
        values = out
    return values


def z3_equivalent(net_a, net_b, *, box=None, timeout: float = 10.0):
    """``(verdict, witness)``: True (unsat), False with an exact witness (sat), or None (unknown / timeout).

    ``box`` is ``(lower, upper)`` (sequences of Fractions) or None for all of R^d.

    >>> from semialg_fibers import Network
    >>> relu = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    >>> linear = Network.from_layers([([[1]], [0])])
    >>> z3_equivalent(relu, relu)[0], z3_equivalent(relu, linear, box=([0], [1]))[0]
    (True, True)
    >>> verdict, x = z3_equivalent(relu, linear)
    >>> verdict, relu(x) != linear(x)
    (False, True)
    """
    import z3

    solver = z3.Solver()
    solver.set("timeout", max(1, int(timeout * 1000)))
    xs = [z3.Real(f"x_{i}") for i in range(net_a.input_dim)]
    if box is not None:
        for x, lo, hi in zip(xs, *box):
            solver.add(x >= _val(z3, Fraction(lo)), x <= _val(z3, Fraction(hi)))
    out_a = _outputs(z3, solver, net_a, xs, "a")
    out_b = _outputs(z3, solver, net_b, xs, "b")
    solver.add(z3.Or([p != q for p, q in zip(out_a, out_b)]))
    answer = solver.check()
    if answer == z3.unsat:
        return True, None
    if answer != z3.sat:
        return None, None
    model = solver.model()
    point = []
    for x in xs:
        v = model.eval(x, model_completion=True)
        point.append(Fraction(v.as_fraction()))
    point_t = tuple(point)
    if net_a(point_t) == net_b(point_t):
        raise AssertionError(f"z3 model {point_t} does not separate the networks on exact evaluation")
    return False, point_t
