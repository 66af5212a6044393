r"""The printing methods of values, done by the printers that :mod:`semialg_fibers.render` registers.

Values subclass :class:`Printable` and get ``latex()``, ``text()``,
``_repr_latex_`` and ``_repr_html_``; each method looks up the printer of its
format in :mod:`.hooks` and calls it with the value.  So a value never
imports a renderer, and what a value prints is decided in one place per
format: :func:`semialg_fibers.render.latex.to_latex`,
:func:`~semialg_fibers.render.latex.to_latex_display`,
:func:`semialg_fibers.render.html.to_html` and
:func:`semialg_fibers.render.text.to_text`, which dispatch on the type (the
design of SymPy's ``Printable`` and ``sympy.printing``, with the dependency
pointing down).

Examples
--------
>>> from semialg_fibers.core.network import Network
>>> net = Network.from_layers([([[1]], ["1/2"])])
>>> isinstance(net, Printable), net._repr_latex_()
(True, '$\\displaystyle W^{(1)} = \\begin{bmatrix}1\\end{bmatrix},\\ b^{(1)} = \\begin{bmatrix}\\frac{1}{2}\\end{bmatrix}$')
>>> net.text() is None  # a network has no plain-text rendering (its repr is the text)
True
"""

from __future__ import annotations

from .hooks import lookup

__all__ = ["Printable"]


class Printable:
    """Mixin of the values that print: ``latex()``, ``text()`` and the Jupyter representations.

    What each method returns for a given type is documented with its printer
    (:mod:`semialg_fibers.render.latex`, :mod:`semialg_fibers.render.html`,
    :mod:`semialg_fibers.render.text`, :mod:`semialg_fibers.render.conservation`)
    and in the value's class docstring.  A representation a value does not
    have is None, so Jupyter shows the next one (HTML, LaTeX, the repr).
    """

    __slots__ = ()

    def latex(self, **options) -> str:
        """LaTeX of the value (text mode for documents, or a formula for mathematical objects; see the class).

        ``options`` are the printer's keywords (``title`` of a fiber,
        ``point_name`` of a basic set).
        """
        return lookup("printer", "latex")(self, **options)

    def text(self, **options) -> str | None:
        """Plain text for a terminal, or None when the value has none (its repr is then the text)."""
        return lookup("printer", "text")(self, **options)

    def _repr_latex_(self) -> str | None:
        return lookup("printer", "latex_display")(self)

    def _repr_html_(self) -> str | None:
        return lookup("printer", "html")(self)
