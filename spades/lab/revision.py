"""Computer players from another revision of this repository, for the arena.

    python -m spades.lab.arena expert expert@f8b7d90 --hands 10 --boards 200
    python -m spades.lab.revision f8b7d90     # where that revision's package is taken out

``expert@REV`` is the Expert as it was at git revision ``REV``: so a change to a bot is
measured against the bot it replaces, on the same boards, and not only against another
level.  The revision's ``spades`` package is taken out of git once (``git archive``) into
a folder of the system's temporary directory, and each such bot runs there in a Python
process of its own, so the two versions never share a module.

Revisions come from the git repository this package sits in, or from ``SPADES_REPO`` (for a
copy of the package outside the repository, such as a frozen copy running a long match).

The process is sent the game as its save (``Game.to_json``) and the seat, and answers the
action as text: the old bot itself is given only ``game.view(seat)``, built by its own
engine.  The revision's engine must read this engine's saves, which holds while the save
format keeps its version.  Decision times measured through this proxy include the round
trip (a few milliseconds with a long game's history).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from functools import cache
from pathlib import Path
from typing import IO

from ..actions import Action, parse_action
from ..ai import LEVELS
from ..game import Game

REPO = Path(os.environ.get("SPADES_REPO") or Path(__file__).resolve().parents[2])

SERVER = """
import json, sys
import spades
from spades.game import Game
from spades.ai import make_bot
level, seed, budget = json.loads(sys.argv[1])
bot = make_bot(level, seed, budget)
print(spades.__file__, flush=True)
for line in sys.stdin:
    request = json.loads(line)
    view = Game.from_json(request["game"]).view(request["seat"])
    print(bot.choose(view).to_text(), flush=True)
"""


def split_level(name: str) -> tuple[str, str | None]:
    """``("expert", "f8b7d90")`` from ``expert@f8b7d90``; ``(name, None)`` without ``@``."""
    level, _, revision = name.partition("@")
    if not revision:
        return name, None
    if level not in LEVELS:
        raise ValueError(f"{name!r}: a revision's level is one of {', '.join(LEVELS)}")
    return level, revision


@cache
def checkout(revision: str) -> Path:
    """A folder holding ``spades/`` as it was at ``revision`` (made once per commit)."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
            cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as error:
        raise ValueError(f"{revision!r} is not a revision of the git repository at "
                         f"{REPO}") from error
    folder = Path(tempfile.gettempdir()) / f"spades-revision-{commit}"
    if folder.is_dir():
        return folder
    building = Path(tempfile.mkdtemp(prefix=f"spades-revision-{commit[:12]}-"))
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "spades"],
                             cwd=REPO, capture_output=True, check=True).stdout
    with tempfile.TemporaryFile() as tar_file:
        tar_file.write(archive)
        tar_file.seek(0)
        with tarfile.open(fileobj=tar_file) as tar:
            tar.extractall(building, filter="data")
    try:
        building.rename(folder)  # atomic: parallel jobs may race to make the same folder
    except OSError:
        shutil.rmtree(building, ignore_errors=True)
    return folder


class RevisionBot:
    """A bot of ``level`` as it was at ``revision``, in a process of its own.  Like the
    Oracle it is called with ``choose_with_game(game)``; the old bot sees only the view."""

    def __init__(self, level: str, revision: str, seed: int,
                 budget: int | float | None = None) -> None:
        folder = checkout(revision)
        self.name = f"{level}@{revision}"
        self._process = subprocess.Popen(
            [sys.executable, "-c", SERVER, json.dumps([level, seed, budget])],
            cwd=folder, env={**os.environ, "PYTHONPATH": str(folder)},
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        loaded = Path(self._read_line())
        if not loaded.is_relative_to(folder):
            self.close()
            raise RuntimeError(f"{self.name} loaded {loaded}, not the revision's package")

    def choose_with_game(self, game: Game) -> Action:
        assert game.turn is not None
        stdin = self._pipe(self._process.stdin)
        stdin.write(json.dumps({"game": game.to_json(), "seat": game.turn}) + "\n")
        stdin.flush()
        return parse_action(self._read_line())

    def _read_line(self) -> str:
        line = self._pipe(self._process.stdout).readline()
        if not line:
            raise RuntimeError(f"{self.name} stopped (exit code {self._process.wait()})")
        return line.rstrip("\n")

    def _pipe(self, stream: IO[str] | None) -> IO[str]:
        assert stream is not None
        return stream

    def close(self) -> None:
        """End the process (it also ends by itself when this one does: its input closes)."""
        if self._process.poll() is None:
            self._pipe(self._process.stdin).close()
            self._process.wait(timeout=10)


if __name__ == "__main__":  # a tool, like the arena: the page never takes revisions
    for name in sys.argv[1:] or ["HEAD"]:
        print(checkout(name))
