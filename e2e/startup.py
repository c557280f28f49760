"""Page start-up benchmark (a command, not a test): how soon the table shows and plays, and
how many bytes a first visit transfers, for the game page beside a bare PyScript page on
the same runtime, on a first (cold) and a return (warm) visit.

    python -m e2e.startup [--runs N] [--latency MS] [--also NAME=PATH]
    (or: python e2e/startup.py ...)

Builds dist/ (unless SPADES_SKIP_BUILD=1) and serves it on loopback. Each run takes a new
browser profile (a temporary user-data dir: empty disk cache, no service worker) and
visits a page twice: the cold visit, then, once its service worker has cached the site
(the game page's; the bare page has none), the warm one. The game page is also
visited with service workers blocked (nosw), its return visit then coming from the HTTP
cache as the bare page's does. The game page's warm visit
returns to a game in progress (a bid and a card played on the cold one), so it has a
table to paint. Pages alternate, run by run.

Times are the page's own clock from navigation start:
- table: the first paint of the table: on a warm visit the frame after web/paint.js
  painted the saved table; on a cold one the first contentful paint (the empty table);
- ready: html[data-ready], the table playable (for the bare page, its own ready mark).
The breakdown of the game page's start: the runtime's download (pyodide.asm.wasm's
response end), Python running main.py (its first line, a performance mark, after the
wasm compiled and PyScript started the interpreter), app.py's imports done, the first
render, ready. Bytes: those the cold visit's page fetched until ready (its resource timing: the
service worker's precache comes after), raw and as gzip would send them (each file
compressed at level 6, as static hosts do). The worker's own fetches (the AI and the par
workers start later, on demand) are not in it. Prints medians;
a person reads them. Take them on a quiet machine.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

if __package__ in (None, ""):  # run as a script: make `e2e` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.support import (
    READY_TIMEOUT_MS,
    build,
    chromium_options,
    is_local,
    serve_dist,
)

PAGES = {"index": "./", "bare": "./bare.html", "nosw": "./"}
# "nosw": the game page with service workers blocked, so that its return visit comes from
# the browser's HTTP cache as the bare page's does: index/nosw is the service worker's cost.
WITHOUT_SERVICE_WORKER = ("bare", "nosw")
# Built with the memory snapshot (build.py write_snapshot): the game page without it too
# (?snapshot=0, web/start.mjs), side by side.
if build.SNAPSHOT_ON:
    PAGES["nosnap"] = "./?snapshot=0"
# Built with SPADES_PYC_AB=1: without the snapshot nor the standard library's .pyc too.
if build.SNAPSHOT_ON and build.PYC_AB:
    PAGES["source"] = "./?snapshot=0&pyc=0"
GAME_PAGES = ["index", "nosw", "nosnap", "source"]

# By the page's clock: when html[data-ready] first appears, and the frame after
# html[data-painted] (the saved table painted before Python).
MARKS = """
window.__marks = {};
new MutationObserver(() => {
  const root = document.documentElement;
  if (!root) return;
  if (root.dataset.painted && !window.__marks.painted) {
    window.__marks.painted = -1;
    requestAnimationFrame(() => { window.__marks.painted = performance.now(); });
  }
  if (root.dataset.ready && !window.__marks.ready) window.__marks.ready = performance.now();
}).observe(document, {attributes: true, subtree: true,
                      attributeFilter: ["data-ready", "data-painted"]});
"""

TIMES = """() => {
  const mark = (name) => {
    const found = performance.getEntriesByName(name, 'mark')[0];
    return found ? found.startTime : null;
  };
  const resource = (part, when = 'responseEnd') => {
    const found = performance.getEntriesByType('resource').find((e) => e.name.includes(part));
    return found ? found[when] : null;
  };
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    ready: window.__marks.ready,
    painted: window.__marks.painted > 0 ? window.__marks.painted : null,
    fcp: fcp ? fcp.startTime : null, wasm: resource('pyodide.asm.wasm'),
    core: resource('pyscript/core.js'), loader: resource('pyodide.mjs', 'startTime'),
    fetch: resource('pyodide.asm.wasm', 'startTime'),
    python: mark('spades:python'), imported: mark('spades:imported'),
    rendered: mark('spades:rendered'),
    // What the page itself fetched until now (not the service worker's precache, which
    // starts once the page is ready): each URL with the bytes it took over the network.
    fetched: [performance.getEntriesByType('navigation')[0],
              ...performance.getEntriesByType('resource')]
      .map((e) => [e.name, e.transferSize]),
  };
}"""


def gzip_size(path: str) -> int:
    """A file of dist/ as a static host sends it compressed (0 if it is not one)."""
    file = build.DIST / urlsplit(path).path.lstrip("/")
    if file.is_dir() or not file.exists():
        file = file / "index.html" if file.is_dir() else file
    if not file.exists():
        return 0
    return len(gzip.compress(file.read_bytes(), compresslevel=6, mtime=0))


def open_and_wait(context: Any, path: str, latency: int = 0) -> tuple[Any, dict[str, Any]]:
    """Open ``path`` in a new tab and wait until it is ready; ``latency``: each request the
    page sends over the network waits that many ms more (Chromium's network emulation:
    the round trips of a real network, which loopback hides)."""
    page = context.new_page()
    if latency:
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": latency, "downloadThroughput": -1,
            "uploadThroughput": -1})
    page.goto(path)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page, page.evaluate(TIMES)


def visit_twice(playwright: Any, base_url: str, name: str, latency: int = 0) -> dict[str, Any]:
    """A cold and a warm visit of one page in a fresh profile."""
    with tempfile.TemporaryDirectory(prefix="spades-profile-") as profile:
        workers = "block" if name in WITHOUT_SERVICE_WORKER else "allow"
        context = playwright.chromium.launch_persistent_context(
            profile, base_url=base_url, service_workers=workers, **chromium_options(shell=False))
        try:
            context.add_init_script(MARKS)
            stray: list[str] = []
            context.on("request", lambda r: None if is_local(r.url) else stray.append(r.url))
            page, cold = open_and_wait(context, PAGES[name], latency)
            if name in GAME_PAGES:
                settle_a_game(page)
            if name in GAME_PAGES and workers == "allow":
                page.wait_for_function("() => navigator.serviceWorker.controller !== null || "
                                       "navigator.serviceWorker.ready", timeout=60_000)
                page.evaluate("() => navigator.serviceWorker.ready")
            page.close()
            _page, warm = open_and_wait(context, PAGES[name], latency)
        finally:
            context.close()
    return {"cold": cold, "warm": warm, "stray": stray}


def visit_until_whole(playwright: Any, base_url: str, name: str, latency: int = 0,
                      tries: int = 3) -> dict[str, Any]:
    """visit_twice, again in a new profile if Chromium's tab crashed (this machine's
    Chromium crashes a renderer now and then, whatever the page: e2e/conftest.py); the
    crash is reported, the run not lost."""
    from playwright.sync_api import Error

    for attempt in range(1, tries + 1):
        try:
            return visit_twice(playwright, base_url, name, latency)
        except Error as error:
            if "crashed" not in str(error).lower() or attempt == tries:
                raise
            print(f"  {name}: the tab crashed ({str(error).splitlines()[0]}); "
                  "visiting again in a new profile", flush=True)
    raise AssertionError("unreachable")


PAINT_OF_THE_SAVE = """() => {
  try {
    const paint = JSON.parse(localStorage.getItem('spades.paint'));
    const game = JSON.parse(JSON.parse(localStorage.getItem('spades.game')).game);
    return paint.seed === game.seed && paint.moves === game.actions.length;
  } catch (error) { return false; }
}"""
"""True when the kept paint is of the saved game's very move (web/paint.js paints only
then): not while the computers' moves after yours are still coming."""


def settle_a_game(page: Any) -> None:
    """A bid and a card, then the computers' moves until the page has kept the paint of
    the saved move, so the return visit has a game in progress to paint. (Closed at once
    after the card, the save was often a move past the paint, a trick's last card held on
    the table: a third of the return visits painted nothing, and started sooner.)"""
    page.evaluate("() => { const d = document.getElementById('today'); "
                  "if (d && d.open) d.close(); }")
    for _ in range(40):
        bid = page.locator('#bids:not([hidden]) [data-bid="3"]')
        card = page.locator('#hand [data-playable="true"]')
        if bid.count():
            bid.click()
        elif card.count():
            card.first.click()
            page.wait_for_timeout(500)  # the computers' moves begin
            page.wait_for_function(PAINT_OF_THE_SAVE, timeout=30_000)
            return
        page.wait_for_timeout(250)


def median(values: list[float | None]) -> float | None:
    known = [value for value in values if value is not None]
    return statistics.median(known) if known else None


def ms(value: float | None) -> str:
    return "    -" if value is None else f"{value:5.0f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure page start-up time and bytes.")
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default: 5)")
    parser.add_argument("--latency", type=int, default=0, metavar="MS",
                        help="add MS to each request's round trip (Chromium's network "
                             "emulation), as a real network would; default 0 (loopback)")
    parser.add_argument("--also", action="append", default=[], metavar="NAME=PATH",
                        help="a variant of the game page to measure beside it, e.g. "
                             "b=./index-b.html (a copy in dist/ with one change)")
    args = parser.parse_args(argv)
    variants: list[str] = []
    for variant in args.also:
        name, _, path = variant.partition("=")
        if not name or not path or name in PAGES:
            parser.error(f"--also {variant}: give a new NAME=PATH")
        PAGES[name] = path
        GAME_PAGES.append(name)
        variants.append(name)

    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, Any]]] = {name: [] for name in PAGES}
    with serve_dist() as base_url, sync_playwright() as playwright:
        for run in range(args.runs):
            order = list(PAGES) if run % 2 == 0 else list(reversed(PAGES))
            for name in order:
                result = visit_until_whole(playwright, base_url, name, args.latency)
                results[name].append(result)
                print(f"run {run + 1} {name:5}: cold ready {ms(result['cold']['ready'])} ms, "
                      f"warm table {ms(result['warm']['painted'] or result['warm']['fcp'])} ms,"
                      f" warm ready {ms(result['warm']['ready'])} ms", flush=True)

    def figure(name: str, visit: str, key: str) -> float | None:
        return median([r[visit][key] for r in results[name]])

    print()
    print(f"{'page':6} {'visit':5} {'table ms':>9} {'ready ms':>9}")
    for name in PAGES:
        for visit in ("cold", "warm"):
            table = figure(name, visit, "painted") if visit == "warm" else None
            table = table if table is not None else figure(name, visit, "fcp")
            print(f"{name:6} {visit:5} {ms(table):>9} {ms(figure(name, visit, 'ready')):>9}")

    def ratio(name: str, base: str, visit: str) -> str:
        """name/base: the ratio of the medians, then the median and middle half of the
        run-by-run ratios (the two pages of a run were measured minutes apart at most, so a
        machine that slows down or speeds up over the runs moves both)."""
        top, bottom = figure(name, visit, "ready"), figure(base, visit, "ready")
        if not top or not bottom:
            return "-"
        pairs = sorted(a[visit]["ready"] / b[visit]["ready"]
                       for a, b in zip(results[name], results[base], strict=True)
                       if a[visit]["ready"] and b[visit]["ready"])
        quartiles = statistics.quantiles(pairs, n=4) if len(pairs) > 1 else pairs * 3
        return (f"{top / bottom:.2f}x (run by run: {statistics.median(pairs):.2f}x, middle "
                f"half {quartiles[0]:.2f}-{quartiles[-1]:.2f}x)")

    for visit in ("cold", "warm"):
        print(f"{visit}: ready index/bare {ratio('index', 'bare', visit)} "
              "(issue 30's goal: <= 1.15x)")
        if "nosw" in PAGES:
            print(f"{visit}: ready index/nosw {ratio('index', 'nosw', visit)} "
                  "(the service worker's cost)")
        for name in variants:
            print(f"{visit}: ready {name}/index {ratio(name, 'index', visit)} (a variant)")
        if "nosnap" in PAGES:
            print(f"{visit}: ready index/nosnap {ratio('index', 'nosnap', visit)} "
                  "(the snapshot's gain)")
    for game in (name for name in (*GAME_PAGES, "bare") if name in PAGES):
        print(f"\nwhere the {game} page's start goes (median ms from navigation):")
        for visit in ("cold", "warm"):
            keys = ("core", "loader", "fetch", "wasm", "python", "ready") if game == "bare" \
                else ("core", "loader", "fetch", "wasm", "python", "imported", "rendered",
                      "ready")
            steps = [(key, figure(game, visit, key)) for key in keys]
            print(f"  {visit}: " + ", ".join(f"{key} {ms(value).strip()}"
                                             for key, value in steps))
    print("  (core: PyScript's module downloaded; loader: Pyodide's loader asked for (by "
          "the game page's preload, with the page); "
          "fetch: the runtime asked for; wasm: the runtime downloaded; python: main.py's "
          "first line, after the wasm compiled and the interpreter started (bare.py's on "
          "the bare page); imported: app.py's imports; rendered: the first render)")
    print()
    for name in PAGES:
        fetched = results[name][0]["cold"]["fetched"]
        raw = sum(size for _, size in fetched)
        packed = sum(gzip_size(url) for url, _ in fetched)
        print(f"{name:6} first visit until ready: {raw / 1e6:.2f} MB raw, "
              f"{packed / 1e6:.2f} MB gzip, {len(fetched)} requests")
    stray = sorted({url for name in PAGES for r in results[name] for url in r["stray"]})
    if stray:
        print(f"OFF-ORIGIN REQUESTS ({len(stray)}): {stray}")


if __name__ == "__main__":
    main()
