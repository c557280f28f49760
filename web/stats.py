"""The player's record: what each finished game leaves behind, the running totals, the
daily results and their streak, and how all of it is kept in localStorage.

Pure Python (no browser imports), tested under CPython. Every figure comes from the
engine's ``game.history`` (``HandRecord`` and its ``SideResult``s): nothing here scores a
hand again. Side 0 is the player's side: South (and North, the partner, at four players),
or Player 1 at pass and play; online, the seat this page's player holds (``result_of``'s
``side``), so that "side 0" below always means the player's.

Storage: one record under ``spades.stats``::

    {"version": 1,
     "games":  [GameResult.to_dict(), ...],        # the last MAX_GAMES, oldest first
     "totals": [{"table": "quick", "level": "medium", "games": 3, ...}, ...],
     "partners": [{"partner": "Ana", "partner_computer": null, "games": 2, ...}, ...],
     "daily":  {"2026-11-30": {"won": true, "scores": [312, 180], "par": 23}, ...},
     "streak_start": "2026-11-28",                  # first day of the newest daily run
     "best_streak": 5}

It is read like the preferences: field by field, whatever the version says; a bad game
result, a bad totals entry or a bad day is dropped alone and the rest is kept. The totals
never drop (an old game's figures survive the cap on ``games``); nor do the totals by
partner of the four-seat online games (``partners``), but for the least played beyond
MAX_PARTNERS partners (names are anyone's: the list is bounded); the daily map keeps the
last MAX_DAYS days, and the newest run's first day and the best run are kept beside it so
that a streak longer than the map survives too.

The daily streak (as word games count it): a day counts when its daily game was finished,
won or lost. The current streak is the run of consecutive calendar days ending today, or
ending yesterday while today's game is not played yet (a streak is alive until a whole day
is missed). The best streak is the longest run ever.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol

from prefs import LEVELS, TABLES, player_name
from store import MAX_ITEM_CHARS, Storage

from spades import PRESETS, Rules
from spades.records import HandRecord
from spades.saves import shallow_json

STATS_KEY = "spades.stats"
STATS_VERSION = 1
CUSTOM = "custom"
FRIEND = "friend"
ONLINE = "online"
PARTY = "party"
TABLE_KEYS = (*TABLES, CUSTOM)
"""The tables a result is filed under: the presets, and "custom" for changed settings."""
LEVEL_KEYS = (*LEVELS, FRIEND, ONLINE, PARTY)
"""The computer players' levels, "friend" for pass and play, "online" for a friend at
another device (two-player tables both), "party" for four at the table online (friends
and computers at a four-player table, web/party.py)."""
PARTNER_LEVELS = ("", *LEVELS)
"""A computer partner's level at four online: "" when this page was not told it (a
friend's page: the host's page plays the computers)."""
MAX_PARTNERS = 100
"""Partners kept in the totals by partner (the least played go first beyond it)."""
MAX_GAMES = 200
"""Recent games kept whole (for the charts); the totals keep everything."""
MAX_DAYS = 400
"""Daily results kept (the calendar); the streak survives beyond them."""
MAX_COUNT = 1_000_000
"""The largest count or score one game may hold (a real game is far below it)."""
MAX_TOTAL = 1_000_000_000
"""The largest running total (a counter beyond it is not ours)."""
MAX_HANDS = 10_000
ONE_DAY = datetime.timedelta(days=1)
MAX_POINTS_LOST = 10_000.0
"""The most points lost a decision a game may show (a decision costs far less)."""

COUNTERS = ("bid_contracts", "made_contracts", "nil_tries", "nil_made", "blind_tries",
            "blind_made", "bags", "bag_penalties", "sets_against")
"""The per-game counters a result and the totals share (all of them at least 0)."""
PAIRS = (("made_contracts", "bid_contracts"), ("nil_made", "nil_tries"),
         ("blind_made", "blind_tries"))
"""(part, whole): a part never exceeds its whole."""
SINCE_HINTS = frozenset({"hinted_games", "hints"})
"""Totals counted since the hint (issue 46): 0 in a record kept before them."""


class FinishedGame(Protocol):
    """What ``result_of`` reads of a game (``spades.Game`` has it all)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def history(self) -> tuple[HandRecord, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def scores(self) -> tuple[int, int]: ...


# ---------------------------------------------------------------- checking stored values


def _count(value: object, high: int = MAX_COUNT) -> int:
    """A whole number from 0 to ``high`` (a bool is not a number); else ValueError."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise ValueError("not a count")
    return value


def _signed(value: object, high: int = MAX_COUNT) -> int:
    """A whole number from -high to high (scores and points may be negative)."""
    if not isinstance(value, int) or isinstance(value, bool) or not -high <= value <= high:
        raise ValueError("not a score")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not a flag")
    return value


def _choice(value: object, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError("unknown choice")
    return value


def _day(value: object) -> str:
    """An ISO date "2026-11-30" (exactly; nothing longer is even parsed)."""
    if not isinstance(value, str) or len(value) != 10:
        raise ValueError("not a date")
    if datetime.date.fromisoformat(value).isoformat() != value:  # "2026-W48-1" is not ours
        raise ValueError("not written as we write dates")
    return value


def _points_lost(value: object) -> float:
    """The coach's figure: points lost a judged decision, a finite number from 0 to
    MAX_POINTS_LOST (a bool is not a number); else ValueError."""
    if (not isinstance(value, int | float) or isinstance(value, bool)
            or not math.isfinite(value) or not 0 <= value <= MAX_POINTS_LOST):
        raise ValueError("not points lost a decision")
    return float(value)


def _optional(value: object, check: Any) -> Any:
    return None if value is None else check(value)


def _pair(value: object) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError("not two scores")
    return (_signed(value[0]), _signed(value[1]))


def _partner(value: object) -> str:
    """A partner's name as ``partner_name`` keeps it ("" for a friend who gave none)."""
    if not isinstance(value, str) or player_name(value) != value:
        raise ValueError("not a name as we keep one")
    return value


def _partner_level(value: object) -> str:
    return _choice(value, PARTNER_LEVELS)


def partner_name(name: str) -> str:
    """The partner's name as the statistics keep it: as a typed name is kept (trimmed,
    its spaces single, at most 20 characters: prefs.player_name), "" when it is not one."""
    return player_name(name) or ""


PartnerKey = tuple[str, str | None]
"""Whom the totals by partner are kept for: (name, None) for a friend (the name "" for a
friend who gave none), ("", level) for a computer (level "" when not told)."""


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError("not an object")
    return value


# ---------------------------------------------------------------- one finished game


@dataclass(frozen=True, slots=True)
class GameResult:
    """What one finished game leaves behind, for side 0 (the player's: see above).

    At four players a side's Nil bids are both partners': North's Nil counts as the side's
    as much as yours. ``nil_tries`` counts plain Nil bids, ``blind_tries`` Blind Nil (and
    Double Nil at two players); a Nil is made when its bidder took no trick.
    """

    table: str
    """A key of PRESETS, or "custom" when the settings differ from the preset's."""
    level: str
    """The computer players' level, "friend" for pass and play, "online" (two players),
    "party" (four at the table online)."""
    players: int
    won: bool
    scores: tuple[int, int]
    """The final scores, side 0 first."""
    hands: int
    points: int
    """Side 0's points over the hands (its final score)."""
    bid_contracts: int = 0
    """Hands where side 0 had a contract (a bid other than Nil)."""
    made_contracts: int = 0
    """Of those, the hands where side 0 took at least its contract."""
    nil_tries: int = 0
    nil_made: int = 0
    blind_tries: int = 0
    blind_made: int = 0
    bags: int = 0
    """Overtricks taken by side 0 over the game."""
    bag_penalties: int = 0
    """How many times side 0 lost the bag penalty."""
    sets_against: int = 0
    """Hands where side 1 failed its contract."""
    daily: str | None = None
    """The ISO date when this was that day's daily game."""
    par: int | None = None
    """The par difference (``par_difference``) when it is known."""
    hand_points: tuple[int, ...] = ()
    """Side 0's points in each hand, first hand first."""
    hints: int = 0
    """The hints the player asked for in this game (web/hints.py)."""
    coach: float | None = None
    """The coach's figure for the game: points lost a judged decision over its hands the
    coach judged (web/marking.py), None when none was judged."""
    partner: str | None = None
    """Four at the table online: the partner's name as the table showed it
    (``partner_name``; "" for a friend who gave none, and for a computer). None in other
    games, and when the page did not know its partner."""
    partner_computer: str | None = None
    """Four at the table online, a computer partner: its level (a key of LEVELS, or ""
    when this page was not told it). None for a friend, and in other games."""

    def __post_init__(self) -> None:
        _choice(self.table, TABLE_KEYS)
        _choice(self.level, LEVEL_KEYS)
        if self.players not in (2, 4) or isinstance(self.players, bool):
            raise ValueError("players must be 2 or 4")
        if self.level in (FRIEND, ONLINE) and self.players != 2:
            raise ValueError("a friend plays at a two-player table")
        if self.level == PARTY and self.players != 4:
            raise ValueError("four at the table online is four players")
        _optional(self.partner, _partner)
        _optional(self.partner_computer, _partner_level)
        if self.partner is not None and self.level != PARTY:
            raise ValueError("a partner is named at four online only")
        if self.partner_computer is not None and self.partner != "":
            raise ValueError("a computer partner has no name")
        if self.table != CUSTOM and PRESETS[self.table].players != self.players:
            raise ValueError("players do not match the table")
        _flag(self.won)
        _pair(self.scores)
        if _count(self.hands, MAX_HANDS) < 1:
            raise ValueError("a finished game has at least one hand")
        _signed(self.points)
        for name in COUNTERS:
            _count(getattr(self, name))
        for part, whole in PAIRS:
            if getattr(self, part) > getattr(self, whole):
                raise ValueError(f"{part} exceeds {whole}")
        if self.bid_contracts > self.hands or self.sets_against > self.hands:
            raise ValueError("more contracts than hands")
        _optional(self.daily, _day)
        _optional(self.par, _signed)
        if len(self.hand_points) != self.hands:
            raise ValueError("one point figure per hand")
        for points in self.hand_points:
            _signed(points)
        _count(self.hints)
        _optional(self.coach, _points_lost)

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["scores"] = list(self.scores)
        data["hand_points"] = list(self.hand_points)
        return data

    @classmethod
    def from_dict(cls, data: object) -> GameResult:
        """A result from stored data; ValueError if any field is not one we wrote
        (unknown keys are ignored)."""
        data = _object(data)
        points = data.get("hand_points")
        if not isinstance(points, list) or len(points) > MAX_HANDS:
            raise ValueError("bad hand points")
        try:
            return cls(
                table=_choice(data.get("table"), TABLE_KEYS),
                level=_choice(data.get("level"), LEVEL_KEYS),
                players=_count(data.get("players"), 4),
                won=_flag(data.get("won")),
                scores=_pair(data.get("scores")),
                hands=_count(data.get("hands"), MAX_HANDS),
                points=_signed(data.get("points")),
                **{name: _count(data.get(name)) for name in COUNTERS},
                daily=_optional(data.get("daily"), _day),
                par=_optional(data.get("par"), _signed),
                hand_points=tuple(_signed(value) for value in points),
                hints=_count(data.get("hints", 0)),  # (a result kept before hints: none)
                coach=_optional(data.get("coach"), _points_lost),
                partner=_optional(data.get("partner"), _partner),
                partner_computer=_optional(data.get("partner_computer"), _partner_level),
            )
        except TypeError as error:  # never expected: every argument is checked above
            raise ValueError(str(error)) from error


def table_key(rules: Rules) -> str:
    """The preset a game was played at (by the rules' name, as the deal link finds it), or
    "custom" when its settings differ from that preset's."""
    key = next((name for name, preset in PRESETS.items() if preset.name == rules.name), None)
    if key is None or rules != PRESETS[key]:
        return CUSTOM
    return key


def result_of(game: FinishedGame, level: str, daily: str | None = None,
              par_diff: int | None = None, side: int = 0,
              winner: int | None = None, hints: int = 0,
              coach: float | None = None, partner: str | None = None,
              partner_computer: str | None = None) -> GameResult:
    """What a finished game leaves behind for ``side`` (the player's: 1 for the invited
    player online), read from the engine's ``game.history`` alone.

    A contract made or set is the engine's ``SideResult.made``; a Nil is made when its
    bidder took no trick (the definition of Nil); bags are ``SideResult.new_bags``; a bag
    penalty is counted from the bags each side carries from hand to hand (each one takes
    ``bag_limit`` bags away). ``winner``: the winner of an online game that ended
    before its score did (a forfeit, a player who left), the hands played so far counted.
    ``hints``: the hints the player asked for in it; ``coach``: the coach's figure for it
    (points lost a judged decision). ``partner`` and ``partner_computer``: four at the
    table online, the partner (see GameResult; the name is kept as ``partner_name``).
    Raises ValueError for a game that is not over.
    """
    winner = game.winner if winner is None else winner
    if winner is None:
        raise ValueError("the game is not over")
    rules = game.rules
    seats = (side, side + 2) if rules.players == 4 else (side,)
    counts = dict.fromkeys(COUNTERS, 0)
    hand_points = []
    bags_before = 0
    for record in game.history:
        ours, theirs = record.sides[side], record.sides[1 - side]
        hand_points.append(ours.points)
        if ours.contract > 0:
            counts["bid_contracts"] += 1
            counts["made_contracts"] += ours.made
        if theirs.contract > 0 and not theirs.made:
            counts["sets_against"] += 1
        for seat in seats:
            if record.bids[seat] == 0:
                kind = "blind" if record.blind[seat] else "nil"
                counts[f"{kind}_tries"] += 1
                counts[f"{kind}_made"] += record.tricks[seat] == 0
        counts["bags"] += ours.new_bags
        counts["bag_penalties"] += (bags_before + ours.new_bags - ours.bags_after) \
            // rules.bag_limit
        bags_before = ours.bags_after
    return GameResult(
        table=table_key(rules), level=level, players=rules.players, won=winner == side,
        scores=(game.scores[side], game.scores[1 - side]), hands=len(game.history),
        points=sum(hand_points), daily=daily, par=par_diff,
        hand_points=tuple(hand_points), hints=hints, coach=coach,
        partner=None if partner is None else partner_name(partner),
        partner_computer=partner_computer, **counts)


def par_difference(hand_points: Sequence[int], par_points: Mapping[int, int]) -> int | None:
    """The duplicate par of a game: the sum of (your points - par points) over the hands
    that have a par, ``par_points`` keyed by the hand's index in the game (0 for the first,
    as ``HandRecord.number``), a par being what an Expert team in your seats scored on that
    hand. None when no hand has one yet."""
    known = [index for index in range(len(hand_points)) if index in par_points]
    if not known:
        return None
    return sum(hand_points[index] - par_points[index] for index in known)


# ---------------------------------------------------------------- running totals


@dataclass(frozen=True, slots=True)
class Totals:
    """Counters summed over games (of one table and level, or more)."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    bid_contracts: int = 0
    made_contracts: int = 0
    nil_tries: int = 0
    nil_made: int = 0
    blind_tries: int = 0
    blind_made: int = 0
    bags: int = 0
    bag_penalties: int = 0
    sets_against: int = 0
    hinted_games: int = 0
    """Games in which the player asked for a hint."""
    hints: int = 0

    def __add__(self, other: Totals) -> Totals:
        return Totals(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                         for f in fields(self)})

    @classmethod
    def of(cls, result: GameResult) -> Totals:
        return cls(games=1, wins=int(result.won), hands=result.hands, points=result.points,
                   hinted_games=int(result.hints > 0), hints=result.hints,
                   **{name: getattr(result, name) for name in COUNTERS})

    def win_rate(self) -> float | None:
        """Games won out of games played (0 to 1), None before any game."""
        return self.wins / self.games if self.games else None

    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def contracts_made_rate(self) -> float | None:
        return self.made_contracts / self.bid_contracts if self.bid_contracts else None

    def bags_per_hand(self) -> float | None:
        return self.bags / self.hands if self.hands else None

    def to_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Totals:
        """Totals from stored data; ValueError if any counter is not one we wrote."""
        totals = cls(**{f.name: _signed(data.get(f.name), MAX_TOTAL) if f.name == "points"
                        else _count(data.get(f.name, 0 if f.name in SINCE_HINTS else None),
                                    MAX_TOTAL)
                        for f in fields(cls)})
        if totals.wins > totals.games or totals.games > totals.hands:
            raise ValueError("more wins than games, or games than hands")
        if totals.bid_contracts > totals.hands or totals.sets_against > totals.hands:
            raise ValueError("more contracts than hands")
        for part, whole in PAIRS:
            if getattr(totals, part) > getattr(totals, whole):
                raise ValueError(f"{part} exceeds {whole}")
        if totals.hinted_games > totals.games or totals.hinted_games > totals.hints:
            raise ValueError("more games with hints than games, or than hints")
        return totals


@dataclass(frozen=True, slots=True)
class DailyResult:
    """The first finished result of a day's daily game."""

    won: bool
    scores: tuple[int, int]
    par: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"won": self.won, "scores": list(self.scores), "par": self.par}

    @classmethod
    def from_dict(cls, data: object) -> DailyResult:
        data = _object(data)
        return cls(_flag(data.get("won")), _pair(data.get("scores")),
                   _optional(data.get("par"), _signed))


@dataclass(frozen=True, slots=True)
class Streak:
    """Days in a row with the daily game played: the run going on and the longest."""

    current: int
    best: int


@dataclass(frozen=True, slots=True)
class Stats:
    """The player's record. Treat the mappings as read-only: ``record_game`` returns a
    new Stats. ``Stats()`` is a reset."""

    games: tuple[GameResult, ...] = ()
    """The most recent finished games, oldest first, at most MAX_GAMES."""
    totals: Mapping[tuple[str, str], Totals] = field(default_factory=dict)
    """Running totals per (table, level): they never drop."""
    daily: Mapping[str, DailyResult] = field(default_factory=dict)
    """ISO date -> the first finished result of that day's daily game (MAX_DAYS newest)."""
    streak_start: str | None = None
    """The first day of the run of days that ends at the newest daily result."""
    best_streak: int = 0
    partners: Mapping[PartnerKey, Totals] = field(default_factory=dict)
    """Four at the table online: running totals per partner (at most MAX_PARTNERS)."""

    def overall(self) -> Totals:
        return sum(self.totals.values(), Totals())

    def by_table(self) -> dict[str, Totals]:
        """Totals per table, all levels together (tables played only)."""
        found: dict[str, Totals] = {}
        for (table, _level), totals in self.totals.items():
            found[table] = found.get(table, Totals()) + totals
        return found

    def by_table_level(self) -> list[tuple[str, str, Totals]]:
        """(table, level, totals) of every pair played, tables and levels in menu order."""
        return sorted(((table, level, totals) for (table, level), totals in self.totals.items()),
                      key=lambda item: (TABLE_KEYS.index(item[0]), LEVEL_KEYS.index(item[1])))

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATS_VERSION,
            "games": [result.to_dict() for result in self.games],
            "totals": [{"table": table, "level": level, **totals.to_dict()}
                       for table, level, totals in self.by_table_level()],
            "partners": [{"partner": name, "partner_computer": computer,
                          **totals.to_dict()} for (name, computer), totals in by_partner(self)],
            "daily": {day: result.to_dict() for day, result in sorted(self.daily.items())},
            "streak_start": self.streak_start,
            "best_streak": self.best_streak,
        }


def by_partner(stats: Stats) -> list[tuple[PartnerKey, Totals]]:
    """Four at the table online: (partner, totals) of every partner, the most games first;
    then friends by name, a friend with no name, computers by level (an unknown one
    last)."""
    def order(item: tuple[PartnerKey, Totals]) -> tuple[int, bool, bool, str, str, int]:
        (name, computer), totals = item
        level = LEVELS.index(computer) if computer in LEVELS else len(LEVELS)
        return (-totals.games, computer is not None, not name, name.casefold(), name, level)

    return sorted(stats.partners.items(), key=order)


def record_game(stats: Stats, result: GameResult) -> Stats:
    """The record with one more finished game. A daily game counts for its day only the
    first time (a replay of the day's deal counts in the totals, not in the calendar). A
    game at four online counts for its partner too; a partner new beyond MAX_PARTNERS
    takes the place of the least played other one."""
    key = (result.table, result.level)
    totals = dict(stats.totals)
    totals[key] = totals.get(key, Totals()) + Totals.of(result)
    stats = replace(stats, games=(*stats.games, result)[-MAX_GAMES:], totals=totals)
    if result.partner is not None:
        partner = (result.partner, result.partner_computer)
        partners = dict(stats.partners)
        partners[partner] = partners.get(partner, Totals()) + Totals.of(result)
        if len(partners) > MAX_PARTNERS:
            del partners[min((other for other in partners if other != partner),
                             key=lambda other: partners[other].games)]
        stats = replace(stats, partners=partners)
    if result.daily is None or result.daily in stats.daily:
        return stats
    days = dict(stats.daily)
    days[result.daily] = DailyResult(result.won, result.scores, result.par)
    for old in sorted(days)[:max(0, len(days) - MAX_DAYS)]:
        del days[old]
    start = _newest_run_start(days, stats.streak_start,
                              max(stats.daily) if stats.daily else None)
    newest = datetime.date.fromisoformat(max(days))
    best = max(stats.best_streak, (newest - start).days + 1, _longest_run(days))
    return replace(stats, daily=days, streak_start=start.isoformat(), best_streak=best)


def with_par(record: Stats, day: str | None, par: int) -> Stats:
    """The statistics with the par of the game recorded last (it arrived after the game
    ended), and of its day's daily result if that is the one."""
    games = record.games
    if games and games[-1].par is None and games[-1].daily == day:
        games = (*games[:-1], replace(games[-1], par=par))
    daily = dict(record.daily)
    if day is not None and day in daily and daily[day].par is None:
        daily[day] = replace(daily[day], par=par)
    return replace(record, games=games, daily=daily)


def with_coach(record: Stats, coach: float) -> Stats:
    """The statistics with the coach's figure of the game recorded last (the marks of its
    last hand arrived after the game ended)."""
    games = record.games
    if not games or games[-1].coach == coach:
        return record
    return replace(record, games=(*games[:-1], replace(games[-1], coach=coach)))


def recent_coach(stats: Stats, count: int = 20) -> list[float]:
    """The coach's figure of each of the last ``count`` games that have one (the chart)."""
    return [result.coach for result in stats.games if result.coach is not None][-count:]


def _run_start(days: Collection[str], end: datetime.date) -> datetime.date:
    """The first day of the run of recorded days that ends at ``end``."""
    start = end
    while (start - ONE_DAY).isoformat() in days:
        start -= ONE_DAY
    return start


def _newest_run_start(days: Mapping[str, DailyResult], old_start: str | None,
                      old_newest: str | None) -> datetime.date:
    """The first day of the newest run after a day was added: the run found in the map,
    joined to the run known before (which may reach back beyond the map) if they touch."""
    walk = _run_start(days, datetime.date.fromisoformat(max(days)))
    if old_start is None or old_newest is None:
        return walk
    if datetime.date.fromisoformat(old_newest) >= walk - ONE_DAY:
        return min(datetime.date.fromisoformat(old_start), walk)
    return walk


def _longest_run(days: Collection[str]) -> int:
    best = run = 0
    previous: datetime.date | None = None
    for text in sorted(days):
        day = datetime.date.fromisoformat(text)
        run = run + 1 if previous is not None and day - previous == ONE_DAY else 1
        best, previous = max(best, run), day
    return best


def streak(stats: Stats, today: datetime.date) -> Streak:
    """The daily streak: ``current`` counts the consecutive days ending today, or ending
    yesterday while today's game is not played yet; ``best`` the longest run ever."""
    if not stats.daily:
        return Streak(0, stats.best_streak)
    newest = datetime.date.fromisoformat(max(stats.daily))
    start = (datetime.date.fromisoformat(stats.streak_start) if stats.streak_start
             else _run_start(stats.daily, newest))
    run = (newest - start).days + 1
    # A newest day after today (the device's clock went back) keeps the run alive.
    current = run if newest >= today - ONE_DAY else 0
    return Streak(current, max(stats.best_streak, run, _longest_run(stats.daily)))


def calendar_month(stats: Stats, year: int, month: int, first_weekday: int = 0
                   ) -> list[list[tuple[int, str]]]:
    """The daily results of a month, a week a row: (day, status) with status "won",
    "lost", or "" (not played), and (0, "") for the days of the neighbouring months that
    fill the first and last weeks. ``first_weekday``: 0 Monday ... 6 Sunday."""
    import calendar  # when the statistics first show a month, not as the page starts

    weeks = []
    for week in calendar.Calendar(first_weekday).monthdayscalendar(year, month):
        row = []
        for day in week:
            status = ""
            if day:
                found = stats.daily.get(datetime.date(year, month, day).isoformat())
                if found is not None:
                    status = "won" if found.won else "lost"
            row.append((day, status))
        weeks.append(row)
    return weeks


def recent_points_per_hand(stats: Stats, count: int = 20) -> list[int]:
    """Each of the last ``count`` games' points per hand, rounded (for the chart)."""
    return [_rounded(result.points / result.hands) for result in stats.games[-count:]
            if result.hands]


def _rounded(value: float) -> int:
    """Half away from zero (Python's round() goes to the even number)."""
    whole = int(abs(value) + 0.5)
    return whole if value >= 0 else -whole


# ---------------------------------------------------------------- storage


def stats_from_dict(data: object) -> Stats:
    """The record from stored data: each game result, totals entry and day checked on its
    own, the bad ones dropped; never raises."""
    if not isinstance(data, dict):
        return Stats()
    games: list[GameResult] = []
    stored = data.get("games")
    if isinstance(stored, list):
        for item in stored:
            try:
                games.append(GameResult.from_dict(item))
            except Exception:
                continue
    totals: dict[tuple[str, str], Totals] = {}
    stored = data.get("totals")
    if isinstance(stored, list):
        for item in stored:
            try:
                entry = _object(item)
                key = (_choice(entry.get("table"), TABLE_KEYS),
                       _choice(entry.get("level"), LEVEL_KEYS))
                if key not in totals:
                    totals[key] = Totals.from_dict(entry)
            except Exception:
                continue
    partners: dict[PartnerKey, Totals] = {}
    stored = data.get("partners")
    if isinstance(stored, list):
        for item in stored:
            try:
                entry = _object(item)
                partner = (_partner(entry.get("partner")),
                           _optional(entry.get("partner_computer"), _partner_level))
                if partner[1] is not None and partner[0] != "":
                    raise ValueError("a computer partner has no name")
                if partner not in partners and len(partners) < MAX_PARTNERS:
                    partners[partner] = Totals.from_dict(entry)
            except Exception:
                continue
    days: dict[str, DailyResult] = {}
    stored = data.get("daily")
    if isinstance(stored, dict):
        for day, item in stored.items():
            try:
                days[_day(day)] = DailyResult.from_dict(item)
            except Exception:
                continue
    for old in sorted(days)[:max(0, len(days) - MAX_DAYS)]:
        del days[old]
    start = _stored_start(days, data.get("streak_start"))
    try:
        best = _count(data.get("best_streak"), MAX_TOTAL)
    except ValueError:
        best = 0
    if start is not None:
        newest = datetime.date.fromisoformat(max(days))
        best = max(best, (newest - datetime.date.fromisoformat(start)).days + 1)
    best = max(best, _longest_run(days))
    return Stats(tuple(games[-MAX_GAMES:]), totals, days, start, best, partners)


def _stored_start(days: Mapping[str, DailyResult], value: object) -> str | None:
    """The newest run's first day as stored, if the days kept agree with it: either the
    run found in the map, or an earlier day when that run reaches back to the map's oldest
    day of a full map (the days before it were dropped)."""
    if not days:
        return None
    walk = _run_start(days, datetime.date.fromisoformat(max(days)))
    try:
        start = datetime.date.fromisoformat(_day(value))
    except (TypeError, ValueError):
        return walk.isoformat()
    reaches_back = walk.isoformat() == min(days) and len(days) >= MAX_DAYS
    if start == walk or (start < walk and reaches_back):
        return start.isoformat()
    return walk.isoformat()


def load_stats(storage: Storage) -> Stats:
    """The stored record, or an empty one; never raises (a record that is not JSON, too
    long or too deep to read gives empty statistics)."""
    try:
        text = storage.getItem(STATS_KEY)
        if not isinstance(text, str) or len(text) > MAX_ITEM_CHARS or not shallow_json(text):
            return Stats()  # (too deep: json.loads would overflow Pyodide's stack)
        data = json.loads(text)
        return stats_from_dict(data)
    except Exception:
        return Stats()


def save_stats(storage: Storage, stats: Stats) -> bool:
    """Store the record; False if the storage refused (full, or disabled)."""
    try:
        storage.setItem(STATS_KEY, json.dumps(stats.to_dict(), separators=(",", ":")))
    except Exception:
        return False
    return True
