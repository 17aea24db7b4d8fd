"""What every game shares: the state-machine contract, saves, bots and simulation."""

from .actions import Action, IllegalAction, action_from_json
from .bots import Bot, RandomBot, play_game
from .events import Event
from .record import load_state
from .seeds import derive_seed
from .simulate import simulate, simulate_frame
from .state import GameState

__all__ = [
    "Action",
    "Bot",
    "Event",
    "GameState",
    "IllegalAction",
    "RandomBot",
    "action_from_json",
    "derive_seed",
    "load_state",
    "play_game",
    "simulate",
    "simulate_frame",
]
