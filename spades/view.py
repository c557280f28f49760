"""What one seat may know: the only thing a computer player is ever given.

A view holds the seat's own cards, the public record (bids, every card played and by whom,
tricks won, scores, the two-player keep/discard decisions, how many cards were exchanged
or replaced) and the few private facts the seat saw itself (the top card when drawing,
the cards it discarded, passed or received).  It never holds the seed, another seat's
cards or the stock, so two games that differ only in what a seat cannot see give that
seat equal views.  ``Game.view(seat)`` builds it: the one place that decides what leaks
reads the game's private state, so it lives with the game (this module imports no game).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card
from .records import HandRecord, Phase, Trick
from .rules import Rules


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know of the game: its own cards, the table, the public history."""

    rules: Rules
    seat: int
    hand_number: int
    dealer: int
    phase: Phase
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[int | None, ...]
    blind: tuple[bool, ...]
    tricks_won: tuple[int, ...]
    trick: Trick
    """The trick being played (possibly empty)."""
    tricks: tuple[Trick, ...]
    """This hand's finished tricks."""
    spades_broken: bool
    scores: tuple[int, int]
    bags: tuple[int, int]
    history: tuple[HandRecord, ...]
    winner: int | None
    legal: tuple[Action, ...]
    """The legal actions when it is this seat's turn, else empty."""
    top_card: Card | None
    """Two players: the top card of the stock, seen only by the seat about to draw."""
    draws: tuple[tuple[int, bool], ...]
    """Two players: every (seat, kept) decision this hand, public."""
    discarded: tuple[Card, ...]
    """Two players: the cards this seat saw go out of play (its draws, its replacements)."""
    stock_left: int
    replaced: tuple[int | None, ...]
    """Double Nil: how many cards each seat replaced, None until it has."""
    passed: tuple[Card, ...]
    """Blind Nil exchange: the cards this seat gave."""
    received: tuple[Card, ...]
    """Blind Nil exchange or Double Nil replacement: the cards this seat got."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def partner(self) -> int | None:
        return self.rules.partner_of(self.seat)

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def hand_mask(self) -> int:
        return sum(1 << card.index for card in self.hand)

    @property
    def played_mask(self) -> int:
        """Every card played to a trick this hand, the current trick included."""
        mask = 0
        for trick in (*self.tricks, self.trick):
            for _, card in trick.plays:
                mask |= 1 << card.index
        return mask
