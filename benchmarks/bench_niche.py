"""Niche benchmarks: 4-player RandomBot games per second, widget step latency, and balance.

Run alone with ``python benchmarks/bench_niche.py [--quick]``; ``benchmarks/run.py`` runs every
game's. Games per second are measured on one core in three timed batches, as wall time and as
CPU time (the steadier figure when other work shares the machine): the best batch and the median
are reported. The game is read from its declaration (``GAME``), as the rest of the package
reads it.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

import common

from evo_lessons.engine import RandomBot, derive_seed, play_game
from evo_lessons.games.niche import GAME
from evo_lessons.games.niche.balance import report

TARGET_GAMES_PER_S = 1_000
PLAYERS = 4


def _batch(games: int, first: int) -> tuple[float, float, int]:
    """Play ``games`` seeded games, RandomBot in every seat; return (wall s, CPU s, actions).

    Each game builds its state and its bots, as ``simulate`` does."""
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(first, first + games):
        seed = derive_seed(1, number)
        state = GAME.new_game(players=PLAYERS, seed=seed)
        play_game(state, [RandomBot(seed + seat) for seat in range(PLAYERS)])
        actions += len(state.history)
    return time.perf_counter() - wall, time.process_time() - cpu, actions


def games_per_second(games: int = 3_000, repeats: int = 3) -> dict[str, Any]:
    """Full games on one core (the issue's target: >= 1,000 a second)."""
    _batch(max(1, games // 20), 10_000_000)  # warm up
    timings = [_batch(games, k * games) for k in range(repeats)]
    walls = sorted(wall for wall, _, _ in timings)
    cpus = sorted(cpu for _, cpu, _ in timings)
    actions = sum(a for _, _, a in timings)
    return {
        "players": PLAYERS,
        "games": games,
        "repeats": repeats,
        "games_per_s": round(games / walls[0]),
        "median_games_per_s": round(games / statistics.median(walls)),
        "cpu_games_per_s": round(games / statistics.median(cpus)),
        "decisions_per_game": round(actions / (games * repeats), 1),
        "target_games_per_s": TARGET_GAMES_PER_S,
        "meets_target": games / walls[0] >= TARGET_GAMES_PER_S,
    }


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel with the helper bot in every seat (target <= 30 ms)."""
    return common.widget_step_latency(GAME.name, GAME.helper_bot, PLAYERS, steps)


def balance(n: int = 10_000, bots: str = "planner", workers: int = 2) -> dict:
    """Seat win shares, game length and the hardest environments over ``n`` 4-player games."""
    figures = report(n=n, bots=(bots,), players=PLAYERS, seed=1, workers=workers)
    hardest = sorted(figures["environments"], key=lambda e: e["completion_rate"])[:3]
    return {
        "games": n,
        "bots": bots,
        "seat_win_shares": [round(s, 3) for s in figures["seat_win_shares"]],
        "first_player_advantage_points": round(figures["first_player_advantage_points"], 1),
        "mean_turns": round(figures["mean_turns"], 1),
        "mean_rounds": round(figures["mean_rounds"], 1),
        "ended_by_time": figures["ended_by_time"],
        "hardest": [f"{e['environment']} {e['completion_rate']:.2f}" for e in hardest],
    }


def run(quick: bool = False) -> dict:
    """Every Niche figure, keyed for ``benchmarks/run.py``."""
    name = GAME.name
    results = {f"{name}_games": games_per_second(500 if quick else 3_000, 2 if quick else 3)}
    results[f"{name}_widget_step"] = widget_step_latency(100 if quick else 300)
    n = 1_000 if quick else 10_000
    results[f"{name}_balance_{GAME.helper_bot}"] = balance(n, GAME.helper_bot)
    results[f"{name}_balance_random"] = balance(n, "random")
    return results


if __name__ == "__main__":
    if "--games" in sys.argv:  # games per second alone (quick before/after comparisons)
        print(f"{GAME.name}_games", games_per_second())
    else:
        for key, figures in run(quick="--quick" in sys.argv).items():
            print(key, figures)
