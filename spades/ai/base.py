"""The one protocol every computer player follows, and what the levels share.

A bot is built with a seed and gets only ``game.view(seat)``: ``bot.choose(view)``
returns one of ``view.legal``.  Its randomness comes from ``decision_rng(seed, view)``,
a generator fixed by the seed and the public facts of the decision, so the same seed and
view give the same choice whatever happened before (a page restored from a save, or a
worker restarted, gets the same move).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..view import View


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard a searching bot may think: a number of simulations (deterministic, for
    tests and matches), a number of seconds, or both (the page: the simulations of the
    matches, but never more than so many seconds).  At least one is set."""

    simulations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.simulations is None and self.seconds is None:
            raise ValueError("a budget needs simulations or seconds")
        if self.simulations is not None and self.simulations < 1:
            raise ValueError("simulations must be at least 1")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("seconds must be positive")


@runtime_checkable
class Bot(Protocol):
    level: str

    def choose(self, view: View) -> Action:
        """One of ``view.legal``; called only when ``view.turn == view.seat``."""
        ...


def decision_key(seed: int, view: View, salt: str = "", *, see_hand: bool = True) -> str:
    """A text fixed by the bot's seed and the decision's situation (``decision_rng``)."""
    key = "|".join((
        str(seed), salt, str(view.seat), str(view.hand_number), view.phase.value,
        ",".join(str(card) for card in view.hand) if see_hand else "?",
        ";".join(",".join(str(c) for _, c in t.plays) for t in (*view.tricks, view.trick)),
        ",".join(map(str, view.bids)), ",".join(f"{s}{int(k)}" for s, k in view.draws),
    ))
    return hashlib.sha256(key.encode()).hexdigest()


def decision_rng(seed: int, view: View, salt: str = "", *, see_hand: bool = True) -> random.Random:
    """A generator fixed by the bot's seed and the decision's situation.

    ``see_hand=False`` leaves the bot's own cards out, for decisions that must not depend
    on them (Blind Nil is decided before looking, 003).
    """
    return random.Random(decision_key(seed, view, salt, see_hand=see_hand))
