"""The random player: a uniformly random legal action, for tests and as a yardstick."""

from __future__ import annotations

from ..actions import Action
from ..view import View
from .base import decision_rng


class RandomBot:
    """Plays a random legal action, fixed by its seed and the view."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"

    def choose(self, view: View) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("it is not this seat's turn")
        rng = decision_rng(self.seed, view, "random")
        return legal[int(rng.random() * len(legal))]


__all__ = ["RandomBot"]
