"""Numerical gradient flow (RK4): laws drift at integrator accuracy, non-laws measurably, in the same run."""

from __future__ import annotations

import pytest
import sympy

np = pytest.importorskip("numpy")

from checks import three_layer_symmetries  # noqa: E402

from semialg_fibers import Network  # noqa: E402
from semialg_fibers.conservation import conservation_laws  # noqa: E402
from semialg_fibers.conservation.flow import drift, drifts, gradient_flow  # noqa: E402
from semialg_fibers.core.symbols import bias_symbol, parameter_symbols  # noqa: E402
from semialg_fibers.core.symmetries import SymmetryKind as K  # noqa: E402

W1 = [[1, 2], [-1, 1]]
B1 = ["1/2", -1]


def _inputs(net, count, seed, scale=1.0, orthant=False):
    rng = np.random.default_rng(seed)
    x = np.round(rng.normal(size=(count, net.input_dim)) * scale, 3)
    return np.abs(x) if orthant else x


def _targets(net, x, noise, seed):
    """Data generated from the network (exact evaluation at the decimal inputs) plus Gaussian noise."""
    y = np.array([[float(v) for v in net([str(a) for a in row])] for row in x])
    return y + noise * np.random.default_rng(seed).normal(size=y.shape)


def test_two_linear_rows_matrix_law_versus_bias_free_variant():
    net = Network.from_layers([(W1, B1), ([[2, 1], [1, "3/2"]], ["1/2", "1/3"]), ([[3, -1]], [1])])
    report = conservation_laws(net, symmetries=three_layer_symmetries(net))
    law = next(l for l in report if l.symmetry.kind == K.LINEAR_MIXING).quantity
    bias_free = law - bias_symbol(2, 1) * bias_symbol(2, 2)
    x = _inputs(net, 40, 0)
    run = gradient_flow(net, x, _targets(net, x, 1.0, 1), t_end=1.0, dt=2e-3)
    assert run.displacement > 0.1
    law_drift, other_drift = drifts([law, bias_free], run)
    assert law_drift < 1e-8 and other_drift > 1e-4
    assert other_drift > 1e4 * law_drift


def test_balancedness_versus_frozen_hiding_direction():
    net = Network.from_layers([(W1, B1), ([[2, -1], ["3/2", -2]], ["-1/2", "-1/3"]), ([[3, -2]], [1])])
    report = conservation_laws(net, symmetries=three_layer_symmetries(net))
    hiding = next(l for l in report if l.symmetry.kind == K.HIDING_TRANSLATION)
    assert hiding.quantity is None
    frozen = sum(sympy.Rational(v.numerator, v.denominator) * c
                 for v, c in zip(hiding.generators[0].at(net), parameter_symbols(net.architecture)))
    x = _inputs(net, 40, 2)
    run = gradient_flow(net, x, _targets(net, x, 1.0, 3), t_end=1.0, dt=2e-3)
    laws = drifts(report.quantities(), run)
    other = drift(frozen, run)
    assert max(laws) < 1e-7 and other > 1e-4 and other > 1e3 * max(laws)


def test_drift_is_integration_error():
    # halving dt divides the drift of a law by about 2^4
    net = Network.from_layers([(W1, B1), ([[2, 1], [1, "3/2"]], ["1/2", "1/3"]), ([[3, -1]], [1])])
    law = next(l for l in conservation_laws(net, symmetries=three_layer_symmetries(net))
               if l.symmetry.kind == K.LINEAR_MIXING).quantity
    x = _inputs(net, 40, 0)
    y = _targets(net, x, 1.0, 1)
    coarse = drift(law, gradient_flow(net, x, y, t_end=1.0, dt=4e-3))
    fine = drift(law, gradient_flow(net, x, y, t_end=1.0, dt=2e-3))
    assert fine < coarse / 6


def test_orthant_linear_neurons_and_bias_absorption():
    net = Network.from_layers([([[1, 2], [2, 1], [1, -1]], [1, 1, 0]), ([[1, -1, 2]], [0])])
    report = conservation_laws(net, domain="orthant")
    x = _inputs(net, 30, 6, orthant=True)
    run = gradient_flow(net, x, _targets(net, x, 1.0, 7), t_end=1.0, dt=2e-3)
    laws = drifts(report.quantities(), run)
    # the bias of linear neuron 1 plus the output bias: moves along the non-gradient bias field, not conserved
    b = parameter_symbols(net.architecture)
    other = drift(b[6] + b[-1], run)
    assert max(laws) < 1e-7 and other > 1e-3 and other > 1e4 * max(laws)


def test_drift_is_the_exact_difference_of_the_values():
    """drift evaluates Q exactly at each recorded float64 parameter: compare with Fractions computed by hand."""
    from fractions import Fraction

    net = Network.from_layers([([[1]], [1]), ([[2]], [0])])
    run = gradient_flow(net, [[1.0], [2.0]], [[1.0], [0.5]], t_end=0.2, dt=1e-2, samples=10)
    w1, b1, w2, b2 = parameter_symbols(net.architecture)
    q = w1 * w2 - sympy.Rational(1, 3) * b2**2 + b1

    def by_hand(theta):
        a, b, c, d = (Fraction(float(v)) for v in theta)
        return a * c - d * d / 3 + b

    values = [by_hand(theta) for theta in run.thetas]
    assert drift(q, run) == float(max(abs(v - values[0]) for v in values)) > 0
    assert drift("7/2", run) == 0.0
    with pytest.raises(Exception, match="not a parameter symbol"):
        drift(sympy.Symbol("z") * w1, run)
