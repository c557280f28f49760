"""The deal among n players (spades/mental/ndeal.py, issue 47's first step): uniform, read
by each holder alone, no card of a player's readable by any other (nor by two others
together), and a cheating player among honest ones caught at its own message."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from spades.mental import ndeal
from spades.mental.cipher import ModpGroup, safe_prime_below

SMALL = ModpGroup(safe_prime_below(2**64), cards=8)
"""Eight card values, small numbers: whole deals with proofs in milliseconds."""


def table(players: int, seed: int, group: ModpGroup = SMALL) -> list[ndeal.Player]:
    rng = random.Random(seed)
    return [ndeal.new_player(group, seat, rng) for seat in range(players)]


def rngs(players: int, seed: int) -> list[random.Random]:
    return [random.Random(f"{seed}:{seat}") for seat in range(players)]


@pytest.mark.parametrize("players", [3, 4])
def test_every_card_is_dealt_once_and_read_by_its_holder(players: int) -> None:
    seats = table(players, 1)
    ndeal.run_deal(SMALL, seats, rngs(players, 1))
    holders = ndeal.deal_order(SMALL.cards, players)
    read = [(position, value) for player in seats for position, value in player.cards.items()]
    assert sorted(position for position, _ in read) == list(range(SMALL.cards))
    assert sorted(value for _, value in read) == list(range(SMALL.cards))
    for player in seats:
        assert all(holders[position] == player.seat for position in player.cards)


@pytest.mark.parametrize("players", [3, 4])
def test_deals_are_uniform(players: int) -> None:
    """Chi-square over 10,000 deals of a 4-card deck (24 orders, 23 degrees of freedom)
    through every player's shuffle; and when only the last player shuffles honestly
    (the others keep the order they got), the deal is uniform still: no group of players
    short of all can choose it."""
    group = ModpGroup(safe_prime_below(2**20), cards=4)
    for honest in (set(range(players)), {players - 1}):
        counts: Counter[tuple[int, ...]] = Counter()
        rng = random.Random(f"uniform:{players}")
        for _ in range(10_000):
            seats = [ndeal.new_player(group, seat, rng) for seat in range(players)]
            deck = ndeal.plain_deck(group)
            for player in seats:
                turn = ndeal.shuffle_turn(group, player, deck, rng, prove=False)
                deck = (list(turn.deck) if player.seat in honest
                        else [group.lock(card, player.key) for card in deck])
            unlock = 1
            for player in seats:
                unlock = unlock * player.inverse % group.order
            plain = {group.encode(value): value for value in range(group.cards)}
            counts[tuple(plain[group.exp(card, unlock)] for card in deck)] += 1
        assert set(counts) == set(permutations(range(4)))
        expected = 10_000 / 24
        chi2 = sum((count - expected) ** 2 / expected for count in counts.values())
        assert chi2 < 49.7, (honest, chi2)  # the 0.1% critical value, 23 degrees of freedom


def readable(group: ModpGroup, keys: list[int], element: object) -> int | None:
    """The card value ``element`` is once the locks of ``keys`` are taken off, if it is one
    (what players holding those keys can read of it)."""
    plain = {group.encode(value): value for value in range(group.cards)}
    unlock = 1
    for key in keys:
        unlock = unlock * group.inverse(key) % group.order
    return plain.get(group.exp(element, unlock))


@pytest.mark.parametrize("players", [3, 4])
def test_no_player_reads_a_card_of_anothers(players: int) -> None:
    """What the deal sent of the cards' places (the final deck, and every unlock's cards
    before and after), seen with one player's key taken off (or two players' together:
    colluding opponents): only those players' own cards are card values. (The decks
    before the last shuffle are each a shuffler's own order of every card value, which
    that shuffler knows anyway: the later shuffles' secret orders part them from the
    places dealt.)"""
    seats = table(players, 2)
    record = ndeal.run_deal(SMALL, seats, rngs(players, 2))
    holders = ndeal.deal_order(SMALL.cards, players)
    seen = list(record.decks[-1])
    seen += [card for step in record.unlocks for card in (*step.before, *step.after)]
    value_of = {position: value for player in seats
                for position, value in player.cards.items()}
    pairs = [(1, 3), (0, 2)] if players == 4 else [(0, 1), (1, 2)]  # partners collude
    for group_of_readers in [(seat,) for seat in range(players)] + pairs:
        keys = [seats[seat].key for seat in group_of_readers]
        theirs = {value_of[position] for position, holder in enumerate(holders)
                  if holder in group_of_readers}
        read = {value for card in seen if (value := readable(SMALL, keys, card)) is not None}
        assert read <= theirs, (group_of_readers, read - theirs)


def test_a_shuffle_that_plants_a_card_is_caught_at_once() -> None:
    seats = table(4, 3)
    rng = random.Random(3)
    deck = ndeal.plain_deck(SMALL)
    first = ndeal.shuffle_turn(SMALL, seats[0], deck, rng)
    ndeal.check_shuffle_turn(SMALL, seats[0].commitment, deck, first)
    honest = ndeal.shuffle_turn(SMALL, seats[1], first.deck, rng)
    # Seat 1 replaces a card of its deck with a copy of another, locked by its key: the
    # same card twice.
    planted = (honest.deck[1], *honest.deck[1:])
    with pytest.raises(ndeal.CheatDetected) as caught:
        ndeal.check_shuffle_turn(SMALL, seats[1].commitment, first.deck,
                                 ndeal.ShuffleTurn(1, planted, honest.proof))
    assert caught.value.seat == 1
    # A card value of its own choice in place of one: not the deck's, the proof fails.
    chosen = (SMALL.lock(SMALL.encode(0), seats[1].key), *honest.deck[1:])
    with pytest.raises(ndeal.CheatDetected):
        ndeal.check_shuffle_turn(SMALL, seats[1].commitment, first.deck,
                                 ndeal.ShuffleTurn(1, chosen, honest.proof))
    # No proof at all, or one of another step's.
    for proof in ({}, {"c": []}):
        with pytest.raises(ndeal.CheatDetected):
            ndeal.check_shuffle_turn(SMALL, seats[1].commitment, first.deck,
                                     ndeal.ShuffleTurn(1, honest.deck, proof))
    # A shuffle under another key than the one it committed to.
    other = ndeal.new_player(SMALL, 1, rng)
    forged = ndeal.shuffle_turn(SMALL, other, first.deck, rng)
    with pytest.raises(ndeal.CheatDetected):
        ndeal.check_shuffle_turn(SMALL, seats[1].commitment, first.deck,
                                 ndeal.ShuffleTurn(1, forged.deck, forged.proof))


def test_an_unlock_that_swaps_a_card_is_caught_at_once() -> None:
    seats = table(4, 4)
    rng = random.Random(4)
    cards = [SMALL.lock(SMALL.lock(SMALL.encode(value), seats[2].key), seats[0].key)
             for value in (1, 5)]
    step = ndeal.unlock(SMALL, seats[2], [0, 4], cards, rng)
    ndeal.check_unlock(SMALL, seats[2].commitment, step)
    # Seat 2 gives back the holder another card than the one it was asked to unlock.
    swapped = (SMALL.lock(SMALL.encode(6), seats[0].key), step.after[1])
    with pytest.raises(ndeal.CheatDetected) as caught:
        ndeal.check_unlock(SMALL, seats[2].commitment,
                           ndeal.Unlock(2, step.positions, step.before, swapped, step.proof))
    assert caught.value.seat == 2
    # The two cards given back in each other's place.
    crossed = (step.after[1], step.after[0])
    with pytest.raises(ndeal.CheatDetected):
        ndeal.check_unlock(SMALL, seats[2].commitment,
                           ndeal.Unlock(2, step.positions, step.before, crossed, step.proof))


def test_a_deal_on_the_games_curve() -> None:
    """A whole four-player deal of 52 cards with every proof, on secp256k1."""
    from spades.mental.curve import Secp256k1

    group = Secp256k1()
    seats = table(4, 5, group)  # type: ignore[arg-type]
    ndeal.run_deal(group, seats, rngs(4, 5))
    assert sorted(v for player in seats for v in player.cards.values()) == list(range(52))
    assert all(len(player.cards) == 13 for player in seats)


def test_a_card_shown_is_the_one_dealt_there() -> None:
    seats = table(4, 6)
    generators = rngs(4, 6)
    record = ndeal.run_deal(SMALL, seats, generators)
    player = seats[1]
    position, value = next(iter(player.cards.items()))
    shown = ndeal.show_card(SMALL, player, position, record.held[position], generators[1])
    ndeal.check_shown(SMALL, player.commitment, record.held[position], shown)
    assert shown.value == value
    # Another value at that place (one of the player's other cards, or none of its own).
    for lie in {v for v in range(SMALL.cards) if v != value}:
        forged = ndeal.Shown(1, position, lie, shown.proof)
        with pytest.raises(ndeal.CheatDetected) as caught:
            ndeal.check_shown(SMALL, player.commitment, record.held[position], forged)
        assert caught.value.seat == 1
    # A card of another place, with its own proof: not the card dealt at this one.
    other_position = next(p for p in player.cards if p != position)
    elsewhere = ndeal.show_card(SMALL, player, other_position, record.held[other_position],
                                generators[1])
    with pytest.raises(ndeal.CheatDetected):
        ndeal.check_shown(SMALL, player.commitment, record.held[position],
                          ndeal.Shown(1, position, elsewhere.value, elsewhere.proof))


def test_the_blind_nil_exchange_passes_cards_the_opponents_never_see() -> None:
    group = ModpGroup(safe_prime_below(2**64), cards=16)
    seats = table(4, 7, group)
    generators = rngs(4, 7)
    record = ndeal.run_deal(group, seats, generators)
    giver, receiver = seats[0], seats[2]
    passed = sorted(giver.cards)[:2]
    values = {giver.cards[p] for p in passed}
    before = len(record.unlocks)
    ndeal.pass_cards(group, seats, record, 0, 2, passed, generators)
    assert {receiver.cards[p] for p in passed} == values
    assert not set(passed) & set(giver.cards)
    # What the exchange sent, with both opponents' keys off: none of the passed cards.
    sent = [card for step in record.unlocks[before:] for card in (*step.before, *step.after)]
    keys = [seats[1].key, seats[3].key]
    read = {value for card in sent if (value := readable(group, keys, card)) is not None}
    assert not read & values
    # The receiver plays a passed card: checked like any other.
    shown = ndeal.show_card(group, receiver, passed[0], record.held[passed[0]], generators[2])
    ndeal.check_shown(group, receiver.commitment, record.held[passed[0]], shown)
    # A pass of a card the giver does not hold is refused.
    with pytest.raises(ndeal.CheatDetected):
        ndeal.pass_cards(group, seats, record, 1, 3, [passed[0]], generators)


def test_the_hands_end_checks_every_step_with_the_keys_revealed() -> None:
    group = ModpGroup(safe_prime_below(2**64), cards=16)
    seats = table(4, 8, group)
    generators = rngs(4, 8)
    record = ndeal.run_deal(group, seats, generators)
    ndeal.pass_cards(group, seats, record, 1, 3, sorted(seats[1].cards)[:2], generators)
    played = [ndeal.show_card(group, player, position, record.held[position],
                              generators[player.seat])
              for player in seats for position in sorted(player.cards)]
    commitments = [player.commitment for player in seats]
    keys = [player.key for player in seats]
    ndeal.check_hand(group, commitments, keys, record, played)
    # A key other than the one committed to (or 1, which locks nothing).
    for wrong in (keys[2] + 1, 1):
        with pytest.raises(ndeal.CheatDetected) as caught:
            ndeal.check_hand(group, commitments, [*keys[:2], wrong, keys[3]], record, played)
        assert caught.value.seat == 2
    # A card shown that was not dealt there is blamed on whoever showed it (a passed card
    # is its receiver's now).
    passed = next(shown for shown in played if shown.seat == 3
                  and shown.position in {p for p in range(16) if p % 4 == 1})
    lie = ndeal.Shown(3, passed.position, (passed.value + 1) % 16, passed.proof)
    with pytest.raises(ndeal.CheatDetected) as caught:
        ndeal.check_hand(group, commitments, keys, record, [*played, lie])
    assert caught.value.seat == 3
    # A deck its shuffler's key does not make (a card of it replaced after its proof),
    # which the players after it locked and shuffled on: the final deck no longer opens
    # to the whole deck, and the first shuffle at fault is named.
    forged = (group.lock(record.decks[0][1], keys[1]), *record.decks[1][1:])
    decks = [record.decks[0], forged]
    for seat in (2, 3):
        decks.append(tuple(group.lock(card, keys[seat]) for card in decks[-1]))
    with pytest.raises(ndeal.CheatDetected) as caught:
        ndeal.check_hand(group, commitments, keys, ndeal.DealRecord(decks=decks), played)
    assert caught.value.seat == 1
