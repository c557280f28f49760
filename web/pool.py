"""Expert's workers: a pool of Web Workers, each with its own Pyodide, sharing each
decision's worlds (issue 13).

The engine plans the decision here (``ExpertBot.plan``: a forced card is played at once),
each round of worlds is split among the workers that are ready (``spades.ai.worlds.split``)
and their rows are merged in world order (``Tally``), which also stops the search early
once one option leads clearly; the engine then concludes. Since world ``i`` is the same
world in every worker, the choice is the same for one worker or four.

Size: one worker per core the browser reports, less one for the page, at most 4, and
fewer on a device with little memory (``players.pool_size``; ``?workers=N`` sets it).
The first worker starts when Expert is chosen and is waited for; the others start one
after another in the background, so a phone is not asked to start four runtimes at once,
and each decision uses the workers ready at that moment.

A worker that fails or does not answer a share of a round within ``SHARE_TIMEOUT`` is ended
and its share goes to another worker; with none left, one new worker is started at once.
If that fails too, the pool is given up: the page says so once (``on_given_up``), Expert's
moves are Hard's, and a new start is tried a minute later, then less and less often, while
the game is at Expert (``wanted``).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import workers
from pyscript import document, window

from spades import Action, Game

if TYPE_CHECKING:  # the search's modules load with the first Expert move, not the page
    from spades.ai.worlds import Row

SHARE_TIMEOUT = 10.0
"""Seconds a worker has for its share of a round (a round takes a fraction of a second;
a worker's first share also loads the search code)."""
ROOT = document.documentElement


class PoolUnavailable(RuntimeError):
    """No worker can answer: the pool is given up for now."""


Spawn = Callable[[Coroutine[Any, Any, Any]], "asyncio.Task[Any]"]


class ExpertPool:
    """The workers and their life (see the module docstring)."""

    def __init__(self, size: int, spawn: Spawn, wanted: Callable[[], bool],
                 on_given_up: Callable[[str], None]) -> None:
        self.size = size
        self.spawn = spawn
        self.wanted = wanted
        self.on_given_up = on_given_up
        self.ready: list[tuple[str, Any]] = []
        """(name, proxy) of each worker that has answered, in the order they started."""
        self.starting: asyncio.Task[None] | None = None
        self.filling: asyncio.Task[None] | None = None
        self.fill_failed = False
        """An extra worker could not start: the pool works with fewer until its next start."""
        self.given_up = False

    # ------------------------------------------------------------------ life

    def start_soon(self) -> None:
        """Start the pool in the background (Expert was chosen), unless it is ready,
        starting, or to be tried again."""
        if not self.ready and self.starting is None:
            self.starting = self.spawn(self._start())
        elif self.ready:
            self._fill_soon()

    async def _start(self, after: float = 0.0) -> None:
        if after:
            await asyncio.sleep(after)
            if not self.wanted():  # tried again once Expert is chosen
                self.starting = None
                return
        try:
            self.ready.append(await self._one())
        except Exception as error:
            self._give_up(str(error) or type(error).__name__, after)
            return
        self.given_up = False
        self.fill_failed = False
        self.starting = None
        self._mark()
        self._fill_soon()

    async def _one(self) -> tuple[str, Any]:
        # A new name at each start: PyScript keeps the first worker of a name for good.
        name = f"ai-{time.monotonic_ns()}"
        worker = await workers.start_worker(name)
        await asyncio.wait_for(worker.warm(), SHARE_TIMEOUT)
        return name, worker

    def _fill_soon(self) -> None:
        if (len(self.ready) < self.size and not self.fill_failed
                and (self.filling is None or self.filling.done())):
            self.filling = self.spawn(self._fill())

    async def _fill(self) -> None:
        """Start the other workers one after another; one that cannot start stops it
        (the pool works with fewer)."""
        while len(self.ready) < self.size and self.wanted() and not self.given_up:
            try:
                worker = await self._one()
            except Exception as error:
                window.console.warn(f"an extra expert worker could not start: {error}")
                self.fill_failed = True
                return
            if self.given_up:  # given up while this one started: it goes with the rest
                workers.end_workers(worker[0])
                return
            self.ready.append(worker)
            self._mark()

    def _give_up(self, reason: str, after: float = 0.0) -> None:
        # One start at a time: a retry already waiting gives way to this one.
        if self.starting is not None and self.starting is not asyncio.current_task():
            self.starting.cancel()
        workers.end_workers("ai-")
        self.ready.clear()
        window.console.warn(f"expert worker given up, Hard plays meanwhile: {reason}")
        if not self.given_up:
            self.given_up = True
            self.on_given_up(reason)
        ROOT.dataset.worker = "failed"
        ROOT.dataset.workers = "0"
        self.starting = self.spawn(self._start(after=min(max(2 * after, 60.0), 1800.0)))

    def _drop(self, worker: tuple[str, Any], reason: str) -> None:
        if worker in self.ready:
            self.ready.remove(worker)
            workers.end_workers(worker[0])
            window.console.warn(f"expert worker {worker[0]} ended: {reason}")
            self._mark()

    def _mark(self) -> None:
        ROOT.dataset.workers = str(len(self.ready))
        if self.ready:
            ROOT.dataset.worker = "ready"

    async def workers_ready(self) -> list[tuple[str, Any]]:
        """The workers ready now; the first start is waited for. Raises PoolUnavailable
        while the pool is given up (even while a new start is being tried)."""
        if not self.ready and not self.given_up:
            if self.starting is None:
                self.starting = self.spawn(self._start())
            await asyncio.shield(self.starting)
        if not self.ready:
            raise PoolUnavailable("the AI workers are not working")
        return list(self.ready)

    # ------------------------------------------------------------------ a decision

    async def choose(self, bot: Any, game: Game, seat: int, seconds: float) -> Action:
        """The Expert ``bot``'s action for ``seat``, its worlds searched by the workers;
        no new round starts after ``seconds``."""
        from spades.ai.worlds import Search, Tally

        view = game.view(seat)
        decision = bot.plan(view)
        if not isinstance(decision, Search):
            return decision  # type: ignore[no-any-return]
        deadline = time.monotonic() + seconds
        tally = Tally(decision)
        ask = (game.to_json(), seat, decision.to_text())
        while (worlds := tally.next_round()) is not None:
            tally.add(worlds[0], await self._round(ask, *worlds))
            if time.monotonic() > deadline:
                break
        return bot.conclude(view, decision, tally)  # type: ignore[no-any-return]

    async def search(self, game: Game, seat: int, search: Any) -> Any:
        """Every world of ``search`` (``spades.ai.worlds.Search``) for ``seat``, searched by
        the workers round by round, with no time limit (the coach's hint: its choice is
        fixed by the search alone); the ``Tally``."""
        from spades.ai.worlds import Tally

        tally = Tally(search)
        ask = (game.to_json(), seat, search.to_text())
        while (worlds := tally.next_round()) is not None:
            tally.add(worlds[0], await self._round(ask, *worlds))
        return tally

    async def _round(self, ask: tuple[str, int, str], first: int, count: int) -> list[Row]:
        """The rows of worlds first..first+count-1, shared among the ready workers; a
        share whose worker fails goes to another (one new worker at most a round)."""
        from spades.ai.worlds import split

        ready = await self.workers_ready()
        pending = split(first, count, len(ready))
        rows: dict[int, list[Row]] = {}
        restarted = False
        while pending:
            ready = list(self.ready)
            if not ready:
                if restarted:
                    self._give_up("its replacement failed too")
                    raise PoolUnavailable("the AI workers are not working")
                restarted = True
                try:
                    self.ready.append(await self._one())
                except Exception as error:
                    self._give_up(str(error) or type(error).__name__)
                    raise PoolUnavailable(str(error)) from error
                self._mark()
                continue
            jobs = list(zip(ready, pending, strict=False))
            answers = await asyncio.gather(*(self._share(worker, ask, *share)
                                             for worker, share in jobs),
                                           return_exceptions=True)
            for (worker, share), answer in zip(jobs, answers, strict=True):
                if isinstance(answer, BaseException):
                    reason = ("it did not answer in time" if isinstance(answer, TimeoutError)
                              else str(answer) or type(answer).__name__)
                    self._drop(worker, reason)
                else:
                    rows[share[0]] = answer
                    pending.remove(share)
        self._fill_soon()
        return [row for first_world in sorted(rows) for row in rows[first_world]]

    async def _share(self, worker: tuple[str, Any], ask: tuple[str, int, str], first: int,
                     count: int) -> list[Row]:
        save, seat, search = ask
        text = await asyncio.wait_for(worker[1].worlds(save, seat, search, first, count),
                                      SHARE_TIMEOUT)
        rows = json.loads(str(text))
        if not isinstance(rows, list) or len(rows) != count:
            raise ValueError("a worker answered the wrong number of worlds")
        return [tuple(int(value) for value in row) for row in rows]
