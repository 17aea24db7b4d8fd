"""Benchmark: 5-player Adaptation games with RandomBot per second, on one core.

``python benchmarks/bench_adaptation.py`` prints the figures; ``run(quick=False)`` returns them
for ``benchmarks/run.py``. Each game builds its state and its five bots, as ``simulate`` does,
and the best of three timed batches is reported (the least disturbed by other processes).

``python benchmarks/bench_adaptation.py --bots`` also measures how often MemoryBot beats
RandomBot over 10,000 games (``bot_win_rates``), with 95% confidence intervals, and
``--widget`` the widget's step latency with memory bots.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

import common

from evo_lessons.engine import RandomBot, play_game, simulate
from evo_lessons.games.adaptation import MemoryBot, new_game

TARGET_GAMES_PER_S = 2_000
PLAYERS = 5


def _batch(games: int, first_seed: int) -> tuple[float, int]:
    """Play ``games`` seeded games; return (seconds, actions taken)."""
    actions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = new_game(players=PLAYERS, seed=seed)
        bots = [RandomBot(seed=seed * 16 + seat) for seat in range(PLAYERS)]
        play_game(state, bots)
        actions += len(state.history)
    return time.perf_counter() - start, actions


def games_per_second(quick: bool = False) -> dict[str, Any]:
    """Time 5-player RandomBot games; return games/s, step latency and the target."""
    games = 500 if quick else 3_000
    repeats = 2 if quick else 3
    _batch(50, 10_000_000)  # warm up
    timings = [_batch(games, 1_000 * k) for k in range(repeats)]
    seconds, actions = min(timings)
    return {
        "players": PLAYERS,
        "games": games,
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 1),
        "decisions_per_game": round(actions / games, 2),
        "step_latency_us": round(seconds / actions * 1e6, 2),
        "target_games_per_s": TARGET_GAMES_PER_S,
        "meets_target": games / seconds >= TARGET_GAMES_PER_S,
    }


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel (target <= 30 ms median)."""
    return common.widget_step_latency("adaptation", "memory", PLAYERS, steps)


def run(quick: bool = False) -> dict[str, Any]:
    """Every Adaptation figure, keyed for ``benchmarks/run.py``."""
    results: dict[str, Any] = {"adaptation_games": games_per_second(quick)}
    results["adaptation_widget_step"] = widget_step_latency(100 if quick else 300)
    for row in bot_win_rates(1_000 if quick else 10_000):
        results[f"adaptation_memory_vs_random_{row['players']}p"] = row
    return results


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion (good near 0 and 1, unlike the plain one)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def bot_win_rates(games: int = 10_000, seed: int = 2026) -> list[dict[str, Any]]:
    """MemoryBot against RandomBots: 2 players head to head, and 1 against 4 at a 5-seat table.

    The MemoryBot takes every seat equally often. A shared win counts as a win (``wins``) and,
    in ``win_share``, as 1/k of a win; ``chance`` is what a seat wins if all play alike.
    """
    results = []
    for players in (2, 5):
        wins = shares = 0.0
        per_seat = games // players
        for seat in range(players):
            bots: list[Any] = [RandomBot] * players
            bots[seat] = MemoryBot
            rows = simulate(
                "adaptation", per_seat, bots=bots, seed=seed + seat, options={"players": players}
            )
            for row in rows:
                if seat in row["winners"]:
                    wins += 1
                    shares += 1 / len(row["winners"])
        n = per_seat * players
        low, high = wilson(wins, n)
        slow, shigh = wilson(shares, n)
        results.append(
            {
                "players": players,
                "games": n,
                "memory_wins": round(wins / n, 4),
                "memory_wins_ci95": (round(low, 4), round(high, 4)),
                "memory_win_share": round(shares / n, 4),
                "memory_win_share_ci95": (round(slow, 4), round(shigh, 4)),
                "chance": round(1 / players, 4),
            }
        )
    return results


def main() -> int:
    figures = games_per_second(quick="--quick" in sys.argv)
    print(
        f"adaptation: {figures['games_per_s']:.0f} games/s ({PLAYERS} players, RandomBot, "
        f"one core; target >= {TARGET_GAMES_PER_S}); "
        f"{figures['decisions_per_game']} decisions a game, {figures['step_latency_us']} us a step"
    )
    if "--bots" in sys.argv:
        for r in bot_win_rates():
            low, high = r["memory_wins_ci95"]
            print(
                f"MemoryBot vs {r['players'] - 1} RandomBot(s), {r['games']} games: wins "
                f"{r['memory_wins']:.1%} (95% CI {low:.1%}-{high:.1%}); win share "
                f"{r['memory_win_share']:.1%}; a seat's fair share is {r['chance']:.0%}"
            )
    if "--widget" in sys.argv:
        print("widget step (ms):", widget_step_latency())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
