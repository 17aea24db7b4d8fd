"""Climate benchmarks: full 4-player RandomBot games per second, and the widget's step latency.

Run alone with ``python benchmarks/bench_climate.py``; ``benchmarks/run.py`` runs every game's.
"""

from __future__ import annotations

import sys
import time

import common


def games_per_second(n: int = 10_000, players: int = 4) -> dict:
    """Full games with RandomBot in every seat, on one core (the issue's target: >= 1,000/s)."""
    from evo_lessons.engine import RandomBot, derive_seed, play_game
    from evo_lessons.games import climate

    start = time.perf_counter()
    cpu_start = time.process_time()
    actions = 0
    for i in range(n):
        seed = derive_seed(1, i)
        state = climate.new_game(players=players, seed=seed)
        play_game(state, [RandomBot(seed + k) for k in range(players)])
        actions += len(state.history)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start  # robust to other work sharing the two cores
    return {
        "games": n,
        "seconds": round(elapsed, 2),
        "games_per_s": round(n / elapsed),
        "cpu_games_per_s": round(n / cpu),
        "decisions_per_game": round(actions / n, 1),
    }


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel (target <= 30 ms median)."""
    return common.widget_step_latency("climate", "planner", 4, steps)


def run(quick: bool = False) -> dict:
    return {
        "climate_games": games_per_second(1_000 if quick else 10_000),
        "climate_widget_step": widget_step_latency(100 if quick else 300),
    }


if __name__ == "__main__":
    for name, figures in run(quick="--quick" in sys.argv).items():
        print(name, figures)
