"""The player's preferences: what they are, their defaults, and how a stored copy is read.

Pure Python (no browser imports), so it is tested under CPython. A stored copy may have
been edited or written by another version: every field is checked on its own and a bad
one falls back to its default, so one odd value never loses the others.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from i18n import LANGUAGES, N_, _, in_every_language

SPEEDS = ("slow", "normal", "fast", "instant")
LEVELS = ("easy", "medium", "hard", "expert")
TABLES = ("classic", "blind-nil", "quick", "duel", "two-handed")
OPPONENTS = ("computer", "friend", "online")
NAMES = ("name", "friend_name")
OLD_NAMES = {"name1": "name", "name2": "friend_name"}
"""The names' fields before issue 44 (Player 1, Player 2), read into today's."""
NAME_CHARS = 20
DEFAULT_NAMES = (N_("Player 1"), N_("Player 2"))
"""The name of a player who typed none: the inviting page's (and at pass and play
yours) first, the other's second."""
SWITCHES = ("raise_playable", "sound", "clock", "custom", "par")
"""The on/off preferences (checkboxes in Options)."""

LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
               "expert": N_("Expert")}
"""Each level's name (translated where shown)."""

# How long a computer player waits before it moves, and how long a card takes to travel.
PAUSE_MS = {"slow": 1100, "normal": 650, "fast": 260, "instant": 0}
MOTION_MS = {"slow": 480, "normal": 320, "fast": 160, "instant": 0}


@dataclass(frozen=True, slots=True)
class Prefs:
    """The player's preferences, kept in localStorage apart from the game."""

    speed: str = "normal"
    level: str = "medium"
    table: str = "classic"
    """The table of the next new game."""
    raise_playable: bool = True
    """Raise the cards you may play and dim the others (as seed 004's table does)."""
    sound: bool = False
    """Card sounds (a card played, a trick won, your turn): off unless asked for."""
    clock: bool = True
    """The decision clock of a table that has one (the Duel): a player who needs more
    time turns it off (WCAG 2.2.1)."""
    opponent: str = "computer"
    """At a two-player table: "computer", "friend" (pass and play on this device), or
    "online" (a friend's browser: web/online.py)."""
    name: str = ""
    """Your name, online and at pass and play ("" shows the page's own "Player 1", or
    online "Player 2" at the joining page)."""
    friend_name: str = ""
    """The friend's name at pass and play only ("" shows "Player 2"); online each page
    says its own player's name."""
    custom: bool = False
    """New games use the player's own settings of the chosen table (Options)."""
    custom_values: tuple[tuple[str, str], ...] = ()
    """Those settings, as the form's strings (web/custom.py reads them back); () until
    the player changes one."""
    lang: str = ""
    """The language chosen in Options; "" until then (the browser's languages decide)."""
    par: bool = False
    """Duplicate par after every hand of every game (the daily game always has it)."""

    @property
    def pause_ms(self) -> int:
        return PAUSE_MS[self.speed]

    @property
    def motion_ms(self) -> int:
        return MOTION_MS[self.speed]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def with_value(self, name: str, value: object) -> Prefs:
        """A copy with one field changed, or this one unchanged if the value is not valid."""
        checked = _check(name, value)
        if checked is None:
            return self
        change: dict[str, Any] = {name: checked}  # _check has matched it to the field's type
        return replace(self, **change)


def _check(name: str, value: object) -> object | None:
    """The value if it is valid for the field, else None."""
    choices = {"speed": SPEEDS, "level": LEVELS, "table": TABLES, "lang": tuple(LANGUAGES),
               "opponent": OPPONENTS}
    if name in choices:
        return value if isinstance(value, str) and value in choices[name] else None
    if name in SWITCHES:
        return value if isinstance(value, bool) else None
    if name in NAMES:
        return player_name(value)
    if name == "custom_values":
        return form_pairs(value)
    return None


def form_pairs(value: object) -> tuple[tuple[str, str], ...] | None:
    """Stored custom settings: a few short (name, text) pairs, else None (the form
    checks each value; this only keeps a stored copy small and well-formed)."""
    items: list[object]
    if isinstance(value, dict):
        items = [list(pair) for pair in value.items()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        return None
    pairs = []
    for item in items:
        if not isinstance(item, list | tuple) or len(item) != 2:
            return None
        key, text = item
        if not isinstance(key, str) or not isinstance(text, str) or len(key) > 40 \
                or len(text) > 20:
            return None
        pairs.append((key, text))
    return tuple(pairs) if len(pairs) <= 12 else None


def player_name(value: object) -> str | None:
    """A player's name as typed: trimmed, printable, at most NAME_CHARS long."""
    if not isinstance(value, str):
        return None
    name = " ".join(value.split())[:NAME_CHARS]
    return name if all(char.isprintable() for char in name) else None


def shown_name(name: str, seat: int) -> str:
    """A player's name as the page shows it: as typed, else the seat's default in the
    page's language now. A default another page or another language wrote ("Jogador 2",
    sent by a Portuguese page or kept from before the language changed) is that default
    too, in this page's words, never a stale or foreign one."""
    for default in DEFAULT_NAMES:
        if name in in_every_language(default):
            return _(default)
    return name or _(DEFAULT_NAMES[seat])


def prefs_from_dict(data: object) -> Prefs:
    """Preferences from stored data; anything missing or invalid takes its default."""
    prefs = Prefs()
    if not isinstance(data, dict):
        return prefs
    for old, name in OLD_NAMES.items():  # a copy stored before issue 44: its names kept
        if old in data and name not in data:
            prefs = prefs.with_value(name, data[old])
    for name in ("speed", "level", "table", "lang", "opponent", *NAMES, "custom_values",
                 *SWITCHES):
        if name in data:
            prefs = prefs.with_value(name, data[name])
    return prefs
