"""The game widget's step in the kernel, for every registered game: CPU time per Step.

Goal (issue 20 §4): median <= 5 ms and p95 <= 15 ms of kernel CPU time per step of every
game's default widget, bot moves and plot data included. Two setups per game:

* ``default``: the widget a lesson shows, ``GameWidget(game)``: a person in seat 1 and the
  helper bot in the others. Step on the person's turn is the helper's move for them, then the
  bots play on to the person's next turn: several moves, one redraw.
* ``bots``: the helper bot in every seat (what the speed review measured): one move a step.

Each timed step includes what goes to the page: the view model, the plot rows and their JSON
(as the comm serialises them). A finished game is followed by a new one (its first frame is in
the figures). CPU time (``time.process_time``) is the steady figure on a shared machine; wall
time is reported beside it. Run ``python benchmarks/bench_widget.py [--quick]``; the same code
runs against another checkout with ``PYTHONPATH=<checkout> python benchmarks/bench_widget.py``.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # after PYTHONPATH

MEDIAN_GOAL_MS = 5.0
P95_GOAL_MS = 15.0


def _outbound(widget) -> int:
    """Serialise what a step sends to the page, as the comm does; returns its size in bytes."""
    state = {"view": widget.view}
    if hasattr(widget, "plot_spec"):
        state["plot_spec"] = widget.plot_spec
    size = len(json.dumps(state, ensure_ascii=False, allow_nan=False).encode())
    png = getattr(widget, "plot_png", b"")
    return size + (len(png) if isinstance(png, bytes) else 0)


def _percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[max(0, int(q * len(sorted_values)) - 1)]


def step_cost(game: str, setup: str, steps: int) -> dict:
    """CPU and wall milliseconds per step (median, p95, max) and bytes sent per step."""
    from evo_lessons import game_spec
    from evo_lessons.widgets import GameWidget

    spec = game_spec(game)
    if setup == "default":
        make = lambda seed: GameWidget(game, seed=seed)  # noqa: E731
    else:
        players = spec.min_players if spec.min_players > 1 else 2
        players = max(players, min(4, spec.max_players))
        seats = [spec.helper_bot] * players
        make = lambda seed: GameWidget(game, seed=seed, seats=seats, players=players)  # noqa: E731
    widget = make(1)
    cpu, wall, sent = [], [], []
    seed = 1
    for _ in range(steps):
        if widget.state.is_over:
            seed += 1
            widget.new_game(seed=seed)
        c0, w0 = time.process_time(), time.perf_counter()
        widget.step()
        size = _outbound(widget)
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
        sent.append(size)
    cpu.sort()
    wall.sort()
    return {
        "steps": steps,
        "cpu_median_ms": round(statistics.median(cpu), 2),
        "cpu_p95_ms": round(_percentile(cpu, 0.95), 2),
        "cpu_max_ms": round(cpu[-1], 1),
        "wall_median_ms": round(statistics.median(wall), 2),
        "wall_p95_ms": round(_percentile(wall, 0.95), 2),
        "bytes_per_step": round(statistics.mean(sent)),
    }


def run(quick: bool = False) -> dict:
    from evo_lessons import GAMES

    steps = 60 if quick else 300
    results = {}
    for game in GAMES:
        for setup in ("default", "bots"):
            figures = step_cost(game, setup, steps)
            figures["meets_goal"] = (
                figures["cpu_median_ms"] <= MEDIAN_GOAL_MS and figures["cpu_p95_ms"] <= P95_GOAL_MS
            )
            results[f"widget_step_{game}_{setup}"] = figures
    return results


if __name__ == "__main__":
    for key, value in run(quick="--quick" in sys.argv).items():
        print(f"{key:<34} {json.dumps(value)}")
