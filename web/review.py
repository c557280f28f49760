"""HTML of the hand review: a finished hand replayed trick by trick, every card face up.

The data comes from ``spades.review`` (the engine's own replay of the hand); this module
only words it and draws it, with the table's card faces and seat names (render.py,
table.py), so the review looks and speaks like the table. Pure string building: the DOM
contract (``data-step``, ``data-seat``, ``data-card``, ``data-leader``, ``data-winner``,
the ``review-*`` actions) is checked under CPython.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import spoken
from i18n import _, ngettext, number, signed
from marks import LABEL_SIGNS, Mark, mark_text, marks_summary
from render import (
    card_inner,
    cards_text,
    face_class,
    last_trick_html,
    nil_line,
    points_html,
    verdict_html,
)
from table import (
    SideSummary,
    addressed,
    bid_text,
    card_words,
    hand_summary,
    position_of,
    seat_name,
    seat_word,
    sort_hand,
)

from spades import Card
from spades.review import CardPass, DrawDecision, HandReplay, Replacement, ReviewStep, review_step

TRICKS = 13


def review_heading(replay: HandReplay) -> str:
    """The review dialog's one title (its h2): which hand is reviewed."""
    return _("Hand {number} review").format(number=replay.number + 1)


def review_html(replay: HandReplay, step: int, players: int,
                hand_marks: Sequence[Mark] | None = None) -> str:
    """The review of one hand after ``step`` tricks (clamped to 0..13): the bids, each
    seat's cards still held, the trick just played, the tricks won, and once the last
    trick is played the hand's result; for two players the draw, at the Blind Nil table
    the exchange; the coach's marks on your decisions (``hand_marks``: None while they
    are being worked out); the buttons that step through it."""
    at = review_step(replay, step)
    seats = "".join(seat_html(replay, at, seat, players) for seat in range(players))
    parts = [
        f'<div class="review" data-step="{at.step}" data-hand="{replay.number}">',
        bids_line(replay, players),
        f'<p class="review-position">{escape(position_text(at.step))}</p>',
        trick_html(at, players),
        marks_html(hand_marks, at.step, players),
        f'<div class="review-seats">{seats}</div>',
        result_html(replay, players) if at.last else "",
        draw_html(replay, players) if players == 2 else "",
        exchange_html(replay.passes, players) if replay.passes else "",
        nav_html(at.step, next_mark(hand_marks, at.step)),
        "</div>",
    ]
    return "".join(parts)


def step_mark(hand_marks: Sequence[Mark] | None, step: int) -> Mark | None:
    """Your decision shown at ``step``: the bid before the first trick, else your card of
    that trick."""
    return next((mark for mark in hand_marks or () if mark.trick == step), None)


def next_mark(hand_marks: Sequence[Mark] | None, step: int) -> int | None:
    """The next step after ``step`` whose decision has a label, if any (then the first)."""
    labelled = sorted(mark.trick for mark in hand_marks or () if mark.label is not None)
    return next((trick for trick in labelled if trick > step), labelled[0] if labelled else None)


def marks_html(hand_marks: Sequence[Mark] | None, step: int, players: int) -> str:
    """The coach's line for this step: your decision's mark (its label's sign, what it
    cost, the better choice); before the first trick, the hand's count of marks too."""
    if hand_marks is None:
        said = escape(_("The coach is judging your decisions…"))
        return f'<p class="review-coach" data-judging="true">{said}</p>'
    lines = []
    if step == 0:
        lines.append(f'<p class="review-coach">{escape(marks_summary(hand_marks))}</p>')
    mark = step_mark(hand_marks, step)
    if mark is not None:
        label = mark.label or ""
        sign = LABEL_SIGNS.get(label, "")
        shown = f'<b class="mark-sign" aria-hidden="true">{sign}</b> ' if sign else ""
        whose = _("Your bid:") if mark.trick == 0 else _("Your card:")
        lines.append(f'<p class="review-mark" data-label="{label or "good"}">{shown}'
                     f'{escape(whose)} {escape(mark_text(mark, players))}</p>')
    return "".join(lines)


def review_choices_html(count: int, current: int | None = None) -> str:
    """Buttons that open the review of each of ``count`` finished hands (0-based
    ``data-hand``); the one under review, ``current``, is marked as such."""
    if count <= 1:  # one hand: nothing to choose
        return ""
    group = escape(_("Review a hand"))
    template = _("Hand {number}")
    buttons = []
    for n in range(count):
        marked = ' class="current" aria-current="true"' if n == current else ""
        buttons.append(f'<button type="button" data-action="review-hand" data-hand="{n}"'
                       f'{marked}>{escape(template.format(number=n + 1))}</button>')
    return (f'<div class="review-choices" role="group" aria-label="{group}">'
            f'{"".join(buttons)}</div>')


# ---------------------------------------------------------------- words


def position_text(step: int) -> str:
    if step == 0:
        return _("Before the first trick")
    return _("Trick {number} of 13").format(number=step)


def led_text(seat: int, players: int) -> str:
    if addressed(seat):
        return _("You led.")
    return _("{seat} led.").format(seat=seat_name(seat, players))


def won_text(seat: int, players: int) -> str:
    if addressed(seat):
        return _("You won the trick.")
    return _("{seat} won the trick.").format(seat=seat_name(seat, players))


def leads_first_text(seat: int, players: int) -> str:
    if addressed(seat):
        return _("You lead the first trick.")
    return _("{seat} leads the first trick.").format(seat=seat_name(seat, players))


def live_text(replay: HandReplay, step: int, players: int,
              hand_marks: Sequence[Mark] | None = None) -> str:
    """The step in words, for the review's live region: where the review is, the trick's
    cards in the order they were played, and who won (whole sentences, one after the
    other)."""
    at = review_step(replay, step)
    if at.trick is None:
        return " ".join([_("Before the first trick."),
                         leads_first_text(replay.first_leader, players),
                         *mark_said(hand_marks, 0, players)])
    assert at.trick.winner is not None  # a finished trick
    plays = [(seat, str(card)) for seat, card in at.trick.plays]
    said = [_("Trick {number} of 13.").format(number=at.step),
            *spoken.plays_said(plays, players), won_text(at.trick.winner, players)]
    if at.last:
        said.append(_("The hand is over."))
    return " ".join([*said, *mark_said(hand_marks, at.step, players)])


def mark_said(hand_marks: Sequence[Mark] | None, step: int, players: int) -> list[str]:
    """The step's mark as the review says it (after the trick)."""
    mark = step_mark(hand_marks, step)
    if mark is None:
        return []
    whose = _("Your bid:") if mark.trick == 0 else _("Your card:")
    return [f"{whose} {mark_text(mark, players)}"]


def tricks_text(count: int) -> str:
    return ngettext("{count} trick", "{count} tricks", count).format(count=count)


# ---------------------------------------------------------------- parts


def mini_card(card: Card, extra: str = "") -> str:
    """A small face-up card: the table's card face, named for screen readers."""
    text = str(card)
    rank, suit = text[:-1], text[-1]
    classes = f"{face_class(suit)} review-card {extra}".strip()
    return (f'<span class="{classes}" data-card="{text}" role="img" '
            f'aria-label="{escape(card_words(text))}">{card_inner(rank, suit)}</span>')


def cards_row(cards: tuple[Card, ...], label: str = "") -> str:
    """Cards in the order the table shows a hand (by suit, high to low), in a row that
    wraps on a narrow screen."""
    by_text = {str(card): card for card in cards}
    faces = "".join(mini_card(by_text[text]) for text in sort_hand(list(by_text)))
    named = f' aria-label="{escape(label)}"' if label else ""
    return f'<div class="review-cards" role="group"{named}>{faces}</div>'


def bids_line(replay: HandReplay, players: int) -> str:
    word = escape(_("Bids"))
    bids = " · ".join(
        f'<span class="nowrap">{escape(seat_word(seat, players))}&nbsp;'
        f'<b>{escape(bid_text(replay.bids[seat], replay.blind[seat], players))}</b></span>'
        for seat in range(players))
    return f'<p class="review-bids"><span class="review-label">{word}</span> {bids}</p>'


def seat_html(replay: HandReplay, at: ReviewStep, seat: int, players: int) -> str:
    """One seat: its name (and the dealer's mark), its bid, the tricks it has won so far
    and the cards it still holds."""
    name = escape(seat_word(seat, players))
    dealer = ""
    if seat == replay.dealer:
        mark, title = escape(_("D")), escape(_("Dealer"))
        dealer = (f' <span class="dealer" title="{title}"><span aria-hidden="true">{mark}'
                  f'</span><span class="sr-only">{title}</span></span>')
    bid = escape(bid_text(replay.bids[seat], replay.blind[seat], players))
    bid_word, won_word = escape(_("Bid")), escape(_("Won"))
    won = at.won[seat]
    hand = at.hands[seat]
    cards = cards_row(hand, seat_name(seat, players)) if hand else ""
    return (f'<div class="review-seat at-{position_of(seat, players)}" data-seat="{seat}">'
            f'<div class="review-name">{name}{dealer}</div>'
            f'<div class="review-stats"><span class="nowrap">{bid_word}&nbsp;<b>{bid}</b>'
            f'</span> · <span class="nowrap" title="{escape(tricks_text(won))}">{won_word}'
            f'&nbsp;<b data-review-won="{seat}">{won}</b></span>'
            f'<span class="sr-only"> · {escape(cards_text(len(hand)))}</span></div>'
            f'{cards}</div>')


def trick_html(at: ReviewStep, players: int) -> str:
    """The trick just played, in playing order, its leader and winner said and marked;
    before the first trick, who leads it."""
    if at.trick is None:
        assert at.next_leader is not None  # a hand has 13 tricks
        said = escape(leads_first_text(at.next_leader, players))
        return f'<div class="review-trick review-before"><p class="review-led">{said}</p></div>'
    trick = at.trick
    plays = tuple((seat, str(card)) for seat, card in trick.plays)
    led = escape(led_text(trick.leader, players))
    return (f'<div class="review-trick" data-leader="{trick.leader}" '
            f'data-winner="{trick.winner}"><p class="review-led">{led}</p>'
            f'{last_trick_html(plays, trick.winner, players)}</div>')


def nav_html(step: int, marked: int | None = None) -> str:
    """First, previous, next and last: disabled where they would go nowhere; and the next
    marked decision (``marked``, its step), when the coach has marked one."""
    def button(action: str, shown: str, label: str, keys: str, enabled: bool) -> str:
        off = "" if enabled else " disabled"
        return (f'<button type="button" data-action="{action}" aria-label="{escape(label)}" '
                f'aria-keyshortcuts="{keys}"{off}>{escape(shown)}</button>')

    back, forward = step > 0, step < TRICKS
    previous, following = _("Previous trick"), _("Next trick")
    next_word = _("Next mark")  # the next decision the coach marked
    return ('<div class="row review-nav">'
            + button("review-first", "«", _("Before the first trick"), "Home", back)
            + button("review-prev", previous, previous, "ArrowLeft", back)
            + button("review-next", following, following, "ArrowRight", forward)
            + button("review-last", "»", _("The last trick"), "End", forward)
            + (f'<button type="button" data-action="review-mark" data-step="{marked}" '
               f'aria-keyshortcuts="M">{escape(next_word)}</button>'
               if marked is not None else "")
            + "</div>")


def result_html(replay: HandReplay, players: int) -> str:
    """After the last trick: each side's points this hand, as the hand summary gives them
    (contract, Nils, bags), with the score after the hand."""
    summary = hand_summary(replay.record, players)
    sides = "".join(result_side(side) for side in summary.sides)
    return (f'<div class="review-result"><p class="review-headline">'
            f'{escape(summary.headline)}</p><div class="review-sides">{sides}</div></div>')


def result_side(side: SideSummary) -> str:
    """One side's result, in the hand summary's words (its own data attributes: the
    summary may be on the page at the same time)."""
    lines = []
    if side.contract:
        template = escape(_("Contract {contract}, took {taken}: {verdict} {points}"))
        lines.append(template.format(contract=side.contract, taken=side.taken,
                                     verdict=verdict_html(side.made, "set"),
                                     points=points_html(side.contract_points)))
    lines += [nil_line(nil) for nil in side.nils]
    if side.nils:
        lines.append(escape(_("Nil points {points}")).format(
            points=points_html(side.nil_points)))
    bags = escape(_("Bags this hand: {count}")).format(count=side.new_bags)
    if side.bag_penalty:
        bags = escape(_("Bags this hand: {count} · bag penalty {points}")).format(
            count=side.new_bags, points=points_html(side.bag_penalty))
    lines.append(bags)
    items = "".join(f"<li>{line}</li>" for line in lines)
    hand, score, bags_word = escape(_("Hand")), escape(_("Score")), escape(_("Bags"))
    return (f'<div class="review-side side-{side.side}" data-review-side="{side.side}">'
            f'<h4>{escape(side.name)}</h4><ul>{items}</ul>'
            f'<p class="review-total"><span class="nowrap">{hand}&nbsp;'
            f'<b data-review-points="{side.side}">{signed(side.points)}</b></span> · '
            f'<span class="nowrap">{score}&nbsp;<b>{number(side.score)}</b></span> · '
            f'<span class="nowrap">{bags_word}&nbsp;<b>{side.bags}</b></span></p></div>')


def draw_html(replay: HandReplay, players: int) -> str:
    """Two players: what each player saw, kept and discarded, in order, and any Double
    Nil replacement (a review shows the cards the table kept secret)."""
    if not any(replay.draws) and not replay.replaced:
        return ""
    seats = []
    for seat in range(players):
        steps = "".join(draw_step(decision) for decision in replay.draws[seat])
        seats.append(f'<div class="review-draw-seat" data-seat="{seat}">'
                     f'<h4>{escape(seat_word(seat, players))}</h4>'
                     f'<ol class="review-draws">{steps}</ol></div>')
    swaps = "".join(replacement_html(swap, players) for swap in replay.replaced)
    title = escape(_("The draw"))
    note = escape(_("Each pair is the top card of the stock and the card below it; the "
                    "card taken is outlined."))
    return (f'<details class="review-draw"><summary>{title}</summary>'
            f'<p class="review-note" aria-hidden="true">{note}</p>'
            f'{"".join(seats)}{swaps}</details>')


def draw_step(decision: DrawDecision) -> str:
    """One draw, as a pair of small cards in stock order (top card first), the card taken
    marked; screen readers get it in a sentence instead."""
    values = {"card": card_words(str(decision.top)), "next": card_words(str(decision.second))}
    if decision.kept:
        said = _("Kept the top card, the {card}, and discarded the {next}.").format(**values)
    else:
        said = _("Discarded the top card, the {card}, and took the {next}.").format(**values)
    top, below = ("review-kept", "review-thrown") if decision.kept else (
        "review-thrown", "review-kept")
    faces = mini_card(decision.top, top) + mini_card(decision.second, below)
    return (f'<li class="review-draw-step" data-kept="{decision.taken}" '
            f'data-discarded="{decision.discarded}"><span class="review-pair" '
            f'aria-hidden="true">{faces}</span><span class="sr-only">{escape(said)}</span>'
            f'</li>')


def replacement_html(swap: Replacement, players: int) -> str:
    """Double Nil: the cards a player gave up and the cards it got from the discards."""
    count = len(swap.given)
    you = addressed(swap.seat)
    if not count:
        said = (_("You kept your hand.") if you else
                _("{seat} kept their hand.").format(seat=seat_name(swap.seat, players)))
        return f'<p class="review-replace" data-seat="{swap.seat}">{escape(said)}</p>'
    if you:
        said = ngettext("You replaced {count} card.", "You replaced {count} cards.", count)
    else:
        said = ngettext("{seat} replaced {count} card.", "{seat} replaced {count} cards.",
                        count)
    said = said.format(count=count, seat=seat_name(swap.seat, players))
    gave, got = _("Given up"), _("Received")
    return (f'<div class="review-replace" data-seat="{swap.seat}"><p>{escape(said)}</p>'
            f'<p class="review-label">{escape(gave)}</p>{cards_row(swap.given, gave)}'
            f'<p class="review-label">{escape(got)}</p>{cards_row(swap.received, got)}</div>')


def exchange_html(passes: tuple[CardPass, ...], players: int) -> str:
    """The Blind Nil exchange: who passed which cards to whom, in order."""
    rows = []
    for move in passes:
        count = len(move.cards)
        giver, receiver = seat_name(move.giver, players), seat_name(move.receiver, players)
        if addressed(move.giver):
            said = ngettext("You passed {count} card to {receiver}.",
                            "You passed {count} cards to {receiver}.", count)
        elif addressed(move.receiver):
            said = ngettext("{giver} passed you {count} card.",
                            "{giver} passed you {count} cards.", count)
        else:
            said = ngettext("{giver} passed {count} card to {receiver}.",
                            "{giver} passed {count} cards to {receiver}.", count)
        said = said.format(count=count, giver=giver, receiver=receiver)
        rows.append(f'<li class="review-pass" data-giver="{move.giver}" '
                    f'data-receiver="{move.receiver}"><p>{escape(said)}</p>'
                    f'{cards_row(move.cards, said)}</li>')
    title = escape(_("The exchange"))
    return (f'<details class="review-exchange"><summary>{title}</summary>'
            f'<ol class="review-passes">{"".join(rows)}</ol></details>')


__all__ = ["live_text", "review_choices_html", "review_html"]
