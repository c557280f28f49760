"""The files the page reads (catalogs, Help, the dataclasses' code), from the archive its
code is imported from (build.py CODE_ARCHIVE), without unpacking it."""

from __future__ import annotations

import zipimport
from pathlib import PurePath


def read_bytes(path: str | PurePath) -> bytes:
    """A relative ``path`` from the code archive this module came from (the browser), else
    from the file system (CPython, an absolute path); OSError if it is in neither."""
    loader = globals().get("__loader__")
    name = PurePath(path)
    if isinstance(loader, zipimport.zipimporter) and not name.is_absolute():
        return loader.get_data(name.as_posix())
    with open(name, "rb") as file:
        return file.read()
