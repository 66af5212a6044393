"""Exact semialgebraic sets over Q: polynomial constraints, basic sets, finite unions.

A :class:`PolynomialConstraint` is ``p = 0``, ``p > 0``, ``p >= 0`` or
``p != 0`` with ``p`` a polynomial with rational coefficients, kept in a
canonical normal form (rational content removed, sign normalized for ``=``
and ``!=``), so equal constraints are equal values and print equally.

A :class:`BasicSet` is a conjunction of constraints in ambient *variables*,
optionally with existentially quantified *auxiliary* variables and an
optional *parametrization* ``variables = phi(auxiliary)`` (rational functions
over Q).  With a parametrization the constraints restrict the auxiliary
variables (the domain ``U``) and the set is ``phi(U)``, e.g. the orbit
``{(lambda a, lambda b, v / lambda) : lambda > 0}``.  A
:class:`SemialgebraicSet` is a finite union of basic sets.

Membership of a rational point is exact.  Without auxiliary variables it is
substitution.  With them, existence of auxiliary values is decided exactly when
the system is linear in them after substituting the point and eliminating every
linear equation (one exact LP per ``!=`` constraint); any other case raises
:class:`~semialg_fibers.core.exceptions.NotDecidedError` naming the constraints it
could not handle.  Sampling (:meth:`BasicSet.sample`) is deterministic given a
seed: exact LP on the linear constraints, rejection on the others.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

import sympy

from . import linalg
from .exact import to_rational
from .exceptions import NotDecidedError, ShapeError
from .expressions import as_expression
from .printing import Printable
from .progress import task
from .symbols import symbol_sort_key

__all__ = [
    "RELATIONS",
    "linear_constraint",
    "monomial_constraint",
    "map_parametrization",
    "PolynomialConstraint",
    "constraint",
    "BasicSet",
    "SemialgebraicSet",
    "union",
]

#: Relations of normalized constraints ``p REL 0``; ``"<"`` and ``"<="`` are accepted on input.
RELATIONS = ("==", "!=", ">", ">=")
_FLIP = {"<": ">", "<=": ">="}
_SYMPY_REL = {"==": sympy.Eq, "!=": sympy.Ne, ">": sympy.StrictGreaterThan, ">=": sympy.GreaterThan}

Monomial = tuple[int, ...]
PolyDict = dict  # Monomial -> Fraction


# ---------------------------------------------------------------- polynomials as dicts
def _rational(value) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def _sympify(expr, where: str, symbols=None) -> sympy.Expr:
    # Never sympy.sympify: it evaluates strings as Python code.
    return as_expression(expr, where, symbols)


#: Walks of expressions by identity: normalization, certificates, sampling and membership walk the same
#: parametrization entries again; equal-valued copies must not cost a structural comparison each.
_WALKS: dict = {}


@lru_cache(maxsize=512)
def _index_of(gens: tuple) -> dict:
    return {g: i for i, g in enumerate(gens)}


def _walk(expr, gens: tuple, negative: bool):
    """``(num, den)`` dicts of ``expr`` in ``gens`` (see :func:`_walk_expr`), cached by object identity."""
    key = (id(expr), id(gens), negative)
    hit = _WALKS.get(key)
    if hit is not None and hit[0] is expr and hit[1] is gens:
        return hit[2]
    result = _walk_expr(expr, _index_of(gens), len(gens), negative)
    if len(_WALKS) > 1 << 18:
        _WALKS.clear()
    _WALKS[key] = (expr, gens, result)  # the references keep the ids valid
    return result


def _walk_expr(expr, index: Mapping, n: int, negative: bool):
    """``(num, den)`` dicts of a SymPy expression built from rationals, ``index``'s symbols, +, * and integer powers.

    Without ``negative`` only polynomials are accepted (``den`` is 1).  Returns None for anything else,
    so callers fall back to SymPy's own (slower) conversion.  This avoids ``sympy.Poly`` and
    ``sympy.cancel`` on the thousands of simple entries (``lambda alpha_j``, ``kappa / lambda``) of
    wide networks.
    """
    zero = (0,) * n
    if expr.is_Mul:
        coeff, rest = expr.as_coeff_Mul()
        if coeff.is_Rational and (rest.is_Symbol or (rest.is_Pow and rest.base.is_Symbol and rest.exp.is_Integer)):
            base, e = (rest, 1) if rest.is_Symbol else (rest.base, int(rest.exp))
            i = index.get(base)
            if i is not None and (e >= 0 or negative):
                mono = tuple(abs(e) if j == i else 0 for j in range(n))
                value = _rational(coeff)
                if e >= 0:
                    return {mono: value}, {zero: Fraction(1)}
                return {zero: value}, {mono: Fraction(1)}
    if expr.is_Rational:
        value = _rational(expr)
        return ({zero: value} if value else {}), {zero: Fraction(1)}
    if expr.is_Symbol:
        i = index.get(expr)
        if i is None:
            return None
        return {tuple(int(j == i) for j in range(n)): Fraction(1)}, {zero: Fraction(1)}
    if expr.is_Add:
        num, den = {}, {zero: Fraction(1)}
        for arg in expr.args:
            part = _walk_expr(arg, index, n, negative)
            if part is None:
                return None
            pn, pd = part
            if pd != den:
                num, den = _poly_add(_poly_mul(num, pd), _poly_mul(pn, den)), _poly_mul(den, pd)
            else:
                num = _poly_add(num, pn)
        return num, den
    if expr.is_Mul:
        num, den = {zero: Fraction(1)}, {zero: Fraction(1)}
        for arg in expr.args:
            part = _walk_expr(arg, index, n, negative)
            if part is None:
                return None
            num, den = _poly_mul(num, part[0]), _poly_mul(den, part[1])
        return num, den
    if expr.is_Pow and expr.exp.is_Integer:
        e = int(expr.exp)
        if e < 0 and not negative:
            return None
        part = _walk_expr(expr.base, index, n, negative)
        if part is None:
            return None
        base_num, base_den = part if e >= 0 else (part[1], part[0])
        num, den = {zero: Fraction(1)}, {zero: Fraction(1)}
        for _ in range(abs(e)):
            num, den = _poly_mul(num, base_num), _poly_mul(den, base_den)
        return num, den
    return None


def _is_reduced(expr, gens: tuple) -> bool:
    """True for a polynomial divided by a monomial sharing no variable with it (SymPy's own printed form)."""
    parts = _walk(expr, gens, negative=True)
    if parts is None:
        return False
    num, den = parts
    if len(den) != 1:
        return False
    (mono, coeff), = den.items()
    if coeff != 1:
        return False
    return not any(e and all(m[i] for m in num) for i, e in enumerate(mono))


def _poly_add(a: PolyDict, b: PolyDict) -> PolyDict:
    out = dict(a)
    for m, c in b.items():
        v = out.get(m, Fraction(0)) + c
        if v:
            out[m] = v
        else:
            out.pop(m, None)
    return out


def _poly_dict(expr: sympy.Expr, gens: Sequence[sympy.Symbol], where: str) -> PolyDict:
    """``expr`` as ``{exponents: Fraction}`` in ``gens``; rejects non-polynomials and irrational coefficients."""
    fast = _walk(expr, tuple(gens), negative=False)
    if fast is not None:
        return fast[0]
    if not gens:
        if not expr.is_Rational:
            raise ValueError(f"{where} = {expr} is not a rational number")
        value = _rational(expr)
        return {(): value} if value else {}
    try:
        poly = sympy.Poly(expr, *gens, domain=sympy.QQ)
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed, sympy.GeneratorsError) as exc:
        raise ValueError(f"{where} = {expr} is not a polynomial over Q in {tuple(gens)}: {exc}") from None
    return {m: _rational(c) for m, c in poly.terms() if c}


def _dict_expr(poly: PolyDict, gens: Sequence[sympy.Symbol]) -> sympy.Expr:
    return sympy.Add(*[sympy.Rational(c.numerator, c.denominator) * sympy.Mul(*[g**e for g, e in zip(gens, m) if e])
                       for m, c in poly.items()])


def _eval_dict(poly: PolyDict, values: Sequence[Fraction]) -> Fraction:
    total = Fraction(0)
    for m, c in poly.items():
        term = c
        for v, e in zip(values, m):
            if e:
                term *= v**e
        total += term
    return total


def _normal_form(poly: PolyDict, relation: str) -> tuple[PolyDict, str]:
    """Primitive integer polynomial; for ``==``/``!=`` the lex-leading coefficient is positive."""
    if not poly:
        return {}, relation
    if all(m == () or not any(m) for m in poly):
        value = next(iter(poly.values()))
        return ({(): Fraction(_sign(value))} if value else {}), relation
    den = math.lcm(*(c.denominator for c in poly.values()))
    ints = {m: c.numerator * (den // c.denominator) for m, c in poly.items()}
    g = math.gcd(*ints.values())
    if relation in ("==", "!=") and ints[max(ints)] < 0:
        g = -g
    return {m: Fraction(c // g) for m, c in ints.items()}, relation


def _sign(value: Fraction) -> int:
    return (value > 0) - (value < 0)


def _holds(value: Fraction, relation: str) -> bool:
    if relation == "==":
        return value == 0
    if relation == "!=":
        return value != 0
    if relation == ">":
        return value > 0
    return value >= 0


# ---------------------------------------------------------------- constraints
@dataclass(frozen=True)
class PolynomialConstraint(Printable):
    """``polynomial  relation  0`` over Q, in canonical normal form.

    Build with :func:`constraint`; the constructor expects an already
    normalized polynomial given by its generators and terms.  Equal
    constraints compare and hash equal.  ``latex()`` is the relation with
    positive terms on the left, math mode
    (:func:`semialg_fibers.render.latex.constraint_latex`).

    Attributes
    ----------
    relation : {"==", "!=", ">", ">="}
    gens : tuple of sympy.Symbol
        The symbols the polynomial involves, in the order of
        :func:`~semialg_fibers.core.symbols.symbol_sort_key`.
    terms : tuple of (exponents, Fraction)
        The terms of a primitive integer polynomial (for ``==`` and ``!=``
        with positive leading coefficient in the lex order of ``gens``),
        sorted.  A constant constraint is normalized to ``0 == 0`` (true)
        or ``0 != 0`` (false), with no terms.
    polynomial : sympy.Expr
        The polynomial as a SymPy expression (built on first use).
    """

    relation: str
    gens: tuple = ()
    terms: tuple = ()

    def __repr__(self) -> str:
        return f"PolynomialConstraint(polynomial={self.polynomial}, relation={self.relation!r})"

    @cached_property
    def polynomial(self) -> sympy.Expr:
        """The polynomial as a SymPy expression."""
        return _dict_expr(dict(self.terms), self.gens) if self.terms else sympy.Integer(0)

    def __post_init__(self):
        if self.relation not in RELATIONS:
            raise ValueError(f"relation must be one of {RELATIONS}, got {self.relation!r}")

    @property
    def free_symbols(self) -> frozenset:
        """The symbols the polynomial involves."""
        return frozenset(self.gens)

    @property
    def is_constant(self) -> bool:
        """True for the normalized constants ``0 == 0`` and ``0 != 0``."""
        return not self.gens

    @property
    def is_true(self) -> bool:
        """True iff the constraint holds everywhere because it is the constant ``0 == 0``."""
        return self.is_constant and self.relation == "=="

    @property
    def is_false(self) -> bool:
        """True iff the constraint is the constant ``0 != 0`` (holds nowhere)."""
        return self.is_constant and self.relation == "!="

    @cached_property
    def total_degree(self) -> int:
        """Total degree in all its symbols."""
        return max((sum(m) for m, _ in self.terms), default=0)

    def degree(self, symbols: Iterable[sympy.Symbol] | None = None) -> int:
        """Total degree in ``symbols`` (all symbols by default)."""
        if symbols is None:
            return self.total_degree
        chosen = set(symbols)
        idx = [i for i, g in enumerate(self.gens) if g in chosen]
        return max((sum(m[i] for i in idx) for m, _ in self.terms), default=0)

    def value(self, point: Mapping[sympy.Symbol, Fraction]) -> Fraction:
        """Exact value of the polynomial at a point (a mapping covering its symbols)."""
        try:
            values = [point[g] for g in self.gens]
        except KeyError as exc:
            raise ValueError(f"the point gives no value for {exc.args[0]} in {self.polynomial}") from None
        values = [v if type(v) is Fraction else to_rational(v, str(g)) for v, g in zip(values, self.gens)]
        return _eval_dict(dict(self.terms), values)

    def holds(self, point: Mapping[sympy.Symbol, Fraction]) -> bool:
        """Exact test at a point (a mapping covering the constraint's symbols).

        >>> x = sympy.Symbol("x", real=True)
        >>> constraint(x**2 - 2, ">").holds({x: Fraction(3, 2)})
        True
        """
        return _holds(self.value(point), self.relation)

    def as_relational(self) -> sympy.Basic:
        """The SymPy relational ``polynomial REL 0``."""
        return _SYMPY_REL[self.relation](self.polynomial, 0, evaluate=False)

    def to_dict(self) -> dict:
        """``{"polynomial": str, "relation": str}`` (SymPy string syntax)."""
        return {"polynomial": sympy.sstr(self.polynomial, order="lex"), "relation": self.relation}


def constraint(lhs, relation: str = "==", rhs=0, symbols=None) -> PolynomialConstraint:
    """Normalized constraint ``lhs REL rhs`` over Q.

    Parameters
    ----------
    lhs, rhs : SymPy expression, int, Fraction or str
        Polynomials with rational coefficients (floats are rejected).  A
        string is parsed without evaluating code
        (:func:`semialg_fibers.core.expressions.parse_expression`: numbers, names,
        ``+ - * / ^`` and parentheses); its names become real symbols.
    relation : {"==", "!=", ">", ">=", "<", "<="}
    symbols : mapping of str to sympy.Symbol, optional
        The symbols that names in string arguments refer to.

    Returns
    -------
    PolynomialConstraint
        In normal form: ``<``/``<=`` are rewritten as ``>``/``>=``, the
        polynomial ``lhs - rhs`` is made primitive over Z (divided by its
        positive rational content) and, for ``==``/``!=``, multiplied by the
        sign of its lex-leading coefficient.

    Raises
    ------
    ValueError
        Unknown relation, or a non-polynomial (e.g. ``x / y``) or irrational coefficient.
    InexactInputError
        Float coefficients.

    Examples
    --------
    >>> x, y = sympy.symbols("x y", real=True)
    >>> constraint(-2*x + 4*y, "==")
    PolynomialConstraint(polynomial=x - 2*y, relation='==')
    >>> constraint(x, "<", sympy.Rational(1, 2))
    PolynomialConstraint(polynomial=1 - 2*x, relation='>')
    >>> constraint(3, ">").is_true
    True
    >>> constraint("x^2 + y", "<=", "1/2") == constraint(1 - 2 * x**2 - 2 * y, ">=")
    True
    >>> constraint(x / y, ">")
    Traceback (most recent call last):
    ...
    ValueError: constraint = x/y is not a polynomial over Q in (x, y): ...
    """
    if relation in _FLIP:
        lhs, rhs, relation = rhs, lhs, _FLIP[relation]
    if relation not in RELATIONS:
        raise ValueError(f"relation must be one of {RELATIONS + tuple(_FLIP)}, got {relation!r}")
    expr = _sympify(lhs, "lhs", symbols) - _sympify(rhs, "rhs", symbols)
    gens = tuple(sorted(expr.free_symbols, key=symbol_sort_key))
    poly = _poly_dict(expr, gens, "constraint")
    return _make(poly, gens, relation)


def monomial_constraint(monomials: Mapping, relation: str = "==") -> PolynomialConstraint:
    """The normalized constraint ``sum_mono coefficient * prod(mono)  REL  0`` from ``{tuple of symbols: coefficient}``.

    A key is the tuple of the symbols of one monomial (repeated for powers;
    ``()`` for the constant).  Built without SymPy arithmetic, for the many
    simple constraints of wide networks.

    >>> x, y = sympy.symbols("x y", real=True)
    >>> monomial_constraint({(x, y): 2, (x, x): -1, (): 3}, ">") == constraint(2 * x * y - x**2 + 3, ">")
    True
    """
    if relation in _FLIP:
        monomials = {mono: -Fraction(c) for mono, c in monomials.items()}
        relation = _FLIP[relation]
    if relation not in RELATIONS:
        raise ValueError(f"relation must be one of {RELATIONS + tuple(_FLIP)}, got {relation!r}")
    gens = tuple(sorted({g for mono, c in monomials.items() if c for g in mono}, key=symbol_sort_key))
    index = {g: i for i, g in enumerate(gens)}
    poly: PolyDict = {}
    for mono, c in monomials.items():
        if not c:
            continue
        exps = [0] * len(gens)
        for g in mono:
            exps[index[g]] += 1
        key = tuple(exps)
        poly[key] = poly.get(key, Fraction(0)) + Fraction(c)
    return _make({m: c for m, c in poly.items() if c}, gens, relation)


def linear_constraint(coefficients: Mapping, constant=0, relation: str = "==") -> PolynomialConstraint:
    """The normalized constraint ``sum_s coefficients[s] s + constant  REL  0``, built without SymPy arithmetic.

    For the thousands of linear equations of wide networks (a neuron on a
    known line); equal to ``constraint(sum(c * s) + constant, relation)``.

    >>> x, y = sympy.symbols("x y", real=True)
    >>> linear_constraint({x: Fraction(-2), y: 4}) == constraint(-2 * x + 4 * y, "==")
    True
    """
    monomials = {(v,): c for v, c in coefficients.items()}
    monomials[()] = constant
    return monomial_constraint(monomials, relation)


def _make(poly: PolyDict, gens: tuple, relation: str) -> PolynomialConstraint:
    poly, relation = _normal_form(poly, relation)
    if not any(any(m) for m in poly):
        value = next(iter(poly.values()), Fraction(0))
        truth = _holds(value, relation)
        return PolynomialConstraint("==" if truth else "!=", (), ())
    used = [i for i in range(len(gens)) if any(m[i] for m in poly)]
    gens = tuple(gens[i] for i in used)
    poly = {tuple(m[i] for i in used): c for m, c in poly.items()}
    terms = tuple(sorted(poly.items(), reverse=True))
    return PolynomialConstraint(relation, gens, terms)


def _as_constraint(item, where: str, symbols=None) -> PolynomialConstraint:
    if isinstance(item, PolynomialConstraint):
        return item
    if isinstance(item, sympy.Rel):
        op = {"==": "==", "!=": "!=", ">": ">", ">=": ">=", "<": "<", "<=": "<="}[item.rel_op]
        return constraint(item.lhs, op, item.rhs)
    if isinstance(item, tuple) and len(item) in (2, 3):
        return constraint(*item, symbols=symbols) if len(item) == 3 else constraint(item[0], item[1], symbols=symbols)
    raise TypeError(f"{where} is a {type(item).__name__}; expected PolynomialConstraint, a SymPy relation or (lhs, rel[, rhs])")


def _constraint_sort_key(c: PolynomialConstraint, order: Mapping) -> tuple:
    rel = RELATIONS.index(c.relation)
    # leading variable in the ambient order first, so equations read in the flat parameter order
    positions = sorted(order.get(g, len(order)) for g in c.gens)
    return (rel, tuple(positions), c.degree())


def _sorted_constraints(items, order: Mapping) -> tuple:
    """Canonical order: relation, variables, degree, then the printed polynomial (only to break ties)."""
    keyed = sorted(((_constraint_sort_key(c, order), i, c) for i, c in enumerate(items)), key=lambda t: (t[0], t[1]))
    out, start = [], 0
    while start < len(keyed):
        end = start
        while end < len(keyed) and keyed[end][0] == keyed[start][0]:
            end += 1
        group = [c for _, _, c in keyed[start:end]]
        if len(group) > 1:
            group.sort(key=lambda c: sympy.sstr(c.polynomial, order="lex"))
        out.extend(group)
        start = end
    return tuple(out)


# ---------------------------------------------------------------- basic sets
@dataclass(frozen=True)
class BasicSet(Printable):
    """A conjunction of polynomial constraints, optionally projected or parametrized.

    The set is ``{x in R^variables : exists a in R^auxiliary with every
    constraint true at (x, a) and, if given, x = parametrization(a)}``.
    ``latex(point_name=None)`` is its set-builder formula
    ``\\left\\{ \\theta \\in \\mathbb{R}^{N} : \\begin{aligned}...\\end{aligned} \\right\\}``
    (math mode, :func:`semialg_fibers.render.latex.basic_set_latex`), which
    ``_repr_latex_`` shows in display style.

    Attributes
    ----------
    variables : tuple of sympy.Symbol
        Ambient coordinates, in order (for networks: :func:`~semialg_fibers.core.symbols.parameter_symbols`).
    constraints : tuple of PolynomialConstraint
        Normalized, deduplicated, in canonical order (equations, ``!=``, ``>``,
        ``>=``; then by the first variable they involve).  Trivially true
        constraints are dropped; a trivially false one makes the set empty and
        is the only constraint kept.
    auxiliary : tuple of sympy.Symbol
        Existentially quantified variables.
    parametrization : tuple of sympy.Expr or None
        One rational function over Q of the auxiliary variables per variable.
        Points where a denominator vanishes are not in the set.

    Examples
    --------
    >>> x, y = sympy.symbols("x y", real=True)
    >>> lam = sympy.Symbol("lambda", real=True)
    >>> ray = BasicSet((x, y), [constraint(lam, ">")], auxiliary=(lam,), parametrization=(2 * lam, 1 / lam))
    >>> ray.contains((Fraction(4), Fraction(1, 2))), ray.contains((Fraction(-4), Fraction(-1, 2)))
    (True, False)
    >>> disk = BasicSet((x, y), [(x**2 + y**2, "<", 1)])
    >>> disk.contains(("1/2", "1/2")), disk.constraints
    (True, (PolynomialConstraint(polynomial=-x**2 - y**2 + 1, relation='>'),))
    """

    variables: tuple
    constraints: tuple = ()
    auxiliary: tuple = ()
    parametrization: tuple | None = None

    def __post_init__(self):
        variables = tuple(self.variables)
        auxiliary = tuple(self.auxiliary)
        for name, syms in (("variables", variables), ("auxiliary", auxiliary)):
            for s in syms:
                if not isinstance(s, sympy.Symbol):
                    raise TypeError(f"{name} must hold sympy Symbols, got {s!r}")
            if len(set(syms)) != len(syms):
                raise ValueError(f"{name} has repeated symbols: {syms}")
        if set(variables) & set(auxiliary):
            raise ValueError(f"auxiliary symbols {sorted(map(str, set(variables) & set(auxiliary)))} are also variables")
        allowed = set(variables) | set(auxiliary)
        order = {s: i for i, s in enumerate(variables + auxiliary)}
        names = {str(sym): sym for sym in variables + auxiliary}
        items = [_as_constraint(c, f"constraints[{i}]", names) for i, c in enumerate(self.constraints)]
        for c in items:
            extra = c.free_symbols - allowed
            if extra:
                raise ValueError(f"constraint {c.polynomial} {c.relation} 0 uses {sorted(map(str, extra))}, "
                                 f"which are neither variables nor auxiliary")
        if any(c.is_false for c in items):
            items = [constraint(0, "!=")]
        unique = {c: None for c in items if not c.is_true}
        ordered = _sorted_constraints(list(unique), order)
        param = self.parametrization
        if param is not None:
            param = tuple(_sympify(p, f"parametrization[{i}]", names) for i, p in enumerate(param))
            if len(param) != len(variables):
                raise ShapeError(f"parametrization has {len(param)} entries; there are {len(variables)} variables")
            for i, p in enumerate(param):
                extra = p.free_symbols - set(auxiliary)
                if extra:
                    raise ValueError(f"parametrization[{i}] = {p} uses {sorted(map(str, extra))}, which are not auxiliary")
            # canonical rational-function form, so equal sets compare equal (entries that are already a
            # polynomial over a monomial without common factor are kept: wide networks have thousands)
            param = tuple(p if _is_reduced(p, auxiliary) else sympy.cancel(p) for p in param)
            for c in ordered:
                if c.free_symbols & set(variables):
                    raise ValueError("with a parametrization, constraints may involve auxiliary symbols only; "
                                     f"{c.polynomial} {c.relation} 0 involves variables")
        object.__setattr__(self, "variables", variables)
        object.__setattr__(self, "auxiliary", auxiliary)
        object.__setattr__(self, "constraints", ordered)
        object.__setattr__(self, "parametrization", param)

    # ------------------------------------------------------------ properties
    @property
    def ambient_dimension(self) -> int:
        """Number of variables."""
        return len(self.variables)

    @property
    def is_trivially_empty(self) -> bool:
        """True iff a constraint is the constant false ``0 != 0``."""
        return any(c.is_false for c in self.constraints)

    def domain(self) -> BasicSet:
        """For a parametrized set: the constraints as a set over the auxiliary symbols."""
        return BasicSet(self.auxiliary, self.constraints)

    # ------------------------------------------------------------ membership
    def _point(self, point) -> dict:
        if isinstance(point, Mapping):
            missing = [str(v) for v in self.variables if v not in point]
            if missing:
                raise ValueError(f"the point gives no value for {missing}")
            return {v: to_rational(point[v], str(v)) for v in self.variables}
        values = list(point)
        if len(values) != len(self.variables):
            raise ShapeError(f"the point has {len(values)} coordinates; the set lives in R^{len(self.variables)}")
        return {v: to_rational(x, str(v)) for v, x in zip(self.variables, values)}

    def contains(self, point) -> bool:
        """Exact membership of a rational point.

        Parameters
        ----------
        point : sequence of exact numbers (in the order of ``variables``) or mapping symbol -> number

        Raises
        ------
        NotDecidedError
            When auxiliary variables remain nonlinearly constrained after
            substituting the point and eliminating the linear equations.

        Examples
        --------
        >>> x = sympy.Symbol("x", real=True); t = sympy.Symbol("t", real=True)
        >>> BasicSet((x,), [(t**2, "==", x)], auxiliary=(t,)).contains([4])
        Traceback (most recent call last):
        ...
        semialg_fibers.NotDecidedError: ...
        """
        values = self._point(point)
        if not self.auxiliary:
            return all(c.holds(values) for c in self.constraints)
        system = _substituted_system(self, values)
        return _exists(system, self.auxiliary)

    def __contains__(self, point) -> bool:
        return self.contains(point)

    # ------------------------------------------------------------ sampling
    def sample(self, seed: int = 0, attempts: int = 200) -> tuple[Fraction, ...]:
        """A rational point of the set, deterministic given ``seed``.

        Picks a random relative-interior point of the polyhedron cut out by the
        linear constraints (in the auxiliary variables when parametrized,
        otherwise in variables and auxiliary jointly) by exact LP, rejects it
        unless every constraint holds exactly, and maps it through the
        parametrization.  The returned point is checked with :meth:`contains`
        only when that is decidable without auxiliary variables; for
        parametrized sets it is the image of a verified domain point.

        Raises
        ------
        ValueError
            The linear constraints alone are infeasible (the set is empty).
        NotDecidedError
            No point passed the nonlinear constraints within ``attempts`` draws.

        Examples
        --------
        >>> x, y = sympy.symbols("x y", real=True)
        >>> s = BasicSet((x, y), [(x, ">", 0), (y, ">=", x), (x * y, "<", 2)])
        >>> p = s.sample(seed=1); s.contains(p)
        True
        >>> p == s.sample(seed=1)
        True
        """
        rng = random.Random(seed)
        if self.parametrization is not None:
            aux_point = _sample_constraints(self.constraints, self.auxiliary, rng, attempts,
                                            parametrization=self.parametrization)
            return map_parametrization(self.parametrization, self.auxiliary, aux_point)
        joint = self.variables + self.auxiliary
        point = _sample_constraints(self.constraints, joint, rng, attempts)
        return point[: len(self.variables)]

    def sample_auxiliary(self, seed: int = 0, attempts: int = 200) -> tuple[Fraction, ...]:
        """A point of the domain (values of ``auxiliary``) whose image is defined; see :meth:`sample`."""
        rng = random.Random(seed)
        return _sample_constraints(self.constraints, self.auxiliary, rng, attempts,
                                   parametrization=self.parametrization)

    # ------------------------------------------------------------ output
    def to_dict(self) -> dict:
        """JSON-ready dictionary (expressions in SymPy string syntax)."""
        out = {
            "variables": [str(v) for v in self.variables],
            "auxiliary": [str(a) for a in self.auxiliary],
            "constraints": [c.to_dict() for c in self.constraints],
        }
        if self.parametrization is not None:
            out["parametrization"] = [sympy.sstr(p, order="lex") for p in self.parametrization]
        return out

    def to_json(self, indent: int | None = 1) -> str:
        """JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict(), indent=indent)


@dataclass(frozen=True)
class SemialgebraicSet(Printable):
    """A finite union of :class:`BasicSet` pieces over the same variables.

    ``latex()`` joins the set-builder forms of the pieces by ``\\cup``
    (``\\emptyset`` when there are none; :func:`semialg_fibers.render.latex.union_latex`),
    math mode, which ``_repr_latex_`` shows in display style.

    >>> x = sympy.Symbol("x", real=True)
    >>> s = union([BasicSet((x,), [(x, ">", 1)]), BasicSet((x,), [(x, "<", -1)])])
    >>> s.contains([2]), s.contains([0]), s.contains([-2])
    (True, False, True)
    """

    variables: tuple
    pieces: tuple = ()

    def __post_init__(self):
        variables = tuple(self.variables)
        pieces = tuple(self.pieces)
        for i, p in enumerate(pieces):
            if not isinstance(p, BasicSet):
                raise TypeError(f"pieces[{i}] is a {type(p).__name__}; expected BasicSet")
            if p.variables != variables:
                raise ValueError(f"pieces[{i}] lives in {p.variables}, the union in {variables}")
        object.__setattr__(self, "variables", variables)
        object.__setattr__(self, "pieces", tuple(p for p in pieces if not p.is_trivially_empty))

    def contains(self, point) -> bool:
        """True iff some piece contains the point; NotDecidedError if no piece does and one is undecided."""
        undecided = []
        for i, piece in enumerate(self.pieces):
            try:
                if piece.contains(point):
                    return True
            except NotDecidedError as exc:
                undecided.append(f"piece {i}: {exc}")
        if undecided:
            raise NotDecidedError("no piece contains the point and some are undecided: " + "; ".join(undecided))
        return False

    def __contains__(self, point) -> bool:
        return self.contains(point)

    def __iter__(self):
        return iter(self.pieces)

    def __len__(self) -> int:
        return len(self.pieces)

    def to_dict(self) -> dict:
        """JSON-ready dictionary."""
        return {"variables": [str(v) for v in self.variables], "pieces": [p.to_dict() for p in self.pieces]}

    def to_json(self, indent: int | None = 1) -> str:
        """JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict(), indent=indent)


def union(pieces: Sequence[BasicSet]) -> SemialgebraicSet:
    """The union of basic sets over the same variables (at least one piece)."""
    pieces = tuple(pieces)
    if not pieces:
        raise ValueError("union of no pieces: pass SemialgebraicSet(variables, ()) for the empty set")
    return SemialgebraicSet(pieces[0].variables, pieces)


# ---------------------------------------------------------------- existence of auxiliary values
def _rational_parts(expr: sympy.Expr, gens: Sequence[sympy.Symbol], where: str) -> tuple[PolyDict, PolyDict]:
    fast = _walk(expr, gens if isinstance(gens, tuple) else tuple(gens), negative=True)
    if fast is not None:
        return fast
    num, den = sympy.fraction(sympy.together(expr))
    return _poly_dict(sympy.expand(num), gens, where), _poly_dict(sympy.expand(den), gens, where)


def _substituted_system(basic: BasicSet, values: Mapping) -> list[tuple[PolyDict, str, str]]:
    """Constraints in the auxiliary variables only, after substituting the point."""
    aux = basic.auxiliary
    index = {a: i for i, a in enumerate(aux)}
    system = []
    for c in basic.constraints:
        poly: PolyDict = {}
        for m, coeff in c.terms:
            key = [0] * len(aux)
            term = coeff
            for g, e in zip(c.gens, m):
                if not e:
                    continue
                if g in index:
                    key[index[g]] += e
                else:
                    term *= values[g] ** e
            key = tuple(key)
            poly[key] = poly.get(key, Fraction(0)) + term
        system.append(({k: v for k, v in poly.items() if v}, c.relation, f"{c.polynomial} {c.relation} 0"))
    if basic.parametrization is not None:
        for var, expr in zip(basic.variables, basic.parametrization):
            num, den = _rational_parts(expr, aux, f"parametrization of {var}")
            x = values[var]
            eq = {m: x * c for m, c in den.items()}
            for m, c in num.items():
                eq[m] = eq.get(m, Fraction(0)) - c
            system.append(({k: v for k, v in eq.items() if v}, "==", f"{var} = {expr}"))
            if any(any(m) for m in den):
                system.append((den, "!=", f"denominator of {var} = {expr}"))
    return system


def _degree(poly: PolyDict) -> int:
    return max((sum(m) for m in poly), default=0)


def _poly_mul(a: PolyDict, b: PolyDict) -> PolyDict:
    out: PolyDict = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            m = tuple(x + y for x, y in zip(ma, mb))
            out[m] = out.get(m, Fraction(0)) + ca * cb
    return {m: c for m, c in out.items() if c}


def _substitute_var(poly: PolyDict, var: int, replacement: PolyDict) -> PolyDict:
    out: PolyDict = {}
    powers: dict[int, PolyDict] = {}
    for m, c in poly.items():
        e = m[var]
        base = {tuple(0 if i == var else x for i, x in enumerate(m)): c}
        if e:
            if e not in powers:
                acc = {tuple(0 for _ in m): Fraction(1)}
                for _ in range(e):
                    acc = _poly_mul(acc, replacement)
                powers[e] = acc
            base = _poly_mul(base, powers[e])
        for mm, cc in base.items():
            out[mm] = out.get(mm, Fraction(0)) + cc
    return {m: c for m, c in out.items() if c}


def _linear_row(poly: PolyDict, n: int) -> tuple[list[Fraction], Fraction]:
    row = [Fraction(0)] * n
    const = Fraction(0)
    for m, c in poly.items():
        if not any(m):
            const += c
        else:
            row[m.index(1)] += c
    return row, const


def _exists(system: list[tuple[PolyDict, str, str]], aux: Sequence[sympy.Symbol]) -> bool:
    """Decide ``exists a: all constraints hold`` exactly, or raise NotDecidedError."""
    n = len(aux)
    system = list(system)
    while True:
        remaining = []
        for poly, rel, text in system:
            if not any(any(m) for m in poly):
                if not _holds(poly.get(tuple([0] * n), Fraction(0)), rel):
                    return False
            else:
                remaining.append((poly, rel, text))
        system = remaining
        linear_eqs = [(p, t) for p, r, t in system if r == "==" and _degree(p) <= 1]
        if not linear_eqs:
            break
        rows, rhs = [], []
        for p, _ in linear_eqs:
            row, const = _linear_row(p, n)
            rows.append(row)
            rhs.append(-const)
        augmented = [r + [b] for r, b in zip(rows, rhs)]
        reduced, pivots = linalg.rref(augmented, n + 1)
        if pivots and pivots[-1] == n:
            return False
        # substitute each pivot variable by its affine expression in the free ones
        replacements = {}
        for row, p in zip(reduced, pivots):
            rep = {tuple([0] * n): row[n]}
            for j in range(n):
                if j != p and row[j]:
                    key = tuple(int(i == j) for i in range(n))
                    rep[key] = -row[j]
            replacements[p] = {m: c for m, c in rep.items() if c}
        new_system = []
        for poly, rel, text in system:
            for var, rep in replacements.items():
                if any(m[var] for m in poly):
                    poly = _substitute_var(poly, var, rep)
            new_system.append((poly, rel, text))
        system = new_system
    nonlinear = [t for p, r, t in system if _degree(p) > 1]
    if nonlinear:
        raise NotDecidedError(
            "existence of auxiliary values " + ", ".join(map(str, aux)) + " is not linear after substituting "
            "the point and eliminating linear equations; undecided constraints: " + "; ".join(nonlinear))
    base, nonzero = [], []
    for poly, rel, _ in system:
        row, const = _linear_row(poly, n)
        if rel == "!=":
            nonzero.append((tuple(row), const))
        else:
            base.append(linalg.Constraint(tuple(row), const, rel))
    if not linalg.feasible_point(base, n):
        return False
    # A convex set minus finitely many hyperplanes is nonempty iff it lies in none of them.
    for row, const in nonzero:
        pos = linalg.Constraint(row, const, ">")
        neg = linalg.Constraint(tuple(-v for v in row), -const, ">")
        if not (linalg.feasible_point(base + [pos], n) or linalg.feasible_point(base + [neg], n)):
            return False
    return True


# ---------------------------------------------------------------- sampling
def _sample_constraints(constraints: Sequence[PolynomialConstraint], symbols: Sequence[sympy.Symbol],
                        rng: random.Random, attempts: int, parametrization=None) -> tuple[Fraction, ...]:
    n = len(symbols)
    index = {s: i for i, s in enumerate(symbols)}
    linear, checks = [], []
    for c in constraints:
        if c.relation != "!=" and c.degree() <= 1:
            row = [Fraction(0)] * n
            const = Fraction(0)
            for m, coeff in c.terms:
                if not any(m):
                    const += coeff
                else:
                    row[index[c.gens[m.index(1)]]] += coeff
            linear.append(linalg.Constraint(tuple(row), const, c.relation))
        else:
            checks.append(c)
    denominators = []
    if parametrization is not None:
        for expr in parametrization:
            _, den = _rational_parts(expr, symbols, "parametrization")
            if any(any(m) for m in den):
                denominators.append(den)
    if n == 0:
        if all(c.holds({}) for c in checks):
            return ()
        raise ValueError("the set is empty (constant constraints fail)")
    start = linalg.feasible_point(linear, n)
    if not start:
        raise ValueError("the set is empty: its linear constraints are infeasible "
                         f"(certificate {start.certificate})")
    p0 = start.point
    relaxed = [linalg.Constraint(c.coefficients, c.constant, ">=" if c.relation == ">" else c.relation) for c in linear]
    # n + 1 exact LPs per attempt: tens of seconds for the components of 1-40-1 with identical neurons
    with task("sampling a point", unit="LPs") as bar:
        return _sample_attempts(constraints, symbols, rng, attempts, linear, checks, denominators, p0, relaxed, n, bar)


def _sample_attempts(constraints: Sequence[PolynomialConstraint], symbols: Sequence[sympy.Symbol], rng: random.Random,
                     attempts: int, linear: list, checks: list, denominators: list, p0: tuple[Fraction, ...] | None,
                     relaxed: list, n: int, bar) -> tuple[Fraction, ...]:
    """The attempts of :func:`_sample_constraints` (a random convex combination of LP vertices each)."""
    for _ in range(attempts):
        # Different box radii and weights per coordinate avoid coincidences (x_1 = x_2) that
        # would make the sample special rather than generic.
        box = []
        for i in range(n):
            lo = Fraction(rng.randint(1, 9), rng.randint(1, 3))
            hi = Fraction(rng.randint(1, 9), rng.randint(1, 3))
            e = tuple(Fraction(int(j == i)) for j in range(n))
            box.append(linalg.Constraint(e, lo - p0[i]))
            box.append(linalg.Constraint(tuple(-v for v in e), hi + p0[i]))
        weights = [Fraction(rng.randint(1, 20))]
        points = [p0]
        for _ in range(n + 1):
            objective = [Fraction(rng.randint(-5, 5)) for _ in range(n)]
            result = linalg.optimize(objective, relaxed + box, n)
            bar.advance()
            points.append(result.point)
            weights.append(Fraction(rng.randint(1, 20)))
        total = sum(weights)
        point = tuple(sum((w * p[i] for w, p in zip(weights, points)), Fraction(0)) / total for i in range(n))
        values = dict(zip(symbols, point))
        if not all(c.holds(values) for c in checks):
            continue
        if any(_eval_dict(d, point) == 0 for d in denominators):
            continue
        if not all(c.holds(point) for c in linear):
            continue
        return point
    raise NotDecidedError(
        f"no sample passed the nonlinear constraints in {attempts} attempts: "
        + "; ".join(f"{c.polynomial} {c.relation} 0" for c in checks))


def map_parametrization(parametrization, auxiliary, point) -> tuple[Fraction, ...]:
    """The exact image of an auxiliary point under rational functions of the auxiliary symbols.

    >>> lam = sympy.Symbol("lambda", real=True)
    >>> map_parametrization((2 * lam, 1 / lam), (lam,), (Fraction(1, 2),))
    (Fraction(1, 1), Fraction(2, 1))
    """
    out = []
    for i, expr in enumerate(parametrization):
        num, den = _rational_parts(expr, auxiliary, f"parametrization[{i}]")
        d = _eval_dict(den, point)
        if d == 0:
            raise ValueError(f"parametrization[{i}] = {expr} is undefined at the sampled point")
        out.append(_eval_dict(num, point) / d)
    return tuple(out)
