"""The Expert: imagine the hidden cards and think each move through.

Play: determinised search (PIMC).  Sample worlds consistent with the view (``Sampler``),
and in each world play every candidate card and then the rest of the hand with the fast
playout policy (``spades.ai.playout``); a world's result is scored with the table's own
``score_sides`` (bags and the bag penalty, Nil and Blind Nil, sets): our side's points
minus the opponents', plus a large bonus or penalty when the hand ends the game.  The card
with the best mean wins.  Cards adjacent in rank among the cards not yet played are
equivalent and searched once (a card of the trick in progress separates two cards).

The last tricks (``ENDGAME_TRICKS``): each sampled world is solved exactly instead
(``spades.ai.endgame``, alpha-beta over every line with the same scoring), and each
candidate's exact values are averaged over fewer worlds (a world costs at least
``ENDGAME_WORLD_COST`` simulations of the budget, and ``ENDGAME_NODES`` solver nodes
cost one simulation).

Bids: the same worlds, with the later bidders' bids estimated from their sampled hands;
one playout as a contract bidder scores every bid from 1 to 13 at once, one more playout
scores Nil.  Blind Nil (and Double Nil) is decided from the score alone, never the hand.

The draw, the exchange and the replacement go to the Hard heuristic
(``spades.ai.heuristic``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..actions import BLIND_NIL, PLAYS, Action, Bid, Play
from ..cards import FULL_DECK
from ..records import Phase
from ..rules import Rules
from ..scoring import game_winner, score_sides
from ..view import View
from .base import Budget, decision_rng
from .endgame import ENDGAME_TRICKS, Solver, touching_groups
from .heuristic import HeuristicBot
from .playout import play_card, playout
from .sampler import Sampler, estimate_bid

DEFAULT_SIMULATIONS = 3000
"""Playouts per decision when no budget is given (about 0.3 s on CPython)."""
WIN_BONUS = 300
"""Added to (or taken from) a world's value when its hand ends the game."""
ENDGAME_WORLD_COST = 20
"""Simulations a world costs at least when its last tricks are solved exactly (``endgame``)."""
ENDGAME_NODES = 20
"""Solver nodes one simulation of the budget buys (a node costs about a twentieth of a
playout), so a hard endgame samples fewer worlds."""


class Evaluator:
    """Scores a finished hand for one side: our points minus theirs, plus the game-ending
    bonus; memoised on (bids, tricks)."""

    def __init__(self, rules: Rules, side: int, scores: Sequence[int], bags: Sequence[int],
                 blind: Sequence[bool], hands_played: int) -> None:
        self.rules = rules
        self.side = side
        self.scores = tuple(scores)
        self.bags = tuple(bags)
        self.blind = tuple(blind)
        self.hands_played = hands_played
        self.cache: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}

    def __call__(self, bids: tuple[int, ...], tricks: tuple[int, ...]) -> float:
        key = (bids, tricks)
        value = self.cache.get(key)
        if value is None:
            sides = score_sides(self.rules, bids, tricks, self.bags, self.blind)
            ours, theirs = sides[self.side].points, sides[1 - self.side].points
            value = float(ours - theirs)
            new = [self.scores[0] + sides[0].points, self.scores[1] + sides[1].points]
            winner = game_winner(self.rules, new, self.hands_played + 1)
            if winner is not None:
                value += WIN_BONUS if winner == self.side else -WIN_BONUS
            self.cache[key] = value
        return value


def evaluator_for(view: View) -> Evaluator:
    return Evaluator(view.rules, view.side, view.scores, view.bags, view.blind,
                     len(view.history))


def equivalence_groups(legal: int, hand: int, played: int) -> list[int]:
    """Split the legal cards into groups of equivalent cards: cards of one suit with only
    this seat's cards or played cards between them.  Returns one card (the lowest) a group."""
    return touching_groups(legal, FULL_DECK & ~(hand | played))


def first_leader(view: View) -> int:
    rules = view.rules
    if rules.players == 2 and rules.dealer_leads:
        return view.dealer
    return (view.dealer + 1) % rules.players


def wants_blind_nil(view: View) -> bool:
    """Blind (Double) Nil from the score situation alone: far behind, with the opponents
    close to the target, a gamble of ±200 is worth it."""
    rules = view.rules
    us, them = view.scores[view.side], view.scores[1 - view.side]
    partner = view.partner
    if partner is not None and view.bids[partner] == 0:
        return False
    return them - us >= 200 and them >= rules.target - 150


class ExpertBot:
    """Determinised search for the play and the bid (see the module docstring)."""

    level = "expert"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget if budget is not None else Budget(simulations=DEFAULT_SIMULATIONS)
        self._heuristic = HeuristicBot("hard", seed=seed)

    # ------------------------------------------------------------------ the protocol

    def choose(self, view: View) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.PLAY:
            return self.choose_play(view)
        if phase is Phase.BID:
            if BLIND_NIL in legal and wants_blind_nil(view):
                return BLIND_NIL
            return self.choose_bid(view)
        if phase is Phase.DRAW and BLIND_NIL in legal and wants_blind_nil(view):
            return BLIND_NIL
        # The draw, the exchange and the replacement: the Hard heuristic's rules.
        action: Action = self._heuristic.choose(view)
        return action

    # ------------------------------------------------------------------ budget

    def _limits(self, per_world: int) -> tuple[int, float | None]:
        """(worlds, deadline) for a decision costing ``per_world`` playouts a world."""
        budget = self.budget
        if budget.simulations is not None:
            worlds = max(2, -(-budget.simulations // max(1, per_world)))
            deadline = None
            if budget.seconds is not None:
                deadline = time.perf_counter() + budget.seconds
            return worlds, deadline
        assert budget.seconds is not None
        return 1 << 30, time.perf_counter() + budget.seconds

    # ------------------------------------------------------------------ play

    def play_values(self, view: View) -> dict[int, float]:
        """Mean value of each candidate card (one card per equivalent group)."""
        hand = view.hand_mask
        trick = [(seat, card.index) for seat, card in view.trick.plays]
        played = view.played_mask
        for _, card in trick:
            played &= ~(1 << card)  # a card of this trick may separate two of ours
        legal = 0
        for action in view.legal:
            if isinstance(action, Play):
                legal |= 1 << action.card.index
        candidates = equivalence_groups(legal, hand, played)
        if len(candidates) == 1:
            return {candidates[0]: 0.0}
        me = view.seat
        bids = tuple(b if b is not None else 0 for b in view.bids)
        nil = [b == 0 for b in bids]
        won = list(view.tricks_won)
        broken = view.spades_broken
        lead_breaks = view.rules.lead_breaks_spades
        evaluate = evaluator_for(view)
        sampler = Sampler(view)
        rng = decision_rng(self.seed, view, "play")
        players = view.rules.players
        if hand.bit_count() <= ENDGAME_TRICKS[players]:  # tricks left, this one included
            return self._endgame_values(view, candidates, trick, bids, evaluate, sampler, rng)
        worlds, deadline = self._limits(len(candidates))
        totals = dict.fromkeys(candidates, 0.0)
        done = 0
        while done < worlds:
            hands = sampler.sample(rng)
            for card in candidates:
                h = list(hands)
                t = list(trick)
                w = list(won)
                nxt, spade = play_card(h, t, me, card, w, lead_breaks=lead_breaks)
                result = playout(h, t, nxt, broken or spade, w, nil, lead_breaks=lead_breaks)
                totals[card] += evaluate(bids, tuple(result))
            done += 1
            if deadline is not None and done >= 2 and time.perf_counter() > deadline:
                break
        return {card: total / done for card, total in totals.items()}

    def _endgame_values(self, view: View, candidates: list[int], trick: list[tuple[int, int]],
                        bids: tuple[int, ...], evaluate: Evaluator, sampler: Sampler,
                        rng: random.Random) -> dict[int, float]:
        """Mean exact value of each candidate over sampled worlds (few tricks left)."""
        me = view.seat
        won = list(view.tricks_won)
        broken = view.spades_broken

        def value(tricks: tuple[int, ...]) -> float:
            return evaluate(bids, tricks)

        worlds, deadline = self._limits(ENDGAME_WORLD_COST)
        nodes_left = worlds * ENDGAME_WORLD_COST * ENDGAME_NODES
        totals = dict.fromkeys(candidates, 0.0)
        done = 0
        while done < worlds:
            hands = sampler.sample(rng)
            solver = Solver(len(hands), view.side, value,
                            lead_breaks=view.rules.lead_breaks_spades)
            for card, v in solver.solve_moves(hands, trick, me, broken, won,
                                              candidates).items():
                totals[card] += v
            done += 1
            nodes_left -= solver.nodes
            if done >= 2 and (nodes_left <= 0 or (deadline is not None
                              and time.perf_counter() > deadline)):
                break
        return {card: total / done for card, total in totals.items()}

    def choose_play(self, view: View) -> Action:
        values = self.play_values(view)
        best = max(values, key=lambda card: (values[card], -card))
        return PLAYS[best]

    # ------------------------------------------------------------------ bid

    def bid_values(self, view: View) -> dict[int, float]:
        """Mean value of each legal (non-blind) bid."""
        options = sorted({a.n for a in view.legal if isinstance(a, Bid) and not a.blind})
        me = view.seat
        rules = view.rules
        evaluate = evaluator_for(view)
        sampler = Sampler(view)
        rng = decision_rng(self.seed, view, "bid")
        leader = first_leader(view)
        players = rules.players
        contract_bids = [n for n in options if n > 0]
        lead_breaks = rules.lead_breaks_spades
        worlds, deadline = self._limits(3)
        totals = dict.fromkeys(options, 0.0)
        done = 0
        while done < worlds:
            hands = sampler.sample(rng)
            bids = [b if b is not None else estimate_bid(hands[s], rules.nil)
                    for s, b in enumerate(view.bids)]
            zeros = [0] * players
            if contract_bids:
                bids[me] = 1
                nil = [b == 0 for b in bids]
                tricks = tuple(playout(hands, [], leader, False, zeros, nil,
                                       lead_breaks=lead_breaks))
                for n in contract_bids:
                    bids[me] = n
                    totals[n] += evaluate(tuple(bids), tricks)
            if 0 in totals:
                bids[me] = 0
                nil = [b == 0 for b in bids]
                tricks = tuple(playout(hands, [], leader, False, zeros, nil,
                                       lead_breaks=lead_breaks))
                totals[0] += evaluate(tuple(bids), tricks)
            done += 1
            if deadline is not None and done >= 2 and time.perf_counter() > deadline:
                break
        return {n: total / done for n, total in totals.items()}

    def choose_bid(self, view: View) -> Action:
        values = self.bid_values(view)
        best = max(values, key=lambda n: (values[n], -abs(n - 3)))
        return Bid(best)


__all__ = ["DEFAULT_SIMULATIONS", "Evaluator", "ExpertBot", "equivalence_groups",
           "wants_blind_nil"]

