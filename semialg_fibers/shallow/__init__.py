"""Shallow ReLU networks on R^m: canonical data, equivalence, minimal form, fiber.

The modules follow the data flow: :mod:`.canonical` (the canonical data of the
function), :mod:`.equivalence`, :mod:`.minimal` (minimal width, canonical form),
:mod:`.patterns` (role patterns and piece dimensions), :mod:`.components` (one
component per pattern), :mod:`.fiber` (the union), :mod:`.dimension` (its
dimension by formula), :mod:`.genericity` and :mod:`.stabilizer`.  The theory
behind every function is in ``docs/theory/shallow.md``; the user guide is
``docs/shallow.md``.
"""

from .canonical import CanonicalData, NeuronInfo, NeuronKind, VisibleLine, canonical_data, neuron_infos
from .components import implicit_form
from .continuous import continuous_symmetries
from .dimension import fiber_dimension
from .equivalence import equivalent
from .fiber import fiber
from .genericity import GenericityReport, Mechanism, MechanismKind, is_generic
from .minimal import MinimalChoice, canonical_form, minimal_choice, minimal_width, own_choice, representation
from .patterns import RolePattern, StratumPattern, piece_dimension, role_patterns
from .stabilizer import Stabilizer, StabilizerElement, stabilizer

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
    "representation",
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
    "MechanismKind",
    "GenericityReport",
    "is_generic",
]
