"""Think time of the computer players in the browser (a command, not a test): how long a
computer's seat shows "thinking" for each decision (draw, bid, card).

    python -m e2e.thinktime [--hands N] [--levels easy,medium,hard,expert]
                            [--table duel|classic|...] [--workers 1,2,4]

Builds dist/ (unless SPADES_SKIP_BUILD=1), serves it on loopback and plays N hands per
level (Duel by default) at instant speed (no pause before a computer moves), you keeping
every other card, bidding 3 and playing your first playable card; the clock is off. A
decision's time is the page's own clock from the moment a computer's seat is marked
thinking to the moment the mark goes: the choice itself (Easy, Medium and Hard on the
main thread; Expert planned there and searched by its workers) and the page's work
around it. ``--workers`` runs Expert once per pool size (``?workers=N``; without it the
page sizes the pool from the cores). Prints the median, the 95th percentile and the
longest decision, and the longest main-thread task after the page is ready (the
browser's "longtask" entries: 50 ms and over, else "-"), per run; a person reads them.
Take them on a quiet machine, and keep in mind that N workers on fewer cores share them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `e2e` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.support import READY_TIMEOUT_MS, launch_chromium, serve_dist

# Records, by the page's clock, how long each computer seat thinks (one seat at a time),
# and the main thread's long tasks after the page is ready.
RECORD_THINKING = """
window.__thinking = [];
window.__longest = 0;
window.__since = null;
new MutationObserver(() => {
  const on = !!document.querySelector('.seat.thinking');
  if (on && window.__since === null) window.__since = performance.now();
  if (!on && window.__since !== null) {
    window.__thinking.push(performance.now() - window.__since);
    window.__since = null;
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['class']});
window.__readyAt = null;
new MutationObserver(() => {
  if (window.__readyAt === null && document.documentElement.dataset.ready)
    window.__readyAt = performance.now();
}).observe(document.documentElement, {attributes: true, attributeFilter: ['data-ready']});
// Entries arrive in batches, later than they ran: judged by when they started.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (window.__readyAt !== null && entry.startTime >= window.__readyAt)
      window.__longest = Math.max(window.__longest, entry.duration);
}).observe({type: 'longtask', buffered: true});
"""

ACT = """() => {
  const draw = document.querySelector('#bids:not([hidden]) [data-draw]');
  if (draw) {
    const n = document.querySelectorAll('#hand [data-card]').length;
    document.querySelector(`[data-draw="${n % 2 ? 'discard' : 'keep'}"]`).click();
    return 'draw';
  }
  const bid = document.querySelector('#bids:not([hidden]) [data-bid="3"]');
  if (bid) { bid.click(); return 'bid'; }
  const card = document.querySelector('#hand [data-playable="true"]');
  if (card) { card.click(); return 'play'; }
  const next = document.querySelector('#summary:not([hidden]) [data-action="next-hand"]');
  if (next) { next.click(); return 'next'; }
  return '';
}"""


def play(browser: Any, base: str, level: str, hands: int, table: str = "duel",
         workers: int | None = None) -> tuple[list[float], float]:
    """The decisions' think times (ms) and the longest main-thread task (ms, 0: none)."""
    context = browser.new_context(base_url=base, service_workers="block")
    page = context.new_page()
    page.add_init_script(RECORD_THINKING)
    page.add_init_script("localStorage.setItem('spades.prefs', JSON.stringify({clock: false}))")
    pool = f"&workers={workers}" if workers else ""
    page.goto(f"./?table={table}&seed=11&speed=instant&level={level}{pool}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    if level == "expert":  # the pool's start is not a decision's time: not counted
        ready = (f"dataset.workers === '{workers}'" if workers else "dataset.worker === 'ready'")
        page.wait_for_function(f"() => document.documentElement.{ready}", timeout=120_000)
        page.evaluate("() => { window.__thinking = []; window.__since = null; }")
    finished = 0
    while finished < hands:
        page.wait_for_function(
            "() => document.querySelector('#bids:not([hidden]) [data-draw], "
            "#bids:not([hidden]) [data-bid=\"3\"], #hand [data-playable=\"true\"], "
            "#summary:not([hidden]) button.primary')", timeout=120_000)
        if page.evaluate(ACT) == "next":
            finished += 1
        page.wait_for_timeout(30)
    times = list(page.evaluate("() => window.__thinking"))
    longest = float(page.evaluate("() => window.__longest"))
    context.close()
    return times, longest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--table", default="duel")
    parser.add_argument("--workers", default="",
                        help="Expert's pool sizes to compare, e.g. 1,2,4 (default: the page's)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sizes = [int(n) for n in args.workers.split(",") if n] or [None]
    print(f"table {args.table}, {args.hands} hand(s) a run, seed 11")
    print(f"{'level':8} {'workers':>7} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} "
          f"{'max ms':>8} {'longest task ms':>16}")
    with serve_dist() as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for level in args.levels.split(","):
            for size in sizes if level == "expert" else [None]:
                found, longest = play(browser, base, level, args.hands, args.table, size)
                times = sorted(found)
                p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
                task = f"{longest:.0f}" if longest else "-"
                print(f"{level:8} {size or '-':>7} {len(times):>9} "
                      f"{statistics.median(times):>10.0f} {p95:>8.0f} {times[-1]:>8.0f} "
                      f"{task:>16}", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
