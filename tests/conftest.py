"""Shared fixtures of the test suite (random generators are in strategies.py, independent checks in checks.py;
the bundled trained networks are semialg_fibers.readwrite.examples.REAL_NETWORKS)."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng():
    return random.Random(20261130)
