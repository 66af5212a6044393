"""Conservation laws of gradient flow induced by the symmetries of a network, and their exact count.

* :func:`conservation_laws`: per continuous symmetry present at a network, the
  conserved quantity (a SymPy expression, with the open set and the
  training-data condition on which it holds) or the reason why the symmetry
  induces none (a failing gradient condition ``dX_p/dtheta_q != dX_q/dtheta_p``).
* :func:`number_of_conserved_functions`: the exact number of independent
  conserved functions near a network for a finite training set (Lie-algebra
  criterion of Marcotte, Gribonval and Peyre), certified by matching bounds.
* :mod:`.flow`: a floating-point gradient-flow integrator (RK4) to measure
  the drift of quantities (numerical checks and the documentation plot).

User guide: ``docs/conservation.md``; theory: ``docs/theory/conservation.md``.
"""

from .count import Certificate, LawCount, data_laws, number_of_conserved_functions
from .laws import (
    ConservationLaw,
    ConservedQuantity,
    LawReport,
    Obstruction,
    conservation_laws,
    present_symmetries,
    three_layer_continuous_symmetries,
)
from .pattern import ActivationPattern, activation_pattern

__all__ = [
    "conservation_laws",
    "number_of_conserved_functions",
    "ConservationLaw",
    "ConservedQuantity",
    "Obstruction",
    "LawReport",
    "LawCount",
    "Certificate",
    "ActivationPattern",
    "activation_pattern",
    "data_laws",
    "present_symmetries",
    "three_layer_continuous_symmetries",
]
