"""Today's game: the daily deal as the page's front door, and its status in this browser.

One daily game per calendar day per browser: its deal is fixed by the date
(``spades.daily``); it is "new" until it is dealt here, "playing" while the saved game is
that deal, and "finished" once its first result is in the statistics (a replay for fun
never changes that result). A daily game left unfinished when the day ends goes on as an
ordinary game: nothing is lost, but it no longer counts as anyone's daily game (the page
still names it as the daily game of its date, in the header and at the door alike).

Pure Python: the page passes in today's date (from the browser's own clock and calendar,
so the day changes at the player's midnight) and the recorded results.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from html import escape

from i18n import _, ngettext
from store import UiState

from spades import Game, Phase
from spades.daily import seed_for

NEW, PLAYING, FINISHED = "new", "playing", "finished"


@dataclass(frozen=True, slots=True)
class DailyResult:
    """The first finished result of a day's game, as the statistics keep it."""

    won: bool
    scores: tuple[int, int]
    hands: int | None
    """None when the statistics no longer hold the game itself, only the day's line."""
    par: int | None = None
    """Your points minus the Expert's in your seats, over the game (None: not known)."""


@dataclass(frozen=True, slots=True)
class DailyStatus:
    """Today's game as the front door tells it: not started, in play, or finished."""

    day: datetime.date
    state: str
    """NEW, PLAYING or FINISHED."""
    result: DailyResult | None = None


def is_todays(game: Game, ui: UiState, day: datetime.date) -> bool:
    return ui.daily and ui.day == day.isoformat() and game.seed == seed_for(day)


def daily_status(day: datetime.date, game: Game, ui: UiState,
                 result: DailyResult | None) -> DailyStatus:
    """Where today's game stands: its first result if it has one, else whether the game
    on the table is today's deal."""
    if result is not None:
        return DailyStatus(day, FINISHED, result)
    playing = is_todays(game, ui, day) and game.phase is not Phase.GAME_OVER
    return DailyStatus(day, PLAYING if playing else NEW)


def settle_day(ui: UiState, day: datetime.date) -> tuple[UiState, bool]:
    """A daily game of another day becomes an ordinary game (it no longer counts as that
    day's result), still named as the daily game of its date (``ui.day`` is kept: the
    header and the door both say so); True if it changed."""
    if ui.daily and ui.day != day.isoformat():
        return replace(ui, daily=False), True
    return ui, False


def has_your_moves(game: Game, humans: frozenset[int]) -> bool:
    """True once a person at this device has moved in ``game`` (or a hand has ended): a
    deal where only the computers have bid is untouched, and nothing is lost with it."""
    if game.history:
        return True
    replay = game.restart()
    for action in game.actions:
        if replay.turn in humans:
            return True
        replay = replay.apply(action)
    return False


def in_progress(game: Game, humans: frozenset[int]) -> bool:
    """A game that would be lost if another replaced it: not over, and touched."""
    return game.phase is not Phase.GAME_OVER and has_your_moves(game, humans)


def result_text(result: DailyResult) -> str:
    values = {"ours": result.scores[0], "theirs": result.scores[1]}
    text = (_("You won {ours} to {theirs}.") if result.won
            else _("You lost {ours} to {theirs}.")).format(**values)
    if result.hands is None:
        return text
    hands = ngettext("{count} hand.", "{count} hands.", result.hands).format(
        count=result.hands)
    return f"{text} {hands}"


def par_text(par: int | None) -> str:
    """The game's par difference as the daily result's headline."""
    if par is None:
        return _("Par: not known yet.")
    if par > 0:
        return _("{points} points better than the Expert with your cards.").format(
            points=par)
    if par < 0:
        return _("{points} points behind the Expert with your cards.").format(points=-par)
    return _("Level with the Expert with your cards.")


def paragraph(text: str, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<p{attr}>{escape(text)}</p>"


def buttons_html(buttons: list[tuple[str, str, str]]) -> str:
    """A row of (action, words, class) buttons."""
    return '<div class="row">' + "".join(
        f'<button type="button" class="{cls}" data-action="{action}">{escape(word)}</button>'
        for action, word, cls in buttons) + "</div>"


def door_html(status: DailyStatus, game_line: str) -> str:
    """The front door's body: today's game with its status and what can be done with it,
    then the game on the table (``game_line``: "" when that is today's game), then a
    friend online."""
    parts = [f'<div class="today-card" data-state="{status.state}">']
    if status.state == FINISHED and status.result is not None:
        result = status.result
        parts += [paragraph(_("Finished"), "today-status"),
                  paragraph(result_text(result), "today-result"),
                  paragraph(par_text(result.par), "today-par")]
        buttons = [("share", _("Share the result"), "primary"),
                   ("stats", _("Statistics"), ""),
                   ("daily-again", _("Play it again for fun"), "")]
    elif status.state == PLAYING:
        parts.append(paragraph(_("In progress"), "today-status"))
        buttons = [("close-today", _("Resume today's game"), "primary")]
    else:
        parts += [paragraph(_("Not started"), "today-status"),
                  paragraph(_("The same hands for everyone today: Quick rules (to 300), "
                              "Medium players."))]
        buttons = [("door-daily", _("Play today's game"), "primary")]
    if not game_line and status.state != PLAYING:
        buttons.append(("close-today", _("Close"), ""))
    said = ('<p class="share-said" role="status"></p>' if status.state == FINISHED
            else "")  # a share's confirmation, beside its button
    parts.append(buttons_html(buttons) + said + "</div>")
    if game_line:
        parts.append('<div class="today-other">' + paragraph(game_line) + buttons_html(
            [("close-today", _("Continue this game"), ""),
             ("ask-new-game", _("New game"), "")]) + "</div>")
    parts.append(online_html())
    return "".join(parts)


def online_html() -> str:
    """The way to a friend online, at hand from the first visit: one tap opens the
    online dialog, its "Invite a friend" in view (web/dialogs.py play_online)."""
    return ('<div class="door-online">' + paragraph(
        _("Or play a friend at their own device: invite them with a room code or a link."))
        + buttons_html([("play-online", _("Play a friend online"), "")]) + "</div>")
