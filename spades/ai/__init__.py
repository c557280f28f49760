"""Computer players: ``make_bot(level, seed=0, budget=None)`` and ``bot.choose(view)``.

Levels: ``easy``, ``medium``, ``hard``, ``expert`` (offered in the page), plus ``random``
(a random legal player) and ``oracle`` (sees every card; for measurement only).
"""

from __future__ import annotations

from .base import Bot, Budget, decision_rng

LEVELS = ("easy", "medium", "hard", "expert")

__all__ = ["LEVELS", "Bot", "Budget", "decision_rng"]
