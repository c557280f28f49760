"""The daily game's share line: a few short lines a player can paste anywhere.

It says the date, won or lost and the score, the contracts and Nils made, the par when it
is known, and one symbol per hand; nothing personal (no names, no seed), and the page's
address only if the page passes it. In English it stays within 6 lines and 280
characters (a long game's hand symbols are cut with "…").

The hand symbols: ♠ for a hand that gained your side points, ✖ for a hand that lost
points, ▫ for a hand that scored nothing. (A hand's points already weigh a made or set
contract, Nils and the bag penalty together: this is the hand as the score sheet saw it.)
"""

from __future__ import annotations

import datetime

from i18n import _, ngettext, number, signed
from stats import GameResult

GAIN, LOSS, NOTHING = "♠", "✖", "▫"
MAX_SYMBOLS = 30
"""Hand symbols shown at most (the Quick table, the daily one, has at most 24 hands)."""


def hand_symbols(hand_points: tuple[int, ...]) -> str:
    symbols = "".join(GAIN if points > 0 else LOSS if points < 0 else NOTHING
                      for points in hand_points[:MAX_SYMBOLS])
    return symbols + ("…" if len(hand_points) > MAX_SYMBOLS else "")


def score_text(ours: int, theirs: int) -> str:
    """A final score, yours first: "512–340", spaced when a score is below zero so the
    minus sign stands apart from the dash ("304 – −58", the typographic minus)."""
    if ours < 0 or theirs < 0:
        return f"{number(ours)} – {number(theirs)}"
    return f"{ours}–{theirs}"


def outcome_line(result: GameResult) -> str:
    values = {"score": score_text(*result.scores), "hands": result.hands}
    if result.won:
        text = ngettext("Won {score} in {hands} hand", "Won {score} in {hands} hands",
                        result.hands)
    else:
        text = ngettext("Lost {score} in {hands} hand", "Lost {score} in {hands} hands",
                        result.hands)
    return "♠ " + text.format(**values)


def bids_line(result: GameResult) -> str:
    """Contracts made, then Nils (and Blind or Double Nils) made, when there were any."""
    parts = []
    if result.bid_contracts:
        parts.append("✅ " + ngettext("{made}/{count} contract", "{made}/{count} contracts",
                                      result.bid_contracts).format(
            made=result.made_contracts, count=result.bid_contracts))
    if result.nil_tries:
        parts.append("🅾️ " + _("{made}/{count} Nil").format(made=result.nil_made,
                                                            count=result.nil_tries))
    if result.blind_tries:
        blind = (_("{made}/{count} Blind Nil") if result.players == 4
                 else _("{made}/{count} Double Nil"))
        parts.append("🙈 " + blind.format(made=result.blind_made, count=result.blind_tries))
    return " · ".join(parts)


def par_line(par: int) -> str:
    return _("Par {difference} vs Expert").format(difference=signed(par))


def share_text(day: datetime.date, result: GameResult, date_words: str,
               address: str = "") -> str:
    """The share line of ``day``'s daily game; ``date_words`` is the date in the player's
    words (the page formats it with the browser's calendar; the ISO date if empty). A par
    line only when the par is known (a par still being worked out is left out)."""
    date = date_words.strip() or day.isoformat()
    lines = [_("Spades daily · {date}").format(date=date), outcome_line(result)]
    bids = bids_line(result)
    if bids:
        lines.append(bids)
    if result.par is not None:
        lines.append(par_line(result.par))
    lines.append(hand_symbols(result.hand_points))
    if address:
        lines.append(address)
    return "\n".join(lines)
