"""The engine's conformance suite (``check_game``) run on Adapt or Die and its variants.

Random players take over a thousand turns to finish a game (they rarely exit the board: R19),
so most variants here carry a round cap; the uncapped ones are the short variants.
"""

from __future__ import annotations

from budget import games

from evo_lessons.engine.testing import check_game
from evo_lessons.games import adapt_or_die

VARIANTS = [
    {"max_rounds": 40},
    {"players": 3, "habitats_per_player": 3},
    {"players": 5, "habitats_per_player": 5, "max_rounds": 25},
    {"same_habitats": True, "choose_creature": True},
    {"scoring": "extinctions", "max_rounds": 30},
    {"players": 5, "same_habitats": True, "habitats_per_player": 5, "scoring": "total"},
    {"players": 5, "same_habitats": True, "habitats_per_player": 6},
]


def test_adapt_or_die_passes_the_conformance_suite_in_every_variant():
    checked = check_game(
        adapt_or_die.GAME, games=games(24, VARIANTS), seed=10, options=VARIANTS, fuzz=60
    )
    assert checked >= games(24, VARIANTS)


def test_adapt_or_die_offers_the_bots_the_suite_expects():
    assert {"random", "uniform", "fitter", "trader"} == set(adapt_or_die.BOTS)
    for name, bot_class in adapt_or_die.BOTS.items():
        bot = bot_class(seed=1)
        assert bot.name == name
        assert isinstance(bot.needs_observation, bool)
