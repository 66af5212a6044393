"""Steps that used to run without a progress update now report counts as they go.

Each case runs a step that froze the command line's bars (``laws``: the
symmetries and their laws; ``latex``: the analyses and the writing of the
document; ``fd``/``identify``: the orbit tangent before the first region)
with a reporter at interval 0, which receives every step, so that the
assertions are on counts and never on times: the counts of a task increase,
there are many of them, and the last equals a total computed here another
way (the hidden neurons, the generators, the components of the fiber).
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from semialg_fibers import Network, SearchLimits
from semialg_fibers.conservation import conservation_laws
from semialg_fibers.core.progress import reporting
from semialg_fibers.core.symmetries import h_symmetries

REAL = Path(__file__).resolve().parents[2] / "semialg_fibers" / "data" / "real_networks"

pytestmark = pytest.mark.timeout(600)


def _counts(updates, name: str) -> list[int]:
    """The counts reported by the task ``name`` (one run of it), in order; its last report must be final."""
    mine = [u for u in updates if u.task == name]
    assert mine, f"no update of {name!r}; tasks seen: {sorted({u.task for u in updates})}"
    assert len({u.ident for u in mine}) == 1, f"{name!r} ran more than once"
    assert mine[-1].finished and not any(u.finished for u in mine[:-1])
    counts = [u.done for u in mine]
    assert counts == sorted(counts), f"{name!r} went backwards: {counts}"
    return counts


def _wide(hidden: int, seed: int = 3) -> Network:
    """A 3-hidden-1 network with distinct nonzero rational weights (every scaling acts)."""
    rng = random.Random(seed)

    def entry():
        return Fraction(rng.choice([-1, 1]) * rng.randint(1, 9), rng.randint(1, 4))

    return Network.from_layers([([[entry() for _ in range(3)] for _ in range(hidden)], [entry() for _ in range(hidden)]),
                                ([[entry() for _ in range(hidden)]], [entry()])])


def test_laws_report_per_neuron_and_per_generator():
    net = _wide(24)
    updates = []
    with reporting(updates.append, interval=0):
        report = conservation_laws(net)
        text = report.text()
    assert "conserved" in text
    neurons = _counts(updates, "symmetries of H")
    assert len(set(neurons)) > 10 and neurons[-1] == sum(net.hidden_widths) == 24
    steps = _counts(updates, "conservation laws")
    # two steps per generator: its conversion and one combination (the law's own generators, counted here)
    generators = sum(len(law.symmetry.generators) for law in report.laws)
    assert len(set(steps)) > 10 and steps[-1] == 2 * generators
    written = _counts(updates, "writing the laws")
    assert written[-1] == len(report.laws) > 10


def test_latex_of_mnist_reports_every_analysis_and_every_equation():
    """The case of the issue: ``latex`` on 784-2-1 showed 00:00 for 24 s."""
    from semialg_fibers.render.latex import document
    from semialg_fibers.render.report import network_report

    net = Network.from_json((REAL / "chen2024_mnist0vs1_784-2-1_victim.json").read_text(encoding="utf-8"))
    updates = []
    with reporting(updates.append, interval=0):
        report = network_report(net)
        text = document(report, summary=False)
    assert text.startswith("\\documentclass")
    analyses = [u for u in updates if u.task == "analyses"]
    assert [u.note for u in analyses][:4] == ["fiber", "identifiability", "symmetries", "conservation laws"]
    assert _counts(updates, "analyses")[-1] == 4
    assert _counts(updates, "LaTeX: components")[-1] == len(report.fiber.components)
    # the equations of the components: many steps each, the last count their number
    equations = [u for u in updates if u.task.startswith("LaTeX: ") and u.unit == "equations" and u.finished]
    assert equations and max(u.done for u in equations) > 100
    for u in equations:
        assert u.done == u.total
    (component,) = report.fiber.components
    # the orbit form is checked coordinate by coordinate; the implicit equations are written one by one
    assert _counts(updates, "LaTeX: checking the orbit form")[-1] == 2 * net.num_parameters == 2 * 1573
    assert _counts(updates, "LaTeX: constraints")[-1] == len(component.implicit.constraints) > 1000
    assert len(set(_counts(updates, "LaTeX: laying out equations"))) > 1000


def test_functional_dimension_of_acas_reaches_its_regions():
    """On ACAS Xu the orbit tangent's rank (300 x 13305) held the GIL for minutes before any region was reported."""
    from semialg_fibers.general.functional import functional_dimension, orbit_tangent, tangent_rank

    net = Network.from_json((REAL / "acasxu_v2a_1_1_5-50x6-5.json").read_text(encoding="utf-8"))
    tangent = orbit_tangent(net)
    # every hidden neuron's bias is nonzero: each scaling has a coordinate of its own, so the rank is 300
    assert all(layer_bias != 0 for layer in net.layers[:-1] for layer_bias in layer.bias)
    assert tangent_rank(tangent, net.num_parameters) == len(tangent) == sum(net.hidden_widths) == 300
    assert len(h_symmetries(net)) == 300 + 6  # a scaling per neuron, a permutation group per layer
    updates = []

    class Enough(Exception):
        pass

    def stop_after_five(update):  # the run is stopped by counts: five inputs of the random stage reported
        updates.append(update)
        if update.task == "functional dimension" and len({u.done for u in updates if u.task == update.task}) >= 5:
            raise Enough

    # the default limits refuse ACAS Xu before any work (elimination_work): lifted here to see the stage report
    unbounded = SearchLimits(jacobian_entries=None, elimination_work=None)
    with reporting(stop_after_five, interval=0), pytest.raises(Enough):
        functional_dimension(net, limits=unbounded)
    assert [u.done for u in updates if u.task == "functional dimension" and not u.finished] == [1, 2, 3, 4, 5]


def test_mechanisms_report_every_neuron_and_pair():
    """1-n-1 with identical neurons: every pair is a parallel pair checked by the oracle (silent before)."""
    from math import comb

    from semialg_fibers.general.mechanisms import mechanisms

    width = 12
    net = Network.from_layers([([[1]] * width, [0] * width), ([[1] * width], [0])])
    updates = []
    with reporting(updates.append, interval=0):
        found = mechanisms(net)
    assert sum(m.kind == "parallel pair" for m in found) == comb(width, 2)
    counts = _counts(updates, "mechanisms")
    assert len(set(counts)) > 10 and counts[-1] == width + comb(width, 2)
