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
import random
from typing import Any

from ..cards import CARDS, SPADES, Card, mask_of
from ..game import Game
from ..records import Phase
from ..rules import Rules
from ..tricks import NO_SUIT, breaks_spades, legal_play_mask, trick_winner
from . import deck, proofs
from .codec import group_data as _group_data
from .codec import group_from as _group_from
from .codec import link as _link
from .codec import maybe_texts as _maybe_texts
from .codec import read_elements as _read_elements
from .codec import read_scalars as _read_scalars
from .codec import read_shuffle_proof as _read_shuffle_proof
from .codec import scalar_texts as _scalar_texts
from .codec import shuffle_proof_data as _shuffle_proof_data
from .codec import texts as _texts
from .group import Element, Group
from .state import PILE, CheatDetected, HandState, Message
from .verify import verify_hand

GENESIS = hashlib.sha256(b"spades mental poker 1").hexdigest()
"""The transcript's hash before the first message."""

FORMAT = "spades-mental"
VERSION = 2
"""2: the curve, key commitments and a proof with every value (1: no proofs; a game kept
in version 1 cannot go on, and the page starts afresh)."""



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
        self.group: Group
        if group is None:
            from .curve import Secp256k1
            self.group = Secp256k1()
        else:
            self.group = group
        if self.group.cards != 52:
            raise ValueError("a game is dealt from 52 cards")
        self.game = Game.new(rules, seed=seed, dealer=dealer)
        """The verified game: every finished hand replayed by the engine, at the current
        hand's start (its stock is known only at the hand's end)."""
        self.chain = GENESIS
        self.seq = 0
        self.failed: CheatDetected | None = None
        self._table: dict[Element, int] | None = None
        self._incoming = b""
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
        self._table = None
        state = HandState(key=group.new_key(self.rng))
        state.commits[self.seat] = group.exp_base(state.key)
        return state

    def _context(self, kind: str) -> bytes:
        """What this side's next message's proofs are bound to: the hand, the message's
        place in the transcript and its type (so a proof is good there only)."""
        return f"{FORMAT}:{self.hand_number}:{self.seq}:{self.chain}:{kind}".encode()

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
        state, group = self.hand, self.group
        state.first_deck, state.order = deck.first_shuffle(group, state.key, self.rng)
        # The first deck is every card under this side's key alone: the decryption table.
        self._table = dict(zip(state.first_deck, state.order, strict=True))
        return [self._send_shuffle("shuffle", deck.plain_deck(group), state.first_deck,
                                   state.order, state.key)]

    def _send_shuffle(self, kind: str, inputs: list[Element], outputs: list[Element],
                      order: list[int], key: int, **body: Any) -> Message:
        """A deck locked and shuffled, with the key's commitment and the proof that it is
        ``inputs``, each raised to the key, in some order (``proofs.prove_shuffle``)."""
        group = self.group
        proof = proofs.prove_shuffle(group, inputs, outputs, order, key, self._context(kind),
                                     self.rng)
        return self._send(kind, deck=_texts(group, outputs),
                          key=group.to_text(group.exp_base(key)),
                          proof=_shuffle_proof_data(group, proof), **body)

    def _read_shuffle(self, message: Message, inputs: list[Element]) -> tuple[list[Element],
                                                                              Element]:
        """A deck received and its key's commitment, once its proof holds: every card of
        ``inputs`` locked once more and shuffled, nothing planted ("bad_shuffle")."""
        group = self.group
        outputs = _read_elements(group, message["deck"], len(inputs))
        commitment = group.from_text(message["key"])
        proof = _read_shuffle_proof(group, message["proof"], len(inputs))
        if not proofs.check_shuffle(group, inputs, outputs, commitment, proof, self._incoming):
            raise CheatDetected("bad_shuffle", "a deck that is not the cards it was given, "
                                "locked and shuffled")
        return outputs, commitment

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
        kind = message.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None or not isinstance(kind, str):
            raise CheatDetected("malformed", f"unknown message type {kind!r}")
        self._incoming = self._context(kind)
        self._advance(message)
        replies: list[Message] = handler(self, message)
        return replies

    # ------------------------------------------------------------------ the shuffles

    def _on_shuffle(self, message: Message) -> list[Message]:
        state, group = self.hand, self.group
        if self.phase != "shuffle":
            raise CheatDetected("unexpected", "a shuffle out of place")
        if self.dealer == self.other:  # the first shuffle: lock it again and shuffle it
            if state.first_deck:
                raise CheatDetected("unexpected", "a second first shuffle")
            cards, state.commits[self.other] = self._read_shuffle(message,
                                                                  deck.plain_deck(group))
            state.first_deck = cards
            state.stock, state.order = deck.second_shuffle(group, cards, state.key, self.rng)
            return [self._send_shuffle("shuffle", cards, state.stock, state.order, state.key)]
        if not state.first_deck or state.stock:
            raise CheatDetected("unexpected", "a shuffle out of place")
        state.stock, state.commits[self.other] = self._read_shuffle(message, state.first_deck)
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

    def _unlocks(self, values: list[Element], keys: list[int]) -> tuple[list[list[Element]],
                                                                         list[list[int]]]:
        """``values`` with each of ``keys`` (this side's locks on them) taken off in turn:
        the values after each step, and each step's proof (``proofs.prove_powers``: the
        value before is the value after, raised to that key)."""
        group, context = self.group, self._context("reveal")
        steps, step_proofs = [], []
        for index, key in enumerate(keys):
            inverse = group.inverse(key)
            after = [deck.partial(group, value, inverse) for value in values]
            pairs = list(zip(after, values, strict=True))
            step_proofs.append(proofs.prove_powers(group, key, pairs, context + b"%d" % index,
                                                   self.rng))
            steps.append(after)
            values = after
        return steps, step_proofs

    def _partials(self, positions: list[int]) -> list[Element]:
        """The stock's cards at ``positions``, for the other side to unlock."""
        return [self.hand.stock[pos] for pos in positions]

    def _reveal(self, positions: list[int]) -> Message:
        """The cards at these stock positions with this side's lock off, for the drawer,
        each step proven."""
        return self._send_reveal(positions, self._partials(positions), [self.hand.key])

    def _send_reveal(self, positions: list[int], values: list[Element],
                     keys: list[int]) -> Message:
        group = self.group
        steps, step_proofs = self._unlocks(values, keys)
        for pos, value in zip(positions, steps[-1], strict=True):
            self.hand.sent[pos] = value
        return self._send("reveal", positions=positions,
                          steps=[_texts(group, step) for step in steps],
                          proofs=[_scalar_texts(proof) for proof in step_proofs])

    def _read_unlocks(self, message: Message, values: list[Element],
                      commitments: list[Element]) -> list[Element]:
        """The other side's unlocking of ``values``, step by step, each step's proof
        checked against that lock's commitment ("forged_reveal" if one fails): the values
        with its locks off."""
        group = self.group
        steps, step_proofs = message["steps"], message["proofs"]
        if not (isinstance(steps, list) and isinstance(step_proofs, list)
                and len(steps) == len(step_proofs) == len(commitments)):
            raise CheatDetected("malformed", "an unlocking's steps")
        for index, commitment in enumerate(commitments):
            after = _read_elements(group, steps[index], len(values))
            proof = _read_scalars(group, step_proofs[index], 2)
            pairs = list(zip(after, values, strict=True))
            if not proofs.check_powers(group, commitment, pairs, proof,
                                       self._incoming + b"%d" % index):
                raise CheatDetected("forged_reveal", "a card unlocked with a key that is not "
                                    "the one its player locked the deck with")
            values = after
        return values

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
        state = self.hand
        if message.get("positions") != positions:
            raise CheatDetected("forged_reveal", f"revealed {message.get('positions')!r}, "
                                f"expected {positions}")
        partials = self._read_unlocks(message, [state.stock[pos] for pos in positions],
                                      [state.commits[self.other]])
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
            key = key * pile["key"] % self.group.order
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
        relocked, proof = self._relock_given()
        message = self._send("replace", give=positions,
                             relocked=_texts(self.group, relocked), proof=_scalar_texts(proof))
        self._open_pile(self.seat, positions, relocked)
        return [message]

    def _relock_given(self) -> tuple[list[Element], list[int]]:
        """For the second replacement: the cards the first gave up, locked by this side's
        key of the first pile, so that every card of the new pile bears the same locks;
        and the proof of it (nothing for the first replacement)."""
        state = self.hand
        if not state.piles:
            return [], []
        given = state.replaced[state.piles[0]["replacer"]] or []
        return self._relock([state.stock[pos] for pos in given], "replace")

    def _relock(self, values: list[Element], kind: str) -> tuple[list[Element], list[int]]:
        """``values`` locked by this side's key of the first pile, with the proof."""
        group, key = self.group, self.hand.piles[0]["key"]
        locked = [group.lock(value, key) for value in values]
        if not values:
            return [], []
        proof = proofs.prove_powers(group, key, list(zip(values, locked, strict=True)),
                                    self._context(kind), self.rng)
        return locked, proof

    def _read_relock(self, message: Message, field: str, values: list[Element]) -> list[Element]:
        """``values`` locked by the other side's key of the first pile, as its message says
        and proves in ``field`` ("bad_shuffle" if the proof fails)."""
        if not values:
            return []
        group = self.group
        locked = _read_elements(group, message["relocked"], len(values))
        proof = _read_scalars(group, message[field], 2)
        commitment = self.hand.piles[0]["commits"][self.other]
        if not proofs.check_powers(group, commitment, list(zip(values, locked, strict=True)),
                                   proof, self._incoming):
            raise CheatDetected("bad_shuffle", "a card of the pile locked with another key")
        return locked

    def _open_pile(self, replacer: int, give: list[int], relocked: list[Element]) -> dict[str, Any]:
        state = self.hand
        pile: dict[str, Any] = {"replacer": replacer, "sources": self._pile_sources(),
                                "relocked": relocked, "inputs": [], "first": [], "second": [],
                                "key": 0, "order": [], "commits": [None, None]}
        state.replaced[replacer] = list(give)
        state.piles.append(pile)
        return pile

    def _pile_input(self, number: int, relocked: list[Element]) -> list[Element]:
        """The cards of pile ``number`` as they enter it: the stock's (the first pile), or
        what the first pile left and ``relocked``, the cards the first replacer gave up
        with both players' locks of the first pile on them."""
        state = self.hand
        pile = state.piles[number]
        out = []
        extra = iter(relocked)
        for source in pile["sources"]:
            if source[0] == -1:
                out.append(state.piles[source[1]]["second"][source[2]])
            elif number == 0:
                out.append(state.stock[source[0]])
            else:
                out.append(next(extra))
        return out

    def _lock_pile(self, pile: dict[str, Any], cards: list[Element], kind: str,
                   **body: Any) -> Message:
        """Lock ``cards`` with a fresh key of this side's, and shuffle them: the message."""
        pile["key"] = key = self.group.new_key(self.rng)
        pile["commits"][self.seat] = self.group.exp_base(key)
        shuffled, pile["order"] = deck.second_shuffle(self.group, cards, key, self.rng)
        pile["first" if not pile["first"] else "second"] = shuffled
        return self._send_shuffle(kind, cards, shuffled, pile["order"], key, **body)

    def _on_replace(self, message: Message) -> list[Message]:
        state = self.hand
        if self.phase != "replace" or self.turn != self.other or state.replaced[self.other]:
            raise CheatDetected("unexpected", "a replacement out of place")
        give = message["give"]
        if (not isinstance(give, list) or len(set(give)) != len(give)
                or len(give) > self.rules.blind_nil_cards
                or not set(give) <= set(state.held[self.other])):
            raise CheatDetected("not_held", "a replacement gives cards not held")
        given = (state.replaced[state.piles[0]["replacer"]] or []) if state.piles else []
        relocked = self._read_relock(message, "proof", [state.stock[pos] for pos in given])
        pile = self._open_pile(self.other, give, relocked)
        if len(pile["sources"]) < len(give):
            raise CheatDetected("illegal", "the pile is too small")
        number = len(state.piles) - 1
        # The second pile: this side replaced first, and adds its first pile's lock.
        mine, proof = self._relock(relocked, "pile")
        pile["inputs"] = cards = self._pile_input(number, mine)
        body = {"relocked": _texts(self.group, mine), "relock_proof": _scalar_texts(proof)}
        return [self._lock_pile(pile, cards, "pile", **body)]

    def _on_pile(self, message: Message) -> list[Message]:
        state = self.hand
        if self.phase != "replace" or not state.piles:
            raise CheatDetected("unexpected", "a pile out of place")
        pile = state.piles[-1]
        number = len(state.piles) - 1
        if pile["replacer"] == self.seat and not pile["first"]:
            theirs = self._read_relock(message, "relock_proof", pile["relocked"])
            pile["inputs"] = inputs = self._pile_input(number, theirs)
            first, pile["commits"][self.other] = self._read_shuffle(message, inputs)
            pile["first"] = first
            return [self._lock_pile(pile, first, "pile")]
        if pile["replacer"] == self.other and pile["first"] and not pile["second"]:
            pile["second"], pile["commits"][self.other] = self._read_shuffle(message,
                                                                             pile["first"])
            give = state.replaced[self.other] or []
            drawn = self._pile_positions(len(give))
            # Every lock of this side's off the pile's first cards, for the replacer.
            answer = self._send_reveal(drawn, pile["second"][:len(give)],
                                       self._locks(self.seat, number))
            self._finish_replacement(self.other, give, drawn)
            return [answer]
        raise CheatDetected("unexpected", "a pile out of place")

    def _locks(self, seat: int, number: int | None) -> list[Any]:
        """``seat``'s locks on a card of pile ``number`` (None: of the stock), in the
        order they come off: its keys if ``seat`` is this side, else their commitments."""
        state = self.hand
        piles = state.piles[:number + 1] if number is not None else []
        if seat == self.seat:
            return [state.key, *(pile["key"] for pile in piles)]
        return [state.commits[seat], *(pile["commits"][seat] for pile in piles)]

    def _pile_positions(self, count: int) -> list[int]:
        """The positions of a replacement's draws: the first ``count`` of its pile."""
        number = len(self.hand.piles) - 1
        return [PILE + 3 * number + j for j in range(count)]

    def _on_pile_reveal(self, message: Message) -> list[Message]:
        state, group = self.hand, self.group
        give = state.replaced[self.seat] or []
        drawn = self._pile_positions(len(give))
        number = len(state.piles) - 1
        if message.get("positions") != drawn or not state.piles[-1]["second"]:
            raise CheatDetected("forged_reveal", "the replacement's cards are not the pile's first")
        partials = self._read_unlocks(message, state.piles[-1]["second"][:len(give)],
                                      self._locks(self.other, number))
        # Its pile locks off (one unlocking a card), then the table for its key.
        unlock = group.inverse(self._pile_keys(number) * group.inverse(state.key) % group.order)
        table = self._decryption_table()
        # A discard this side saw may come back; a card it holds or saw played may not.
        seen = {state.known[pos] for pos in state.held[self.seat]}
        seen |= {value for _, _, value in state.plays}
        for pos, value in zip(drawn, partials, strict=True):
            card = table.get(group.exp(value, unlock))
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
        """This side plays ``card`` (one of ``cards``); the card is shown to both, with the
        proof that it is the card the other side unlocked for it at that position."""
        self._check_my_turn("play")
        state = self.hand
        positions = [pos for pos in state.held[self.seat] if state.known[pos] == card.index]
        if not positions:
            raise ValueError(f"this side does not hold the {card}")
        steps, step_proofs = self._lock_steps(card.index, self._locks(self.seat,
                                                                    _pile_of(positions[0])))
        message = self._send("play", position=positions[0], card=str(card),
                             steps=_texts(self.group, steps),
                             proofs=[_scalar_texts(proof) for proof in step_proofs])
        self._record_play(self.seat, positions[0], card.index)
        return [message]

    def _lock_steps(self, value: int, keys: list[int]) -> tuple[list[Element], list[list[int]]]:
        """The card ``value``'s encoding under each of ``keys`` in turn (the last is what
        the other side unlocked for this one), and each step's proof."""
        group, context = self.group, self._context("play")
        steps: list[Element] = []
        step_proofs = []
        before = group.encode(value)
        for index, key in enumerate(keys):
            after = group.lock(before, key)
            step_proofs.append(proofs.prove_powers(group, key, [(before, after)],
                                                   context + b"%d" % index, self.rng))
            steps.append(after)
            before = after
        return steps, step_proofs

    def _on_play(self, message: Message) -> list[Message]:
        state, group = self.hand, self.group
        if self.phase != "play":
            raise CheatDetected("unexpected", "a card played out of place")
        if self.turn != self.other:
            raise CheatDetected("out_of_turn", "a card played out of turn")
        position, text = message["position"], message["card"]
        if type(position) is not int or position not in state.held[self.other]:
            raise CheatDetected("not_held", f"position {position!r} is not in the player's hand")
        value = Card.parse(text).index
        commitments = self._locks(self.other, _pile_of(position))
        steps = _read_elements(group, message["steps"], len(commitments), distinct=False)
        step_proofs = message["proofs"]
        if not isinstance(step_proofs, list) or len(step_proofs) != len(commitments):
            raise CheatDetected("malformed", "a card played's proofs")
        before = group.encode(value)
        for index, commitment in enumerate(commitments):
            proof = _read_scalars(group, step_proofs[index], 2)
            if not proofs.check_powers(group, commitment, [(before, steps[index])], proof,
                                       self._incoming + b"%d" % index):
                raise CheatDetected("not_held", f"the {text} played is not proven")
            before = steps[index]
        if before != state.sent.get(position):
            raise CheatDetected("not_held", f"the {text} is not the card held at {position}")
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

    def to_dict(self) -> dict[str, Any]:
        """The whole side as JSON-able data, secrets included (it stays in this browser's
        saved game): ``Side.from_dict`` resumes it."""
        state, group = self.hand, self.group
        return {
            "format": FORMAT, "version": VERSION, "seat": self.seat,
            "group": _group_data(group), "game": self.game.to_json(),
            "chain": self.chain, "seq": self.seq,
            "failed": None if self.failed is None else [self.failed.reason, self.failed.detail],
            "hand": {
                "key": f"{state.key:x}", "order": state.order,
                "commits": _maybe_texts(group, state.commits),
                "first_deck": _texts(group, state.first_deck),
                "stock": _texts(group, state.stock),
                "known": [[pos, value] for pos, value in state.known.items()],
                "received": [[pos, group.to_text(x)] for pos, x in state.received.items()],
                "sent": [[pos, group.to_text(x)] for pos, x in state.sent.items()],
                "step": state.step, "held": state.held, "discarded": state.discarded,
                "blind": state.blind, "bid": state.bid, "replaced": state.replaced,
                "drawn": state.drawn, "actions": state.actions, "plays": state.plays,
                "piles": [_pile_data(group, pile) for pile in state.piles],
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
        side.group = group = _group_from(data["group"])
        side.game = game
        side.chain = data["chain"]
        side.seq = data["seq"]
        failed = data["failed"]
        side.failed = None if failed is None else CheatDetected(*failed)
        side._table = None
        side._incoming = b""
        h = data["hand"]
        side.hand = HandState(
            key=int(h["key"], 16), order=h["order"],
            commits=[None if x is None else group.from_text(x) for x in h["commits"]],
            first_deck=[group.from_text(x) for x in h["first_deck"]],
            stock=[group.from_text(x) for x in h["stock"]],
            known={pos: value for pos, value in h["known"]},
            received={pos: group.from_text(x) for pos, x in h["received"]},
            sent={pos: group.from_text(x) for pos, x in h["sent"]},
            step=h["step"], held=h["held"], discarded=h["discarded"], blind=h["blind"],
            bid=h["bid"], replaced=h["replaced"], drawn=h["drawn"], actions=h["actions"],
            plays=h["plays"], keys_sent=h["keys_sent"],
            piles=[_pile_state(group, pile) for pile in h["piles"]],
        )
        return side


def _pile_of(position: int) -> int | None:
    """The replacement pile a position was drawn from (None: the stock)."""
    return None if position < PILE else (position - PILE) // 3


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


def _pile_data(group: Group, pile: dict[str, Any]) -> dict[str, Any]:
    return {**pile, "first": _texts(group, pile["first"]), "second": _texts(group, pile["second"]),
            "relocked": _texts(group, pile["relocked"]), "inputs": _texts(group, pile["inputs"]),
            "commits": _maybe_texts(group, pile["commits"]), "key": f"{pile['key']:x}"}


def _pile_state(group: Group, data: dict[str, Any]) -> dict[str, Any]:
    def read(texts: list[str]) -> list[Element]:
        return [group.from_text(x) for x in texts]

    return {**data, "first": read(data["first"]), "second": read(data["second"]),
            "relocked": read(data["relocked"]), "inputs": read(data["inputs"]),
            "commits": [None if x is None else group.from_text(x) for x in data["commits"]],
            "key": int(data["key"], 16)}


__all__ = ["CheatDetected", "HandState", "Message", "Side"]
