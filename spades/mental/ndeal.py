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
4. **The Blind Nil exchange** (``pass_cards``): the giver's places are unlocked for its
   partner the same way; the opponents learn which places moved, never the cards.
5. **A card played** (``show_card``): its value, with the holder's proof that the card it
   was given there (under its lock alone, as every player saw it) is that value under
   its committed key.

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


def context_of(label: str, seat: int, bind: bytes = b"") -> bytes:
    """A proof's context: the step and the seat that made it (a proof is never taken for
    another step's), and ``bind``: where the proof stands in a game's transcript
    (``nprotocol`` binds each proof to its message's place; the tests of the deal alone
    bind none)."""
    return f"ndeal:{label}:{seat}:".encode() + bind


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
                 prove: bool = True, bind: bytes = b"") -> ShuffleTurn:
    """``player`` locks every card of ``deck`` and puts them in a secret order (``prove``:
    with the shuffle's proof; the uniformity test leaves it out, the order is the same)."""
    order = list(range(len(deck)))
    rng.shuffle(order)
    out = tuple(group.lock(deck[j], player.key) for j in order)
    proof: Mapping[str, object] = (
        prove_shuffle(group, deck, out, order, player.key,
                      context_of("shuffle", player.seat, bind), rng) if prove else {})
    return ShuffleTurn(player.seat, out, proof)


def check_shuffle_turn(group: Group, commitment: Element, deck: Sequence[Element],
                       turn: ShuffleTurn, bind: bytes = b"") -> None:
    """Raises CheatDetected unless ``turn`` is ``deck`` locked and reordered by the key of
    ``commitment`` (every card distinct: a card put in twice is not a shuffle)."""
    out = turn.deck
    if (len(out) != len(deck) or len(set(out)) != len(out)
            or not all(group.is_element(x) for x in out)):
        raise CheatDetected(turn.seat, "a deck that is not a shuffle of the one received")
    try:
        shown = check_shuffle(group, deck, out, commitment, dict(turn.proof),
                              context_of("shuffle", turn.seat, bind))
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
           cards: Sequence[Element], rng: random.Random, bind: bytes = b"") -> Unlock:
    """``player`` takes its lock off ``cards`` (at ``positions``), proving for each that
    the card it gives, raised to its key, is the card it got."""
    after = tuple(group.exp(card, player.inverse) for card in cards)
    pairs = list(zip(after, cards, strict=True))
    proof = prove_powers(group, player.key, pairs, context_of("unlock", player.seat, bind),
                         rng)
    return Unlock(player.seat, tuple(positions), tuple(cards), after, tuple(proof))


def check_unlock(group: Group, commitment: Element, step: Unlock, bind: bytes = b"") -> None:
    """Raises CheatDetected unless ``step`` took exactly its player's lock off."""
    if (len(step.after) != len(step.before) or len(set(step.after)) != len(step.after)
            or not all(group.is_element(x) for x in step.after)):
        raise CheatDetected(step.seat, "an unlock of other cards than those asked")
    pairs = list(zip(step.after, step.before, strict=True))
    if not check_powers(group, commitment, pairs, list(step.proof),
                        context_of("unlock", step.seat, bind)):
        raise CheatDetected(step.seat, "an unlock its proof does not show")


def read_cards(player: Player, positions: Sequence[int], cards: Sequence[Element]) -> None:
    """The holder reads its cards, each under its own lock alone; raises CheatDetected
    (the last unlocker's) if one is not a card value: never expected of a proven chain."""
    for position, card in zip(positions, cards, strict=True):
        value = player.table.get(card)
        if value is None:
            raise ValueError(f"position {position} is not a card under this lock")
        player.cards[position] = value


# ------------------------------------------------------------------ a card shown


@dataclass(frozen=True)
class Shown:
    """A card played: its position, its value, and the holder's proof that the card it
    was given at that position (under its lock alone) is that value under its lock."""

    seat: int
    position: int
    value: int
    proof: tuple[int, ...]


def show_card(group: Group, player: Player, position: int, held: Element,
              rng: random.Random, bind: bytes = b"") -> Shown:
    """``player`` plays its card at ``position`` (``held``: that card under its lock
    alone, as the last unlock gave it), proving it is the value it says."""
    value = player.cards[position]
    pairs = [(group.encode(value), held)]
    proof = prove_powers(group, player.key, pairs,
                         context_of(f"show:{position}", player.seat, bind), rng)
    return Shown(player.seat, position, value, tuple(proof))


def check_shown(group: Group, commitment: Element, held: Element, shown: Shown,
                bind: bytes = b"") -> None:
    """Raises CheatDetected unless ``shown`` is the card its player was dealt at its
    position: ``held`` (the last unlock's output there, which every player saw) is the
    value's encoding under the player's committed key."""
    if not isinstance(shown.value, int) or not 0 <= shown.value < group.cards:
        raise CheatDetected(shown.seat, "a card value that is not in the deck")
    pairs = [(group.encode(shown.value), held)]
    if not check_powers(group, commitment, pairs, list(shown.proof),
                        context_of(f"show:{shown.position}", shown.seat, bind)):
        raise CheatDetected(shown.seat, "a card that is not the one dealt there")


# ------------------------------------------------------------------ a whole deal


@dataclass
class DealRecord:
    """Everything a deal sent (what every player saw), for the tests to inspect."""

    decks: list[tuple[Element, ...]] = field(default_factory=list)
    """The deck after each player's shuffle, in seat order."""
    unlocks: list[Unlock] = field(default_factory=list)
    held: dict[int, Element] = field(default_factory=dict)
    """Each position's card under its holder's lock alone (the last unlock's output, which
    every player saw): what a card shown is checked against (``check_shown``)."""


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
        unlock_for(group, players, record, holder.seat, positions, rngs, prove)
    return record


def unlock_for(group: Group, players: Sequence[Player], record: DealRecord, reader: int,
               positions: Sequence[int], rngs: Sequence[random.Random], prove: bool) -> None:
    """The final deck's cards at ``positions`` unlocked for ``reader``: every other
    player takes its lock off in seat order (each step checked), then ``reader`` reads
    them; what was sent goes into ``record``."""
    cards = [record.decks[-1][p] for p in positions]
    for other, rng in zip(players, rngs, strict=True):
        if other.seat == reader:
            continue
        step = unlock(group, other, positions, cards, rng)
        if prove:
            check_unlock(group, other.commitment, step)
        record.unlocks.append(step)
        cards = list(step.after)
    read_cards(players[reader], positions, cards)
    record.held.update(zip(positions, cards, strict=True))


def pass_cards(group: Group, players: Sequence[Player], record: DealRecord, giver: int,
               receiver: int, positions: Sequence[int], rngs: Sequence[random.Random],
               prove: bool = True) -> None:
    """The Blind Nil exchange: ``giver`` passes its cards at ``positions`` to ``receiver``
    (its partner), and no other player learns what they are. The final deck's cards at
    those positions are unlocked for the receiver as a deal unlocks them (every player
    but the receiver, the giver among them, takes its lock off in seat order); the
    opponents see only which of the giver's places moved. The giver forgets them."""
    holder = players[giver]
    if not positions or any(p not in holder.cards for p in positions):
        raise CheatDetected(giver, "a pass of cards it does not hold")
    unlock_for(group, players, record, receiver, positions, rngs, prove)
    for position in positions:
        del holder.cards[position]


def check_hand(group: Group, commitments: Sequence[Element], keys: Sequence[int],
               record: DealRecord, played: Sequence[Shown]) -> list[int]:
    """The hand's end, every key revealed: the second line behind the proofs. Raises
    CheatDetected (the seat at fault) unless each key is its commitment's, the final deck
    opened by all the keys is the deck (else the first shuffle its key does not make is
    named), each unlock took its player's lock off, and every card played (``played``,
    each shown with its seat) is the card the keys show at its place. Returns the value at
    each place of the final deck."""
    for seat, (commitment, key) in enumerate(zip(commitments, keys, strict=True)):
        if not isinstance(key, int) or not 1 < key < group.order \
                or group.exp_base(key) != commitment:
            raise CheatDetected(seat, "a key that is not the one committed to")
    values = open_deck(group, record.decks[-1], keys)
    if values is None:
        _blame_deck(group, keys, record)
        raise CheatDetected(len(keys) - 1, "a deck that is not the cards")  # (proofs held)
    for step in record.unlocks:
        if any(group.lock(after, keys[step.seat]) != before
               for before, after in zip(step.before, step.after, strict=True)):
            raise CheatDetected(step.seat, "an unlock that its key does not make")
    for shown in played:
        if values[shown.position] != shown.value:
            raise CheatDetected(shown.seat, "a card played that was not dealt there")
    return values


def open_deck(group: Group, deck: Sequence[Element], keys: Sequence[int]) -> list[int] | None:
    """Each card's value in ``deck``, every lock taken off with ``keys``; None unless that
    is every card value once (one power a card: the keys' inverses multiplied first)."""
    unlock_all = 1
    for key in keys:
        unlock_all = unlock_all * group.inverse(key) % group.order
    plain = {group.encode(value): value for value in range(group.cards)}
    values = [plain.get(group.exp(card, unlock_all)) for card in deck]
    if sorted(v for v in values if v is not None) != list(range(group.cards)):
        return None
    return [v for v in values if v is not None]


def _blame_deck(group: Group, keys: Sequence[int], record: DealRecord) -> None:
    """The first shuffle that is not the deck before it locked by its player's key."""
    deck = plain_deck(group)
    for seat, shuffled in enumerate(record.decks):
        if sorted(map(group.to_text, (group.lock(card, keys[seat]) for card in deck))) != \
                sorted(map(group.to_text, shuffled)):
            raise CheatDetected(seat, "a deck that its key does not make")
        deck = list(shuffled)


__all__ = ["CheatDetected", "DealRecord", "Player", "Shown", "ShuffleTurn", "Unlock",
           "check_hand", "check_shown", "check_shuffle_turn", "check_unlock", "deal_order",
           "new_player", "open_deck",
           "pass_cards", "plain_deck", "read_cards", "run_deal", "show_card", "shuffle_turn",
           "unlock", "unlock_for"]
