"""The daily share line (web/share.py): its exact words in English, and its shape in every
language (the figures, the number of lines, the par line only when the par is known)."""

from __future__ import annotations

import datetime
import sys
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import i18n  # noqa: E402
from share import share_text  # noqa: E402
from stats import GameResult  # noqa: E402

DAY = datetime.date(2026, 11, 30)
DAILY = GameResult(
    table="quick", level="medium", players=4, won=True, scores=(312, 180), hands=7,
    points=312, bid_contracts=7, made_contracts=6, nil_tries=1, nil_made=1,
    bags=5, bag_penalties=0, sets_against=2, daily="2026-11-30", par=23,
    hand_points=(52, 61, -40, 100, 0, 71, 68))
"""A won daily game: 52 + 61 - 40 + 100 + 0 + 71 + 68 = 312 in seven hands."""


def test_the_share_line_of_a_won_daily_game() -> None:
    assert share_text(DAY, DAILY, "30 November 2026") == (
        "Spades daily · 30 November 2026\n"
        "♠ Won 312–180 in 7 hands\n"
        "✅ 6/7 contracts · 🅾️ 1/1 Nil\n"
        "Par +23 vs Expert\n"
        "♠♠✖♠▫♠♠"
    )


def test_a_lost_game_without_a_par_nor_a_nil() -> None:
    lost = replace(DAILY, won=False, scores=(-210, 150), points=-210, nil_tries=0,
                   nil_made=0, bid_contracts=3, made_contracts=2, par=None, hands=3,
                   hand_points=(-100, -60, -50))
    assert share_text(DAY, lost, "30 November 2026") == (
        "Spades daily · 30 November 2026\n"
        "♠ Lost \u2212210 – 150 in 3 hands\n"
        "✅ 2/3 contracts\n"
        "✖✖✖"
    )


def test_one_hand_blind_nils_the_address_and_the_iso_date() -> None:
    one = replace(DAILY, hands=1, hand_points=(312,), bid_contracts=1, made_contracts=1,
                  nil_tries=0, nil_made=0, blind_tries=2, blind_made=1, par=-5,
                  sets_against=0)
    assert share_text(DAY, one, "", "https://example.org/spades/") == (
        "Spades daily · 2026-11-30\n"
        "♠ Won 312–180 in 1 hand\n"
        "✅ 1/1 contract · 🙈 1/2 Blind Nil\n"
        "Par \u22125 vs Expert\n"
        "♠\n"
        "https://example.org/spades/"
    )
    double = replace(one, table="two-handed", players=2)
    assert "🙈 1/2 Double Nil" in share_text(DAY, double, "x")


def test_a_long_game_stays_short() -> None:
    long = replace(DAILY, hands=40, hand_points=(10,) * 39 + (-78,), bid_contracts=40,
                   made_contracts=39, nil_tries=9, nil_made=8, blind_tries=3, blind_made=2,
                   par=-1234)
    text = share_text(DAY, long, "Wednesday, 30 September 2026", "https://example.org/spades/")
    lines = text.split("\n")
    assert len(lines) == 6 and len(text) <= 280
    assert lines[4] == "♠" * 30 + "…"


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_the_share_line_in(lang: str, speak) -> None:  # type: ignore[no-untyped-def]
    speak(lang)
    text = share_text(DAY, DAILY, "30.11.2026")
    lines = text.split("\n")
    assert len(lines) == 5
    assert "30.11.2026" in lines[0]
    assert "312" in lines[1] and "180" in lines[1] and "7" in lines[1]
    assert "6/7" in lines[2] and "1/1" in lines[2]
    assert "+23" in lines[3]
    assert lines[4] == "♠♠✖♠▫♠♠"
    lost = share_text(DAY, replace(DAILY, won=False, par=None), "30.11.2026").split("\n")
    assert len(lost) == 4 and not any("+23" in line for line in lost)
    assert lost[1] != lines[1]  # lost and won are said differently
    assert "312" in lost[1] and "180" in lost[1]
