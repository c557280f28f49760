"""How long the duplicate par takes in the browser (a command, not a test): the time from a
hand's summary appearing to its par line showing the Expert's points, over whole daily
games.

    python -m e2e.partime [--days N] [--first 2026-11-30] [--par SIMULATIONS]

Builds dist/ (unless SPADES_SKIP_BUILD=1), serves it on loopback, and for each of N days
(the page's clock set to that day) plays the day's game from the front door at instant
speed: bid 3, the first playable card, and "Next hand" only once the hand's par is in, as
a player reading the summary would (so each par is timed alone, not behind the last one).
The first par of a game also waits for the par worker to start (its own Pyodide), so it
is printed apart. Take the figures on a quiet machine.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `e2e` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from e2e.support import close_door, launch_chromium, serve_dist, start_todays_game

# By the page's clock: when each summary appeared, and when its par line got a figure.
RECORD_PAR = """
window.__par = [];
new MutationObserver(() => {
  const summary = document.getElementById('summary');
  if (!summary || summary.hidden) return;
  const line = summary.querySelector('.sum-par');
  const last = window.__par[window.__par.length - 1];
  if (!last || last.done) {
    if (!last || last.closed) window.__par.push({shown: performance.now(), done: null});
  }
  const now = window.__par[window.__par.length - 1];
  if (line && /\\d/.test(line.textContent.split('·')[1] || '') && now.done === null) {
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
  const over = document.querySelector('#summary:not([hidden]) [data-action="new-game"]');
  if (over) return 'over';
  const last = window.__par[window.__par.length - 1];
  const next = document.querySelector('#summary:not([hidden]) [data-action="next-hand"]');
  if (next && last && last.done !== null) { last.closed = true; next.click(); return 'next'; }
  return '';
}"""


def play_day(browser: Any, base: str, day: datetime.date, budget: int) -> list[float]:
    """One day's game to its end; each hand's par time in ms, by the page's clock."""
    context = browser.new_context(base_url=base, service_workers="block")
    page = context.new_page()
    page.add_init_script(RECORD_PAR)
    page.clock.set_fixed_time(f"{day.isoformat()}T12:00:00")
    query = "speed=instant" + (f"&par={budget}" if budget else "")
    page.goto(f"./?{query}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    start_todays_game(page)
    close_door(page)
    while True:
        page.wait_for_function(
            "() => !!document.querySelector('#bids:not([hidden]) [data-bid], "
            "#hand [data-playable=\"true\"], #summary:not([hidden]) button.primary')",
            timeout=300_000)
        done = page.evaluate(ACT)
        if done == "over":
            page.wait_for_function("() => window.__par.length && "
                                   "window.__par[window.__par.length - 1].done !== null",
                                   timeout=300_000)
            break
        page.wait_for_timeout(20 if done else 100)
    times = [entry["done"] - entry["shown"] for entry in page.evaluate("() => window.__par")]
    context.close()
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=2)
    parser.add_argument("--first", type=datetime.date.fromisoformat,
                        default=datetime.date(2026, 11, 30))
    parser.add_argument("--par", type=int, default=0,
                        help="simulations a decision (default: the page's PAR_SIMULATIONS)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    firsts: list[float] = []
    others: list[float] = []
    with serve_dist() as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for offset in range(args.days):
            day = args.first + datetime.timedelta(days=offset)
            times = play_day(browser, base, day, args.par)
            print(f"{day}: {len(times)} hands, par ms " + " ".join(f"{t:.0f}" for t in times),
                  flush=True)
            firsts.append(times[0])
            others.extend(times[1:])
        browser.close()
    print(f"first par of a game (with the worker's start): median {statistics.median(firsts):.0f}"
          f" ms, worst {max(firsts):.0f} ms")
    if others:
        print(f"every other par ({len(others)} hands): median {statistics.median(others):.0f} ms,"
              f" worst {max(others):.0f} ms")


if __name__ == "__main__":
    main()
