"""A finished hand, trick by trick, with every card face up: what the hand review shows.

A review is read off the engine, never worked out again: ``hand_replays`` replays the
game's actions from ``Game.restart()`` and notes the engine's public state at the moments
that matter (the hand's first bid, the first card played, the last card of the hand), so
who led, who won and what each seat held are the engine's own answers.  A review shows
all the cards, so it may tell what the table hid while the hand was played: the
two-player draw (each top card and the card below it), the Double Nil replacements and
the Blind Nil exchange.

    >>> from spades import PRESETS, Game
    >>> game = Game.new(PRESETS["classic"], seed=7)
    >>> while not game.history:
    ...     game = game.apply(game.legal_actions()[-1])
    >>> replay = hand_replay(game, 0)
    >>> len(replay.tricks), replay.bids == game.history[0].bids
    (13, True)
    >>> step = review_step(replay, 1)
    >>> [len(hand) for hand in step.hands]
    [12, 12, 12, 12]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from .actions import Draw, Pass, Play, Replace
from .cards import Card, cards_of, mask_of
from .game import Game
from .records import HandRecord, Phase, Trick

_BEFORE_BIDDING = (Phase.DRAW, Phase.REPLACE)


@dataclass(frozen=True, slots=True)
class DrawDecision:
    """One two-player draw: the top card of the stock, whether the seat kept it, and the
    card below it (discarded unseen by the table when the top card is kept, else taken)."""

    top: Card
    kept: bool
    second: Card

    @property
    def taken(self) -> Card:
        """The card that went into the seat's hand."""
        return self.top if self.kept else self.second

    @property
    def discarded(self) -> Card:
        """The card that went to the discards."""
        return self.second if self.kept else self.top


@dataclass(frozen=True, slots=True)
class Replacement:
    """Double Nil (two players): the cards ``seat`` gave up and the cards it got back from
    the discards (both empty when it kept its hand)."""

    seat: int
    given: tuple[Card, ...]
    received: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPass:
    """One half of the Blind Nil exchange: ``giver`` passed ``cards`` to ``receiver``."""

    giver: int
    receiver: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandReplay:
    """One finished hand, everything face up."""

    number: int
    """0 for the first hand (``HandRecord.number``)."""
    dealer: int
    players: int
    dealt: tuple[tuple[Card, ...], ...]
    """Each seat's cards when the bidding began: the dealt hands at four players, the hands
    built by the draw (and any Double Nil replacement) at two."""
    draws: tuple[tuple[DrawDecision, ...], ...]
    """Two players: each seat's draw decisions in order (13 each); empty at four."""
    replaced: tuple[Replacement, ...]
    """Double Nil replacements, in the order they were made."""
    passes: tuple[CardPass, ...]
    """The Blind Nil exchange, in the order the cards were passed."""
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    hands_at_play: tuple[tuple[Card, ...], ...]
    """Each seat's cards when the first card was led (after any exchange)."""
    tricks: tuple[Trick, ...]
    """The engine's 13 tricks, each with its leader and winner."""
    record: HandRecord
    """The hand on the score sheet: tricks won, points, scores and bags."""

    @property
    def first_leader(self) -> int:
        return self.tricks[0].leader


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """The hand after ``step`` tricks (0: as play began; 13: the hand is over)."""

    step: int
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards still held."""
    trick: Trick | None
    """The trick just played (the ``step``-th); None at step 0."""
    won: tuple[int, ...]
    """Tricks won by each seat so far."""
    next_leader: int | None
    """Who leads the next trick; None once the last trick is played."""

    @property
    def last(self) -> bool:
        return self.next_leader is None


def hand_replays(game: Game) -> tuple[HandReplay, ...]:
    """Every finished hand of ``game`` (one per ``game.history`` record), first to last."""
    return tuple(_replays(game))


def hand_replay(game: Game, number: int) -> HandReplay:
    """Finished hand ``number`` (0-based) of ``game``; the replay stops after it."""
    if not isinstance(number, int) or not 0 <= number < len(game.history):
        raise IndexError(f"hand {number!r} is not a finished hand of this game")
    return next(islice(_replays(game), number, None))


def review_step(replay: HandReplay, step: int) -> ReviewStep:
    """The hand after ``step`` tricks, ``step`` clamped to 0..13."""
    tricks = replay.tricks
    step = max(0, min(step, len(tricks)))
    played = [0] * replay.players
    won = [0] * replay.players
    for trick in tricks[:step]:
        for seat, card in trick.plays:
            played[seat] |= card.bit
        assert trick.winner is not None  # finished tricks always have a winner
        won[trick.winner] += 1
    hands = tuple(cards_of(mask_of(hand) & ~played[seat])
                  for seat, hand in enumerate(replay.hands_at_play))
    return ReviewStep(
        step=step,
        hands=hands,
        trick=tricks[step - 1] if step else None,
        won=tuple(won),
        next_leader=tricks[step].leader if step < len(tricks) else None,
    )


class _HandNotes:
    """What the replay has noted of the hand being played, until its last card."""

    def __init__(self, game: Game) -> None:
        self.number = game.hand_number
        self.dealer = game.dealer
        self.players = game.rules.players
        self.dealt: tuple[tuple[Card, ...], ...] | None = None
        self.at_play: tuple[tuple[Card, ...], ...] | None = None
        self.draws: list[list[DrawDecision]] = [[] for _ in range(self.players)]
        self.replaced: list[Replacement] = []
        self.passes: list[CardPass] = []
        self.note(game)

    def note(self, game: Game) -> None:
        """Note the hands when the bidding begins and when play begins (the state after
        each action other than a card played comes through here)."""
        if self.dealt is None and game.phase not in _BEFORE_BIDDING:
            self.dealt = game.hands
        if self.at_play is None and game.phase is Phase.PLAY:
            self.at_play = game.hands

    def draw(self, before: Game, after: Game, seat: int, keep: bool) -> None:
        """The seat saw the top card; the card below it is the one new to its hand (top
        card discarded) or to its own discards (top card kept).  A view costs more than
        the move itself, so the second one is built only when the top card was kept."""
        seen = before.view(seat)
        top = seen.top_card
        assert top is not None  # the seat on turn in the draw sees the top card
        if keep:
            new = mask_of(after.view(seat).discarded) & ~mask_of(seen.discarded)
        else:
            new = mask_of(after.hands[seat]) & ~mask_of(seen.hand)
        (second,) = cards_of(new)
        self.draws[seat].append(DrawDecision(top, keep, second))

    def replace(self, before: Game, after: Game, seat: int, action: Replace) -> None:
        got = set(after.hands[seat]) - set(before.hands[seat])
        self.replaced.append(Replacement(seat, action.cards, tuple(sorted(got))))

    def pass_cards(self, before: Game, after: Game, seat: int, action: Pass) -> None:
        receiver = next(other for other in range(self.players)
                        if len(after.hands[other]) > len(before.hands[other]))
        self.passes.append(CardPass(seat, receiver, action.cards))

    def finish(self, before: Game, last: Play, record: HandRecord) -> HandReplay:
        """The hand's last card is ``last``, played on ``before``: its trick is the
        engine's current trick and that card, won by the seat whose count went up."""
        assert self.dealt is not None and self.at_play is not None
        seat = before.turn
        assert seat is not None
        current = before.trick
        winner = next(s for s in range(self.players)
                      if record.tricks[s] > before.tricks_won[s])
        final = Trick(current.leader, (*current.plays, (seat, last.card)), winner)
        return HandReplay(
            number=self.number,
            dealer=self.dealer,
            players=self.players,
            dealt=self.dealt,
            draws=tuple(tuple(draws) for draws in self.draws),
            replaced=tuple(self.replaced),
            passes=tuple(self.passes),
            bids=record.bids,
            blind=record.blind,
            hands_at_play=self.at_play,
            tricks=(*before.tricks, final),
            record=record,
        )


def _replays(game: Game) -> Iterator[HandReplay]:
    """Replay ``game`` from its start, yielding each hand as its last card is played.

    A finished hand leaves no trace in the next state (the next hand is dealt at once), so
    its last trick is read from the state just before its last card."""
    current = game.restart()
    notes = _HandNotes(current)
    for action in game.actions:
        before, current = current, current.apply(action)
        if type(action) is Play:
            if len(current.history) > len(before.history):
                yield notes.finish(before, action, current.history[-1])
                if current.winner is not None:
                    return
                notes = _HandNotes(current)
            continue
        seat = before.turn
        assert seat is not None
        if isinstance(action, Draw):
            notes.draw(before, current, seat, action.keep)
        elif isinstance(action, Replace):
            notes.replace(before, current, seat, action)
        elif isinstance(action, Pass):
            notes.pass_cards(before, current, seat, action)
        notes.note(current)


__all__ = [
    "CardPass", "DrawDecision", "HandReplay", "Replacement", "ReviewStep", "hand_replay",
    "hand_replays", "review_step",
]
