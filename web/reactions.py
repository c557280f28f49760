"""Table talk that cannot cheat (issue 47): a few preset reactions a player sends to the
other player(s) of an online game, and nothing else (no free text at all).

A reaction travels as its key alone, ``{"t": "r", "k": "well-played"}``: it names no seat
(the receiving page knows which page it came from, so it generalises to a table of four)
and carries no words. The words shown and said are always the receiving page's own
translation of a key it knows (``words``); any other key, or anything else under "k", is
hostile input and is dropped without a word and without ending the game (``key_of``).

Both sides keep the pace (``Gate``): the sending page lets its player react once every
``SEND_GAP_MS``, and the receiving page shows at most one reaction every ``HEAR_GAP_MS``
from each seat, dropping the excess silently, so a hostile page cannot flood the screen or
the screen reader. The receiving gap is the shorter, so an honest page's reactions always
show.

Pure Python (no browser imports), tested under CPython (tests/test_web_reactions.py); the
page (web/talk.py) shows them.
"""

from __future__ import annotations

from html import escape
from typing import Any

from i18n import N_, _

KIND = "r"
"""The envelope's type ("t") of a reaction on the online table's channel."""
TALK = 1
"""What a page's hello (and its resume) says under "talk": it understands reactions (this
version of them). A page that does not say so is sent none (an older page would take an
unknown envelope for a broken game)."""
REACTIONS: tuple[tuple[str, str], ...] = (
    ("hello", N_("Hello")),
    ("good-luck", N_("Good luck")),
    ("well-played", N_("Well played")),
    ("thanks", N_("Thanks")),
    ("sorry", N_("Sorry")),
    ("oops", N_("Oops")),
    ("hurry-up", N_("Hurry up")),
    ("good-game", N_("Good game")),
)
"""Each reaction's key (what travels) and its English words (the message id, translated
where it is shown). Keys are never changed or reused: a page of another version may send
them."""
WORDS = dict(REACTIONS)
SEND_GAP_MS = 5000
"""The sender's React button rests this long after a reaction is sent."""
HEAR_GAP_MS = 3000
"""The receiver shows at most one reaction from a seat in this time (the rest dropped)."""
SHOWN_MS = 4000
"""How long a reaction's bubble stays by its seat."""
ACTION = "reaction:"
"""The data-action of a menu item is this, then its key."""


def envelope(key: str) -> dict[str, str]:
    """The message that sends the reaction ``key`` (a known one: ValueError otherwise)."""
    if key not in WORDS:
        raise ValueError(f"not a reaction: {key!r}")
    return {"t": KIND, "k": key}


def key_of(data: dict[str, Any]) -> str | None:
    """The reaction an envelope received carries: a known key, else None (dropped)."""
    key = data.get("k")
    return key if isinstance(key, str) and key in WORDS else None


def talks(value: object) -> bool:
    """Whether a hello's (or a resume's) "talk" says the page understands reactions."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= TALK


def words(key: str) -> str:
    """The reaction in this page's language ("Well played")."""
    return _(WORDS[key])


def said_text(seat: str, key: str) -> str:
    """What a screen reader hears when the player at ``seat`` (its name as the page shows
    it) reacts: "North: Well played." """
    return _("{seat}: {reaction}.").format(seat=seat, reaction=words(key))


def sent_text(key: str) -> str:
    """What a screen reader hears once your own reaction is sent."""
    return _("You said: {reaction}.").format(reaction=words(key))


def action_key(action: str) -> str | None:
    """The reaction a menu item's data-action sends, or None for another action."""
    if not action.startswith(ACTION):
        return None
    key = action[len(ACTION):]
    return key if key in WORDS else None


def menu_html() -> str:
    """The React menu's items, in the page's language (the menu itself, its role and its
    label are index.html's). Only one item at a time is in the tab order's reach: the menu
    moves the keyboard among them (web/talk.py)."""
    return "".join(
        f'<button type="button" role="menuitem" tabindex="-1" class="reaction-item" '
        f'data-action="{ACTION}{key}">{escape(words(key))}</button>'
        for key, _english in REACTIONS)


def bubble_html(key: str) -> str:
    """The bubble by a seat: the words for the eye only (the live region says them)."""
    return (f'<span class="reaction" data-reaction="{escape(key)}" data-unpainted '
            f'aria-hidden="true">{escape(words(key))}</span>')


class Gate:
    """One reaction per ``gap_ms`` from each seat: the first goes through, and any other
    within the gap of the last one let through is refused."""

    def __init__(self, gap_ms: float) -> None:
        self.gap_ms = gap_ms
        self.last: dict[int, float] = {}

    def wait_ms(self, seat: int, now: float) -> float:
        """How long ``seat`` must wait before its next reaction goes through (0: none)."""
        last = self.last.get(seat)
        return 0.0 if last is None else max(0.0, last + self.gap_ms - now)

    def allows(self, seat: int, now: float) -> bool:
        return self.wait_ms(seat, now) == 0.0

    def let_through(self, seat: int, now: float) -> bool:
        """True, and the gap starts again, if ``seat``'s reaction may go through now."""
        if not self.allows(seat, now):
            return False
        self.last[seat] = now
        return True

    def forget(self) -> None:
        """A new game: nobody has reacted yet."""
        self.last.clear()


__all__ = ["HEAR_GAP_MS", "KIND", "REACTIONS", "SEND_GAP_MS", "SHOWN_MS", "TALK", "Gate",
           "action_key", "bubble_html", "envelope", "key_of", "menu_html", "said_text",
           "sent_text", "talks", "words"]
