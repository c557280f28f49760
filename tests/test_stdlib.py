"""The standard library the page ships (issue 11): build.py trims Pyodide's
python_stdlib.zip to ``build.STDLIB_KEEP``, so every stdlib module the page's Python
imports must be named there, or be one the interpreter has without the zip.

The page's Python is web/*.py and spades/**/*.py, less the command-line tools (a module
with an ``if __name__ == "__main__":`` block that nothing the page runs imports: the
benchmarks). Every import counts, at the top of a module or inside a function (imported
later, when a flow needs it), except under ``if TYPE_CHECKING:`` and in the tool's own
``__main__`` block. What Pyodide and PyScript import is checked in the browser
(e2e/test_stdlib.py)."""

from __future__ import annotations

import ast
import importlib.util
import io
import sys
import zipfile
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parents[1]

# What Pyodide 314.0.7's interpreter has without the zip, as recorded in the browser: the
# modules built into it (sys.builtin_module_names) and those frozen into it (loaded with
# __spec__.origin == "frozen"). A stdlib module the page imports must be one of these or
# be kept by STDLIB_KEEP.
BUILT_IN = frozenset({
    "_abc", "_ast", "_asyncio", "_bisect", "_blake2", "_bz2", "_codecs", "_codecs_cn",
    "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw", "_collections",
    "_contextvars", "_csv", "_ctypes", "_datetime", "_decimal", "_elementtree", "_functools",
    "_heapq", "_hmac", "_imp", "_io", "_json", "_locale", "_lsprof", "_lzma", "_md5",
    "_multibytecodec", "_opcode", "_operator", "_pickle", "_posixsubprocess", "_queue",
    "_random", "_sha1", "_sha2", "_sha3", "_signal", "_socket", "_sre", "_stat", "_statistics",
    "_string", "_struct", "_symtable", "_thread", "_tokenize", "_tracemalloc", "_types",
    "_typing", "_warnings", "_weakref", "_zoneinfo", "_zstd", "array", "atexit", "binascii",
    "builtins", "cmath", "errno", "faulthandler", "fcntl", "gc", "itertools", "marshal",
    "math", "mmap", "posix", "pyexpat", "select", "sys", "termios", "time", "unicodedata",
    "zlib",
})
FROZEN = frozenset({
    "_collections_abc", "_sitebuiltins", "abc", "codecs", "genericpath", "importlib._bootstrap",
    "importlib._bootstrap_external", "importlib.machinery", "importlib.util", "io", "ntpath",
    "os", "os.path", "posixpath", "site", "stat", "zipimport",
})
# Pyodide's own packages, in the zip beside the standard library (`from pyodide.ffi import
# create_proxy`); `pyscript` and `js` are PyScript's and the browser's, not in the zip.
PYODIDE = frozenset({"pyodide", "_pyodide"})
STDLIB = frozenset(sys.stdlib_module_names) | PYODIDE


def page_sources() -> dict[str, Path]:
    """Every module of the page's Python by the name it is imported as in the browser:
    web/'s by their bare names, the engine's as spades.*."""
    found = {path.stem: path for path in sorted((ROOT / "web").glob("*.py"))}
    for path in build.python_files(ROOT / "spades"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): never run."""
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def main_block(test: ast.expr) -> bool:
    """``if __name__ == "__main__":``: run only as a command (``python -m``)."""
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")


class Imports(ast.NodeVisitor):
    """The absolute names a module imports (relative ones resolved against its package),
    each with its line; ``from a import b`` gives "a" and, as a maybe-module, "a.b"."""

    def __init__(self, module: str, is_package: bool) -> None:
        self.package = module if is_package else module.rpartition(".")[0]
        self.names: list[tuple[str, int]] = []
        self.maybe: list[tuple[str, int]] = []
        self.main_block = False

    def visit_If(self, node: ast.If) -> None:
        if main_block(node.test):
            self.main_block = True
        if type_checking(node.test) or main_block(node.test):
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.names += [(alias.name, node.lineno) for alias in node.names]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.package.split(".")
            parent = ".".join(parts[: len(parts) - node.level + 1])
            base = f"{parent}.{base}" if node.module else parent
        self.names.append((base, node.lineno))
        self.maybe += [(f"{base}.{alias.name}", node.lineno) for alias in node.names]


def read_imports() -> dict[str, Imports]:
    found = {}
    for name, path in page_sources().items():
        visitor = Imports(name, path.name == "__init__.py")
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found[name] = visitor
    return found


def page_modules(imports: dict[str, Imports]) -> set[str]:
    """The modules the page may run: all but the tools, plus any tool one of them imports."""
    tools = {name for name, visitor in imports.items()
             if visitor.main_block or name.startswith("spades.lab")}
    page = set(imports) - tools
    while True:
        wanted = {target for name in page
                  for target, _ in imports[name].names + imports[name].maybe if target in tools}
        if wanted <= page:
            return page
        page |= wanted


def is_stdlib_module(name: str) -> bool:
    """``from a import b``: is a.b a module (or package) of the standard library?"""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, AttributeError, ValueError):
        return False


def stdlib_imports() -> dict[str, list[str]]:
    """Each stdlib module (and every package above it) the page imports -> where."""
    imports = read_imports()
    used: dict[str, list[str]] = {}
    for module in sorted(page_modules(imports)):
        visitor = imports[module]
        names = visitor.names + [(n, line) for n, line in visitor.maybe
                                 if n.split(".")[0] in STDLIB and is_stdlib_module(n)]
        for name, line in names:
            if name.split(".")[0] not in STDLIB:
                continue
            parts = name.split(".")
            for n in range(1, len(parts) + 1):
                used.setdefault(".".join(parts[:n]), []).append(f"{module}:{line}")
    return used


def shipped(name: str) -> bool:
    """Whether the browser can import stdlib module ``name`` (not its parents)."""
    if name in FROZEN or name.split(".")[0] in BUILT_IN:
        return True
    path = name.replace(".", "/")
    return build.stdlib_kept(f"{path}.py") or build.stdlib_kept(f"{path}/__init__.py")


def test_every_stdlib_module_the_page_imports_is_shipped() -> None:
    used = stdlib_imports()
    # The scan sees the page: the engine's and the page's usual imports are found.
    assert {"asyncio", "json", "gettext", "hashlib", "calendar", "pyodide.ffi"} <= set(used)
    missing = {name: where for name, where in sorted(used.items()) if not shipped(name)}
    assert not missing, (
        "the page imports standard-library modules that build.STDLIB_KEEP leaves out of "
        "dist/pyodide/python_stdlib.zip (add them there): "
        + "; ".join(f"{name} ({', '.join(where[:3])})" for name, where in missing.items()))


def test_the_command_line_tools_are_not_the_page() -> None:
    """The benchmarks' imports (argparse, statistics, multiprocessing) are not the page's;
    the par, which the worker imports, is. No page module imports the measuring tools
    (spades.lab), which the build leaves out of the site (build.NOT_SHIPPED)."""
    imports = read_imports()
    page = page_modules(imports)
    assert {"spades.bench", "spades.lab.arena", "spades.lab.thinktime"}.isdisjoint(page)
    assert not {name for name in page if name.startswith("spades.lab")}
    assert {"spades/lab/", "spades/bench.py"} <= set(build.NOT_SHIPPED)
    assert {"spades.ai.par", "spades.ai.expert", "main", "worker", "bare"} <= page
    assert "argparse" not in stdlib_imports()


def test_a_missing_import_is_found() -> None:
    """The check itself: an import of a module STDLIB_KEEP leaves out fails it, inside a
    function too, but not under TYPE_CHECKING."""
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import difflib\n"
              "def f():\n    import xml.dom.minidom\n    from email import message\n")
    visitor = Imports("web_module", False)
    visitor.visit(ast.parse(source))
    names = [n for n, _ in visitor.names]
    assert "difflib" not in names and "xml.dom.minidom" in names
    assert not shipped("xml.dom.minidom") and not shipped("email.message")
    assert not shipped("difflib") and not shipped("argparse")
    assert shipped("collections.abc") and shipped("importlib") and shipped("os.path")
    assert shipped("math") and shipped("encodings.utf_8")
    assert not shipped("encodings.cp1252") and not shipped("importlib.metadata")


def test_stdlib_kept_reads_the_names() -> None:
    keep = ("json", "encodings.utf_8", "concurrent.futures._base")
    kept = [m for m in (
        "json/", "json/__init__.py", "json/decoder.py", "jsonx.py", "encodings/",
        "encodings/__init__.py", "encodings/utf_8.py", "encodings/cp1252.py",
        "concurrent/", "concurrent/__init__.py", "concurrent/futures/",
        "concurrent/futures/__init__.py", "concurrent/futures/_base.py",
        "concurrent/futures/thread.py", "concurrent/interpreters/__init__.py",
        "_pyodide/py.typed", "site-packages/README.txt",
    ) if build.stdlib_kept(m, keep)]
    assert kept == [
        "json/", "json/__init__.py", "json/decoder.py", "encodings/", "encodings/__init__.py",
        "encodings/utf_8.py", "concurrent/", "concurrent/__init__.py", "concurrent/futures/",
        "concurrent/futures/__init__.py", "concurrent/futures/_base.py",
    ]


def small_stdlib(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name in ("zeta.py", "json/", "json/__init__.py", "json/tool.py", "alpha.py"):
            info = zipfile.ZipInfo(name, date_time=(2026, 9, 14, 3, 3, 54))
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else \
                zipfile.ZIP_DEFLATED
            archive.writestr(info, b"" if name.endswith("/") else f"# {name}\n".encode())


def test_trim_stdlib_keeps_the_named_members_in_fixed_bytes(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    monkeypatch.delenv("SPADES_FULL_STDLIB", raising=False)
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    for path in (first, second):
        small_stdlib(path)
        build.trim_stdlib(path, ("json", "zeta"))
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(io.BytesIO(first.read_bytes())) as archive:
        assert archive.namelist() == ["json/", "json/__init__.py", "json/tool.py", "zeta.py"]
        assert {info.date_time for info in archive.infolist()} == {(2020, 1, 1, 0, 0, 0)}
        assert archive.read("zeta.py") == b"# zeta.py\n"
        assert archive.getinfo("zeta.py").compress_type == zipfile.ZIP_DEFLATED
    assert "bytes" in capsys.readouterr().err
    small_stdlib(first)
    with pytest.raises(SystemExit, match="difflib"):
        build.trim_stdlib(first, ("json", "difflib"))


def test_the_full_stdlib_escape_hatch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "python_stdlib.zip"
    small_stdlib(path)
    before = path.read_bytes()
    monkeypatch.setenv("SPADES_FULL_STDLIB", "1")
    build.trim_stdlib(path, ("json",))
    assert path.read_bytes() == before
