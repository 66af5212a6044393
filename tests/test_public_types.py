"""Every public function of the API and of every network-class package refuses a non-network with a TypeError.

The functions are found by introspection (every name in ``__all__`` whose
signature has a parameter annotated ``Network``), so a new function is
covered without being listed here.  Each is called with ``None``, a path
string and a NumPy array in place of one network (the other networks valid,
the other required arguments ``0``): the error must be a ``TypeError`` in one
line naming the type received, never an ``AttributeError`` or a ``ShapeError``
about an architecture it could not read.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from semialg_fibers import Network, api, conservation, orthant, shallow, three_layer
from semialg_fibers.general import first_layer, oracle
from semialg_fibers.render import plots, report

SHALLOW_NET = Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])
THREE_LAYER_NET = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
PLANE_NET = Network.from_layers([([[1, 0], [0, 1]], [0, 0]), ([[1, 1]], [0])])
PACKAGES = [(api, SHALLOW_NET), (shallow, SHALLOW_NET), (orthant, SHALLOW_NET), (three_layer, THREE_LAYER_NET),
            (oracle, SHALLOW_NET), (first_layer, PLANE_NET), (plots, PLANE_NET), (report, SHALLOW_NET), (conservation, SHALLOW_NET)]
BAD = {"None": None, "path": "path.json", "ndarray": np.zeros((2, 2))}


def _cases():
    seen = set()
    for package, good in PACKAGES:
        for name in getattr(package, "__all__", ()):
            function = getattr(package, name, None)
            if not inspect.isfunction(function) or function in seen:
                continue
            seen.add(function)
            params = list(inspect.signature(function).parameters.values())
            networks = [p.name for p in params if str(p.annotation) in ("Network", "Network | None")]
            for target in networks:
                yield pytest.param(function, good, target, id=f"{package.__name__.split('.')[-1]}.{name}[{target}]")


@pytest.mark.parametrize("function, good, target", list(_cases()))
@pytest.mark.parametrize("bad", list(BAD), ids=list(BAD))
def test_non_network_is_a_type_error(function, good, target, bad):
    params = inspect.signature(function).parameters.values()
    args = []  # positional: memoized functions take their network positionally
    for p in params:
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) or p.default is not p.empty:
            continue
        if p.name == target:
            args.append(BAD[bad])
        elif str(p.annotation) in ("Network", "Network | None"):
            args.append(good)
        else:
            args.append(0)
    with pytest.raises(TypeError) as caught:
        function(*args)
    message = str(caught.value)
    assert "\n" not in message and ("NoneType" in message or "str" in message or "ndarray" in message), message


def test_the_cases_are_found():
    """The introspection finds the entry points of the brief (guarding against a silently empty table)."""
    names = {case.id.split("[")[0] for case in _cases()}
    for name in ("api.fiber", "api.fiber_dimension", "api.equivalent", "shallow.fiber", "orthant.fiber",
                 "three_layer.row_types", "oracle.equivalent", "plots.arrangement", "conservation.conservation_laws"):
        assert name in names, name
