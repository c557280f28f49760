"""The Custom table form (web/custom.py): its fields, reading the form's raw strings into
a table, and saying in words what is wrong."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import custom  # noqa: E402
import i18n  # noqa: E402
from custom import FORM, fields_for, form_values, is_custom, parse, table_name  # noqa: E402

from spades import PRESETS, Rules  # noqa: E402

CLASSIC = PRESETS["classic"]
DUEL = PRESETS["duel"]
FOUR = [key for key, rules in PRESETS.items() if rules.players == 4]
TWO = [key for key, rules in PRESETS.items() if rules.players == 2]
NUMBER_FIELDS = {"target": (100, 1000), "hand_cap": (5, 50), "bag_limit": (5, 20),
                 "bag_penalty": (50, 200)}


def form(base: Rules = CLASSIC, /, **changes: str) -> dict[str, str]:
    return {**form_values(base), **changes}


def field(name: str, players: int = 4) -> custom.Field:
    return next(f for f in fields_for(players) if f.name == name)


# ---------------------------------------------------------------- the fields


def test_four_and_two_player_fields() -> None:
    four = [f.name for f in fields_for(4)]
    two = [f.name for f in fields_for(2)]
    assert four == ["target", "floor", "hand_cap", "nil", "blind_nil",
                    "nil_tricks_count_for_partner", "bag_limit", "bag_penalty"]
    assert two == [name for name in four if name != "nil_tricks_count_for_partner"]
    assert field("blind_nil", 4).label == "Blind Nil allowed"
    assert field("blind_nil", 2).label == "Double Nil allowed"
    assert set(form_values(DUEL)) == set(two)
    assert set(form_values(CLASSIC)) == set(four)


def test_every_field_says_what_it_is() -> None:
    for players in (2, 4):
        for f in fields_for(players):
            assert f.shown == f.label  # English: the label itself
            assert f.error and f.kind in ("number", "number_or_none", "choice", "switch")
            if f.kind in ("number", "number_or_none"):
                assert (f.low, f.high) == NUMBER_FIELDS[f.name]
                assert str(f.low) in f.message() and str(f.high) in f.message()
            if f.kind in ("choice", "number_or_none"):
                assert f.none_label
    floor = field("floor")
    assert floor.choices == ("none", "-100", "-200", "-300", "-400", "-500")
    assert floor.option_label("none") == "No losing score"
    assert floor.option_label("-200") == "\u2212200"


def test_every_preset_is_inside_the_ranges() -> None:
    for key, rules in PRESETS.items():
        assert parse(form_values(rules), rules) == (rules, {}), key


# ---------------------------------------------------------------- reading the form


def test_the_form_changes_the_table_and_keeps_the_rest() -> None:
    rules, errors = parse(form(target="250", floor="-300", hand_cap="12", nil="on",
                               blind_nil="on", nil_tricks_count_for_partner="on",
                               bag_limit="7", bag_penalty="150"), CLASSIC)
    assert errors == {}
    assert rules == replace(CLASSIC, target=250, floor=-300, hand_cap=12, blind_nil=True,
                            nil_tricks_count_for_partner=True, bag_limit=7, bag_penalty=150)
    assert rules is not None and rules.name == "Classic"


def test_the_two_player_form_keeps_the_table_s_own_settings() -> None:
    values = form(DUEL, target="400", blind_nil="on")
    values["nil_tricks_count_for_partner"] = "on"  # not a field at two players: ignored
    rules, errors = parse(values, DUEL)
    assert errors == {}
    assert rules == replace(DUEL, target=400, blind_nil=True)
    assert rules is not None
    assert (rules.players, rules.clock_seconds, rules.name) == (2, 15, "Duel")
    assert not rules.nil_tricks_count_for_partner


def test_a_missing_checkbox_is_off_and_none_means_none() -> None:
    values = form(PRESETS["quick"], floor="none", hand_cap="none")
    for name in ("nil", "nil_tricks_count_for_partner"):
        del values[name]
    values["blind_nil"] = "off"
    rules, errors = parse(values, PRESETS["quick"])
    assert errors == {}
    assert rules is not None
    assert (rules.floor, rules.hand_cap, rules.nil, rules.blind_nil,
            rules.nil_tricks_count_for_partner) == (None, None, False, False, False)


def test_spaces_around_a_number_are_forgiven() -> None:
    rules, errors = parse(form(target=" 300\t", hand_cap=" none ", floor=" -100"), CLASSIC)
    assert errors == {} and rules is not None
    assert (rules.target, rules.hand_cap, rules.floor) == (300, None, -100)


@pytest.mark.parametrize(("name", "bounds"), NUMBER_FIELDS.items())
def test_each_number_field_s_bounds(name: str, bounds: tuple[int, int]) -> None:
    low, high = bounds
    for value in (low, high, (low + high) // 2):
        rules, errors = parse(form(**{name: str(value)}), CLASSIC)
        assert errors == {} and getattr(rules, name) == value
    message = field(name).message()
    for value in (low - 1, high + 1, 0, -low):
        assert parse(form(**{name: str(value)}), CLASSIC) == (None, {name: message})


def test_the_messages_are_whole_sentences() -> None:
    assert field("target").message() == "The target score is a whole number from 100 to 1000."
    assert field("hand_cap").message() == (
        "The hand limit is a whole number from 5 to 50, or no limit.")
    assert field("bag_limit").message() == (
        "The number of bags before a penalty is a whole number from 5 to 20.")
    assert field("bag_penalty").message() == (
        "The bag penalty is a whole number of points from 50 to 200.")
    assert field("floor").message() == "Choose a losing score from the list."
    assert field("nil").message() == "This setting is either on or off."


GARBAGE = [
    "", " ", "none", "abc", "5OO", "12.0", "12.5", "1e2", "0x10", "+200", "-0", "−200",
    "200-", "2 00", "1_000", "١٠٠", "５００", "२००", "𝟓𝟎𝟎", "9" * 25, "9" * 10_000,
    "200\x00", "Infinity", "NaN",
]


@pytest.mark.parametrize("text", GARBAGE)
@pytest.mark.parametrize("name", ["target", "bag_limit", "bag_penalty"])
def test_garbage_in_a_number_field_is_an_error(name: str, text: str) -> None:
    assert parse(form(**{name: text}), CLASSIC) == (None, {name: field(name).message()})


@pytest.mark.parametrize("text", [t for t in GARBAGE if t.strip() != "none"] + ["None", "-"])
def test_garbage_in_the_hand_limit_is_an_error(text: str) -> None:
    assert parse(form(hand_cap=text), CLASSIC) == (None, {"hand_cap": field("hand_cap").message()})


@pytest.mark.parametrize("text", ["", "0", "-0", "-150", "-600", "100", "200", "−200", "None",
                                  "-200.0", "-1e2", "garbage"])
def test_a_losing_score_not_in_the_list_is_an_error(text: str) -> None:
    assert parse(form(floor=text), CLASSIC) == (None, {"floor": field("floor").message()})


@pytest.mark.parametrize("text", ["", "yes", "true", "1", "ON", "checked", " on"])
def test_a_switch_is_on_or_off(text: str) -> None:
    assert parse(form(blind_nil=text), CLASSIC) == (
        None, {"blind_nil": "This setting is either on or off."})


def test_values_of_other_types_are_errors() -> None:
    values: dict[str, object] = {**form_values(CLASSIC), "target": 500, "floor": None,
                                 "hand_cap": ["none"], "nil": True}
    rules, errors = parse(values, CLASSIC)
    assert rules is None
    assert set(errors) == {"target", "floor", "hand_cap", "nil"}


def test_a_missing_field_is_an_error_and_every_bad_field_is_told() -> None:
    rules, errors = parse({}, CLASSIC)
    assert rules is None
    assert set(errors) == {"target", "floor", "hand_cap", "bag_limit", "bag_penalty"}
    rules, errors = parse(form(target="0", bag_limit="x", bag_penalty="1000"), CLASSIC)
    assert rules is None and set(errors) == {"target", "bag_limit", "bag_penalty"}


def test_blind_nil_and_the_partner_rule_need_nil() -> None:
    rules, errors = parse(form(PRESETS["blind-nil"], nil="off"), PRESETS["blind-nil"])
    assert rules is None
    assert errors == {"blind_nil": (
        "Blind Nil is a Nil bid: allow Nil bids too, or turn Blind Nil off.")}
    rules, errors = parse(form(PRESETS["quick"], nil="off"), PRESETS["quick"])
    assert rules is None and set(errors) == {"nil_tricks_count_for_partner"}
    two = PRESETS["two-handed"]
    rules, errors = parse(form(two, nil="off"), two)
    assert errors == {"blind_nil": (
        "Double Nil is a Nil bid: allow Nil bids too, or turn Double Nil off.")}
    rules, errors = parse(form(nil="off"), CLASSIC)  # Nil off on its own is a fine table
    assert errors == {} and rules == replace(CLASSIC, nil=False)


def test_the_engine_s_own_refusal_is_said_in_words() -> None:
    broken = Rules()
    object.__setattr__(broken, "players", 3)  # a table the engine refuses (Rules checks)
    rules, errors = parse(form_values(CLASSIC), broken)
    assert rules is None
    assert errors == {FORM: "The game cannot play a table with these settings."}


def test_the_engine_s_refusal_of_any_setting_is_said_in_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Rules) -> None:
        raise ValueError("bad rules: the engine says no")

    monkeypatch.setattr(Rules, "__post_init__", refuse)
    assert parse(form_values(CLASSIC), CLASSIC) == (
        None, {FORM: "The game cannot play a table with these settings."})


def test_a_form_of_an_odd_shape_never_raises() -> None:
    class Exploding(dict[str, str]):
        def get(self, key: object, default: object = None) -> str:
            raise RuntimeError("a strange form")

    rules, errors = parse(Exploding(), CLASSIC)
    assert rules is None and set(errors) == {FORM}


# ---------------------------------------------------------------- round trips


rules_in_range = st.builds(
    lambda base, target, floor, cap, nil, blind, partner, limit, penalty: replace(
        base, target=target, floor=floor, hand_cap=cap, nil=nil, blind_nil=blind and nil,
        nil_tricks_count_for_partner=partner and nil and base.players == 4,
        bag_limit=limit, bag_penalty=penalty),
    st.sampled_from(list(PRESETS.values())), st.integers(100, 1000),
    st.sampled_from([None, -100, -200, -300, -400, -500]),
    st.none() | st.integers(5, 50), st.booleans(), st.booleans(), st.booleans(),
    st.integers(5, 20), st.integers(50, 200))


@given(rules_in_range)
def test_form_values_then_parse_gives_back_the_same_table(rules: Rules) -> None:
    values = form_values(rules)
    assert all(isinstance(value, str) for value in values.values())
    assert parse(values, rules) == (rules, {})
    base = next(p for p in PRESETS.values() if p.name == rules.name)
    assert parse(values, base) == (rules, {})  # from the preset the form was opened on


text = st.text(max_size=30) | st.sampled_from(
    ["on", "off", "none", "-100", "-0", "10", "500", "24", "1e3", "٥٠٠", "9" * 400])
keys = st.sampled_from([f.name for f in fields_for(4)]) | st.text(max_size=10)


@settings(max_examples=400)
@given(st.dictionaries(keys, text), st.sampled_from(list(PRESETS.values())))
def test_parse_never_raises(values: dict[str, str], base: Rules) -> None:
    rules, errors = parse(values, base)
    assert (rules is None) == bool(errors)
    assert all(isinstance(message, str) and message for message in errors.values())
    if rules is not None:
        assert parse(form_values(rules), base) == (rules, {})
        assert (rules.name, rules.players) == (base.name, base.players)


@given(st.dictionaries(keys, st.one_of(st.none(), st.integers(), st.floats(), st.booleans(),
                                        st.binary(max_size=8), st.lists(st.text(max_size=3)),
                                        text)))
def test_parse_never_raises_on_values_of_any_type(values: dict[str, object]) -> None:
    rules, errors = parse(values, CLASSIC)
    assert (rules is None) == bool(errors)


# ---------------------------------------------------------------- the name


def test_a_custom_table_keeps_its_name_and_is_marked() -> None:
    for key, rules in PRESETS.items():
        assert not is_custom(rules), key
        assert table_name(rules) == rules.name
    changed, _ = parse(form(target="250"), CLASSIC)
    assert changed is not None and changed.name == "Classic"
    assert is_custom(changed)
    assert table_name(changed) == "Classic (custom)"
    same, _ = parse(form_values(CLASSIC), CLASSIC)
    assert same is not None and not is_custom(same)
    # Classic changed into Blind Nil's settings is still a changed Classic table.
    blind, _ = parse(form(blind_nil="on"), CLASSIC)
    assert blind is not None and is_custom(blind)
    assert table_name(blind) == "Classic (custom)"


def test_the_words_come_through_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    class Marked:
        def gettext(self, message: str) -> str:
            return f"«{message}»"

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return f"«{singular if n == 1 else plural}»"

    monkeypatch.setattr(i18n, "translations", lambda: Marked())
    rules, errors = parse(form(target="5", nil="maybe"), CLASSIC)
    assert rules is None
    assert errors == {"target": "«The target score is a whole number from 100 to 1000.»",
                      "nil": "«This setting is either on or off.»"}
    assert field("target").shown == "«Target score»"
    assert field("hand_cap").option_label("none") == "«No hand limit»"
    changed, _ = parse(form(target="250"), CLASSIC)
    assert changed is not None and table_name(changed) == "««Classic» (custom)»"
