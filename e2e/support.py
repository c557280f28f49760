"""Shared by the e2e fixtures and the start-up benchmark: serve dist/, launch Chromium.

Chromium: $SPADES_CHROMIUM, else Debian's when present (its headless shell for a headless
browser, /usr/bin/chromium-headless-shell, else /usr/bin/chromium), since this kind of
machine cannot download Playwright's own build; otherwise Playwright's own (`playwright
install chromium`, whose headless launches run its headless shell too), the usual route on
a developer's machine.
"""

from __future__ import annotations

import datetime
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]
# The repo root (build, tests.helpers) and web/, whose pure-Python modules some browser
# tests compare the page with (web/dates.py), as tests/conftest.py puts it for the
# CPython tests: a run of e2e/ alone loads no conftest of tests/.
for folder in (ROOT, ROOT / "web"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import build  # noqa: E402 (the repo root is put on sys.path just above)

DAY = datetime.date(2026, 11, 30)
"""The calendar day the tests of the daily game and the record live on (by page.clock)."""
NOON = f"{DAY.isoformat()}T12:00:00"
from tests.helpers import play_to, save_text  # noqa: E402, F401 (shared with the CPython tests)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})

# Without these Chromium keeps phoning home (updates, sync, field trials, QUIC probes),
# which floods a closed network and counts as off-origin traffic.
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--disable-quic",
    "--disable-default-apps",
    "--disable-extensions",
    "--metrics-recording-only",
    "--no-default-browser-check",
]

OFF_LOOPBACK_BLOCKED = [
    # Every request off loopback goes to a proxy at a port where nothing listens, so it
    # fails at once; loopback itself never goes through a proxy (Chromium's implicit
    # bypass). The test's guard records each such request as a failure (e2e/conftest.py);
    # blocking it here, not by a Playwright route, leaves the requests unheld and the
    # HTTP cache on.
    "--proxy-server=http://127.0.0.1:9",
]

# Pyodide's first start on a slow 2-core machine takes tens of seconds.
READY_TIMEOUT_MS = 90_000


# Chromium's headless shell (its old headless mode, a separate program: what Playwright's
# own headless launches run) starts a page for half the CPU of the whole browser run
# headless, and the suite is CPU-bound (its browser tests start pages over and over on two
# cores). Measured, one page start each (new context, the table ready, context closed; 8
# each, liftoff only): 1.28 CPU-s and 1.70 s against 2.70 CPU-s and 2.12 s.
def chromium_path(headless: bool = True) -> str | None:
    """The Chromium to launch: $SPADES_CHROMIUM, else Debian's (its headless shell when
    headless and installed), else None (Playwright's)."""
    configured = os.environ.get("SPADES_CHROMIUM")
    if configured:
        return configured
    debian = build.DEBIAN_HEADLESS_SHELL, build.DEBIAN_CHROMIUM
    for program in debian if headless else debian[1:]:
        if program.exists():
            return str(program)
    return None


# For tests that share the cores with another browser (the xdist pass): WebAssembly
# compiled by V8's baseline compiler only. By default V8 also recompiles Pyodide's hot
# functions with its optimizing compiler on background threads at every start, a cost
# each test's fresh context pays again (no code cache survives it). Measured on 45 tests
# (test_table, test_two_players, test_hostile; -n 2, two runs each way): 240 CPU-s and
# 157 s where the default took 280-290 CPU-s and 167-175 s. The page's Python runs
# slower, so the tests that time the page (marked `alone`) keep the default.
BASELINE_WASM_ONLY = ["--js-flags=--liftoff-only"]


def chromium_options(headless: bool = True, extra: list[str] | None = None,
                     shell: bool = True) -> dict[str, Any]:
    """Launch options: the quiet-network flags, --no-sandbox as root, which executable,
    then ``extra`` flags. ``shell=False``: the whole browser even when headless, as
    players have it (python -m e2e.startup measures the page's start in it)."""
    args = [*CHROMIUM_ARGS, *OFF_LOOPBACK_BLOCKED, *(extra or [])]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    options: dict[str, Any] = {"headless": headless, "args": args}
    executable = chromium_path(headless and shell)
    if executable:
        options["executable_path"] = executable
    elif headless and not shell:
        # Playwright's own (1.49+): "chromium" is its whole browser in the new headless
        # mode; without it a headless launch runs its headless shell.
        options["channel"] = "chromium"
    return options


def chromium_memory() -> str:
    """What Chromium's processes hold now, from /proc (Linux): their count, total and
    largest resident memory; "memory unknown" elsewhere."""
    sizes = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines()
                          if ":" in line)
        except OSError:
            continue  # the process ended while it was read
        if "chrom" in fields.get("Name", "") and "VmRSS" in fields:
            sizes.append(int(fields["VmRSS"].split()[0]) // 1024)
    if not sizes:
        return "memory unknown"
    return f"{len(sizes)} Chromium processes, {sum(sizes)} MB resident, the largest {max(sizes)} MB"


def launch_chromium(playwright: Playwright, headless: bool = True,
                    extra: list[str] | None = None) -> Browser:
    """Launch headless Chromium (see chromium_options)."""
    return playwright.chromium.launch(**chromium_options(headless, extra))


@contextmanager
def serve_dist(rebuild: bool | None = None) -> Iterator[str]:
    """Build dist/ (unless SPADES_SKIP_BUILD=1), serve it on a free loopback port in a
    background thread, and yield the site's base URL (ending in '/')."""
    if rebuild is None:
        rebuild = os.environ.get("SPADES_SKIP_BUILD") != "1"
    if rebuild:
        build.build()
    elif not (build.DIST / "index.html").exists():
        raise RuntimeError("SPADES_SKIP_BUILD=1 but dist/ is not built: run python build.py")
    with serving(build.make_server(build.DIST, "127.0.0.1", 0, quiet=True)) as server:
        yield f"http://127.0.0.1:{server.server_port}/"


@contextmanager
def serving(server: Any) -> Iterator[Any]:
    """Run ``server`` (an http.server) in a background thread while the block runs, then
    shut it down and close its socket."""
    thread = threading.Thread(target=server.serve_forever, name="test-server", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def is_local(url: str) -> bool:
    """True for loopback http(s) URLs and for in-browser schemes (data:, blob:, about:)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about", "chrome-extension"}:
        return True
    return parts.hostname in LOOPBACK_HOSTS


def open_game(page: Page, query: str = "", path: str = "./", door: bool = False) -> None:
    """Open a page of the site (index by default) and wait for html[data-ready].

    The page's context has the site as base_url, so `path` is relative to it;
    `query` may be given with or without its leading '?': open_game(page, "seed=7").
    The front door (today's game), offered at the start of a visit, is closed as a
    player going on with the game on the table would, unless ``door`` keeps it open.
    """
    if query and not query.startswith("?"):
        query = "?" + query
    if "coach=" not in query:
        # No coach's marks after each hand (a worker judging every hand in the background
        # would slow every test that plays one); a review still asks for them.
        query += ("&" if query else "?") + "coach=0"
    page.goto(path + query)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    if not door:
        close_door(page)


SPEAK = """(lang) => {
  const box = document.querySelector('#options-form select[name="lang"]');
  box.value = lang;
  box.dispatchEvent(new Event('change', {bubbles: true}));
}"""


def speak(page: Page, lang: str) -> None:
    """Change the page's language as Options does (its select, changed), mid-game: the table
    and any open dialog stay as they are, in ``lang``'s words.  One page then shows every
    language where a page per language cost a start of the runtime each (issue 28)."""
    page.evaluate(SPEAK, lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


LANGUAGES = (*build.TRANSLATED, "en")
"""Every language the page speaks, English last: a test that changes the language goes on
driving the page in English afterwards."""


def in_each_language(page: Page, languages: tuple[str, ...] = LANGUAGES) -> Iterator[str]:
    """Each of ``languages`` in turn, the page speaking it (``speak``) when it is yielded."""
    for lang in languages:
        speak(page, lang)
        yield lang


def start_todays_game(page: Page, via: str = "#tools") -> None:
    """Today's game from the front door, opened from ``via`` (the header's tools, or
    "#options"); a game in progress on the table is given up when the page asks."""
    if not page.locator("#today").is_visible():
        page.locator(f'{via} [data-action="today"]').click()
    page.wait_for_selector("#today[open]")
    page.locator('#today [data-action="door-daily"]').click()
    page.wait_for_function("() => document.getElementById('confirm-daily').open || "
                           "!document.getElementById('today').open")
    if page.locator("#confirm-daily").is_visible():
        page.locator('#confirm-daily [data-action="daily"]').click()
    page.wait_for_selector("#today", state="hidden")
    page.wait_for_selector("#confirm-daily", state="hidden")


def close_door(page: Page) -> None:
    """Close the front door if it is open (it opens only at the start of a visit)."""
    if page.locator("#today").is_visible():
        page.locator('#today [data-action="close-today"]').first.click()
        page.wait_for_selector("#today", state="hidden")


# --------------------------------------------------------------------------- the table


HEARD = """
window.__said = [];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      const region = node.parentElement;
      if (region && (region.id === 'announce' || region.hasAttribute('data-announce'))) {
        window.__said.push(node.textContent);
      }
    }
  }
}).observe(document, {subtree: true, childList: true});
"""
"""An init script: every line the page says to a screen reader (App.announce appends
each to #announce, or to an open dialog's [data-announce] region), in window.__said."""


def heard(page: Page) -> list[str]:
    """The lines said so far (the page must have HEARD as an init script)."""
    return [str(line) for line in page.evaluate("() => window.__said")]


def tap(page: Page, selector: str) -> None:
    """Click an element near its top-left corner: your cards overlap on narrow screens, so
    only that strip of a card is visible (as for a finger on a phone). A card you may not
    play is aria-disabled, which Playwright takes for not enabled: a finger taps it all
    the same (and gets the explanation), so it is tapped without that check."""
    located = page.locator(selector).first
    barred = located.get_attribute("aria-disabled") == "true"
    located.click(position={"x": 8, "y": 14}, force=barred)


def saved_record(page: Page) -> dict[str, Any]:
    """The page's saved record (localStorage "spades.game"): {"game": ..., "ui": ...}."""
    import json

    text = page.evaluate("() => localStorage.getItem('spades.game')")
    assert text, "nothing saved"
    return json.loads(text)  # type: ignore[no-any-return]


def saved_game(page: Page) -> Any:
    """The saved game, read back with the engine in the test process."""
    from spades import Game

    return Game.from_json(saved_record(page)["game"])


YOUR_STATE = """() => {
  if (!document.querySelector('#summary').hidden) return 'summary';
  if (!document.querySelector('#bids').hidden) return 'bid';
  return document.querySelector('#hand [data-playable="true"]') ? 'play' : '';
}"""
"""What you must act on: 'summary', 'bid' (the bids panel: a bid, Look, a draw or the
exchange) or 'play', read in one go; '' while it is not your turn. A string, never an
element: wait_for_function returns the predicate's value as a JSHandle, and a handle to
an element keeps it (and its subtree) alive for the page's life (0.27 MB a hand over a
long test: e2e/test_memory.py)."""


def wait_your_turn(page: Page, timeout: float = 60_000) -> str:
    """Wait until you must act: 'play', 'bid' (bids panel) or 'summary'. The state is read
    in the same instant the wait ends: read apart, the page could move in between (the
    save fuzz once saw the bids panel in its second look but not its first)."""
    return str(page.wait_for_function(YOUR_STATE, timeout=timeout).json_value())


def pass_the_device(page: Page) -> None:
    """Pass and play: wait for the cover ('Pass the device to ...') or a panel of the
    player holding the device, and tap Ready if the cover came (who acts first depends
    on the deal)."""
    page.wait_for_function("() => !document.getElementById('handoff').hidden"
                           " || document.querySelector('#bids:not([hidden])')")
    if page.locator("#handoff").is_visible():
        page.locator("#handoff-ready").click()
        page.wait_for_selector("#handoff", state="hidden")


def hand_cards(page: Page) -> list[str]:
    """Your cards as the page shows them, in order (their data-card texts)."""
    return list(page.locator("#hand [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"))


def refuse_a_card(page: Page) -> str:
    """Play on until one of your cards may not be played, tap it, return it."""
    for _ in range(13):
        assert wait_your_turn(page) == "play"
        refused = page.locator("#hand [data-card]:not([data-playable])")
        if refused.count():
            card = refused.first.get_attribute("data-card")
            tap(page, f'#hand [data-card="{card}"]')
            return str(card)
        play_first_playable(page)
    raise AssertionError("never held a card that could not be played")


def play_first_playable(page: Page) -> str:
    """Tap your first playable card and wait until it has left your hand."""
    card = page.locator('#hand [data-playable="true"]').first.get_attribute("data-card")
    assert card
    tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_selector(f'#hand [data-card="{card}"]', state="detached")
    return card


def bid_something(page: Page, timeout: float = 10_000) -> None:
    """Bid 3, or the first bid offered, once the bids panel offers one."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    offered = "#bids:not([hidden]) [data-bid]:not([disabled])"
    try:
        # A locator's wait, never page.wait_for_selector: that returns an ElementHandle to
        # the button, which kept it, and with it the hand's whole bids panel (about 85
        # nodes), alive for the page's life after the panel was replaced (issue 27, item
        # 15: detached nodes grew by that much a hand in every test that bids).
        page.locator(offered).first.wait_for(timeout=timeout)
    except PlaywrightTimeoutError:
        raise AssertionError("no bid offered: " + page.inner_html("#bids")) from None
    three = page.locator('#bids [data-bid="3"]:not([disabled])')
    (three if three.count() else page.locator(offered)).first.click()
    page.wait_for_selector("#bids", state="hidden")


def pass_cards(page: Page) -> None:
    """The exchange: choose your first cards until the panel has enough, then pass."""
    while not page.locator('#bids [data-action="pass"]:enabled').count():
        card = page.locator('#hand [data-card]:not([data-selected="true"])').first
        tap(page, f'#hand [data-card="{card.get_attribute("data-card")}"]')
    page.locator('#bids [data-action="pass"]').click()
    page.wait_for_selector('#bids [data-action="pass"]', state="detached")


def play_to_game_over(page: Page, timeout_s: float = 420) -> int:
    """Play your seat (keep every card drawn, bid 3, the first playable card, next hand)
    until the game is over; the number of hand summaries passed."""
    import time

    deadline = time.monotonic() + timeout_s
    summaries = 0
    while time.monotonic() < deadline:
        state = wait_your_turn(page, timeout=120_000)
        if state == "summary":
            if page.locator('#summary [data-action="new-game"]').is_visible():
                return summaries
            summaries += 1
            page.locator('#summary [data-action="next-hand"]').click()
            page.wait_for_selector("#summary", state="hidden")
        else:
            your_move(page, state)
    raise AssertionError("the game did not end in time")


def your_move(page: Page, state: str) -> None:
    """One move of yours at ``state`` ('bid' or 'play', from wait_your_turn): OK to the
    card that went to the discards, keep the card drawn, look at a Blind Nil hand (or at
    the top card instead of Double Nil), pass your first cards in the exchange, bid 3 (or
    the first bid), or play the first playable card."""
    if page.locator('#bids [data-action="reveal-ok"]').count():
        page.locator('#bids [data-action="reveal-ok"]').click()  # the card you saw go out
    elif page.locator("#bids [data-draw]").count():
        held = page.locator("#hand [data-card]").count()
        page.locator('#bids [data-draw="keep"]').click()
        page.wait_for_function("(n) => document.querySelectorAll('#hand [data-card]')"
                               ".length > n", arg=held)
    elif page.locator('#bids [data-action="look"]').count():
        page.locator('#bids [data-action="look"]').click()
    elif page.locator('#bids [data-action="pass"]').count():
        pass_cards(page)
    elif state == "bid":
        bid_something(page)
    else:
        play_first_playable(page)


def play_hand(page: Page, plays: int = 99, timeout: float = 120_000) -> str:
    """Play your seat (keep every card drawn, bid 3, the first playable card) until the
    hand's summary shows, or ``plays`` cards are played; the state reached. ``timeout``:
    how long the other players may take, each time it is their turn."""
    played = 0
    while True:
        state = wait_your_turn(page, timeout=timeout)
        if state == "summary":
            return state
        if state == "play" and not page.locator("#bids [data-draw]").count():
            if played == plays:
                return state
            played += 1
        your_move(page, state)


def wait_all_par(page: Page, timeout_s: float = 180) -> None:
    """Every finished hand of the saved game has its par (worked out in the par worker)."""
    import time

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if len(saved_record(page)["ui"]["par"]) == len(saved_game(page).history):
            return
        page.wait_for_timeout(250)
    raise AssertionError("the par did not arrive in time")



# --------------------------------------------------------------------------- the painted table

WASM = "**/pyodide.asm.wasm"
"""The runtime's wasm: held back by a route, Python cannot start (the paint shows)."""


def play_some(page: Page) -> None:
    """Bid, and play until a few cards of yours are gone (the table is mid-hand)."""
    open_game(page, "seed=7&table=classic&speed=instant&level=easy")
    for _ in range(3):
        if wait_your_turn(page) == "bid":
            page.locator('#bids [data-bid="3"]').click()
            page.wait_for_selector("#bids", state="hidden")
        else:
            play_first_playable(page)
    wait_your_turn(page)


def hold_runtime(page: Page) -> list[Any]:
    """Hold back the runtime's wasm: the page paints, but Python cannot start until the
    test lets the held requests go (``route.continue_()``)."""
    held: list[Any] = []
    page.route(WASM, lambda route: held.append(route))
    return held


def release(page: Page, held: list[Any]) -> None:
    """Let the held requests go, and the later ones through."""
    for route in held:
        route.continue_()
    page.unroute(WASM)


def reload_painted(page: Page) -> list[Any]:
    """Reload with the runtime held back, and wait for the painted table (a return visit
    whose paint is of the saved game); the held requests, for ``let_python_start``."""
    held = hold_runtime(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-painted]", state="attached", timeout=5_000)
    assert page.evaluate("() => document.documentElement.dataset.ready") is None
    return held


def let_python_start(page: Page, held: list[Any]) -> None:
    """Wait until the page asks for the held runtime, let it go, and wait until ready."""
    while not held:
        page.wait_for_timeout(50)
    release(page, held)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


# --------------------------------------------------------------------------- crafted saves


def open_with_storage(page: Page, items: dict[str, str], query: str = "") -> None:
    """Put ``items`` in the site's localStorage (from a cheap page of the same origin),
    then open the table, which reads them."""
    blank = "./__storage__.html"
    page.route(blank, lambda route: route.fulfill(
        body='<!doctype html><link rel="icon" href="data:,">', content_type="text/html"))
    page.goto(blank)
    page.evaluate("(items) => { localStorage.clear(); "
                  "for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    open_game(page, query)
