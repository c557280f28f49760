"""The levels Easy, Medium and Hard: one rule-of-thumb player with a few settings.

The levels differ in what they remember and how often they slip (004):

- **Easy** remembers only the trick on the table, bids crudely, never protects or attacks
  a Nil, grabs every trick it can, and plays a random legal card now and then.
- **Medium** bids by high cards and spade length and plays by rules of thumb: second hand
  low, third hand high, win cheaply, leave a partner's winning card alone, duck overtricks
  once the contract is made, cover a partner's Nil and attack an opponent's.  It remembers
  the honours (jacks and up) that have been played, nothing else.
- **Hard** counts every card and remembers who has shown out of a suit, so it knows which
  of its cards are the highest left and when a trick is safe; it discards from its short
  suits to ruff them later and keeps its sure winners; it plays for sets, and bids and plays
  around the bag count and the score.  Its bids are better calibrated: it shades a strong
  hand's count, bids less when the bids already made crowd the table or when it must
  attack an opponent's Nil, and bids Nil on a slightly weaker hand (it covers and ducks
  with the cards counted).

Every decision is a pure function of the seed and the view: randomness comes only from
``decision_rng``.  The Blind (Double) Nil choice never reads the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import BLIND_NIL, Action, Bid, Draw, Pass, Play, Replace
from ..cards import CARDS, FULL_DECK, SPADE_MASK, SPADES, SUIT_MASKS, mask_of
from ..records import Phase
from ..view import View
from . import knowledge as kn
from .base import decision_rng

NON_SPADES = FULL_DECK & ~SPADE_MASK
HONOURS = sum(1 << (suit * 13 + rank) for suit in range(4) for rank in range(9, 13))
"""Jacks, queens, kings and aces: what Medium remembers seeing played."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What separates the levels."""

    name: str
    blunder: float
    """Chance that a play is a random legal card."""
    bid_slip: float
    """Chance that a bid is one off."""
    memory: str
    """Which played cards it remembers: "trick" (the current trick), "honours", "all"."""
    voids: bool
    """Whether it remembers who has shown out of a suit."""
    nil_play: bool
    """Whether it covers a partner's Nil and attacks an opponent's."""
    duck: bool
    """Whether it ducks overtricks once the contract is made."""
    planner: bool
    """Bags, sets and the score: plays for a set, bids fuller near the bag penalty."""
    nil_bids: bool
    """Whether it bids Nil with a careful test (else a crude one)."""


LEVEL_SETTINGS: dict[str, Settings] = {
    "easy": Settings("easy", blunder=0.15, bid_slip=0.35, memory="trick", voids=False,
                     nil_play=False, duck=False, planner=False, nil_bids=False),
    "medium": Settings("medium", blunder=0.0, bid_slip=0.0, memory="honours", voids=False,
                       nil_play=True, duck=True, planner=False, nil_bids=True),
    "hard": Settings("hard", blunder=0.0, bid_slip=0.0, memory="all", voids=True,
                     nil_play=True, duck=True, planner=True, nil_bids=True),
}


# ---------------------------------------------------------------------- small bitboard helpers

def _rank(index: int) -> int:
    return index % 13


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lowest(mask: int) -> int:
    """The cheapest card: the lowest-ranked side card, else the lowest spade."""
    side = mask & NON_SPADES
    pool = side or mask
    return min(_bits(pool), key=lambda i: (_rank(i), -_suit_len(mask, i // 13)))


def _highest_side(mask: int) -> int:
    """The card to throw away when the trick is lost anyway: the highest side card, else
    the highest spade."""
    side = mask & NON_SPADES
    pool = side or mask
    return max(_bits(pool), key=lambda i: (_rank(i), i))


def _suit_len(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _bottom(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# ---------------------------------------------------------------------- hand evaluation

TWO_PLAYER_LIFT = 0.6
"""Added to Hard's bid at two players.  The two-player count leaves out the ruffs that a
13-card opponent's voids give: Hard against Hard on the Duel bid 4.96 tricks a hand and
took 6.50 (1.6 bags a hand, 9 points a hand in bag penalties).  Against the Hard without
it, 1000 duplicate boards of 10 hands (``arena``'s boards 100..1099): +0.3 gave +2.5
points a hand, +0.6 +3.1 (+2.5 .. +3.7), +0.9 +1.3; +0.6 beat +0.9 by 1.7; on the
Two-handed classic +0.6 gave +3.8 (+3.0 .. +4.7)."""


def estimate_tricks(hand: int, players: int = 4) -> float:
    """Tricks a hand should take, counted the way a careful player bids: aces, protected
    kings and queens, high spades, spade length beyond three, and ruffs with spare spades
    in short suits.  At two players the count is by the chance that no higher card sits
    with the single opponent."""
    if players == 2:
        return _estimate_two(hand)
    total = 0.0
    shortness = 0.0
    for suit in range(3):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        ranks = {i % 13 for i in _bits(cards)}
        ace, king, queen = 12 in ranks, 11 in ranks, 10 in ranks
        if ace:
            total += 1.0 if length <= 6 else 0.7
        if king:
            if ace:
                total += 0.9 if length <= 5 else 0.5
            elif length >= 2:
                total += 0.7 if length <= 5 else 0.4
            else:
                total += 0.2
        if queen and length >= 3:
            total += 0.6 if (ace and king) else 0.35 if (ace or king) else 0.15
        shortness += 1.0 if length == 0 else 0.6 if length == 1 else 0.15 if length == 2 else 0
    spades = hand & SPADE_MASK
    length = spades.bit_count()
    ranks = {i % 13 for i in _bits(spades)}
    honours = 0.0
    count = 0
    if 12 in ranks:
        honours, count = honours + 1.0, count + 1
    if 11 in ranks:
        honours, count = honours + (1.0 if length >= 2 else 0.4), count + 1
    if 10 in ranks:
        honours, count = honours + (0.9 if length >= 3 else 0.4), count + 1
    if 9 in ranks and length >= 4:
        honours, count = honours + 0.5, count + 1
    extra = max(0, length - 3)
    total += min(float(length), honours + extra)
    spare = max(0, length - count - extra)
    total += min(float(spare), shortness)
    return total


def _estimate_two(hand: int) -> float:
    total = 0.0
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        for higher_mine, index in enumerate(sorted(_bits(cards), reverse=True)):
            higher_out = 12 - _rank(index) - higher_mine
            p = (2 / 3) ** higher_out
            if suit != SPADES and length > 3:
                p *= 0.85 ** (length - 3)
            total += p
        if suit == SPADES:
            total += 0.4 * max(0, length - 4)
    return total


def nil_danger(hand: int) -> float:
    """How likely a hand is to be forced to take a trick: high spades, many spades, and
    high side cards without low cards of their suit under them.  Below about 1 is a Nil."""
    danger = 0.0
    spades = hand & SPADE_MASK
    n_spades = spades.bit_count()
    for index in _bits(spades):
        rank = _rank(index)
        danger += 3.0 if rank >= 10 else 1.0 if rank == 9 else 0.6 if rank == 8 else \
            0.35 if rank == 7 else 0.15 if rank >= 4 else 0.05
    if n_spades >= 4:
        danger += 2.0 * (n_spades - 3)
    elif n_spades == 3:
        danger += 0.3
    for suit in range(3):
        for below, index in enumerate(_bits(hand & SUIT_MASKS[suit])):  # lowest first
            rank = _rank(index)
            risk = (rank - 5 - 1.6 * below) / 7
            if rank == 12:
                risk += 0.35
            if risk > 0:
                danger += risk
    return danger


def exchange_cards(hand: int, size: int, *, nil_bidder: bool) -> int:
    """The ``size`` cards of ``hand`` (a bitboard) given in the Blind Nil exchange: the Nil
    bidder gives back its most dangerous cards (high spades, aces, kings); its partner
    gives its lowest, side suits first, to help the Nil duck."""
    if nil_bidder:
        ranked = sorted(_bits(hand), key=lambda i: card_danger(i, hand), reverse=True)
    else:
        ranked = sorted(_bits(hand), key=lambda i: (_rank(i) + (2 if i >= 39 else 0), i))
    given = 0
    for index in ranked[:size]:
        given |= 1 << index
    return given


def card_danger(index: int, hand: int) -> float:
    """A card's own share of ``nil_danger``: which cards a Nil bidder should give away."""
    rank = _rank(index)
    if index // 13 == SPADES:
        return 4.0 + rank
    below = (hand & SUIT_MASKS[index // 13] & ((1 << index) - 1)).bit_count()
    return rank - 1.6 * below + (2.0 if rank == 12 else 0.0)


# ---------------------------------------------------------------------- the player

class HeuristicBot:
    """Easy, Medium or Hard: ``HeuristicBot("medium", seed=3).choose(view)``."""

    def __init__(self, level: str = "medium", seed: int = 0) -> None:
        if level not in LEVEL_SETTINGS:
            raise ValueError(f"unknown heuristic level {level!r}: "
                             f"choose from {', '.join(LEVEL_SETTINGS)}")
        self.level = level
        self.seed = seed
        self.settings = LEVEL_SETTINGS[level]

    def __repr__(self) -> str:
        return f"HeuristicBot({self.level!r}, seed={self.seed})"

    def choose(self, view: View) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("it is not this seat's turn")
        phase = view.phase
        if phase is Phase.PLAY:
            action: Action = self._play(view)
        elif phase is Phase.BID:
            action = self._bid(view)
        elif phase is Phase.DRAW:
            action = self._draw(view)
        elif phase is Phase.PASS:
            action = self._pass(view)
        elif phase is Phase.REPLACE:
            action = self._replace(view)
        else:
            action = legal[0]
        return action if action in legal else legal[0]

    # ------------------------------------------------------------------ Blind / Double Nil

    def wants_blind_nil(self, view: View) -> bool:
        """Blind (Double) Nil, from the score situation alone: never reads the hand (003).

        Taken when the side is far behind and the opponents are closing on the target, or
        (Easy) now and then on a whim when behind."""
        rules = view.rules
        if not rules.blind_nil or BLIND_NIL not in view.legal:
            return False
        partner = view.partner
        if partner is not None and view.bids[partner] == 0:
            return False  # never two Nils on one side
        rng = decision_rng(self.seed, view, "blind", see_hand=False)
        mine, theirs = view.scores[view.side], view.scores[1 - view.side]
        behind = theirs - mine
        target = rules.target
        if self.settings.name == "easy":
            return behind >= 150 and rng.random() < 0.25
        if behind >= 200 and theirs >= 0.6 * target:
            return rng.random() < 0.8
        if behind >= 120 and theirs >= 0.8 * target:
            return rng.random() < 0.6
        return False

    # ------------------------------------------------------------------ bidding

    def _bid(self, view: View) -> Action:
        if self.wants_blind_nil(view):
            return BLIND_NIL
        settings = self.settings
        rng = decision_rng(self.seed, view, "bid")
        hand = view.hand_mask
        players = view.players
        estimate = estimate_tricks(hand, players)
        partner = view.partner
        partner_bid = view.bids[partner] if partner is not None else None
        legal_nil = Bid(0) in view.legal
        if legal_nil and self._wants_nil(view, hand, estimate, partner_bid, rng.random()):
            return Bid(0)
        bias = -0.35
        me, other = view.side, 1 - view.side
        if settings.planner:
            rules = view.rules
            if view.bags[me] >= rules.bag_limit - 3:
                bias += 0.3  # bid fuller: overtricks would cost the bag penalty
            floor = rules.floor
            if floor is not None and view.scores[me] - 10 * round(estimate) <= floor + 30:
                bias -= 0.4  # a set could drop us below the losing floor
            if view.scores[other] >= rules.target - 80 and view.scores[me] < view.scores[other]:
                bias += 0.25  # they are about to win: reach for more
            if any(view.bids[s] == 0 for s in range(players) if s % 2 != view.seat % 2):
                bias -= 0.6  # attacking their Nil costs tricks of our own
            if players == 4:
                bias -= _table_excess(view, estimate)
            else:
                bias += TWO_PLAYER_LIFT
            # Calibration: a strong hand's count runs a little high and a weak hand's a
            # little low (the strong hand's honours crash; the weak hand's spades score).
            bias -= 0.15 * (estimate - 3.0)
        bid = int(estimate + 0.5 + bias)
        if settings.bid_slip and rng.random() < settings.bid_slip:
            bid += 1 if rng.random() < 0.5 else -1
        if players == 4 and partner_bid is not None and settings.name != "easy":
            others = sum(b for b in view.bids if b is not None)
            if others + bid > 13:
                bid = max(1, 13 - others) if others < 13 else 1
            if partner_bid > 0 and partner_bid + bid > 13:
                bid = 13 - partner_bid
        elif players == 2 and settings.name != "easy":
            other_bid = view.bids[1 - view.seat]
            if other_bid is not None and other_bid + bid > 13:
                bid = max(1, 13 - other_bid)
        bid = max(1, min(13, bid))
        return Bid(bid)

    def _wants_nil(self, view: View, hand: int, estimate: float, partner_bid: int | None,
                   roll: float) -> bool:
        if not self.settings.nil_bids:
            return estimate < 1.0 and nil_danger(hand) < 2.5 and roll < 0.5
        if partner_bid == 0:
            return False  # not after the partner's Nil
        danger = nil_danger(hand)
        limit = 1.1 if view.players == 4 else 0.8
        cap = 2.2
        if self.settings.planner:
            # Far behind late: accept a riskier Nil; comfortably ahead: a safer one.
            me, other = view.scores[view.side], view.scores[1 - view.side]
            # It covers a partner's Nil with care and counts the cards while it ducks,
            # so it bids Nil on a somewhat weaker hand than Medium.
            limit += 0.5
            cap += 0.5
            if other - me >= 150:
                limit += 0.3
            elif me - other >= 150:
                limit -= 0.3
        return danger < limit and estimate < cap

    # ------------------------------------------------------------------ two-player draw

    def _draw(self, view: View) -> Action:
        if self.wants_blind_nil(view):
            return BLIND_NIL
        top = view.top_card
        if top is None:
            return view.legal[0]
        hand = view.hand_mask
        nil_plan = view.bids[view.seat] == 0 or (
            hand.bit_count() >= 6 and self.settings.nil_bids
            and estimate_tricks(hand, 2) < 0.8 and nil_danger(hand) < 0.8)
        keep = card_danger(top.index, hand | top.bit) < 5.0 if nil_plan else keep_worthy(top.index)
        if self.settings.name == "easy":
            rng = decision_rng(self.seed, view, "draw")
            if rng.random() < self.settings.blunder:
                keep = not keep
        return Draw(keep)

    def _replace(self, view: View) -> Action:
        hand = view.hand_mask
        limit = min(view.rules.blind_nil_cards, hand.bit_count())
        ranked = sorted(_bits(hand), key=lambda i: card_danger(i, hand), reverse=True)
        out = [i for i in ranked[:limit] if card_danger(i, hand) >= 6.0]
        return Replace(CARDS[i] for i in out)

    # ------------------------------------------------------------------ Blind Nil exchange

    def _pass(self, view: View) -> Action:
        size = len(view.legal[0].cards) if isinstance(view.legal[0], Pass) else 3
        given = exchange_cards(view.hand_mask, size, nil_bidder=view.bids[view.seat] == 0)
        return Pass(CARDS[i] for i in _bits(given))

    # ------------------------------------------------------------------ play

    def _play(self, view: View) -> Action:
        legal = 0
        for action in view.legal:
            if isinstance(action, Play):
                legal |= action.card.bit
        if legal & (legal - 1) == 0:
            return Play(CARDS[_bottom(legal)])
        settings = self.settings
        if settings.blunder:
            rng = decision_rng(self.seed, view, "play")
            if rng.random() < settings.blunder:
                options = _bits(legal)
                return Play(CARDS[options[int(rng.random() * len(options))]])
        ctx = _Context(view, settings, legal)
        index = ctx.lead() if ctx.trick.lead_suit == kn.NO_SUIT else ctx.follow()
        return Play(CARDS[index])


def _table_excess(view: View, estimate: float) -> float:
    """How far to shade a bid down because the bids already made crowd the table: the
    others' bids, this hand's estimate and about three tricks for each seat still to bid
    add up to more than thirteen, so some of those tricks will not be there (Hard)."""
    made = [bid for seat, bid in enumerate(view.bids) if seat != view.seat and bid is not None]
    if not made:
        return 0.0
    unbid = view.players - 1 - len(made)
    excess = sum(made) + estimate + 3.0 * unbid - 13
    return min(1.0, 0.3 * excess) if excess > 0 else 0.0


def nil_cover_danger(view: View, cards: list[int]) -> dict[int, int]:
    """For a seat on lead whose partner is on a clean Nil: each card's danger to the Nil
    as Hard counts it (``_Context.cover_danger``: 0 the partner can stay under, up to 3 it
    must ruff); 0 for every card otherwise.  The Expert breaks ties with it."""
    alive = kn.nil_alive(view)
    partner = view.partner
    if partner is None or view.trick.plays or not alive[partner] or not cards:
        return dict.fromkeys(cards, 0)
    ctx = _Context(view, LEVEL_SETTINGS["hard"], sum(1 << card for card in cards))
    return {card: ctx.cover_danger(card) for card in cards}


def keep_worthy(index: int) -> bool:
    """Whether a top card is worth keeping when drawing: any spade, a side-suit Q, K or A.
    Medium and Hard keep exactly these (unless drawing for a Nil), people much the same,
    and Expert's sampler deals the opponent's hand by it (``sampler.draw_odds``)."""
    rank = index % 13
    return index >= 39 or rank >= 10


class _Context:
    """Everything one play decision looks at, worked out once."""

    def __init__(self, view: View, settings: Settings, legal: int) -> None:
        self.view = view
        self.settings = settings
        self.legal = legal
        seat = self.seat = view.seat
        players = self.players = view.players
        self.partner = view.partner
        self.opponents = tuple(s for s in range(players) if s % 2 != seat % 2)
        hand = self.hand = view.hand_mask
        played = kn.played(view)
        current = mask_of(card for _, card in view.trick.plays)
        if settings.memory == "all":
            remembered = played
        elif settings.memory == "honours":
            remembered = played & HONOURS | current
        else:
            remembered = current
        known = kn.known_cards(view)
        self.gone = hand | remembered | mask_of(view.discarded)
        self.hidden = FULL_DECK & ~self.gone
        self.voids = kn.voids(view) if settings.voids else (0,) * players
        possible = []
        for s in range(players):
            if s == seat:
                possible.append(hand)
                continue
            mask = self.hidden | known[s]
            for suit in range(4):
                if self.voids[s] >> suit & 1:
                    mask &= ~SUIT_MASKS[suit]
            possible.append(mask)
        self.possible = possible
        self.trick = kn.trick_state(view)
        self.after = tuple((seat + k) % players for k in range(1, self.trick.to_play + 1))
        side = view.side
        self.need = kn.side_need(view, side)
        self.opp_need = kn.side_need(view, 1 - side)
        alive = kn.nil_alive(view)
        self.nil_me = alive[seat]
        self.nil_partner = self.partner is not None and alive[self.partner]
        self.nil_opps = tuple(s for s in self.opponents if alive[s]) if settings.nil_play else ()
        self.left = kn.tricks_left(view)
        self.want = self._wants_tricks(view)

    def _wants_tricks(self, view: View) -> bool:
        settings = self.settings
        if not settings.duck:
            return True
        if self.need > 0:
            return True
        if settings.planner and self.opp_need > 0:
            # Setting them is worth ten points a trick of their contract; a bag costs
            # about ten points later.  Go for it when a few tricks do it.
            to_set = self.left - self.opp_need + 1
            rules = view.rules
            bags = view.bags[view.side]
            room = rules.bag_limit - bags
            if to_set <= 4 and (room > to_set or self.opp_need >= 3):
                return True
        return False

    # ------------------------------------------------------------------ judging a trick

    def likely_void(self, seat: int, suit: int) -> bool:
        if self.voids[seat] >> suit & 1:
            return True
        left = (self.hidden & SUIT_MASKS[suit]).bit_count()
        return left <= (2 if self.players == 4 else 0)

    def can_beat(self, seat: int, best: int) -> bool:
        """Whether ``seat`` may hold a card that beats ``best`` in the current trick."""
        lead = self.trick.lead_suit
        possible = self.possible[seat]
        if best // 13 == SPADES:
            higher = possible & SPADE_MASK & ~((1 << (best + 1)) - 1)
            if not higher:
                return False
            return lead == SPADES or self.likely_void(seat, lead)
        higher = possible & SUIT_MASKS[lead] & ~((1 << (best + 1)) - 1)
        if higher:
            return True
        return bool(possible & SPADE_MASK) and self.likely_void(seat, lead)

    def sure(self, best: int, owner: int) -> bool:
        """Whether ``best``, played by ``owner``, wins the trick whatever the seats still
        to play after this one hold (only ``owner``'s opponents matter)."""
        return not any(self.can_beat(s, best) for s in self.after if s % 2 != owner % 2)

    def winners(self) -> int:
        trick = self.trick
        out = 0
        for index in _bits(self.legal):
            if kn.beats(index, trick.best, trick.lead_suit):
                out |= 1 << index
        return out

    def discard(self, pool: int) -> int:
        """The card to throw when not following suit and not winning.  Hard keeps its sure
        winners and, holding spades, empties its shortest side suit to ruff it later;
        the others throw their lowest card."""
        side = pool & NON_SPADES
        if self.settings.memory != "all" or not side:
            return _lowest(pool)
        hand = self.hand
        ruffs = bool(hand & SPADE_MASK)
        candidates = side & ~self.masters(side) or side

        def key(index: int) -> tuple[int, int, int]:
            length = _suit_len(hand, index // 13)
            return (length if ruffs else 0, _rank(index), -length)

        return min(_bits(candidates), key=key)

    def masters(self, mask: int) -> int:
        return sum(1 << i for i in _bits(mask) if kn.is_highest_left(i, self.gone))

    # ------------------------------------------------------------------ following

    def follow(self) -> int:
        trick, legal = self.trick, self.legal
        winners = self.winners()
        losers = legal & ~winners
        following = bool(legal & SUIT_MASKS[trick.lead_suit])
        after = self.after
        partner = self.partner
        partner_winning = partner is not None and trick.winner == partner

        if self.nil_me:
            if losers:
                return _highest_side(losers) if not following else _top(losers)
            return _top(winners) if not after else _lowest(winners)

        if self.nil_partner and partner is not None:
            if partner_winning:
                if winners:
                    return self._best_winner(winners, following)
                return _lowest(legal)
            if partner in after:
                if winners:
                    return self._best_winner(winners, following, high=True)
                return _lowest(legal)

        if self.nil_opps:
            if trick.winner in self.nil_opps:
                if losers:  # stay under the Nil bidder's card
                    return _top(losers) if following else _highest_side(losers)
            elif any(s in after for s in self.nil_opps) and not partner_winning:
                if following:
                    return _bottom(legal & SUIT_MASKS[trick.lead_suit])
                if losers:
                    return _lowest(losers)

        if not self.want:
            if losers:
                return _top(losers) if following else _highest_side(losers)
            return _lowest(winners) if after else _top(winners)

        if partner_winning:
            if not after or self.sure(trick.best, trick.winner):
                return _lowest(losers or legal) if following else self.discard(losers or legal)
            if following:
                sure = [w for w in _bits(winners) if self.sure(w, self.seat)]
                if sure:
                    return min(sure)
            return _lowest(losers or legal) if following else self.discard(losers or legal)

        if winners:
            if not after:
                return _cheapest_winner(winners)
            sure = [w for w in _bits(winners) if self.sure(w, self.seat)]
            if sure:
                return min(sure, key=lambda i: (i >= 39, i))
            if partner is not None and partner in after:
                # Second hand low; ruff only when our side still needs tricks.
                if following:
                    return _bottom(legal)
                if self.need > 0:
                    return _cheapest_winner(winners)
                return _lowest(losers or legal)
            # Third hand high (last to play on our side), or at two players.
            if following:
                return _top(winners) if self.players == 4 else _cheapest_winner(winners)
            return _cheapest_winner(winners)
        return _lowest(legal) if following else self.discard(legal)

    def _best_winner(self, winners: int, following: bool, high: bool = False) -> int:
        sure = [w for w in _bits(winners) if self.sure(w, self.seat)]
        if sure:
            return min(sure)
        if high and following:
            return _top(winners)
        return _top(winners) if following else _cheapest_winner(winners)

    # ------------------------------------------------------------------ leading

    def lead(self) -> int:
        legal = self.legal
        side = legal & NON_SPADES
        if self.nil_me:
            return self._lowest_lead(legal)
        if self.nil_partner:
            if self.settings.voids:
                return self._cover_lead(legal)
            masters = self.masters(side)
            if masters:
                return _top(masters)
            return _highest_side(legal)
        if self.nil_opps:
            pool = side
            for s in self.nil_opps:
                for suit in range(3):
                    if self.voids[s] >> suit & 1:
                        pool &= ~SUIT_MASKS[suit]
            if pool:
                return _lowest(pool)
        if not self.want:
            return self._lowest_lead(legal)
        masters = self.masters(side)
        safe = 0
        for index in _bits(masters):
            suit = index // 13
            if not any(self.likely_void(s, suit) and self.possible[s] & SPADE_MASK
                       for s in self.opponents):
                safe |= 1 << index
        if safe:
            return min(_bits(safe), key=lambda i: (-_suit_len(self.hand, i // 13), i))
        spades = legal & SPADE_MASK
        spade_masters = self.masters(spades)
        if spade_masters and spades.bit_count() >= 3:
            return _top(spade_masters)
        partner = self.partner
        if partner is not None and self.settings.voids:
            for suit in range(3):
                if (self.voids[partner] >> suit & 1 and side & SUIT_MASKS[suit]
                        and self.possible[partner] & SPADE_MASK
                        and not any(self.voids[s] >> suit & 1 for s in self.opponents)):
                    return _bottom(side & SUIT_MASKS[suit])
        if side:
            return self._long_suit_lead(side)
        return _bottom(spades) if not spade_masters else _top(spade_masters)

    def cover_danger(self, index: int) -> int:
        """How likely leading ``index`` makes the partner, on a clean Nil, take the trick,
        from the cards it may hold (Hard counts them and remembers its voids; issue 13):

        0: it can stay under: no card of the suit above ours, or void with a side card to
        throw, or (a spade) an opponent holding only spades, all above the partner's;
        1: it may hold cards of the suit both above and below ours;
        2: every card of the suit it may hold is above ours;
        3: void in a side suit and holding only spades: it must ruff, and may win."""
        assert self.partner is not None
        possible = self.possible[self.partner]
        suit = index // 13
        theirs = possible & SUIT_MASKS[suit]
        if not theirs:
            return 3 if suit != SPADES and not possible & NON_SPADES else 0
        above = theirs & ~((2 << index) - 1)
        if not above:
            return 0
        if suit == SPADES:
            for s in self.opponents:
                spades = self.possible[s] & SPADE_MASK
                if (spades and not self.possible[s] & NON_SPADES
                        and self.view.hand_sizes[s] and _bottom(spades) > _top(above)):
                    return 0  # it must follow with a spade above anything the partner holds
        return 1 if theirs & ((1 << index) - 1) else 2

    def _cover_lead(self, legal: int) -> int:
        """Covering the partner's clean Nil on lead: the card it can best duck under
        (``cover_danger``); among equals a sure winner, then the highest side card (the
        rule before issue 13), spades last."""
        masters = self.masters(legal & NON_SPADES)
        possible = self.possible[self.partner] if self.partner is not None else 0

        def key(index: int) -> tuple[int, int, int, int, int]:
            above = possible & SUIT_MASKS[index // 13] & ~((2 << index) - 1)
            return (self.cover_danger(index), 0 if masters >> index & 1 else 1,
                    above.bit_count(), 1 if index // 13 == SPADES else 0, -_rank(index))

        return min(_bits(legal), key=key)

    def _long_suit_lead(self, side: int) -> int:
        best_suit, best_key = -1, (-1, -1)
        for suit in range(3):
            cards = side & SUIT_MASKS[suit]
            if not cards:
                continue
            ruffed = any(self.voids[s] >> suit & 1 for s in self.opponents)
            key = (0 if ruffed else 1, cards.bit_count())
            if key > best_key:
                best_suit, best_key = suit, key
        cards = side & SUIT_MASKS[best_suit]
        # A king or queen unprotected by the ace is led through, not from: lead low.
        return _bottom(cards)

    def _lowest_lead(self, legal: int) -> int:
        side = legal & NON_SPADES
        pool = side or legal
        # The lowest card, in the suit with the most cards still out (others follow high).
        return min(_bits(pool), key=lambda i: (_rank(i), -(self.hidden & SUIT_MASKS[i // 13])
                                                .bit_count()))


def _cheapest_winner(winners: int) -> int:
    side = winners & NON_SPADES
    return _bottom(side) if side else _bottom(winners)


__all__ = ["LEVEL_SETTINGS", "HeuristicBot", "Settings", "card_danger", "estimate_tricks",
           "keep_worthy", "nil_danger"]
