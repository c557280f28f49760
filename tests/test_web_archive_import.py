"""web/archive_import.py: a module imported from a zip of compiled modules (as the page
imports the game from spades.zip) has its code read once, and the same file name and
behaviour as with zipimport's own get_filename."""

from __future__ import annotations

import importlib
import py_compile
import sys
import zipfile
import zipimport
from collections.abc import Iterator
from pathlib import Path

import archive_import
import pytest

SOURCES = {
    "pack/__init__.py": "VALUE = 'package'\n",
    "pack/inner.py": "from pack import VALUE\nINNER = VALUE + ' inner'\n",
    "plain.py": "import pack.inner\nPLAIN = pack.inner.INNER + ' plain'\n",
    "only_source.py": "SOURCE = 'no compiled file'\n",
}


def make_archive(tmp_path: Path) -> Path:
    """A zip as the build makes spades.zip: each module's .pyc beside its .py (one
    module left as source alone)."""
    archive = tmp_path / "code.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for name, text in SOURCES.items():
            source = tmp_path / "src" / name
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(text)
            out.write(source, name)
            if name != "only_source.py":
                compiled = source.with_suffix(".pyc")
                py_compile.compile(str(source), str(compiled), doraise=True,
                                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
                out.write(compiled, name + "c")
    return archive


@pytest.fixture
def on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The archive first on sys.path, its modules forgotten again afterwards."""
    archive = make_archive(tmp_path)
    monkeypatch.syspath_prepend(str(archive))
    yield archive
    for name in ("pack", "pack.inner", "plain", "only_source"):
        sys.modules.pop(name, None)
    sys.path_importer_cache.pop(str(archive), None)


def file_names(archive: Path) -> dict[str, str]:
    """Where each module came from, as zipimport alone names it (its compiled file, or
    its source where it has none)."""
    return {"plain": f"{archive}/plain.pyc", "pack": f"{archive}/pack/__init__.pyc",
            "pack.inner": f"{archive}/pack/inner.pyc",
            "only_source": f"{archive}/only_source.py"}


def imported_file_names() -> dict[str, str | None]:
    return {name: sys.modules[name].__file__
            for name in ("plain", "pack", "pack.inner", "only_source")}


def counted_unmarshals(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    original = zipimport._unmarshal_code  # type: ignore[attr-defined]

    def counting(self: object, pathname: str, fullpath: str, fullname: str,
                 data: bytes) -> object:
        seen.append(fullname)
        return original(self, pathname, fullpath, fullname, data)

    monkeypatch.setattr(zipimport, "_unmarshal_code", counting)
    return seen


def zipimport_as_it_came(monkeypatch: pytest.MonkeyPatch) -> None:
    """zipimport's own get_filename for this test (web/worker.py, which other tests import,
    installs archive_import's for the whole process)."""
    monkeypatch.setattr(zipimport.zipimporter, "get_filename",
                        archive_import.ZIPIMPORT_GET_FILENAME)


def test_zipimport_alone_reads_each_compiled_module_twice(
        on_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What install() is for: without it, each module's code is unmarshalled twice."""
    zipimport_as_it_came(monkeypatch)
    seen = counted_unmarshals(monkeypatch)
    module = importlib.import_module("plain")
    importlib.import_module("only_source")
    assert module.PLAIN == "package inner plain"
    assert sorted(seen) == sorted(["plain", "plain", "pack", "pack", "pack.inner", "pack.inner"])
    assert imported_file_names() == file_names(on_path)


def test_installed_each_compiled_module_is_read_once_with_the_same_file_names(
        on_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    zipimport_as_it_came(monkeypatch)  # and as it was again after the test
    assert archive_import.install()
    seen = counted_unmarshals(monkeypatch)
    plain = importlib.import_module("plain")
    only_source = importlib.import_module("only_source")
    assert plain.PLAIN == "package inner plain"
    assert only_source.SOURCE == "no compiled file"
    assert sorted(seen) == ["pack", "pack.inner", "plain"]
    assert imported_file_names() == file_names(on_path)
    assert sys.modules["pack"].__path__ == [str(on_path / "pack")]


def test_a_module_not_in_the_archive_is_not_found(
        on_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    zipimport_as_it_came(monkeypatch)  # and as it was again after the test
    assert archive_import.install()
    importer = zipimport.zipimporter(str(on_path))
    with pytest.raises(zipimport.ZipImportError):
        importer.get_filename("missing")
