"""Fixtures for browser tests: dist/ served on loopback, headless Chromium, and a guarded
`page` that fails the test on any off-origin request (which Chromium blocks), page error,
console error, or Python traceback.

Set SPADES_SKIP_BUILD=1 to test an existing dist/ without rebuilding it. Without the
playwright package the browser tests are skipped, unless SPADES_REQUIRE_E2E=1 (CI).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e.support import (
    BASELINE_WASM_ONLY,
    chromium_memory,
    chromium_options,
    is_local,
    launch_chromium,
    serve_dist,
)

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL of the built site, served once per session."""
    with serve_dist() as url:
        yield url


class SessionBrowser:
    """The session's headless Chromium, relaunched after a tab of it crashed: once one
    renderer has crashed, the same Chromium (156 here) crashed every new tab of the
    tests after it (ten in a row in one run, while the worker's other Chromium played
    on), so the rerun of a crashed test (build.RERUN_A_CRASHED_TAB) gets a new one."""

    def __init__(self, playwright: Any) -> None:
        self.playwright = playwright
        # A worker of the xdist pass shares the cores with another browser: baseline
        # WebAssembly only (support.BASELINE_WASM_ONLY); the serial pass, as players have it.
        self.flags = BASELINE_WASM_ONLY if os.environ.get("PYTEST_XDIST_WORKER") else []
        self.current = launch_chromium(playwright, extra=self.flags)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.current, name)

    def relaunch(self) -> None:
        # A Chromium in trouble may not close cleanly: a new one all the same.
        with contextlib.suppress(Exception):
            self.current.close()
        self.current = launch_chromium(self.playwright, extra=self.flags)


CRASHED: list[str] = []
"""The tabs that crashed since the session's Chromium was last (re)launched."""


@pytest.fixture(scope="session")
def browser() -> Iterator[SessionBrowser]:
    """One headless Chromium for the session (relaunched after a crash, see
    SessionBrowser)."""
    if sync_playwright is None:
        if os.environ.get("SPADES_REQUIRE_E2E") == "1":
            pytest.fail("playwright is not installed (pip install playwright)")
        pytest.skip("playwright is not installed (pip install playwright)")
    with sync_playwright() as playwright:
        browser = SessionBrowser(playwright)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def relaunch_after_a_crash(request: pytest.FixtureRequest) -> None:
    """Before each test: a new Chromium if a tab of the session's crashed."""
    if CRASHED and "browser" in request.fixturenames:
        relaunch_if_crashed(request.getfixturevalue("browser"))


def relaunch_if_crashed(browser: SessionBrowser) -> None:
    """Relaunch ``browser`` if a tab crashed since it was launched."""
    if CRASHED:
        CRASHED.clear()
        browser.relaunch()


class Guard:
    """What a page did that a test must not allow."""

    def __init__(self) -> None:
        self.off_origin: list[str] = []
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []
        self.crashed = ""
        """How much memory Chromium held when the tab crashed (empty: it did not)."""

    def problems(self) -> list[str]:
        return (
            [f"off-origin request: {url}" for url in self.off_origin]
            + [f"page error: {text}" for text in self.page_errors]
            + [f"console: {text}" for text in self.console_errors]
        )

    def watch(self, context: Any) -> None:
        """Record each request ``context`` makes off loopback (its pages', its workers' and
        its service workers'), and what its consoles say.  Chromium itself blocks them
        (e2e.support.OFF_LOOPBACK_BLOCKED): listening, not a route, so that the requests
        are not held up for this process to let through, and the HTTP cache stays on (a
        route turns it off), as a player's browser has it (issue 28: a reload 1.0 s
        instead of 1.4)."""
        context.on("request", self.on_request)
        context.on("console", self.on_console)

    def on_request(self, request: Any) -> None:
        if not is_local(request.url):
            self.off_origin.append(request.url)

    def on_console(self, message: Any) -> None:
        text = message.text
        if message.type == "error" or "Traceback" in text:
            self.console_errors.append(f"[{message.type}] {text}")


def guarded_context(browser: Any, site_url: str, plain: bool = False,
                    **options: Any) -> tuple[Any, Guard]:
    """A fresh context whose requests off loopback are blocked and recorded (``plain``:
    never with SPADES_E2E_SNAPSHOT's cached snapshot)."""
    guard = Guard()
    options.setdefault("service_workers", "block")
    context = browser.new_context(base_url=site_url, **options)
    guard.watch(context)
    if os.environ.get("SPADES_E2E_SNAPSHOT") == "1" and not plain:
        cache_snapshot(context)
    return context, guard


@contextlib.contextmanager
def guarded_persistent_page(browser: Any, site_url: str, profile: Path) -> Iterator[Any]:
    """A guarded page in a persistent context (a fresh profile in ``profile``) from the
    session's browser type, service workers allowed: a profile as players have, where
    every browser.new_context() is off the record (never installable, and an HTTP cache
    in memory, with no room for the runtime's wasm). The guard is checked on leaving."""
    guard = Guard()
    context = browser.browser_type.launch_persistent_context(
        str(profile), base_url=site_url, service_workers="allow", **chromium_options())
    try:
        guard.watch(context)
        page = context.pages[0] if context.pages else context.new_page()
        watch_page(page, guard)
        yield page
        check_guard(guard, page)
    finally:
        context.close()


def cache_snapshot(context: Any) -> None:
    """SPADES_E2E_SNAPSHOT=1: every page of the context starts from the memory snapshot
    (web/start.mjs looks for it in Cache Storage, where the service worker puts it), as
    on a return visit, though service workers are blocked. Runs the whole suite on it."""
    import build

    found = sorted((build.DIST / "pyodide").glob("snapshot-*.bin.gz"))
    assert found, "SPADES_E2E_SNAPSHOT=1 but dist/ has no snapshot (build with SPADES_SNAPSHOT=1)"
    page = context.new_page()
    page.goto("./build.json")
    page.evaluate("async (url) => { await (await caches.open('spades-e2e')).add(url); }",
                  f"./pyodide/{found[-1].name}")
    page.close()


def watch_page(page: Any, guard: Guard) -> None:
    page.on("pageerror", lambda error: guard.page_errors.append(str(error)))
    # A WebSocket is not a "request": the online table's relays are one (web/peer.py).
    page.on("websocket", lambda socket: None if is_local(socket.url)
            else guard.off_origin.append(socket.url))
    page.on("crash", lambda _: on_crash(guard))


def on_crash(guard: Guard) -> None:
    guard.crashed = chromium_memory()
    CRASHED.append(guard.crashed)


def fresh_tab(page: Any) -> Any:
    """A new tab in ``page``'s context, watched by the same guard, with ``page`` checked
    and closed.  For a test that opens the site hundreds of times: one tab's renderer then
    climbs to 2.8 GB before Chromium collects the pages it left (e2e/test_fuzz.py, 200
    loads), and such a tab crashed in two of some thirty runs of the suite."""
    guard = page.guard
    check_guard(guard, page)
    tab = page.context.new_page()
    watch_page(tab, guard)
    tab.guard = guard
    page.close()
    return tab


def check_guard(guard: Guard, page: Any = None) -> None:
    """Fail with everything the guard saw (call at teardown)."""
    if guard.crashed:
        # Playwright's own words, which build.RERUN_A_CRASHED_TAB runs once more; the
        # memory figure is for telling a renderer out of memory from a Chromium fault.
        pytest.fail(f"Target crashed: the tab's renderer died ({guard.crashed})", pytrace=False)
    problems = guard.problems()
    if page is not None and not page.is_closed():
        # PyScript also renders uncaught Python errors into the page.
        for text in page.locator(".py-error").all_inner_texts():
            problems.append(f"py-error in page: {text}")
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
def page(browser: Any, site_url: str) -> Iterator[Any]:
    """A fresh page (own context, service workers blocked) watched by a Guard.

    The context's base_url is the site, so `page.goto("./bare.html")` works; use
    e2e.support.open_game(page, query) to open the table and wait until it is ready.
    """
    context, guard = guarded_context(browser, site_url)
    page = context.new_page()
    watch_page(page, guard)
    page.guard = guard  # tests may inspect it; failures are raised at teardown
    yield page
    try:
        check_guard(guard, page)
    finally:
        context.close()


@pytest.fixture
def open_page(browser: Any, site_url: str) -> Iterator[Any]:
    """Open guarded pages, each in its own context whose browser prefers ``locale``'s
    language (test_i18n, test_record_screens, test_layout_fit); all checked at teardown."""
    opened: list[tuple[Any, Any, Any]] = []

    def make(locale: str = "en-US") -> Any:
        context, guard = guarded_context(browser, site_url, locale=locale)
        page = context.new_page()
        watch_page(page, guard)
        opened.append((context, guard, page))
        return page

    yield make
    try:
        for _, guard, page in opened:
            check_guard(guard, page)
    finally:
        for context, _, _ in opened:
            context.close()
