"""Issue 27, items 3, 4 and 6: what a player of the two-player tables sees of their own
draw and of the other player's.

- After Keep you see the next card, the one that goes to the discards (seed 002), face up
  to you alone: a short pause against the computer, an OK before the cover at pass and
  play; after a Double Nil replacement at pass and play, the cards received before the
  cover.
- Two-handed: Double Nil is offered before any card of the hand is seen.
- Pass and play: the score box marks the player holding the device, the top bar says
  "Double Nil" rather than "Bid 0", and the cover says what the other player did in the
  draw (kept or discarded, never the card).
"""

from __future__ import annotations

import json
from typing import Any

from e2e.support import (
    open_game,
    open_with_storage,
    pass_the_device,
    save_text,
    saved_game,
    tap,
)
from spades import PRESETS, Bid, Draw, Game, Phase

FRIENDS = {"opponent": "friend", "name1": "Ana", "name2": "Bruno", "clock": False}
REVEAL = "#bids:not([hidden]) [data-reveal]"


def thrown_by(before: Any, after: Any, seat: int) -> set[str]:
    """The cards ``seat`` saw go to the discards with its last move (the engine's view)."""
    return {str(c) for c in after.view(seat).discarded} - {
        str(c) for c in before.view(seat).discarded}


def test_after_keep_you_see_the_card_that_goes_to_the_discards(page: Any) -> None:
    open_game(page, "table=duel&seed=4&speed=normal&level=easy")
    page.wait_for_selector("#bids:not([hidden]) [data-draw]")
    before = saved_game(page)
    assert before.phase is Phase.DRAW and before.turn == 0
    page.locator('[data-draw="keep"]').click()
    page.wait_for_selector(REVEAL, timeout=3_000)
    after = saved_game(page)
    thrown = thrown_by(before, after, 0)
    assert len(thrown) == 1
    # The opponent never sees it: the engine's view of seat 1 does not hold it.
    assert not thrown & {str(c) for c in after.view(1).discarded}
    shown = page.locator(f"{REVEAL} [data-thrown-card]")
    assert shown.get_attribute("data-thrown-card") == next(iter(thrown))
    text = page.locator(REVEAL).inner_text()
    assert "goes to the discards" in text, text
    assert text.startswith("You keep the")  # the card you kept is named too
    page.locator('#bids [data-action="reveal-ok"]').click()
    page.wait_for_selector(REVEAL, state="detached")
    # Then the opponent draws, and your next draw comes.
    page.wait_for_function("() => JSON.parse(JSON.parse(localStorage.getItem('spades.game'))"
                           ".game).actions.length >= 2", timeout=15_000)


def test_pass_and_play_shows_the_discard_before_the_cover(page: Any) -> None:
    open_with_storage(page, {"spades.prefs": json.dumps(FRIENDS)},
                      "table=duel&seed=4&speed=instant")
    pass_the_device(page)
    page.wait_for_selector("#bids:not([hidden]) [data-draw]")
    before = saved_game(page)
    drawer = before.turn
    names = ("Ana", "Bruno")
    page.locator('[data-draw="keep"]').click()
    page.wait_for_selector(REVEAL, timeout=3_000)
    # The cover waits for the drawer's OK, however long they look.
    page.wait_for_timeout(400)
    assert page.locator("#handoff").is_hidden()
    after = saved_game(page)
    assert after.turn == 1 - drawer
    thrown = thrown_by(before, after, drawer)
    assert page.locator("[data-thrown-card]").get_attribute("data-thrown-card") == next(
        iter(thrown))
    page.locator('#bids [data-action="reveal-ok"]').click()
    page.wait_for_selector("#handoff", state="visible")
    assert page.locator("[data-thrown-card]").count() == 0
    # The next player is told what the other did in the draw, never the card.
    said = page.locator("#handoff").inner_text()
    assert f"{names[drawer]} kept the top card" in said, said
    assert page.evaluate("() => document.activeElement.id") == "handoff-ready"


def test_pass_and_play_shows_the_cards_received_after_double_nil(page: Any) -> None:
    game = Game.new(PRESETS["two-handed"], seed=6)
    seat = game.turn
    assert seat is not None
    game = game.apply(Bid(0, blind=True))
    while game.phase is Phase.DRAW:
        game = game.apply(Draw(True))
    assert game.phase is Phase.REPLACE and game.turn == seat
    saves = {"spades.prefs": json.dumps(FRIENDS),
             "spades.game": save_text(game, friend=True, viewer=seat)}
    open_with_storage(page, saves, "speed=instant")
    page.wait_for_selector('#bids:not([hidden]) [data-action="replace"]')
    before = saved_game(page)
    chosen = [str(card) for card in before.hands[seat]][:3]
    for card in chosen:
        tap(page, f'#hand [data-card="{card}"]')
    page.locator('#bids [data-action="replace"]').click()
    page.wait_for_selector(REVEAL, timeout=3_000)
    page.wait_for_timeout(300)
    assert page.locator("#handoff").is_hidden()
    received = {str(card) for card in saved_game(page).view(seat).received}
    assert len(received) == 3
    shown = set(page.locator(f"{REVEAL} [data-received-card]").evaluate_all(
        "els => els.map(e => e.dataset.receivedCard)"))
    assert shown == received
    page.locator('#bids [data-action="reveal-ok"]').click()
    page.wait_for_selector("#handoff", state="visible")


def test_double_nil_is_offered_before_any_card_is_seen(page: Any) -> None:
    # Seed 6: you are the dealer, North draws first, then you choose for the first time.
    open_game(page, "table=two-handed&seed=6&speed=instant&level=easy")
    page.wait_for_selector('#bids:not([hidden]) [data-bid="blind"]')
    game = saved_game(page)
    assert game.phase is Phase.DRAW and game.turn == 0
    top = str(game.view(0).top_card)
    # No card of the hand is on the page while Double Nil is offered.
    assert page.locator("[data-top-card]").count() == 0
    assert top not in page.evaluate("() => document.getElementById('app').innerHTML")
    assert page.locator("#bids [data-draw]").count() == 0
    # Declining shows the card, and Double Nil is no longer offered.
    page.locator('#bids [data-action="look"]').click()
    page.wait_for_selector("[data-top-card]")
    assert page.locator("[data-top-card]").get_attribute("data-top-card") == top
    assert page.locator('#bids [data-bid="blind"]').count() == 0
    # A reload does not offer it again once the card was seen.
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    page.wait_for_selector("#bids:not([hidden]) [data-top-card]")
    assert page.locator('#bids [data-bid="blind"]').count() == 0


def test_pass_and_play_marks_the_player_holding_the_device(page: Any) -> None:
    open_with_storage(page, {"spades.prefs": json.dumps(FRIENDS)},
                      "table=two-handed&seed=6&speed=instant")
    for _ in range(3):
        pass_the_device(page)
        game = saved_game(page)
        seat = game.turn
        assert seat is not None
        # The score box of the player on turn is the one marked as theirs.
        assert page.locator(f"#scores .side-{seat}.yours").count() == 1
        assert page.locator(f"#scores .side-{1 - seat}.yours").count() == 0
        if page.locator('#bids [data-bid="blind"]').count():
            page.locator('#bids [data-bid="blind"]').click()
            page.wait_for_function("(n) => JSON.parse(JSON.parse(localStorage.getItem("
                                   "'spades.game')).game).actions.length > n",
                                   arg=len(game.actions))
            # The top bar says what the seat says: Double Nil, not "Bid 0".
            line = page.locator(f"#scores .side-{seat}").inner_text().replace("\xa0", " ")
            assert "Double Nil" in line and "Bid 0" not in line, line
        if page.locator("#bids [data-action='look']").count():
            page.locator("#bids [data-action='look']").click()
        page.wait_for_selector("#bids:not([hidden]) [data-draw]")
        page.locator('[data-draw="discard"]').click()
        page.wait_for_function("() => !document.getElementById('handoff').hidden")
