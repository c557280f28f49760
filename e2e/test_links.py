"""Links, table switches and the daily game as a new player expects them (issue 27, items
1, 2, 12, 13 and 14), in Chromium:

- a link (?table=, ?seed=) over a game in progress asks first, "Keep my game" being the
  safe default; declining keeps the game and drops the link's parameters;
- a link's table is the table Options shows, and New game deals it again;
- choosing the opponent at a two-player table says when it applies and offers a new
  game with that opponent now;
- an untouched deal (only the computers have moved) is not a game in progress: the front
  door neither offers to continue it nor warns that it will be lost;
- a daily game across midnight has one name, in the header and at the door alike;
- the game over of today's game has Share, and its confirmation is said beside it.
"""

from __future__ import annotations

import datetime
import sys
from typing import Any
from urllib.parse import parse_qs, urlsplit

from e2e.conftest import check_guard, guarded_context, watch_page
from e2e.layout_states import open_menu
from e2e.support import (
    DAY,
    NOON,
    ROOT,
    in_each_language,
    open_game,
    open_with_storage,
    pass_the_device,
    play_hand,
    save_text,
    saved_game,
    saved_record,
    start_todays_game,
    wait_your_turn,
)
from spades import PRESETS, Game, Phase, Play
from spades.daily import DAILY_PRESET, seed_for

sys.path.insert(0, str(ROOT / "web"))  # the page's modules, for the expected texts



def query_of(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


LINK_DROPPED = ("() => !['table', 'seed'].some("
                "(name) => new URLSearchParams(location.search).has(name))")


def wait_link_dropped(page: Any) -> None:
    """Wait until the link's table and seed have left the address: the page drops them on
    the dialog's "close" event, which comes a task after the dialog is hidden."""
    page.wait_for_function(LINK_DROPPED, timeout=5_000)


def confirm_if_asked(page: Any) -> None:
    """Say yes to "Start a new game?" if the page asks (a game in progress is lost)."""
    page.wait_for_timeout(100)
    if page.locator("#confirm-new").is_visible():
        page.locator('#confirm-new [data-action="confirm-new-game"]').click()
    page.wait_for_selector("#confirm-new", state="hidden")


# ----------------------------------------------------------------------------- item 1


def test_a_link_over_a_game_in_progress_asks_before_it_replaces_it(page: Any) -> None:
    open_game(page, "table=classic&seed=5&speed=instant&level=easy")
    play_hand(page, plays=2)  # bid, two cards: a game in progress
    before = saved_game(page)
    assert before.rules.name == PRESETS["classic"].name and len(before.actions) > 4

    # The link asks; the keyboard is on "Keep my game", and keeping it changes nothing.
    open_game(page, "table=blind-nil&seed=11")
    page.wait_for_selector("#confirm-link[open]", timeout=5_000)
    keep = page.locator("#confirm-link button[value='cancel']")
    assert keep.evaluate("el => el === document.activeElement")
    keep.click()
    page.wait_for_selector("#confirm-link", state="hidden")
    kept = saved_game(page)
    assert kept.seed == before.seed and kept.rules.name == PRESETS["classic"].name
    assert len(kept.actions) >= len(before.actions)
    wait_link_dropped(page)
    assert not {"table", "seed"} & set(query_of(page)), page.url
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert not page.locator("#confirm-link").is_visible()
    assert saved_game(page).seed == before.seed

    # Escape is "Keep my game" too; saying yes deals the link's game.
    open_game(page, "table=blind-nil&seed=11")
    page.wait_for_selector("#confirm-link[open]", timeout=5_000)
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm-link", state="hidden")
    assert saved_game(page).seed == before.seed
    open_game(page, "table=blind-nil&seed=11")
    page.wait_for_selector("#confirm-link[open]", timeout=5_000)
    page.locator('#confirm-link [data-action="confirm-link"]').click()
    page.wait_for_selector("#confirm-link", state="hidden")
    linked = saved_game(page)
    assert linked.seed == 11 and linked.rules.name == PRESETS["blind-nil"].name
    wait_link_dropped(page)
    assert not {"table", "seed"} & set(query_of(page)), page.url


def test_a_link_over_an_untouched_deal_opens_without_asking(page: Any) -> None:
    open_game(page, "table=classic&seed=5&speed=instant&level=easy")
    assert wait_your_turn(page) in ("bid", "play")  # only the computers have moved
    open_game(page, "table=blind-nil&seed=11")
    assert not page.locator("#confirm-link").is_visible()
    assert saved_game(page).seed == 11


# ----------------------------------------------------------------------------- item 2


def test_a_link_to_the_duel_is_the_table_in_options_and_new_game_deals_it(page: Any) -> None:
    open_game(page, "table=duel&seed=9&speed=instant&lang=de")
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    assert page.locator('#options input[name="table"][value="duel"]').is_checked()
    page.locator('#options [data-action="ask-new-game"]').click()
    confirm_if_asked(page)
    game = saved_game(page)
    assert game.rules.name == PRESETS["duel"].name and game.seed != 9
    assert "Duell" in page.locator("#table-name").inner_text()


def test_choosing_a_friend_at_the_duel_offers_a_game_with_the_friend_now(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, "table=duel&seed=9&speed=instant&lang=pt")
    assert saved_record(page)["ui"].get("friend") is not True
    open_menu(page)
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    offer = page.locator("#opponent-now")
    assert not offer.is_visible()
    page.locator('#options input[name="opponent"][value="friend"]').check()
    page.locator('#options input[name="name"]').fill("Ana")
    page.locator('#options input[name="friend_name"]').fill("Rui")
    # It says plainly that the game on the table goes on against the computer.
    offer.wait_for(state="visible", timeout=5_000)
    assert offer.locator("button").is_visible()
    offer.locator("button").click()
    confirm_if_asked(page)
    page.wait_for_selector("#options", state="hidden")
    record = saved_record(page)
    assert record["ui"]["friend"] is True
    assert saved_game(page).rules.name == PRESETS["duel"].name
    pass_the_device(page)  # the new deal may begin with Rui (CI met the cover here)
    # Back to the computer: the offer comes again, the other way round.
    open_menu(page)
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    assert not offer.is_visible()
    page.locator('#options input[name="opponent"][value="computer"]').check()
    offer.wait_for(state="visible", timeout=5_000)


# ----------------------------------------------------------------------------- item 12


def test_the_door_does_not_offer_an_untouched_deal_as_a_game_in_progress(page: Any) -> None:
    page.clock.set_fixed_time(NOON)
    open_game(page, "speed=instant&level=easy", door=True)
    door = page.locator("#today")
    assert door.is_visible()
    assert wait_your_turn(page) in ("bid", "play")  # the computers before you have moved
    assert door.locator('[data-action="ask-new-game"]').count() == 0, door.inner_text()
    assert door.locator(".today-other").count() == 0, door.inner_text()
    door.locator('[data-action="door-daily"]').click()
    page.wait_for_selector("#today", state="hidden")
    assert not page.locator("#confirm-daily").is_visible()
    assert saved_record(page)["ui"]["daily"] is True
    assert saved_game(page).seed == seed_for(DAY)


# ----------------------------------------------------------------------------- item 13


def test_a_daily_game_across_midnight_has_one_name(page: Any) -> None:
    """Yesterday's daily game, on the table when the day changes: the header and the
    door both call it the daily game of its date, before and after a reload."""
    yesterday = DAY - datetime.timedelta(days=1)
    page.clock.set_fixed_time("2026-11-29T23:50:00")
    open_game(page, "speed=instant&level=easy")
    start_todays_game(page)
    play_hand(page, plays=1)
    page.clock.set_fixed_time(NOON)

    words = page.evaluate(
        "([y, m, d]) => new Date(y, m - 1, d).toLocaleDateString("
        "document.documentElement.lang, {day: 'numeric', month: 'long'})",
        [yesterday.year, yesterday.month, yesterday.day])
    for reload in (False, True):
        if reload:
            page.reload()
            page.wait_for_selector("html[data-ready]", state="attached")
        page.locator('#tools [data-action="today"]').click()
        page.wait_for_selector("#today[open]")
        header = page.locator("#table-name").inner_text()
        line = page.locator("#today .today-other p").inner_text()
        assert page.locator("#today .today-card").get_attribute("data-state") == "new"
        assert words in header and "Daily game" in header, header
        assert words in line and "daily game" in line, line
        page.keyboard.press("Escape")
        page.wait_for_selector("#today", state="hidden")
    # It no longer counts as that day's result: an ordinary game in the record.
    assert saved_record(page)["ui"]["daily"] is False


# ----------------------------------------------------------------------------- item 14


def last_card_of_a_daily_game(day: datetime.date) -> Game:
    """Today's deal played (first legal moves) to your last card of its last hand: the
    rest of that trick is forced, so one tap of yours ends the game."""
    from tests.helpers import play_to

    game = Game.new(PRESETS[DAILY_PRESET], seed=seed_for(day))
    over = play_to(game, lambda g: g.phase is Phase.GAME_OVER)
    hands = len(over.history)
    # Replay to the last hand's last trick, at your turn.
    replay = game.restart()
    for action in over.actions:
        if (replay.hand_number == hands - 1 and replay.turn == 0
                and isinstance(action, Play) and len(replay.hands[0]) == 1):
            return replay
        replay = replay.apply(action)
    raise AssertionError("no last card of yours found")


def test_game_over_of_todays_game_has_share_with_its_confirmation_beside_it(
        browser: Any, site_url: str) -> None:
    game = last_card_of_a_daily_game(DAY)
    par = [[number, 0] for number in range(len(game.history))]
    saved = save_text(game, level="medium", daily=True, day=DAY.isoformat(), par=par)
    context, guard = guarded_context(browser, site_url,
                                     permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    watch_page(page, guard)
    try:
        page.clock.set_fixed_time(NOON)
        open_with_storage(page, {"spades.game": saved}, "speed=instant&par=6")
        assert wait_your_turn(page) == "play"
        page.locator('#hand [data-playable="true"]').first.click()
        page.wait_for_selector('#summary [data-action="new-game"]', timeout=30_000)
        share = page.locator('#summary [data-action="share"]')
        share.wait_for(state="visible", timeout=5_000)
        share.click()
        said = page.locator("#summary .share-said")
        said.wait_for(state="visible", timeout=5_000)
        assert "clipboard" in said.inner_text()
        button, words = share.bounding_box(), said.bounding_box()
        assert button and words
        assert abs(words["y"] - (button["y"] + button["height"])) < 80, (button, words)
        assert "Spades daily" in page.evaluate("() => navigator.clipboard.readText()")

        # The door's Share says it beside its button too, above the dimmed table.
        page.locator('#tools [data-action="today"]').click()
        page.wait_for_selector("#today[open]")
        page.locator('#today [data-action="share"]').click()
        door_said = page.locator("#today .share-said")
        door_said.wait_for(state="visible", timeout=5_000)
        assert "clipboard" in door_said.inner_text()
        check_guard(guard, page)
    finally:
        context.close()


# ----------------------------------------------------------------------------- layout


DIALOG_OVERFLOW = r"""() => {
  const out = [];
  const dialog = document.querySelector('dialog[open]');
  if (dialog.getBoundingClientRect().right > innerWidth + 1) {
    out.push('the dialog is wider than the screen');
  }
  for (const el of [dialog, ...dialog.querySelectorAll('*')]) {
    if (!el.checkVisibility({checkVisibilityCSS: true}) || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
        && style.overflowX !== 'auto' && style.overflowX !== 'scroll') {
      out.push(`${el.tagName} "${(el.textContent || '').trim().slice(0, 40)}" is `
               + `${el.scrollWidth} px wide in ${el.clientWidth} px`);
    }
  }
  return out;
}"""
"""What overflows in the open dialog (the table behind it is the layout tests' own)."""


def test_the_new_words_fit_a_small_phone(page: Any) -> None:
    """The opponent's offer and the link's question, at 320x568 in every language: each
    box in the dialog holds its text, and the dialog fits the screen. The language changes
    in the page, as Options changes it: one start, not one per language (issue 28)."""
    page.set_viewport_size({"width": 320, "height": 568})
    open_game(page, "table=duel&seed=9&speed=instant&level=easy")
    open_menu(page)
    page.locator('#tools [data-action="options"]').click()
    page.wait_for_selector("#options[open]")
    page.locator('#options input[name="opponent"][value="friend"]').check()
    found = []
    for lang in in_each_language(page):
        page.locator("#opponent-now button").scroll_into_view_if_needed()
        assert page.locator("#opponent-now button").is_visible()
        found += [f"{lang}, the offer: {text}" for text in page.evaluate(DIALOG_OVERFLOW)]
    page.keyboard.press("Escape")
    page.wait_for_selector("#options", state="hidden")
    play_hand(page, plays=0)  # your draws and bid: a game in progress
    open_game(page, "table=classic&seed=2")
    page.wait_for_selector("#confirm-link[open]")
    for lang in in_each_language(page):
        found += [f"{lang}, the question: {text}" for text in page.evaluate(DIALOG_OVERFLOW)]
    assert not found, found
