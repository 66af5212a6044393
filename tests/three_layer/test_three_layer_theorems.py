"""The table of theorems: consulted in order it reproduces the cascade of branches it replaced, every row is
reached, the refusals keep their reasons, and results resting on a conjecture raise ConjectureError."""

import random

import pytest
from strategies import pattern_multisets, with_pattern

from semialg_fibers import ConjectureError, InternalCheckError, Network, NotDecidedError
from semialg_fibers.core.components import FiberStatus
from semialg_fibers.three_layer import (
    all_linear_theorem,
    dead_rows_theorem,
    genericity,
    hidden_column_theorem,
    is_identifiable,
    linear_rows_theorem,
    one_hiding_row_theorem,
    rigidity,
    row_types,
)
from semialg_fibers.three_layer.dimension import fiber_dimension
from semialg_fibers.three_layer.families import first_layer_families
from semialg_fibers.three_layer.fiber import basis_latex, completeness, family_patterns, fiber
from semialg_fibers.three_layer.first_layer import has_full_row_rank
from semialg_fibers.three_layer.genericity import masked_sums
from semialg_fibers.three_layer.theorems import CONJECTURE, THEOREMS, theorem_of

I2 = ([[1, 0], [0, 1]], [0, 0])
I5 = ([[int(r == c) for c in range(5)] for r in range(5)], [0] * 5)

# one network per row and per refusal, beyond the random sign patterns
EXAMPLES = [
    Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])]),  # n1 = 1: the ramp
    Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])]),  # n2 = 1
    Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, 2]], [1])]),  # 7.1
    Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, -2]), ([[3, 1]], [1])]),  # 10.8
    Network.from_layers([I5, ([[3, -1, -2, -5, -4], [-1] * 5], [-2, -7]), ([[2, 7]], [0])]),  # 10.12
    Network.from_layers([I2, ([[2, 1], [-1, 1], [1, 3]], [1, 2, 5]), ([[1, 2, -3]], [0])]),  # 10.9
    Network.from_layers([I2, ([[-2, -1], [-1, -3], [-1, -1]], [1, 2, -1]), ([[3, 1, 5]], [1])]),  # 10.10
    Network.from_layers([I2, ([[1, 2], [3, 1], [-1, -1]], [1, 2, -3]), ([[1, 1, 4]], [0])]),  # 10.11
    Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])]),  # 10.6
    Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[-2, 3], [-1, -1]], [4, -1]), ([[5, 1]], [1])]),  # spare
    Network.from_layers([([[1, 2], [-1, 1]], [0, 0]), ([[2, -1], [4, 3]], [-1, -2]), ([[3, 1]], [1])]),  # G4
]


def _cascade(net):
    """The citation that decides ``net``, or the words of the refusal, by the chain of branches the table replaced."""
    _, n1, n2, _ = net.architecture
    if n1 == 1:
        return "Theorem 10.2"
    if not genericity(net):
        return "outside the generic set"
    if n2 == 1:
        return "Theorem 10.4"
    for check, citation in ((rigidity, "Corollary 7.5"), (hidden_column_theorem, "Theorem 10.8"),
                            (one_hiding_row_theorem, "Theorem 10.12"), (linear_rows_theorem, "Theorem 10.9"),
                            (dead_rows_theorem, "Theorem 10.10"), (all_linear_theorem, "Theorem 10.11")):
        if check(net):
            return citation
    shared = family_patterns(first_layer_families(net)[0], n2)
    if any(roles.dead or roles.zero_output or roles.silent for roles, _ in shared):
        return "spare second-layer rows"
    if any(str(t.kind) == "linear" for t in row_types(net)):
        return "linear rows outside Theorems 10.9-10.11"
    return "Conjecture 10.6"


def _networks():
    rng = random.Random(61)
    nets = list(EXAMPLES)
    for n1, n2, d in ((1, 2, 1), (2, 1, 2), (2, 2, 2)):
        nets += [with_pattern(rng, patterns, d=d) for patterns in pattern_multisets(n1, n2)]
    return nets


def test_the_table_in_order_reproduces_the_cascade():
    reached = set()
    for net in _networks():
        if not has_full_row_rank(net):
            continue
        try:
            decided = completeness(net)
        except NotDecidedError as exc:
            if "f is constant" in str(exc):
                continue  # the scope, checked before the table
            expected = _cascade(net)
            assert expected in str(exc) and not expected.startswith(("Theorem", "Corollary", "Conjecture")), (
                net.parameters(), str(exc))
            reached.add(expected)
            continue
        row = theorem_of(decided.basis)
        assert row is not None and row.citation == _cascade(net), (net.parameters(), decided.basis)
        assert decided.status == row.status and decided.basis == row.statement
        reached.add(row.citation)
    assert {t.citation for t in THEOREMS} <= reached
    assert {"spare second-layer rows", "outside the generic set"} <= reached


def test_every_row_names_its_citation_in_both_statements():
    assert len({t.citation for t in THEOREMS}) == len(THEOREMS) and THEOREMS[-1] is CONJECTURE
    for t in THEOREMS:
        assert t.citation in t.statement and t.citation in t.latex
        assert basis_latex(t.statement) == t.latex and theorem_of(t.statement) is t
        assert (t.status == FiberStatus.CONJECTURE) == t.citation.startswith("Conjecture")
    assert basis_latex("not proven complete: spare rows") is None


def test_the_family_checks_reject_other_lists():
    """Each row's check of the listed families refuses the families another row predicts."""
    by_citation = {t.citation: t for t in THEOREMS}
    rigid, hidden, linear = EXAMPLES[2], EXAMPLES[3], EXAMPLES[5]
    hidden_families = first_layer_families(hidden)
    linear_families = first_layer_families(linear)
    assert [str(f.kind) for f in linear_families] == ["orbit", "translated visible neuron"]
    with pytest.raises(InternalCheckError, match="Corollary 7.5 applies"):
        by_citation["Corollary 7.5"].families(rigid, linear_families)
    with pytest.raises(InternalCheckError, match="Theorem 10.8 applies"):
        by_citation["Theorem 10.8"].families(hidden, linear_families)
    with pytest.raises(InternalCheckError, match="Theorem 10.12 applies"):
        by_citation["Theorem 10.12"].families(hidden, linear_families)
    with pytest.raises(InternalCheckError, match="Theorem 10.9 applies but 1 families were listed instead of 2"):
        by_citation["Theorem 10.9"].families(linear, linear_families[:1])
    with pytest.raises(InternalCheckError, match="Theorem 10.10 applies"):
        by_citation["Theorem 10.10"].families(linear, hidden_families)
    # the lists they predict pass
    by_citation["Theorem 10.8"].families(hidden, hidden_families)
    by_citation["Theorem 10.9"].families(linear, linear_families)


def test_results_resting_on_a_conjecture_raise_conjecture_error():
    net = EXAMPLES[8]
    assert not masked_sums(net)  # G8 fails: no theorem applies, the conjecture does
    for call in (fiber, fiber_dimension):
        with pytest.raises(ConjectureError, match="Conjecture 10.6.*allow_conjecture") as info:
            call(net)
        assert info.value.conjecture == "Conjecture 10.6" and isinstance(info.value, NotDecidedError)
    assert fiber(net, allow_conjecture=True).status == FiberStatus.CONJECTURE
    with pytest.raises(ConjectureError, match="Conjecture V.*allow_conjecture") as info:
        is_identifiable(net)
    assert info.value.conjecture == "Conjecture V"
    assert is_identifiable(net, allow_conjecture=True).proven is False
    # refusals that rest on no conjecture stay plain NotDecidedError
    with pytest.raises(NotDecidedError, match="spare second-layer rows") as info:
        fiber(EXAMPLES[9])
    assert not isinstance(info.value, ConjectureError)
