"""Every public function of the API and of every network-class package refuses a non-network with a typed error.

The functions are found by introspection (every name in ``__all__`` whose
signature has a parameter annotated ``Network``), so a new function is
covered without being listed here.  Each is called with ``None``, a path
string and a NumPy array in place of one network (the other networks valid,
the other required arguments ``0``): the error must be an ``ArgumentError`` (a
``TypeError`` of the package) in one line naming the type received, never an ``AttributeError`` or a ``ShapeError``
about an architecture it could not read.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from semialg_fibers import ArgumentError, Network, api, conservation, orthant, shallow, three_layer
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
    with pytest.raises(ArgumentError) as caught:
        function(*args)
    assert isinstance(caught.value, TypeError)  # as before the class: a caller catching TypeError still does
    message = str(caught.value)
    assert "\n" not in message and ("NoneType" in message or "str" in message or "ndarray" in message), message


def test_the_cases_are_found():
    """The introspection finds the entry points of the brief (guarding against a silently empty table)."""
    names = {case.id.split("[")[0] for case in _cases()}
    for name in ("api.fiber", "api.fiber_dimension", "api.equivalent", "shallow.fiber", "orthant.fiber",
                 "three_layer.row_types", "oracle.equivalent", "plots.arrangement", "conservation.conservation_laws"):
        assert name in names, name


# ----------------------------------------------------------------------------- other arguments
FOUR = Network.from_layers([([[1]] * 4, [0] * 4), ([[1] * 4], [0])])  # four identical neurons


@pytest.mark.parametrize("limit", [-1, 1.5, True, "3", [2]], ids=repr)
@pytest.mark.parametrize("function", [api.fiber, shallow.fiber, orthant.fiber], ids=lambda f: f.__module__)
def test_a_bad_component_limit_is_refused(function, limit):
    """``limit=-1`` reached ``itertools.islice`` (an error about its stop argument); 1.5 and True were numbers."""
    with pytest.raises(ArgumentError, match="limit is .*; expected a nonnegative int"):
        function(FOUR, limit=limit)


def test_a_component_limit_builds_that_many():
    """Against the whole fiber built without a limit: ``limit=k`` keeps its first ``k`` and counts the rest."""
    whole = api.fiber(FOUR)
    for k in (0, 1, 5):
        part = api.fiber(FOUR, limit=k)
        assert len(part.components) == k and part.omitted == len(whole.components) - k
        assert [str(c) for c in part.components] == [str(c) for c in whole.components[:k]]


@pytest.mark.parametrize("data", [12, "12", {"0": [1]}, {1, 2}, None], ids=repr)
def test_training_data_that_is_not_a_list_of_points_is_refused(data):
    """A number, a string, a dict (its keys were read as the points) or a set (hash order) is not a data set."""
    from semialg_fibers import SemialgFibersError
    from semialg_fibers.conservation import number_of_conserved_functions

    net = Network.from_layers([([[1], [2]], [0, 1]), ([[1, -1]], [0])])
    with pytest.raises(SemialgFibersError) as caught:
        number_of_conserved_functions(net, data)
    assert "\n" not in str(caught.value) and "data" in str(caught.value), caught.value


@pytest.mark.parametrize("make", [lambda: __import__("semialg_fibers").SearchLimits(nodes=-1),
                                  lambda: __import__("semialg_fibers").SearchLimits(nodes=1.5),
                                  lambda: __import__("semialg_fibers").SearchLimits.with_budget(True),
                                  lambda: __import__("semialg_fibers").InputLimits(bytes=0),
                                  lambda: api.fiber(FOUR, limits="x")], ids=["nodes=-1", "nodes=1.5", "budget=True",
                                                                            "bytes=0", "limits='x'"])
def test_bad_limits_are_typed_errors(make):
    with pytest.raises(ArgumentError):
        make()
