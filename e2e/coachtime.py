"""How long the coach's marks take in the browser (a command, not a test): the time from a
hand's summary appearing to its coach's line giving the hand's marks, and the longest
main-thread task meanwhile.

    python -m e2e.coachtime [--hands N] [--table classic] [--level medium] [--coach SIMS]

Builds dist/ (unless SPADES_SKIP_BUILD=1), serves it on loopback, and plays N hands of one
game at instant speed (bid 3, the first playable card), pressing "Next hand" only once
the hand's marks are in, as a player reading the summary would (so each hand is timed
alone). The marks are worked out in the par's worker: the first hand also waits for that
worker to start (its own Pyodide), so it is printed apart. Take the figures on a quiet
machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `e2e` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.support import launch_chromium, serve_dist

# By the page's clock: when each summary appeared, when its coach's line gave the marks,
# and the longest task of the main thread between the two.
RECORD = """
window.__coach = [];
window.__longest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const now = window.__coach[window.__coach.length - 1];
    if (now && now.done === null) now.longest = Math.max(now.longest, entry.duration);
  }
}).observe({type: 'longtask', buffered: false});
new MutationObserver(() => {
  const summary = document.getElementById('summary');
  if (!summary || summary.hidden) return;
  const last = window.__coach[window.__coach.length - 1];
  if (!last || last.closed) {
    window.__coach.push({shown: performance.now(), done: null, longest: 0});
  }
  const now = window.__coach[window.__coach.length - 1];
  const line = summary.querySelector('.sum-coach');
  if (line && /^(Your decisions|The coach had no)/.test(line.textContent) && now.done === null) {
    now.done = performance.now();
  }
}).observe(document, {subtree: true, childList: true, characterData: true,
                      attributes: true, attributeFilter: ['hidden']});
"""

ACT = """() => {
  const bid = document.querySelector('#bids:not([hidden]) [data-bid="3"]:not([disabled])')
    || document.querySelector('#bids:not([hidden]) [data-bid]:not([disabled])');
  if (bid) { bid.click(); return 'bid'; }
  const card = document.querySelector('#hand [data-playable="true"]');
  if (card) { card.click(); return 'play'; }
  const last = window.__coach[window.__coach.length - 1];
  const next = document.querySelector('#summary:not([hidden]) button.primary');
  if (next && last && last.done !== null) {
    last.closed = true;
    if (next.dataset.action === 'new-game') return 'over';
    next.click();
    return 'next';
  }
  return '';
}"""


def play_hands(browser: Any, base: str, hands: int, query: str) -> list[dict[str, float]]:
    """``hands`` hands of one game; each hand's timing, by the page's clock."""
    context = browser.new_context(base_url=base, service_workers="block")
    page = context.new_page()
    page.add_init_script(RECORD)
    page.goto(f"./?{query}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    while True:
        page.wait_for_function(
            "() => !!document.querySelector('#bids:not([hidden]) [data-bid], "
            "#hand [data-playable=\"true\"], #summary:not([hidden]) button.primary')",
            timeout=300_000)
        done = page.evaluate(ACT)
        timings = page.evaluate("() => window.__coach.filter((entry) => entry.closed)")
        if done == "over" or len(timings) >= hands:
            break
        page.wait_for_timeout(20 if done else 100)
    context.close()
    return [entry for entry in timings if entry["done"] is not None][:hands]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--table", default="classic")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--coach", type=int, default=0,
                        help="simulations a decision (default: the page's COACH_SIMULATIONS)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    query = (f"table={args.table}&level={args.level}&seed={args.seed}&speed=instant&coach=1"
             + (f"&par={args.coach}" if args.coach else ""))
    with serve_dist() as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        timings = play_hands(browser, base, args.hands, query)
        browser.close()
    times = [entry["done"] - entry["shown"] for entry in timings]
    print(f"{args.table}, {args.level}: {len(times)} hands, marks ready ms after the summary: "
          + " ".join(f"{t:.0f}" for t in times))
    print(f"longest main-thread task while the marks were worked out: "
          f"{max(entry['longest'] for entry in timings):.0f} ms")
    print(f"first hand (with the worker's start): {times[0]:.0f} ms")
    if len(times) > 1:
        print(f"every other hand: median {statistics.median(times[1:]):.0f} ms, "
              f"worst {max(times[1:]):.0f} ms")


if __name__ == "__main__":
    main()
