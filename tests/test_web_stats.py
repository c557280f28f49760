"""The player's record (web/stats.py): what a finished game leaves behind, the running
totals, the daily streak and calendar, and the stored copy that hostile data never breaks;
and the Statistics panel (web/stats_view.py).

The scripted games below are built from hand records the engine scores
(``spades.scoring.score_sides``); every expected figure is worked out by hand from the
bids and tricks, written beside each hand.
"""

from __future__ import annotations

import datetime
import json
import random
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import stats_view  # noqa: E402
from stats import (  # noqa: E402
    MAX_DAYS,
    MAX_GAMES,
    MAX_PARTNERS,
    ONLINE,
    PARTY,
    STATS_KEY,
    DailyResult,
    GameResult,
    Stats,
    Streak,
    Totals,
    by_partner,
    calendar_month,
    load_stats,
    par_difference,
    recent_points_per_hand,
    record_game,
    result_of,
    save_stats,
    stats_from_dict,
    streak,
    table_key,
)
from store import MAX_ITEM_CHARS  # noqa: E402

from spades import PRESETS, Game, Rules  # noqa: E402
from spades.records import HandRecord  # noqa: E402
from spades.scoring import game_winner, score_sides  # noqa: E402
from tests.helpers import random_action  # noqa: E402

DAY = datetime.date(2026, 11, 30)


@dataclass(frozen=True)
class Finished:
    """A finished game as result_of reads it, from scripted hands."""

    rules: Rules
    history: tuple[HandRecord, ...]
    winner: int | None
    scores: tuple[int, int]


Hand = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...] | None]


def scripted(rules: Rules, hands: list[Hand]) -> Finished:
    """The game of these hands (bids, tricks, blind per seat), scored by the engine."""
    scores, bags, history = (0, 0), (0, 0), []
    winner = None
    for number, (bids, tricks, blind) in enumerate(hands):
        assert winner is None, "the game was over before this hand"
        assert sum(tricks) == 13
        blind = blind or (False,) * rules.players
        sides = score_sides(rules, bids, tricks, bags, blind)
        scores = (scores[0] + sides[0].points, scores[1] + sides[1].points)
        bags = (sides[0].bags_after, sides[1].bags_after)
        history.append(HandRecord(number, 0, bids, blind, tricks, sides, scores, bags))
        winner = game_winner(rules, scores, len(history))
    return Finished(rules, tuple(history), winner, scores)


NOBODY = (False, False, False, False)
CUSTOM_RULES = replace(PRESETS["blind-nil"], target=250)


def lost_custom_game() -> Finished:
    """Blind Nil rules to 250 (a custom table): seven hands, lost 147-256."""
    return scripted(CUSTOM_RULES, [
        # us: contract 5, took 7 -> +52, 2 bags. them: 5, took 6 -> +51.
        ((3, 4, 2, 1), (4, 3, 3, 3), None),
        # us: Nil made +100; North 4, took 5 -> +41, 1 bag (3). them: 6, took 8 -> +62.
        ((0, 3, 4, 3), (0, 4, 5, 4), None),
        # us: 5, took 3 -> set -50; North's Nil failed -100, its 2 tricks are bags (+2):
        # -148, bags 5. them: 7, took 8 -> +71.
        ((5, 3, 0, 4), (3, 4, 2, 4), None),
        # us: 4, took 12 -> +48, 8 bags: 13 -> bag penalty -100, 3 left: -52.
        # them: 11, took 1 -> set -110.
        ((2, 6, 2, 5), (6, 1, 6, 0), None),
        # us: North's Blind Nil made +200; 4, took 5 -> +41, 1 bag (4): +241.
        # them: 6, took 8 -> +62.
        ((4, 3, 0, 3), (5, 4, 0, 4), (False, False, True, False)),
        # us: your Blind Nil failed -200 (1 trick, a bag); North 5, took 6 -> +51 +1 bag:
        # -148, bags 6. them: 6, took 6 -> +60.
        ((0, 4, 5, 2), (1, 4, 6, 2), (True, False, False, False)),
        # us: 6, took 7 -> +61, bags 7. them: 6, took 6 -> +60: 256, past the target.
        ((3, 3, 3, 3), (3, 3, 4, 3), None),
    ])


def won_duel() -> Finished:
    """The Duel (to 300): four hands, won 304 to -58."""
    return scripted(PRESETS["duel"], [
        ((4, 3), (6, 7), None),    # you: 4, took 6 -> +42, 2 bags. them: 3, took 7 -> +34
        ((0, 5), (0, 13), None),   # you: Nil made +100. them: 5 took 13 -> +58, penalty: -42
        ((10, 2), (11, 2), None),  # you: 10, took 11 -> +101, 1 bag. them: +20
        ((6, 7), (7, 6), None),    # you: 6, took 7 -> +61, 1 bag. them: set -70
    ])


LOST = GameResult(
    table="custom", level="expert", players=4, won=False, scores=(147, 256), hands=7,
    points=147, bid_contracts=7, made_contracts=6, nil_tries=2, nil_made=1, blind_tries=2,
    blind_made=1, bags=17, bag_penalties=1, sets_against=1, daily=None, par=None,
    hand_points=(52, 141, -148, -52, 241, -148, 61))
WON = GameResult(
    table="duel", level="medium", players=2, won=True, scores=(304, -58), hands=4,
    points=304, bid_contracts=3, made_contracts=3, nil_tries=1, nil_made=1, blind_tries=0,
    blind_made=0, bags=4, bag_penalties=0, sets_against=1, daily="2026-11-30", par=-12,
    hand_points=(42, 100, 101, 61))


class Storage:
    """localStorage, in a dict; ``refuse`` makes setItem raise (a full storage)."""

    def __init__(self, refuse: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.refuse = refuse

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.refuse:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def stored(data: object) -> Stats:
    storage = Storage()
    storage.items[STATS_KEY] = data if isinstance(data, str) else json.dumps(data)
    return load_stats(storage)


# ---------------------------------------------------------------- one finished game


def test_a_lost_custom_game_figure_by_figure() -> None:
    game = lost_custom_game()
    assert game.winner == 1 and game.scores == (147, 256)
    assert result_of(game, "expert", None, None) == LOST


def test_a_won_duel_figure_by_figure() -> None:
    game = won_duel()
    assert game.winner == 0
    assert result_of(game, "medium", "2026-11-30", -12) == WON


def test_the_table_is_the_preset_or_custom() -> None:
    for key, rules in PRESETS.items():
        assert table_key(rules) == key
    assert table_key(replace(PRESETS["classic"], target=250)) == "custom"
    assert table_key(replace(PRESETS["quick"], name="Mine")) == "custom"
    assert table_key(CUSTOM_RULES) == "custom"


def test_an_unfinished_game_has_no_result() -> None:
    with pytest.raises(ValueError):
        result_of(Game.new(PRESETS["classic"], seed=1), "medium", None, None)


def test_a_bad_level_is_refused() -> None:
    with pytest.raises(ValueError):
        result_of(won_duel(), "grandmaster", None, None)
    with pytest.raises(ValueError):
        result_of(lost_custom_game(), "friend", None, None)  # pass and play is 2 players


@pytest.mark.parametrize(("rules", "seed"), [
    (PRESETS["quick"], 3),
    # random bids of 1 to 4 at two players make bags, and bag penalties, for ever: a hand
    # cap ends these games (so they are custom tables)
    (replace(PRESETS["duel"], hand_cap=8), 4),
    (replace(PRESETS["two-handed"], hand_cap=8), 5),
])
def test_real_games_agree_with_the_engine(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    while game.winner is None:
        game = game.apply(random_action(game, rng))
    result = result_of(game, "friend" if rules.players == 2 else "hard", None, None)
    assert result.table == table_key(rules) and result.won == (game.winner == 0)
    assert result.scores == game.scores
    assert result.points == game.scores[0] == sum(result.hand_points)
    assert result.hands == len(game.history) == len(result.hand_points)
    seats = (0, 2) if game.rules.players == 4 else (0,)
    nils = [(r.tricks[s], r.blind[s]) for r in game.history for s in seats if r.bids[s] == 0]
    assert result.nil_tries + result.blind_tries == len(nils)
    assert result.nil_made + result.blind_made == sum(1 for taken, _ in nils if taken == 0)
    assert result.bags - 10 * result.bag_penalties == game.bags[0]
    assert GameResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


def test_par_difference() -> None:
    points = (52, 141, -148)
    assert par_difference(points, {}) is None
    assert par_difference((), {0: 10}) is None
    assert par_difference(points, {0: 40}) == 12                    # 52 - 40
    assert par_difference(points, {0: 40, 2: -100, 7: 999}) == -36  # 12 + (-148 + 100)
    assert par_difference(points, {0: 52, 1: 141, 2: -148}) == 0


# ---------------------------------------------------------------- totals


def test_totals_of_two_games() -> None:
    stats = record_game(record_game(Stats(), LOST), WON)
    assert stats.games == (LOST, WON)
    assert stats.totals[("custom", "expert")] == Totals(
        games=1, wins=0, hands=7, points=147, bid_contracts=7, made_contracts=6, nil_tries=2,
        nil_made=1, blind_tries=2, blind_made=1, bags=17, bag_penalties=1, sets_against=1)
    overall = stats.overall()
    assert overall == Totals(
        games=2, wins=1, hands=11, points=451, bid_contracts=10, made_contracts=9,
        nil_tries=3, nil_made=2, blind_tries=2, blind_made=1, bags=21, bag_penalties=1,
        sets_against=2)
    assert overall.win_rate() == 0.5
    assert overall.points_per_hand() == 451 / 11
    assert overall.contracts_made_rate() == 0.9
    assert overall.bags_per_hand() == 21 / 11
    assert stats.by_table() == {"custom": stats.totals[("custom", "expert")],
                                "duel": stats.totals[("duel", "medium")]}
    assert [(t, lv) for t, lv, _ in stats.by_table_level()] == [("duel", "medium"),
                                                                ("custom", "expert")]
    assert Totals().win_rate() is None and Totals().points_per_hand() is None
    assert recent_points_per_hand(stats) == [21, 76]  # 147/7 = 21, 304/4 = 76


def test_the_same_table_at_two_levels_adds_up_by_table() -> None:
    stats = record_game(record_game(record_game(Stats(), WON), WON),
                        replace(WON, level="friend", won=False, daily=None))
    assert stats.totals[("duel", "medium")].games == 2
    assert stats.totals[("duel", "friend")].wins == 0
    assert stats.by_table()["duel"].games == 3 and stats.by_table()["duel"].wins == 2


def test_the_recent_games_are_capped_but_the_totals_are_not() -> None:
    stats = Stats()
    for index in range(MAX_GAMES + 5):
        stats = record_game(stats, replace(LOST, par=index))
    assert len(stats.games) == MAX_GAMES
    assert stats.games[0].par == 5 and stats.games[-1].par == MAX_GAMES + 4
    assert stats.overall().games == MAX_GAMES + 5
    assert stats.overall().points == 147 * (MAX_GAMES + 5)


def test_a_day_keeps_its_first_daily_result() -> None:
    first = replace(WON, daily="2026-11-30", par=5)
    again = replace(WON, daily="2026-11-30", won=False, scores=(1, 2), par=None)
    stats = record_game(record_game(Stats(), first), again)
    assert stats.daily == {"2026-11-30": DailyResult(True, (304, -58), 5)}
    assert stats.overall().games == 2  # the replay still counts in the totals


# ---------------------------------------------------------------- the daily streak


def days_played(*days: int, month: int = 11, won: bool = True) -> Stats:
    stats = Stats()
    for day in days:
        stats = record_game(stats, replace(WON, won=won,
                                           daily=datetime.date(2026, month, day).isoformat()))
    return stats


def on(day: int) -> datetime.date:
    return datetime.date(2026, 11, day)


def test_no_daily_game_no_streak() -> None:
    assert streak(Stats(), on(30)) == Streak(0, 0)
    assert streak(record_game(Stats(), LOST), on(30)) == Streak(0, 0)


def test_the_streak_lives_until_a_whole_day_is_missed() -> None:
    stats = days_played(1, 2, 3)
    assert streak(stats, on(3)) == Streak(3, 3)  # played today
    assert streak(stats, on(4)) == Streak(3, 3)  # today not played yet: still alive
    assert streak(stats, on(5)) == Streak(0, 3)  # the 4th was missed


def test_lost_games_count_for_the_streak() -> None:
    assert streak(days_played(10, 11, won=False), on(11)) == Streak(2, 2)


def test_a_gap_starts_a_new_streak_and_the_best_stays() -> None:
    stats = days_played(1, 2, 3, 5, 6)
    assert streak(stats, on(6)) == Streak(2, 3)
    stats = days_played(1, 2, 3, 5, 6, 7, 8)
    assert streak(stats, on(9)) == Streak(4, 4)


def test_days_recorded_out_of_order_join_up() -> None:
    stats = days_played(5, 3, 4)
    assert stats.streak_start == "2026-11-03"
    assert streak(stats, on(5)) == Streak(3, 3)


def test_a_streak_across_months() -> None:
    stats = days_played(30, month=11)
    stats = record_game(stats, replace(WON, daily="2026-12-01"))
    assert streak(stats, datetime.date(2026, 12, 2)) == Streak(2, 2)


def test_a_streak_longer_than_the_days_kept_survives() -> None:
    first = datetime.date(2025, 1, 1)
    stats = Stats()
    for offset in range(MAX_DAYS + 10):
        stats = record_game(stats, replace(WON, daily=(first + offset * datetime.timedelta(
            days=1)).isoformat()))
    last = first + (MAX_DAYS + 9) * datetime.timedelta(days=1)
    assert len(stats.daily) == MAX_DAYS
    assert min(stats.daily) == (first + 10 * datetime.timedelta(days=1)).isoformat()
    assert streak(stats, last) == Streak(MAX_DAYS + 10, MAX_DAYS + 10)
    again = load_after_save(stats)
    assert streak(again, last + datetime.timedelta(days=1)) == Streak(MAX_DAYS + 10,
                                                                       MAX_DAYS + 10)
    # a missed day, then one more: the current streak starts again, the best stays
    later = record_game(again, replace(WON, daily=(last + datetime.timedelta(days=2))
                                       .isoformat()))
    assert streak(later, last + datetime.timedelta(days=2)) == Streak(1, MAX_DAYS + 10)
    assert streak(load_after_save(later), last + datetime.timedelta(days=3)) == Streak(
        1, MAX_DAYS + 10)


def test_the_calendar_of_a_month() -> None:
    stats = record_game(days_played(2, 3), replace(LOST, daily="2026-11-30"))
    weeks = calendar_month(stats, 2026, 11)  # 1 November 2026 is a Sunday
    assert len(weeks) == 6 and all(len(week) == 7 for week in weeks)
    assert weeks[0] == [(0, "")] * 6 + [(1, "")]
    assert weeks[1][:3] == [(2, "won"), (3, "won"), (4, "")]
    assert weeks[5] == [(30, "lost")] + [(0, "")] * 6
    sunday_first = calendar_month(stats, 2026, 11, first_weekday=6)
    assert len(sunday_first) == 5 and sunday_first[0][:3] == [(1, ""), (2, "won"), (3, "won")]


# ---------------------------------------------------------------- storage


def load_after_save(stats: Stats) -> Stats:
    storage = Storage()
    assert save_stats(storage, stats)
    return load_stats(storage)


def full_stats() -> Stats:
    return record_game(record_game(record_game(Stats(), LOST), WON),
                       replace(WON, daily="2026-11-29", par=None, won=False))


def test_save_and_load_round_trip() -> None:
    stats = full_stats()
    again = load_after_save(stats)
    assert again == stats
    storage = Storage()
    save_stats(storage, stats)
    record = json.loads(storage.items[STATS_KEY])
    assert record["version"] == 1
    assert set(record) == {"version", "games", "totals", "partners", "daily",
                           "streak_start", "best_streak"}


def test_a_storage_that_refuses() -> None:
    assert not save_stats(Storage(refuse=True), full_stats())

    class Broken(Storage):
        def getItem(self, key: str) -> str | None:
            raise RuntimeError("SecurityError")

    assert load_stats(Broken()) == Stats()
    assert load_stats(Storage()) == Stats()


@pytest.mark.parametrize("text", [
    "not json", "{", "[]", "[1, 2]", "42", '"a string"', "null", "true", "{}",
    "[" * 100_000 + "]" * 100_000,
    '{"games": ' + "[" * 100_000 + "]" * 100_000 + "}",
    json.dumps({"version": 1, "games": "many", "totals": {}, "daily": []}),
])
def test_unreadable_records_give_empty_stats(text: str) -> None:
    assert stored(text) == Stats()


def test_a_huge_record_is_ignored() -> None:
    data = full_stats().to_dict()
    data["padding"] = "x" * MAX_ITEM_CHARS
    assert stored(data) == Stats()


def test_another_version_keeps_what_it_can_read() -> None:
    data = full_stats().to_dict()
    data["version"] = 99
    data["something_new"] = {"deep": [1, 2, 3]}
    assert stored(data) == full_stats()
    del data["version"]
    assert stored(data) == full_stats()


BAD_VALUES: list[tuple[str, Any]] = [
    ("table", "poker"), ("table", 3), ("table", None), ("table", "classic" * 100_000),
    ("level", "grandmaster"), ("level", ["easy"]), ("level", "friend"),
    ("players", 3), ("players", True), ("players", "4"),
    ("won", 1), ("won", "yes"), ("won", None),
    ("scores", [1]), ("scores", [1, 2, 3]), ("scores", "1-2"), ("scores", [1, True]),
    ("scores", [10**12, 0]), ("scores", {"0": 1, "1": 2}),
    ("hands", 0), ("hands", -1), ("hands", 7.0), ("hands", True), ("hands", 10**9),
    ("points", 1.5), ("points", "147"), ("points", 10**12), ("points", False),
    ("bid_contracts", -1), ("bid_contracts", 8), ("made_contracts", 8),
    ("nil_made", 3), ("blind_made", 3), ("bags", -2), ("bags", True), ("bags", 10**7),
    ("bag_penalties", None), ("sets_against", 99), ("sets_against", 1.0),
    ("daily", "30 November"), ("daily", "2026-02-30"), ("daily", 20261130),
    ("daily", "2026-11-30" * 10_000), ("daily", True), ("daily", "2026-W48-1"),
    ("par", "12"), ("par", 1.5), ("par", True), ("par", 10**15),
    ("hand_points", [1, 2]), ("hand_points", "52,141"), ("hand_points", None),
    ("hand_points", [52, 141, -148, -52, 241, -148, True]),
    ("hand_points", [52, 141, -148, -52, 241, -148, 10**9]),
    ("hand_points", list(range(20_000))),
]


@pytest.mark.parametrize(("name", "value"), BAD_VALUES)
def test_a_bad_game_result_is_dropped_alone(name: str, value: Any) -> None:
    data = full_stats().to_dict()
    bad = dict(data["games"][0])
    bad[name] = value
    data["games"] = [bad, *data["games"][1:]]
    again = stored(data)
    assert again.games == full_stats().games[1:]
    assert again.totals == full_stats().totals
    assert again.daily == full_stats().daily


def test_a_game_result_missing_a_field_or_not_an_object_is_dropped() -> None:
    data = full_stats().to_dict()
    missing = dict(data["games"][0])
    del missing["won"]
    data["games"] = [missing, "a game", 7, None, [], data["games"][1], {}]
    assert stored(data).games == (full_stats().games[1],)


def test_unknown_keys_of_a_game_result_are_ignored() -> None:
    data = full_stats().to_dict()
    data["games"][0]["colour"] = "green"
    assert stored(data) == full_stats()


def test_only_the_last_games_are_kept_from_a_long_list() -> None:
    data = full_stats().to_dict()
    data["games"] = [replace(LOST, par=i).to_dict() for i in range(MAX_GAMES + 3)]
    games = stored(data).games
    assert len(games) == MAX_GAMES and games[0].par == 3


@pytest.mark.parametrize(("name", "value"), [
    ("table", "poker"), ("level", "grandmaster"), ("table", None), ("games", -1),
    ("games", True), ("wins", 99), ("hands", "7"), ("points", 1.5), ("points", 10**12),
    ("made_contracts", 99), ("nil_made", 99), ("blind_made", 99), ("bags", -1),
    ("bag_penalties", None), ("sets_against", 10**12), ("bid_contracts", 10**6),
])
def test_a_bad_totals_entry_is_dropped_alone(name: str, value: Any) -> None:
    data = full_stats().to_dict()
    first = (data["totals"][0]["table"], data["totals"][0]["level"])
    data["totals"][0][name] = value
    again = stored(data)
    assert dict(again.totals) == {
        key: totals for key, totals in full_stats().totals.items() if key != first}
    assert again.games == full_stats().games


def test_totals_entries_that_are_not_objects_or_repeat_are_dropped() -> None:
    data = full_stats().to_dict()
    repeat = dict(data["totals"][0], games=1000, hands=9000)
    data["totals"] = ["duel", None, 3, [], *data["totals"], repeat]
    assert stored(data).totals == full_stats().totals
    data["totals"] = {"duel": 1}
    assert stored(data).totals == {}


def test_negative_points_in_the_totals_are_kept() -> None:
    stats = record_game(Stats(), replace(LOST, points=-40, hand_points=(-40, 0, 0, 0, 0, 0, 0)))
    assert load_after_save(stats).overall().points == -40


@pytest.mark.parametrize(("day", "value"), [
    ("2026-13-01", {"won": True, "scores": [1, 2], "par": None}),
    ("yesterday", {"won": True, "scores": [1, 2], "par": None}),
    ("2026-11-28" * 1000, {"won": True, "scores": [1, 2], "par": None}),
    ("2026-W48-6", {"won": True, "scores": [1, 2], "par": None}),
    ("2026-11-28", {"won": 1, "scores": [1, 2], "par": None}),
    ("2026-11-28", {"won": True, "scores": [1, 2, 3], "par": None}),
    ("2026-11-28", {"won": True, "scores": [1, 2], "par": "+3"}),
    ("2026-11-28", {"won": True, "scores": [1, 2], "par": True}),
    ("2026-11-28", "won"),
    ("2026-11-28", None),
])
def test_a_bad_day_is_dropped_alone(day: str, value: Any) -> None:
    data = full_stats().to_dict()
    data["daily"][day] = value
    assert stored(data).daily == full_stats().daily


def test_a_missing_par_is_allowed_and_kept() -> None:
    data = full_stats().to_dict()
    data["daily"]["2026-11-28"] = {"won": False, "scores": [-10, 300]}
    assert stored(data).daily["2026-11-28"] == DailyResult(False, (-10, 300), None)


@pytest.mark.parametrize("value", [None, "", "2026-11-01", "2026-11-31", "tomorrow", 3, True,
                                   "2026-11-30", "2027-01-01"])
def test_a_wrong_streak_start_is_worked_out_again(value: Any) -> None:
    stats = days_played(3, 4, 5, 7, 8)
    data = stats.to_dict()
    data["streak_start"] = value
    again = stored(data)
    assert again.streak_start == "2026-11-07"
    assert streak(again, on(8)) == Streak(2, 3)


@pytest.mark.parametrize("value", [-1, True, "7", 1.5, 10**12, None])
def test_a_bad_best_streak_is_worked_out_from_the_days(value: Any) -> None:
    data = days_played(3, 4, 5, 7, 8).to_dict()
    data["best_streak"] = value
    assert stored(data).best_streak == 3


def test_too_many_days_keep_the_newest() -> None:
    data = full_stats().to_dict()
    first = datetime.date(2020, 1, 1)
    for offset in range(MAX_DAYS + 5):
        day = (first + offset * datetime.timedelta(days=2)).isoformat()
        data["daily"][day] = {"won": True, "scores": [300, 100], "par": None}
    days = stored(data).daily
    assert len(days) == MAX_DAYS and "2026-11-30" in days and "2020-01-01" not in days


# ---------------------------------------------------------------- the Statistics panel


NAMES = {key: key.title() for key in ("classic", "blind-nil", "quick", "duel", "two-handed",
                                      "custom")}
LEVELS = {key: key.upper() for key in ("easy", "medium", "hard", "expert", "friend")}


def panel(stats: Stats, today: datetime.date = DAY) -> ET.Element:
    html = stats_view.stats_html(stats, today, NAMES, LEVELS)
    return ET.fromstring(f"<div>{html}</div>")  # the panel is well-formed markup


def test_the_panel_of_an_empty_record() -> None:
    root = panel(Stats())
    assert root.find(".//p[@class='empty']") is not None
    assert root.find(".//table[@class='stats-table']") is None
    assert root.find(".//svg") is None
    assert root.find(".//button[@data-action='ask-reset-stats']") is not None
    assert root.find(".//table[@class='stats-calendar']") is not None


def text_of(element: ET.Element | None) -> str:
    assert element is not None
    return "".join(element.itertext())


def test_the_panel_shows_every_figure() -> None:
    stats = full_stats()  # LOST, WON (daily 30th), a lost duel (daily 29th)
    root = panel(stats)
    figures = {el.get("data-stat"): text_of(el.find("dd"))
               for el in root.iter("div") if el.get("data-stat")}
    assert figures["games"] == "3"
    assert figures["wins"] == "1 (33%)"
    assert figures["points"] == "50.3"          # (147 + 304 + 304) / 15 = 50.33
    assert figures["contracts"] == "12 of 13 (92%)"  # 6 + 3 + 3 of 7 + 3 + 3
    assert figures["nil"] == "3 of 4 (75%)"
    assert figures["blind"] == "1 of 2 (50%)"
    assert figures["bags"] == "25 (1.7 a hand)"  # 17 + 4 + 4 over 15 hands
    assert figures["penalties"] == "1"
    assert figures["sets"] == "3 times"
    assert figures["streak"] == "2 days" and figures["best-streak"] == "2 days"
    assert figures["today"] == "Won 304 – \u221258 · par \u221212 vs Expert"
    rows = root.findall(".//table[@class='stats-table']/tbody/tr")
    assert [(r.get("data-table"), text_of(r.find("th"))) for r in rows] == [
        ("duel", "Duel"), ("custom", "Custom")]
    assert [text_of(td) for td in rows[0].findall("td")] == [
        "MEDIUM", "2", "1 (50%)", "76.0", "100%"]
    assert all(td.get("data-label") for td in rows[0].findall("td"))
    assert root.find(".//table[@class='stats-table']/thead/tr/th[@scope='col']") is not None


def test_a_table_at_two_levels_gets_a_total_row() -> None:
    stats = record_game(full_stats(), replace(WON, level="easy", daily=None))
    rows = stats_view.stats_html(stats, DAY, NAMES, LEVELS).count('class="stats-subtotal"')
    assert rows == 1


def test_the_calendar_marks_days_in_words_and_today() -> None:
    root = panel(full_stats())
    calendar = root.find(".//table[@class='stats-calendar']")
    assert calendar is not None
    assert len(calendar.findall("thead/tr/th")) == 7
    assert all(len(row.findall("td")) == 7 for row in calendar.findall("tbody/tr"))
    won = calendar.find(".//td[@data-day='2026-11-30']")
    lost = calendar.find(".//td[@data-day='2026-11-29']")
    assert won is not None and lost is not None
    assert won.get("aria-current") == "date" and won.get("data-daily") == "won"
    assert "won" in text_of(won.find("span[@class='sr-only']"))
    assert "lost" in text_of(lost.find("span[@class='sr-only']"))
    assert text_of(calendar.find("caption")) == "Daily games of November 2026"


def test_numbers_in_words() -> None:
    assert stats_view.percent_text(5, 6) == "83%"
    assert stats_view.percent_text(1, 8) == "13%"  # 12.5 rounds half up
    assert stats_view.percent_text(0, 0) == "–"
    assert stats_view.decimal_text(41.25) == "41.3"
    assert stats_view.decimal_text(-2.25) == "-2.3"
    assert stats_view.decimal_text(-0.01) == "0.0"
    assert stats_view.decimal_text(None) == "–"


@pytest.mark.parametrize("data", [None, [], "stats", 3, {"games": None, "daily": None}])
def test_stats_from_anything_but_a_record_are_empty(data: object) -> None:
    assert stats_from_dict(data) == Stats()


# ---------------------------------------------------------------- an online game


def test_an_online_game_is_the_players_own_side_filed_apart() -> None:
    """Online, the page's player may sit at seat 1 (the invited side): the result is that
    side's, under the level "online", apart from the computer's and pass and play."""
    rules = replace(PRESETS["duel"], hand_cap=8)
    rng = random.Random(6)
    game = Game.new(rules, seed=6)
    while game.winner is None:
        game = game.apply(random_action(game, rng))
    mine = result_of(game, "online", None, None, side=1)
    theirs = result_of(game, "online", None, None, side=0)
    assert mine.won == (game.winner == 1) != theirs.won
    assert mine.scores == (game.scores[1], game.scores[0]) == theirs.scores[::-1]
    assert mine.points == game.scores[1] == sum(mine.hand_points)
    assert mine.bags - 10 * mine.bag_penalties == game.bags[1]
    nils = [r.tricks[1] for r in game.history if r.bids[1] == 0]
    assert mine.nil_tries + mine.blind_tries == len(nils)
    assert mine.sets_against == sum(1 for r in game.history
                                    if r.sides[0].contract > 0 and not r.sides[0].made)
    stats = record_game(record_game(Stats(), WON), mine)
    assert stats.totals[("custom", "online")].games == 1
    assert stats.totals[("duel", "medium")].games == 1
    assert GameResult.from_dict(json.loads(json.dumps(mine.to_dict()))) == mine
    with pytest.raises(ValueError):
        result_of(lost_custom_game(), "online", None, None)  # online is two players


# ---------------------------------------------------------------- the coach's figure


def test_the_coachs_figure_is_kept_with_the_game() -> None:
    from stats import recent_coach, with_coach

    judged = replace(WON, coach=3.25)
    assert GameResult.from_dict(json.loads(json.dumps(judged.to_dict()))) == judged
    stats = record_game(record_game(record_game(Stats(), LOST), judged), WON)
    assert recent_coach(stats) == [3.25]
    later = with_coach(stats, 7.5)  # the last hand's marks came after the game ended
    assert recent_coach(later) == [3.25, 7.5] and with_coach(later, 7.5) is later
    assert load_after_save(later) == later
    data = WON.to_dict()
    del data["coach"]  # a result kept before the coach: none
    assert GameResult.from_dict(data).coach is None


@pytest.mark.parametrize("bad", [-1, 10_001, True, "3", float("nan"), float("inf"), [1]])
def test_a_coachs_figure_that_is_not_ours_is_refused(bad: object) -> None:
    data = {**WON.to_dict(), "coach": bad}
    with pytest.raises(ValueError):
        GameResult.from_dict(data)


def test_the_statistics_chart_the_coachs_figure() -> None:
    stats = record_game(record_game(Stats(), replace(LOST, coach=12.5)), replace(WON, coach=2.0))
    html = stats_view.stats_html(stats, datetime.date(2026, 12, 5), {}, {})
    assert "The coach: points lost a decision, your last 2 games" in html
    assert "from 2.0 to 12.5 points lost a decision, the latest 2.0." in html
    ET.fromstring(f"<div>{html}</div>")  # well-formed
    assert "The coach" not in stats_view.stats_html(full_stats(), datetime.date(2026, 12, 5),
                                                     {}, {})


# ---------------------------------------------------------------- four at the table online


def party(partner: str | None, computer: str | None = None, **changes: Any) -> GameResult:
    """LOST (a four-player game) as four at the table online, with this partner."""
    return replace(LOST, level=PARTY, partner=partner, partner_computer=computer, **changes)


def party_stats() -> Stats:
    """Ana twice (won once), a Hard computer once, an unnamed friend once, and the
    games of full_stats()."""
    stats = full_stats()
    for result in (party("Ana"), party("", "hard"), party("Ana", won=True), party("")):
        stats = record_game(stats, result)
    return stats


def test_four_at_the_table_online_is_filed_apart_and_by_partner() -> None:
    """Issue 47: a four-seat online game is "party" (never "online", which is two
    players'), with the partner's name as a typed name is kept."""
    game = lost_custom_game()
    result = result_of(game, PARTY, partner="  Ana   Maria  ", side=0)
    assert result == party("Ana Maria")
    assert result_of(game, PARTY, partner="x" * 30).partner == "x" * 20
    assert result_of(game, PARTY, partner="bad\x00name").partner == ""  # not a name
    assert result_of(game, PARTY, partner="", partner_computer="hard") == party("", "hard")
    assert result_of(game, PARTY).partner is None  # the page did not know its partner
    with pytest.raises(ValueError):
        result_of(game, ONLINE)  # online is two players
    with pytest.raises(ValueError):
        result_of(won_duel(), PARTY, partner="Ana")  # four at the table is four
    with pytest.raises(ValueError):
        result_of(won_duel(), "medium", partner="Ana")  # a partner at four online only
    with pytest.raises(ValueError):
        result_of(game, PARTY, partner="Ana", partner_computer="hard")  # a computer: no name
    with pytest.raises(ValueError):
        result_of(game, PARTY, partner="", partner_computer="grandmaster")
    for kept in (party("Ana"), party("", "expert"), party("", ""), party(None)):
        assert GameResult.from_dict(json.loads(json.dumps(kept.to_dict()))) == kept
    data = LOST.to_dict()
    del data["partner"], data["partner_computer"]  # a result kept before issue 47
    assert GameResult.from_dict(data) == LOST


def test_totals_by_partner() -> None:
    stats = party_stats()
    assert stats.totals[("custom", PARTY)].games == 4
    assert stats.totals[("custom", "expert")].games == 1  # LOST itself
    assert by_partner(stats) == [
        (("Ana", None), Totals.of(party("Ana")) + Totals.of(party("Ana", won=True))),
        (("", None), Totals.of(party(""))),
        (("", "hard"), Totals.of(party("", "hard")))]
    assert by_partner(stats)[0][1].games == 2 and by_partner(stats)[0][1].wins == 1
    assert by_partner(record_game(stats, party(None))) == by_partner(stats)
    assert load_after_save(stats) == stats
    assert by_partner(full_stats()) == []


def test_totals_by_partner_outlive_the_recent_games_and_are_bounded() -> None:
    stats = party_stats()
    for _ in range(MAX_GAMES):
        stats = record_game(stats, WON)
    assert not any(result.partner for result in stats.games)
    assert dict(load_after_save(stats).partners) == dict(party_stats().partners)
    for number in range(MAX_PARTNERS + 5):
        stats = record_game(stats, party(f"Friend {number}"))
    assert len(stats.partners) == MAX_PARTNERS
    assert ("Ana", None) in stats.partners  # the most played stay
    assert ("Friend 104", None) in stats.partners  # the newest is never the one dropped
    data = stats.to_dict()
    data["partners"] += [{**data["partners"][-1], "partner": f"More {n}"} for n in range(9)]
    assert stored(data).partners == stats.partners


BAD_PARTNERS: list[tuple[str, Any]] = [
    ("partner", 3), ("partner", ["Ana"]), ("partner", True), ("partner", "x" * 21),
    ("partner", " Ana"), ("partner", "Ana  Maria"), ("partner", "A\nB"), ("partner", "\x00"),
    ("partner", "Ana" * 100_000), ("partner_computer", "grandmaster"),
    ("partner_computer", True), ("partner_computer", "friend"), ("partner_computer", ["hard"]),
]


@pytest.mark.parametrize(("name", "value"), BAD_PARTNERS)
def test_a_bad_partner_drops_its_game_alone(name: str, value: Any) -> None:
    stats = record_game(full_stats(), party("", "hard"))
    data = stats.to_dict()
    bad = dict(data["games"][-1])
    bad[name] = value
    data["games"][-1] = bad
    again = stored(data)
    assert again.games == stats.games[:-1]
    assert again.partners == stats.partners and again.totals == stats.totals


def test_a_partner_beside_a_game_not_at_four_online_drops_it() -> None:
    data = full_stats().to_dict()
    data["games"][0]["partner"] = "Ana"  # LOST, at the computers' Expert level
    assert stored(data).games == full_stats().games[1:]
    data = record_game(full_stats(), party("Ana")).to_dict()
    data["games"][-1]["partner_computer"] = "hard"  # a computer with a name
    assert stored(data).games == full_stats().games


@pytest.mark.parametrize(("name", "value"), [
    *BAD_PARTNERS, ("partner", None), ("partner_computer", ""),
    ("games", -1), ("wins", 99), ("points", 1.5), ("nil_made", 99), ("hands", "7"),
])
def test_a_bad_partner_totals_entry_is_dropped_alone(name: str, value: Any) -> None:
    stats = party_stats()
    data = stats.to_dict()
    assert data["partners"][0]["partner"] == "Ana"
    data["partners"][0][name] = value
    again = stored(data)
    assert dict(again.partners) == {key: totals for key, totals in stats.partners.items()
                                    if key != ("Ana", None)}
    assert again.games == stats.games and again.totals == stats.totals


def test_partner_totals_that_are_not_objects_repeat_or_name_a_computer_are_dropped() -> None:
    stats = party_stats()
    data = stats.to_dict()
    named_computer = dict(data["partners"][0], partner_computer="hard")
    repeat = dict(data["partners"][0], games=1000, hands=9000)
    data["partners"] = ["Ana", None, 3, [], named_computer, *data["partners"], repeat]
    assert stored(data).partners == stats.partners
    data["partners"] = {"Ana": 1}
    assert stored(data).partners == {}


def test_the_panel_shows_four_at_the_table_online_by_partner() -> None:
    stats = record_game(party_stats(), party("<b>Zoë</b>", won=True))
    stats = record_game(stats, party("", ""))
    html = stats_view.stats_html(stats, DAY, NAMES, {**LEVELS, "party": "FOUR"})
    root = ET.fromstring(f"<div>{html}</div>")
    table = root.find(".//table[@class='stats-table stats-partners']")
    assert table is not None
    assert text_of(table.find("caption")) == "Four at the table online, by partner"
    assert [text_of(th) for th in table.findall("thead/tr/th")] == [
        "Partner", "Games", "Games won", "Points per hand"]
    rows = [[text_of(r.find("th"))] + [text_of(td) for td in r.findall("td")]
            for r in table.findall("tbody/tr")]
    assert rows == [
        ["Ana", "2", "1 (50%)", "21.0"],            # 147 + 147 over 14 hands
        ["<b>Zoë</b>", "1", "1 (100%)", "21.0"],    # written as text, never as markup
        ["A friend with no name", "1", "0 (0%)", "21.0"],
        ["A computer (HARD)", "1", "0 (0%)", "21.0"],
        ["A computer", "1", "0 (0%)", "21.0"]]      # a level this page was not told
    assert [r.get("data-partner") for r in table.findall("tbody/tr")] == [
        "friend", "friend", "friend", "computer", "computer"]
    assert all(td.get("data-label") for td in table.iter("td"))
    levels = [text_of(r.find("td")) for r in root.findall(
        ".//table[@class='stats-table']/tbody/tr")]
    assert "FOUR" in levels  # "party" in the table of tables and levels
    assert "stats-partners" not in stats_view.stats_html(full_stats(), DAY, NAMES, LEVELS)
