"""The engine's conformance suite on Niche, at every player count."""

from __future__ import annotations

from budget import games

from evo_lessons.engine.testing import check_game
from evo_lessons.games import niche


def test_niche_passes_the_conformance_suite():
    options = [{"players": p} for p in (2, 3, 4, 5, 6)]
    checked = check_game(niche.GAME, games=games(60, options), seed=4, options=options)
    assert checked >= games(60, options)


def test_niche_passes_the_conformance_suite_with_a_short_round_cap():
    checked = check_game(niche.GAME, games=10, seed=9, options=[{"players": 5, "max_rounds": 3}])
    assert checked >= 10


def test_niche_is_registered():
    from evo_lessons import available_games, load_game

    assert "niche" in available_games()
    state = load_game("niche", players=3, seed=1)
    assert state.num_players == 3 and state.game_name == niche.GAME.name
