"""Scenarios: a game, its options, seed, seats and moves so far, as JSON or a short code.

A teacher saves one; students load it and start from the same position. The code is the JSON
compressed and base64url-encoded behind an ``EVO1-`` prefix, short enough to write on a board for
a fresh game. Loading checks everything and replays every move, so a tampered scenario is
rejected with a message and nothing half-loaded.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

FORMAT = "evo_lessons.scenario"
VERSION = 1
PREFIX = "EVO1-"
MAX_JSON = 500_000


def to_dict(game: str, options: dict, seed: int, seats: list[str], actions: list) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": dict(options),
        "seed": seed,
        "seats": list(seats),
        "actions": [a.to_json() for a in actions],
    }


def encode(data: dict[str, Any]) -> str:
    raw = json.dumps(data, separators=(",", ":")).encode()
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode(code: str) -> dict[str, Any]:
    """Turn a code (or scenario JSON text) back into a checked dict; ValueError if bad."""
    if not isinstance(code, str):
        raise ValueError("a scenario code must be text")
    code = code.strip()
    if code.startswith("{"):
        text = code
    else:
        if not code.startswith(PREFIX):
            raise ValueError(f"a scenario code starts with {PREFIX}")
        body = code[len(PREFIX) :]
        try:
            packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
            inflater = zlib.decompressobj()
            raw = inflater.decompress(packed, MAX_JSON)
            if inflater.unconsumed_tail:
                raise ValueError("the scenario is too large")
        except (binascii.Error, zlib.error):
            raise ValueError(
                "this scenario code is damaged (check for a missing character)"
            ) from None
        text = raw.decode("utf-8", errors="replace")
    if len(text) > MAX_JSON:
        raise ValueError("the scenario is too large")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"the scenario is not valid JSON ({error.msg})") from None
    return check(data)


def check(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("a scenario must be a JSON object")
    expected = {"format", "version", "game", "options", "seed", "seats", "actions"}
    if set(data) != expected:
        raise ValueError(f"a scenario needs exactly the keys {sorted(expected)}")
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise ValueError(f"not an {FORMAT} of version {VERSION}")
    if not isinstance(data["game"], str) or not isinstance(data["options"], dict):
        raise ValueError("the scenario's game must be a name and its options an object")
    if isinstance(data["seed"], bool) or not isinstance(data["seed"], int):
        raise ValueError("the scenario's seed must be a whole number")
    seats = data["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ValueError("the scenario's seats must be a list of names")
    if not isinstance(data["actions"], list):
        raise ValueError("the scenario's actions must be a list")
    return data
