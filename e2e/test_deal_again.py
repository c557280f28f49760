"""Any deal again (issue 10): the score sheet names the game's deal (its seed), plays it
again from the start with the same rules (asking first while a game is in progress), and
links to it with ?seed= and ?table=."""

from __future__ import annotations

from typing import Any

from e2e.support import open_game, saved_game, wait_your_turn
from spades import PRESETS, Game


def test_the_score_sheet_plays_the_same_deal_again(page: Any) -> None:
    open_game(page, "seed=5&table=quick&speed=instant&level=easy")
    assert wait_your_turn(page) in ("bid", "play")
    page.locator('#tools [data-action="sheet"]').click()
    page.wait_for_selector("#sheet[open]")
    assert page.locator("#sheet [data-seed]").inner_text() == "Deal 5"
    link = page.locator("#sheet .deal-link").get_attribute("href") or ""
    assert link.endswith("?seed=5&table=quick")
    page.locator('#sheet [data-action="ask-replay"]').click()
    page.wait_for_selector("#confirm-replay[open]")
    page.keyboard.press("Escape")  # Keep playing: nothing changes
    page.wait_for_selector("#confirm-replay", state="hidden")
    moved = saved_game(page)
    assert moved.actions  # the computers have bid by now
    page.locator('#sheet [data-action="ask-replay"]').click()
    page.locator('#confirm-replay [data-action="replay"]').click()
    page.wait_for_selector("#sheet", state="hidden")
    page.wait_for_function("() => /Deal 5 again/.test(document.getElementById('notice')"
                           ".textContent)")
    again = saved_game(page)
    fresh = Game.new(PRESETS["quick"], seed=5)
    assert again.seed == 5 and again.rules == PRESETS["quick"]
    assert again.hand_number == 0 and not again.history
    assert again.hands[0] == fresh.hands[0]


def test_the_deal_link_opens_that_deal(page: Any) -> None:
    open_game(page, "seed=9&table=blind-nil&speed=instant&level=easy")
    page.locator('#tools [data-action="sheet"]').click()
    link = page.locator("#sheet .deal-link").get_attribute("href")
    page.keyboard.press("Escape")
    open_game(page, "seed=1&speed=instant&level=easy")  # another game in between
    page.goto(str(link))
    page.wait_for_selector("html[data-ready]", state="attached")
    game = saved_game(page)
    assert game.seed == 9 and game.rules.name == "Blind Nil"
