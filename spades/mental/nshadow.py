"""The table one page may show during a four-player online hand (``nprotocol``): the
engine's game dealt from every card the page knows at its place, the other cards filled
in where the plays allow, and the hand's moves replayed.

The fill: every card this page has not seen goes to a place it has not seen, so that no
seat gets a card of a suit it has shown it lacks (it did not follow that suit; it led a
spade before they were broken).  That is a matching of the unseen cards to the unseen
places (``_match``): the true deal is one, so one exists while every player tells the
truth.  When none does, the plays cannot all be true (``Impossible``), though no single
one is proven false until the keys show the cards.

The replay is the engine's: a move it refuses on such a table is refused on the true one
too, since the table agrees with everything this page knows (its own cards, the cards
passed to or by its seats, every card played) and gives each seat only cards of suits
it may still hold.  The placeholders are never shown: a page shows its own seats.
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Bid, Pass, Play
from ..cards import CARDS, SPADES
from ..game import Game
from ..records import IllegalAction
from ..rules import Rules
from ..tricks import breaks_spades
from .nstate import SEATS, NHand


class Impossible(ValueError):
    """No deal agrees with the cards this page knows and the suits the seats have shown
    they lack: some seat's play was false (proven only by the keys)."""


class Refused(ValueError):
    """The engine refused a move of the hand on this page's table: ``seat`` made it."""

    def __init__(self, seat: int, what: str) -> None:
        super().__init__(f"seat {seat}: {what}")
        self.seat = seat


def voids(hand: NHand, rules: Rules) -> list[set[int]]:
    """The suits each seat has shown it no longer holds, by its plays this hand."""
    lacking: list[set[int]] = [set() for _ in range(SEATS)]
    plays, broken = hand.plays, False
    for start in range(0, len(plays), SEATS):
        trick = plays[start:start + SEATS]
        lead_suit = trick[0].value // 13
        if lead_suit == SPADES and not broken:
            lacking[trick[0].seat] |= {0, 1, 2}  # a spade led unbroken: it held nothing else
        for shown in trick[1:]:
            if shown.value // 13 != lead_suit:
                lacking[shown.seat].add(lead_suit)
        for shown in trick:
            if shown.value >= 39 and not broken:
                broken = breaks_spades(shown.value, lead_suit, rules.lead_breaks_spades)
    return lacking


def fill(hand: NHand, rules: Rules) -> dict[int, int]:
    """A value for every position: the known ones, and the unseen cards matched to the
    unseen places so that each place's holder may hold its card; ``Impossible`` if no
    such matching exists."""
    known = hand.known
    places = [p for p in range(52) if p not in known]
    seen = set(known.values())
    unseen = [value for value in range(52) if value not in seen]
    lacking = voids(hand, rules)
    allowed = [[i for i, value in enumerate(unseen) if value // 13 not in
                lacking[hand.holders[p]]] for p in places]
    matched = _match(allowed, len(unseen))
    if matched is None:
        raise Impossible("no deal agrees with the cards shown and the suits followed")
    values = dict(known)
    for place, index in zip(places, matched, strict=True):
        values[place] = unseen[index]
    return values


def _match(allowed: list[list[int]], size: int) -> list[int] | None:
    """A perfect matching of the rows to distinct columns among ``allowed`` (Kuhn's
    augmenting paths; 39 rows at most), or None."""
    owner: list[int | None] = [None] * size

    def augment(row: int, visited: set[int]) -> bool:
        for column in allowed[row]:
            if column in visited:
                continue
            visited.add(column)
            holder = owner[column]
            if holder is None or augment(holder, visited):
                owner[column] = row
                return True
        return False

    for row in range(len(allowed)):
        if not augment(row, set()):
            return None
    chosen = [0] * len(allowed)
    for column, taker in enumerate(owner):
        if taker is not None:
            chosen[taker] = column
    return chosen


def action_of(kind: str, argument: Any, values: dict[int, int] | list[int]) -> Action:
    """The engine's action for a move of the hand (``NHand.actions``), given the values."""
    if kind == "bid":
        n, blind = argument
        return Bid(n, blind=blind)
    if kind == "pass":
        return Pass(tuple(CARDS[values[p]] for p in argument))
    return Play(CARDS[values[argument]])


def shadow_game(game: Game, hand: NHand, rules: Rules) -> Game:
    """``game`` (at the hand's start) dealt from ``fill`` and replayed through the hand's
    moves; ``Refused`` (with the seat that made it) for the first move the engine refuses,
    ``Impossible`` if no deal agrees with the plays."""
    values = fill(hand, rules)
    dealt = [[CARDS[values[p]] for p in range(52) if p % SEATS == seat]
             for seat in range(SEATS)]
    table = game.deal_hands(dealt)
    for seat, kind, argument in hand.actions:
        try:
            table = table.apply(action_of(kind, argument, values))
        except IllegalAction as error:
            raise Refused(seat, f"{kind}: {error}") from error
    return table


__all__ = ["Impossible", "Refused", "action_of", "fill", "shadow_game", "voids"]
