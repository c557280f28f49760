"""Expert's pool of workers (web/pool.py) under CPython, with fake workers that run the
same search in this process: the choice is the engine's, a dying worker is replaced, and a
pool given up starts again once at a time (no two starts race to fill it)."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import types
from collections.abc import Coroutine, Iterator
from typing import Any

import pytest

from spades import Game
from spades.ai import make_bot
from spades.ai.worlds import Search, run_worlds
from tests.helpers import expert_searches


class FakeWorker:
    """worker.py's ``warm`` and ``worlds``, run here; ``broken`` ones never answer."""

    def __init__(self, name: str, broken: bool) -> None:
        self.name = name
        self.broken = broken
        self.shares = 0

    async def warm(self) -> str:
        return "warm"

    async def worlds(self, save: str, seat: int, search: str, first: int, count: int) -> str:
        self.shares += 1
        if self.broken:
            await asyncio.sleep(3600)
        view = Game.from_json(save).view(seat)
        return json.dumps(run_worlds(view, Search.from_text(search), first, count))


class FakeWorkers(types.ModuleType):
    """web/workers.py: starts fake workers; ``fail_starts`` starts fail first."""

    def __init__(self) -> None:
        super().__init__("workers")
        self.started: list[FakeWorker] = []
        self.ended: list[str] = []
        self.broken_next = 0
        self.fail_starts = 0
        self.start_delay = 0.0

    async def start_worker(self, name: str) -> FakeWorker:
        await asyncio.sleep(self.start_delay)
        if self.fail_starts:
            self.fail_starts -= 1
            raise RuntimeError("refused")
        worker = FakeWorker(name, self.broken_next > 0)
        self.broken_next = max(0, self.broken_next - 1)
        self.started.append(worker)
        return worker

    def end_workers(self, prefix: str) -> None:
        self.ended += [w.name for w in self.started if w.name.startswith(prefix)]

    def alive(self) -> list[FakeWorker]:
        return [w for w in self.started if w.name not in self.ended]


def fake_pyscript() -> types.ModuleType:
    module = types.ModuleType("pyscript")
    root = types.SimpleNamespace(dataset=types.SimpleNamespace())
    module.document = types.SimpleNamespace(documentElement=root)  # type: ignore[attr-defined]
    module.window = types.SimpleNamespace(  # type: ignore[attr-defined]
        console=types.SimpleNamespace(warn=lambda *args: None))
    return module


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, FakeWorkers]]:
    fakes = FakeWorkers()
    monkeypatch.setitem(sys.modules, "workers", fakes)
    monkeypatch.setitem(sys.modules, "pyscript", fake_pyscript())
    monkeypatch.delitem(sys.modules, "pool", raising=False)
    pool = importlib.import_module("pool")
    monkeypatch.setattr(pool, "SHARE_TIMEOUT", 0.5)
    yield pool, fakes
    sys.modules.pop("pool", None)


def make_pool(pool: Any, size: int, given_up: list[str] | None = None) -> Any:
    tasks: set[asyncio.Task[Any]] = set()

    def spawn(coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coroutine)
        tasks.add(task)
        return task

    return pool.ExpertPool(size, spawn, lambda: True,
                           (given_up if given_up is not None else []).append)


def test_the_pool_chooses_what_the_engine_chooses(env: tuple[Any, FakeWorkers]) -> None:
    pool, fakes = env

    async def run() -> None:
        expert_pool = make_pool(pool, 3)
        for game, seat in expert_searches("classic", 21)[:4]:
            here = make_bot("expert", 5, 3000).choose(game.view(seat))
            there = await expert_pool.choose(make_bot("expert", 5, 3000), game, seat, 60.0)
            assert there == here
        assert len(fakes.alive()) == 3

    asyncio.run(run())


def test_a_worker_that_stops_answering_is_replaced(env: tuple[Any, FakeWorkers]) -> None:
    pool, fakes = env
    fakes.broken_next = 1  # the first worker hangs on its first share

    async def run() -> None:
        expert_pool = make_pool(pool, 1)
        game, seat = expert_searches("classic", 21)[0]
        here = make_bot("expert", 5, 3000).choose(game.view(seat))
        assert await expert_pool.choose(make_bot("expert", 5, 3000), game, seat, 60.0) == here
        assert fakes.started[0].name in fakes.ended and len(fakes.alive()) == 1

    asyncio.run(run())


def test_a_pool_given_up_starts_again_once_at_a_time(env: tuple[Any, FakeWorkers]) -> None:
    pool, fakes = env
    given_up: list[str] = []

    async def run() -> None:
        expert_pool = make_pool(pool, 2, given_up)
        fakes.fail_starts = 1
        with pytest.raises(pool.PoolUnavailable):
            await expert_pool.workers_ready()
        assert given_up == ["refused"] and expert_pool.given_up
        first_retry = expert_pool.starting
        # Given up again while the retry waits (a share failed elsewhere): one retry only.
        expert_pool._give_up("again")
        await asyncio.sleep(0)
        assert first_retry.cancelled() and expert_pool.starting is not first_retry
        assert given_up == ["refused"]  # the player is told once

    asyncio.run(run())


def test_a_worker_started_after_the_pool_was_given_up_is_ended(
        env: tuple[Any, FakeWorkers]) -> None:
    pool, fakes = env

    async def run() -> None:
        expert_pool = make_pool(pool, 2)
        fakes.start_delay = 0.05
        await expert_pool.workers_ready()
        await asyncio.sleep(0.01)  # the second worker is starting...
        assert len(expert_pool.ready) == 1 and not expert_pool.filling.done()
        expert_pool._give_up("a share failed")  # ...when the pool is given up
        await asyncio.sleep(0.1)
        assert expert_pool.ready == [] and fakes.alive() == []
        expert_pool.starting.cancel()

    asyncio.run(run())
