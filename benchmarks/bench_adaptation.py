"""Benchmark: 5-player Adaptation games with RandomBot per second, on one core.

``python benchmarks/bench_adaptation.py`` prints the figures; ``run(quick=False)`` returns them
for ``benchmarks/run.py``. Each game builds its state and its five bots, as ``simulate`` does,
and the best of three timed batches is reported (the least disturbed by other processes).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.games.adaptation import new_game

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


def run(quick: bool = False) -> dict[str, Any]:
    """Time 5-player RandomBot games; return games/s, step latency and the target."""
    games = 500 if quick else 3_000
    repeats = 2 if quick else 3
    _batch(50, 10_000_000)  # warm up
    timings = [_batch(games, 1_000 * k) for k in range(repeats)]
    seconds, actions = min(timings)
    return {
        "game": "adaptation",
        "players": PLAYERS,
        "bots": "random",
        "games": games,
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 1),
        "actions_per_game": round(actions / games, 2),
        "step_latency_us": round(seconds / actions * 1e6, 2),
        "target_games_per_s": TARGET_GAMES_PER_S,
        "meets_target": games / seconds >= TARGET_GAMES_PER_S,
    }


def main() -> int:
    figures = run(quick="--quick" in sys.argv)
    print(
        f"adaptation: {figures['games_per_s']:.0f} games/s ({PLAYERS} players, RandomBot, "
        f"one core; target >= {TARGET_GAMES_PER_S}); "
        f"{figures['actions_per_game']} actions a game, {figures['step_latency_us']} us a step"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
