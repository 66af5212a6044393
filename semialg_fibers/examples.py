"""Worked examples with exact parameters (docs/mathematics.md, Section 3; Ramakrishnan, arXiv:2604.14037).

Each function returns a :class:`~semialg_fibers.network.Network`; the tests in
``tests/test_examples.py`` check every claim made in these docstrings.
"""

from __future__ import annotations

from pathlib import Path

from .exceptions import MalformedNetworkError
from .network import Network

__all__ = [
    "real_network",
    "real_network_names",
    "REAL_NETWORKS",
    "transversal_counterexample",
    "transversal_counterexample_flipped",
    "spec_orbit_example",
    "spec_identity_example",
    "hidden_symmetry_example",
    "mixed_line_example",
    "cancelling_pair_example",
]


def transversal_counterexample() -> Network:
    """A transversal arrangement whose fiber is larger than the ``H_n`` orbit.

    ``f(x) = s(x_1) + s(x_2) - s(x_1 + x_2 - 1)`` on ``R^2`` (architecture
    ``(2, 3, 1)``).  The three lines are pairwise non-parallel and not
    concurrent (a transversal, "generic-looking" arrangement), every neuron is
    nonzero and no two share a line.  Yet the kink terms cancel,
    ``1 (1, 0) + 1 (0, 1) - 1 (1, 1) = 0``, so flipping all three neurons with
    ``s(z) - s(-z) = z`` and moving the constant into the output bias gives a
    second parameter (:func:`transversal_counterexample_flipped`) realizing
    the same function that is not in ``H_3 . theta``: the fiber is two orbits.

    >>> transversal_counterexample().architecture
    (2, 3, 1)
    """
    return Network.from_layers([([[1, 0], [0, 1], [1, 1]], [0, 0, -1]), ([[1, 1, -1]], [0])])


def transversal_counterexample_flipped() -> Network:
    """``s(-x_1) + s(-x_2) - s(1 - x_1 - x_2) + 1``: same function, other orbit."""
    return Network.from_layers([([[-1, 0], [0, -1], [-1, -1]], [0, 0, 1]), ([[1, 1, -1]], [1])])


def spec_orbit_example() -> Network:
    """The orbit example of ``docs/shallow.md``: neurons ``(v, a, b) = (1, 1, 0), (2, 1, -1)``, ``c = 0``, on ``R``.

    ``f(x) = s(x) + 2 s(x - 1)``: the fiber is the ``H_2`` orbit, of dimension 2,
    with 2 connected components (one pattern of multiplicity 2).
    """
    return Network.from_layers([([[1], [1]], [0, -1]), ([[1, 2]], [0])])


def spec_identity_example() -> Network:
    """``x = s(x) - s(-x)`` with ``n = 2`` (docs/mathematics.md, Section 2); the fiber has dimension 3."""
    return Network.from_layers([([[1], [-1]], [0, 0]), ([[1, -1]], [0])])


def hidden_symmetry_example() -> Network:
    """``f(x) = s(x) + x`` on ``R`` with three neurons: ``s(x) + s(x) - s(-x)``.

    Hidden symmetries: the second and third neurons share the visible line
    ``x = 0`` with opposite orientations (a mixed line), or form a cancelling
    pair on a new line while the first carries the kink; the fiber has several
    components (docs/shallow.md shows its LaTeX).
    """
    return Network.from_layers([([[1], [1], [-1]], [0, 0, 0]), ([[1, 1, -1]], [0])])


def mixed_line_example() -> Network:
    """``f(x) = s(x) + s(x - 1) + 5x`` on ``R``: ``r = 2`` and ``n* = 3`` (one mixed line).

    ``G = 5`` is not minus a subset sum of the kinks ``(1, 1)``, so no choice of
    orientations gives it; a second neuron on the line ``x = 0``
    (``6 s(x) - 5 s(-x) = s(x) + 5x``) does.
    """
    return Network.from_layers([([[1], [-1], [1]], [0, 0, -1]), ([[6, -5, 1]], [0])])


def cancelling_pair_example() -> Network:
    """``f(x) = s(x_1) + x_2`` on ``R^2``: ``r = 1`` and ``n* = 3`` (a cancelling pair on a new line).

    ``G = (0, 1)`` is not a multiple of the only normal ``(1, 0)`` even after
    flipping, so ``x_2 = s(x_2) - s(-x_2)`` needs its own pair.
    """
    return Network.from_layers([([[1, 0], [0, 1], [0, -1]], [0, 0, 0]), ([[1, 1, -1]], [0])])


#: The bundled trained networks (JSON files with attribution in ``README.md`` and ``LICENSES.md`` there).
REAL_NETWORKS = Path(__file__).resolve().parent / "data" / "real_networks"


def real_network_names() -> tuple[str, ...]:
    """The names of the bundled trained networks (file stems), sorted.

    >>> "nnequiv_bitvec_1_4_10-50-2" in real_network_names()
    True
    """
    return tuple(sorted(p.stem for p in REAL_NETWORKS.glob("*.json")))


def real_network(name: str, numbers: str = "float64") -> Network:
    """A bundled trained network, read exactly.

    Parameters
    ----------
    name : str
        A name of :func:`real_network_names` (the file stem).
    numbers : {"float64", "decimal"}
        ``"float64"`` (default) gives the exact dyadic values of the stored
        binary weights; ``"decimal"`` the decimals the file spells.

    Raises
    ------
    MalformedNetworkError
        No bundled network has that name.

    Examples
    --------
    >>> real_network("nnequiv_bitvec_2_1_10-5-5-2").architecture
    (10, 5, 5, 2)
    """
    path = REAL_NETWORKS / f"{name}.json"
    if not path.is_file():
        raise MalformedNetworkError(f"no bundled network named {name!r}; see real_network_names()")
    return Network.from_json(path, numbers=numbers)
