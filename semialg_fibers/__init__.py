"""semialg_fibers: exact, symbolic fibers of ReLU neural networks.

The fiber of a parameter ``theta`` is the set of all parameters of the same
architecture that realize the same function.  See ``docs/index.md``.
"""

from .exceptions import (
    DomainError,
    InexactInputError,
    InternalCheckError,
    MalformedNetworkError,
    NotDecidedError,
    SemialgFibersError,
    ShapeError,
)
from .network import Layer, Network

__version__ = "0.1.0"

__all__ = [
    "Network",
    "Layer",
    "SemialgFibersError",
    "InexactInputError",
    "MalformedNetworkError",
    "ShapeError",
    "DomainError",
    "NotDecidedError",
    "InternalCheckError",
    "__version__",
]
