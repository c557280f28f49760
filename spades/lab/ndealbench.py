"""The CPython seconds of one four-player online hand (issue 47), all four pages together,
on the game's curve: the protocol's own messages (``spades.mental.nprotocol``), every one
checked by the three pages that receive it, and where the time goes.

    python -m spades.lab.ndealbench [--hands 3] [--blind]

Four pages, one a seat each, play a Classic hand (``--blind``: a Blind Nil hand in
which seat 0 declares Blind Nil, so the partners exchange three cards each) with random
legal moves; the clock runs from the first shuffle to the last page's check of the keys.
The steps are timed where the pages do them (a step inside another is counted in both:
a card's check includes the table it is judged on). The median of ``--hands`` hands.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from ..actions import Bid, Play
from ..mental import ndeal, nprotocol
from ..mental.curve import Secp256k1
from ..mental.nprotocol import NSide
from ..mental.state import Message
from ..rules import PRESETS

STEPS: dict[str, tuple[Any, str]] = {
    "keys and tables": (NSide, "_secret"),
    "shuffle made": (NSide, "_shuffle"),
    "shuffle checked": (NSide, "_on_shuffle"),
    "deal unlock made": (NSide, "_deal_unlock"),
    "unlock checked": (NSide, "_on_unlock"),
    "pass unlock made": (NSide, "_pass_unlock"),
    "card proven": (ndeal, "show_card"),
    "card checked": (NSide, "_on_play"),
    "table (of which)": (NSide, "table"),
    "hand's end checked": (NSide, "_verified"),
}


def timed(spent: dict[str, float]) -> Callable[[], None]:
    """Wraps each step of ``STEPS`` to add its seconds to ``spent``; the undo."""
    originals = []
    handlers = dict(nprotocol._HANDLERS)
    for name, (owner, attribute) in STEPS.items():
        original = getattr(owner, attribute)
        originals.append((owner, attribute, original))

        def wrapper(*args: Any, _original: Any = original, _name: str = name,
                    **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return _original(*args, **kwargs)
            finally:
                spent[_name] += time.perf_counter() - start

        setattr(owner, attribute, wrapper)
        for kind, handler in handlers.items():  # the message handlers are called from here
            if handler is original:
                nprotocol._HANDLERS[kind] = wrapper

    def undo() -> None:
        for owner, attribute, original in originals:
            setattr(owner, attribute, original)
        nprotocol._HANDLERS.update(handlers)

    return undo


def one_hand(seed: int, blind: bool) -> dict[str, float]:
    """One hand's seconds by step, and "hand" for the whole (every page's work summed:
    they run one after the other here)."""
    rules = PRESETS["blind-nil" if blind else "classic"]
    group = Secp256k1()
    spent: dict[str, float] = defaultdict(float)
    undo = timed(spent)
    rng = random.Random(seed)
    start = time.perf_counter()
    try:
        pages = [NSide({seat}, rules, random.Random(f"{seed}:{seat}"), dealer=3, group=group)
                 for seat in range(4)]
        queue = [(seat, message) for seat, page in enumerate(pages) for message in page.start()]
        while True:
            while queue:
                seat, message = queue.pop(0)
                if message["hand"] > 0:
                    spent["hand"] = time.perf_counter() - start
                    return dict(spent)
                for other, page in enumerate(pages):
                    if other != seat:
                        queue += [(other, reply) for reply in page.receive(message)]
            sender = pages[0].sender
            assert sender is not None
            queue += [(sender, message) for message in decide(pages[sender], sender, rng)]
    finally:
        undo()


def decide(page: NSide, seat: int, rng: random.Random) -> list[Message]:
    phase = page.phase
    if phase == "blind":
        return page.declare(seat, seat == 0)
    legal = page.table().legal_actions()
    if phase == "bid":
        return page.bid(seat, rng.choice([a.n for a in legal if isinstance(a, Bid)
                                          and not a.blind]))
    if phase == "pass":
        return page.pass_cards(seat, rng.sample(page.cards(seat), 3))
    return page.play(seat, rng.choice([a.card for a in legal if isinstance(a, Play)]))


def run(hands: int, blind: bool = False) -> list[dict[str, float]]:
    return [one_hand(seed, blind) for seed in range(hands)]


def median(values: list[float]) -> float:
    """(The page's Pyodide ships no ``statistics``: tools/mentalbench.mjs --four.)"""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def report(hands: list[dict[str, float]], blind: bool = False) -> None:
    totals = [hand["hand"] for hand in hands]
    table = "Blind Nil, with the exchange" if blind else "Classic"
    print(f"4 players, {table}, {len(hands)} hands: {median(totals):.2f} s a hand"
          f" (all pages together), hands {', '.join(f'{t:.2f}' for t in totals)}")
    for step in STEPS:
        print(f"  {step:>18}: {median([hand.get(step, 0.0) for hand in hands]):.2f} s")


def main(argv: list[str] | None = None) -> None:
    import argparse  # here: the page's Pyodide has none (tools/mentalbench.mjs --four)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--blind", action="store_true")
    args = parser.parse_args(argv)
    report(run(args.hands, args.blind), args.blind)


if __name__ == "__main__":
    main()
