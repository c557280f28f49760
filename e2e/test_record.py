"""The player's record (issue 10) in Chromium: today's game as the front door, played to
game over with its par and share line; the statistics after a game and after a reload;
the hand review, trick by trick; a hostile statistics record; a change of day; a game
saved as a file and opened again for review.

``?par=N`` makes par think N simulations a seat instead of the page's budget, so a whole
daily game's par is worked out in seconds here (the budget is measured by
``python -m e2e.partime``).
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from e2e.conftest import check_guard, guarded_context, watch_page
from e2e.record_states import to_summary
from e2e.support import (
    DAY,
    NOON,
    ROOT,
    open_game,
    open_with_storage,
    play_to_game_over,
    saved_game,
    saved_record,
    start_todays_game,
    wait_all_par,
    wait_your_turn,
)
from spades import Game
from spades.daily import seed_for

sys.path.insert(0, str(ROOT / "web"))  # the page's modules, for the expected texts

FAST_PAR = "speed=instant&par=6"

# When the summary appears, and when its "Next hand" button is first enabled (the page's
# own clock: a MutationObserver records both).
WATCH_SUMMARY = """() => {
  window.summaryTimes = [];
  const summary = document.getElementById('summary');
  new MutationObserver(() => {
    if (summary.hidden) return;
    const button = summary.querySelector('[data-action="next-hand"]');
    const last = window.summaryTimes[window.summaryTimes.length - 1];
    if (!last || last.closed) {
      window.summaryTimes.push({shown: performance.now(), enabled: null, closed: false});
    }
    const now = window.summaryTimes[window.summaryTimes.length - 1];
    if (button && !button.disabled && now.enabled === null) now.enabled = performance.now();
  }).observe(document.getElementById('app'), {subtree: true, childList: true,
                                               attributes: true});
  new MutationObserver(() => {
    const last = window.summaryTimes[window.summaryTimes.length - 1];
    if (summary.hidden && last) last.closed = true;
  }).observe(summary, {attributes: true});
}"""


def date_words(page: Any, day: datetime.date) -> str:
    """The date as the page says it: the browser's calendar in the page's language."""
    return str(page.evaluate(
        "([y, m, d]) => new Date(y, m - 1, d).toLocaleDateString("
        "document.documentElement.lang, {dateStyle: 'long'})", [day.year, day.month, day.day]))


def stats_record(page: Any) -> Any:
    text = page.evaluate("() => localStorage.getItem('spades.stats')")
    return json.loads(text) if text else None


@pytest.mark.alone  # times "Next hand" against the par: no second browser beside it
def test_todays_game_from_the_front_door_to_the_share_line(browser: Any, site_url: str) -> None:
    """The front door offers today's game; played to the end, its par arrives hand by
    hand without holding up "Next hand", the result is recorded once (and survives a
    reload), and the share line on the clipboard says exactly that result."""
    context, guard = guarded_context(browser, site_url,
                                     permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    watch_page(page, guard)
    try:
        page.clock.set_fixed_time(NOON)
        open_game(page, FAST_PAR, door=True)
        door = page.locator("#today")
        assert door.is_visible()
        assert date_words(page, DAY) in door.locator("h2").inner_text()
        assert door.locator(".today-card").get_attribute("data-state") == "new"
        page.evaluate(WATCH_SUMMARY)
        start_todays_game(page)
        record = saved_record(page)
        assert record["ui"]["daily"] is True and record["ui"]["day"] == DAY.isoformat()
        assert saved_game(page).seed == seed_for(DAY)

        assert wait_your_turn(page) in ("bid", "play")
        summaries = play_to_game_over(page)
        times = page.evaluate("() => window.summaryTimes")
        assert len(times) >= summaries >= 1
        waits = [entry["enabled"] - entry["shown"] for entry in times if entry["enabled"]]
        assert waits and max(waits) <= 100, waits  # par never holds up the next hand

        wait_all_par(page)
        game = saved_game(page)
        par = dict(saved_record(page)["ui"]["par"])
        assert sorted(int(k) for k in par) == list(range(len(game.history)))
        stats = stats_record(page)
        assert stats is not None and stats["version"] == 1

        # Today's game is finished: the door says so, and shares the result.
        page.locator('#tools [data-action="today"]').click()
        assert door.locator(".today-card").get_attribute("data-state") == "finished"
        page.locator('#today [data-action="share"]').click()
        page.wait_for_function("() => /clipboard/i.test(document.querySelector("
                               "'#today .share-said').textContent)")
        shared = page.evaluate("() => navigator.clipboard.readText()")
        ours, theirs = game.scores
        assert date_words(page, DAY) in shared
        from i18n import number, signed  # the page's way of writing a score (U+2212 minus)

        assert number(ours) in shared and number(theirs) in shared
        assert str(len(game.history)) in shared
        diff = sum(r.points[0] - par[i] for i, r in enumerate(game.history))
        assert signed(diff) in shared
        # Exactly the line the page's share module writes for the recorded result.
        import share
        import stats as page_stats

        recorded = page_stats.stats_from_dict(stats_record(page))
        result = recorded.games[-1]
        assert result.daily == DAY.isoformat() and result.par == diff
        assert result.scores == (ours, theirs) and result.hands == len(game.history)
        address = page.evaluate("() => location.origin + location.pathname")
        assert shared == share.share_text(DAY, result, date_words(page, DAY), address)

        # The statistics count the game once, and keep it after a reload.
        page.keyboard.press("Escape")
        before = stats_record(page)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached")
        assert stats_record(page) == before
        page.locator('#tools [data-action="stats"]').click()
        page.wait_for_selector("#stats[open]")
        assert page.locator("#stats svg").count() >= 1
        check_guard(guard, page)
    finally:
        context.close()


def test_the_hand_review_steps_through_all_13_tricks(page: Any) -> None:
    open_game(page, "seed=5&table=classic&speed=instant&level=easy")
    to_summary(page)
    page.locator('#summary [data-action="review-hand"]').click()
    page.wait_for_selector("#review[open]")
    review = page.locator("#review .review")
    assert review.get_attribute("data-step") == "0"
    # One title, naming the hand (issue 27: the dialog repeated it).
    assert page.locator("#review-title").inner_text() == "Hand 1 review"
    assert page.locator("#review h3").count() == 0
    assert page.locator("#review .review-seat [data-card]").count() == 52
    assert page.locator('#review [data-action="review-prev"]').is_disabled()
    game = saved_game(page)
    tricks = game_tricks_of_first_hand(game)
    for number in range(1, 14):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'#review .review[data-step="{number}"]')
        trick = page.locator("#review .review-trick")
        assert trick.get_attribute("data-winner") == str(tricks[number - 1].winner)
        assert trick.get_attribute("data-leader") == str(tricks[number - 1].leader)
        assert page.locator("#review .review-seat [data-card]").count() == 52 - 4 * number
    assert page.locator('#review [data-action="review-next"]').is_disabled()
    page.locator('#review [data-action="review-prev"]').click()
    page.wait_for_selector('#review .review[data-step="12"]')
    page.keyboard.press("Home")
    page.wait_for_selector('#review .review[data-step="0"]')


def game_tricks_of_first_hand(game: Game) -> Any:
    from spades.review import hand_replays

    return hand_replays(game)[0].tricks


def test_a_hostile_statistics_record_is_handled(page: Any) -> None:
    hostile = json.dumps({"version": 1, "totals": {"quick/medium": {"games": -4}},
                          "games": [{"table": "<img src=x onerror=alert(1)>"}, 7, None],
                          "daily": {"2026-11-30": {"won": "yes"}, "x" * 50: {}}})
    open_with_storage(page, {"spades.stats": hostile})
    page.locator('#tools [data-action="stats"]').click()
    page.wait_for_selector("#stats[open]")
    assert page.locator("#stats img").count() == 0
    assert page.locator("#stats-body").inner_text()
    open_with_storage(page, {"spades.stats": "[" * 100_000})
    page.locator('#tools [data-action="stats"]').click()
    page.wait_for_selector("#stats[open]")


def test_a_new_day_brings_a_new_daily_game_and_keeps_yesterdays(page: Any) -> None:
    """Yesterday's daily game, left unfinished, goes on as an ordinary game; today's
    deal is a new one, and yesterday's recorded result is still there."""
    import stats as page_stats

    before = page_stats.GameResult(
        table="quick", level="medium", players=4, won=True, scores=(305, 190), hands=5,
        points=305, daily="2026-11-28", par=-14, hand_points=(61, 61, 61, 61, 61))
    kept = json.dumps(page_stats.record_game(page_stats.Stats(), before).to_dict())
    page.clock.set_fixed_time("2026-11-29T21:00:00")
    open_with_storage(page, {"spades.stats": kept}, "speed=instant&level=easy")
    start_todays_game(page)
    assert wait_your_turn(page) in ("bid", "play")
    yesterday = saved_game(page)
    assert yesterday.seed == seed_for(DAY - datetime.timedelta(days=1))
    page.clock.set_fixed_time(NOON)
    page.locator('#tools [data-action="today"]').click()
    page.wait_for_selector("#today[open]")
    assert date_words(page, DAY) in page.locator("#today h2").inner_text()
    assert page.locator("#today .today-card").get_attribute("data-state") == "new"
    # Said as the page sees the new day (here, at the door), not at some later reload.
    assert "ordinary game" in page.locator("#notice").inner_text()
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    record = saved_record(page)
    assert record["ui"]["daily"] is False and saved_game(page).seed == yesterday.seed
    # Still named as the daily game of its day.
    assert record["ui"]["day"] == (DAY - datetime.timedelta(days=1)).isoformat()
    start_todays_game(page)
    assert saved_game(page).seed == seed_for(DAY)
    assert saved_record(page)["ui"]["day"] == DAY.isoformat()
    assert stats_record(page)["daily"]["2026-11-28"]["par"] == -14  # the record is kept


def test_a_game_saved_as_a_file_opens_for_review(page: Any, tmp_path: Path) -> None:
    open_game(page, "seed=5&table=classic&speed=instant&level=easy")
    to_summary(page)
    page.locator('#summary [data-action="sheet"]').click()
    with page.expect_download() as download_info:
        page.locator('#sheet [data-action="export"]').click()
    path = tmp_path / "game.json"
    download_info.value.save_as(path)
    assert Game.from_json(path.read_text()).to_json() == saved_record(page)["game"]
    page.keyboard.press("Escape")
    on_table = saved_record(page)["game"]

    bad = tmp_path / "bad.json"
    bad.write_text(path.read_text().replace('"seed":5', '"seed":6'))
    page.locator('#tools [data-action="options"]').click()
    page.locator("#import-file").set_input_files(str(bad))
    page.wait_for_function("() => /nothing was changed/.test("
                           "document.getElementById('notice').textContent)")
    assert saved_record(page)["game"] == on_table

    page.locator("#import-file").set_input_files(str(path))
    page.wait_for_selector("#review[open]")
    assert page.locator("#review .review").get_attribute("data-hand") == "0"
    assert saved_record(page)["game"] == on_table
