"""The table one side may show during an online hand: an engine ``Game`` that agrees with
everything the side knows, and invents only what it cannot know.

The page renders a ``Game`` (its view of the player's seat), but during an online hand no
page knows the stock: it knows its own cards, the cards it saw go to the discards, the
cards played, and the other player's decisions.  ``table_game(side)`` deals the hand from
a stock that holds every known card at its known position and fills the rest with the
unknown cards, then replays the hand's moves through the engine.  The fill is chosen so
that the replay is legal: the other player's unknown cards avoid every suit it has shown
it lacks (it did not follow that suit; it led a spade before they were broken).  The true
stock satisfies the same constraints, so such a fill always exists.

Two-handed classic's Double Nil is replayed too: the bid before one's first draw, and the
replacements, whose draws are dealt to the engine as ``deal_stock``'s replacements.  This
side's draws are known; the other's are known once played, else filled with cards of the
pile (``_fill`` says how the fill stays legal).

What the player's seat sees of that game (its cards, the top card it is shown, the bids,
the tricks, the scores) is exactly what the side knows; the other seat's cards in it are
placeholders, never shown.  At the hand's end the side's verified ``game`` (both hands
revealed) takes its place.
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Bid, Draw, Play, Replace
from ..cards import CARDS, SPADES
from ..game import Game
from ..tricks import breaks_spades
from .protocol import Side
from .state import PILE, HandState


def voids(side: Side, seat: int) -> set[int]:
    """The suits ``seat`` has shown it no longer holds, by its plays this hand."""
    plays = side.hand.plays
    lacking: set[int] = set()
    broken = False
    for start in range(0, len(plays), 2):
        trick = plays[start:start + 2]
        lead_suit = trick[0][2] // 13
        leader, _, lead = trick[0]
        if leader == seat and lead // 13 == SPADES and not broken:
            lacking |= {0, 1, 2}  # a spade led unbroken: it held nothing else
        if len(trick) == 2 and trick[1][0] == seat and trick[1][2] // 13 != lead_suit:
            lacking.add(lead_suit)
        for _, _, value in trick:
            if value >= 39 and not broken:
                led = lead_suit if value != lead else SPADES
                broken = breaks_spades(value, led, side.rules.lead_breaks_spades)
    return lacking


def pending_draw(side: Side) -> bool:
    """This side has drawn, and the card it takes (or the one after it) is not shown
    yet: the table shows the turn before the draw until it is."""
    state = side.hand
    return (side.phase == "draw" and side.turn == side.seat and state.step % 3 == 2)


def pending_replacement(side: Side) -> bool:
    """This side has given up its Double Nil cards and the ones it draws are not shown
    yet (the pile is being shuffled): the table shows the replacement still to make."""
    state = side.hand
    return (side.phase == "replace" and side.turn == side.seat
            and state.replaced[side.seat] is not None)


def table_game(side: Side) -> Game:
    """The game the page shows for ``side`` (see the module's docstring).  Before the
    stock is shuffled, the hand's start with nothing drawn."""
    state = side.hand
    if side.phase == "over":
        return side.game
    actions = list(state.actions)
    if pending_draw(side):
        actions = actions[:-1]
    values = _fill(side)
    replacements = [None if drawn is None else [CARDS[values[pos]] for pos in drawn]
                    for drawn in state.drawn]
    game = side.game.deal_stock([CARDS[values[pos]] for pos in range(52)], replacements)
    for _seat, kind, argument in actions:
        game = game.apply(_action(kind, argument, values))
    return game


def _action(kind: str, argument: Any, values: dict[int, int]) -> Action:
    if kind == "draw":
        return Draw(argument)
    if kind == "bid":
        return Bid(argument[0], blind=argument[1])
    if kind == "replace":
        return Replace([CARDS[values[pos]] for pos in argument])
    return Play(CARDS[values[argument]])


def _fill(side: Side) -> dict[int, int]:
    """A value for every stock position and every replacement draw: the known ones, and
    for the rest a fill the engine's replay accepts.  The other seat's cards still unplayed
    avoid the suits it has shown it lacks; each replacement draw is a card of the pile
    when it was made (the engine checks it): this side's draws not seen in the stock, and
    the other's draws seen played, are put among the other's discards (always in that
    pile: 13 of them, for at most 6 such cards); the other's unseen draws are cards of the
    pile that avoid its voids.  The true deal meets the same constraints, and the order
    below (its hand first, then its draws, this side's seen discards before fresh cards)
    never runs out where the true deal would not."""
    state, other = side.hand, side.other
    values = dict(state.known)
    in_stock = {values[pos] for pos in values if pos < PILE}
    lacking = voids(side, other)
    free = [v for v in range(52) if v not in in_stock]
    fits = [v for v in free if v // 13 not in lacking]
    their_discards = [pos for pos in state.discarded if pos not in values]
    # Cards drawn back from the pile and seen (this side's draws, the other's plays) that
    # sit at no seen position of the stock: among the other's discards.
    drawn_back = [values[pos] for pos in _draws(state) if pos in values]
    for value in drawn_back:
        if value not in in_stock:
            values[their_discards.pop()] = value
    taken = set(drawn_back)
    fits = [v for v in fits if v not in taken]
    # The other's unplayed cards of the stock: fresh cards that avoid its voids.
    theirs = [pos for pos in state.held[other] if pos < PILE and pos not in values]
    if len(fits) < len(theirs):
        raise ValueError("no stock agrees with what this side knows")
    for pos in theirs:
        values[pos] = fits.pop(0)
    # Its unseen replacement draws: this side's discards still in the pile first (they
    # are no fresh card), then fresh cards put among its discards.
    unseen = [pos for pos in state.drawn[other] or () if pos not in values]
    mine = [values[pos] for pos in _pile_for(side) if values[pos] // 13 not in lacking
            and values[pos] not in taken]
    for pos in unseen:
        if mine:
            values[pos] = mine.pop(0)
        elif fits:
            values[pos] = values[their_discards.pop()] = fits.pop(0)
        else:
            raise ValueError("no replacement agrees with what this side knows")
        taken.add(values[pos])
    placed = {values[pos] for pos in values if pos < PILE}
    rest = [v for v in range(52) if v not in placed]
    for pos in range(PILE):
        if pos not in values:
            values[pos] = rest.pop()
    return values


def _draws(state: HandState) -> list[int]:
    """Every replacement draw's position, both seats'."""
    return [pos for drawn in state.drawn for pos in drawn or ()]


def _pile_for(side: Side) -> list[int]:
    """This side's seen stock positions in the pile the other's replacement drew from:
    its draw's discards, and the cards it gave up if it replaced first (the engine's pile:
    discards no hand holds; this side's draws back are left out by the caller)."""
    state = side.hand
    mine = [pos for pos in state.discarded if pos in state.known]
    first = state.piles[0]["replacer"] if state.piles else None
    if first == side.seat and state.drawn[side.seat] is not None:
        mine += list(state.replaced[side.seat] or ())
    return mine


__all__ = ["pending_draw", "pending_replacement", "table_game", "voids"]
