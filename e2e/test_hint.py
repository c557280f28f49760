"""The hint on request (issue 46, web/coaching.py) in real Chromium: on your turn to bid and
to play, H and the Hint button show the coach's choice for your seat (the one
``spades.ai.coach.hint`` gives for the saved game's view and seed under CPython), marked
and focused, its line of why shown and said; asked again it is the same, not searched
again and not counted again; the count is saved and the hand's summary says it. Today's
game has no hint.

The hints' times (asked to shown, ``performance.measure("spades:hint")``) are printed
(pytest -s) for the issue's note, the first one apart (it starts Expert's worker at Easy);
they are not judged here: a timing bar would flake on a loaded machine.
"""

from __future__ import annotations

import statistics
from typing import Any

from e2e.support import (
    HEARD,
    NOON,
    heard,
    open_game,
    play_hand,
    saved_game,
    saved_record,
    start_todays_game,
    wait_your_turn,
)
from e2e.test_longtasks import OBSERVE
from spades import Bid, Card, Play
from spades.ai.coach import hint as coach_hint

GAME = "seed=7&table=classic&speed=instant&level=easy"
HINT_WAIT = 180_000
"""The first hint starts Expert's worker (a Pyodide of its own): seconds on a loaded
machine."""
SUGGESTED = '[data-suggested="true"]'


def long_tasks_while_hinting(page: Any) -> list[int]:
    """The main thread's long tasks (50 ms or more, e2e/test_longtasks.py's observer) that
    overlap a hint's time, asked to shown."""
    return [int(ms) for ms in page.evaluate("""() => {
      const hints = performance.getEntriesByName('spades:hint');
      return window.__longtasks.filter(t => hints.some(
        h => t.start < h.startTime + h.duration && t.start + t.duration > h.startTime))
        .map(t => t.duration);
    }""")]


def hint_times(page: Any) -> list[float]:
    return [float(ms) for ms in page.evaluate(
        "() => performance.getEntriesByName('spades:hint').map(e => e.duration)")]


def ask(page: Any, how: str, where: str) -> Any:
    """Ask for a hint (the H key or the button) and wait for its mark in ``where``."""
    before = len(hint_times(page))
    if how == "key":
        page.keyboard.press("h")
    else:
        page.locator("#hint-button").click()
    mark = page.locator(f"{where} {SUGGESTED}")
    mark.first.wait_for(timeout=HINT_WAIT)
    page.wait_for_function("(n) => performance.getEntriesByName('spades:hint').length > n",
                           arg=before)
    assert mark.count() == 1
    return mark


def expected_hint(page: Any) -> Any:
    game = saved_game(page)
    return coach_hint(game.view(0), game.seed)


def focused_is_suggested(page: Any) -> bool:
    return bool(page.evaluate(
        "() => document.activeElement && document.activeElement.dataset.suggested === 'true'"))


def test_a_hint_at_a_bid_and_at_a_card_is_the_coachs(page: Any) -> None:
    page.add_init_script(HEARD)
    page.add_init_script(OBSERVE)
    open_game(page, GAME)
    assert wait_your_turn(page) == "bid"
    button = page.locator("#hint-button")
    assert button.is_visible() and button.get_attribute("aria-disabled") is None

    # The bid, by the H key: the coach's, one of the bids offered, marked and focused.
    mark = ask(page, "key", "#bids")
    expected = expected_hint(page)
    assert isinstance(expected.action, Bid)
    assert mark.get_attribute("data-bid") == str(expected.action.n)
    assert mark.is_enabled() and mark.get_attribute("aria-description") == "Suggested by the hint"
    assert focused_is_suggested(page)
    line = page.locator("#notice").inner_text()
    assert line.startswith("Hint: bid ") and "Over these deals" in line, line
    assert line in heard(page)
    assert saved_record(page)["ui"]["hints"] == 1

    # Asked again (the button now): the same hint, neither searched nor counted again.
    said = len(heard(page))
    button.click()
    page.wait_for_function("(n) => window.__said.length > n", arg=said)
    assert heard(page)[-1] == line and page.locator("#notice").inner_text() == line
    assert len(hint_times(page)) == 1
    assert saved_record(page)["ui"]["hints"] == 1
    mark.click()  # the bid hinted
    page.wait_for_selector("#bids", state="hidden")

    # Cards, by the button and by the key in turn: each the coach's, playable, focused.
    for number in range(5):
        assert wait_your_turn(page) == "play"
        mark = ask(page, "button" if number % 2 == 0 else "key", "#hand")
        expected = expected_hint(page)
        assert isinstance(expected.action, Play)
        card = mark.get_attribute("data-card")
        assert card == str(expected.action.card)
        assert mark.get_attribute("data-playable") == "true"
        assert Play(Card.parse(card)) in saved_game(page).legal_actions()
        assert "suggested" in mark.inner_text() or mark.evaluate(
            "el => el.textContent.includes('suggested')")
        assert focused_is_suggested(page)
        line = page.locator("#notice").inner_text()
        assert line.startswith("Hint: play the ") and line in heard(page), line
        assert saved_record(page)["ui"]["hints"] == 2 + number
        mark.click(position={"x": 8, "y": 14})
        page.wait_for_selector(f'#hand [data-card="{card}"]', state="detached")

    times = hint_times(page)
    rest = times[1:]
    cores = page.evaluate("navigator.hardwareConcurrency")
    print(f"\nhint times (ms, asked to shown), Easy, {cores} cores, pool of "
          f"{page.evaluate('document.documentElement.dataset.workers')}: "
          f"first (starts the worker) {times[0]:.0f}; the next {len(rest)}: median "
          f"{statistics.median(rest):.0f}, all {[round(t) for t in rest]}; main-thread "
          f"tasks of 50 ms or more meanwhile: {long_tasks_while_hinting(page)}")

    # The hand's summary says the game had hints.
    assert play_hand(page) == "summary"
    said = page.locator("#summary [data-hints]").inner_text()
    assert said == "You used 6 hints in this game."
    assert saved_record(page)["ui"]["hints"] == 6


def test_todays_game_has_no_hint(page: Any) -> None:
    page.clock.set_fixed_time(NOON)
    page.add_init_script(HEARD)
    open_game(page, "speed=instant")
    start_todays_game(page)
    assert wait_your_turn(page) in ("bid", "play")
    button = page.locator("#hint-button")
    assert button.is_visible() and button.get_attribute("aria-disabled") == "true"
    reason = "No hints in today's game: its par stays fair. Hints are back after it."
    assert button.get_attribute("aria-description") == reason
    page.keyboard.press("h")
    page.wait_for_function("(text) => window.__said.includes(text)", arg=reason)
    assert page.locator("#notice").inner_text() == reason
    assert page.locator(SUGGESTED).count() == 0
    assert saved_record(page)["ui"]["hints"] == 0
