"""Smoke tests: the built site starts in real Chromium on the local runtime only."""

from __future__ import annotations

import urllib.request
from typing import Any

import pytest

from e2e.conftest import check_guard, guarded_context, watch_page
from e2e.support import close_door, open_game, serving


def test_page_becomes_ready_with_a_dealt_table(page: Any) -> None:
    open_game(page, "speed=instant")
    assert page.locator("#hand .card").count() == 13
    assert page.locator('[data-score-side="0"]').inner_text() == "0"
    assert page.guard.off_origin == []
    # Every dataclass the page made took its methods from the build (web/dataclass_code.py):
    # a source text the build did not see would be compiled at start, as before it.
    compiled = page.wait_for_function(
        "() => performance.getEntriesByType('mark').map((m) => m.name)"
        ".find((name) => name.startsWith('spades:dataclasses-compiled:'))").json_value()
    import build

    if build.PYC_ON:
        assert compiled == "spades:dataclasses-compiled:0"


def outward_address() -> str | None:
    """This machine's address on its outward interface (no packet is sent), if it has one."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
        except OSError:
            return None
        address: str = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def test_a_request_off_loopback_is_blocked_and_counted(browser: Any, site_url: str) -> None:
    """The guard every browser test has: a request that leaves loopback, by name or by
    address, over HTTP(S) or a WebSocket, never gets an answer and fails the test. A
    server that does answer on this machine's outward address shows it is Chromium that
    blocks (e2e.support.OFF_LOOPBACK_BLOCKED), not a closed network."""
    import build

    address = outward_address()
    if address is None:
        pytest.skip("this machine has no outward interface")
    with serving(build.make_server(build.DIST, "0.0.0.0", 0, quiet=True)) as server:
        outward = f"http://{address}:{server.server_port}/build.json"
        socket_url = f"ws://{address}:{server.server_port}/relay"
        urllib.request.urlopen(outward).close()  # it answers anyone but the guarded page
        context, guard = guarded_context(browser, site_url)
        try:
            page = context.new_page()
            watch_page(page, guard)
            page.goto("./build.json")
            urls = [outward, "http://example.com/a", "https://203.0.113.9/b", "./build.json"]
            outcomes = page.evaluate("""async (urls) => Promise.all(urls.map((url) =>
                fetch(url, {mode: 'no-cors'}).then(() => 'answered', () => 'blocked')))""",
                urls)
            assert outcomes == ["blocked", "blocked", "blocked", "answered"]
            socket = page.evaluate("""(url) => new Promise((done) => {
                const socket = new WebSocket(url);
                socket.onopen = () => done('open'); socket.onerror = () => done('blocked');
            })""", socket_url)
            assert socket == "blocked"
            assert sorted(guard.off_origin) == sorted([*urls[:3], socket_url])
            with pytest.raises(pytest.fail.Exception, match="off-origin request: http://"):
                check_guard(guard, page)
        finally:
            context.close()


def test_bare_page_becomes_ready(page: Any) -> None:
    open_game(page, path="./bare.html")


def test_runtime_served_with_the_right_types(site_url: str) -> None:
    expected = {
        "pyodide/pyodide.asm.wasm": "application/wasm",
        "pyodide/pyodide.mjs": "text/javascript",
        "pyscript/core.js": "text/javascript",
        "pyscript.json": "application/json",
        "manifest.webmanifest": "application/manifest+json",
    }
    for path, mime in expected.items():
        with urllib.request.urlopen(site_url + path) as response:
            assert response.headers.get_content_type() == mime, path
            assert response.headers["Cache-Control"] == "no-cache"


def test_configs_name_the_local_interpreter(site_url: str) -> None:
    import json

    import build

    for name in ("pyscript.json", "pyscript-worker.json", "pyscript-bare.json"):
        # The game page's is Pyodide's loader behind web/start.mjs (the memory snapshot).
        local = ("./pyodide/start.mjs" if build.SNAPSHOT_ON and name in build.CONFIGS_WITH_START
                 else "./pyodide/pyodide.mjs")
        with urllib.request.urlopen(site_url + name) as response:
            assert json.load(response)["interpreter"] == local, name


def test_offline_after_first_visit(browser: Any, site_url: str) -> None:
    """The service worker precaches the site; a reload with no network still starts."""
    context, guard = guarded_context(browser, site_url, service_workers="allow")
    try:
        page = context.new_page()
        watch_page(page, guard)
        open_game(page)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        check_guard(guard, page)
    finally:
        context.close()


LOADS = """(file) => performance.getEntriesByType('resource')
  .filter((entry) => entry.name.endsWith('/' + file))
  .map((entry) => entry.initiatorType)"""
"""How the page asked for a file ('fetch': the runtime's own fetch; 'link': a preload
whose response that fetch then took), one entry a download."""


DOWNLOADS = """() => performance.getEntriesByType('resource').map((entry) => entry.name)"""
PRELOADED = """() => [...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]
  .map((link) => link.href)"""


SOURCES = """() => Object.fromEntries(
  [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
    .map((entry) => [new URL(entry.name).pathname.split('/').pop() || './',
                     `${entry.workerMatchedSourceType}/${entry.workerFinalSourceType}`]))"""
"""Where the service worker's router sent each request of the page (its matched and its
final source, by file name): "cache/cache" a static route to the cache; an empty matched
source, no route (the worker's fetch handler)."""


def test_the_runtime_is_asked_for_once_and_a_return_visit_comes_from_the_cache(
        browser: Any, site_url: str) -> None:
    """Issue 30: Pyodide's own fetch asks for the wasm, once a visit, and nothing preloads
    it: a preload while no service worker controls the page made a first visit no faster
    (python -m e2e.startup --runs 12: 1.01x run by run, V8 compiling as the wasm streams
    in either way) and cost a browser without service workers V8's cached code on every
    return visit (its ready at about 1.5x the page's). The precached files of a return
    visit come from the cache by the worker's static routes, without its handler, the
    wasm excepted (web/sw.js addStaticRoutes); an address with a query is the handler's.
    The files a start asks for one after another are preloaded with the page, on both
    visits (build.py with_preloads), and each preload is taken by the fetch it stands
    for: no file downloaded twice."""
    context, guard = guarded_context(browser, site_url, service_workers="allow")
    try:
        page = context.new_page()
        watch_page(page, guard)
        # The page's own address, without a query (open_game adds one): the worker's
        # static routes answer only addresses without one.
        page.goto("./")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        close_door(page)
        assert page.evaluate(LOADS, "pyodide.asm.wasm") == ["fetch"]
        assert page.evaluate(LOADS, "spades.zip") == ["link"]
        downloads = page.evaluate(DOWNLOADS)
        assert sorted({url for url in downloads if downloads.count(url) > 1}) == []
        preloaded = page.evaluate(PRELOADED)
        assert {url.rsplit("/", 1)[-1] for url in preloaded} >= {
            "pyscript.json", "pyodide.mjs", "pyodide.asm.mjs", "python_stdlib.zip",
            "pyodide-lock.json", "spades.zip", "main.py"}
        assert set(preloaded) <= set(downloads)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        # An off-the-record context (as Playwright's are) keeps no copy of the 9.6 MB wasm
        # in its HTTP cache: the page asks the worker for it instead of the network
        # (issue 45: web/progress.js, "?cached"), once.
        assert page.evaluate(LOADS, "pyodide.asm.wasm") == []
        assert page.evaluate(LOADS, "pyodide.asm.wasm?cached") == ["fetch"]
        assert page.evaluate(LOADS, "spades.zip") == ["link"]
        sources = page.evaluate(SOURCES)
        for name in ("./", "core.js", "pyscript.json", "pyodide.mjs", "pyodide.asm.mjs",
                     "python_stdlib.zip", "spades.zip", "main.py"):
            assert sources[name] == "cache/cache", (name, sources)
        # No route: the handler, which answers "?cached" from its cache (with a copy in
        # the browser's HTTP cache, it leaves the wasm to the browser: its cached code).
        assert sources["pyodide.asm.wasm"] == "/", sources
        page.goto("./?speed=fast")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        assert page.evaluate(SOURCES)["./"] == "/"  # no route: the handler answered
        check_guard(guard, page)
    finally:
        context.close()


def test_works_under_a_sub_path(browser: Any, tmp_path: Any) -> None:
    """A GitHub Pages project page is served under /<repo>/: every URL must be relative."""
    import build

    (tmp_path / "spades-game").symlink_to(build.DIST, target_is_directory=True)
    with serving(build.make_server(tmp_path, "127.0.0.1", 0, quiet=True)) as server:
        base = f"http://127.0.0.1:{server.server_port}/spades-game/"
        context, guard = guarded_context(browser, base)
        requested: list[str] = []
        context.on("request", lambda request: requested.append(request.url))
        try:
            page = context.new_page()
            watch_page(page, guard)
            open_game(page)
            outside = [url for url in requested
                       if url.startswith("http") and not url.startswith(base)]
            assert outside == []
            check_guard(guard, page)
        finally:
            context.close()
