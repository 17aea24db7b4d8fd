"""Saves as history: a game is stored as its options, seed and actions, and rebuilt by replay.

There is one save format and one replay loop. A save is JSON text; a *scenario code*
(``EVO1-...``) is the same save compressed and base64url-encoded, short enough to paste or write
on a board, and optionally naming who plays each seat. Loading either checks the text's size and
nesting depth *before* parsing, then the envelope, then replays every action through
:meth:`GameState.apply`, so a tampered save fails the same legality check a cheating click would.
A save is loaded whole or rejected with a ValueError a student can read: never half-loaded,
never an IndexError or a RecursionError. JSON only; no pickle, no eval.

A save holds the game's **seed** by design: with it and the moves anyone can rebuild the whole
game, hidden cards included. That is what a teacher's scenario code is for (everyone starts from
the same deal), and why the widget never shows a seed while a game with secrets is still on.

The same replay serves loading, undo, the timeline and scenarios (:func:`replay`).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .actions import Action, IllegalAction, action_from_json
from .words import is_whole

if TYPE_CHECKING:  # annotations only: the state imports this module, not the other way round
    from .spec import GameSpec
    from .state import GameState

FORMAT = "evo_lessons.game"
VERSION = 1
PREFIX = "EVO1-"
#: a long game is a few tens of kilobytes; a save ten times the longest seen is refused unread
MAX_SAVE_BYTES = 2_000_000
#: a save nests four deep (save, actions, action, a tuple); anything deeper is not ours
MAX_DEPTH = 16
#: the longest name a save may give a seat ("human", "planner", ...)
MAX_SEAT_NAME = 40

_KEYS = {"format", "version", "game", "options", "seed", "actions"}
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def save_dict(state: GameState, actions: Iterable[Action] | None = None, seats=None) -> dict:
    """The save of ``state`` (or of its start plus ``actions``), with seats if given."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.spec.name,
        "options": dict(state.options),
        "seed": state.seed,
        "actions": [a.to_json() for a in (state.history if actions is None else actions)],
    }
    if seats is not None:
        data["seats"] = list(seats)
    return data


def dump_state(state: GameState) -> str:
    return json.dumps(save_dict(state), separators=(",", ":"))


class PackError(ValueError):
    """A code whose packed body cannot be read: ``problem`` is base64, zlib or size."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def pack(data: dict[str, Any], prefix: str = PREFIX) -> str:
    """JSON data as a code: ``prefix`` + base64url(zlib(JSON)), short enough to paste.

    Scenario codes (``EVO1-``) and result codes (``EVR1-``) are the same packing."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def unpack(body: str, limit: int = MAX_SAVE_BYTES) -> str:
    """The JSON text packed in a code's body (after its prefix), never more than ``limit``
    bytes (a small code can inflate hugely); PackError says what is damaged."""
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise PackError("base64") from None
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, limit + 1)
        if len(raw) > limit or inflater.unconsumed_tail:
            raise PackError("size")
        if not inflater.eof:
            raise zlib.error("truncated")
        return raw.decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        raise PackError("zlib") from None


def encode(data: dict[str, Any]) -> str:
    """A save dict as a scenario code: ``EVO1-`` + base64url(zlib(JSON))."""
    return pack(data, PREFIX)


def _inflate(code: str) -> str:
    try:
        return unpack(code[len(PREFIX) :].strip())
    except PackError as error:
        if error.problem == "size":
            raise ValueError(f"the scenario is larger than {MAX_SAVE_BYTES} bytes") from None
        raise ValueError(
            "this scenario code is damaged: check that it was copied whole, from EVO1- to its "
            "last character"
        ) from None


def check_json_text(text: str, limit: int = MAX_SAVE_BYTES, depth: int = MAX_DEPTH) -> None:
    """Refuse text that is too long or nests too deep, before any parser sees it."""
    if len(text) > limit:
        raise ValueError(f"it is larger than {limit} bytes")
    level = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            level += 1
            if level > depth:
                raise ValueError(f"it nests more than {depth} levels deep")
        else:
            level -= 1


def parse_save(text: str | bytes) -> dict[str, Any]:
    """Read a save (JSON text or a scenario code) and check its envelope; ValueError if bad."""
    if isinstance(text, bytes):
        if len(text) > MAX_SAVE_BYTES:
            raise ValueError(f"save rejected: it is larger than {MAX_SAVE_BYTES} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("save rejected: it is not UTF-8 text") from None
    if not isinstance(text, str):
        raise ValueError("save rejected: a save is JSON text or a scenario code")
    if len(text) > MAX_SAVE_BYTES:
        raise ValueError(f"save rejected: it is larger than {MAX_SAVE_BYTES} bytes")
    stripped = text.strip()
    if stripped.startswith(PREFIX[:3]) and not stripped.startswith("{"):
        if not stripped.startswith(PREFIX):
            raise ValueError(f"save rejected: a scenario code starts with {PREFIX}")
        stripped = _inflate(stripped)
    try:
        check_json_text(stripped)
        data = json.loads(stripped)
    except ValueError as error:  # JSONDecodeError is a ValueError
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        raise ValueError(f"save rejected: not a save ({reason})") from None
    return check_envelope(data)


def check_envelope(data: object) -> dict[str, Any]:
    """Check a parsed save's keys and their types (not yet its options or moves)."""
    if not isinstance(data, dict):
        raise ValueError("save rejected: the top level must be a JSON object")
    keys = set(data)
    if not keys >= _KEYS or keys - _KEYS - {"seats"}:
        raise ValueError(
            f"save rejected: expected the keys {sorted(_KEYS)} (and optionally seats), "
            f"got {sorted(map(str, keys))[:10]}"
        )
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise ValueError(f"save rejected: not an {FORMAT} save of version {VERSION}")
    if not isinstance(data["game"], str):
        raise ValueError("save rejected: the game must be named")
    if not isinstance(data["options"], dict):
        raise ValueError("save rejected: options must be a JSON object")
    if not is_whole(data["seed"]):
        raise ValueError("save rejected: the seed must be a whole number")
    if not isinstance(data["actions"], list):
        raise ValueError("save rejected: actions must be a list")
    seats = data.get("seats")
    if seats is not None and not (
        isinstance(seats, list)
        and all(isinstance(s, str) and 0 < len(s) <= MAX_SEAT_NAME for s in seats)
    ):
        raise ValueError("save rejected: seats must be a list of names")
    return data


def replay(
    spec: GameSpec,
    data: dict[str, Any],
    upto: int | None = None,
    on_step: Callable[[GameState, int | None, Action, list], None] | None = None,
) -> GameState:
    """Rebuild a game from a checked save dict, checking every action on the way.

    ``upto`` stops after that many actions (the timeline); ``on_step(state, player, action,
    events)`` is called after each one, with the seat that took it (the widget's session
    records its rows and log this way).
    """
    if data["game"] != spec.name:
        raise ValueError(f"save rejected: it is a {data['game'][:40]!r} game, not {spec.name!r}")
    try:
        state = spec.new_game(seed=data["seed"], **data["options"])
    except (ValueError, TypeError) as error:
        raise ValueError(f"save rejected: bad options ({error})") from None
    actions = data["actions"] if upto is None else data["actions"][:upto]
    types = state.action_types
    for number, raw in enumerate(actions, start=1):
        if isinstance(raw, Action):
            action = raw
        else:
            try:
                action = action_from_json(raw, types)
            except ValueError as error:
                raise ValueError(f"save rejected: move {number} is malformed ({error})") from None
        player = state.current_player
        try:
            events = state.apply(action)
        except IllegalAction as error:
            raise ValueError(f"save rejected: move {number} breaks the rules. {error}") from None
        if on_step is not None:
            on_step(state, player, state.history[-1], events)
    return state


def load_state(spec: GameSpec, text: str | bytes) -> GameState:
    """Parse, check and replay a save (JSON text or scenario code) for one game."""
    return replay(spec, parse_save(text))
