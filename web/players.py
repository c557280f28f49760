"""The computer players as the page uses them: one choice for one seat, from its view.

Shared by the main thread (Easy, Medium, Hard take milliseconds) and the AI worker
(Expert searches for up to a second). Imported lazily, after the page is ready, so the
bots' modules never slow the start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import Action, Game
from spades.ai.seeds import bot_seed  # one definition, shared with the par (spades.ai.par)

if TYPE_CHECKING:  # the bots' modules load lazily, on the first computer move
    from spades.ai.base import Bot

# Expert searches as in the measured matches (3000 simulations, python -m spades.ai.arena),
# and never longer than a second: a fast device answers sooner, a slow one plays a
# little weaker rather than keep the table waiting.
EXPERT_SIMULATIONS = 3000
EXPERT_SECONDS = 1.0


def make_player(level: str, seed: int, seconds: float | None = None) -> Bot:
    from spades.ai import Budget, make_bot

    bot: Bot  # make_bot gives Any: every level it builds is a Bot
    if level == "expert":
        bot = make_bot(level, seed=seed, budget=Budget(simulations=EXPERT_SIMULATIONS,
                                          seconds=seconds or EXPERT_SECONDS))
    else:
        bot = make_bot(level, seed=seed)
    return bot


def choose(game: Game, seat: int, level: str, seconds: float | None = None) -> Action:
    """The action a computer player at ``level`` takes in ``seat``; it sees only its view."""
    player = make_player(level, bot_seed(game.seed, seat), seconds)
    return player.choose(game.view(seat))
