"""The one exceptions module of semialg_fibers.

Every error subclasses the matching builtin so that callers can catch
``ValueError`` or ``TypeError`` as usual, and every message says what was
expected, what arrived and where.
"""

import copy

__all__ = [
    "SemialgFibersError",
    "InexactInputError",
    "InexactOutputError",
    "MalformedNetworkError",
    "ShapeError",
    "InputLimitError",
    "DomainError",
    "NotDecidedError",
    "NoAlgorithmError",
    "LimitReachedError",
    "ConjectureError",
    "InternalCheckError",
    "UnencodableError",
    "ArgumentError",
    "reworded",
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
    """Input beyond a limit of :class:`~semialg_fibers.core.limits.InputLimits` (file size, nesting, digits, ...).

    The message names the limit, so that a caller who trusts the input can raise it.
    """


class DomainError(SemialgFibersError, ValueError):
    """An empty, malformed or dimension-mismatched input domain."""


class NotDecidedError(SemialgFibersError, ValueError):
    """The question is not decided for this input; the message says why.

    The base of the refusals: :class:`NoAlgorithmError` (no algorithm for this
    class of networks or domain), :class:`LimitReachedError` (a search limit
    was reached) and :class:`ConjectureError` (the answer would rest on a stated
    conjecture).  Raised directly it means the input is outside the proven
    scope of an algorithm that exists (a failing genericity predicate, say).
    """


class NoAlgorithmError(NotDecidedError, NotImplementedError):
    """No algorithm of the library answers this question for this class of networks or this domain.

    Examples
    --------
    >>> issubclass(NoAlgorithmError, NotImplementedError) and issubclass(NoAlgorithmError, NotDecidedError)
    True
    """


class LimitReachedError(NotDecidedError):
    """A search stopped at a bound of :class:`~semialg_fibers.core.limits.SearchLimits` (or an explicit one).

    Attributes
    ----------
    limit : str
        The name of the limit (a field of ``SearchLimits``, e.g. ``"nodes"``).
    value : int or None
        Its value when the search stopped.

    Examples
    --------
    >>> error = LimitReachedError("more than 2 linear regions", limit="regions", value=2)
    >>> error.limit, error.value, str(error)
    ('regions', 2, 'more than 2 linear regions')
    """

    def __init__(self, message: str, *, limit: str, value=None):
        super().__init__(message)
        self.limit = limit
        self.value = value

    def __reduce__(self):
        # the keywords, then the rest of the state (notes, further attributes) as pickle restores it
        return _rebuild, (type(self), self.args, {"limit": self.limit, "value": self.value}), self.__dict__


class ConjectureError(NotDecidedError):
    """The answer would rest on a stated conjecture; pass ``allow_conjecture=True`` to obtain it, labelled.

    Attributes
    ----------
    conjecture : str
        The conjecture, as the theory pages name it (e.g. ``"Conjecture 10.6"``).
    """

    def __init__(self, message: str, *, conjecture: str):
        super().__init__(message)
        self.conjecture = conjecture

    def __reduce__(self):
        return _rebuild, (type(self), self.args, {"conjecture": self.conjecture}), self.__dict__


def _rebuild(cls, args, keywords):
    return cls(*args, **keywords)


def reworded(error: Exception, message: str) -> Exception:
    """A copy of ``error`` (same type and attributes, such as a limit's name) with another message.

    For callers that add where an error happened (a file name, an option) before re-raising it.

    >>> e = reworded(LimitReachedError("too many", limit="nodes", value=5), "a.json: too many")
    >>> type(e).__name__, str(e), e.limit
    ('LimitReachedError', 'a.json: too many', 'nodes')
    """
    copied = copy.copy(error)
    copied.args = (message,)
    return copied


class UnencodableError(SemialgFibersError, TypeError):
    """A value holds something outside the allowlist of :mod:`semialg_fibers.core.serialize` (e.g. a function)."""


class ArgumentError(SemialgFibersError, TypeError, ValueError):
    """An argument of a public function of the wrong type or outside its range (``fiber(None)``, ``limit=-1``).

    Both a ``TypeError`` and a ``ValueError``, so that a caller catching either (as before this class) still
    catches it.

    >>> issubclass(ArgumentError, TypeError) and issubclass(ArgumentError, ValueError)
    True
    """


class InternalCheckError(SemialgFibersError, AssertionError):
    """Two independent computations inside the library disagreed (a bug, please report)."""


# Every error is public as ``semialg_fibers.<Name>``: tracebacks and pickles name that path, not the module layout.
for _error in (SemialgFibersError, InexactInputError, InexactOutputError, MalformedNetworkError, ShapeError,
               InputLimitError, DomainError, NotDecidedError, NoAlgorithmError, LimitReachedError, ConjectureError,
               UnencodableError, InternalCheckError, ArgumentError):
    _error.__module__ = "semialg_fibers"
del _error
