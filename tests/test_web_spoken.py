"""What the table says aloud beyond each move (web/table.py ``play_prompt`` and the
``prompt`` of the view, web/spoken.py): your turn with what it asks, the trick, the bids
and the score on request, and a trick's cards for the review."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import i18n  # noqa: E402
import spoken  # noqa: E402
import store  # noqa: E402
import table  # noqa: E402
from prefs import Prefs  # noqa: E402

from spades import PRESETS, Bid, Card, Game, Phase, Play  # noqa: E402
from tests.helpers import bid_all, filled_deal, play_to, suit_deal  # noqa: E402


def prompt(game: Game, **ui: object) -> str:
    return table.table_view(game, Prefs(), store.UiState(**ui)).prompt  # type: ignore[arg-type]


def test_the_prompt_is_said_only_on_your_turn_and_asks_what_the_turn_asks() -> None:
    game = Game.new(PRESETS["classic"], seed=3)
    game = play_to(game, lambda g: g.turn != 0)
    assert prompt(game) == ""
    game = play_to(game, lambda g: g.turn == 0 and g.phase is Phase.BID)
    assert prompt(game) == "Your bid: how many tricks will you take?"
    assert prompt(game, summary=True) == ""  # a summary is up: nothing is asked yet


def test_a_card_prompt_says_to_follow_the_suit_led() -> None:
    # South all clubs, West all diamonds, North hearts, East spades; West leads.
    game = bid_all(Game.new(PRESETS["classic"], deal=filled_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC", "", ""), dealer=0), [3, 3, 3, 3])
    assert game.turn == 1
    game = game.apply(Play(Card.parse("2D")))
    game = game.apply(Play(next(c for c in game.hands[2] if game.is_legal(Play(c)))))
    game = game.apply(Play(next(c for c in game.hands[3] if game.is_legal(Play(c)))))
    assert game.turn == 0
    assert prompt(game) == "Your card: you must follow diamonds."


def test_a_card_prompt_says_any_card_when_you_hold_none_of_the_suit_led() -> None:
    game = bid_all(Game.new(PRESETS["classic"], deal=suit_deal(), dealer=3), [1, 1, 1, 1])
    game = game.apply(Play(Card.parse("2C")))  # you lead: West holds only diamonds
    assert game.turn == 1
    table.set_seating(table.Seating(viewer=1, names=("Ana", "Bo", "Cy", "Di")))
    try:
        assert prompt(game) == "Your card: you have no clubs, so any card."
    finally:
        table.set_seating(table.Seating())


def test_a_lead_prompt_says_whether_spades_may_be_led() -> None:
    game = bid_all(Game.new(PRESETS["classic"], seed=11, dealer=3), [3, 3, 3, 3])
    assert game.turn == 0 and not game.trick.plays
    assert prompt(game) == "Your lead: any suit but spades, which are not broken yet."
    # Every card of the first trick is played by the engine's first legal choice; a lead
    # later in the hand, after a spade, may be anything.
    later = play_to(game, lambda g: g.spades_broken and g.turn == 0 and not g.trick.plays
                    and g.phase is Phase.PLAY)
    assert prompt(later) == "Your lead: any card."


def test_every_prompt_agrees_with_the_engine() -> None:
    """Over random games at every table: a card prompt says "must follow" exactly when the
    engine refuses some card of yours for the suit led."""
    rng = random.Random(5)
    for preset in ("classic", "blind-nil", "duel", "two-handed"):
        game = Game.new(PRESETS[preset], seed=rng.randrange(1000))
        for _ in range(400):
            if game.phase is Phase.GAME_OVER or game.history:
                break
            said = prompt(game)
            if game.turn != 0:
                assert said == ""
            elif game.phase is Phase.PLAY:
                refused = [c for c in game.hands[0] if not game.is_legal(Play(c))]
                if game.trick.plays:
                    assert ("must follow" in said) == bool(refused), said
                else:
                    assert said.startswith("Your lead")
            else:
                assert said
            legal = game.legal_actions()
            game = game.apply(legal[rng.randrange(len(legal))])


def test_the_trick_on_the_table_in_words() -> None:
    game = bid_all(Game.new(PRESETS["classic"], deal=suit_deal(), dealer=3), [1, 1, 1, 1])
    assert spoken.hear("trick", game) == "No card on the table. Your turn."
    game = game.apply(Play(Card.parse("2C"))).apply(Play(Card.parse("KD")))
    assert spoken.hear("trick", game) == (
        "You led the two of clubs. West played the king of diamonds. North to play.")
    held = ((0, "2C"), (1, "KD"), (2, "2H"), (3, "2S"))
    assert spoken.hear("trick", game, held) == (
        "You led the two of clubs. West played the king of diamonds. North played the two "
        "of hearts. East played the two of spades.")
    assert spoken.hear("trick", game, between=True) == "No card on the table."


def test_the_bids_and_the_score_in_words() -> None:
    game = Game.new(PRESETS["classic"], deal=suit_deal(), dealer=3)
    game = game.apply(Bid(2))
    assert spoken.hear("bids", game) == (
        "You: 2, 0 tricks taken. West: no bid yet. North: no bid yet. East: no bid yet.")
    game = bid_all(game, [2, 0, 1, 4])
    game = play_to(game, lambda g: bool(g.history))
    said = spoken.hear("bids", game, between=True)
    assert said == ("You: 2, 0 tricks taken. West: Nil, 0 tricks taken. North: 1, 0 tricks "
                    "taken. East: 4, 13 tricks taken.")
    assert spoken.hear("score", game, between=True) == (
        f"You & North: {i18n.number(game.scores[0])} points, {game.bags[0]} bags. West & "
        f"East: {i18n.number(game.scores[1])} points, {game.bags[1]} bags. Hand 1; the game "
        "is played to 500.")


def test_the_duel_names_you_and_your_opponent() -> None:
    game = play_to(Game.new(PRESETS["duel"], seed=2), lambda g: g.phase is Phase.PLAY)
    said = spoken.hear("score", game)
    assert said.startswith("You: 0 points, 0 bags. North: 0 points, 0 bags. Hand 1")
    assert "played to 300" in said


def test_the_words_are_the_page_language(speak: Callable[[str], None]) -> None:
    game = bid_all(Game.new(PRESETS["classic"], deal=suit_deal(), dealer=3), [1, 1, 1, 1])
    game = game.apply(Play(Card.parse("2C")))
    speak("de")
    assert spoken.hear("trick", game) == "Du hast Kreuz-Zwei ausgespielt. West ist am Zug."
    # West's card (West holds no club), as West's screen would say it.
    assert table.play_prompt(game) == "Deine Karte: Du hast kein Kreuz, also jede Karte."


def test_a_draw_prompt_names_the_top_card_you_alone_see() -> None:
    game = play_to(Game.new(PRESETS["duel"], seed=4), lambda g: g.turn == 0
                   and g.phase is Phase.DRAW)
    top = game.view(0).top_card
    assert top is not None
    assert prompt(game) == (f"Your draw: the top card is the {table.card_words(str(top))}. "
                            "Keep it, or discard it and take the next one.")
    # Two-handed: Double Nil is offered before the top card is seen, and said so.
    game = play_to(Game.new(PRESETS["two-handed"], seed=6), lambda g: g.turn == 0)
    assert prompt(game).startswith("Double Nil is bid before you see any card")
