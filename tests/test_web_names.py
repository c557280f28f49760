"""Names (issue 44): one "Your name", used online and at pass and play, the friend's name
at pass and play only; the names kept before (Player 1 and Player 2's fields) read into
them; and a name not typed is the seat's default in the page's language at the moment it
is shown, whatever page or language wrote it ("Jogador 2" on a German table is "Spieler
2")."""

from __future__ import annotations

import json
from collections.abc import Callable

import door
import i18n
import store
from prefs import Prefs, prefs_from_dict, shown_name

from spades import PRESETS, Game
from tests.test_web_table import MemoryStorage


def test_the_names_kept_before_are_your_name_and_your_friends() -> None:
    old = prefs_from_dict({"opponent": "friend", "name1": "Ana", "name2": "Bruno"})
    assert (old.name, old.friend_name) == ("Ana", "Bruno")
    # Written back, they are under today's fields; those win over the old ones.
    assert "name1" not in old.to_dict() and old.to_dict()["name"] == "Ana"
    both = prefs_from_dict({"name": "Rui", "name1": "Ana", "friend_name": ""})
    assert (both.name, both.friend_name) == ("Rui", "")
    # A bad old name is dropped like a bad new one.
    assert prefs_from_dict({"name1": 7, "name2": "x\u0000"}) == Prefs()


def test_the_names_kept_before_survive_a_visit() -> None:
    storage = MemoryStorage()
    storage.setItem(store.PREFS_KEY, json.dumps({"version": 1, "name1": "Ana",
                                                 "name2": "Bruno", "lang": "pt"}))
    prefs, broken = store.read_prefs(storage)
    assert not broken and (prefs.name, prefs.friend_name, prefs.lang) == ("Ana", "Bruno", "pt")
    store.save_prefs(storage, prefs)
    again, _ = store.read_prefs(storage)
    assert again == prefs


def test_a_name_not_typed_is_the_seats_default_in_the_pages_language(
        speak: Callable[[str], None]) -> None:
    speak("de")
    assert shown_name("", 0) == "Spieler 1" and shown_name("", 1) == "Spieler 2"
    assert shown_name("Ana", 1) == "Ana"
    # Another language's default (a Portuguese page's hello, an English page before the
    # switch) is the default in German, its number kept.
    assert shown_name("Jogador 2", 1) == "Spieler 2"
    assert shown_name("Player 1", 1) == "Spieler 1"
    speak("pt")
    assert shown_name("Spieler 2", 1) == "Jogador 2"
    speak("en")
    assert shown_name("Jugador 2", 0) == "Player 2" and shown_name("", 1) == "Player 2"


def test_every_language_names_the_default_its_own_way(speak: Callable[[str], None]) -> None:
    speak("en")
    said = i18n.in_every_language("Player 2")
    assert said == {"Player 2", "Spieler 2", "Jugador 2", "Giocatore 2", "Jogador 2"}


def test_the_door_offers_a_friend_online_whatever_the_day() -> None:
    game = Game.new(PRESETS["classic"], seed=5)
    for ui, line in ((store.UiState(), ""), (store.UiState(), "Your game: Classic.")):
        status = door.daily_status(door.datetime.date(2026, 11, 30), game, ui, None)
        html = door.door_html(status, line)
        assert html.count('data-action="play-online"') == 1
        assert "Play a friend online" in html
        assert html.count("primary") == 1  # today's game stays the one default
