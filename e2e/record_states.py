"""The record's screens (issue 10), reached one after the other on one page: shared by the
layout, language and axe test (e2e/test_record_screens.py) and the screenshots
(python -m e2e.screens --record)."""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Iterator
from typing import Any

from e2e.support import DAY, ROOT, open_with_storage, play_first_playable, wait_your_turn

if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

TODAY = DAY
LOCALES = {"en": "en-US", "de": "de-DE", "es": "es-ES", "it": "it-IT", "pt": "pt-BR"}


def stored_record() -> str:
    """A statistics record as the page writes it: games at three tables and levels, a
    run of daily results ending today (one lost), Nil and Blind Nil tries."""
    import stats

    record = stats.Stats()
    results = [
        stats.GameResult(table="quick", level="medium", players=4, won=True,
                         scores=(312, 150), hands=7, points=312, bid_contracts=6,
                         made_contracts=5, nil_tries=1, nil_made=1, bags=9,
                         bag_penalties=0, sets_against=2, daily=day.isoformat(), par=23,
                         hand_points=(62, 41, 55, -48, 71, 60, 71))
        for day in (TODAY - datetime.timedelta(days=n) for n in (4, 3, 1, 0))]
    results.append(stats.GameResult(
        table="classic", level="hard", players=4, won=False, scores=(420, 515), hands=11,
        points=420, bid_contracts=10, made_contracts=7, blind_tries=1, blind_made=0,
        bags=14, bag_penalties=1, sets_against=3, hand_points=(40,) * 10 + (20,)))
    results.append(stats.GameResult(
        table="duel", level="expert", players=2, won=True, scores=(305, 290), hands=9,
        points=305, bid_contracts=9, made_contracts=8, bags=5,
        hand_points=(30, 35, 40, 25, 45, 30, 35, 30, 35)))
    for result in results:
        record = stats.record_game(record, result)
    return json.dumps(record.to_dict())


def prefs_with_par(lang: str) -> str:
    return json.dumps({"version": 1, "par": True, "lang": lang})


def to_summary(page: Any) -> None:
    """Play your seat to the hand's summary: keep every card drawn, bid 3 (or the first
    bid offered), play the first playable card."""
    while wait_your_turn(page) != "summary":
        if page.locator("#bids [data-draw]").count():
            page.locator('#bids [data-draw="keep"]').click()
            page.wait_for_timeout(50)
        elif page.locator('#bids [data-action="look"]').count():  # no Double Nil
            page.locator('#bids [data-action="look"]').click()
        elif page.locator('#bids [data-action="reveal-ok"]').count():
            page.locator('#bids [data-action="reveal-ok"]').click()
        elif page.locator("#bids").is_visible():
            button = page.locator('#bids [data-bid="3"]:not([disabled])')
            (button if button.count() else page.locator("#bids [data-bid]:not([disabled])")
             ).first.click()
            page.wait_for_selector("#bids", state="hidden")
        else:
            play_first_playable(page)


def open_tool(page: Any, action: str, dialog: str) -> None:
    if not page.locator("#tools").is_visible():
        page.locator("#menu-button").click()
        page.wait_for_selector("#tools", state="visible")
    page.locator(f'#tools [data-action="{action}"]').click()
    page.wait_for_selector(f"#{dialog}[open]")


def open_record_screens(page: Any, lang: str) -> Iterator[str]:
    """Yield each record screen by name, open, on a page whose game is at a summary."""
    page.clock.set_fixed_time(f"{TODAY.isoformat()}T12:00:00")
    open_with_storage(page, {"spades.stats": stored_record(),
                             "spades.prefs": prefs_with_par(lang)},
                      "seed=5&table=classic&speed=instant&level=easy&par=4")
    to_summary(page)
    page.wait_for_function("() => /\\d/.test(document.querySelector('.sum-par')"
                           ".textContent.split('·')[1] || '')", timeout=60_000)
    yield "summary with par"
    page.locator('#summary [data-action="review-hand"]').click()
    page.wait_for_selector("#review[open]")
    yield "review, first step"
    page.keyboard.press("End")
    page.wait_for_selector('#review .review[data-step="13"]')
    yield "review, last step"
    page.keyboard.press("Escape")
    page.locator('#summary [data-action="sheet"]').click()
    page.wait_for_selector("#sheet[open]")
    yield "score sheet with par"
    page.keyboard.press("Escape")
    page.wait_for_selector("#sheet", state="hidden")
    page.locator('#summary [data-action="next-hand"]').click()
    open_tool(page, "today", "today")
    yield "today's game, finished"
    page.keyboard.press("Escape")
    open_tool(page, "stats", "stats")
    yield "statistics"
    page.keyboard.press("Escape")


def two_player_review(page: Any) -> None:
    """A Duel hand played to its summary, then its review with the draw shown."""
    open_with_storage(page, {}, "seed=11&table=duel&speed=instant&level=easy&clock=0")
    to_summary(page)
    page.locator('#summary [data-action="review-hand"]').click()
    page.wait_for_selector("#review[open]")
    page.locator("#review .review-draw summary").click()
