"""The hint on request (issue 46): the Expert's choice for your seat, from what you can see,
and one line of why in the page's language.

Pure Python (no browser imports), tested under CPython; the page (web/coaching.py) runs
the search on Expert's workers and shows what this module words and marks.

What is hinted is ``spades.ai.coach.hint``'s choice for the seat's own view (never the
hidden cards), with the game's seed, so that everyone sees the same hint for the same
position: a bid or a card by the coach's search (``coach_search``, whose worlds the page
shares among its workers and concludes here as the coach does, ``from_means``), and the
draw, the exchange and the replacement by the Expert's own rules. Two decisions are the
page's: while Blind Nil (Double Nil at two players) is offered and you have not looked,
the hint is Blind Nil or "look", from the score alone as the Expert decides it
(``spades.ai.expert.wants_blind_nil``: the cards you have not seen are never read); once
you have looked, the page no longer offers the blind bid, and neither does the hint.

Hints are not given at today's game (its par stays fair: ``daily_reason``) nor against a
person (at pass and play or online a hint helps one player against the other).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import table
from i18n import N_, _, decimal, ngettext
from store import MAX_HINTS, UiState

from spades import Action, Bid, Draw, Game, Pass, Phase, Play, Replace

if TYPE_CHECKING:  # the coach's modules load with the first hint, not the page
    from spades.ai.worlds import Search
    from spades.view import View

HINT_KEYS = frozenset({"h", "H"})
"""The key that asks for a hint (not one of the painted table's kept keys, web/paint.js)."""
DAILY_REASON = N_("No hints in today's game: its par stays fair. Hints are back after it.")
PERSON_REASON = N_("No hints against a person.")
NOT_YOUR_TURN = N_("A hint is for your turn.")
UNAVAILABLE = N_("Hints are not available here just now.")
SUGGESTED = N_("Suggested by the hint")
"""The accessible description of the highlighted card or button."""
EVEN = 0.05
"""A margin below this (points) is said as "worth as much"."""

SEARCH, ONLY, SAME, RULES = "search", "only", "same", "rules"
BLIND_FIRST, BLIND_BEHIND, LOOK_NIL, LOOK_BID, LOOK_SCORE = (
    "blind-first", "blind-behind", "look-nil", "look-bid", "look-score")
WHYS = (SEARCH, ONLY, SAME, RULES, BLIND_FIRST, BLIND_BEHIND, LOOK_NIL, LOOK_BID, LOOK_SCORE)


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint as the table shows it: for the decision ``turn`` (``turn_of``), the
    ``action`` (None: look at the cards first, declining the blind bid), its margin in
    points over the ``second`` best option (searched decisions), the tricks your side
    still needs, and which reason the line gives (one of WHYS)."""

    turn: tuple[int, ...]
    action: Action | None
    why: str
    margin: float | None = None
    second: Action | None = None
    needed: int | None = None
    players: int = 4
    seed: int = 0
    """The game's seed (with ``turn``, the decision: ``answers``)."""


def answers(hint: Suggestion, game: Game, ui: UiState) -> bool:
    """Whether ``hint`` is the hint of the decision the table waits for now."""
    return hint.seed == game.seed and hint.turn == turn_of(game, ui)


def turn_of(game: Game, ui: UiState) -> tuple[int, ...]:
    """The decision a hint answers: the hand, the moves made, the seat, and whether its
    blind offer was declined (looking changes the decision, not the moves)."""
    return (game.hand_number, len(game.actions), ui.viewer, ui.looked)


def reason_not_offered(ui: UiState) -> str | None:
    """Why the table offers no hint in this game (a message id), or None: hints are for
    games against the computer, and never at today's game."""
    if ui.online or ui.friend:
        return PERSON_REASON
    if ui.daily:
        return DAILY_REASON
    return None


def blind_offer(game: Game, ui: UiState) -> bool:
    """Blind Nil (Double Nil) is offered to you and you have not looked yet: the hint is
    decided from the score alone."""
    if game.turn != ui.viewer:
        return False
    if game.rules.players == 4:
        return table.face_down(game, ui)
    return (game.phase is Phase.DRAW and ui.looked != table.look_mark(game, ui.viewer)
            and any(isinstance(a, Bid) and a.blind for a in game.legal_actions()))


def offered_view(view: View, offer: bool) -> View:
    """The view with the actions the page offers now: no blind bid once you have looked."""
    if offer:
        return view
    legal = tuple(a for a in view.legal if not (isinstance(a, Bid) and a.blind))
    return replace(view, legal=legal) if len(legal) != len(view.legal) else view


def offer_hint(view: View, turn: tuple[int, ...], seed: int = 0) -> Suggestion:
    """Blind Nil, or look first, from the score alone (the Expert's own rule)."""
    from spades.ai.expert import wants_blind_nil

    players = view.players
    partner = view.partner
    partner_bid = view.bids[partner] if partner is not None else None
    if wants_blind_nil(view):
        why = BLIND_FIRST if partner is not None and partner_bid is None else BLIND_BEHIND
        return Suggestion(turn, Bid(0, blind=True), why, players=players, seed=seed)
    if partner is None:  # two players: Double Nil only far behind
        return Suggestion(turn, None, LOOK_SCORE, players=players, seed=seed)
    why = LOOK_NIL if partner_bid == 0 else LOOK_BID
    return Suggestion(turn, None, why, players=players, seed=seed)


def hint_search(view: View, seed: int) -> Search | None:
    """The coach's search for this decision (a bid or a card with a choice), or None when
    the Expert decides it without one (``plain_hint``)."""
    from spades.ai.coach import coach_search, judged

    return coach_search(view, seed) if judged(view) else None


def from_means(view: View, search: Search, means: Mapping[int, float],
               turn: tuple[int, ...], seed: int = 0) -> Suggestion:
    """The hint from each searched option's mean value: the coach's own conclusion
    (``spades.ai.coach.hint``, whose search the page shares among its workers)."""
    from spades.ai.coach import hint_from_means

    found = hint_from_means(view, search, means)
    return Suggestion(turn, found.action, SEARCH if found.second else SAME, found.margin,
                      found.second, found.needed, view.players, seed)


def single_option(view: View, search: Search, turn: tuple[int, ...],
                  seed: int = 0) -> Suggestion | None:
    """The hint without searching when the search has one option (every playable card
    is worth the same): the coach would conclude that option whatever the worlds."""
    if len(search.options) != 1:
        return None
    return from_means(view, search, {search.options[0]: 0.0}, turn, seed)


def plain_hint(view: View, seed: int, turn: tuple[int, ...] = ()) -> Suggestion:
    """The Expert's choice where it does not search: a single legal action, the draw, the
    exchange and the replacement (its rules of thumb)."""
    from spades.ai.coach import tricks_needed
    from spades.ai.expert import ExpertBot

    action = ExpertBot(seed=seed).choose(view)
    why = ONLY if len(view.legal) == 1 else RULES
    return Suggestion(turn, action, why, needed=tricks_needed(view), players=view.players,
                      seed=seed)


# ---------------------------------------------------------------- in words


def cards_words(cards: tuple[str, ...]) -> str:
    return ", ".join(table.card_words(card) for card in table.sort_hand(list(cards)))


def what_words(hint: Suggestion) -> str:
    """The hint's first sentence: what to do."""
    action, players = hint.action, hint.players
    if action is None:
        if players == 2:
            return _("Hint: look at the top card, and draw.")
        return _("Hint: look at your cards, and bid a number.")
    if isinstance(action, Play):
        return _("Hint: play the {card}.").format(card=table.card_words(str(action.card)))
    if isinstance(action, Bid):
        if action.blind:
            return (_("Hint: bid Double Nil, before you see a card.") if players == 2
                    else _("Hint: bid Blind Nil, before you look at your cards."))
        return _("Hint: bid {bid}.").format(bid=table.bid_text(action.n, False, players))
    if isinstance(action, Draw):
        return _("Hint: keep the top card.") if action.keep else _(
            "Hint: discard the top card and take the next one.")
    if isinstance(action, Pass):
        return _("Hint: pass these cards: {cards}.").format(
            cards=cards_words(tuple(map(str, action.cards))))
    assert isinstance(action, Replace)
    if not action.cards:
        return _("Hint: keep your hand.")
    return _("Hint: replace these cards: {cards}.").format(
        cards=cards_words(tuple(map(str, action.cards))))


def why_words(hint: Suggestion) -> str:
    """The reason, in one sentence."""
    players, second = hint.players, hint.second
    if hint.why == SEARCH and second is not None and hint.margin is not None:
        if isinstance(second, Play):
            other = table.card_words(str(second.card))
            if hint.margin < EVEN:
                return _("Over these deals the {card} is worth as much.").format(card=other)
            return _("Over these deals it is worth {points} points more than the {card}."
                     ).format(points=decimal(hint.margin), card=other)
        assert isinstance(second, Bid)
        bid = table.bid_text(second.n, False, players)
        if hint.margin < EVEN:
            return _("Over these deals bidding {bid} is worth as much.").format(bid=bid)
        return _("Over these deals it is worth {points} points more than bidding {bid}."
                 ).format(points=decimal(hint.margin), bid=bid)
    if hint.why in (SEARCH, SAME):
        return _("Every choice you have is worth the same here.")
    if hint.why == ONLY:
        return _("It is your only choice.")
    if hint.why == RULES:
        return _("The Expert decides this by its rules of thumb, without searching deals.")
    if hint.why == BLIND_FIRST:
        return _("Your partner bids after you and can bid for your side; with the exchange, "
                 "Blind Nil is made most of the time.")
    if hint.why == BLIND_BEHIND:
        return (_("You are far behind, and your opponent is near the target.") if players == 2
                else _("Your side is far behind, and the other side is near the target."))
    if hint.why == LOOK_NIL:
        return _("Your partner bid Nil: one Nil a side is enough.")
    if hint.why == LOOK_BID:
        return _("Your partner has bid: a blind bid is worth its risk only far behind, with "
                 "the other side near the target.")
    return _("Double Nil is worth its risk only far behind, with your opponent near the "
             "target.")


def needed_words(hint: Suggestion) -> str:
    """While the cards are played: the tricks your side still needs ("" with no
    contract)."""
    count = hint.needed
    if count is None or not isinstance(hint.action, Play):
        return ""
    if hint.players == 2:
        if not count:
            return _("You have your contract.")
        return ngettext("You need {count} more trick.", "You need {count} more tricks.",
                        count).format(count=count)
    if not count:
        return _("Your side has its contract.")
    return ngettext("Your side needs {count} more trick.", "Your side needs {count} more tricks.",
                    count).format(count=count)


def hint_text(hint: Suggestion) -> str:
    """The hint's line: what to do, why, and the tricks your side still needs."""
    return " ".join(part for part in (what_words(hint), why_words(hint), needed_words(hint))
                    if part)


def hints_used_text(count: int) -> str:
    """The summary's line of a game with hints ("" without)."""
    if count <= 0:
        return ""
    return ngettext("You used {count} hint in this game.", "You used {count} hints in this game.",
                    count).format(count=count)


# ---------------------------------------------------------------- on the table


def target_of(hint: Suggestion) -> str:
    """What the bids panel highlights (``TableView.suggested``): "bid:N", "blind",
    "look", "keep", "discard", or "" (the hint is a card or cards of your hand)."""
    action = hint.action
    if action is None:
        return "look"
    if isinstance(action, Bid):
        return "blind" if action.blind else f"bid:{action.n}"
    if isinstance(action, Draw):
        return "keep" if action.keep else "discard"
    return ""


def suggested_cards(hint: Suggestion) -> frozenset[str]:
    action = hint.action
    if isinstance(action, Play):
        return frozenset({str(action.card)})
    if isinstance(action, Pass | Replace):
        return frozenset(map(str, action.cards))
    return frozenset()


def marked(view: table.TableView, hint: Suggestion) -> table.TableView:
    """The table with the hint's card(s) or button marked as suggested."""
    cards = suggested_cards(hint)
    hand = tuple(replace(card, suggested=card.text in cards) for card in view.hand)
    return replace(view, hand=hand, suggested=target_of(hint))


def count_hint(ui: UiState, turn: tuple[int, ...]) -> UiState:
    """The UI state with this decision's hint counted, once (asked again, or after a
    reload, the same decision's hint is not counted again)."""
    if ui.hint_turn == turn:
        return ui
    return replace(ui, hints=min(ui.hints + 1, MAX_HINTS), hint_turn=turn)

