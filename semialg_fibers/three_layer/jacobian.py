"""Exact evaluation Jacobians of three-layer networks: an upper bound for the local fiber dimension.

The fiber near ``theta`` lies in ``{theta' : f_theta'(x) = f_theta(x)}`` for
every sampled input ``x``, so ``N - rank J`` (``J`` the exact Jacobian of
``theta -> (f_theta(x_1), ..., f_theta(x_M))``) bounds its local dimension
from above; fewer points only weaken the bound.  It shares no code with the
symmetry constructions, which is why the tests compare the two.  Inputs are
drawn in first-layer coordinates with every sign pattern and magnitudes around
the second-layer thresholds, then mapped back exactly with a random component
along ``ker W1``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from ..core import linalg
from ..core.network import Network
from .first_layer import has_full_row_rank, preimage
from .rows import check_three_layer

__all__ = ["evaluation_jacobian", "sample_inputs", "jacobian_upper_bound"]

_ZERO, _ONE = Fraction(0), Fraction(1)


def evaluation_jacobian(net: Network, points: Sequence[Sequence[Fraction]]) -> list[list[Fraction]]:
    """Rows ``d f_r(x) / d theta`` (flat parameter order), at the points where no pre-activation vanishes.

    Examples
    --------
    >>> net = Network.from_layers([([[1]], [0]), ([[2]], [0]), ([[3]], [1])])
    >>> evaluation_jacobian(net, [[Fraction(1)]])
    [[Fraction(6, 1), Fraction(6, 1), Fraction(3, 1), Fraction(3, 1), Fraction(2, 1), Fraction(1, 1)]]
    """
    d, n1, n2, k = check_three_layer(net, "evaluation_jacobian")
    (w1, b1), (w2, b2), (w3, _) = ((layer.weight, layer.bias) for layer in net.layers)
    N = net.num_parameters
    o1, o2 = 0, n1 * (d + 1)
    o3 = o2 + n2 * (n1 + 1)
    rows = []
    for x in points:
        x = [Fraction(v) for v in x]
        y = [sum((a * v for a, v in zip(w, x) if a), b) for w, b in zip(w1, b1)]
        if any(v == 0 for v in y):
            continue
        z = [v if v > 0 else _ZERO for v in y]
        u = [sum((a * v for a, v in zip(w, z) if a), b) for w, b in zip(w2, b2)]
        if any(v == 0 for v in u):
            continue
        h = [v if v > 0 else _ZERO for v in u]
        for r in range(k):
            row = [_ZERO] * N
            back = [w3[r][j] if u[j] > 0 else _ZERO for j in range(n2)]  # d f_r / d u_j
            for j in range(n2):
                row[o3 + r * n2 + j] = h[j]
                if back[j]:
                    for m in range(n1):
                        row[o2 + j * n1 + m] = back[j] * z[m]
                    row[o2 + n2 * n1 + j] = back[j]
            row[o3 + k * n2 + r] = _ONE
            for i in range(n1):
                if y[i] > 0:
                    g = sum((back[j] * w2[j][i] for j in range(n2) if back[j]), _ZERO)
                    if g:
                        for c in range(d):
                            row[o1 + i * d + c] = g * x[c]
                        row[o1 + n1 * d + i] = g
            rows.append(row)
    return rows


def _near_row(w2, b2, n1: int, rng: random.Random) -> list[Fraction] | None:
    """A point ``y`` next to a random row's hyperplane on a random face (``None`` if that piece is empty)."""
    face = [m for m in range(n1) if rng.random() < 0.6]
    j = rng.randrange(len(w2))
    alpha = {m: w2[j][m] for m in face if w2[j][m]}
    beta = b2[j]
    if not alpha:
        return None
    signs = [v > 0 for v in alpha.values()] + ([beta > 0] if beta else [])
    if all(signs) or not any(signs):
        return None  # the row does not change sign on this face
    solve = next((m for m, v in alpha.items() if (v < 0) == (beta > 0)), None) if beta else next(iter(alpha))
    if solve is None:
        return None
    y = [Fraction(-rng.randint(1, 9), rng.randint(1, 3)) for _ in range(n1)]
    size = abs(beta) if beta else Fraction(1)
    for m in face:
        y[m] = size * Fraction(rng.randint(1, 40), 40 * len(alpha) * max(abs(v) for v in alpha.values()))
    if not beta:
        other = next((m for m, v in alpha.items() if (v > 0) != (alpha[solve] > 0)), None)
        if other is None:
            return None
        y[other] = Fraction(rng.randint(1, 9), rng.randint(1, 3))
    rest = sum((v * y[m] for m, v in alpha.items() if m != solve), beta)
    y[solve] = -rest / alpha[solve]
    if y[solve] <= 0:
        return None
    y[solve] += Fraction(rng.choice([-1, 1]), rng.randint(50, 5000)) * (abs(y[solve]) + 1)
    return y if all(y[m] > 0 for m in face) else None


def sample_inputs(net: Network, count: int, *, seed: int = 0) -> list[tuple[Fraction, ...]]:
    """``count`` exact inputs whose first-layer pre-activations take every sign pattern at many scales.

    Half are log-uniform around the second-layer thresholds with random
    signs, half lie next to a random row's hyperplane on a random face of the
    orthant.  Needs ``W1`` of full row rank (G1).
    """
    d, n1, _, _ = check_three_layer(net, "sample_inputs")
    if not has_full_row_rank(net):
        raise ValueError("sample_inputs needs W1 of full row rank (genericity predicate G1)")
    rng = random.Random(seed)
    w2, b2 = net.layers[1].weight, net.layers[1].bias
    scales = sorted({abs(c / row[m]) for row, c in zip(w2, b2) for m in range(n1) if row[m] and c} | {_ONE})
    w1 = net.layers[0].weight
    kernel = linalg.nullspace(w1, d) if d > n1 else ()
    out = []
    while len(out) < count:
        y = _near_row(w2, b2, n1, rng) if len(out) % 2 else None
        if y is None:
            y = []
            for _ in range(n1):
                # log-uniform around a threshold, so that every activation region is met
                magnitude = rng.choice(scales) * Fraction(2) ** rng.randint(-6, 6) * Fraction(rng.randint(16, 31), 16)
                y.append(magnitude if rng.random() < 0.6 else -magnitude)
        x = list(preimage(net, y))
        for vec in kernel:
            t = Fraction(rng.randint(-20, 20), rng.randint(1, 5))
            x = [a + t * b for a, b in zip(x, vec)]
        out.append(tuple(x))
    return out


def jacobian_upper_bound(net: Network, *, count: int | None = None, seed: int = 0) -> int:
    """``N - rank J`` at ``count`` sampled inputs (default ``8 N``): an upper bound of ``dim F(theta)`` near ``theta``.

    Too few inputs only weaken the bound (rows with a rarely active region may
    be missed); take the minimum over several seeds for a tighter value.

    Examples
    --------
    One hidden column (``n2 = 1``): ``n1 + n2`` scalings plus the hiding translation.

    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> jacobian_upper_bound(net)
    4
    """
    check_three_layer(net, "jacobian_upper_bound")
    N = net.num_parameters
    rows = evaluation_jacobian(net, sample_inputs(net, 8 * N if count is None else count, seed=seed))
    return N - (linalg.rank(rows, N) if rows else 0)
