"""A golden playthrough: a seeded game between fitter and trader bots, kept as its event log.

Any change to the rules, the bots, the data or the wording of the log changes this file. If
the change is intended, regenerate it and review the diff in git:

    EVO_REGOLD=1 python -m pytest tests/adapt_or_die/test_golden.py -o addopts=""
"""

from __future__ import annotations

from pathlib import Path

from evo_lessons.engine import play_game
from evo_lessons.engine.testing import check_golden
from evo_lessons.games.adapt_or_die import FitterBot, TraderBot, new_game

GOLDEN = Path(__file__).parent / "golden" / "seed2026.txt"
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/adapt_or_die/test_golden.py -o addopts=''"


def playthrough() -> str:
    """Seed 2026, four players: fitters in seats 0 and 2, traders in 1 and 3, seeded by seat."""
    state = new_game(players=4, seed=2026)
    lines = [e.text for e in state.setup_events]
    bots = [(FitterBot if seat % 2 == 0 else TraderBot)(seed=seat) for seat in range(4)]
    play_game(state, bots, on_step=lambda _s, _a, events: lines.extend(e.text for e in events))
    assert state.is_over
    return "\n".join(lines) + "\n"


def test_golden_playthrough_seed_2026_is_unchanged():
    check_golden(playthrough(), GOLDEN, REGENERATE)


def test_golden_playthrough_is_the_same_twice_in_one_process():
    assert playthrough() == playthrough()
