"""Exact SymPy expressions from user input, without evaluating code.

SymPy's ``sympify`` and ``parse_expr`` run Python's ``eval`` on strings, so
``"__import__('os').system(...)"`` would run a command.  Every public entry
point that accepts an expression (constraints, parametrizations of sets,
Jacobians, LaTeX, vector fields) converts it here instead:

* SymPy expressions are taken as they are (no ``Float`` inside);
* exact numbers go through :func:`semialg_fibers.core.exact.to_rational`;
* strings are read by a small parser of our own over the grammar ::

      expr   := term (("+" | "-") term)*
      term   := unary (("*" | "/") unary)*
      unary  := ("+" | "-") unary | power
      power  := atom (("^" | "**") ["+" | "-"] INTEGER)?
      atom   := NUMBER | NAME | "(" expr ")"

  with ``NUMBER`` an ASCII decimal or integer (``0.5``, ``3``, ``1e-3``) and
  ``NAME`` an ASCII identifier, which becomes ``Symbol(NAME, real=True)`` (or
  the symbol of that name from a given mapping).  Nothing else is accepted:
  no function calls, attributes, indexing or strings.

While parsing, bounds on the number of terms and on the digits of the
coefficients of the *expanded* polynomial are kept, and the input is refused
(:class:`~semialg_fibers.core.exceptions.InputLimitError`) before SymPy expands
``(x + y)^100000`` or builds ``(10^1000)^1000``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import sympy

from .exact import shorten, to_rational
from .exceptions import InexactInputError, InputLimitError, MalformedNetworkError
from .limits import InputLimits, resolve_input

__all__ = ["as_expression", "parse_expression"]

_TOKEN = re.compile(
    r"\s*(?:(?P<number>(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<op>\*\*|[-+*/^()]))",
    re.ASCII,
)


def as_expression(value, where: str = "expression", symbols: Mapping | None = None,
                  limits: InputLimits | None = None) -> sympy.Expr:
    """An exact SymPy expression for ``value``, never evaluating code.

    Parameters
    ----------
    value : sympy.Expr, exact number or str
        A string is parsed with :func:`parse_expression`.
    where : str
        Name used in error messages.
    symbols : mapping of str to sympy.Symbol, optional
        Symbols that names in a string refer to.
    limits : InputLimits, optional

    Raises
    ------
    InexactInputError
        A float, or a SymPy expression containing a ``Float``.
    MalformedNetworkError
        A string outside the grammar, or a value that is neither.
    InputLimitError
        A string whose expansion exceeds ``limits``.

    Examples
    --------
    >>> as_expression("2*x - 1/2")
    2*x - 1/2
    >>> as_expression("__import__('os').system('true')")
    Traceback (most recent call last):
    ...
    semialg_fibers.MalformedNetworkError: expression = "__import__('os').system('true')": unexpected "'" at position 11; ...
    """
    if isinstance(value, sympy.Basic):
        if not isinstance(value, sympy.Expr):
            raise MalformedNetworkError(f"{where} is a {type(value).__name__}; expected a SymPy expression")
        if value.has(sympy.Float):
            raise InexactInputError(f"{where} = {value} contains a float; use exact rationals (sympy.Rational)")
        return value
    if isinstance(value, str):
        return parse_expression(value, symbols, where, limits)
    if isinstance(value, float):
        raise InexactInputError(f"{where} is the float {value!r}; use exact rationals")
    number = to_rational(value, where, limits)
    return sympy.Rational(number.numerator, number.denominator)


def parse_expression(text: str, symbols: Mapping | None = None, where: str = "expression",
                     limits: InputLimits | None = None) -> sympy.Expr:
    """Parse a rational-function expression in the grammar of the module docstring.

    Examples
    --------
    >>> x = sympy.Symbol("x", real=True)
    >>> parse_expression("x^2 - 3/4*x") == x**2 - sympy.Rational(3, 4) * x
    True
    >>> parse_expression("(x + y)^1000")
    Traceback (most recent call last):
    ...
    semialg_fibers.InputLimitError: expression: expands to more than 10000 terms, above the input limit terms = 10000
    """
    limits = resolve_input(limits)
    if not isinstance(text, str):
        raise MalformedNetworkError(f"{where} has type {type(text).__name__}; expected a string")
    if len(text) > limits.bytes:
        raise InputLimitError(f"{where}: {len(text)} characters, above the input limit bytes = {limits.bytes}")
    return _Parser(text, dict(symbols or {}), where, limits).parse()


class _Parser:
    """Recursive descent over the token list; each node is ``(expr, terms, digits)``.

    ``terms`` bounds the number of terms of the expanded numerator and
    denominator, ``digits`` the decimal digits of their coefficients.
    """

    def __init__(self, text, symbols, where, limits):
        self.text, self.symbols, self.where, self.limits = text, symbols, where, limits
        self.tokens = self._tokenize(text)
        self.pos = 0
        self.depth = 0

    def _error(self, message: str, hint: bool = True) -> MalformedNetworkError:
        grammar = "; expected numbers, names, + - * / ^ and parentheses" if hint else ""
        return MalformedNetworkError(f"{self.where} = {shorten(self.text)}: {message}{grammar}")

    def _tokenize(self, text):
        tokens, pos = [], 0
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                rest = text[pos:].lstrip()
                if not rest:
                    break
                raise self._error(f"unexpected {rest[0]!r} at position {len(text) - len(rest)}")
            kind = match.lastgroup
            tokens.append((kind, match.group(kind), match.start(kind)))
            pos = match.end()
        return tokens

    def _peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else (None, None, len(self.text))

    def _take(self):
        token = self._peek()
        self.pos += 1
        return token

    def _check(self, terms: int, digits: int):
        if terms > self.limits.terms:
            raise InputLimitError(f"{self.where}: expands to more than {self.limits.terms} terms, "
                                  f"above the input limit terms = {self.limits.terms}")
        if digits > self.limits.digits:
            raise InputLimitError(f"{self.where}: has coefficients of more than {self.limits.digits} digits, "
                                  f"above the input limit digits = {self.limits.digits}")

    def parse(self) -> sympy.Expr:
        if not self.tokens:
            raise self._error("the string is empty")
        expr, _, _ = self._expr()
        kind, value, position = self._peek()
        if kind is not None:
            raise self._error(f"unexpected {value!r} at position {position}")
        return expr

    def _expr(self):
        expr, terms, digits = self._term()
        while self._peek()[1] in ("+", "-"):
            op = self._take()[1]
            right, t, d = self._term()
            expr = expr + right if op == "+" else expr - right
            terms, digits = terms + t, max(digits, d) + 1
            self._check(terms, digits)
        return expr, terms, digits

    def _term(self):
        expr, terms, digits = self._unary()
        while self._peek()[1] in ("*", "/"):
            op = self._take()[1]
            right, t, d = self._unary()
            if op == "/" and right == 0:
                raise self._error("division by zero", hint=False)
            expr = expr * right if op == "*" else expr / right
            terms, digits = terms * t, digits + d + 1
            self._check(terms, digits)
        return expr, terms, digits

    def _unary(self):
        if self._peek()[1] in ("+", "-"):
            op = self._take()[1]
            expr, terms, digits = self._unary()
            return (-expr if op == "-" else expr), terms, digits
        return self._power()

    def _power(self):
        expr, terms, digits = self._atom()
        if self._peek()[1] in ("^", "**"):
            self._take()
            sign = 1
            if self._peek()[1] in ("+", "-"):
                sign = -1 if self._take()[1] == "-" else 1
            kind, value, position = self._take()
            if kind != "number" or not value.isdigit():
                raise self._error(f"the exponent at position {position} must be an integer")
            if len(value) > 18 or int(value) > self.limits.exponent:
                raise InputLimitError(f"{self.where}: exponent {value[:20]} is above the input limit "
                                      f"exponent = {self.limits.exponent}")
            k = int(value)
            if expr == 0 and sign < 0 and k:
                raise self._error("division by zero", hint=False)
            if k:
                if terms > 1 and k * terms.bit_length() > 64:  # never build astronomically large bounds
                    self._check(self.limits.terms + 1, 0)
                terms, digits = terms**k, digits * k
            else:
                terms, digits = 1, 1
            self._check(terms, digits)
            expr = expr ** (sign * k)
        return expr, terms, digits

    def _atom(self):
        kind, value, position = self._take()
        if kind == "number":
            number = to_rational(value, self.where, self.limits)
            digits = 1 + int(0.30103 * max(number.numerator.bit_length(), number.denominator.bit_length()))
            return sympy.Rational(number.numerator, number.denominator), 1, digits
        if kind == "name":
            symbol = self.symbols.get(value)
            if symbol is None:
                from .symbols import symbol_named

                symbol = symbol_named(value, real=True)  # W1_1_1, b1_1: the library's parameter symbols
            return symbol, 1, 1
        if value == "(":
            self.depth += 1
            if self.depth > self.limits.depth:
                raise InputLimitError(f"{self.where}: parentheses nested deeper than the input limit "
                                      f"depth = {self.limits.depth}")
            expr = self._expr()
            closing = self._take()
            if closing[1] != ")":
                raise self._error(f"missing ')' at position {closing[2]}")
            self.depth -= 1
            return expr
        if kind is None:
            raise self._error("the expression ends early")
        raise self._error(f"unexpected {value!r} at position {position}")
