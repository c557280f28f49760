"""Dataclasses made at start without compiling their methods: the build compiled them.

``@dataclass`` writes each class's ``__init__``, ``__eq__``, ``__repr__``... as Python source
and compiles it (``exec``) when the module is imported: under Pyodide some 3.5 ms a class,
and the page imports about fifty, a tenth of its start (issue 30). The build
(tools/pycompile.mjs) imports the game's modules under the page's own Pyodide with
``record`` on, and ships what ``dataclasses`` compiled, by its source text, marshalled in
the code archive; ``install`` hands those code objects to ``dataclasses`` in place of
compiling. A source the build did not see (or a file that cannot be read) is compiled as
before: the classes are the same either way, only their start is slower.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
from types import CodeType
from typing import Any

from packed import read_bytes

CODE_FILE = "dataclass_code.bin"
"""In the code archive (packed.py; build.py CODE_ARCHIVE)."""

compiled_here = 0
"""Sources ``dataclasses`` compiled at start for want of the build's code (0 when the
build saw every class the page makes; e2e/test_smoke.py checks it)."""


def load(path: str = CODE_FILE) -> dict[str, CodeType]:
    """The build's code by source text, or nothing if the file is missing or damaged."""
    try:
        codes = marshal.loads(read_bytes(path))
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {source: code for source, code in codes.items()
            if isinstance(source, str) and isinstance(code, CodeType)}


def install(path: str = CODE_FILE) -> int:
    """Make ``dataclasses`` use the build's code; the number of sources it holds."""
    codes = load(path)
    _stand_in(codes, keep=False)
    return len(codes)


def record() -> dict[str, CodeType]:
    """The build's side: from now on, each source ``dataclasses`` compiles is kept, with its
    code, in the dict returned (marshal it for ``load``)."""
    codes: dict[str, CodeType] = {}
    _stand_in(codes, keep=True)
    return codes


def _stand_in(codes: dict[str, CodeType], keep: bool) -> None:
    """Have ``dataclasses`` run ``codes``' code for the sources it holds; compile any other
    source, and keep it in ``codes`` (``keep``) or count it in ``compiled_here``."""

    # dataclasses calls exec(source, globals, locals) by the name exec, looked up in its
    # module before the builtins: a module attribute of that name stands in for it.
    def exec_compiled(source: Any, globals: Any = None, locals: Any = None) -> None:
        global compiled_here
        code = codes.get(source) if isinstance(source, str) else None
        if code is None and isinstance(source, str):
            code = compile(source, "<string>", "exec")
            if keep:
                codes[source] = code
            else:
                compiled_here += 1
        builtins.exec(source if code is None else code, globals, locals)

    dataclasses.exec = exec_compiled  # type: ignore[attr-defined]
