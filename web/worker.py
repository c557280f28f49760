"""The AI worker: a Web Worker with its own Pyodide, so Expert's search never freezes the
page. The main thread starts it only when Expert is chosen, then awaits ``choose``.

Arguments and result are plain data: the game as its save JSON, the seat, the level, the
seconds of thought; the answer is the action's text form (``play:QS``), which the page
reads back with ``spades.parse_action`` and checks with the engine before applying.
"""

from players import choose as choose_action

from spades import Game


def choose(save_json: str, seat: int, level: str, seconds: float) -> str:
    """The computer player's action for ``seat`` in the saved game, as text."""
    game = Game.from_json(save_json)
    return choose_action(game, int(seat), str(level), float(seconds)).to_text()


def ping() -> str:
    return "ready"


__export__ = ["choose", "ping"]
