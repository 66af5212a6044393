"""The real-network report script runs, and its claims hold for the small bundled two-hidden-layer networks."""

import importlib.util
from pathlib import Path

import pytest

from semialg_fibers import is_identifiable
from semialg_fibers.readwrite.examples import real_network
from semialg_fibers.three_layer import genericity, hidden_hyperplanes, jacobian_upper_bound, rigidity, row_types

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "real_networks_report.py"


def _script():
    spec = importlib.util.spec_from_file_location("real_networks_report", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_report_script_lists_the_two_hidden_layer_networks_and_renders():
    script = _script()
    names = script.two_hidden_layer_names()
    assert "nnequiv_bitvec_2_1_10-5-5-2" in names and "chen2024_untrained_32-2-2-1_victim" in names
    result = script.analyse("chen2024_untrained_32-2-2-1_victim")
    text = script.render([result])
    assert "| `chen2024_untrained_32-2-2-1_victim` (32-2-2-1) |" in text and "4 (orbit 4)" in text


@pytest.mark.parametrize("name, theorem", [("chen2024_untrained_32-2-2-1_victim", "Theorem 7.2"),
                                           ("nnequiv_bitvec_2_1_10-5-5-2", "Theorem 7.1")], ids=["chen2024", "bitvec"])
def test_small_real_networks(name, theorem):
    net = real_network(name)
    assert genericity(net) and hidden_hyperplanes(net) == ()
    assert all(str(t.kind) in ("hiding", "other") for t in row_types(net))
    result = is_identifiable(net, allow_conjecture=True)
    # n1, n2 >= 2: proven in the class of Theorem 7.1 (P+), or of Theorem 7.2 (b2 of the first network has no
    # positive entry, both columns of W2 have one)
    assert result and result.proven and rigidity(net) and theorem in rigidity(net).reason
    assert theorem in result.basis and "Corollary 7.5" in result.basis
    assert jacobian_upper_bound(net) == sum(net.hidden_widths)  # locally the orbit of the scalings
