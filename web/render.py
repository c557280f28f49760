"""HTML for each region of the table, from the plain data of ``table.table_view``.

Pure string building (no browser imports), so the DOM contract the tests rely on
(``data-card``, ``data-playable``, ``data-bid``, ``data-seat``, ``data-score-side``...) is
checked under CPython. main.py writes these strings into stable containers.
"""

from __future__ import annotations

from html import escape

from table import (
    SEAT_NAMES,
    SEAT_POSITIONS,
    SUIT_SYMBOLS,
    CardFace,
    HandSummary,
    SeatInfo,
    SheetRow,
    TableView,
    card_words,
    seat_word,
)


def suit_icon(suit: str, cls: str = "") -> str:
    return f'<svg class="suit {cls}" aria-hidden="true"><use href="#suit-{suit}"/></svg>'


def card_inner(rank: str, suit: str) -> str:
    """The face's drawing; hidden from screen readers, which get the card's name instead."""
    corner = f'<span class="rank">{escape(rank)}</span>{suit_icon(suit)}'
    return (f'<span class="corner tl" aria-hidden="true">{corner}</span>'
            f'{suit_icon(suit, "pip")}'
            f'<span class="corner br" aria-hidden="true">{corner}</span>')


def face_class(suit: str) -> str:
    return "card face red" if suit in "HD" else "card face black"


def hand_card(card: CardFace, index: int, raise_playable: bool) -> str:
    classes = [face_class(card.suit)]
    attrs = [f'data-card="{card.text}"', f'style="--i:{index}"']
    if card.playable:
        attrs.append('data-playable="true"')
        if raise_playable:
            classes.append("raised")
    if card.selected:
        attrs.append('data-selected="true"')
        classes.append("selected")
    ribbon = ""
    if card.new:
        attrs.append('data-new="true"')
        classes.append("new")
        ribbon = '<span class="ribbon" aria-hidden="true">New</span>'
    # The spoken name is the button's own (hidden) text, not an aria-label: a label would
    # have to contain the visible "K" too (WCAG 2.5.3, label in name).
    label = card.label + (", new" if card.new else "") + (", selected" if card.selected else "")
    return (f'<button type="button" class="{" ".join(classes)}" {" ".join(attrs)}>'
            f'<span class="sr-only">{escape(label)}</span>'
            f'{card_inner(card.rank, card.suit)}{ribbon}</button>')


def hand_html(view: TableView) -> str:
    if view.face_down:
        backs = "".join(f'<div class="card back" data-face-down="true" style="--i:{i}"></div>'
                        for i in range(len(view.hand)))
        return backs
    return "".join(hand_card(card, i, view.raise_playable) for i, card in enumerate(view.hand))


def trick_card(seat: int, text: str, extra: str = "", led: bool = False,
               won: bool = False) -> str:
    """A card on the table at its seat's side; ``led`` and ``won`` mark the trick's first
    card and, once the trick is complete, its winner (tags on the card, words for readers)."""
    rank, suit = text[:-1], text[-1]
    pos = SEAT_POSITIONS[seat]
    attrs = f'data-seat="{seat}" data-card="{text}"'
    tags, words = "", ""
    if led:
        attrs += ' data-led="true"'
        tags += '<span class="tag led-tag" aria-hidden="true">Led</span>'
        words += ", led"
    if won:
        attrs += ' data-winner="true"'
        extra += " winner"
        tags += '<span class="tag won-tag" aria-hidden="true">Wins</span>'
        words += ", wins the trick"
    return (f'<div class="{face_class(suit)} at-{pos} {extra.strip()}" {attrs} role="img" '
            f'aria-label="{SEAT_NAMES[seat]}: {escape(card_words(text))}{words}">'
            f'{card_inner(rank, suit)}{tags}</div>')


def trick_html(plays: tuple[tuple[int, str], ...], entering: int | None = None,
               winner: int | None = None) -> str:
    """The cards on the table; ``entering`` (a seat) gets the travel-in animation and
    ``winner`` (a seat, for a finished trick) is marked."""
    return "".join(
        trick_card(seat, text,
                   f"enter-from-{SEAT_POSITIONS[seat]}" if seat == entering else "",
                   led=index == 0, won=seat == winner)
        for index, (seat, text) in enumerate(plays)
    )


def seat_html(seat: SeatInfo) -> str:
    bid = seat.bid or "–"
    dealer = ' <span class="dealer" title="Dealer">D</span>' if seat.dealer else ""
    backs = ""
    if seat.seat != 0:
        backs = (f'<div class="stack" aria-hidden="true"><div class="card back mini"></div>'
                 f'<span class="count">{seat.cards}</span></div>')
    name = seat_word(seat.seat)
    thinking = '<span class="thinking" aria-hidden="true"></span>' if seat.on_turn else ""
    return (
        f'<div class="seat-name">{name}{dealer}{thinking}</div>{backs}'
        f'<div class="seat-stats">'
        f'<span class="seat-bid" title="Bid">Bid <b>{escape(bid)}</b></span>'
        f'<span class="won" title="Tricks won">Won <b data-tricks-seat="{seat.seat}">'
        f'{seat.tricks}</b></span></div>'
        f'<span class="sr-only">{seat.cards} cards</span>'
    )


def scores_html(view: TableView) -> str:
    parts = []
    for side in view.sides:
        contract = "–" if side.contract is None else str(side.contract)
        parts.append(
            f'<div class="side side-{side.side}">'
            f'<div class="side-name">{escape(side.name)}</div>'
            f'<div class="side-score" data-score-side="{side.side}">{side.score}</div>'
            # Each figure keeps its word ("Bags 4" never breaks); the line wraps between them.
            f'<div class="side-line"><span class="nowrap">Bid&nbsp;<b>{contract}</b></span> · '
            f'<span class="nowrap">Won&nbsp;<b>{side.tricks}</b></span> · '
            f'<span class="nowrap">Bags&nbsp;<b data-bags-side="{side.side}">{side.bags}</b>'
            f'</span></div></div>'
        )
    return "".join(parts)


def bids_html(view: TableView, chosen: int | None = None) -> str:
    """The bidding panel (your turn to bid), the Look button, or the exchange prompt."""
    if view.can_look:
        blind = ""
        if view.blind_nil:
            blind = ('<button type="button" class="bid-blind" data-bid="blind">Blind Nil'
                     '<small>bid before looking · ±200</small></button>')
        return (f'<div class="prompt">{escape(view.status)}</div>'
                f'<div class="row">{blind}<button type="button" class="look" '
                f'data-action="look">Look at my cards</button></div>')
    if view.bidding:
        buttons = []
        for n in range(14):
            label = "Nil" if n == 0 else str(n)
            attrs = ' disabled' if n not in view.legal_bids else ""
            cls = "bid chosen" if n == chosen else "bid"
            buttons.append(f'<button type="button" class="{cls}" data-bid="{n}"{attrs} '
                           f'aria-label="Bid {"Nil" if n == 0 else n}">{label}</button>')
        return (f'<div class="prompt">{escape(view.status)}</div>'
                f'<div class="bid-grid" role="group" aria-label="Your bid">'
                f'{"".join(buttons)}</div>')
    if view.passing:
        chosen_count = sum(1 for card in view.hand if card.selected)
        ready = "" if chosen_count == view.passing else " disabled"
        return (f'<div class="prompt">{escape(view.status)} ({chosen_count}/{view.passing})</div>'
                f'<div class="row"><button type="button" class="confirm" data-action="pass"'
                f'{ready}>Pass to {view.pass_to}</button></div>')
    return ""


def summary_html(summary: HandSummary, game_over_text: str, winner: int | None) -> str:
    rows = []
    for side in summary.sides:
        lines = []
        if side.contract:
            verdict = "made" if side.made else "set"
            lines.append(f'<li>Contract {side.contract}, took {side.taken}: '
                         f'<b class="{verdict}">{verdict}</b> '
                         f'<span class="pts">{side.contract_points:+d}</span></li>')
        for nil in side.nils:
            kind = "Blind Nil" if nil.blind else "Nil"
            verdict = "made" if nil.made else "failed"
            lines.append(f'<li>{nil.name}\'s {kind}: <b class="{verdict}">{verdict}</b></li>')
        if side.nils:
            lines.append(f'<li>Nil points <span class="pts">{side.nil_points:+d}</span></li>')
        penalty = (f' · bag penalty <span class="pts">{side.bag_penalty:+d}</span>'
                   if side.bag_penalty else "")
        lines.append(f"<li>Bags this hand: {side.new_bags}{penalty}</li>")
        rows.append(
            f'<div class="sum-side side-{side.side}" data-summary-side="{side.side}">'
            f'<h3>{escape(side.name)}</h3><ul>{"".join(lines)}</ul>'
            f'<div class="sum-total"><span class="nowrap">Hand&nbsp;<b data-hand-points='
            f'"{side.side}">{side.points:+d}</b></span> · <span class="nowrap">Score&nbsp;'
            f'<b>{side.score}</b></span> · <span class="nowrap">Bags&nbsp;<b>{side.bags}</b>'
            f'</span></div></div>'
        )
    if game_over_text:
        title = f'<h2 data-winner="{winner}">{escape(game_over_text)}</h2>'
        button = '<button type="button" class="primary" data-action="new-game">New game</button>'
    else:
        title = f'<h2>Hand {summary.number}: {escape(summary.headline)}</h2>'
        button = '<button type="button" class="primary" data-action="next-hand">Next hand</button>'
    sheet = '<button type="button" data-action="sheet">Score sheet</button>'
    return (f'{title}<div class="sum-sides">{"".join(rows)}</div>'
            f'<div class="row">{sheet}{button}</div>')


def sheet_html(rows: tuple[SheetRow, ...], target: int) -> str:
    if not rows:
        return '<p class="empty">No hands finished yet. The first to ' \
               f'{target} points wins.</p>'
    head = ('<thead><tr><th rowspan="2">Hand</th><th colspan="4">You &amp; North</th>'
            '<th colspan="4">West &amp; East</th></tr><tr>'
            + "<th>Bids</th><th>Won</th><th>Pts</th><th>Score (bags)</th>" * 2
            + "</tr></thead>")
    body = []
    # data-label names each cell where a narrow screen stacks the sheet (table.css); a
    # value never breaks inside ("Blind Nil + 4", "120 (4)").
    for row in rows:
        cells = "".join(
            f'<td data-label="Bids"><span class="nowrap">{escape(row.bids[s])}</span></td>'
            f'<td data-label="Won"><span>{row.tricks[s]}</span></td>'
            f'<td data-label="Pts"><span>{row.points[s]:+d}</span></td>'
            f'<td data-label="Score (bags)"><span class="nowrap"><b>{row.scores[s]}</b>'
            f' ({row.bags[s]})</span></td>'
            for s in (0, 1)
        )
        body.append(f'<tr><td data-label="Hand">{row.number}</td>{cells}</tr>')
    return f'<table class="sheet">{head}<tbody>{"".join(body)}</tbody></table>'


def last_trick_html(plays: tuple[tuple[int, str], ...], winner: int | None) -> str:
    """The last trick in the order it was played: each card under its seat's name, the
    leader and the winner marked."""
    if not plays:
        return '<p class="empty">No trick has been played yet.</p>'
    cells = []
    for index, (seat, text) in enumerate(plays):
        notes = []
        attrs = f'data-seat="{seat}"'
        if index == 0:
            notes.append("led")
            attrs += ' data-led="true"'
        if seat == winner:
            notes.append("won")
            attrs += ' data-winner="true"'
        note = f' <span class="last-note">({", ".join(notes)})</span>' if notes else ""
        rank, suit = text[:-1], text[-1]
        cells.append(
            f'<li class="last-play{" winner" if seat == winner else ""}" {attrs}>'
            f'<span class="last-name">{seat_word(seat)}{note}</span>'
            f'<div class="{face_class(suit)}" data-card="{text}" role="img" '
            f'aria-label="{escape(card_words(text))}">{card_inner(rank, suit)}</div></li>')
    who = ""
    if winner is not None:
        who = f'<p class="last-who">{seat_word(winner)} won it.</p>'
    return f'<ol class="last-plays">{"".join(cells)}</ol>{who}'


def rules_html(lines: list[str]) -> str:
    return "".join(f"<li>{escape(line)}</li>" for line in lines)


__all__ = [
    "SUIT_SYMBOLS", "bids_html", "hand_html", "last_trick_html", "rules_html", "scores_html",
    "seat_html", "sheet_html", "summary_html", "trick_html",
]
