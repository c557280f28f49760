"""What the page imports before it is ready (issue 30): the modules that web/main.py's
top-level imports reach, transitively, leave out those needed only once the player asks
for them (the hand review, the statistics, an online game), which are imported inside the
functions that use them."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_imports import imported, spades_modules, web_modules

LATER = {"review", "spades.review", "charts", "stats_view", "calendar", "qr", "spades.mental",
         "spades.mental.shadow", "spades.mental.protocol", "spades.mental.cipher"}
"""Imported when the hand review is first opened (web/replay.py: review, spades.review),
the statistics (web/record.py: charts, stats_view; web/stats.py: the standard library's
calendar, 1.5 ms of the page's start under Pyodide), or an online game (web/online.py and
web/peer.py: the mental poker, 7-12 ms; web/meeting.py: the invitation's QR code)."""

OUTSIDE = {"calendar"}
"""Modules of the standard library the walk reports (it walks only the game's own)."""


def run_at_import(path: Path) -> ast.Module:
    """``path``'s module without its functions' bodies (a class's methods included) and its
    ``if TYPE_CHECKING:`` blocks: the imports that run as it is imported. (An import in a
    function that the page calls as it starts is not seen: such a function names the module
    it imports in its body, where a reader looks for it.)"""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

    def runs(node: ast.stmt) -> bool:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        return not (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test))

    kept: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            node.body = [child for child in node.body if runs(child)] or [ast.Pass()]
        if runs(node):
            kept.append(node)
    return ast.Module(body=kept, type_ignores=[])


def start_imports() -> set[str]:
    """Every module of the page and of the engine that importing main.py runs, and those
    of OUTSIDE that they import."""
    modules = {**web_modules(), **spades_modules()}
    known = set(modules) | OUTSIDE
    seen: set[str] = set()
    waiting = ["main"]
    while waiting:
        name = waiting.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in modules:  # OUTSIDE: reported, not walked
            continue
        # A submodule's packages run first (spades.mental.shadow runs spades.mental).
        parts = name.split(".")
        waiting += [".".join(parts[:end]) for end in range(1, len(parts))
                    if ".".join(parts[:end]) in known]
        path = modules[name]
        waiting += sorted(imported(name, path, known, run_at_import(path)))
    return seen


def test_the_page_starts_without_the_modules_it_needs_only_later() -> None:
    found = start_imports()
    assert {"app", "spades", "spades.game", "record", "replay"} <= found  # the walk works
    assert found & LATER == set()
