"""Shared fixtures of the test suite (random generators are in strategies.py, independent checks in checks.py)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from semialg_fibers import Network

from semialg_fibers.readwrite.examples import REAL_NETWORKS  # noqa: E402  (the bundled trained networks)


@pytest.fixture
def rng():
    return random.Random(20261130)
