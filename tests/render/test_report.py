"""network_report: every section present, with a value or a note saying why not."""

from __future__ import annotations

from semialg_fibers import Network, examples
from semialg_fibers.core.symmetries import Symmetry
from semialg_fibers.render.report import network_report


def test_shallow_report_has_fiber_identifiability_and_symmetries():
    rep = network_report(examples.spec_identity_example())
    assert rep.fiber.dimension == 3 and rep.fiber_note == ""
    ident, syms, laws = rep.sections
    assert "larger than the orbit" in ident.note and not ident.value and ident.value.witness is not None
    assert all(isinstance(s, Symmetry) for s in syms.value)
    assert laws.value is not None or "not available" in laws.note


def test_generic_shallow_network_is_identifiable():
    rep = network_report(Network.from_layers([([[1], [-1]], [0, 0]), ([[1, 1]], [0])]))
    assert "identifiable" in rep.sections[0].note and rep.sections[0].value


def test_deep_network_gets_notes_not_errors():
    rep = network_report(examples.real_network("nnequiv_bitvec_2_3_10-15-15-2"))  # n1 > d: no bottleneck
    assert rep.fiber is None and rep.fiber_note.startswith("The fiber is not computed:")
    text = rep.latex()
    assert r"\section{Identifiability}" in text and r"\section{Conservation laws}" in text


def test_three_layer_fiber_comes_with_its_status():
    proven = network_report(examples.real_network("nnequiv_bitvec_2_1_10-5-5-2"), certify=False)
    assert proven.fiber is not None and proven.fiber.proven and "Corollary 7.5" in proven.fiber_note
    chen = network_report(examples.real_network("chen2024_untrained_32-2-2-1_victim"), certify=False)
    assert chen.fiber is not None and chen.fiber.proven and "Corollary 7.5" in chen.fiber_note  # b2 < 0
    # G8 fails (1 * 2 - 2 * 1 = 0): outside Corollary 7.5
    net = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])])
    rep = network_report(net, certify=False, allow_conjecture=True)
    assert rep.fiber is not None and "if a conjecture holds" in rep.fiber_note
    assert "Conjecture 10.6" in rep.latex()
    strict = network_report(net, certify=False)  # by default a conjectural fiber is not listed
    assert strict.fiber is None and "The fiber is not computed" in strict.fiber_note
    assert "allow_conjecture" in strict.fiber_note


def test_limit_is_reported():
    rep = network_report(examples.hidden_symmetry_example(), limit=2, certify=False)
    assert len(rep.fiber) == 2 and "5 more exist" in rep.fiber_note


def test_orthant_report():
    rep = network_report(Network.from_layers([([[1, -1]], [0]), ([[1]], [0])]), domain="orthant")
    assert rep.fiber is not None and "read off the fiber" in rep.sections[0].note
    assert r"\section{The fiber on the orthant}" in rep.latex()
