"""Worked examples with exact parameters (docs/mathematics.md, Section 3; Ramakrishnan, arXiv:2604.14037).

Each function returns a :class:`~semialg_fibers.core.network.Network`; the tests in
``tests/readwrite/test_examples.py`` check every claim made in these docstrings.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.exceptions import MalformedNetworkError
from ..core.network import Network

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
    "NonLocalizableExample",
    "non_localizable",
    "non_localizable_ramp",
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


@dataclass(frozen=True)
class NonLocalizableExample:
    """A three-layer network whose two-layer pieces are identifiable while the whole is not.

    With ``f1 = s o T1``, ``f2 = s o T2`` and ``f3 = T3`` (``T_l(v) = W_l v + b_l``),
    the pieces are the shallow networks ``T2 s T1`` (:attr:`first_two`, the
    pre-activations of the second hidden layer as a function of ``x``) and
    ``T3 s T2`` (:attr:`last_two`, on all of ``R^{n1}``).

    Attributes
    ----------
    network : Network
        ``f = T3 s T2 s T1``.
    first_two : Network
        ``T2 s T1`` (architecture ``(d, n1, n2)``).
    last_two : Network
        ``T3 s T2`` (architecture ``(n1, n2, k)``).
    other : Network
        A second parameter realizing ``f`` outside the orbit of permutations and scalings.
    description : str
    """

    network: Network
    first_two: Network
    last_two: Network
    other: Network
    description: str


def _pieces(net: Network):
    first, second, third = net.layers
    return Network((net.architecture[0], net.architecture[1], net.architecture[2]), (first, second)), \
        Network(net.architecture[1:], (second, third))


def non_localizable() -> NonLocalizableExample:
    """Identifiability is not local: ``f2 o f1`` and ``f3 o f2`` identifiable, ``f3 o f2 o f1`` not.

    ``W1 = [[1, 2], [-1, 1]]``, ``b1 = (1/2, -1)``, ``W2 = [[2, -1]]``,
    ``b2 = (-1)``, ``W3 = [[3]]``, ``b3 = (1)`` (architecture ``(2, 2, 1, 1)``).
    The shallow pieces have distinct lines, nonzero weights and no other
    orientation choice, so their fibers are their orbits.  In the whole
    network the row ``(2, -1 | -1)`` hides column 1 (the only live row), so
    the first-layer neuron 1 translates along a half-line and neuron 2 can
    change sign: :attr:`other` is the sign change of neuron 2 followed by the
    translation ``t = 1/2``.

    >>> example = non_localizable()
    >>> example.other.layers[0]
    Layer(weight=((Fraction(3, 2), Fraction(3, 2)), (Fraction(1, 1), Fraction(-1, 1))), bias=(Fraction(3, 2), Fraction(1, 1)))
    """
    net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    other = Network.from_layers([([["3/2", "3/2"], [1, -1]], ["3/2", 1]), ([[2, -1]], [-2]), ([[3]], [1])])
    first_two, last_two = _pieces(net)
    return NonLocalizableExample(net, first_two, last_two, other,
                                 "row (2, -1 | -1) hides first-layer neuron 1: hiding translation and sign change")


def non_localizable_ramp() -> NonLocalizableExample:
    """The same phenomenon with a discrete symmetry only: the ramp ``1 - s(1 - s(x))`` (``d = n1 = n2 = k = 1``).

    Both pieces are single neurons (identifiable); the whole has the generic
    fiber dimension ``n1 + n2 = 2`` but two components: :attr:`other` is the
    ramp flip ``s(1 - s(1 - x))``.

    >>> non_localizable_ramp().other.parameters()
    (Fraction(-1, 1), Fraction(1, 1), Fraction(-1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(0, 1))
    """
    net = Network.from_layers([([[1]], [0]), ([[-1]], [1]), ([[-1]], [1])])
    other = Network.from_layers([([[-1]], [1]), ([[-1]], [1]), ([[1]], [0])])
    first_two, last_two = _pieces(net)
    return NonLocalizableExample(net, first_two, last_two, other,
                                 "n1 = 1 and the only row is a ramp: the first layer reverses (ramp flip)")


#: The bundled trained networks (JSON files with attribution in ``README.md`` and ``LICENSES.md`` there).
REAL_NETWORKS = Path(__file__).resolve().parent.parent / "data" / "real_networks"


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
