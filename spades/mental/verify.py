"""The hand's end: with both sides' secrets revealed, check every message of the hand and
replay it through the engine, the only authority on the rules.

Every value was already proven as it came (``protocol``, ``proofs``): this is the second
line.  ``verify_hand`` checks, in this order, and raises ``CheatDetected`` at the first
failure: the revealed secrets are well formed, each key is in the range a page makes
(``Group.new_key``) and is the one committed to with its shuffle ("bad_keys": a key of 1
or any other), and the other side's deck (first shuffle) or stock (second shuffle) is
exactly what its key and order make of what it received, and so are its locks and
shuffles of the Double Nil piles ("bad_keys": a wrong key or a forged shuffle); every card
it unlocked for this side is the card at that position of the stock or pile
("forged_reveal": a draw shown falsely); every card it played is the card at the position
it played from ("not_held").  Then the engine replays the hand from the stock: each move
must come from the seat whose turn the engine says it is ("out_of_turn") and be legal
("revoke" for a card of another suit while able to follow, "not_held", or "illegal").
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action, Bid, Draw, Play, Replace
from ..cards import CARDS
from ..game import Game
from ..records import IllegalAction
from . import deck
from .group import Group
from .state import PILE, SCALAR_DIGITS, CheatDetected, HandState, Message, read_hex


class Side(Protocol):
    """What the check reads of a side (``protocol.Side`` is one): its group, the hand's
    state, its seats and its game so far."""

    group: Group
    hand: HandState
    game: Game

    @property
    def other(self) -> int: ...

    @property
    def dealer(self) -> int: ...


def verify_hand(side: Side, message: Message) -> Game:
    """The game after the hand, as the engine scores it, once ``message`` (the other
    side's keys) proves the hand honest; else ``CheatDetected``."""
    group, state, other = side.group, side.hand, side.other
    key, order, piles = _read_secrets(side, message)
    if side.dealer == other:  # the other side shuffled first
        if not deck.first_deck_matches(group, state.first_deck, key, order):
            raise CheatDetected("bad_keys", "the key and order revealed do not make the deck "
                                "sent (a wrong key, or a forged shuffle)")
        stock = deck.stock_values(order, state.order)
    else:
        if not deck.stock_matches(group, state.first_deck, state.stock, key, order):
            raise CheatDetected("bad_keys", "the key and order revealed do not make the stock "
                                "sent (a wrong key, or a forged shuffle)")
        stock = deck.stock_values(state.order, order)
    values = dict(enumerate(stock))
    _check_piles(side, piles, values)
    # A card unlocked for this side was read through its own table, which maps each card
    # to one ciphertext: it read the stock's card exactly when the partial was honest, so
    # comparing the cards is the check of the partials (no exponentiation needed).
    for pos in state.received:
        if values[pos] != state.known[pos]:
            raise CheatDetected("forged_reveal", f"the card shown at position {pos} was not "
                                "the stock's")
    for pos, value in state.known.items():
        if values[pos] != value:
            raise CheatDetected("not_held", f"the {CARDS[value]} was not the card at {pos}")
    for seat, pos, value in state.plays:
        if values[pos] != value:
            raise CheatDetected("not_held", f"seat {seat} played the {CARDS[value]}, not held")
    return _replay(side, values)


def _check_piles(side: Side, piles: list[tuple[int, list[int]]],
                 values: dict[int, int]) -> None:
    """Each Double Nil pile: the other side's lock and shuffle of it are its key's and
    order's, and the value of each card drawn from it goes into ``values``."""
    group, state, other = side.group, side.hand, side.other
    for number, pile in enumerate(state.piles):
        their_key, their_order = piles[number]
        if not deck.is_permutation(their_order, len(pile["sources"])):
            raise CheatDetected("bad_keys", "a pile's order is not a permutation")
        if pile["replacer"] == other:  # they shuffled it second
            honest = deck.stock_matches(group, pile["first"], pile["second"], their_key,
                                        their_order)
            if number == 1:
                given = state.replaced[state.piles[0]["replacer"]] or []
                honest = honest and pile["relocked"] == [
                    group.lock(state.stock[pos], piles[0][0]) for pos in given]
            first_order, second_order = pile["order"], their_order
        else:
            inputs = pile["inputs"]
            honest = pile["first"] == [group.lock(inputs[j], their_key) for j in their_order]
            if number == 1:  # the cards given up, relocked by their first-pile key
                tail = inputs[len(inputs) - len(pile["relocked"]):]
                honest = honest and tail == [group.lock(x, piles[0][0])
                                             for x in pile["relocked"]]
            first_order, second_order = their_order, pile["order"]
        if not honest:
            raise CheatDetected("bad_keys", "a Double Nil pile is not the keys' and orders'")
        drawn = len(state.replaced[pile["replacer"]] or ())
        for j in range(len(pile["sources"])):
            source = pile["sources"][first_order[second_order[j]]]
            value = values[source[0]] if source[0] >= 0 else values[_entry(source[1], source[2])]
            values[_entry(number, j)] = value
            if j < drawn:
                values[PILE + 3 * number + j] = value


def _entry(number: int, j: int) -> int:
    """The key in ``values`` of card j of pile ``number`` (negative: never a position)."""
    return -(1000 * number + j + 1)


def _read_secrets(side: Side, message: Message) -> tuple[int, list[int],
                                                          list[tuple[int, list[int]]]]:
    try:
        key = read_hex(message["key"], SCALAR_DIGITS)
        order = message["order"]
        piles = [(read_hex(pile["key"], SCALAR_DIGITS), pile["order"])
                 for pile in message["piles"]]
    except (KeyError, TypeError, ValueError) as error:
        raise CheatDetected("bad_keys", "the secrets are not well formed") from error
    group, state, other = side.group, side.hand, side.other
    if not deck.is_permutation(order, group.cards) or len(piles) != len(state.piles):
        raise CheatDetected("bad_keys", "the order is not a permutation of the deck")
    # A key is what a page makes (``Group.new_key``: 2 to the order - 1), and the one it
    # committed to with its shuffle: no key of 1, no other key that fits the messages.
    commitments = [state.commits[other], *(pile["commits"][other] for pile in state.piles)]
    for revealed, commitment in zip([key, *(k for k, _ in piles)], commitments, strict=True):
        if not 2 <= revealed < group.order:
            raise CheatDetected("bad_keys", "a key outside the range a page makes")
        if group.exp_base(revealed) != commitment:
            raise CheatDetected("bad_keys", "a key that is not the one committed to")
    return key, order, piles


def _replay(side: Side, values: dict[int, int]) -> Game:
    state = side.hand
    replacements = [None if drawn is None else [CARDS[values[pos]] for pos in drawn]
                    for drawn in state.drawn]
    game = side.game.deal_stock([CARDS[values[pos]] for pos in range(52)], replacements)
    for seat, kind, argument in state.actions:
        action: Action
        if kind == "draw":
            action = Draw(argument)
        elif kind == "bid":
            action = Bid(argument[0], blind=argument[1])
        elif kind == "replace":
            action = Replace([CARDS[values[pos]] for pos in argument])
        else:
            action = Play(CARDS[values[argument]])
        if game.turn != seat:
            raise CheatDetected("out_of_turn", f"{action!r} by seat {seat} out of turn")
        try:
            game = game.apply(action)
        except IllegalAction as error:
            code = error.code
            reason = {"follow_suit": "revoke", "not_in_hand": "not_held"}.get(code, "illegal")
            raise CheatDetected(reason, f"{action!r} by seat {seat}: {error}") from error
        except ValueError as error:  # a replacement the engine cannot draw
            raise CheatDetected("bad_replacement", str(error)) from error
    if game.hand_number == side.game.hand_number and game.winner is None:
        raise CheatDetected("illegal", "the hand did not end")
    return game
