"""Table talk that cannot cheat (issue 47; web/reactions.py): a reaction travels as a key
alone, the receiver takes only a key it knows and shows its own words for it, both sides
keep the pace, and every reaction has its words in every language. Under CPython, as the
page's pure modules are tested (tests/test_web_table.py); e2e/test_online_talk.py plays
them between two pages."""

from __future__ import annotations

import itertools
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import reactions  # noqa: E402

import build  # noqa: E402
from spades.mental.wire import read_message  # noqa: E402

KEYS = [key for key, _english in reactions.REACTIONS]
HOSTILE = [None, 1, 1.5, True, [], {}, ["thanks"], {"k": "thanks"}, "", "Thanks", "THANKS",
           "thanks ", " thanks", "thanks\u0000", "<b>thanks</b>", "well played",
           "reaction:thanks", "__proto__", "constructor", "x" * 100_000,
           "<img src=x onerror=alert(1)>", "Gut gespielt", "{seat}: {reaction}."]
"""What a hostile page may put under "k": none of it is a reaction."""


def test_the_presets_are_the_issues_and_a_few_more() -> None:
    words = dict(reactions.REACTIONS)
    for english in ("Well played", "Sorry", "Hurry up", "Good luck", "Thanks", "Oops"):
        assert english in words.values()
    assert len(KEYS) == len(set(KEYS)) <= 8  # a small set: one menu, no scrolling
    assert all(key.isascii() and key == key.lower() and " " not in key for key in KEYS)


def test_a_reaction_travels_as_its_key_alone() -> None:
    for key in KEYS:
        sent = reactions.envelope(key)
        assert sent == {"t": "r", "k": key}  # no seat, no words: the receiver knows both
        text = json.dumps(sent, separators=(",", ":"))
        # The receiving page reads it as it reads every message: bounded, then parsed.
        assert reactions.key_of(read_message(text)) == key
    with pytest.raises(ValueError):
        reactions.envelope("free text")


@pytest.mark.parametrize("value", HOSTILE)
def test_anything_but_a_known_key_is_dropped(value: object) -> None:
    assert reactions.key_of({"t": "r", "k": value}) is None


def test_a_reaction_without_a_key_or_with_more_is_judged_by_its_key_alone() -> None:
    assert reactions.key_of({"t": "r"}) is None
    # Extra fields (a later version's) are ignored, never shown: only the key counts.
    assert reactions.key_of({"t": "r", "k": "oops", "text": "<b>hi</b>", "seat": 3}) == "oops"


def test_the_menus_actions_name_only_known_reactions() -> None:
    for key in KEYS:
        assert reactions.action_key(f"reaction:{key}") == key
    for action in ("react", "react-close", "reaction:", "reaction:free text", "hint", "thanks"):
        assert reactions.action_key(action) is None


def test_a_page_that_says_it_talks() -> None:
    assert reactions.talks(reactions.TALK) and reactions.talks(reactions.TALK + 1)
    for value in (None, 0, True, False, "1", 1.0, [1], {"v": 1}):
        assert not reactions.talks(value)


# ---------------------------------------------------------------- the pace


def test_the_sender_rests_after_a_reaction() -> None:
    gate = reactions.Gate(reactions.SEND_GAP_MS)
    assert gate.let_through(0, 1000.0)
    assert not gate.allows(0, 1000.0 + reactions.SEND_GAP_MS - 1)
    assert gate.wait_ms(0, 2000.0) == reactions.SEND_GAP_MS - 1000
    assert gate.let_through(0, 1000.0 + reactions.SEND_GAP_MS)


def test_a_refused_reaction_does_not_start_the_gap_again() -> None:
    gate = reactions.Gate(3000)
    assert gate.let_through(1, 0.0)
    assert not gate.let_through(1, 2999.0)
    assert gate.let_through(1, 3000.0)  # counted from the last one let through


def test_each_seat_has_its_own_pace() -> None:
    """A table of four: a reaction from West does not hold back one from North."""
    gate = reactions.Gate(reactions.HEAR_GAP_MS)
    assert all(gate.let_through(seat, 500.0) for seat in range(4))
    assert not any(gate.let_through(seat, 600.0) for seat in range(4))
    gate.forget()
    assert gate.let_through(2, 600.0)


def test_a_flood_shows_one_reaction_every_few_seconds() -> None:
    """A hostile page sends a reaction every millisecond for ten seconds: the receiver
    shows one every HEAR_GAP_MS at most, the rest dropped."""
    gate = reactions.Gate(reactions.HEAR_GAP_MS)
    shown = [t for t in range(10_000) if gate.let_through(1, float(t))]
    assert len(shown) == math.ceil(10_000 / reactions.HEAR_GAP_MS)
    assert all(b - a >= reactions.HEAR_GAP_MS for a, b in itertools.pairwise(shown))


def test_an_honest_pages_reactions_all_show() -> None:
    """The receiver's gap is shorter than the sender's rest, with room for a message that
    crosses the network a second later than the one before it."""
    assert reactions.HEAR_GAP_MS + 1000 <= reactions.SEND_GAP_MS
    sender, receiver = reactions.Gate(reactions.SEND_GAP_MS), reactions.Gate(reactions.HEAR_GAP_MS)
    arrived = 0
    for t in range(0, 60_000, 250):
        if sender.let_through(0, float(t)):
            delay = 1000.0 if arrived % 2 else 0.0  # the network's delay, uneven
            assert receiver.let_through(0, t + delay)
            arrived += 1
    assert arrived == 60_000 // reactions.SEND_GAP_MS
    assert reactions.SHOWN_MS >= reactions.HEAR_GAP_MS  # no gap between one and the next


# ---------------------------------------------------------------- words


@pytest.mark.parametrize("lang", build.TRANSLATED)
def test_every_reaction_has_its_words_in(lang: str, speak: Callable[[str], None]) -> None:
    speak(lang)
    words = [reactions.words(key) for key in KEYS]
    english = [english for _key, english in reactions.REACTIONS]
    assert all(words) and len(set(words)) == len(words)
    assert all(word != source for word, source in zip(words, english, strict=True)), words
    # Short enough for a bubble by a seat on a phone: one or two words each.
    assert all(len(word) <= 14 and len(word.split()) <= 3 for word in words), words


SAID = {
    "en": ("North: Well played.", "You said: Good luck."),
    "de": ("Nord: Gut gespielt.", "Du hast gesagt: Viel Glück."),
    "es": ("Norte: Bien jugado.", "Dijiste: Buena suerte."),
    "it": ("Nord: Ben giocato.", "Hai detto: Buona fortuna."),
    "pt": ("Norte: Boa jogada.", "Você disse: Boa sorte."),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_reaction_is_said_with_the_seats_name_in(lang: str,
                                                    speak: Callable[[str], None]) -> None:
    import table

    speak(lang)
    north = table.seat_name(2)
    assert reactions.said_text(north, "well-played") == SAID[lang][0]
    assert reactions.sent_text("good-luck") == SAID[lang][1]


@pytest.mark.parametrize("lang", ["en", *build.TRANSLATED])
def test_the_menu_and_the_bubble_are_this_pages_words(lang: str,
                                                      speak: Callable[[str], None]) -> None:
    speak(lang)
    menu = reactions.menu_html()
    assert menu.count('role="menuitem"') == len(KEYS) == menu.count('tabindex="-1"')
    for key in KEYS:
        assert f'data-action="reaction:{key}">{reactions.words(key)}</button>' in menu
        bubble = reactions.bubble_html(key)
        assert bubble == (f'<span class="reaction" data-reaction="{key}" data-unpainted '
                          f'aria-hidden="true">{reactions.words(key)}</span>')


def test_the_bubble_is_written_in_its_seats_panel() -> None:
    """The bubble is the panel's last child (table.css places it); the panel at the bottom
    is yours whatever your seat (online, the invited page sits at seat 1): it shows no
    stack of card backs, which a bubble over its words would cover."""
    import render
    from table import SeatInfo

    bubble = reactions.bubble_html("oops")
    for seat, position in ((1, "south"), (0, "north"), (2, "north"), (1, "west")):
        info = SeatInfo(seat=seat, name="Ann", position=position, label="Ann", bid="",
                        tricks=0, cards=13, on_turn=False, dealer=False)
        players = 4 if position == "west" else 2
        html = render.seat_html(info, players, bubble)
        assert html.endswith(bubble)
        assert ('class="stack"' in html) == (position != "south"), (seat, position)
        assert render.seat_html(info, players) == html[:-len(bubble)]
