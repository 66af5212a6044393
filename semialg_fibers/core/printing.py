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
>>> import sympy
>>> sympy.latex(net)  # the formula, inside SymPy's expressions too
'W^{(1)} = \\begin{bmatrix}1\\end{bmatrix},\\ b^{(1)} = \\begin{bmatrix}\\frac{1}{2}\\end{bmatrix}'
>>> print(net.text())  # a summary for terminals; str(net) is the same
network 1-1 (2 parameters)
  W1 = [ 1 ]
  b1 = [ 1/2 ]
"""

from __future__ import annotations

import dataclasses

from .hooks import lookup

__all__ = ["Printable", "REPR_LIMIT"]

#: A value whose field-by-field repr is longer than this has a one-line repr instead (its summary).
REPR_LIMIT = 600


def _fields_repr(value) -> str:
    """The repr a dataclass would have: ``Name(field=value, ...)`` over the fields shown in the repr."""
    parts = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in dataclasses.fields(value) if f.repr)
    return f"{type(value).__qualname__}({parts})"


def _concise_repr(self) -> str:
    """The dataclass repr when short; else ``<Name: first line of the summary>`` (a 354 KB repr says nothing)."""
    if not dataclasses.is_dataclass(self):
        for cls in type(self).__mro__:
            method = cls.__dict__.get("__repr__")
            if method is not None and method is not _concise_repr:
                return method(self)
        return object.__repr__(self)
    full = _fields_repr(self)
    if len(full) <= REPR_LIMIT:
        return full
    summary = _summary(self)
    first = summary.splitlines()[0] if summary else f"{len(full)} characters"
    return f"<{type(self).__qualname__}: {first}>"


def _summary(value) -> str | None:
    try:
        return lookup("printer", "text")(value)
    except RuntimeError:  # the printers are not imported (semialg_fibers.render registers them)
        return None


class Printable:
    """Mixin of the values that print: ``latex()``, ``text()`` and the Jupyter representations.

    What each method returns for a given type is documented with its printer
    (:mod:`semialg_fibers.render.latex`, :mod:`semialg_fibers.render.html`,
    :mod:`semialg_fibers.render.text`, :mod:`semialg_fibers.render.conservation`)
    and in the value's class docstring.  A representation a value does not
    have is None, so Jupyter shows the next one (HTML, LaTeX, the repr).
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # before @dataclass runs: a __repr__ already in the class body stops it from writing the long one
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = _concise_repr

    def __str__(self) -> str:
        """A one-screen summary for people (the ``text()`` printer), else the repr."""
        text = _summary(self)
        return text if text is not None else repr(self)

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

    def _latex(self, printer) -> str:
        """What ``sympy.latex`` prints: the formula of the notebook display, when the value has one.

        A value displayed as text (a report) prints as SymPy prints any other object.
        """
        display = self._repr_latex_()
        if display and display.startswith("$") and display.endswith("$") and display.count("$") == 2:
            return display.strip("$").removeprefix(r"\displaystyle ")
        return printer.emptyPrinter(self)

    def _repr_html_(self) -> str | None:
        return lookup("printer", "html")(self)
