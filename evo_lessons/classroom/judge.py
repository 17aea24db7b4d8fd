"""One judge of a result code: parse, replay, verdict and reason (pooling and the service).

Judging one code is the same wherever the code arrives: a teacher pooling hand-in files
(:mod:`.pooling`) or a student's send to the live class (:mod:`evo_lessons.service.results`).
:func:`check` reads the code (:func:`evo_lessons.engine.results.parse_result`) and checks it: a
game is replayed move by move through its rules, every bot seat re-asked of its bot
(:func:`evo_lessons.engine.results.check_game_result`); a population run is run again from its
settings, after the work bound. Its row's numbers come from that replay, never from the code.
:func:`apart_reason` says why a genuine game is not counted as the student's (the teacher's
:class:`Fixed` scenario and lesson, the seats, the session's history), and :func:`judge` puts
the two together into one typed :class:`Verdict`: ``counted``, ``apart`` or ``refused``, with a
problem word and a reason a student can read.

What only a whole class shows (the same game in two students' files, two first plays of one
deal) is pooling's (:func:`.pooling.pool_codes`); what only a live class knows (a game already
recorded under another send) is the service's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from evo_lessons import game_spec
from evo_lessons.engine import record, results
from evo_lessons.engine.results import OldResultCode, ResultCodeError
from evo_lessons.engine.seeds import check_seed
from evo_lessons.i18n import SOURCE_LANG, npgettext, pgettext, speaking

if TYPE_CHECKING:
    from evo_lessons.engine.results import CheckedGame

HUMAN = "human"
#: the longest move number a game can need, in base-32 characters (32**6 is a billion choices):
#: longer ones only make the replay's decoding slow, so they are refused before it runs
MAX_MOVE_CHARS = 6
_LONG_MOVE = re.compile(rf"[A-Z6-9+/]{{{MAX_MOVE_CHARS},}}")
#: the longest reason a verdict carries
MAX_REASON = 240

Status = Literal["counted", "apart", "refused"]


class Budget(Protocol):
    """What :func:`check` charges before its work (pooling's ``WorkBudget``)."""

    def charge_reading(self, code: str) -> None: ...

    def charge_checking(self, data: dict[str, Any], runs: dict[str, Any] | None = None) -> None: ...


# -- the setup a game was played in ---------------------------------------------------------------
def roles_of(seats: list[str] | None, student: int | None) -> list[str] | None:
    """Seat roles in words: "student", "classmate" (another person at the screen) or a bot."""
    if seats is None:
        return None
    return [
        "student" if s == student else "classmate" if kind == HUMAN else kind
        for s, kind in enumerate(seats)
    ]


def setup_key(
    game: str,
    options: Mapping[str, Any],
    seats: list[str] | None,
    lesson: str | None = None,
) -> str:
    """The setup a game was played in, in words: what "the same setup" means for chance."""
    parts = [f"{k}={options[k]}" for k in sorted(options)]
    who = "/".join(seats) if seats else "not recorded"
    where = f"lesson {lesson}: " if lesson else ""
    return f"{where}{game} ({', '.join(parts)}; seats {who})"


def measured_metrics(spec) -> list:
    """The spec's per-player metrics that are numbers (labels are tabled, never averaged)."""
    return [m for m in spec.metrics if m.per_player and m.kind in (int, float)]


def you_numbers(spec, metrics: list[dict[str, Any]], winners, seat: int | None) -> dict:
    """The student's seat's numbers at the end: won (1/0) and each per-player number."""
    numbers: dict[str, Any] = {"you_won": None if seat is None else int(seat in winners)}
    for metric in measured_metrics(spec):
        numbers[f"you_{metric.name}"] = None if seat is None else metrics[seat][metric.name]
    return numbers


def game_row(spec, state, seats: list[str] | None, student: int | None = 0, lesson=None):
    """The numbers of a finished game: winners, the spec's metrics at the end, the student's.

    ``you_won`` and ``you_<metric>`` are the student's seat's, the columns the class is
    compared on.
    """
    roles = roles_of(seats, student)
    row: dict[str, Any] = {
        "kind": "game",
        "lesson": lesson,
        "game": spec.name,
        "setup": setup_key(spec.name, state.options, roles, lesson),
        "options": json.dumps(state.options, sort_keys=True),
        "seed": state.seed,
        "seats": "/".join(seats) if seats else None,
        "roles": "/".join(roles) if roles else None,
    }
    row.update(state.summary())
    row["winner"] = state.winners[0] if len(state.winners) == 1 else None
    row["student_seat"] = student
    row.update(you_numbers(spec, state.metrics(), state.winners, student))
    return row


# -- the teacher's fixed scenario ------------------------------------------------------------------
@dataclass
class Fixed:
    """What the teacher fixed: a scenario (a seed, or a whole scenario code) and a lesson."""

    seed: int | None = None
    game: str | None = None
    options: dict[str, Any] | None = None
    seats: list[str] | None = None
    opening: list[int] = field(default_factory=list)
    lesson: str | None = None

    @classmethod
    def make(cls, scenario: Any = None, lesson: str | None = None) -> Fixed:
        """``scenario``: None, a seed (int), or a scenario code, save JSON, save dict or a
        saved ``.json`` file; ValueError with the reason if it cannot be read."""
        fixed = cls(lesson=results.check_lesson(lesson) if lesson is not None else None)
        if scenario is None:
            return fixed
        if isinstance(scenario, int) and not isinstance(scenario, bool):
            fixed.seed = check_seed(scenario)
            return fixed
        from evo_lessons.widgets.session import read_scenario

        data = read_scenario(dict(scenario) if isinstance(scenario, Mapping) else scenario)
        spec = game_spec(data["game"])
        numbers: list[int] = []
        state = record.replay(spec, data, numbers=numbers)
        fixed.seed, fixed.game, fixed.options = state.seed, spec.name, dict(state.options)
        fixed.seats = data.get("seats")
        fixed.opening = numbers
        return fixed

    def describe(self) -> str:
        """The fix in words, for the notebook."""
        parts = []
        if self.seed is not None:
            what = f"{self.game} " if self.game else ""
            moves = ""
            if self.opening:
                # Translators: added to "the scenario climate seed 7"; {n} counts moves
                moves = pgettext("class fix", ", its first {n} moves").format(n=len(self.opening))
            seats = ""
            if self.seats:
                # Translators: {seats} is like "human/random/planner" (the seats' ids, kept)
                seats = pgettext("class fix", ", seats {seats}").format(seats="/".join(self.seats))
            # Translators: {game} is a game's id with a space after it ("climate ") or nothing;
            # {seats} and {moves} are the two parts above, or nothing
            parts.append(
                pgettext("class fix", "the scenario {game}seed {seed}{seats}{moves}").format(
                    game=what, seed=self.seed, seats=seats, moves=moves
                )
            )
        if self.lesson:
            parts.append(pgettext("class fix", "the lesson {lesson}").format(lesson=self.lesson))
        if not parts:
            return pgettext("class fix", "nothing (every setup is compared on its own)")
        # Translators: joins "the scenario ..." and "the lesson ..."
        return pgettext("class fix", " and ").join(parts)

    def mismatch(self, checked: CheckedGame, lesson: str | None) -> tuple[str, str]:
        """("", "") if a checked game is in the fixed scenario and lesson, else (problem, why)."""
        state = checked.state
        if self.seed is not None:
            if self.game is not None and state.spec.name != self.game:
                return "other-scenario", pgettext(
                    "judge reason", "it is a {game} game, not {ours}"
                ).format(game=state.spec.name, ours=self.game)
            if state.seed != self.seed:
                return "other-scenario", pgettext(
                    "judge reason", "its seed is {seed}, not the class's {ours}"
                ).format(seed=state.seed, ours=self.seed)
            if self.options is not None and dict(state.options) != self.options:
                return "other-scenario", pgettext(
                    "judge reason", "its game options differ from the class's scenario"
                )
            if self.seats is not None and checked.seats != self.seats:
                return "other-scenario", pgettext(
                    "judge reason", "its seats differ from the class's scenario"
                )
            if checked.numbers[: len(self.opening)] != self.opening:
                return "other-scenario", pgettext(
                    "judge reason", "its opening moves differ from the class's scenario"
                )
        if self.lesson is not None and lesson != self.lesson:
            # Translators: {lesson} is a lesson id (01_climate) or "(none)", translated below
            return "other-lesson", pgettext(
                "judge reason", "it comes from lesson {lesson}, not {ours}"
            ).format(lesson=lesson or pgettext("judge reason", "(none)"), ours=self.lesson)
        return "", ""


# -- checking one code ---------------------------------------------------------------------------
def _check_population(data: dict[str, Any], runs: dict[str, Any] | None = None):
    """A population code's row and print; ``runs`` (settings -> summary) keeps every run of
    one pooling call, so a renamed copy is never run twice."""
    from evo_lessons.population import Settings, run
    from evo_lessons.population.result import population_summary, settings_key, summary_problem

    text = json.dumps(data["settings"])
    try:  # the settings are checked, the work bound with them, before anything runs
        with speaking(SOURCE_LANG):  # (the problem word is read from the English sentence)
            settings = Settings.from_json(text)
    except ValueError as english:
        problem = "work" if "individual" in str(english) else "settings"
        try:  # the refusal again, in the reader's language (only a refused run pays this)
            Settings.from_json(text)
            error = english
        except ValueError as said:
            error = said
        raise ResultCodeError(
            problem,
            pgettext("judge reason", "the run's settings are refused ({error})").format(
                error=error
            ),
        ) from None
    cheap = summary_problem(settings, data["summary"])  # before the model runs
    if cheap:
        raise ResultCodeError(
            "forged",
            pgettext("judge reason", "its summary cannot come from its settings: {why}").format(
                why=cheap
            ),
        )
    key = settings_key(settings)
    summary = runs.get(key) if runs is not None else None
    if summary is None:
        summary = population_summary(run(settings))
        if runs is not None:
            runs[key] = summary
    if not _same_summary(summary, data["summary"]):
        raise ResultCodeError(
            "forged",
            pgettext("judge reason", "its summary is not what its settings give when run again"),
        )
    setup = json.loads(settings.to_json())
    del setup["seed"]
    row: dict[str, Any] = {
        "kind": "population",
        "lesson": data["lesson"],
        "game": settings.game,
        "setup": f"population in {settings.game} ({json.dumps(setup, sort_keys=True)[:300]})",
        "seed": settings.seed,
    }
    row.update({k: v for k, v in summary.items() if k != "frequencies"})
    row.update({f"freq {k}": v for k, v in summary["frequencies"].items()})
    canonical = {**data, "settings": json.loads(settings.to_json())}
    return row, results.fingerprint(canonical)


def _same_summary(mine: dict[str, Any], claimed: dict[str, Any]) -> bool:
    if {k: v for k, v in mine.items() if k not in ("mean_fitness", "frequencies")} != {
        k: v for k, v in claimed.items() if k not in ("mean_fitness", "frequencies")
    }:
        return False
    if set(mine["frequencies"]) != set(claimed["frequencies"]):
        return False
    pairs = [(mine["mean_fitness"], claimed["mean_fitness"])]
    pairs += [(v, claimed["frequencies"][k]) for k, v in mine["frequencies"].items()]
    return all(abs(a - b) <= 1e-6 for a, b in pairs)


def _check_game(data: dict[str, Any]) -> tuple[dict[str, Any], str, CheckedGame]:
    save = data["save"]
    try:
        spec = game_spec(save["game"])
    except ValueError:
        raise ResultCodeError(
            "game",
            pgettext("judge reason", "there is no game called {game} in this evo_lessons").format(
                game=repr(save["game"][:40])
            ),
        ) from None
    checked = results.check_game_result(spec, data)
    row = game_row(spec, checked.state, checked.seats, checked.student, data["lesson"])
    print_ = results.fingerprint(data, checked.numbers)
    return row, print_, checked


def check(code: str, budget: Budget | None = None, runs: dict[str, Any] | None = None) -> Checked:
    """One code read and checked (parsed, then replayed or re-run): its row, print and replay.

    A refusal is a ResultCodeError (:class:`~evo_lessons.engine.results.OldResultCode` for an
    EVR1 code) that carries the student's ``name`` when the code could be read that far.
    ``budget`` is charged before each piece of work (pooling's ``WorkBudget``: it raises when
    spent); ``runs`` (settings -> summary) keeps the population runs of one call."""
    if budget is not None:
        budget.charge_reading(code)
    data = results.parse_result(code)
    try:
        if budget is not None:
            budget.charge_checking(data, runs)
        if data["kind"] == "game":
            row, print_, checked = _check_game(data)
        else:
            (row, print_), checked = _check_population(data, runs), None
    except ResultCodeError as error:
        error.name = data["name"]  # type: ignore[attr-defined]
        raise
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
        refused = ResultCodeError(
            "field",
            # Translators: {error} is a Python exception's name (KeyError), kept as it is
            pgettext("judge reason", "it could not be checked ({error})").format(
                error=type(error).__name__
            ),
        )
        refused.name = data["name"]  # type: ignore[attr-defined]
        raise refused from None
    return Checked({"name": data["name"], **row}, print_, checked)


def apart_reason(checked: CheckedGame, fixed: Fixed, lesson: str | None) -> tuple[str, str]:
    """Why a genuine game is not counted as the student's ("", "" if it is)."""
    if not checked.recorded:
        return "unrecorded", pgettext(
            "judge reason", "who made its moves is not recorded (made without a game session)"
        )
    problem, reason = fixed.mismatch(checked, lesson)
    if problem:
        return problem, reason
    if checked.student is None:
        return "no-student", pgettext(
            "judge reason", "no person played in it: every seat was a bot"
        )
    if checked.changed:
        seats = ", ".join(str(s + 1) for s in checked.changed)
        return "seats-changed", pgettext(
            "judge reason", "seats changed between a person and a bot mid-game (seat {seats})"
        ).format(seats=seats)
    history = checked.history or {}
    if history.get("peeked"):
        seats = ", ".join(str(s + 1) for s in history["peeked"])
        return "peeked", pgettext(
            "judge reason",
            "the page showed the hand of seat {seats}, which a bot plays in this game: a bot's "
            "hidden cards were seen",
        ).format(seats=seats)
    if history.get("helper_first"):
        # Translators: "Step" and "Play to end" are the game widget's buttons: use their names
        return "helper-first", pgettext(
            "judge reason",
            "the helper bot had played this deal before this game (Step or Play to end): the "
            "game may repeat the helper's moves",
        )
    if history.get("before"):
        return "replayed", npgettext(
            "judge reason",
            "this deal had been played {n} time before this game (New game with its seed, or "
            "its scenario code loaded again): only a first play counts",
            "this deal had been played {n} times before this game (New game with its seed, or "
            "its scenario code loaded again): only a first play counts",
            history["before"],
        ).format(n=history["before"])
    if history.get("rewinds"):
        return "rewound", npgettext(
            "judge reason",
            "moves were taken back and played otherwise {n} time (Undo or the timeline): a "
            "rewound game knows what came next",
            "moves were taken back and played otherwise {n} times (Undo or the timeline): a "
            "rewound game knows what came next",
            history["rewinds"],
        ).format(n=history["rewinds"])
    if checked.loaded > len(fixed.opening):
        return "loaded", pgettext(
            "judge reason",
            "its first {n} moves came with a loaded scenario code, not from play here (fix that "
            "scenario for the class to count such games)",
        ).format(n=checked.loaded)
    helped = sum(checked.helper_moves.values())
    if helped:
        own = checked.person_moves.get(checked.student, 0)
        mine = checked.helper_moves.get(checked.student, 0)
        # Translators: {helped} counts the helper's moves; {mine} of the student's {total} were
        return "helped", pgettext(
            "judge reason",
            "the helper bot made {helped} move(s) for a person (Step or Play to end); {mine} of "
            "the student's {total} moves",
        ).format(helped=helped, mine=mine, total=mine + own)
    if not checked.person_moves.get(checked.student, 0):
        return "no-own-move", pgettext(
            "judge reason", "the student made no move of their own in it"
        )
    return "", ""


# -- one code judged -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Checked:
    """A code read and checked: its row (the student's ``name`` first), the game's print, and
    the replayed game (None for a population run)."""

    row: dict[str, Any]
    fingerprint: str
    game: CheckedGame | None


@dataclass(frozen=True)
class Verdict:
    """The judgement on one code.

    ``status``: ``counted``, ``apart`` (genuine, not counted: ``problem`` says why) or
    ``refused`` (unreadable, damaged or forged). ``reason`` is a sentence for the student (at
    most MAX_REASON characters). ``name`` is the name in the code, when it could be read that
    far; ``row`` the checked row (JSON-plain, with its ``fingerprint``), None when refused."""

    status: Status
    problem: str = ""
    reason: str = ""
    name: str | None = None
    kind: str | None = None
    game: str | None = None
    setup: str | None = None
    fingerprint: str | None = None
    row: dict[str, Any] | None = None
    checked: CheckedGame | None = field(default=None, compare=False, repr=False)

    @property
    def counted(self) -> bool:
        return self.status == "counted"

    def as_dict(self) -> dict[str, Any]:
        """The verdict as the service stores and answers it (without the replayed game)."""
        return {
            "status": self.status,
            "problem": self.problem,
            "reason": self.reason,
            "kind": self.kind,
            "game": self.game,
            "setup": self.setup,
            "fingerprint": self.fingerprint,
            "row": self.row,
        }


def clip(sentence: str, limit: int = MAX_REASON) -> str:
    """A reason cut to ``limit`` characters (an ellipsis marks the cut)."""
    return sentence if len(sentence) <= limit else sentence[: limit - 1] + "…"


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    """The row as JSON keeps it (tuples to lists, anything odd to text)."""
    return json.loads(json.dumps(row, default=str))


def guard(code: str) -> None:
    """Refuse, before any replay, a code whose moves are built to make decoding slow."""
    data = results.parse_result(code)
    if data.get("kind") == "game":
        moves = data.get("save", {}).get("moves")
        if isinstance(moves, str) and _LONG_MOVE.search(moves):
            raise ResultCodeError(
                "move", pgettext("judge reason", "its moves hold a number no game could need")
            )


def judge(
    code: str,
    fixed: Fixed | Callable[[str], Fixed] | None = None,
    *,
    name: str | None = None,
) -> Verdict:
    """The verdict on one code: read, replayed, and counted or put apart or refused.

    ``fixed``: the teacher's fixed scenario and lesson, or a function of the game's name that
    gives it (a class's deal for that game); nothing fixed by default. ``name``: the name the
    sender is known by: a code carrying another name is refused (``name``)."""
    code = code.strip()
    try:
        if not code:
            raise ResultCodeError("missing", pgettext("judge reason", "no code could be read here"))
        guard(code)
        checked = check(code)
    except OldResultCode as old:
        return Verdict("apart", "old", clip(old.sentence), name=old.name)
    except ResultCodeError as error:
        return Verdict(
            "refused", error.problem, clip(error.sentence), name=getattr(error, "name", None)
        )
    row = checked.row
    found = Verdict(
        "counted",
        name=row["name"],
        kind=row["kind"],
        game=row["game"],
        setup=row["setup"],
        fingerprint=checked.fingerprint,
        row=_plain({**row, "fingerprint": checked.fingerprint}),
        checked=checked.game,
    )
    if name is not None and row["name"].casefold() != name.casefold():
        reason = pgettext(
            "judge reason", "it carries the name {name}, not the name you joined with"
        ).format(name=repr(row["name"]))
        return _with(found, "refused", "name", reason)
    if checked.game is None:
        return found
    if fixed is None:
        fixed = Fixed()
    elif not isinstance(fixed, Fixed):
        try:
            fixed = fixed(row["game"])
        except ValueError:
            fixed = Fixed()
    problem, reason = apart_reason(checked.game, fixed, row["lesson"])
    return _with(found, "apart", problem, reason) if problem else found


def _with(verdict: Verdict, status: Status, problem: str, reason: str) -> Verdict:
    return Verdict(
        status,
        problem,
        clip(reason),
        name=verdict.name,
        kind=verdict.kind,
        game=verdict.game,
        setup=verdict.setup,
        fingerprint=verdict.fingerprint,
        row=verdict.row,
        checked=verdict.checked,
    )
