"""Adaptation: survive challenges chosen by a dealer who changes the environment each round.

>>> from evo_lessons.games import adaptation
>>> state = adaptation.new_game(players=4, seed=1)
>>> state.current_player == state.dealer
True
"""

from evo_lessons.engine.record import load_state

from .bots import BOTS, MemoryBot, RandomBot
from .data import CARDS, CHALLENGES, Card
from .rules import AdaptationState, ChooseChallenge, KeepCard, SwapCard, new_game, next_dealer

GAME_NAME = "adaptation"


def load_json(text: str | bytes) -> AdaptationState:
    """Rebuild a saved game by replaying (and re-checking) its actions."""
    return load_state(new_game, GAME_NAME, text)


__all__ = [
    "BOTS",
    "CARDS",
    "CHALLENGES",
    "GAME_NAME",
    "AdaptationState",
    "Card",
    "ChooseChallenge",
    "KeepCard",
    "MemoryBot",
    "RandomBot",
    "SwapCard",
    "load_json",
    "new_game",
    "next_dealer",
]
