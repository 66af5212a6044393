"""Draw docs/figures/conservation_drifts.png and print the drift table of docs/conservation.md.

Run from the repository root (needs the ``plot`` extra: ``pip install -e '.[plot,numpy]'``):

    python docs/figures/conservation_drifts.py

Two three-layer networks of architecture (2, 2, 2, 1), each trained by gradient flow (RK4, mean squared
loss, 40 Gaussian inputs rounded to 3 decimals, targets = the network's own outputs plus unit Gaussian
noise, flow time 1):

* two linear rows: the four balancedness laws, the off-diagonal entry of U U^T - V^T V (with the bias
  column), and the same entry without the bias column (not a law);
* a column hidden by two rows: the four balancedness laws and the linear function <V_h(theta_0), theta>
  of the hiding field frozen at the start (not a law: the hiding field is not a gradient).
"""

from __future__ import annotations

import sys

import numpy as np
import sympy

from semialg_fibers import Network
from semialg_fibers.conservation import conservation_laws
from semialg_fibers.conservation.flow import gradient_flow
from semialg_fibers.core.symbols import bias_symbol, parameter_symbols
from semialg_fibers.core.symmetries import Symmetry, SymmetryKind, bias_shift_generator, h_symmetries, mixing_generator

W1, B1 = [[1, 2], [-1, 1]], ["1/2", -1]
LINEAR = Network.from_layers([(W1, B1), ([[2, 1], [1, "3/2"]], ["1/2", "1/3"]), ([[3, -1]], [1])])
HIDDEN = Network.from_layers([(W1, B1), ([[2, -1], ["3/2", -2]], ["-1/2", "-1/3"]), ([[3, -2]], [1])])


def _scalings(net):
    return [s for s in h_symmetries(net) if s.continuous]


def _linear_quantities():
    arch = LINEAR.architecture
    mixing = Symmetry(SymmetryKind.LINEAR_MIXING, "linear rows 1, 2 of hidden layer 2", True, 2,
                      neurons=((2, 0), (2, 1)),
                      generators=(mixing_generator(arch, 2, 0, 1), mixing_generator(arch, 2, 1, 0)))
    report = conservation_laws(LINEAR, symmetries=_scalings(LINEAR) + [mixing])
    law = report.laws[-1].quantity
    return report.quantities()[:4], law, law - bias_symbol(2, 1) * bias_symbol(2, 2)


def _hidden_quantities():
    arch = HIDDEN.architecture
    hiding = Symmetry(SymmetryKind.HIDING_TRANSLATION, "column 1 hidden by rows 1, 2", True, 1,
                      generators=(bias_shift_generator(arch, 1, 0, (0, 1)),))
    report = conservation_laws(HIDDEN, symmetries=_scalings(HIDDEN) + [hiding])
    frozen = sum(sympy.Rational(v.numerator, v.denominator) * c
                 for v, c in zip(hiding.generators[0].at(HIDDEN), parameter_symbols(arch)))
    return report.quantities(), frozen


def _data(net, seed):
    x = np.round(np.random.default_rng(seed).normal(size=(40, 2)), 3)
    y = np.array([[float(v) for v in net([str(a) for a in row])] for row in x])
    return x, y + np.random.default_rng(seed + 1).normal(size=y.shape)


def _curves(expressions, run):
    coords = parameter_symbols(run.architecture)
    out = []
    for e in expressions:
        fn = sympy.lambdify([coords], e, modules="numpy")
        values = np.array([float(fn(list(th))) for th in run.thetas])
        out.append(np.abs(values - values[0]))
    return out


def main(save: bool = True) -> None:
    balance_l, law, bias_free = _linear_quantities()
    balance_h, frozen = _hidden_quantities()
    runs = {}
    print("| network | dt | displacement | max drift of the laws | drift of the non-law |")
    print("|---|---|---|---|---|")
    for dt in (4e-3, 2e-3, 1e-3):
        xl, yl = _data(LINEAR, 0)
        xh, yh = _data(HIDDEN, 2)
        rl = gradient_flow(LINEAR, xl, yl, t_end=1.0, dt=dt, samples=200)
        rh = gradient_flow(HIDDEN, xh, yh, t_end=1.0, dt=dt, samples=200)
        runs[dt] = (rl, rh)
        cl = _curves(list(balance_l) + [law, bias_free], rl)
        ch = _curves(list(balance_h) + [frozen], rh)
        print(f"| two linear rows | {dt:g} | {rl.displacement:.3f} | {max(c.max() for c in cl[:-1]):.1e} "
              f"| {cl[-1].max():.1e} (bias-free variant) |")
        print(f"| hidden column | {dt:g} | {rh.displacement:.3f} | {max(c.max() for c in ch[:-1]):.1e} "
              f"| {ch[-1].max():.1e} (frozen hiding direction) |")
    if not save:
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rl, rh = runs[2e-3]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
    floor = 1e-17
    for ax, run, exprs, labels, title in (
            (axes[0], rl, list(balance_l) + [law, bias_free],
             [f"balancedness {i + 1}" for i in range(4)] + ["$(UU^T - V^TV)_{12}$ (law)",
                                                           "same without bias column"],
             "two linear rows (2-2-2-1)"),
            (axes[1], rh, list(balance_h) + [frozen],
             [f"balancedness {i + 1}" for i in range(4)] + [r"$\langle V_h(\theta_0), \theta\rangle$ (hiding)"],
             "column 1 hidden by both rows (2-2-2-1)")):
        for curve, label in zip(_curves(exprs, run), labels):
            style = "--" if "without" in label or "hiding" in label else "-"
            ax.semilogy(run.times, np.maximum(curve, floor), style, label=label)
        ax.set_title(title)
        ax.set_xlabel("flow time t (RK4, dt = 0.002)")
        ax.legend(fontsize=7, loc="center right")
    axes[0].set_ylabel(r"$|Q(\theta_t) - Q(\theta_0)|$")
    fig.tight_layout()
    fig.savefig("docs/figures/conservation_drifts.png", dpi=110)
    print("wrote docs/figures/conservation_drifts.png")


if __name__ == "__main__":
    main(save="--no-plot" not in sys.argv)
