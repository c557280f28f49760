"""Issue 27, items 5 and 7: the hand summary's sum adds up, and the words a new player
found wrong (one minus sign, distinct names, neutral winners, no repeated titles, the
dealer badge explained)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import render  # noqa: E402
import table  # noqa: E402

from spades import PRESETS  # noqa: E402
from spades.records import HandRecord  # noqa: E402
from spades.scoring import score_sides  # noqa: E402

# Classic (000): a failed Nil's trick does not help the partner, and is a bag.
BIDS, TRICKS = (3, 2, 0, 4), (6, 2, 1, 4)


def test_the_failed_nils_trick_is_a_part_of_the_contracts_points() -> None:
    ours, _ = score_sides(PRESETS["classic"], BIDS, TRICKS, (0, 0))
    assert (ours.contract, ours.taken, ours.contract_points) == (3, 6, 34)
    assert ours.nil_bags == 1
    assert 10 * ours.contract + (ours.taken - ours.contract) + ours.nil_bags == (
        ours.contract_points)
    # Where a Nil's tricks help the partner (004) they are in ``taken`` already.
    helped, _ = score_sides(PRESETS["quick"], BIDS, TRICKS, (0, 0))
    assert helped.nil_bags == 0 and helped.taken == 7


def test_the_summary_line_names_the_failed_nils_bag() -> None:
    rules = PRESETS["classic"]
    sides = score_sides(rules, BIDS, TRICKS, (0, 0))
    record = HandRecord(0, 3, BIDS, (False,) * 4, TRICKS, sides,
                        (sides[0].points, sides[1].points), (4, 1))
    summary = table.hand_summary(record)
    text = re.sub(r"<[^>]+>", "", render.summary_side_html(summary.sides[0]))
    assert ("Contract 3, took 6, and 1 trick of the failed Nil counted as a bag: made +34"
            in text), text


# ---------------------------------------------------------------- item 7: the words


def test_negative_figures_carry_one_typographic_minus() -> None:
    import store
    from prefs import Prefs

    rules = PRESETS["classic"]
    sides = score_sides(rules, BIDS, TRICKS, (0, 0))
    record = HandRecord(0, 3, BIDS, (False,) * 4, TRICKS, sides,
                        (sides[0].points, sides[1].points), (4, 1))
    summary = table.hand_summary(record)
    shown = render.summary_html(summary, "", None) + render.sheet_html(
        (table.sheet_row(record),), 500)
    assert sides[0].points < 0
    words = re.sub(r"<[^>]+>", " ", shown)
    assert not re.search(r"-\d", words), "a hyphen before a figure"
    assert "\u221266" in shown and "\u2212100" in shown
    from spades import Game
    from tests.helpers import play_to

    game = play_to(Game.new(PRESETS["classic"], seed=1), lambda g: min(g.scores) < 0)
    bar = render.scores_html(table.table_view(game, Prefs(), store.UiState()))
    assert not re.search(r">-\d", bar) and "\u2212" in bar
    assert "\u2212200" in table.rules_summary(PRESETS["quick"])


def catalog(lang: str) -> dict[str, str]:
    from babel.messages.pofile import read_po

    path = WEB / "locale" / lang / "LC_MESSAGES" / "spades.po"
    with path.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if isinstance(m.id, str)}


def test_table_names_and_speeds_are_told_apart_in_every_language() -> None:
    speeds = ("Slow", "Normal", "Fast", "Instant")
    for lang in ("de", "es", "it", "pt"):
        words = catalog(lang)
        tables = {words[name] for name in table.TABLE_NAMES}
        assert not tables & {words[speed] for speed in speeds}, lang


def test_the_words_the_tester_found() -> None:
    italian, spanish = catalog("it"), catalog("es")
    assert italian["West & East"] == "Ovest ed Est"
    # The winner of a trick may be anyone: no gendered "ganadora" beside "Tú".
    for msgid in ("(won)", "(led, won)"):
        assert "ganador" not in spanish[msgid]


def test_the_score_sheet_says_the_target_once_before_any_hand() -> None:
    heading = f"Classic: {table.rules_summary(PRESETS['classic'])}"
    sheet = render.sheet_html((), 500, 4, heading)
    assert sheet.count("500") == 1, sheet


def test_the_review_does_not_repeat_its_title() -> None:
    import review

    from spades import Game
    from spades.review import hand_replays
    from tests.helpers import play_to

    game = play_to(Game.new(PRESETS["classic"], seed=1), lambda g: len(g.history) == 1)
    html = review.review_html(hand_replays(game)[0], 0, 4)
    assert "review" not in re.sub(r"<[^>]+>", " ", html).lower().split("hand 1")[0]
    assert "<h3" not in html


def test_the_dealer_badge_is_explained_without_a_tooltip() -> None:
    from spades import Game

    game = Game.new(PRESETS["classic"], seed=1, dealer=2)
    import store
    from prefs import Prefs

    view = table.table_view(game, Prefs(), store.UiState())
    north = next(seat for seat in view.seats if seat.seat == 2)
    html = render.seat_html(north, 4)
    # A screen reader (and a phone, which shows no tooltip) gets the word itself.
    assert 'class="sr-only"' in html and "Dealer" in re.sub(r"<[^>]+>", " ", html)
    sheet = render.sheet_html((), 500, 4, "Classic")
    assert "marks the dealer" in sheet


def test_the_drawer_alone_sees_the_card_that_goes_to_the_discards_after_keep() -> None:
    """Item 3's card comes from the engine's view: the drawer's holds it, the other's not."""
    from spades import Draw, Game

    game = Game.new(PRESETS["duel"], seed=4)
    seat = game.turn
    assert seat is not None
    after = game.apply(Draw(True))
    thrown = set(after.view(seat).discarded) - set(game.view(seat).discarded)
    assert len(thrown) == 1 and not thrown & set(after.hands[seat])
    assert not thrown & set(after.view(1 - seat).discarded)
    assert after.view(1 - seat).draws == ((seat, True),)
