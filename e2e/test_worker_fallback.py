"""An Expert worker that cannot start, or does not answer, never stops the game (issue
12): the computers play that move, and the next ones, at Hard; the page says so once in
its notice and writes a console warning (not an error). Before, the table waited forever
on "West is thinking…".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from e2e.conftest import check_guard, guarded_context, watch_page
from e2e.support import open_game, play_hand

# Every text the notice shows, recorded as it changes (it is short-lived: the next trick's
# winner replaces it), and every state of the worker (html[data-worker]): a new worker is
# tried a minute after one is given up, which a slow run may see.
RECORD = """
window.__notices = [];
window.__worker = [];
document.addEventListener('DOMContentLoaded', () => {
  const notice = document.getElementById('notice');
  new MutationObserver(() => window.__notices.push(notice.textContent))
    .observe(notice, {childList: true, characterData: true, subtree: true});
  const root = document.documentElement;
  new MutationObserver(() => window.__worker.push(root.dataset.worker))
    .observe(root, {attributes: true, attributeFilter: ['data-worker']});
});
"""

SAID = "Expert is not available here just now, so the computers play at Hard."

# A worker that starts but never answers a move (its answer is an hour away).
SILENT_WORKER = '''
import asyncio

def ping():
    return "ready"

def warm():
    return "warm"

async def worlds(save_json, seat, search, first, count):
    await asyncio.sleep(3600)

__export__ = ["ping", "warm", "worlds"]
'''


@pytest.fixture
def guarded(browser: Any, site_url: str) -> Iterator[tuple[Any, Any]]:
    """A page and its guard, for a test that expects one console error of its own."""
    context, guard = guarded_context(browser, site_url)
    page = context.new_page()
    watch_page(page, guard)
    page.add_init_script(RECORD)
    yield page, guard
    try:
        check_guard(guard, page)
    finally:
        context.close()


def said_once_each_time(page: Any) -> None:
    """The worker was given up, and each time it was the notice said so, once."""
    states = page.evaluate("() => window.__worker")
    notices = page.evaluate("() => window.__notices")
    assert "failed" in states, states
    assert notices.count(SAID) == states.count("failed"), (notices, states)


def warnings_of(page: Any) -> list[str]:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    return warnings


def test_a_worker_the_browser_refuses_leaves_the_moves_to_hard(guarded: Any) -> None:
    page, guard = guarded
    warnings = warnings_of(page)

    # A stricter policy beside the page's own, as a host might send: no blob: workers.
    def stricter(route: Any) -> None:
        response = route.fetch()
        headers = {**response.headers, "content-security-policy": "worker-src 'self'"}
        route.fulfill(response=response, headers=headers)

    page.route(lambda url: urlsplit(url).path == "/", stricter)
    # The par after every hand: its worker is refused too.
    page.add_init_script("localStorage.getItem('spades.prefs') || localStorage.setItem("
                         "'spades.prefs', JSON.stringify({version: 1, par: true}));")
    open_game(page, "seed=11&table=classic&speed=instant&level=expert")
    # Every computer move comes, each soon (before: never).
    assert play_hand(page, timeout=45_000) == "summary"
    assert page.evaluate("() => document.documentElement.dataset.worker") == "failed"
    # The par says it is not coming, rather than "thinking…" for ever.
    page.wait_for_function("() => /par: not available/.test("
                           "document.getElementById('summary').textContent)", timeout=10_000)
    said_once_each_time(page)
    assert [w for w in warnings if "security policy refused it" in w], warnings
    # The browser's own word on the refused worker is the one console error expected.
    refused = [e for e in guard.console_errors if "Creating a worker from 'blob:" in e]
    assert refused, guard.console_errors
    for error in refused:
        guard.console_errors.remove(error)


def test_a_worker_that_never_answers_is_given_up(guarded: Any) -> None:
    page, _guard = guarded
    warnings = warnings_of(page)
    page.route("**/worker.py", lambda route: route.fulfill(
        body=SILENT_WORKER, content_type="text/plain; charset=utf-8"))
    open_game(page, "seed=11&table=classic&speed=instant&level=expert")
    # The first silent move is waited for (seconds), the next ones not at all.
    assert play_hand(page, timeout=45_000) == "summary"
    said_once_each_time(page)
    assert [w for w in warnings if "did not answer" in w], warnings
