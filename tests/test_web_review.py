"""The hand review's HTML (web/review.py): every card of the hand face up at its seat, one
fewer per seat at each trick, the trick's leader and winner as the engine has them, the
buttons that step through it, the draw and the exchange, in any language."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import i18n  # noqa: E402
import review  # noqa: E402
import table  # noqa: E402

from spades import PRESETS, Game  # noqa: E402
from spades.review import HandReplay, hand_replay, hand_replays  # noqa: E402
from tests.helpers import bid_all, suit_deal  # noqa: E402
from tests.test_review import adventurous_action, finish_hand  # noqa: E402


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None],
                 parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.classes = set((attrs.get("class") or "").split())
        self.text = ""

    def ancestors(self) -> Iterator[Element]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class Page(HTMLParser):
    """The review's elements, each knowing its ancestors; refuses unclosed tags."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.elements: list[Element] = []
        self.stack: list[Element] = []
        self.feed(text)
        self.close()
        assert not self.stack, [e.tag for e in self.stack]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs), self.stack[-1] if self.stack else None)
        self.elements.append(element)
        self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append(Element(tag, dict(attrs), self.stack[-1] if self.stack else None))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1].tag == tag, (tag, self.stack[-1].tag)
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        for element in self.stack:
            element.text += data

    def find(self, cls: str) -> list[Element]:
        return [e for e in self.elements if cls in e.classes]

    def one(self, cls: str) -> Element:
        (found,) = self.find(cls)
        return found

    def action(self, name: str) -> Element:
        (found,) = [e for e in self.elements if e.attrs.get("data-action") == name]
        return found

    def seat_cards(self) -> dict[int, list[str]]:
        """The cards shown in each seat's hand."""
        held: dict[int, list[str]] = {}
        for element in self.elements:
            card = element.attrs.get("data-card")
            if card is None:
                continue
            seat = next((a for a in element.ancestors() if "review-seat" in a.classes), None)
            if seat is not None:
                held.setdefault(int(seat.attrs["data-seat"] or ""), []).append(card)
        return held


def played_game(name: str, seed: int = 5, hands: int = 2) -> Game:
    rng = random.Random(seed)
    game = Game.new(replace(PRESETS[name], hand_cap=hands), seed=seed)
    while game.winner is None and game.hand_number < hands + 5:  # (a tie plays on)
        game = game.apply(adventurous_action(game, rng))
    return game


@pytest.fixture(scope="module", params=list(PRESETS))
def replay(request: pytest.FixtureRequest) -> HandReplay:
    return hand_replays(played_game(request.param))[-1]


def test_every_card_at_its_seat_one_fewer_each_trick(replay: HandReplay) -> None:
    players = replay.players
    for step in range(14):
        page = Page(review.review_html(replay, step, players))
        root = page.elements[0]
        assert "review" in root.classes
        assert root.attrs["data-step"] == str(step)
        assert root.attrs["data-hand"] == str(replay.number)
        held = page.seat_cards()
        assert sum(len(cards) for cards in held.values()) == (13 - step) * players
        for seat in range(players):
            shown = held.get(seat, [])
            assert len(shown) == 13 - step
            played = {str(card) for trick in replay.tricks[:step]
                      for who, card in trick.plays if who == seat}
            assert set(shown) == {str(c) for c in replay.hands_at_play[seat]} - played
        assert len(page.find("review-seat")) == players


def test_the_trick_is_the_engines(replay: HandReplay) -> None:
    players = replay.players
    assert not Page(review.review_html(replay, 0, players)).one("review-trick").attrs.get(
        "data-leader")
    for step in range(1, 14):
        trick = replay.tricks[step - 1]
        page = Page(review.review_html(replay, step, players))
        shown = page.one("review-trick")
        assert shown.attrs["data-leader"] == str(trick.leader)
        assert shown.attrs["data-winner"] == str(trick.winner)
        cards = [e.attrs["data-card"] for e in page.elements
                 if "data-card" in e.attrs and shown in e.ancestors()]
        assert cards == [str(card) for _, card in trick.plays]
        won = {int(e.attrs["data-review-won"] or ""): int(e.text) for e in page.elements
               if "data-review-won" in e.attrs}
        assert sum(won.values()) == step


def test_the_buttons_stop_at_the_ends(replay: HandReplay) -> None:
    players = replay.players

    def disabled(step: int, action: str) -> bool:
        return "disabled" in Page(review.review_html(replay, step, players)).action(
            action).attrs

    assert disabled(0, "review-prev") and disabled(0, "review-first")
    assert not disabled(0, "review-next") and not disabled(0, "review-last")
    assert not disabled(7, "review-prev") and not disabled(7, "review-next")
    assert disabled(13, "review-next") and disabled(13, "review-last")
    assert not disabled(13, "review-prev")
    # Out of range is clamped, as review_step clamps it.
    assert Page(review.review_html(replay, 40, players)).elements[0].attrs["data-step"] == "13"
    assert Page(review.review_html(replay, -2, players)).elements[0].attrs["data-step"] == "0"


def test_the_result_after_the_last_trick(replay: HandReplay) -> None:
    players = replay.players
    assert not Page(review.review_html(replay, 12, players)).find("review-result")
    page = Page(review.review_html(replay, 13, players))
    page.one("review-result")
    points = {int(e.attrs["data-review-points"] or ""): e.text for e in page.elements
              if "data-review-points" in e.attrs}
    assert points == {side: i18n.signed(replay.record.points[side]) for side in (0, 1)}


def test_the_draw_and_the_exchange(replay: HandReplay) -> None:
    page = Page(review.review_html(replay, 0, replay.players))
    if replay.players == 2:
        page.one("review-draw")
        for seat in (0, 1):
            steps = [e for e in page.find("review-draw-step")
                     if any(a.attrs.get("data-seat") == str(seat) for a in e.ancestors())]
            assert [e.attrs["data-kept"] for e in steps] == [
                str(d.taken) for d in replay.draws[seat]]
            assert [e.attrs["data-discarded"] for e in steps] == [
                str(d.discarded) for d in replay.draws[seat]]
        assert len(page.find("review-replace")) == len(replay.replaced)
        assert not page.find("review-exchange")
    else:
        assert not page.find("review-draw")
        assert len(page.find("review-pass")) == len(replay.passes)
        assert bool(page.find("review-exchange")) == bool(replay.passes)


def test_a_hand_checked_review_speaks_to_you() -> None:
    # You (South) lead the 2 of clubs; East trumps every trick (see test_review).
    game = bid_all(Game.new(PRESETS["blind-nil"], deal=suit_deal(), dealer=3), [1, 1, 1, 1])
    replay = hand_replay(finish_hand(game), 0)
    page = Page(review.review_html(replay, 0, 4))
    assert "Before the first trick" in page.one("review-position").text
    assert "You lead the first trick." in page.one("review-trick").text
    assert "Bids" in page.one("review-bids").text and "You\xa01" in page.one("review-bids").text
    # Said in the review dialog's own live region (index.html), not written in its body.
    assert not [e for e in page.elements if e.attrs.get("aria-live")]
    assert review.live_text(replay, 0, 4) == "Before the first trick. You lead the first trick."
    page = Page(review.review_html(replay, 1, 4))
    assert page.one("review-position").text == "Trick 1 of 13"
    assert "You led." in page.one("review-trick").text
    # Each trick's cards in the order they were played, then its winner.
    assert review.live_text(replay, 1, 4) == (
        "Trick 1 of 13. You led the two of clubs. West played the two of diamonds. North "
        "played the two of hearts. East played the two of spades. East won the trick.")
    assert review.live_text(replay, 2, 4) == (
        "Trick 2 of 13. East led the three of spades. You played the three of clubs. West "
        "played the three of diamonds. North played the three of hearts. East won the trick.")
    assert review.live_text(replay, 13, 4).endswith(
        "North played the ace of hearts. East won the trick. The hand is over.")
    assert 'data-seat="3"' in review.review_html(replay, 1, 4)


def test_names_are_escaped() -> None:
    replay = hand_replays(played_game("duel"))[0]
    table.set_seating(table.Seating(viewer=0, names=("<b>Ana</b>", "Bo & \"Co\"")))
    try:
        for step in (0, 1, 13):
            text = review.review_html(replay, step, 2)
            assert "<b>Ana</b>" not in text and "&lt;b&gt;Ana&lt;/b&gt;" in text
            assert "Bo & " not in text and "Bo &amp; &quot;Co&quot;" in text
            Page(text)
        # At a shared screen both players are named, never "You".
        assert "You" not in review.live_text(replay, 1, 2)
    finally:
        table.set_seating(table.Seating())


@pytest.fixture
def german(tmp_path: Path) -> Iterator[None]:
    """The German catalog, compiled as the build compiles it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with (WEB / "locale" / "de" / "LC_MESSAGES" / "spades.po").open("rb") as source:
        catalog = read_po(source, locale="de")
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    target = tmp_path / "de" / "LC_MESSAGES" / "spades.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(out.getvalue())
    i18n.set_language("de", tmp_path)
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("name", ["blind-nil", "two-handed"])
def test_in_german(name: str, german: None) -> None:
    replay = hand_replays(played_game(name))[-1]
    for step in (0, 5, 13):
        page = Page(review.review_html(replay, step, replay.players))
        assert "Ansagen" in page.one("review-bids").text  # "Bids"
        assert "Stiche" in page.find("review-seat")[0].text  # "Won"
    # (the review's own messages are German once the lead has run the extractor)


def test_choices_of_the_score_sheet() -> None:
    assert review.review_choices_html(0) == ""
    page = Page(review.review_choices_html(3))
    buttons = [e for e in page.elements if e.attrs.get("data-action") == "review-hand"]
    assert [e.attrs["data-hand"] for e in buttons] == ["0", "1", "2"]
    assert [e.text for e in buttons] == ["Hand 1", "Hand 2", "Hand 3"]
    assert not any("aria-current" in e.attrs for e in buttons)
    page = Page(review.review_choices_html(3, current=1))
    marked = [e.attrs["data-hand"] for e in page.elements if "aria-current" in e.attrs]
    assert marked == ["1"]
