"""The top-level identifiability dispatcher: shallow networks, three-layer networks, deeper ones."""

import pytest

from semialg_fibers import IdentifiabilityResult, Network, NotDecidedError, is_identifiable
from semialg_fibers.readwrite.examples import spec_identity_example, spec_orbit_example


def test_shallow_networks_delegate_to_is_generic():
    result = is_identifiable(spec_orbit_example())
    assert isinstance(result, IdentifiabilityResult) and result and result.method == "shallow" and result.proven
    result = is_identifiable(spec_identity_example())
    assert not result and result.reasons[0].kind == "cancelling group"


def test_three_layer_and_deeper():
    net = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    assert is_identifiable(net).method == "three-layer"
    # s(s(s(x))): the neurons of hidden layers 2 and 3 are active at every input, a mechanism at any depth (issue 23:
    # this used to refuse); a deep network without a mechanism still refuses, saying what is proven
    result = is_identifiable(Network.from_layers([([[1]], [0])] * 4))
    assert not result and result.proven and result.reasons[0].kind == "always active"
    generic = Network.from_layers([([[1, 2], [-1, 1]], [0, 1]), ([[1, 2], [2, -1]], [-1, 1]),
                                   ([[1, -1], [2, 1]], [1, -1]), ([[1, -1]], [0])])
    with pytest.raises(NotDecidedError, match="hidden layers"):
        is_identifiable(generic)
    with pytest.raises(TypeError):
        is_identifiable("net.json")
