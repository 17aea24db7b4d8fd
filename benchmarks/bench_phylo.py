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
plays, events, moves and discards without building them (``games/phylo/choices.py``: a random
player reads one action of about 28); ``games/phylo/reference.py`` works the same answers out
from scratch, and tests/phylo/test_incremental_legal.py checks that both agree at every
decision of ~2,000 games. A game of two ready-made decks numbers its species (30 at most) in
one digit of a Python int (``tables.SpeciesBits``), so the open spaces' masks lie side by side
in one int (``index.packed``): a hand's plays are counted in one AND with the hand repeated
once for each space, a mover's moves in one AND with its bit in each space it can reach.

Machine instructions a game (valgrind, deterministic, 300 games after the modules are compiled),
themed decks: 7.73 M -> 7.00 M -> 5.76 M -> 4.85 M -> 4.29 M over the sessions before, 4.29 M ->
3.81 M (-11.1%) this one; pool decks 3.38 M -> 3.02 M (-10.5%). Cache misses change little
(cachegrind's estimate of cycles: -10.1%). CPU games a second, the code before and after interleaved
on a shared machine that ran ~20% slower that day than the session before (``run.py --game phylo``,
3 pairs): themed 1,511-1,568 -> 1,622-1,746, pool 2,047-2,085 -> 2,031-2,123 (pool's time did not
follow its instructions). The cuts: the plays counted in one AND (the count was 8.6% of a game's
instructions, now 2.5%), the moves counted species by species in one AND each and named only when
one is picked (a species that cannot keep its own kind compatible never makes a space offer itself,
so its old neighbours need no second look: -1.6%), each player's movers apart,
``engine.seeds.shuffle`` (Python's own shuffle written out, the same order: -1.5%), a new game's
laid-out table and index copied (-0.9%), a pick in the second half of the plays counted from the end
(-0.6%), the turn list's usually empty parts shared. Measured and dropped: the index's open spaces
kept in legal-list order (+0.6%, the sort it saves is cheaper than the upkeep), the spaces of each
card on top for the keyword plays (+0.5%), the keyword plays remembered between decisions (-0.1%),
the event counters filtered to a deck pair's events (+0.3%), the open spaces' masks in an array read
as one int (+2.4%: the conversion costs more than the shifts it saves). A new game costs ~0.3 M
instructions, seeding the game's and the two bots' generators ~0.1 M.
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
