"""Starting a PyScript worker (a Web Worker with its own Pyodide) without ever waiting
forever: the AI worker (Expert's moves) and the par worker use it.

PyScript never reports a worker the browser refuses (a Content-Security-Policy without
``blob:`` workers, or an error as it starts): its ready promise simply never settles. So
the start is watched here: the page's ``securitypolicyviolation`` on ``worker-src`` and
the Worker's own ``error`` event give it up at once, and a start that takes longer than
``timeout`` seconds is given up too (a working one takes seconds, even on a slow phone).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import create_named_worker, document

CONFIG = "./pyscript-worker.json"


class WorkerRefused(RuntimeError):
    """The worker could not start: refused by the browser, failed, or too slow."""


async def start_worker(name: str, timeout: float = 60.0) -> Any:
    """The worker.py worker called ``name``, once it has answered ``ping``; raises
    WorkerRefused if it cannot start. A name is for one worker: PyScript keeps the first
    worker of a name for good, so a second try needs a new name."""
    failed: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def on_error(event: Any) -> None:
        if failed.done():
            return
        if event.type != "securitypolicyviolation":
            failed.set_result(str(getattr(event, "message", "") or "it failed"))
        elif event.effectiveDirective == "worker-src":
            failed.set_result("the page's security policy refused it")

    listener = create_proxy(on_error)
    document.addEventListener("securitypolicyviolation", listener)

    async def watch() -> None:
        # PyScript puts the Worker on its <script> once it has read the config: an error
        # as it starts is an "error" on the Worker.
        while True:
            script = document.querySelector(f'script[name="{name}"]')
            if script and hasattr(script, "xworker"):
                script.xworker.addEventListener("error", listener)
                return
            await asyncio.sleep(0.05)

    async def ready() -> Any:
        worker = await create_named_worker("./worker.py", name, CONFIG)
        await worker.ping()
        return worker

    starting, watching = asyncio.ensure_future(ready()), asyncio.ensure_future(watch())
    try:
        done, _pending = await asyncio.wait({starting, failed}, timeout=timeout,
                                            return_when=asyncio.FIRST_COMPLETED)
        if starting in done:
            return starting.result()
        if failed in done:
            raise WorkerRefused(failed.result())
        raise WorkerRefused(f"it did not start within {timeout:.0f} seconds")
    finally:
        for task in (starting, watching, failed):
            task.cancel()
        document.removeEventListener("securitypolicyviolation", listener)
        script = document.querySelector(f'script[name="{name}"]')
        if script and hasattr(script, "xworker"):
            script.xworker.removeEventListener("error", listener)
        listener.destroy()


def end_workers(prefix: str) -> None:
    """End the workers whose names start with ``prefix`` and remove their elements."""
    for script in document.querySelectorAll(f'script[worker][name^="{prefix}"]'):
        if hasattr(script, "xworker"):
            script.xworker.terminate()
        script.remove()
