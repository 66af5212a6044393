"""Membership of a network in the copies of a fiber component: assign its neurons to the component's slots.

A component of a one-hidden-layer fiber lists its neurons in a representative
order of *slots* (on visible line ``u`` with an orientation, in group ``j``,
dead, linear, zero-output, ...); its other copies permute the neurons.  A
network lies in the union of the copies iff its neurons can be assigned
bijectively to the slots so that each neuron fits its slot and the whole
assignment passes the component's final test.  Slots with equal descriptors
are interchangeable, so each neuron tries only one of them: for the orbit
of a generic network this is a linear-time matching.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

__all__ = ["assign_slots"]


def assign_slots(count: int, slots: Sequence[Hashable], options: Callable[[int], Sequence[int]],
                 accept: Callable[[list], bool], consistent: Callable[[list], bool] | None = None) -> bool:
    """Is there a bijection from ``count`` neurons to ``slots`` that every test accepts?

    Parameters
    ----------
    count : int
        Number of neurons (must equal ``len(slots)``).
    slots : sequence of hashable descriptors
        Equal descriptors are interchangeable.
    options : callable
        ``options(i)``: the slot indices neuron ``i`` may take.
    accept : callable
        ``accept(perm)`` on a complete assignment, ``perm[slot] = neuron``.
    consistent : callable, optional
        ``consistent(perm)`` on a partial assignment (``None`` entries for free
        slots) after each step; prunes the search.

    Examples
    --------
    >>> slots = ["a", "b", "b"]
    >>> assign_slots(3, slots, lambda i: [0] if i == 2 else [1, 2], lambda perm: perm[0] == 2)
    True
    >>> assign_slots(3, slots, lambda i: [1, 2], lambda perm: True)
    False
    """
    if count != len(slots):
        return False
    perm: list = [None] * len(slots)

    def search(i: int) -> bool:
        if i == count:
            return accept(perm)
        tried = set()
        for j in options(i):
            if perm[j] is not None or slots[j] in tried:
                continue
            tried.add(slots[j])
            perm[j] = i
            if (consistent is None or consistent(perm)) and search(i + 1):
                return True
            perm[j] = None
        return False

    return search(0)
