"""The mental-poker protocol (``spades.mental``): the cipher, the fairness of the deal, what
each side can know, every kind of cheating caught, and honest hands verified by the engine.

Most tests use a 64-bit safe prime: the protocol's code is the same, and none of these
properties depends on the prime's size (``test_a_hand_with_the_rfc_prime`` plays one hand
with the real one)."""

from __future__ import annotations

import json
import random
from collections import Counter, deque
from collections.abc import Callable
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import PRESETS, Card, Game
from spades.mental import CheatDetected, Group, ModpGroup, Side
from spades.mental import deck as deck_steps
from spades.mental.cipher import RFC3526_2048, is_probable_prime, jacobi, safe_prime_below
from spades.mental.curve import Secp256k1
from spades.mental.protocol import Message

SMALL = ModpGroup(safe_prime_below(2**64))
Tamper = Callable[[int, Message], list[Message]]
"""In transit: the message for seat ``to`` becomes these messages (none, one, several)."""


class Cheater(Side):
    """A side whose page lies: hooks the tests set change what it sends."""

    swap_reveal: tuple[int, int] | None = None
    """Unlock, for the other side, this position's card in place of that one's."""
    wrong_key = False

    def _partials(self, positions: list[int]) -> list[Any]:
        if self.swap_reveal and self.swap_reveal[0] in positions:
            shown, real = self.swap_reveal
            self.swap_reveal = None
            forged = [real if pos == shown else pos for pos in positions]
            return super()._partials(forged)
        return super()._partials(positions)

    def _keys_if_due(self) -> list[Message]:
        if self.wrong_key and self.phase == "keys" and not self.hand.keys_sent:
            self.hand.key += 1
        return super()._keys_if_due()

    def play_anything(self, card: Card, position: int) -> list[Message]:
        """Play ``card`` claiming it is at ``position`` of its hand (true or not), with
        the proof it would give were it so (true proofs of the card under its key)."""
        steps, step_proofs = self._lock_steps(card.index, self._locks(self.seat, None))
        message = self._send("play", position=position, card=str(card),
                             steps=[self.group.to_text(x) for x in steps],
                             proofs=[[f"{n:x}" for n in proof] for proof in step_proofs])
        self._record_play(self.seat, position, card.index)
        return [message]


def make_sides(table: str = "duel", group: Group = SMALL, dealer: int = 1,
               cheater: int | None = None) -> list[Side]:
    return [(Cheater if seat == cheater else Side)(
        seat, PRESETS[table], random.Random(100 + seat), dealer=dealer, group=group)
        for seat in (0, 1)]


Policy = Callable[[Side], list[Message]]


def honest_move(rng: random.Random, double_nil: tuple[int, ...] = ()) -> Policy:
    def move(side: Side) -> list[Message]:
        phase = side.phase
        if phase == "draw":
            if side.seat in double_nil and not side.hand.bid[side.seat]:
                return side.bid(0, blind=True)
            return side.draw(rng.random() < 0.5)
        if phase == "replace":
            return side.replace(list(side.cards[-3:]))
        if phase == "bid":
            return side.bid(rng.randint(1, 5))
        return side.play(rng.choice(side.legal_cards()))
    return move


def run_hand(sides: list[Side], move: Policy, tamper: Tamper | None = None,
             watch: Callable[[list[Side]], None] | None = None) -> None:
    """One hand between the two sides, messages passed by calls, ``move`` choosing each
    side's moves; ``watch`` looks at both sides after every message."""
    queue: deque[tuple[int, Message]] = deque()

    def send(messages: list[Message], to: int) -> None:
        for message in messages:
            for delivered in tamper(to, message) if tamper else [message]:
                queue.append((to, delivered))

    number = sides[0].hand_number
    for side in sides:
        send(side.start(), side.other)
    while True:
        while queue:
            to, message = queue.popleft()
            send(sides[to].receive(message), 1 - to)
            if watch:
                watch(sides)
        if sides[0].hand_number != number or sides[0].phase == "over":
            assert sides[1].hand_number != number or sides[1].phase == "over"
            return
        assert sides[0].phase == sides[1].phase and sides[0].turn == sides[1].turn
        actor = sides[sides[0].turn or 0]
        send(move(actor), actor.other)


# ------------------------------------------------------------------ the cipher


def test_the_rfc_3526_prime_is_a_safe_prime() -> None:
    assert RFC3526_2048.bit_length() == 2048
    assert is_probable_prime(RFC3526_2048, rounds=6)
    assert is_probable_prime((RFC3526_2048 - 1) // 2, rounds=6)


def test_miller_rabin_knows_primes_from_pseudoprimes() -> None:
    primes = [n for n in range(2, 2000) if all(n % d for d in range(2, int(n**0.5) + 1))]
    assert [n for n in range(2000) if is_probable_prime(n)] == primes
    # Carmichael numbers, and a strong pseudoprime to the bases 2, 3, 5 and 7.
    for composite in (561, 41041, 825265, 3215031751, 2**61 * 3 + 1 - 2):
        assert not is_probable_prime(composite) or composite == 2**61 * 3 - 1
    assert is_probable_prime(2**127 - 1) and not is_probable_prime(2**128 + 1)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**6))
def test_jacobi_is_euler_criterion_modulo_a_prime(a: int) -> None:
    p = SMALL.p
    euler = pow(a, (p - 1) // 2, p)
    assert jacobi(a, p) == (1 if euler == 1 else -1)


@pytest.mark.parametrize("group", [SMALL, ModpGroup()], ids=["small", "rfc3526"])
def test_cards_are_distinct_residues_and_locks_commute(group: Group) -> None:
    deck = deck_steps.plain_deck(group)
    assert len(set(deck)) == 52 and all(group.is_element(x) for x in deck)
    assert not group.is_element(group.p - deck[0])  # -x: a non-residue, refused
    rng = random.Random(1)
    a, b = group.new_key(rng), group.new_key(rng)
    x = deck[7]
    both = group.lock(group.lock(x, a), b)
    assert both == group.lock(group.lock(x, b), a)
    assert group.lock(group.lock(both, group.inverse(a)), group.inverse(b)) == x


# ------------------------------------------------------------------ the deal is fair


def _deal_counts(deals: int, first_honest: bool, second_honest: bool) -> Counter[tuple[int, ...]]:
    """The orders of a 4-card deck over ``deals`` deals through the protocol's shuffles; a
    dishonest shuffler keeps the order it was given."""
    group = ModpGroup(safe_prime_below(2**20), cards=4)
    rng = random.Random(2024)
    counts: Counter[tuple[int, ...]] = Counter()
    plain = {group.encode(value): value for value in range(group.cards)}
    for _ in range(deals):
        a, b = group.new_key(rng), group.new_key(rng)
        first, _ = deck_steps.first_shuffle(group, a, rng if first_honest else random.Random(0))
        if not first_honest:
            first = [group.lock(group.encode(v), a) for v in range(group.cards)]
        stock, _ = deck_steps.second_shuffle(group, first, b, rng)
        if not second_honest:
            stock = [group.lock(x, b) for x in first]
        unlock = group.inverse(a) * group.inverse(b) % group.q
        counts[tuple(plain[pow(x, unlock, group.p)] for x in stock)] += 1
    return counts


@pytest.mark.parametrize("honest", [(True, True), (True, False), (False, True)],
                         ids=["both shuffle", "only the first", "only the second"])
def test_deals_are_uniform_over_the_orders_of_the_deck(honest: tuple[bool, bool]) -> None:
    """Chi-square over 10,000 deals of a 4-card deck (24 orders, 23 degrees of freedom):
    uniform when both shuffle, and when either one does alone (neither can choose)."""
    deals = 10_000
    counts = _deal_counts(deals, *honest)
    assert set(counts) == set(permutations(range(4)))
    expected = deals / 24
    chi2 = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi2 < 49.7, chi2  # the 0.1% critical value at 23 degrees of freedom


# ------------------------------------------------------------------ honest hands


def test_an_honest_duel_hand_verifies_and_both_keep_the_engines_score() -> None:
    sides = make_sides("duel")
    run_hand(sides, honest_move(random.Random(3)))
    games = [side.game for side in sides]
    assert games[0].to_json() == games[1].to_json()
    assert games[0].hand_number == 1 and len(games[0].history) == 1
    # The hand as the engine replayed it, from the stock both shuffled.
    replay = Game.from_json(games[0].to_json())
    assert replay.history == games[0].history
    assert json.loads(games[0].to_json())["version"] == 3


@pytest.mark.parametrize("double_nil", [(0,), (1,), (0, 1)])
def test_an_honest_two_handed_hand_with_double_nil_replacements_verifies(
        double_nil: tuple[int, ...]) -> None:
    for dealer in (0, 1):
        sides = make_sides("two-handed", dealer=dealer)
        run_hand(sides, honest_move(random.Random(4), double_nil=double_nil))
        game = sides[0].game
        assert game.to_json() == sides[1].game.to_json()
        record = game.history[0]
        assert all(record.blind[seat] and record.bids[seat] == 0 for seat in double_nil)
        restarted = game.restart()
        for action in game.actions:
            if type(action).__name__ == "Replace":
                assert len(action.cards) == 3  # type: ignore[union-attr]
            restarted = restarted.apply(action)
        assert restarted.history == game.history


@settings(max_examples=12, deadline=None)
@given(table=st.sampled_from(["duel", "two-handed"]), dealer=st.integers(0, 1),
       double_nil=st.sampled_from([(), (0,), (1,), (0, 1)]), seed=st.integers(0, 2**32))
def test_any_honest_hand_verifies_on_both_sides(table: str, dealer: int,
                                                double_nil: tuple[int, ...], seed: int) -> None:
    sides = [Side(seat, PRESETS[table], random.Random(seed + seat), dealer=dealer, group=SMALL)
             for seat in (0, 1)]
    run_hand(sides, honest_move(random.Random(seed), () if table == "duel" else double_nil))
    assert sides[0].game.to_json() == sides[1].game.to_json()
    assert sides[0].game.hand_number == 1 or sides[0].game.winner is not None
    assert sides[0].chain == sides[1].chain and sides[0].seq == sides[1].seq


def test_hands_follow_each_other_each_from_its_own_shuffle() -> None:
    sides = make_sides("duel")
    move = honest_move(random.Random(5))
    stocks = []
    for number in range(3):
        assert sides[0].hand_number == number
        run_hand(sides, move)
        stocks.append(json.loads(sides[0].game.to_json())["dealt"][number][1])
    assert len({tuple(stock) for stock in stocks}) == 3
    assert sides[0].game.to_json() == sides[1].game.to_json()
    assert [r.dealer for r in sides[0].game.history] == [1, 0, 1]


def test_a_side_saved_mid_hand_resumes() -> None:
    sides = make_sides("two-handed")
    move = honest_move(random.Random(6), double_nil=(0, 1))
    saved_at = {"draw": 0, "replace": 0, "play": 0}  # (both bid Double Nil: no bidding)

    def watch(both: list[Side]) -> None:
        for i, side in enumerate(both):
            phase = side.phase
            if phase in saved_at and saved_at[phase] < 2:
                saved_at[phase] += 1
                text = json.dumps(side.to_dict())
                both[i] = Side.from_dict(json.loads(text), random.Random(900 + i))
                assert both[i].to_dict() == json.loads(text)

    run_hand(sides, move, watch=watch)
    assert sum(saved_at.values()) == 6
    assert sides[0].game.to_json() == sides[1].game.to_json()


def test_a_hand_on_the_games_curve() -> None:
    sides = make_sides("duel", group=Secp256k1())
    run_hand(sides, honest_move(random.Random(7)))
    assert sides[0].game.to_json() == sides[1].game.to_json()
    assert sides[0].group.name == "secp256k1"


# ------------------------------------------------------------------ what each side knows


def _decryptable(side: Side) -> set[int]:
    """The stock positions whose card this side can read from what it holds: its own key,
    and what the other side unlocked for it or showed it."""
    state, group = side.hand, side.group
    table = deck_steps.decryption_table(group, state.key)
    inverse = group.inverse(state.key)
    plain = set(deck_steps.plain_deck(group))
    readable = {pos for pos, partial in state.received.items() if partial in table}
    for pos, partial in state.received.items():  # a Double Nil draw: its pile locks too
        if pos >= 52:
            unlock = group.inverse(side._pile_keys(0) * group.inverse(state.key) % group.order)
            readable |= {pos} if group.exp(partial, unlock) in table else set()
    readable |= {pos for pos, x in enumerate(state.stock)
                 if group.exp(x, inverse) in plain}  # its own key alone opens none
    return readable | {pos for _, pos, _ in state.plays}


def _may_know(side: Side) -> set[int]:
    """What the rules let a player see: both cards of each of its turns (the top card,
    then the second), its replacement draws, and the cards played."""
    state, seat = side.hand, side.seat
    seen: set[int] = set()
    for step in range(min(state.step, 78)):
        drawer = (side.dealer + 1 + step // 3) % 2
        if drawer == seat and step % 3 == 1:
            seen.add(2 * (step // 3))
        if drawer == seat and step % 3 == 2:
            seen.add(2 * (step // 3) + 1)
    if state.step < 78 and state.step % 3 == 1 and side.turn == seat:
        seen.add(2 * (state.step // 3))
    return seen | set(state.drawn[seat] or ()) | {pos for _, pos, _ in state.plays}


def test_a_side_reads_its_own_draws_and_the_cards_played_and_nothing_else() -> None:
    sides = make_sides("two-handed")
    checked = Counter[str]()

    def watch(both: list[Side]) -> None:
        for side in both:
            phase = side.phase
            if phase not in ("shuffle", "draw", "replace", "bid", "play"):
                continue
            checked[phase] += 1
            assert _decryptable(side) == _may_know(side) == set(side.hand.known)
            other_hand = set(both[side.other].hand.held[side.other])
            assert not other_hand & set(side.hand.known)  # the opponent's cards: never
            discards = set(side.hand.discarded) - _may_know(side)
            assert not discards & _decryptable(side)  # the other's discards: never

    run_hand(sides, honest_move(random.Random(8), double_nil=(0,)), watch=watch)
    assert all(checked[phase] for phase in ("draw", "replace", "bid", "play"))


# ------------------------------------------------------------------ cheating is caught


def _expect_cheat(sides: list[Side], move: Policy, reason: str,
                  tamper: Tamper | None = None) -> CheatDetected:
    with pytest.raises(CheatDetected) as caught:
        run_hand(sides, move, tamper)
    assert caught.value.reason == reason, caught.value
    return caught.value


def test_a_card_the_opponent_holds_played_is_refused_at_once() -> None:
    sides = make_sides("duel", cheater=0)
    honest = honest_move(random.Random(9))

    def move(side: Side) -> list[Message]:
        if side.seat == 0 and side.phase == "play":
            # The cheater claims a card its opponent holds (which the opponent knows).
            theirs = sides[1].cards[0]
            return side.play_anything(theirs, side.hand.held[0][0])  # type: ignore[attr-defined]
        return honest(side)

    error = _expect_cheat(sides, move, "not_held")
    assert "is not the card held at" in str(error)
    assert sides[1].failed is error and not sides[1].hand.plays  # refused, not shown


def test_a_discard_played_as_held_is_refused_at_once() -> None:
    """The issue's forged card: one of the cheater's own discards, which the opponent
    never saw (before the proofs, it was shown as played and caught only at the end)."""
    sides = make_sides("duel", cheater=0)
    honest = honest_move(random.Random(10))
    lied: list[Card] = []

    def move(side: Side) -> list[Message]:
        if side.seat == 0 and side.phase == "play" and not lied:
            # One of its own discards, which the opponent never saw.
            lied.append(Card(side.hand.known[side.hand.discarded[0]]
                             if side.hand.discarded[0] in side.hand.known
                             else side.hand.known[side.hand.discarded[1]]))
            return side.play_anything(lied[0], side.hand.held[0][0])  # type: ignore[attr-defined]
        return honest(side)

    error = _expect_cheat(sides, move, "not_held")
    assert str(lied[0]) in str(error)
    assert not sides[1].hand.plays and sides[1].hand.actions[-1][1] != "play"


def test_a_revoke_is_caught_at_the_hands_end() -> None:
    for seed in range(20):
        sides = make_sides("duel", cheater=0)
        honest = honest_move(random.Random(seed))
        revoked: list[Card] = []

        def move(side: Side, honest: Policy = honest, revoked: list[Card] = revoked
                 ) -> list[Message]:
            if side.seat == 0 and side.phase == "play" and not revoked:
                illegal = [c for c in side.cards if c not in side.legal_cards()]
                if illegal and len(side.hand.plays) % 2:  # following, and able to
                    revoked.append(illegal[0])
                    return side.play(illegal[0])  # the page would refuse it; this one lies
            return honest(side)

        try:
            run_hand(sides, move)
        except CheatDetected as error:
            assert revoked and error.reason == "revoke", error
            return
        assert not revoked
    raise AssertionError("no deal gave a chance to revoke")


def test_a_forged_draw_is_refused_at_once() -> None:
    """The opponent unlocks another card of the stock than the top one for the drawer:
    its proof is of the wrong card, and the drawer refuses it before it reads it."""
    sides = make_sides("duel", cheater=1)
    sides[1].swap_reveal = (0, 51)  # type: ignore[attr-defined]
    with pytest.raises(CheatDetected) as caught:
        run_hand(sides, honest_move(random.Random(11)))
    assert caught.value.reason == "forged_reveal"
    assert not sides[0].hand.known  # the drawer read nothing


def test_the_keys_show_a_card_shown_falsely_at_the_hands_end() -> None:
    """The end check itself: a card unlocked for the drawer that was not the stock's card
    at that position (here, two of the reveals it received swapped just before the keys)."""
    sides = make_sides("duel")

    def tamper(to: int, message: Message) -> list[Message]:
        if message["type"] == "keys" and message["hand"] == 0:
            state = sides[to].hand
            first, second = sorted(state.received)[:2]
            for seen in (state.received, state.known):  # as if shown the other way round
                seen[first], seen[second] = seen[second], seen[first]
        return [message]

    error = _expect_cheat(sides, honest_move(random.Random(11)), "forged_reveal", tamper)
    assert "was not the stock's" in str(error)


def test_a_wrong_key_at_the_end_is_caught() -> None:
    sides = make_sides("duel", cheater=0)
    sides[0].wrong_key = True  # type: ignore[attr-defined]
    _expect_cheat(sides, honest_move(random.Random(12)), "bad_keys")


def _tamper_once(kind: str, edit: Callable[[Message], list[Message]]) -> Tamper:
    done: list[bool] = []

    def tamper(to: int, message: Message) -> list[Message]:
        if message["type"] == kind and not done and message.get("hand") == 0:
            done.append(True)
            return edit(message)
        return [message]
    return tamper


def test_a_replayed_message_is_caught_at_once() -> None:
    tamper = _tamper_once("draw", lambda message: [message, dict(message)])
    _expect_cheat(make_sides(), honest_move(random.Random(13)), "sequence", tamper)


def test_reordered_messages_are_caught_at_once() -> None:
    """Two messages sent one after the other (a Double Nil declared, then the draw)
    delivered the other way round."""
    held: list[Message] = []

    def tamper(to: int, message: Message) -> list[Message]:
        if message["type"] == "bid" and message["blind"]:
            held.append(message)
            return []
        if held:
            return [message, held.pop()]
        return [message]

    _expect_cheat(make_sides("two-handed"), honest_move(random.Random(14), double_nil=(0,)),
                  "sequence", tamper)


def test_a_message_altered_on_the_way_is_caught_by_the_chain() -> None:
    tamper = _tamper_once("draw", lambda message: [{**message, "keep": not message["keep"]}])
    _expect_cheat(make_sides(), honest_move(random.Random(15)), "chain", tamper)


def test_a_marked_card_in_a_shuffle_is_refused_at_once() -> None:
    """A non-residue would carry its Legendre symbol through every lock: a marked card."""
    def mark(message: Message) -> list[Message]:
        marked = list(message["deck"])
        marked[0] = f"{SMALL.p - int(marked[0], 16):x}"
        return [{**message, "deck": marked}]

    _expect_cheat(make_sides(), honest_move(random.Random(16)), "bad_deck",
                  _tamper_once("shuffle", mark))


def test_a_side_refuses_everything_after_a_cheat() -> None:
    sides = make_sides()
    with pytest.raises(CheatDetected):
        sides[0].receive({"type": "shuffle"})
    with pytest.raises(CheatDetected):
        sides[0].start()


def test_a_stacked_deck_is_refused_at_once() -> None:
    """A card given twice (a deck with two aces of spades) shows as a ciphertext twice."""
    def stack(message: Message) -> list[Message]:
        deck = list(message["deck"])
        deck[1] = deck[0]
        return [{**message, "deck": deck}]

    _expect_cheat(make_sides(), honest_move(random.Random(17)), "bad_deck",
                  _tamper_once("shuffle", stack))


def test_a_card_played_out_of_turn_is_refused_at_once() -> None:
    sides = make_sides("duel", cheater=0)
    honest = honest_move(random.Random(18))

    def move(side: Side) -> list[Message]:
        if side.phase == "play" and side.seat == 1:
            # Seat 0 plays while seat 1 is to play.
            cheat = sides[0]
            card = cheat.cards[0]
            position = next(pos for pos in cheat.hand.held[0]
                            if cheat.hand.known[pos] == card.index)
            return cheat.play_anything(card, position)  # type: ignore[attr-defined]
        return honest(side)

    with pytest.raises(CheatDetected) as caught:
        _run_with_actor_override(sides, move)
    assert caught.value.reason == "out_of_turn"


def _run_with_actor_override(sides: list[Side], move: Policy) -> None:
    """``run_hand``, but ``move`` may send another side's message (a cheat out of turn):
    its messages go to the seat that did not send them."""
    queue: deque[tuple[int, Message]] = deque()
    for side in sides:
        queue.extend((side.other, m) for m in side.start())
    while True:
        while queue:
            to, message = queue.popleft()
            queue.extend((1 - to, m) for m in sides[to].receive(message))
        actor = sides[sides[0].turn or 0]
        for message in move(actor):
            queue.append((1 - message["from"], message))
