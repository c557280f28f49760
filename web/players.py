"""The computer players as the page uses them: one choice for one seat, from its view.

Used on the main thread: Easy, Medium and Hard take milliseconds; Expert plans and
concludes here while its workers search the worlds (web/pool.py). The bots' modules are
imported lazily (the page warms them up after it is ready), so they never slow the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import Action, Game
from spades.ai.seeds import bot_seed  # one definition, shared with the par (spades.ai.par)

if TYPE_CHECKING:  # the bots' modules load lazily, on the first computer move
    from spades.ai.base import Bot

# Expert searches as in the measured matches (3000 simulations, python -m spades.lab.arena),
# and starts no new round of worlds after a second: a fast device answers sooner, a slow
# one plays a little weaker rather than keep the table waiting.
EXPERT_SIMULATIONS = 3000
EXPERT_SECONDS = 1.0
MAX_WORKERS = 4
"""Expert's most workers: past four, a decision's few rounds gain little from more."""
MEMORY_PER_WORKER_GB = 2.0
"""Device memory a worker may take a share of: each worker is a whole Python runtime
(about 40 MB), so a phone reporting 2 GB (``navigator.deviceMemory``) gets one."""


def pool_size(cores: float | None, asked: int | None = None,
              memory_gb: float | None = None) -> int:
    """How many workers Expert searches with: ``asked`` (``?workers=N``) if given, else one
    per core less one for the page, no more than the device's memory allows; 1 to
    MAX_WORKERS. Browsers that do not say give None (2 cores, memory unknown)."""
    if asked is not None:
        wanted = asked
    else:
        wanted = int(cores or 2) - 1
        if memory_gb is not None and memory_gb > 0:
            wanted = min(wanted, int(memory_gb // MEMORY_PER_WORKER_GB))
    return max(1, min(MAX_WORKERS, wanted))


def make_player(level: str, seed: int, seconds: float | None = None) -> Bot:
    """A computer player; Expert with the measured simulations, and at most ``seconds``
    when given (the page's pool of workers keeps the time itself: web/pool.py)."""
    from spades.ai import Budget, make_bot

    bot: Bot  # make_bot gives Any: every level it builds is a Bot
    if level == "expert":
        bot = make_bot(level, seed=seed, budget=Budget(simulations=EXPERT_SIMULATIONS,
                                                       seconds=seconds))
    else:
        bot = make_bot(level, seed=seed)
    return bot


def seat_player(game: Game, seat: int, level: str, seconds: float | None = None) -> Bot:
    """The computer player of ``seat`` at ``level``, with the page's seed for that seat."""
    return make_player(level, bot_seed(game.seed, seat), seconds)


def choose(game: Game, seat: int, level: str, seconds: float | None = None) -> Action:
    """The action a computer player at ``level`` takes in ``seat``; it sees only its view."""
    return seat_player(game, seat, level, seconds).choose(game.view(seat))
