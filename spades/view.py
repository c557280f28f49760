"""What one seat may know: the only thing a computer player is ever given.

A view holds the seat's own cards, the public record (bids, every card played and by whom,
tricks won, scores, the two-player keep/discard decisions, how many cards were exchanged
or replaced) and the few private facts the seat saw itself (the top card when drawing,
the cards it discarded, passed or received).  It never holds the seed, another seat's
cards or the stock, so two games that differ only in what a seat cannot see give that
seat equal views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action
from .cards import CARDS, Card, cards_of
from .records import HandRecord, Phase, Trick
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class View:
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


def view_of(game: Game, seat: int) -> View:
    """Build ``seat``'s view of ``game`` (reads the game's private state on purpose: this
    is the one place that decides what leaks)."""
    players = game.rules.players
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"a seat is 0 to {players - 1}")
    on_turn = game.turn == seat
    drawing = on_turn and game.phase is Phase.DRAW
    aside = game._aside
    return View(
        rules=game.rules,
        seat=seat,
        hand_number=game.hand_number,
        dealer=game.dealer,
        phase=game.phase,
        turn=game.turn,
        hand=cards_of(game._hands[seat]),
        hand_sizes=tuple(hand.bit_count() for hand in game._hands),
        bids=game.bids,
        blind=game.blind,
        tricks_won=game.tricks_won,
        trick=game.trick,
        tricks=game.tricks,
        spades_broken=game.spades_broken,
        scores=game.scores,
        bags=game.bags,
        history=game.history,
        winner=game.winner,
        legal=tuple(game.legal_actions()) if on_turn else (),
        top_card=CARDS[aside.stock[aside.stock_pos]] if drawing else None,
        draws=aside.draws,
        discarded=cards_of(aside.discards[seat] & ~aside.received[seat]),
        stock_left=len(aside.stock) - aside.stock_pos,
        replaced=tuple(None if out is None else out.bit_count() for out in aside.replaced),
        passed=cards_of(aside.passed[seat]),
        received=cards_of(aside.received[seat]),
    )

