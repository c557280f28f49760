"""Spades: a rules engine for every table of the source documents, and computer players.

    >>> from spades import PRESETS, Game, Bid, Play, Card
    >>> game = Game.new(PRESETS["classic"], seed=7)
    >>> game.legal_actions()[:3]
    [Bid(0), Bid(1), Bid(2)]
"""

from .actions import Action, Bid, Draw, Pass, Play, Replace, parse_action
from .cards import Card
from .explanations import Explanation
from .game import Game
from .records import HandRecord, IllegalAction, Phase, Trick
from .rules import PRESETS, Rules
from .saves import SaveError
from .scoring import HandScore, score_hand
from .view import View

__all__ = [
    "PRESETS", "Action", "Bid", "Card", "Draw", "Explanation", "Game", "HandRecord",
    "HandScore", "IllegalAction", "Pass", "Phase", "Play", "Replace", "Rules", "SaveError",
    "Trick", "View", "parse_action", "score_hand",
]
