"""The CPython seconds of one four-player hand's mental poker (issue 47), all four pages
together, on the game's curve: where it goes.

    python -m spades.lab.ndealbench [--hands 3] [--players 4] [--exchange]

Each player draws its key (and its table of every card value under its lock), shuffles
in turn with its proof, which every other page checks; the cards are unlocked for their
holders (each step proven, and checked by every page but its maker's); with
``--exchange`` one Blind Nil exchange of three cards; then every card is shown as it is
played, and checked by the three other pages; at the hand's end every page checks the
whole hand with the keys revealed. The median of ``--hands`` hands.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

from ..mental import ndeal
from ..mental.curve import Secp256k1


def one_hand(players: int, seed: int, exchange: bool) -> dict[str, float]:
    """One hand's seconds by step (every page's work summed)."""
    group = Secp256k1()
    spent: dict[str, float] = defaultdict(float)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(players)]
    start = time.perf_counter()
    seats = [ndeal.new_player(group, seat, rngs[seat]) for seat in range(players)]
    spent["keys"] += time.perf_counter() - start
    record = ndeal.DealRecord()
    deck: tuple[object, ...] = tuple(ndeal.plain_deck(group))
    for player in seats:
        start = time.perf_counter()
        turn = ndeal.shuffle_turn(group, player, deck, rngs[player.seat])
        spent["shuffle"] += time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(players - 1):  # every other page checks it
            ndeal.check_shuffle_turn(group, player.commitment, deck, turn)
        spent["shuffle"] += time.perf_counter() - start
        deck = turn.deck
        record.decks.append(deck)
    holders = ndeal.deal_order(len(deck), players)
    for holder in seats:
        positions = [i for i, seat in enumerate(holders) if seat == holder.seat]
        cards = [deck[i] for i in positions]
        for other in seats:
            if other is holder:
                continue
            start = time.perf_counter()
            step = ndeal.unlock(group, other, positions, cards, rngs[other.seat])
            for _ in range(players - 1):
                ndeal.check_unlock(group, other.commitment, step)
            spent["deal"] += time.perf_counter() - start
            record.unlocks.append(step)
            cards = list(step.after)
        start = time.perf_counter()
        ndeal.read_cards(holder, positions, cards)
        spent["deal"] += time.perf_counter() - start
        record.held.update(zip(positions, cards, strict=True))
    if exchange and players == 4:
        start = time.perf_counter()
        ndeal.pass_cards(group, seats, record, 0, 2, sorted(seats[0].cards)[:3], rngs)
        spent["exchange"] += time.perf_counter() - start
    played = []
    for player in seats:
        for position in list(player.cards):
            start = time.perf_counter()
            shown = ndeal.show_card(group, player, position, record.held[position],
                                    rngs[player.seat])
            for _ in range(players - 1):
                ndeal.check_shown(group, player.commitment, record.held[position], shown)
            spent["play"] += time.perf_counter() - start
            played.append(shown)
    start = time.perf_counter()
    for _ in range(players):  # every page checks the whole hand with the keys revealed
        ndeal.check_hand(group, [p.commitment for p in seats], [p.key for p in seats],
                         record, played)
    spent["end"] += time.perf_counter() - start
    return dict(spent)


def run(hands: int, players: int = 4, exchange: bool = True) -> list[dict[str, float]]:
    return [one_hand(players, seed, exchange) for seed in range(hands)]


def median(values: list[float]) -> float:
    """(The page's Pyodide ships no ``statistics``: tools/mentalbench.mjs --four.)"""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def report(hands: list[dict[str, float]], players: int = 4) -> None:
    totals = [sum(hand.values()) for hand in hands]
    print(f"{players} players, {len(hands)} hands: {median(totals):.2f} s a hand"
          f" (all pages together), hands {', '.join(f'{t:.2f}' for t in totals)}")
    for step in hands[0]:
        print(f"  {step:>8}: {median([hand[step] for hand in hands]):.2f} s")


def main(argv: list[str] | None = None) -> None:
    import argparse  # here: the page's Pyodide has none (tools/mentalbench.mjs --four)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--exchange", action="store_true")
    args = parser.parse_args(argv)
    report(run(args.hands, args.players, args.exchange), args.players)


if __name__ == "__main__":
    main()
