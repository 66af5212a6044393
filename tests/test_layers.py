"""The import graph of the package: no circle, and no module imports one of a layer above its own.

Every import counts, at module level or inside a function (a lazy import is still
a dependency).  The layers are those of ``docs/architecture.md``; a new top-level
module or package must be placed in :data:`LAYERS` (the test fails until it is).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "semialg_fibers"

#: Bottom to top; a module may import from its own layer and the layers below.
LAYERS = (
    ("core",),
    ("onelayer", "general", "readwrite"),
    ("shallow",),
    ("orthant",),
    ("three_layer",),
    ("graph",),
    ("api",),
    ("conservation",),
    ("render",),
    ("population",),
    ("cli",),
    ("__init__", "__main__"),
)


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path, modules: dict) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in modules else base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    # a name read from an enclosing package (``from .. import x``) is a dependency on that package's __init__
    return {t for t in found if t in modules and t != name}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _top(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _layer(name: str) -> int:
    top = _top(name)
    for index, layer in enumerate(LAYERS):
        if top in layer:
            return index
    raise AssertionError(f"{name} is in no layer of tests/test_layers.py (place its package in LAYERS)")


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_scan_sees_the_package(tmp_path):
    graph = _graph()
    assert {"semialg_fibers.core.network", "semialg_fibers.api", "semialg_fibers.cli.main"} <= set(graph)
    assert "semialg_fibers.core.network" in graph["semialg_fibers.api"]
    probe = tmp_path / "probe.py"  # a lazy import inside a function counts
    probe.write_text("import os\n\ndef f():\n    import json\n")
    assert _imports("m", probe, {"m": None, "os": None, "json": None}) == {"os", "json"}
    nested = tmp_path / "inner.py"  # a name read from the top package is an import of its __init__
    nested.write_text("from .. import __version__\n")
    assert _imports("pkg.sub.inner", nested, {"pkg": None, "pkg.sub": None, "pkg.sub.inner": None}) == {"pkg"}


def test_no_import_circle():
    circles = _circles(_graph())
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_no_module_imports_a_layer_above_its_own():
    graph = _graph()
    upward = sorted(f"{name} (layer {_layer(name)}) imports {target} (layer {_layer(target)})"
                    for name, targets in graph.items() for target in targets if _layer(target) > _layer(name))
    assert not upward, "\n".join(upward)


def test_only_api_chooses_the_network_class():
    """No module outside the class packages and api reads a network's depth to choose an algorithm."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        top = path.relative_to(PACKAGE).parts[0]
        if top not in ("cli", "render", "conservation", "api.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "depth":
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not offenders, f"depth tests outside the network classes: {offenders}"


def test_networks_are_read_and_written_only_through_readwrite():
    """Below render and cli, only readwrite itself touches the readers and writers (values reach them through a hook)."""
    graph = _graph()
    allowed = {"readwrite", "render", "cli", "__init__"}
    offenders = sorted(f"{name} imports {target}" for name, targets in graph.items() for target in targets
                       if _top(target) == "readwrite" and _top(name) not in allowed)
    assert not offenders, offenders


def test_the_command_line_starts_without_the_algorithms():
    """Importing the library and building its command line's parser load no SymPy and no algorithm."""
    import subprocess
    import sys

    # the parser too: every command builds it, and the census options once imported the api (SymPy) for their help
    probe = ("import sys, semialg_fibers; from semialg_fibers.cli import build_parser; build_parser(); "
             "print(sorted(m for m in ('sympy', 'networkx', 'semialg_fibers.api', 'semialg_fibers.render') "
             "if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]", loaded
