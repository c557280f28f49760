"""Mutations of a stored text (a save or the preferences) for the fuzz tests: the page's
reading under CPython (tests/test_web_fuzz.py) and in Chromium (e2e/test_fuzz.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from spades import PRESETS, Game, Phase
from tests.helpers import play_to, save_text


def bit_flip(text: str, rng: random.Random) -> str:
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 8)):
        index = rng.randrange(len(data))
        data[index] ^= 1 << rng.randrange(7)  # stays ASCII, still decodable
    return data.decode("utf-8", "replace")


def truncation(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text))]


def nesting(text: str, rng: random.Random) -> str:
    depth = rng.choice([50, 1_000, 10_000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return opener * depth + text + closer * depth


def huge_string(text: str, rng: random.Random) -> str:
    size = rng.choice([10_000, 500_000, 1_100_000])
    record = json.loads(text)
    record[rng.choice(sorted(record))] = "x" * size
    return json.dumps(record)


WRONG_VALUES: list[object] = [None, True, 0, -1, 2**70, 1.5, "", "7", [], {}, [[[]]],
                              {"format": "spades-page"}, "\u202e", 10**400]


def wrong_type(text: str, rng: random.Random) -> str:
    """A value somewhere in the record (the engine's save text included) replaced by a
    value of another type."""
    record = json.loads(text)
    paths = list(value_paths(record))
    if "game" in record and isinstance(record["game"], str):
        game = json.loads(record["game"])
        path = rng.choice(list(value_paths(game)))
        set_path(game, path, rng.choice(WRONG_VALUES))
        record["game"] = json.dumps(game)
        if rng.random() < 0.5:
            return json.dumps(record)
    set_path(record, rng.choice(paths), rng.choice(WRONG_VALUES))
    return json.dumps(record, default=str)


def value_paths(value: Any, path: tuple[Any, ...] = ()) -> Any:
    if path:
        yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from value_paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:20]):
            yield from value_paths(inner, (*path, index))


def set_path(value: Any, path: tuple[Any, ...], new: object) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


MUTATORS: list[Callable[[str, random.Random], str]] = [
    bit_flip, truncation, nesting, huge_string, wrong_type]


def real_save() -> str:
    """A save of a Blind Nil game in its third hand, mid-trick."""
    game = play_to(Game.new(PRESETS["blind-nil"], seed=2718),
                   lambda g: g.hand_number == 2 and g.phase is Phase.PLAY and len(
                       g.trick.plays) == 2)
    return save_text(game, level="easy", last_trick=[[1, "2C"], [2, "5C"], [3, "KC"],
                                                     [0, "AC"]], last_winner=0, rev=3)


REAL_PREFS = json.dumps({"version": 1, "speed": "fast", "level": "hard", "table": "classic",
                         "sound": False, "names": False, "raise": True, "clock": True,
                         "opponent": "computer", "name1": "Ana", "name2": "Bo",
                         "custom": False, "custom_values": [], "lang": "en", "par": False})
