"""The Climate game (mechanics after M. Leonardi, University of Cambridge; CC BY-NC-ND 4.0)."""

from evo_lessons.engine.record import load_state

from .bots import BOTS, ClimateBot, RandomBot
from .rules import (
    ACTION_TYPES,
    GENE_NAMES,
    ClimateState,
    EndTurn,
    Move,
    Place,
    Preadapt,
    new_game,
)

GAME_NAME = "climate"


def load_json(text: str | bytes) -> ClimateState:
    """Rebuild a saved game, replaying and re-checking every action (a bad save raises)."""
    return load_state(new_game, GAME_NAME, text)


__all__ = [
    "ACTION_TYPES",
    "BOTS",
    "GAME_NAME",
    "GENE_NAMES",
    "ClimateBot",
    "ClimateState",
    "EndTurn",
    "Move",
    "Place",
    "Preadapt",
    "RandomBot",
    "load_json",
    "new_game",
]
