"""The Expert's search split into worlds, so that any number of workers can share it and
still reach the same choice.

A decision's search is plain data (``Search``): its kind (a play searched by playouts, a
play solved exactly in the last tricks, or a bid), the options it compares, the most
worlds the budget allows, and the decision's key.  World ``i`` is dealt from its own
generator (``world_rng(key, i)``), so it is the same world whichever worker searches it
and whatever was searched before.  ``run_worlds(view, search, first, count)`` searches
worlds ``first .. first+count-1`` and gives one row of ints a world: the value of each
option (every value is a whole number of points, so sums are exact in any order), and the
solver nodes the world cost.

``Tally`` takes the rows back in world order, a round at a time (``FIRST_ROUND``), and
says when to stop: when the budget's worlds or the endgame's solver nodes are spent, or
early, when one option leads every other by a clear margin (``clear_leader``).  Because
each round is complete before the stop is decided, the rounds, and so the choice, are the
same for one worker or four.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import Rules
from ..scoring import game_winner, score_sides
from ..view import View
from .endgame import Solver
from .heuristic import exchange_cards
from .playout import play_card, playout
from .sampler import Sampler, estimate_bid

PLAY, ENDGAME, BID = "play", "endgame", "bid"
KINDS = (PLAY, ENDGAME, BID)

WIN_BONUS = 300
"""Added to (or taken from) a world's value when its hand ends the game."""
BAG_WEIGHT = 0.5
"""The share of the bag penalty (``bag_penalty / bag_limit`` points a bag) that a bag
costs when it is taken: the game may end before the bags reach the limit.  Measured with
``python -m spades.lab.arena expert hard --boards 60 --hands 10 --seed 2000`` (Classic):
without it +21.5 points a hand (95% CI +15.9 .. +27.0), Expert 1.41 bags and 0.123 sets a
hand; with it +34.3 (+28.9 .. +39.8), 1.24 bags and 0.055 sets.  At the Duel
(``--preset duel --boards 60 --hands 10 --seed 4000``) it cost 10.8 points a hand while
the sampler dealt the opponent random hands (Expert overbid, sets in 27% of its hands);
since the opponent's hand is dealt as drawn (``sampler.draw_odds``) it gains 8.7: +14.1
(+10.9 .. +17.3) without it, +22.8 (+19.9 .. +25.7) with it, Expert's bags a hand 1.22 ->
0.50."""
FIRST_ROUND = {PLAY: 64, ENDGAME: 16, BID: 64}
"""Worlds of a search's first round; each later round doubles the worlds searched so far
(64, 128, 256, ...).  The early stop is checked, and the page's workers meet, between
rounds: a handful a decision, since each meeting costs a message to every worker and
back (measured in the page: 32-world rounds made the slowest decisions slower)."""
EARLY_MIN_WORLDS = 64
"""No early stop before this many worlds."""
EARLY_Z = 2.5
"""A leader stops the search when its paired lead over every other option is at least this
many standard errors above zero.  Measured on the 101 searches of tests/test_worlds.py at
600 simulations: z = 3 and z = 2 both give up 0.005 points a decision by the whole
budget's values and search 73% and 64% of its worlds; stopping at 64 worlds whatever the
margin gives up 0.16 points a decision."""

Row = tuple[int, ...]
"""One world's result: each option's value, then the solver nodes it cost."""


class Evaluator:
    """Scores a finished hand for one side: our points minus theirs, less the cost to
    come of our new bags and plus that of theirs (``BAG_WEIGHT``), plus the game-ending
    bonus; memoised on (bids, tricks)."""

    def __init__(self, rules: Rules, side: int, scores: Sequence[int], bags: Sequence[int],
                 blind: Sequence[bool], hands_played: int) -> None:
        self.rules = rules
        self.side = side
        self.scores = tuple(scores)
        self.bags = tuple(bags)
        self.blind = tuple(blind)
        self.hands_played = hands_played
        self.bag_cost = BAG_WEIGHT * rules.bag_penalty / rules.bag_limit
        self.cache: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}

    def __call__(self, bids: tuple[int, ...], tricks: tuple[int, ...]) -> int:
        key = (bids, tricks)
        value = self.cache.get(key)
        if value is None:
            sides = score_sides(self.rules, bids, tricks, self.bags, self.blind)
            ours, theirs = sides[self.side], sides[1 - self.side]
            value = ours.points - theirs.points
            if self.bag_cost:
                # A bag's cost to come: a level of the side's bag count, so that a penalty
                # paid this hand (points) and the bags it clears (the level) net out.
                value += round(self.bag_cost * ((theirs.bags_after - self.bags[1 - self.side])
                                                - (ours.bags_after - self.bags[self.side])))
            new = [self.scores[0] + sides[0].points, self.scores[1] + sides[1].points]
            winner = game_winner(self.rules, new, self.hands_played + 1)
            if winner is not None:
                value += WIN_BONUS if winner == self.side else -WIN_BONUS
            self.cache[key] = value
        return value


def evaluator_for(view: View) -> Evaluator:
    return Evaluator(view.rules, view.side, view.scores, view.bags, view.blind,
                     len(view.history))


@dataclass(frozen=True, slots=True)
class Search:
    """One decision's search, as plain data (``to_text`` / ``from_text`` for a worker).

    ``options`` are card indices (``PLAY``, ``ENDGAME``) or bids (``BID``); ``worlds`` the
    most worlds to search; ``nodes`` the solver nodes the endgame may spend (0: no limit
    but the worlds); ``key`` fixes the worlds (``world_rng``); ``early`` allows the early
    stop; ``first_leader`` is the seat that leads the hand's first trick (``BID``)."""

    kind: str
    options: tuple[int, ...]
    worlds: int
    key: str
    nodes: int = 0
    early: bool = True
    first_leader: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown search kind {self.kind!r}")
        if not self.options or self.worlds < 1:
            raise ValueError("a search needs options and worlds")

    def round_end(self, done: int) -> int:
        """The world count at the end of the round that starts after ``done`` worlds."""
        first = FIRST_ROUND[self.kind]
        return min(self.worlds, first if done < first else 2 * done)

    def to_text(self) -> str:
        return "|".join((self.kind, ",".join(map(str, self.options)), str(self.worlds),
                         self.key, str(self.nodes), str(int(self.early)),
                         str(self.first_leader)))

    @classmethod
    def from_text(cls, text: str) -> Search:
        kind, options, worlds, key, nodes, early, leader = text.split("|")
        return cls(kind, tuple(int(o) for o in options.split(",")), int(worlds), key,
                   int(nodes), early == "1", int(leader))


def world_rng(key: str, index: int) -> random.Random:
    """World ``index``'s own generator: the same world whoever searches it."""
    return random.Random(f"{key}:{index}")


def run_worlds(view: View, search: Search, first: int, count: int) -> list[Row]:
    """Search worlds ``first`` .. ``first + count - 1``: one ``Row`` a world."""
    sampler = Sampler(view)
    evaluate = evaluator_for(view)
    hands_of = (sampler.sample(world_rng(search.key, i)) for i in range(first, first + count))
    if search.kind == BID:
        return [_bid_world(view, search, hands, evaluate) for hands in hands_of]
    # What every world of a play shares, worked out once.
    trick = [(seat, card.index) for seat, card in view.trick.plays]
    bids = tuple(b if b is not None else 0 for b in view.bids)
    world = _play_world if search.kind == PLAY else _endgame_world
    return [world(view, search.options, hands, trick, bids, evaluate) for hands in hands_of]


def _play_world(view: View, options: Sequence[int], hands: list[int],
                trick: list[tuple[int, int]], bids: tuple[int, ...],
                evaluate: Evaluator) -> Row:
    """Each candidate card played, then the rest of the hand by the playout policy."""
    me = view.seat
    nil = [b == 0 for b in bids]
    broken = view.spades_broken
    lead_breaks = view.rules.lead_breaks_spades
    row = []
    for card in options:
        h, t, w = list(hands), list(trick), list(view.tricks_won)
        nxt, spade = play_card(h, t, me, card, w, lead_breaks=lead_breaks)
        result = playout(h, t, nxt, broken or spade, w, nil, lead_breaks=lead_breaks)
        row.append(evaluate(bids, tuple(result)))
    return (*row, 0)


def _endgame_world(view: View, options: Sequence[int], hands: list[int],
                   trick: list[tuple[int, int]], bids: tuple[int, ...],
                   evaluate: Evaluator) -> Row:
    """Each candidate's exact value in this world (every line of the last tricks)."""

    def value(tricks: tuple[int, ...]) -> float:
        return evaluate(bids, tricks)

    solver = Solver(len(hands), view.side, value, lead_breaks=view.rules.lead_breaks_spades)
    values = solver.solve_moves(hands, trick, view.seat, view.spades_broken,
                                list(view.tricks_won), list(options))
    return (*(round(values[card]) for card in options), solver.nodes)


def _bid_world(view: View, search: Search, hands: list[int], evaluate: Evaluator) -> Row:
    """Every bid at once: the later bidders' bids estimated from their sampled hands, one
    playout as a contract bidder scores each contract, one more scores Nil."""
    rules = view.rules
    me = view.seat
    lead_breaks = rules.lead_breaks_spades
    hands = exchanged(view, hands)
    bids = [b if b is not None else estimate_bid(hands[s], rules.nil)
            for s, b in enumerate(view.bids)]
    zeros = [0] * rules.players
    values: dict[int, int] = {}
    contracts = [n for n in search.options if n > 0]
    if contracts:
        bids[me] = 1
        nil = [b == 0 for b in bids]
        tricks = tuple(playout(hands, [], search.first_leader, False, zeros, nil,
                               lead_breaks=lead_breaks))
        for n in contracts:
            bids[me] = n
            values[n] = evaluate(tuple(bids), tricks)
    if 0 in search.options:
        bids[me] = 0
        nil = [b == 0 for b in bids]
        tricks = tuple(playout(hands, [], search.first_leader, False, zeros, nil,
                               lead_breaks=lead_breaks))
        values[0] = evaluate(tuple(bids), tricks)
    return (*(values[n] for n in search.options), 0)


def exchanged(view: View, hands: list[int]) -> list[int]:
    """A bid world's hands after the Blind Nil exchange still to come (003): each lone Blind
    Nil bidder's partner passes its lowest cards and gets back the bidder's most dangerous
    (the Hard rule, ``exchange_cards``).  Without it the partner of a Blind Nil bids as if
    it would keep its own hand, and underbids the high cards it is about to receive."""
    size = view.rules.blind_nil_cards
    players = view.players
    if players != 4 or not size or not any(view.blind):
        return hands
    hands = list(hands)
    for seat in range(players):
        partner = seat ^ 2
        if view.blind[seat] and not view.blind[partner]:
            passed = exchange_cards(hands[partner], size, nil_bidder=False)
            received = hands[seat] | passed
            back = exchange_cards(received, size, nil_bidder=True)
            hands[seat] = received & ~back
            hands[partner] = (hands[partner] & ~passed) | back
    return hands


def split(first: int, count: int, parts: int) -> list[tuple[int, int]]:
    """Worlds ``first .. first+count-1`` in at most ``parts`` consecutive shares
    ``(first, count)``, the larger shares first."""
    parts = max(1, min(parts, count))
    size, extra = divmod(count, parts)
    shares, start = [], first
    for k in range(parts):
        n = size + (k < extra)
        shares.append((start, n))
        start += n
    return shares


class Tally:
    """The rows of a search, merged in world order, and when to stop (module docstring)."""

    def __init__(self, search: Search) -> None:
        self.search = search
        n = len(search.options)
        self.rows: list[Row] = []
        self.totals = [0] * n
        self.nodes = 0
        self.stopped_early = False

    @property
    def done(self) -> int:
        return len(self.rows)

    def next_round(self) -> tuple[int, int] | None:
        """The next round's worlds ``(first, count)``, or None once the search is over."""
        if self.finished():
            return None
        first = self.done
        return first, self.search.round_end(first) - first

    def add(self, first: int, rows: Sequence[Row]) -> None:
        """Rows of worlds ``first ..``, which must come next."""
        if first != self.done:
            raise ValueError(f"worlds from {first} arrived, {self.done} expected")
        width = len(self.search.options) + 1
        for row in rows:
            if len(row) != width:
                raise ValueError("a row of the wrong width")
            self.rows.append(tuple(row))
            for k in range(width - 1):
                self.totals[k] += row[k]
            self.nodes += row[-1]

    def finished(self) -> bool:
        search = self.search
        if self.done >= search.worlds:
            return True
        if self.done >= 2 and search.nodes and self.nodes >= search.nodes:
            return True
        if (search.early and self.done >= EARLY_MIN_WORLDS and len(search.options) > 1
                and clear_leader(self.rows, len(search.options)) is not None):
            self.stopped_early = True
            return True
        return False

    def means(self) -> dict[int, float]:
        done = max(1, self.done)
        return {option: total / done
                for option, total in zip(self.search.options, self.totals, strict=True)}


def clear_leader(rows: Sequence[Row], width: int, z: float = EARLY_Z) -> int | None:
    """The column leading every other by a clear margin, or None.

    The leader is the column of the highest mean.  Against each other column, the worlds'
    paired differences (the same world for both) must have a mean at least ``z`` standard
    errors above zero; columns equal in every world do not count against it (the search
    cannot tell them apart, and more worlds would rarely)."""
    n = len(rows)
    if n < 2:
        return None
    sums = [sum(row[k] for row in rows) for k in range(width)]
    leader = max(range(width), key=lambda k: (sums[k], -k))
    for k in range(width):
        if k == leader:
            continue
        diffs = [row[leader] - row[k] for row in rows]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if var == 0.0:
            continue  # the same margin (or none) in every world: nothing more to learn
        if mean <= 0 or mean < z * math.sqrt(var / n):
            return None
    return leader


__all__ = [
    "BID",
    "EARLY_MIN_WORLDS",
    "EARLY_Z",
    "ENDGAME",
    "FIRST_ROUND",
    "PLAY",
    "WIN_BONUS",
    "Evaluator",
    "Row",
    "Search",
    "Tally",
    "clear_leader",
    "evaluator_for",
    "run_worlds",
    "split",
    "world_rng",
]
