"""The hint on request (issue 46; web/hints.py): the page's hint is the coach's, its words
in every language, its marks on the table, and its count in the save and the statistics.
Under CPython, as the page's pure modules are tested (tests/test_web_table.py)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import hints  # noqa: E402
import render  # noqa: E402
import stats  # noqa: E402
import stats_view  # noqa: E402
import store  # noqa: E402
import table  # noqa: E402
from prefs import Prefs  # noqa: E402

from spades import PRESETS, Bid, Card, Draw, Game, Pass, Phase, Play, Replace  # noqa: E402
from spades.ai import make_bot  # noqa: E402
from spades.ai.coach import hint as coach_hint  # noqa: E402
from spades.ai.coach import search_here  # noqa: E402
from tests.helpers import play_to  # noqa: E402

SIMULATIONS = 300
"""A small budget: the page's hint and the coach's are compared, not judged."""


def page_hint(game: Game, ui: store.UiState, simulations: int = SIMULATIONS) -> hints.Suggestion:
    """The page's hint as web/coaching.py works it out, its search run here (the page
    shares the same worlds among its workers, with the same rows)."""
    from spades.ai.coach import coach_search, judged

    turn = hints.turn_of(game, ui)
    view = game.view(ui.viewer)
    offer = hints.blind_offer(game, ui)
    if offer:
        return hints.offer_hint(view, turn, game.seed)
    view = hints.offered_view(view, offer)
    if not judged(view):
        return hints.plain_hint(view, game.seed, turn)
    search = coach_search(view, game.seed, simulations)
    single = hints.single_option(view, search, turn, game.seed)
    if single is not None:
        return single
    return hints.from_means(view, search, search_here(view, search).means(), turn, game.seed)


def your_decisions(preset: str, seed: int, count: int) -> list[Game]:
    """The first ``count`` positions of a game where South (seat 0) is to decide, the other
    seats played by Easy and South by the first legal action (never a blind bid)."""
    game = Game.new(PRESETS[preset], seed=seed)
    easy = make_bot("easy", seed=seed)
    found = []
    while len(found) < count and game.phase is not Phase.GAME_OVER:
        legal = game.legal_actions()
        if game.turn == 0:
            found.append(game)
            game = game.apply(next((a for a in legal if a != Bid(0, blind=True)), legal[0]))
        else:
            assert game.turn is not None
            game = game.apply(easy.choose(game.view(game.turn)))
    return found


@pytest.mark.parametrize(("preset", "seed"), [("classic", 7), ("duel", 5)])
def test_the_pages_hint_is_the_coachs(preset: str, seed: int) -> None:
    """Bids and cards (searched), the draw and single choices (the Expert's rules): the
    page's hint is ``spades.ai.coach.hint`` for the same view and seed."""
    looked = store.UiState(looked=10_000)  # (two players: no Double Nil offer pending)
    compared = 0
    for game in your_decisions(preset, seed, 14):
        ui = replace(looked, looked=table.look_mark(game, 0)) if preset == "duel" else looked
        if hints.blind_offer(game, ui):
            continue
        view = hints.offered_view(game.view(0), False)
        expected = coach_hint(view, game.seed, SIMULATIONS)
        got = page_hint(game, ui)
        assert (got.action, got.margin, got.second, got.needed) == (
            expected.action, expected.margin, expected.second, expected.needed)
        assert got.seed == game.seed and got.turn == hints.turn_of(game, ui)
        compared += 1
    assert compared >= 10


def test_a_blind_offer_is_hinted_from_the_score_alone() -> None:
    """Before you look, Blind Nil or Look, whatever the cards you have not seen."""
    rules = PRESETS["blind-nil"]
    game = Game.new(rules, seed=3)
    game = play_to(game, lambda g: g.turn == 0 and g.phase is Phase.BID)
    ui = store.UiState()
    assert hints.blind_offer(game, ui)
    turn = hints.turn_of(game, ui)
    view = game.view(0)
    got = hints.offer_hint(view, turn)
    other_cards = replace(view, hand=tuple(Card(i) for i in range(13)))
    assert hints.offer_hint(other_cards, turn) == got
    partner_bid = view.bids[2]
    if partner_bid is None:  # the first of the side to bid: the Expert declares it
        assert got.action == Bid(0, blind=True) and got.why == hints.BLIND_FIRST
    else:
        assert got.action is None
    # After a look, the page offers no blind bid, and the hint does not either.
    looked = replace(ui, looked=game.hand_number)
    assert not hints.blind_offer(game, looked)
    assert Bid(0, blind=True) not in hints.offered_view(view, False).legal


def test_the_first_of_a_side_is_told_blind_nil_and_the_second_to_look() -> None:
    game = Game.new(PRESETS["blind-nil"], seed=3)
    view = game.view(0)
    first = replace(view, bids=(None, None, None, None))
    assert hints.offer_hint(first, ()).action == Bid(0, blind=True)
    after_nil = replace(view, bids=(None, 3, 0, None))
    said = hints.offer_hint(after_nil, ())
    assert said.action is None and said.why == hints.LOOK_NIL
    after_bid = replace(view, bids=(None, 3, 4, None))
    assert hints.offer_hint(after_bid, ()).why == hints.LOOK_BID


def test_the_words_of_a_searched_card_and_a_bid() -> None:
    card = hints.Suggestion((0, 5, 0, -1), Play(Card.parse("KC")), hints.SEARCH, 11.8,
                            Play(Card.parse("JC")), 2)
    assert hints.hint_text(card) == (
        "Hint: play the king of clubs. Over these deals it is worth 11.8 points more than "
        "the jack of clubs. Your side needs 2 more tricks.")
    bid = hints.Suggestion((0, 1, 0, -1), Bid(4), hints.SEARCH, 5.6, Bid(0), None)
    assert hints.hint_text(bid) == (
        "Hint: bid 4. Over these deals it is worth 5.6 points more than bidding Nil.")
    even = replace(card, margin=0.0, needed=0)
    assert hints.hint_text(even) == (
        "Hint: play the king of clubs. Over these deals the jack of clubs is worth as much. "
        "Your side has its contract.")
    two = replace(card, players=2, needed=1)
    assert hints.hint_text(two).endswith("You need 1 more trick.")
    single = hints.Suggestion((), Play(Card.parse("JC")), hints.SAME, needed=None)
    assert hints.hint_text(single) == (
        "Hint: play the jack of clubs. Every choice you have is worth the same here.")


def every_suggestion() -> list[hints.Suggestion]:
    king = Play(Card.parse("KC"))
    return [
        hints.Suggestion((), king, hints.SEARCH, 11.8, Play(Card.parse("JC")), 2),
        hints.Suggestion((), king, hints.SEARCH, 0.0, Play(Card.parse("JC")), 0),
        hints.Suggestion((), king, hints.SEARCH, 3.0, Play(Card.parse("JC")), 1, players=2),
        hints.Suggestion((), Bid(4), hints.SEARCH, 5.6, Bid(0)),
        hints.Suggestion((), Bid(4), hints.SEARCH, 0.0, Bid(3)),
        hints.Suggestion((), king, hints.SAME),
        hints.Suggestion((), king, hints.ONLY),
        hints.Suggestion((), Draw(True), hints.RULES, players=2),
        hints.Suggestion((), Draw(False), hints.RULES, players=2),
        hints.Suggestion((), Pass((Card.parse("AS"), Card.parse("2C"))), hints.RULES),
        hints.Suggestion((), Replace(()), hints.RULES, players=2),
        hints.Suggestion((), Replace((Card.parse("AS"),)), hints.RULES, players=2),
        hints.Suggestion((), Bid(0, blind=True), hints.BLIND_FIRST),
        hints.Suggestion((), Bid(0, blind=True), hints.BLIND_BEHIND),
        hints.Suggestion((), Bid(0, blind=True), hints.BLIND_BEHIND, players=2),
        hints.Suggestion((), None, hints.LOOK_NIL),
        hints.Suggestion((), None, hints.LOOK_BID),
        hints.Suggestion((), None, hints.LOOK_SCORE, players=2),
    ]


@pytest.mark.parametrize("lang", ["de", "es", "it", "pt"])
def test_every_hint_is_said_in(lang: str, speak: Callable[[str], None]) -> None:
    english = [hints.hint_text(hint) for hint in every_suggestion()]
    speak(lang)
    said = [hints.hint_text(hint) for hint in every_suggestion()]
    for text, source in zip(said, english, strict=True):
        assert text and text != source and "{" not in text, (text, source)
    assert hints.hints_used_text(3) != "You used 3 hints in this game."
    assert "11,8" in said[0]  # the language's decimal mark


def test_the_hinted_card_and_bid_are_marked_on_the_table() -> None:
    game = play_to(Game.new(PRESETS["classic"], seed=7),
                   lambda g: g.turn == 0 and g.phase is Phase.PLAY)
    ui = store.UiState()
    legal = [a for a in game.legal_actions() if isinstance(a, Play)]
    hint = hints.Suggestion(hints.turn_of(game, ui), legal[0], hints.SAME, seed=game.seed)
    assert hints.answers(hint, game, ui)
    assert not hints.answers(replace(hint, seed=game.seed + 1), game, ui)
    view = hints.marked(table.table_view(game, Prefs(), ui), hint)
    html = render.hand_html(view)
    card = str(legal[0].card)
    assert html.count('data-suggested="true"') == 1
    assert f'data-card="{card}" data-playable="true" data-suggested="true"' in html
    assert f"{table.card_words(card)}, suggested" in html
    bidding = play_to(Game.new(PRESETS["classic"], seed=7),
                      lambda g: g.turn == 0 and g.phase is Phase.BID)
    bid_hint = hints.Suggestion(hints.turn_of(bidding, ui), Bid(4), hints.SEARCH, 1.0, Bid(3))
    panel = render.bids_html(hints.marked(table.table_view(bidding, Prefs(), ui), bid_hint))
    assert panel.count("suggested") == 2  # the class and the data attribute, of one button
    assert ('class="bid suggested" data-bid="4" data-suggested="true" '
            'aria-description="Suggested by the hint"') in panel


def test_a_decision_counts_one_hint_and_the_save_keeps_it() -> None:
    ui = store.UiState()
    once = hints.count_hint(ui, (0, 3, 0, -1))
    assert once.hints == 1 and hints.count_hint(once, (0, 3, 0, -1)) == once
    twice = hints.count_hint(once, (0, 3, 0, 0))  # looked: another decision
    assert twice.hints == 2
    kept = store.ui_from_dict(json.loads(json.dumps(twice.to_dict())))
    assert kept.hints == 2 and kept.hint_turn == (0, 3, 0, 0)
    assert store.ui_from_dict({**store.UiState().to_dict()}).hints == 0


@pytest.mark.parametrize(("hints_value", "turn"), [
    (-1, [0, 1, 0, -2]), (True, [0, 1]), ("3", "0,1,0,-1"), (10**9, [0, 1, 0, 10**9]),
    (2.5, [0, 1, 0, False]), (None, None), ([3], {"a": 1})])
def test_a_hostile_hint_count_is_dropped_alone(hints_value: object, turn: object) -> None:
    data = {**store.UiState(level="hard").to_dict(), "hints": hints_value, "hint_turn": turn}
    ui = store.ui_from_dict(data)
    assert ui.level == "hard" and ui.hints == 0 and ui.hint_turn == ()


def test_hints_are_not_offered_at_todays_game_nor_against_a_person() -> None:
    assert hints.reason_not_offered(store.UiState()) is None
    assert hints.reason_not_offered(store.UiState(daily=True)) == hints.DAILY_REASON
    assert hints.reason_not_offered(store.UiState(friend=True)) == hints.PERSON_REASON
    assert hints.reason_not_offered(store.UiState(online=True)) == hints.PERSON_REASON
    # A daily game of an earlier day, going on as an ordinary game, has them again.
    assert hints.reason_not_offered(store.UiState(day="2026-11-29")) is None


def finished_game() -> Game:
    return play_to(Game.new(PRESETS["quick"], seed=4), lambda g: g.phase is Phase.GAME_OVER)


def test_a_game_with_hints_is_counted_in_the_statistics() -> None:
    game = finished_game()
    with_hints = stats.result_of(game, "medium", hints=3)
    without = stats.result_of(game, "medium")
    assert with_hints.hints == 3 and without.hints == 0
    record = stats.record_game(stats.record_game(stats.Stats(), with_hints), without)
    totals = record.overall()
    assert (totals.games, totals.hinted_games, totals.hints) == (2, 1, 3)
    again = stats.stats_from_dict(json.loads(json.dumps(record.to_dict())))
    assert again.overall() == totals and again.games == record.games
    html = stats_view.overall_html(totals)
    assert 'data-stat="hints"' in html and "1 of 2 (50%) · 3 hints" in html
    assert "None" in stats_view.overall_html(stats.Totals.of(without))
    assert hints.hints_used_text(3) == "You used 3 hints in this game."
    assert hints.hints_used_text(0) == ""


def test_statistics_kept_before_hints_are_read_as_games_without_them() -> None:
    game = finished_game()
    data = stats.record_game(stats.Stats(), stats.result_of(game, "medium")).to_dict()
    for entry in data["games"]:
        del entry["hints"]
    for entry in data["totals"]:
        del entry["hinted_games"], entry["hints"]
    record = stats.stats_from_dict(data)
    assert len(record.games) == 1 and record.overall().games == 1
    assert record.overall().hinted_games == 0


@pytest.mark.parametrize(("hinted", "count"), [(2, 5), (1, 0), (-1, 0), (True, 1)])
def test_hostile_hint_totals_are_dropped(hinted: object, count: object) -> None:
    """More games with hints than games (1 here), more than hints, or not counts: that
    totals entry is not ours."""
    game = finished_game()
    data = stats.record_game(stats.Stats(), stats.result_of(game, "medium", hints=1)).to_dict()
    data["totals"][0].update(hinted_games=hinted, hints=count)
    assert stats.stats_from_dict(data).totals == {}


def test_the_summary_says_a_game_had_hints() -> None:
    game = play_to(Game.new(PRESETS["classic"], seed=7), lambda g: bool(g.history))
    summary = table.hand_summary(game.history[-1])
    html = render.summary_html(summary, "", None, hints_line=hints.hints_used_text(2))
    assert '<p class="sum-hints" data-hints>You used 2 hints in this game.</p>' in html
    assert "sum-hints" not in render.summary_html(summary, "", None)
