"""An exact JSON encoding of the library's own values, read back without evaluating anything.

:func:`encode` turns a value into JSON-ready data and :func:`decode` rebuilds
an equal value; :func:`dumps` / :func:`loads` do the same with JSON text.  The
fibers use it for the ``"exact"`` key of their JSON documents
(:meth:`semialg_fibers.core.components.Fiber.to_json`).  What can be encoded
is an allowlist:

* ``None``, ``bool``, ``int``: themselves; a ``Fraction``: the string ``"p/q"``
  (``"p"`` when integral); a ``str``: ``{"$str": text}``;
* a tuple: a JSON array; a list or a dict: ``{"$list": [...]}``,
  ``{"$dict": [[key, value], ...]}``;
* a frozen dataclass defined in a module of ``semialg_fibers``:
  ``{"$type": "semialg_fibers.module.Class", "field": ..., ...}`` with every
  field (also those that take no part in equality);
* a member of an enum of ``semialg_fibers``: ``{"$enum": "module.Class", "value": ...}``;
* a :class:`~semialg_fibers.core.results.FiberDimension` (an ``int`` with a
  status and a basis): ``{"$dimension": d, "status": ..., "basis": ...}``;
* SymPy expressions built from rationals, symbols, sums, products and powers,
  structurally: ``{"$rational": "p/q"}``, ``{"$symbol": name, "assumptions":
  {"real": true}}``, ``{"$add": [...]}``, ``{"$mul": [...]}``,
  ``{"$pow": [base, exponent]}``;
* ``{"$ref": n}``: the ``n``-th dataclass, symbol or compound expression
  completed so far (counting from 0 in document order, each counted when its
  encoding ends), so a value shared by many components is written once.

Decoding never imports a module and never evaluates text: a type is looked up
among the classes of the ``semialg_fibers`` modules already loaded, and must
be a frozen dataclass or an enum defined there; expressions are rebuilt node by node
(``Add(*args, evaluate=False)``, ...), so they are structurally identical to
the encoded ones.  A dataclass is rebuilt as :mod:`pickle` does, field by field
without calling its constructor, so the value is restored as it was written
(normal forms are not recomputed); the document is trusted for its values, not
for code.  Anything outside the allowlist is a
:class:`~semialg_fibers.core.exceptions.MalformedNetworkError` naming the place.

Examples
--------
>>> from fractions import Fraction
>>> import sympy
>>> from semialg_fibers.core.network import Network
>>> net = Network.from_layers([([[1], ["-1/2"]], [0, 0]), ([[1, 2]], [0])])
>>> loads(dumps(net)) == net
True
>>> x = sympy.Symbol("x", real=True)
>>> encode((Fraction(3, 4), "ok", 2 * x / 3))  # doctest: +NORMALIZE_WHITESPACE
['3/4', {'$str': 'ok'}, {'$mul': [{'$rational': '2/3'}, {'$symbol': 'x', 'assumptions': {'real': True}}]}]
>>> loads('{"$type": "os.system", "command": {"$str": "true"}}')
Traceback (most recent call last):
...
semialg_fibers.MalformedNetworkError: value: the type 'os.system' is not a value type of semialg_fibers (refused)
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import sys
from fractions import Fraction

import sympy

try:
    from sympy.core.assumptions import _assume_defined as _ASSUMPTIONS  # every assumption name SymPy knows
except ImportError:  # pragma: no cover - a SymPy that moved it: the names the library's symbols use
    _ASSUMPTIONS = frozenset({"commutative", "complex", "extended_real", "finite", "hermitian", "imaginary",
                              "infinite", "real", "positive", "negative", "nonnegative", "nonpositive", "nonzero",
                              "zero", "integer", "rational"})
from .exact import format_rational, to_rational
from .exceptions import InputLimitError, MalformedNetworkError, SemialgFibersError, UnencodableError
from .limits import current_input_limits
from .results import FiberDimension, FiberStatus
from .symbols import ParameterSymbol, symbol_named

__all__ = ["UnencodableError", "encode", "decode", "dumps", "loads"]

_PACKAGE = "semialg_fibers"
_RATIONAL = re.compile(r"-?[0-9]+(/[0-9]+)?\Z", re.ASCII)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z", re.ASCII)
_MODULE = re.compile(r"semialg_fibers(\.[A-Za-z_][A-Za-z0-9_]*)+\Z", re.ASCII)
_NODES = {"$add": sympy.Add, "$mul": sympy.Mul}


def _type_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _ours(cls: type) -> bool:
    return cls.__module__ == _PACKAGE or cls.__module__.startswith(_PACKAGE + ".")


def _frozen_dataclass(cls) -> bool:
    return dataclasses.is_dataclass(cls) and isinstance(cls, type) and cls.__dataclass_params__.frozen


class _Encoder:
    """One encoding pass: the memo gives each shared object one index, in the order its encoding ends."""

    def __init__(self):
        self.index: dict = {}
        self.kept: list = []  # keeps the memoized objects alive, so their ids stay unique

    def remember(self, value, node):
        self.index[id(value)] = len(self.kept)
        self.kept.append(value)
        return node

    def encode(self, value, where: str):
        if value is None or type(value) in (bool, int):
            return value
        if type(value) is Fraction:
            return format_rational(value)
        if type(value) is str:
            return {"$str": value}
        if type(value) is tuple:
            return [self.encode(v, f"{where}[{i}]") for i, v in enumerate(value)]
        if type(value) is list:
            return {"$list": [self.encode(v, f"{where}[{i}]") for i, v in enumerate(value)]}
        if type(value) is dict:
            return {"$dict": [[self.encode(k, f"{where} key"), self.encode(v, f"{where}[{k!r}]")]
                              for k, v in value.items()]}
        if type(value) is FiberDimension:
            return {"$dimension": int(value), "status": self.encode(value.status, f"{where}.status"),
                    "basis": self.encode(value.basis, f"{where}.basis")}
        if isinstance(value, enum.Enum) and _ours(type(value)):
            return {"$enum": _type_name(type(value)), "value": self.encode(value.value, f"{where}.value")}
        if id(value) in self.index:
            return {"$ref": self.index[id(value)]}
        if isinstance(value, sympy.Basic):
            return self.expression(value, where)
        if _frozen_dataclass(type(value)) and _ours(type(value)):
            node = {"$type": _type_name(type(value))}
            for f in dataclasses.fields(value):
                node[f.name] = self.encode(getattr(value, f.name), f"{where}.{f.name}")
            return self.remember(value, node)
        raise UnencodableError(f"{where} is a {type(value).__name__} ({value!r:.60}); only values of "
                               "semialg_fibers, exact numbers, strings, tuples and SymPy expressions have an exact "
                               "JSON encoding")

    def expression(self, expr, where: str):
        if id(expr) in self.index:
            return {"$ref": self.index[id(expr)]}
        if expr.is_Rational:
            return {"$rational": format_rational(Fraction(int(expr.p), int(expr.q)))}
        if type(expr) in (sympy.Symbol, ParameterSymbol):  # a parameter symbol is rebuilt by its name
            assumptions = getattr(expr, "_assumptions_orig", None)
            if assumptions is None:  # SymPy before 1.12 keeps only the derived set, which rebuilds the same symbol
                assumptions = expr.assumptions0
            return self.remember(expr, {"$symbol": expr.name, "assumptions": dict(sorted(assumptions.items()))})
        key = {sympy.Add: "$add", sympy.Mul: "$mul", sympy.Pow: "$pow"}.get(type(expr))
        if key is None:
            raise UnencodableError(f"{where} contains the SymPy {type(expr).__name__} {expr}; only rationals, "
                                   "symbols, sums, products and powers have an exact JSON encoding")
        return self.remember(expr, {key: [self.expression(a, where) for a in expr.args]})


def encode(value):
    """JSON-ready data (dicts, lists, strings, ints, booleans, None) that :func:`decode` turns back into ``value``.

    Raises
    ------
    UnencodableError
        ``value`` holds something outside the allowlist of the module docstring
        (a function, a float, a class of another package, ...).
    """
    return _Encoder().encode(value, "value")


def dumps(value, indent: int | None = None) -> str:
    """JSON text of :func:`encode`."""
    return json.dumps(encode(value), indent=indent)


def _fail(where: str, message: str) -> MalformedNetworkError:
    return MalformedNetworkError(f"{where}: {message}")


def _resolve(name, where: str, want: type | None) -> type:
    """The class named by ``"$type"`` or ``"$enum"``: a frozen dataclass or enum of a loaded semialg_fibers module."""
    if not isinstance(name, str):
        raise _fail(where, f"the type name is a {type(name).__name__}; expected a string")
    module_name, _, qualname = name.rpartition(".")
    module = sys.modules.get(module_name) if _MODULE.match(module_name) and _IDENTIFIER.match(qualname) else None
    cls = getattr(module, qualname, None) if module is not None else None
    ok = isinstance(cls, type) and cls.__module__ == module_name and (
        issubclass(cls, enum.Enum) if want is enum.Enum else _frozen_dataclass(cls))
    if not ok:
        kind = "an enum" if want is enum.Enum else "a value type"
        raise _fail(where, f"the type {name!r} is not {kind} of semialg_fibers (refused)")
    return cls


class _Decoder:
    """One decoding pass: objects are numbered in the order their decoding ends, as the encoder numbered them."""

    def __init__(self):
        self.table: list = []
        self.nodes = 0
        self.limits = current_input_limits()  # the entries of one document are bounded as for network files

    def keep(self, value):
        self.table.append(value)
        return value

    def decode(self, node, where: str):
        self.nodes += 1
        if self.nodes > self.limits.entries:
            raise _fail(where, f"more than {self.limits.entries} entries, above the input limit entries")
        if node is None or type(node) in (bool, int):
            return node
        if type(node) is str:
            if not _RATIONAL.match(node):
                raise _fail(where, f"{node[:40]!r} is not an exact number 'p/q' (a string is written as "
                                   '{"$str": ...})')
            return to_rational(node, where)
        if type(node) is list:
            return tuple(self.decode(v, f"{where}[{i}]") for i, v in enumerate(node))
        if type(node) is not dict:
            raise _fail(where, f"unexpected JSON {type(node).__name__}")
        if "$type" in node:
            return self.dataclass(node, where)
        if len(node) == 1:
            ((key, body),) = node.items()
            if key == "$str" and type(body) is str:
                return body
            if key == "$ref" and type(body) is int:
                if not 0 <= body < len(self.table):
                    raise _fail(where, f"reference {body} to a value not defined before it")
                return self.table[body]
            if key in ("$list", "$dict") and type(body) is list:
                items = [self.decode(v, f"{where}[{i}]") for i, v in enumerate(body)]
                if key == "$list":
                    return items
                if not all(type(item) is tuple and len(item) == 2 for item in items):
                    raise _fail(where, "a $dict holds [key, value] pairs")
                try:
                    return dict(items)
                except TypeError:
                    raise _fail(where, "a $dict key must be hashable (a number, a string or a tuple)") from None
            if key == "$rational" and type(body) is str and _RATIONAL.match(body):
                value = to_rational(body, where)
                return sympy.Rational(value.numerator, value.denominator)
            if key in _NODES and type(body) is list:
                args = [self.expression(a, f"{where}[{i}]") for i, a in enumerate(body)]
                return self.keep(_NODES[key](*args, evaluate=False))
            if key == "$pow" and type(body) is list and len(body) == 2:
                base, exp = (self.expression(a, f"{where}[{i}]") for i, a in enumerate(body))
                return self.keep(sympy.Pow(base, exp, evaluate=False))
        if set(node) == {"$enum", "value"}:
            cls = _resolve(node["$enum"], where, enum.Enum)
            try:
                return cls(self.decode(node["value"], f"{where}.value"))
            except ValueError:
                raise _fail(where, f"{node['value']!r} is not a member of {node['$enum']}") from None
        if set(node) == {"$dimension", "status", "basis"} and type(node["$dimension"]) is int:
            status, basis = self.decode(node["status"], f"{where}.status"), self.decode(node["basis"], f"{where}.basis")
            if not isinstance(status, FiberStatus) or type(basis) is not str:
                raise _fail(where, "a $dimension needs a FiberStatus and a basis string")
            return FiberDimension(node["$dimension"], status, basis)
        if set(node) == {"$symbol", "assumptions"}:
            return self.symbol(node, where)
        raise _fail(where, f"unexpected object with keys {sorted(node)[:6]}")

    def expression(self, node, where: str) -> sympy.Expr:
        value = self.decode(node, where)
        if not isinstance(value, sympy.Expr):
            raise _fail(where, f"expected a SymPy expression, got a {type(value).__name__}")
        return value

    def symbol(self, node, where: str) -> sympy.Symbol:
        name, assumptions = node["$symbol"], node["assumptions"]
        if type(name) is not str or type(assumptions) is not dict or not all(
                k in _ASSUMPTIONS and type(v) is bool for k, v in assumptions.items()):
            raise _fail(where, "a symbol needs a name and assumptions {name: true/false} known to SymPy")
        return self.keep(symbol_named(name, **assumptions))

    def dataclass(self, node: dict, where: str):
        cls = _resolve(node["$type"], where, None)
        names = [f.name for f in dataclasses.fields(cls)]
        given = [k for k in node if k != "$type"]
        if sorted(given) != sorted(names):
            missing, extra = sorted(set(names) - set(given)), sorted(set(given) - set(names))
            raise _fail(where, f"{node['$type']} needs the fields {names}" + (f"; missing {missing}" if missing else "")
                        + (f"; unknown {extra}" if extra else ""))
        value = object.__new__(cls)
        for name in given:  # document order: the references are numbered in it
            # as pickle does: the fields as written, without __init__ (normal forms are not recomputed)
            object.__setattr__(value, name, self.decode(node[name], f"{where}.{name}"))
        # ... but validated as the constructor validates: a string where an expression belongs, a network without
        # layers or a component of the wrong shape is refused here, not met later by a printer or an algorithm
        check = getattr(cls, "__post_init__", None)
        if check is not None:
            try:
                check(value)
            except (SemialgFibersError, TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
                raise _fail(where, f"not a valid {node['$type']}: {str(exc)[:200]}") from None
        return self.keep(value)


def decode(data, where: str = "value"):
    """The value that :func:`encode` turned into ``data``.

    Raises
    ------
    MalformedNetworkError
        ``data`` is not an encoding of the module docstring: a type outside
        the allowlist, a malformed number or node, a reference to nothing, or
        nesting beyond Python's recursion limit.
    """
    try:
        return _Decoder().decode(data, where)
    except RecursionError:
        raise _fail(where, "nested too deeply") from None


def loads(text: str, where: str = "value"):
    """The value of JSON text written by :func:`dumps`.

    Raises
    ------
    MalformedNetworkError
        Not JSON, or not an encoding (see :func:`decode`).
    InputLimitError
        Text longer than the input limit ``bytes``.
    """
    bound = current_input_limits().bytes
    if len(text) > bound:
        raise InputLimitError(f"{where}: {len(text)} characters, above the input limit bytes = {bound}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _fail(where, f"not JSON ({str(exc)[:80]})") from None
    return decode(data, where)
