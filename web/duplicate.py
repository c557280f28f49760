"""The duplicate par of the record: after each hand, what Expert would have scored in
your seats with your cards, worked out in the par worker (workers.py) while you play on."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import stats
from i18n import _, signed
from pyscript import document, window
from record_room import RecordRoom, element

from spades import Phase

EXPERT_OPPONENTS_PAR = 1500
"""The par's simulations a decision when the opponents are Expert too (see par_budget)."""


class Duplicate(RecordRoom):
    """The par of each finished hand: asked of the par worker, kept in the game's save."""

    def par_wanted(self) -> bool:
        """Par after each hand: always in the daily game, in others if asked for (never
        at pass and play, where the other seat is a person)."""
        ui = self.app.ui
        return not ui.person_opposite and (ui.daily or self.app.prefs.par)

    def par_line(self, number: int) -> str:
        """The summary's comparison for hand ``number`` (0-based), or "" without par."""
        if not self.par_wanted():
            return ""
        game = self.app.game
        if number >= len(game.history):
            return ""
        ours = game.history[number].points[0]
        par = self.app.ui.par_points.get(number)
        if game.rules.players == 2:
            you = _("You {points}").format(points=signed(ours))
        else:
            you = _("You and North {points}").format(points=signed(ours))
        if par is None and self.par_unavailable:
            return _("{you} · par: not available in this browser").format(you=you)
        if par is None:
            return _("{you} · par: thinking…").format(you=you)
        return _("{you} · Expert in your seats {points}").format(you=you,
                                                                points=signed(par))

    def sheet_par(self) -> dict[int, int | None] | None:
        """Par by hand for the score sheet (None: this game has no par column)."""
        if not self.par_wanted():
            return None
        points = self.app.ui.par_points
        return {number: points.get(number) for number in range(len(self.app.game.history))}

    def missing_par(self) -> list[int]:
        done = self.app.ui.par_points
        return [number for number in range(len(self.app.game.history)) if number not in done]

    def start_par(self) -> None:
        """Work out the par of every finished hand that has none yet, in the background
        (one task: a second call while it runs is picked up by its loop)."""
        if not self.par_wanted() or not self.missing_par() or self.par_unavailable:
            return
        if self.par_task is None or self.par_task.done():
            self.par_task = self.app.spawn(self.par_loop())

    async def par_loop(self) -> None:
        while self.par_wanted():
            missing = self.missing_par()
            if not missing:
                return
            game, number, generation = self.app.game, missing[0], self.app.generation
            try:
                worker = await self.get_par_worker()
            except Exception as error:  # refused, or not started in a minute: no par
                window.console.warn(f"par worker given up: {error}")
                self.par_unavailable = True
                self.par_arrived()  # "thinking…" becomes "not available"
                return
            try:
                points = int(await worker.par(game.to_json(), number, self.app.ui.level,
                                              self.par_budget()))
            except Exception as error:  # no par is better than a stuck game
                window.console.warn(f"par failed: {error}")
                return
            if self.app.generation != generation:
                continue  # a new game began meanwhile (even of the same deal): not its par
            self.app.ui = replace(self.app.ui, par=tuple(sorted(
                {**self.app.ui.par_points, number: points}.items())))
            self.app.save()
            self.par_arrived()

    def par_arrived(self) -> None:
        """A par landed: in the open summary, the open score sheet, and the statistics
        of a game that is over."""
        app = self.app
        app.html_cache.pop("summary-body", None)
        app.render()
        if element("sheet").open:
            app.fill_sheet()
        if app.game.phase is Phase.GAME_OVER and not self.missing_par():
            self.add_par_to_record()

    async def get_par_worker(self) -> Any:
        if self.par_worker is None:
            import workers

            self.par_worker = await workers.start_worker("par")
            document.documentElement.dataset.parWorker = "ready"
        return self.par_worker

    def par_budget(self) -> int:
        """The Expert's simulations for the par (0: the worker's PAR_SIMULATIONS). Against
        Expert opponents four seats search, so each thinks half as long; the par is then
        an estimate (the opponents of the game were capped at a second a move)."""
        if self.par_simulations:
            return self.par_simulations
        return EXPERT_OPPONENTS_PAR if self.app.ui.level == "expert" else 0

    def par_difference(self) -> int | None:
        game = self.app.game
        return stats.par_difference([record.points[0] for record in game.history],
                                    self.app.ui.par_points)
