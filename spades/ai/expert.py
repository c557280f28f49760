"""The Expert: imagine the hidden cards and think each move through.

Play: determinised search (PIMC).  Sample worlds consistent with the view (``Sampler``),
and in each world play every candidate card and then the rest of the hand with the fast
playout policy (``spades.ai.playout``); a world's result is scored with the table's own
``score_sides`` (bags and the bag penalty, Nil and Blind Nil, sets): our side's points
minus the opponents', plus a large bonus or penalty when the hand ends the game.  The card
with the best mean wins.  The worlds are searched in rounds (``spades.ai.worlds``), which
the page shares among its workers with the same result, and the search stops early once
one card leads every other clearly.

Forced choices are played at once, without search (``forced_play``): a single legal card;
legal cards that are all equivalent; and a claim (on lead, every card held wins its trick
whatever the order).  Cards of one suit are equivalent when no card this seat has not
seen lies between them (its own and the played cards do not separate them), and no card
of the trick in progress that is winning it: a card of the trick that is already beaten
falls with the trick, whichever of the two is played.  Only the lowest card of a group of
equivalent cards is searched (``play_candidates``).  A clean Nil bidder following suit
under the winning card plays the highest such card (``nil_unload``).

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

import time
from collections.abc import Mapping

from ..actions import BLIND_NIL, PLAYS, Action, Bid, Play
from ..cards import FULL_DECK, SPADE_MASK, SUIT_MASKS
from ..records import Phase
from ..view import View
from . import knowledge
from .base import Budget, decision_key
from .endgame import ENDGAME_TRICKS, touching_groups
from .heuristic import HeuristicBot, nil_cover_danger
from .playout import winner_of
from .worlds import (
    BID,
    ENDGAME,
    PLAY,
    WIN_BONUS,
    Evaluator,
    Search,
    Tally,
    evaluator_for,
    run_worlds,
)

DEFAULT_SIMULATIONS = 3000
"""Playouts per decision when no budget is given (about 0.3 s on CPython)."""
ENDGAME_WORLD_COST = 20
"""Simulations a world costs at least when its last tricks are solved exactly (``endgame``)."""
ENDGAME_NODES = 20
"""Solver nodes one simulation of the budget buys (a node costs about a twentieth of a
playout), so a hard endgame samples fewer worlds."""


def equivalence_groups(legal: int, hand: int, played: int) -> list[int]:
    """Split the legal cards into groups of equivalent cards: cards of one suit with only
    this seat's cards or played cards between them.  Returns one card (the lowest) a group."""
    return touching_groups(legal, FULL_DECK & ~(hand | played))


def legal_mask_of(view: View) -> int:
    legal = 0
    for action in view.legal:
        if isinstance(action, Play):
            legal |= 1 << action.card.index
    return legal


def play_candidates(view: View, *, table_separates: bool = False) -> list[int]:
    """One legal card (the lowest) per group of equivalent cards, for the search.

    Two cards of one suit are equivalent when every card between them is this seat's, or
    played, or in the trick in progress and not winning it: a beaten card of the trick
    takes no trick whichever of the two is played, and leaves the game with the trick.
    The card winning the trick does separate them (one of the two would beat it, the other
    not).  ``table_separates`` counts every card of the trick as a separator (the rule
    before issue 13, for measurements).
    """
    played = view.played_mask
    plays = view.trick.plays
    if plays:
        if table_separates:
            for _, card in plays:
                played &= ~(1 << card.index)
        else:
            trick = [(seat, card.index) for seat, card in plays]
            win_seat = winner_of(trick)
            for seat, card in plays:
                if seat == win_seat:
                    played &= ~(1 << card.index)
    return equivalence_groups(legal_mask_of(view), view.hand_mask, played)


def is_claim(view: View) -> bool:
    """On lead, every card held wins its trick whatever the order: each is above every
    unseen card of its suit, and no unseen spade could ruff a side-suit card."""
    if view.trick.plays:
        return False
    hand = view.hand_mask
    unseen = FULL_DECK & ~(hand | view.played_mask)
    for suit, mask in enumerate(SUIT_MASKS):
        part = hand & mask
        if not part:
            continue
        low = (part & -part).bit_length() - 1
        if (unseen & mask) >> low:
            return False  # an unseen card of the suit beats our lowest
        if suit != 3 and unseen & SPADE_MASK:
            return False  # a side-suit winner could be ruffed
    return True


def nil_ducks(view: View, candidates: list[int]) -> list[int]:
    """A clean Nil bidder with no partner still to play this trick keeps only the cards
    that stay under the card winning it, when it holds one (issue 13: a clean Nil with
    ♠9 4 2 overtook an opponent's ♠8 with the ♠9 and broke itself).  The sampled worlds
    may all make the Nil look lost; giving it up on their word is the costlier mistake."""
    seat = view.seat
    if view.bids[seat] != 0 or view.tricks_won[seat] or not view.trick.plays:
        return candidates
    players = view.players
    partner = view.partner
    to_play = players - len(view.trick.plays) - 1
    if partner is not None and (partner - seat) % players <= to_play:
        return candidates  # the partner plays after us and may cover
    state = knowledge.trick_state(view)
    ducks = [card for card in candidates
             if not knowledge.beats(card, state.best, state.lead_suit)]
    return ducks or candidates


def nil_safe_follows(view: View) -> int:
    """The cards a clean Nil bidder may follow suit with that cannot win the trick in
    progress, whatever is played after them: cards of the led suit under the winning card
    of that suit, or any card of the led suit once a spade has ruffed it.  0 when the seat
    is not a clean Nil bidder following suit."""
    if not view.trick.plays or not knowledge.nil_alive(view)[view.seat]:
        return 0
    state = knowledge.trick_state(view)
    follows = legal_mask_of(view) & SUIT_MASKS[state.lead_suit]
    if state.best // 13 != state.lead_suit:
        return follows  # ruffed: no card of the led suit can win it
    return follows & ((1 << state.best) - 1)


def nil_unload(view: View, candidates: list[int]) -> list[int]:
    """A clean Nil bidder following suit under the winning card plays the highest such card
    (``nil_safe_follows``): keeping a lower card instead never makes a later duck easier,
    so the higher one is worth at least as much to the Nil.  The search's worlds rarely tell
    the two apart this early and its tie goes to the lower card, which is how the Expert
    kept ♥Q J 8 under a winning ♥K, last to play, and ducked with the ♥7.  Playing the
    highest also makes the duck a sign every level gives (``play_evidence``)."""
    safe = nil_safe_follows(view)
    if not safe:
        return candidates
    highest = safe.bit_length() - 1
    return sorted([highest, *(card for card in candidates if not safe >> card & 1)])


def nil_cover_leads(view: View, candidates: list[int]) -> list[int]:
    """On lead with the partner on a clean Nil that is known to hold only spades (void in
    every side suit), keep only the spade leads when there are any: a side-suit lead makes
    the partner ruff, and it wins unless an opponent overruffs (issue 13: Expert led a
    diamond at trick 10 into such a partner).  Perfect-information worlds make the
    opponents duck under the partner's spades whatever is led, so the search often rates
    the Nil lost either way and leads the side card; real opponents must find the duck."""
    partner = view.partner
    if (partner is None or view.trick.plays or view.bids[partner] != 0
            or view.tricks_won[partner]):
        return candidates
    holds = knowledge.possible_cards(view)[partner]
    if not holds or holds & ~SPADE_MASK:
        return candidates
    spades = [card for card in candidates if card >= 39]
    return spades or candidates


def forced_play(view: View) -> int | None:
    """The card to play at once, without search, or None when there is a choice: a single
    legal card, a single group of equivalent cards (its lowest card, or a clean Nil's
    highest under the winner: ``nil_unload``), or a claim (the lowest legal card: every
    order takes every trick left)."""
    legal = legal_mask_of(view)
    if not legal:
        return None
    if legal & (legal - 1) == 0 or is_claim(view):
        return (legal & -legal).bit_length() - 1
    candidates = nil_unload(view, play_candidates(view))
    return candidates[0] if len(candidates) == 1 else None


def first_leader(view: View) -> int:
    rules = view.rules
    if rules.players == 2 and rules.dealer_leads:
        return view.dealer
    return (view.dealer + 1) % rules.players


def wants_blind_nil(view: View) -> bool:
    """Blind Nil (Double Nil at two players) from the score situation alone, never the hand.

    Four players (003): the first of a side to bid declares it, whatever the score.  With
    the three-card exchange a Blind Nil is made about nine times in ten, for +200, far more
    than a hand's contract is worth (a Hard that always declares it beats the plain Hard by
    about 90 points a hand); the partner, bidding after it, knows to bid for the side.  Once
    the partner has bid a number, only far behind with the opponents near the target.
    Two players (001: Double Nil, no exchange): only then too."""
    rules = view.rules
    us, them = view.scores[view.side], view.scores[1 - view.side]
    far_behind = them - us >= 200 and them >= rules.target - 150
    partner = view.partner
    if partner is None:
        return far_behind
    partner_bid = view.bids[partner]
    if partner_bid == 0:
        return False
    return partner_bid is None or far_behind


def best_bid(values: Mapping[int, float]) -> int:
    """The bid with the best value; among equal values, the one nearest 3 (then the lower)."""
    return max(values, key=lambda n: (values[n], -abs(n - 3)))


class ExpertBot:
    """Determinised search for the play and the bid (see the module docstring).

    ``choose(view)`` is ``plan``, then ``search``, then ``conclude``; the page runs the
    same three steps with the middle one shared among its workers (``spades.ai.worlds``).
    """

    level = "expert"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget if budget is not None else Budget(simulations=DEFAULT_SIMULATIONS)
        self._heuristic = HeuristicBot("hard", seed=seed)
        self.shortcuts = True
        """False: the play search as before issue 13 (every card of the trick separates
        two cards, no claim), for measuring what the shortcuts save."""
        self.early_stop = True
        """False: every decision spends its whole budget (no ``clear_leader`` stop)."""

    # ------------------------------------------------------------------ the protocol

    def choose(self, view: View) -> Action:
        decision = self.plan(view)
        if isinstance(decision, Search):
            return self.conclude(view, decision, self.search(view, decision))
        return decision

    def plan(self, view: View) -> Action | Search:
        """The action, when it needs no search, or the search that decides it."""
        legal = view.legal
        if not legal:
            raise ValueError("it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.PLAY:
            if self.shortcuts:
                forced = forced_play(view)
                if forced is not None:
                    return PLAYS[forced]
            search = self.play_search(view)
            return PLAYS[search.options[0]] if len(search.options) == 1 else search
        if phase is Phase.BID:
            if BLIND_NIL in legal and wants_blind_nil(view):
                return BLIND_NIL
            return self.bid_search(view)
        if phase is Phase.DRAW and BLIND_NIL in legal and wants_blind_nil(view):
            return BLIND_NIL
        # The draw, the exchange and the replacement: the Hard heuristic's rules.
        action: Action = self._heuristic.choose(view)
        return action

    def search(self, view: View, search: Search) -> Tally:
        """Every round of ``search`` here, until the tally or the budget's seconds stop it."""
        deadline = None
        if self.budget.seconds is not None:
            deadline = time.perf_counter() + self.budget.seconds
        tally = Tally(search)
        while (worlds := tally.next_round()) is not None:
            tally.add(worlds[0], run_worlds(view, search, *worlds))
            if deadline is not None and time.perf_counter() > deadline:
                break
        return tally

    def conclude(self, view: View, search: Search, tally: Tally) -> Action:
        """The action the searched worlds choose."""
        values = tally.means()
        if search.kind == BID:
            return Bid(best_bid(values))
        top = max(values.values())
        tied = [card for card, value in values.items() if value >= top - 1e-9]
        if len(tied) > 1 and self.shortcuts:
            # Equal values on lead with the partner on a clean Nil mostly mean every world
            # loses the Nil whatever is led (the opponents see the cards and duck under
            # it): lead what the partner can best stay under (issue 13).
            danger = nil_cover_danger(view, tied)
            low = min(danger.values())
            tied = [card for card in tied if danger[card] == low]
        return PLAYS[min(tied)]

    # ------------------------------------------------------------------ budget

    def _worlds(self, per_world: int) -> int:
        """The most worlds for a decision costing ``per_world`` simulations a world."""
        simulations = self.budget.simulations
        if simulations is None:
            return 1 << 30  # seconds only: the deadline stops it
        return max(2, -(-simulations // max(1, per_world)))

    # ------------------------------------------------------------------ play

    def play_search(self, view: View, *, merge: bool = True) -> Search:
        """The search of a play: one candidate card per group of equivalent cards
        (``play_candidates``), or every legal card with ``merge=False``."""
        if merge:
            candidates = play_candidates(view, table_separates=not self.shortcuts)
        else:
            legal = legal_mask_of(view)
            candidates = [i for i in range(52) if legal >> i & 1]
        if self.shortcuts:
            candidates = nil_cover_leads(view, nil_ducks(view, nil_unload(view, candidates)))
        key = decision_key(self.seed, view, "play")
        if view.hand_mask.bit_count() <= ENDGAME_TRICKS[view.players]:  # tricks left
            worlds = self._worlds(ENDGAME_WORLD_COST)
            nodes = worlds * ENDGAME_WORLD_COST * ENDGAME_NODES if worlds < 1 << 30 else 0
            return Search(ENDGAME, tuple(candidates), worlds, key, nodes=nodes,
                          early=self.early_stop)
        return Search(PLAY, tuple(candidates), self._worlds(len(candidates)), key,
                      early=self.early_stop)

    def play_values(self, view: View, *, merge: bool = True) -> dict[int, float]:
        """Mean value of each candidate card (``play_search``), searched here."""
        search = self.play_search(view, merge=merge)
        if len(search.options) == 1:
            return {search.options[0]: 0.0}
        return self.search(view, search).means()

    # ------------------------------------------------------------------ bid

    def bid_search(self, view: View) -> Search:
        """The search of a bid: every legal (non-blind) bid, three simulations a world."""
        options = sorted({a.n for a in view.legal if isinstance(a, Bid) and not a.blind})
        return Search(BID, tuple(options), self._worlds(3),
                      decision_key(self.seed, view, "bid"), early=self.early_stop,
                      first_leader=first_leader(view))

    def bid_values(self, view: View) -> dict[int, float]:
        """Mean value of each legal (non-blind) bid, searched here."""
        search = self.bid_search(view)
        return self.search(view, search).means()


__all__ = ["DEFAULT_SIMULATIONS", "WIN_BONUS", "Evaluator", "ExpertBot", "best_bid",
           "equivalence_groups", "evaluator_for", "forced_play", "is_claim", "nil_cover_leads",
           "nil_ducks", "nil_safe_follows", "nil_unload", "play_candidates", "wants_blind_nil"]
