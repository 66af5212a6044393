"""SearchLimits and InputLimits: validation, named fields, the context for input limits."""

from __future__ import annotations

import pytest

from semialg_fibers.core.limits import (
    DEFAULT_INPUT_LIMITS,
    UNLIMITED,
    InputLimits,
    SearchLimits,
    current_input_limits,
    input_limits,
    resolve,
    resolve_input,
)


def test_search_limits_budget():
    assert SearchLimits.with_budget(0) == UNLIMITED and SearchLimits.with_budget(None) == UNLIMITED
    assert SearchLimits.with_budget(7).nodes == 7
    for bad in (-5, 1.5, True):
        with pytest.raises(ValueError, match="budget"):
            SearchLimits.with_budget(bad)
    with pytest.raises(TypeError):
        resolve("fast")


@pytest.mark.parametrize("field", ["bytes", "depth", "entries", "digits", "exponent", "terms"])
def test_input_limits_validate_every_field(field):
    for bad in (0, -1, 2.5, True, None):
        with pytest.raises(ValueError, match=f"InputLimits.{field}"):
            InputLimits(**{field: bad})
    assert getattr(InputLimits().with_changes(**{field: 5}), field) == 5


def test_unknown_input_limit_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown input limit 'speed'.*digits"):
        InputLimits().with_changes(speed=3)


def test_context_nests_and_restores():
    assert current_input_limits() is DEFAULT_INPUT_LIMITS
    with input_limits(digits=5) as outer:
        assert current_input_limits().digits == 5 and outer.digits == 5
        with input_limits(InputLimits(depth=3)):
            assert current_input_limits() == InputLimits(depth=3)
        assert resolve_input(None).digits == 5
    assert current_input_limits() is DEFAULT_INPUT_LIMITS
    with pytest.raises(TypeError):
        resolve_input({"digits": 5})
