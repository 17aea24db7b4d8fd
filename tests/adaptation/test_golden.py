"""A golden playthrough: a seeded game between memory bots, kept as its event log.

Any change to the rules, the bots, the deck or the wording of the log changes this file. If
the change is intended, regenerate it and review the diff in git:

    EVO_REGOLD=1 python -m pytest tests/adaptation/test_golden.py -o addopts=""
"""

from __future__ import annotations

from pathlib import Path

from evo_lessons.engine import play_game
from evo_lessons.engine.testing import check_golden
from evo_lessons.games.adaptation import MemoryBot, new_game

GOLDEN = Path(__file__).parent / "golden" / "seed2026.txt"
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/adaptation/test_golden.py -o addopts=''"


def playthrough() -> str:
    """Seed 2026, four players, memory bots seeded 0-3: round one, then one sentence a line."""
    state = new_game(players=4, seed=2026)
    lines = [e.text for e in state.setup_events]
    play_game(
        state,
        [MemoryBot(seed=seat) for seat in range(4)],
        on_step=lambda _state, _action, events: lines.extend(e.text for e in events),
    )
    assert state.is_over
    return "\n".join(lines) + "\n"


def test_golden_playthrough_seed_2026_is_unchanged():
    check_golden(playthrough(), GOLDEN, REGENERATE)


def test_golden_playthrough_is_the_same_twice_in_one_process():
    assert playthrough() == playthrough()
