"""Saves: ``to_json`` / ``from_json`` round trips, and ``SaveError`` (a ValueError) for
anything else: every hand-made edit of a real save, and thousands of random mutations
(000: the game saves itself in the browser and is restored after a refresh; DESIGN: a
save that cannot be read is set aside with a message, never a crash)."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import PRESETS, Bid, Card, Game, Phase, Play, SaveError
from spades.saves import ADDED_IN, FORMAT, VERSION
from tests.helpers import ALL_CARDS, deal_from_seed, random_action
from tests.test_duel_rules import two_player_game


def _played(rules_name: str, seed: int, steps: int, **new) -> Game:
    rng = random.Random(seed)
    game = Game.new(PRESETS[rules_name], seed=seed, **new)
    for _ in range(steps):
        if game.phase is Phase.GAME_OVER:
            break
        game = game.apply(random_action(game, rng))
    return game


# A classic game from a fixed deal, in the middle of the third trick.
SAVED = _played("classic", 5, 4 + 10, deal=deal_from_seed(5), dealer=3)
TEXT = SAVED.to_json()
RECORD = json.loads(TEXT)
# Bases for the fuzz: every preset, in several phases.
BASES = [TEXT] + [_played(name, seed, steps).to_json()
                  for seed, name in enumerate(PRESETS)
                  for steps in (3, 30, 70)] + [
    _played("duel", 9, 20, deal=[list(ALL_CARDS)], dealer=0).to_json()]


def _load_expecting_error(record_or_text) -> SaveError:
    text = record_or_text if isinstance(record_or_text, str) else json.dumps(
        record_or_text, separators=(",", ":"))
    with pytest.raises(SaveError) as caught:
        Game.from_json(text)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value)
    return caught.value


# ------------------------------------------------------------------ round trips

@pytest.mark.parametrize("preset", list(PRESETS))
def test_round_trip_at_many_points(preset):
    """000: the game is restored exactly after a refresh."""
    rng = random.Random(preset)
    game = Game.new(PRESETS[preset], seed=rng.randrange(1 << 40))
    for step in range(400):
        if step % 5 == 0 or game.phase is not Phase.PLAY:
            text = game.to_json()
            loaded = Game.from_json(text)
            assert loaded.to_json() == text
            assert (loaded.phase, loaded.turn, loaded.hands, loaded.scores, loaded.bags) == (
                game.phase, game.turn, game.hands, game.scores, game.bags)
            assert loaded.history == game.history and loaded.actions == game.actions
            assert loaded.legal_actions() == game.legal_actions()
        if game.phase is Phase.GAME_OVER:
            break
        game = game.apply(random_action(game, rng))


def test_round_trip_of_a_fixed_deal_and_stock():
    assert Game.from_json(TEXT).to_json() == TEXT
    assert RECORD["deal"] is not None and RECORD["dealer"] == 3
    duel = Game.new(PRESETS["duel"], seed=3, deal=[list(reversed(ALL_CARDS))], dealer=0)
    assert Game.from_json(duel.to_json()).hands == duel.hands
    assert Game.from_json(duel.to_json()).view(1).top_card == duel.view(1).top_card


def test_round_trip_of_a_custom_table():
    import dataclasses

    rules = dataclasses.replace(PRESETS["quick"], target=250, name="Mine", hand_cap=None)
    game = Game.new(rules, seed=4).apply(Bid(3))
    loaded = Game.from_json(game.to_json())
    assert loaded.rules == rules and loaded.to_json() == game.to_json()


# ------------------------------------------------------------------ saves of version 1

def _as_version_1(text: str) -> str:
    """A save as version 1 wrote it: the same, without the settings added since."""
    record = json.loads(text)
    record["version"] = 1
    for name in ADDED_IN:
        del record["rules"][name]
    return json.dumps(record, separators=(",", ":"))


@pytest.mark.parametrize("preset", [name for name in PRESETS if name != "duel"])
def test_a_version_1_save_still_loads(preset):
    """Saves written before ``lead_breaks_spades`` load with its default (True), the rule
    every table played by then; they re-save in today's version."""
    game = _played(preset, 3, 60)
    old = _as_version_1(game.to_json())
    assert "lead_breaks_spades" not in old
    loaded = Game.from_json(old)
    assert loaded.rules == game.rules and loaded.rules.lead_breaks_spades
    assert loaded.actions == game.actions and loaded.hands == game.hands
    assert loaded.to_json() == game.to_json()
    assert json.loads(loaded.to_json())["version"] == VERSION


def test_a_version_1_duel_save_keeps_the_rule_it_was_played_under():
    """Before version 2 a spade led broke spades at the Duel too: an old Duel save whose
    moves rely on it (a spade led after the forced spade lead) still loads, as that rule."""
    old_duel = dataclasses.replace(PRESETS["duel"], lead_breaks_spades=True)
    game = two_player_game(old_duel)
    for text in ("2S", "QS", "KS"):  # the KS lead: legal only under the old rule
        game = game.apply(Play(Card.parse(text)))
    old = _as_version_1(game.to_json())
    loaded = Game.from_json(old)
    assert loaded.rules == old_duel and loaded.rules.name == "Duel"
    assert loaded.actions == game.actions and loaded.spades_broken
    # Today's Duel save records the setting, and its moves follow today's rule.
    duel = two_player_game(PRESETS["duel"])
    assert Game.from_json(duel.to_json()).rules == PRESETS["duel"]


@pytest.mark.parametrize(
    "edit",
    ["version 2 without the setting", "version 1 with the setting", "version 1 claiming 3"],
)
def test_a_save_has_exactly_the_settings_of_its_version(edit):
    record = json.loads(TEXT)
    if edit == "version 2 without the setting":
        del record["rules"]["lead_breaks_spades"]
    elif edit == "version 1 with the setting":
        record["version"] = 1
    else:
        record = json.loads(_as_version_1(TEXT))
        record["version"] = 3
    _load_expecting_error(record)
    # A version-1 save with any other edit is refused like a current one.
    old = json.loads(_as_version_1(TEXT))
    old["state"]["scores"][0] += 10
    _load_expecting_error(old)


def test_a_loaded_game_plays_on_like_the_original():
    rng_a, rng_b = random.Random(1), random.Random(1)
    a, b = SAVED, Game.from_json(TEXT)
    for _ in range(60):
        a, b = a.apply(random_action(a, rng_a)), b.apply(random_action(b, rng_b))
    assert a.to_json() == b.to_json()


# ------------------------------------------------------------------ refused edits

def _edited(edit):
    record = copy.deepcopy(RECORD)
    edit(record)
    return record


def _set(path, value):
    def edit(record):
        node = record
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value(node[path[-1]]) if callable(value) else value
    return edit


def _hand(seat, change):
    return lambda record: change(record["deal"][seat], record)


EDITS = {
    "wrong version": _set(["version"], VERSION + 1),
    "version as text": _set(["version"], str(VERSION)),
    "wrong format": _set(["format"], "chess-game"),
    "no format": lambda r: r.pop("format"),
    "a card twice in the deal": lambda r: r["deal"][0].__setitem__(0, r["deal"][1][0]),
    "a card twice in one hand": lambda r: r["deal"][0].__setitem__(0, r["deal"][0][1]),
    "14 cards in a dealt hand": lambda r: r["deal"][0].append(r["deal"][1].pop()),
    "14 cards in a hand of the state": lambda r: r["state"]["hands"][0].append(
        r["state"]["hands"][1].pop()),
    "a card moved between hands of the state": lambda r: r["state"]["hands"][0].append(
        r["state"]["hands"][1].pop()) or r["state"]["hands"][1].append(
        r["state"]["hands"][0].pop(0)),
    "not a card": lambda r: r["deal"][0].__setitem__(0, "1S"),
    "a bid of 99": lambda r: r["actions"].__setitem__(0, "bid:99"),
    "a bid of -1": lambda r: r["actions"].__setitem__(0, "bid:-1"),
    "blind nil at classic": lambda r: r["actions"].__setitem__(0, "bid:blind"),
    "a card not held": lambda r: r["actions"].__setitem__(
        4, "play:" + r["deal"][1][0]),
    "an action that is not one": lambda r: r["actions"].__setitem__(4, "jump:AS"),
    "an action that is a number": lambda r: r["actions"].__setitem__(4, 7),
    "a move removed": lambda r: r["actions"].pop(),
    "a move added": lambda r: r["actions"].append("bid:3"),
    "a trick won by the wrong seat": lambda r: r["state"]["tricks"][0].__setitem__(
        2, (r["state"]["tricks"][0][2] + 1) % 4),
    "a trick led by the wrong seat": lambda r: r["state"]["tricks"][0].__setitem__(
        0, (r["state"]["tricks"][0][0] + 1) % 4),
    "a number where the moves belong": _set(["actions"], 5),
    "a number where a hand belongs": lambda r: r["state"]["hands"].__setitem__(0, 13),
    "a number where the deal belongs": _set(["deal"], 52),
    "a list where the seed belongs": _set(["seed"], [5]),
    "a float seed": _set(["seed"], 5.0),
    "a boolean seed": _set(["seed"], True),
    "a huge seed": _set(["seed"], 2**70),

    "a dealer off the table": _set(["dealer"], 4),
    "another dealer": _set(["dealer"], 0),
    "an unknown key": lambda r: r.__setitem__("cheat", True),
    "an unknown rules key": lambda r: r["rules"].__setitem__("jokers", 2),
    "a missing rules key": lambda r: r["rules"].pop("target"),
    "an unknown state key": lambda r: r["state"].__setitem__("note", "hi"),
    "a rules value of the wrong type": _set(["rules", "target"], "500"),
    "a bad rules value": _set(["rules", "players"], 3),
    "a changed score": _set(["state", "scores"], lambda s: [s[0] + 10, s[1]]),
    "changed bags": _set(["state", "bags"], lambda s: [s[0] + 1, s[1]]),
    "a changed bid in the state": _set(["state", "bids"], lambda b: [b[1], *b[1:]]),
    "a changed turn": _set(["state", "turn"], lambda t: (t + 1) % 4),
    "a winner declared": _set(["state", "winner"], 0),
    "a changed phase": _set(["state", "phase"], "bid"),
    "a two-player table": _set(["rules"], PRESETS["duel"].to_dict()),
    "the state as a list": _set(["state"], []),
    "the whole save a list": lambda r: r.clear(),
}


@pytest.mark.parametrize("edit", list(EDITS), ids=list(EDITS))
def test_edited_save_is_refused(edit):
    record = _edited(EDITS[edit])
    assert json.dumps(record) != json.dumps(RECORD)
    _load_expecting_error(record if edit != "the whole save a list" else [])


def test_another_seed_is_refused_when_it_changes_the_cards():
    """Without a fixed deal the cards come from the seed: a changed seed no longer matches
    the moves or the state.  (With a fixed first deal the seed only decides later hands,
    which a save cannot check.)"""
    game = _played("classic", 12, 30)
    record = json.loads(game.to_json())
    record["seed"] += 1
    _load_expecting_error(record)


@pytest.mark.parametrize(
    "text",
    [TEXT[: len(TEXT) // 2], TEXT[:-1], "", "hello", "null", "[]", "{}", "42", '"a save"',
     TEXT.replace('"', "'"), TEXT + "x", " " + TEXT, TEXT.replace(",", ", "),
     "[" * 100_000, "1" * 5000, json.dumps({"format": FORMAT}),
     json.dumps({"format": FORMAT, "version": VERSION})],
    ids=["truncated", "one char short", "empty", "not JSON", "null", "list", "empty object",
         "number", "string", "single quotes", "trailing junk", "leading space",
         "reformatted", "deep nesting", "huge number", "format only", "no parts"],
)
def test_unreadable_text_is_refused(text):
    _load_expecting_error(text)


@pytest.mark.parametrize("thing", [None, b"{}", 5, ["x"]])
def test_a_save_must_be_text(thing):
    with pytest.raises(SaveError):
        Game.from_json(thing)  # type: ignore[arg-type]


# ------------------------------------------------------------------ fuzz

def _check_mutant(text: str) -> bool:
    """Only SaveError may come out; whatever loads re-saves identically (a version-1
    save, in today's version)."""
    try:
        game = Game.from_json(text)
    except SaveError:
        return False
    if json.loads(text)["version"] == 1:
        assert _as_version_1(game.to_json()) == text
    else:
        assert game.to_json() == text
    return True


ALPHABET = '0123456789,:[]{}"-.eE ntrufalsbidpyACDHSKQJ\\'


def test_fuzz_character_edits():
    rng = random.Random("characters")
    loaded = 0
    for _ in range(2500):
        chars = list(rng.choice(BASES))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(chars))
            op = rng.randrange(4)
            if op == 0:
                del chars[at]
            elif op == 1:
                chars.insert(at, rng.choice(ALPHABET))
            elif op == 2:
                chars[at] = rng.choice(ALPHABET)
            else:
                wide = rng.random() < 0.1
                chars[at] = chr(rng.randrange(0x110000 if wide else 128))
        loaded += _check_mutant("".join(chars))
    assert loaded < 2500


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _random_value(rng: random.Random, original, depth: int = 0):
    choice = rng.randrange(14)
    if choice == 0:
        return None
    if choice == 1:
        return rng.random() < 0.5
    if choice == 2:
        return rng.randint(-3, 60)
    if choice == 3:
        return rng.choice([2**63, -(2**63), 10**30, 1.5, -0.0, 1e308])
    if choice == 4:
        return rng.choice(["", "x", "QS", "10H", "bid:3", "play:AS", "bid:blind", "draw:keep",
                           "pass:2C,3C,4C", "replace:", "play", FORMAT, "play:QS,KS"])
    if choice == 5 and depth < 2:
        return [_random_value(rng, None, depth + 1) for _ in range(rng.randrange(4))]
    if choice == 6 and depth < 2:
        return {rng.choice(["a", "format", "hands"]): _random_value(rng, None, depth + 1)}
    if choice == 7 and isinstance(original, int) and not isinstance(original, bool):
        return original + rng.choice([-1, 1, 13, -13])
    if choice == 8 and isinstance(original, int) and not isinstance(original, bool):
        return float(original)
    if choice == 9 and isinstance(original, list) and original:
        items = list(original)
        rng.shuffle(items)
        return items
    if choice == 10 and isinstance(original, list) and original:
        return original[:-1]
    if choice == 11 and isinstance(original, list) and original:
        return [*original, rng.choice(original)]
    if choice == 12 and isinstance(original, str):
        return original.lower()
    if choice == 13 and isinstance(original, bool):
        return int(original)
    return rng.choice(["QS", 0, [], {}, True])


def test_fuzz_json_value_replacements():
    rng = random.Random("values")
    records = [json.loads(text) for text in BASES]
    loaded = 0
    for _ in range(2500):
        record = copy.deepcopy(rng.choice(records))
        for _ in range(rng.randint(1, 2)):
            path = rng.choice(list(_paths(record))[1:])
            node = record
            for key in path[:-1]:
                node = node[key]
            if isinstance(node, dict) and rng.random() < 0.1:
                node.pop(path[-1])
            else:
                node[path[-1]] = _random_value(rng, node[path[-1]])
        loaded += _check_mutant(json.dumps(record, separators=(",", ":")))
    assert loaded < 2500


json_st = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_st)
def test_fuzz_random_json_documents(document):
    _check_mutant(json.dumps(document))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({
    "format": st.just(FORMAT), "version": st.just(VERSION),
    "rules": st.sampled_from([r.to_dict() for r in PRESETS.values()]) | json_st,
    "seed": st.integers(), "dealer": st.integers(-1, 4),
    "deal": st.none() | json_st,
    "actions": st.lists(st.sampled_from(
        ["bid:3", "bid:0", "bid:blind", "bid:13", "draw:keep", "draw:discard", "play:2C",
         "play:AS", "pass:2C,3C,4C", "replace:"]), max_size=8) | json_st,
    "state": json_st,
}))
def test_fuzz_random_saves_with_the_right_parts(record):
    _check_mutant(json.dumps(record))


@pytest.mark.parametrize("rules", [*PRESETS.values(),
                                   dataclasses.replace(PRESETS["classic"], target=250),
                                   dataclasses.replace(PRESETS["quick"], hand_cap=None)])
def test_read_rules_reads_what_to_dict_writes(rules: object) -> None:
    """A table sent online (four at the table: a custom table's settings) reads back as
    the same table."""
    from spades.saves import read_rules

    assert isinstance(rules, type(PRESETS["classic"]))
    assert read_rules(json.loads(json.dumps(rules.to_dict()))) == rules


@pytest.mark.parametrize("hostile", [
    None, [], "classic", {}, {"target": 250},
    {**PRESETS["classic"].to_dict(), "extra": 1},
    {**PRESETS["classic"].to_dict(), "target": "500"},
    {**PRESETS["classic"].to_dict(), "target": True},
    {**PRESETS["classic"].to_dict(), "target": -5},
    {**PRESETS["classic"].to_dict(), "players": 3},
    {**PRESETS["classic"].to_dict(), "blind_nil": 1},
    {**PRESETS["classic"].to_dict(), "name": ["Classic"]},
])
def test_read_rules_refuses_what_a_hostile_page_may_send(hostile: object) -> None:
    from spades.saves import read_rules

    with pytest.raises(SaveError):
        read_rules(hostile)
