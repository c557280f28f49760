"""The record's path from a finished game to the statistics (web/record.py's
``game_finished`` and ``online_ended``), under CPython: the page's ``pyscript`` and
``pyodide`` modules are stand-ins (nothing here reaches the browser), the table a fake
with the game on it.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import stats  # noqa: E402
import store  # noqa: E402
from prefs import Prefs  # noqa: E402

from spades import PRESETS, Game  # noqa: E402
from tests.helpers import MemoryStorage, page_module, random_action  # noqa: E402

PAGE_MODULES = ("record", "duplicate", "replay", "marking", "record_room")
"""The record's modules that import ``pyscript``: imported afresh with the stand-ins, and
forgotten after each test."""


@dataclass
class FakeTable:
    """The table the record keeps (record_room.Table): the game on it, its state, and the
    four-seat table's partner (``online_partner``, as web/party.py's PartyTable says it)."""

    game: Game
    ui: store.UiState
    partner: tuple[str, str | None] | None = None
    prefs: Prefs = field(default_factory=Prefs)
    notices: list[str] = field(default_factory=list)
    saves: int = 0

    def save(self) -> None:
        self.saves += 1

    def notice(self, text: str) -> None:
        self.notices.append(text)

    def online_partner(self) -> tuple[str, str | None] | None:
        return self.partner


@pytest.fixture
def record(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from page_module(monkeypatch, "record", PAGE_MODULES)


def finished_game(rules_name: str, seed: int) -> Game:
    """A game played to its end by random moves (the Quick table's games are short)."""
    game, rng = Game.new(PRESETS[rules_name], seed=seed), random.Random(seed)
    while game.winner is None:
        game = game.apply(random_action(game, rng))
    return game


def four_online(viewer: int, partner: tuple[str, str | None] | None,
                seed: int = 4) -> FakeTable:
    game = finished_game("quick", seed)
    return FakeTable(game, store.UiState(level="hard", online=True, viewer=viewer), partner)


def test_a_four_player_online_game_that_ends_is_filed_by_partner(record: Any) -> None:
    """The defect of issue 47: a four-seat online game that ended raised (the level
    "online" is two players'). It is filed under "party", for the page's side, with the
    partner the table showed."""
    app = four_online(viewer=1, partner=("Ana", None))
    keeper = record.Record(app, MemoryStorage())
    keeper.game_finished()
    assert app.ui.recorded and app.saves == 1
    [result] = keeper.stats.games
    game = app.game
    assert result.level == stats.PARTY and result.players == 4 and result.table == "quick"
    assert result.partner == "Ana" and result.partner_computer is None
    assert result.won == (game.winner == 1)
    assert result.scores == (game.scores[1], game.scores[0])
    assert keeper.stats.totals[("quick", stats.PARTY)].games == 1
    assert dict(keeper.stats.partners) == {("Ana", None): stats.Totals.of(result)}
    assert stats.load_stats(keeper.storage) == keeper.stats  # saved
    keeper.game_finished()  # once: a second call (a reload) does not count it again
    assert len(keeper.stats.games) == 1


def test_a_computer_partner_is_filed_with_its_level(record: Any) -> None:
    app = four_online(viewer=0, partner=("", "hard"))
    keeper = record.Record(app, MemoryStorage())
    keeper.game_finished()
    [result] = keeper.stats.games
    assert (result.partner, result.partner_computer) == ("", "hard")
    assert result.won == (app.game.winner == 0)
    assert [key for key, _ in stats.by_partner(keeper.stats)] == [("", "hard")]


def test_a_four_player_online_game_with_no_party_left_is_filed_without_partner(
        record: Any) -> None:
    """No party on the page (none to ask who the partner was): filed under "party" all
    the same, counted by table, not by partner."""
    keeper = record.Record(four_online(viewer=2, partner=None), MemoryStorage())
    keeper.game_finished()
    [result] = keeper.stats.games
    assert result.level == stats.PARTY and result.partner is None
    assert keeper.stats.partners == {}


def test_a_two_player_online_game_stays_online(record: Any) -> None:
    rules = replace(PRESETS["duel"], hand_cap=8)  # (the Duel's random games are long)
    played, rng = Game.new(rules, seed=6), random.Random(6)
    while played.winner is None:
        played = played.apply(random_action(played, rng))
    app = FakeTable(played, store.UiState(online=True, viewer=1), ("Bob", None))
    keeper = record.Record(app, MemoryStorage())
    keeper.game_finished()
    [result] = keeper.stats.games
    assert result.level == stats.ONLINE and result.partner is None
    assert keeper.stats.partners == {}


def test_a_four_player_online_game_that_ended_early_is_filed_by_partner(
        record: Any) -> None:
    """A forfeit, or a player who left, at four: filed as a game played to its end is."""
    app = four_online(viewer=3, partner=("Zoë", None), seed=1)
    game, rng = Game.new(PRESETS["quick"], seed=1), random.Random(1)
    while len(game.history) < 3:
        game = game.apply(random_action(game, rng))
    assert game.winner is None
    keeper = record.Record(app, MemoryStorage())
    keeper.online_ended(game, 3, won=True)  # (a seat at four: side 1)
    [result] = keeper.stats.games
    assert result.level == stats.PARTY and result.won and result.partner == "Zoë"
    assert result.hands == 3 and result.scores == (game.scores[1], game.scores[0])
    assert app.ui.recorded
