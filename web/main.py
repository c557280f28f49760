"""Placeholder page glue (main thread): proves the pipeline, to be replaced by the table.

The pattern the real page keeps:
- `spades` is fetched into Pyodide's filesystem by the "files" list that build.py
  writes into pyscript.json, so a plain `import spades` works.
- Heavy work goes to the named worker: `ai = await workers["ai"]`, then
  `await ai.think(...)`. Arguments and results cross as plain data (str, int, float,
  bool, None, lists, dicts of those). The main thread only awaits, so no
  SharedArrayBuffer (and no special COOP/COEP headers) is needed.
- Once the page is interactive, set `html[data-ready]`: the tests and the service
  worker registration wait for it (`py:all-done` never fires with a worker on the page).
"""

from pyscript import document, workers

try:
    import spades

    engine = spades.__name__
except ModuleNotFoundError as error:  # only while the package does not exist yet
    if error.name != "spades":
        raise
    engine = "(spades not built yet)"

print(f"engine: {engine}")
document.getElementById("engine").textContent = engine

ai = await workers["ai"]  # noqa: F704 (PyScript runs this module with top-level await)
answer = await ai.think("ping", 2)  # noqa: F704
document.getElementById("worker-result").textContent = str(answer)

document.getElementById("status").textContent = "Ready."
document.documentElement.dataset.ready = "true"
