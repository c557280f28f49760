"""The decision clock (web/clock.py): times in milliseconds given by the test, as the page
gives ``performance.now()``."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from clock import (  # noqa: E402
    MAX_SECONDS,
    PAUSED,
    Clock,
    clock_for,
    clock_from_dict,
    clock_seconds,
    decision_key,
    override_from_query,
)

from spades import PRESETS, Game  # noqa: E402

T0 = 123_456.25
"""The page's clock is never at 0 when a decision begins (a time written exactly in
binary, so that the sums of the tests are exact)."""


def fresh(seconds: int = 15, now: float = T0) -> Clock:
    return Clock.start("d1", seconds, now)


# ---------------------------------------------------------------- counting down


def test_a_fresh_clock_counts_down_from_its_limit() -> None:
    clock = fresh()
    assert clock.running and clock.limit_ms == 15_000
    assert clock.left(T0) == 15_000
    assert clock.seconds_shown(T0) == 15
    assert clock.left(T0 + 2_500) == 12_500
    assert clock.seconds_shown(T0 + 2_500) == 13  # rounded up: 12.5 s shows 13
    assert clock.seconds_shown(T0 + 1) == 15
    assert clock.seconds_shown(T0 + 1_000) == 14
    assert clock.seconds_shown(T0 + 14_999) == 1
    assert clock.left(T0 - 500) == 15_000  # a time before the start counts as the start


def test_expiry_is_exactly_at_the_limit() -> None:
    clock = fresh()
    assert not clock.expired(T0 + 14_999.999)
    assert clock.expired(T0 + 15_000)
    assert clock.seconds_shown(T0 + 15_000) == 0
    assert clock.left(T0 + 99_000) == 0  # never below zero
    assert clock.expired(T0 + 99_000)


def test_the_warning_is_the_last_five_seconds() -> None:
    clock = fresh()
    assert not clock.warning(T0)
    assert not clock.warning(T0 + 9_999)
    assert clock.warning(T0 + 10_000)  # 5 s left
    assert clock.warning(T0 + 14_000)
    assert clock.warning(T0 + 15_000)  # still red at 0


def test_start_refuses_a_bad_length() -> None:
    for seconds in (0, -1, MAX_SECONDS + 1):
        with pytest.raises(ValueError):
            Clock.start("d", seconds, T0)
    with pytest.raises(ValueError):
        Clock.start("d", True, T0)  # a bool is not a number of seconds


# ---------------------------------------------------------------- pausing


def test_pause_keeps_the_time_left_and_resume_goes_on_from_it() -> None:
    clock = fresh().pause(T0 + 4_000)
    assert not clock.running
    assert clock.left(T0 + 4_000) == clock.left(T0 + 500_000) == 11_000  # held: no time passes
    clock = clock.resume(T0 + 60_000)
    assert clock.running
    assert clock.left(T0 + 60_000) == 11_000
    assert clock.left(T0 + 63_000) == 8_000
    assert clock.expired(T0 + 71_000) and not clock.expired(T0 + 70_999)


def test_pausing_twice_or_resuming_a_running_clock_changes_nothing() -> None:
    clock = fresh()
    assert clock.resume(T0 + 1_000) == clock
    held = clock.pause(T0 + 1_000)
    assert held.pause(T0 + 5_000) == held


def test_the_clock_runs_only_when_no_reason_holds_it() -> None:
    clock = fresh().pause(T0 + 1_000, "hidden").pause(T0 + 2_000, "help")
    assert clock.holds == {"hidden", "help"}
    clock = clock.resume(T0 + 3_000, "help")  # Help closed, but the tab is still hidden
    assert not clock.running and clock.left(T0 + 9_000) == 14_000
    clock = clock.resume(T0 + 10_000, "hidden")
    assert clock.running and clock.left(T0 + 11_000) == 13_000
    assert clock.resume(T0 + 12_000, "never held by this") == clock


def test_a_clock_can_start_held() -> None:
    clock = Clock.start("friend", 15, T0, frozenset({"ready"}))  # waiting for a friend's tap
    assert not clock.running and clock.left(T0 + 30_000) == 15_000
    clock = clock.resume(T0 + 30_000, "ready")
    assert clock.left(T0 + 31_000) == 14_000


def test_a_clock_runs_exactly_when_nothing_holds_it() -> None:
    with pytest.raises(ValueError):
        Clock("d", 15_000, 15_000.0, None, frozenset())
    with pytest.raises(ValueError):
        Clock("d", 15_000, 15_000.0, T0, frozenset({PAUSED}))
    with pytest.raises(ValueError):
        Clock("d", 15_000, 16_000.0, T0)


# ---------------------------------------------------------------- "5 seconds", once


def announcements(clock: Clock, times: list[float]) -> list[float]:
    said = []
    for now in times:
        clock, say = clock.announce_five(now)
        if say:
            said.append(now)
    return said


def test_five_seconds_is_said_once_when_the_clock_crosses_it() -> None:
    ticks = [T0 + ms for ms in range(0, 16_000, 250)]
    assert announcements(fresh(), ticks) == [T0 + 10_000]


def test_five_seconds_is_said_once_across_a_pause() -> None:
    clock, say = fresh().announce_five(T0 + 11_000)
    assert say
    clock = clock.pause(T0 + 11_500).resume(T0 + 20_000)
    assert announcements(clock, [T0 + 20_000 + ms for ms in range(0, 5_000, 100)]) == []


def test_five_seconds_is_said_within_the_window_even_after_a_missed_tick() -> None:
    # A tick came at 6 s left, the next one (a slow frame) at 3 s left: still said, once.
    assert announcements(fresh(), [T0 + 9_000, T0 + 12_000, T0 + 12_100]) == [T0 + 12_000]


def test_five_seconds_is_not_said_past_the_end_nor_on_a_short_clock() -> None:
    assert announcements(fresh(), [T0 + 1_000, T0 + 16_000, T0 + 17_000]) == []
    assert announcements(fresh(seconds=3), [T0 + ms for ms in range(0, 4_000, 100)]) == []
    assert announcements(fresh(seconds=5), [T0 + ms for ms in range(0, 6_000, 100)]) == []
    assert announcements(fresh(seconds=6), [T0 + ms for ms in range(0, 7_000, 100)]) == [
        T0 + 1_000]


def test_a_paused_clock_never_crosses_five_seconds() -> None:
    clock = fresh().pause(T0 + 9_000)
    assert announcements(clock, [T0 + 9_000 + ms for ms in range(0, 60_000, 500)]) == []


# ---------------------------------------------------------------- saving


def test_a_saved_clock_comes_back_with_the_time_that_was_left() -> None:
    clock = fresh().pause(T0 + 100, "hidden").resume(T0 + 200, "hidden")
    data = json.loads(json.dumps(clock.to_dict(T0 + 6_200)))  # as stored: through JSON
    assert data == {"decision": "d1", "limit_ms": 15_000, "left_ms": 8_900, "warned": False}
    restored = clock_from_dict(data)
    # After a reload performance.now() starts again near 0: the restored clock is held
    # until the table shows, then runs from the time that was left, not a fresh 15 s.
    assert not restored.running and restored.holds == {PAUSED}
    assert restored.left(50.0) == 8_900
    restored = restored.resume(50.0)
    assert restored.left(1_050.0) == 7_900
    assert restored.seconds_shown(1_050.0) == 8
    assert restored.decision == "d1" and restored.limit_ms == 15_000


def test_a_saved_clock_rounds_the_time_left_up_and_remembers_the_warning() -> None:
    clock, said = fresh().announce_five(T0 + 11_000.4)
    assert said
    data = clock.to_dict(T0 + 11_000.4)
    assert data["left_ms"] == 4_000 and data["warned"] is True
    restored = clock_from_dict(data).resume(0.0)
    assert restored.announce_five(100.0) == (restored, False)  # never said twice
    assert fresh().to_dict(T0 + 99_000)["left_ms"] == 0  # an expired one


def test_an_expired_clock_round_trips() -> None:
    restored = clock_from_dict(fresh().to_dict(T0 + 20_000))
    assert restored.expired(0.0) and restored.resume(0.0).expired(0.0)


@given(st.integers(1, MAX_SECONDS), st.floats(0, 5_000_000), st.floats(0, 5_000_000))
def test_any_saved_clock_round_trips(seconds: int, since: float, elapsed: float) -> None:
    clock = Clock.start("key", seconds, since)
    data = clock.to_dict(since + elapsed)
    restored = clock_from_dict(json.loads(json.dumps(data)))
    assert restored.limit_ms == clock.limit_ms
    assert restored.left(0.0) == math.ceil(clock.left(since + elapsed))
    assert restored.to_dict(0.0) == data


GOOD = {"decision": "d1", "limit_ms": 15_000, "left_ms": 9_100, "warned": False}


@pytest.mark.parametrize("data", [
    None, [], "clock", 15, [GOOD],
    {},
    {**GOOD, "decision": 7},
    {**GOOD, "decision": None},
    {**GOOD, "decision": "x" * 201},
    {**GOOD, "limit_ms": "15000"},
    {**GOOD, "limit_ms": 15_000.0},
    {**GOOD, "limit_ms": True},
    {**GOOD, "limit_ms": 0},
    {**GOOD, "limit_ms": -15_000},
    {**GOOD, "limit_ms": 15_001},
    {**GOOD, "limit_ms": (MAX_SECONDS + 1) * 1000},
    {**GOOD, "limit_ms": 10**400},
    {**GOOD, "left_ms": None},
    {**GOOD, "left_ms": "9100"},
    {**GOOD, "left_ms": True},
    {**GOOD, "left_ms": -1},
    {**GOOD, "left_ms": -0.001},
    {**GOOD, "left_ms": 15_001},
    {**GOOD, "left_ms": 10**400},
    {**GOOD, "left_ms": float("nan")},
    {**GOOD, "left_ms": float("inf")},
    {**GOOD, "left_ms": float("-inf")},
    {**GOOD, "warned": 0},
    {**GOOD, "warned": "false"},
    {key: value for key, value in GOOD.items() if key != "warned"},
])
def test_a_hostile_saved_clock_is_refused(data: object) -> None:
    with pytest.raises(ValueError):
        clock_from_dict(data)


def test_hostile_json_is_refused() -> None:
    for text in ('{"decision":"d","limit_ms":15000,"left_ms":NaN,"warned":false}',
                 '{"decision":"d","limit_ms":15000,"left_ms":1e999,"warned":false}',
                 '{"decision":"d","limit_ms":15000,"left_ms":-0.0001,"warned":false}'):
        with pytest.raises(ValueError):
            clock_from_dict(json.loads(text))
    assert clock_from_dict(json.loads(
        '{"decision":"d","limit_ms":15000,"left_ms":-0.0,"warned":false}')).left(0) == 0


# ---------------------------------------------------------------- which decision


def test_a_clock_applies_only_to_its_own_decision() -> None:
    restored = clock_from_dict(GOOD)
    # The same decision after a reload: the time that was left.
    same = clock_for(restored, "d1", 15, 10.0)
    assert same is restored and same.left(10.0) == 9_100
    # Another decision (or another length): a fresh clock, held as the old one was.
    other = clock_for(restored, "d2", 15, 10.0)
    assert other.decision == "d2" and other.left(10.0) == 15_000
    assert other.holds == restored.holds
    assert clock_for(restored, "d1", 20, 10.0).limit_ms == 20_000
    running = clock_for(None, "d3", 15, 10.0)
    assert running.running and running.left(1_010.0) == 14_000
    assert clock_for(running, "d4", 15, 2_000.0).running


def test_the_decision_key_changes_with_every_move() -> None:
    game = Game.new(PRESETS["duel"], seed=5)
    keys = set()
    for _ in range(12):
        key = decision_key(game)
        assert key == decision_key(game) and len(key) <= 200
        keys.add(key)
        game = game.apply(game.legal_actions()[0])
    assert len(keys) == 12
    assert decision_key(Game.new(PRESETS["duel"], seed=6)) not in keys


# ---------------------------------------------------------------- whether it applies


def test_the_clock_applies_at_a_table_with_one_when_the_player_has_it_on() -> None:
    assert clock_seconds(15, True, None) == 15
    assert clock_seconds(15, False, None) is None  # Options: Clock off
    assert clock_seconds(None, True, None) is None  # a table without a clock
    assert clock_seconds(PRESETS["duel"].clock_seconds, True, None) == 15
    assert clock_seconds(PRESETS["classic"].clock_seconds, True, None) is None


def test_the_test_override_changes_the_length_only() -> None:
    assert clock_seconds(15, True, 3) == 3
    assert clock_seconds(15, True, MAX_SECONDS) == MAX_SECONDS
    assert clock_seconds(15, False, 3) is None
    assert clock_seconds(None, True, 3) is None
    for bad in (0, -3, MAX_SECONDS + 1):
        assert clock_seconds(15, True, bad) == 15


@pytest.mark.parametrize(("text", "seconds"), [
    ("3", 3), ("15", 15), ("0015", 15), ("3600", 3600),
    (None, None), ("", None), ("0", None), ("3601", None), ("99999", None), ("-3", None),
    ("+3", None), ("3.5", None), ("1e3", None), (" 3", None), ("three", None),
    ("٣", None), ("３", None), ("9" * 1000, None),
])
def test_the_override_from_the_address(text: str | None, seconds: int | None) -> None:
    assert override_from_query(text) == seconds
