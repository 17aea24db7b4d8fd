"""A golden playthrough: a seeded game between memory bots, kept as its event log.

Any change to the rules, the bots, the deck or the wording of the log changes this file. If
the change is intended, regenerate it and review the diff in git:

    EVO_REGOLD=1 python -m pytest tests/adaptation/test_golden.py -o addopts=""
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from evo_lessons.engine import play_game
from evo_lessons.games.adaptation import MemoryBot, new_game

GOLDEN = Path(__file__).parent / "golden" / "seed2026.txt"
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/adaptation/test_golden.py -o addopts=''"


def playthrough() -> str:
    """Seed 2026, four players, memory bots seeded 0-3: round one, then one sentence a line."""
    state = new_game(players=4, seed=2026)
    lines = [e.text for e in state.opening_events]
    play_game(
        state,
        [MemoryBot(seed=seat) for seat in range(4)],
        on_step=lambda _state, _action, events: lines.extend(e.text for e in events),
    )
    assert state.is_over
    return "\n".join(lines) + "\n"


def test_golden_playthrough_seed_2026_is_unchanged():
    log = playthrough()
    if os.environ.get("EVO_REGOLD") == "1":
        GOLDEN.write_text(log, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    diff = "".join(
        list(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                log.splitlines(keepends=True),
                "golden/seed2026.txt",
                "this run",
            )
        )[:60]
    )
    assert log == expected, (
        f"The seed-2026 playthrough changed. If the change is intended, regenerate the golden "
        f"file with\n    {REGENERATE}\nand review it in the git diff.\n{diff}"
    )


def test_golden_playthrough_is_the_same_twice_in_one_process():
    assert playthrough() == playthrough()
