"""The arena's players from another git revision (``expert@REV``, spades.lab.revision)."""

from __future__ import annotations

import subprocess

import pytest

from spades import PRESETS
from spades.lab.arena import MatchConfig, main, play_game
from spades.lab.revision import REPO, checkout, split_level


def committed_spades() -> bool:
    """Whether ``HEAD`` holds the package as it is on disk (a git checkout, unchanged)."""
    try:
        changes = subprocess.run(["git", "status", "--porcelain", "spades"], cwd=REPO,
                                 capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return not changes.strip()


needs_head = pytest.mark.skipif(not committed_spades(),
                                reason="needs a git checkout whose spades/ is committed")


def test_a_level_may_name_a_revision() -> None:
    assert split_level("expert@f8b7d90") == ("expert", "f8b7d90")
    assert split_level("hard") == ("hard", None)
    with pytest.raises(ValueError, match="level is one of"):
        split_level("oracle@HEAD")


def test_an_unknown_revision_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="not a revision"):
        checkout("no-such-revision")
    with pytest.raises(SystemExit):
        main(["expert@no-such-revision", "hard", "--boards", "1"])
    assert "not a revision" in capsys.readouterr().err


@needs_head
def test_the_same_code_at_head_plays_the_same_moves() -> None:
    rules = PRESETS["classic"]
    for board in (3, 4):
        here = play_game(MatchConfig("medium", "hard", rules, hands=2), board, 0)
        there = play_game(MatchConfig("medium@HEAD", "hard@HEAD", rules, hands=2), board, 0)
        assert there.history == here.history
        assert (there.a, there.b) == (here.a, here.b)


@needs_head
def test_a_revision_plays_its_own_package() -> None:
    folder = checkout("HEAD")
    assert (folder / "spades" / "game.py").is_file()
    assert checkout("HEAD") == folder
