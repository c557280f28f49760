"""Engine throughput: random full hands per second through the public API.

    python -m spades.bench [--seconds 3] [--rounds 3] [--preset classic]

A hand is the deal, every bid and all 52 plays, each action chosen at random from
``legal_actions()`` and applied with ``apply``.  When OpenSpiel is installed
(``pip install open_spiel``), its C++ Spades driven from Python runs the same loop in the
same process, alternating rounds with ours so both see the same machine load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from .game import Game
from .rules import PRESETS, Rules


def random_hands_ours(rules: Rules, seconds: float, rng: random.Random) -> float:
    hands, seed = 0, rng.randrange(1 << 30)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game.new(rules, seed=seed + hands)
        while game.hand_number == 0:
            actions = game.legal_actions()
            game = game.apply(actions[rng.randrange(len(actions))])
        hands += 1
    return hands / (time.perf_counter() - start)


def random_hands_openspiel(seconds: float, rng: random.Random) -> float:
    import pyspiel  # type: ignore[import-not-found]

    spades = pyspiel.load_game("spades")
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = spades.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
        hands += 1
    return hands / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    rules = PRESETS[args.preset]
    runners: dict[str, Callable[[random.Random], float]] = {
        "spades (this engine)": lambda rng: random_hands_ours(rules, args.seconds, rng),
    }
    try:
        import pyspiel  # noqa: F401

        runners["OpenSpiel spades (C++ via pybind11)"] = (
            lambda rng: random_hands_openspiel(args.seconds, rng))
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): measuring ours alone")
    results: dict[str, list[float]] = {name: [] for name in runners}
    rng = random.Random(2026)
    for _ in range(args.rounds):
        for name, run in runners.items():
            results[name].append(run(rng))
    print(f"random full hands per second ({args.preset}, {args.rounds} rounds of "
          f"{args.seconds:g} s, median):")
    for name, rates in results.items():
        print(f"  {name:40s} {statistics.median(rates):8.0f}   rounds: "
              + ", ".join(f"{r:.0f}" for r in rates))
    if len(results) == 2:
        # Each round's two loops ran back to back, under the same load: their ratio is the
        # figure to read on a busy machine, where the rates themselves drift.
        ours, theirs = results.values()
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(f"  {'ours / OpenSpiel, round by round':40s} {statistics.median(ratios):8.2f}   "
              "rounds: " + ", ".join(f"{r:.2f}" for r in ratios))


if __name__ == "__main__":
    main()
