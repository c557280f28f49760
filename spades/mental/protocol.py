"""One player's side of the mental-poker protocol (the protocol itself is told in
``spades.mental``'s docstring): its secrets, what it knows, the messages it sends and the
checks it makes on those it receives.

A ``Side`` has no network in it.  ``start()`` and each ``receive(message)`` return the
messages to send to the other side, in order; the player's own moves (``draw``, ``bid``,
``replace``, ``play``) return theirs.  Messages are plain JSON-able dicts.  ``to_dict()`` /
``from_dict()`` keep the whole side (secrets included) in the saved game, so a closed tab
resumes where it stopped.  Anything the other side sends that breaks the protocol or the
rules raises ``CheatDetected``, at once where the side can tell, else when the keys are
revealed at the hand's end; after that the side refuses every message.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from ..cards import CARDS, SPADES, Card, mask_of
from ..game import Game
from ..records import Phase
from ..rules import Rules
from ..tricks import NO_SUIT, breaks_spades, legal_play_mask, trick_winner
from . import deck
from .cipher import Group
from .state import PILE, CheatDetected, HandState, Message
from .verify import verify_hand

GENESIS = hashlib.sha256(b"spades mental poker 1").hexdigest()
"""The transcript's hash before the first message."""

FORMAT = "spades-mental"
VERSION = 1


DRAW_STEPS = 3 * 26
"""The draw phase's steps: 26 turns of three (the top card shown, the draw, the second
card shown)."""


class Side:
    """One player's side of an online two-player game.

    ``rng`` draws the side's secret keys and shuffles.  The page must pass
    ``secrets.SystemRandom()``: a seeded generator (``random.Random(seed)``) is fine for a
    test, but anyone who knew or guessed its seed, or saw enough of its output (the
    Mersenne Twister's state follows from 624 of its words), would know the keys, hence
    every card of the stock, and the orders it shuffles by.  A ``SystemRandom`` holds no
    state, so none is saved: ``from_dict`` takes the generator again.
    """

    def __init__(self, seat: int, rules: Rules, rng: random.Random, *, dealer: int,
                 seed: int = 0, group: Group | None = None) -> None:
        if rules.players != 2:
            raise ValueError("the protocol deals the two-player tables")
        if seat not in (0, 1):
            raise ValueError("a seat is 0 or 1")
        self.seat = seat
        self.rules = rules
        self.rng = rng
        self.group = group or Group()
        if self.group.cards != 52:
            raise ValueError("a game is dealt from 52 cards")
        self.game = Game.new(rules, seed=seed, dealer=dealer)
        """The verified game: every finished hand replayed by the engine, at the current
        hand's start (its stock is known only at the hand's end)."""
        self.chain = GENESIS
        self.seq = 0
        self.failed: CheatDetected | None = None
        self._table: dict[int, int] | None = None
        self._inverse: int | None = None
        self.hand = self._new_hand()

    # ------------------------------------------------------------------ what it knows

    @property
    def hand_number(self) -> int:
        return self.game.hand_number

    @property
    def dealer(self) -> int:
        return self.game.dealer

    @property
    def other(self) -> int:
        return 1 - self.seat

    @property
    def phase(self) -> str:
        """"shuffle", "draw", "replace", "bid", "play", "keys" (the hand is over, keys
        are exchanged), or "over" (the game is)."""
        state = self.hand
        if self.game.phase is Phase.GAME_OVER:
            return "over"
        if len(state.stock) < self.group.cards:
            return "shuffle"
        if state.step < DRAW_STEPS:
            return "draw"
        if self._pending_replacer() is not None:
            return "replace"
        if not all(state.bid):
            return "bid"
        if len(state.plays) < 26:
            return "play"
        return "keys"

    @property
    def turn(self) -> int | None:
        """The seat that must act now (None while the protocol exchanges its own messages:
        the shuffles and the keys).  In the draw phase, the drawer; while bidding and
        playing, the engine's order (the first bidder leads, the trick's winner leads the
        next, ``spades.tricks.trick_winner``)."""
        phase, state = self.phase, self.hand
        if phase == "draw":
            return (self.dealer + 1 + state.step // 3) % 2
        if phase == "replace":
            return self._pending_replacer()
        first = self.dealer if self.rules.dealer_leads else (self.dealer + 1) % 2
        if phase == "bid":
            return first if not state.bid[first] else 1 - first
        if phase == "play":
            plays = state.plays
            leader = first
            done = len(plays) - len(plays) % 2
            for start in range(0, done, 2):
                leader = trick_winner([(seat, value) for seat, _, value in plays[start:start + 2]])
            return leader if len(plays) % 2 == 0 else 1 - plays[-1][0]
        return None

    @property
    def top_card(self) -> Card | None:
        """The top card of the stock, while this side is drawing and has seen it."""
        state = self.hand
        if self.phase == "draw" and self.turn == self.seat and state.step % 3 == 1:
            return CARDS[state.known[2 * (state.step // 3)]]
        return None

    @property
    def cards(self) -> tuple[Card, ...]:
        """This side's cards now, sorted."""
        return tuple(sorted(CARDS[self.hand.known[pos]] for pos in self.hand.held[self.seat]))

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards this side may play now (none when it is not its turn to play), by the
        engine's rule of a trick (``spades.tricks``), from the cards played so far."""
        if self.phase != "play" or self.turn != self.seat:
            return ()
        plays = self.hand.plays
        broken = False
        for start in range(0, len(plays), 2):
            lead_suit = plays[start][2] // 13
            for _, _, value in plays[start:start + 2]:
                if value >= 39 and not broken:
                    led = lead_suit if value != plays[start][2] else SPADES
                    broken = breaks_spades(value, led, self.rules.lead_breaks_spades)
        lead = plays[-1][2] // 13 if len(plays) % 2 else NO_SUIT
        mask = legal_play_mask(mask_of(self.cards), lead, broken)
        return tuple(card for card in self.cards if mask >> card.index & 1)

    def knows(self, position: int) -> int | None:
        """The value at a stock position if this side has seen it, else None."""
        return self.hand.known.get(position)

    # ------------------------------------------------------------------ messages

    def _new_hand(self) -> HandState:
        group = self.group
        self._table = self._inverse = None
        return HandState(key=group.new_key(self.rng))

    def _send(self, kind: str, **body: Any) -> Message:
        message: Message = {"type": kind, "hand": self.hand_number, "seq": self.seq,
                            "prev": self.chain, "from": self.seat, **body}
        self._advance(message)
        return message

    def _advance(self, message: Message) -> None:
        self.chain = _link(self.chain, message)
        self.seq += 1

    def _check_alive(self) -> None:
        if self.failed is not None:
            raise CheatDetected(self.failed.reason, f"the game already ended ({self.failed})")

    def _check_my_turn(self, phase: str) -> None:
        self._check_alive()
        if self.phase != phase or self.turn != self.seat:
            raise ValueError(f"it is not this side's turn to {phase}")

    def start(self) -> list[Message]:
        """The hand's first messages: the dealer's shuffle, or nothing.  Call it at the
        start of every hand (both sides may: the other's gives nothing), once the hand
        before is verified (``hand_number`` moved on)."""
        self._check_alive()
        if self.phase != "shuffle" or self.dealer != self.seat or self.hand.first_deck:
            return []
        state = self.hand
        state.first_deck, state.order = deck.first_shuffle(self.group, state.key, self.rng)
        # The first deck is every card under this side's key alone: the decryption table.
        self._table = dict(zip(state.first_deck, state.order, strict=True))
        return [self._send("shuffle", deck=_hexes(state.first_deck))]

    def receive(self, message: object) -> list[Message]:
        """Take the other side's message; the messages to send back, in order.

        Raises ``CheatDetected`` for a message that is replayed, reordered, altered (the
        hash chain), malformed, out of turn or against what this side knows; and at the
        hand's end, if the revealed keys or the engine's replay of the hand disagree with
        the messages.  After that the side refuses everything (the game is over).
        """
        self._check_alive()
        try:
            return self._receive(message)
        except CheatDetected as error:
            self.failed = error
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            self.failed = CheatDetected("malformed", f"{type(error).__name__}: {error}")
            raise self.failed from error

    def _receive(self, message: object) -> list[Message]:
        if not isinstance(message, dict):
            raise CheatDetected("malformed", "a message is a JSON object")
        if message.get("seq") != self.seq:
            raise CheatDetected("sequence", f"message {message.get('seq')!r}, expected {self.seq}")
        if message.get("prev") != self.chain:
            raise CheatDetected("chain", "the transcript's hash differs: a message was altered")
        if message.get("hand") != self.hand_number or message.get("from") != self.other:
            raise CheatDetected("sequence", "a message of another hand or seat")
        self._advance(message)
        kind = message.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise CheatDetected("malformed", f"unknown message type {kind!r}")
        replies: list[Message] = handler(self, message)
        return replies

    # ------------------------------------------------------------------ the shuffles

    def _on_shuffle(self, message: Message) -> list[Message]:
        state, group = self.hand, self.group
        if self.phase != "shuffle":
            raise CheatDetected("unexpected", "a shuffle out of place")
        cards = _read_elements(group, message["deck"])
        if self.dealer == self.other:  # the first shuffle: lock it again and shuffle it
            if state.first_deck:
                raise CheatDetected("unexpected", "a second first shuffle")
            state.first_deck = cards
            state.stock, state.order = deck.second_shuffle(group, cards, state.key, self.rng)
            return [self._send("shuffle", deck=_hexes(state.stock))]
        if not state.first_deck or state.stock:
            raise CheatDetected("unexpected", "a shuffle out of place")
        state.stock = cards
        return self._reveal_if_due()

    # ------------------------------------------------------------------ the draw

    def _reveal_if_due(self) -> list[Message]:
        """At the start of the other side's turn to draw, its top card, unlocked for it."""
        state = self.hand
        if self.phase == "draw" and self.turn == self.other and state.step % 3 == 0:
            message = self._reveal([2 * (state.step // 3)])
            state.step += 1
            return [message]
        return []

    def _partials(self, positions: list[int]) -> list[str]:
        inverse = self._inverse_key()
        return _hexes([deck.partial(self.group, self.hand.stock[pos], inverse)
                       for pos in positions])

    def _reveal(self, positions: list[int]) -> Message:
        return self._send("reveal", positions=positions, partials=self._partials(positions))

    def _on_reveal(self, message: Message) -> list[Message]:
        state = self.hand
        if self.phase == "replace" and self.turn == self.seat and state.piles:
            return self._on_pile_reveal(message)
        if self.phase != "draw" or self.turn != self.seat or state.step % 3 == 1:
            raise CheatDetected("unexpected", "a reveal out of turn")
        turn = state.step // 3
        self._read_reveal(message, [2 * turn + state.step % 3 // 2])
        state.step += 1
        return self._reveal_if_due() if state.step % 3 == 0 else []

    def _read_reveal(self, message: Message, positions: list[int]) -> None:
        state, group = self.hand, self.group
        if message.get("positions") != positions:
            raise CheatDetected("forged_reveal", f"revealed {message.get('positions')!r}, "
                                f"expected {positions}")
        partials = _read_elements(group, message["partials"], len(positions))
        table = self._decryption_table()
        seen = set(state.known.values())
        for pos, value in zip(positions, partials, strict=True):
            card = table.get(value)
            if card is None:
                raise CheatDetected("forged_reveal", f"position {pos} shows no card")
            if state.known.get(pos, card) != card or (pos not in state.known and card in seen):
                raise CheatDetected("forged_reveal", f"position {pos} shows a card seen elsewhere")
            state.received[pos] = value
            state.known[pos] = card
            seen.add(card)

    def draw(self, keep: bool) -> list[Message]:
        """This side keeps (or discards) the top card it sees (``top_card``)."""
        self._check_my_turn("draw")
        if self.hand.step % 3 != 1:
            raise ValueError("the top card is not shown yet")
        message = self._send("draw", keep=bool(keep))
        self._record_draw(self.seat, bool(keep))
        return [message]

    def _on_draw(self, message: Message) -> list[Message]:
        state = self.hand
        keep = message["keep"]
        if type(keep) is not bool:
            raise CheatDetected("malformed", "a draw keeps or discards")
        if self.phase != "draw" or self.turn != self.other or state.step % 3 != 1:
            raise CheatDetected("unexpected", "a draw out of turn")
        self._record_draw(self.other, keep)
        # The second card, unlocked for the drawer: it sees it, kept or discarded.
        reveal = self._reveal([2 * (state.step // 3) + 1])
        state.step += 1
        return [reveal, *self._reveal_if_due()]

    def _record_draw(self, seat: int, keep: bool) -> None:
        state = self.hand
        top = 2 * (state.step // 3)
        kept, thrown = (top, top + 1) if keep else (top + 1, top)
        state.held[seat].append(kept)
        state.discarded.append(thrown)
        state.actions.append([seat, "draw", keep])
        state.step += 1

    # ------------------------------------------------------------------ bids

    def bid(self, n: int, blind: bool = False) -> list[Message]:
        """This side's bid.  ``blind`` is Double Nil (``Bid(0, blind=True)``), declared at
        this side's first turn to draw, once it has seen the top card, before it draws."""
        self._check_alive()
        if self.turn != self.seat:
            raise ValueError("it is not this side's turn")
        self._check_bid(self.seat, n, blind)
        message = self._send("bid", n=n, blind=blind)
        self._record_bid(self.seat, n, blind)
        return [message]

    def _check_bid(self, seat: int, n: object, blind: object) -> None:
        state = self.hand
        if type(n) is not int or type(blind) is not bool or not 0 <= n <= 13:
            raise CheatDetected("malformed", "a bid is 0 to 13")
        if self.turn != seat:
            raise CheatDetected("out_of_turn", "a bid out of turn")
        if blind:
            first_turn = not any(actor == seat for actor, *_ in state.actions)
            if not (self.phase == "draw" and state.step % 3 == 1 and first_turn and n == 0):
                raise CheatDetected("unexpected", "Double Nil is declared before one's draw")
        elif self.phase != "bid":
            raise CheatDetected("unexpected", "a bid out of place")

    def _record_bid(self, seat: int, n: int, blind: bool) -> None:
        state = self.hand
        state.bid[seat] = True
        state.blind[seat] = blind
        state.actions.append([seat, "bid", [n, blind]])

    def _on_bid(self, message: Message) -> list[Message]:
        n, blind = message["n"], message["blind"]
        self._check_bid(self.other, n, blind)
        self._record_bid(self.other, n, blind)
        return []

    # ------------------------------------------------------------------ Double Nil

    def _pending_replacer(self) -> int | None:
        """As the engine: the first drawer's replacement first."""
        state = self.hand
        first = (self.dealer + 1) % 2
        for seat in (first, 1 - first):
            if state.blind[seat] and state.drawn[seat] is None:
                return seat
        return None

    def _pile_sources(self) -> list[list[int]]:
        """What the next replacement draws from, as sources: ``[position]`` for a card of
        the stock, ``[-1, r, j]`` for card j of replacement r's pile.  The first draws from
        the draw's discards; the second from what the first left of its pile and the cards
        the first gave up (as the engine's pile: the discards no hand holds)."""
        state = self.hand
        if not state.piles:
            return [[pos] for pos in sorted(state.discarded)]
        first = state.piles[0]
        taken = len(state.replaced[first["replacer"]] or ())
        return ([[-1, 0, j] for j in range(taken, len(first["sources"]))]
                + [[pos] for pos in state.replaced[first["replacer"]] or ()])

    def _pile_keys(self, upto: int) -> int:
        """This side's deck key times its keys of the piles up to ``upto``: every lock it
        put on a card of that pile."""
        key = self.hand.key
        for pile in self.hand.piles[:upto + 1]:
            key = key * pile["key"] % self.group.q
        return key

    def replace(self, cards: list[Card]) -> list[Message]:
        """Double Nil: this side gives up these cards (at most ``blind_nil_cards``) for as
        many drawn from the discards.  The other side locks and shuffles the pile, this
        side locks and shuffles it again, and its first cards are this side's: neither
        chose them, and the other does not see which discards came back (001)."""
        self._check_my_turn("replace")
        state = self.hand
        by_value = {state.known[pos]: pos for pos in state.held[self.seat]}
        positions = [by_value[card.index] for card in cards]
        if len(set(positions)) != len(positions) or len(positions) > self.rules.blind_nil_cards:
            raise ValueError("at most three different cards of one's hand")
        relocked = self._relock_given()
        message = self._send("replace", give=positions, relocked=_hexes(relocked))
        self._open_pile(self.seat, positions, relocked)
        return [message]

    def _relock_given(self) -> list[int]:
        """For the second replacement: the cards the first gave up, locked by this side's
        key of the first pile, so that every card of the new pile bears the same locks."""
        state = self.hand
        if not state.piles:
            return []
        given = state.replaced[state.piles[0]["replacer"]] or []
        return [self.group.lock(state.stock[pos], state.piles[0]["key"]) for pos in given]

    def _open_pile(self, replacer: int, give: list[int], relocked: list[int]) -> dict[str, Any]:
        state = self.hand
        pile: dict[str, Any] = {"replacer": replacer, "sources": self._pile_sources(),
                                "relocked": relocked, "first": [], "second": [], "key": 0,
                                "order": []}
        state.replaced[replacer] = list(give)
        state.piles.append(pile)
        return pile

    def _pile_input(self, number: int, first_key: int) -> list[int]:
        """The cards of pile ``number`` as they enter it: the stock's (the first pile), or
        what the first pile left and the cards the first replacer gave up, relocked by the
        other side's first-pile key and then by ``first_key``, the first replacer's."""
        state = self.hand
        pile = state.piles[number]
        out = []
        relocked = iter(pile["relocked"])
        for source in pile["sources"]:
            if source[0] == -1:
                out.append(state.piles[source[1]]["second"][source[2]])
            elif number == 0:
                out.append(state.stock[source[0]])
            else:
                out.append(self.group.lock(next(relocked), first_key))
        return out

    def _lock_pile(self, pile: dict[str, Any], cards: list[int]) -> list[int]:
        """Lock ``cards`` with a fresh key of this side's, and shuffle them."""
        pile["key"] = key = self.group.new_key(self.rng)
        shuffled, pile["order"] = deck.second_shuffle(self.group, cards, key, self.rng)
        return shuffled

    def _on_replace(self, message: Message) -> list[Message]:
        state, group = self.hand, self.group
        if self.phase != "replace" or self.turn != self.other or state.replaced[self.other]:
            raise CheatDetected("unexpected", "a replacement out of place")
        give = message["give"]
        if (not isinstance(give, list) or len(set(give)) != len(give)
                or len(give) > self.rules.blind_nil_cards
                or not set(give) <= set(state.held[self.other])):
            raise CheatDetected("not_held", "a replacement gives cards not held")
        expected = len(state.replaced[state.piles[0]["replacer"]] or ()) if state.piles else 0
        relocked = _read_elements(group, message["relocked"], expected) if expected else []
        pile = self._open_pile(self.other, give, relocked)
        if len(pile["sources"]) < len(give):
            raise CheatDetected("illegal", "the pile is too small")
        number = len(state.piles) - 1
        # The second pile: this side replaced first, and adds its first pile's lock.
        first_key = state.piles[0]["key"] if number else 0
        cards = self._pile_input(number, first_key)
        pile["first"] = first = self._lock_pile(pile, cards)
        return [self._send("pile", deck=_hexes(first))]

    def _on_pile(self, message: Message) -> list[Message]:
        state = self.hand
        if self.phase != "replace" or not state.piles:
            raise CheatDetected("unexpected", "a pile out of place")
        pile = state.piles[-1]
        size = len(pile["sources"])
        if pile["replacer"] == self.seat and not pile["first"]:
            pile["first"] = first = _read_elements(self.group, message["deck"], size)
            pile["second"] = second = self._lock_pile(pile, first)
            return [self._send("pile", deck=_hexes(second))]
        if pile["replacer"] == self.other and pile["first"] and not pile["second"]:
            pile["second"] = _read_elements(self.group, message["deck"], size)
            give = state.replaced[self.other] or []
            drawn = self._pile_positions(len(give))
            # Every lock of this side's off the pile's first cards, for the replacer.
            inverse = self.group.inverse(self._pile_keys(len(state.piles) - 1))
            partials = [deck.partial(self.group, pile["second"][j], inverse)
                        for j in range(len(give))]
            answer = self._send("reveal", positions=drawn, partials=_hexes(partials))
            self._finish_replacement(self.other, give, drawn)
            return [answer]
        raise CheatDetected("unexpected", "a pile out of place")

    def _pile_positions(self, count: int) -> list[int]:
        """The positions of a replacement's draws: the first ``count`` of its pile."""
        number = len(self.hand.piles) - 1
        return [PILE + 3 * number + j for j in range(count)]

    def _on_pile_reveal(self, message: Message) -> list[Message]:
        state, group = self.hand, self.group
        give = state.replaced[self.seat] or []
        drawn = self._pile_positions(len(give))
        if message.get("positions") != drawn or not state.piles[-1]["second"]:
            raise CheatDetected("forged_reveal", "the replacement's cards are not the pile's first")
        partials = _read_elements(group, message["partials"], len(drawn))
        # Its pile locks off (one full-size unlocking a card), then the table for its key.
        unlock = group.inverse(self._pile_keys(len(state.piles) - 1)
                               * group.inverse(state.key) % group.q)
        table = self._decryption_table()
        # A discard this side saw may come back; a card it holds or saw played may not.
        seen = {state.known[pos] for pos in state.held[self.seat]}
        seen |= {value for _, _, value in state.plays}
        for pos, value in zip(drawn, partials, strict=True):
            card = table.get(pow(value, unlock, group.p))
            if card is None or card in seen:
                raise CheatDetected("forged_reveal", f"the replacement {pos} shows no fresh card")
            state.received[pos] = value
            state.known[pos] = card
            seen.add(card)
        self._finish_replacement(self.seat, give, drawn)
        return []

    def _finish_replacement(self, seat: int, give: list[int], picks: list[int]) -> None:
        state = self.hand
        state.drawn[seat] = picks
        state.held[seat] = [pos for pos in state.held[seat] if pos not in give] + picks
        state.actions.append([seat, "replace", list(give)])

    # ------------------------------------------------------------------ the tricks

    def play(self, card: Card) -> list[Message]:
        """This side plays ``card`` (one of ``cards``); the card is shown to both."""
        self._check_my_turn("play")
        state = self.hand
        positions = [pos for pos in state.held[self.seat] if state.known[pos] == card.index]
        if not positions:
            raise ValueError(f"this side does not hold the {card}")
        message = self._send("play", position=positions[0], card=str(card))
        self._record_play(self.seat, positions[0], card.index)
        return [message]

    def _on_play(self, message: Message) -> list[Message]:
        state = self.hand
        if self.phase != "play":
            raise CheatDetected("unexpected", "a card played out of place")
        if self.turn != self.other:
            raise CheatDetected("out_of_turn", "a card played out of turn")
        position, text = message["position"], message["card"]
        if type(position) is not int or position not in state.held[self.other]:
            raise CheatDetected("not_held", f"position {position!r} is not in the player's hand")
        value = Card.parse(text).index
        known = state.known.get(position)
        if known is not None and known != value:
            raise CheatDetected("not_held", f"the {text} is not the card held there")
        mine = {state.known[pos] for pos in state.held[self.seat]}
        if not state.piles:  # no Double Nil: a discard this side saw stays out of play
            mine = set(state.known.values())
        if known is None and (value in mine or any(value == v for _, _, v in state.plays)):
            # (A discard this side saw is no proof: a Double Nil may have drawn it back.)
            raise CheatDetected("not_held", f"the {text} is known to be elsewhere")
        self._record_play(self.other, position, value)
        return self._keys_if_due()

    def _record_play(self, seat: int, position: int, value: int) -> None:
        state = self.hand
        state.held[seat].remove(position)
        state.known[position] = value
        state.plays.append([seat, position, value])
        state.actions.append([seat, "play", position])

    # ------------------------------------------------------------------ the hand's end

    def _keys_if_due(self) -> list[Message]:
        """The hand is over: this side's secrets, for the other side's check.  The side
        that receives the last card sends its keys first, the other in answer, so that the
        transcript stays one chain."""
        state = self.hand
        if self.phase != "keys" or state.keys_sent:
            return []
        state.keys_sent = True
        piles = [{"key": f"{pile['key']:x}", "order": pile["order"]} for pile in state.piles]
        return [self._send("keys", key=f"{state.key:x}", order=state.order, piles=piles)]

    def _on_keys(self, message: Message) -> list[Message]:
        if self.phase != "keys":
            raise CheatDetected("unexpected", "keys before the hand's end")
        replies = self._keys_if_due()
        self.game = verify_hand(self, message)
        self.hand = self._new_hand()
        return replies  # the next hand begins with ``start()``

    # ------------------------------------------------------------------ keys, saved

    def _decryption_table(self) -> dict[int, int]:
        if self._table is None:
            self._table = deck.decryption_table(self.group, self.hand.key)
        return self._table

    def _inverse_key(self) -> int:
        if self._inverse is None:
            self._inverse = self.group.inverse(self.hand.key)
        return self._inverse

    def to_dict(self) -> dict[str, Any]:
        """The whole side as JSON-able data, secrets included (it stays in this browser's
        saved game): ``Side.from_dict`` resumes it."""
        state = self.hand
        return {
            "format": FORMAT, "version": VERSION, "seat": self.seat,
            "p": f"{self.group.p:x}", "game": self.game.to_json(),
            "chain": self.chain, "seq": self.seq,
            "failed": None if self.failed is None else [self.failed.reason, self.failed.detail],
            "hand": {
                "key": f"{state.key:x}", "order": state.order,
                "first_deck": _hexes(state.first_deck), "stock": _hexes(state.stock),
                "known": [[pos, value] for pos, value in state.known.items()],
                "received": [[pos, f"{value:x}"] for pos, value in state.received.items()],
                "step": state.step, "held": state.held, "discarded": state.discarded,
                "blind": state.blind, "bid": state.bid, "replaced": state.replaced,
                "drawn": state.drawn, "actions": state.actions, "plays": state.plays,
                "piles": [_pile_data(pile) for pile in state.piles],
                "keys_sent": state.keys_sent,
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: random.Random) -> Side:
        """A side saved by ``to_dict``; it draws its next secrets from ``rng``."""
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError("not a saved side of this protocol")
        game = Game.from_json(data["game"])
        side = object.__new__(cls)
        side.seat = data["seat"]
        side.rules = game.rules
        side.rng = rng
        side.group = Group(int(data["p"], 16))
        side.game = game
        side.chain = data["chain"]
        side.seq = data["seq"]
        failed = data["failed"]
        side.failed = None if failed is None else CheatDetected(*failed)
        side._table = side._inverse = None
        h = data["hand"]
        side.hand = HandState(
            key=int(h["key"], 16), order=h["order"],
            first_deck=[int(x, 16) for x in h["first_deck"]],
            stock=[int(x, 16) for x in h["stock"]],
            known={pos: value for pos, value in h["known"]},
            received={pos: int(value, 16) for pos, value in h["received"]},
            step=h["step"], held=h["held"], discarded=h["discarded"], blind=h["blind"],
            bid=h["bid"], replaced=h["replaced"], drawn=h["drawn"], actions=h["actions"],
            plays=h["plays"], keys_sent=h["keys_sent"],
            piles=[_pile_state(pile) for pile in h["piles"]],
        )
        return side


_HANDLERS: dict[str, Any] = {
    "shuffle": Side._on_shuffle,
    "reveal": Side._on_reveal,
    "draw": Side._on_draw,
    "bid": Side._on_bid,
    "replace": Side._on_replace,
    "pile": Side._on_pile,
    "play": Side._on_play,
    "keys": Side._on_keys,
}


def _link(chain: str, message: Message) -> str:
    text = json.dumps(message, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{chain}\n{text}".encode()).hexdigest()


def _pile_data(pile: dict[str, Any]) -> dict[str, Any]:
    return {**pile, "first": _hexes(pile["first"]), "second": _hexes(pile["second"]),
            "relocked": _hexes(pile["relocked"]), "key": f"{pile['key']:x}"}


def _pile_state(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "first": [int(x, 16) for x in data["first"]],
            "second": [int(x, 16) for x in data["second"]],
            "relocked": [int(x, 16) for x in data["relocked"]], "key": int(data["key"], 16)}


def _hexes(values: list[int]) -> list[str]:
    return [f"{value:x}" for value in values]


def _read_elements(group: Group, texts: object, count: int | None = None) -> list[int]:
    """Ciphertexts received: hex residues of the group, all different (a card given twice
    is no shuffle), ``count`` of them (else the whole deck)."""
    count = group.cards if count is None else count
    limit = len(f"{group.p:x}")
    if not (isinstance(texts, list) and len(texts) == count
            and all(isinstance(text, str) and 0 < len(text) <= limit for text in texts)):
        raise CheatDetected("malformed", "a list of ciphertexts")
    values = [int(text, 16) for text in texts]
    if len(set(values)) != len(values) or not all(map(group.is_element, values)):
        raise CheatDetected("bad_deck", "a ciphertext is not a residue, or comes twice")
    return values


__all__ = ["CheatDetected", "HandState", "Message", "Side"]
