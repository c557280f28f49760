"""Imports from a zip archive that read each module's code once, not twice.

CPython's zipimport answers ``get_filename`` by loading the module's code (reading it from
the archive, inflating it and unmarshalling it) and keeping only its path; and the import
system asks for that path while it finds the module, before it loads the code again to run
it. So every module imported from ``spades.zip`` or the standard library's zip was read,
inflated and unmarshalled twice: about a quarter of the page's imports at start (issue 30,
profiled under the page's Pyodide with cProfile). ``install`` gives zipimport a
``get_filename`` that reads the path from the archive's table of contents instead.

The one difference: a module whose compiled file is damaged or stale is run from its
source by zipimport, as before, but its ``__file__`` names the compiled file. The build
compiles every module of both archives for the runtime that runs them.
"""

from __future__ import annotations

import zipimport
from typing import Any

ZIPIMPORT_GET_FILENAME = zipimport.zipimporter.get_filename
"""zipimport's own, as it was before ``install`` (for the tests)."""


def filename_from_contents(importer: Any, fullname: str) -> str:
    """Where ``fullname``'s code is in the archive, by the order zipimport looks (compiled
    package, package source, compiled module, module source), without reading it."""
    path = zipimport._get_module_path(importer, fullname)  # type: ignore[attr-defined]
    files = importer._get_files() if hasattr(importer, "_get_files") else importer._files
    for suffix, _compiled, _package in zipimport._zip_searchorder:  # type: ignore[attr-defined]
        entry = files.get(path + suffix)
        if entry is not None:
            return str(entry[0])
    raise zipimport.ZipImportError(f"can't find module {fullname!r}", name=fullname)


def install() -> bool:
    """Use ``filename_from_contents`` for every zip importer, those made before included
    (the standard library's). False, and nothing changed, on a Python whose zipimport
    lacks the private names it reads."""
    if not (hasattr(zipimport, "_get_module_path") and hasattr(zipimport, "_zip_searchorder")):
        return False
    zipimport.zipimporter.get_filename = filename_from_contents  # type: ignore[method-assign,assignment]
    return True
