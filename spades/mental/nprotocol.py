"""One page's side of the four-player online game (issue 47): the deal of ``ndeal`` as
messages, the bids, the Blind Nil exchange and the plays, checked as they come, and the
whole hand checked by the engine at its end.

A page holds one ``NSide`` for the seats it plays: a friend's page its own seat, the
host's page its own and every computer seat.  Every message goes to every other page (a
mesh of data channels) and the protocol says, at every point, which seat sends next
(``sender``): so the pages' transcripts are one hash chain, as at two.  ``start()`` and
``receive(message)`` return the messages this page sends, in order; so do the decisions of
its seats (``declare``, ``bid``, ``pass_cards``, ``play``).  The network layer must check
that a message claiming seat ``from`` came from the page that holds that seat.

A hand, in the order of its messages:

1. **shuffle**, seat 0 to 3: each locks and shuffles the deck it received, with its key's
   commitment and the proof of a shuffle (``ndeal.shuffle_turn``).
2. **blind** (tables with Blind Nil), in bidding order: each says whether it bids Blind
   Nil, before any player can read a card: no page has its cards yet, so a Blind Nil is
   blind (the rules: declared before the player looks at their cards).  Its bid is then
   made for it at its turn, with no message.
3. **unlock**, seat 0 to 3: each takes its lock off every card dealt to the others (the
   deal gives position ``i`` to seat ``i mod 4``), one batched proof; after the fourth,
   each holder's cards wear its own lock alone, and it reads them.
4. **bid**, in the engine's order.
5. **pass** (the Blind Nil exchange, in the engine's order): the giver names the places of
   the cards it passes and takes its own lock off them (from the fully locked deck); then
   each other player but the receiver does, in seat order (**unlock**); the receiver
   reads them.  The opponents learn which places moved, never the cards.
6. **play**, in the engine's order: the card's place, its value, and the proof that it is
   the card dealt (or passed) there (``ndeal.show_card``).
7. **keys**, seat 0 to 3, after the last trick: each key of the hand; every page checks the
   whole deal with them (``ndeal.check_hand``), then the engine replays the hand from the
   cards the keys show, which proves every follow of suit; the hand is scored.

What each page checks at once: the chain, the sender, every proof, every place named (its
own seat's, not played), every bid by the engine.  A card played is checked against the
engine on a table that agrees with everything this page knows (``nshadow``): a card that
fails to follow a suit this page knows its player holds (a card passed to it) is caught at
once; any other revoke at the hand's end, where the keys show every card.

``CheatDetected.seat`` names the seat at fault when a message proves it; a message that
only shows the transcripts differ (lost, repeated, reordered) blames no one, and so do
plays that cannot all be true before the keys show who lied ("impossible").  Either way the
hand is not scored and the game stops.

What it does not guarantee: a computer seat's cards live on the host's page, which every
player at such a table trusts with them (and to replace a silent player: ``restart``); a
page can stop answering, or tell two pages different things (the next message then
stops the game, no one blamed); the timing of every move is seen by all.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection
from typing import Any

from ..actions import Bid, Pass, Play
from ..cards import CARDS, Card
from ..game import Game
from ..records import IllegalAction, Phase
from ..rules import Rules
from . import codec, ndeal
from .group import Element, Group
from .nshadow import Impossible, Refused, action_of, shadow_game
from .nstate import SEATS, NHand
from .state import CheatDetected, Message, read_hex

GENESIS = hashlib.sha256(b"spades mental poker, four players 1").hexdigest()
"""The transcript's hash before the first message."""

FORMAT = "spades-mental-4"
VERSION = 1

DECISIONS = ("blind", "bid", "pass", "play")
"""The phases (and messages) that are a player's decision; the others are the pages' own."""



class NSide:
    """The side of the four-player protocol of a page that plays ``seats``.

    ``rng`` draws the keys and shuffles: the page passes ``secrets.SystemRandom()`` (see
    ``protocol.Side``); a seeded one is for tests.  ``dealer`` and ``seed`` are the game's,
    the same on every page (the seed deals nothing: the protocol does)."""

    def __init__(self, seats: Collection[int], rules: Rules, rng: random.Random, *,
                 dealer: int, seed: int = 0, group: Group | None = None) -> None:
        if rules.players != SEATS:
            raise ValueError("the four-player protocol deals the four-player tables")
        self.seats = _checked_seats(seats)
        self.rules = rules
        self.rng = rng
        if group is None:
            from .curve import Secp256k1
            group = Secp256k1()
        if group.cards != 52:
            raise ValueError("a game is dealt from 52 cards")
        self.group = group
        self.game = Game.new(rules, seed=seed, dealer=dealer)
        """The verified game: every finished hand replayed by the engine, at the current
        hand's start."""
        self.chain = GENESIS
        self.seq = 0
        self.failed: CheatDetected | None = None
        self.hand = NHand()
        self._shadow: Game | None = None
        self._incoming = b""
        self.hold = False
        """A new hand's first shuffle of this page's waits (``restart`` ends the wait):
        the host holds the table still at a hand's start while a player takes a seat back.
        Not saved."""

    # ------------------------------------------------------------------ what it knows

    @property
    def hand_number(self) -> int:
        return self.game.hand_number

    @property
    def declaring(self) -> bool:
        """Whether this table asks for Blind Nil declarations before the deal is read."""
        return self.rules.blind_nil and self.rules.nil

    @property
    def phase(self) -> str:
        """"shuffle", "blind", "unlock" (the deal, and a pass's cards), "bid", "pass",
        "play", "keys" (the hand is over) or "over" (the game is)."""
        state = self.hand
        if self.game.phase is Phase.GAME_OVER:
            return "over"
        if len(state.decks) < SEATS:
            return "shuffle"
        if self.declaring and None in state.blind:
            return "blind"
        if state.unlocked < SEATS or state.passing is not None:
            return "unlock"
        if len(state.plays) == 13 * SEATS:
            return "keys"
        phase = self.table().phase
        return {Phase.BID: "bid", Phase.PASS: "pass"}.get(phase, "play")

    @property
    def sender(self) -> int | None:
        """The seat whose message comes next (None once the game is over)."""
        state, phase = self.hand, self.phase
        if phase == "shuffle":
            return len(state.decks)
        if phase == "blind":
            return next(seat for seat in self._bidding_order() if state.blind[seat] is None)
        if phase == "unlock":
            if state.passing is not None:
                unlockers: list[int] = state.passing["unlockers"]
                return unlockers[0]
            return state.unlocked
        if phase == "keys":
            return state.keys.index(None)
        if phase == "over":
            return None
        return self.table().turn

    @property
    def dealt(self) -> bool:
        """Whether the deal is read: each seat holds its cards (the table can be shown)."""
        return len(self.hand.decks) == SEATS and self.hand.unlocked == SEATS

    def cards(self, seat: int) -> tuple[Card, ...]:
        """The cards one of this page's seats holds now (none before the deal is read)."""
        if seat not in self.seats or not self.dealt:
            return ()
        played = {shown.position for shown in self.hand.plays}
        state = self.hand
        return tuple(sorted(CARDS[state.known[position]]
                            for position, holder in enumerate(state.holders)
                            if holder == seat and position not in played))

    def table(self) -> Game:
        """The engine's game of this hand as this page knows it (``nshadow``): true for
        this page's seats and every card shown; the other seats' unseen cards are
        placeholders.  Before the deal is read, the game at the hand's start."""
        if not self.dealt:
            return self.game
        if self._shadow is None:
            self._shadow = shadow_game(self.game, self.hand, self.rules)
        return self._shadow

    def _bidding_order(self) -> list[int]:
        first = (self.game.dealer + 1) % SEATS
        return [(first + step) % SEATS for step in range(SEATS)]

    # ------------------------------------------------------------------ the chain

    def _context(self, kind: str) -> bytes:
        return f"{FORMAT}:{self.hand_number}:{self.seq}:{self.chain}:{kind}".encode()

    def _send(self, seat: int, kind: str, **body: Any) -> Message:
        message: Message = {"type": kind, "hand": self.hand_number, "seq": self.seq,
                            "prev": self.chain, "from": seat, **body}
        self.chain = codec.link(self.chain, message)
        self.seq += 1
        return message

    def _check_alive(self) -> None:
        if self.failed is not None:
            raise CheatDetected(self.failed.reason, f"the game already ended ({self.failed})",
                                self.failed.seat)

    def _secret(self, seat: int) -> ndeal.Player:
        state = self.hand
        if seat not in state.secrets:
            state.secrets[seat] = player = ndeal.new_player(self.group, seat, self.rng)
            state.commits[seat] = player.commitment
        return state.secrets[seat]

    # ------------------------------------------------------------------ the moves

    def start(self) -> list[Message]:
        """This page's messages due now (its seats' shuffles, unlocks, keys...): call it at
        the start of the game and of every hand (``receive`` and the moves return theirs)."""
        self._check_alive()
        return self._settle()

    def receive(self, message: object) -> list[Message]:
        """Take another page's message; this page's messages due after it, in order.
        Raises ``CheatDetected`` for anything that breaks the protocol or the rules (the
        page then refuses every message)."""
        self._check_alive()
        try:
            self._take(message)
            return self._settle()
        except CheatDetected as error:
            self.failed = error
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            # (not a reader's: this page's own state, so no one is blamed)
            self.failed = CheatDetected("malformed", f"{type(error).__name__}: {error}")
            raise self.failed from error

    def declare(self, seat: int, blind: bool) -> list[Message]:
        """``seat`` (this page's, at its turn to declare) bids Blind Nil, or not."""
        self._check_turn(seat, "blind")
        message = self._send(seat, "blind", blind=bool(blind))
        self.hand.blind[seat] = bool(blind)
        return [message, *self._settle()]

    def bid(self, seat: int, n: int) -> list[Message]:
        """``seat``'s bid (Nil is 0; a Blind Nil is declared, not bid)."""
        self._check_turn(seat, "bid")
        self.table().apply(Bid(n))  # IllegalAction for a bid the engine refuses
        message = self._send(seat, "bid", n=n)
        self._record(seat, "bid", [n, False])
        return [message, *self._settle()]

    def pass_cards(self, seat: int, cards: Collection[Card]) -> list[Message]:
        """``seat`` passes ``cards`` to its partner (the Blind Nil exchange)."""
        self._check_turn(seat, "pass")
        self.table().apply(Pass(tuple(cards)))
        state = self.hand
        where = {state.known[p]: p for p, holder in enumerate(state.holders)
                 if holder == seat and p in state.known}
        positions = sorted(where[card.index] for card in cards)
        self._open_pass(seat, positions)
        step = self._pass_unlock(seat, "pass") if positions else {}
        message = self._send(seat, "pass", positions=positions, **step)
        if not positions:
            self._finish_pass([])
        return [message, *self._settle()]

    def play(self, seat: int, card: Card) -> list[Message]:
        """``seat`` plays ``card``, with the proof that it is the card dealt it there."""
        self._check_turn(seat, "play")
        self.table().apply(Play(card))
        state = self.hand
        position = next(p for p, holder in enumerate(state.holders)
                        if holder == seat and state.known.get(p) == card.index)
        shown = ndeal.show_card(self.group, self._secret(seat), position,
                                state.current[position], self.rng, self._context("play"))
        message = self._send(seat, "play", position=position, value=card.index,
                             proof=codec.scalar_texts(list(shown.proof)))
        self._record_play(shown)
        return [message, *self._settle()]

    def _check_turn(self, seat: int, phase: str) -> None:
        self._check_alive()
        if seat not in self.seats or self.phase != phase or self.sender != seat:
            raise ValueError(f"it is not seat {seat}'s turn to {phase}")

    # ------------------------------------------------------------------ this page's steps

    def _settle(self) -> list[Message]:
        """This page's messages that need no decision, while they are due: its seats'
        shuffles, unlocks and keys; and a declared Blind Nil's bid (no message)."""
        out: list[Message] = []
        while True:
            phase, seat = self.phase, self.sender
            if phase == "bid" and seat is not None and self.hand.blind[seat]:
                self._record(seat, "bid", [0, True])
                continue
            if seat is None or seat not in self.seats or phase in DECISIONS:
                return out
            if self.hold and phase == "shuffle" and not self.hand.decks:
                return out  # (a new hand waits: the seats change hands first)
            if phase == "shuffle":
                out.append(self._shuffle(seat))
            elif phase == "unlock" and self.hand.passing is not None:
                out.append(self._send(seat, "unlock", **self._pass_unlock(seat, "unlock")))
            elif phase == "unlock":
                out.append(self._deal_unlock(seat))
            else:  # keys
                key = self._secret(seat).key
                out.append(self._send(seat, "keys", key=f"{key:x}"))
                self._take_key(seat, key)

    def _shuffle(self, seat: int) -> Message:
        state, group = self.hand, self.group
        player = self._secret(seat)
        deck_in = state.decks[-1] if state.decks else ndeal.plain_deck(group)
        turn = ndeal.shuffle_turn(group, player, deck_in, self.rng,
                                  bind=self._context("shuffle"))
        message = self._send(seat, "shuffle", key=group.to_text(player.commitment),
                             deck=codec.texts(group, list(turn.deck)),
                             proof=codec.shuffle_proof_data(group, dict(turn.proof)))
        self._record_shuffle(list(turn.deck))
        return message

    def _deal_unlock(self, seat: int) -> Message:
        positions = self._deal_positions(seat)
        step = ndeal.unlock(self.group, self._secret(seat), positions,
                            [self.hand.current[p] for p in positions], self.rng,
                            self._context("unlock"))
        message = self._send(seat, "unlock", cards=codec.texts(self.group, list(step.after)),
                             proof=codec.scalar_texts(list(step.proof)))
        self._record_deal_unlock(step)
        return message

    def _pass_unlock(self, seat: int, kind: str) -> dict[str, Any]:
        passing = self.hand.passing
        assert passing is not None
        step = ndeal.unlock(self.group, self._secret(seat), passing["positions"],
                            passing["values"], self.rng, self._context(kind))
        self._record_pass_unlock(step)
        return {"cards": codec.texts(self.group, list(step.after)),
                "proof": codec.scalar_texts(list(step.proof))}

    # ------------------------------------------------------------------ another page's

    def _take(self, message: object) -> None:
        if not isinstance(message, dict):
            raise CheatDetected("malformed", "a message is a JSON object")
        if message.get("seq") != self.seq:
            raise CheatDetected("sequence", f"message {message.get('seq')!r}, expected {self.seq}")
        if message.get("prev") != self.chain:
            raise CheatDetected("chain", "the transcript's hash differs: a message was altered")
        seat, phase = message.get("from"), self.phase
        if message.get("hand") != self.hand_number or not _is_seat(seat) \
                or seat in self.seats:
            raise CheatDetected("sequence", "a message of another hand or seat")
        if seat != self.sender:  # built on the whole transcript, at another seat's turn
            raise CheatDetected("out_of_turn", f"a message at seat {self.sender}'s turn", seat)
        kind = message.get("type")
        if kind != phase:
            raise CheatDetected("unexpected", f"a {kind!r} message at the {phase}", seat)
        self._incoming = self._context(kind)
        self.chain = codec.link(self.chain, message)
        self.seq += 1
        try:
            _HANDLERS[kind](self, seat, message)
        except ndeal.CheatDetected as error:
            raise CheatDetected("bad_proof", str(error), error.seat) from error
        except CheatDetected as error:  # (a reader's: its message, in its place, is at fault)
            if error.seat is None and error.proven:
                error.seat = seat
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise CheatDetected("malformed", f"{type(error).__name__}: {error}", seat) from error

    def _on_shuffle(self, seat: int, message: Message) -> None:
        state, group = self.hand, self.group
        deck_in = state.decks[-1] if state.decks else ndeal.plain_deck(group)
        commitment = self._commitment(seat, message["key"])
        deck = codec.read_elements(group, message["deck"], len(deck_in))
        proof = codec.read_shuffle_proof(group, message["proof"], len(deck_in))
        ndeal.check_shuffle_turn(group, commitment, deck_in,
                                 ndeal.ShuffleTurn(seat, tuple(deck), proof), self._incoming)
        state.commits[seat] = commitment
        self._record_shuffle(deck)

    def _commitment(self, seat: int, text: object) -> Element:
        try:
            commitment = self.group.from_text(text)
        except ValueError as error:
            raise CheatDetected("malformed", "a key's commitment", seat) from error
        if commitment == self.group.identity():
            raise CheatDetected("bad_keys", "a commitment to no key", seat)
        return commitment

    def _on_blind(self, seat: int, message: Message) -> None:
        blind = message["blind"]
        if not isinstance(blind, bool):
            raise CheatDetected("malformed", "a Blind Nil declaration", seat)
        self.hand.blind[seat] = blind

    def _on_unlock(self, seat: int, message: Message) -> None:
        state = self.hand
        if state.passing is not None:
            passing = state.passing
            step = self._read_unlock(seat, message, passing["positions"], passing["values"])
            self._record_pass_unlock(step)
            return
        positions = self._deal_positions(seat)
        step = self._read_unlock(seat, message, positions, [state.current[p] for p in positions])
        self._record_deal_unlock(step)

    def _read_unlock(self, seat: int, message: Message, positions: list[int],
                     before: list[Element]) -> ndeal.Unlock:
        group, commitment = self.group, self.hand.commits[seat]
        after = codec.read_elements(group, message["cards"], len(positions))
        proof = codec.read_scalars(group, message["proof"], 2)
        step = ndeal.Unlock(seat, tuple(positions), tuple(before), tuple(after), tuple(proof))
        ndeal.check_unlock(group, commitment, step, self._incoming)
        return step

    def _on_bid(self, seat: int, message: Message) -> None:
        n = message["n"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 13:
            raise CheatDetected("illegal", "a bid out of range", seat)
        self._record(seat, "bid", [n, False])
        self._judge()

    def _on_pass(self, seat: int, message: Message) -> None:
        state = self.hand
        positions = message["positions"]
        if not (isinstance(positions, list) and all(_is_position(p) for p in positions)
                and len(set(positions)) == len(positions) == self._exchange_size()
                and all(state.holders[p] == seat for p in positions)
                and not {p for p in positions} & {s.position for s in state.plays}):
            raise CheatDetected("not_held", "a pass of cards its player does not hold", seat)
        self._open_pass(seat, sorted(positions))
        passing = state.passing
        assert passing is not None
        if not positions:
            self._finish_pass([])
            return
        step = self._read_unlock(seat, message, passing["positions"], passing["values"])
        self._record_pass_unlock(step)

    def _on_play(self, seat: int, message: Message) -> None:
        state, group = self.hand, self.group
        position, value = message["position"], message["value"]
        if not (_is_position(position) and state.holders[position] == seat
                and position not in {s.position for s in state.plays}):
            raise CheatDetected("not_held", "a card from a place its player does not hold", seat)
        if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52):
            raise CheatDetected("malformed", "a card's value", seat)
        known = state.known.get(position)
        if known is not None and known != value:
            raise CheatDetected("not_held", "a card that is not the one passed there", seat)
        proof = codec.read_scalars(group, message["proof"], 2)
        shown = ndeal.Shown(seat, position, value, tuple(proof))
        ndeal.check_shown(group, state.commits[seat], state.current[position], shown,
                          self._incoming)
        self._record_play(shown)
        self._judge()

    def _on_keys(self, seat: int, message: Message) -> None:
        try:
            key = read_hex(message["key"], 64)
        except ValueError as error:
            raise CheatDetected("bad_keys", "a key that is not a number", seat) from error
        self._take_key(seat, key)

    def _judge(self) -> None:
        """The engine's judgment of the move just recorded, on this page's table: proven
        against the seat whose move the engine refuses; unproven ("impossible") when no
        table agrees with the cards shown."""
        try:
            self.table()
        except Impossible as error:
            raise CheatDetected("impossible", str(error)) from error
        except Refused as error:
            reason = "revoke" if self.hand.actions[-1][1] == "play" else "illegal"
            raise CheatDetected(reason, str(error), error.seat) from error

    # ------------------------------------------------------------------ the records

    def _record_shuffle(self, deck: list[Element]) -> None:
        state = self.hand
        state.decks.append(deck)
        if len(state.decks) == SEATS:
            state.current = list(deck)
            state.holders = ndeal.deal_order(len(deck), SEATS)

    def _deal_positions(self, seat: int) -> list[int]:
        return [p for p, holder in enumerate(self.hand.holders) if holder != seat]

    def _record_deal_unlock(self, step: ndeal.Unlock) -> None:
        state = self.hand
        for position, card in zip(step.positions, step.after, strict=True):
            state.current[position] = card
        state.unlocks.append(step)
        state.unlocked += 1
        if state.unlocked == SEATS:
            for seat in self.seats:
                positions = [p for p, holder in enumerate(state.holders) if holder == seat]
                self._read(seat, positions, [state.current[p] for p in positions])

    def _read(self, seat: int, positions: list[int], cards: list[Element]) -> None:
        player = self._secret(seat)
        try:
            ndeal.read_cards(player, positions, cards)
        except ValueError as error:  # never after a proven chain of unlocks
            raise CheatDetected("impossible", str(error)) from error
        self.hand.known.update((p, player.cards[p]) for p in positions)

    def _exchange_size(self) -> int:
        return min(self.rules.blind_nil_cards, 13)

    def _open_pass(self, giver: int, positions: list[int]) -> None:
        state = self.hand
        receiver = (giver + 2) % SEATS
        state.passing = {
            "giver": giver, "receiver": receiver, "positions": positions,
            "values": [state.decks[-1][p] for p in positions],
            "unlockers": [giver, *(s for s in range(SEATS) if s not in (giver, receiver))],
        }
        self._shadow = None

    def _record_pass_unlock(self, step: ndeal.Unlock) -> None:
        state = self.hand
        passing = state.passing
        assert passing is not None
        passing["values"] = list(step.after)
        passing["unlockers"].pop(0)
        state.unlocks.append(step)
        if not passing["unlockers"]:
            self._finish_pass(list(step.after))

    def _finish_pass(self, cards: list[Element]) -> None:
        """The pass's last unlock is in: the receiver holds the cards, under its lock alone."""
        state = self.hand
        passing = state.passing
        assert passing is not None
        giver, receiver, positions = passing["giver"], passing["receiver"], passing["positions"]
        state.passing = None
        for position, card in zip(positions, cards, strict=True):
            state.current[position] = card
            state.holders[position] = receiver
        if receiver in self.seats:
            self._read(receiver, positions, cards)
        self._record(giver, "pass", positions)

    def _record(self, seat: int, kind: str, argument: Any) -> None:
        self.hand.actions.append([seat, kind, argument])
        self._shadow = None

    def _record_play(self, shown: ndeal.Shown) -> None:
        state = self.hand
        state.known[shown.position] = shown.value
        state.plays.append(shown)
        self._record(shown.seat, "play", shown.position)

    def _take_key(self, seat: int, key: int) -> None:
        state = self.hand
        state.keys[seat] = key
        if None in state.keys:
            return
        self.game = self._verified()
        self.hand = NHand()
        self._shadow = None

    def _verified(self) -> Game:
        """The hand, every key shown: the deal checked (``ndeal.check_hand``), then replayed
        by the engine from the cards the keys show; the game after it."""
        state, group = self.hand, self.group
        keys = [key for key in state.keys if key is not None]
        commits = [commit for commit in state.commits if commit is not None]
        record = ndeal.DealRecord(decks=[tuple(deck) for deck in state.decks],
                                  unlocks=state.unlocks)
        try:
            values = ndeal.check_hand(group, commits, keys, record, state.plays)
        except ndeal.CheatDetected as error:
            raise CheatDetected("bad_keys", str(error), error.seat) from error
        dealt = ndeal.deal_order(52, SEATS)
        hands = [[CARDS[values[p]] for p in range(52) if dealt[p] == seat]
                 for seat in range(SEATS)]
        game = self.game.deal_hands(hands)
        for seat, kind, argument in state.actions:
            if game.turn != seat:
                raise CheatDetected("out_of_turn", f"seat {seat} moved out of turn", seat)
            try:
                game = game.apply(action_of(kind, argument, values))
            except IllegalAction as error:
                reason = "revoke" if kind == "play" else "illegal"
                raise CheatDetected(reason, f"seat {seat}: {error}", seat) from error
        return game

    # ------------------------------------------------------------------ hands restarted

    def restart(self, seats: Collection[int]) -> None:
        """The hand in progress is abandoned, unscored, and dealt again afresh (the same
        hand of the game): how the pages go on when a player's page is gone, once every
        page agrees where (the room's message that says so). ``seats`` are this page's
        from now on (the host's takes a silent player's; a returning player's takes its
        own back). The restart is a link of the chain: a page that restarted elsewhere
        in the transcript no longer agrees with the others."""
        self._check_alive()
        self.seats = _checked_seats(seats)
        marker: Message = {"type": "restart", "hand": self.hand_number, "seq": self.seq,
                           "prev": self.chain}
        self.chain = codec.link(self.chain, marker)  # every page restarts at this point
        self.seq += 1
        self.hand = NHand()
        self._shadow = None
        self.hold = False

    # ------------------------------------------------------------------ saved

    def to_dict(self) -> dict[str, Any]:
        """The whole side as JSON-able data, secrets included (kept in this browser)."""
        state, group = self.hand, self.group
        return {
            "format": FORMAT, "version": VERSION, "seats": sorted(self.seats),
            "group": codec.group_data(group), "game": self.game.to_json(),
            "chain": self.chain, "seq": self.seq,
            "failed": None if self.failed is None else [self.failed.reason, self.failed.detail,
                                                        self.failed.seat],
            "hand": {
                "secrets": {str(seat): f"{player.key:x}" for seat, player in state.secrets.items()},
                "commits": codec.maybe_texts(group, state.commits),
                "decks": [codec.texts(group, deck) for deck in state.decks],
                "blind": state.blind, "unlocked": state.unlocked,
                "current": codec.texts(group, state.current), "holders": state.holders,
                "known": [[p, value] for p, value in state.known.items()],
                "actions": state.actions,
                "passing": None if state.passing is None else {
                    **state.passing, "values": codec.texts(group, state.passing["values"])},
                "unlocks": [_unlock_data(group, step) for step in state.unlocks],
                "plays": [[s.seat, s.position, s.value, codec.scalar_texts(list(s.proof))]
                          for s in state.plays],
                "keys": [None if key is None else f"{key:x}" for key in state.keys],
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: random.Random) -> NSide:
        """A side saved by ``to_dict``; it draws its next secrets from ``rng``."""
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError("not a saved side of this protocol")
        game = Game.from_json(data["game"])
        side = cls(data["seats"], game.rules, rng, dealer=game.dealer,
                   group=codec.group_from(data["group"]))
        side.game, side.chain, side.seq = game, data["chain"], data["seq"]
        failed = data["failed"]
        side.failed = None if failed is None else CheatDetected(*failed)
        group, h = side.group, data["hand"]

        def elements(texts: list[str]) -> list[Element]:
            return [group.from_text(text) for text in texts]

        state = side.hand = NHand(
            commits=[None if x is None else group.from_text(x) for x in h["commits"]],
            decks=[elements(deck) for deck in h["decks"]], blind=h["blind"],
            unlocked=h["unlocked"], current=elements(h["current"]), holders=h["holders"],
            known={p: value for p, value in h["known"]}, actions=h["actions"],
            unlocks=[ndeal.Unlock(seat, tuple(positions), tuple(elements(before)),
                                  tuple(elements(after)), tuple(int(x, 16) for x in proof))
                     for seat, positions, before, after, proof in h["unlocks"]],
            plays=[ndeal.Shown(seat, p, value, tuple(int(x, 16) for x in proof))
                   for seat, p, value, proof in h["plays"]],
            keys=[None if key is None else int(key, 16) for key in h["keys"]],
        )
        if h["passing"] is not None:
            state.passing = {**h["passing"], "values": elements(h["passing"]["values"])}
        for seat_text, key_text in h["secrets"].items():
            seat, key = int(seat_text), int(key_text, 16)
            player = _player(group, seat, key)
            player.cards = {p: state.known[p] for p, holder in enumerate(state.holders)
                            if holder == seat and p in state.known}
            state.secrets[seat] = player
        return side


def _unlock_data(group: Group, step: ndeal.Unlock) -> list[Any]:
    return [step.seat, list(step.positions), codec.texts(group, list(step.before)),
            codec.texts(group, list(step.after)), codec.scalar_texts(list(step.proof))]


def _player(group: Group, seat: int, key: int) -> ndeal.Player:
    table = {group.lock(group.encode(value), key): value for value in range(group.cards)}
    return ndeal.Player(seat, key, group.inverse(key), group.exp_base(key), table)


def _checked_seats(seats: Collection[int]) -> frozenset[int]:
    chosen = frozenset(seats)
    if not chosen or not chosen <= set(range(SEATS)):
        raise ValueError("a page plays one to four seats, 0 to 3")
    return chosen


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS


def _is_position(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52


_HANDLERS: dict[str, Any] = {
    "shuffle": NSide._on_shuffle,
    "blind": NSide._on_blind,
    "unlock": NSide._on_unlock,
    "bid": NSide._on_bid,
    "pass": NSide._on_pass,
    "play": NSide._on_play,
    "keys": NSide._on_keys,
}


__all__ = ["DECISIONS", "FORMAT", "VERSION", "NHand", "NSide"]
