"""The bracket levels of the count: absorbed in chunks (the same fields as one absorption of the whole level),
stopped once the bounds meet, and reported by a progress task that advances with every bracket."""

import random
from fractions import Fraction

import pytest
from strategies import random_points

from semialg_fibers import Network
from semialg_fibers.conservation import count as count_module
from semialg_fibers.conservation import number_of_conserved_functions
from semialg_fibers.core.progress import reporting
from semialg_fibers.core.symbols import weight_symbol  # noqa: F401  (the laws are in these symbols)

F = Fraction


def _cases():
    from checks import off_kinks

    rng = random.Random(2)
    nets = [Network.from_layers([([[1, 2], [-1, 1]], [0, 1]), ([[2, -1], [1, 1]], [1, -1]), ([[1, 3]], [0])]),
            Network.from_layers([([[F(rng.randint(1, 5), 3) * s for s in (1, -1)] for _ in range(3)], [1, -1, 2]),
                                 ([[1, -2, 1]], [0])])]
    return [(net, off_kinks(net, random_points(net.input_dim, 12, 4))) for net in nets]


@pytest.mark.parametrize("chunk", [1, 3])
def test_chunked_levels_give_the_count_of_one_absorption(monkeypatch, chunk):
    """Against a different computation: the same count with each level absorbed at once (a chunk larger than any
    level) and with the early stop disabled."""
    for net, data in _cases():
        monkeypatch.setattr(count_module, "_CHUNK", 10**9)
        whole = number_of_conserved_functions(net, data)
        monkeypatch.setattr(count_module, "_CHUNK", chunk)
        chunked = number_of_conserved_functions(net, data)
        assert (chunked.count, chunked.lie_dimension) == (whole.count, whole.lie_dimension)
        assert chunked.ranks[-1] == whole.ranks[-1]


def test_progress_advances_during_every_bracket_level():
    net, data = _cases()[0]
    updates = []
    with reporting(updates.append, interval=0):
        result = number_of_conserved_functions(net, data)
    levels = [u for u in updates if u.task.startswith("conserved functions:") and "bracket level" in u.task]
    if len(result.ranks) > 1:  # at least one bracket level ran (as polynomials, or its values at the network)
        assert levels and levels[-1].finished
        for name in {u.task for u in levels}:
            done = [u.done for u in levels if u.task == name and not u.finished]
            assert done == sorted(done)  # never backwards
        assert any(len({u.done for u in levels if u.task == name and not u.finished}) > 1
                   for name in {u.task for u in levels})  # it advanced inside a level
        assert levels[0].unit == "brackets"
