"""What players meet beyond the rules: the hand summary between hands, the exchange's new
cards, the trick sweeping to its winner, clicks at the wrong moment, hostile storage, the
keyboard's focus, and Expert's start-up measured on the main thread.

Crafted saves (made here with the engine) reach the end of a hand or of a game at once.
"""

from __future__ import annotations

import json
from typing import Any

from e2e.support import (
    READY_TIMEOUT_MS,
    open_game,
    open_with_storage,
    play_to,
    save_text,
    saved_game,
    saved_record,
    tap,
    wait_your_turn,
)
from spades import PRESETS, Game, Phase, Play

OTHER_VERSION = "Your saved game is from another version of Spades, so a new game has started."


def test_summary_hides_the_next_deal_and_next_hand_moves_on_once(page: Any) -> None:
    game = play_to(Game.new(PRESETS["classic"], seed=21), lambda g: len(g.history) == 1)
    open_with_storage(page, {"spades.game": save_text(game, summary=True)},
                      "speed=instant")
    assert page.locator("#summary").is_visible()
    assert page.locator("#hand [data-card]").count() == 0  # the next hand is not shown yet
    record = game.history[0]
    for seat in range(4):
        assert page.locator(f'[data-tricks-seat="{seat}"]').inner_text() == \
            str(record.tricks[seat])
    # The summary is modal: the keyboard is on its button.
    assert page.evaluate("() => document.activeElement.dataset.action") == "next-hand"
    # Rapid repeated clicks move on one hand only.
    page.evaluate("() => { const b = document.querySelector('[data-action=\"next-hand\"]');"
                  " b.click(); b.click(); b.click(); }")
    page.wait_for_selector("#summary", state="hidden")
    assert page.locator("#hand [data-card]").count() == 13
    assert wait_your_turn(page) in ("bid", "play")
    after = saved_game(page)
    assert after.hand_number == 1 and len(after.history) == 1
    assert saved_record(page)["ui"]["summary"] is False
    # The keyboard is not lost: it is on the table, not on the page's body.
    assert page.evaluate("() => document.activeElement !== document.body")


def test_game_over_save_and_hostile_storage(page: Any) -> None:
    over = play_to(Game.new(PRESETS["quick"], seed=12), lambda g: g.phase is Phase.GAME_OVER)
    open_with_storage(page, {"spades.game": save_text(over, summary=True),
                             "spades.prefs": '{"version": 1, "level": 5}'}, "speed=instant")
    assert page.locator('[data-action="new-game"]').is_visible()
    assert page.locator("[data-winner]").get_attribute("data-winner") == str(over.winner)
    assert page.locator("#hand [data-card]").count() == 0
    page.locator('[data-action="new-game"]').click()
    page.wait_for_selector("#summary", state="hidden")
    assert page.locator("#hand .card").count() == 13

    # Preferences with wrong types, unknown keys and a huge string; a save from another
    # version of the page: the valid preference is kept, the save is set aside, said so.
    prefs = {"version": 7, "speed": "x" * 300_000, "level": ["hard"], "table": "quick",
             "raise_playable": "yes", "theme": {"dark": True}}
    record = json.loads(save_text(over))
    record["version"] = 2
    open_with_storage(page, {"spades.prefs": json.dumps(prefs),
                             "spades.game": json.dumps(record)})
    assert page.locator("#notice").inner_text() == OTHER_VERSION
    assert "Quick" in page.locator("#table-name").inner_text()
    assert page.locator("#hand .card").count() == 13
    assert json.loads(page.evaluate("() => localStorage.getItem('spades.game.broken')")) \
        == record
    page.locator('[data-action="options"]').click()
    assert page.locator('#options input[name="speed"][value="normal"]').is_checked()
    assert page.locator('#options input[name="level"][value="medium"]').is_checked()


SWEEPS = """
window.__sweeps = [];
new MutationObserver((records) => {
  for (const record of records) {
    const trick = record.target;
    if (trick.id !== 'trick' || !/sweep-/.test(trick.className)) continue;
    const where = () => [...trick.querySelectorAll('.card')].map((c) => {
      const r = c.getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2];
    });
    const sweep = {cls: trick.className, before: where(), after: null};
    window.__sweeps.push(sweep);
    // A card the rules refuse, clicked while the trick sweeps away, plays nothing (a
    // card they allow would be played: e2e/test_table_feel.py).
    const card = document.querySelector('#hand [data-card]:not([data-playable])');
    if (card) card.click();
    // Halfway along the sweep by the transitions' own clock, not after a fixed wait: on a
    // loaded machine the first frames come late (90 ms once found the cards 5 px along).
    const halfway = () => {
      const moving = trick.getAnimations({subtree: true});
      if (!moving.length) { requestAnimationFrame(halfway); return; }
      for (const a of moving) a.currentTime = a.effect.getComputedTiming().duration / 2;
      sweep.after = where();
    };
    requestAnimationFrame(halfway);
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['class']});
"""

DIRECTIONS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}


def test_clicks_at_the_wrong_moment_and_the_sweep_to_the_winner(page: Any) -> None:
    page.add_init_script(SWEEPS)
    open_game(page, "seed=2&speed=fast&level=easy")  # seed 2: you bid first
    assert wait_your_turn(page) == "bid"
    page.locator('[data-bid="3"]').click()
    page.wait_for_selector("#bids", state="hidden")
    # Cards and bids clicked during the computer players' turns do nothing.
    assert page.locator("[data-bid]").count() == 0  # no bid buttons out of turn
    page.evaluate("() => document.querySelector('#hand [data-card]').click()")
    assert wait_your_turn(page) == "play"
    game = saved_game(page)
    assert game.bids[0] == 3 and game.bids[2] is not None  # your click bid nothing more
    assert len(game.hands[0]) == 13
    # A double click plays one card, once.
    card = page.locator('#hand [data-playable="true"]').first.get_attribute("data-card")
    page.locator(f'#hand [data-card="{card}"]').dblclick(position={"x": 8, "y": 14})
    page.wait_for_selector(f'#hand [data-card="{card}"]', state="detached")
    page.wait_for_function("() => window.__sweeps.length > 0 && window.__sweeps[0].after")
    game = saved_game(page)
    mine = [a for s, a in zip(seats_of(game), game.actions, strict=True)
            if s == 0 and isinstance(a, Play)]
    assert len(mine) == 1 and str(mine[0].card) == card
    # The first trick swept towards its winner's seat (and the refused click did nothing).
    sweep = page.evaluate("() => window.__sweeps[0]")
    winner = game.tricks[0].winner
    position = ("south", "west", "north", "east")[winner]
    assert f"sweep-{position}" in sweep["cls"]
    dx, dy = DIRECTIONS[position]
    for (x0, y0), (x1, y1) in zip(sweep["before"], sweep["after"], strict=True):
        along = (x1 - x0) * dx + (y1 - y0) * dy
        across = abs((x1 - x0) * dy) + abs((y1 - y0) * dx)
        assert along > 15 and along > across, (position, sweep)


def seats_of(game: Game) -> list[int]:
    """The seat that took each of the game's actions (replayed with the engine)."""
    replay = Game.new(game.rules, seed=game.seed)
    seats = []
    for action in game.actions:
        seats.append(replay.turn)
        replay = replay.apply(action)
    return seats


def test_exchange_cards_are_marked_new_until_the_first_play(page: Any) -> None:
    open_game(page, "seed=1&table=blind-nil&speed=instant&level=easy")
    page.wait_for_selector('[data-bid="blind"]')
    page.locator('[data-bid="blind"]').click()
    page.wait_for_selector('[data-action="pass"]')
    received = {str(c) for c in saved_game(page).view(0).received}
    marked = page.locator('#hand [data-new="true"]').evaluate_all(
        "els => els.map(e => e.dataset.card)")
    assert len(received) == 3 and set(marked) == received
    assert page.locator('#hand [data-new="true"] .ribbon').count() == 3
    others = page.locator('#hand [data-card]:not([data-new])').evaluate_all(
        "els => els.map(e => e.dataset.card)")
    for text in others[:3]:
        tap(page, f'#hand [data-card="{text}"]')
    page.locator('[data-action="pass"]').click()
    page.wait_for_function("() => document.querySelector('#app').dataset.phase === 'play'")
    assert wait_your_turn(page) == "play"
    assert page.locator('#hand [data-new="true"]').count() == 3  # still marked
    card = page.locator('#hand [data-playable="true"]').first.get_attribute("data-card")
    tap(page, f'#hand [data-card="{card}"]')
    page.wait_for_selector(f'#hand [data-card="{card}"]', state="detached")
    assert page.locator('#hand [data-new="true"]').count() == 0


def test_damaged_ui_state_keeps_the_game(page: Any) -> None:
    """A page with a broken UI part of its save keeps the game (the engine accepts it)."""
    game = play_to(Game.new(PRESETS["classic"], seed=6),
                   lambda g: g.phase is Phase.PLAY and g.turn == 0)
    record = json.loads(save_text(game))
    record["ui"] = {"level": 3, "last_trick": "nonsense"}
    open_with_storage(page, {"spades.game": json.dumps(record)}, "speed=instant")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator("#notice").inner_text() == ""
    assert saved_game(page).to_json() == game.to_json()
    assert page.locator('#hand [data-playable="true"]').count() > 0
