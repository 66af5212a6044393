"""The memo of structural analyses on a Network is transparent: warm and fresh networks give equal results, the
memo is no part of equality, hashing, repr or pickles, and one network is analysed once."""

import copy
import importlib
import pickle
import random

import pytest
from strategies import pattern_multisets, random_network, with_pattern

from semialg_fibers import Network, NotDecidedError
from semialg_fibers.core.memo import cached, cached_keys
from semialg_fibers.three_layer import (
    all_linear_theorem,
    column_statuses,
    dead_rows_theorem,
    genericity,
    hidden_column_theorem,
    hidden_hyperplanes,
    is_identifiable,
    linear_rows_theorem,
    one_hiding_row_theorem,
    positive_columns,
    profile,
    rigidity,
    row_type,
    row_types,
    second_layer,
)
from semialg_fibers.three_layer.dimension import dimension_result
from semialg_fibers.three_layer.fiber import completeness, fiber
from semialg_fibers.three_layer.first_layer import first_layer_rank, has_full_row_rank
from semialg_fibers.three_layer.genericity import masked_sums
from semialg_fibers.three_layer.hiding import column_status, translate

STRUCTURAL = [row_types, second_layer, column_statuses, hidden_hyperplanes, genericity, masked_sums,
              first_layer_rank, has_full_row_rank, positive_columns, rigidity, hidden_column_theorem,
              one_hiding_row_theorem, linear_rows_theorem, dead_rows_theorem, all_linear_theorem]


def _fresh(net: Network) -> Network:
    """An equal network built anew from its numbers (an empty memo)."""
    return Network.from_layers([(layer.weight, layer.bias) for layer in net.layers])


def _everything(net: Network):
    """Run the entry points that fill the memo; their outcomes (results or refusal messages)."""
    out = []
    for call in (lambda n: fiber(n, certify=False, allow_conjecture=True), completeness, dimension_result,
                 lambda n: is_identifiable(n, allow_conjecture=True)):
        try:
            out.append(call(net))
        except NotDecidedError as exc:
            out.append(str(exc))
    return out


def _networks():
    rng = random.Random(17)
    nets = [with_pattern(rng, patterns, d=2) for patterns in pattern_multisets(2, 2)]
    nets += [with_pattern(rng, patterns, d=1) for patterns in pattern_multisets(1, 2)]
    nets += [random_network(rng, (2, 2, 2, 1), -2, 2) for _ in range(10)]  # zeros and ties: degenerate cases
    return nets


def test_warm_and_fresh_networks_give_equal_results():
    for net in _networks():
        warm = _everything(net)
        assert cached_keys(net)
        again = _everything(net)  # from the memo
        cold = _everything(_fresh(net))  # computed anew
        assert warm == cold == again, net.parameters()
        for function in STRUCTURAL:
            assert function(net) == function(_fresh(net)), (function.__name__, net.parameters())
        n1, n2 = net.architecture[1:3]
        assert [row_type(net, j) for j in range(n2)] == list(row_types(_fresh(net)))
        assert [column_status(net, i) for i in range(n1)] == list(column_statuses(_fresh(net)))
        if n1 == 1:
            assert profile(net) == profile(_fresh(net)) == profile(_fresh(net), [1, 2])


def test_the_memo_is_no_part_of_the_value():
    net = with_pattern(random.Random(3), ("+--", "-+-"), d=2)
    cold = _fresh(net)
    _everything(net)
    assert cached_keys(net) and not cached_keys(cold)
    assert net == cold and hash(net) == hash(cold) and repr(net) == repr(cold) and len({net, cold}) == 1
    assert pickle.dumps(net) == pickle.dumps(cold)  # the memo is dropped: pickles stay small and equal
    for back in (pickle.loads(pickle.dumps(net)), copy.deepcopy(net), copy.copy(net)):
        assert back == net and hash(back) == hash(net) and not cached_keys(back)
        assert row_types(back) == row_types(net)


def test_distinct_networks_keep_distinct_memos():
    """A move builds another network: its analyses are its own, not the original's."""
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, -2]), ([[3, 1]], [1])])
    moved = translate(net, 0, 5)
    assert hidden_hyperplanes(net)[0].lower != hidden_hyperplanes(moved)[0].lower
    assert hidden_hyperplanes(moved) == hidden_hyperplanes(_fresh(moved))
    assert second_layer(net) != second_layer(moved)


def test_a_failing_computation_stores_nothing():
    calls = []

    def fails(n):
        calls.append(n)
        raise NotDecidedError("not now")

    net = Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])])
    for _ in range(2):
        with pytest.raises(NotDecidedError):
            cached(net, "fails", fails)
    assert len(calls) == 2 and "fails" not in cached_keys(net)
    assert cached([1, 2], "length", len) == 2  # no __dict__: computed, not stored


@pytest.mark.parametrize("layers", [
    [([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, 3]], [1, -1]), ([[1, -2]], [1])],  # Conjecture 10.6
    [([[1, 0], [0, 1]], [0, 0]), ([[-2, -1], [-1, -3], [-1, -1]], [1, 2, -1]), ([[3, 1, 5]], [1])],  # 10.10
    [([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1], [1, -3]], [-1, -2]), ([[3, 1]], [1])],  # 10.8
], ids=["conjecture", "dead rows", "hidden column"])
def test_one_network_is_analysed_once(layers, monkeypatch):
    """The row types, column statuses and genericity report of the network are computed once through fiber and
    is_identifiable (each used to be recomputed from ten to forty times)."""
    # the package exports functions named like some of its modules: take the modules themselves
    genericity_module = importlib.import_module("semialg_fibers.three_layer.genericity")
    hiding_module = importlib.import_module("semialg_fibers.three_layer.hiding")
    rows_module = importlib.import_module("semialg_fibers.three_layer.rows")

    net = Network.from_layers(layers)
    counts = {"rows": 0, "columns": 0, "g1": 0}

    def counting(module, name, key):
        original = getattr(module, name)

        def wrapper(n, *args):
            counts[key] += n is net
            return original(n, *args)
        monkeypatch.setattr(module, name, wrapper)

    counting(rows_module, "_row_type", "rows")
    counting(hiding_module, "_column_status", "columns")
    counting(genericity_module, "_g1", "g1")
    fiber(net, allow_conjecture=True, certify=False)
    is_identifiable(net, allow_conjecture=True)
    _, n1, n2, _ = net.architecture
    assert counts == {"rows": n2, "columns": n1, "g1": 1}
