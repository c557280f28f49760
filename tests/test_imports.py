"""No circle of imports in the engine, the players or the page (issue 28): each module's
imports, at the top, inside functions or under TYPE_CHECKING, form a graph without cycles,
so the dependency arrows point one way (web → spades, the engine never to the players)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def spades_modules() -> dict[str, Path]:
    """The package's modules by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((ROOT / "spades").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def web_modules() -> dict[str, Path]:
    """The page's modules, top-level modules in the browser (imported by bare name)."""
    return {path.stem: path for path in sorted((ROOT / "web").glob("*.py"))}


def imported(name: str, path: Path, known: set[str], tree: ast.AST | None = None) -> set[str]:
    """The known modules that ``name`` (at ``path``) imports (in ``tree``, if given, a part
    of its source).  ``from . import x`` of a submodule depends on that submodule, not on
    its package's __init__ (already run)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    if tree is None:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            if node.level:
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            submodules = {f"{module}.{alias.name}" for alias in node.names} & known
            found |= submodules
            if module in known and len(submodules) < len(node.names):
                found.add(module)
    return found - {name}


def cycles(modules: dict[str, Path]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    known = set(modules)
    edges = {name: sorted(imported(name, path, known)) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    return found


def test_the_engine_and_the_players_import_in_one_direction() -> None:
    assert cycles(spades_modules()) == []


def test_the_page_modules_import_in_one_direction() -> None:
    assert cycles(web_modules()) == []


def test_the_engine_never_imports_the_players_or_the_measuring_tools() -> None:
    modules = spades_modules()
    engine = {name for name in modules
              if not name.startswith(("spades.ai", "spades.lab")) and name != "spades.bench"}
    for name in engine:
        reached = imported(name, modules[name], set(modules))
        assert not {target for target in reached
                    if target.startswith(("spades.ai", "spades.lab"))}, name


def test_a_circle_is_found(tmp_path: Path) -> None:
    """The check itself, on two modules that import each other (one inside a function)."""
    paths = {"a": tmp_path / "a.py", "b": tmp_path / "b.py"}
    paths["a"].write_text("import b\n", encoding="utf-8")
    paths["b"].write_text("def f():\n    import a\n", encoding="utf-8")
    assert cycles(paths) == [["a", "b"]]
