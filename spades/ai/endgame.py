"""An exact solver for the last few tricks of a hand, on bitboards.

With every hand known (the Oracle's true deal, or one of the Expert's sampled worlds), the
last tricks can be searched completely: two players, the two sides, one maximising and
one minimising one number, the maximising side's value of the final trick counts (its
points minus the opponents', bags, Nil and sets included; ``value`` is given by the
caller, usually the Expert's ``Evaluator``).  The search is alpha-beta over every line of
play, with

* a transposition table on the position at each trick's start (hands, leader, spades
  broken, tricks won), holding a lower and an upper bound and the best lead;
* touching cards treated as one: cards of one suit in one hand with no card of another
  hand (or of the trick in progress) between them win and lose the same tricks, so only
  the lowest of them is searched;
* move ordering: the best lead remembered by the table first; a follower tries its
  cheapest winning card first unless its partner is winning, and its lowest card first
  otherwise.

``solve`` gives the value of a position, ``solve_moves`` the value of each card the seat
to move may play (one card per group of touching cards), for the Expert's averaging over
worlds.  Rules are those of ``spades.tricks``, inlined (a test checks the solver against a
plain search over ``Game``); which spade breaks spades is the table's setting
(``Rules.lead_breaks_spades``), given to the solver as ``lead_breaks``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import SUIT_MASKS
from ..tricks import NO_SUIT, legal_play_mask

NON_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
FULL = (1 << 52) - 1
ENDGAME_TRICKS = {4: 4, 2: 7}
"""Solve exactly when at most this many tricks remain, by the number of players (a few
milliseconds a position on CPython)."""

Value = Callable[[tuple[int, ...]], float]
"""The maximising side's value of the final tricks won by each seat."""

_EXACT, _LOWER, _UPPER = 0, 1, 2


def tricks_left(hands: Sequence[int], trick: Sequence[tuple[int, int]]) -> int:
    """Tricks still to be won, the one in progress included."""
    cards = sum(hand.bit_count() for hand in hands) + len(trick)
    return cards // len(hands)


def touching_groups(legal: int, other: int) -> list[int]:
    """One card (the lowest) of each run of ``legal`` with no ``other`` card between."""
    reps = []
    for mask in SUIT_MASKS:
        part = legal & mask
        prev = -1
        while part:
            low = part & -part
            card = low.bit_length() - 1
            part ^= low
            if prev < 0 or other & (low - (2 << prev)):
                reps.append(card)
            prev = card
    return reps


class Solver:
    """Exact minimax for the end of a hand.  ``side`` maximises ``value``; seat ``s``
    belongs to side ``s % 2``.  The transposition table lives as long as the solver, so
    one solver serves every candidate card of one deal.  ``lead_breaks`` is the table's
    ``Rules.lead_breaks_spades``: whether a spade led breaks spades (False at the Duel)."""

    def __init__(self, players: int, side: int, value: Value, *, lead_breaks: bool) -> None:
        self.players = players
        self.side = side
        self.value = value
        self.lead_breaks = lead_breaks
        self.table: dict[tuple[object, ...], tuple[int, float, int]] = {}
        self.nodes = 0

    # ------------------------------------------------------------------ the search

    def _search(self, hands: list[int], trick: list[tuple[int, int]], turn: int,
                broken: bool, won: list[int], alpha: float, beta: float) -> float:
        self.nodes += 1
        players = self.players
        hand = hands[turn]
        if not trick:
            if not hand:
                return self.value(tuple(won))
            if hand & (hand - 1) == 0:
                return self._last_trick(hands, turn, won)
            key = (*hands, turn, broken, *won)
            entry = self.table.get(key)
            best_first = -1
            if entry is not None:
                flag, stored, best_first = entry
                if flag == _EXACT:
                    return stored
                if flag == _LOWER:
                    if stored >= beta:
                        return stored
                    alpha = max(alpha, stored)
                elif stored <= alpha:
                    return stored
                else:
                    beta = min(beta, stored)
            # tricks.legal_play_mask's rule for a lead, inlined: the search's inner loop
            legal = hand if broken else (hand & NON_SPADES or hand)
            live = 0
            for h in hands:
                live |= h
            moves = touching_groups(legal, live & ~hand)
            if best_first >= 0 and best_first in moves:
                moves.remove(best_first)
                moves.insert(0, best_first)
            low, high = alpha, beta
            best = self._try(moves, hands, trick, turn, broken, won, alpha, beta)
            value, best_card = best
            if value <= low:
                self.table[key] = (_UPPER, value, best_card)
            elif value >= high:
                self.table[key] = (_LOWER, value, best_card)
            else:
                self.table[key] = (_EXACT, value, best_card)
            return value
        lead = trick[0][1] // 13
        follow = hand & SUIT_MASKS[lead]
        legal = follow or hand
        live = 0
        for h in hands:
            live |= h
        for _, c in trick:
            live |= 1 << c
        moves = touching_groups(legal, live & ~hand)
        if len(moves) > 1:
            # Ordering: the trick's winner so far, then the cheapest card that beats it.
            win_seat, win_card = trick[0]
            for s, c in trick[1:]:
                if (c // 13 == lead or c >= 39) and c > win_card:
                    win_seat, win_card = s, c
            if (win_seat ^ turn) & 1 or players == 2:
                beaters = [c for c in moves if (c // 13 == lead or c >= 39) and c > win_card]
                if beaters:
                    beaters.sort(key=lambda c: (c >= 39, c))
                    rest = [c for c in moves if c not in beaters]
                    moves = [beaters[0], *rest, *beaters[1:]]
        return self._try(moves, hands, trick, turn, broken, won, alpha, beta)[0]

    def _try(self, moves: list[int], hands: list[int], trick: list[tuple[int, int]],
             turn: int, broken: bool, won: list[int], alpha: float,
             beta: float) -> tuple[float, int]:
        """Play each of ``moves`` for ``turn``; the best value for its side, and the card."""
        players = self.players
        maximise = turn % 2 == self.side
        best = -1e18 if maximise else 1e18
        best_card = moves[0]
        lead_breaks = self.lead_breaks
        for card in moves:
            bit = 1 << card
            hands[turn] ^= bit
            trick.append((turn, card))
            # tricks.breaks_spades, inlined: trick[0] is the lead, this card if it leads
            now_broken = broken or (card >= 39 and (lead_breaks or trick[0][1] < 39))
            if len(trick) == players:
                lead = trick[0][1] // 13
                win_seat, win_card = trick[0]
                for s, c in trick[1:]:
                    if (c // 13 == lead or c >= 39) and c > win_card:
                        win_seat, win_card = s, c
                done = trick[:]
                trick.clear()
                won[win_seat] += 1
                value = self._search(hands, trick, win_seat, now_broken, won, alpha, beta)
                won[win_seat] -= 1
                trick.extend(done)
            else:
                value = self._search(hands, trick, (turn + 1) % players, now_broken, won,
                                     alpha, beta)
            trick.pop()
            hands[turn] ^= bit
            if maximise:
                if value > best:
                    best, best_card = value, card
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_card = value, card
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best, best_card

    def _last_trick(self, hands: list[int], turn: int, won: list[int]) -> float:
        """Every hand holds one card: the trick plays itself."""
        players = self.players
        win_seat, win_card = turn, hands[turn].bit_length() - 1
        lead = win_card // 13
        for k in range(1, players):
            s = (turn + k) % players
            c = hands[s].bit_length() - 1
            if (c // 13 == lead or c >= 39) and c > win_card:
                win_seat, win_card = s, c
        won[win_seat] += 1
        value = self.value(tuple(won))
        won[win_seat] -= 1
        return value

    # ------------------------------------------------------------------ the entry points

    def solve(self, hands: Sequence[int], trick: Sequence[tuple[int, int]], turn: int,
              broken: bool, won: Sequence[int]) -> float:
        """The exact value of the position for ``side`` (with both sides playing best)."""
        return self._search(list(hands), list(trick), turn, broken, list(won), -1e18, 1e18)

    def solve_moves(self, hands: Sequence[int], trick: Sequence[tuple[int, int]],
                    turn: int, broken: bool, won: Sequence[int],
                    moves: Sequence[int]) -> dict[int, float]:
        """The exact value (for ``side``) of playing each card of ``moves`` for ``turn``."""
        values = {}
        for card in moves:
            h = list(hands)
            t = list(trick)
            w = list(won)
            h[turn] &= ~(1 << card)
            t.append((turn, card))
            broken_now = broken or (card >= 39 and (self.lead_breaks or t[0][1] < 39))
            nxt = (turn + 1) % self.players
            if len(t) == self.players:
                lead = t[0][1] // 13
                nxt, win_card = t[0]
                for s, c in t[1:]:
                    if (c // 13 == lead or c >= 39) and c > win_card:
                        nxt, win_card = s, c
                w[nxt] += 1
                t = []
            values[card] = self._search(h, t, nxt, broken_now, w, -1e18, 1e18)
        return values


def move_groups(hands: Sequence[int], trick: Sequence[tuple[int, int]], turn: int,
                broken: bool) -> list[int]:
    """The cards ``turn`` may play, one a group of touching cards (the lowest).  Of the
    trick in progress only the card winning it separates two cards (a beaten card falls
    with the trick whichever of them is played), as in the Expert's ``play_candidates``."""
    hand = hands[turn]
    legal = legal_play_mask(hand, trick[0][1] // 13 if trick else NO_SUIT, broken)
    live = 0
    for h in hands:
        live |= h
    if trick:
        lead = trick[0][1] // 13
        best = trick[0][1]
        for _, c in trick[1:]:
            if (c // 13 == lead or c >= 39) and c > best:
                best = c
        live |= 1 << best
    return touching_groups(legal, live & ~hand)


def solve(hands: Sequence[int], trick: Sequence[tuple[int, int]], turn: int, broken: bool,
          won: Sequence[int], side: int, value: Value, *, lead_breaks: bool) -> float:
    """The exact value for ``side`` of the position (see ``Solver``)."""
    solver = Solver(len(hands), side, value, lead_breaks=lead_breaks)
    return solver.solve(hands, trick, turn, broken, won)


__all__ = ["ENDGAME_TRICKS", "Solver", "move_groups", "solve", "touching_groups", "tricks_left"]
