"""The service worker's versions (issue 11): every file of a build is cached together, a
new deploy waits behind an "A new version is ready" banner instead of mixing files of two
builds into an open page, its Reload runs the new build entirely, and a reload of an
unchanged version is served from the cache alone. Online the runtime's WebAssembly is left
to the browser's HTTP cache (issue 30: V8 keeps its compiled code there) where the browser
kept it (a profile); these tests' contexts are off the record, whose HTTP cache has no room
for it, so the worker answers it too ("?cached", issue 45: web/progress.js); with no
network, from the cache entirely.

The two versions are copies of the built site in a folder of the test's own, told apart
by a marker in index.html and in table.css, each stamped by build.write_service_worker
(as `python build.py` does), and served by a server that records every request.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from e2e.conftest import check_guard, guarded_context, guarded_persistent_page, watch_page
from e2e.support import build, open_game, saved_game, serving, wait_your_turn

FAST = "speed=instant&level=easy"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHES = "async () => (await caches.keys()).sort()"
MARK = "() => document.querySelector('meta[name=spades-test-version]').content"
CSS_MARK = ("() => getComputedStyle(document.documentElement)"
            ".getPropertyValue('--spades-test-version').trim()")
SW_TIMEOUT_MS = 60_000
"""Installing a version precaches the whole site (~15 MB) from loopback."""


def make_version(folder: Path, mark: str) -> str:
    """Write the built site into ``folder`` (over what is there, as a deploy does) with
    ``mark`` in index.html and table.css, stamp its service worker; return its build id."""
    shutil.copytree(build.DIST, folder, dirs_exist_ok=True)
    index = folder / "index.html"
    index.write_text(index.read_text("utf-8").replace(
        "</head>", f'<meta name="spades-test-version" content="{mark}">\n</head>', 1), "utf-8")
    css = folder / "table.css"
    css.write_text(css.read_text("utf-8") + f'\n:root {{ --spades-test-version: "{mark}"; }}\n',
                   "utf-8")
    version = build.write_service_worker(folder)
    stamp_later(index, css, folder / "sw.js")
    return version


LAST_STAMP = [0.0]


def stamp_later(*paths: Path) -> None:
    """Give ``paths`` a modification time a second past any this test module gave before.
    The server's Last-Modified counts whole seconds: two writes of a file within one
    second would answer the browser's revalidation of the first with 304 Not Modified,
    and the HTTP cache would keep the first's bytes (a deploy is not two in a second)."""
    LAST_STAMP[0] = max(time.time(), LAST_STAMP[0]) + 1
    for path in paths:
        os.utime(path, (LAST_STAMP[0], LAST_STAMP[0]))


@contextmanager
def serve_folder(folder: Path) -> Iterator[tuple[str, list[str]]]:
    """Serve ``folder`` as build.py serves dist/; yield its URL and the paths requested."""
    requested: list[str] = []

    class Recording(build.QuietSiteHandler):
        def send_head(self) -> Any:
            requested.append(self.path.split("?")[0])
            return super().send_head()

    handler = functools.partial(Recording, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    with serving(server):
        yield f"http://127.0.0.1:{server.server_port}/", requested


def site_files(requested: list[str]) -> list[str]:
    """The requests for the site's files: all but the browser's check for a new sw.js."""
    return [path for path in requested if path != "/sw.js"]


RUNTIME_WASM = "/pyodide/pyodide.asm.wasm"
"""Online, with no other build on its way, the service worker leaves the runtime's
WebAssembly to the browser's HTTP cache (web/sw.js: V8 keeps its compiled code there), so
the server sees its request (a revalidation, answered 304 once the browser has it), but
where the browser kept no copy at the install (an off-the-record context, as sw_page's):
the page then asks the worker for it (web/progress.js)."""


@pytest.fixture
def served(site_url: str, tmp_path: Path) -> Iterator[tuple[Path, str, list[str]]]:
    """A folder of the test's own (empty until make_version), served and recorded.
    (site_url: the session's build of dist/, which make_version copies.)"""
    folder = tmp_path / "site"
    folder.mkdir()
    with serve_folder(folder) as (url, requested):
        yield folder, url, requested


@pytest.fixture
def sw_page(browser: Any, served: tuple[Path, str, list[str]]) -> Iterator[Any]:
    """A guarded page whose service workers are allowed, on the served folder."""
    context, guard = guarded_context(browser, served[1], service_workers="allow")
    page = context.new_page()
    watch_page(page, guard)
    yield page
    try:
        check_guard(guard, page)
    finally:
        context.close()


def open_controlled(page: Any, query: str = FAST) -> None:
    """Open the table and wait until the service worker has installed and controls it."""
    open_game(page, query)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)


def test_a_new_version_waits_for_reload_then_runs_entirely(
        sw_page: Any, served: tuple[Path, str, list[str]]) -> None:
    page = sw_page
    folder, _, requested = served
    first = make_version(folder, "A")
    open_controlled(page)
    assert page.evaluate(MARK) == "A"
    assert page.evaluate(CACHES) == [f"spades-{first}"]
    assert page.locator("#update").is_hidden()

    second = make_version(folder, "B")  # deployed while the page is open
    assert second != first
    # The tab is shown again: the page checks for a new version.
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_selector("#update", state="visible", timeout=SW_TIMEOUT_MS)
    assert page.evaluate("() => document.documentElement.dataset.update") == "ready"
    assert page.locator('#update [data-action="reload-update"]').inner_text() == "Reload"
    # B waits, cached whole beside A; the open page still runs A.
    assert page.evaluate(CACHES) == sorted([f"spades-{first}", f"spades-{second}"])
    cached_index = page.evaluate(
        "async (name) => (await (await caches.open(name)).match('./index.html')).text()",
        f"spades-{second}")
    assert 'content="B"' in cached_index
    assert (page.evaluate(MARK), page.evaluate(CSS_MARK)) == ("A", '"A"')

    # A plain reload keeps the version that controls the page (no mix), banner again.
    requested.clear()
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    assert (page.evaluate(MARK), page.evaluate(CSS_MARK)) == ("A", '"A"')
    page.wait_for_selector("#update", state="visible", timeout=SW_TIMEOUT_MS)
    assert site_files(requested) == []

    # Reload: B takes over, A's cache goes, and every file of the new page is B's, cached.
    requested.clear()
    with page.expect_navigation(timeout=SW_TIMEOUT_MS):
        page.locator('#update [data-action="reload-update"]').click()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    assert (page.evaluate(MARK), page.evaluate(CSS_MARK)) == ("B", '"B"')
    assert page.evaluate(CACHES) == [f"spades-{second}"]
    assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    assert page.locator("#update").is_hidden()
    assert site_files(requested) == []  # the wasm too, off the record (RUNTIME_WASM)
    # The page started (Python from spades.zip, the runtime) on B's files alone.
    assert page.locator("#hand .card").count() > 0


def test_an_unchanged_version_reloads_from_the_cache_alone(
        sw_page: Any, served: tuple[Path, str, list[str]]) -> None:
    page = sw_page
    folder, _, requested = served
    make_version(folder, "A")
    open_controlled(page)
    requested.clear()
    responses: list[Any] = []
    page.on("response", lambda response: responses.append(response))
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    page.wait_for_function(CONTROLLED)
    assert site_files(requested) == []  # the wasm too, off the record (RUNTIME_WASM)
    site = [r for r in responses if r.url.startswith("http")]
    assert site, "the reload loaded nothing"
    assert [r.url for r in site if not r.from_service_worker] == []
    assert page.locator("#update").is_hidden()


def test_the_install_takes_what_the_page_loaded_from_the_browser(
        browser: Any, served: tuple[Path, str, list[str]], tmp_path: Path) -> None:
    """A first visit's install asks the network only for what the page has not loaded:
    the runtime's wasm once, by the page itself. (Asked for again by the install, the
    wasm's HTTP-cache entry lost the code V8 had compiled and kept beside it, and the
    return visit compiled the runtime again: its Python started ~100 ms later than the
    same page's without a service worker, issue 30.) A persistent profile, as players
    have: an off-the-record one keeps its HTTP cache in memory, with no room for the
    wasm."""
    folder, url, requested = served
    make_version(folder, "A")
    with guarded_persistent_page(browser, url, tmp_path / "profile") as page:
        open_controlled(page)
    files = site_files(requested)
    assert files.count(RUNTIME_WASM) == 1
    assert files.count("/pyodide/python_stdlib.zip") == 1
    # Asked for twice, at most: the page's address (it carried a query, the precache's
    # has none) and its icon (a whole browser's own fetch of it is kept apart from the
    # page's).
    assert {path for path in files if files.count(path) > 1} <= {"/", "/icon.svg"}


def test_offline_reload_is_playable(sw_page: Any, served: tuple[Path, str, list[str]]) -> None:
    page = sw_page
    make_version(served[0], "A")
    open_controlled(page, f"seed=2&{FAST}")  # seed 2: you bid first
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    assert wait_your_turn(page) == "bid"
    page.locator('[data-bid="4"]').click()
    page.wait_for_selector("#bids", state="hidden")
    assert saved_game(page).bids[0] == 4


INSTALL_OUTCOME = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing;
  if (!worker) return "nothing new";
  await new Promise((done) => {
    const settled = () => ["installed", "redundant"].includes(worker.state) && done();
    worker.addEventListener("statechange", settled);
    settled();
  });
  return worker.state;
}"""


def test_a_half_done_deploy_is_not_installed(
        sw_page: Any, served: tuple[Path, str, list[str]]) -> None:
    """A new sw.js whose files are not all there yet (another build's bytes) fails its
    install as a whole: the page keeps its version and offers nothing until the deploy
    is complete."""
    page = sw_page
    folder = served[0]
    first = make_version(folder, "A")
    open_controlled(page)
    old_css = (folder / "table.css").read_bytes()
    second = make_version(folder, "B")
    (folder / "table.css").write_bytes(old_css)  # B's sw.js, A's table.css
    assert page.evaluate(INSTALL_OUTCOME) == "redundant"
    assert page.evaluate(CACHES) == [f"spades-{first}"]
    assert page.locator("#update").is_hidden()

    assert make_version(folder, "B") == second  # the deploy completes
    assert page.evaluate(INSTALL_OUTCOME) == "installed"
    page.wait_for_selector("#update", state="visible")
    assert page.evaluate(CACHES) == sorted([f"spades-{first}", f"spades-{second}"])
