"""The coach: the Expert's judgement of one decision, from what its player knew.

A decision is judged from the view of the seat that made it (its cards, what was played
and said: never the hidden cards), over worlds sampled as the Expert samples them and
fixed by the game's seed and the decision (``decision_key``): the same marks on any
machine, for the same hand and the same decisions.  Every option is played out in the
same worlds, so the difference of two options' means is what the choice cost, not the
luck of the deal.  A value is the Expert's (``worlds.Evaluator``): the side's points minus
the opponents' at the hand's end, bags, Nil and sets included, and the game's end when
the hand decides it.

What is judged: a bid (every numbered bid and Nil) and a card (one card of each group of
equivalent cards: the cards of a group are worth the same in every world).  A single
legal action costs nothing and is not searched.  Blind Nil, Double Nil, the draw, the
exchange and the replacement are hinted (the Expert's own choice there: the score alone
for a blind bid, the Hard rules for the rest) but never marked: the Expert does not value
them by search, so it has no cost to put on another choice.

The labels' thresholds (``labels.THRESHOLDS``) are points a decision; ``python -m
spades.lab.coachcal`` measures how often each falls on every level.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..actions import BLIND_NIL, PLAYS, Action, Bid, Play
from ..game import Game
from ..records import Phase
from ..view import View
from .base import decision_key
from .endgame import ENDGAME_TRICKS
from .expert import (
    ENDGAME_NODES,
    ENDGAME_WORLD_COST,
    ExpertBot,
    best_bid,
    first_leader,
    play_candidates,
    wants_blind_nil,
)
from .labels import BLUNDER, INACCURACY, LABELS, MISTAKE, THRESHOLDS, label_of, mean_cost
from .worlds import BID, ENDGAME, PLAY, Search, Tally, run_worlds

COACH_SIMULATIONS = 3000
"""Playouts a judged decision may spend: the Expert's own budget (about 0.3 s)."""

@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision judged: what was chosen, the best option, and the cost of the choice
    (the best option's value minus the chosen one's, in points; 0 when it was the best)."""

    chosen: Action
    best: Action
    cost: float
    values: tuple[tuple[Action, float], ...]
    """Every option searched and its mean value, the best first."""
    worlds: int
    """The worlds each option was played out in."""

    @property
    def label(self) -> str | None:
        return label_of(self.cost)


def judged(view: View) -> bool:
    """Whether a decision in this view gets a cost: a bid or a card, with a choice."""
    if len(view.legal) < 2:
        return False
    return view.phase is Phase.PLAY or view.phase is Phase.BID


def coach_search(view: View, seed: int, simulations: int = COACH_SIMULATIONS) -> Search:
    """The search that values every option of a judged decision (``judged``): the whole
    budget, no early stop (every option gets the same worlds to the end)."""
    key = decision_key(seed, view, "coach")
    if view.phase is Phase.BID:
        options = tuple(sorted({a.n for a in view.legal if isinstance(a, Bid) and not a.blind}))
        return Search(BID, options, max(2, simulations // 3), key, early=False,
                      first_leader=first_leader(view))
    options = tuple(play_candidates(view))
    if view.hand_mask.bit_count() <= ENDGAME_TRICKS[view.players]:
        worlds = max(2, simulations // ENDGAME_WORLD_COST)
        return Search(ENDGAME, options, worlds, key,
                      nodes=worlds * ENDGAME_WORLD_COST * ENDGAME_NODES, early=False)
    return Search(PLAY, options, max(2, simulations // len(options)), key, early=False)


def search_here(view: View, search: Search) -> Tally:
    """Every world of ``search``, searched in this process (the page shares them among its
    workers instead, with the same result)."""
    tally = Tally(search)
    while (worlds := tally.next_round()) is not None:
        tally.add(worlds[0], run_worlds(view, search, *worlds))
    return tally


def option_of(view: View, search: Search, action: Action) -> int:
    """The search's option that stands for ``action``: a bid's number, or the searched
    card of the chosen card's group of equivalent cards (the highest searched card of its
    suit at or below it: a group is a run of the suit, searched by its lowest card)."""
    if search.kind == BID:
        assert isinstance(action, Bid)
        return action.n
    assert isinstance(action, Play)
    card = action.card.index
    same_suit = [o for o in search.options if o // 13 == card // 13 and o <= card]
    if not same_suit:
        raise ValueError(f"{action} is not one of the searched cards")
    return max(same_suit)


def conclude(view: View, search: Search, means: Mapping[int, float],
             chosen: Action) -> Judgement:
    """The judgement of ``chosen`` from each option's mean value."""
    values: tuple[tuple[Action, float], ...]
    if search.kind == BID:
        best: Action = Bid(best_bid(means))
        order = sorted(means, key=lambda n: (-means[n], abs(n - 3)))
        values = tuple((Bid(n), means[n]) for n in order)
    else:
        top = max(means.values())
        best = PLAYS[min(card for card, value in means.items() if value >= top - 1e-9)]
        order = sorted(means, key=lambda card: (-means[card], card))
        values = tuple((PLAYS[card], means[card]) for card in order)
    best_value = means[option_of(view, search, best)]
    cost = max(0.0, best_value - means[option_of(view, search, chosen)])
    return Judgement(chosen, best, round(cost, 1), values, search.worlds)


def judge(view: View, chosen: Action, seed: int,
          simulations: int = COACH_SIMULATIONS) -> Judgement | None:
    """``chosen``'s cost in ``view`` (the chooser's own), or None when the decision is
    not judged (``judged``)."""
    if chosen not in view.legal:
        raise ValueError(f"{chosen} is not legal here")
    if not judged(view):
        return None
    search = coach_search(view, seed, simulations)
    return conclude(view, search, search_here(view, search).means(), chosen)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a seat in a finished hand: its place in the game's actions, the
    game just before it, the seat's view then (what its player knew), and the action."""

    index: int
    before: Game
    view: View
    action: Action


def decisions(game: Game, hand: int, seat: int) -> list[Decision]:
    """Every decision ``seat`` made in hand ``hand`` (0-based) of ``game``, in order, read
    off the engine by replaying the game's actions from its start (as the review does)."""
    state = game.restart()
    found = []
    for index, action in enumerate(game.actions):
        if len(state.history) > hand:
            break
        if len(state.history) == hand and state.turn == seat:
            found.append(Decision(index, state, state.view(seat), action))
        state = state.apply(action)
    return found


def hand_marks(game: Game, hand: int, seat: int,
               simulations: int = COACH_SIMULATIONS) -> list[tuple[Decision, Judgement]]:
    """``seat``'s judged decisions of hand ``hand``, each with its judgement (a decision
    with no choice, or of a kind the coach does not judge, is left out)."""
    marks = []
    for decision in decisions(game, hand, seat):
        verdict = judge(decision.view, decision.action, game.seed, simulations)
        if verdict is not None:
            marks.append((decision, verdict))
    return marks


@dataclass(frozen=True, slots=True)
class Hint:
    """The coach's choice for a seat, and why in figures the page words: the margin over
    the next best option (points, None when nothing was searched) and the tricks the side
    still needs for its contract."""

    action: Action
    margin: float | None
    second: Action | None
    needed: int | None


def hint(view: View, seed: int, simulations: int = COACH_SIMULATIONS) -> Hint:
    """The Expert's choice for ``view`` (never the hidden cards: the view is the seat's
    own), with its margin over the next best option when it was searched."""
    needed = tricks_needed(view)
    if BLIND_NIL in view.legal and wants_blind_nil(view):  # the Expert's rule: the score
        return Hint(BLIND_NIL, None, None, needed)
    if judged(view):
        search = coach_search(view, seed, simulations)
        if len(search.options) == 1:  # every choice is one (equivalent cards): no search
            return hint_from_means(view, search, {search.options[0]: 0.0})
        return hint_from_means(view, search, search_here(view, search).means())
    return Hint(ExpertBot(seed=seed).choose(view), None, None, needed)


def hint_from_means(view: View, search: Search, means: Mapping[int, float]) -> Hint:
    """The hint from each option's mean value (the page searches the worlds on its
    workers, then concludes here): the best, and its margin over the next best."""
    verdict = conclude(view, search, means, view.legal[0])
    second = verdict.values[1] if len(verdict.values) > 1 else None
    return Hint(verdict.best, round(verdict.values[0][1] - second[1], 1) if second else None,
                second[0] if second else None, tricks_needed(view))


def tricks_needed(view: View) -> int | None:
    """The tricks the seat's side still needs for its contract, while the cards are
    played (None before, or with no contract: every bid of the side a Nil).  A Nil
    bidder's tricks do not count for the contract."""
    if view.phase is not Phase.PLAY:
        return None
    seats = range(view.seat % 2, view.players, 2) if view.players == 4 else (view.seat,)
    bidders = [s for s in seats if view.bids[s]]
    if not bidders:
        return None
    contract = sum(view.bids[s] or 0 for s in bidders)
    return max(0, contract - sum(view.tricks_won[s] for s in bidders))


__all__ = ["BLUNDER", "COACH_SIMULATIONS", "INACCURACY", "LABELS", "MISTAKE", "THRESHOLDS",
           "Decision", "Hint", "Judgement", "coach_search", "conclude", "decisions",
           "hand_marks", "hint", "hint_from_means", "judge", "judged", "label_of", "mean_cost",
           "option_of", "search_here", "tricks_needed"]
