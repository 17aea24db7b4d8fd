"""evo_lessons: five tabletop games about adaptation as playable Jupyter lessons.

Importing the package is cheap: games, widgets, matplotlib and pandas load only when used.

>>> from evo_lessons import load_game
>>> state = load_game("climate", players=3, seed=7)
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__version__ = "0.1.0"

#: every game, by name, with the module that implements it
GAMES: dict[str, str] = {
    "climate": "evo_lessons.games.climate",
    "niche": "evo_lessons.games.niche",
    "adaptation": "evo_lessons.games.adaptation",
}


def available_games() -> list[str]:
    """The games that are installed and importable, in lesson order."""
    found = []
    for name in GAMES:
        try:
            importlib.import_module(GAMES[name])
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


def game_module(name: str) -> ModuleType:
    """The module of a game (``new_game``, ``load_json``, ``BOTS``, ...)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {sorted(GAMES)}")
    return importlib.import_module(GAMES[name])


def load_game(name: str, **options: Any):
    """Start a new game: ``load_game("climate", players=3, seed=7)``."""
    return game_module(name).new_game(**options)


def __getattr__(name: str) -> Any:
    # Lazy, so that ``import evo_lessons`` stays fast for simulations.
    if name == "GameWidget":
        from .widgets.game_widget import GameWidget

        return GameWidget
    if name in ("simulate", "simulate_frame"):
        from .engine import simulate as sim

        return getattr(sim, name)
    raise AttributeError(f"module 'evo_lessons' has no attribute {name!r}")


__all__ = ["GAMES", "GameWidget", "available_games", "game_module", "load_game", "simulate"]
