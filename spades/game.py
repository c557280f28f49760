"""The game: an immutable state machine that advances one action at a time.

    >>> from spades import PRESETS, Game, Bid
    >>> game = Game.new(PRESETS["classic"], seed=7, dealer=3)
    >>> game.phase, game.turn
    (<Phase.BID: 'bid'>, 0)
    >>> game.apply(Bid(3)).turn
    1

A hand runs through phases: the two-player draw (DRAW), the Double Nil replacement
(REPLACE), the bidding (BID), the Blind Nil exchange (PASS) and the tricks (PLAY).  When
the last trick of a hand is won the hand is scored and the next hand starts at once (its
cards come from the seed and the hand number alone), or the game ends (GAME_OVER).
``history`` keeps every finished hand for the score sheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from .actions import BIDS, BLIND_NIL, DISCARD, KEEP, PLAYS, Action, Bid, Draw, Pass, Play, Replace
from .cards import CARDS, SPADES, SUIT_MASKS, SUITS, Card, cards_of, indexes
from .dealing import deal_hands, first_dealer, replacement_rng, shuffled_deck
from .explanations import Explanation
from .records import HandRecord, IllegalAction, Phase, Trick
from .rules import Rules
from .saves import DEALT_VERSION, SaveError, read_save, write_save
from .saves import VERSION as SAVE_VERSION
from .scoring import game_winner, score_sides
from .tricks import NO_SUIT, breaks_spades, legal_play_mask, trick_winner
from .view import View

NO_BID = -1
_PLAY = Phase.PLAY  # a module constant: Enum member lookup costs 70 ns on 3.11
_BID = Phase.BID


class _Origin(NamedTuple):
    """What a game starts from; never changes."""

    seed: int
    first_deal: tuple[int, ...] | None
    """Bitboards by seat, or a two-player stock of 52 card indexes; None: from the seed."""
    first_dealer: int
    dealt: tuple[tuple[int, tuple[int, ...], tuple[tuple[int, ...] | None, ...]], ...] = ()
    """Hands dealt as given, in hand order: (hand number, the cards, each seat's Double Nil
    replacement draws or None).  Two players (``Game.deal_stock``): the stock, top first;
    four (``Game.deal_hands``): the four hands one after the other, 13 cards each."""


class _Aside(NamedTuple):
    """A hand's state outside the bidding and the tricks: the two-player draw, the Double
    Nil replacements and the Blind Nil exchange.  Bitboards and counts, by seat."""

    stock: tuple[int, ...]
    stock_pos: int
    draws: tuple[tuple[int, bool], ...]
    discards: tuple[int, ...]
    replaced: tuple[int | None, ...]
    exchange: tuple[tuple[int, int], ...]
    """The passes still to make, as (giver, receiver)."""
    passed: tuple[int, ...]
    received: tuple[int, ...]


def _aside_of(stock: tuple[int, ...], players: int) -> _Aside:
    """A new hand's aside: the stock to draw from, nothing drawn, replaced or passed yet."""
    none = (0,) * players
    return _Aside(stock, 0, (), none, (None,) * players, (), none, none)


_NOTHING_ASIDE = {players: _aside_of((), players) for players in (2, 4)}
"""The aside of a hand without a stock (four players, or two dealt their hands), by the
number of players: made once, not at every hand, since it is the same each time."""


class Game:
    """One game of Spades.  Immutable: ``apply`` returns a new game.

    Seats are numbered clockwise from the human: 0 South, 1 West, 2 North, 3 East; side 0
    is seats 0 and 2.  With two players, seat 0 is the human and each seat is its own side.
    """

    # Every move copies every slot, so the state of the rare phases (the draw, the
    # exchanges) and what never changes are grouped into one slot each.
    __slots__ = (
        "_aside", "_bags", "_bids", "_blind", "_broken", "_completed", "_dealer",
        "_hand_number", "_hands", "_history", "_legal", "_log", "_origin", "_phase",
        "_rules", "_scores", "_trick", "_turn", "_winner", "_won",
    )

    _rules: Rules
    _origin: _Origin
    _aside: _Aside
    _log: tuple[Any, Action] | None
    _hand_number: int
    _dealer: int
    _phase: Phase
    _turn: int
    _hands: tuple[int, ...]
    _bids: tuple[int, ...]
    _blind: tuple[bool, ...]
    _won: tuple[int, ...]
    _trick: tuple[tuple[int, int], ...]
    _legal: int
    """In the play phase, the bitboard of the cards ``turn`` may play (kept, not derived,
    because legal_actions and apply both need it on every move)."""
    _completed: tuple[tuple[tuple[int, int], ...], ...]
    _broken: bool
    _scores: tuple[int, int]
    _bags: tuple[int, int]
    _history: tuple[HandRecord, ...]
    _winner: int | None

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int = 0,
        deal: Sequence[Iterable[Card]] | None = None,
        dealer: int | None = None,
    ) -> Game:
        """A new game.  Every hand is shuffled from ``seed`` and the hand number.

        ``deal`` fixes the first hand: four players, one iterable of 13 cards per seat;
        two players, either two hands of 13 (the draw is skipped, the other 26 cards are
        out of play) or one stock of all 52 cards, top first.  ``dealer`` fixes the first
        dealer (else drawn from the seed).
        """
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        if dealer is None:
            dealer = first_dealer(seed, rules.players)
        if not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise ValueError(f"dealer must be a seat from 0 to {rules.players - 1}")
        first_deal = _check_deal(rules, deal) if deal is not None else None
        return cls._begin(rules, _Origin(seed, first_deal, dealer))

    def restart(self) -> Game:
        """The game as it began: the same rules, seed, first deal and first dealer, and no
        actions.  Replaying ``actions`` on it gives this game back, move by move (the hand
        review reads each hand's cards and tricks that way)."""
        return self._begin(self._rules, self._origin)

    def deal_stock(self, stock: Sequence[Card],
                   replacements: Sequence[Sequence[Card] | None] | None = None) -> Game:
        """This game with the current hand drawn from ``stock`` (all 52 cards, top first)
        instead of the seed's shuffle: how a hand shuffled by both players together
        (``spades.mental``) is replayed, any hand of a game, not only the first.

        Two players only, and before any move of the hand (its first draw or a Double Nil).
        ``replacements`` gives, by seat, the cards a Double Nil replacement draws from the
        discards, in order (the players drew them at random together); without it they
        are drawn from the seed as usual; a given draw that is not in the pile when the
        replacement is made raises ValueError from ``apply``.  ``restart``, ``actions``
        and saves keep the stock, so the game replays exactly.
        """
        if self._rules.players != 2:
            raise ValueError("only a two-player hand is drawn from a stock")
        aside = self._aside
        if (self._phase is not Phase.DRAW or aside.stock_pos or aside.draws
                or any(bid != NO_BID for bid in self._bids)):
            raise ValueError("a stock is given before the hand's first move")
        cards = _check_deal(self._rules, [stock])
        if len(cards) != 52:
            raise ValueError("a two-player stock holds all 52 cards")
        given: list[tuple[int, ...] | None] = [None, None]
        if replacements is not None:
            if len(replacements) != 2:
                raise ValueError("replacements are given for each of the two seats")
            for seat, drawn in enumerate(replacements):
                if drawn is not None:
                    if not all(isinstance(card, Card) for card in drawn):
                        raise TypeError("replacements are Card values")
                    given[seat] = tuple(card.index for card in drawn)
        return self._with_dealt(cards, tuple(given))

    def deal_hands(self, hands: Sequence[Iterable[Card]]) -> Game:
        """This game with the current hand's cards given, four hands of 13 by seat, instead
        of the seed's deal: how a hand dealt by four players together (``spades.mental``'s
        ``nprotocol``) is replayed, any hand of a game.  Four players only, and before the
        hand's first bid.  ``restart``, ``actions`` and saves keep the cards."""
        if self._rules.players != 4:
            raise ValueError("only a four-player hand is dealt as given")
        if self._phase is not Phase.BID or any(bid != NO_BID for bid in self._bids):
            raise ValueError("the hands are given before the hand's first bid")
        masks = _check_deal(self._rules, hands)
        return self._with_dealt(tuple(index for mask in masks for index in indexes(mask)),
                                (None,) * 4)

    def _with_dealt(self, cards: tuple[int, ...],
                    given: tuple[tuple[int, ...] | None, ...]) -> Game:
        number = self._hand_number
        dealt = tuple(item for item in self._origin.dealt if item[0] != number)
        game = self._copy()
        game._origin = self._origin._replace(dealt=(*dealt, (number, cards, given)))
        game._start_hand(number, self._dealer)
        return game

    @classmethod
    def _begin(cls, rules: Rules, origin: _Origin) -> Game:
        game = object.__new__(cls)
        game._rules = rules
        game._origin = origin
        game._log = None
        game._scores = (0, 0)
        game._bags = (0, 0)
        game._history = ()
        game._winner = None
        game._start_hand(0, origin.first_dealer)
        return game

    def _start_hand(self, number: int, dealer: int) -> None:
        players = self._rules.players
        self._hand_number = number
        self._dealer = dealer
        self._bids = (NO_BID,) * players
        self._blind = (False,) * players
        self._won = (0,) * players
        self._trick = ()
        self._completed = ()
        self._broken = False
        self._legal = 0
        seed = self._origin.seed
        given = self._origin.first_deal if number == 0 else None
        for dealt_number, dealt_cards, _ in self._origin.dealt:
            if dealt_number == number:
                given = dealt_cards if players == 2 else _hands_of(dealt_cards)
        stock: tuple[int, ...] = ()
        if players == 2 and (given is None or len(given) == 52):
            stock = given if given is not None else tuple(shuffled_deck(seed, number))
        self._aside = _aside_of(stock, players) if stock else _NOTHING_ASIDE[players]
        if stock:
            self._hands = (0, 0)
            self._phase = Phase.DRAW
            self._turn = (dealer + 1) % 2  # the non-dealer draws first (001, 002)
        else:
            self._hands = given if given is not None else ()  # dealt by _dealt_hands
            self._phase = Phase.BID
            self._turn = self._first_bidder()

    def _dealt_hands(self) -> tuple[int, ...]:
        """The hands' bitboards, dealt from the seed now if they were not yet (``()``).

        A hand from the seed is dealt when its cards are first needed, so that a playout
        that stops at the end of a hand, as a search's do, never pays for the next one's
        shuffle.  The deal is kept in this game: the seed fixed its cards all along, so the
        game does not change.  Everything outside the play phase reads the hands through
        here; the play phase always has them (its start reads them).
        """
        if not self._hands:
            self._hands = deal_hands(self._origin.seed, self._hand_number, self._rules.players)
        return self._hands

    # ------------------------------------------------------------------ public state

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._origin.seed

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def turn(self) -> int | None:
        """The seat whose decision it is; None once the game is over."""
        return None if self._phase is Phase.GAME_OVER else self._turn

    @property
    def hand_number(self) -> int:
        """0 for the first hand."""
        return self._hand_number

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted by suit then rank."""
        return tuple(cards_of(hand) for hand in self._dealt_hands())

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid this hand (0 is Nil), None before it bids."""
        return tuple(None if bid == NO_BID else bid for bid in self._bids)

    @property
    def blind(self) -> tuple[bool, ...]:
        """Whether each seat's Nil this hand is Blind (Double) Nil."""
        return self._blind

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._won

    @property
    def trick(self) -> Trick:
        """The trick being played (possibly empty)."""
        return _trick_record(self._trick, self._leader(), None)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """This hand's finished tricks, in order."""
        return tuple(_trick_record(plays, plays[0][0], trick_winner(plays))
                     for plays in self._completed)

    @property
    def spades_broken(self) -> bool:
        return self._broken

    @property
    def scores(self) -> tuple[int, int]:
        """Each side's score."""
        return self._scores

    @property
    def bags(self) -> tuple[int, int]:
        """Each side's bags carried toward the next penalty."""
        return self._bags

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """Every finished hand, first to last."""
        return self._history

    @property
    def winner(self) -> int | None:
        """None while the game goes on, else the winning side."""
        return self._winner

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since ``Game.new``, first to last."""
        out: list[Action] = []
        node = self._log
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return tuple(out)

    def __repr__(self) -> str:
        return (f"<Game {self._rules.name} hand {self._hand_number} {self._phase.value} "
                f"turn {self.turn} scores {self._scores}>")

    # ------------------------------------------------------------------ legality

    def legal_actions(self) -> list[Action]:
        """Every legal action for ``turn``, in a fixed order (empty once the game is over)."""
        phase = self._phase
        if phase is _PLAY:
            # The plays of the legal bitboard, byte by byte, lowest card first (the hot path
            # of a search's playouts: seven lookups instead of a loop over the cards).
            mask = self._legal
            return [*_BYTE0[mask & 255], *_BYTE1[mask >> 8 & 255], *_BYTE2[mask >> 16 & 255],
                    *_BYTE3[mask >> 24 & 255], *_BYTE4[mask >> 32 & 255],
                    *_BYTE5[mask >> 40 & 255], *_BYTE6[mask >> 48]]
        if phase is Phase.BID:
            low = 0 if self._rules.nil else 1
            bids: list[Action] = [BLIND_NIL] if self._blind_bid_allowed() else []
            return bids + list(BIDS[low:])
        if phase is Phase.DRAW:
            draws: list[Action] = [DISCARD, KEEP]
            return draws + ([BLIND_NIL] if self._blind_bid_allowed() else [])
        if phase is Phase.PASS:
            hand = cards_of(self._dealt_hands()[self._turn])
            return [Pass(cards) for cards in combinations(hand, self._exchange_size())]
        if phase is Phase.REPLACE:
            hand = cards_of(self._dealt_hands()[self._turn])
            limit = min(self._rules.blind_nil_cards, len(hand))
            return [Replace(cards) for k in range(limit + 1) for cards in combinations(hand, k)]
        return []

    def is_legal(self, action: object) -> bool:
        return self.explain(action) is None

    def explain(self, action: object) -> Explanation | None:
        """None if ``action`` is legal now, else why not, in words for the table."""
        phase = self._phase
        if phase is Phase.GAME_OVER:
            return Explanation("wrong_phase", "game_over")
        if isinstance(action, Play):
            return self._explain_play(action)
        if isinstance(action, Bid):
            return self._explain_bid(action)
        if isinstance(action, Draw):
            if phase is not Phase.DRAW or not isinstance(action.keep, bool):
                return _wrong_phase(phase)
            return None
        if isinstance(action, Pass):
            if phase is not Phase.PASS:
                return _wrong_phase(phase)
            size = self._exchange_size()
            if len(action.cards) != size or len(set(action.cards)) != size:
                return Explanation("bad_exchange", "pass_count", {"count": size})
            return self._explain_cards_held(action.cards)
        if isinstance(action, Replace):
            if phase is not Phase.REPLACE:
                return _wrong_phase(phase)
            limit = self._rules.blind_nil_cards
            if len(action.cards) > limit or len(set(action.cards)) != len(action.cards):
                return Explanation("bad_exchange", "replace_count", {"count": limit})
            return self._explain_cards_held(action.cards)
        return Explanation("wrong_phase", "not_a_move")

    def _explain_play(self, action: Play) -> Explanation | None:
        if self._phase is not Phase.PLAY:
            return _wrong_phase(self._phase)
        card = action.card
        if not isinstance(card, Card):
            return Explanation("not_in_hand", "not_a_card")
        hand = self._hands[self._turn]
        if not hand >> card.index & 1:
            return Explanation("not_in_hand", "not_in_hand", {"card": str(card)})
        if self._legal >> card.index & 1:
            return None
        if self._trick:
            suit = SUITS[self._trick[0][1] // 13]
            return Explanation("follow_suit", "follow_suit", {"suit": suit})
        return Explanation("spades_not_broken", "spades_not_broken")

    def _explain_bid(self, action: Bid) -> Explanation | None:
        phase, rules = self._phase, self._rules
        n, blind = action.n, action.blind
        if not isinstance(n, int) or isinstance(n, bool) or not isinstance(blind, bool):
            return Explanation("bad_bid", "bid_not_a_number")
        if blind:
            # Only two-handed classic (001) has a blind bid at two players, Double Nil; the
            # Duel (002) has none, and calls it Blind Nil like the four-player tables.
            name = "double_nil" if rules.players == 2 and rules.blind_nil else "blind_nil"
            if n != 0:
                return Explanation("bad_bid", f"{name}_not_zero")
            if not rules.blind_nil:
                return Explanation("bad_bid", f"{name}_not_played")
            if not self._blind_bid_allowed():
                return Explanation("bad_bid", f"{name}_too_late")
            return None
        if phase is not Phase.BID:
            return _wrong_phase(phase)
        if not 0 <= n <= 13:
            return Explanation("bad_bid", "bid_out_of_range")
        if n == 0 and not rules.nil:
            return Explanation("bad_bid", "nil_not_played")
        return None

    def _explain_cards_held(self, cards: Iterable[Card]) -> Explanation | None:
        hand = self._dealt_hands()[self._turn]
        for card in cards:
            if not hand >> card.index & 1:
                return Explanation("not_in_hand", "not_in_hand", {"card": str(card)})
        return None

    def _set_turn_to_play(self, seat: int) -> None:
        self._turn = seat
        trick = self._trick
        lead_suit = trick[0][1] // 13 if trick else NO_SUIT
        self._legal = legal_play_mask(self._dealt_hands()[seat], lead_suit, self._broken)

    def _blind_bid_allowed(self) -> bool:
        rules = self._rules
        if not rules.blind_nil or not rules.nil:
            return False
        if rules.players == 4:
            return self._phase is Phase.BID
        # 001: Double Nil is declared before one's first draw.
        seat = self._turn
        return (self._phase is Phase.DRAW and self._bids[seat] == NO_BID
                and all(drawer != seat for drawer, _ in self._aside.draws))

    def _exchange_size(self) -> int:
        return min(self._rules.blind_nil_cards, self._dealt_hands()[self._turn].bit_count())

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> Game:
        """The game after ``action``; raises IllegalAction (a ValueError) if it is not legal."""
        if type(action) is Play and self._phase is _PLAY:
            index = action.card.index
            if self._legal >> index & 1:
                # A legal play: the hot path of a search's playouts, so it is written out
                # here, reads this game into locals and writes each slot of the new one once
                # (``_copy_for_play`` copies all but the five slots a play always sets).
                game = self._copy_for_play()
                game._log = (self._log, action)
                seat = self._turn
                hands = list(self._hands)
                hands[seat] ^= 1 << index  # the legal mask holds only cards of the hand
                game._hands = after = tuple(hands)
                trick, broken = self._trick, self._broken
                if index >= 39 and not broken:
                    # Any spade breaks spades; at the Duel (002) only one played on another suit.
                    lead_suit = trick[0][1] // 13 if trick else SPADES
                    broken = breaks_spades(index, lead_suit, self._rules.lead_breaks_spades)
                    game._broken = broken
                trick += ((seat, index),)
                players = self._rules.players
                if len(trick) < players:
                    seat = seat + 1 if seat + 1 < players else 0
                    game._trick, game._turn = trick, seat
                    # Follow suit if you can (``legal_play_mask``, written out here: the hot path).
                    hand = after[seat]
                    game._legal = hand & SUIT_MASKS[trick[0][1] // 13] or hand
                    return game
                winner = trick_winner(trick)
                won = list(self._won)
                won[winner] += 1
                game._won = tuple(won)
                game._completed = completed = (*self._completed, trick)
                game._trick, game._turn = (), winner
                if len(completed) == 13:
                    game._legal = 0
                    game._finish_hand()
                else:
                    game._legal = legal_play_mask(after[winner], NO_SUIT, broken)
                return game
        if type(action) is Bid and self._phase is _BID and self._explain_bid(action) is None:
            # A bid in the bidding (the other hot path of a playout from the deal): what
            # explain would ask, without its dispatch on the action's type.
            game = self._copy()
            game._log = (self._log, action)
            game._bid(action)
            return game
        explanation = self.explain(action)
        if explanation is not None:
            raise IllegalAction(explanation)
        game = self._copy()
        if isinstance(action, Bid):
            game._bid(action)
        elif isinstance(action, Draw):
            game._draw(action.keep)
        elif isinstance(action, Pass):
            game._pass(action.cards)
        elif isinstance(action, Replace):
            game._replace(action.cards)
        else:
            raise AssertionError(f"unhandled action {action!r}")
        game._log = (self._log, action)
        return game

    def _copy(self) -> Game:
        raise NotImplementedError  # replaced below by _make_copier, for speed

    def _copy_for_play(self) -> Game:
        raise NotImplementedError  # replaced below by _make_copier, for speed

    def _bid(self, action: Bid) -> None:
        seat = self._turn
        bids = list(self._bids)
        bids[seat] = action.n
        self._bids = tuple(bids)
        if action.blind:
            self._blind = _put(self._blind, seat, True)
            if self._phase is Phase.DRAW:
                return  # Double Nil declared; the same player now draws
        self._start_bidding()

    def _draw(self, keep: bool) -> None:
        aside, seat, hands = self._aside, self._turn, self._dealt_hands()
        pos = aside.stock_pos
        top, below = aside.stock[pos], aside.stock[pos + 1]
        kept, thrown = (top, below) if keep else (below, top)
        self._hands = _put(hands, seat, hands[seat] | 1 << kept)
        self._aside = aside = aside._replace(
            stock_pos=pos + 2,
            draws=(*aside.draws, (seat, keep)),
            discards=_put(aside.discards, seat, aside.discards[seat] | 1 << thrown),
        )
        if aside.stock_pos < len(aside.stock):
            self._turn = 1 - seat
            return
        pending = self._pending_replacements()
        if pending:
            self._phase, self._turn = Phase.REPLACE, pending[0]
        else:
            self._start_bidding()

    def _given_replacements(self, seat: int) -> tuple[int, ...] | None:
        for number, _, replacements in self._origin.dealt:
            if number == self._hand_number:
                return replacements[seat]
        return None

    def _pending_replacements(self) -> list[int]:
        first = (self._dealer + 1) % 2
        return [seat for seat in (first, 1 - first)
                if self._blind[seat] and self._aside.replaced[seat] is None]

    def _replace(self, cards: tuple[Card, ...]) -> None:
        aside, seat, hands = self._aside, self._turn, self._dealt_hands()
        out = sum(1 << card.index for card in cards)
        # The pile is every card either seat threw away that no hand holds again; each
        # seat's own record of what it threw stays as it is, since which cards the other
        # seat drew back is secret (001).
        pile = sorted(indexes((aside.discards[0] | aside.discards[1])
                              & ~(hands[0] | hands[1])))
        drawn = 0
        given = self._given_replacements(seat)
        if given is not None:
            # Drawn at random by both players together (``deal_stock``); that they come
            # from the pile is checked here, as a replay of a hand of theirs relies on it.
            chosen = set(given[:len(cards)])
            if len(chosen) != len(cards) or not chosen <= set(pile):
                raise ValueError("the given replacements are not cards of the discards")
            for index in given[:len(cards)]:
                drawn |= 1 << index
        else:
            rng = replacement_rng(self._origin.seed, self._hand_number, seat)
            for _ in cards:
                drawn |= 1 << pile.pop(int(rng.random() * len(pile)))
        self._hands = _put(hands, seat, hands[seat] & ~out | drawn)
        self._aside = aside._replace(
            discards=_put(aside.discards, seat, aside.discards[seat] | out),
            replaced=_put(aside.replaced, seat, out),
            received=_put(aside.received, seat, drawn),
        )
        pending = self._pending_replacements()
        if pending:
            self._turn = pending[0]
        else:
            self._start_bidding()

    def _start_bidding(self) -> None:
        """Bidding starts or goes on: the next seat still to bid, else what follows."""
        self._phase = Phase.BID
        seat = self._next_bidder()
        if seat is None:
            self._start_exchange_or_play()
        else:
            self._turn = seat

    def _first_bidder(self) -> int:
        """Four players: left of the dealer.  Two players: the non-dealer (002), or the
        dealer, who drew second, in two-handed classic (001)."""
        players = self._rules.players
        if players == 2 and self._rules.dealer_leads:
            return self._dealer
        return (self._dealer + 1) % players

    def _next_bidder(self) -> int | None:
        players, first = self._rules.players, self._first_bidder()
        for step in range(players):
            seat = (first + step) % players
            if self._bids[seat] == NO_BID:
                return seat
        return None

    def _start_exchange_or_play(self) -> None:
        steps: list[tuple[int, int]] = []
        if self._rules.players == 4:
            first = self._first_bidder()
            for step in range(4):
                seat = (first + step) % 4
                partner = (seat + 2) % 4
                if self._blind[seat] and not self._blind[partner]:
                    steps += [(partner, seat), (seat, partner)]  # 003: partner passes first
        if steps:
            self._aside = self._aside._replace(exchange=tuple(steps))
            self._phase, self._turn = Phase.PASS, steps[0][0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._phase = Phase.PLAY
        self._set_turn_to_play(self._first_bidder())  # who bids first leads first

    def _pass(self, cards: tuple[Card, ...]) -> None:
        aside = self._aside
        (giver, receiver), *rest = aside.exchange
        moved = sum(1 << card.index for card in cards)
        hands = list(self._dealt_hands())
        hands[giver] &= ~moved
        hands[receiver] |= moved
        self._hands = tuple(hands)
        self._aside = aside._replace(
            exchange=tuple(rest),
            passed=_put(aside.passed, giver, aside.passed[giver] | moved),
            received=_put(aside.received, receiver, aside.received[receiver] | moved),
        )
        if rest:
            self._turn = rest[0][0]
        else:
            self._start_play()

    def _finish_hand(self) -> None:
        rules = self._rules
        sides = score_sides(rules, self._bids, self._won, self._bags, self._blind)
        scores = (self._scores[0] + sides[0].points, self._scores[1] + sides[1].points)
        bags = (sides[0].bags_after, sides[1].bags_after)
        record = HandRecord(self._hand_number, self._dealer, self._bids, self._blind,
                            self._won, sides, scores, bags)
        self._scores, self._bags = scores, bags
        self._history = (*self._history, record)
        self._winner = game_winner(rules, scores, len(self._history))
        if self._winner is not None:
            self._phase = Phase.GAME_OVER
            return
        self._start_hand(self._hand_number + 1, (self._dealer + 1) % rules.players)

    def _leader(self) -> int:
        if self._trick:
            return self._trick[0][0]
        return self._turn

    # ------------------------------------------------------------------ views and saves

    def view(self, seat: int) -> View:
        """What ``seat`` may know, and nothing more (see ``spades.view.View``).  The one place
        that decides what leaks: it reads the game's private state on purpose."""
        players = self.rules.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"a seat is 0 to {players - 1}")
        on_turn = self.turn == seat
        drawing = on_turn and self.phase is Phase.DRAW
        aside, hands = self._aside, self._dealt_hands()
        return View(
            rules=self.rules,
            seat=seat,
            hand_number=self.hand_number,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            hand=cards_of(hands[seat]),
            hand_sizes=tuple(hand.bit_count() for hand in hands),
            bids=self.bids,
            blind=self.blind,
            tricks_won=self.tricks_won,
            trick=self.trick,
            tricks=self.tricks,
            spades_broken=self.spades_broken,
            scores=self.scores,
            bags=self.bags,
            history=self.history,
            winner=self.winner,
            legal=tuple(self.legal_actions()) if on_turn else (),
            top_card=CARDS[aside.stock[aside.stock_pos]] if drawing else None,
            draws=aside.draws,
            discarded=cards_of(aside.discards[seat] & ~aside.received[seat]),
            stock_left=len(aside.stock) - aside.stock_pos,
            replaced=tuple(None if out is None else out.bit_count() for out in aside.replaced),
            passed=cards_of(aside.passed[seat]),
            received=cards_of(aside.received[seat]),
        )

    def to_json(self) -> str:
        """A versioned JSON save that ``Game.from_json`` reads back exactly.  A game with a
        hand dealt from a given stock (``deal_stock``) needs ``DEALT_VERSION``; any other
        is written as before, so that every save stays readable by the pages before it."""
        return self._save_text(DEALT_VERSION if self._origin.dealt else SAVE_VERSION)

    def _save_text(self, version: int) -> str:
        first_deal = self._origin.first_deal
        deal: list[list[str]] | None
        if first_deal is None:
            deal = None
        elif len(first_deal) == 52:
            deal = [[str(CARDS[index]) for index in first_deal]]
        else:
            deal = [[str(card) for card in cards_of(mask)] for mask in first_deal]
        dealt = [[number, [str(CARDS[index]) for index in stock],
                  [None if drawn is None else [str(CARDS[index]) for index in drawn]
                   for drawn in replacements]]
                 for number, stock, replacements in self._origin.dealt]
        return write_save(version, self._rules, self._origin.seed, self._origin.first_dealer,
                          deal, [action.to_text() for action in self.actions],
                          self._snapshot(), dealt)

    def _snapshot(self) -> dict[str, Any]:
        """The state a save promises; compared with the replay when the save is read."""
        return {
            "hand": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turn": self.turn,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "bids": list(self.bids),
            "blind": list(self.blind),
            "won": list(self.tricks_won),
            "trick": [[seat, str(card)] for seat, card in self.trick.plays],
            "tricks": [[t.leader, [str(c) for _, c in t.plays], t.winner]
                       for t in self.tricks],
            "scores": list(self.scores),
            "bags": list(self.bags),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read a save made by ``to_json``; anything else raises ``SaveError``.  The moves are
        replayed through the engine, so nothing illegal can be loaded, and the state the save
        promises must be the replay's."""
        try:
            return cls._from_save(text)
        except SaveError:
            raise
        except Exception as error:  # a last guard: a hostile save must never crash the page
            raise SaveError(f"this save cannot be read ({type(error).__name__})") from error

    @classmethod
    def _from_save(cls, text: str) -> Game:
        record = read_save(text)
        try:
            game = cls.new(record.rules, seed=record.seed, deal=record.deal,
                           dealer=record.dealer)
        except (TypeError, ValueError) as error:
            raise SaveError(f"the first deal is not valid: {error}") from error
        if record.dealt:
            game = cls._begin(record.rules, game._origin._replace(
                dealt=_check_dealt(record.rules, record.dealt)))
        for number, action in enumerate(record.actions, 1):
            try:
                game = game.apply(action)
            except IllegalAction as error:
                raise SaveError(f"move {number} ({action.to_text()}) is not legal: {error}"
                                ) from error
        if record.state != game._snapshot():
            raise SaveError("this save's cards or scores do not match its moves")
        # Only the exact text ``to_json`` writes (or wrote, in the save's version): json.loads
        # and the snapshot comparison let through spaces, "-0", 1.0 for 1, true for 1 and
        # "play: 6C", which re-save differently.
        if game._save_text(record.version) != text:
            raise SaveError("this save was changed after it was written")
        return game


def _plays_by_byte(byte: int) -> tuple[tuple[Play, ...], ...]:
    """For each value of bits ``8 * byte`` to ``8 * byte + 7`` of a bitboard (only four
    bits in the last byte), the ``Play`` actions of those bits, lowest card first."""
    table: list[tuple[Play, ...]] = [()]
    for index in range(8 * byte, min(8 * byte + 8, 52)):
        table += [(*plays, PLAYS[index]) for plays in table]  # the values with this bit
    return tuple(table)


# A bitboard's plays are its seven bytes' plays one after the other (``legal_actions``):
# tables of 1,600 small tuples in all, built once.
_BYTE0, _BYTE1, _BYTE2, _BYTE3, _BYTE4, _BYTE5, _BYTE6 = map(_plays_by_byte, range(7))


def _make_copier(leave: tuple[str, ...] = ()) -> Any:
    """A copy function with one assignment per slot, written out: copying is the hot path
    of ``apply`` and a loop over ``getattr`` costs twice the whole rest of a move.  The
    slots named in ``leave`` are left unset, for the caller to set."""
    lines = ["def _copy(self):", "    game = _new(Game)"]
    lines += [f"    game.{name} = self.{name}" for name in Game.__slots__ if name not in leave]
    lines.append("    return game")
    namespace: dict[str, Any] = {"_new": object.__new__, "Game": Game}
    exec("\n".join(lines), namespace)
    return namespace["_copy"]


Game._copy = _make_copier()  # type: ignore[method-assign]
Game._copy_for_play = _make_copier(  # type: ignore[method-assign]
    leave=("_hands", "_legal", "_log", "_trick", "_turn"))


def _put(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1:])


def _trick_record(plays: Sequence[tuple[int, int]], leader: int, winner: int | None) -> Trick:
    return Trick(leader, tuple((seat, CARDS[index]) for seat, index in plays), winner)


def _wrong_phase(phase: Phase) -> Explanation:
    if phase is Phase.GAME_OVER:
        return Explanation("wrong_phase", "game_over")
    return Explanation("wrong_phase", f"time_to_{phase.value}")


def _check_dealt(
    rules: Rules, dealt: Sequence[tuple[int, Sequence[Card], Sequence[Sequence[Card] | None]]],
) -> tuple[tuple[int, tuple[int, ...], tuple[tuple[int, ...] | None, ...]], ...]:
    """A save's hands dealt from given stocks, checked as ``deal_stock`` checks them."""
    out = []
    last = -1
    players = rules.players
    for number, stock, replacements in dealt:
        if number <= last or len(replacements) != players \
                or (players == 4 and any(drawn is not None for drawn in replacements)):
            raise SaveError("this save's dealt hands are not valid")
        last = number
        try:
            if players == 2:
                cards = _check_deal(rules, [stock])
            else:
                _check_deal(rules, [stock[seat * 13:seat * 13 + 13] for seat in range(4)])
                cards = tuple(card.index for card in stock)
        except (TypeError, ValueError) as error:
            raise SaveError(f"this save's dealt hands are not valid: {error}") from error
        given = tuple(None if drawn is None else tuple(card.index for card in drawn)
                      for drawn in replacements)
        out.append((number, cards, given))
    return tuple(out)


def _hands_of(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Four hands' bitboards from their 52 cards, 13 a seat (``Game.deal_hands``)."""
    return tuple(sum(1 << index for index in cards[seat * 13:seat * 13 + 13])
                 for seat in range(4))


def _check_deal(rules: Rules, deal: Sequence[Iterable[Card]]) -> tuple[int, ...]:
    hands = [tuple(cards) for cards in deal]
    masks = []
    for cards in hands:
        if not all(isinstance(card, Card) for card in cards):
            raise TypeError("a deal is made of Card values")
        masks.append(sum(1 << card.index for card in set(cards)))
    seen = 0
    for cards, mask in zip(hands, masks, strict=True):
        if mask & seen or mask.bit_count() != len(cards):
            raise ValueError("a card is dealt twice")
        seen |= mask
    if rules.players == 2 and len(hands) == 1:
        if len(hands[0]) != 52:
            raise ValueError("a two-player stock holds all 52 cards")
        return tuple(card.index for card in hands[0])  # the stock, top first
    if len(hands) != rules.players or any(len(cards) != 13 for cards in hands):
        raise ValueError(f"a deal is {rules.players} hands of 13 cards")
    return tuple(masks)


__all__ = ["Game", "IllegalAction", "Phase"]
