"""Today's game at the front door (web/door.py), and what the page saves beside a daily
game (web/store.py): its day, its par by hand, whether it is in the statistics."""

from __future__ import annotations

import datetime
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import door  # noqa: E402
import stats  # noqa: E402
import store  # noqa: E402

from spades import PRESETS, Game  # noqa: E402
from spades.daily import seed_for  # noqa: E402
from tests.helpers import MemoryStorage  # noqa: E402

DAY = datetime.date(2026, 11, 30)


def daily_ui(day: datetime.date = DAY) -> store.UiState:
    return store.UiState(daily=True, day=day.isoformat())


def test_today_is_new_until_its_deal_is_on_the_table() -> None:
    other = Game.new(PRESETS["classic"], seed=5)
    assert door.daily_status(DAY, other, store.UiState(), None).state == door.NEW
    todays = Game.new(PRESETS["quick"], seed=seed_for(DAY))
    assert door.daily_status(DAY, todays, daily_ui(), None).state == door.PLAYING
    # The same deal replayed for fun is not the day's game.
    assert door.daily_status(DAY, todays, store.UiState(), None).state == door.NEW
    # Yesterday's deal, saved as a daily game of yesterday, is not today's.
    yesterday = DAY - datetime.timedelta(days=1)
    old = Game.new(PRESETS["quick"], seed=seed_for(yesterday))
    assert door.daily_status(DAY, old, daily_ui(yesterday), None).state == door.NEW


def test_a_finished_day_shows_its_first_result_whatever_is_on_the_table() -> None:
    result = door.DailyResult(won=True, scores=(312, 150), hands=7, par=23)
    todays = Game.new(PRESETS["quick"], seed=seed_for(DAY))
    status = door.daily_status(DAY, todays, daily_ui(), result)
    assert status.state == door.FINISHED and status.result == result
    html = door.door_html(status, "")
    assert 'data-action="share"' in html and 'data-action="daily-again"' in html
    assert "312" in html and "150" in html and "7 hands" in html and "23" in html


def test_the_door_offers_the_game_on_the_table_too() -> None:
    status = door.daily_status(DAY, Game.new(PRESETS["classic"], seed=5), store.UiState(), None)
    html = door.door_html(status, "Your game: Classic, hand 3, 120 to 85.")
    assert 'data-action="door-daily"' in html and 'data-action="close-today"' in html
    assert "Your game: Classic, hand 3, 120 to 85." in html
    assert html.count("primary") == 1  # one default action: today's game


@pytest.mark.parametrize(("par", "words"), [
    (None, "not known"), (23, "23 points better"), (-8, "8 points behind"), (0, "Level")])
def test_the_par_headline(par: int | None, words: str) -> None:
    assert words in door.par_text(par)


def test_yesterdays_daily_game_goes_on_as_an_ordinary_game() -> None:
    yesterday = DAY - datetime.timedelta(days=1)
    ui, changed = door.settle_day(daily_ui(yesterday), DAY)
    assert changed and not ui.daily and ui.day == yesterday.isoformat()
    ui, changed = door.settle_day(daily_ui(), DAY)
    assert not changed and ui.daily and ui.day == DAY.isoformat()
    ui, changed = door.settle_day(store.UiState(), DAY)
    assert not changed and not ui.daily


def test_the_day_par_and_record_flag_survive_a_save() -> None:
    game = Game.new(PRESETS["quick"], seed=seed_for(DAY))
    ui = replace(daily_ui(), par=((0, 71), (1, -40)), recorded=True)
    storage = MemoryStorage()
    store.save_game(storage, game, ui)
    _game, loaded, _problem = store.load_game(storage)
    assert loaded == ui and loaded is not None and loaded.par_points == {0: 71, 1: -40}


@pytest.mark.parametrize("par", [
    "x", [[0]], [[0, 1, 2]], [["0", 5]], [[True, 5]], [[-1, 5]], [[0, 10**9]], [[0, 1.5]],
    [[999, 5]], {"0": 5}])
def test_a_damaged_par_is_dropped_on_its_own(par: object) -> None:
    data = daily_ui().to_dict() | {"par": par}
    ui = store.ui_from_dict(json.loads(json.dumps(data)))
    assert ui.daily and ui.day == DAY.isoformat() and ui.par == ()


def test_a_par_list_keeps_its_good_entries() -> None:
    data = daily_ui().to_dict() | {"par": [[1, 30], "bad", [0, -20], [1, 99]]}
    assert store.ui_from_dict(data).par == ((0, -20), (1, 99))


@pytest.mark.parametrize("day", ["2026-13-01", "yesterday", 20261130, None, "2026-11-30x"])
def test_a_damaged_day_makes_an_ordinary_game(day: object) -> None:
    ui = store.ui_from_dict(daily_ui().to_dict() | {"day": day})
    assert ui.day == "" and not door.is_todays(
        Game.new(PRESETS["quick"], seed=seed_for(DAY)), ui, DAY)


def test_a_par_that_lands_after_the_game_is_recorded_goes_into_the_statistics() -> None:
    result = stats.GameResult(table="quick", level="medium", players=4, won=True,
                              scores=(310, 120), hands=2, points=310,
                              daily=DAY.isoformat(), hand_points=(150, 160))
    record = stats.record_game(stats.Stats(), result)
    assert record.daily[DAY.isoformat()].par is None
    record = stats.with_par(record, DAY.isoformat(), -12)
    assert record.games[-1].par == -12 and record.daily[DAY.isoformat()].par == -12
    # A day's first par stays: a later one (a replay) never changes it.
    assert stats.with_par(record, DAY.isoformat(), 40).daily[DAY.isoformat()].par == -12


def test_a_deal_only_the_computers_have_touched_is_not_a_game_in_progress() -> None:
    """Issue 27: nothing is lost with a deal where only the computers have moved, so
    the door neither offers to continue it nor warns before replacing it."""
    from spades import Phase
    from tests.helpers import play_to

    you = frozenset({0})
    game = play_to(Game.new(PRESETS["classic"], seed=5), lambda g: g.turn == 0)
    assert game.actions and not door.in_progress(game, you)  # the computers bid first
    moved = game.apply(game.legal_actions()[0])
    assert door.in_progress(moved, you)
    # At pass and play, the friend's move counts too.
    duel = play_to(Game.new(PRESETS["duel"], seed=9), lambda g: len(g.actions) == 1)
    assert door.has_your_moves(duel, frozenset({0, 1}))
    over = play_to(Game.new(PRESETS["quick"], seed=12), lambda g: g.phase is Phase.GAME_OVER)
    assert door.has_your_moves(over, you) and not door.in_progress(over, you)
