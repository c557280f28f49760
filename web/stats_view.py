"""The Statistics panel: HTML from the player's record (web/stats.py).

Pure string building, like render.py: the overall figures, a table of each table and
level played, one of each partner at four online (when there is one), Nil and Blind Nil,
bags, opponents set, the daily streak, this month's daily calendar, the points chart, and
the Reset button (``data-action="ask-reset-stats"``: the page asks before it forgets).
Numbers are written without the locale module (the same under Pyodide as under CPython):
percentages whole ("83%"), other figures to one decimal, the decimal mark and the percent
sign coming from the catalog.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from html import escape

from charts import lost_chart, points_chart
from i18n import N_, _, decimal, ngettext, signed
from share import score_text
from stats import (
    PartnerKey,
    Stats,
    Totals,
    by_partner,
    calendar_month,
    recent_coach,
    recent_points_per_hand,
    streak,
)

MONTH_NAMES = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"),
               N_("June"), N_("July"), N_("August"), N_("September"), N_("October"),
               N_("November"), N_("December"))
WEEKDAY_NAMES = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"),
                 N_("Sun"))
"""Short weekday names, Monday first (the calendar's column heads)."""
CHART_GAMES = 20
NONE = "–"
"""Shown for a rate with nothing to count yet."""


# ---------------------------------------------------------------- numbers in words


def percent_text(part: int, whole: int) -> str:
    """A share as a whole percentage, half up ("83%"), or "–" when ``whole`` is 0."""
    if whole <= 0:
        return NONE
    # TRANSLATORS: a percentage, e.g. "83%" ("83 %" in languages that put a space before %).
    return _("{percent}%").format(percent=(200 * part + whole) // (2 * whole))


def decimal_text(value: float | None) -> str:
    """A figure to one decimal, half away from zero ("41.3", "-2.5"), or "–"."""
    return NONE if value is None else decimal(value)


def rate_of(totals: Totals) -> str:
    return percent_text(totals.wins, totals.games)


def made_of(part: int, whole: int) -> str:
    """ "5 of 6 (83%)" or "–" before the first try."""
    if not whole:
        return NONE
    return _("{made} of {count} ({percent})").format(made=part, count=whole,
                                                     percent=percent_text(part, whole))


# ---------------------------------------------------------------- the panel's parts


def figure(term: str, value: str, key: str) -> str:
    return (f'<div class="stats-figure" data-stat="{key}"><dt>{escape(term)}</dt>'
            f'<dd>{escape(value)}</dd></div>')


def overall_html(totals: Totals) -> str:
    figures = [
        figure(_("Games"), str(totals.games), "games"),
        figure(_("Games won"), _("{wins} ({percent})").format(
            wins=totals.wins, percent=rate_of(totals)), "wins"),
        figure(_("Points per hand"), decimal_text(totals.points_per_hand()), "points"),
        figure(_("Contracts made"), made_of(totals.made_contracts, totals.bid_contracts),
               "contracts"),
        figure(_("Games with hints"), hinted_text(totals), "hints"),
    ]
    return f'<dl class="stats-figures">{"".join(figures)}</dl>'


def hinted_text(totals: Totals) -> str:
    """ "2 of 10 (20%) · 7 hints": the games in which you asked for a hint, and how many."""
    if not totals.hinted_games:
        # TRANSLATORS: the figure "Games with hints" when no game had one.
        return _("None")
    return _("{games} · {hints}").format(
        games=made_of(totals.hinted_games, totals.games),
        hints=ngettext("{count} hint", "{count} hints", totals.hints).format(
            count=totals.hints))


def tables_html(stats: Stats, table_names: Mapping[str, str],
                level_names: Mapping[str, str]) -> str:
    """One row per table and level played; a table played at several levels gets a row of
    its own totals after them."""
    heads = (_("Table"), _("Level"), _("Games"), _("Games won"), _("Points per hand"),
             _("Contracts made"))
    labels = [escape(word) for word in heads]
    head = "".join(f'<th scope="col">{word}</th>' for word in labels)
    rows = []
    per_table = stats.by_table()
    played = stats.by_table_level()
    for index, (table, level, totals) in enumerate(played):
        rows.append(table_row(table_names.get(table, table), level_names.get(level, level),
                              totals, labels, table))
        last_of_table = index + 1 == len(played) or played[index + 1][0] != table
        if last_of_table and sum(1 for item in played if item[0] == table) > 1:
            rows.append(table_row(table_names.get(table, table), _("All levels"),
                                  per_table[table], labels, table, total=True))
    caption = escape(_("By table and level"))
    return (f'<table class="stats-table"><caption>{caption}</caption><thead><tr>{head}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def table_row(table_name: str, level_name: str, totals: Totals, labels: Sequence[str],
              table: str, total: bool = False) -> str:
    values = (
        escape(level_name),
        str(totals.games),
        escape(_("{wins} ({percent})").format(wins=totals.wins, percent=rate_of(totals))),
        escape(decimal_text(totals.points_per_hand())),
        escape(percent_text(totals.made_contracts, totals.bid_contracts)),
    )
    cells = "".join(f'<td data-label="{label}"><span class="nowrap">{value}</span></td>'
                    for label, value in zip(labels[1:], values, strict=True))
    cls = ' class="stats-subtotal"' if total else ""
    return (f'<tr{cls} data-table="{escape(table)}"><th scope="row" data-label="{labels[0]}">'
            f'{escape(table_name)}</th>{cells}</tr>')


def partner_words(partner: PartnerKey, level_names: Mapping[str, str]) -> str:
    """A partner at four online as the panel names it: a friend's name, "A friend with
    no name", "A computer (Hard)", or "A computer" when its level is not known here."""
    name, computer = partner
    if computer is None:
        return name or _("A friend with no name")
    if not computer:
        return _("A computer")
    # TRANSLATORS: a computer partner at four online, with its level ("A computer (Hard)").
    return _("A computer ({level})").format(level=level_names.get(computer, computer))


def partners_html(stats: Stats, level_names: Mapping[str, str]) -> str:
    """Four at the table online, one row per partner (the most games first); "" before
    the first such game counted by partner."""
    played = by_partner(stats)
    if not played:
        return ""
    heads = (_("Partner"), _("Games"), _("Games won"), _("Points per hand"))
    labels = [escape(word) for word in heads]
    head = "".join(f'<th scope="col">{word}</th>' for word in labels)
    rows = []
    for partner, totals in played:
        values = (
            str(totals.games),
            escape(_("{wins} ({percent})").format(wins=totals.wins, percent=rate_of(totals))),
            escape(decimal_text(totals.points_per_hand())),
        )
        cells = "".join(f'<td data-label="{label}"><span class="nowrap">{value}</span></td>'
                        for label, value in zip(labels[1:], values, strict=True))
        kind = "friend" if partner[1] is None else "computer"
        rows.append(f'<tr data-partner="{kind}"><th scope="row" data-label="{labels[0]}">'
                    f'{escape(partner_words(partner, level_names))}</th>{cells}</tr>')
    caption = escape(_("Four at the table online, by partner"))
    return (f'<table class="stats-table stats-partners"><caption>{caption}</caption><thead>'
            f'<tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def bids_html(totals: Totals) -> str:
    """Nil and Blind Nil, bags and penalties, opponents set: one line each."""
    lines = [
        figure(_("Nil made"), made_of(totals.nil_made, totals.nil_tries), "nil"),
        figure(_("Blind Nil made"), made_of(totals.blind_made, totals.blind_tries), "blind"),
        figure(_("Bags"), _("{bags} ({per_hand} a hand)").format(
            bags=totals.bags, per_hand=decimal_text(totals.bags_per_hand())), "bags"),
        figure(_("Bag penalties"), str(totals.bag_penalties), "penalties"),
        figure(_("Opponents set"), ngettext("{count} time", "{count} times",
                                            totals.sets_against).format(
            count=totals.sets_against), "sets"),
    ]
    return f'<dl class="stats-figures">{"".join(lines)}</dl>'


def days_text(count: int) -> str:
    return ngettext("{count} day", "{count} days", count).format(count=count)


def daily_html(stats: Stats, today: datetime.date, month_title: str | None,
               weekday_names: Sequence[str] | None, first_weekday: int) -> str:
    run = streak(stats, today)
    lines = [figure(_("Current streak"), days_text(run.current), "streak"),
             figure(_("Best streak"), days_text(run.best), "best-streak")]
    result = stats.daily.get(today.isoformat())
    if result is not None:
        said = (_("Won {score}") if result.won else _("Lost {score}")).format(
            score=score_text(*result.scores))
        if result.par is not None:
            said = _("{result} · par {difference} vs Expert").format(
                result=said, difference=signed(result.par))
        lines.append(figure(_("Today"), said, "today"))
    return (f'<dl class="stats-figures">{"".join(lines)}</dl>'
            + calendar_html(stats, today, month_title, weekday_names, first_weekday))


def calendar_html(stats: Stats, today: datetime.date, month_title: str | None = None,
                  weekday_names: Sequence[str] | None = None, first_weekday: int = 0) -> str:
    """This month's daily results: a 7-column grid of day numbers, each played day marked
    ✓ (won) or ✗ (lost) with the word for screen readers, today marked as the current
    date. ``month_title`` and ``weekday_names`` (in column order) may come from the
    browser's calendar; else the catalog's names are used."""
    if month_title is None:
        month_title = _("{month} {year}").format(month=_(MONTH_NAMES[today.month - 1]),
                                                 year=today.year)
    if weekday_names is None or len(weekday_names) != 7:
        weekday_names = [_(WEEKDAY_NAMES[(first_weekday + i) % 7]) for i in range(7)]
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in weekday_names)
    words = {"won": _("won"), "lost": _("lost")}
    marks = {"won": "✓", "lost": "✗"}
    rows = []
    for week in calendar_month(stats, today.year, today.month, first_weekday):
        cells = []
        for day, status in week:
            if not day:
                cells.append('<td class="cal-out"></td>')
                continue
            date = datetime.date(today.year, today.month, day)
            classes = ["cal-day"]
            attrs = f' data-day="{date.isoformat()}"'
            if status:
                classes.append(f"cal-{status}")
                attrs += f' data-daily="{status}"'
            if date == today:
                classes.append("cal-today")
                attrs += ' aria-current="date"'
            mark = ""
            if status:
                mark = (f'<span class="cal-mark" aria-hidden="true">{marks[status]}</span>'
                        f'<span class="sr-only">{escape(words[status])}</span>')
            cells.append(f'<td class="{" ".join(classes)}"{attrs}><span class="cal-num">'
                         f'{day}</span>{mark}</td>')
        rows.append(f'<tr>{"".join(cells)}</tr>')
    caption = escape(_("Daily games of {month}").format(month=month_title))
    key = escape(_("✓ won · ✗ lost"))
    return (f'<table class="stats-calendar"><caption>{caption}</caption><thead><tr>{head}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<p class="cal-key" aria-hidden="true">{key}</p>')


def section(heading: str, body: str) -> str:
    return f'<section class="stats-part"><h3>{escape(heading)}</h3>{body}</section>'


def stats_html(stats: Stats, today: datetime.date, table_names: Mapping[str, str],
               level_names: Mapping[str, str], month_title: str | None = None,
               weekday_names: Sequence[str] | None = None, first_weekday: int = 0) -> str:
    """The Statistics panel's body. ``table_names`` and ``level_names`` name each key in
    the page's language (with "custom" and "friend"); ``month_title``, ``weekday_names``
    and ``first_weekday`` (0 Monday ... 6 Sunday) set the calendar's words and layout."""
    totals = stats.overall()
    parts = []
    if totals.games:
        parts.append(section(_("All games"), overall_html(totals)
                             + tables_html(stats, table_names, level_names)
                             + partners_html(stats, level_names)))
        parts.append(section(_("Bids and bags"), bids_html(totals)))
    else:
        empty = _("No games finished yet: your statistics start with your first game.")
        parts.append(f'<p class="empty">{escape(empty)}</p>')
    parts.append(section(_("Daily game"), daily_html(stats, today, month_title,
                                                     weekday_names, first_weekday)))
    if totals.games:
        values = recent_points_per_hand(stats, CHART_GAMES)
        title = ngettext("Points per hand, your last {count} game",
                         "Points per hand, your last {count} games",
                         len(values)).format(count=len(values))
        parts.append(section(title, points_chart(values, title)))
        lost = recent_coach(stats, CHART_GAMES)
        if lost:
            title = ngettext("The coach: points lost a decision, your last {count} game",
                             "The coach: points lost a decision, your last {count} games",
                             len(lost)).format(count=len(lost))
            parts.append(section(title, lost_chart(lost, title)))
    reset = escape(_("Reset statistics"))
    parts.append(f'<div class="row"><button type="button" data-action="ask-reset-stats">'
                 f'{reset}</button></div>')
    return "".join(parts)
