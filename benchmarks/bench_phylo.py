"""Phylo benchmarks: RandomBot games per second, the widget's step latency, the deck balance.

Run alone with ``python benchmarks/bench_phylo.py`` (``--games`` for games per second only,
``--balance`` to add the ready-made decks' win shares, 2,000 builder games a pair, ``--profile``
for the functions a random game spends its time in); ``benchmarks/run.py`` runs every game's.
The game is reached only through its spec (``GAME``).

Targets: issue 19 asks for at least 2,000 random 2-player games per CPU-second (the CPU figure
is the steady one on a shared machine). The rules keep between actions what a decision asks
(``games/phylo/index.py``: the open spaces and what may be played there, the species able to
move, each hand's cards, how many species on top each event card may target, the cards to
recheck for broken links) instead of rescanning the table, and a turn's legal list counts its
plays, events and discards without building them (``games/phylo/choices.py``: a random player
reads one action of about 28); ``games/phylo/reference.py`` works the same answers out from
scratch, and tests/phylo/test_incremental_legal.py checks that both agree at every decision of
~2,000 games. Machine instructions a game (valgrind, deterministic, 300 games after the modules
are compiled), themed decks: 7.73 M -> 7.00 M -> 5.76 M -> 4.85 M over the sessions before,
4.85 M -> 4.31 M this one (pool decks 3.79 M -> 3.38 M); ``--games``, the code before and after
interleaved, 3 runs at load 1: themed 1,499-1,542 -> 1,739-1,772 games per CPU-second, pool
1,952-2,083 -> 2,261-2,402. This session's cuts: the event plays counted from the index
(-4.7%) and the discards from the hand; the apply side (a play carried out in place, the
removal step skipped when nothing is at risk and nothing changed, the hand's copies counted in
a list, shared setup sentences: -4.7% together); the default options checked once
(``engine/spec.py``); a call or two fewer a decision. The goal is not met: what is left is
spread over the whole turn (see --profile), each idea measured under 0.5% or worse: the
spaces of each species on top as bitmasks (keyword plays found from them: +0.7%), the event
counters packed in one wide int (no change), the plays' counts kept for the pick (+2%), a
species counting only for the events its game was dealt (-0.2% themed, but pool decks deal a
new set each game: pool -12%), an inlined occupied check in ``changed`` (+0.15%). A new game
costs ~0.34 M instructions (the two deck shuffles are 40% of its bytecodes), and seeding the
game's and the two bots' generators ~0.08 M.
A widget step should take at most 30 ms in the kernel. ``cpu_us_per_decision`` compares runs
whose games differ in length (a change of cards changes the games).
"""

from __future__ import annotations

import sys

import common

from evo_lessons.games.phylo import GAME
from evo_lessons.games.phylo.balance import report


def games_per_second(n: int = 3_000, **options) -> dict:
    """Full games, one kind of bot in every seat, on one core (``common.games_per_second``)."""
    return common.games_per_second(GAME, n, **options)


def profile(n: int = 1_000, top: int = 20) -> None:
    """Print where ``n`` random games spend their time (cProfile, by own time)."""
    import cProfile
    import pstats

    games_per_second(200)  # fill the shared action tables first, as a long run has
    profiler = cProfile.Profile()
    profiler.runcall(games_per_second, n)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def widget_step_latency(steps: int = 300) -> dict:
    """GameWidget.step() in the kernel with the helper bot in both seats (target <= 30 ms)."""
    return common.widget_step_latency(GAME.name, GAME.helper_bot, 2, steps)


def balance(n: int = 2_000) -> list[dict]:
    """Win share of each ready-made deck against each other one (builder bots, 95% interval)."""
    return [
        {
            "pair": f"{row['deck']} v {row['against']}",
            "share": round(row["share"], 3),
            "interval": [round(row["low"], 3), round(row["high"], 3)],
            "margin_points": round(row["margin_points"], 1),
        }
        for row in report(n=n, seed=2026)
    ]


def run(quick: bool = False, widget: bool = True, decks: bool = False) -> dict:
    results = {
        f"{GAME.name}_games": games_per_second(300 if quick else 3_000),
        f"{GAME.name}_pool_games": games_per_second(200 if quick else 1_000, decks="pool"),
    }
    if widget:
        results[f"{GAME.name}_widget_step"] = widget_step_latency(100 if quick else 300)
    if decks:
        results[f"{GAME.name}_deck_balance"] = balance(200 if quick else 2_000)
    return results


if __name__ == "__main__":
    if "--profile" in sys.argv:
        profile()
        sys.exit()
    figures = run(
        quick="--quick" in sys.argv,
        widget="--games" not in sys.argv,
        decks="--balance" in sys.argv,
    )
    for name, values in figures.items():
        print(name, values)
