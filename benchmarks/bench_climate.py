"""Climate benchmarks: 4-player RandomBot games per second, and the widget's step latency.

Run alone with ``python benchmarks/bench_climate.py``; ``benchmarks/run.py`` runs every game's.
The game is reached only through its declared spec (``GAME``).

Two game lengths are timed. At the default options (ruling R9) a game lasts until a species
holds all four habitat tokens: random players take about 145 rounds and 690 decisions for that.
A ten-round class (``max_rounds=10``, the old default) takes about 48 decisions. The cost of one
decision is the figure to compare between the two.
"""

from __future__ import annotations

import sys

import common

from evo_lessons.games.climate import GAME


def games_per_second(n: int = 2_000, players: int = 4, **options) -> dict:
    """Full games, one kind of bot in every seat, on one core (``common.games_per_second``)."""
    return common.games_per_second(GAME, n, players=players, **options)


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel with the helper bot in every seat (target <= 30 ms)."""
    return common.widget_step_latency(GAME.name, GAME.helper_bot, 4, steps)


def run(quick: bool = False, widget: bool = True) -> dict:
    results = {
        f"{GAME.name}_games": games_per_second(200 if quick else 2_000),
        f"{GAME.name}_ten_round_games": games_per_second(1_000 if quick else 10_000, max_rounds=10),
    }
    if widget:
        results[f"{GAME.name}_widget_step"] = widget_step_latency(100 if quick else 300)
    return results


if __name__ == "__main__":
    # --games: games per second only (no widget, so no matplotlib or anywidget needed)
    figures = run(quick="--quick" in sys.argv, widget="--games" not in sys.argv)
    for name, values in figures.items():
        print(name, values)
