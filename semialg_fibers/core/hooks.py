"""Plug points: methods that values offer and upper layers implement (printing, reading and writing).

Why this exists.  A value such as :class:`~semialg_fibers.core.network.Network`
offers ``latex()`` and ``Network.from_json``, but the code behind them lives in
:mod:`semialg_fibers.render` and :mod:`semialg_fibers.readwrite`, which import
the values: if the values imported them back, even inside a function, the
layers would form a circle.  Instead the upper package *registers* its
functions here when it is imported, and the value looks them up at call time;
the dependency points down only.  ``import semialg_fibers`` (which any import
of a submodule runs first) imports both packages, so the functions are always
registered before a value can ask for them.

The plug points, by kind (a value calls ``lookup(kind, name)(value, ...)``):

``"printer"``
    ``"latex"`` (what ``value.latex(**options)`` returns), ``"latex_display"``
    (the math-mode string of ``_repr_latex_``, or None), ``"html"`` (of
    ``_repr_html_``, or None) and ``"text"`` (of ``value.text(**options)``, or
    None); registered by :mod:`semialg_fibers.render`.
``"readwrite"``
    ``"network_from_json"``, ``"network_from_file"``, ``"network_to_json"``,
    ``"network_from_numpy"``, ``"network_from_torch"``, ``"network_to_torch"``, ``"network_from_onnx"``,
    ``"network_to_onnx"``, ``"network_from_nnet"``, ``"network_from_safetensors"`` and
    ``"network_to_safetensors"`` (the functions of :mod:`semialg_fibers.readwrite`); registered by
    :mod:`semialg_fibers.readwrite`.
``"graph"``
    ``"adjacency"``, ``"connected_components"`` and ``"path"`` (behind the
    methods of :class:`~semialg_fibers.core.components.Fiber`); registered by
    :mod:`semialg_fibers.graph`.

Examples
--------
>>> from semialg_fibers.readwrite.convert import network_to_json
>>> lookup("readwrite", "network_to_json") is network_to_json
True
>>> lookup("printer", "colour")
Traceback (most recent call last):
...
ValueError: no plug point 'colour' of kind 'printer'; the plug points are latex, latex_display, html, text
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

__all__ = ["KINDS", "register", "lookup"]

#: Every plug point, by kind, and the package that registers the kind (named in the error when it is missing).
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "printer": ("semialg_fibers.render", ("latex", "latex_display", "html", "text")),
    "readwrite": ("semialg_fibers.readwrite", ("network_from_json", "network_from_file", "network_to_json",
                                               "network_from_numpy", "network_from_torch", "network_to_torch",
                                               "network_from_onnx", "network_to_onnx", "network_from_nnet",
                                               "network_from_safetensors", "network_to_safetensors")),
    "graph": ("semialg_fibers.graph", ("adjacency", "connected_components", "path")),
}

_REGISTRY: dict[tuple[str, str], Callable] = {}


def _check(kind: str, name: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"no plug point kind {kind!r}; the kinds are {', '.join(KINDS)}")
    if name not in KINDS[kind][1]:
        raise ValueError(f"no plug point {name!r} of kind {kind!r}; the plug points are {', '.join(KINDS[kind][1])}")


def register(kind: str, name: str, function: Callable) -> Callable:
    """Plug ``function`` in at ``(kind, name)``, replacing what was there; returns ``function``.

    Parameters
    ----------
    kind : str
        A key of :data:`KINDS` (``"printer"`` or ``"readwrite"``).
    name : str
        One of the plug points of that kind.
    function : callable
        Called as ``function(value, *args, **options)`` by the value's method.

    Returns
    -------
    callable
        ``function`` itself.

    Raises
    ------
    ValueError
        An unknown kind or plug point.
    TypeError
        ``function`` is not callable.

    Examples
    --------
    >>> from semialg_fibers.readwrite.convert import network_to_json
    >>> register("readwrite", "network_to_json", network_to_json) is network_to_json
    True
    >>> register("readwrite", "network_to_yaml", network_to_json)
    Traceback (most recent call last):
    ...
    ValueError: no plug point 'network_to_yaml' of kind 'readwrite'; the plug points are network_from_json,
    network_from_file, network_to_json, network_from_numpy, network_from_torch, network_to_torch, network_from_onnx,
    network_to_onnx, network_from_nnet, network_from_safetensors, network_to_safetensors
    """
    _check(kind, name)
    if not callable(function):
        raise TypeError(f"the {kind} {name!r} must be callable, got {type(function).__name__}")
    _REGISTRY[kind, name] = function
    return function


def lookup(kind: str, name: str) -> Callable:
    """The function plugged in at ``(kind, name)``.

    Parameters
    ----------
    kind : str
    name : str

    Returns
    -------
    callable

    Raises
    ------
    ValueError
        An unknown kind or plug point.
    RuntimeError
        Nothing is registered there; the message names the package to import.

    Examples
    --------
    >>> from semialg_fibers.render.latex import to_latex
    >>> lookup("printer", "latex") is to_latex
    True
    """
    _check(kind, name)
    if (kind, name) not in _REGISTRY:
        # the package that registers the kind is imported on first use, so that importing the library (and a
        # command that prints nothing) does not pay for the renderers or NetworkX
        importlib.import_module(KINDS[kind][0])
    try:
        return _REGISTRY[kind, name]
    except KeyError:
        raise RuntimeError(f"no {kind} {name!r} is registered, although import {KINDS[kind][0]} (done just now) "
                           "should register it") from None
