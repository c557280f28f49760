"""How long an online page waits for the other (web/waits.py): times in milliseconds given
by the test, as the page gives ``performance.now()``."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from waits import FORFEIT_MS, GRACE_MS, UNCLOCKED_MS, Wait, decision_ms, wait_for  # noqa: E402

T0 = 123_456.25


def test_a_decision_may_take_the_clock_and_the_grace() -> None:
    assert decision_ms(15) == 15_000 + GRACE_MS
    assert decision_ms(None) == UNCLOCKED_MS + GRACE_MS


def test_the_message_is_asked_for_again_once_then_the_other_forfeits() -> None:
    wait = Wait((0, 7), T0, decision_ms(15))
    assert not wait.due_to_ask(T0 + decision_ms(15) - 1)
    assert wait.due_to_ask(T0 + decision_ms(15))
    asked = wait.ask()
    assert not asked.due_to_ask(T0 + decision_ms(15) + 10)  # asked once
    assert not asked.forfeited(T0 + decision_ms(15) + FORFEIT_MS - 1)
    assert asked.forfeited(T0 + decision_ms(15) + FORFEIT_MS)


@given(st.floats(0, 10**7), st.integers(0, 40), st.integers(0, 200))
def test_a_wait_goes_on_for_its_message_and_starts_afresh_for_another(
        later: float, hand: int, seq: int) -> None:
    wait = Wait((hand, seq), T0, GRACE_MS, asked=True)
    assert wait_for(wait, (hand, seq), T0 + later, decision_ms(15)) is wait
    fresh = wait_for(wait, (hand, seq + 1), T0 + later, decision_ms(15))
    assert fresh == Wait((hand, seq + 1), T0 + later, decision_ms(15))
    assert wait_for(None, (hand, seq), T0, GRACE_MS) == Wait((hand, seq), T0, GRACE_MS)
