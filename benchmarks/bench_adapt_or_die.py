"""Adapt or Die benchmarks: 4-player games per second, the widget's step latency, and balance.

Run alone with ``python benchmarks/bench_adapt_or_die.py [--quick]``; ``benchmarks/run.py`` runs
every game's. The game is reached only through its declared spec (``GAME``).

Five kinds of game are timed, one kind of bot in every seat:

* ``random`` (the sensible random bot, the default opponent of class experiments): random where
  it matters for fit, but it exits at habitats it lacks, keeps its niche cards and never offers a
  trade; a game is about 59 turns and 150 decisions.
* ``fitter`` and ``trader``: the helper bot and the fitter that trades (targets: at least 150 and
  50 games per CPU-second); about 49 turns.
* ``uniform`` (uniformly random over every legal move, for fuzzing): such players rarely exit
  the board and offer trades at random, so a game is about 1,100 turns and 7,000 decisions, and
  about one in five reaches the 500-round limit (R19). The cost of one decision is the figure to
  compare with other games here, not games per second.
* ``uniform`` with ``max_rounds=12``: the same players in a twelve-round class.
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
        f"{GAME.name}_games": games_per_second(200 if quick else 2_000),
        f"{GAME.name}_fitter_games": games_per_second(50 if quick else 500, bot="fitter"),
        f"{GAME.name}_trader_games": games_per_second(20 if quick else 200, bot="trader"),
        f"{GAME.name}_uniform_games": games_per_second(10 if quick else 60, bot="uniform"),
        f"{GAME.name}_uniform_twelve_round_games": games_per_second(
            200 if quick else 2_000, bot="uniform", max_rounds=12
        ),
    }
    if widget:
        results[f"{GAME.name}_widget_step"] = widget_step_latency(100 if quick else 300)
    if not quick:
        results[f"{GAME.name}_balance"] = balance()
    return results


if __name__ == "__main__":
    for name, figures in run(quick="--quick" in sys.argv).items():
        print(name, figures)
