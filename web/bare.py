"""Bare PyScript page: print a line and mark the page ready (start-up baseline)."""

import js

js.performance.mark("spades:python")  # as main.py's first line: e2e.startup compares them

from pyscript import document  # noqa: E402 (after the mark, as in main.py)

print("bare page ready")
document.documentElement.dataset.ready = "true"
