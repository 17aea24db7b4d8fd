"""The engine's conformance suite (``check_game``) run on the Climate game and its variants."""

from __future__ import annotations

import pytest

from evo_lessons.engine import fuzzing, testing
from evo_lessons.engine.actions import exact_match
from evo_lessons.engine.testing import check_game
from evo_lessons.games.climate import GAME

VARIANTS = [
    {},
    {"players": 2},
    {"players": 5, "blind_mutation": True},
    {"climate_change_faces": 6, "max_rounds": 30},
]


@pytest.fixture(autouse=True)
def _forged_twins_skip_other_legal_actions(monkeypatch):
    """Work around the suite's forger: ``value - 1`` of one legal action is often another legal
    action (``Place(29)`` beside ``Place(30)``), which the game rightly accepts. Only such twins
    are skipped: every wrongly typed or illegal forgery is still tried and must be refused with
    the state unchanged. (The same workaround as tests/niche/test_conformance.py.)"""
    legal_now: list = []
    check_forged = testing.check_forged_actions
    forged_variants = fuzzing.forged_variants

    def check(state, limit=40):
        legal_now[:] = state.legal_actions()
        return check_forged(state, limit)

    def variants(action):
        for forged in forged_variants(action):
            if not any(own == forged and exact_match(forged, own) for own in legal_now):
                yield forged

    monkeypatch.setattr(testing, "check_forged_actions", check)
    monkeypatch.setattr(fuzzing, "forged_variants", variants)


def test_climate_passes_the_conformance_suite_in_every_variant():
    checked = check_game(GAME, games=48, seed=7, options=VARIANTS)
    assert checked >= 48  # at least the final state of every game, most with mid-game samples


def test_climate_offers_the_bots_the_suite_expects():
    assert {"random", "planner"} <= set(GAME.bots)
    assert GAME.helper_bot == "planner"
    for name, bot_class in GAME.bots.items():
        bot = bot_class(seed=1)
        assert bot.name == name
        assert isinstance(bot.needs_observation, bool)
