"""Knock-out experiments on the food webs the bots build: remove one species, count what falls.

Ecologists test how robust a real food web is by removing species from it, one at a time, and
counting the *secondary extinctions*: the species left with nothing to eat (Dunne, Williams &
Martinez 2002). This module does the same to Phylo webs. It plays bot games to the end, takes
the finished table, and knocks out each species in turn (each time from the intact web). After
a knock-out, every card left without a compatible connection (the rules' own test, R3 and R6)
is removed at once, again and again until none is: a collapse with nobody to react, like the
immediate removals of R14.

Nothing here is a rule of the game; it is a measurement on the game's webs. Game ``i`` of
:func:`knockouts` is the same game as game ``i`` of ``simulate("phylo", n, bots, seed)``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from evo_lessons.engine.bots import play_game
from evo_lessons.engine.seeds import derive_seed

from .compatibility import SPECIES
from .rules import PhyloState

Card = tuple[int, int]  # (space, instance) of a species on the table


def play(index: int, seed: int = 0, bots: Sequence[str] = ("builder", "builder"), **options):
    """Game number ``index`` of a batch, played to the end (the same game simulate() plays)."""
    from . import GAME

    game_seed = derive_seed(seed, "game", index)
    state = GAME.new_game(seed=game_seed, **options)
    names = list(bots) * (2 if len(bots) == 1 else 1)
    players = [GAME.make_bot(n, derive_seed(game_seed, "bot", s)) for s, n in enumerate(names)]
    play_game(state, players)
    return state


def collapse(state: PhyloState) -> list[Card]:
    """Remove every card without a compatible connection, until none is left; return them."""
    fallen: list[Card] = []
    while True:
        broken = state._unconnected()
        if not broken:
            return fallen
        for space, instance in broken:
            _lift(state, space, instance)
        fallen.extend(broken)


def _lift(state: PhyloState, space: int, instance: int) -> None:
    if state.top[space] == instance:
        state.top[space] = -1
    elif state.under[space] == instance:
        state.under[space] = -1


def web(state: PhyloState) -> PhyloState:
    """A copy of the table holding only the connected web (cards already cut off are gone)."""
    copy = state.clone()
    collapse(copy)
    return copy


def knock_out(intact: PhyloState, space: int, instance: int) -> list[Card]:
    """The cards that fall when the species ``instance`` at ``space`` is removed from the web."""
    top, under = list(intact.top), list(intact.under)
    try:
        _lift(intact, space, instance)
        return collapse(intact)
    finally:
        intact.top, intact.under = top, under


def knockouts(
    games: int = 300,
    seed: int = 0,
    bots: Sequence[str] = ("builder", "builder"),
    progress: Callable[[int, int], None] | None = None,
    **options: Any,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Knock out every species of every finished web, one at a time.

    ``progress``, if given, is called as ``progress(done, games)`` after each game (a lesson
    passes :func:`evo_lessons.widgets.progress.progress_bar`'s callback).

    Returns two lists of rows: one per knock-out (``game``, the ``removed`` species' name, its
    ``rank``, the ``web`` size, and the ``fallen``: secondary losses) and one per species that
    was not the one removed (``game``, its ``rank``, its ``links`` in the intact web: the
    neighbours that keep it compatible, and whether it ``survived``).
    """
    removals, species = [], []
    for g in range(games):
        intact = web(play(g, seed, bots, **options))
        cards = intact.table_cards()
        links = {(s, i): len(intact.links_of(s, i)) for s, i, _b in cards}
        for s, i, _b in cards:
            fallen = set(knock_out(intact, s, i))
            removed = SPECIES[intact.card_of[i]]
            removals.append(
                {
                    "game": g,
                    "removed": removed.name,
                    "rank": removed.rank,
                    "diet": removed.diet,
                    "web": len(cards),
                    "fallen": len(fallen),
                }
            )
            for other in links:
                if other == (s, i):
                    continue
                species.append(
                    {
                        "game": g,
                        "rank": SPECIES[intact.card_of[other[1]]].rank,
                        "links": links[other],
                        "survived": other not in fallen,
                    }
                )
        if progress is not None:
            progress(g + 1, games)
    return removals, species


def by_group(
    rows: Iterable[dict[str, Any]],
    key: str,
    value: str,
    cluster: str = "game",
    resamples: int = 1000,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """The mean of ``value`` for each ``key``, with a 95% interval from resampling clusters.

    Rows from one game share one web, so they are not independent: the interval resamples whole
    games (a cluster bootstrap, ``resamples`` times) rather than treating every row as its own
    trial. A True/False value gives a share.
    """
    totals: dict[Any, dict[Any, list[float]]] = {}
    for row in rows:
        cell = totals.setdefault(row[key], {}).setdefault(row[cluster], [0.0, 0])
        cell[0] += float(row[value])
        cell[1] += 1
    clusters = sorted({c for groups in totals.values() for c in groups})
    rng = random.Random(seed)
    draws = [[rng.choice(clusters) for _ in clusters] for _ in range(resamples)]
    result = []
    for group in sorted(totals):
        cells = totals[group]
        total = sum(s for s, _n in cells.values())
        n = sum(n for _s, n in cells.values())
        means = []
        for draw in draws:
            picked = [cells[c] for c in draw if c in cells]
            count = sum(n for _s, n in picked)
            if count:
                means.append(sum(s for s, _n in picked) / count)
        means.sort()
        low = means[math.floor(0.025 * (len(means) - 1))] if means else math.nan
        high = means[math.ceil(0.975 * (len(means) - 1))] if means else math.nan
        result.append(
            {
                key: group,
                "rows": n,
                "games": len(cells),
                "mean": total / n,
                "low": low,
                "high": high,
            }
        )
    return result


__all__ = ["by_group", "collapse", "knock_out", "knockouts", "play", "web"]
