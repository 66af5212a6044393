"""Plain-text and JSON renderings of the three-layer structure and of identifiability verdicts (for the CLI).

Renderers only read values computed elsewhere (:class:`semialg_fibers.three_layer.structure.Structure`,
:func:`semialg_fibers.is_identifiable`).
"""

from __future__ import annotations

from ..core.network import Network
from ..core.phrase import escape_text
from ..core.results import IdentifiabilityResult
from ..three_layer.fiber import ThreeLayerFiber, basis_latex
from ..three_layer.structure import Structure, structure
from .latex import fiber_latex, to_latex

__all__ = ["structure_dict", "structure_text", "identify_dict", "identify_text", "three_layer_fiber_latex"]


def structure_dict(net: Network) -> dict:
    """Row types, column statuses, hidden hyperplanes and the genericity predicates, JSON-ready."""
    return structure(net).to_dict()


def structure_text(analysis: Structure | Network) -> str:
    """The structure of a three-layer network (or its :class:`Structure`) in plain text: :meth:`Structure.describe`.

    >>> net = Network.from_layers([([[1, 2], [-1, 1]], ["1/2", -1]), ([[2, -1]], [-1]), ([[3]], [1])])
    >>> structure_text(net).splitlines()[1]
    '  row 1: hides column 1'
    """
    return (analysis if isinstance(analysis, Structure) else structure(analysis)).describe()


def identify_dict(result: IdentifiabilityResult) -> dict:
    """An identifiability verdict, JSON-ready."""
    return result.to_dict()


def identify_text(result: IdentifiabilityResult) -> str:
    """An identifiability verdict in plain text: verdict, proof status, reasons, basis, witness."""
    lines = [result.describe()]
    if result.symmetries:
        lines.append("  symmetries beyond permutations and scalings:")
        lines += [f"    {s.kind}: {s.description}" for s in result.symmetries]
    if result.witness is not None:
        lines.append("  witness (same function, outside the orbit): "
                     + result.witness.to_json(indent=None))
    return "\n".join(lines)


@to_latex.register(ThreeLayerFiber)
def three_layer_fiber_latex(fiber: ThreeLayerFiber, title: str | None = None) -> str:
    r"""A three-layer fiber in LaTeX text mode: :func:`~semialg_fibers.render.latex.fiber_latex`, then its completeness.

    The completeness statement of the fiber's basis
    (:func:`semialg_fibers.three_layer.fiber.basis_latex`), else its escaped
    ``completeness_note``; this is ``ThreeLayerFiber.latex(title=...)``.

    Parameters
    ----------
    fiber : ThreeLayerFiber
    title : str, optional
        The section title (default: the architecture).

    Returns
    -------
    str

    Examples
    --------
    >>> from semialg_fibers.three_layer import fiber
    >>> f = fiber(Network.from_layers([([[1]], [0]), ([[1]], [0]), ([[1]], [0])]), certify=False)
    >>> print(three_layer_fiber_latex(f).splitlines()[-1])
    The union is the whole fiber: Theorem 10.2 of the three-layer theory ($n_1 = 1$), proven for every parameter whose
    function is not constant.
    """
    status = basis_latex(fiber.basis) or escape_text(fiber.completeness_note)
    return fiber_latex(fiber, title=title) + "\n" + status + "\n"
