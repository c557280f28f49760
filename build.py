"""Build and serve the static Spades site.

    python build.py                      fetch the pinned runtime (cached), assemble dist/
    python build.py serve [--port N]     build, then serve dist/ on loopback
    python build.py test [PYTEST ARGS]   install what the tests need, build, run every check
    python build.py messages             extract the page's messages into web/locale/spades.pot
                                         and merge them into every language's .po (Babel)

Standard library only, but for Babel (PyPI `babel`), which compiles the translation
catalogs, and Pillow (PyPI `pillow`), which draws the PNG icons (tools/icons.py); the build
pip-installs them when missing, so a fresh checkout needs nothing but Python, pip and npm
(and Node, which comes with npm: tools/pycompile.mjs and tools/snapshot.mjs run the page's
own Pyodide under it to compile the Python and to make the memory snapshot).

Why this file exists: the page runs Python in the browser under Pyodide + PyScript, and
the site must work offline and from any static host (GitHub Pages, under a sub-path).
So the runtime is vendored into dist/ at build time from pinned, integrity-checked npm
tarballs (never a CDN), every URL is relative, and a service worker precaches the site.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fnmatch
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
PACKAGE = ROOT / "spades"
# SPADES_DIST builds and serves elsewhere (e.g. two test runs side by side).
DIST = Path(os.environ.get("SPADES_DIST") or ROOT / "dist")
CACHE = ROOT / ".cache" / "runtime"
TEST_CACHE = ROOT / ".cache" / "test"

# The interpreter every PyScript config must name. Without it PyScript falls back to
# loading Pyodide from a CDN, silently; relative so the site works under any sub-path.
INTERPRETER = "./pyodide/pyodide.mjs"

# PyScript configs (in web/) whose Python needs our code: build.py fills their "files"
# with the spades package and the Python modules of web/. Every other pyscript*.json
# only gets its "interpreter" checked and forced.
CONFIGS_WITH_CODE = ("pyscript.json", "pyscript-worker.json")

# The game page's interpreter with SPADES_SNAPSHOT=1: web/start.mjs, Pyodide's loadPyodide
# started from a memory snapshot on a return visit (see write_snapshot). Off by default
# until the whole e2e suite has passed on it (SPADES_E2E_SNAPSHOT=1) on a quiet machine.
SNAPSHOT_ON = os.environ.get("SPADES_SNAPSHOT", "0") == "1"
START = "./pyodide/start.mjs"
CONFIGS_WITH_START = ("pyscript.json",)


@dataclass(frozen=True)
class Runtime:
    """One pinned npm package and the files of it that dist/ needs."""

    name: str
    version: str
    integrity: str  # npm's dist.integrity: "sha512-" + base64 digest of the tarball
    dest: str  # folder under dist/ (for a test asset: under its cache, never in dist/)
    members: tuple[str, ...]  # exact paths in the tarball, or a folder ending in "/"

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def tarball(self) -> str:
        """The file name `npm pack` writes: '@scope/name' becomes 'scope-name'."""
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"


RUNTIMES = (
    Runtime(
        name="pyodide",
        version="314.0.7",
        integrity="sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
        dest="pyodide",
        members=(
            "package/pyodide.mjs",
            "package/pyodide.asm.mjs",
            "package/pyodide.asm.wasm",
            "package/python_stdlib.zip",
            "package/pyodide-lock.json",
        ),
    ),
    Runtime(
        name="@pyscript/core",
        version="0.7.31",
        integrity="sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
        dest="pyscript",
        # core.js imports hashed chunks (some lazily: editor, terminal, toml...), so the
        # whole dist/ folder is taken; source maps are left out.
        members=("package/dist/", "package/LICENSE"),
    ),
)

# The online table's relay client (issue 29): trystero's torrent strategy and its core,
# their prebuilt ES modules as published (no bundler). The page imports them only when a
# player starts an online game (web/peer.py); the service worker does not precache them.
TRYSTERO = (
    Runtime(
        name="@trystero-p2p/torrent",
        version="0.25.4",
        integrity="sha512-HjC1V9+70j2fhqK26BzDhjJM5A5toLGLgGgS/jZAq+7ufA8HxUHRE4qPU8kn1Wu0E0K7cMGzpWcMCcbVB7AzZA==",
        dest="trystero/torrent",
        members=("package/dist/index.mjs", "package/LICENSE"),
    ),
    Runtime(
        name="@trystero-p2p/core",
        version="0.25.4",
        integrity="sha512-ehvSL1FqW962XyEctXngeDF/IOM1bWmfCKBNR4vwmVa0JGfM0+dlY4TEzSEGghYp3qqGCrpFIVTxdvlBUGVO6Q==",
        dest="trystero/core",
        members=("package/dist/", "package/LICENSE"),
    ),
)
# The edits made to them, each a text that must be found once:
# - the one bare import between them ("@trystero-p2p/core"), which a browser resolves only
#   through an import map (an inline script, which the page's policy forbids): written as
#   the relative path of the core's module instead;
# - a page of the room that reloads or closes its tab aborts its channels (Chromium's
#   "User-Initiated Abort, reason=Close called"), which trystero rightly takes as that page
#   leaving, but logs with console.error on every other page: a warning instead for that
#   abort (any other peer error stays an error).
PEER_ERROR = "console.error(`${libName} peer error:`, err);"
PEER_LEFT = ('(String(err).includes("User-Initiated Abort") ? console.warn : console.error)'
             "(`${libName} peer error:`, err);")
TRYSTERO_EDITS = (
    ("trystero/torrent/index.mjs", '"@trystero-p2p/core"', '"../core/index.mjs"'),
    ("trystero/core/room.mjs", PEER_ERROR, PEER_LEFT),
    ("trystero/core/shared-peer.mjs", PEER_ERROR, PEER_LEFT),
)

# Packages only the browser tests use, fetched and checked like the runtime but never
# copied into dist/ (the site ships no test code): axe-core, the accessibility scanner
# that e2e/test_a11y.py injects into the page.
AXE = Runtime(
    name="axe-core",
    version="4.14.1",
    integrity="sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
    dest="axe-core",
    members=("package/axe.min.js", "package/LICENSE"),
)
TEST_ASSETS = (AXE,)

# Files in dist/ the service worker does not precache (globs, relative to dist/): itself,
# and PyScript chunks this site never loads (editor, terminal, MicroPython, TOML configs,
# zip archives, package graph). They are still served, and cached on first use.
NOT_PRECACHED = (
    "sw.js",
    "build.json",
    "pyscript/LICENSE",
    "pyscript/codemirror*",
    "pyscript/xterm*",
    "pyscript/mpy-*",
    "pyscript/toml-*",
    "pyscript/zip-*",
    "pyscript/pyodide_graph-*",
    "pyodide/python_stdlib.source.zip",
    "trystero/*",
)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}


# --------------------------------------------------------------------------- runtime


def integrity_of(path: Path) -> str:
    """npm's Subresource-Integrity string for a file."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def fetch_runtime(runtime: Runtime, cache: Path = CACHE) -> Path:
    """Return the verified tarball, running `npm pack` only when the cache lacks it.

    npm is the ordinary client for the npm registry; the pinned integrity makes the
    build reproducible and refuses a tampered or different tarball.
    """
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / runtime.tarball
    if path.exists() and integrity_of(path) == runtime.integrity:
        return path
    path.unlink(missing_ok=True)
    print(f"fetching {runtime.spec} with npm pack", file=sys.stderr)
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed to fetch the runtime (apt-get install npm)")
    subprocess.run(
        [npm, "pack", runtime.spec, "--silent", "--pack-destination", str(cache)],
        check=True,
        cwd=cache,
        stdout=subprocess.DEVNULL,
    )
    if not path.exists():
        raise SystemExit(f"npm pack did not write {path}")
    got = integrity_of(path)
    if got != runtime.integrity:
        path.unlink()
        raise SystemExit(
            f"{runtime.spec}: integrity mismatch\n  want {runtime.integrity}\n  got  {got}"
        )
    return path


def member_target(runtime: Runtime, name: str) -> str | None:
    """Where a tarball member goes under dist/<dest>/, or None if it is not needed."""
    if name.endswith((".map", ".d.mts")):
        return None
    for wanted in runtime.members:
        if wanted.endswith("/") and name.startswith(wanted):
            return name[len(wanted) :]
        if name == wanted:
            return name.rsplit("/", 1)[-1]
    return None


def extract_runtime(runtime: Runtime, tarball: Path, dist: Path) -> None:
    """Copy the needed members of the tarball into dist/<dest>/ (no source maps)."""
    out = dist / runtime.dest
    written: list[str] = []
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            rel = member_target(runtime, member.name) if member.isfile() else None
            if rel is None:
                continue
            if ".." in Path(rel).parts:
                raise SystemExit(f"unsafe path in {tarball.name}: {member.name}")
            source = tar.extractfile(member)
            assert source is not None
            target = out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read())
            written.append(member.name)
    missing = [m for m in runtime.members if not any(w.startswith(m) for w in written)]
    if missing:
        raise SystemExit(f"{tarball.name} lacks {missing}")


# segno (BSD-3-Clause), pure Python: the QR code of the online table's link (web/qr.py).
# The pinned wheel from PyPI, checked against its hash; its modules go into spades.zip.
SEGNO_WHEEL = ("segno", "1.6.6",
               "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7")
SEGNO_MODULES = ("consts.py", "encoder.py")
"""What the page uses of it: the encoder (text to modules). Its package __init__ imports
its writers, which need xml.sax and with it urllib.request (email, http, ...), far too
much standard library to ship for one picture: the page draws the SVG itself (web/qr.py),
and the archive's segno/__init__.py is empty."""
WHEEL_CACHE = ROOT / ".cache" / "wheels"


def fetch_wheel(name: str, version: str, sha256: str, cache: Path = WHEEL_CACHE) -> Path:
    """The wheel of ``name==version`` (pure Python), downloaded once by pip and checked."""
    wheel = cache / f"{name}-{version}-py3-none-any.whl"
    if not wheel.exists():
        print(f"fetching {name}=={version} with pip download", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary", ":all:", "--disable-pip-version-check",
                        "-d", str(cache), f"{name}=={version}"], check=True)
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != sha256:
        wheel.unlink()
        raise SystemExit(f"{wheel.name}: sha256 {digest}, not the pinned {sha256}")
    return wheel


def segno_members() -> list[tuple[Path | bytes, str]]:
    """segno's modules and its licence, as members of the code archive."""
    name, version, sha256 = SEGNO_WHEEL
    with zipfile.ZipFile(fetch_wheel(name, version, sha256)) as wheel:
        licence = next(n for n in wheel.namelist() if ".dist-info/" in n and n.endswith("/LICENSE"))
        init = b'"""segno\'s encoder alone (build.py SEGNO_MODULES)."""\n'
        return [(init, "segno/__init__.py")] + [
            (wheel.read(f"segno/{module}"), f"segno/{module}") for module in SEGNO_MODULES
        ] + [(wheel.read(licence), "segno/LICENSE")]


def vendor_trystero(dist: Path) -> None:
    """The relay client into dist/trystero/, with TRYSTERO_EDITS made."""
    for runtime in TRYSTERO:
        extract_runtime(runtime, fetch_runtime(runtime), dist)
    for rel, old, new in TRYSTERO_EDITS:
        path = dist / rel
        text = path.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise SystemExit(f"{rel} no longer has {old!r} once: look at TRYSTERO_EDITS")
        path.write_text(text.replace(old, new), encoding="utf-8")


CSP = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")')


def relay_sources() -> list[str]:
    """The relays of web/relays.py as CSP sources (wss://host[:port])."""
    sys.path.insert(0, str(WEB))
    try:
        from relays import relay_hosts
    finally:
        sys.path.remove(str(WEB))
    return relay_hosts()


def with_relays(html: str) -> str:
    """The page with its policy's connect-src naming its own origin and the relays of
    web/relays.py, and nothing else (written here so that the two cannot drift)."""
    source = " ".join(["connect-src", "'self'", *relay_sources()])

    def write(found: re.Match[str]) -> str:
        kept = [part.strip() for part in found.group(2).split(";")
                if part.strip() and part.split()[0] != "connect-src"]
        return found.group(1) + "; ".join([*kept[:1], source, *kept[1:]]) + found.group(3)

    written, count = CSP.subn(write, html)
    if count != 1:
        raise SystemExit("web/index.html needs exactly one Content-Security-Policy meta")
    return written


# The browser tests' own relay: bittorrent-tracker's WebSocket tracker on loopback
# (e2e/tracker.mjs), so that two pages meet by room code with nothing leaving the
# machine. npm installs it (with its dependencies, checked against the registry's
# integrity) into .cache/test/tracker/ the first time; never in dist/.
TRACKER_SPEC = "bittorrent-tracker@11.2.3"
TRACKER_DIR = TEST_CACHE / "tracker"


def fetch_tracker(folder: Path = TRACKER_DIR) -> Path:
    """The folder holding node_modules/bittorrent-tracker at the pinned version."""
    name, version = TRACKER_SPEC.rsplit("@", 1)
    manifest = folder / "node_modules" / name / "package.json"
    if manifest.exists() and json.loads(manifest.read_text("utf-8"))["version"] == version:
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed to fetch the test tracker (apt-get install npm)")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text('{"private": true}\n', encoding="utf-8")
    print(f"installing {TRACKER_SPEC} with npm", file=sys.stderr)
    # --ignore-scripts: the tracker's server needs no native build (its client's WebRTC
    # module would download one, and the tests never load the client).
    subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund", "--ignore-scripts",
                    "--no-save", TRACKER_SPEC], check=True, cwd=folder)
    return folder


def fetch_axe(cache: Path = TEST_CACHE) -> Path:
    """axe.min.js of the pinned axe-core, from the verified tarball, extracted into
    .cache/test/ (not dist/): for the accessibility scan of the browser tests."""
    extract_runtime(AXE, fetch_runtime(AXE, cache), cache)
    return cache / AXE.dest / "axe.min.js"


# --------------------------------------------------------------------------- stdlib

# Pyodide's standard library: it writes this zip to /lib/python314.zip and imports from it
# (each module as .py source, 2.5 MB as shipped). Pyodide's own Python (`_pyodide`,
# `pyodide`) lives in it too.
STDLIB_ZIP = "pyodide/python_stdlib.zip"

# What dist/ keeps of that zip: module names. A module or package name keeps all of it; a
# dotted name keeps that module and the __init__.py of the packages above it, not their
# other modules (encodings: a few codecs of the 120; importlib and concurrent: not their
# unused subpackages).
#
# How it was found: an audit hook recorded every module the page's interpreter and the
# AI/par worker's loaded (sys.modules) across the browser tests (start-up, whole games at
# every table, Blind Nil, the Duel and Two-handed, Expert, the par, statistics, review,
# share, export/import, every language, Help) and a forced Python error (a traceback needs
# nothing more). Modules frozen into the interpreter (abc, codecs, genericpath, io, ntpath,
# os, posixpath, site, stat, zipimport, _collections_abc, _sitebuiltins, importlib.util,
# importlib.machinery, importlib._bootstrap*: __spec__.origin == "frozen") or built into it
# (math, time, itertools, zlib... in sys.builtin_module_names) never come from the zip.
# How to keep it right: a new stdlib import in web/ or spades/ fails tests/test_stdlib.py
# until it is named here; a module only Pyodide or PyScript needs is a ModuleNotFoundError
# in the browser tests (e2e/test_stdlib.py). After a runtime upgrade, record the modules
# again (or build with SPADES_FULL_STDLIB=1 to ship the whole zip while debugging).
STDLIB_KEEP = (
    # The game's own imports (web/, spades/; tests/test_stdlib.py holds them to this list;
    # `importlib` comes with importlib.abc below, `math`, `time` are built in).
    "__future__", "asyncio", "calendar", "collections", "contextlib", "dataclasses",
    "datetime", "enum", "gettext", "hashlib", "html", "json", "pathlib", "pyodide",
    "random", "re", "typing",
    # What Pyodide's and PyScript's start-up import, and what those modules import.
    "_colorize", "_opcode_metadata", "_py_warnings", "_pyodide", "_ssl", "_weakrefset",
    "annotationlib", "ast", "base64", "bisect", "bz2", "codeop", "compression",
    "concurrent.futures._base", "contextvars", "copy", "copyreg", "dis", "fnmatch",
    "functools", "glob", "heapq", "importlib._abc", "importlib.abc", "inspect", "keyword",
    "linecache", "locale", "logging", "lzma", "opcode", "operator", "reprlib", "selectors",
    "shutil", "signal", "socket", "ssl", "string", "struct", "subprocess", "tempfile",
    "textwrap", "threading", "token", "tokenize", "traceback", "types", "warnings",
    "weakref", "zipfile",
    # Codecs looked up by name: UTF-8 (text, gettext catalogs), cp437 (zipfile's member
    # names), and a few every program may ask for.
    "encodings.aliases", "encodings.ascii", "encodings.cp437", "encodings.latin_1",
    "encodings.utf_8", "encodings.utf_8_sig",
)


def stdlib_module(member: str) -> str:
    """The dotted name a member of the stdlib zip belongs to: "json/decoder.py" is
    "json.decoder", "json/__init__.py", "json/" and "json/py.typed" are "json"."""
    path = member.rstrip("/")
    if path.endswith(".py"):
        path = path[: -len(".py")]
        if path.endswith("/__init__"):
            path = path[: -len("/__init__")]
    elif not member.endswith("/"):
        path = path.rpartition("/")[0]  # a data file: its package
    return path.replace("/", ".")


def stdlib_kept(member: str, keep: tuple[str, ...] = STDLIB_KEEP) -> bool:
    """Whether a member of the stdlib zip stays: it is a kept module (or inside a kept
    package), or the __init__.py (or folder) of a package above a kept dotted name."""
    name = stdlib_module(member)
    parts = name.split(".")
    if any(".".join(parts[:n]) in keep for n in range(1, len(parts) + 1)):
        return True
    package_itself = member.endswith(("/", "/__init__.py"))
    return package_itself and any(k.startswith(name + ".") for k in keep)


def trim_stdlib(path: Path, keep: tuple[str, ...] = STDLIB_KEEP) -> None:
    """Rewrite the stdlib zip with only what STDLIB_KEEP names (members as they were,
    sorted, fixed timestamps: the same runtime gives the same bytes); print the sizes.
    SPADES_FULL_STDLIB=1 leaves the whole zip (to debug an import that is missing)."""
    before = path.stat().st_size
    if os.environ.get("SPADES_FULL_STDLIB") == "1":
        print(f"{STDLIB_ZIP}: {before:,} bytes, whole (SPADES_FULL_STDLIB=1)", file=sys.stderr)
        return
    with zipfile.ZipFile(path) as original:
        infos = sorted(original.infolist(), key=lambda info: info.filename)
        members = [(info, original.read(info)) for info in infos
                   if stdlib_kept(info.filename, keep)]
    names = {stdlib_module(info.filename) for info, _ in members}
    unknown = [k for k in keep if k not in names]
    if unknown:
        raise SystemExit(f"STDLIB_KEEP names what {path.name} lacks: {unknown}")
    with zipfile.ZipFile(path, "w") as archive:
        for info, data in members:
            copy = zipfile.ZipInfo(info.filename, date_time=(2020, 1, 1, 0, 0, 0))
            copy.compress_type = info.compress_type
            copy.create_system = info.create_system
            copy.external_attr = info.external_attr
            archive.writestr(copy, data, compresslevel=9)
    after = path.stat().st_size
    print(f"{STDLIB_ZIP}: {before:,} -> {after:,} bytes ({len(members)} of {len(infos)} "
          f"members, STDLIB_KEEP)", file=sys.stderr)


# --------------------------------------------------------------------------- site


def python_files(folder: Path) -> list[Path]:
    """Every .py file under folder, sorted, skipping caches."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


# The Python code the interpreters need, shipped as one archive that PyScript writes into
# the working directory as it is ("files": {"./spades.zip": "./spades.zip"}), and that the
# entry scripts put on sys.path: zipimport reads each module from it as it is imported
# (its .pyc, tools/pycompile.mjs). One request instead of one per module (~70), which
# matters on a first visit; and no unpacking at start, which took ~150 ms of a return
# visit's (issue 30). The files the page reads (catalogs, Help, the dataclasses' code)
# are read from it too (web/packed.py): a second archive that PyScript unpacked cost the
# start its zip library and a task per file.
CODE_ARCHIVE = "spades.zip"

# The measuring tools run under CPython only; the page never imports them.
NOT_SHIPPED = ("spades/lab/", "spades/bench.py")
# web/'s modules that only the build reads (the page never imports them).
BUILD_ONLY = ("progress_words.py",)


def copy_site(dist: Path) -> None:
    """Copy web/ (the page) into dist/ and pack the spades package, web/'s Python
    modules (less the entry scripts), the compiled catalogs and Help's documents into
    dist/spades.zip (the page imports and reads them from it)."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "locale", "help")
    shutil.copytree(WEB, dist, dirs_exist_ok=True, ignore=skip)
    skip_entries = entry_scripts(dist)
    members: list[tuple[Path | bytes, str]] = [
        (p, name) for p in python_files(PACKAGE)
        if not (name := p.relative_to(ROOT).as_posix()).startswith(NOT_SHIPPED)]
    members += [(p, p.name) for p in sorted(WEB.glob("*.py"))
                if p.name not in skip_entries and p.name not in BUILD_ONLY]
    members += [(p, f"help/{p.name}") for p in sorted(HELP.glob("*.html"))]
    members += segno_members()
    members += [(data, f"locale/{lang}/LC_MESSAGES/{DOMAIN}.mo")
                for lang, data in compiled_catalogs().items()]
    write_archive(dist / CODE_ARCHIVE, members)
    for _, name in members:  # web/'s modules now live only in the archive
        (dist / name).unlink(missing_ok=True)


# --------------------------------------------------------------------------- progress

# A first visit's download, shown before Python runs (web/progress.js): build.py writes
# into it the files a start fetches with their sizes (the bar needs no Content-Length,
# which a compressing host leaves out) and each language's words from the catalogs.
PROGRESS_SCRIPT = "progress.js"
PROGRESS_MARK = "{} /* __PROGRESS__ */"
RUNTIME_WASM = "pyodide/pyodide.asm.wasm"
HEAD_FILES = re.compile(r'<(?:script|link)\b[^>]*?\b(?:src|href)="\./([^"?#]+)"')


def first_visit_files(dist: Path) -> dict[str, int]:
    """What a first visit fetches before the game is ready (path in dist/ -> bytes): the
    page's scripts, stylesheets and preloads, the runtime's wasm and main.py; not the
    page itself nor progress.js, which have come before it counts, nor the icons."""
    page = (dist / "index.html").read_text(encoding="utf-8")
    names = {name for name in HEAD_FILES.findall(page)
             if not name.endswith((".svg", ".png", ".webmanifest")) and name != PROGRESS_SCRIPT}
    names |= {name for _, name in start_files(dist)} | {RUNTIME_WASM}
    return {name: (dist / name).stat().st_size for name in sorted(names)}


HEADER = re.compile(r'<header class="bar">.*?</header>', re.S)


def header_messages(page: str) -> list[str]:
    """The messages of the page's header (its [data-i18n] texts), which progress.js writes
    in the player's language before Python does: their lengths set the header's rows."""
    import io

    found = HEADER.search(page)
    if found is None:
        raise SystemExit("index.html: no <header class=\"bar\">")
    source = io.BytesIO(found.group(0).encode("utf-8"))
    return [str(message) for _, _, message, _ in extract_html(source, {}, [], {})]


def progress_words(page: str) -> dict[str, dict[str, object]]:
    """Each language's words for the download (web/progress_words.py) and its header's
    (``page``: index.html), from its catalog; a message not translated yet is said in
    English (and its header's words are left as they are)."""
    ensure_babel()
    from babel.messages.pofile import read_po

    sys.path.insert(0, str(WEB))
    try:
        from progress_words import words
    finally:
        sys.path.remove(str(WEB))
    header = header_messages(page)
    found: dict[str, dict[str, object]] = {"en": {**words(str), "header": {}}}
    for lang in TRANSLATED:
        with catalog_path(lang).open("rb") as source:
            catalog = read_po(source, locale=lang)

        def said(message: str, catalog: object = catalog) -> str:
            entry = catalog.get(message)  # type: ignore[attr-defined]
            ok = entry is not None and entry.string and not entry.fuzzy
            return str(entry.string) if ok else message

        found[lang] = {**words(said), "header": {message: said(message) for message in header
                                                 if said(message) != message}}
    return found


def write_progress(dist: Path) -> None:
    """Stamp dist/progress.js with the first visit's files and the words."""
    path = dist / PROGRESS_SCRIPT
    text = path.read_text(encoding="utf-8")
    if text.count(PROGRESS_MARK) != 1:
        raise SystemExit(f"web/{PROGRESS_SCRIPT} needs one {PROGRESS_MARK}")
    page = (dist / "index.html").read_text(encoding="utf-8")
    data = {"wasm": RUNTIME_WASM, "files": first_visit_files(dist),
            "words": progress_words(page)}
    path.write_text(text.replace(PROGRESS_MARK, json.dumps(data, ensure_ascii=False)),
                    encoding="utf-8")


def write_archive(path: Path, members: list[tuple[Path | bytes, str]]) -> None:
    """A zip with fixed timestamps, so the same sources give the same bytes (build id)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for source, name in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, source if isinstance(source, bytes) else source.read_bytes())


# --------------------------------------------------------------------------- catalogs

# The page's messages (web/i18n.py): gettext catalogs, one .po per language in
# web/locale/<lang>/LC_MESSAGES/, made and compiled with Babel. English is the source
# language (the message ids), so it has no catalog.
LOCALE = WEB / "locale"
HELP = WEB / "help"
DOMAIN = "spades"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
TRANSLATED = ("de", "es", "it", "pt")
SOURCES = ("spades", "web")
"""Where the messages are written: the engine's explanations and the page's Python,
plus web/index.html (its [data-i18n] texts and data-i18n-attrs attributes)."""
COMMENT_TAGS = ("TRANSLATORS:",)
PLURAL_MARKER = "plural_message"
"""spades.explanations writes its plural sentences with this, read like ngettext."""
CATALOG_HEADER = """\
# The page's messages, in {language}.
# Made by `python build.py messages` from the sources (Babel); translate the msgstr
# lines, keep every {{placeholder}} and fill every plural form.
#"""


def ensure_babel() -> None:
    if not _importable("babel"):
        print("installing Babel (the translation catalogs are compiled with it)",
              file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", *build_requirements()], check=True)


def catalog_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract_html(fileobj, keywords, comment_tags, options):  # type: ignore[no-untyped-def]
    """Babel extractor for index.html: the text of every [data-i18n] element (text only,
    its whitespace folded as the page folds it) and every attribute that data-i18n-attrs
    names. Yields (line, funcname, message, comments) as Babel's extractors do."""
    from html.parser import HTMLParser

    found: list[tuple[int, str]] = []

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.open: tuple[str, int, list[str]] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = dict(attrs)
            line = self.getpos()[0]
            if self.open is not None:
                raise ValueError(f"line {line}: a [data-i18n] element holds a <{tag}>")
            for name in (values.get("data-i18n-attrs") or "").split():
                found.append((line, values.get(name) or ""))
            if "data-i18n" in values:
                self.open = (tag, line, [])

        def handle_data(self, data: str) -> None:
            if self.open is not None:
                self.open[2].append(data)

        def handle_endtag(self, tag: str) -> None:
            if self.open is not None and tag == self.open[0]:
                found.append((self.open[1], " ".join("".join(self.open[2]).split())))
                self.open = None

    Reader().feed(fileobj.read().decode("utf-8"))
    for line, message in found:
        yield line, None, message, []


def extract_messages() -> object:
    """Every message of the page, as a Babel catalog (the template of every language)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file

    keywords = {**DEFAULT_KEYWORDS, PLURAL_MARKER: (1, 2)}

    catalog = Catalog(project="Spades", header_comment=CATALOG_HEADER.format(
        language="every language (the template)"), charset="utf-8", fuzzy=False)
    for folder in SOURCES:
        for name, line, message, comments, context in extract_from_dir(
                ROOT / folder, [("**.py", "python")], keywords=keywords,
                comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            catalog.add(message, None, [(f"{folder}/{name}", line)], auto_comments=comments,
                        context=context)
    for line, message, comments, context in extract_from_file(
            extract_html, str(WEB / "index.html"), keywords=DEFAULT_KEYWORDS):
        catalog.add(message, None, [("web/index.html", line)], auto_comments=comments,
                    context=context)
    return catalog


def update_messages() -> None:
    """`python build.py messages`: write web/locale/spades.pot from the sources and merge
    it into each language's catalog (new messages come in untranslated, changed ones
    fuzzy; tests/test_i18n.py fails until every one is translated)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    ensure_babel()
    template = extract_messages()
    assert isinstance(template, Catalog)
    LOCALE.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as out:
        write_po(out, template, width=100, omit_header=False, sort_output=False,
                 include_lineno=False)
    for lang in TRANSLATED:
        path = catalog_path(lang)
        if path.exists():
            with path.open("rb") as source:
                catalog = read_po(source, locale=lang)
            catalog.update(template)
        else:
            catalog = Catalog(locale=lang, project="Spades", charset="utf-8", fuzzy=False,
                              header_comment=CATALOG_HEADER.format(language=lang))
            catalog.update(template)
            path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=100, include_lineno=False, ignore_obsolete=True)
        untranslated = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy
                           or (isinstance(m.string, tuple) and not all(m.string))))
        print(f"{path.relative_to(ROOT)}: {len(template)} messages, "
              f"{untranslated} to translate", file=sys.stderr)


def compiled_catalogs() -> dict[str, bytes]:
    """Each language's catalog compiled to .mo (Babel), untranslated and fuzzy entries
    left out, so they fall back to English."""
    import io

    ensure_babel()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = {}
    for lang in TRANSLATED:
        path = catalog_path(lang)
        if not path.exists():
            continue
        with path.open("rb") as source:
            catalog = read_po(source, locale=lang)
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        compiled[lang] = out.getvalue()
    return compiled


def entry_scripts(dist: Path) -> set[str]:
    """Python files that pages load with <script type="py" src="./X.py"> (or that Python
    starts as a worker): PyScript runs them directly, so they stay plain files in dist/."""
    found: set[str] = set()
    for page in dist.glob("*.html"):
        for src in re.findall(r'<script[^>]*\bsrc="\./([^"]+\.py)"', page.read_text("utf-8")):
            found.add(src)
    # Workers started from Python (pyscript.create_named_worker("./X.py", ...)).
    for module in dist.glob("*.py"):
        text = module.read_text("utf-8")
        found.update(re.findall(r'create_named_worker\(\s*"\./([^"]+\.py)"', text))
    return found


def files_mapping(dist: Path) -> dict[str, str]:
    """PyScript's "files": URL (relative to the config) -> path in Pyodide's filesystem.

    The Python code (the archive written by copy_site) is written into the interpreter's
    working directory as it is, and the entry scripts put it on sys.path, so `import
    spades` and `import some_web_module` just work (web/packed.py reads its data files).
    Adding a module needs no config edit.
    """
    if not (dist / CODE_ARCHIVE).exists():
        return {}
    return {f"./{CODE_ARCHIVE}": f"./{CODE_ARCHIVE}"}


def write_configs(dist: Path) -> None:
    """Force the local interpreter into every PyScript config and fill in "files"."""
    mapping = files_mapping(dist)
    for path in sorted(dist.glob("pyscript*.json")):
        config = json.loads(path.read_text(encoding="utf-8"))
        config["interpreter"] = (START if SNAPSHOT_ON and path.name in CONFIGS_WITH_START
                                 else INTERPRETER)
        if path.name in CONFIGS_WITH_CODE:
            config["files"] = {**config.get("files", {}), **mapping}
        path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def site_files(dist: Path) -> list[str]:
    """Every file of the site, as a sorted list of relative POSIX paths."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


def precached(rel: str) -> bool:
    """Whether the service worker precaches this site file."""
    return not any(fnmatch.fnmatchcase(rel, pattern) for pattern in NOT_PRECACHED)


def build_id(dist: Path) -> str:
    """A short hash of every file's path and content: changes exactly when the site does."""
    digest = hashlib.sha256()
    for rel in site_files(dist):
        if rel in ("sw.js", "build.json"):
            continue
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((dist / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(dist: Path) -> str:
    """Stamp web/sw.js with the build id, every file's hash and the precache list;
    return the build id.

    The versioned cache name lets a new build replace the old cache on activation; the
    hashes (Subresource Integrity) let the worker refuse another build's bytes.
    """
    ident = build_id(dist)
    files = ["./"] + [f"./{rel}" for rel in site_files(dist) if precached(rel)]
    hashes = {"./": integrity_of(dist / "index.html")} | {
        f"./{rel}": integrity_of(dist / rel)
        for rel in site_files(dist) if rel not in ("sw.js", "build.json")}
    stamps = {'"__BUILD_ID__"': json.dumps(ident),
              "{} /* __FILES__ */": json.dumps(hashes, indent=2),
              "[] /* __PRECACHE__ */": json.dumps(files, indent=2)}
    text = (WEB / "sw.js").read_text(encoding="utf-8")
    missing = [mark for mark in stamps if mark not in text]
    if missing:
        raise SystemExit(f"web/sw.js lacks the placeholders {missing}")
    for mark, value in stamps.items():
        text = text.replace(mark, value)
    (dist / "sw.js").write_text(text, encoding="utf-8")
    (dist / "build.json").write_text(json.dumps({"build": ident}) + "\n", encoding="utf-8")
    return ident


# --------------------------------------------------------------------------- preloads

# A page start asks for its files one after another: PyScript's module, then its chunk,
# its config, its plugins' chunks, Pyodide's loader, Pyodide's JavaScript with the standard
# library and the lock file, and only once the interpreter is up the config's files and
# main.py. On a real network each step is a round trip; named in the page's head, they
# are asked for together (issue 30: python -m e2e.startup --latency 80, side by side).
# Not the wasm: V8 keeps the code it compiled with the response Pyodide fetches itself,
# which a preloaded response does not bring (a return visit would compile it again).
PRELOAD_MARK = "<!-- build.py with_preloads -->"


def pyscript_chunks(dist: Path) -> tuple[str, list[str]]:
    """The chunks of PyScript that every start imports, by their hashed names in this
    PyScript: core.js's own, and its plugins' (the ``name:()=>import("./chunk.js")``
    entries of its plugin map, each imported at start whether a page uses it or not;
    PyScript 0.7's config cannot leave one out while MicroPython's plugins, which have no
    config on this page, load them all)."""
    folder = dist / "pyscript"
    core = re.search(r'from\s*"\./(core-[\w-]+\.js)"', (folder / "core.js").read_text("utf-8"))
    if core is None:
        raise SystemExit("pyscript/core.js: its chunk's name not found (a new PyScript?)")
    plugins = re.findall(r'(?:"[\w-]+"|\b\w+):\(\)=>import\("\./([\w.-]+\.js)"\)',
                         (folder / core.group(1)).read_text("utf-8"))
    if not plugins:
        raise SystemExit(f"pyscript/{core.group(1)}: its plugins' chunks not found")
    return f"pyscript/{core.group(1)}", [f"pyscript/{name}" for name in plugins]


def start_files(dist: Path) -> list[tuple[str, str]]:
    """What a start asks for before main.py runs, as ("module" or "fetch", path in dist/),
    in the order it needs them: a browser that must queue them (HTTP/1.1's few
    connections) asks for the first first."""
    core, plugins = pyscript_chunks(dist)
    return [("module", core), ("fetch", "pyscript.json"),
            *(("module", plugin) for plugin in plugins),
            ("module", "pyodide/pyodide.mjs"), ("module", "pyodide/pyodide.asm.mjs"),
            ("fetch", "pyodide/pyodide-lock.json"), ("fetch", "pyodide/python_stdlib.zip"),
            ("fetch", CODE_ARCHIVE), ("fetch", "main.py")]


def with_preloads(html: str, dist: Path) -> str:
    """The page with PRELOAD_MARK replaced by the links that ask for its start's files."""
    preloads = start_files(dist)
    missing = [name for _, name in preloads if not (dist / name).is_file()]
    if missing or html.count(PRELOAD_MARK) != 1:
        raise SystemExit(f"index.html needs one {PRELOAD_MARK}, dist/ these files: {missing}")
    # As PyScript's and Pyodide's fetch() ask (CORS mode, same-origin credentials): a
    # preload that matches is taken by the fetch, never downloaded twice (test_smoke).
    links = [f'<link rel="modulepreload" href="./{name}">' if kind == "module" else
             f'<link rel="preload" href="./{name}" as="fetch" crossorigin="anonymous">'
             for kind, name in preloads]
    return html.replace(PRELOAD_MARK, "\n  ".join(links))


def build(dist: Path = DIST) -> str:
    """Assemble dist/ from scratch and return the build id."""
    tarballs = [(runtime, fetch_runtime(runtime)) for runtime in RUNTIMES]
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    for runtime, tarball in tarballs:
        extract_runtime(runtime, tarball, dist)
    trim_stdlib(dist / STDLIB_ZIP)
    compile_archive(dist, dist / STDLIB_ZIP, "sourceless")
    copy_site(dist)
    vendor_trystero(dist)
    compile_archive(dist, dist / CODE_ARCHIVE, "beside")
    page = dist / "index.html"
    page.write_text(with_preloads(with_relays(page.read_text(encoding="utf-8")), dist),
                    encoding="utf-8")
    write_snapshot(dist)
    write_icons(dist)
    write_configs(dist)
    write_progress(dist)
    ident = write_service_worker(dist)
    print(f"built {dist} ({len(site_files(dist))} files, build {ident})", file=sys.stderr)
    return ident


# --------------------------------------------------------------------------- bytecode

# Python's modules compiled at build time (tools/pycompile.mjs, under Node, with the page's own
# Pyodide): the runtime's start-up imports much of the standard library, and compiling it
# in the browser was most of the start. The standard library ships as .pyc only (zipimport
# runs them; about twice the bytes of the sources, zipped); the game's archive keeps its
# sources beside their .pyc (zipimport runs the .pyc; tracebacks show the .py's lines).
# SPADES_PYC=0 ships sources only; SPADES_PYC_AB=1 also writes
# pyodide/python_stdlib.source.zip (not precached), which web/start.mjs loads for ?pyc=0
# (python -m e2e.startup compares).
PYC_ON = os.environ.get("SPADES_PYC", "1") != "0"
PYC_AB = os.environ.get("SPADES_PYC_AB") == "1"
PYC_SCRIPT = ROOT / "tools" / "pycompile.mjs"
PYC_CACHE = ROOT / ".cache" / "pyc"


def node_or_exit(purpose: str) -> str:
    """Node (the page's own Pyodide runs under it at build time), or exit saying why."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit(f"node is needed {purpose}")
    return node


def compile_archive(dist: Path, archive: Path, mode: str) -> None:
    """Replace ``archive`` by its compiled form (pycompile.mjs ``mode``), cached by input."""
    if not PYC_ON:
        return
    if PYC_AB and archive.name == Path(STDLIB_ZIP).name:
        shutil.copyfile(archive, archive.with_name("python_stdlib.source.zip"))
    inputs = hashlib.sha256(mode.encode())
    for path in (dist / "pyodide" / "pyodide.asm.wasm", archive, PYC_SCRIPT):
        inputs.update(hashlib.sha256(path.read_bytes()).digest())
    cached = PYC_CACHE / f"{inputs.hexdigest()[:16]}.zip"
    if not cached.exists():
        node = node_or_exit("to compile the Python (or build with SPADES_PYC=0)")
        PYC_CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([node, str(PYC_SCRIPT), str(dist), str(archive), str(cached), mode],
                       check=True)
    before = archive.stat().st_size
    shutil.copyfile(cached, archive)
    print(f"{archive.relative_to(dist)}: compiled ({mode}), {before:,} -> "
          f"{archive.stat().st_size:,} bytes", file=sys.stderr)


# --------------------------------------------------------------------------- snapshot

# A Pyodide memory snapshot (an experimental Pyodide API, `_makeSnapshot`/`_loadSnapshot`):
# the interpreter after start-up and the imports below, made under Node by tools/snapshot.mjs
# from dist/'s own runtime files and restored by dist/pyodide/start.mjs on a return visit.
# It is made again only when its inputs change (cached in .cache/snapshot/), so a build
# of the same sources writes the same bytes.
SNAPSHOT_SCRIPT = ROOT / "tools" / "snapshot.mjs"
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshot"
# Never imported into the snapshot: modules that hold JavaScript objects.
NOT_SNAPSHOTTED = ("js", "pyscript", "pyodide")


def snapshot_modules() -> list[str]:
    """What the page imports at start that can live in a snapshot: every module the
    page's Python (web/*.py less the worker) imports at top level, less web/'s modules
    that import js or pyscript (at any depth) and anything under NOT_SNAPSHOTTED."""
    import ast

    sources = {p.stem: p for p in WEB.glob("*.py") if p.stem not in ("worker", "bare")}
    imports: dict[str, set[str]] = {}
    for name, path in sources.items():
        found = imports.setdefault(name, set())
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
        found.discard("__future__")

    def tainted(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name.split(".")[0] in NOT_SNAPSHOTTED:
            return True
        if name not in sources or name in seen:
            return False
        return any(tainted(dep, seen | {name}) for dep in imports[name])

    wanted = {dep for deps in imports.values() for dep in deps} | set(sources)
    return sorted(name for name in wanted if not tainted(name) and name != "main")


def write_snapshot(dist: Path) -> None:
    """Write dist/pyodide/snapshot-<hash>.bin.gz and dist/pyodide/start.mjs naming it
    (or, without SPADES_SNAPSHOT=1, neither)."""
    (dist / "start.mjs").unlink(missing_ok=True)  # copied from web/ with the page
    if not SNAPSHOT_ON:
        return
    modules = snapshot_modules()
    inputs = hashlib.sha256()
    runtime = sorted(p for p in (dist / "pyodide").iterdir() if precached(f"pyodide/{p.name}"))
    for path in (*runtime, dist / CODE_ARCHIVE, SNAPSHOT_SCRIPT):
        inputs.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    inputs.update(json.dumps(modules).encode())
    cached = SNAPSHOT_CACHE / f"{inputs.hexdigest()[:16]}.bin.gz"
    if not cached.exists():
        node = node_or_exit("to make the memory snapshot (or build without SPADES_SNAPSHOT=1)")
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        raw = SNAPSHOT_CACHE / "snapshot.bin"
        subprocess.run([node, str(SNAPSHOT_SCRIPT), str(dist), str(raw), *modules], check=True)
        import gzip

        data = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
        raw.unlink()
        cached.write_bytes(data)
    data = cached.read_bytes()
    name = f"snapshot-{hashlib.sha256(data).hexdigest()[:16]}.bin.gz"
    (dist / "pyodide" / name).write_bytes(data)
    start = (WEB / "start.mjs").read_text(encoding="utf-8")
    if "__SNAPSHOT__" not in start:
        raise SystemExit("web/start.mjs lacks the __SNAPSHOT__ placeholder")
    (dist / "pyodide" / "start.mjs").write_text(start.replace("__SNAPSHOT__", name), "utf-8")


# --------------------------------------------------------------------------- icons

# The PNG icons of the manifest (installing the app wants bitmaps, and a maskable one),
# drawn from web/icon.svg by tools/icons.py with Pillow; the maskable one is full-bleed in the
# manifest's theme colour.
ICON_SVG = WEB / "icon.svg"
MANIFEST = WEB / "manifest.webmanifest"


def ensure_pillow() -> None:
    if not _importable("PIL"):
        print("installing Pillow (the PNG icons are drawn with it)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", *build_requirements()], check=True)
        import importlib

        importlib.invalidate_caches()


def write_icons(dist: Path) -> list[Path]:
    """Draw icon-192.png, icon-512.png and icon-maskable-512.png into dist/."""
    ensure_pillow()
    from tools import icons  # beside the build, not in web/, so never shipped

    theme = json.loads(MANIFEST.read_text(encoding="utf-8"))["theme_color"]
    return icons.write_icons(ICON_SVG, dist, background=theme)


# --------------------------------------------------------------------------- serve


MAX_REQUEST_LINE = 2 * 1024 * 1024 + 64
"""The longest request line the local server reads: Chromium's longest URL (2 MiB) and
the words around it. Python's http.server refuses a line over 64 KiB with HTTP 414, so a
first visit by a very long link (a 100 KB query) never reached the page, which drops the
parameters it does not understand (web/address.py) and says so."""
LOGGED_CHARS = 200
"""A request line is logged up to this many characters (a long query is cut)."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs and no stale caching.

    `.wasm` must be application/wasm or Pyodide's streaming compile fails (it can hang
    without a clear error); `no-cache` makes the browser revalidate on every load, so
    a rebuild is always seen.
    """

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    quiet: ClassVar[bool] = False
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~50 requests

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def handle(self) -> None:
        # A browser that navigates away drops connections mid-response; that is normal
        # for a static server and not worth a traceback on the console.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def handle_one_request(self) -> None:
        """BaseHTTPRequestHandler's, with a request line of up to MAX_REQUEST_LINE bytes
        instead of 64 KiB (beyond it, still 414)."""
        try:
            self.raw_requestline = self.rfile.readline(MAX_REQUEST_LINE + 1)
            if len(self.raw_requestline) > MAX_REQUEST_LINE:
                self.requestline, self.request_version, self.command = "", "", ""
                self.send_error(http.HTTPStatus.REQUEST_URI_TOO_LONG)
                return
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return  # parse_request has sent the error
            method = getattr(self, f"do_{self.command}", None)
            if method is None:
                self.send_error(http.HTTPStatus.NOT_IMPLEMENTED,
                                f"Unsupported method ({self.command!r})")
                return
            method()
            self.wfile.flush()
        except TimeoutError as error:
            self.log_error("Request timed out: %r", error)
            self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            shown = tuple(f"{arg[:LOGGED_CHARS]}…" if isinstance(arg, str)
                          and len(arg) > LOGGED_CHARS else arg for arg in args)
            super().log_message(format, *shown)


class QuietSiteHandler(SiteHandler):
    """SiteHandler without a log line per request (tests, benchmarks, --quiet)."""

    quiet = True


def make_server(
    dist: Path = DIST, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """A threading server for dist/; port 0 picks a free port (see server.server_port)."""
    handler_class = QuietSiteHandler if quiet else SiteHandler
    handler = functools.partial(handler_class, directory=str(dist))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(host: str, port: int, quiet: bool) -> None:
    """Build, then serve until interrupted."""
    build()
    server = make_server(DIST, host, port, quiet)
    print(f"serving {DIST} at http://{host}:{server.server_port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test


def test_requirements() -> list[str]:
    """The ``test`` extra of pyproject.toml: one list of what the checks need."""
    return _extra("test")


def build_requirements() -> list[str]:
    """The ``build`` extra of pyproject.toml: what build.py itself needs (Babel, Pillow)."""
    return _extra("build")


def _extra(name: str) -> list[str]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(project["project"]["optional-dependencies"][name])


def ensure_test_packages() -> None:
    """pip-install the test requirements that are missing (a fresh clone has none)."""
    modules = {"pytest": "pytest", "hypothesis": "hypothesis", "playwright": "playwright",
               "ruff": "ruff", "mypy": "mypy", "babel": "babel", "pillow": "PIL",
               "pytest-rerunfailures": "pytest_rerunfailures", "pytest-xdist": "xdist",
               "segno": "segno"}
    missing = [name for name, module in modules.items() if not _importable(module)]
    if _script("actionlint") is None:
        missing.append("actionlint")
    if missing:
        print(f"installing test requirements ({', '.join(missing)} missing)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", *test_requirements()], check=True)


def _script(name: str) -> str | None:
    """The absolute path of a program that a pip package installed beside this Python
    (whose scripts folder need not be on PATH), else of one on PATH, else None."""
    import sysconfig

    here = Path(sysconfig.get_path("scripts")) / name
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    found = shutil.which(name)
    return os.path.abspath(found) if found else None


def _importable(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


# Debian's Chromium, which the browser tests launch when it is installed (e2e/support.py
# chromium_path): its headless shell for a headless browser, else the whole browser.
DEBIAN_HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")


def ensure_browser() -> None:
    """A Chromium for the browser tests: $SPADES_CHROMIUM or Debian's when present, else
    Playwright's own, downloaded once (the usual route on a laptop)."""

    if (os.environ.get("SPADES_CHROMIUM") or DEBIAN_HEADLESS_SHELL.exists()
            or DEBIAN_CHROMIUM.exists()):
        return
    print("no system Chromium: running `playwright install chromium`", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], check=True)


# A test whose browser tab crashed runs once more; any other failure fails at once.
# Chromium's renderer crashed twice in some 25 runs of the 1300 browser tests, each time in
# a test that passed 40 times in a row alone. Playwright words it by the call that was
# waiting: "Target crashed" (a locator) or "Page crashed" (a wait), so both are matched.
TAB_CRASHED = "(Target|Page) crashed"
RERUN_A_CRASHED_TAB = ["--reruns", "1", "--only-rerun", TAB_CRASHED]


def run_checks(pytest_args: list[str]) -> int:
    """Lint, type-check, then pytest over tests/ and e2e/ (real Chromium).  A pytest run
    that collects no test fails, so a broken collection can never pass as green."""

    ensure_test_packages()
    ensure_browser()
    build()
    # The browser tests' own tools, fetched here once: two xdist workers fetching them at
    # the same moment on a fresh machine would write the same folder together.
    fetch_axe()
    fetch_tracker()
    env = {**os.environ, "SPADES_SKIP_BUILD": "1", "SPADES_REQUIRE_E2E": "1"}
    steps = [
        ["ruff", "check", "spades", "tests", "e2e", "web", "build.py", "tools"],
        ["mypy", "--strict", "spades"],
        # The page's modules, as the top-level modules they are in the browser (mypy_path =
        # "web" in pyproject.toml; pyscript/pyodide are browser-only and typed as Any).
        ["mypy", "--strict", "--explicit-package-bases", "web"],
        *pytest_passes(pytest_args),
    ]
    # The GitHub Actions workflows (pages.yml publishes the site), checked by actionlint (a
    # Go binary from the test extra, run as itself; it works offline, and lints the run:
    # scripts too when shellcheck is on PATH).
    actionlint = _script("actionlint")
    if actionlint is None:
        raise SystemExit("actionlint is missing: pip install -e '.[test]'")
    workflows = sorted(p.relative_to(ROOT).as_posix()
                       for p in (ROOT / ".github" / "workflows").glob("*.y*ml"))
    steps.insert(3, [actionlint, *workflows])  # before the pytest passes
    pytest_steps = [step for step in steps if step[0] == "pytest"]
    tests_run = False
    for step in steps:
        # A Python module's command line, or a program's (its absolute path first).
        command = step if os.path.isabs(step[0]) else [sys.executable, "-m", *step]
        print("$ " + " ".join(step if command is step else ["python", "-m", *step]),
              file=sys.stderr, flush=True)
        if step[0] == "pytest" and "alone" in step:
            wait_for_test_browsers_to_exit()
        code = subprocess.run(command, cwd=ROOT, env=env).returncode
        if code == 5 and len(pytest_steps) > 1:
            # One pass of two may select nothing (`python build.py test tests` has no test
            # marked `alone`); the run fails below if neither ran a test.
            continue
        if code == 5:
            print("pytest collected no tests: that is a failure", file=sys.stderr)
        if code != 0:
            return code
        tests_run = tests_run or step[0] == "pytest"
    if not tests_run:
        print("pytest collected no tests: that is a failure", file=sys.stderr)
        return 5
    return 0


def wait_for_test_browsers_to_exit(limit_s: float = 30.0) -> None:
    """Before the `alone` pass, which times the page: until the first pass's browsers have
    exited (Chromium launched by Playwright, known by its --remote-debugging-pipe; a
    player's own browser is not waited for). Their shutdown, right after the parallel
    pass, once made a 108 ms long task at Medium there. Linux only (/proc); elsewhere, and
    after ``limit_s``, it goes on."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        left = 0
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            with contextlib.suppress(OSError):
                left += b"--remote-debugging-pipe" in cmdline.read_bytes()
        if not left:
            return
        time.sleep(0.25)


# How many pytest-xdist workers run the suite: one Chromium each. The browser tests wait
# on the page's timers (the computers' pace, the clock) part of the time, so one worker
# more than the cores keeps them busy. Measured on this 2-core machine, 45 browser tests
# (test_table, test_two_players, test_hostile), back to back: 3 workers 148 s and 124 s,
# 2 workers 171 s and 158 s, 4 workers 144 s (the cores full: 283 CPU-s of 290).
TEST_WORKERS = "SPADES_TEST_WORKERS"
MOST_WORKERS = 3


def worker_count() -> int:
    """$SPADES_TEST_WORKERS, else one more than the cores (at most MOST_WORKERS), or 1 on
    a single core (where a second browser only fights the first)."""
    chosen = os.environ.get(TEST_WORKERS, "")
    if chosen.isdigit():
        return max(1, int(chosen))
    cores = os.cpu_count() or 1
    return 1 if cores < 2 else min(MOST_WORKERS, cores + 1)


def pytest_passes(pytest_args: list[str], workers: int | None = None) -> list[list[str]]:
    """The pytest command lines of `python build.py test`.

    With two or more workers: the suite on pytest-xdist, less the tests marked `alone`
    (they time the page's main thread, so a second browser beside them would fail them),
    then those tests in a serial pass. Arguments that choose workers or markers
    themselves (-n, -m, -p no:xdist) get a single pass, as given."""
    workers = worker_count() if workers is None else workers
    own_choice = any(arg in {"-n", "-m", "--numprocesses", "no:xdist"}
                     or arg.startswith(("-n", "--numprocesses=", "-m"))
                     for arg in pytest_args)
    if workers < 2 or own_choice:
        return [["pytest", *RERUN_A_CRASHED_TAB, *pytest_args]]
    return [
        # worksteal: a worker left idle takes half of the other's queue, so a slow test
        # near the end does not leave one core waiting (xdist's default hands the tests out
        # in fixed chunks first).
        ["pytest", *RERUN_A_CRASHED_TAB, "-n", str(workers), "--dist", "worksteal",
         "-m", "not alone", *pytest_args],
        ["pytest", *RERUN_A_CRASHED_TAB, "-m", "alone", *pytest_args],
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command")
    serve_cmd = sub.add_parser("serve", help="build, then serve dist/ on loopback")
    serve_cmd.add_argument(
        "--port", type=int, default=8000, help="0 picks a free port (default: 8000)"
    )
    serve_cmd.add_argument("--host", default="127.0.0.1")
    serve_cmd.add_argument("--quiet", action="store_true", help="do not log each request")
    test_cmd = sub.add_parser("test", help="install test requirements, build, run every check")
    test_cmd.add_argument("pytest_args", nargs="*", help="passed to pytest as they are")
    sub.add_parser("messages", help="extract the messages, update every language's catalog")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"] and not {"-h", "--help"} & set(argv[1:2]):
        # Everything after "test" is pytest's (-q, -k EXPR, paths), untouched.
        sys.exit(run_checks(argv[1:]))
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.host, args.port, args.quiet)
    elif args.command == "messages":
        update_messages()
    else:
        build()


if __name__ == "__main__":
    main()
