"""What the table shows: a pure function from (game, preferences, UI state) to plain data.

No browser imports and no rules: who may play what comes from ``game.legal_actions()``,
scores from the engine's ``HandRecord``. The DOM layer (app.py) only writes this data
into the page, so everything the player sees is tested here under CPython.
"""

from __future__ import annotations

from dataclasses import dataclass

import custom
from i18n import N_, _, ngettext, number, translations
from prefs import Prefs
from store import UiState

from spades import Action, Bid, Card, Draw, Game, Pass, Phase, Play, Replace, Rules
from spades.explanations import card_name, suit_name
from spades.records import HandRecord

SEAT_NAMES = (N_("South"), N_("West"), N_("North"), N_("East"))
"""Each seat's compass name (translated where shown: ``seat_name``)."""
SEAT_POSITIONS = ("south", "west", "north", "east")
"""Where each seat of a four-player table sits; at two players seat 1 sits north."""
SIDE_NAMES = (N_("You & North"), N_("West & East"))
TABLE_NAMES = (N_("Classic"), N_("Blind Nil"), N_("Quick"), N_("Duel"), N_("Two-handed classic"))
"""The presets' names (``Rules.name``), marked here so the catalogs translate them."""
YOU = 0
"""Your seat at a table with the computer (South)."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits at this device: ``viewer`` is the seat whose cards the table shows at
    the bottom (yours; at pass and play, the player who tapped Ready), ``names`` the
    players' names at pass and play (by seat; empty against the computer)."""

    viewer: int = YOU
    names: tuple[str, ...] = ()


_seating = [Seating()]


def set_seating(seating: Seating) -> None:
    """Seat the table's words and views (like the language, one per page)."""
    _seating[0] = seating


def viewer() -> int:
    return _seating[0].viewer


def player_names() -> tuple[str, ...]:
    return _seating[0].names


def partner() -> int:
    """Your partner's seat at four players: across the table."""
    return (viewer() + PARTNER) % 4


def addressed(seat: int) -> bool:
    """Whether the table says "you" to this seat: yours, against the computer (at pass and
    play both players are named, as they share the screen)."""
    return seat == viewer() and not player_names()
PARTNER = 2

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
"""Display order of your hand: black and red alternate so neighbouring suits differ."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as the table shows it."""

    text: str
    """The card as the engine writes it: "QS", "10H"."""
    rank: str
    suit: str
    playable: bool = False
    selected: bool = False
    new: bool = False
    """Received in this hand's exchange (Blind Nil): marked until you play a card."""
    why: str = ""
    """While you are to play: why the rules do not let you play this card (the engine's
    explanation), for assistive technology; "" for a card you may play."""
    suggested: bool = False
    """The hint you asked for suggests this card (web/hints.py)."""

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def label(self) -> str:
        """For screen readers: "queen of spades"."""
        return card_words(self.text)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat's panel: its name, bid, tricks and marks."""

    seat: int
    name: str
    position: str
    label: str
    """The seat's panel as a screen reader names it ("North, your partner")."""
    bid: str
    """"" before bidding, "Nil", "Blind Nil", or the number."""
    tricks: int
    cards: int
    on_turn: bool
    dealer: bool


@dataclass(frozen=True, slots=True)
class SideInfo:
    """A side's line in the header: contract, tricks, score and bags."""

    side: int
    name: str
    contract: int | None
    """The side's contract once either partner has bid (Nil bids add nothing)."""
    tricks: int
    score: int
    bags: int
    contract_text: str = "–"
    """The contract as the top bar says it: "–" before a bid, the number, or at two
    players the seat's own word for a Nil ("Nil", "Double Nil"), as its seat says it."""
    yours: bool = False
    """The side of the player holding the device (at pass and play, who tapped Ready)."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """What only the player who just moved sees before the table moves on: after Keep,
    the next card, which goes to the discards (002); after a Double Nil replacement, the
    cards received. Face up to that player alone: the cover waits for their OK."""

    kind: str
    """"thrown" or "received"."""
    text: str
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class NilResult:
    """A Nil bid of the hand, and whether it was made."""

    name: str
    you: bool
    blind: bool
    double: bool
    """A blind Nil at two players is Double Nil."""
    made: bool


@dataclass(frozen=True, slots=True)
class SideSummary:
    """A side's part of the hand's summary: its contract, tricks and points."""

    side: int
    name: str
    contract: int
    taken: int
    made: bool
    contract_points: int
    nils: tuple[NilResult, ...]
    nil_points: int
    new_bags: int
    bag_penalty: int
    points: int
    score: int
    bags: int
    nil_bags: int = 0
    """The failed Nil's tricks counted in ``contract_points`` as bags (the engine's
    ``SideResult.nil_bags``): named in the contract's line so that its sum adds up."""


@dataclass(frozen=True, slots=True)
class HandSummary:
    """The summary shown at a hand's end."""

    number: int
    """1 for the first hand."""
    sides: tuple[SideSummary, SideSummary]
    headline: str


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One hand's line on the score sheet, a column a side."""

    number: int
    bids: tuple[str, str]
    tricks: tuple[int, int]
    points: tuple[int, int]
    bags: tuple[int, int]
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the page shows of the table, ready to render."""

    table_name: str
    level: str
    daily: bool
    phase: str
    hand_number: int
    your_turn: bool
    face_down: bool
    """Blind Nil table: your cards stay face down until you look or bid Blind Nil."""
    hand: tuple[CardFace, ...]
    raise_playable: bool
    seats: tuple[SeatInfo, ...]
    sides: tuple[SideInfo, SideInfo]
    trick: tuple[tuple[int, str], ...]
    spades_broken: bool
    """A spade has been played this hand (so spades may be led): shown beside the status."""
    bidding: bool
    """Your turn to bid: the bid buttons are shown."""
    legal_bids: frozenset[int]
    blind_nil: bool
    """Blind Nil may be bid now (only offered before you look)."""
    blind_nil_points: int
    players: int
    drawing: bool
    """Two players: your turn to keep or discard the top card of the stock."""
    top_card: CardFace | None
    """Two players: the top card of the stock, face up for you alone while you draw."""
    stock_left: int
    discards: int
    """Two players: the face-down discard pile's count."""
    double_nil: bool
    """Two-handed: Double Nil may be declared now (before your first draw)."""
    replacing: int
    """Double Nil: your turn to replace cards: at most this many (else 0)."""
    score_line: str
    """Two players: the score and the stakes of Double Nil in words."""
    handoff: str
    """Pass and play: the name of the player to hand the device to ("" when not): the
    table then shows neither player's cards."""
    handoff_news: str
    """Pass and play: what the other player just did in the draw (kept or discarded,
    never the card), said on the cover to the player taking the device."""
    offer_first: bool
    """Two-handed: Double Nil is offered before your first draw, and the top card stays
    hidden until you decline it (a blind bid is made before any card is seen, 001)."""
    can_look: bool
    passing: int
    """Your turn in the Blind Nil exchange: how many cards to choose (else 0)."""
    pass_to: str
    status: str
    prompt: str
    """What your turn asks, said once as it comes (the status line, or for a card what the
    engine allows: "Your card: you must follow hearts."); "" when it is not your turn."""
    summary: HandSummary | None
    """The hand summary (between hands, or at the end of the game). Between hands the
    table shows the finished hand's final state: the next hand is not dealt to view yet."""
    winner: int | None
    game_over_text: str
    sheet: tuple[SheetRow, ...]
    target: int
    suggested: str = ""
    """The bids panel's button the hint you asked for suggests ("bid:3", "blind", "look",
    "keep", "discard"; web/hints.py), else ""."""


def position_of(seat: int, players: int = 4) -> str:
    """Where a seat sits: at two players the opponent sits across the table (north)."""
    if players == 4:  # (online, your seat may be any: it is always at the bottom)
        return SEAT_POSITIONS[(seat - viewer()) % 4]
    return "south" if seat == viewer() else "north"


def seat_name(seat: int, players: int = 4) -> str:
    """A seat's name: the player's at pass and play, else its compass name."""
    names = player_names()
    if names and seat < len(names):
        return names[seat]
    return _(SEAT_NAMES[SEAT_POSITIONS.index(position_of(seat, players))])


def side_name(side: int, players: int = 4) -> str:
    if players == 2:
        return seat_word(side, players)
    names = player_names()
    if names:  # online: the partners' names
        return _("{first} & {second}").format(first=names[side], second=names[side + 2])
    return _(SIDE_NAMES[side])


def side_seats(side: int, players: int = 4) -> tuple[int, ...]:
    return (side, side + 2) if players == 4 else (side,)


def seat_word(seat: int, players: int = 4) -> str:
    """How the table names a seat: "You" for yours, else its compass name."""
    return _("You") if addressed(seat) else seat_name(seat, players)


def seat_label(seat: int, players: int = 4) -> str:
    """A seat's panel, as a screen reader names it."""
    if addressed(seat):
        return _("You")
    if player_names():
        return seat_name(seat, players)
    if players == 2:
        return _("{seat}, your opponent").format(seat=seat_name(seat, players))
    if seat == partner():
        return _("North, your partner")
    return seat_name(seat, players)


def table_name(rules: Rules) -> str:
    """A table's name in the page's language ("Classic (custom)" for changed settings)."""
    return custom.table_name(rules)


def rules_summary(rules: Rules) -> str:
    """The table in one line, for the score sheet's header."""
    first = (_("The first player to reach {target} points wins.") if rules.players == 2
             else _("The first side to reach {target} points wins.")).format(
        target=rules.target)
    return " ".join([first, *limits(rules)])


def card_words(text: str) -> str:
    """A card's name for sentences and screen readers ("queen of spades"), from the
    engine's one list of card names, in the page's language."""
    return card_name(text, translations())


def sort_hand(cards: list[str]) -> list[str]:
    """Your cards by suit (spades, hearts, clubs, diamonds), high to low in each suit."""
    order = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    return sorted(cards, key=lambda c: (SUIT_ORDER[c[-1]], -order.index(c[:-1])))


def bid_text(bid: int | None, blind: bool, players: int = 4) -> str:
    if bid is None:
        return ""
    if bid == 0 and blind:
        return _("Blind Nil") if players == 4 else _("Double Nil")
    if bid == 0:
        return _("Nil")
    return str(bid)


def look_mark(game: Game, seat: int) -> int:
    """The value of ``UiState.looked`` once ``seat`` has looked at what a blind bid must
    not see: the hand number at four players (only South looks), and at two players one
    mark per hand and seat, so each player of a pass and play declines for themselves."""
    if game.rules.players == 2:
        return game.hand_number * 2 + seat
    return game.hand_number


def face_down(game: Game, ui: UiState) -> bool:
    """Blind Nil table: your cards stay face down until you look or bid Blind Nil."""
    return (game.rules.blind_nil and game.rules.players == 4 and game.phase is Phase.BID
            and game.bids[viewer()] is None and ui.looked != game.hand_number)


def why_not_playable(game: Game, text: str) -> str:
    """The engine's reason why the card ``text`` may not be played now, in words."""
    explanation = game.explain(Play(Card.parse(text)))
    return "" if explanation is None else explanation.say(translations())


def table_view(game: Game, prefs: Prefs, ui: UiState, selected: frozenset[str] = frozenset(),
               handoff: bool = False) -> TableView:
    """Everything the table shows for this game, these preferences and this UI state."""
    over = game.phase is Phase.GAME_OVER
    waiting = ui.summary or over
    between = waiting and bool(game.history)
    you = viewer()
    your_turn = game.turn == you and not waiting and not handoff
    legal = game.legal_actions() if your_turn else []
    playable = {str(a.card) for a in legal if isinstance(a, Play)}
    bids = {a.n for a in legal if isinstance(a, Bid) and not a.blind}
    hidden = face_down(game, ui)
    players = game.rules.players
    passing = 0
    if your_turn and game.phase is Phase.PASS:
        passing = next((len(a.cards) for a in legal if isinstance(a, Pass)), 0)
    replacing = game.rules.blind_nil_cards if your_turn and game.phase is Phase.REPLACE else 0
    choosing = passing > 0 or replacing > 0
    new = received_cards(game)
    hand = () if between or handoff else tuple(
        CardFace(text, text[:-1], text[-1], text in playable or replacing > 0,
                 choosing and text in selected, text in new,
                 why_not_playable(game, text) if playable and text not in playable else "")
        for text in sort_hand([str(card) for card in game.hands[you]])
    )
    if between:
        seats = finished_seats(game)
        sides = tuple(finished_side(game, side) for side in (0, 1))
    else:
        seats = tuple(
            SeatInfo(
                seat, seat_name(seat, players), position_of(seat, players),
                seat_label(seat, players),
                bid_text(game.bids[seat], game.blind[seat], players), game.tricks_won[seat],
                len(game.hands[seat]), game.turn == seat and not waiting,
                game.dealer == seat,
            )
            for seat in range(players)
        )
        sides = tuple(side_info(game, side) for side in (0, 1))
    drawing = your_turn and game.phase is Phase.DRAW
    double_nil = drawing and any(isinstance(a, Bid) and a.blind for a in legal)
    # Double Nil is a blind bid: while it is offered the top card stays face down, until
    # the player declines it ("look"), so no card of the hand is seen before it (001).
    offer_first = double_nil and ui.looked != look_mark(game, you)
    # Two players, while the hands are drawn: what your seat sees of the stock (one view:
    # it lists the legal actions, so it is not built again for each figure, nor at four).
    seen = game.view(you) if players == 2 and not between else None
    top = seen.top_card if seen is not None and drawing and not offer_first else None
    status = status_text(game, ui, hidden, passing)
    if offer_first:
        status = _("Double Nil is bid before you see any card: bid it now, or look at the "
                   "top card.")
    summary = hand_summary(game.history[-1], players) if waiting and game.history else None
    return TableView(
        table_name=table_name(game.rules),
        level=ui.level,
        daily=ui.daily,
        phase=game.phase.value,
        hand_number=game.history[-1].number + 1 if between else game.hand_number + 1,
        your_turn=your_turn,
        face_down=hidden,
        hand=hand,
        raise_playable=prefs.raise_playable,
        seats=seats,
        sides=(sides[0], sides[1]),
        trick=() if between else tuple((seat, str(card)) for seat, card in game.trick.plays),
        spades_broken=game.spades_broken and game.phase is Phase.PLAY and not between,
        bidding=your_turn and game.phase is Phase.BID and not hidden,
        legal_bids=frozenset(bids),
        blind_nil=hidden and any(isinstance(a, Bid) and a.blind for a in legal),
        blind_nil_points=game.rules.blind_nil_points,
        players=players,
        drawing=drawing,
        top_card=None if top is None else CardFace(str(top), str(top)[:-1], str(top)[-1]),
        stock_left=seen.stock_left if seen is not None else 0,
        discards=len(seen.draws) if seen is not None else 0,
        handoff=seat_name(game.turn, players) if handoff and game.turn is not None else "",
        handoff_news=handoff_news(game) if handoff and players == 2 else "",
        offer_first=offer_first,
        double_nil=double_nil,
        replacing=replacing,
        score_line=score_line(game),
        can_look=hidden and not waiting,  # the next hand's offer waits for the summary
        passing=passing,
        pass_to=seat_name(partner()),
        status=status,
        prompt=turn_prompt(game, status, top) if your_turn else "",
        summary=summary,
        winner=game.winner,
        game_over_text=game_over_text(game),
        sheet=tuple(sheet_row(record, players) for record in game.history),
        target=game.rules.target,
    )


def received_cards(game: Game) -> frozenset[str]:
    """Cards you received in this hand's exchange, while you have not played a card yet."""
    if game.phase not in (Phase.PASS, Phase.PLAY):
        return frozenset()
    you = viewer()
    if any(seat == you for trick in (*game.tricks, game.trick) for seat, _ in trick.plays):
        return frozenset()
    held = {str(card) for card in game.hands[you]}
    return frozenset(text for text in map(str, game.view(you).received) if text in held)


def finished_seats(game: Game) -> tuple[SeatInfo, ...]:
    """The seats as the last hand ended: its bids and tricks, no cards left."""
    record = game.history[-1]
    players = game.rules.players
    return tuple(
        SeatInfo(seat, seat_name(seat, players), position_of(seat, players),
                 seat_label(seat, players),
                 bid_text(record.bids[seat], record.blind[seat], players),
                 record.tricks[seat], 0, False, record.dealer == seat)
        for seat in range(players)
    )


def finished_side(game: Game, side: int) -> SideInfo:
    record = game.history[-1]
    players = game.rules.players
    contract = record.sides[side].contract
    return SideInfo(side, side_name(side, players), contract,
                    sum(record.tricks[s] for s in side_seats(side, players)),
                    game.scores[side], game.bags[side],
                    contract_text(contract, record.bids, record.blind, side, players),
                    side == your_side(players))


def side_info(game: Game, side: int) -> SideInfo:
    players = game.rules.players
    seats = side_seats(side, players)
    bids = [game.bids[s] for s in seats]
    contract = sum(b for b in bids if b) if any(b is not None for b in bids) else None
    return SideInfo(side, side_name(side, players), contract,
                    sum(game.tricks_won[s] for s in seats), game.scores[side], game.bags[side],
                    contract_text(contract, game.bids, game.blind, side, players),
                    side == your_side(players))


def your_side(players: int) -> int:
    """The side of the player holding the device: at two players each seat is a side."""
    return viewer() if players == 2 else viewer() % 2


def contract_text(contract: int | None, bids: tuple[int | None, ...],
                  blind: tuple[bool, ...], side: int, players: int) -> str:
    """The top bar's contract: at two players a Nil is named as the seat names it
    ("Double Nil", never "0")."""
    if contract is None:
        return "–"
    if players == 2 and bids[side] == 0:
        return bid_text(0, blind[side], players)
    return str(contract)


def status_text(game: Game, ui: UiState, hidden: bool, passing: int) -> str:
    if game.phase is Phase.GAME_OVER:
        return _("Game over.")
    if ui.summary:
        return _("Hand {number} is over.").format(number=game.hand_number)
    turn = game.turn
    if turn == viewer():
        return your_status(game, hidden, passing)
    name = seat_name(turn, game.rules.players) if turn is not None else ""
    if game.phase is Phase.DRAW:
        return _("{seat} to draw…").format(seat=name)
    if game.phase is Phase.REPLACE:
        return _("{seat} to replace cards…").format(seat=name)
    if game.phase is Phase.BID:
        return _("{seat} to bid…").format(seat=name)
    if game.phase is Phase.PASS:
        return _("{seat} to pass cards…").format(seat=name)
    return _("{seat} to play…").format(seat=name)


def your_status(game: Game, hidden: bool, passing: int) -> str:
    """What the status line asks of you on your turn."""
    if game.phase is Phase.DRAW:
        return _("Your draw: keep the top card, or discard it and take the next one.")
    if game.phase is Phase.REPLACE:
        limit = game.rules.blind_nil_cards
        return ngettext("Double Nil: choose up to {count} card to replace, or none.",
                        "Double Nil: choose up to {count} cards to replace, or none.",
                        limit).format(count=limit)
    if game.phase is Phase.BID:
        if hidden:
            return _("Your bid: Blind Nil, or look at your cards first.")
        return _("Your bid: how many tricks will you take?")
    if game.phase is Phase.PASS:
        return ngettext("Choose {count} card to pass to {seat}.",
                        "Choose {count} cards to pass to {seat}.",
                        passing).format(count=passing, seat=seat_name(partner()))
    return _("Your turn: play a card.")


def turn_prompt(game: Game, status: str, top: Card | None) -> str:
    """What your turn asks, said once as it comes: the status line's question, but for
    a draw the top card too (seen by you alone), and for a card what the engine allows."""
    if game.phase is Phase.PLAY:
        return play_prompt(game)
    if top is not None:
        return _("Your draw: the top card is the {card}. Keep it, or discard it and take "
                 "the next one.").format(card=card_words(str(top)))
    return status


def play_prompt(game: Game) -> str:
    """Your card, with what the engine allows of it: follow the suit led, any card when
    you hold none of it, or a lead without spades before they are broken."""
    turn = game.turn
    assert turn is not None  # a card is asked of someone
    plays = game.trick.plays
    refused = next((why for card in game.hands[turn]
                    if (why := game.explain(Play(card))) is not None), None)
    if not plays:
        if refused is not None and refused.code == "spades_not_broken":
            return _("Your lead: any suit but spades, which are not broken yet.")
        return _("Your lead: any card.")
    suit = suit_name(str(plays[0][1])[-1], translations())
    if refused is not None and refused.code == "follow_suit":
        return _("Your card: you must follow {suit}.").format(suit=suit)
    return _("Your card: you have no {suit}, so any card.").format(suit=suit)


def score_line(game: Game) -> str:
    """Two players: the score and what Double Nil stakes, said when it is offered."""
    you = your_side(game.rules.players)
    ours, theirs = game.scores[you], game.scores[1 - you]
    return _("The score is {ours} to {theirs}. Double Nil wins {points} points if you take "
             "no trick, and loses {points} if you take one.").format(
        ours=number(ours), theirs=number(theirs), points=game.rules.blind_nil_points)


def hand_summary(record: HandRecord, players: int = 4) -> HandSummary:
    sides = []
    for side in (0, 1):
        result = record.sides[side]
        nils = tuple(
            NilResult(seat_name(seat, players), addressed(seat), record.blind[seat],
                      record.blind[seat] and players == 2, record.tricks[seat] == 0)
            for seat in side_seats(side, players) if record.bids[seat] == 0
        )
        sides.append(SideSummary(
            side, side_name(side, players), result.contract, result.taken, result.made,
            result.contract_points, nils, result.nil_points, result.new_bags,
            result.bag_penalty, result.points, record.scores[side], record.bags[side],
            result.nil_bags,
        ))
    mine = your_side(players)
    ours, theirs = sides[mine].points, sides[1 - mine].points
    if players == 2:
        you = viewer()
        ours, theirs = sides[you].points, sides[1 - you].points
        better = you if ours > theirs else 1 - you
        if ours != theirs and not addressed(better):
            return HandSummary(record.number + 1, (sides[0], sides[1]), _(
                "{seat} had the better hand.").format(seat=seat_name(better, players)))
    if ours > theirs:
        headline = _("Good hand!")
    elif ours < theirs:
        headline = _("West and East had the better hand.")
    else:
        headline = _("An even hand.")
    return HandSummary(record.number + 1, (sides[0], sides[1]), headline)


def sheet_row(record: HandRecord, players: int = 4) -> SheetRow:
    def bids(side: int) -> str:
        return " + ".join(bid_text(record.bids[s], record.blind[s], players)
                          for s in side_seats(side, players))

    def tricks(side: int) -> int:
        return sum(record.tricks[s] for s in side_seats(side, players))

    return SheetRow(
        record.number + 1,
        (bids(0), bids(1)),
        (tricks(0), tricks(1)),
        record.points,
        record.bags,
        record.scores,
    )


def game_over_text(game: Game) -> str:
    if game.winner is None:
        return ""
    a, b = map(number, game.scores)
    hands = len(game.history)
    if game.rules.players == 2:
        winner = game.winner
        values = {"ours": number(game.scores[winner]),
                  "theirs": number(game.scores[1 - winner]), "count": hands}
        if addressed(winner):
            return ngettext("You win, {ours} to {theirs}, after {count} hand!",
                            "You win, {ours} to {theirs}, after {count} hands!",
                            hands).format(**values)
        return ngettext("{seat} wins, {ours} to {theirs}, after {count} hand.",
                        "{seat} wins, {ours} to {theirs}, after {count} hands.",
                        hands).format(seat=seat_name(winner, 2), **values)
    if game.winner == 0:
        return ngettext("You and North win, {ours} to {theirs}, after {count} hand!",
                        "You and North win, {ours} to {theirs}, after {count} hands!",
                        hands).format(ours=a, theirs=b, count=hands)
    return ngettext("West and East win, {theirs} to {ours}, after {count} hand.",
                    "West and East win, {theirs} to {ours}, after {count} hands.",
                    hands).format(ours=a, theirs=b, count=hands)


def trick_result_text(winner: int, players: int = 4) -> str:
    """Said while a finished trick is held on the table."""
    if addressed(winner):
        return _("You win the trick.")
    return _("{seat} wins the trick.").format(seat=seat_name(winner, players))


def table_rules(rules: Rules) -> list[str]:
    """The settings of a table, in a player's words (for Help)."""
    if rules.players == 2:
        return two_player_rules(rules)
    lines = [_("The first side to reach {target} points wins.").format(target=rules.target)]
    lines += limits(rules)
    if rules.blind_nil:
        lines.append(ngettext(
            "Blind Nil: before looking at your cards you may bid Blind Nil, worth "
            "±{points}. Then your partner passes you {count} card and you pass {count} back.",
            "Blind Nil: before looking at your cards you may bid Blind Nil, worth "
            "±{points}. Then your partner passes you {count} cards and you pass {count} back.",
            rules.blind_nil_cards).format(points=rules.blind_nil_points,
                                          count=rules.blind_nil_cards))
    else:
        lines.append(_("Blind Nil is not played at this table."))
    if rules.nil_tricks_count_for_partner:
        lines.append(_("A Nil bidder's tricks still count toward the partner's contract."))
    else:
        lines.append(_("A failed Nil bidder's tricks don't help the partner: each one is a bag."))
    return lines + nil_and_bags(rules)


def two_player_rules(rules: Rules) -> list[str]:
    lines = [
        _("Each of you builds a hand of 13 cards from the stock: keep the top card, or "
          "discard it and take the next one unseen."),
        _("The first player to reach {target} points wins.").format(target=rules.target),
    ]
    lines += limits(rules)
    if rules.blind_nil:
        lines.append(ngettext(
            "Double Nil: before your first draw you may bid to take no trick, worth "
            "±{points}. After the draw you may swap up to {count} card for cards from the "
            "discards.",
            "Double Nil: before your first draw you may bid to take no trick, worth "
            "±{points}. After the draw you may swap up to {count} cards for cards from the "
            "discards.",
            rules.blind_nil_cards).format(points=rules.blind_nil_points,
                                          count=rules.blind_nil_cards))
    if not rules.lead_breaks_spades:
        lines.append(_("Spades are broken only when someone plays a spade on another suit, "
                       "not by a spade led from a hand of spades alone."))
    if rules.clock_seconds:
        lines.append(ngettext("Every decision has {count} second.",
                              "Every decision has {count} seconds.",
                              rules.clock_seconds).format(count=rules.clock_seconds))
    return lines + nil_and_bags(rules)


def limits(rules: Rules) -> list[str]:
    lines = []
    if rules.floor is not None:
        lines.append(_("A side that falls to {floor} or below loses at once.").format(
            floor=number(rules.floor)))
    if rules.hand_cap is not None:
        lines.append(ngettext("After {count} hand, the higher score wins.",
                              "After {count} hands, the higher score wins.",
                              rules.hand_cap).format(count=rules.hand_cap))
    return lines


def nil_and_bags(rules: Rules) -> list[str]:
    lines = []
    if rules.nil:
        lines.append(_("Nil is worth ±{points}.").format(points=rules.nil_points))
    else:
        lines.append(_("Nil is not played at this table."))
    lines.append(ngettext("Every {count} bag costs {penalty} points.",
                          "Every {count} bags cost {penalty} points.",
                          rules.bag_limit).format(count=rules.bag_limit,
                                                  penalty=rules.bag_penalty))
    return lines


def move_text(before: Game, after: Game, seat: int, action: Action) -> str:
    """A move as the table announces it (screen readers hear it): a card, a bid, a
    draw (the opponent's only as kept or discarded, never the card), an exchange."""
    players = before.rules.players
    name = seat_name(seat, players)
    you = addressed(seat)
    if isinstance(action, Play):
        card = card_words(str(action.card))
        if you:
            return _("You play the {card}.").format(card=card)
        return _("{seat} plays the {card}.").format(seat=name, card=card)
    if isinstance(action, Bid):
        what = bid_text(action.n, action.blind, players)
        return (_("You bid {bid}.").format(bid=what) if you
                else _("{seat} bids {bid}.").format(seat=name, bid=what))
    if isinstance(action, Draw):
        return draw_text(before, after, seat, action.keep)
    count = len(action.cards)
    if isinstance(action, Pass):
        said = (ngettext("You pass {count} card.", "You pass {count} cards.", count) if you
                else ngettext("{seat} passes {count} card.", "{seat} passes {count} cards.",
                              count))
        return said.format(count=count, seat=name)
    assert isinstance(action, Replace)
    if not count:
        return _("You keep your hand.") if you else _("{seat} keeps their hand.").format(
            seat=name)
    said = (ngettext("You replace {count} card.", "You replace {count} cards.", count) if you
            else ngettext("{seat} replaces {count} card.", "{seat} replaces {count} cards.",
                          count))
    return said.format(count=count, seat=name)


def draw_text(before: Game, after: Game, seat: int, keep: bool) -> str:
    if not addressed(seat):
        name = seat_name(seat, before.rules.players)
        if keep:
            return _("{seat} kept the top card.").format(seat=name)
        return _("{seat} discarded the top card and took the next one.").format(seat=name)
    top = before.view(seat).top_card
    assert top is not None  # you were drawing, so you saw the top card
    if keep:
        reveal = keep_reveal(before, after, seat)
        if reveal is not None:  # the next card, which goes to the discards, is said too
            return reveal.text
        return _("You keep the {card}.").format(card=card_words(str(top)))
    taken = set(after.hands[seat]) - set(before.hands[seat])
    card = next(iter(taken))
    return _("You discard the {card} and take the {next}.").format(
        card=card_words(str(top)), next=card_words(str(card)))


def handoff_news(game: Game) -> str:
    """Pass and play, on the cover: what the other player did with the last draw (the
    public part of it, kept or discarded, never the card), if the last move was a draw."""
    actions = game.actions
    if not actions or not isinstance(actions[-1], Draw):
        return ""
    seat, kept = game.view(viewer()).draws[-1]
    name = seat_name(seat, 2)
    if kept:
        return _("{seat} kept the top card.").format(seat=name)
    return _("{seat} discarded the top card and took the next one.").format(seat=name)


def keep_reveal(before: Game, after: Game, seat: int) -> Reveal | None:
    """After ``seat`` kept the top card: the next card, which it sees go to the discards
    (the engine's view of that seat holds it; the other seat's never does)."""
    thrown = set(after.view(seat).discarded) - set(before.view(seat).discarded)
    kept = set(after.hands[seat]) - set(before.hands[seat])
    if len(thrown) != 1 or len(kept) != 1:
        return None
    card, gone = str(next(iter(kept))), str(next(iter(thrown)))
    text = _("You keep the {card}. The next card, the {next}, goes to the discards.").format(
        card=card_words(card), next=card_words(gone))
    return Reveal("thrown", text, (CardFace(gone, gone[:-1], gone[-1]),))


def received_reveal(after: Game, seat: int) -> Reveal | None:
    """After a Double Nil replacement: the cards ``seat`` received from the discards."""
    cards = sort_hand([str(card) for card in after.view(seat).received])
    if not cards:
        return None
    text = ngettext("You receive {count} card from the discards:",
                    "You receive {count} cards from the discards:", len(cards)).format(
        count=len(cards))
    return Reveal("received", text, tuple(CardFace(c, c[:-1], c[-1], new=True) for c in cards))


def timeout_text(action: Action, players: int = 4) -> str:
    """Said when the clock ran out and the table moved for you."""
    if isinstance(action, Draw):
        return (_("Time: the table kept the card for you.") if action.keep
                else _("Time: the table discarded the card for you."))
    if isinstance(action, Bid):
        return _("Time: the table bid {bid} for you.").format(
            bid=bid_text(action.n, action.blind, players))
    if isinstance(action, Play):
        return _("Time: the table played the {card} for you.").format(
            card=card_words(str(action.card)))
    return _("Time: the table chose for you.")
