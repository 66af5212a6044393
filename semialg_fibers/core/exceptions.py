"""The one exceptions module of semialg_fibers.

Every error subclasses the matching builtin so that callers can catch
``ValueError`` or ``TypeError`` as usual, and every message says what was
expected, what arrived and where.
"""

__all__ = [
    "SemialgFibersError",
    "InexactInputError",
    "InexactOutputError",
    "MalformedNetworkError",
    "ShapeError",
    "InputLimitError",
    "DomainError",
    "NotDecidedError",
    "InternalCheckError",
]


class SemialgFibersError(Exception):
    """Base class of every error raised by semialg_fibers."""


class InexactInputError(SemialgFibersError, TypeError):
    """A Python float (or other inexact number) reached an exact constructor."""


class InexactOutputError(SemialgFibersError, ValueError):
    """An exact value cannot be written exactly in the requested floating-point type (export to PyTorch)."""


class MalformedNetworkError(SemialgFibersError, ValueError):
    """Input that cannot describe a network: bad numbers, bad JSON, bad layer types."""


class ShapeError(MalformedNetworkError):
    """Ragged, empty or mismatched shapes of weights, biases or inputs."""


class InputLimitError(MalformedNetworkError):
    """Input beyond a limit of :class:`~semialg_fibers.limits.InputLimits` (file size, nesting, digits, ...).

    The message names the limit, so that a caller who trusts the input can raise it.
    """


class DomainError(SemialgFibersError, ValueError):
    """An empty, malformed or dimension-mismatched input domain."""


class NotDecidedError(SemialgFibersError, ValueError):
    """The question is outside the scope an algorithm can decide; the message says why."""


class InternalCheckError(SemialgFibersError, AssertionError):
    """Two independent computations inside the library disagreed (a bug, please report)."""


# Every error is public as ``semialg_fibers.<Name>``: tracebacks and pickles name that path, not the module layout.
for _error in (SemialgFibersError, InexactInputError, InexactOutputError, MalformedNetworkError, ShapeError,
               InputLimitError, DomainError, NotDecidedError, InternalCheckError):
    _error.__module__ = "semialg_fibers"
del _error
