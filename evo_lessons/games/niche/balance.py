"""Balance figures for the Niche deck, from :func:`evo_lessons.engine.simulate` rows.

The issue asks that no environment be unwinnable and that the first player win no more often
than a fair share plus five points; these helpers turn simulated games into those numbers (the
lesson's "which environments are hardest?" experiment uses them too).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .rules import ENVIRONMENTS


def seat_win_shares(rows: Sequence[dict[str, Any]], players: int) -> list[float]:
    """Share of games won by each seat (a shared win counts as a fraction)."""
    wins = [0.0] * players
    for row in rows:
        for seat in row["winners"]:
            wins[seat] += 1 / len(row["winners"])
    return [w / max(len(rows), 1) for w in wins]


def environment_table(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per environment: how often it was held, completed, and how fast.

    Speed is in rounds (one turn of every player), i.e. the holder's own turns.
    """
    held = [0] * len(ENVIRONMENTS)
    done = [0] * len(ENVIRONMENTS)
    rounds = [0.0] * len(ENVIRONMENTS)
    for row in rows:
        for env, _player, spent, outcome in row["environment_log"]:
            held[env] += 1
            if outcome == "completed":
                done[env] += 1
                rounds[env] += spent / row["players"]
    return [
        {
            "environment": env.name,
            "challenges": len(env.challenges),
            "held": held[env.id],
            "completed": done[env.id],
            "completion_rate": done[env.id] / held[env.id] if held[env.id] else 0.0,
            "mean_rounds_to_complete": rounds[env.id] / done[env.id] if done[env.id] else None,
        }
        for env in ENVIRONMENTS
    ]


def report(
    n: int = 10_000,
    bots: Sequence[Any] = ("planner",),
    players: int = 4,
    seed: int = 1,
    workers: int = 1,
) -> dict[str, Any]:
    """Simulate ``n`` games and return the balance figures the issue asks for."""
    from evo_lessons.engine import simulate

    from . import GAME

    rows = simulate(
        GAME, n, bots=list(bots), seed=seed, options={"players": players}, workers=workers
    )
    shares = seat_win_shares(rows, players)
    return {
        "games": n,
        "players": players,
        "bots": [getattr(b, "__name__", b) for b in bots],
        "seat_win_shares": shares,
        "first_player_advantage_points": 100 * (shares[0] - 1 / players),
        "mean_turns": sum(r["turns"] for r in rows) / n,
        "mean_rounds": sum(r["rounds"] for r in rows) / n,
        "ended_by_time": sum(r["ended_by_time"] for r in rows),
        "environments": environment_table(rows),
    }
