"""Renderers: LaTeX (:mod:`.latex`), HTML for Jupyter (:mod:`.html`), plain text (:mod:`.text`, :mod:`.bars`),
pictures (:mod:`.plots`), documents (:mod:`.report`) and the renderings of the conservation and three-layer values.

Importing this package plugs its printers into :mod:`semialg_fibers.core.hooks`, where the methods of
:class:`~semialg_fibers.core.printing.Printable` values (``latex()``, ``text()``, ``_repr_latex_``,
``_repr_html_``) find them: values never import renderers.
"""

from ..core import hooks
from . import conservation, three_layer, verdicts  # noqa: F401  (importing them registers the printers of their values)
from .html import to_html
from .latex import to_latex, to_latex_display
from .text import to_text

hooks.register("printer", "latex", to_latex)
hooks.register("printer", "latex_display", to_latex_display)
hooks.register("printer", "html", to_html)
hooks.register("printer", "text", to_text)

__all__ = ["to_latex", "to_latex_display", "to_html", "to_text"]
