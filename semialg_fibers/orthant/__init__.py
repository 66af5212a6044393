"""One hidden layer on the closed nonnegative orthant ``R^m_{>=0}`` (SPEC section 4).

Neuron types, canonical data, exact equivalence and the fiber as a union of
components (one per orientation / role pattern and matching stratum).  User
guide: ``docs/orthant.md``; derivations: ``docs/theory/orthant.md``.
"""

from .canonical import OrthantData, OrthantLine, canonical_data
from .dimension import generic_fiber_dimension, jacobian_upper_bound
from .equivalence import equivalent
from .fiber import OrientationChoice, OrthantComponent, fiber, fiber_dimension, orientation_choices
from .matching import MatchingData, matching_data
from .patterns import OrthantPattern, role_patterns
from .types import NeuronType, neuron_types
from .continuous import continuous_symmetries

__all__ = [
    "continuous_symmetries",
    "NeuronType",
    "neuron_types",
    "OrthantData",
    "OrthantLine",
    "canonical_data",
    "equivalent",
    "fiber",
    "fiber_dimension",
    "OrthantComponent",
    "OrientationChoice",
    "orientation_choices",
    "OrthantPattern",
    "role_patterns",
    "MatchingData",
    "matching_data",
    "jacobian_upper_bound",
    "generic_fiber_dimension",
]
