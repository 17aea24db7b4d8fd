"""A golden playthrough: a seeded game between planner bots, kept as its event log.

Any change to the rules, the bots, the cards or the wording of the log changes this file. If the
change is intended, regenerate it and review the diff in git:

    EVO_REGOLD=1 python -m pytest tests/niche/test_golden.py -o addopts=""
"""

from __future__ import annotations

from pathlib import Path

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.engine.testing import check_golden
from evo_lessons.games.niche import PlannerBot, new_game

GOLDEN = Path(__file__).parent / "golden" / "seed2026.txt"
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/niche/test_golden.py -o addopts=''"


def playthrough() -> str:
    """Seed 2026, four players: planners in seats 1-3 (seeded 0-2), a random bot in seat 4.

    The log starts with the setup (shuffles, the gene pool built, environments dealt), then
    every decision as ``> action`` followed by what it caused."""
    state = new_game(players=4, seed=2026)
    lines: list[str] = [e.text for e in state.setup_events]
    bots = [PlannerBot(seed=0), PlannerBot(seed=1), PlannerBot(seed=2), RandomBot(seed=3)]
    play_game(
        state,
        bots,
        on_step=lambda _state, action, events: lines.extend(
            [f"> {action}", *(e.text for e in events)]
        ),
    )
    assert state.is_over
    return "\n".join(lines) + "\n"


def test_golden_playthrough_seed_2026_is_unchanged():
    check_golden(playthrough(), GOLDEN, REGENERATE)


def test_golden_playthrough_is_the_same_twice_in_one_process():
    assert playthrough() == playthrough()
