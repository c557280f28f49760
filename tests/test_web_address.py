"""The page's address (web/address.py): anything someone can send is bounded first."""

from __future__ import annotations

import pytest
from address import MAX_SEED, PARAMETERS, read_address, whole_number
from hypothesis import given
from hypothesis import strategies as st


def read(**params: str) -> object:
    return read_address(params.get)


def test_a_plain_link_is_read() -> None:
    address = read(seed="1001", table="duel", level="expert", speed="fast", lang="de",
                   clock="30", par="200")
    assert (address.seed, address.table, address.level, address.speed, address.lang,
            address.clock, address.par, address.ignored) == (
        1001, "duel", "expert", "fast", "de", 30, 200, ())
    assert address.linked


def test_the_coachs_marks_may_wait_for_a_review() -> None:
    assert read(coach="0").coach == 0 and read(coach="1").coach == 1
    assert read().coach is None
    for text in ("2", "no", "00", "-0"):
        assert read(coach=text).ignored == ("coach",)


def test_nothing_asked() -> None:
    address = read()
    assert address.seed is None and address.ignored == () and not address.linked


@pytest.mark.parametrize("text", [
    "9" * 60_000, str(2**63), "-5", " 7", "7 ", "1e9", "\u00b2", "\u0663", "\u202e1",
    "1\u200f2", "", "0x10", "+3"])
def test_a_seed_that_is_not_a_deal_number_is_ignored(text: str) -> None:
    address = read(seed=text)
    assert address.seed is None and address.ignored == ("seed",)


def test_the_largest_seed_a_save_holds() -> None:
    assert read(seed=str(MAX_SEED)).seed == MAX_SEED == 2**63 - 1


@pytest.mark.parametrize("name", ["table", "level", "speed", "lang"])
@pytest.mark.parametrize("text", ["\u202eexpert", "EXPERT", "expert\u0000", "x" * 20_000,
                                  "<b>duel</b>", "constructor", "__proto__"])
def test_a_choice_that_is_not_one_is_ignored(name: str, text: str) -> None:
    assert read(**{name: text}).ignored == (name,)


@given(st.text(max_size=40))
def test_any_text_in_any_parameter_reads(text: str) -> None:
    for name in PARAMETERS:
        address = read(**{name: text})
        assert getattr(address, name) is None or name not in address.ignored


@pytest.mark.parametrize(("name", "text", "value"), [
    ("workers", "1", 1), ("workers", "4", 4), ("workers", "0", None), ("workers", "5", None),
    ("workers", "99999999999", None), ("think", "1", 1), ("think", "60", 60),
    ("think", "0", None), ("think", "61", None), ("think", "1.5", None)])
def test_expert_measuring_parameters_are_bounded(name: str, text: str,
                                                 value: int | None) -> None:
    address = read(**{name: text})
    assert getattr(address, name) == value
    assert address.ignored == (() if value is not None else (name,))
    assert not address.linked  # they change no deal


def test_whole_number_bounds() -> None:
    assert whole_number("0", 10) == 0
    assert whole_number("11", 10) is None
    assert whole_number("0", 10, smallest=1) is None
    assert whole_number(None, 10) is None


def test_a_room_link_and_a_loopback_relay_are_read() -> None:
    address = read(online="abcd-efgh", relay="ws://127.0.0.1:8123")
    assert (address.online, address.relay, address.ignored) == (
        "ABCD-EFGH", "ws://127.0.0.1:8123", ())
    assert not address.linked  # (the room's game is the inviting page's, not a deal)


def test_a_bad_room_code_or_a_remote_relay_is_left_out() -> None:
    address = read(online="nope", relay="wss://tracker.example.org")
    assert address.online is None and address.relay is None
    assert address.ignored == ("online", "relay")
