"""Shallow ReLU networks on R^m: canonical data, equivalence, minimal form, fiber (SPEC section 3).

The theory behind every function here is in ``docs/theory/shallow.md``.
"""

from .canonical import CanonicalData, NeuronInfo, VisibleLine, canonical_data, neuron_infos

__all__ = ["CanonicalData", "NeuronInfo", "VisibleLine", "canonical_data", "neuron_infos"]
