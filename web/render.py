"""HTML for each region of the table, from the plain data of ``table.table_view``.

Pure string building (no browser imports), so the DOM contract the tests rely on
(``data-card``, ``data-playable``, ``data-bid``, ``data-seat``, ``data-score-side``...) is
checked under CPython. app.py writes these strings into stable containers.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from custom import FORM, Field
from hints import SUGGESTED
from i18n import _, ngettext, number, signed
from table import (
    SUIT_SYMBOLS,
    CardFace,
    HandSummary,
    NilResult,
    Reveal,
    SeatInfo,
    SheetRow,
    SideSummary,
    TableView,
    card_words,
    position_of,
    seat_name,
    seat_word,
    side_name,
)

from spades import Game


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


def hand_card(card: CardFace, raise_playable: bool, drawn: bool = False) -> str:
    classes = [face_class(card.suit)]
    if drawn:
        classes.append("drawn")  # the card you just drew travels into your hand
    attrs = [f'data-card="{card.text}"']
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
        new = escape(_("New"))
        ribbon = f'<span class="ribbon" aria-hidden="true">{new}</span>'
    if card.suggested:  # the hint you asked for (its name says so: hand_card_label)
        classes.append("suggested")
        attrs.append('data-suggested="true"')
    if card.why:  # not playable now: said disabled, with the reason as its description
        # (a tap on it still gets the explanation: aria-disabled keeps it focusable; the
        # description is an attribute, not an element, as the hand's layout counts cards)
        attrs.append(f'aria-disabled="true" aria-description="{escape(card.why)}"')
    # The spoken name is the button's own (hidden) text, not an aria-label: a label would
    # have to contain the visible "K" too (WCAG 2.5.3, label in name).
    label = hand_card_label(card)
    return (f'<button type="button" class="{" ".join(classes)}" {" ".join(attrs)}>'
            f'<span class="sr-only">{escape(label)}</span>'
            f'{card_inner(card.rank, card.suit)}{ribbon}</button>')


def hand_card_label(card: CardFace) -> str:
    """A card of your hand, as a screen reader says it ("..., suggested" by a hint)."""
    if card.suggested:
        return _("{card}, suggested").format(card=hand_card_label(replace(card,
                                                                          suggested=False)))
    if card.new and card.selected:
        return _("{card}, new, selected").format(card=card.label)
    if card.new:
        return _("{card}, new").format(card=card.label)
    if card.selected:
        return _("{card}, selected").format(card=card.label)
    return card.label


def trick_card_label(seat: int, text: str, led: bool, won: bool, players: int = 4) -> str:
    """A card on the table, as a screen reader says it: whose it is, and whether it led
    the trick or wins it."""
    values = {"seat": seat_name(seat, players), "card": card_words(text)}
    if led and won:
        return _("{seat}: {card}, led, wins the trick").format(**values)
    if led:
        return _("{seat}: {card}, led").format(**values)
    if won:
        return _("{seat}: {card}, wins the trick").format(**values)
    return _("{seat}: {card}").format(**values)


def hand_html(view: TableView, drawn: str | None = None) -> str:
    """Your cards (``drawn``: the card your last draw brought, which travels in)."""
    if view.face_down:
        return '<div class="card back" data-face-down="true"></div>' * len(view.hand)
    return "".join(hand_card(card, view.raise_playable, card.text == drawn)
                   for card in view.hand)


def trick_card(seat: int, text: str, extra: str = "", led: bool = False,
               won: bool = False, players: int = 4) -> str:
    """A card on the table at its seat's side; ``led`` and ``won`` mark the trick's first
    card and, once the trick is complete, its winner (tags on the card, words for readers)."""
    rank, suit = text[:-1], text[-1]
    pos = position_of(seat, players)
    attrs = f'data-seat="{seat}" data-card="{text}"'
    tags = ""
    if led:
        attrs += ' data-led="true"'
        word = escape(_("Led"))
        tags += f'<span class="tag led-tag" aria-hidden="true">{word}</span>'
    if won:
        attrs += ' data-winner="true"'
        extra += " winner"
        word = escape(_("Wins"))
        tags += f'<span class="tag won-tag" aria-hidden="true">{word}</span>'
    label = trick_card_label(seat, text, led, won, players)
    return (f'<div class="{face_class(suit)} at-{pos} {extra.strip()}" {attrs} role="img" '
            f'aria-label="{escape(label)}">'
            f'{card_inner(rank, suit)}{tags}</div>')


def trick_html(plays: tuple[tuple[int, str], ...], entering: int | None = None,
               winner: int | None = None, players: int = 4) -> str:
    """The cards on the table; ``entering`` (a seat) gets the travel-in animation and
    ``winner`` (a seat, for a finished trick) is marked."""
    return "".join(
        trick_card(seat, text,
                   f"enter-from-{position_of(seat, players)}" if seat == entering else "",
                   led=index == 0, won=seat == winner, players=players)
        for index, (seat, text) in enumerate(plays)
    )


def dealer_badge() -> str:
    """The dealer's mark: one letter to see, the word for a screen reader (a phone shows
    no tooltip, so the score sheet explains the letter too: ``dealer_legend``)."""
    # TRANSLATORS: the mark beside the dealer's name, one letter (the score sheet says it).
    mark = escape(_("D"))
    title = escape(_("Dealer"))
    return (f'<span class="dealer" title="{title}"><span aria-hidden="true">{mark}</span>'
            f'<span class="sr-only">{title}</span></span>')


def dealer_legend() -> str:
    """The score sheet's line that explains the dealer's mark on the table."""
    text = escape(_("{mark} beside a name marks the dealer of this hand.")).format(
        mark=f'<span class="dealer" aria-hidden="true">{escape(_("D"))}</span>')
    return f'<p class="sheet-legend">{text}</p>'


def seat_html(seat: SeatInfo, players: int = 4, bubble: str = "") -> str:
    """A seat's panel; ``bubble``: a reaction's bubble by it (web/talk.py; table.css
    places it beside the panel, or over the panel's own words where the felt has no
    room beside it)."""
    bid = seat.bid or "–"
    dealer = ""
    if seat.dealer:
        dealer = " " + dealer_badge()
    backs = ""
    if seat.position != "south":  # (the seat at the bottom is yours: your cards are below)
        backs = (f'<div class="stack" aria-hidden="true"><div class="card back mini"></div>'
                 f'<span class="count">{seat.cards}</span></div>')
    name = escape(seat_word(seat.seat, players))
    bid_word, won_word, tricks_won = escape(_("Bid")), escape(_("Won")), escape(_("Tricks won"))
    thinking = '<span class="thinking" aria-hidden="true"></span>' if seat.on_turn else ""
    return (
        f'<div class="seat-name">{name}{dealer}{thinking}</div>{backs}'
        f'<div class="seat-stats">'
        f'<span class="seat-bid">{bid_word} <b>{escape(bid)}</b></span>'
        f'<span class="won" title="{tricks_won}">{won_word} '
        f'<b data-tricks-seat="{seat.seat}">{seat.tricks}</b></span></div>'
        f'<span class="sr-only">{escape(cards_text(seat.cards))}</span>{bubble}'
    )


def cards_text(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def scores_html(view: TableView) -> str:
    bid, won, bags = escape(_("Bid")), escape(_("Won")), escape(_("Bags"))
    parts = []
    for side in view.sides:
        contract = escape(side.contract_text)
        yours = " yours" if side.yours else ""
        parts.append(
            f'<div class="side side-{side.side}{yours}">'
            f'<div class="side-name">{escape(side.name)}</div>'
            f'<div class="side-score" data-score-side="{side.side}">{number(side.score)}</div>'
            # Each figure keeps its word ("Bags 4" never breaks); the line wraps between them.
            f'<div class="side-line"><span class="nowrap">{bid}&nbsp;<b>{contract}</b></span>'
            f' · <span class="nowrap">{won}&nbsp;<b>{side.tricks}</b></span> · '
            f'<span class="nowrap">{bags}&nbsp;<b data-bags-side="{side.side}">{side.bags}</b>'
            f'</span></div></div>'
        )
    return "".join(parts)


def suggestion(view: TableView, name: str) -> tuple[str, str]:
    """The class and attributes of the bids panel's button ``name`` ("bid:3", "blind",
    "look", "keep", "discard") when the hint you asked for suggests it, else ("", "")."""
    if view.suggested != name:
        return "", ""
    return " suggested", f' data-suggested="true" aria-description="{escape(_(SUGGESTED))}"'


def bids_html(view: TableView, chosen: int | None = None) -> str:
    """The bidding panel (your turn to bid), the Look button, or the exchange prompt."""
    if view.can_look:
        blind = ""
        if view.blind_nil:
            stakes = _("bid before looking · ±{points}").format(points=view.blind_nil_points)
            name = escape(_("Blind Nil"))
            cls, attrs = suggestion(view, "blind")
            blind = (f'<button type="button" class="bid-blind{cls}" data-bid="blind"{attrs}>'
                     f'{name}<small>{escape(stakes)}</small></button>')
        look = escape(_("Look at my cards"))
        cls, attrs = suggestion(view, "look")
        return (f'<div class="prompt">{escape(view.status)}</div>'
                f'<div class="row">{blind}<button type="button" class="look{cls}" '
                f'data-action="look"{attrs}>{look}</button></div>')
    if view.bidding:
        buttons = []
        for n in range(14):
            text = _("Nil") if n == 0 else str(n)
            hinted, said = suggestion(view, f"bid:{n}")
            attrs = (' disabled' if n not in view.legal_bids else "") + said
            cls = ("bid chosen" if n == chosen else "bid") + hinted
            name = _("Bid {bid}").format(bid=text)
            buttons.append(f'<button type="button" class="{cls}" data-bid="{n}"{attrs} '
                           f'aria-label="{escape(name)}">{escape(text)}</button>')
        group = escape(_("Your bid"))
        return (f'<div class="prompt">{escape(view.status)}</div>'
                f'<div class="bid-grid" role="group" aria-label="{group}">'
                f'{"".join(buttons)}</div>')
    if view.drawing:
        return draw_html(view)
    if view.replacing:
        chosen_count = sum(1 for card in view.hand if card.selected)
        label = ngettext("Replace {count} card", "Replace {count} cards",
                         chosen_count).format(count=chosen_count)
        if not chosen_count:
            label = _("Keep my hand")
        return (f'<div class="prompt">{escape(view.status)} ({chosen_count}/{view.replacing})'
                f'</div><div class="row"><button type="button" class="confirm" '
                f'data-action="replace">{escape(label)}</button></div>')
    if view.passing:
        pass_to = _("Pass to {seat}").format(seat=view.pass_to)
        chosen_count = sum(1 for card in view.hand if card.selected)
        ready = "" if chosen_count == view.passing else " disabled"
        return (f'<div class="prompt">{escape(view.status)} ({chosen_count}/{view.passing})</div>'
                f'<div class="row"><button type="button" class="confirm" data-action="pass"'
                f'{ready}>{escape(pass_to)}</button></div>')
    return ""


def draw_html(view: TableView) -> str:
    """Your draw: the top card of the stock, face up for you alone, Keep and Discard;
    before your first draw at the Two-handed table, first Double Nil with the stakes."""
    if view.offer_first:
        return double_nil_offer_html(view)
    top = view.top_card
    assert top is not None  # drawing: the engine shows you the top card
    keep, discard = escape(_("Keep")), escape(_("Discard"))
    keys = escape(_("Keys: K or Enter keeps, D or Delete discards."))
    # Double Nil is offered only before the top card is seen (double_nil_offer_html): once
    # you look, the engine still allows it until you draw, but it would no longer be blind.
    card = (f'<div class="{face_class(top.suit)} top-card" data-top-card="{top.text}" '
            f'role="img" aria-label="{escape(top.label)}">{card_inner(top.rank, top.suit)}'
            f'</div>')
    keep_cls, keep_attrs = suggestion(view, "keep")
    discard_cls, discard_attrs = suggestion(view, "discard")
    discard_class = ' class="suggested"' if discard_cls else ""
    return (f'<div class="prompt">{escape(view.status)}</div>'
            f'<div class="draw-choice">{card}<div class="row draw-buttons">'
            f'<button type="button" class="primary{keep_cls}" data-draw="keep" '
            f'aria-keyshortcuts="K Enter"{keep_attrs}>{keep}</button>'
            f'<button type="button"{discard_class} data-draw="discard" '
            f'aria-keyshortcuts="D Delete"{discard_attrs}>'
            f'{discard}</button></div></div>'
            f'<p class="pile-line">{escape(piles_text(view))}</p>'
            f'<p class="keys-hint">{keys}</p>')


def double_nil_offer_html(view: TableView) -> str:
    """Two-handed, before your first draw: Double Nil, or look at the top card (which stays
    face down until then: a blind bid is made before any card is seen)."""
    name = escape(_("Double Nil"))
    stakes = escape(_("before your first draw · ±{points}").format(points=view.blind_nil_points))
    look = escape(_("Look at the top card"))
    blind_cls, blind_attrs = suggestion(view, "blind")
    look_cls, look_attrs = suggestion(view, "look")
    return (f'<div class="prompt">{escape(view.status)}</div>'
            f'<p class="stakes">{escape(view.score_line)}</p>'
            f'<div class="row"><button type="button" class="bid-blind{blind_cls}" '
            f'data-bid="blind"{blind_attrs}>{name}'
            f'<small>{stakes}</small></button><button type="button" class="look primary'
            f'{look_cls}" data-action="look"{look_attrs}>{look}</button></div>'
            f'<p class="pile-line">{escape(piles_text(view))}</p>')


def reveal_html(reveal: Reveal) -> str:
    """For the player who just moved alone: the card that went to the discards after
    Keep, or the cards received after Double Nil, face up, with OK."""
    attr = "data-thrown-card" if reveal.kind == "thrown" else "data-received-card"
    cards = "".join(
        f'<div class="{face_class(card.suit)}" {attr}="{card.text}" role="img" '
        f'aria-label="{escape(card.label)}">{card_inner(card.rank, card.suit)}</div>'
        for card in reveal.cards)
    ok = escape(_("OK"))
    return (f'<div class="reveal" data-reveal="{reveal.kind}">'
            f'<div class="prompt" id="reveal-text">{escape(reveal.text)}</div>'
            f'<div class="row reveal-cards">{cards}</div>'
            f'<div class="row"><button type="button" class="primary" data-action="reveal-ok" '
            f'aria-describedby="reveal-text">{ok}</button></div></div>')


def piles_text(view: TableView) -> str:
    return _("Stock: {stock} · discards: {discards}").format(stock=view.stock_left,
                                                            discards=view.discards)


def piles_html(view: TableView) -> str:
    """Two players, while the hands are drawn: the stock and the face-down discards."""
    stock = ngettext("Stock: {count} card", "Stock: {count} cards",
                     view.stock_left).format(count=view.stock_left)
    discards = ngettext("Discards: {count} card", "Discards: {count} cards",
                        view.discards).format(count=view.discards)
    return (f'<div class="pile stock" data-stock="{view.stock_left}">'
            f'<div class="card back"></div><span class="pile-count">{escape(stock)}</span>'
            f'</div><div class="pile discards" data-discards="{view.discards}">'
            f'<div class="card back{" empty" if not view.discards else ""}"></div>'
            f'<span class="pile-count">{escape(discards)}</span></div>')


def verdict_html(made: bool, failure: str) -> str:
    """The verdict, styled: "made", else the failure ("set" for a contract, "failed" for a
    Nil). The class is the English word, for the stylesheet."""
    if made:
        word, cls = _("made"), "made"
    elif failure == "set":
        word, cls = _("set"), "set"
    else:
        word, cls = _("failed"), "failed"
    return f'<b class="{cls}">{escape(word)}</b>'


def nil_line(nil: NilResult) -> str:
    verdict = verdict_html(nil.made, "failed")
    if nil.you:
        if nil.double:
            template = _("Your Double Nil: {verdict}")
        elif nil.blind:
            template = _("Your Blind Nil: {verdict}")
        else:
            template = _("Your Nil: {verdict}")
        return escape(template).format(verdict=verdict)
    if nil.double:
        template = _("{seat}'s Double Nil: {verdict}")
    elif nil.blind:
        template = _("{seat}'s Blind Nil: {verdict}")
    else:
        template = _("{seat}'s Nil: {verdict}")
    return escape(template).format(seat=escape(nil.name), verdict=verdict)


def points_html(points: int) -> str:
    return f'<span class="pts">{signed(points)}</span>'


def summary_side_html(side: SideSummary) -> str:
    lines = []
    if side.contract and side.nil_bags:
        # The failed Nil's tricks are bags in the contract's points: said, so that 10 a
        # trick, the overtricks and these add up to the figure shown.
        template = escape(ngettext(
            "Contract {contract}, took {taken}, and {count} trick of the failed Nil "
            "counted as a bag: {verdict} {points}",
            "Contract {contract}, took {taken}, and {count} tricks of the failed Nil "
            "counted as bags: {verdict} {points}", side.nil_bags))
        lines.append("<li>" + template.format(
            contract=side.contract, taken=side.taken, count=side.nil_bags,
            verdict=verdict_html(side.made, "set"),
            points=points_html(side.contract_points)) + "</li>")
    elif side.contract:
        template = escape(_("Contract {contract}, took {taken}: {verdict} {points}"))
        lines.append("<li>" + template.format(
            contract=side.contract, taken=side.taken,
            verdict=verdict_html(side.made, "set"),
            points=points_html(side.contract_points)) + "</li>")
    for nil in side.nils:
        lines.append(f"<li>{nil_line(nil)}</li>")
    if side.nils:
        template = escape(_("Nil points {points}"))
        lines.append(f"<li>{template.format(points=points_html(side.nil_points))}</li>")
    bags = escape(_("Bags this hand: {count}")).format(count=side.new_bags)
    if side.bag_penalty:
        bags = escape(_("Bags this hand: {count} · bag penalty {points}")).format(
            count=side.new_bags, points=points_html(side.bag_penalty))
    lines.append(f"<li>{bags}</li>")
    hand, score, bags_word = escape(_("Hand")), escape(_("Score")), escape(_("Bags"))
    return (
        f'<div class="sum-side side-{side.side}" data-summary-side="{side.side}">'
        f'<h3>{escape(side.name)}</h3><ul>{"".join(lines)}</ul>'
        f'<div class="sum-total"><span class="nowrap">{hand}&nbsp;<b '
        f'data-hand-points="{side.side}">{signed(side.points)}</b></span> · '
        f'<span class="nowrap">{score}&nbsp;<b>{number(side.score)}</b></span> · '
        f'<span class="nowrap">'
        f'{bags_word}&nbsp;<b>{side.bags}</b></span></div></div>'
    )


def summary_html(summary: HandSummary, game_over_text: str, winner: int | None,
                 par_line: str = "", number: int | None = None, share: bool = False,
                 hints_line: str = "", coach_line: str = "", share_said: str = "") -> str:
    """The hand's summary; ``par_line`` compares your side's points with the Expert's in
    your seats, and hand ``number`` (0-based) can be reviewed trick by trick. ``share``:
    the game over of today's game, whose result can be shared from here (its
    confirmation is said beside the button, in .share-said). ``hints_line``: a game with
    hints says how many (web/hints.py hints_used_text). ``coach_line``: the coach's marks
    of the hand in a word (web/marking.py coach_line). ``share_said``: the confirmation of
    a Share already pressed, kept when the summary is written again (a par that lands)."""
    rows = "".join(summary_side_html(side) for side in summary.sides)
    par = f'<p class="sum-par">{escape(par_line)}</p>' if par_line else ""
    if hints_line:
        par += f'<p class="sum-hints" data-hints>{escape(hints_line)}</p>'
    if coach_line:
        par += f'<p class="sum-coach" data-coach>{escape(coach_line)}</p>'
    if game_over_text:
        title = f'<h2 data-winner="{winner}">{escape(game_over_text)}</h2>'
        word = escape(_("New game"))
        button = f'<button type="button" class="primary" data-action="new-game">{word}</button>'
    else:
        heading = _("Hand {number}: {headline}").format(number=summary.number,
                                                        headline=summary.headline)
        title = f'<h2>{escape(heading)}</h2>'
        word = escape(_("Next hand"))
        button = f'<button type="button" class="primary" data-action="next-hand">{word}</button>'
    sheet_word = escape(_("Score sheet"))
    sheet = f'<button type="button" data-action="sheet">{sheet_word}</button>'
    review = ""
    if number is not None:
        review_word = escape(_("Review the hand"))
        review = (f'<button type="button" data-action="review-hand" data-hand="{number}">'
                  f'{review_word}</button>')
    share_button = said = ""
    if share and game_over_text:
        share_word = escape(_("Share the result"))
        share_button = f'<button type="button" data-action="share">{share_word}</button>'
        said = f'<p class="share-said" role="status">{escape(share_said)}</p>'
    return (f'{title}<div class="sum-sides">{rows}</div>{par}'
            f'<div class="row">{review}{sheet}{share_button}{button}</div>{said}')


def ending_html(why: str, game: Game, names: tuple[str, str], viewer: int) -> str:
    """The end of an online game that ended before its score did (a forfeit, a player
    who left, a cheat caught): why, the score it ended at, and the way on (a new game; the
    score sheet; the last hand's review, if a hand was finished). ``names``: the two
    sides'; ``viewer``: the page's seat (at four, its side is ``viewer % 2``)."""
    hands = len(game.history)
    side = viewer % 2  # (at four, the viewer's seat: its side)
    score = ngettext("{ours} to {theirs}, after {count} hand.",
                     "{ours} to {theirs}, after {count} hands.", hands).format(
        ours=number(game.scores[side]), theirs=number(game.scores[1 - side]),
        count=hands)
    yours, theirs = escape(names[side]), escape(names[1 - side])
    review = ""
    if hands:
        review_word = escape(_("Review the hand"))
        review = (f'<button type="button" data-action="review-hand" data-hand="{hands - 1}">'
                  f'{review_word}</button>')
    sheet = f'<button type="button" data-action="sheet">{escape(_("Score sheet"))}</button>'
    button = (f'<button type="button" class="primary" data-action="new-game">'
              f'{escape(_("New game"))}</button>')
    return (f'<h2 data-ending>{escape(why)}</h2>'
            f'<p class="sum-ending">{yours} – {theirs}: {escape(score)}</p>'
            f'<div class="row">{review}{sheet}{button}</div>')


def sheet_html(rows: tuple[SheetRow, ...], target: int, players: int = 4,
               heading: str = "", par: dict[int, int | None] | None = None) -> str:
    """The score sheet, under ``heading`` (the table's name and its limits); ``par`` by
    hand (None while it is worked out) adds the Expert's points in your seats."""
    if not heading:
        return sheet_table(rows, target, players, par)
    top = f'<p class="sheet-rules">{escape(heading)}</p>'
    # The heading states the target already: an empty sheet does not say it again.
    table_html = (sheet_table(rows, target, players, par) if rows
                  else f'<p class="empty">{escape(_("No hands finished yet."))}</p>')
    return top + table_html + dealer_legend()


def par_cell(par: dict[int, int | None] | None, number: int, label: str) -> str:
    if par is None:
        return ""
    points = par.get(number)
    text = "…" if points is None else signed(points)
    return f'<td data-label="{label}" class="par"><span>{text}</span></td>'


def review_cell(number: int, label: str) -> str:
    """The hand's number, a button that opens its trick-by-trick review."""
    name = escape(_("Review hand {number}").format(number=number))
    return (f'<td data-label="{label}"><button type="button" class="link" '
            f'data-action="review-hand" data-hand="{number - 1}" aria-label="{name}" '
            f'title="{name}">{number}</button></td>')


def sheet_table(rows: tuple[SheetRow, ...], target: int, players: int,
                par: dict[int, int | None] | None = None) -> str:
    if not rows:
        empty = _("No hands finished yet. The first to {target} points wins.").format(
            target=target)
        return f'<p class="empty">{escape(empty)}</p>'
    columns = [escape(_("Bids")), escape(_("Won")), escape(_("Pts")), escape(_("Score (bags)"))]
    hand = escape(_("Hand"))
    par_word = escape(_("Expert's par"))
    par_head = f'<th rowspan="2" class="par">{par_word}</th>' if par is not None else ""
    head = (f'<thead><tr><th rowspan="2">{hand}</th>'
            f'<th colspan="4">{escape(side_name(0, players))}</th>'
            f'<th colspan="4">{escape(side_name(1, players))}</th>{par_head}</tr><tr>'
            + "".join(f"<th>{word}</th>" for word in columns) * 2
            + "</tr></thead>")
    bids, won, pts, score = columns
    body = []
    # data-label names each cell where a narrow screen stacks the sheet (table.css); a
    # value never breaks inside ("Blind Nil + 4", "120 (4)").
    for row in rows:
        cells = [
            f'<td data-label="{bids}"><span class="nowrap">{escape(row.bids[s])}</span></td>'
            f'<td data-label="{won}"><span>{row.tricks[s]}</span></td>'
            f'<td data-label="{pts}"><span>{signed(row.points[s])}</span></td>'
            f'<td data-label="{score}"><span class="nowrap"><b>{number(row.scores[s])}</b>'
            f' ({row.bags[s]})</span></td>'
            for s in (0, 1)
        ]
        body.append(f'<tr>{review_cell(row.number, hand)}{cells[0]}{cells[1]}'
                    f'{par_cell(par, row.number - 1, par_word)}</tr>')
    return f'<table class="sheet">{head}<tbody>{"".join(body)}</tbody></table>'


def last_note(led: bool, won: bool) -> str:
    if led and won:
        return _("(led, won)")
    return _("(led)") if led else _("(won)")


def last_trick_html(plays: tuple[tuple[int, str], ...], winner: int | None,
                    players: int = 4) -> str:
    """The last trick in the order it was played: each card under its seat's name, the
    leader and the winner marked."""
    if not plays:
        none = escape(_("No trick has been played yet."))
        return f'<p class="empty">{none}</p>'
    cells = []
    for index, (seat, text) in enumerate(plays):
        attrs = f'data-seat="{seat}"'
        led, won = index == 0, seat == winner
        if led:
            attrs += ' data-led="true"'
        if won:
            attrs += ' data-winner="true"'
        note = ""
        if led or won:
            note = f' <span class="last-note">{escape(last_note(led, won))}</span>'
        rank, suit = text[:-1], text[-1]
        cells.append(
            f'<li class="last-play{" winner" if won else ""}" {attrs}>'
            f'<span class="last-name">{escape(seat_word(seat, players))}{note}</span>'
            f'<div class="{face_class(suit)}" data-card="{text}" role="img" '
            f'aria-label="{escape(card_words(text))}">{card_inner(rank, suit)}</div></li>')
    who = ""
    if winner is not None:
        said = (_("You won it.") if winner == 0
                else _("{seat} won it.").format(seat=seat_name(winner, players)))
        who = f'<p class="last-who">{escape(said)}</p>'
    return f'<ol class="last-plays">{"".join(cells)}</ol>{who}'


def rules_html(lines: list[str]) -> str:
    return "".join(f"<li>{escape(line)}</li>" for line in lines)


__all__ = [
    "SUIT_SYMBOLS", "bids_html", "hand_html", "last_trick_html", "rules_html", "scores_html",
    "seat_html", "sheet_html", "summary_html", "trick_html",
]


def custom_html(fields: tuple[Field, ...], values: dict[str, str],
                errors: dict[str, str]) -> str:
    """The custom table's settings (Options): each field with its label, and beside it
    the reason a value is refused (the form's own words, in the page's language)."""
    rows = []
    general = errors.get(FORM, "")
    rows.append(f'<p class="field-error" id="custom-error-form" role="alert">'
                f'{escape(general)}</p>')
    for field in fields:
        name, value = field.name, values.get(field.name, "")
        error = errors.get(name, "")
        ident = f"custom-{name}"
        described = f' aria-describedby="{ident}-error"'
        invalid = ' aria-invalid="true"' if error else ""
        if field.kind == "switch":
            checked = " checked" if value == "on" else ""
            control = (f'<label class="switch"><input type="checkbox" name="{ident}"'
                       f'{checked}{described}{invalid}> {escape(field.shown)}</label>')
        elif field.kind == "choice":
            options = "".join(
                f'<option value="{choice}"{" selected" if choice == value else ""}>'
                f'{escape(field.option_label(choice))}</option>' for choice in field.choices)
            control = (f'<label>{escape(field.shown)} <select name="{ident}"{described}'
                       f'{invalid}>{options}</select></label>')
        else:
            shown = "" if value == "none" else value
            hint = (f' placeholder="{escape(_(field.none_label))}"'
                    if field.kind == "number_or_none" else "")
            control = (f'<label>{escape(field.shown)} <input type="text" inputmode="numeric" '
                       f'name="{ident}" value="{escape(shown)}" maxlength="6"{hint}'
                       f'{described}{invalid}></label>')
        rows.append(f'<div class="custom-field">{control}<span class="field-error" '
                    f'id="{ident}-error">{escape(error)}</span></div>')
    return "".join(rows)


def deal_html(seed: int, link: str) -> str:
    """Below the score sheet: the deal's number, "Play this deal again" and a link to it."""
    deal = escape(_("Deal {seed}").format(seed=seed))
    again, share = escape(_("Play this deal again")), escape(_("Link to this deal"))
    export = escape(_("Save this game as a file"))
    return (f'<div class="deal"><span class="deal-number" data-seed="{seed}">{deal}</span>'
            f'<div class="row"><button type="button" data-action="ask-replay">{again}</button>'
            f'<button type="button" data-action="export">{export}</button>'
            f'<a class="deal-link" href="{escape(link)}">{share}</a></div></div>')
