"""Shared test helpers: fixed deals, random players and plain-Python reference rules.

The reference functions here are written with plain loops over ``Card`` values, on
purpose independent of the engine's bitboards, so the tests compare two implementations.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from spades import Bid, Card, Game, Phase, Rules
from spades.actions import Action

ALL_CARDS = tuple(Card(i) for i in range(52))
SPADES = 3


def cards(text: str) -> list[Card]:
    """``cards("AS KS 2H")``."""
    return [Card.parse(word) for word in text.split()]


def filled_deal(south: str, west: str, north: str, east: str) -> list[list[Card]]:
    """Four hands (seats 0 to 3) from their written cards, each filled up to 13 from the
    cards left over."""
    hands = [cards(text) for text in (south, west, north, east)]
    used = {c for hand in hands for c in hand}
    spare = [c for c in ALL_CARDS if c not in used]
    for hand in hands:
        while len(hand) < 13:
            hand.append(spare.pop())
    return hands


def deal_from_seed(seed: int) -> list[list[Card]]:
    """Four hands of 13 from a seeded shuffle (independent of the engine's dealing)."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    return [sorted(deck[i::4]) for i in range(4)]


def suit_deal() -> list[list[Card]]:
    """Seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades."""
    return [[Card(s * 13 + r) for r in range(13)] for s in range(4)]


def bid_all(game: Game, bids: Sequence[int]) -> Game:
    """Bid ``bids[seat]`` for every seat, in turn order."""
    while game.phase is Phase.BID:
        assert game.turn is not None
        game = game.apply(Bid(bids[game.turn]))
    return game


def reference_legal(hand: Iterable[Card], trick: Sequence[Card], broken: bool) -> set[Card]:
    """Follow suit if you can, else anything; lead no spade before spades are broken
    unless the hand holds only spades (000, 001, 003, 004)."""
    hand = list(hand)
    if trick:
        led = [c for c in hand if c.suit == trick[0].suit]
        return set(led) if led else set(hand)
    if broken:
        return set(hand)
    others = [c for c in hand if c.suit != SPADES]
    return set(others) if others else set(hand)


def reference_winner(plays: Sequence[tuple[int, Card]]) -> int:
    """The highest spade wins; else the highest card of the led suit (000)."""
    spades = [(c.rank, seat) for seat, c in plays if c.suit == SPADES]
    if spades:
        return max(spades)[1]
    led = plays[0][1].suit
    return max((c.rank, seat) for seat, c in plays if c.suit == led)[1]


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action, with bids biased to 1..4 so that games end."""
    actions = game.legal_actions()
    if game.phase is Phase.BID and rng.random() < 0.9:
        modest = [a for a in actions if isinstance(a, Bid) and 1 <= a.n <= 4 and not a.blind]
        if modest:
            return rng.choice(modest)
    return rng.choice(actions)


def random_game(rules: Rules, seed: int, rng: random.Random, max_hands: int = 4) -> Game:
    game = Game.new(rules, seed=seed)
    while game.winner is None and game.hand_number < max_hands:
        game = game.apply(random_action(game, rng))
    return game


def play_to_phase(game: Game, phase: Phase, rng: random.Random) -> Game:
    while game.phase is not phase:
        game = game.apply(random_action(game, rng))
    return game


def play_to(game: Game, stop: Callable[[Game], bool], limit: int = 200_000) -> Game:
    """Play the first legal action (never Blind Nil) until ``stop(game)``: a quick way to
    reach a hand summary or the end of a game."""
    for _ in range(limit):
        if stop(game):
            return game
        legal = game.legal_actions()
        game = game.apply(next((a for a in legal if a != Bid(0, blind=True)), legal[0]))
    raise AssertionError("stop condition never reached")


def expert_searches(preset: str, seed: int) -> list[tuple[Game, int]]:
    """Every position of one hand where the Expert has to search (``plan`` gives a
    ``Search``, not a move), as (game, seat); Hard plays every seat."""
    from spades import PRESETS
    from spades.ai import make_bot
    from spades.ai.expert import ExpertBot
    from spades.ai.worlds import Search

    game = Game.new(PRESETS[preset], seed=seed)
    hard = make_bot("hard", seed=seed)
    expert = ExpertBot(seed=seed)
    found = []
    while game.hand_number == 0 and game.turn is not None:
        seat = game.turn
        view = game.view(seat)
        if isinstance(expert.plan(view), Search):
            found.append((game, seat))
        game = game.apply(hard.choose(view))
    return found


def save_text(game: Game, **ui: Any) -> str:
    """A page save (the format of web/store.py) for ``game``, with UI fields in ``ui``."""
    record = {"level": "easy", "daily": False, "summary": False, "looked": -1,
              "last_trick": [], "last_winner": None, **ui}
    return json.dumps({"format": "spades-page", "version": 1, "game": game.to_json(),
                       "ui": record})


class MemoryStorage:
    """localStorage's part the page uses, in memory (the web modules' tests)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def stand_in_browser(monkeypatch: Any) -> None:
    """The page's ``pyscript`` and ``pyodide`` modules stood in for under CPython (the web
    modules that import them at the top then import; nothing here reaches a browser)."""
    import sys
    import types

    pyscript = types.ModuleType("pyscript")
    pyscript.document = types.SimpleNamespace(  # type: ignore[attr-defined]
        documentElement=types.SimpleNamespace())
    pyscript.window = types.SimpleNamespace()  # type: ignore[attr-defined]
    pyscript.create_named_worker = None  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.__path__ = []  # type: ignore[attr-defined]  # (a package: .ffi, .code)
    ffi = types.ModuleType("pyodide.ffi")
    ffi.to_js = lambda value, **options: value  # type: ignore[attr-defined]
    ffi.create_proxy = lambda value: value  # type: ignore[attr-defined]
    code = types.ModuleType("pyodide.code")
    code.run_js = lambda text: None  # type: ignore[attr-defined]
    for name, module in (("pyscript", pyscript), ("pyodide", pyodide), ("pyodide.ffi", ffi),
                         ("pyodide.code", code)):
        monkeypatch.setitem(sys.modules, name, module)


def page_module(monkeypatch: Any, name: str, forget: Sequence[str]) -> Iterator[Any]:
    """For a fixture: the web module ``name`` imported afresh with the browser's modules
    stood in for (``stand_in_browser``), the modules ``forget`` forgotten before and after
    (each test imports them anew)."""
    import importlib
    import sys

    stand_in_browser(monkeypatch)
    for module in forget:
        monkeypatch.delitem(sys.modules, module, raising=False)
    yield importlib.import_module(name)
    for module in forget:
        sys.modules.pop(module, None)
