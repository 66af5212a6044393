"""The count's ranks modulo a prime and its values of whole bracket levels at the network (from first and second
derivatives of the generators) against the exact path: bracket polynomials over Q, signatures and ranks over Q."""

import random
from fractions import Fraction

import pytest

from semialg_fibers import Network
from semialg_fibers.conservation import count as count_module
from semialg_fibers.conservation import number_of_conserved_functions
from semialg_fibers.core import linalg
from semialg_fibers.core.limits import UNLIMITED

F = Fraction


class _OverQ(count_module._Jets):
    """No reduction modulo the prime: the count takes the exact path (the computation before the look-ahead)."""

    def __init__(self, points, modulus=linalg.PRIME):
        super().__init__(points, modulus)
        self.points = None


def _case(arch, seed, positive=False):
    rng = random.Random(seed)

    def number():
        v = F(rng.randint(1, 9), rng.randint(1, 5))
        return v if positive else v * rng.choice((-1, 1))

    net = Network.from_layers([([[number() for _ in range(a)] for _ in range(b)], [number() for _ in range(b)])
                               for a, b in zip(arch, arch[1:])])
    data = [[number() if positive else F(rng.randint(-40, 40), rng.choice((7, 11, 13))) for _ in range(arch[0])]
            for _ in range(arch[0] + 3)]
    return net, data


def _absorbed(arch, seed):
    """The network of ``_case``, its parameter ring's generators and the absorbed basis of its first generators."""
    from semialg_fibers.conservation import fields as Fd
    from semialg_fibers.conservation.pattern import activation_pattern

    net, data = _case(arch, seed)
    pattern = activation_pattern(net, data)
    _, gens = Fd.polynomial_ring(net.architecture)
    generators = [g for g in (Fd.gradient(f, gens) for outs in pattern.outputs for f in outs)
                  if not Fd.is_zero_field(g)]
    basis = count_module._Basis(net.parameters())
    return net, gens, basis, basis.absorb(generators)


CASES = [((2, 3, 2), 1, False), ((2, 2, 2, 1), 2, False), ((3, 2, 2, 1), 3, False), ((2, 2, 2, 2), 4, True),
         ((1, 2, 2, 1), 5, False), ((2, 3, 1), 6, True), ((2, 2, 1, 2), 7, False)]


@pytest.mark.parametrize("arch, seed, positive", CASES)
def test_counts_modulo_p_agree_with_the_exact_path(monkeypatch, arch, seed, positive):
    net, data = _case(arch, seed, positive)
    try:
        fast = number_of_conserved_functions(net, data, limits=UNLIMITED)
    except count_module.NotDecidedError:
        pytest.skip("a training input on a kink")
    monkeypatch.setattr(count_module, "_Jets", _OverQ)
    exact = number_of_conserved_functions(net, data, limits=UNLIMITED)
    assert (fast.count, fast.lie_dimension) == (exact.count, exact.lie_dimension)
    assert fast.ranks[0] == exact.ranks[0] and fast.ranks[-1] == exact.ranks[-1]
    if positive:  # every neuron active on every input: the layers' matrix laws U U^T - V^T V, all of them
        assert fast.count == sum(n * (n + 1) // 2 for n in arch[1:-1])


def test_a_prime_in_a_denominator_falls_back_to_the_exact_path():
    net, data = _case((2, 3, 2), 1)
    layers = [(l.weight, l.bias) for l in net.layers]
    w = [list(r) for r in layers[0][0]]
    w[0][0] = w[0][0] + F(1, linalg.PRIME)  # the network's entries no longer reduce modulo the prime
    moved = Network.from_layers([(w, layers[0][1])] + layers[1:])
    basis = count_module._Basis(moved.parameters())
    assert not basis.modular
    assert number_of_conserved_functions(moved, data).count == number_of_conserved_functions(net, data).count


def test_the_two_level_values_are_the_values_of_the_bracket_polynomials():
    """Level-2 values at the network from derivatives of the generators against brackets built as polynomials and
    evaluated exactly (then reduced)."""
    from semialg_fibers.conservation import fields as Fd

    net, gens, basis, base = _absorbed((2, 2, 2, 1), 2)
    first, second = count_module._two_level_rank(basis, base, base, 1)
    point = net.parameters()
    level1 = [Fd.bracket(x, y, gens) for i, x in enumerate(base) for y in base[i + 1:]]
    level2 = [Fd.bracket(x, z, gens) for x in base for z in level1]
    values = [[linalg.reduce_mod(v, linalg.PRIME) for v in row] for row in Fd.values_at(base + level1, point)]
    assert first == len(linalg.rref_mod(values, len(point)))
    values += [[linalg.reduce_mod(v, linalg.PRIME) for v in row] for row in Fd.values_at(level2, point)]
    assert second == len(linalg.rref_mod(values, len(point)))
    assert second == linalg.rank(Fd.values_at(base + level1 + level2, point), len(point))


def test_the_two_level_values_from_a_bracket_level_are_those_of_the_bracket_polynomials():
    """The same from a frontier of level-1 bracket polynomials: levels 2 and 3 at the network against brackets built
    as polynomials and evaluated exactly."""
    from semialg_fibers.conservation import fields as Fd

    net, gens, basis, base = _absorbed((1, 2, 1, 1), 3)
    level1 = [z for z in (Fd.bracket(x, y, gens) for i, x in enumerate(base) for y in base[i + 1:])
              if not Fd.is_zero_field(z)]
    frontier = basis.absorb(level1)
    assert frontier
    first, second = count_module._two_level_rank(basis, base, frontier, 2)
    point = net.parameters()
    level2 = [Fd.bracket(x, y, gens) for x in base for y in frontier if x is not y]
    level3 = [Fd.bracket(x, z, gens) for x in base for z in level2]
    kept = basis.kept
    assert first == linalg.rank(Fd.values_at(kept + level2, point), len(point))
    assert second == linalg.rank(Fd.values_at(kept + level2 + level3, point), len(point))


def test_bracket_polynomials_are_charged_by_their_terms(monkeypatch):
    """The exact path on a pair that needs a bracket level: within a budget of brackets it is certified, and the same
    budget refuses it (limit brackets, exit 3 on the command line) once each term of a bracket costs a bracket."""
    from semialg_fibers.core.exceptions import LimitReachedError
    from semialg_fibers.core.limits import SearchLimits

    net, data = _case((2, 2, 2, 1), 2)
    monkeypatch.setattr(count_module, "_Jets", _OverQ)
    limits = SearchLimits(brackets=200)
    assert number_of_conserved_functions(net, data, limits=limits).count == 10
    monkeypatch.setattr(count_module, "_TERMS", 1)
    with pytest.raises(LimitReachedError, match="one more per 1 terms of a bracket") as refused:
        number_of_conserved_functions(net, data, limits=limits)
    assert refused.value.limit == "brackets"
