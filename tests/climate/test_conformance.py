"""The engine's conformance suite (``check_game``) run on the Climate game and its variants."""

from __future__ import annotations

from budget import games

from evo_lessons.engine.testing import check_game
from evo_lessons.games.climate import GAME

VARIANTS = [
    {},
    {"players": 2},
    {"players": 5, "blind_mutation": True},
    {"climate_change_faces": 6, "max_rounds": 30},
]


def test_climate_passes_the_conformance_suite_in_every_variant():
    played = games(48, VARIANTS)
    checked = check_game(GAME, games=played, seed=7, options=VARIANTS)
    assert checked >= played  # at least the final state of every game, most with mid-game samples


def test_climate_offers_the_bots_the_suite_expects():
    assert {"random", "planner"} <= set(GAME.bots)
    assert GAME.helper_bot == "planner"
    for name, bot_class in GAME.bots.items():
        bot = bot_class(seed=1)
        assert bot.name == name
        assert isinstance(bot.needs_observation, bool)
