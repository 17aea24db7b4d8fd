"""Golden playthroughs: one seeded game of each game between its bots, kept as its event log.

Any change to a game's rules, bots, data or the wording of its log changes its file
(``tests/<game>/golden/seed2026.txt``). If the change is intended, regenerate the files and
review the diff in git:

    EVO_REGOLD=1 python -m pytest tests/test_golden.py -o addopts=""

A game's row below says who plays: the log starts with the setup's events, then one event
sentence a line (Niche's also shows each decision as ``> action`` before what it caused).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.engine.testing import check_golden
from evo_lessons.games import adapt_or_die, adaptation, climate, niche, phylo

TESTS = Path(__file__).parent
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/test_golden.py -o addopts=''"


@dataclass(frozen=True)
class Playthrough:
    new_game: Callable
    players: int | None
    bots: Callable[[], list]
    with_actions: bool = False

    def log(self) -> str:
        """Seed 2026: the setup's events, then every step's (and its action, if asked)."""
        options = {} if self.players is None else {"players": self.players}
        state = self.new_game(seed=2026, **options)
        lines = [event.text for event in state.setup_events]

        def step(_state, action, events) -> None:
            lines.extend([f"> {action}"] if self.with_actions else [])
            lines.extend(event.text for event in events)

        play_game(state, self.bots(), on_step=step)
        assert state.is_over
        return "\n".join(lines) + "\n"


PLAYTHROUGHS = {
    # fitters in seats 0 and 2, traders in 1 and 3, seeded by seat
    "adapt_or_die": Playthrough(
        adapt_or_die.new_game,
        4,
        lambda: [
            (adapt_or_die.FitterBot if seat % 2 == 0 else adapt_or_die.TraderBot)(seed=seat)
            for seat in range(4)
        ],
    ),
    # memory bots seeded 0-3
    "adaptation": Playthrough(
        adaptation.new_game, 4, lambda: [adaptation.MemoryBot(seed=s) for s in range(4)]
    ),
    # planner bots seeded 0-2, the default options (no round cap: R9)
    "climate": Playthrough(
        climate.new_game, 3, lambda: [climate.ClimateBot(seed=s) for s in range(3)]
    ),
    # planners in seats 1-3 (seeded 0-2), a random bot in seat 4; each decision logged
    "niche": Playthrough(
        niche.new_game,
        4,
        lambda: [*(niche.PlannerBot(seed=s) for s in range(3)), RandomBot(seed=3)],
        with_actions=True,
    ),
    # builder (seat 0) against attacker (seat 1)
    "phylo": Playthrough(
        phylo.new_game, None, lambda: [phylo.BuilderBot(seed=0), phylo.AttackerBot(seed=1)]
    ),
}


@pytest.mark.parametrize("game", sorted(PLAYTHROUGHS))
def test_golden_playthrough_seed_2026_is_unchanged(game):
    golden = TESTS / game / "golden" / "seed2026.txt"
    check_golden(PLAYTHROUGHS[game].log(), golden, REGENERATE)


@pytest.mark.parametrize("game", sorted(PLAYTHROUGHS))
def test_golden_playthrough_is_the_same_twice_in_one_process(game):
    assert PLAYTHROUGHS[game].log() == PLAYTHROUGHS[game].log()
