"""The coach's marks as the page keeps and says them (web/marks.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import marks  # noqa: E402
from marks import Mark  # noqa: E402

from spades import PRESETS, Bid, Card, Game, Play  # noqa: E402
from spades.ai.labels import mean_cost  # noqa: E402
from tests.helpers import play_to  # noqa: E402


def play(text: str) -> Play:
    return Play(Card.parse(text))


BID = Mark(0, Bid(0), Bid(4), 62.5)
CARD = Mark(3, play("QS"), play("2C"), 18.0)
GOOD = Mark(5, play("AH"), play("AH"), 0.0)


def test_marks_are_kept_and_read_back() -> None:
    store = {"a" * 24: [BID, CARD, GOOD], "b" * 24: []}
    assert marks.read_store(marks.write_store(store)) == store
    answer = json.dumps([mark.to_dict() for mark in (BID, CARD)])
    assert marks.marks_from_json(answer) == [BID, CARD]
    assert marks.marks_from_json('[{"t": 1}]') is None and marks.marks_from_json("{") is None


def test_only_the_last_hands_are_kept() -> None:
    store = {f"{number:024}": [CARD] for number in range(150)}
    kept = marks.read_store(marks.write_store(store))
    assert list(kept) == [f"{number:024}" for number in range(50, 150)]


def test_a_hand_is_known_by_its_deal_and_its_moves() -> None:
    game = play_to(Game.new(PRESETS["classic"], seed=3), lambda g: len(g.history) == 2)
    first, second = marks.hand_keys(game)
    assert first != second and len(first) == 24
    shorter = play_to(Game.new(PRESETS["classic"], seed=3), lambda g: len(g.history) == 1)
    assert marks.hand_keys(shorter) == [first]  # the same hand, whatever came after it
    other = Game.new(PRESETS["classic"], seed=3)
    while not other.history:  # the same deal, played otherwise
        other = other.apply(other.legal_actions()[-1])
    assert marks.hand_keys(other)[0] != first
    # Each the digest of the moves up to the hand's end.
    import hashlib
    texts = [action.to_text() for action in shorter.actions]
    assert first == hashlib.sha256("|".join(("Classic", "3", *texts)).encode()).hexdigest()[:24]


@pytest.mark.parametrize("text", [
    None, "", "not json", "[]", '{"a": 1}', "[" * 100_000, "x" * 300_000,
    json.dumps({"k": [{"t": 0, "c": "bid:3", "b": "bid:4"}]}),
    json.dumps({"k": [{"t": 0, "c": "play:QS", "b": "bid:4", "x": 3}]}),
    json.dumps({"k": [{"t": 2, "c": "play:ZZ", "b": "play:2C", "x": 3}]}),
    json.dumps({"k": [{"t": 14, "c": "play:QS", "b": "play:2C", "x": 3}]}),
    json.dumps({"k": [{"t": 2, "c": "play:QS", "b": "play:2C", "x": True}]}),
    json.dumps({"k": [{"t": 2, "c": "play:QS", "b": "play:2C", "x": -1}]}),
    '{"k": [{"t": 2, "c": "play:QS", "b": "play:2C", "x": NaN}]}',
    json.dumps({"k" * 100: []}), json.dumps({"k": {"0": []}}),
])
def test_a_damaged_or_hostile_store_gives_nothing_it_cannot_read(text: str | None) -> None:
    assert marks.read_store(text) == {}


def test_labels_and_words() -> None:
    assert BID.label == "blunder" and CARD.label == "mistake" and GOOD.label is None
    assert marks.mark_text(CARD, 4) == (
        "Mistake: it cost 18 points; the two of clubs was better.")
    assert marks.mark_text(BID, 4) == "Blunder: it cost 62 points; a better bid was 4."
    assert marks.mark_text(GOOD, 4) == "A good choice."
    assert mean_cost([mark.cost for mark in (BID, CARD, GOOD)]) == pytest.approx(26.83,
                                                                                 abs=0.01)
    assert mean_cost([]) is None
    assert marks.costliest([BID, CARD, GOOD]) == BID
    assert marks.costliest([GOOD]) is None
    assert marks.counts([BID, CARD, GOOD]) == {"inaccuracy": 0, "mistake": 1, "blunder": 1}
