"""Shallow ReLU networks on R^m: canonical data, equivalence, minimal form, fiber (SPEC section 3).

The theory behind every function here is in ``docs/theory/shallow.md``; the
user guide is ``docs/shallow.md``.
"""

from .canonical import CanonicalData, NeuronInfo, NeuronKind, VisibleLine, canonical_data, neuron_infos
from .equivalence import equivalent
from .fiber import StratumPattern, fiber, implicit_form
from .genericity import GenericityReport, Mechanism, is_generic
from .minimal import MinimalChoice, canonical_form, minimal_choice, minimal_width, own_choice
from .roles import RolePattern, fiber_dimension, piece_dimension, role_patterns
from .stabilizer import Stabilizer, StabilizerElement, stabilizer
from .continuous import continuous_symmetries

__all__ = [
    "continuous_symmetries",
    "CanonicalData",
    "NeuronInfo",
    "NeuronKind",
    "VisibleLine",
    "canonical_data",
    "neuron_infos",
    "equivalent",
    "MinimalChoice",
    "minimal_choice",
    "minimal_width",
    "own_choice",
    "canonical_form",
    "RolePattern",
    "StratumPattern",
    "role_patterns",
    "piece_dimension",
    "fiber_dimension",
    "fiber",
    "implicit_form",
    "Stabilizer",
    "StabilizerElement",
    "stabilizer",
    "Mechanism",
    "GenericityReport",
    "is_generic",
]
