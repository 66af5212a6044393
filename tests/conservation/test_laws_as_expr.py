"""The direct conversion of ring elements to expressions in ``conservation.laws``.

Checked against SymPy's own route (``expand(poly.as_expr())``), a different computation, on random
polynomials with rational coefficients, powers and cancelling terms, and on the conserved quantities of a
bundled real network (their text must not change).
"""

import random
from fractions import Fraction

import sympy
from sympy.polys.domains import QQ
from sympy.polys.rings import ring

from semialg_fibers import examples
from semialg_fibers.conservation import laws


def _random_poly(rng, R, gens):
    out = R.zero
    for _ in range(rng.randint(0, 8)):
        c = Fraction(rng.randint(-20, 20), rng.randint(1, 9))
        term = R(QQ(c.numerator, c.denominator))
        for g in gens:
            term *= g ** rng.randint(0, 3)
        out += term
    return out


def test_as_expr_equals_expand_of_as_expr():
    rng = random.Random(7)
    R, *gens = ring(sympy.symbols("w_1 w_2 b_1 v"), QQ)
    for _ in range(300):
        p = _random_poly(rng, R, gens)
        q = _random_poly(rng, R, gens)
        for poly in (p, p - p, p * q - q * p + q, p ** 2):
            got = laws._as_expr(poly)
            want = sympy.expand(poly.as_expr())
            assert got == want
            assert sympy.srepr(got) == sympy.srepr(want)


def test_conserved_quantities_of_a_real_network_unchanged():
    net = examples.real_network("nnequiv_bitvec_1_1_10-10-2")
    report = laws.conservation_laws(net)
    quantities = [q for law in report.laws for q in law.quantities]
    assert quantities
    for q in quantities:
        assert q.expression == sympy.expand(q.expression)
        for c in q.gradient.components:
            assert c == sympy.expand(c)
