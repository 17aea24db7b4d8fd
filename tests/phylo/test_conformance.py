"""The engine's conformance suite (``check_game``) run on Phylo and its variants."""

from __future__ import annotations

from budget import games

from evo_lessons.engine.testing import check_game
from evo_lessons.games import phylo

VARIANTS = [
    {},
    {"deck_1": "woodland", "deck_2": "kelp_forest", "realism": True},
    {"decks": "pool", "deck_size": 30},
    {"decks": "build", "deck_size": 12},
    {"rows": 3, "columns": 4},
    {"decks": "pool", "deck_size": 12, "preselect": True},
]


def test_phylo_passes_the_conformance_suite_in_every_variant():
    checked = phylo.GAME and check_game(
        phylo.GAME, games=games(40, VARIANTS), seed=11, options=VARIANTS
    )
    assert checked >= games(40, VARIANTS)


def test_phylo_offers_the_bots_the_suite_expects():
    assert {"random", "builder", "attacker"} <= set(phylo.BOTS)
    assert phylo.GAME.helper_bot == "builder"
    for name, bot_class in phylo.BOTS.items():
        bot = bot_class(seed=1)
        assert bot.name == name
        assert isinstance(bot.needs_observation, bool)
