"""evo_lessons: five tabletop games about adaptation as playable Jupyter lessons.

Importing the package is cheap: games, widgets, matplotlib and pandas load only when used.

>>> from evo_lessons import load_game
>>> state = load_game("climate", players=3, seed=7)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.spec import GameSpec
    from .engine.state import GameState

__version__ = "0.1.0"

#: the registry: every game by name, in lesson order, with the folder that declares its GameSpec.
#: Adding a game is one folder plus one line here.
GAMES: dict[str, str] = {
    "climate": "evo_lessons.games.climate",
    "niche": "evo_lessons.games.niche",
    "adaptation": "evo_lessons.games.adaptation",
    "adapt_or_die": "evo_lessons.games.adapt_or_die",
    "phylo": "evo_lessons.games.phylo",
}


def game_spec(name: str | GameSpec) -> GameSpec:
    """The declared :class:`~evo_lessons.engine.spec.GameSpec` of a game, by name."""
    if not isinstance(name, str):
        from .engine.spec import GameSpec

        if isinstance(name, GameSpec):
            return name
        raise ValueError(f"a game is named by a word such as 'climate', got {type(name).__name__}")
    if name not in GAMES:  # (also a scenario code's game: a student may read this)
        from .i18n import pgettext

        raise ValueError(
            # Translators: {name} is the game asked for, {games} the games' ids (climate, ...)
            pgettext("refused save", "unknown game {name}; choose one of {games}").format(
                name=repr(name[:40]), games=", ".join(GAMES)
            )
        )
    return importlib.import_module(GAMES[name]).GAME


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


def load_game(name: str, **options: Any) -> GameState:
    """Start a new game: ``load_game("climate", players=3, seed=7)``."""
    return game_spec(name).new_game(**options)


def simulate(game: str | GameSpec, n: int, *args: Any, **kwargs: Any) -> list[dict[str, Any]]:
    """Play ``n`` seeded games by name (see :func:`evo_lessons.engine.simulate.simulate`).

    Inside a Jupyter kernel a progress bar shows unless ``progress=False``.
    """
    from .engine.simulate import simulate as run

    return run(game_spec(game), n, *args, **_with_progress(n, kwargs))


def simulate_frame(game: str | GameSpec, n: int, *args: Any, **kwargs: Any):
    """:func:`simulate` as a pandas DataFrame."""
    import pandas as pd

    return pd.DataFrame(simulate(game, n, *args, **kwargs))


def _with_progress(n: int, kwargs: dict[str, Any]) -> dict[str, Any]:
    progress = kwargs.get("progress")
    if progress is None or progress is True:
        from .widgets.progress import progress_bar

        kwargs = {**kwargs, "progress": progress_bar(n, force=progress is True)}
    elif progress is False:
        kwargs = {**kwargs, "progress": None}
    return kwargs


def __getattr__(name: str) -> Any:
    # Lazy, so that ``import evo_lessons`` stays fast for simulations.
    if name == "GameWidget":
        from .widgets.game_widget import GameWidget

        return GameWidget
    raise AttributeError(f"module 'evo_lessons' has no attribute {name!r}")


__all__ = [
    "GAMES",
    "GameWidget",
    "available_games",
    "game_spec",
    "load_game",
    "simulate",
    "simulate_frame",
]
