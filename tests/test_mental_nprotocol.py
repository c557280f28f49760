"""The four-player protocol as messages (spades/mental/nprotocol.py, issue 47): whole
hands at every four-player table, with a host page that holds computer seats; what each
page can read (its own cards only, and two colluding opponents nothing of the partners');
every attack caught at the cheater's own message and blamed on its seat, an honest page
never; saves and hands dealt again."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from spades import PRESETS, Game, Phase
from spades.actions import Bid, Play
from spades.cards import CARDS
from spades.mental import nprotocol
from spades.mental.cipher import ModpGroup, safe_prime_below
from spades.mental.codec import scalar_texts, texts
from spades.mental.nprotocol import NSide
from spades.mental.nshadow import Impossible, Refused
from spades.mental.state import CheatDetected, Message

GROUP = ModpGroup(safe_prime_below(2**64))
"""Small numbers: a whole hand in a fraction of a second (the curve's test is below)."""

HOST_AND_TWO = [{0, 2}, {1}, {3}]
"""The host holds its seat and its partner's, a computer; two friends hold the others."""

Tamper = Callable[[int, Message], list[Message]]
"""What a cheating page (its index) sends instead of an honest message."""


class Table:
    """Pages that hold ``owners``' seats, every message broadcast in the order sent."""

    def __init__(self, table: str = "classic", owners: list[set[int]] | None = None,
                 seed: int = 1, group: Any = GROUP, dealer: int = 0) -> None:
        self.owners = owners or [{0}, {1}, {2}, {3}]
        rules = PRESETS[table]
        self.pages = [NSide(seats, rules, random.Random(f"{seed}:{index}"), dealer=dealer,
                            group=group) for index, seats in enumerate(self.owners)]
        self.rng = random.Random(seed)
        self.queue: list[tuple[int, Message]] = []
        self.sent: list[Message] = []
        self.tamper: Tamper | None = None
        self.blind_share = 0.3
        for index, page in enumerate(self.pages):
            self.post(index, page.start())

    def page_of(self, seat: int) -> int:
        return next(i for i, seats in enumerate(self.owners) if seat in seats)

    def post(self, index: int, messages: list[Message]) -> None:
        for message in messages:
            out = [message] if self.tamper is None else self.tamper(index, message)
            self.queue += [(index, m) for m in out]

    def deliver(self) -> None:
        while self.queue:
            index, message = self.queue.pop(0)
            self.sent.append(message)
            for other, page in enumerate(self.pages):
                if other != index:
                    self.post(other, page.receive(copy.deepcopy(message)))

    def decide(self) -> bool:
        """The next decision, at random among the legal ones; False once the hand is
        waiting on no one."""
        seat = self.pages[0].sender
        if seat is None:
            return False
        index = self.page_of(seat)
        page = self.pages[index]
        phase = page.phase
        if phase == "blind":
            self.post(index, page.declare(seat, self.rng.random() < self.blind_share))
        elif phase == "bid":
            bids = [a.n for a in page.table().legal_actions()
                    if isinstance(a, Bid) and not a.blind]
            self.post(index, page.bid(seat, self.rng.choice(bids)))
        elif phase == "pass":
            size = min(page.rules.blind_nil_cards, 13)
            self.post(index, page.pass_cards(seat, self.rng.sample(page.cards(seat), size)))
        elif phase == "play":
            plays = [a.card for a in page.table().legal_actions() if isinstance(a, Play)]
            self.post(index, page.play(seat, self.rng.choice(plays)))
        else:
            raise AssertionError(f"no decision at {phase}")
        return True

    def play_hand(self) -> None:
        number = self.pages[0].hand_number
        self.deliver()
        while self.pages[0].hand_number == number and self.pages[0].phase != "over":
            assert self.decide()
            self.deliver()

    def play_until(self, stop: Callable[[NSide], bool]) -> None:
        self.deliver()
        while not stop(self.pages[0]):
            assert self.decide()
            self.deliver()


def agreed(table: Table) -> Game:
    games = [page.game.to_json() for page in table.pages]
    assert len(set(games)) == 1
    return table.pages[0].game


# ------------------------------------------------------------------ honest hands


@pytest.mark.parametrize("name", ["classic", "blind-nil", "quick"])
@pytest.mark.parametrize("owners", [[{0}, {1}, {2}, {3}], HOST_AND_TWO, [{0, 1, 3}, {2}]],
                         ids=["four-friends", "host-and-two", "host-and-one"])
def test_honest_hands_are_scored_alike_on_every_page(name: str, owners: list[set[int]]) -> None:
    table = Table(name, owners, seed=len(name) + len(owners))
    table.blind_share = 0.5
    for _ in range(2):
        table.play_hand()
    game = agreed(table)
    assert len(game.history) == 2
    # The verified game is the engine's own replay of the same moves.
    replayed = game.restart()
    for action in game.actions:
        replayed = replayed.apply(action)
    assert replayed.to_json() == game.to_json()


def test_a_blind_nil_is_declared_before_any_card_is_read_and_the_partners_exchange() -> None:
    for seed in range(20):
        table = Table("blind-nil", seed=seed)
        table.blind_share = 0.25
        read_before: list[bool] = []

        def watch(page: NSide, table: Table = table, read: list[bool] = read_before) -> bool:
            if page.phase == "blind":
                read.append(any(p.dealt or p.hand.known for p in table.pages))
            return page.hand_number > 0

        table.play_until(watch)
        record = agreed(table).history[0]
        assert read_before and not any(read_before)
        if any(record.blind) and not all(record.blind[s] and record.blind[(s + 2) % 4]
                                         for s in range(4) if record.blind[s]):
            moves = [a for a in agreed(table).actions if type(a).__name__ == "Pass"]
            assert len(moves) >= 2
            return
    raise AssertionError("no exchange in 20 hands")


def test_a_whole_hand_on_the_games_curve() -> None:
    from spades.mental.curve import Secp256k1

    table = Table("classic", HOST_AND_TWO, seed=3, group=Secp256k1())
    table.play_hand()
    assert agreed(table).hand_number == 1


# ------------------------------------------------------------------ what each page reads


def test_each_page_reads_its_own_cards_the_cards_passed_to_it_and_the_plays_only() -> None:
    table = Table("blind-nil", HOST_AND_TWO, seed=5)
    table.blind_share = 0.3

    def watch(page: NSide) -> bool:
        for other in table.pages:
            state = other.hand
            if not other.dealt:
                assert not state.known
                continue
            played = {shown.position for shown in state.plays}
            passed = {p for seat, kind, arg in state.actions if kind == "pass"
                      and (seat in other.seats or (seat + 2) % 4 in other.seats) for p in arg}
            mine = {p for p in range(52) if p % 4 in other.seats}
            assert set(state.known) <= mine | played | passed
            # Nothing else opens with this page's keys: every place of another seat's that
            # is not played or passed to it stays under a lock it does not have.
            for p in set(range(52)) - set(state.known):
                assert _opens_with(other, state.current[p]) is None
        return page.hand_number > 0

    table.play_until(watch)


def _opens_with(page: NSide, card: Any, keys: list[int] | None = None) -> int | None:
    group = page.group
    inverse = 1
    for key in keys if keys is not None else [p.key for p in page.hand.secrets.values()]:
        inverse = inverse * group.inverse(key) % group.order
    plain = {group.encode(value): value for value in range(group.cards)}
    return plain.get(group.exp(card, inverse))


def test_two_colluding_opponents_read_nothing_of_the_partners_cards() -> None:
    """West and East pool their keys and everything they saw: every form of North's and
    South's cards ever sent (the decks, each unlock, the exchange's) stays locked by
    North's or South's key, except the cards they played. Checked after nine tricks,
    with the hand's whole record of what was sent."""
    table = Table("blind-nil", [{0}, {1}, {2}, {3}], seed=7)
    table.blind_share = 0.5
    table.play_until(lambda page: len(page.hand.plays) == 36)
    state = table.pages[1].hand
    assert any(kind == "pass" for _, kind, _ in state.actions)  # an exchange was made
    forms: dict[int, list[Any]] = {p: [card] for p, card in enumerate(state.decks[-1])}
    for step in state.unlocks:
        for p, card in zip(step.positions, step.after, strict=True):
            forms[p].append(card)
    keys = [table.pages[1].hand.secrets[1].key, table.pages[3].hand.secrets[3].key]
    played = {shown.position for shown in state.plays}
    hidden = [p for p in range(52) if state.holders[p] in (0, 2) and p not in played]
    assert hidden
    for p in hidden:
        for subset in ([], keys[:1], keys[1:], keys):
            assert all(_opens_with(table.pages[1], form, subset) is None for form in forms[p])


# ------------------------------------------------------------------ attacks


def cheat_at(table: Table, cheater: int, kind: str, change: Callable[[Message], Message],
             times: int = 1) -> None:
    """Page ``cheater`` changes its next ``times`` messages of ``kind`` (re-chained as its
    page would: the cheat is its own message, in its place in the transcript)."""
    left = [times]

    def tamper(index: int, message: Message) -> list[Message]:
        if index != cheater or message["type"] != kind or not left[0]:
            return [message]
        left[0] -= 1
        return [change(copy.deepcopy(message))]

    table.tamper = tamper


def expect_blamed(table: Table, seat: int | None, reasons: tuple[str, ...]) -> None:
    cheater = None if seat is None else table.page_of(seat)
    with pytest.raises(CheatDetected) as caught:
        table.play_hand()
        table.play_hand()
    error = caught.value
    assert error.reason in reasons, error
    assert error.seat == seat, error
    if seat is None:
        assert not error.proven
    else:
        assert error.proven
    for index, page in enumerate(table.pages):
        if page.failed is not None and index != cheater:
            assert page.failed.seat in (seat, None)


def _same_size_elements(group: Any, count: int, rng: random.Random) -> list[str]:
    return texts(group, [group.exp_base(rng.randrange(2, group.order)) for _ in range(count)])


def test_a_shuffle_that_plants_a_card_is_caught_at_once() -> None:
    table = Table(owners=HOST_AND_TWO, seed=11)

    def plant(message: Message) -> Message:
        message["deck"][5] = message["deck"][6]
        return message

    cheat_at(table, 1, "shuffle", plant)
    expect_blamed(table, 1, ("bad_deck", "malformed", "bad_proof"))


def test_a_shuffle_with_another_decks_proof_is_caught_at_once() -> None:
    table = Table(owners=HOST_AND_TWO, seed=12)
    rng = random.Random(1)

    def swap(message: Message) -> Message:
        message["deck"] = _same_size_elements(GROUP, 52, rng)
        return message

    cheat_at(table, 2, "shuffle", swap)
    expect_blamed(table, 3, ("bad_proof",))


def test_an_unlock_that_leaves_a_lock_or_changes_a_card_is_caught_at_once() -> None:
    for change in ("keep", "swap"):
        table = Table(owners=HOST_AND_TWO, seed=13)

        def forge(message: Message, change: str = change) -> Message:
            cards = message["cards"]
            if change == "keep":
                cards[0] = texts(GROUP, [GROUP.exp_base(7)])[0]
            else:
                cards[0], cards[1] = cards[1], cards[0]
            return message

        cheat_at(table, 1, "unlock", forge)
        expect_blamed(table, 1, ("bad_proof",))


def test_a_card_played_from_anothers_place_or_not_the_one_dealt_is_caught_at_once() -> None:
    for lie in ("place", "value"):
        table = Table(owners=HOST_AND_TWO, seed=14)

        def forge(message: Message, lie: str = lie) -> Message:
            if lie == "place":
                message["position"] = (message["position"] + 1) % 52
            else:
                message["value"] = (message["value"] + 1) % 52
            return message

        cheat_at(table, 2, "play", forge)
        expect_blamed(table, 3, ("not_held", "bad_proof"))


def test_a_bid_out_of_range_and_a_message_out_of_turn_are_caught_at_once() -> None:
    table = Table(owners=HOST_AND_TWO, seed=15)
    cheat_at(table, 1, "bid", lambda m: {**m, "n": 14})
    expect_blamed(table, 1, ("illegal",))
    table = Table(owners=HOST_AND_TWO, seed=15)
    cheat_at(table, 1, "bid", lambda m: {**m, "type": "play"})
    expect_blamed(table, 1, ("unexpected",))


def test_a_blind_nil_pass_of_cards_not_held_is_caught_at_once() -> None:
    for seed in range(30):
        table = Table("blind-nil", [{0}, {1}, {2}, {3}], seed=seed)
        table.blind_share = 0.5
        table.play_until(lambda page: page.phase in ("pass", "play"))
        if table.pages[0].phase != "pass":
            continue
        giver = table.pages[0].sender
        assert giver is not None
        cheat_at(table, giver, "pass",
                 lambda m: {**m, "positions": [(p + 1) % 52 for p in m["positions"]]})
        expect_blamed(table, giver, ("not_held",))
        return
    raise AssertionError("no exchange in 30 hands")


def test_a_revoke_is_proven_at_the_hands_end_by_the_engines_replay() -> None:
    """A page that plays off suit while holding the suit: its proofs are true (the card is
    its own), so nothing shows it then; but every card is played by the hand's end, and
    its card of that suit, played later, proves it (the engine refuses the revoke on every
    page's table). Unless the others' plays first make the cards seen impossible: then
    the hand stops with no one blamed (``nshadow.Impossible``)."""
    from spades.mental import ndeal

    caught: set[int] = set()
    for seed in range(16):
        table = Table(owners=[{0}, {1}, {2}, {3}], seed=seed)
        page = table.pages[1]
        revoked = [False]

        def play(seat: int, _card: Any, page: NSide = page,
                 revoked: list[bool] = revoked) -> list[Message]:
            """Follows suit but once, when it can and has another suit to play."""
            shown_table = page.table()
            trick = shown_table.trick.plays
            mine = sorted(page.cards(seat), key=lambda c: c.index)
            if trick:
                led = trick[0][1].suit
                follow = [c for c in mine if c.suit == led]
                other = [c for c in mine if c.suit != led]
                card = (other[0] if follow and other and not revoked[0]
                        else (follow or mine)[0])
                revoked[0] = revoked[0] or (card in other and bool(follow))
            else:
                plain = [c for c in mine if c.suit != 3 or shown_table.spades_broken]
                card = (plain or mine)[0]
            state = page.hand
            position = next(p for p in range(52) if state.holders[p] == seat
                            and state.known.get(p) == card.index)
            shown = ndeal.show_card(page.group, page._secret(seat), position,
                                    state.current[position], page.rng, page._context("play"))
            message = page._send(seat, "play", position=position, value=card.index,
                                 proof=scalar_texts(list(shown.proof)))
            page._record_play(shown)
            try:
                return [message, *page._settle()]
            except (Refused, Impossible):  # its own table after playing the suit it lacked
                return [message]

        page.play = play  # type: ignore[method-assign]
        # The revoker's page shows itself the table the others see (its own would refuse
        # its revoke): every card it has not played is unknown to it there.
        page.table = lambda page=page: _table_without_own_cards(page)  # type: ignore
        try:
            table.play_hand()
        except CheatDetected as error:
            assert revoked[0]
            if error.reason == "impossible":
                # The other seats then showed they lack the suit too: the cards seen
                # cannot all be true, but no one is proven to lie before the keys.
                assert error.seat is None and not error.proven
                continue
            assert error.seat == 1 and error.proven and error.reason == "revoke"
            assert len(table.pages[0].hand.plays) < 52  # before the keys
            caught.add(seed)
            continue
        assert not revoked[0]
    assert len(caught) >= 4


def _table_without_own_cards(page: NSide) -> Game:
    from spades.mental.nshadow import shadow_game

    if not page.dealt:
        return page.game
    hand = copy.copy(page.hand)
    played = {shown.position for shown in hand.plays}
    hand.known = {p: v for p, v in hand.known.items() if p in played}
    return shadow_game(page.game, hand, page.rules)


def test_a_key_that_is_not_the_one_committed_to_is_caught_at_the_hands_end() -> None:
    table = Table(owners=HOST_AND_TWO, seed=16)
    cheat_at(table, 2, "keys", lambda m: {**m, "key": f"{int(m['key'], 16) + 1:x}"})
    expect_blamed(table, 3, ("bad_keys",))


def test_a_message_replayed_altered_or_impersonating_blames_no_one() -> None:
    for attack in ("replay", "alter", "impersonate"):
        table = Table(owners=HOST_AND_TWO, seed=17)
        kept: list[Message] = []

        def tamper(index: int, message: Message, attack: str = attack,
                   kept: list[Message] = kept) -> list[Message]:
            if index != 1 or message["type"] != "bid":
                kept.append(message)
                return [message]
            if attack == "replay":
                return [kept[-1]]
            if attack == "alter":
                return [{**message, "prev": "0" * 64}]
            return [{**message, "from": 0}]

        table.tamper = tamper
        expect_blamed(table, None, ("sequence", "chain"))


@pytest.mark.parametrize("hostile", [
    {"type": "bid", "n": "3"}, {"type": "bid", "n": True}, {"type": "bid", "n": [3]},
    {"type": "bid"}, {"type": "bid", "n": 2**80},
])
def test_hostile_fields_end_the_game_against_their_sender(hostile: Message) -> None:
    table = Table(owners=HOST_AND_TWO, seed=18)

    def change(message: Message) -> Message:
        for key in ("n",):
            message.pop(key, None)
        message.update(hostile)
        return message

    cheat_at(table, 1, "bid", change)
    expect_blamed(table, 1, ("malformed", "illegal"))


def test_a_failed_page_refuses_every_later_message() -> None:
    table = Table(owners=HOST_AND_TWO, seed=19)
    cheat_at(table, 1, "bid", lambda m: {**m, "n": 14})
    with pytest.raises(CheatDetected):
        table.play_hand()
    with pytest.raises(CheatDetected):
        table.pages[0].receive({"type": "bid"})


# ------------------------------------------------------------------ saves and restarts


def test_every_page_saved_mid_hand_resumes_where_it_stopped() -> None:
    table = Table("blind-nil", HOST_AND_TWO, seed=21)
    table.blind_share = 0.4
    steps = [0]

    def watch(page: NSide) -> bool:
        steps[0] += 1
        if steps[0] % 7 == 0:
            table.pages = [NSide.from_dict(p.to_dict(), random.Random(steps[0]))
                           for p in table.pages]
        return page.hand_number > 1

    table.play_until(watch)
    assert len(agreed(table).history) == 2


def test_a_hand_abandoned_is_dealt_again_unscored_with_the_seat_taken_over() -> None:
    """A friend's page goes silent at its turn: every page restarts the hand (the host's
    page now holds that seat), the hand is dealt afresh and scored once; at the next hand
    the friend takes the seat back."""
    table = Table("classic", HOST_AND_TWO, seed=23)
    table.play_until(lambda page: page.phase == "play" and page.sender == 1)
    before = table.pages[0].game.to_json()
    table.owners = [{0, 1, 2}, set(), {3}]
    for page, seats in zip(table.pages, table.owners, strict=True):
        if seats:
            page.restart(seats)
    gone = table.pages.pop(1)
    table.owners.pop(1)
    assert table.pages[0].game.to_json() == before
    for index, page in enumerate(table.pages):
        table.post(index, page.start())
    table.deliver()
    table.pages[0].hold = True  # the friend is back: the next hand waits for it
    table.play_hand()
    game = agreed(table)
    assert len(game.history) == 1 and game.hand_number == 1
    assert all(not page.hand.decks for page in table.pages) and not table.queue
    # Every page restarts at the held start; the friend's page takes the verified game.
    del gone
    table.owners = [{0, 2}, {1}, {3}]
    table.pages[0].restart({0, 2})
    table.pages[1].restart({3})
    back = NSide({1}, game.rules, random.Random(5), dealer=game.dealer, group=GROUP)
    back.game, back.chain, back.seq = game, table.pages[0].chain, table.pages[0].seq
    table.pages.insert(1, back)
    for index, page in enumerate(table.pages):
        table.post(index, page.start())
    table.play_hand()
    assert len(agreed(table).history) == 2


def test_the_protocol_refuses_a_two_player_table_and_seats_out_of_range() -> None:
    with pytest.raises(ValueError):
        NSide({0}, PRESETS["duel"], random.Random(1), dealer=0, group=GROUP)
    with pytest.raises(ValueError):
        NSide({4}, PRESETS["classic"], random.Random(1), dealer=0, group=GROUP)
    with pytest.raises(ValueError):
        NSide(set(), PRESETS["classic"], random.Random(1), dealer=0, group=GROUP)


def test_a_move_out_of_turn_on_this_page_is_refused_without_a_message() -> None:
    table = Table(owners=HOST_AND_TWO, seed=24)
    table.deliver()
    page = table.pages[2]  # seat 3 bids last
    assert page.phase == "bid" and page.sender != 3
    with pytest.raises(ValueError, match="turn"):
        page.bid(3, 4)
    assert page.failed is None and page.game.phase is Phase.BID
    assert nprotocol.DECISIONS == ("blind", "bid", "pass", "play")
    assert CARDS[0] is not None
