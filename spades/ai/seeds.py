"""The seeds of the page's computer players, one per seat, fixed by the game's seed.

The page (``web/players.py``) builds each computer player per decision with
``bot_seed(game.seed, seat)``, and the duplicate par (``spades.ai.par``) replays a hand
with the same seeds, so both see the same bots.

    >>> bot_seed(7, 1) == bot_seed(7, 1) != bot_seed(7, 3)
    True
"""

from __future__ import annotations

import hashlib


def bot_seed(game_seed: int, seat: int) -> int:
    """Each computer seat's own seed, fixed by the game's seed (a game replays the same)."""
    digest = hashlib.sha256(f"spades-page-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


__all__ = ["bot_seed"]
