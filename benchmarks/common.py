"""What every game's benchmark shares: games per second, and a widget's step in the kernel."""

from __future__ import annotations

import random
import statistics
import time


def games_per_second(game: str, players: int, games: int, seed: int = 0) -> dict:
    """RandomBot games on one core, through the public API (new_game, legal_actions, apply).

    Wall and CPU time are both reported: on a shared machine the CPU figure is the steadier.
    """
    from evo_lessons import game_spec

    spec = game_spec(game)
    rng = random.Random(seed)
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(games):
        state = spec.new_game(seed=seed * 100_000 + number, players=players)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "games": games,
        "games_per_s": round(games / wall),
        "games_per_cpu_s": round(games / cpu),
        "actions_per_game": round(actions / games, 1),
    }


def widget_step_latency(game: str, bot: str, players: int, steps: int = 300) -> dict:
    """Median and p95 of ``GameWidget.step()``: apply + bot + view model + live plot frame.

    All seats are bots, so each step is exactly one move; a finished game is replaced by a new
    one (its first frame redraws the plot's background, which shows in the p95 and max).
    """
    from evo_lessons.widgets import GameWidget

    widget = GameWidget(game, seed=1, seats=[bot] * players, players=players)
    times = []
    game_number = 1
    for _ in range(steps):
        if widget.state.is_over:
            game_number += 1
            widget.new_game(seed=game_number)
        start = time.perf_counter()
        widget.step()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "steps": steps,
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(0.95 * len(times)) - 1], 1),
        "max_ms": round(times[-1], 1),
    }
