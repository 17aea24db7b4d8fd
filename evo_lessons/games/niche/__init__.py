"""The Niche game (mechanics after Réka Nagy and Jakub Krakowiak's *Niche*, CC BY 3.0)."""

from evo_lessons.engine.record import load_state

from .bots import BOTS, GeneralistBot, PlannerBot, RandomBot
from .rules import (
    ACTION_TYPES,
    CARDS,
    CHALLENGES,
    ENVIRONMENTS,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    KeepEnvironment,
    NicheState,
    PlayCard,
    new_game,
)

GAME_NAME = "niche"


def load_json(text: str | bytes) -> NicheState:
    """Rebuild a saved game, replaying and re-checking every action (a bad save raises)."""
    return load_state(new_game, GAME_NAME, text)


__all__ = [
    "ACTION_TYPES",
    "BOTS",
    "CARDS",
    "CHALLENGES",
    "ENVIRONMENTS",
    "GAME_NAME",
    "DiscardFromPlay",
    "DrawEnvironment",
    "DrawFromGenePool",
    "GeneralistBot",
    "KeepEnvironment",
    "NicheState",
    "PlannerBot",
    "PlayCard",
    "RandomBot",
    "load_json",
    "new_game",
]
