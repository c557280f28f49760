"""What the page keeps in localStorage: the game in progress and the preferences.

Keys are prefixed ``spades.`` and every record carries a version. Everything read back
is validated: a save that cannot be read (``SaveError`` from the engine, or anything
else) is moved aside to ``spades.game.broken`` and reported, never a crash; the
preferences are kept apart so a broken save never loses them.

Pure Python: ``storage`` is anything with ``getItem``/``setItem``/``removeItem`` (the
browser's localStorage, or a dict-backed stand-in in tests).
"""

from __future__ import annotations

import contextlib
import datetime
import json
import re
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from clock import clock_from_dict
from i18n import N_
from prefs import LEVELS, Prefs, prefs_from_dict

from spades import Card, Game
from spades.saves import shallow_json

GAME_KEY = "spades.game"
BROKEN_KEY = "spades.game.broken"
PREFS_KEY = "spades.prefs"
BROKEN_PREFS_KEY = "spades.prefs.broken"
SAVE_FORMAT = "spades-page"
SAVE_VERSION = 1
PREFS_VERSION = 1

# Said to the player in their language (the page passes them through i18n._).
BROKEN_MESSAGE = N_("Your saved game could not be read, so a new game has started.")
OTHER_VERSION_MESSAGE = N_("Your saved game is from another version of Spades, "
                         "so a new game has started.")
BROKEN_PREFS_MESSAGE = N_("Your settings could not be read, so the usual ones are back.")
NO_STORAGE_MESSAGE = N_("This browser is not letting Spades keep your game, so it will be "
                        "lost when you close the page.")
MAX_ITEM_CHARS = 1_000_000
"""A stored record longer than this is not ours (a real save is a few kilobytes)."""



def text_or_none(value: object) -> str | None:
    """A string read from the browser, or None: JavaScript's null arrives as a falsy
    JsNull, not None, so only real strings are kept."""
    return value if isinstance(value, str) else None

class OtherVersion(ValueError):
    """A page save written by another version of the page."""


class Unreadable(OSError):
    """The browser's storage refused to be read (twice): what it holds is unknown, so
    nothing may be written over it."""


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


@dataclass(frozen=True, slots=True)
class UiState:
    """What the page shows beyond the game itself, saved with it so a refresh restores
    the same screen."""

    level: str = "medium"
    """The computer players' level in this game (the partner plays at the same level)."""
    daily: bool = False
    summary: bool = False
    """The hand-over summary is showing (the next hand waits for "Next hand")."""
    looked: int = -1
    """Blind Nil table: the hand number whose cards the player has looked at."""
    last_trick: tuple[tuple[int, str], ...] = ()
    """The last finished trick as (seat, card text), for "Last trick"."""
    last_winner: int | None = None
    notice: str = field(default="", compare=False)
    friend: bool = False
    """Pass and play: a friend plays the other seat of a two-player table here."""
    viewer: int = 0
    """The seat whose cards the table shows (at pass and play, who tapped Ready last;
    online, this browser's seat)."""
    online: bool = False
    """An online game: a friend's browser plays the other seat (web/online.py)."""
    clock: dict[str, Any] | None = field(default=None, compare=False)
    """The decision clock (web/clock.py), as its to_dict() wrote it: the time LEFT for
    the decision the game waits for, so a reload does not give a fresh limit."""
    day: str = ""
    """The daily game: the ISO date whose deal it is ("" for any other game); kept when a
    daily game of an earlier day goes on as an ordinary game (``daily`` is then False)."""
    par: tuple[tuple[int, int], ...] = ()
    """Duplicate par, as (hand number, the Expert team's points in your seats), for the
    hands whose par has arrived from the worker."""
    recorded: bool = False
    """The finished game is in the statistics (a reload must not count it twice)."""
    selected: tuple[str, ...] = ()
    """Your cards chosen so far for the exchange (Blind Nil's pass, the Duel's
    replacement), so a reload keeps the choice."""
    trick_held: bool = False
    """The last finished trick (``last_trick``, won by ``last_winner``) is still held on
    the table before its sweep (and the hand's summary waits for it after a hand's last
    trick), so a reload shows it again as it was on screen."""
    hints: int = 0
    """The hints used in this game (web/hints.py): said in its summary, kept in the
    statistics."""
    hint_turn: tuple[int, ...] = ()
    """The decision whose hint was counted last (``hints.turn_of``): asked again, even
    after a reload, the same decision's hint is not counted twice."""

    @property
    def par_points(self) -> dict[int, int]:
        return dict(self.par)

    @property
    def person_opposite(self) -> bool:
        """A person plays the other seat, not the computer: a friend here or online."""
        return self.friend or self.online

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "daily": self.daily,
            "summary": self.summary,
            "looked": self.looked,
            "last_trick": [[seat, card] for seat, card in self.last_trick],
            "last_winner": self.last_winner,
            "clock": self.clock,
            "friend": self.friend,
            "viewer": self.viewer,
            "online": self.online,
            "day": self.day,
            "par": [[number, points] for number, points in self.par],
            "recorded": self.recorded,
            "selected": list(self.selected),
            "trick_held": self.trick_held,
            "hints": self.hints,
            "hint_turn": list(self.hint_turn),
        }


def ui_from_dict(data: object) -> UiState:
    """A UiState from stored data; raises ValueError if it is not one we wrote."""
    if not isinstance(data, dict):
        raise ValueError("ui state is not an object")
    level = data.get("level")
    if level not in LEVELS:
        raise ValueError("unknown level")
    daily, summary, looked = data.get("daily"), data.get("summary"), data.get("looked")
    if not isinstance(daily, bool) or not isinstance(summary, bool):
        raise ValueError("bad flags")
    if not isinstance(looked, int) or isinstance(looked, bool):
        raise ValueError("bad looked")
    trick = data.get("last_trick")
    if not isinstance(trick, list) or len(trick) > 4:
        raise ValueError("bad last trick")
    plays: list[tuple[int, str]] = []
    for item in trick:
        if (not isinstance(item, list) or len(item) != 2 or item[0] not in (0, 1, 2, 3)
                or not isinstance(item[1], str)):
            raise ValueError("bad last trick")
        plays.append((item[0], str(Card.parse(item[1]))))
    winner = data.get("last_winner")
    if winner not in (None, 0, 1, 2, 3):
        raise ValueError("bad last winner")
    friend, viewer = data.get("friend", False), data.get("viewer", 0)
    online = data.get("online", False)
    if (not isinstance(friend, bool) or not isinstance(online, bool)
            or viewer not in ((0, 1, 2, 3) if online else (0, 1)) or isinstance(viewer, bool)):
        raise ValueError("bad seating")
    return UiState(level, daily, summary, looked, tuple(plays), winner, friend=friend,
                   viewer=viewer if friend or online else 0, online=online,
                   clock=saved_clock(data.get("clock")),
                   day=saved_day(data.get("day", "")),
                   par=saved_par(data.get("par", [])),
                   recorded=data.get("recorded", False) is True,
                   selected=saved_selection(data.get("selected", [])),
                   # (a held trick needs the trick and its winner; a save without them
                   # simply shows the table after the sweep)
                   trick_held=(data.get("trick_held", False) is True and bool(plays)
                               and winner is not None),
                   hints=saved_count(data.get("hints", 0), MAX_HINTS),
                   hint_turn=saved_turn(data.get("hint_turn", [])))


MAX_HINTS = 10_000
"""The most hints a game may count (a real game asks far fewer)."""


def saved_count(value: object, high: int) -> int:
    """A count as the page wrote it (0 to ``high``), else 0."""
    if type(value) is not int or not 0 <= value <= high:
        return 0
    return value


def saved_turn(value: object) -> tuple[int, ...]:
    """A decision's key as ``hints.turn_of`` wrote it (four small whole numbers), else ()
    (the next hint of that decision is then counted once more)."""
    if (not isinstance(value, list) or len(value) != 4
            or not all(type(item) is int and -1 <= item <= 100_000 for item in value)):
        return ()
    return tuple(value)


def saved_selection(value: object) -> tuple[str, ...]:
    """Cards chosen for an exchange, as the page wrote them (at most 13 distinct cards);
    anything else is an empty choice (the player simply chooses again)."""
    if not isinstance(value, list) or len(value) > 13:
        return ()
    try:
        cards = {str(Card.parse(text)) for text in value if isinstance(text, str)}
    except ValueError:
        return ()
    return tuple(sorted(cards)) if len(cards) == len(value) else ()


def saved_day(value: object) -> str:
    """A daily game's date as the page wrote it (ISO), else "" (an ordinary game)."""
    if not isinstance(value, str) or len(value) != 10:
        return ""
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        return ""


MAX_HANDS_WITH_PAR = 200


def saved_par(value: object) -> tuple[tuple[int, int], ...]:
    """Stored par figures: (hand number, points) pairs of plausible size; a damaged
    entry is dropped on its own (that hand's par is simply worked out again)."""
    if not isinstance(value, list):
        return ()
    pairs: dict[int, int] = {}
    for item in value[:MAX_HANDS_WITH_PAR]:
        if (isinstance(item, list) and len(item) == 2
                and all(type(number) is int for number in item)
                and 0 <= item[0] < MAX_HANDS_WITH_PAR and abs(item[1]) <= 10_000):
            pairs[item[0]] = item[1]
    return tuple(sorted(pairs.items()))


def saved_clock(data: object) -> dict[str, Any] | None:
    """A saved clock if it is one the clock wrote, else None (a damaged clock is dropped
    on its own: the decision simply gets a fresh limit)."""
    try:
        return clock_from_dict(data).to_dict(0.0)
    except ValueError:
        return None


def load_prefs(storage: Storage) -> Prefs:
    """The stored preferences, or the defaults (see read_prefs)."""
    return read_prefs(storage)[0]


def read_prefs(storage: Storage) -> tuple[Prefs, bool]:
    """The stored preferences, or the defaults; True if a stored record could not be read
    at all (it is then kept aside in ``BROKEN_PREFS_KEY``, never simply lost).

    Every field is checked on its own, whatever the record's version: a valid choice is
    kept, anything else (a wrong type, an unknown key, a huge string) takes its default.
    """
    try:
        text = storage.getItem(PREFS_KEY)
    except Exception:
        return Prefs(), False
    if not isinstance(text, str):
        return Prefs(), False
    try:
        if len(text) > MAX_ITEM_CHARS or not shallow_json(text):
            raise ValueError("too long or too deep to be our preferences")
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except Exception:
        with contextlib.suppress(Exception):
            storage.setItem(BROKEN_PREFS_KEY, text)
        return Prefs(), True
    return prefs_from_dict(data), False


def save_prefs(storage: Storage, prefs: Prefs) -> bool:
    """Store the preferences; False if the storage refused (full, or disabled)."""
    try:
        storage.setItem(PREFS_KEY, json.dumps({"version": PREFS_VERSION, **prefs.to_dict()}))
    except Exception:
        return False
    return True


def save_game(storage: Storage, game: Game, ui: UiState, rev: int = 0) -> None:
    """Store the game; ``rev`` counts the saves, so that another tab can tell that this
    one has written since it loaded (see stored_rev)."""
    record = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "rev": rev,
              "game": game.to_json(), "ui": ui.to_dict()}
    storage.setItem(GAME_KEY, json.dumps(record, separators=(",", ":")))


REV_PREFIX = re.compile(r'\{"format":"spades-page","version":\d{1,4},"rev":(\d{1,15})[,}]')


def rev_of(text: object) -> int:
    """The save counter of a stored record's text (0: none, or not a page save); read
    from the record's first characters, which save_game writes in a fixed order, so it
    costs nothing however long the game."""
    if not isinstance(text, str):
        return 0
    found = REV_PREFIX.match(text[:80])
    return int(found.group(1)) if found else 0


def stored_rev(storage: Storage) -> int:
    """The save counter of the game in storage now (raises if storage refuses)."""
    return rev_of(storage.getItem(GAME_KEY))


def read_save(text: str, level: str = "medium") -> tuple[Game, UiState]:
    """Read a saved record; raises (any exception) if the game cannot be trusted.

    ``OtherVersion`` for a page save of another version. A game the engine accepts is
    kept even if the UI state beside it is damaged: that part falls back to the defaults
    (with ``level`` for the computer players).
    """
    if len(text) > MAX_ITEM_CHARS or not shallow_json(text):
        raise ValueError("too long or too deep to be a save")
    record = json.loads(text)
    if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
        raise ValueError("not a saved Spades page")
    if record.get("version") != SAVE_VERSION:
        raise OtherVersion("a save from another version")
    saved: Any = record.get("game")  # any value: the engine checks it is its own save text
    game = Game.from_json(saved)  # SaveError for anything the engine refuses
    try:
        ui = ui_from_dict(record.get("ui"))
    except Exception:
        ui = UiState(level=level if level in LEVELS else "medium")
    if ui.summary and (not game.history or game.winner is not None):
        ui = replace(ui, summary=False)
    return game, ui


def load_game(storage: Storage, level: str = "medium"
              ) -> tuple[Game | None, UiState | None, str]:
    """The saved game and UI state, or (None, None, message).

    No save: (None, None, ""). A save that cannot be read is moved to ``BROKEN_KEY`` and
    the message says so; the caller starts a new game. Storage that refuses to be read
    is asked again once (a passing fault), then ``Unreadable`` is raised.
    """
    try:
        text = storage.getItem(GAME_KEY)
    except Exception:
        try:
            text = storage.getItem(GAME_KEY)
        except Exception as error:
            raise Unreadable("the browser refused to read the saved game") from error
    if not isinstance(text, str):
        return None, None, ""
    try:
        game, ui = read_save(text, level)
    except Exception as error:
        with contextlib.suppress(Exception):  # a full storage must not stop the new game
            storage.setItem(BROKEN_KEY, text)
        with contextlib.suppress(Exception):
            storage.removeItem(GAME_KEY)
        message = OTHER_VERSION_MESSAGE if isinstance(error, OtherVersion) else BROKEN_MESSAGE
        return None, None, message
    return game, ui, ""
