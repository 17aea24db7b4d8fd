"""A golden playthrough: a seeded game, builder against attacker, kept as its event log.

Any change to the rules, the bots, the cards or the wording of the log changes this file. If the
change is intended, regenerate it and review the diff in git:

    EVO_REGOLD=1 python -m pytest tests/phylo/test_golden.py -o addopts=""
"""

from __future__ import annotations

from pathlib import Path

from evo_lessons.engine import play_game
from evo_lessons.engine.testing import check_golden
from evo_lessons.games.phylo import AttackerBot, BuilderBot, new_game

GOLDEN = Path(__file__).parent / "golden" / "seed2026.txt"
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/phylo/test_golden.py -o addopts=''"


def playthrough() -> str:
    """Seed 2026, builder (seat 0) against attacker (seat 1): one event sentence a line."""
    state = new_game(seed=2026)
    lines = [e.text for e in state.setup_events]
    play_game(
        state,
        [BuilderBot(seed=0), AttackerBot(seed=1)],
        on_step=lambda _state, _action, events: lines.extend(e.text for e in events),
    )
    assert state.is_over
    return "\n".join(lines) + "\n"


def test_golden_playthrough_seed_2026_is_unchanged():
    check_golden(playthrough(), GOLDEN, REGENERATE)


def test_golden_playthrough_is_the_same_twice_in_one_process():
    assert playthrough() == playthrough()
