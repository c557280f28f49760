"""web/packed.py: the page reads its data files from the archive its code came from (the
browser imports the page's modules from spades.zip), and from the disk under CPython."""

from __future__ import annotations

import importlib.util
import zipfile
import zipimport
from pathlib import Path
from types import ModuleType

import packed
import pytest

WEB = Path(__file__).resolve().parents[1] / "web"


def packed_from_archive(tmp_path: Path) -> ModuleType:
    """packed.py imported from a zip that also holds a catalog, as the page imports it."""
    archive = tmp_path / "spades.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.write(WEB / "packed.py", "packed.py")
        out.writestr("locale/de/LC_MESSAGES/spades.mo", b"catalog bytes")
    spec = zipimport.zipimporter(str(archive)).find_spec("packed")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_relative_path_is_read_from_the_archive_and_not_the_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = packed_from_archive(tmp_path)
    monkeypatch.chdir(tmp_path)  # nothing of that name on the disk here
    assert module.read_bytes(Path("locale") / "de" / "LC_MESSAGES" / "spades.mo") == (
        b"catalog bytes")
    with pytest.raises(OSError):
        module.read_bytes("locale/it/LC_MESSAGES/spades.mo")


def test_an_absolute_path_and_cpython_read_the_disk(tmp_path: Path) -> None:
    (tmp_path / "data.bin").write_bytes(b"on disk")
    assert packed_from_archive(tmp_path).read_bytes(tmp_path / "data.bin") == b"on disk"
    assert packed.read_bytes(str(tmp_path / "data.bin")) == b"on disk"
    with pytest.raises(OSError):
        packed.read_bytes(tmp_path / "missing.bin")
