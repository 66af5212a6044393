"""Three-layer ReLU networks ``f(x) = W3 s(W2 s(W1 x + b1) + b2) + b3`` (two hidden layers).

Architecture ``(d, n1, n2, k)``; the bottleneck case ``n1 <= d`` with ``W1`` of
full row rank is where the theory applies: the first layer then fills the
closed orthant and the second layer is a one-hidden-layer network on it
(:mod:`semialg_fibers.orthant`).  Modules, in the order of the data flow:

* :mod:`.rows`: row types of ``[W2 | b2]`` (dead, linear, hiding, other, zero);
* :mod:`.hiding`: visible, hidden and unused first-layer neurons, the hiding
  translation and its exact interval;
* :mod:`.genericity`: the predicates G1-G8, each with a witness;
* :mod:`.rigidity`: when the function determines the first layer (Corollary 7.5, Theorems 7.1-7.4,
  10.8-10.12);
* :mod:`.moves` and :mod:`.fields`: the exact function-preserving moves and
  their infinitesimal generators;
* :mod:`.symmetries`: every symmetry present at a network;
* :mod:`.identifiability`: is the fiber the orbit of permutations and scalings;
* :mod:`.jacobian`: exact evaluation Jacobians (upper bounds of fiber dimensions);
* :mod:`.search`: the exhaustive exact search for other first layers (small networks);
* :mod:`.structure`: the structural analysis (rows, columns, hidden hyperplanes, genericity) in one value;
* :mod:`.profile`, :mod:`.families`, :mod:`.components`, :mod:`.fiber`,
  :mod:`.dimension`: the fiber as a union of components (first-layer families
  times orthant components), its completeness status and dimension;
* :mod:`.theorems`: the table of theorems that :func:`.fiber.completeness` consults in order;
* :mod:`.equivalence`: exact equivalence by exact moves and orthant data (no region enumerated on the pairs of
  Theorem 12.4 of the theory page; otherwise a candidate search, then the general oracle);
* :mod:`.network_class`: the class object that :mod:`semialg_fibers.api` consults for these networks.

User guide: ``docs/three_layer.md``; derivations: ``docs/theory/three_layer.md``.
"""

from .genericity import GenericityReport, Predicate, PredicateResult, genericity, masked_sums
from .hiding import (
    ColumnKind,
    ColumnStatus,
    HiddenHyperplane,
    HidingInterval,
    column_status,
    column_statuses,
    hidden_hyperplanes,
    hiding_interval,
    kink_visible,
    outside_witness,
    translate,
)
from .identifiability import is_identifiable
from .jacobian import evaluation_jacobian, jacobian_upper_bound, sample_inputs
from .moves import (
    RevivalForm,
    layer_flip,
    ramp_flip,
    refactor_linear_block,
    revival_forms,
    revive,
    set_dead_row,
    set_unused_neuron,
    set_zero_output_row,
    shift_linear_bias,
    sign_change,
    sign_change_ratios,
)
from .rigidity import (
    Rigidity,
    all_linear_theorem,
    dead_rows_theorem,
    hidden_column_theorem,
    linear_rows_theorem,
    one_hiding_row_theorem,
    positive_columns,
    rigidity,
)
from .rows import RowKind, RowType, check_three_layer, row_type, row_types, second_layer
from .search import Representation, candidate_hyperplanes, class_key, known_classes, representations
from .symmetries import hidden_symmetries, layer_flip_sets, symmetries

__all__ = [
    "RowKind",
    "RowType",
    "row_type",
    "row_types",
    "second_layer",
    "check_three_layer",
    "ColumnKind",
    "ColumnStatus",
    "column_status",
    "column_statuses",
    "HiddenHyperplane",
    "hidden_hyperplanes",
    "HidingInterval",
    "hiding_interval",
    "translate",
    "outside_witness",
    "kink_visible",
    "Predicate",
    "PredicateResult",
    "GenericityReport",
    "genericity",
    "masked_sums",
    "Rigidity",
    "rigidity",
    "hidden_column_theorem",
    "linear_rows_theorem",
    "dead_rows_theorem",
    "all_linear_theorem",
    "one_hiding_row_theorem",
    "positive_columns",
    "set_dead_row",
    "set_zero_output_row",
    "set_unused_neuron",
    "shift_linear_bias",
    "refactor_linear_block",
    "layer_flip",
    "sign_change",
    "sign_change_ratios",
    "ramp_flip",
    "RevivalForm",
    "revival_forms",
    "revive",
    "symmetries",
    "hidden_symmetries",
    "layer_flip_sets",
    "is_identifiable",
    "evaluation_jacobian",
    "jacobian_upper_bound",
    "sample_inputs",
    "Representation",
    "representations",
    "candidate_hyperplanes",
    "class_key",
    "known_classes",
]

# The fiber, its dimension and exact equivalence (docs/theory/three_layer.md, Sections 10-12).
from .components import ThreeLayerComponent, ThreeLayerPattern  # noqa: E402
from .dimension import DimensionResult, dimension_result, fiber_dimension, row_type_dimension  # noqa: E402
from .equivalence import equivalent  # noqa: E402
from .families import FamilyKind, FirstLayerFamily, first_layer_families  # noqa: E402
from .fiber import Completeness, FiberStatus, ThreeLayerFiber, completeness, fiber  # noqa: E402
from .profile import Profile, profile  # noqa: E402

__all__ += [
    "Profile",
    "profile",
    "FamilyKind",
    "FirstLayerFamily",
    "first_layer_families",
    "ThreeLayerPattern",
    "ThreeLayerComponent",
    "FiberStatus",
    "Completeness",
    "ThreeLayerFiber",
    "completeness",
    "fiber",
    "DimensionResult",
    "dimension_result",
    "fiber_dimension",
    "row_type_dimension",
    "equivalent",
]
