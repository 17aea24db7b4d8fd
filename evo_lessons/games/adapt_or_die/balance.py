"""Balance by simulation: is any creature, or any seat, far ahead?

``report(n)`` plays ``n`` seeded games between bots (the fitter by default: a player who tries)
and gives, for every seat and every creature, its share of the wins (a shared win counts as a
fraction) with a 95% interval, and its mean final unfit score. A fair seat takes 1/players of
the wins; a fair creature, dealt at random, wins about as often as it is dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from evo_lessons.engine import derive_seed, play_game
from evo_lessons.engine.stats import wilson

from .bots import BOTS
from .data import world
from .rules import AdaptOrDieState


def interval(wins: float, games: int) -> tuple[float, float]:
    """A 95% Wilson interval for a share of ``wins`` out of ``games`` (nothing known: 0 to 1)."""
    return wilson(wins, games) if games else (0.0, 1.0)


def play(
    n: int, bots: Sequence[str] = ("fitter",), players: int = 4, seed: int = 1, **options: Any
) -> list[AdaptOrDieState]:
    """``n`` finished games, bots cycling through the seats as named."""
    games = []
    for i in range(n):
        game_seed = derive_seed(seed, i)
        state = AdaptOrDieState.spec.new_game(seed=game_seed, players=players, **options)
        seats: list[Any] = [BOTS[bots[s % len(bots)]](seed=game_seed + s) for s in range(players)]
        play_game(state, seats, max_actions=10**7)
        games.append(cast(AdaptOrDieState, state))
    return games


def report(n: int = 1_000, **kwargs: Any) -> dict[str, Any]:
    """Win shares and mean scores by seat and by creature, with 95% intervals."""
    games = play(n, **kwargs)
    players = games[0].num_players
    seat_wins = [0.0] * players
    seat_scores: list[list[int]] = [[] for _ in range(players)]
    creature_wins: dict[int, float] = {}
    creature_games: dict[int, int] = {}
    creature_scores: dict[int, list[int]] = {}
    for state in games:
        share = 1 / len(state.winners)
        for seat in range(players):
            creature = state.creatures[seat]
            total = state.final[seat]["total"]  # type: ignore[index]  # (a game played out)
            seat_scores[seat].append(total)
            creature_games[creature] = creature_games.get(creature, 0) + 1
            creature_scores.setdefault(creature, []).append(total)
            if seat in state.winners:
                seat_wins[seat] += share
                creature_wins[creature] = creature_wins.get(creature, 0.0) + share
    names = {c.number: c.name for c in world().creatures}
    return {
        "games": n,
        "players": players,
        "fair_share": 1 / players,
        "mean_turns": sum(s.turns for s in games) / n,
        "seats": [
            {
                "seat": seat,
                "win_share": seat_wins[seat] / n,
                "interval": interval(seat_wins[seat], n),
                "mean_unfit": sum(seat_scores[seat]) / n,
            }
            for seat in range(players)
        ],
        "creatures": [
            {
                "creature": c,
                "name": names[c],
                "dealt": creature_games[c],
                # a creature's chance to win the games it is in, against a fair 1/players
                "win_rate": creature_wins.get(c, 0.0) / creature_games[c],
                "interval": interval(creature_wins.get(c, 0.0), creature_games[c]),
                "mean_unfit": sum(creature_scores[c]) / creature_games[c],
            }
            for c in sorted(creature_games)
        ],
    }
