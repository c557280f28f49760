"""The files the page reads (catalogs, Help, the dataclasses' code), from the archive its
code is imported from (build.py CODE_ARCHIVE), without unpacking it."""

from __future__ import annotations

import os
import zipimport

# (No pathlib here: the AI worker imports this module first, and nothing else of its
# start needs pathlib.)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A relative ``path`` from the code archive this module came from (the browser), else
    from the file system (CPython, an absolute path); OSError if it is in neither."""
    name = os.fspath(path)
    loader = globals().get("__loader__")
    if isinstance(loader, zipimport.zipimporter) and not os.path.isabs(name):
        return loader.get_data(name.replace(os.sep, "/"))
    with open(name, "rb") as file:
        return file.read()
