"""Exact functional dimension of a ReLU network of any depth (``docs/theory/deep.md``, Section 1).

The functional dimension of ``theta`` is the rank, over Q, of the differential
of ``theta' -> f_theta'`` at ``theta``, taken on the parametrically smooth
inputs: those at which no hidden pre-activation vanishes.  On the linear region
``R`` of an activation pattern ``P`` the output is ``A_P(theta) x + b_P(theta)``
with ``A_P, b_P`` polynomial in the parameters, and the span of the gradients
``d/dtheta f_theta(x)`` over ``x`` in ``R`` is the span of the gradients of the
entries of ``A_P`` and ``b_P`` (Lemma 1.2 of the theory page).  So the
functional dimension is the exact rank of the stacked Jacobians of the affine
coefficients, one block per smooth region, where the regions are those the
exact oracle enumerates (:func:`semialg_fibers.general.oracle.linear_regions`).

The value is :class:`FunctionalDimension`: the rank, the bound
``N - (hidden neurons)`` (proven for every parameter, Proposition 1.4), the
sample (one exact interior point per region used), the smoothness of every
region, and a basis of the kernel modulo the tangent space of the scaling
orbit, as exact vectors.  Ranks are computed by python-flint
(:mod:`semialg_fibers.core.linalg`) modulo a large prime first, a proven lower
bound that proves the value when it reaches ``N - hidden`` (Proposition 1.6),
and over Q otherwise; no floating point is involved.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core import linalg
from ..core.exact import format_rational
from ..core.exceptions import ArgumentError, InternalCheckError, ShapeError
from ..core.limits import SearchLimits, resolve
from ..core.network import Network
from ..core.progress import reporting, task
from .oracle import linear_regions

__all__ = ["FunctionalDimension", "functional_dimension", "coefficient_jacobian", "orbit_tangent",
           "generic_functional_dimension", "GenericFunctionalDimension", "kernel_modulo", "tangent_rank"]

_ZERO = Fraction(0)
_ONE = Fraction(1)

Vector = tuple[Fraction, ...]


# ------------------------------------------------------------------ the orbit's tangent space
def orbit_tangent(net: Network) -> tuple[Vector, ...]:
    """The infinitesimal scalings of the hidden neurons at ``net``, one vector per hidden neuron (flat order).

    The generator of neuron ``i`` of hidden layer ``l`` has ``+theta`` on its
    incoming row and bias and ``-theta`` on its outgoing column: the derivative
    at ``c = 1`` of scaling the neuron by ``c``.  They span the tangent space
    ``T`` of the orbit ``H . theta``; each lies in the kernel of the
    differential of ``theta -> f_theta``.

    >>> net = Network.from_layers([([[2]], [3]), ([[5]], [7])])
    >>> orbit_tangent(net)
    ((Fraction(2, 1), Fraction(3, 1), Fraction(-5, 1), Fraction(0, 1)),)
    """
    arch = net.architecture
    offsets = _offsets(arch)
    out = []
    for l in range(1, net.depth):  # hidden layer l = affine layer l (1-based)
        layer, nxt = net.layers[l - 1], net.layers[l]
        n_in, n_out = arch[l - 1], arch[l]
        for i in range(n_out):
            vec = [_ZERO] * net.num_parameters
            base = offsets[l - 1]
            for j in range(n_in):
                vec[base + i * n_in + j] = layer.weight[i][j]
            vec[base + n_out * n_in + i] = layer.bias[i]
            nbase, n_next = offsets[l], arch[l + 1]
            for o in range(n_next):
                vec[nbase + o * n_out + i] = -nxt.weight[o][i]
            out.append(tuple(vec))
    return tuple(out)


def _offsets(arch: Sequence[int]) -> list[int]:
    offsets, pos = [], 0
    for n_in, n_out in zip(arch, arch[1:]):
        offsets.append(pos)
        pos += n_out * (n_in + 1)
    return offsets


# ------------------------------------------------------------------ one region
def coefficient_jacobian(net: Network, x: Sequence[Fraction]) -> tuple[tuple[Vector, ...], bool]:
    """The Jacobian, in ``theta``, of the affine coefficients of ``f`` on the region of ``x``; and its smoothness.

    Returns ``(rows, smooth)``.  ``smooth`` is False when some hidden
    pre-activation is 0 at ``x``; ``rows`` is then empty.  Otherwise the
    pattern ``P`` of ``x`` is frozen and, for every output ``o``, the rows are
    the gradient of the constant ``b_P[o]`` and of every coefficient
    ``A_P[o, j]``: ``k (d + 1)`` rows of length ``N`` (flat parameter order).
    Their span is the span of ``d/dtheta f_theta(y)`` over the inputs ``y``
    of the open region of ``P`` (Lemma 1.2 of ``docs/theory/deep.md``).

    >>> net = Network.from_layers([([[2]], [3]), ([[5]], [7])])   # 5 s(2x + 3) + 7
    >>> rows, smooth = coefficient_jacobian(net, [Fraction(1)])
    >>> smooth, [[str(v) for v in r] for r in rows]
    (True, [['0', '5', '3', '1'], ['5', '0', '2', '0']])
    """
    arch = net.architecture
    d, depth = arch[0], net.depth
    # h_l(y) = H_l y + c_l on the region of x, with H_l as rows (one per neuron) of length d.
    H: list[list[Vector]] = [[tuple(_ONE if a == j else _ZERO for a in range(d)) for j in range(d)]]
    c: list[list[Fraction]] = [[_ZERO] * d]
    point = [Fraction(v) for v in x]
    if len(point) != d:
        raise ShapeError(f"the point has {len(point)} coordinates; the network has input dimension {d}")
    values = [point]
    pattern: list[list[bool]] = []
    for l in range(depth - 1):
        layer = net.layers[l]
        Hl, cl, vl, pl = [], [], [], []
        for row, b in zip(layer.weight, layer.bias):
            z = sum((w * v for w, v in zip(row, values[-1]) if w), b)
            if z == 0:
                lin = tuple(sum((w * h[j] for w, h in zip(row, H[-1]) if w), _ZERO) for j in range(d))
                if any(lin):
                    raise InternalCheckError("a region's interior point lies on a bent hyperplane")
                return (), False
            on = z > 0
            pl.append(on)
            if on:
                Hl.append(tuple(sum((w * h[j] for w, h in zip(row, H[-1]) if w), _ZERO) for j in range(d)))
                cl.append(sum((w * v for w, v in zip(row, c[-1]) if w), b))
                vl.append(z)
            else:
                Hl.append((_ZERO,) * d)
                cl.append(_ZERO)
                vl.append(_ZERO)
        H.append(Hl)
        c.append(cl)
        values.append(vl)
        pattern.append(pl)
    k = arch[-1]
    offsets = _offsets(arch)
    rows = []
    for o in range(k):
        # delta_l[i] = d y_o / d z_l[i] (pattern frozen), from the output layer down.
        delta = [_ONE if i == o else _ZERO for i in range(k)]
        grads_const = [_ZERO] * net.num_parameters
        grads_lin = [[_ZERO] * net.num_parameters for _ in range(d)]
        for l in range(depth - 1, -1, -1):
            n_in, n_out = arch[l], arch[l + 1]
            base = offsets[l]
            for i in range(n_out):
                di = delta[i]
                if not di:
                    continue
                for j in range(n_in):
                    cj = c[l][j]
                    if cj:
                        grads_const[base + i * n_in + j] = di * cj
                    hj = H[l][j]
                    for a in range(d):
                        if hj[a]:
                            grads_lin[a][base + i * n_in + j] = di * hj[a]
                grads_const[base + n_out * n_in + i] = di
            if l:
                weight = net.layers[l].weight
                delta = [sum((delta[i] * weight[i][j] for i in range(n_out) if delta[i]), _ZERO)
                         if pattern[l - 1][j] else _ZERO for j in range(n_in)]
        rows.append(tuple(grads_const))
        rows.extend(tuple(g) for g in grads_lin)
    return tuple(rows), True


# ------------------------------------------------------------------ modular and integer forms (speed)
class _Forms:
    """The network once as integer layers (exact signs without fractions) and once modulo a prime (the Jacobian mod p).

    Layer ``l`` is ``(M_l | beta_l) / D_l`` with integer ``M_l, beta_l`` and
    ``D_l > 0``.  With ``x = X / q`` and ``h~_l = s_l h_l`` (``s_0 = q``,
    ``s_l = D_l s_{l-1}``) the integer ``M_l h~_{l-1} + s_{l-1} beta_l`` is
    ``s_l z_l``: it has the sign of the pre-activation ``z_l``, and only
    integers are multiplied.
    """

    def __init__(self, net: Network, modulus: int | None) -> None:
        self.net = net
        self.integer = []
        for layer in net.layers[:-1]:
            den = math.lcm(*(v.denominator for row in layer.weight for v in row),
                           *(v.denominator for v in layer.bias))
            self.integer.append(([[int(v * den) for v in row] for row in layer.weight],
                                 [int(v * den) for v in layer.bias], den))
        self.modulus = modulus
        self.mod: list[tuple[list[list[int]], list[int]]] | None = None
        if modulus is not None:
            try:
                self.mod = [([[linalg.reduce_mod(v, modulus) for v in row] for row in layer.weight],
                             [linalg.reduce_mod(v, modulus) for v in layer.bias]) for layer in net.layers]
            except ZeroDivisionError:  # the prime divides a denominator: no reduction; the rational rank decides
                self.mod = None

    def pattern(self, x: Sequence[Fraction]) -> tuple[bool, ...] | None:
        """The activation pattern at ``x`` (flat), or None when a hidden pre-activation is 0 there."""
        q = math.lcm(*(v.denominator for v in x)) if x else 1
        h = [v.numerator * (q // v.denominator) for v in x]
        s = q
        out: list[bool] = []
        for weight, bias, den in self.integer:
            z = [sum(w * v for w, v in zip(row, h) if w) + s * b for row, b in zip(weight, bias)]
            if not all(z):
                return None
            out.extend(v > 0 for v in z)
            h = [v if v > 0 else 0 for v in z]
            s *= den
        return tuple(out)

    def jacobian_mod(self, pattern: Sequence[bool]) -> list[list[int]]:
        """The rows of :func:`coefficient_jacobian` on the region of activation pattern ``pattern``, modulo the prime.

        The same recursion over the integers modulo ``p`` (the reduction is a
        ring homomorphism on the rationals whose denominators ``p`` does not
        divide).  The rows depend on the region only through its pattern.
        """
        assert self.mod is not None and self.modulus is not None
        p, net = self.modulus, self.net
        arch = net.architecture
        d, depth = arch[0], net.depth
        # H[l][j]: the row of d coefficients of neuron j of layer l on the region (layer 0: the input).
        H: list[list[list[int]]] = [[[1 if a == j else 0 for a in range(d)] for j in range(d)]]
        c: list[list[int]] = [[0] * d]
        on_all: list[list[bool]] = []
        pos = 0
        for l in range(depth - 1):
            weight, bias = self.mod[l]
            on = list(pattern[pos:pos + arch[l + 1]])
            pos += arch[l + 1]
            Hl, cl = [], []
            for row, b, active in zip(weight, bias, on):
                if not active:
                    Hl.append([0] * d)
                    cl.append(0)
                elif l == 0:  # H_0 is the identity and c_0 = 0
                    Hl.append(list(row))
                    cl.append(b)
                else:
                    acc = [0] * d
                    for w, h in zip(row, H[-1]):
                        if w:
                            for a, v in enumerate(h):
                                if v:
                                    acc[a] += w * v
                    Hl.append([v % p for v in acc])
                    cl.append((sum(w * v for w, v in zip(row, c[-1]) if w) + b) % p)
            H.append(Hl)
            c.append(cl)
            on_all.append(on)
        offsets = _offsets(arch)
        n_params = net.num_parameters
        rows: list[list[int]] = []
        # a region's rows take seconds on wide inputs (784-10-10-10: 7850 rows of 8070 entries): a step per output
        bar = task("Jacobian rows modulo p", total=arch[-1], unit="outputs")
        for o in range(arch[-1]):
            bar.advance()
            delta = [1 if i == o else 0 for i in range(arch[-1])]
            const = [0] * n_params
            lin = [[0] * n_params for _ in range(d)]
            for l in range(depth - 1, -1, -1):
                n_in, n_out = arch[l], arch[l + 1]
                base = offsets[l]
                cl, Hl = c[l], H[l]
                for i in range(n_out):
                    di = delta[i]
                    if not di:
                        continue
                    start = base + i * n_in
                    for j in range(n_in):
                        if cl[j]:
                            const[start + j] = di * cl[j] % p
                        for a, v in enumerate(Hl[j]):
                            if v:
                                lin[a][start + j] = di * v % p
                    const[base + n_out * n_in + i] = di
                if l:
                    weight = self.mod[l][0]
                    on = on_all[l - 1]
                    delta = [sum(delta[i] * weight[i][j] for i in range(n_out) if delta[i]) % p if on[j] else 0
                             for j in range(n_in)]
            rows.append(const)
            rows.extend(lin)
        bar.close()
        return rows


# ------------------------------------------------------------------ the value
@dataclass(frozen=True)
class FunctionalDimension:
    """The exact functional dimension of one parameter, with its sample and its kernel.

    Attributes
    ----------
    rank : int
        The functional dimension: the rank over Q of the coefficient Jacobians
        of the smooth regions (``docs/theory/deep.md``, Definition 1.1).
    parameters : int
        ``N``, the number of parameters.
    hidden : int
        The number of hidden neurons.
    orbit_dimension : int
        ``dim T``, the rank of the infinitesimal scalings (:func:`orbit_tangent`).
    regions : int
        Linear regions enumerated by the oracle (0 when random inputs reached the bound).
    complete : bool
        True when every region was enumerated; False when the computation
        stopped early because the rank reached the bound ``N - hidden``
        (which no further input can exceed, Proposition 1.4).
    sample : tuple of tuple of Fraction
        One exact interior point of every smooth region used (distinct activation patterns).
    nonsmooth : tuple of tuple of Fraction
        One interior point of every region on which some hidden
        pre-activation vanishes identically (no point of it is
        parametrically smooth; not used by the rank).  Filled only when
        ``complete``: an early stop enumerates no region.
    kernel : tuple of tuple of Fraction
        Exact vectors completing a basis of ``T`` to a basis of the kernel of
        the Jacobian: ``N - rank - orbit_dimension`` of them.  Each is an
        infinitesimal direction along which ``f`` does not change to first
        order and that no scaling explains.
    modulus : int or None
        The prime modulo which the rank reached ``N - hidden``, which proves
        the value (``docs/theory/deep.md``, Proposition 1.6); None when the
        rank over Q was computed.
    """

    rank: int
    parameters: int
    hidden: int
    orbit_dimension: int
    regions: int
    complete: bool
    sample: tuple[Vector, ...]
    nonsmooth: tuple[Vector, ...]
    kernel: tuple[Vector, ...]
    modulus: int | None = None

    @property
    def bound(self) -> int:
        """``N - hidden``: the functional dimension of no parameter of this architecture exceeds it."""
        return self.parameters - self.hidden

    @property
    def attains_bound(self) -> bool:
        """True iff ``rank == N - hidden``."""
        return self.rank == self.bound

    @property
    def deficit(self) -> int:
        """``N - hidden - rank`` (nonnegative)."""
        return self.bound - self.rank

    @property
    def everywhere_smooth(self) -> bool | None:
        """True iff no region has an identically vanishing hidden pre-activation (the smooth inputs are dense).

        None when the computation stopped early (``complete`` False): then no region was enumerated and
        :attr:`nonsmooth` lists nothing, whatever the network (pass ``complete=True`` to decide it).
        """
        if not self.complete:
            return None
        return not self.nonsmooth

    @property
    def locally_identifiable(self) -> bool:
        """True iff Theorem 2.1 of ``docs/theory/deep.md`` applies: ``rank = N - hidden`` and ``dim T = hidden``.

        Then the fiber near ``theta`` is the scaling orbit near ``theta`` (proven).
        """
        return self.attains_bound and self.orbit_dimension == self.hidden

    def describe(self) -> str:
        """The value in plain text."""
        lines = [f"functional dimension {self.rank} (N = {self.parameters}, hidden neurons {self.hidden}, "
                 f"bound N - hidden = {self.bound})",
                 f"  sample: {len(self.sample)} smooth regions (distinct activation patterns); {self.regions} "
                 f"regions enumerated by the oracle{'' if self.complete else ' (stopped: the bound is reached)'}; "
                 + (f"{len(self.nonsmooth)} with a vanishing pre-activation" if self.complete
                    else "regions with a vanishing pre-activation not searched"),
                 f"  orbit dimension {self.orbit_dimension}; kernel modulo the orbit: {len(self.kernel)} directions"]
        if self.locally_identifiable:
            lines.append("  locally identifiable (proven: docs/theory/deep.md, Theorem 2.1)")
        elif self.attains_bound:
            lines.append(f"  bound attained, but the scalings span only {self.orbit_dimension} of {self.hidden} "
                         "directions: Theorem 2.1 does not apply")
        else:
            lines.append(f"  deficit {self.deficit}: the local fiber dimension is at most "
                         f"{self.parameters - self.rank} (docs/theory/deep.md, Theorem 2.2)")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        """JSON-ready dictionary, numbers as exact strings."""
        def vecs(vs):
            return [[format_rational(v) for v in vec] for vec in vs]

        return {"functional_dimension": self.rank, "parameters": self.parameters, "hidden_neurons": self.hidden,
                "bound": self.bound, "orbit_dimension": self.orbit_dimension, "regions": self.regions,
                "complete": self.complete, "locally_identifiable": self.locally_identifiable,
                "everywhere_smooth": self.everywhere_smooth, "sample": vecs(self.sample),
                "nonsmooth": vecs(self.nonsmooth), "kernel": vecs(self.kernel),
                "certificate": "rank over Q" if self.modulus is None else f"rank modulo {self.modulus}"}


def kernel_modulo(rows: Sequence[Vector], tangent: Sequence[Vector], ncols: int) -> tuple[Vector, ...]:
    """Vectors completing a basis of ``span(tangent)`` to a basis of ``ker rows`` (``tangent`` lies in the kernel).

    >>> kernel_modulo([(Fraction(1), Fraction(0), Fraction(0))], [(Fraction(0), Fraction(1), Fraction(0))], 3)
    ((Fraction(0, 1), Fraction(0, 1), Fraction(1, 1)),)
    """
    kernel = linalg.nullspace(list(rows), ncols) if rows else tuple(
        tuple(_ONE if i == j else _ZERO for j in range(ncols)) for i in range(ncols))
    chosen: list[Vector] = []
    current = list(t for t in tangent if any(t))
    r = tangent_rank(current, ncols)
    with task("kernel modulo the orbit", total=len(kernel), unit="vectors") as bar:
        for vec in kernel:  # one exact rank per kernel vector (a 1-200-1 network has hundreds)
            trial = current + [vec]
            rt = linalg.rank(trial, ncols)
            if rt > r:
                chosen.append(vec)
                current, r = trial, rt
            bar.advance()
    return tuple(chosen)


def tangent_rank(rows: Sequence[Vector], ncols: int) -> int:
    """The rank of sparse rational rows such as :func:`orbit_tangent`'s, peeling rows with a coordinate of their own.

    :func:`~semialg_fibers.core.linalg.independent_rows`: a row that is the
    only one nonzero in some column is independent of the others, and the rows
    left (usually none: the bias of a hidden neuron is touched by its own
    scaling only) go to an exact elimination.  On ACAS Xu (300 rows of 13305
    entries) the plain rank over Q did not finish in eight minutes.

    >>> tangent_rank([(1, 0, 2), (0, 0, 3), (0, 0, 6), (0, 0, 0)], 3)
    2
    >>> tangent_rank([(1, 1, 0), (0, 1, 1), (1, 2, 1)], 3)   # no row has a column of its own
    2
    """
    return len(linalg.independent_rows(rows, ncols))


# ------------------------------------------------------------------ the computation
def functional_dimension(net: Network, *, limits: SearchLimits | None = None, progress: bool | Callable | None = None,
                         complete: bool = False, kernel: bool = True, seed: int = 0,
                         modulus: int | None = linalg.PRIME) -> FunctionalDimension:
    """The exact functional dimension of ``net`` (``docs/theory/deep.md``, Definition 1.1).

    Parameters
    ----------
    net : Network
        Any depth and widths, on R^d.
    limits : SearchLimits, optional
        ``limits.jacobian_entries`` and ``limits.elimination_work`` bound the
        Jacobian rows built and their eliminations (checked first against
        what reaching ``N - hidden`` needs at least); ``limits.regions`` bounds the regions enumerated
        (:class:`~semialg_fibers.core.exceptions.LimitReachedError` beyond it).
    progress : bool or callable, optional
        Progress of the enumeration (regions, current rank).
    complete : bool
        Enumerate every region (and no random input) even when the rank has
        reached ``N - hidden``.  By default random exact inputs off the bent
        hyperplanes come first, and the computation stops as soon as the rank
        reaches ``N - hidden``, which no input can raise (Proposition 1.4);
        otherwise every region is enumerated.  Either way the value is exact.
    kernel : bool
        Compute the kernel modulo the orbit (exact vectors).
    seed : int
        Seed of the random inputs (the value does not depend on it; the time may).
    modulus : int or None
        A prime below ``2**64``: the ranks are first taken modulo it, a proven
        lower bound of the rank over Q, so reaching ``N - hidden`` proves the
        value without any rational elimination (``docs/theory/deep.md``,
        Proposition 1.6); below the bound the rank over Q decides.  None: the
        rank over Q only.  The value never depends on it; the time does.

    Returns
    -------
    FunctionalDimension

    Examples
    --------
    >>> net = Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])
    >>> fd = functional_dimension(net)
    >>> fd.rank, fd.bound, fd.locally_identifiable
    (5, 5, True)
    >>> dead = Network.from_layers([([[0], [1]], [-1, 0]), ([[3, 1]], [0])])   # the first neuron is dead
    >>> fd = functional_dimension(dead); fd.rank, fd.bound, len(fd.kernel)
    (3, 5, 2)
    """
    if not isinstance(net, Network):
        raise ArgumentError(f"functional_dimension needs a semialg_fibers.Network, got {type(net).__name__}")
    limits = resolve(limits)
    n_params = net.num_parameters
    hidden = sum(net.hidden_widths)
    bound = n_params - hidden
    forms = _Forms(net, modulus)
    rows_per_region = net.output_dim * (net.input_dim + 1)
    spent = {"jacobian_entries": 0, "elimination_work": 0}

    def spend(name: str, amount: int, what: str) -> None:
        spent[name] += amount
        limits.check(name, spent[name], f"functional dimension of {net.architecture}: {what}")

    # Checked before any work: reaching the bound takes at least N - hidden rows, eliminated against each other.
    limits.check("jacobian_entries", bound * n_params, f"functional dimension of {net.architecture}: reaching "
                 f"N - hidden = {bound} needs at least {bound} Jacobian rows of {n_params} entries")
    limits.check("elimination_work", bound * bound * n_params, f"functional dimension of {net.architecture}: "
                 f"eliminating {bound} rows of {n_params} entries needs at least {bound * bound * n_params} "
                 "multiplications")
    # The rank modulo p, kept as an echelon basis; batches of rows are eliminated at once (FLINT's nmod_mat).
    # Batches of 2N rows: moving the basis in and out of FLINT costs about as much as building the rows.
    basis: list[list[int]] = []
    pending: list[list[int]] = []
    batch = max(2 * n_params, 64)
    sample: list[Vector] = []
    nonsmooth: list[Vector] = []
    seen: set = set()
    regions = 0
    stopped = False

    def reduce() -> None:
        nonlocal basis, pending
        if pending and forms.modulus is not None:
            size = len(basis) + len(pending)
            spend("elimination_work", size * n_params * min(size, n_params), f"eliminating {size} rows modulo p")
            basis = linalg.rref_mod(basis + pending, n_params, forms.modulus, reduced=True)
            pending = []

    def add(point, key) -> bool:
        """Use the smooth region of ``point``; True when the rank modulo p has reached the bound."""
        sample.append(tuple(point))
        if forms.mod is None:
            return False
        spend("jacobian_entries", rows_per_region * n_params, f"{len(sample)} regions' Jacobian rows")
        pending.extend(forms.jacobian_mod(key))
        # Eliminate every 2N rows, and every N/2 once the pending rows could close the gap to the bound: each
        # further region the oracle enumerates costs linear programs, so the stop should not come late.
        if len(pending) >= max(batch // 4, min(batch, bound - len(basis))):
            reduce()
        return not pending and len(basis) == bound

    with reporting(progress), task("functional dimension", total=limits.regions, unit="regions") as bar:
        # Stage 1: random exact inputs off every bent hyperplane (each is an interior point of a smooth region,
        # Lemma 1.2); it ends the computation only when the rank reaches the proven bound N - hidden.
        if not complete and forms.mod is not None:
            rng = random.Random(seed)
            tries = max(64, 4 * (bound // max(1, net.output_dim * (net.input_dim + 1)) + 1))
            for _ in range(tries):
                # each random input examines a smooth region: counted with those enumerated below
                limits.check("regions", len(seen) + 1, f"functional dimension: more than {len(seen)} linear regions "
                             "examined (random inputs)")
                scale = rng.choice((1, 4, 16))
                x = tuple(Fraction(rng.randint(-100 * scale, 100 * scale), rng.randint(1, 97)) for _ in
                          range(net.input_dim))
                key = forms.pattern(x)
                if key is None or key in seen:
                    continue
                seen.add(key)
                bar.advance(note=f"rank mod p {len(basis)} (random inputs)")
                if add(x, key):
                    break
            reduce()
            stopped = len(basis) == bound
        # Stage 2: every region the oracle enumerates (exact and complete).
        if not stopped:
            for point, _forms in linear_regions(net, limits=limits):
                regions += 1
                key = forms.pattern(point)
                bar.advance(note=f"rank mod p {len(basis)}")
                if key is None:
                    coefficient_jacobian(net, point)  # checks that the point is not on a bent hyperplane
                    nonsmooth.append(tuple(point))
                elif key not in seen:
                    seen.add(key)
                    if add(point, key) and not complete:
                        stopped = True
                        break
            reduce()
    # The orbit's tangent space after the enumeration, which the budget bounds (its exact rank is the one
    # costly step that no limit counts: 46 s of the 58 s of 1-1000-1 under --budget 5 came before the first region).
    tangent = orbit_tangent(net)
    orbit_dim = tangent_rank(tangent, n_params)
    rank_p = len(basis) if forms.mod is not None else 0
    if rank_p > bound:
        raise InternalCheckError(f"rank modulo p {rank_p} above the proven bound N - hidden = {bound}")
    proven = rank_p == bound  # rank_p <= rank_Q <= N - hidden (Proposition 1.6)
    # Below the bound, or for kernel vectors (N - rank - dim T of them), the rational rows are needed.
    need_rational = not proven or (kernel and orbit_dim + bound < n_params)
    rational: list[Vector] = []
    if need_rational:
        # The rank over Q of the same rows (the sample holds one point per smooth pattern used).
        def eliminate(rows: list) -> list:
            # a rational operation costs about a hundred modular ones
            spend("elimination_work", 100 * len(rows) * n_params * min(len(rows), n_params),
                  f"eliminating {len(rows)} rows over Q")
            return list(linalg.rref(rows, n_params)[0])

        for point in sample:
            spend("jacobian_entries", rows_per_region * n_params, "the Jacobian rows over Q")
            rows, _smooth = coefficient_jacobian(net, point)
            rational.extend(rows)
            if len(rational) >= 2 * batch:
                rational = eliminate(rational)
        rational = eliminate(rational) if rational else []
        if len(rational) < rank_p or len(rational) > bound:
            raise InternalCheckError(f"rank over Q {len(rational)}, rank modulo p {rank_p}, bound {bound}: "
                                     "rank_p <= rank_Q <= N - hidden fails")
    rank = bound if proven else len(rational)
    extra = kernel_modulo(rational, tangent, n_params) if kernel and need_rational else ()
    return FunctionalDimension(rank, n_params, hidden, orbit_dim, regions, not stopped, tuple(sample),
                               tuple(nonsmooth), extra, forms.modulus if proven else None)


# ------------------------------------------------------------------ generic functional dimension
@dataclass(frozen=True)
class GenericFunctionalDimension:
    """The generic functional dimension of an architecture, with its certificate.

    Attributes
    ----------
    architecture : tuple of int
    value : int
        The largest functional dimension found at the sampled parameters: a
        proven lower bound of the maximum over all parameters (the maximum is
        attained on a nonempty open set, Proposition 1.5).
    bound : int
        ``N - hidden``, a proven upper bound for every parameter.
    proven : bool
        True iff ``value == bound``: the maximum is then known exactly.
    witness : Network
        A parameter attaining ``value``.
    tries : int
        Random parameters tried.
    """

    architecture: tuple[int, ...]
    value: int
    bound: int
    proven: bool
    witness: Network
    tries: int

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        import json

        return {"architecture": list(self.architecture), "generic_functional_dimension": self.value,
                "bound": self.bound, "proven": self.proven, "tries": self.tries,
                "witness": json.loads(self.witness.to_json())}


def generic_functional_dimension(architecture: Sequence[int], *, tries: int = 3, seed: int = 0,
                                 limits: SearchLimits | None = None) -> GenericFunctionalDimension:
    """The functional dimension of an architecture at random rational parameters, certified when ``N - hidden`` is met.

    Parameters are drawn with small numerators and denominators from a seeded
    generator; the best of ``tries`` is kept, and the search stops at the
    first that attains the bound.  When none does, ``proven`` is False and
    ``value`` is only a lower bound of the generic value (the architecture may
    have generic hidden symmetries, or the samples were unlucky).

    >>> g = generic_functional_dimension((1, 2, 1)); g.value, g.bound, g.proven
    (5, 5, True)
    >>> g = generic_functional_dimension((1, 1, 1, 1)); g.value, g.bound, g.proven
    (4, 4, True)
    """
    arch = tuple(int(a) for a in architecture)
    if len(arch) < 2 or any(a < 1 for a in arch):
        raise ShapeError(f"architecture {arch} needs at least two positive widths")
    rng = random.Random(seed)
    n = sum(o * (i + 1) for i, o in zip(arch, arch[1:]))
    best: tuple[int, Network] | None = None
    done = 0
    for _ in range(max(1, tries)):
        done += 1
        flat = [Fraction(rng.choice([-1, 1]) * rng.randint(1, 9), rng.randint(1, 5)) for _ in range(n)]
        net = Network.from_parameters(arch, flat)
        fd = functional_dimension(net, limits=limits, kernel=False)
        if best is None or fd.rank > best[0]:
            best = (fd.rank, net)
        if fd.attains_bound:
            break
    assert best is not None
    bound = n - sum(arch[1:-1])
    return GenericFunctionalDimension(arch, best[0], bound, best[0] == bound, best[1], done)
