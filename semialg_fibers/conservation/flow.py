"""Gradient flow in floating point, to *measure* the drift of quantities (not used by any exact algorithm).

The exact statements of this package are proven symbolically; this module
gives the independent numerical check the documentation and the tests use:
integrate ``theta' = -grad L(theta)`` for the mean squared loss
``L = (1 / 2n) sum_n |f_theta(x_n) - y_n|^2`` with the classical fourth-order
Runge-Kutta scheme and report ``max_t |Q(theta_t) - Q(theta_0)|`` for each
quantity.  A conserved quantity drifts at integrator accuracy (``O(dt^4)``);
a quantity that is not conserved drifts measurably.  Needs NumPy (the
``numpy`` or ``test`` extra).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy

from ..core.exceptions import ShapeError
from ..core.expressions import as_expression
from ..core.network import Network
from ..core.symbols import parameter_symbols

__all__ = ["Trajectory", "gradient_flow", "drift", "drifts"]


def _numpy():
    try:
        import numpy
    except ImportError as exc:  # pragma: no cover - exercised only without numpy
        raise ImportError("semialg_fibers.conservation.flow needs NumPy: pip install 'semialg-fibers[numpy]'") from exc
    return numpy


def _unflatten(arch, theta):
    layers, pos = [], 0
    for n_in, n_out in zip(arch, arch[1:]):
        w = theta[pos:pos + n_in * n_out].reshape(n_out, n_in)
        pos += n_in * n_out
        b = theta[pos:pos + n_out]
        pos += n_out
        layers.append((w, b))
    return layers


def _loss_gradient(arch, theta, x, y):
    """``(L, grad L)`` for the mean squared loss, by backpropagation (ReLU derivative 0 at 0)."""
    np = _numpy()
    layers = _unflatten(arch, theta)
    acts, pres = [x], []
    h = x
    for l, (w, b) in enumerate(layers):
        z = h @ w.T + b
        pres.append(z)
        h = np.maximum(z, 0.0) if l < len(layers) - 1 else z
        acts.append(h)
    n = x.shape[0]
    residual = acts[-1] - y
    loss = 0.5 * float(np.sum(residual ** 2)) / n
    delta = residual / n
    grads = []
    for l in range(len(layers) - 1, -1, -1):
        w, _ = layers[l]
        grads.append((delta.T @ acts[l], delta.sum(axis=0)))
        if l:
            delta = (delta @ w) * (pres[l - 1] > 0)
    flat = []
    for gw, gb in reversed(grads):
        flat.append(gw.ravel())
        flat.append(gb)
    return loss, np.concatenate(flat)


@dataclass(frozen=True)
class Trajectory:
    """A sampled gradient-flow trajectory.

    Attributes
    ----------
    architecture : tuple of int
    times : tuple of float
    thetas : numpy.ndarray
        One row per time, parameters in the flat order of ``Network.parameters()``.
    losses : tuple of float
    pattern_kept : bool
        True iff no training input changed its activation pattern along the
        sampled trajectory (the laws of the activation region apply).
    """

    architecture: tuple
    times: tuple
    thetas: object
    losses: tuple
    pattern_kept: bool

    @property
    def displacement(self) -> float:
        """``max_t |theta_t - theta_0|`` (Euclidean): how far the parameters moved."""
        np = _numpy()
        return float(np.max(np.linalg.norm(self.thetas - self.thetas[0], axis=1)))


def _pattern(arch, theta, x):
    np = _numpy()
    out, h = [], x
    for _l, (w, b) in enumerate(_unflatten(arch, theta)[:-1]):
        z = h @ w.T + b
        out.append(z > 0)
        h = np.maximum(z, 0.0)
    return np.concatenate([o.ravel() for o in out]) if out else np.zeros(0, dtype=bool)


def gradient_flow(net: Network, inputs: Sequence, targets: Sequence, t_end: float = 1.0, dt: float = 1e-3,
                  samples: int = 100) -> Trajectory:
    """Integrate ``theta' = -grad L`` from ``net`` with RK4 (float64), mean squared loss.

    Parameters
    ----------
    net : Network
        Start point (converted to floats).
    inputs, targets : array-like
        ``n x d`` inputs and ``n x k`` targets (floats are fine here: this is
        a numerical experiment).
    t_end, dt : float
        Flow time and step.
    samples : int
        Number of recorded points (evenly spaced in steps).

    Returns
    -------
    Trajectory

    Examples
    --------
    >>> net = Network.from_layers([([[1]], [1]), ([[2]], [0])])
    >>> run = gradient_flow(net, [[1.0], [2.0]], [[1.0], [0.5]], t_end=0.5, dt=1e-3)
    >>> from semialg_fibers.conservation import conservation_laws
    >>> balance = conservation_laws(net).quantities()[0]
    >>> balance
    W1_1_1**2 - W2_1_1**2 + b1_1**2
    >>> drift(balance, run) < 1e-8 < 1 < run.displacement
    True
    """
    np = _numpy()
    arch = net.architecture
    x = np.asarray(inputs, dtype=float).reshape(-1, arch[0])
    y = np.asarray(targets, dtype=float).reshape(-1, arch[-1])
    theta = np.array([float(v) for v in net.parameters()])
    steps = max(1, int(round(t_end / dt)))
    record = set(np.linspace(0, steps, min(samples, steps + 1)).round().astype(int).tolist())
    start_pattern = _pattern(arch, theta, x)
    kept = True
    times, thetas, losses = [], [], []

    def g(th):
        return _loss_gradient(arch, th, x, y)[1]

    for step in range(steps + 1):
        if step in record:
            times.append(step * dt)
            thetas.append(theta.copy())
            losses.append(_loss_gradient(arch, theta, x, y)[0])
            if kept and not np.array_equal(_pattern(arch, theta, x), start_pattern):
                kept = False
        if step == steps:
            break
        k1 = g(theta)
        k2 = g(theta - 0.5 * dt * k1)
        k3 = g(theta - 0.5 * dt * k2)
        k4 = g(theta - dt * k3)
        theta = theta - dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
    return Trajectory(arch, tuple(times), np.array(thetas), tuple(losses), kept)


def drift(expression, trajectory: Trajectory) -> float:
    """``max_t |Q(theta_t) - Q(theta_0)|`` along a trajectory.

    ``Q`` goes through :func:`~semialg_fibers.core.expressions.as_expression`
    (a string is parsed, never evaluated) and is evaluated *exactly* at each
    recorded parameter (every float64 entry is the rational it is); only the
    largest difference is rounded to a float.  No code is generated.

    Raises
    ------
    ShapeError
        ``Q`` contains a symbol that is not a parameter symbol of the trajectory's architecture.
    """
    _numpy()
    expr = as_expression(expression, "expression")
    index = {c: i for i, c in enumerate(parameter_symbols(trajectory.architecture))}
    free = sorted(expr.free_symbols, key=str)
    unknown = [s for s in free if s not in index]
    if unknown:
        raise ShapeError(f"expression contains {unknown[0]}, which is not a parameter symbol of architecture "
                         f"{tuple(trajectory.architecture)}")
    exact: list[Fraction] = []
    rounded: list[float] = []  # values that are not rational (a square root, say) are compared as floats
    for theta in trajectory.thetas:
        value = expr.xreplace({s: _exact(theta[index[s]]) for s in free})
        if value.is_Rational and not rounded:
            exact.append(Fraction(int(value.p), int(value.q)))
        else:
            rounded.append(float(value))
    if rounded:
        values = [float(v) for v in exact] + rounded
        return max(abs(v - values[0]) for v in values)
    return float(max(abs(v - exact[0]) for v in exact))


def _exact(x) -> sympy.Rational:
    """The rational a float64 is, as a SymPy number."""
    p, q = float(x).as_integer_ratio()
    return sympy.Rational(p, q)


def drifts(expressions: Sequence, trajectory: Trajectory) -> tuple[float, ...]:
    """:func:`drift` of each expression."""
    return tuple(drift(e, trajectory) for e in expressions)
