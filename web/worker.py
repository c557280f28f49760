"""The AI worker: a Web Worker with its own Pyodide, so Expert's search never freezes the
page. The main thread starts a pool of them only when Expert is chosen (web/pool.py) and
awaits ``worlds``: each worker searches its share of a decision's worlds.

Arguments and results are plain data: the game as its save JSON, the seat, the search as
text, the worlds; the answer is the worlds' rows as JSON, which the page merges in world
order, so the choice is the same whichever worker searched which world.
``par`` (the duplicate par of a finished hand, ``spades.ai.par``) takes the save JSON, the
hand number and the opponents' level, and answers your side's points as an int.
``marks`` (the coach's judgement of a seat's decisions in a finished hand) answers JSON.
"""

import json
import os
import sys

# The game's code is imported from its archive, as it came (build.py CODE_ARCHIVE).
sys.path.insert(0, os.path.join(os.getcwd(), "spades.zip"))

import archive_import

archive_import.install()  # each module's code read once (web/main.py does the same)

import dataclass_code  # noqa: E402

dataclass_code.install()  # before the engine's modules make their dataclasses

from spades import Game, Play  # noqa: E402


def worlds(save_json: str, seat: int, search: str, first: int, count: int) -> str:
    """Expert's search ``search`` (``spades.ai.worlds.Search`` as text) for ``seat`` in the
    saved game, worlds ``first`` .. ``first + count - 1``: their rows as JSON."""
    from spades.ai.worlds import Search, run_worlds

    view = Game.from_json(save_json).view(int(seat))
    return json.dumps(run_worlds(view, Search.from_text(str(search)), int(first), int(count)))


def par(save_json: str, number: int, opponents: str, simulations: int = 0) -> int:
    """The duplicate par of finished hand ``number`` of the saved game: your side's points
    had the Expert (``PAR_SIMULATIONS`` simulations a decision, never seconds, so the same
    for everyone) held your side's cards against ``opponents``-level bots with the page's
    seeds.  A few seconds of search; raises ValueError if that hand has not finished.
    ``simulations`` other than 0 replaces the budget (the page's ?par=N, for tests)."""
    from spades.ai.par import PAR_SIMULATIONS, par_points

    game = Game.from_json(save_json)
    budget = int(simulations) or PAR_SIMULATIONS
    return par_points(game, int(number), str(opponents), budget)


def marks(save_json: str, hand: int, seat: int, simulations: int = 0) -> str:
    """The coach's marks on ``seat``'s decisions in finished hand ``hand`` of the saved
    game (``spades.ai.coach.hand_marks``), as web/marks.py keeps them: a JSON list of
    {"t": trick (0: the bid), "c": the action chosen, "b": the best, "x": the cost}.
    ``simulations`` other than 0 replaces the coach's budget (for tests)."""
    from spades.ai.coach import COACH_SIMULATIONS, hand_marks

    game = Game.from_json(save_json)
    found = hand_marks(game, int(hand), int(seat), int(simulations) or COACH_SIMULATIONS)
    return json.dumps([{"t": len(decision.view.tricks) + 1 if isinstance(decision.action, Play)
                        else 0, "c": decision.action.to_text(), "b": verdict.best.to_text(),
                        "x": verdict.cost} for decision, verdict in found])


def ping() -> str:
    return "ready"


def warm() -> str:
    """Load the search's modules now, while the page waits for nothing, so that the first
    Expert move does not."""
    import spades.ai.expert  # noqa: F401  (it imports the sampler, the playouts, worlds)

    return "warm"


__export__ = ["marks", "par", "ping", "warm", "worlds"]
