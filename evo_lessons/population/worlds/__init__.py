"""One small adapter per game: the game's traits and environments, read from its own data.

A world is found by the game's name; each adapter module holds one ``WORLD`` instance, imported
only when asked for (so the population model does not load every game).
"""

from __future__ import annotations

import importlib

from evo_lessons.engine.words import short_repr
from evo_lessons.i18n import pgettext

from .base import Choice, Panel, Trait, World

#: every game that has a population world, by the game's name
WORLDS: dict[str, str] = {
    "climate": "evo_lessons.population.worlds.climate",
    "niche": "evo_lessons.population.worlds.niche",
    "adaptation": "evo_lessons.population.worlds.adaptation",
    "adapt_or_die": "evo_lessons.population.worlds.adapt_or_die",
}


def get_world(game: str | World) -> World:
    """A world by its game's name ("climate"), or the world object itself."""
    if isinstance(game, World):
        return game
    if not isinstance(game, str) or game not in WORLDS:
        raise ValueError(
            pgettext(
                "population error; {names} are games' names (Python words, kept as they are)",
                "no population world for {game}; choose one of {names}",
            ).format(game=short_repr(game), names=", ".join(WORLDS))
        )
    return importlib.import_module(WORLDS[game]).WORLD


__all__ = ["WORLDS", "Choice", "Panel", "Trait", "World", "get_world"]
