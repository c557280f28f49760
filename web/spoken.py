"""What the table says aloud on request (screen readers hear it through #announce): the
trick on the table, the bids and tricks, the score (the T, B and S keys, at any time, as
Blindfold Hearts does with gestures), and a trick's cards for the review.

Pure, like table.py (which says what your turn asks, ``turn_prompt``).
"""

from __future__ import annotations

from collections.abc import Sequence

import table
from i18n import _, ngettext, number
from table import addressed, card_words, seat_name, seat_word

from spades import Game, Phase

HEAR_KEYS = {"t": "trick", "b": "bids", "s": "score"}
"""The keys that say the table's state at any time, by what they say."""


def plays_said(plays: Sequence[tuple[int, str]], players: int) -> list[str]:
    """A trick's cards in the order they were played, one sentence each: "West led the
    two of hearts.", "North played the king of hearts."."""
    said = []
    for place, (seat, card) in enumerate(plays):
        words = card_words(card)
        if addressed(seat):
            line = _("You led the {card}.") if place == 0 else _("You played the {card}.")
            said.append(line.format(card=words))
        else:
            line = (_("{seat} led the {card}.") if place == 0
                    else _("{seat} played the {card}."))
            said.append(line.format(seat=seat_name(seat, players), card=words))
    return said


def trick_said(game: Game, shown: Sequence[tuple[int, str]] | None = None) -> str:
    """The trick on the table (``shown``: a finished trick the page still holds there),
    and who is to play."""
    players = game.rules.players
    plays = (list(shown) if shown is not None
             else [(seat, str(card)) for seat, card in game.trick.plays])
    said = plays_said(plays, players)
    if not said:
        said = [_("No card on the table.")]
    if shown is None and game.phase is Phase.PLAY and game.turn is not None:
        said.append(_("Your turn.") if addressed(game.turn)
                    else _("{seat} to play.").format(seat=seat_name(game.turn, players)))
    return " ".join(said)


def bids_said(game: Game, between: bool = False) -> str:
    """Each seat's bid and the tricks it has taken (``between`` hands: the finished
    hand's, which the table still shows)."""
    players = game.rules.players
    record = game.history[-1] if between and game.history else None
    bids = record.bids if record is not None else game.bids
    blind = record.blind if record is not None else game.blind
    taken = record.tricks if record is not None else game.tricks_won
    said = []
    for seat in range(players):
        name = seat_word(seat, players)
        bid = bids[seat]
        if bid is None:
            said.append(_("{seat}: no bid yet.").format(seat=name))
            continue
        said.append(ngettext("{seat}: {bid}, {count} trick taken.",
                             "{seat}: {bid}, {count} tricks taken.", taken[seat]).format(
            seat=name, bid=table.bid_text(bid, blind[seat], players), count=taken[seat]))
    return " ".join(said)


def score_said(game: Game, between: bool = False) -> str:
    """Each side's score and bags (yours first), the hand, and the game's target."""
    players = game.rules.players
    yours = table.your_side(players)
    said = [ngettext("{side}: {score} points, {bags} bag.",
                     "{side}: {score} points, {bags} bags.", game.bags[side]).format(
        side=table.side_name(side, players), score=number(game.scores[side]),
        bags=game.bags[side]) for side in (yours, 1 - yours)]
    hand = game.history[-1].number + 1 if between and game.history else game.hand_number + 1
    said.append(_("Hand {number}; the game is played to {target}.").format(
        number=hand, target=number(game.rules.target)))
    return " ".join(said)


def hear(what: str, game: Game, shown: Sequence[tuple[int, str]] | None = None,
         between: bool = False) -> str:
    """The words of one of HEAR_KEYS' answers (``shown``: a finished trick still held on
    the table; ``between``: the table shows a finished hand, its summary up)."""
    if what == "trick":
        return trick_said(game, shown) if not between else _("No card on the table.")
    if what == "bids":
        return bids_said(game, between)
    return score_said(game, between)
