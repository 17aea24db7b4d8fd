"""What every game's benchmark shares: timing a widget's step in the kernel."""

from __future__ import annotations

import statistics
import time


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
