"""The page's start leaves for later the modules it needs only later (issue 30), in the
browser, as it runs: tests/test_web_start_imports.py reads the imports that run as the
modules load, but not those in a function the start calls (web/online.py's
``online_waiting``, called by every render, once imported the mental poker on the first).
Here the interpreter's own ``sys.modules`` is read once the table is ready."""

from __future__ import annotations

from typing import Any

from e2e.support import open_game
from tests.test_web_start_imports import LATER

KEEP_INTERPRETER = """document.addEventListener('DOMContentLoaded', () =>
  import('./pyscript/core.js').then((core) => core.hooks.main.onReady.add(
    (wrap) => { window.spadesInterpreter = wrap.interpreter; })));"""
"""PyScript's hook for the main interpreter, added once the page has parsed (imported
sooner, core.js would start before it has read the page's config). The hook is the
test's, not the page's."""

LOADED = """(names) => window.spadesInterpreter.runPython(`import sys
','.join(sorted(name for name in ${JSON.stringify(names)} if name in sys.modules))`)"""


def test_a_ready_table_has_not_loaded_what_it_needs_only_later(page: Any) -> None:
    page.add_init_script(KEEP_INTERPRETER)
    open_game(page, "?seed=7&speed=instant")
    page.wait_for_function("() => !!window.spadesInterpreter")
    loaded = page.evaluate(LOADED, sorted(LATER))
    assert loaded == "", f"loaded at start: {loaded}"
