"""semialg_fibers: exact, symbolic fibers of ReLU neural networks.

The fiber of a parameter ``theta`` is the set of all parameters of the same
architecture that realize the same function.  See ``docs/index.md``.
"""

# Importing readwrite and render plugs their converters and printers into core.hooks, where values find them.
from . import conservation, onelayer, orthant, readwrite, render, shallow, three_layer  # noqa: F401
from .api import equivalent, fiber, fiber_dimension, functional_dimension, is_identifiable, local_fiber_dimension
from .census import census  # the function; the package's other names: from semialg_fibers.census import ...
from .conservation import conservation_laws, number_of_conserved_functions
from .core import progress, symmetries
from .core.components import Fiber, FiberComponent
from .core.exceptions import (
    ConjectureError,
    DomainError,
    InexactInputError,
    InexactOutputError,
    InputLimitError,
    InternalCheckError,
    LimitReachedError,
    MalformedNetworkError,
    NoAlgorithmError,
    NotDecidedError,
    SemialgFibersError,
    ShapeError,
)
from .core.limits import InputLimits, SearchLimits
from .core.network import Layer, Network
from .core.nonnegative_rank import NonnegativeFactorization, factorization_dimension, nonnegative_column_rank
from .core.results import EquivalenceResult, IdentifiabilityResult
from .core.semialgebraic import BasicSet, SemialgebraicSet, constraint, union
from .core.symbols import auxiliary_symbols, parameter_symbols
from .core.tangent import TangentCertificate, tangent_certificate
from .core.version import __version__
from .readwrite import examples

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
    "InexactOutputError",
    "InputLimitError",
    "MalformedNetworkError",
    "ShapeError",
    "DomainError",
    "NotDecidedError",
    "NoAlgorithmError",
    "LimitReachedError",
    "ConjectureError",
    "InternalCheckError",
    "equivalent",
    "fiber",
    "fiber_dimension",
    "functional_dimension",
    "local_fiber_dimension",
    "conservation_laws",
    "number_of_conserved_functions",
    "conservation",
    "is_identifiable",
    "census",
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


# Module paths of version 0.1 (before the core / general / readwrite / render / cli layout) stay importable:
# ``import semialg_fibers.network`` and ``from semialg_fibers.oracle import equivalent`` reach the moved modules.
def _keep_old_paths() -> None:
    import importlib
    import sys
    import types

    moved = {
        "exceptions": "core.exceptions", "limits": "core.limits", "progress": "core.progress", "exact": "core.exact",
        "symbols": "core.symbols", "expressions": "core.expressions", "linalg": "core.linalg",
        "domain": "core.domain", "network": "core.network", "nonnegative_rank": "core.nonnegative_rank",
        "semialgebraic": "core.semialgebraic", "tangent": "core.tangent", "symmetries": "core.symmetries",
        "results": "core.results", "components": "core.components", "oracle": "general.oracle",
        "convert": "readwrite.convert", "reader": "readwrite.reader", "examples": "readwrite.examples",
        "latex": "render.latex", "display": "render.html", "text": "render.text", "bars": "render.bars",
        "plots": "render.plots", "report": "render.report", "conservation.render": "render.conservation",
        "conservation.command": "cli.laws", "three_layer.report": "render.three_layer",
    }
    for old, new in moved.items():
        module = importlib.import_module(f"{__name__}.{new}")
        sys.modules[f"{__name__}.{old}"] = module
        parent, _, leaf = f"{__name__}.{old}".rpartition(".")
        vars(sys.modules[parent]).setdefault(leaf, module)
    # 0.1's identifiability module held the verdict and its values; they now live in api and core.results
    identifiability = types.ModuleType(f"{__name__}.identifiability", "The 0.1 path of is_identifiable and its values.")
    vars(identifiability).update(is_identifiable=is_identifiable, IdentifiabilityResult=IdentifiabilityResult,
                                 Reason=importlib.import_module(f"{__name__}.core.results").Reason,
                                 __all__=["Reason", "IdentifiabilityResult", "is_identifiable"])
    sys.modules[identifiability.__name__] = identifiability
    globals().setdefault("identifiability", identifiability)


_keep_old_paths()
