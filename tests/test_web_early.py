"""Taps and keys made on the painted table before Python was ready (web/early.py): what
web/paint.js records is read strictly, checked against the game Python loaded, and handed
to the page's own handlers one by one until one makes a move. Here under CPython, with
the engine judging as the page's handlers do (web/flow.py try_move: explain, then apply).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import early  # noqa: E402
import i18n  # noqa: E402

from spades import PRESETS, Bid, Card, Game, Phase, Play  # noqa: E402


def record(seed: int = 7, moves: int = 5, taps: list[Any] | None = None) -> str:
    """What web/paint.js hands over (window.spadesEarly, as JSON)."""
    return json.dumps({"seed": seed, "moves": moves, "taps": taps or []})


def card_tap(card: str, detail: int = 1, at: float = 100.0) -> dict[str, Any]:
    return {"data": {"card": card}, "at": at, "detail": detail}


def test_nothing_kept_reads_as_nothing() -> None:
    assert early.read_early(None) is None
    assert early.read_early("") is None
    assert early.read_early("undefined") is None


def test_the_taps_and_keys_paint_js_records_are_read_in_order() -> None:
    text = record(taps=[card_tap("QS"), {"key": "4", "at": 120}, {"key": "Enter", "at": 130.5},
                        {"data": {"bid": "blind"}, "at": 140, "detail": 1},
                        {"data": {"action": "next-hand"}, "at": 150, "detail": 1},
                        {"data": {"id": "menu-button"}, "at": 160, "detail": 1}])
    kept = early.read_early(text)
    assert kept is not None
    assert (kept.seed, kept.moves) == (7, 5)
    assert [tap.key for tap in kept.taps] == ["", "4", "Enter", "", "", ""]
    assert kept.taps[0] == early.Tap(data=(("card", "QS"),), at=100.0, detail=1)
    assert kept.taps[2].at == 130.5
    assert [tap.selector() for tap in kept.taps if not tap.key] == [
        '#app [data-card="QS"]', '#app [data-bid="blind"]', '#app [data-action="next-hand"]',
        '#app [id="menu-button"]']


def test_several_identifying_attributes_make_one_selector() -> None:
    tap = early.Tap(data=(("action", "review"), ("hand", "2")))
    assert tap.selector() == '#app [data-action="review"][data-hand="2"]'


@pytest.mark.parametrize("text", [
    "{{{", "[]", '"x"', "null", json.dumps({"seed": "7", "moves": 5, "taps": []}),
    json.dumps({"seed": 7, "moves": -1, "taps": []}),
    json.dumps({"seed": 7, "moves": True, "taps": []}),
    json.dumps({"seed": 7, "moves": 5, "taps": {}}),
    json.dumps({"seed": 7, "taps": []}),
])
def test_what_paint_js_did_not_write_is_not_read(text: str) -> None:
    assert early.read_early(text) is None


def test_a_tap_that_names_nothing_known_or_safe_is_left_out() -> None:
    hostile = [
        card_tap('QS"],body[x="'),  # would break out of the selector
        {"data": {"onclick": "alert(1)"}, "at": 1, "detail": 1},  # not an identifying name
        {"data": {}, "at": 1, "detail": 1},
        {"data": {"card": "QS"}, "at": "soon", "detail": 1},
        {"key": "F5", "at": 1},  # not a key the table acts on
        {"key": "a" * 40, "at": 1},
        "QS",
        {"data": {"card": "QS"}, "key": "Enter", "at": 1, "detail": 1},  # both: neither
    ]
    kept = early.read_early(record(taps=[*hostile, card_tap("QS")]))
    assert kept is not None
    assert kept.taps == (early.Tap(data=(("card", "QS"),), at=100.0, detail=1),)


def test_at_most_a_few_taps_are_kept() -> None:
    kept = early.read_early(record(taps=[card_tap("QS", at=n) for n in range(50)]))
    assert kept is not None
    assert len(kept.taps) == early.MOST_TAPS
    assert kept.taps[0].at == 0


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=20))
def test_any_json_is_read_or_refused_never_a_crash(value: Any) -> None:
    kept = early.read_early(json.dumps(value))
    for tap in kept.taps if kept else ():
        assert bool(tap.key) != bool(tap.data)


def test_a_tap_is_made_on_the_game_python_loaded_or_on_another() -> None:
    game = Game.new(PRESETS["classic"], seed=7)
    kept = early.EarlyTaps(seed=7, moves=0, taps=())
    assert kept.made_on(game)
    moved = game.apply(game.legal_actions()[0])
    assert not kept.made_on(moved)  # another tab moved meanwhile
    assert not kept.made_on(Game.new(PRESETS["classic"], seed=8))  # another game
    assert early.EarlyTaps(seed=7, moves=1, taps=()).made_on(moved)


class Table:
    """The page's handling of a tap, as web/flow.py does it (try_move): the engine explains
    a refused move (its reason is the notice) or the move is applied."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.notice = ""
        self.handed: list[early.Tap] = []

    def hand_over(self, tap: early.Tap) -> None:
        self.handed.append(tap)
        data = dict(tap.data)
        action = Play(Card.parse(data["card"])) if "card" in data else Bid(int(data["bid"]))
        explanation = self.game.explain(action)
        if explanation is not None:
            self.notice = explanation.message
            return
        if tap.detail > 1:  # the second click of a double click (flow.py on_click)
            return
        self.notice = ""
        self.game = self.game.apply(action)


def playing_game() -> Game:
    """Classic, seed 7, bid round over: South to lead... or to follow, with a card it
    may not play (a suit it must follow)."""
    game = Game.new(PRESETS["classic"], seed=7)
    while game.phase is Phase.BID:
        game = game.apply(Bid(3))
    while True:
        legal = set(game.legal_actions())
        if game.turn == 0 and any(Play(c) not in legal for c in game.hands[0]):
            return game
        game = game.apply(min(legal, key=str))


def test_only_the_first_tap_that_makes_a_move_counts() -> None:
    game = playing_game()
    table = Table(game)
    legal = [a for a in game.legal_actions() if isinstance(a, Play)]
    refused = next(c for c in game.hands[0] if Play(c) not in legal)
    taps = [card_tap(str(refused)), card_tap(str(legal[0].card)),
            card_tap(str(legal[0].card), detail=2), card_tap(str(legal[-1].card))]
    kept = early.read_early(record(seed=game.seed, moves=len(game.actions), taps=taps))
    assert kept is not None and kept.made_on(game)
    before = len(game.actions)
    handed = early.replay(kept.taps, table.hand_over, lambda: len(table.game.actions) > before)
    # The refused card was explained and the turn went on; the legal one was played; the
    # double click's second click and the later tap were never handed over.
    assert handed == 2
    assert table.game.actions[before:] == (legal[0],)
    assert table.handed == list(kept.taps[:2])


def test_a_refused_tap_alone_leaves_its_explanation() -> None:
    game = playing_game()
    table = Table(game)
    legal = game.legal_actions()
    refused = next(c for c in game.hands[0] if Play(c) not in legal)
    kept = early.read_early(record(taps=[card_tap(str(refused))]))
    assert kept is not None
    assert early.replay(kept.taps, table.hand_over, lambda: table.game is not game) == 1
    assert table.game is game
    explanation = game.explain(Play(refused))
    assert explanation is not None and table.notice == explanation.message


@pytest.mark.parametrize("lang", ["es", "pt", "it", "de"])
def test_the_word_for_a_dropped_tap_is_in_every_language(
        lang: str, speak: Callable[[str], None]) -> None:
    speak(lang)
    said = i18n._(early.STALE_MESSAGE)
    assert said and said != early.STALE_MESSAGE
