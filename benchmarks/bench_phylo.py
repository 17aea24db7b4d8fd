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
themed decks: 7.73 M -> 7.00 M -> 5.76 M -> 4.85 M -> 4.29 M -> 3.81 M over the sessions before,
3.81 M -> 3.33 M (-12.6%) this one; the benchmark's own run (3,000 games from a fresh process,
the tables' first fills included) 3.41 M -> 2.92 M (-14.5%); pool decks 3.04 M -> 2.76 M. The
largest cut was not in the rules: CPython reads an object's attributes on its fast path only
while the object has fewer than 30 of them, and the state had 34 (engine/state.py,
``MAX_ATTRIBUTES``; the grid's tables are now slots: -4.3%). Then: ``play_game`` reading the legal
list itself and a random bot's one-call ``pick`` (-2.3%), each keyword species' target spaces
kept in the index (-0.6%), each mover's reach kept (-0.8%), an area event's victims from a table
(-1.2%), a play carried out in ``_apply`` itself (-0.9%), the move, event and keyword tables
without the interned dict (-0.7%), no move count for a player without movers (-1.4%), no
keyword plays asked for unless a keyword species in the hand has a space to aim at
(``index.aimable``: -1.1%), no spreads asked for without wind, boom or pollinator (-0.5%), the
event counters cut to the game's own events (-0.5%). Measured and dropped this time: a hand
kept repeated once for each space (+0.1%: the ORs cost what the product saved), a draw's cards
told to the index in one call (+0.25%: a one-card draw pays for the list), the scores by a C
``filter`` (+0.8%), the hand searched with ``list.remove`` (+0.4%), ``isinstance`` of an ABC in
the random bot (+1.7%), each hand's card ids kept in hand order for the search (+0.2%). Kept
though it costs: a card's arrival on top counted in one method (``index._arrived``) instead of
three copies, and an opening hand told to the index card by card (+0.3% together).
Earlier sessions' dropped ideas: the index's open spaces kept in
legal-list order (+0.6%), the spaces of each card on top as bitmasks (+0.5%), the keyword plays
remembered between decisions (-0.1%), the open spaces' masks in an array read as one int
(+2.4%). A new game costs ~0.3 M instructions, seeding the game's and the two bots' generators
~0.1 M (C code: 4 µs a generator). Since then: each hand's event cards kept apart
(``index.held_events``) and one shared sentence for each card lost: 3.34 M -> 3.30 M from a
fresh process, 2.86 M -> 2.81 M (-1.8%) in a long run (300 games after 1,000 others); shared
sentences for moves, events played and cards at risk were measured and dropped (-0.3% in a
long run, +0.5% from a fresh process: too many distinct sentences to find them again).
The figures are the median of three runs of fresh games after a warm-up (``common.py``), as
Niche's and Adaptation's have always been; before that, one run from a fresh process showed
the machine's swings (1,900 to 2,160 games a CPU-second within an hour) as Phylo's speed.
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
