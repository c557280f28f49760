"""A tap on the painted table is kept (issue 30): on a return visit the table is painted
before Python is ready (web/paint.js); a card, bid or button tapped on that picture, or a
key pressed, is recorded, marked as taken, and handed to the page once it is ready, which
judges it exactly as a live tap (web/flow.py on_click, web/keyboard.py on_key): a legal
card is played, an illegal one explained, a bid bid, and only the first tap that moves
counts. A tap on the paint of another state than the one Python loads (another tab moved
meanwhile) is dropped, and the page says so.

The runtime's wasm is held back by a route, so the taps surely come before Python.
"""

from __future__ import annotations

from typing import Any

from e2e.conftest import fresh_tab
from e2e.support import (
    hold_runtime,
    let_python_start,
    open_game,
    play_first_playable,
    play_some,
    reload_painted,
    saved_game,
    tap,
    wait_your_turn,
)
from spades import Bid, Card, Play

MARKED = "(e) => e.classList.contains('early-tap')"


def moves_after(page: Any, count: int, timeout_ms: float = 30_000) -> Any:
    """The saved game once it holds more than ``count`` moves."""
    page.wait_for_function(
        "(n) => JSON.parse(JSON.parse(localStorage.getItem('spades.game')).game)"
        ".actions.length > n", arg=count, timeout=timeout_ms)
    return saved_game(page)


def test_a_legal_card_tapped_before_ready_is_played_once_ready(page: Any) -> None:
    play_some(page)
    before = saved_game(page)
    # A new tab: the start of a visit, where the front door (today's game) would open.
    page = fresh_tab(page)
    held = hold_runtime(page)
    page.goto("./?speed=instant", wait_until="domcontentloaded")
    page.wait_for_selector("html[data-painted]", state="attached", timeout=5_000)
    card = page.locator('#hand [data-playable="true"]').first.get_attribute("data-card")
    assert card
    tap(page, f'#hand [data-card="{card}"]')
    # Taken, and seen to be: the card is marked on the picture; nothing is played yet.
    assert page.locator(f'#hand [data-card="{card}"]').evaluate(MARKED)
    assert page.evaluate("() => document.documentElement.dataset.ready") is None
    assert len(saved_game(page).actions) == len(before.actions)
    let_python_start(page, held)
    after = moves_after(page, len(before.actions))
    assert after.actions[len(before.actions)] == Play(Card.parse(card))
    assert after.actions[: len(before.actions)] == before.actions
    # The player went on with the game: no front door over it. The live table carries no
    # mark, and the picture's busy state is gone.
    assert not page.locator("#today").is_visible()
    assert page.locator("#app .early-tap").count() == 0
    assert page.evaluate("() => document.getElementById('app').hasAttribute('aria-busy')") is False


def test_an_illegal_card_tapped_before_ready_gets_its_explanation(page: Any) -> None:
    play_some(page)
    for _ in range(13):  # on until you hold a card that may not be played now
        assert wait_your_turn(page) == "play"
        if page.locator("#hand [data-card]:not([data-playable])").count():
            break
        play_first_playable(page)
    before = saved_game(page)
    held = reload_painted(page)
    card = page.locator("#hand [data-card]:not([data-playable])").first.get_attribute(
        "data-card")
    assert card
    tap(page, f'#hand [data-card="{card}"]')
    let_python_start(page, held)
    page.wait_for_function("() => document.getElementById('notice').textContent.trim()")
    early = page.locator("#notice").inner_text()
    # The same words a live tap on that card gets; nothing is played, the turn goes on.
    page.evaluate("() => { document.getElementById('notice').textContent = ''; }")
    tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_function("() => document.getElementById('notice').textContent.trim()")
    assert page.locator("#notice").inner_text() == early
    assert saved_game(page).actions == before.actions
    assert wait_your_turn(page) == "play"
    played = play_first_playable(page)
    assert moves_after(page, len(before.actions)).actions[len(before.actions)] == Play(
        Card.parse(played))


def test_a_tap_on_the_paint_of_an_older_save_is_dropped_with_a_word(page: Any) -> None:
    play_some(page)
    older = page.evaluate("() => [localStorage.getItem('spades.game'), "
                          "localStorage.getItem('spades.paint')]")
    play_first_playable(page)
    wait_your_turn(page)
    newer = page.evaluate("() => localStorage.getItem('spades.game')")
    # This tab last saw the older game (its save and its paint)...
    page.evaluate("([game, paint]) => { localStorage.setItem('spades.game', game); "
                  "localStorage.setItem('spades.paint', paint); }", older)
    held = reload_painted(page)
    card = page.locator('#hand [data-playable="true"]').first.get_attribute("data-card")
    assert card
    tap(page, f'#hand [data-card="{card}"]')
    # ...and another tab moved on meanwhile, before Python read the save.
    page.evaluate("(game) => localStorage.setItem('spades.game', game)", newer)
    let_python_start(page, held)
    page.wait_for_function("() => document.getElementById('notice').textContent.trim()")
    assert "not played" in page.locator("#notice").inner_text()
    page.wait_for_timeout(300)
    assert page.evaluate("() => localStorage.getItem('spades.game')") == newer


def test_a_key_pressed_before_ready_is_kept(page: Any) -> None:
    open_game(page, "seed=7&table=classic&speed=instant&level=easy")
    assert wait_your_turn(page) == "bid"
    before = saved_game(page)
    held = reload_painted(page)
    page.keyboard.press("4")  # picks the bid of 4, as at the live table...
    page.keyboard.press("Enter")  # ...and Enter bids it
    let_python_start(page, held)
    after = moves_after(page, len(before.actions))
    assert after.actions[len(before.actions)] == Bid(4)


def test_a_double_tap_before_ready_makes_one_move(page: Any) -> None:
    play_some(page)
    before = saved_game(page)
    held_cards = len(before.hands[0])
    held = reload_painted(page)
    playable = page.locator('#hand [data-playable="true"]')
    assert playable.count() >= 2
    card, other = (playable.nth(n).get_attribute("data-card") for n in (0, 1))
    assert card and other
    page.locator(f'#hand [data-card="{card}"]').dblclick(position={"x": 8, "y": 14})
    tap(page, f'#hand [data-card="{other}"]')  # and, after it, another card
    let_python_start(page, held)
    after = moves_after(page, len(before.actions))
    assert after.actions[len(before.actions)] == Play(Card.parse(card))
    # Your turn again (the others have played): one card of yours went, not two.
    page.wait_for_function(
        "(n) => document.querySelectorAll('#hand [data-card]').length === n"
        " && !!document.querySelector('#hand [data-playable=\"true\"]')", arg=held_cards - 1)
    page.wait_for_timeout(300)
    hand = saved_game(page).hands[0]
    assert len(hand) == held_cards - 1 and Card.parse(other) in hand
