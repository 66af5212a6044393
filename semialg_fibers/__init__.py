"""semialg_fibers: exact, symbolic fibers of ReLU neural networks.

The fiber of a parameter ``theta`` is the set of all parameters of the same
architecture that realize the same function.  See ``docs/index.md``.
"""

# A command imports only what it uses: the names below that need SymPy, FLINT or PPL (the algorithms) are
# imported on first use (``__getattr__``, PEP 562), the printers and the graph functions by their plug points
# when first looked up (core.hooks); the cheap values and errors now.
import importlib as _importlib
import sys as _sys

try:
    from . import readwrite  # noqa: F401  (plugs the readers and writers into core.hooks; no SymPy)
    from .core.exceptions import (
        ArgumentError,
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
    from .core.results import EquivalenceResult, IdentifiabilityResult
    from .core.version import __version__
    from .readwrite import examples
except KeyboardInterrupt:  # Ctrl-C while the program starts: one line, exit 130 (a library import: re-raised)
    from .core.startup import interrupted_at_start  # a tiny module: imported only here, after the signal

    interrupted_at_start()
    raise

#: Public name -> (module, attribute or None for the module itself), imported on first access.
_LAZY = {
    "equivalent": ("api", "equivalent"), "fiber": ("api", "fiber"), "fiber_dimension": ("api", "fiber_dimension"),
    "is_identifiable": ("api", "is_identifiable"), "api": ("api", None),
    "functional_dimension": ("api", "functional_dimension"), "local_fiber_dimension": ("api", "local_fiber_dimension"),
    "census": ("population", "census"),
    "conservation_laws": ("conservation", "conservation_laws"),
    "number_of_conserved_functions": ("conservation", "number_of_conserved_functions"),
    "progress": ("core.progress", None), "symmetries": ("core.symmetries", None),
    "Fiber": ("core.components", "Fiber"), "FiberComponent": ("core.components", "FiberComponent"),
    "NonnegativeFactorization": ("core.nonnegative_rank", "NonnegativeFactorization"),
    "factorization_dimension": ("core.nonnegative_rank", "factorization_dimension"),
    "nonnegative_column_rank": ("core.nonnegative_rank", "nonnegative_column_rank"),
    "BasicSet": ("core.semialgebraic", "BasicSet"), "SemialgebraicSet": ("core.semialgebraic", "SemialgebraicSet"),
    "constraint": ("core.semialgebraic", "constraint"), "union": ("core.semialgebraic", "union"),
    "auxiliary_symbols": ("core.symbols", "auxiliary_symbols"), "parameter_symbols": ("core.symbols", "parameter_symbols"),
    "TangentCertificate": ("core.tangent", "TangentCertificate"), "tangent_certificate": ("core.tangent", "tangent_certificate"),
    "conservation": ("conservation", None), "onelayer": ("onelayer", None), "orthant": ("orthant", None),
    "render": ("render", None), "shallow": ("shallow", None), "three_layer": ("three_layer", None),
    "general": ("general", None), "core": ("core", None), "cli": ("cli", None), "graph": ("graph", None),
    "population": ("population", None),
}


def __getattr__(name: str):
    """The public names that need the heavy dependencies, imported when first asked for (and then kept)."""
    if name in _LAZY:
        module_name, attribute = _LAZY[name]
        module = _importlib.import_module(f"{__name__}.{module_name}")
        value = module if attribute is None else getattr(module, attribute)
    elif name in _OLD_PATHS:
        value = _importlib.import_module(f"{__name__}.{_OLD_PATHS[name]}")
    elif name == "identifiability":
        value = _importlib.import_module(f"{__name__}.identifiability")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | set(__all__))



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
    "ArgumentError",
    "equivalent",
    "fiber",
    "fiber_dimension",
    "functional_dimension",
    "local_fiber_dimension",
    "census",
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


# Module paths of version 0.1 (before the core / general / readwrite / render / cli layout) stay importable:
# ``import semialg_fibers.network`` and ``from semialg_fibers.oracle import equivalent`` reach the moved modules.
# They resolve on import (a finder on sys.meta_path), so that the aliases cost nothing until a user asks for one.
_OLD_PATHS = {
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


class _OldPathLoader:
    """Loads ``semialg_fibers.<old path>`` as the module it moved to (the same object, not a copy)."""

    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec):
        module = _importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module):
        module.__spec__ = self.spec  # the import system set the alias's spec; the module keeps its own


class _OldPathFinder:
    """The finder of the 0.1 module paths (and of the 0.1 ``identifiability`` module, built from its new homes)."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        prefix = f"{__name__}."
        if not fullname.startswith(prefix):
            return None
        old = fullname[len(prefix):]
        if old == "identifiability":
            return _importlib.util.spec_from_loader(fullname, _IdentifiabilityLoader())
        if old not in _OLD_PATHS:
            return None
        return _importlib.util.spec_from_loader(fullname, _OldPathLoader(f"{__name__}.{_OLD_PATHS[old]}"))


class _IdentifiabilityLoader:
    """0.1's identifiability module held the verdict and its values; they now live in api and core.results."""

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        api = _importlib.import_module(f"{__name__}.api")
        results = _importlib.import_module(f"{__name__}.core.results")
        module.__doc__ = "The 0.1 path of is_identifiable and its values."
        vars(module).update(is_identifiable=api.is_identifiable, IdentifiabilityResult=results.IdentifiabilityResult,
                            Reason=results.Reason, __all__=["Reason", "IdentifiabilityResult", "is_identifiable"])


def _keep_old_paths() -> None:
    """Install the finder of the 0.1 module paths (once)."""
    import importlib.util  # noqa: F401  (spec_from_loader)

    if not any(isinstance(f, _OldPathFinder) for f in _sys.meta_path):
        _sys.meta_path.insert(0, _OldPathFinder())


_keep_old_paths()
