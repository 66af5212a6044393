"""One hidden layer on the closed nonnegative orthant ``R^m_{>=0}`` (docs/mathematics.md, Section 4).

Neuron types, canonical data, exact equivalence and the fiber as a union of
components (one per orientation / role pattern and matching stratum).  The
modules follow the data flow: :mod:`.types`, :mod:`.canonical`,
:mod:`.equivalence`, :mod:`.patterns` and :mod:`.matching`,
:mod:`.components`, :mod:`.fiber`, :mod:`.dimension`.  User
guide: ``docs/orthant.md``; derivations: ``docs/theory/orthant.md``.
"""

from .canonical import OrthantData, OrthantLine, canonical_data
from .components import OrthantComponent
from .continuous import continuous_symmetries
from .dimension import fiber_dimension, generic_fiber_dimension, jacobian_upper_bound
from .equivalence import equivalent
from .fiber import fiber
from .matching import MatchingData, matching_data
from .patterns import OrientationChoice, OrthantPattern, orientation_choices, role_patterns
from .types import NeuronType, RowType, neuron_types

__all__ = [
    "continuous_symmetries",
    "NeuronType",
    "RowType",
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
