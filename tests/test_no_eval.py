"""No code from strings: no call that evaluates text in the package, and the entry points that take expressions refuse code.

SymPy's ``sympify``, ``S(...)``, ``parse_expr`` and ``lambdify`` call Python's
``eval`` / ``exec``; a string reaching one of them runs as code.  The scan below
reads the syntax tree of every module of the package and fails on any such call
that is not on :data:`ALLOWED`, where each entry must say why its argument can
never be a user's string.  The second half hands the payload
``"__import__('os').system('touch MARKER')"`` to every public entry point that
accepts an expression and checks that each refuses it with a typed error and
that the marker file was never created.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

import semialg_fibers
from semialg_fibers.core.exceptions import MalformedNetworkError, SemialgFibersError

PACKAGE = Path(semialg_fibers.__file__).parent

#: Calls that evaluate text: builtins by name, SymPy's converters by name or attribute (``sympy.sympify``).
BUILTINS = {"eval", "exec", "compile", "__import__"}
SYMPY = {"sympify", "lambdify", "parse_expr", "S", "evaluate_string"}

#: (module path relative to the package, called name) -> why its argument cannot be a user's string.
#: Empty: the package has no such call.  An entry needs a reason a referee would accept.
ALLOWED: dict[tuple[str, str], str] = {}


def evaluating_calls(source: str) -> list[tuple[int, str]]:
    """``(line, name)`` of every call in ``source`` that may evaluate a string as code."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and (func.id in BUILTINS or func.id in SYMPY):
                found.append((node.lineno, func.id))
            elif isinstance(func, ast.Attribute) and func.attr in SYMPY:
                found.append((node.lineno, func.attr))
            elif isinstance(func, ast.Attribute) and func.attr in BUILTINS and isinstance(func.value, ast.Name) \
                    and func.value.id == "builtins":
                found.append((node.lineno, func.attr))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "sympy":
            # importing a converter under another name would hide its calls: the import itself counts
            found.extend((node.lineno, f"import {alias.name}") for alias in node.names if alias.name in SYMPY)
    return sorted(found)


@functools.cache
def package_calls() -> tuple[tuple[str, int, str], ...]:
    """``(module, line, name)`` of every such call in the package."""
    return tuple((str(path.relative_to(PACKAGE)), line, name) for path in sorted(PACKAGE.rglob("*.py"))
                 for line, name in evaluating_calls(path.read_text(encoding="utf-8")))


def test_the_scanner_finds_what_it_looks_for():
    """The scan is not vacuous: each form of call is found, and a harmless name is not."""
    source = ("import sympy\nfrom sympy import sympify as s\nsympy.sympify(x)\nsympy.S(x)\neval(x)\n"
              "sympy.lambdify(a, b)\nexec(x)\nbuiltins.eval(x)\nre.compile(x)\nas_expression(x)\n")
    assert [name for _, name in evaluating_calls(source)] == ["import sympify", "sympify", "S", "eval", "lambdify",
                                                              "exec", "eval"]


def test_no_call_evaluates_text_outside_the_allowlist():
    found = [f"{module}:{line}: {name}(...)" for module, line, name in package_calls()
             if (module, name) not in ALLOWED]
    assert not found, "calls that may evaluate a string as code (use core.expressions.as_expression):\n" + \
        "\n".join(found)


def test_every_allowlist_entry_is_used_and_explained():
    used = {(module, name) for module, _, name in package_calls()}
    for key, reason in ALLOWED.items():
        assert key in used, f"{key} is allowed but no longer called: remove it"
        assert len(reason) > 40, f"{key}: say why its argument can never be a user's string"


# ----------------------------------------------------------------------------- the entry points
@pytest.fixture
def payload(tmp_path):
    marker = tmp_path / "MARKER"
    yield f"__import__('os').system('touch {marker}')"
    assert not marker.exists(), "the payload ran"


def _net():
    return semialg_fibers.Network.from_layers([([[1]], [1]), ([[2]], [0])])


def _field_holding(text):
    """A VectorField whose first component is ``text``, made past its constructor (as a hostile subclass or an
    edited pickle could): the printers must convert it safely themselves."""
    from semialg_fibers.core.symmetries import scaling_generator

    field = scaling_generator((1, 1, 1), 1, 0)
    object.__setattr__(field, "components", (text,) + field.components[1:])
    return field


def _duck_field(text):
    return SimpleNamespace(architecture=(1, 1, 1), components=(text, 0, 0, 0), name="duck",
                           coordinates=semialg_fibers.core.symbols.parameter_symbols((1, 1, 1)))


def _trajectory():
    pytest.importorskip("numpy")
    from semialg_fibers.conservation.flow import gradient_flow

    return gradient_flow(_net(), [[1.0]], [[1.0]], t_end=0.01, dt=1e-3)


def _entry_points():
    from semialg_fibers.conservation import fields
    from semialg_fibers.conservation.count import number_of_conserved_functions
    from semialg_fibers.conservation.flow import drift
    from semialg_fibers.conservation.laws import independent_at
    from semialg_fibers.core.symmetries import VectorField
    from semialg_fibers.render.conservation import field_latex
    from semialg_fibers.render.latex import value_latex, vector_field_latex

    return {
        "VectorField(...)": lambda p: VectorField((1, 1, 1), (p, 0, 0, 0)),
        "VectorField(...).latex()": lambda p: _field_holding(p).latex(),
        "VectorField(...).at(net)": lambda p: _field_holding(p).at(semialg_fibers.Network.from_layers(
            [([[1]], [0]), ([[1]], [0])])),
        "render.latex.value_latex": lambda p: value_latex(_field_holding(p)),
        "render.latex.vector_field_latex": lambda p: vector_field_latex(_duck_field(p)),
        "render.conservation.field_latex": lambda p: field_latex(_duck_field(p)),
        "conservation.laws.independent_at": lambda p: independent_at(_net(), [p]),
        "conservation.fields.expression_support": lambda p: fields.expression_support(p, (1, 1, 1)),
        "conservation.fields.field_support": lambda p: fields.field_support(_duck_field(p)),
        "conservation.fields.to_polys": lambda p: fields.to_polys(_duck_field(p)),
        "conservation.flow.drift": lambda p: drift(p, _trajectory()),
        "number_of_conserved_functions(extra_laws=...)":
            lambda p: number_of_conserved_functions(_net(), [1, 2], extra_laws=[p]),
    }


ENTRY_POINTS = list(_entry_points())


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_entry_point_refuses_code(name, payload):
    with pytest.raises(MalformedNetworkError) as info:
        _entry_points()[name](payload)
    assert isinstance(info.value, SemialgFibersError) and "\n" not in str(info.value)


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_entry_point_refuses_a_symbol_name_that_is_code(name, payload):
    """A string that is not code but not in the grammar either (attribute access, a call) is refused too."""
    with pytest.raises(MalformedNetworkError):
        _entry_points()[name]("x.__class__")


def test_strings_in_the_grammar_are_read_as_expressions():
    """The converter reads what it accepts exactly (so refusing code is not refusing strings)."""
    import sympy

    from semialg_fibers.conservation.fields import expression_support
    from semialg_fibers.core.symmetries import VectorField

    field = VectorField((1, 1, 1), ("3/4", 0, "-2", 1))
    assert field.components == (sympy.Rational(3, 4), 0, -2, 1)
    assert all(isinstance(c, sympy.Basic) for c in field.components)
    assert field.at(_net()) == (Fraction(3, 4), 0, -2, 1)
    assert expression_support("2 + 3/5", (1, 1, 1)) == ()
    with pytest.raises(semialg_fibers.InexactInputError):
        VectorField((1, 1, 1), (0.5, 0, 0, 0))


def test_vector_field_is_a_value():
    """Built from lists, a field holds tuples (hashable); a wrong number of components is refused."""
    from semialg_fibers.core.exceptions import ShapeError
    from semialg_fibers.core.symmetries import VectorField

    field = VectorField([1, 1, 1], [1, 0, 0, 0], "f")
    assert field.architecture == (1, 1, 1) and hash(field) == hash(VectorField((1, 1, 1), (1, 0, 0, 0), "f"))
    assert dataclasses.replace(field, name="g").name == "g"
    with pytest.raises(ShapeError, match="4 components, got 3"):
        VectorField((1, 1, 1), (1, 0, 0))
    with pytest.raises(ShapeError, match="positive integers"):
        VectorField((1, True, 1), (1, 0, 0, 0))
