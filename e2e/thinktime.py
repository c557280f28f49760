"""Think time of the computer players at the Duel table, in the browser (a command, not a
test): how long the opponent's seat shows "thinking" for each decision (draw, bid, card).

    python -m e2e.thinktime [--hands N] [--levels easy,medium,hard,expert]

Builds dist/ (unless SPADES_SKIP_BUILD=1), serves it on loopback and plays N Duel hands
per level at instant speed (no pause before a computer moves), you keeping every other
card, bidding 3 and playing your first playable card; the clock is off. A decision's
time is the page's own clock from the moment the opponent's seat is marked thinking to
the moment the mark goes: the choice itself (Easy, Medium and Hard on the main thread,
Expert in the AI worker) and the page's work around it. Prints the median, the 95th
percentile and the longest per level; a person reads them. Take them on a quiet machine.
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

# Records, by the page's clock, how long the north seat (the Duel's opponent) thinks.
RECORD_THINKING = """
window.__thinking = [];
let since = null;
new MutationObserver(() => {
  const seat = document.getElementById('seat-2');
  const on = !!seat && seat.classList.contains('thinking');
  if (on && since === null) since = performance.now();
  if (!on && since !== null) { window.__thinking.push(performance.now() - since); since = null; }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['class']});
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


def play(browser: Any, base: str, level: str, hands: int) -> list[float]:
    context = browser.new_context(base_url=base, service_workers="block")
    page = context.new_page()
    page.add_init_script(RECORD_THINKING)
    page.add_init_script("localStorage.setItem('spades.prefs', JSON.stringify({clock: false}))")
    page.goto(f"./?table=duel&seed=11&speed=instant&level={level}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
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
    context.close()
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"{'level':8} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    with serve_dist() as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for level in args.levels.split(","):
            times = sorted(play(browser, base, level, args.hands))
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            print(f"{level:8} {len(times):>9} {statistics.median(times):>10.0f} "
                  f"{p95:>8.0f} {times[-1]:>8.0f}", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
