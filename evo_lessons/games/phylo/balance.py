"""Balance of the ready-made decks, from simulated games (the issue: no deck beats another by more
than 10 points of win share).

Each pair of decks meets in ``n`` games, each deck taking the first seat in half of them (the
coin still decides who plays first). A deck's win share counts a shared win as half, with its 95%
Wilson interval (the package's one interval for shares: ``evo_lessons.engine.stats``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from evo_lessons.engine import derive_seed, play_game
from evo_lessons.engine.stats import wilson

from .bots import BOTS
from .rules import COLLECTION


def matchup(a: str, b: str, n: int, bot: str = "builder", seed: int = 1) -> dict[str, Any]:
    """Deck ``a`` against deck ``b`` over ``n`` games: ``a``'s win share with its 95% interval."""
    from . import GAME

    wins = 0.0
    for i in range(n):
        game_seed = derive_seed(seed, a, b, i)
        seats = (a, b) if i % 2 == 0 else (b, a)
        state = GAME.new_game(seed=game_seed, deck_1=seats[0], deck_2=seats[1])
        players: list[Any] = [BOTS[bot](seed=game_seed + k) for k in range(2)]
        play_game(state, players)
        mine = 0 if seats[0] == a else 1
        if mine in state.winners:
            wins += 1 / len(state.winners)
    share = wins / n
    low, high = wilson(wins, n)
    return {
        "deck": a,
        "against": b,
        "games": n,
        "share": share,
        "low": low,
        "high": high,
        # how many points of win share a beats b by (negative: b is stronger)
        "margin_points": 100 * (2 * share - 1),
    }


def report(n: int = 400, bot: str = "builder", seed: int = 1) -> list[dict[str, Any]]:
    """Every pair of ready-made decks, ``n`` games each."""
    decks: Sequence[str] = [d.key for d in COLLECTION.decks]
    return [matchup(a, b, n, bot, seed) for a, b in itertools.combinations(decks, 2)]
