"""The AI worker: a Web Worker with its own Pyodide, so Expert's search never freezes the
page. The main thread starts it only when Expert is chosen, then awaits ``choose``.

Arguments and result are plain data: the game as its save JSON, the seat, the level, the
seconds of thought; the answer is the action's text form (``play:QS``), which the page
reads back with ``spades.parse_action`` and checks with the engine before applying.
``par`` (the duplicate par of a finished hand, ``spades.ai.par``) takes the save JSON, the
hand number and the opponents' level, and answers your side's points as an int.
"""

from players import choose as choose_action

from spades import Game


def choose(save_json: str, seat: int, level: str, seconds: float) -> str:
    """The computer player's action for ``seat`` in the saved game, as text."""
    game = Game.from_json(save_json)
    return choose_action(game, int(seat), str(level), float(seconds)).to_text()


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


def ping() -> str:
    return "ready"


__export__ = ["choose", "par", "ping"]
