"""Saves as history: a game is stored as its options, seed and actions, and rebuilt by replay.

Loading replays every action through :meth:`GameState.apply`, so a tampered save fails the same
legality check a cheating click would, and a save is either loaded whole or rejected with a
message: never half-loaded. JSON only; no pickle, no eval.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .actions import IllegalAction, action_from_json
from .state import GameState

FORMAT = "evo_lessons.game"
VERSION = 1
MAX_SAVE_BYTES = 2_000_000  # a long game is a few tens of kilobytes


def state_to_dict(state: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game_name,
        "options": state.options,
        "seed": state.seed,
        "actions": [action.to_json() for action in state.history],
    }


def dump_state(state: GameState) -> str:
    return json.dumps(state_to_dict(state), separators=(",", ":"))


def parse_save(text: str | bytes) -> dict[str, Any]:
    """Parse and check the envelope of a save; raise ValueError with a reason if it is wrong."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="strict")
    if not isinstance(text, str):
        raise ValueError("a save must be JSON text")
    if len(text) > MAX_SAVE_BYTES:
        raise ValueError(f"save rejected: it is larger than {MAX_SAVE_BYTES} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"save rejected: not valid JSON ({error.msg} at {error.pos})") from None
    if not isinstance(data, dict):
        raise ValueError("save rejected: the top level must be a JSON object")
    expected = {"format", "version", "game", "options", "seed", "actions"}
    if set(data) != expected:
        raise ValueError(f"save rejected: expected the keys {sorted(expected)}, got {sorted(data)}")
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise ValueError(f"save rejected: not an {FORMAT} save of version {VERSION}")
    if not isinstance(data["options"], dict):
        raise ValueError("save rejected: options must be a JSON object")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("save rejected: the seed must be a whole number")
    if not isinstance(data["actions"], list):
        raise ValueError("save rejected: actions must be a list")
    return data


def replay(
    new_game: Callable[..., GameState],
    game_name: str,
    data: dict[str, Any],
) -> GameState:
    """Rebuild a game from a parsed save, checking every action on the way."""
    if data["game"] != game_name:
        raise ValueError(f"save rejected: it is a {data['game']!r} game, not {game_name!r}")
    try:
        state = new_game(seed=data["seed"], **data["options"])
    except TypeError as error:
        raise ValueError(f"save rejected: bad options ({error})") from None
    except ValueError as error:
        raise ValueError(f"save rejected: bad options ({error})") from None
    types = state.action_types
    for number, raw in enumerate(data["actions"], start=1):
        try:
            action = action_from_json(raw, types)
        except (ValueError, TypeError) as error:
            raise ValueError(f"save rejected: action {number} is malformed ({error})") from None
        try:
            state.apply(action)
        except IllegalAction as error:
            raise ValueError(f"save rejected: action {number} breaks the rules. {error}") from None
    return state


def load_state(new_game: Callable[..., GameState], game_name: str, text: str | bytes) -> GameState:
    """Parse, check and replay a save for one game."""
    return replay(new_game, game_name, parse_save(text))
