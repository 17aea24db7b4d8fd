"""Saves as history: a game is stored as its options, seed and actions, and rebuilt by replay.

There is one save format and one replay loop. A save is JSON text; a *scenario code*
(``EVO1-...``) is the same save compressed and base64url-encoded, short enough to paste or write
on a board, and optionally naming who plays each seat. Loading either checks the text's size and
nesting depth *before* parsing, then the envelope, then replays every action through
:meth:`GameState.apply`, so a tampered save fails the same legality check a cheating click would.
A save is loaded whole or rejected with a ValueError a student can read: never half-loaded,
never an IndexError or a RecursionError. JSON only; no pickle, no eval.

**Moves.** A save lists its moves as ``actions``, one JSON object each: readable, and what a
teacher edits by hand. A save may instead hold ``moves``: one short token per move, its number
among the legal actions at that point (:func:`encode_moves`), about one character a move where
an action object is forty. Codes (``EVO1-``, ``EVR2-``) and saves too long for the readable form
use it, so every legal game fits the caps: Adapt or Die's longest (100,000 turns, R19) included.
Both forms replay through the same legality check; a save holds exactly one of them.

**Cost.** Every check is linear in the text's length (:func:`check_json_text` scans once; a
string's body is matched possessively, so a hostile run of ``\\"`` cannot make it quadratic), and
data after the end of a code's compressed stream is refused, so one game has one code body.

A save holds the game's **seed** by design: with it and the moves anyone can rebuild the whole
game, hidden cards included. That is what a teacher's scenario code is for (everyone starts from
the same deal), and why the widget never shows a seed while a game with secrets is still on.

The same replay serves loading, undo, the timeline and scenarios (:func:`replay`).
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import re
import zlib
from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import pgettext

from .actions import Action, IllegalAction, action_from_json
from .seeds import check_seed

if TYPE_CHECKING:  # annotations only: the state imports this module, not the other way round
    from .events import Event
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

#: the longest scenario or result code read at all: what a save of MAX_SAVE_BYTES packs into
#: at worst (zlib adds a little to incompressible data; base64 adds a third), so every save
#: that loads also travels as a code
MAX_CODE_CHARS = 2_800_000

_KEYS = {"format", "version", "game", "options", "seed"}
_MOVE_KEYS = ("actions", "moves")
#: a string, to its closing quote or, left open, to the end of the text (so it always matches,
#: and the search never starts again inside it); possessive, so nothing is read twice
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
#: a run of characters that are not brackets
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
#: move tokens: base-32 digits, every digit but the last from _MORE, the last from _LAST
_LAST = "abcdefghijklmnopqrstuvwxyz012345"
_MORE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ6789+/"
_LAST_VALUE = {c: n for n, c in enumerate(_LAST)}
_MORE_VALUE = {c: n for n, c in enumerate(_MORE)}
#: the most digits one move number may have: 32**4 choices, far more than any game's legal list
#: (a longer number is refused where it stands, so decoding costs one step per character)
MAX_MOVE_DIGITS = 4


def save_dict(
    state: GameState,
    actions: Iterable[Action] | None = None,
    seats: Iterable[str] | None = None,
    *,
    moves: str | None = None,
) -> dict[str, Any]:
    """The save of ``state`` (or of its start plus ``actions``), with seats if given.

    ``moves``: the moves already encoded (:func:`encode_moves`), saved instead of ``actions``.
    """
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.spec.name,
        "options": dict(state.options),
        "seed": state.seed,
    }
    if moves is not None:
        data["moves"] = moves
    else:
        data["actions"] = [a.to_json() for a in (state.history if actions is None else actions)]
    if seats is not None:
        data["seats"] = list(seats)
    return data


def compact_save(state: GameState, seats: Iterable[str] | None = None) -> dict[str, Any]:
    """The save of ``state`` with its moves as tokens (replays the game once to number them)."""
    return save_dict(state, seats=seats, moves=encode_moves(move_numbers(state)))


def dump_state(state: GameState) -> str:
    """The save as JSON: actions listed readably, or as move tokens if that is too long."""
    text = json.dumps(save_dict(state), separators=(",", ":"))
    if len(text) > MAX_SAVE_BYTES:
        text = json.dumps(compact_save(state), separators=(",", ":"))
    return text


# -- moves as tokens ---------------------------------------------------------------------------
def move_numbers(state: GameState) -> list[int]:
    """Each move of ``state`` as its number among the legal actions where it was taken."""
    twin = state.spec.new_game(seed=state.seed, **state.options)
    numbers = []
    for action in state.history:
        legal = twin.legal_actions()
        number = legal.index(action)
        numbers.append(number)
        twin.apply(legal[number])
    return numbers


def encode_moves(numbers: Iterable[int]) -> str:
    """Move numbers as one string: base 32, one character for any number below 32."""
    parts = []
    for number in numbers:
        digits = _LAST[number % 32]
        number //= 32
        while number:
            digits = _MORE[number % 32] + digits
            number //= 32
        parts.append(digits)
    return "".join(parts)


def iter_moves(text: str) -> Iterator[int]:
    """The move numbers of a ``moves`` string, one at a time; ValueError at the first bad one.

    Exactly one string encodes a list (no leading zero digit), so equal games have equal saves.
    A move number has at most MAX_MOVE_DIGITS digits, and a replay stops at the first move the
    game refuses, so the work is linear in what is read, never in what is not.
    """
    value, digits = 0, 0
    for position, char in enumerate(text):
        last = _LAST_VALUE.get(char)
        if last is not None:
            yield value * 32 + last
            value, digits = 0, 0
            continue
        more = _MORE_VALUE.get(char)
        if more is None or (more == 0 and not digits):
            raise ValueError(
                pgettext(
                    "refused save", "the moves hold a character that is not a move at {place}"
                ).format(place=position + 1)
            )
        digits += 1
        if digits >= MAX_MOVE_DIGITS:
            raise ValueError(
                pgettext(
                    "refused save",
                    "the move at character {place} is longer than {digits} digits: no game has "
                    "that many choices",
                ).format(place=position + 2 - digits, digits=MAX_MOVE_DIGITS)
            )
        value = value * 32 + more
    if digits:
        raise ValueError(pgettext("refused save", "the moves end in the middle of a move"))


def decode_moves(text: str) -> list[int]:
    """The move numbers of a ``moves`` string (see :func:`iter_moves`) as a list."""
    return list(iter_moves(text))


class PackError(ValueError):
    """A code whose packed body cannot be read: ``problem`` is base64, zlib, size or trailing
    (or, from :func:`check_json_text`, size or depth, with a sentence)."""

    def __init__(self, problem: str, sentence: str = "") -> None:
        super().__init__(sentence or problem)
        self.problem = problem


class SaveRejected(ValueError):
    """A save or scenario code refused: ``reason`` says why, in the reader's language (the
    message adds "save rejected: " before it)."""

    def __init__(self, reason: str) -> None:
        # Translators: {reason} is why a saved game or a scenario code is refused
        super().__init__(pgettext("refused save", "save rejected: {reason}").format(reason=reason))
        self.reason = reason


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
        if inflater.unused_data:  # bytes after the stream: one game would have many codes
            raise PackError("trailing")
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
            raise ValueError(
                pgettext("refused save", "the scenario is larger than {limit} bytes").format(
                    limit=MAX_SAVE_BYTES
                )
            ) from None
        raise ValueError(
            pgettext(
                "refused save",
                "this scenario code is damaged: check that it was copied whole, from EVO1- to "
                "its last character",
            )
        ) from None


def check_json_text(text: str, limit: int = MAX_SAVE_BYTES, depth: int = MAX_DEPTH) -> None:
    """Refuse text that is too long or nests too deep, before any parser sees it.

    Only brackets outside strings count. The strings are cut out first (with no backslash in
    the text, every quote opens or closes one; a string left open runs to the end of the text,
    which no JSON parser accepts), then everything but the brackets; the deepest level is the
    highest running sum of +1 for each opening bracket and -1 for each closing one. Each step
    is one pass of C code over the text, so a save is checked in time linear in its length.
    """
    if len(text) > limit:
        raise PackError(
            "size", pgettext("refused save", "it is larger than {limit} bytes").format(limit=limit)
        )
    # with no escapes, the even pieces between quotes are the text outside strings
    outside = _STRING.sub("", text) if "\\" in text else "".join(text.split('"')[::2])
    brackets = _NOT_BRACKET.sub("", outside)
    if brackets.count("[") + brackets.count("{") <= depth:
        return
    if max(accumulate(map(_BRACKET_STEP.__getitem__, brackets))) > depth:
        raise PackError(
            "depth",
            pgettext("refused save", "it nests more than {depth} levels deep").format(depth=depth),
        )


def parse_save(text: str | bytes) -> dict[str, Any]:
    """Read a save (JSON text or a scenario code) and check its envelope; ValueError if bad."""
    if isinstance(text, bytes):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveRejected(
                pgettext("refused save", "it is larger than {limit} bytes").format(
                    limit=MAX_SAVE_BYTES
                )
            )
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveRejected(pgettext("refused save", "it is not UTF-8 text")) from None
    if not isinstance(text, str):
        raise SaveRejected(pgettext("refused save", "a save is JSON text or a scenario code"))
    limit = MAX_CODE_CHARS if text.lstrip().startswith(PREFIX[:3]) else MAX_SAVE_BYTES
    if len(text) > limit:
        raise SaveRejected(
            pgettext("refused save", "it is larger than {limit} bytes").format(limit=limit)
        )
    stripped = text.strip()
    if stripped.startswith(PREFIX[:3]) and not stripped.startswith("{"):
        if not stripped.startswith(PREFIX):
            raise SaveRejected(
                pgettext("refused save", "a scenario code starts with {prefix}").format(
                    prefix=PREFIX
                )
            )
        stripped = _inflate(stripped)
    try:
        check_json_text(stripped)
        data = json.loads(stripped)
    except ValueError as error:  # JSONDecodeError is a ValueError
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        # Translators: {reason} is the JSON reader's own reason (in English) or a sentence
        raise SaveRejected(
            pgettext("refused save", "not a save ({reason})").format(reason=reason)
        ) from None
    return check_envelope(data)


def check_envelope(data: object) -> dict[str, Any]:
    """Check a parsed save's keys and their types (not yet its options or moves)."""
    if not isinstance(data, dict):
        raise SaveRejected(pgettext("refused save", "the top level must be a JSON object"))
    keys = set(data)
    moves = [k for k in _MOVE_KEYS if k in keys]
    if not keys >= _KEYS or keys - _KEYS - {"seats", *_MOVE_KEYS} or len(moves) != 1:
        raise SaveRejected(
            # Translators: {keys} and {got} are lists of JSON keys, kept in English; so are
            # "actions", "moves" and "seats"
            pgettext(
                "refused save",
                "expected the keys {keys}, actions or moves (one of them), and optionally seats; "
                "got {got}",
            ).format(keys=sorted(_KEYS), got=sorted(map(str, keys))[:10])
        )
    version = data["version"]
    if data["format"] != FORMAT or type(version) is not int or version != VERSION:
        raise SaveRejected(
            pgettext("refused save", "not an {format} save of version {version}").format(
                format=FORMAT, version=VERSION
            )
        )
    if not isinstance(data["game"], str):
        raise SaveRejected(pgettext("refused save", "the game must be named"))
    if not isinstance(data["options"], dict):
        raise SaveRejected(pgettext("refused save", "options must be a JSON object"))
    try:
        check_seed(data["seed"])
    except ValueError as error:
        raise SaveRejected(str(error)) from None
    if "actions" in data and not isinstance(data["actions"], list):
        raise SaveRejected(pgettext("refused save", "actions must be a list"))
    if "moves" in data and not isinstance(data["moves"], str):
        raise SaveRejected(pgettext("refused save", "moves must be a string of move tokens"))
    seats = data.get("seats")
    if seats is not None and not (
        isinstance(seats, list)
        and all(isinstance(s, str) and 0 < len(s) <= MAX_SEAT_NAME for s in seats)
    ):
        raise SaveRejected(pgettext("refused save", "seats must be a list of names"))
    return data


def replay(
    spec: GameSpec,
    data: dict[str, Any],
    upto: int | None = None,
    on_step: Callable[[GameState, int | None, Action, list[Event]], None] | None = None,
    numbers: list[int] | None = None,
) -> GameState:
    """Rebuild a game from a checked save dict, checking every action on the way.

    ``upto`` stops after that many actions (the timeline); ``on_step(state, player, action,
    events)`` is called after each one, with the seat that took it (the widget's session
    records its rows and log this way); ``numbers``, if given, receives each move's number
    among the legal actions (before ``on_step`` is called for it).
    """
    if data["game"] != spec.name:
        raise SaveRejected(
            # Translators: {game} and {ours} are games' ids ('climate'), kept as they are
            pgettext("refused save", "it is a {game} game, not {ours}").format(
                game=repr(data["game"][:40]), ours=repr(spec.name)
            )
        )
    try:
        state = spec.new_game(seed=data["seed"], **data["options"])
    except (ValueError, TypeError) as error:
        raise SaveRejected(
            pgettext("refused save", "bad options ({error})").format(error=error)
        ) from None
    if "moves" in data:
        moves = iter_moves(data["moves"])
        if upto is not None:
            moves = itertools.islice(moves, upto)
        try:
            return _replay_numbers(state, moves, on_step, numbers)
        except ValueError as error:
            if isinstance(error, SaveRejected):
                raise
            raise SaveRejected(str(error)) from None
    actions = data["actions"] if upto is None else data["actions"][:upto]
    types = state.action_types
    for number, raw in enumerate(actions, start=1):
        if isinstance(raw, Action):
            action = raw
        else:
            try:
                action = action_from_json(raw, types)
            except ValueError as error:
                raise SaveRejected(
                    pgettext("refused save", "move {number} is malformed ({error})").format(
                        number=number, error=error
                    )
                ) from None
        player = state.current_player
        legal = state.legal_actions() if numbers is not None else None
        try:
            events = state.apply(action)
        except IllegalAction as error:
            raise SaveRejected(
                # Translators: {error} is the refused move's own sentence ("Illegal action: ...")
                pgettext("refused save", "move {number} breaks the rules. {error}").format(
                    number=number, error=error
                )
            ) from None
        if legal is not None and numbers is not None:
            own = state.history[-1]
            numbers.append(next(i for i, a in enumerate(legal) if a is own))
        if on_step is not None:
            on_step(state, player, state.history[-1], events)
    return state


def _replay_numbers(
    state: GameState,
    moves: Iterable[int],
    on_step: Callable[[GameState, int | None, Action, list[Event]], None] | None,
    numbers: list[int] | None,
) -> GameState:
    for count, number in enumerate(moves, start=1):
        legal = state.legal_actions()
        if number >= len(legal):
            raise SaveRejected(
                pgettext(
                    "refused save", "move {count} is choice {number} of {legal}: no such legal move"
                ).format(count=count, number=number + 1, legal=len(legal))
            )
        player = state.current_player
        events = state.apply(legal[number])
        if numbers is not None:
            numbers.append(number)
        if on_step is not None:
            on_step(state, player, state.history[-1], events)
    return state


def load_state(spec: GameSpec, text: str | bytes) -> GameState:
    """Parse, check and replay a save (JSON text or scenario code) for one game."""
    return replay(spec, parse_save(text))
