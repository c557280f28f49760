"""What one online hand's mental poker costs: ``python -m spades.lab.mentalbench``.

Both sides of a whole hand (``spades.mental``) run in this one process, messages passed
by calls: the two shuffles and their proofs, every card shown to a drawer with its proof,
the cards played with theirs, both keys revealed and each side's check of the other's hand
with the engine's replay.  It prints the seconds of each hand and their median (issue 43's
target: at most 2.5 s), the time by message type (where it goes), the messages' count and
size, and the price of one exponentiation (a lock) in the group, so a figure from a loaded
machine can be read against it.  Options: ``--hands N``, ``--table two-handed`` (with a
Double Nil), ``--small`` (a 64-bit prime: the protocol's own cost, the arithmetic almost
free).

The same code runs under Pyodide: ``node tools/mentalbench.mjs [--hands N]`` after
``python build.py`` (the page's runtime, from ``dist/pyodide``).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections import Counter, defaultdict, deque

from ..mental import Group, ModpGroup, Side
from ..mental.cipher import safe_prime_below
from ..mental.curve import Secp256k1
from ..mental.protocol import Message
from ..rules import PRESETS


def play_hand(sides: list[Side], rng: random.Random, double_nil: bool,
              spent: defaultdict[str, float], sizes: Counter[str]) -> None:
    """One hand between the two sides: random honest moves, the time of each call
    charged to the type of message it handled or sent."""
    queue: deque[tuple[int, Message]] = deque()

    def send(messages: list[Message], to: int) -> None:
        for message in messages:
            sizes[message["type"]] += len(json.dumps(message))
            queue.append((to, message))

    number = sides[0].hand_number
    for side in sides:
        started = time.perf_counter()
        send(side.start(), side.other)
        spent["shuffle"] += time.perf_counter() - started
    while True:
        while queue:
            to, message = queue.popleft()
            started = time.perf_counter()
            send(sides[to].receive(message), 1 - to)
            spent[message["type"]] += time.perf_counter() - started
        if sides[0].hand_number != number or sides[0].phase == "over":
            return
        side = sides[sides[0].turn or 0]
        phase = side.phase
        started = time.perf_counter()
        if phase == "draw":
            if double_nil and side.seat == 0 and not side.hand.bid[0]:
                send(side.bid(0, blind=True), side.other)
            send(side.draw(rng.random() < 0.5), side.other)
        elif phase == "replace":
            send(side.replace(list(side.cards[-3:])), side.other)
        elif phase == "bid":
            send(side.bid(rng.randint(1, 5)), side.other)
        else:
            send(side.play(rng.choice(side.legal_cards())), side.other)
        spent[phase] += time.perf_counter() - started


def lock_cost(group: Group, count: int = 20) -> float:
    """Milliseconds of one lock (an exponentiation by a key) in ``group``."""
    rng = random.Random(1)
    xs = [group.lock(group.encode(v), group.new_key(rng)) for v in range(count)]
    key = group.new_key(rng)
    started = time.perf_counter()
    for x in xs:
        group.lock(x, key)
    return (time.perf_counter() - started) / count * 1000


def run(hands: int = 5, table: str = "duel", small: bool = False) -> dict[str, object]:
    group: Group = ModpGroup(safe_prime_below(2**64)) if small else Secp256k1()
    rng = random.Random(29)
    times: list[float] = []
    cpu: list[float] = []
    spent: defaultdict[str, float] = defaultdict(float)
    sizes: Counter[str] = Counter()
    messages = 0
    for hand in range(hands):
        sides = [Side(seat, PRESETS[table], random.Random(100 * hand + seat), dealer=hand % 2,
                      group=group) for seat in (0, 1)]
        started, cpu_started = time.perf_counter(), _cpu_seconds()
        play_hand(sides, rng, table == "two-handed", spent, sizes)
        times.append(time.perf_counter() - started)
        cpu.append(_cpu_seconds() - cpu_started)
        messages += sides[0].seq
        assert sides[0].game.to_json() == sides[1].game.to_json()
    return {"hands": times, "median": _median(times), "spent": spent,
            "cpu": cpu, "cpu_median": _median(cpu),
            "bytes": sizes, "messages": messages / hands, "lock_ms": lock_cost(group),
            "group": "a 64-bit prime" if small else group.name}


def _cpu_seconds() -> float:
    """This process's CPU time: under Pyodide (whose process time is its wall time) the
    Node process's, when there is one (``tools/mentalbench.mjs``)."""
    if sys.platform == "emscripten":
        try:
            import js  # type: ignore[import-not-found]

            usage = js.process.cpuUsage()
            return float(usage.user + usage.system) / 1e6
        except (ImportError, AttributeError):
            pass
    return time.process_time()


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main(argv: list[str] | None = None) -> None:
    import argparse  # here: the page's trimmed standard library has none (tools/mentalbench.mjs)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--table", choices=["duel", "two-handed"], default="duel")
    parser.add_argument("--small", action="store_true")
    args = parser.parse_args(argv)
    report(run(args.hands, args.table, args.small))


def report(result: dict[str, object]) -> None:
    hands = result["hands"]
    spent = result["spent"]
    sizes = result["bytes"]
    cpu = result["cpu"]
    assert isinstance(hands, list) and isinstance(cpu, list)
    assert isinstance(spent, dict) and isinstance(sizes, Counter)
    if sys.platform == "emscripten":
        where = "Pyodide: the machine's load is not visible from here"
    else:
        where = f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    print(f"one hand's whole exchange, both sides, in {result['group']} ({where})")
    print("  seconds per hand: " + " ".join(f"{t:.2f}" for t in hands))
    print(f"  median: {result['median']:.2f} s (target: 2.5 s)")
    print("  CPU seconds of this process per hand: " + " ".join(f"{t:.2f}" for t in cpu)
          + f", median {result['cpu_median']:.2f} s (less the time others had the cores)")
    total = sum(spent.values())
    print("  where it goes: " + ", ".join(
        f"{kind} {seconds / len(hands):.2f} s ({seconds / total:.0%})"
        for kind, seconds in sorted(spent.items(), key=lambda item: -item[1])))
    print(f"  messages per hand: {result['messages']:.0f}, "
          f"{sum(sizes.values()) / len(hands) / 1024:.0f} KiB of JSON")
    print(f"  one lock: {result['lock_ms']:.2f} ms")


if __name__ == "__main__":
    main()
