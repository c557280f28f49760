"""Saves: a game as a versioned JSON string, and back.

A save records the table, the seed, the first dealer and deal, and every action; reading
one replays the actions through the engine (``Game.from_json``, which reads the save's parts
here), so nothing illegal can be loaded.  It also
records a snapshot of the resulting state (hands, tricks, scores...), which must match the
replay exactly: a save edited by hand (a card moved, a trick given to another seat, a score
changed) is refused rather than silently "repaired".  The page reads saves from
localStorage, which a user or another script may have changed, so ``Game.from_json``
raises ``SaveError`` for anything it did not write, and nothing else.  This module knows
the format, not the game: the engine imports it, never the other way round.

Saves of an earlier version still load: a table setting added since (``ADDED_IN``) is
absent from such a save and takes its default, the rule the game was played under.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from typing import Any

from .actions import Action, parse_action
from .cards import Card
from .rules import Rules

FORMAT = "spades-game"
VERSION = 2
"""The version ``to_json`` writes.  1: the first; 2: the table settings gained
``lead_breaks_spades``."""
DEALT_VERSION = 3
"""Version 2 with ``dealt``: the hands a two-player game drew from stocks it was given
(``Game.deal_stock``, the stocks the two players shuffled together online).  Written only
by such games, so every other save stays a version 2 one."""
READABLE = (1, 2, 3)
"""The versions ``from_json`` reads."""
ADDED_IN: dict[str, int] = {"lead_breaks_spades": 2}
"""Table settings added after version 1, by the version that added them.  An older save
has none of them and reads as their default (``Rules()``), which is the rule it was
played under: every spade broke spades at every table before 2."""
MAX_SAVE_CHARS = 2_000_000
MAX_ACTIONS = 100_000


class SaveError(ValueError):
    """A save that cannot be read; the message says why in a few words."""


MAX_NESTING = 20
"""JSON nested deeper than this is not ours (a save nests four deep)."""
_JSON_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


def shallow_json(text: str, limit: int = MAX_NESTING) -> bool:
    """True if the brackets of JSON ``text`` are balanced and nest at most ``limit`` deep.

    ``json.loads`` recurses once per level: under Pyodide a text of 100 000 "[" overflows
    the WebAssembly stack, a fatal error that no ``except`` catches, so a text from
    storage or a file is measured first, by regular expressions (no recursion, no
    per-character Python loop): strip the strings, keep the brackets, and take away the
    innermost pairs one level at a time.
    """
    brackets = _NOT_BRACKETS.sub("", _JSON_STRINGS.sub("", text))
    for _ in range(limit):
        if not brackets:
            return True
        brackets, removed = _EMPTY_PAIR.subn("", brackets)
        if not removed:
            return False
    return not brackets


@dataclass(frozen=True)
class SaveRecord:
    """What a save says, read and checked for shape: the table, the seed, the first dealer
    and deal, every move, and the state those moves promise (compared with the replay by
    ``Game.from_json``, which owns the rules)."""

    version: int
    rules: Rules
    seed: int
    dealer: int
    deal: list[list[Card]] | None
    actions: list[Action]
    state: object
    dealt: list[tuple[int, list[Card], list[list[Card] | None]]]
    """Version 3: (hand number, stock top first, Double Nil draws by seat), else empty."""


def write_save(version: int, rules: Rules, seed: int, dealer: int,
               deal: list[list[str]] | None, actions: list[str], state: dict[str, Any],
               dealt: list[Any] | None = None) -> str:
    """The save text as version ``version`` writes it (``Game.to_json`` writes ``VERSION``):
    compact JSON, the settings that version knows, the moves as text."""
    settings = {name: value for name, value in rules.to_dict().items()
                if ADDED_IN.get(name, 1) <= version}
    record = {
        "format": FORMAT,
        "version": version,
        "rules": settings,
        "seed": seed,
        "dealer": dealer,
        "deal": deal,
        "actions": actions,
        "state": state,
    }
    if version >= DEALT_VERSION:
        record["dealt"] = dealt or []
    return json.dumps(record, separators=(",", ":"))


def read_save(text: object) -> SaveRecord:
    """Read a save's parts; ``SaveError`` for anything that is not a save of ours in shape
    (its moves' legality and its state are the engine's to check, in ``Game.from_json``)."""
    if not isinstance(text, str):
        raise SaveError("a save is JSON text")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError("this save is too large to be a game")
    if not shallow_json(text):
        raise SaveError("this save is not valid JSON (it may be cut short)")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveError("this save is not valid JSON (it may be cut short)") from error
    keys = {"format", "version", "rules", "seed", "dealer", "deal", "actions", "state"}
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise SaveError("this is not a Spades save")
    version = record.get("version")
    if type(version) is not int or version not in READABLE:
        raise SaveError(f"this save is from another version ({version!r})")
    if version >= DEALT_VERSION:
        keys.add("dealt")
    if set(record) != keys:
        raise SaveError("this save has missing or unknown parts")
    rules = _read_rules(record["rules"], version)
    seed = _int(record["seed"], "seed")
    dealer = _int(record["dealer"], "dealer")
    if not 0 <= dealer < rules.players:
        raise SaveError("the first dealer is not a seat at this table")
    dealt = _read_dealt(record["dealt"]) if version >= DEALT_VERSION else []
    return SaveRecord(version, rules, seed, dealer, _read_deal(record["deal"]),
                      _read_actions(record["actions"]), record["state"], dealt)


def _read_dealt(data: object) -> list[tuple[int, list[Card], list[list[Card] | None]]]:
    if not isinstance(data, list):
        raise SaveError("this save's dealt hands are not valid")
    out = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[1], list)
                and isinstance(item[2], list)):
            raise SaveError("this save's dealt hands are not valid")
        number, stock, replacements = item
        drawn: list[list[Card] | None] = []
        for cards in replacements:
            if cards is None:
                drawn.append(None)
            elif isinstance(cards, list):
                drawn.append(_cards(cards))
            else:
                raise SaveError("this save's dealt hands are not valid")
        out.append((_int(number, "dealt hand"), _cards(stock), drawn))
    return out


def _cards(texts: list[Any]) -> list[Card]:
    try:
        return [Card.parse(text) for text in texts]
    except (TypeError, ValueError) as error:
        raise SaveError(f"this save's dealt hands are not valid: {error}") from error


def _read_actions(actions: object) -> list[Action]:
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError("this save's moves are not a list")
    moves = []
    for number, text in enumerate(actions, 1):
        try:
            moves.append(parse_action(text))
        except (TypeError, ValueError) as error:
            raise SaveError(f"move {number} is not a move: {text!r}") from error
    return moves


def read_rules(data: object) -> Rules:
    """Table settings as ``Rules.to_dict`` writes them today (a table sent online, from a
    page that may be hostile): SaveError for anything else."""
    return _read_rules(data, VERSION)


def _read_rules(data: object, version: int) -> Rules:
    """The table of a save of ``version``: exactly the settings that version writes; those
    added later (``ADDED_IN``) take their defaults."""
    if not isinstance(data, dict):
        raise SaveError("this save's table settings are missing")
    names = {f.name for f in fields(Rules) if ADDED_IN.get(f.name, 1) <= version}
    if set(data) != names:
        raise SaveError("this save's table settings have missing or unknown parts")
    defaults = Rules()
    for name in names:
        value, default = data[name], getattr(defaults, name)
        optional = name in ("floor", "hand_cap", "clock_seconds")
        if value is None and optional:
            continue
        if type(value) is not type(default) and not (optional and type(value) is int):
            raise SaveError(f"this save's table setting {name!r} is not valid")
    try:
        return Rules(**data)
    except ValueError as error:
        raise SaveError(f"this save's table settings are not valid: {error}") from error


def _read_deal(data: object) -> list[list[Card]] | None:
    if data is None:
        return None
    if not isinstance(data, list) or not all(isinstance(hand, list) for hand in data):
        raise SaveError("this save's first deal is not valid")
    try:
        return [[Card.parse(text) for text in hand] for hand in data]
    except ValueError as error:
        raise SaveError(f"this save's first deal is not valid: {error}") from error


def _int(value: object, name: str) -> int:
    if type(value) is not int or abs(value) >= 2**63:
        raise SaveError(f"this save's {name} is not a whole number")
    return value
