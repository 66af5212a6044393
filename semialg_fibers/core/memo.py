"""A memo of derived values on an immutable value: each structural analysis of a network computed once.

A :class:`~semialg_fibers.core.network.Network` is a frozen dataclass, so
every pure function of it (its row types, column statuses, genericity
report, ...) has one answer per network value.  :func:`cached` stores that
answer in the instance's ``__dict__`` under one private attribute, which
the frozen dataclass allows (only attribute assignment is blocked).  The
memo is no part of the value: equality, hashing and ``repr`` read the fields
only, and ``Network.__getstate__`` drops it (:func:`state_without_memo`), so
pickles and copies stay small and equal.

Rules for callers: the function must be pure (its result depends on the
value and on ``key`` only; a function that takes ``limits`` puts them in
the key), and its result immutable (tuples, frozen dataclasses), since
every later caller receives the same object.  A computation that raises
stores nothing, so the error is raised again on the next call.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["cached", "memoized", "cached_keys", "state_without_memo"]

T = TypeVar("T")

#: The one attribute that holds the memo (a dict from key to value) in an instance's ``__dict__``.
_ATTRIBUTE = "_semialg_fibers_memo"


def _memo(value) -> dict | None:
    """The memo dict of ``value`` (created on first use), or None when ``value`` cannot hold one."""
    slots = getattr(value, "__dict__", None)
    if not isinstance(slots, dict):
        return None
    return slots.setdefault(_ATTRIBUTE, {})


def cached(value, key: Hashable, compute: Callable[..., T]) -> T:
    """``compute(value)``, computed once per instance and stored under ``key`` in the memo of ``value``.

    Parameters
    ----------
    value : object
        An immutable value with a ``__dict__`` (a :class:`~semialg_fibers.core.network.Network`); other
        objects (no ``__dict__``) are not memoized and ``compute(value)`` runs every time.
    key : hashable
        Names the computation; include every other argument the result depends on (e.g. the limits).
    compute : callable
        A pure function of ``value`` returning an immutable result.

    Returns
    -------
    object
        The stored result (the same object on every call).

    Raises
    ------
    Exception
        Whatever ``compute`` raises; nothing is stored then.

    Examples
    --------
    >>> from semialg_fibers.core.network import Network
    >>> net = Network.from_layers([([[1, 2]], [0]), ([[3]], [1])])
    >>> calls = []
    >>> def total(n):
    ...     calls.append(1)
    ...     return sum(n.parameters())
    >>> cached(net, "total", total), cached(net, "total", total), len(calls)
    (Fraction(7, 1), Fraction(7, 1), 1)
    >>> net == Network.from_layers([([[1, 2]], [0]), ([[3]], [1])]), "total" in repr(net)
    (True, False)
    """
    memo = _memo(value)
    if memo is None:
        return compute(value)
    try:
        return memo[key]
    except KeyError:
        pass
    result = compute(value)
    # setdefault: if a nested computation stored the key meanwhile, every caller still gets one object
    return memo.setdefault(key, result)


def memoized(function: Callable[..., T]) -> Callable[..., T]:
    """Decorate a pure function of one value (``function(value)``) so that :func:`cached` computes it once.

    The key is the function's module and qualified name; the wrapper keeps the
    name, docstring and signature (``functools.wraps``).

    Examples
    --------
    >>> from semialg_fibers.core.network import Network
    >>> @memoized
    ... def width(net):
    ...     print("computing")
    ...     return net.architecture[1]
    >>> net = Network.from_layers([([[1, 2]], [0]), ([[3]], [1])])
    >>> width(net)
    computing
    1
    >>> width(net)
    1
    """
    key = f"{function.__module__}.{function.__qualname__}"

    @functools.wraps(function)
    def wrapper(value):
        return cached(value, key, function)
    return wrapper


def cached_keys(value) -> frozenset:
    """The keys stored in the memo of ``value`` (empty when nothing is stored): for tests and diagnostics.

    >>> from semialg_fibers.core.network import Network
    >>> net = Network.from_layers([([[1, 2]], [0]), ([[3]], [1])])
    >>> cached_keys(net)
    frozenset()
    >>> _ = cached(net, "depth", lambda n: n.depth); cached_keys(net)
    frozenset({'depth'})
    """
    slots = getattr(value, "__dict__", None)
    return frozenset(slots.get(_ATTRIBUTE, {})) if isinstance(slots, dict) else frozenset()


def state_without_memo(value) -> dict:
    """The pickle state of ``value``: its ``__dict__`` without the memo (``__getstate__`` of memoized classes).

    >>> from semialg_fibers.core.network import Network
    >>> net = Network.from_layers([([[1, 2]], [0]), ([[3]], [1])])
    >>> _ = cached(net, "depth", lambda n: n.depth)
    >>> sorted(state_without_memo(net))
    ['architecture', 'layers']
    """
    return {name: v for name, v in value.__dict__.items() if name != _ATTRIBUTE}
