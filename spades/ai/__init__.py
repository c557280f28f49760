"""Computer players: ``make_bot(level, seed=0, budget=None)`` and ``bot.choose(view)``.

Levels: ``easy``, ``medium``, ``hard``, ``expert`` (offered in the page), plus ``random``
(a random legal player) and ``oracle`` (sees every card; for measurement only: it plays
through ``bot.choose_with_game(game)``), with its halves ``oracle-bids`` and ``oracle-plays``
(every card seen in that phase only, the Expert in the other).

    >>> from spades import PRESETS, Game
    >>> game = Game.new(PRESETS["classic"], seed=7)
    >>> bot = make_bot("medium", seed=1)
    >>> bot.choose(game.view(game.turn)) in game.legal_actions()
    True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import Bot, Budget, decision_rng

LEVELS = ("easy", "medium", "hard", "expert")
ALL_LEVELS = ("random", *LEVELS, "oracle", "oracle-bids", "oracle-plays")
"""Every name ``make_bot`` accepts."""


def as_budget(budget: Budget | int | float | None) -> Budget | None:
    """A ``Budget`` from a budget, a number of simulations (int) or seconds (float)."""
    if budget is None or isinstance(budget, Budget):
        return budget
    if isinstance(budget, bool):
        raise TypeError("a budget is a Budget, an int (simulations) or a float (seconds)")
    if isinstance(budget, int):
        return Budget(simulations=budget)
    if isinstance(budget, float):
        return Budget(seconds=budget)
    raise TypeError("a budget is a Budget, an int (simulations) or a float (seconds)")


def make_bot(level: str, seed: int = 0, budget: Budget | int | float | None = None) -> Any:
    """A computer player of ``level`` (see ``ALL_LEVELS``) built with ``seed``.

    ``budget`` is how hard a searching level may think; the heuristic levels ignore it.
    """
    level = level.lower()
    if level == "random":
        from .random_bot import RandomBot

        return RandomBot(seed)
    if level in ("easy", "medium", "hard"):
        from .heuristic import HeuristicBot

        return HeuristicBot(level, seed)
    if level in ("expert", "oracle"):
        name, cls = ("expert", "ExpertBot") if level == "expert" else ("oracle", "OracleBot")
        try:
            module = import_module(f".{name}", __name__)
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise NotImplementedError(
                f"the {level} level is not available yet (spades/ai/{name}.py is missing)"
            ) from error
        factory = getattr(module, cls, None)
        if factory is None:
            raise NotImplementedError(f"spades/ai/{name}.py does not define {cls} yet")
        if level == "expert":
            return factory(seed, as_budget(budget))
        return factory(seed)
    if level in ("oracle-bids", "oracle-plays"):
        from ..records import Phase
        from .oracle import half_oracle

        phase = Phase.BID if level == "oracle-bids" else Phase.PLAY
        return half_oracle(phase, seed, as_budget(budget))
    raise ValueError(f"unknown level {level!r}: choose from {', '.join(ALL_LEVELS)}")


__all__ = ["ALL_LEVELS", "LEVELS", "Bot", "Budget", "as_budget", "decision_rng", "make_bot"]
