"""Adapt or Die benchmarks: 4-player games per second, the widget's step latency, and balance.

Run alone with ``python benchmarks/bench_adapt_or_die.py [--quick]``; ``benchmarks/run.py`` runs
every game's. The game is reached only through its declared spec (``GAME``).

Three game lengths are timed. Random players finish a default game only after well over a
thousand turns (median about 1,200, mean about 1,700) and thousands of decisions: they pick
uniformly among up to 64 spaces, so they exit the board about one turn in thirteen, they blunder
back into habitats they hold (and must then give a niche card up, R7), and they offer a trade
nearly every turn (about a hundred offers against one "end the turn"). A twelve-round class
(``max_rounds=12``) is what a lesson plays. Fitter bots, players who aim for the exits, finish
in about 48 turns. The cost of one decision is the figure to compare between games.
"""

from __future__ import annotations

import sys

import common

from evo_lessons.games.adapt_or_die import GAME
from evo_lessons.games.adapt_or_die.balance import report


def games_per_second(n: int = 200, players: int = 4, bot: str = "random", **options) -> dict:
    """Full games, one kind of bot in every seat, on one core (``common.games_per_second``)."""
    return common.games_per_second(GAME, n, bot, turns=True, players=players, **options)


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel with the helper bot in every seat (target <= 30 ms)."""
    return common.widget_step_latency(GAME.name, GAME.helper_bot, 4, steps)


def balance(n: int = 2_000) -> dict:
    """Win shares by seat and creature among fitter bots, with 95% intervals."""
    figures = report(n, bots=("fitter",), players=4, seed=5)

    def share(row: dict, key: str) -> str:
        low, high = row["interval"]
        return f"{row[key]:.3f} [{low:.3f}, {high:.3f}]"

    return {
        "games": n,
        "mean_turns": round(figures["mean_turns"], 1),
        "seats": {s["seat"]: share(s, "win_share") for s in figures["seats"]},
        "creatures": {
            c["name"]: f"{share(c, 'win_rate')} unfit {c['mean_unfit']:.1f}"
            for c in figures["creatures"]
        },
    }


def run(quick: bool = False, widget: bool = True) -> dict:
    results = {
        f"{GAME.name}_games": games_per_second(20 if quick else 200),
        f"{GAME.name}_twelve_round_games": games_per_second(200 if quick else 2_000, max_rounds=12),
        f"{GAME.name}_fitter_games": games_per_second(50 if quick else 500, bot="fitter"),
    }
    if widget:
        results[f"{GAME.name}_widget_step"] = widget_step_latency(100 if quick else 300)
    if not quick:
        results[f"{GAME.name}_balance"] = balance()
    return results


if __name__ == "__main__":
    for name, figures in run(quick="--quick" in sys.argv).items():
        print(name, figures)
