"""What every game shares: the state-machine contract, its declaration, saves, bots, simulation.

The engine imports nothing above it: no registry, no widgets, no IPython.
"""

from .actions import Action, IllegalAction, action_from_json
from .bots import Bot, RandomBot, own_seat, play_game, wants_observation
from .events import Event
from .observation import Observation
from .record import load_state, parse_save, replay
from .seeds import derive_seed
from .simulate import simulate
from .spec import Credit, GameSpec, Metric, Option, Panel, View
from .state import GameState
from .words import seat_name, seats_in_words, turn_sentence, winners_sentence

__all__ = [
    "Action",
    "Bot",
    "Credit",
    "Event",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Metric",
    "Observation",
    "Option",
    "Panel",
    "RandomBot",
    "View",
    "action_from_json",
    "derive_seed",
    "load_state",
    "own_seat",
    "parse_save",
    "play_game",
    "replay",
    "seat_name",
    "seats_in_words",
    "simulate",
    "turn_sentence",
    "wants_observation",
    "winners_sentence",
]
