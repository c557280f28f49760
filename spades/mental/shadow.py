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

What the player's seat sees of that game (its cards, the top card it is shown, the bids,
the tricks, the scores) is exactly what the side knows; the other seat's cards in it are
placeholders, never shown.  At the hand's end the side's verified ``game`` (both hands
revealed) takes its place.
"""

from __future__ import annotations

from ..actions import Action, Bid, Draw, Play
from ..cards import CARDS, SPADES
from ..game import Game
from ..tricks import breaks_spades
from .protocol import Side


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


def table_game(side: Side) -> Game:
    """The game the page shows for ``side`` (see the module's docstring).  Before the
    stock is shuffled, the hand's start with nothing drawn."""
    state = side.hand
    if side.phase == "over":
        return side.game
    if state.piles or any(state.blind):
        raise ValueError("a Double Nil hand is not shown by a placeholder stock")
    known = dict(state.known)
    actions = list(state.actions)
    if pending_draw(side):
        actions = actions[:-1]
    free = [value for value in range(52) if value not in set(known.values())]
    other = side.other
    lacking = voids(side, other)
    theirs = [pos for pos in state.held[other] if pos not in known]
    fits = [value for value in free if value // 13 not in lacking]
    rest = [value for value in free if value // 13 in lacking]
    if len(fits) < len(theirs):
        raise ValueError("no stock agrees with what this side knows")
    stock_values = dict(known)
    for pos, value in zip(theirs, fits, strict=False):
        stock_values[pos] = value
    remaining = fits[len(theirs):] + rest
    for pos in range(52):
        if pos not in stock_values:
            stock_values[pos] = remaining.pop()
    game = side.game.deal_stock([CARDS[stock_values[pos]] for pos in range(52)])
    for _seat, kind, argument in actions:
        action: Action
        if kind == "draw":
            action = Draw(argument)
        elif kind == "bid":
            action = Bid(argument[0], blind=argument[1])
        else:
            action = Play(CARDS[stock_values[argument]])
        game = game.apply(action)
    return game


__all__ = ["pending_draw", "table_game", "voids"]
