"""Saves: a game as a versioned JSON string, and back.

A save records the table, the seed, the first dealer and deal, and every action; reading
one replays the actions through the engine, so nothing illegal can be loaded.  It also
records a snapshot of the resulting state (hands, tricks, scores...), which must match the
replay exactly: a save edited by hand (a card moved, a trick given to another seat, a score
changed) is refused rather than silently "repaired".  The page reads saves from
localStorage, which a user or another script may have changed, so ``game_from_json``
raises ``SaveError`` for anything it did not write, and nothing else.

Saves of an earlier version still load: a table setting added since (``ADDED_IN``) is
absent from such a save and takes its default, the rule the game was played under.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any

from .actions import parse_action
from .cards import Card
from .game import Game
from .records import IllegalAction
from .rules import Rules

FORMAT = "spades-game"
VERSION = 2
"""The version ``to_json`` writes.  1: the first; 2: the table settings gained
``lead_breaks_spades``."""
READABLE = (1, 2)
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


def game_to_json(game: Game) -> str:
    return _save_text(game, VERSION)


def _save_text(game: Game, version: int) -> str:
    """The save text as version ``version`` writes it (``to_json`` writes ``VERSION``)."""
    first_deal = game._origin.first_deal
    if first_deal is None:
        deal = None
    elif len(first_deal) == 52:
        deal = [[str(Card(index)) for index in first_deal]]
    else:
        deal = [[str(card) for card in _cards(mask)] for mask in first_deal]
    rules = {name: value for name, value in game.rules.to_dict().items()
             if ADDED_IN.get(name, 1) <= version}
    record = {
        "format": FORMAT,
        "version": version,
        "rules": rules,
        "seed": game.seed,
        "dealer": game._origin.first_dealer,
        "deal": deal,
        "actions": [action.to_text() for action in game.actions],
        "state": snapshot(game),
    }
    return json.dumps(record, separators=(",", ":"))


def snapshot(game: Game) -> dict[str, Any]:
    """The state a save promises; compared with the replay when the save is read."""
    return {
        "hand": game.hand_number,
        "dealer": game.dealer,
        "phase": game.phase.value,
        "turn": game.turn,
        "hands": [[str(card) for card in hand] for hand in game.hands],
        "bids": list(game.bids),
        "blind": list(game.blind),
        "won": list(game.tricks_won),
        "trick": [[seat, str(card)] for seat, card in game.trick.plays],
        "tricks": [[t.leader, [str(c) for _, c in t.plays], t.winner] for t in game.tricks],
        "scores": list(game.scores),
        "bags": list(game.bags),
        "winner": game.winner,
    }


def game_from_json(text: str) -> Game:
    try:
        return _read(text)
    except SaveError:
        raise
    except Exception as error:  # a last guard: a hostile save must never crash the page
        raise SaveError(f"this save cannot be read ({type(error).__name__})") from error


def _read(text: object) -> Game:
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
    if set(record) != keys:
        raise SaveError("this save has missing or unknown parts")
    rules = _read_rules(record["rules"], version)
    seed = _int(record["seed"], "seed")
    dealer = _int(record["dealer"], "dealer")
    if not 0 <= dealer < rules.players:
        raise SaveError("the first dealer is not a seat at this table")
    deal = _read_deal(record["deal"])
    try:
        game = Game.new(rules, seed=seed, deal=deal, dealer=dealer)
    except (TypeError, ValueError) as error:
        raise SaveError(f"the first deal is not valid: {error}") from error
    game = _replay(game, record["actions"])
    if record["state"] != snapshot(game):
        raise SaveError("this save's cards or scores do not match its moves")
    # Only the exact text ``to_json`` writes (or wrote, in the save's version): json.loads
    # and the snapshot comparison let through spaces, "-0", 1.0 for 1, true for 1 and
    # "play: 6C", which re-save differently.
    if _save_text(game, version) != text:
        raise SaveError("this save was changed after it was written")
    return game


def _replay(game: Game, actions: object) -> Game:
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError("this save's moves are not a list")
    for number, text in enumerate(actions, 1):
        try:
            action = parse_action(text)
        except (TypeError, ValueError) as error:
            raise SaveError(f"move {number} is not a move: {text!r}") from error
        try:
            game = game.apply(action)
        except IllegalAction as error:
            raise SaveError(f"move {number} ({text}) is not legal: {error}") from error
    return game


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


def _cards(mask: int) -> list[Card]:
    return [Card(index) for index in range(52) if mask >> index & 1]
