"""The Oracle: sees every card, for measurement only (never offered in the page).

It plays like the Expert but on the true deal instead of sampled worlds: each candidate
card is evaluated by a deterministic playout plus a few noisy ones (``eps``) on the real
hands, or once few tricks remain (``ENDGAME_TRICKS``) exactly by the endgame solver
(``spades.ai.endgame``); its bids are simulated on the real hands too (the later bidders'
bids estimated from their real cards).  ``choose_with_game(game)`` is the entry point; a match
runner can also ``attach(game)`` before calling ``choose(view)``.

Two halves of it split the Oracle's edge over the Expert between the bidding and the play
(``make_bot("oracle-bids")``, ``make_bot("oracle-plays")``): each sees every card in one
phase only and is the Expert (same seed, same budget) in the other.
"""

from __future__ import annotations

from ..actions import BLIND_NIL, PLAYS, Action, Bid, Play
from ..game import Game
from ..records import Phase
from ..view import View
from .base import Budget, decision_rng
from .endgame import Solver
from .expert import (
    ExpertBot,
    best_bid,
    equivalence_groups,
    evaluator_for,
    first_leader,
    wants_blind_nil,
)
from .playout import play_card, playout
from .sampler import estimate_bid
from .worlds import exchanged

DEFAULT_SIMULATIONS = 1000
NOISE = 0.12
ENDGAME_TRICKS = {4: 5, 2: 9}
"""Solve the true deal exactly when at most this many tricks remain (by players)."""


class OracleBot:
    """Search on the true deal (see the module docstring)."""

    level = "oracle"

    def __init__(self, seed: int = 0, simulations: int = DEFAULT_SIMULATIONS,
                 budget: Budget | None = None,
                 sees: frozenset[Phase] = frozenset({Phase.BID, Phase.PLAY}),
                 blind_expert: ExpertBot | None = None) -> None:
        """``sees``: the phases searched on the true deal; the others go to
        ``blind_expert`` (by default an Expert of this bot's simulations)."""
        self.seed = seed
        if budget is not None and budget.simulations is not None:
            simulations = budget.simulations
        self.simulations = max(1, simulations)
        self.sees = sees
        self._expert = blind_expert or ExpertBot(seed=seed,
                                                 budget=Budget(simulations=self.simulations))
        self._game: Game | None = None

    def attach(self, game: Game) -> None:
        """The game the next ``choose(view)`` is about."""
        self._game = game

    def choose(self, view: View) -> Action:
        game = self._game
        if game is None or game.turn != view.seat or game.view(view.seat) != view:
            raise ValueError("the Oracle needs the game: call attach(game) or choose_with_game")
        return self.choose_with_game(game)

    def choose_with_game(self, game: Game) -> Action:
        seat = game.turn
        if seat is None:
            raise ValueError("the game is over")
        view = game.view(seat)
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase in (Phase.BID, Phase.PLAY) and view.phase not in self.sees:
            return self._expert.choose(view)
        hands = [sum(1 << c.index for c in hand) for hand in game.hands]
        if view.phase is Phase.PLAY:
            return self._play(view, hands)
        if view.phase is Phase.BID:
            if BLIND_NIL in legal and wants_blind_nil(view):
                return BLIND_NIL
            return self._bid(view, hands)
        return self._expert.choose(view)

    def _play(self, view: View, hands: list[int]) -> Action:
        legal = 0
        for action in view.legal:
            if isinstance(action, Play):
                legal |= 1 << action.card.index
        trick = [(seat, card.index) for seat, card in view.trick.plays]
        played = view.played_mask
        for _, card in trick:
            played &= ~(1 << card)
        candidates = equivalence_groups(legal, view.hand_mask, played)
        if len(candidates) == 1:
            return PLAYS[candidates[0]]
        me = view.seat
        bids = tuple(b if b is not None else 0 for b in view.bids)
        nil = [b == 0 for b in bids]
        won = list(view.tricks_won)
        evaluate = evaluator_for(view)
        lead_breaks = view.rules.lead_breaks_spades
        if view.hand_mask.bit_count() <= ENDGAME_TRICKS[view.rules.players]:
            # The end of the hand: every line, exactly.
            def final(tricks: tuple[int, ...]) -> float:
                return evaluate(bids, tricks)

            solver = Solver(view.rules.players, view.side, final, lead_breaks=lead_breaks)
            exact = solver.solve_moves(hands, trick, me, view.spades_broken, won, candidates)
            return PLAYS[max(exact, key=lambda c: (exact[c], -c))]
        rng = decision_rng(self.seed, view, "oracle")
        rounds = max(1, self.simulations // len(candidates))
        values = {}
        for card in candidates:
            total = 0.0
            for k in range(rounds):
                h = list(hands)
                t = list(trick)
                w = list(won)
                nxt, spade = play_card(h, t, me, card, w, lead_breaks=lead_breaks)
                result = playout(h, t, nxt, view.spades_broken or spade, w, nil,
                                 rng if k else None, NOISE if k else 0.0,
                                 lead_breaks=lead_breaks)
                value = evaluate(bids, tuple(result))
                total += value * (3.0 if k == 0 else 1.0)
            values[card] = total / (rounds + 2)
        best = max(values, key=lambda c: (values[c], -c))
        return PLAYS[best]

    def _bid(self, view: View, hands: list[int]) -> Action:
        options = sorted({a.n for a in view.legal if isinstance(a, Bid) and not a.blind})
        me = view.seat
        rules = view.rules
        evaluate = evaluator_for(view)
        # The Blind Nil exchange to come, on the real hands (every bot passes by Hard's rule).
        hands = exchanged(view, hands)
        bids = [b if b is not None else estimate_bid(hands[s], rules.nil)
                for s, b in enumerate(view.bids)]
        leader = first_leader(view)
        zeros = [0] * rules.players
        rng = decision_rng(self.seed, view, "oracle-bid")
        rounds = max(1, self.simulations // 2)
        totals = dict.fromkeys(options, 0.0)
        lead_breaks = rules.lead_breaks_spades
        for k in range(rounds):
            noisy = rng if k else None
            eps = NOISE if k else 0.0
            weight = 3.0 if k == 0 else 1.0
            if any(n > 0 for n in options):
                bids[me] = 1
                tricks = tuple(playout(hands, [], leader, False, zeros,
                                       [b == 0 for b in bids], noisy, eps,
                                       lead_breaks=lead_breaks))
                for n in options:
                    if n > 0:
                        bids[me] = n
                        totals[n] += weight * evaluate(tuple(bids), tricks)
            if 0 in totals:
                bids[me] = 0
                tricks = tuple(playout(hands, [], leader, False, zeros,
                                       [b == 0 for b in bids], noisy, eps,
                                       lead_breaks=lead_breaks))
                totals[0] += weight * evaluate(tuple(bids), tricks)
        return Bid(best_bid(totals))


def half_oracle(phase: Phase, seed: int, budget: Budget | None) -> OracleBot:
    """An Oracle that sees every card in ``phase`` only and is the Expert of ``budget``
    (the level ``expert`` with this seed) in the other phases."""
    return OracleBot(seed, sees=frozenset({phase}), blind_expert=ExpertBot(seed, budget))


__all__ = ["OracleBot", "half_oracle"]
