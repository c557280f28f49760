"""A deal among n players that no player (nor any group of players short of all) can see
or stack: the first step of the four-player online table (issue 47).

The same commutative locks as the two-player protocol (``group.Group``: a lock is a
power by a secret key), for any number of players:

1. **Keys.** Each player draws a key and publishes its commitment ``g^key``.
2. **Shuffles.** In seat order, each player locks every card of the deck it receives
   with its key and puts the cards in a secret order, with a proof of the shuffle
   (``proofs.prove_shuffle``, against its commitment). The first receives the plain
   deck. After the last, every card wears every player's lock, and its place is the
   product of n secret orders: uniform if one player's order is.
3. **Dealing.** Card position ``i`` goes to holder ``deal_order[i]``. Every other player
   takes its lock off the holder's cards, one after the other in seat order, each step
   with a proof that its output, raised to its key, is its input
   (``proofs.prove_powers``, batched). The holder then reads each card with its own
   decryption table (every card value under its lock alone): nobody else ever holds a
   card of the holder's with fewer than the holder's lock on it.

Every message is checked before it is used (``check_shuffle_turn``, ``check_unlock``);
a player whose proof fails is caught at once, and known (``CheatDetected``).

Pure functions of the group, the players' keys and their generators: the tests run them
on small groups (uniform deals, what each player can read, the generalised attacks).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .group import Element, Group
from .proofs import check_powers, check_shuffle, prove_powers, prove_shuffle


class CheatDetected(ValueError):
    """A player's message failed its check: ``seat`` is the player proven to cheat."""

    def __init__(self, seat: int, what: str) -> None:
        super().__init__(f"seat {seat}: {what}")
        self.seat = seat


@dataclass
class Player:
    """One player's secret: its seat, key, the key's inverse and commitment, and what it
    has read of its own cards (position to card value)."""

    seat: int
    key: int
    inverse: int
    commitment: Element
    table: dict[Element, int]
    """Every card value under this player's lock alone, to the value."""
    cards: dict[int, int] = field(default_factory=dict)


def new_player(group: Group, seat: int, rng: random.Random) -> Player:
    key = group.new_key(rng)
    table = {group.lock(group.encode(value), key): value for value in range(group.cards)}
    return Player(seat, key, group.inverse(key), group.exp_base(key), table)


def context_of(label: str, seat: int) -> bytes:
    """A proof's context: the step and the seat that made it (a proof is never taken for
    another step's)."""
    return f"ndeal:{label}:{seat}".encode()


# ------------------------------------------------------------------ shuffles


@dataclass(frozen=True)
class ShuffleTurn:
    """One player's shuffle: the deck it sends, and its proof."""

    seat: int
    deck: tuple[Element, ...]
    proof: Mapping[str, object]


def plain_deck(group: Group) -> list[Element]:
    return [group.encode(value) for value in range(group.cards)]


def shuffle_turn(group: Group, player: Player, deck: Sequence[Element], rng: random.Random,
                 prove: bool = True) -> ShuffleTurn:
    """``player`` locks every card of ``deck`` and puts them in a secret order (``prove``:
    with the shuffle's proof; the uniformity test leaves it out, the order is the same)."""
    order = list(range(len(deck)))
    rng.shuffle(order)
    out = tuple(group.lock(deck[j], player.key) for j in order)
    proof: Mapping[str, object] = (
        prove_shuffle(group, deck, out, order, player.key, context_of("shuffle", player.seat),
                      rng) if prove else {})
    return ShuffleTurn(player.seat, out, proof)


def check_shuffle_turn(group: Group, commitment: Element, deck: Sequence[Element],
                       turn: ShuffleTurn) -> None:
    """Raises CheatDetected unless ``turn`` is ``deck`` locked and reordered by the key of
    ``commitment`` (every card distinct: a card put in twice is not a shuffle)."""
    out = turn.deck
    if (len(out) != len(deck) or len(set(out)) != len(out)
            or not all(group.is_element(x) for x in out)):
        raise CheatDetected(turn.seat, "a deck that is not a shuffle of the one received")
    try:
        shown = check_shuffle(group, deck, out, commitment, dict(turn.proof),
                              context_of("shuffle", turn.seat))
    except (KeyError, TypeError, ValueError, IndexError):  # a proof missing its parts
        shown = False
    if not shown:
        raise CheatDetected(turn.seat, "a shuffle its proof does not show")


# ------------------------------------------------------------------ unlocking


@dataclass(frozen=True)
class Unlock:
    """One player's lock taken off some cards: their positions, the cards as they were,
    the cards without its lock, and the batched proof."""

    seat: int
    positions: tuple[int, ...]
    before: tuple[Element, ...]
    after: tuple[Element, ...]
    proof: tuple[int, ...]


def unlock(group: Group, player: Player, positions: Sequence[int],
           cards: Sequence[Element], rng: random.Random) -> Unlock:
    """``player`` takes its lock off ``cards`` (at ``positions``), proving for each that
    the card it gives, raised to its key, is the card it got."""
    after = tuple(group.exp(card, player.inverse) for card in cards)
    pairs = list(zip(after, cards, strict=True))
    proof = prove_powers(group, player.key, pairs, context_of("unlock", player.seat), rng)
    return Unlock(player.seat, tuple(positions), tuple(cards), after, tuple(proof))


def check_unlock(group: Group, commitment: Element, step: Unlock) -> None:
    """Raises CheatDetected unless ``step`` took exactly its player's lock off."""
    if (len(step.after) != len(step.before) or len(set(step.after)) != len(step.after)
            or not all(group.is_element(x) for x in step.after)):
        raise CheatDetected(step.seat, "an unlock of other cards than those asked")
    pairs = list(zip(step.after, step.before, strict=True))
    if not check_powers(group, commitment, pairs, list(step.proof),
                        context_of("unlock", step.seat)):
        raise CheatDetected(step.seat, "an unlock its proof does not show")


def read_cards(player: Player, positions: Sequence[int], cards: Sequence[Element]) -> None:
    """The holder reads its cards, each under its own lock alone; raises CheatDetected
    (the last unlocker's) if one is not a card value: never expected of a proven chain."""
    for position, card in zip(positions, cards, strict=True):
        value = player.table.get(card)
        if value is None:
            raise ValueError(f"position {position} is not a card under this lock")
        player.cards[position] = value


# ------------------------------------------------------------------ a whole deal


@dataclass
class DealRecord:
    """Everything a deal sent (what every player saw), for the tests to inspect."""

    decks: list[tuple[Element, ...]] = field(default_factory=list)
    """The deck after each player's shuffle, in seat order."""
    unlocks: list[Unlock] = field(default_factory=list)


def deal_order(cards: int, players: int) -> list[int]:
    """The holder of each position: one card a player in turn, as a dealer deals."""
    return [position % players for position in range(cards)]


def run_deal(group: Group, players: Sequence[Player], rngs: Sequence[random.Random],
             prove: bool = True) -> DealRecord:
    """A whole deal among ``players`` (honest, each checking every message it receives):
    every player ends holding its cards in ``cards``; what was sent is returned."""
    record = DealRecord()
    deck: tuple[Element, ...] = tuple(plain_deck(group))
    for player, rng in zip(players, rngs, strict=True):
        turn = shuffle_turn(group, player, deck, rng, prove)
        if prove:
            check_shuffle_turn(group, player.commitment, deck, turn)
        deck = turn.deck
        record.decks.append(deck)
    holders = deal_order(len(deck), len(players))
    for holder in players:
        positions = [i for i, seat in enumerate(holders) if seat == holder.seat]
        cards = [deck[i] for i in positions]
        for other, rng in zip(players, rngs, strict=True):
            if other is holder:
                continue
            step = unlock(group, other, positions, cards, rng)
            if prove:
                check_unlock(group, other.commitment, step)
            record.unlocks.append(step)
            cards = list(step.after)
        read_cards(holder, positions, cards)
    return record


__all__ = ["CheatDetected", "DealRecord", "Player", "ShuffleTurn", "Unlock",
           "check_shuffle_turn", "check_unlock", "deal_order", "new_player", "plain_deck",
           "read_cards", "run_deal", "shuffle_turn", "unlock"]
