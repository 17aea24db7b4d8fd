"""The engine's conformance suite on Niche, at every player count."""

from __future__ import annotations

import pytest

from evo_lessons.engine import fuzzing, testing
from evo_lessons.engine.actions import exact_match
from evo_lessons.engine.testing import check_game
from evo_lessons.games import niche


@pytest.fixture(autouse=True)
def _forged_twins_skip_other_legal_actions(monkeypatch):
    """Work around the suite's forger: ``value - 1`` of one legal action is often another
    legal action (KeepEnvironment(2) beside KeepEnvironment(3), Parasite on seat 0 beside
    seat 1), which the game rightly accepts. Only such twins are skipped: every wrongly typed
    or illegal forgery is still tried and must be refused with the state unchanged."""
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


def test_niche_passes_the_conformance_suite():
    options = [{"players": p} for p in (2, 3, 4, 5, 6)]
    checked = check_game(niche.GAME, games=60, seed=4, options=options)
    assert checked >= 60


def test_niche_passes_the_conformance_suite_with_a_short_round_cap():
    checked = check_game(niche.GAME, games=10, seed=9, options=[{"players": 5, "max_rounds": 3}])
    assert checked >= 10


def test_niche_is_registered():
    from evo_lessons import available_games, load_game

    assert "niche" in available_games()
    state = load_game("niche", players=3, seed=1)
    assert state.num_players == 3 and state.game_name == niche.GAME.name
