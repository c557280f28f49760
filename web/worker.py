"""Placeholder AI worker: runs in a Web Worker with its own Pyodide.

Functions named in `__export__` can be awaited from the main thread:
`ai = await workers["ai"]; result = await ai.think(...)`. Keep arguments and
results plain data. The real worker will build a bot from `spades.ai` and return
its chosen action (serialised) for a game sent as JSON.
"""

try:
    import spades

    ENGINE = spades.__name__
except ModuleNotFoundError as error:
    if error.name != "spades":
        raise
    ENGINE = "(spades not built yet)"


def think(message: str, times: int) -> str:
    """Echo work done in the worker, naming the engine it could import."""
    return f"{message * times} from worker ({ENGINE})"


__export__ = ["think"]
