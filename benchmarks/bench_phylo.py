"""Phylo benchmarks: RandomBot games per second, the widget's step latency, the deck balance.

Run alone with ``python benchmarks/bench_phylo.py`` (``--games`` for games per second only,
``--balance`` to add the ready-made decks' win shares, 2,000 builder games a pair);
``benchmarks/run.py`` runs every game's. The game is reached only through its spec (``GAME``).

The issue's targets: at least 500 random games a second on one core, and a widget step of at most
30 ms in the kernel.
"""

from __future__ import annotations

import sys
import time

import common

from evo_lessons.engine import derive_seed, play_game
from evo_lessons.games.phylo import GAME
from evo_lessons.games.phylo.balance import report


def games_per_second(n: int = 2_000, **options) -> dict:
    """Full games with the random bot in both seats, on one core (wall and CPU time)."""
    random_bot = GAME.bots["random"]
    start = time.perf_counter()
    cpu_start = time.process_time()
    actions = 0
    for i in range(n):
        seed = derive_seed(1, i)
        state = GAME.new_game(seed=seed, **options)
        play_game(state, [random_bot(seed=seed + k) for k in range(2)])
        actions += len(state.history)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start  # robust to other work sharing the two cores
    return {
        "games": n,
        "options": options or "default",
        "seconds": round(elapsed, 2),
        "games_per_s": round(n / elapsed),
        "cpu_games_per_s": round(n / cpu),
        "decisions_per_game": round(actions / n, 1),
        "cpu_us_per_decision": round(cpu / actions * 1e6, 2),
    }


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel with the helper bot in both seats (target <= 30 ms)."""
    return common.widget_step_latency(GAME.name, GAME.helper_bot, 2, steps)


def balance(n: int = 2_000) -> list[dict]:
    """Win share of each ready-made deck against each other one (builder bots, 95% interval)."""
    return [
        {
            "pair": f"{row['deck']} v {row['against']}",
            "share": round(row["share"], 3),
            "interval": [round(row["low"], 3), round(row["high"], 3)],
            "margin_points": round(row["margin_points"], 1),
        }
        for row in report(n=n, seed=2026)
    ]


def run(quick: bool = False, widget: bool = True, decks: bool = False) -> dict:
    results = {
        f"{GAME.name}_games": games_per_second(300 if quick else 3_000),
        f"{GAME.name}_pool_games": games_per_second(200 if quick else 1_000, decks="pool"),
    }
    if widget:
        results[f"{GAME.name}_widget_step"] = widget_step_latency(100 if quick else 300)
    if decks:
        results[f"{GAME.name}_deck_balance"] = balance(200 if quick else 2_000)
    return results


if __name__ == "__main__":
    figures = run(
        quick="--quick" in sys.argv,
        widget="--games" not in sys.argv,
        decks="--balance" in sys.argv,
    )
    for name, values in figures.items():
        print(name, values)
