"""Storage that fails, a save counter for two tabs, a choice kept across a reload
(web/store.py, issue 12)."""

from __future__ import annotations

import json

import pytest
import store
from prefs import Prefs

from spades import PRESETS, Card, Game
from tests.helpers import MemoryStorage


class FailingStorage(MemoryStorage):
    """Refuses to be read ``failures`` times (−1: always), as a private mode may."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures

    def getItem(self, key: str) -> str | None:
        if self.failures:
            self.failures -= 1 if self.failures > 0 else 0
            raise OSError("SecurityError")
        return super().getItem(key)


def a_game() -> Game:
    return Game.new(PRESETS["classic"], seed=31)


def test_a_read_that_fails_once_is_tried_again() -> None:
    storage = FailingStorage(0)
    store.save_game(storage, a_game(), store.UiState(), rev=4)
    storage.failures = 1
    game, _ui, problem = store.load_game(storage)
    assert game is not None and game.seed == 31 and problem == ""


def test_a_read_that_always_fails_is_unreadable_and_nothing_is_moved() -> None:
    storage = FailingStorage(0)
    store.save_game(storage, a_game(), store.UiState())
    kept = dict(storage.items)
    storage.failures = -1
    with pytest.raises(store.Unreadable):
        store.load_game(storage)
    assert storage.items == kept


def test_the_save_counter_is_read_from_the_front_of_the_record() -> None:
    storage = MemoryStorage()
    assert store.stored_rev(storage) == 0
    store.save_game(storage, a_game(), store.UiState(), rev=12)
    assert store.stored_rev(storage) == 12
    assert json.loads(storage.items[store.GAME_KEY])["rev"] == 12
    assert store.rev_of('{"format":"spades-page","version":1,"game":"x"}') == 0
    assert store.rev_of("garbage") == 0
    assert store.rev_of(None) == 0
    assert store.rev_of('{"format":"spades-page","version":1,"rev":' + "9" * 5000) == 0


def test_cards_chosen_for_an_exchange_are_kept() -> None:
    storage = MemoryStorage()
    ui = store.UiState(selected=("2S", "AH"))
    store.save_game(storage, a_game(), ui)
    _game, loaded, _problem = store.load_game(storage)
    assert loaded is not None and loaded.selected == ("2S", "AH")


def test_a_held_trick_is_kept_with_its_cards_and_winner() -> None:
    """Issue 27, item 16: a reload while a finished trick is held shows it again."""
    storage = MemoryStorage()
    plays = ((1, "3C"), (2, "KC"), (3, "5C"), (0, "9C"))
    store.save_game(storage, a_game(), store.UiState(last_trick=plays, last_winner=2,
                                                     trick_held=True))
    _game, loaded, _problem = store.load_game(storage)
    assert loaded is not None and loaded.trick_held and loaded.last_trick == plays


@pytest.mark.parametrize("ui", [{"trick_held": "yes", "last_trick": [[0, "2S"]], "last_winner": 0},
                                {"trick_held": True, "last_trick": [], "last_winner": 0},
                                {"trick_held": True, "last_trick": [[0, "2S"]]}])
def test_a_held_trick_without_its_cards_or_winner_is_not_held(ui: dict[str, object]) -> None:
    data = {**store.UiState().to_dict(), "last_winner": None, **ui}
    assert not store.ui_from_dict(data).trick_held


@pytest.mark.parametrize("value", [["2S", "2S"], ["ZZ"], ["2S"] * 14, "2S", [1], None])
def test_a_damaged_choice_is_an_empty_one(value: object) -> None:
    assert store.saved_selection(value) == ()


def test_a_choice_of_real_cards_is_kept_in_order() -> None:
    assert store.saved_selection(["AH", "2S"]) == tuple(sorted(["AH", "2S"]))
    assert all(Card.parse(text) for text in store.saved_selection(["10D", "KC"]))


@pytest.mark.parametrize("text", ["[" * 10_000 + "]" * 10_000, "{not json", "[1, 2]",
                                  "x" * (store.MAX_ITEM_CHARS + 1)])
def test_unreadable_preferences_are_kept_aside(text: str) -> None:
    storage = MemoryStorage()
    storage.setItem(store.PREFS_KEY, text)
    prefs, broken = store.read_prefs(storage)
    assert prefs == Prefs() and broken
    assert storage.getItem(store.BROKEN_PREFS_KEY) == text


def test_readable_preferences_are_not_kept_aside() -> None:
    storage = MemoryStorage()
    store.save_prefs(storage, Prefs(speed="fast"))
    prefs, broken = store.read_prefs(storage)
    assert prefs.speed == "fast" and not broken
    assert storage.getItem(store.BROKEN_PREFS_KEY) is None
