"""Result codes: a finished game (or a population run) as a short line a student hands in.

A *result code* is the scenario code's sibling: ``EVR2-`` + base64url(zlib(JSON)), versioned,
compressed, and checked on read before anything trusts it. Its own prefix means a result is never
mistaken for a scenario (``EVO1-``), and the other way round. Two kinds:

* ``game``: the game's save (options, seed, seats, moves as tokens; see :mod:`.record`), the
  name the student chose, the lesson it came from, and ``play``: who made the moves. ``play``
  holds ``student`` (the seat of the person handing the code in, a "human" seat; None when no
  person played), ``loaded`` (how many opening moves came with a scenario code the game was
  loaded from), ``movers`` (for every later move at a "human" seat, in order, who chose it:
  ``p`` the person, ``h`` the helper bot, pressed by Step or Play to end; ``b`` a bot, only on
  a seat that changed; run-length coded, ``"p12h3"``) and ``changed`` (seats switched between a
  person and a bot, or between bots, during the game). Every other move was made by the bot
  its seat names. The teacher's side replays every move through the rules **and every bot
  seat's moves with that bot**, seeded as the session seeds it (``derive_seed(seed, "bot",
  seat, move)``: one seed per decision, so undo, rewinds and reloads never change what a bot
  plays), so a code whose seats were relabelled, or whose "bots" did not play as those bots,
  is refused. The numbers are never taken from the code, only from the replayed game.
* ``population``: a population run's settings, its summary at the end, the name and lesson.
  The teacher's side re-runs the settings (the run is seeded) and refuses a summary that
  differs; a run past the population work bound is refused before it is run.

Version 1 codes (``EVR1-``, made before seats' roles were recorded) are read as far as their
name and refused as ``old`` (:class:`OldResultCode`): nothing in them says who played.

Reading checks, in this order, and stops at the first problem, naming it
(:class:`ResultCodeError` carries a short ``problem`` word and a sentence): the prefix, the
code's size, the base64, the compressed data (inflated to at most ``MAX_RESULT_BYTES``: a zip
bomb stops there; bytes after the stream are refused), the JSON's size and depth
(:func:`.record.check_json_text`, linear, before any parser sees it), the format and version,
the kind, the name, and the fields of the kind. This module makes and reads the code; the
checks that refuse one, and say why, are :mod:`.result_checks` (their names stay importable
from here). The engine knows no registry: checking a game against its spec is
:func:`check_game_result`; :func:`fingerprint` names one game however it was encoded; the
classroom module (``evo_lessons.classroom``) does the rest.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import pgettext, pN_, tr

from . import record
from .relabelled import RELABEL_MIN_CHOICES as RELABEL_MIN_CHOICES
from .result_checks import BOT as BOT
from .result_checks import FORMAT as FORMAT
from .result_checks import HELPER as HELPER
from .result_checks import HISTORY_KEYS, check_fields
from .result_checks import HUMAN as HUMAN
from .result_checks import KINDS as KINDS
from .result_checks import MAX_LESSON as MAX_LESSON
from .result_checks import MAX_NAME as MAX_NAME
from .result_checks import MAX_RESULT_BYTES as MAX_RESULT_BYTES
from .result_checks import PERSON as PERSON
from .result_checks import SUMMARY_FIELDS as SUMMARY_FIELDS
from .result_checks import VERSION as VERSION
from .result_checks import CheckedGame as CheckedGame
from .result_checks import OldResultCode as OldResultCode
from .result_checks import ResultCodeError as ResultCodeError
from .result_checks import check_game_result as check_game_result
from .result_checks import check_lesson as check_lesson
from .result_checks import check_name as check_name
from .result_checks import iter_movers as iter_movers
from .result_checks import movers_of as movers_of
from .words import is_whole

if TYPE_CHECKING:
    from .spec import GameSpec
    from .state import GameState

PREFIX = "EVR2-"
#: the longest code read at all: the most a MAX_SAVE_BYTES save packs into
MAX_CODE_CHARS = record.MAX_CODE_CHARS
#: every result code in a text (a hand-in file, a pasted e-mail); scenario codes are not matched
CODE_PATTERN = re.compile(r"EVR\d+-[A-Za-z0-9_\-]+")
_ANY_PREFIX = re.compile(r"^(EV[A-Z])(\d+)-")


def fit_name(text: str) -> str:
    """A name box's text made fit for a code: one line, printable, at most MAX_NAME long
    ("" if nothing is left). For names typed elsewhere (a lesson's name box) that must not
    stop a code from being made; a name typed for the code itself is checked instead."""
    kept = "".join(c for c in str(text) if unicodedata.category(c)[0] != "C" or c in "\t\n")
    return " ".join(kept.split())[:MAX_NAME].strip()


def encode(data: dict[str, Any]) -> str:
    """A checked result dict as a code: ``EVR2-`` + base64url(zlib(JSON))."""
    return record.pack(data, PREFIX)


# -- making ----------------------------------------------------------------------------------
def play_record(
    seats: list[str],
    actors: list[int],
    movers: list[str],
    *,
    student: int | None,
    loaded: int = 0,
    changed: set[int] | frozenset[int] = frozenset(),
    history: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Who made each move, as a result code holds it (see the module docstring).

    ``actors[m]``: the seat that made move m; ``movers[m]``: "person", "helper", "scenario" or
    the name of the bot that chose it. A seat whose moves were not all made as its kind now
    says (a person's move on a bot seat, another bot's) counts as changed, like a seat switched
    by hand (``changed``).
    """
    changed = set(changed)
    for move in range(loaded, len(actors)):
        seat, who = actors[move], movers[move]
        if seat < 0:
            continue
        if seats[seat] == HUMAN:
            if who not in ("person", "helper"):
                changed.add(seat)
        elif who != seats[seat]:
            changed.add(seat)
    letters = []
    for move in range(loaded, len(actors)):
        seat = actors[move]
        if seat >= 0 and seats[seat] == HUMAN:
            who = movers[move]
            letters.append(PERSON if who == "person" else HELPER if who == "helper" else BOT)
    made: dict[str, Any] = {
        "student": student,
        "loaded": loaded,
        "movers": _run_length(letters),
        "changed": sorted(changed),
    }
    if history is not None:
        made["history"] = {key: history[key] for key in HISTORY_KEYS}
    return made


def _run_length(letters: list[str]) -> str:
    parts: list[tuple[str, int]] = []
    for letter in letters:
        if parts and parts[-1][0] == letter:
            parts[-1] = (letter, parts[-1][1] + 1)
        else:
            parts.append((letter, 1))
    return "".join(f"{letter}{count}" for letter, count in parts)


def game_result(
    save: dict[str, Any],
    name: str,
    *,
    lesson: str | None = None,
    play: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The result of a finished game from its save dict (see :func:`.record.save_dict`).

    ``play``: who made the moves (:func:`play_record`). Without it the code says so
    (``None``): the class tools list such a game apart, as they cannot tell who played.
    """
    record.check_envelope(save)
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "game",
        "name": check_name(name),
        "lesson": check_lesson(lesson),
        "save": save,
        "play": play,
    }


def game_result_code(
    state: GameState, name: str, seats: list[str] | None = None, *, lesson: str | None = None
) -> str:
    """The result code of a bare finished game: nobody recorded who moved (listed apart)."""
    if not state.is_over:
        raise ValueError(
            pgettext(
                "refused code", "a result code is for a finished game: play it to the end first"
            )
        )
    save = record.compact_save(state, seats=seats)
    return encode(game_result(save, name, lesson=lesson))


def population_result(
    settings: dict[str, Any], summary: dict[str, Any], name: str, *, lesson: str | None = None
) -> dict[str, Any]:
    """The result of a population run: its settings (as JSON data) and its summary."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "population",
        "name": check_name(name),
        "lesson": check_lesson(lesson),
        "settings": settings,
        "summary": summary,
    }
    return check_fields(data)


# -- reading ---------------------------------------------------------------------------------
def _body(code: str) -> tuple[int, str]:
    """The version and everything after the prefix, once the prefix says this is ours."""
    found = _ANY_PREFIX.match(code)
    not_ours = pN_("refused code", "this is not a result code: a result code starts with {prefix}")
    if found is None:
        raise ResultCodeError("prefix", tr(not_ours).format(prefix=PREFIX))
    letter, number = found.groups()
    if letter == "EVO":
        raise ResultCodeError(
            "scenario",
            pgettext(
                "refused code",
                "this is a scenario code (EVO1-), which starts a game; a result code (EVR2-) is "
                "shown when a game is finished",
            ),
        )
    if letter != "EVR":
        raise ResultCodeError("prefix", tr(not_ours).format(prefix=PREFIX))
    if number not in ("1", str(VERSION)):
        raise ResultCodeError(
            "version",
            pgettext(
                "refused code",
                "this result code is version {number}; this evo_lessons reads version "
                "{version} (update evo_lessons, or ask for a new code)",
            ).format(number=number[:6], version=VERSION),
        )
    return int(number), code[found.end() :]


#: why a damaged code is refused (translated when one is: ``tr(...).format(prefix=, limit=)``)
_DAMAGED = {
    "base64": pN_(
        "refused code",
        "this result code is damaged (a character is missing or wrong): copy it again, "
        "whole, from {prefix} to its last character",
    ),
    "zlib": pN_(
        "refused code",
        "this result code is damaged (its packed data does not unpack): copy it again, whole",
    ),
    "size": pN_("refused code", "this result code unpacks to more than {limit} bytes"),
    "trailing": pN_(
        "refused code",
        "this result code has data after its end: copy it again, whole and nothing more",
    ),
}


#: a code inflates to at most this many times its length, plus INFLATE_FLOOR: an honest code
#: inflates about 1.4 times (move tokens), a save with its moves spelt out as JSON objects 16
#: times; a 3 KB code that would unpack to 2 MB is refused after a few hundred kB, so what a
#: code costs to read is linear in its own length
INFLATE_RATIO = 64
INFLATE_FLOOR = 65_536


def inflate_limit(body: str) -> int:
    """The most a code's body is inflated to (see INFLATE_RATIO)."""
    return min(MAX_RESULT_BYTES, INFLATE_RATIO * len(body) + INFLATE_FLOOR)


def _inflate(body: str) -> str:
    limit = inflate_limit(body)
    try:
        return record.unpack(body, limit)
    except record.PackError as error:
        if error.problem == "size" and limit < MAX_RESULT_BYTES:
            raise ResultCodeError(
                "size",
                pgettext(
                    "refused code",
                    "this result code unpacks to more than {ratio} times its own length, which "
                    "no game's code does: it is refused unread",
                ).format(ratio=INFLATE_RATIO),
            ) from None
        sentence = tr(_DAMAGED[error.problem]).format(prefix=PREFIX, limit=f"{MAX_RESULT_BYTES:,}")
        raise ResultCodeError(error.problem, sentence) from None


def parse_result(code: str | bytes) -> dict[str, Any]:
    """Read and check a result code (or its JSON); a ResultCodeError names what is wrong."""
    too_long = pN_("refused code", "this result code is longer than {n} characters")
    if isinstance(code, bytes):
        if len(code) > MAX_CODE_CHARS:
            raise ResultCodeError("size", tr(too_long).format(n=f"{MAX_CODE_CHARS:,}"))
        code = code.decode("utf-8", errors="replace")
    if not isinstance(code, str):
        raise ResultCodeError(
            "prefix",
            pgettext("refused code", "a result code is a line of text starting {prefix}").format(
                prefix=PREFIX
            ),
        )
    if len(code) > MAX_CODE_CHARS:
        raise ResultCodeError("size", tr(too_long).format(n=f"{MAX_CODE_CHARS:,}"))
    text = code.strip()
    version = VERSION
    if not text.startswith("{"):
        version, body = _body(text)
        text = _inflate(body)
    try:
        record.check_json_text(text, MAX_RESULT_BYTES)
    except ValueError as error:
        problem = getattr(error, "problem", "size")
        raise ResultCodeError(
            problem,
            pgettext("refused code", "this result is refused unread: {why}").format(why=error),
        ) from None
    try:
        data = json.loads(text)
    except ValueError as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        raise ResultCodeError(
            "json",
            # Translators: {reason} is the JSON reader's own reason, in English
            pgettext("refused code", "this result is not readable JSON ({reason})").format(
                reason=reason
            ),
        ) from None
    except RecursionError:  # belt and braces: check_json_text counts the depth first
        raise ResultCodeError(
            "depth", pgettext("refused code", "this result nests too deep")
        ) from None
    if version == 1 or (
        isinstance(data, dict) and is_whole(data.get("version")) and data["version"] == 1
    ):
        name = data.get("name") if isinstance(data, dict) else None
        try:
            name = check_name(name)
        except ResultCodeError:
            name = None
        raise OldResultCode(name)
    return check_fields(data)


def fingerprint(
    data: dict[str, Any],
    numbers: list[int] | None = None,
    options: dict[str, Any] | None = None,
) -> str:
    """One game (or run) however it was encoded: the same for every compression, JSON layout,
    key order, name, lesson or trailing bytes, different for another game, seat or student.

    A game's print covers its game, seed, moves (as move numbers), seats and the student's
    seat, and not its options: the same moves from the same seed are one game, and an option
    that changed nothing in it (a round limit never reached) must not make a second game of it.
    ``options`` is accepted for old callers and not used. A population run's print covers its
    checked settings.
    """
    if data["kind"] == "population":
        body: Any = ["population", data["settings"]]
    else:
        save = data["save"]
        if numbers is None:
            numbers = record.decode_moves(save["moves"]) if "moves" in save else None
        play = data["play"] or {}
        body = [
            "game",
            save["game"],
            save["seed"],
            record.encode_moves(numbers) if numbers is not None else save.get("actions"),
            save.get("seats"),
            play.get("student"),
        ]
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def replay_game_result(spec: GameSpec, data: dict[str, Any]) -> GameState:
    """Replay and check a game result (see :func:`check_game_result`); the finished game."""
    return check_game_result(spec, data).state
