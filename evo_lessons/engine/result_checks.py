"""The checks a result code must pass: each refuses with a short problem word and a sentence.

A result code (:mod:`.results`, which makes and reads them) is trusted only after these checks:
the fields of each kind (:func:`check_fields`: the name, the lesson, the save's envelope, the
record of who played and of how the game was reached, a population summary's numbers), and for
a game, a replay of every move through the rules and of every bot seat with its bot
(:func:`check_game_result`). They live apart from the code's format (prefix, packing, inflating,
fingerprints) because they are what a forger meets: each refusal here is a
:class:`ResultCodeError` naming what is wrong, in words the student or teacher can read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import pgettext, tr

from . import record
from .actions import action_from_json, exact_match
from .bots import wants_observation
from .relabelled import Twins
from .seeds import derive_seed
from .words import is_whole, seat_name

if TYPE_CHECKING:
    from .spec import GameSpec
    from .state import GameState

FORMAT = "evo_lessons.result"
VERSION = 2
#: the most a code may inflate to: the same bound as a save's
MAX_RESULT_BYTES = record.MAX_SAVE_BYTES
#: the longest name a student may give (a full name with room to spare)
MAX_NAME = 60
#: the longest lesson id ("01_climate")
MAX_LESSON = 60
KINDS = ("game", "population")
HUMAN = "human"
#: who made a move at a "human" seat (see :mod:`.results`)
PERSON, HELPER, BOT = "p", "h", "b"
_KEYS = {
    "game": {"format", "version", "kind", "name", "lesson", "save", "play"},
    "population": {"format", "version", "kind", "name", "lesson", "settings", "summary"},
}
_PLAY_KEYS = {"student", "loaded", "movers", "changed"}
#: the session's history of the game (optional: codes made before it was recorded lack it)
HISTORY_KEYS = {"before": int, "helper_first": bool, "rewinds": int, "peeked": list}
_RUN = re.compile(r"([phb])([1-9][0-9]{0,8})")
_LESSON = re.compile(r"[A-Za-z0-9_.\-]{1,60}")
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

    The words: prefix, scenario, size, base64, zlib, trailing, json, depth, version, old, kind,
    name, lesson, field, game, options, move, bot, relabelled, unfinished, settings, work,
    forged.
    """

    def __init__(self, problem: str, sentence: str) -> None:
        super().__init__(sentence)
        self.problem = problem
        self.sentence = sentence


class OldResultCode(ResultCodeError):
    """A version 1 code: readable, but it does not say who played each seat or move."""

    def __init__(self, name: str | None) -> None:
        super().__init__(
            "old",
            pgettext(
                "refused code",
                "this code was made by an older evo_lessons (EVR1-), which did not record who "
                "played each seat and move, so it cannot be counted: ask for the game's new code",
            ),
        )
        self.name = name


def check_name(name: object) -> str:
    """The student's chosen name, trimmed: text of 1 to MAX_NAME characters on one line."""
    if not isinstance(name, str):
        raise ResultCodeError("name", pgettext("refused code", "the name must be text"))
    name = " ".join(name.split())
    if not name:
        raise ResultCodeError(
            "name", pgettext("refused code", "a result code needs a name: type yours first")
        )
    if len(name) > MAX_NAME:
        raise ResultCodeError(
            "name",
            pgettext("refused code", "the name is longer than {n} characters").format(n=MAX_NAME),
        )
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise ResultCodeError(
            "name",
            pgettext("refused code", "the name holds characters that are not letters or signs"),
        )
    return name


def check_lesson(lesson: object) -> str | None:
    """A lesson id ("01_climate"): letters, digits, ``_ . -``, at most MAX_LESSON; or None."""
    if lesson is None:
        return None
    if not isinstance(lesson, str) or not _LESSON.fullmatch(lesson):
        raise ResultCodeError(
            "lesson",
            pgettext(
                "refused code",
                "a lesson id is a short word of letters, digits, _ . or - (01_climate)",
            ),
        )
    return lesson


def _reason(error: ValueError) -> str:
    """Why a save was refused, without "save rejected: " before it."""
    return error.reason if isinstance(error, record.SaveRejected) else str(error)


def check_fields(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ResultCodeError("field", pgettext("refused code", "a result is a JSON object"))
    if data.get("format") != FORMAT:
        raise ResultCodeError(
            "field",
            pgettext("refused code", "this is not an {format} result").format(format=FORMAT),
        )
    version = data.get("version")
    if not is_whole(version) or version != VERSION:
        raise ResultCodeError(
            "version",
            pgettext("refused code", "this result is version {theirs}; this reads {ours}").format(
                theirs=str(version)[:10], ours=VERSION
            ),
        )
    kind = data.get("kind")
    if kind not in KINDS:
        raise ResultCodeError(
            "kind",
            pgettext("refused code", "a result is of a game or a population, not {kind}").format(
                kind=f"{kind!r:.30}"
            ),
        )
    if set(data) != _KEYS[kind]:
        raise ResultCodeError(
            "field",
            # Translators: {kind} is "game" or "population", {keys} and {found} lists of JSON
            # keys: all kept in English
            pgettext("refused code", "a {kind} result holds {keys}; this one holds {found}").format(
                kind=kind,
                keys=", ".join(sorted(_KEYS[kind])),
                found=", ".join(sorted(map(str, data)))[:120],
            ),
        )
    data["name"] = check_name(data["name"])
    data["lesson"] = check_lesson(data["lesson"])
    if kind == "game":
        try:
            record.check_envelope(data["save"])
        except ValueError as error:
            raise ResultCodeError("field", _reason(error)) from None
        if data["play"] is not None:
            _check_play(data["play"])
        return data
    if not isinstance(data["settings"], dict):
        raise ResultCodeError(
            "field", pgettext("refused code", "a population result's settings are a JSON object")
        )
    summary = data["summary"]
    if not isinstance(summary, dict) or set(summary) != set(SUMMARY_FIELDS):
        raise ResultCodeError(
            "field",
            pgettext("refused code", "a population summary holds {fields} and nothing else").format(
                fields=", ".join(SUMMARY_FIELDS)
            ),
        )
    for key, types in SUMMARY_FIELDS.items():
        value = summary[key]
        if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
            raise ResultCodeError(
                "field",
                pgettext("refused code", "the summary's {key} has the wrong type").format(key=key),
            )
    if not all(
        isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
        for k, v in summary["frequencies"].items()
    ):
        raise ResultCodeError(
            "field",
            pgettext("refused code", "the summary's frequencies are numbers by trait value"),
        )
    return data


def _check_play(play: object) -> None:
    """The shape of a ``play`` record (what it claims is checked against the replay later)."""
    bad = ResultCodeError("field", pgettext("refused code", "the record of who played is damaged"))
    if not isinstance(play, dict) or set(play) - {"history"} != _PLAY_KEYS:
        raise bad
    if "history" in play:
        _check_history(play["history"])
    student, loaded, movers, changed = (play[k] for k in ("student", "loaded", "movers", "changed"))
    if student is not None and not (is_whole(student) and 0 <= student < 64):
        raise bad
    if not (is_whole(loaded) and loaded >= 0):
        raise bad
    if not isinstance(movers, str) or len(movers) > MAX_RESULT_BYTES:
        raise bad
    if not (
        isinstance(changed, list)
        and all(is_whole(s) and 0 <= s < 64 for s in changed)
        and changed == sorted(set(changed))
    ):
        raise bad
    runs = list(_RUN.finditer(movers))
    if sum(len(m.group()) for m in runs) != len(movers):
        raise bad
    # a save holds at most one move per character: a longer record is not of a save we read
    if sum(int(m.group(2)) for m in runs) > record.MAX_SAVE_BYTES:
        raise bad


def _check_history(history: object) -> None:
    bad = ResultCodeError(
        "field", pgettext("refused code", "the record of how the game was reached is damaged")
    )
    if not isinstance(history, dict) or set(history) != set(HISTORY_KEYS):
        raise bad
    for key, kind in HISTORY_KEYS.items():
        value = history[key]
        if kind is int and not (is_whole(value) and 0 <= value < 10**9):
            raise bad
        if kind is bool and not isinstance(value, bool):
            raise bad
    peeked = history["peeked"]
    if not (all(is_whole(s) and 0 <= s < 64 for s in peeked) and peeked == sorted(set(peeked))):
        raise bad


def iter_movers(text: str) -> Iterator[str]:
    """The letters of a run-length ``movers`` string, one at a time (read as a replay goes)."""
    for run in _RUN.finditer(text):
        for _ in range(int(run.group(2))):
            yield run.group(1)


def movers_of(text: str) -> list[str]:
    """The letters of a run-length ``movers`` string ("p2h1" -> ["p", "p", "h"])."""
    return [m.group(1) for m in _RUN.finditer(text) for _ in range(int(m.group(2)))]


# -- checking a game against its rules -----------------------------------------------------------
@dataclass
class CheckedGame:
    """A game result replayed and checked: the finished state and what the record says."""

    state: GameState
    seats: list[str] | None
    student: int | None
    #: who played: None if the code does not say (made without a session)
    recorded: bool
    loaded: int
    changed: list[int]
    #: per "human" seat: moves its person made, and moves the helper bot made for them
    person_moves: dict[int, int] = field(default_factory=dict)
    helper_moves: dict[int, int] = field(default_factory=dict)
    numbers: list[int] = field(default_factory=list)
    #: the session's record of how the game was reached (None: the code predates it)
    history: dict[str, Any] | None = None


def check_game_result(spec: GameSpec, data: dict[str, Any]) -> CheckedGame:
    """Replay a game result's moves through the rules, and its bot seats with their bots.

    Every move from the ``loaded`` ones on, made on a seat that names a bot (and that did not
    change), must be the move that bot chooses there, seeded ``derive_seed(seed, "bot", seat,
    move)`` as the session seeds it; the seats and the record of movers must agree with the
    moves. Raises ResultCodeError (``move``, ``bot``, ``field``, ``unfinished`` ...).
    """
    save = data["save"]
    if save["game"] != spec.name:
        raise ResultCodeError(
            "game",
            pgettext("refused code", "this is a {game} game, not {ours}").format(
                game=repr(save["game"][:40]), ours=repr(spec.name)
            ),
        )
    try:
        options = spec.normalise_options(save["options"])
        state = spec.new_game(seed=save["seed"], **save["options"])
    except (ValueError, TypeError) as error:
        raise ResultCodeError(
            "options",
            pgettext("refused code", "the game's options are refused ({error})").format(
                error=error
            ),
        ) from None
    seats = save.get("seats")
    play = data.get("play")
    if seats is not None:
        if len(seats) != options["players"]:
            raise ResultCodeError(
                "field", pgettext("refused code", "the seats do not match the number of players")
            )
        unknown = [s for s in seats if s != HUMAN and s not in spec.bots]
        if unknown:
            raise ResultCodeError(
                "field",
                pgettext("refused code", "a seat names no bot of {game}: {seat}").format(
                    game=tr(spec.title), seat=repr(unknown[0])
                ),
            )
    if play is not None and seats is None:
        raise ResultCodeError(
            "field", pgettext("refused code", "a record of who played needs the seats")
        )
    student = play["student"] if play else None
    if student is not None and (student >= len(seats) or seats[student] != HUMAN):
        raise ResultCodeError(
            "field", pgettext("refused code", "the student's seat is not a person's seat")
        )
    loaded = play["loaded"] if play else 0
    changed = play["changed"] if play else []
    if any(s >= len(seats or ()) for s in changed):
        raise ResultCodeError(
            "field", pgettext("refused code", "a changed seat is not a seat of this game")
        )
    checked = CheckedGame(state, seats, student, play is not None, loaded, list(changed))
    checked.history = play.get("history") if play else None
    if checked.history and any(s >= len(seats) for s in checked.history["peeked"]):
        raise ResultCodeError(
            "field", pgettext("refused code", "a seat said to be shown is not a seat of this game")
        )
    letters = iter_movers(play["movers"]) if play else iter(())
    verify = play is not None
    try:
        numbers = _replay_checked(spec, state, save, seats, checked, letters, verify)
    except ResultCodeError:
        raise
    except ValueError as error:
        raise ResultCodeError("move", _reason(error)) from None
    if loaded > len(numbers):
        raise ResultCodeError(
            "field", pgettext("refused code", "more moves are said to be loaded than the game has")
        )
    if not state.is_over:
        raise ResultCodeError(
            "unfinished",
            pgettext("refused code", "the game stops after {n} moves, before its end").format(
                n=len(state.history)
            ),
        )
    checked.numbers = numbers
    return checked


def _replay_checked(
    spec: GameSpec,
    state: GameState,
    save: dict[str, Any],
    seats: list[str] | None,
    checked: CheckedGame,
    letters: Iterator[str],
    verify: bool,
) -> list[int]:
    """The replay behind :func:`check_game_result`: every move numbered, bots re-asked."""
    if "moves" in save:
        moves: Any = record.iter_moves(save["moves"])  # read as the replay goes: linear
    else:
        moves = iter(save["actions"])
        types = state.action_types
    changed = set(checked.changed)
    found: list[int] = []
    # F5: does the student's seat play exactly as a bot (or the helper) seeded for it would?
    twins = Twins(spec, save["seed"]) if verify else None
    move = -1
    while True:
        try:
            item = next(moves)
        except StopIteration:
            break
        except ValueError as error:
            raise ResultCodeError("move", str(error)) from None
        move += 1
        legal = state.legal_actions()
        if "moves" in save:
            number = item
            if number >= len(legal):
                raise ResultCodeError(
                    "move",
                    pgettext(
                        "refused code", "move {move} is choice {number} of {legal}: no such move"
                    ).format(move=move + 1, number=number + 1, legal=len(legal)),
                )
        else:
            try:
                action = action_from_json(item, types)
                number = legal.index(action)
            except ValueError as error:
                raise ResultCodeError(
                    "move",
                    pgettext("refused code", "move {move} is not a legal move ({error})").format(
                        move=move + 1, error=str(error)[:120]
                    ),
                ) from None
            if not exact_match(action, legal[number]):
                raise ResultCodeError(
                    "move",
                    pgettext("refused code", "move {move} has values of the wrong types").format(
                        move=move + 1
                    ),
                )
        seat = state.current_player
        # (a checked record of who played always comes with its seats: verify implies seats)
        if verify and seats is not None and move >= checked.loaded and seat is not None:
            kind = seats[seat]
            if kind == HUMAN:
                letter = next(letters, None)
                if letter is None:
                    raise ResultCodeError(
                        "field", pgettext("refused code", "the record of who played ends too soon")
                    )
                if letter == BOT and seat not in changed:
                    raise ResultCodeError(
                        "field",
                        pgettext("refused code", "a bot is said to have moved on a person's seat"),
                    )
                if letter == PERSON:
                    checked.person_moves[seat] = checked.person_moves.get(seat, 0) + 1
                    if seat == checked.student and twins is not None:
                        twins.compare(state, seat, move, legal, number)
                elif letter == HELPER:
                    checked.helper_moves[seat] = checked.helper_moves.get(seat, 0) + 1
            elif seat not in changed:
                bot = spec.make_bot(kind, derive_seed(save["seed"], "bot", seat, move))
                seen = state.observation(seat) if wants_observation(bot, legal) else None
                chosen = bot.choose(seen, legal)
                if chosen is not legal[number] and chosen != legal[number]:
                    raise ResultCodeError(
                        "bot",
                        # Translators: {seat} is "Player 2", {bot} a bot's id (random, planner)
                        pgettext(
                            "refused code",
                            "{seat} is said to be the {bot} bot, but move {move} is not what the "
                            "{bot} bot plays there",
                        ).format(seat=seat_name(seat), bot=kind, move=move + 1),
                    )
        state.apply(legal[number])
        found.append(number)
    if verify and next(letters, None) is not None:
        raise ResultCodeError(
            "field", pgettext("refused code", "the record of who played is longer than the game")
        )
    # (twins only ever compares the student's seat, so a twin implies a student)
    twin = twins.twin() if twins is not None else None
    if twin is not None and twins is not None and checked.student is not None:
        raise ResultCodeError(
            "relabelled",
            # Translators: {seat} is "Player 2", {twin} "the random bot" or "the helper bot
            # (planner)", {n} a count of the seat's choices
            pgettext(
                "refused code",
                "{seat} is said to be the student's, but every one of its choices is what "
                "{twin} plays there, {n} of them where its seed decides: a bot's seat "
                "relabelled as a person's",
            ).format(seat=seat_name(checked.student), twin=twin, n=twins.choices),
        )
    return found
