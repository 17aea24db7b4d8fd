"""Result codes: a finished game (or a population run) as a short line a student hands in.

A *result code* is the scenario code's sibling: ``EVR1-`` + base64url(zlib(JSON)), versioned,
compressed, and checked on read before anything trusts it. Its own prefix means a result is never
mistaken for a scenario (``EVO1-``), and the other way round. Two kinds:

* ``game``: the game's save (options, seed, seats, moves; see :mod:`.record`) and the name the
  student chose. The teacher's side replays every move through the rules, so a forged or
  tampered code fails the same legality check a cheating click would; the numbers are never
  taken from the code, only from the replayed game.
* ``population``: a population run's settings, its summary at the end, and the name. The
  teacher's side re-runs the settings (the run is seeded) and refuses a summary that differs.

Reading checks, in this order, and stops at the first problem, naming it
(:class:`ResultCodeError` carries a short ``problem`` word and a sentence): the prefix, the
code's size, the base64, the compressed data (inflated to at most ``MAX_RESULT_BYTES``: a zip
bomb stops there), the JSON's size and depth (:func:`.record.check_json_text`, before any parser
sees it), the format and version, the kind, the name, and the fields of the kind. The engine
knows no registry: replaying a game against its spec is :func:`replay_game_result`, and the
classroom module (``evo_lessons.classroom``) does the rest.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from . import record
from .words import is_whole

if TYPE_CHECKING:
    from .spec import GameSpec
    from .state import GameState

FORMAT = "evo_lessons.result"
VERSION = 1
PREFIX = "EVR1-"
#: the longest code read at all (a long Climate game's result is about 2,000 characters)
MAX_CODE_CHARS = 200_000
#: the most a code may inflate to: the same bound as a save's
MAX_RESULT_BYTES = record.MAX_SAVE_BYTES
#: the longest name a student may give (a full name with room to spare)
MAX_NAME = 60
KINDS = ("game", "population")
#: every result code in a text (a hand-in file, a pasted e-mail); scenario codes are not matched
CODE_PATTERN = re.compile(r"EVR\d+-[A-Za-z0-9_\-]+")
_ANY_PREFIX = re.compile(r"^(EV[A-Z])(\d+)-")
_KEYS = {
    "game": {"format", "version", "kind", "name", "save"},
    "population": {"format", "version", "kind", "name", "settings", "summary"},
}
#: a population summary's numbers, and the types they must have
SUMMARY_FIELDS: dict[str, tuple[type, ...]] = {
    "generations": (int,),
    "size": (int,),
    "mean_fitness": (int, float),
    "extinct": (bool,),
    "frequencies": (dict,),
}


class ResultCodeError(ValueError):
    """A result code that is refused: ``problem`` is a short word, the message a sentence.

    The words: prefix, scenario, size, base64, zlib, json, depth, version, kind, name, field,
    game, options, move, unfinished, settings, forged.
    """

    def __init__(self, problem: str, sentence: str) -> None:
        super().__init__(sentence)
        self.problem = problem
        self.sentence = sentence


def check_name(name: object) -> str:
    """The student's chosen name, trimmed: text of 1 to MAX_NAME characters on one line."""
    if not isinstance(name, str):
        raise ResultCodeError("name", "the name must be text")
    name = " ".join(name.split())
    if not name:
        raise ResultCodeError("name", "a result code needs a name: type yours first")
    if len(name) > MAX_NAME:
        raise ResultCodeError("name", f"the name is longer than {MAX_NAME} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise ResultCodeError("name", "the name holds characters that are not letters or signs")
    return name


def fit_name(text: str) -> str:
    """A name box's text made fit for a code: one line, printable, at most MAX_NAME long
    ("" if nothing is left). For names typed elsewhere (a lesson's name box) that must not
    stop a code from being made; a name typed for the code itself is checked instead."""
    kept = "".join(c for c in str(text) if unicodedata.category(c)[0] != "C" or c in "\t\n")
    return " ".join(kept.split())[:MAX_NAME].strip()


def encode(data: dict[str, Any]) -> str:
    """A checked result dict as a code: ``EVR1-`` + base64url(zlib(JSON))."""
    return record.pack(data, PREFIX)


def game_result(save: dict[str, Any], name: str) -> dict[str, Any]:
    """The result of a finished game from its save dict (see :func:`.record.save_dict`)."""
    record.check_envelope(save)
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "game",
        "name": check_name(name),
        "save": save,
    }


def game_result_code(state: GameState, name: str, seats: list[str] | None = None) -> str:
    """The result code of a finished game (its seats, "human" or a bot name, if known)."""
    if not state.is_over:
        raise ValueError("a result code is for a finished game: play it to the end first")
    return encode(game_result(record.save_dict(state, seats=seats), name))


def population_result(
    settings: dict[str, Any], summary: dict[str, Any], name: str
) -> dict[str, Any]:
    """The result of a population run: its settings (as JSON data) and its summary."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "population",
        "name": check_name(name),
        "settings": settings,
        "summary": summary,
    }
    return _check_fields(data)


# -- reading ---------------------------------------------------------------------------------
def _body(code: str) -> str:
    """Everything after the prefix, once the prefix says this is a result code we can read."""
    found = _ANY_PREFIX.match(code)
    if found is None:
        raise ResultCodeError(
            "prefix", f"this is not a result code: a result code starts with {PREFIX}"
        )
    letter, number = found.groups()
    if letter == "EVO":
        raise ResultCodeError(
            "scenario",
            "this is a scenario code (EVO1-), which starts a game; a result code (EVR1-) is "
            "shown when a game is finished",
        )
    if letter != "EVR":
        raise ResultCodeError(
            "prefix", f"this is not a result code: a result code starts with {PREFIX}"
        )
    if number != str(VERSION):
        raise ResultCodeError(
            "version",
            f"this result code is version {number[:6]}; this evo_lessons reads version "
            f"{VERSION} (update evo_lessons, or ask for a new code)",
        )
    return code[found.end() :]


_DAMAGED = {
    "base64": "this result code is damaged (a character is missing or wrong): copy it again, "
    f"whole, from {PREFIX} to its last character",
    "zlib": "this result code is damaged (its packed data does not unpack): copy it again, whole",
    "size": f"this result code unpacks to more than {MAX_RESULT_BYTES:,} bytes",
}


def _inflate(body: str) -> str:
    try:
        return record.unpack(body, MAX_RESULT_BYTES)
    except record.PackError as error:
        raise ResultCodeError(error.problem, _DAMAGED[error.problem]) from None


def parse_result(code: str | bytes) -> dict[str, Any]:
    """Read and check a result code (or its JSON); a ResultCodeError names what is wrong."""
    if isinstance(code, bytes):
        if len(code) > MAX_CODE_CHARS:
            raise ResultCodeError("size", f"this result code is longer than {MAX_CODE_CHARS:,}")
        code = code.decode("utf-8", errors="replace")
    if not isinstance(code, str):
        raise ResultCodeError("prefix", "a result code is a line of text starting EVR1-")
    if len(code) > MAX_CODE_CHARS:
        raise ResultCodeError(
            "size", f"this result code is longer than {MAX_CODE_CHARS:,} characters"
        )
    text = code.strip()
    if not text.startswith("{"):
        text = _inflate(_body(text))
    try:
        record.check_json_text(text, MAX_RESULT_BYTES)
    except ValueError as error:
        problem = "depth" if "deep" in str(error) else "size"
        raise ResultCodeError(problem, f"this result is refused unread: {error}") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        raise ResultCodeError("json", f"this result is not readable JSON ({reason})") from None
    except RecursionError:  # belt and braces: check_json_text counts the depth first
        raise ResultCodeError("depth", "this result nests too deep") from None
    return _check_fields(data)


def _check_fields(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ResultCodeError("field", "a result is a JSON object")
    if data.get("format") != FORMAT:
        raise ResultCodeError("field", f"this is not an {FORMAT} result")
    version = data.get("version")
    if version != VERSION or not is_whole(version):
        raise ResultCodeError(
            "version", f"this result is version {str(version)[:10]}; this reads {VERSION}"
        )
    kind = data.get("kind")
    if kind not in KINDS:
        raise ResultCodeError("kind", f"a result is of a game or a population, not {kind!r:.30}")
    if set(data) != _KEYS[kind]:
        raise ResultCodeError(
            "field",
            f"a {kind} result holds {', '.join(sorted(_KEYS[kind]))}; this one holds "
            f"{', '.join(sorted(map(str, data)))[:120]}",
        )
    data["name"] = check_name(data["name"])
    if kind == "game":
        try:
            record.check_envelope(data["save"])
        except ValueError as error:
            raise ResultCodeError("field", str(error).replace("save rejected: ", "")) from None
        return data
    if not isinstance(data["settings"], dict):
        raise ResultCodeError("field", "a population result's settings are a JSON object")
    summary = data["summary"]
    if not isinstance(summary, dict) or set(summary) != set(SUMMARY_FIELDS):
        raise ResultCodeError(
            "field", f"a population summary holds {', '.join(SUMMARY_FIELDS)} and nothing else"
        )
    for key, types in SUMMARY_FIELDS.items():
        value = summary[key]
        if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
            raise ResultCodeError("field", f"the summary's {key} has the wrong type")
    if not all(
        isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
        for k, v in summary["frequencies"].items()
    ):
        raise ResultCodeError("field", "the summary's frequencies are numbers by trait value")
    return data


def replay_game_result(spec: GameSpec, data: dict[str, Any]) -> GameState:
    """Replay a game result's moves through the rules; the finished game, or an error."""
    save = data["save"]
    if save["game"] != spec.name:
        raise ResultCodeError("game", f"this is a {save['game'][:40]!r} game, not {spec.name!r}")
    try:
        spec.normalise_options(save["options"])
        spec.new_game(seed=save["seed"], **save["options"])
    except (ValueError, TypeError) as error:
        raise ResultCodeError("options", f"the game's options are refused ({error})") from None
    seats = save.get("seats")
    if seats is not None and len(seats) != spec.normalise_options(save["options"])["players"]:
        raise ResultCodeError("field", "the seats do not match the number of players")
    try:
        state = record.replay(spec, save)
    except ValueError as error:
        raise ResultCodeError("move", str(error).replace("save rejected: ", "")) from None
    if not state.is_over:
        raise ResultCodeError(
            "unfinished", f"the game stops after {len(state.history)} moves, before its end"
        )
    return state
