"""A golden playthrough: a seeded game between planner bots, kept as its event log.

Any change to the rules, the bots, the boards or the wording of the log changes this file. If
the change is intended, regenerate it and review the diff in git:

    EVO_REGOLD=1 python -m pytest tests/climate/test_golden.py -o addopts=""
"""

from __future__ import annotations

from pathlib import Path

from evo_lessons.engine import play_game
from evo_lessons.engine.testing import check_golden
from evo_lessons.games.climate import ClimateBot, new_game

GOLDEN = Path(__file__).parent / "golden" / "seed2026.txt"
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/climate/test_golden.py -o addopts=''"


def playthrough() -> str:
    """Seed 2026, three players, planner bots seeded 0, 1 and 2, the default options (no round
    cap: R9): one event sentence a line, from the deal at setup to the win."""
    state = new_game(players=3, seed=2026)
    lines = [event.text for event in state.setup_events]
    play_game(
        state,
        [ClimateBot(seed=seat) for seat in range(3)],
        on_step=lambda _state, _action, events: lines.extend(e.text for e in events),
    )
    assert state.is_over
    return "\n".join(lines) + "\n"


def test_golden_playthrough_seed_2026_is_unchanged():
    check_golden(playthrough(), GOLDEN, REGENERATE)


def test_golden_playthrough_is_the_same_twice_in_one_process():
    assert playthrough() == playthrough()
