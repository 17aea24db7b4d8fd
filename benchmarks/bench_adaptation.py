"""Benchmark: 5-player Adaptation games with RandomBot per second, on one core.

``python benchmarks/bench_adaptation.py`` prints the figures; ``run(quick=False)`` returns them
for ``benchmarks/run.py``. Each game builds its state and its five bots, as ``simulate`` does.
Games per second are measured as every game's are (``common.py``: a warm-up, then three runs of
fresh games; the median run and the range). The game is read from its declaration (``GAME``),
as the rest of the package reads it.

``python benchmarks/bench_adaptation.py --bots`` also measures how often MemoryBot beats
RandomBot over 10,000 games (``bot_win_rates``), with 95% confidence intervals, ``--helper``
the games per second with MemoryBot (the bot Step uses) in every seat, and ``--widget`` the
widget's step latency with memory bots.
"""

from __future__ import annotations

import sys
from typing import Any

import common

from evo_lessons.engine import RandomBot, simulate
from evo_lessons.engine.stats import wilson
from evo_lessons.games.adaptation import GAME

TARGET_GAMES_PER_S = 2_000
PLAYERS = 5


def games_per_second(quick: bool = False, bot: str = "random", games: int | None = None) -> dict:
    """5-player games (RandomBot unless told) on one core, measured as every game's are
    (``common.games_per_second``), with the target for random players beside them."""
    games = games or (500 if quick else 3_000)
    figures = common.games_per_second(GAME, games, bot, repeats=2 if quick else 3, players=PLAYERS)
    random_players = bot == "random"
    figures["target_games_per_s"] = TARGET_GAMES_PER_S if random_players else None
    figures["meets_target"] = (
        figures["cpu_games_per_s"] >= TARGET_GAMES_PER_S if random_players else None
    )
    return figures


def helper_bot_games_per_second(quick: bool = False) -> dict[str, Any]:
    """The same with the bot Step uses (MemoryBot) in every seat: the widget's and the
    experiments' cost, far above RandomBot's."""
    return games_per_second(quick, GAME.helper_bot, 50 if quick else 300)


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel (target <= 30 ms median)."""
    return common.widget_step_latency(GAME.name, GAME.helper_bot, PLAYERS, steps)


def run(quick: bool = False) -> dict[str, Any]:
    """Every Adaptation figure, keyed for ``benchmarks/run.py``."""
    results: dict[str, Any] = {f"{GAME.name}_games": games_per_second(quick)}
    results[f"{GAME.name}_{GAME.helper_bot}_games"] = helper_bot_games_per_second(quick)
    results[f"{GAME.name}_widget_step"] = widget_step_latency(100 if quick else 300)
    for row in bot_win_rates(1_000 if quick else 10_000):
        results[f"{GAME.name}_{GAME.helper_bot}_vs_random_{row['players']}p"] = row
    return results


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
            bots[seat] = GAME.bots[GAME.helper_bot]
            rows = simulate(
                GAME, per_seat, bots=bots, seed=seed + seat, options={"players": players}
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
    quick = "--quick" in sys.argv
    figures = games_per_second(quick)
    print(
        f"{GAME.name}: {figures['cpu_games_per_s']:.0f} games per CPU second (range "
        f"{figures['cpu_games_per_s_range']}; {PLAYERS} players, RandomBot, one core; target >= "
        f"{TARGET_GAMES_PER_S}); {figures['decisions_per_game']} decisions a game, "
        f"{figures['cpu_us_per_decision']} us a decision"
    )
    if "--helper" in sys.argv:
        helper = helper_bot_games_per_second(quick)
        print(
            f"{GAME.name} with {helper['bot']} bots: {helper['cpu_games_per_s']:.0f} games per "
            f"CPU second (range {helper['cpu_games_per_s_range']}); "
            f"{helper['cpu_us_per_decision']} us a decision"
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
