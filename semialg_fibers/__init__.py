"""semialg_fibers: exact, symbolic fibers of ReLU neural networks.

The fiber of a parameter ``theta`` is the set of all parameters of the same
architecture that realize the same function.  See ``docs/index.md``.
"""

from .exceptions import (
    DomainError,
    InexactInputError,
    InputLimitError,
    InternalCheckError,
    MalformedNetworkError,
    NotDecidedError,
    SemialgFibersError,
    ShapeError,
)
from . import conservation, examples, onelayer, orthant, progress, shallow, symmetries, three_layer
from .api import equivalent, fiber, fiber_dimension
from .identifiability import IdentifiabilityResult, is_identifiable
from .components import Fiber, FiberComponent
from .conservation import conservation_laws, number_of_conserved_functions
from .limits import InputLimits, SearchLimits
from .network import Layer, Network
from .nonnegative_rank import NonnegativeFactorization, factorization_dimension, nonnegative_column_rank
from .results import EquivalenceResult
from .semialgebraic import BasicSet, SemialgebraicSet, constraint, union
from .symbols import auxiliary_symbols, parameter_symbols
from .tangent import TangentCertificate, tangent_certificate

__version__ = "0.1.0"

__all__ = [
    "Network",
    "Layer",
    "SearchLimits",
    "InputLimits",
    "EquivalenceResult",
    "Fiber",
    "FiberComponent",
    "BasicSet",
    "SemialgebraicSet",
    "constraint",
    "union",
    "parameter_symbols",
    "auxiliary_symbols",
    "TangentCertificate",
    "tangent_certificate",
    "NonnegativeFactorization",
    "nonnegative_column_rank",
    "factorization_dimension",
    "SemialgFibersError",
    "InexactInputError",
    "InputLimitError",
    "MalformedNetworkError",
    "ShapeError",
    "DomainError",
    "NotDecidedError",
    "InternalCheckError",
    "equivalent",
    "fiber",
    "fiber_dimension",
    "conservation_laws",
    "number_of_conserved_functions",
    "conservation",
    "is_identifiable",
    "IdentifiabilityResult",
    "examples",
    "onelayer",
    "orthant",
    "progress",
    "shallow",
    "symmetries",
    "three_layer",
    "__version__",
]
