"""The page's entry point (index.html runs it): the page itself is app.py, which the build
ships compiled to bytecode inside spades.zip, so that no start compiles its 60 kB; a
script given to PyScript is compiled from source every time."""

import js  # first: the start-up's milestones for python -m e2e.startup (performance marks)

js.performance.mark("spades:python")

import gc

# No collection while the page starts: its imports and first render allocate a great deal
# and free next to nothing, so the collector's passes then are wasted time (e2e.startup:
# main.py's first line to ready about a tenth sooner). What is left after start is frozen
# (never scanned again by later collections, which the computers' moves trigger).
gc.disable()

import os
import sys

# The game's code is imported from its archive, as it came (build.py CODE_ARCHIVE).
sys.path.insert(0, os.path.join(os.getcwd(), "spades.zip"))

import archive_import

archive_import.install()  # each module's code read once (the standard library's too)

import dataclass_code

dataclass_code.install()  # before any module makes a dataclass

import app  # noqa: F401 (it starts the page as it is imported)

# How many dataclass sources the build had not compiled (e2e/test_smoke.py wants none).
js.performance.mark(f"spades:dataclasses-compiled:{dataclass_code.compiled_here}")

gc.freeze()
gc.enable()
