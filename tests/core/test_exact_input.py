"""One contract for every public module that takes numbers: exact conversion or InexactInputError.

Each row calls one public entry point with a Python float (must raise
:class:`InexactInputError`, never truncate or round) and with the same value
as a SymPy rational and a ``Decimal`` (must give the exact answer, computed
here by hand).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
import sympy

from semialg_fibers import InexactInputError, Network

HALF = {"float": 0.5, "sympy": sympy.Rational(1, 2), "decimal": Decimal("0.5"), "string": "1/2"}
x = sympy.Symbol("x", real=True)
RELU = Network.from_layers([([[1]], [0]), ([[1]], [0])])


def _linalg(v):
    from semialg_fibers.core import linalg

    return linalg.solve([[2]], [v])[0]                          # 2 y = v


def _network(v):
    return Network.from_layers([([[v]], [0])])(["2"])[0]        # v * 2


def _network_call(v):
    return Network.from_layers([([[3]], [0])])([v])[0]          # 3 v


def _from_parameters(v):
    return Network.from_parameters((1, 1), [v, 0]).layers[0].weight[0][0]


def _domain(v):
    from semialg_fibers.core.domain import box

    return box([0], [v]).constraints[1].constant                # -x + v >= 0


def _polyhedron(v):
    from semialg_fibers.core.domain import polyhedron

    return polyhedron([[1, v]]).constraints[0].constant


def _semialgebraic(v):
    from semialg_fibers import constraint

    return constraint(x, ">", v).holds({x: Fraction(3, 4)})    # 3/4 > v


def _membership(v):
    from semialg_fibers import BasicSet

    return BasicSet((x,), [(x, ">", 0)]).contains((v,))


def _tangent(v):
    from semialg_fibers.core.tangent import jacobian

    return jacobian([x**2], [x], [v])[0][0]                   # 2 v


def _nonnegative_rank(v):
    from semialg_fibers import nonnegative_column_rank

    return nonnegative_column_rank([[v, 1]]).W[0][0]           # W = M for one positive row


def _symmetries(v):
    from semialg_fibers.core.symmetries import scale_neuron

    return scale_neuron(RELU, 1, 0, v).layers[1].weight[0][0]  # outgoing weight 1 / v


def _expressions(v):
    from semialg_fibers.core.expressions import as_expression

    value = as_expression(v)
    return Fraction(int(value.p), int(value.q))


def _exact(v):
    from semialg_fibers.core.exact import to_rational

    return to_rational(v)


def _orthant_oracle_domain(v):
    from semialg_fibers.core.domain import box
    from semialg_fibers.general.oracle import equivalent

    return bool(equivalent(RELU, Network.from_layers([([[1]], [0])]), domain=box([v], [1])))


def _api(v):
    from semialg_fibers.api import equivalent
    from semialg_fibers.core.domain import box

    return bool(equivalent(RELU, Network.from_layers([([[1]], [0])]), domain=box([v], [1])))


def _latex(v):
    from semialg_fibers.render.latex import expression_latex

    return expression_latex(v)


ROWS = [
    ("exact", _exact, Fraction(1, 2)),
    ("linalg", _linalg, Fraction(1, 4)),
    ("network.from_layers", _network, Fraction(1)),
    ("network.__call__", _network_call, Fraction(3, 2)),
    ("network.from_parameters", _from_parameters, Fraction(1, 2)),
    ("domain.box", _domain, Fraction(1, 2)),
    ("domain.polyhedron", _polyhedron, Fraction(1, 2)),
    ("semialgebraic.constraint", _semialgebraic, True),
    ("semialgebraic.BasicSet.contains", _membership, True),
    ("tangent.jacobian", _tangent, Fraction(1)),
    ("nonnegative_rank", _nonnegative_rank, Fraction(1, 2)),
    ("symmetries.scale_neuron", _symmetries, Fraction(2)),
    ("expressions", _expressions, Fraction(1, 2)),
    ("oracle domain", _orthant_oracle_domain, True),
    ("api domain", _api, True),
    ("latex", _latex, r"\frac{1}{2}"),
]


@pytest.mark.parametrize("call, expected", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_exact_or_inexact_error(call, expected):
    with pytest.raises(InexactInputError):
        call(HALF["float"])
    for kind in ("sympy", "decimal", "string"):
        assert call(HALF[kind]) == expected, kind
