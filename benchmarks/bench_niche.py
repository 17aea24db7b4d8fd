"""Niche benchmarks: 4-player RandomBot games per second, widget step latency, and balance.

Run alone with ``python benchmarks/bench_niche.py [--quick]``; ``benchmarks/run.py`` runs every
game's. Games per second are measured on one core as every game's are (``common.py``: a
warm-up, then three runs of fresh games; the median run and the range). The game is read from
its declaration (``GAME``), as the rest of the package reads it.
"""

from __future__ import annotations

import sys
from typing import Any

import common

from evo_lessons.games.niche import GAME
from evo_lessons.games.niche.balance import report

TARGET_GAMES_PER_S = 1_000
PLAYERS = 4


def games_per_second(games: int = 3_000, repeats: int = 3) -> dict[str, Any]:
    """Full 4-player RandomBot games on one core, measured as every game's are
    (``common.games_per_second``), with the issue's target beside them (>= 1,000 a second)."""
    figures = common.games_per_second(GAME, games, repeats=repeats, players=PLAYERS)
    figures["target_games_per_s"] = TARGET_GAMES_PER_S
    figures["meets_target"] = figures["cpu_games_per_s"] >= TARGET_GAMES_PER_S
    return figures


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
