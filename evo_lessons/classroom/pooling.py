"""A class's result codes, pooled: each one read, checked by replaying it, and sorted.

Codes come from anywhere a teacher has them (see :mod:`.handins`: only a hand-in's results
section is read). Each code is decoded and checked (:mod:`evo_lessons.engine.results`): a game
is replayed move by move through its rules, every bot seat's moves re-asked of that bot; a
population run is run again from its settings, after the work bound. The numbers in a row come
from that replay, never from the code.

Every code ends in exactly one of three lists:

* **counted** (``games``, ``populations``): checked, one row per game however often and however
  it was handed in, played by the student (no move by the helper bot on a person's seat), in
  the teacher's scenario and lesson when they are fixed;
* **apart** (``apart``): genuine but not counted, each with a ``problem`` word and a reason:
  ``duplicate`` (one student's game handed in again, renamed or re-encoded; ``same_as`` names
  the first), ``shared`` (the same game in two or more students' files: every copy apart,
  none credited, whatever order the files are read in), ``replayed`` (its deal had been shown
  before the game: New game with its seed, a scenario code loaded again), ``rewound`` (moves
  taken back and played otherwise: Undo, the timeline), ``helper-first`` (the helper bot had
  played the deal before), ``deal-twice`` (two or more games of one deal from one student
  that each claim to be its first play), ``peeked`` (the page showed the hand of a seat a
  bot plays), ``helped`` (the helper bot made moves for a person: Step or Play to end),
  ``no-student``, ``no-own-move``, ``seats-changed`` (a seat switched between a person and a
  bot mid-game), ``loaded`` (it continues a position loaded from a code the teacher did not
  fix), ``unrecorded`` (made without a session), ``other-scenario``, ``other-lesson``, ``old``
  (an EVR1 code), ``no-results`` (a hand-in file without a results section);
* **refused** (``rejected``, with the student's ``name`` when the code could be read that
  far): damaged or forged, with the reason (an illegal move, a "bot" seat that did not play as
  that bot, a person's seat that played exactly as a seeded bot: ``relabelled``, a summary its
  settings do not give, a run past the work bound, a hand-in whose seal does not match:
  ``edited``), and ``skipped``: not checked, past the call's :class:`WorkBudget`.

**One student's first play of a deal.** A result code carries the session's history (see
:mod:`evo_lessons.widgets.session`): how often its deal had been shown before, how often it
was rewound, whether the helper played the deal first, which bots' hands the page showed.
Pooling counts a game only when that record says it is a first, unrewound, unpeeked play, and
when no other game of that student on that deal also claims to be one. The deal is its game
and seed (a deal is the same whatever an option that changes nothing says).

**One game, once.** A game's fingerprint (:func:`evo_lessons.engine.results.fingerprint`) is
its game, seed, moves, seats and the student's seat: the same whatever the compression, JSON
layout, key order, name, lesson, options or trailing text. Every table, plot and chance
comparison uses the counted rows only. Two people who played one game at one screen each hand
in their own seat: two results (each seat once). Nothing depends on the order codes are read.

**Seats changed mid-game** are listed apart: a seat switched between a person and a bot can
show the person a bot's hidden hand, and the game is then no longer the setup it claims.

**What no check can tell.** Codes are made in the student's kernel: Python there can make any
code that plays by the rules, history included (see ``report.CHECKS``). The class service is
the answer where that matters.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from evo_lessons import game_spec
from evo_lessons.engine import record, results
from evo_lessons.engine.results import ResultCodeError
from evo_lessons.engine.seeds import check_seed

from .handins import MAX_FILE_BYTES, MAX_FILES, SUFFIXES, Attempt, find_codes

if TYPE_CHECKING:
    import pandas as pd

HUMAN = "human"
#: kept for old callers: the population bound lives with the model (settings.MAX_WORK)
MAX_POPULATION_WORK = 50_000_000
APART_COLUMNS = ["name", "source", "kind", "setup", "problem", "reason", "same_as"]
REJECTED_COLUMNS = ["number", "name", "source", "code", "problem", "reason"]

__all__ = [
    "MAX_FILES",
    "MAX_FILE_BYTES",
    "SUFFIXES",
    "Attempt",
    "Fixed",
    "Pooled",
    "check_code",
    "find_codes",
    "pool_codes",
]


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
            moves = f", its first {len(self.opening)} moves" if self.opening else ""
            seats = f", seats {'/'.join(self.seats)}" if self.seats else ""
            parts.append(f"the scenario {what}seed {self.seed}{seats}{moves}")
        if self.lesson:
            parts.append(f"the lesson {self.lesson}")
        return " and ".join(parts) if parts else "nothing (every setup is compared on its own)"

    def mismatch(self, checked: results.CheckedGame, lesson: str | None) -> tuple[str, str]:
        """("", "") if a checked game is in the fixed scenario and lesson, else (problem, why)."""
        state = checked.state
        if self.seed is not None:
            if self.game is not None and state.spec.name != self.game:
                return "other-scenario", f"it is a {state.spec.name} game, not {self.game}"
            if state.seed != self.seed:
                return "other-scenario", f"its seed is {state.seed}, not the class's {self.seed}"
            if self.options is not None and dict(state.options) != self.options:
                return "other-scenario", "its game options differ from the class's scenario"
            if self.seats is not None and checked.seats != self.seats:
                return "other-scenario", "its seats differ from the class's scenario"
            if checked.numbers[: len(self.opening)] != self.opening:
                return "other-scenario", "its opening moves differ from the class's scenario"
        if self.lesson is not None and lesson != self.lesson:
            return "other-lesson", f"it comes from lesson {lesson or '(none)'}, not {self.lesson}"
        return "", ""


# -- checking one code ---------------------------------------------------------------------------
def _check_population(data: dict[str, Any], runs: dict[str, Any] | None = None):
    """A population code's row and print; ``runs`` (settings -> summary) keeps every run of
    one pooling call, so a renamed copy is never run twice."""
    from evo_lessons.population import Settings, run
    from evo_lessons.population.result import population_summary, settings_key, summary_problem

    try:  # the settings are checked, the work bound with them, before anything runs
        settings = Settings.from_json(json.dumps(data["settings"]))
    except ValueError as error:
        problem = "work" if "individual" in str(error) else "settings"
        raise ResultCodeError(problem, f"the run's settings are refused ({error})") from None
    cheap = summary_problem(settings, data["summary"])  # before the model runs
    if cheap:
        raise ResultCodeError("forged", f"its summary cannot come from its settings: {cheap}")
    key = settings_key(settings)
    summary = runs.get(key) if runs is not None else None
    if summary is None:
        summary = population_summary(run(settings))
        if runs is not None:
            runs[key] = summary
    if not _same_summary(summary, data["summary"]):
        raise ResultCodeError("forged", "its summary is not what its settings give when run again")
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


def _check_game(data: dict[str, Any]) -> tuple[dict[str, Any], str, results.CheckedGame]:
    save = data["save"]
    try:
        spec = game_spec(save["game"])
    except ValueError:
        raise ResultCodeError(
            "game", f"there is no game called {save['game'][:40]!r} in this evo_lessons"
        ) from None
    checked = results.check_game_result(spec, data)
    row = game_row(spec, checked.state, checked.seats, checked.student, data["lesson"])
    print_ = results.fingerprint(data, checked.numbers)
    return row, print_, checked


def _checked(
    code: str, budget: WorkBudget | None = None, runs: dict[str, Any] | None = None
) -> tuple[dict[str, Any], str, results.CheckedGame | None]:
    """One code read and checked. A refusal carries the student's ``name`` when the code
    could be read that far; :class:`OverBudget` when the call's work budget is spent."""
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
        refused = ResultCodeError("field", f"it could not be checked ({type(error).__name__})")
        refused.name = data["name"]  # type: ignore[attr-defined]
        raise refused from None
    return {"name": data["name"], **row}, print_, checked


def check_code(code: str) -> dict[str, Any]:
    """One code checked: its row (with the student's name), or a ResultCodeError.

    The row says whether the game counts for the class (``counts``; see :func:`apart_reason`
    for why not; a code alone cannot show that a deal was played twice: pooling can)."""
    row, print_, checked = _checked(code)
    problem = "" if checked is None else apart_reason(checked, Fixed(), None)[0]
    return {**row, "fingerprint": print_, "counts": not problem, "problem": problem}


def apart_reason(checked: results.CheckedGame, fixed: Fixed, lesson: str | None) -> tuple[str, str]:
    """Why a genuine game is not counted as the student's ("", "" if it is)."""
    if not checked.recorded:
        return "unrecorded", "who made its moves is not recorded (made without a game session)"
    problem, reason = fixed.mismatch(checked, lesson)
    if problem:
        return problem, reason
    if checked.student is None:
        return "no-student", "no person played in it: every seat was a bot"
    if checked.changed:
        seats = ", ".join(str(s + 1) for s in checked.changed)
        return "seats-changed", f"seats changed between a person and a bot mid-game (seat {seats})"
    history = checked.history or {}
    if history.get("peeked"):
        seats = ", ".join(str(s + 1) for s in history["peeked"])
        return "peeked", (
            f"the page showed the hand of seat {seats}, which a bot plays in this game: a bot's "
            "hidden cards were seen"
        )
    if history.get("helper_first"):
        return "helper-first", (
            "the helper bot had played this deal before this game (Step or Play to end): the "
            "game may repeat the helper's moves"
        )
    if history.get("before"):
        return "replayed", (
            f"this deal had been played {history['before']} time(s) before this game (New game "
            "with its seed, or its scenario code loaded again): only a first play counts"
        )
    if history.get("rewinds"):
        return "rewound", (
            f"moves were taken back and played otherwise {history['rewinds']} time(s) (Undo or "
            "the timeline): a rewound game knows what came next"
        )
    if checked.loaded > len(fixed.opening):
        return "loaded", (
            f"its first {checked.loaded} moves came with a loaded scenario code, not from play "
            "here (fix that scenario for the class to count such games)"
        )
    helped = sum(checked.helper_moves.values())
    if helped:
        own = checked.person_moves.get(checked.student, 0)
        mine = checked.helper_moves.get(checked.student, 0)
        return "helped", (
            f"the helper bot made {helped} move(s) for a person (Step or Play to end); "
            f"{mine} of the student's {mine + own} moves"
        )
    if not checked.person_moves.get(checked.student, 0):
        return "no-own-move", "the student made no move of their own in it"
    return "", ""


# -- the work one pooling call may do ----------------------------------------------------------
class OverBudget(ResultCodeError):
    """The pooling call's work budget is spent: the code is listed as not checked."""

    def __init__(self) -> None:
        super().__init__(
            "skipped",
            "not checked: this pooling call's work budget was spent on the codes before it; "
            "pool the rest in another call (a class's honest codes never come near it)",
        )


@dataclass
class WorkBudget:
    """What one pooling call may spend, in work units charged *before* the work is done, so a
    code that would pass the budget is not checked and says so (the codes before it are not
    affected). One unit is about 20 microseconds of CPU on the project's machines; the charges
    are set from measurements (benchmarks/bench_codes.py) so that none is below its cost:

    * reading a code: 1 unit, and 1 per 500 characters (inflating is capped at 64 times the
      code's length, see :data:`evo_lessons.engine.results.INFLATE_RATIO`);
    * a game: PER_GAME units (setting the game up, the checks around the replay), and per
      move PER_MOVE units, plus PER_BOT_MOVE times the share of bot seats (each bot move is
      asked of its bot again; the student's moves are compared with the seeded bots);
    * a population run: one unit per POPULATION_WORK_PER_UNIT individual-generations, so one
      run at the work bound takes most of a call (and a renamed copy, run once, costs nothing
      more than reading it).

    ``spent`` counts what was charged."""

    units: int = 2_500_000
    spent: int = 0

    PER_CHARACTER: ClassVar[float] = 0.002
    PER_GAME: ClassVar[int] = 400
    PER_MOVE: ClassVar[int] = 2
    PER_BOT_MOVE: ClassVar[int] = 16
    POPULATION_WORK_PER_UNIT: ClassVar[int] = 25

    def _take(self, units: int) -> None:
        if self.spent + units > self.units:
            raise OverBudget()
        self.spent += units

    def charge_reading(self, code: str) -> None:
        self._take(1 + int(len(code) * self.PER_CHARACTER))

    def charge_checking(self, data: dict[str, Any], runs: dict[str, Any] | None = None) -> None:
        if data["kind"] == "game":
            save = data["save"]
            moves = len(save["moves"]) if "moves" in save else len(save["actions"])
            seats = save.get("seats") or [HUMAN]
            bots = sum(1 for kind in seats if kind != HUMAN) / len(seats)
            per_move = self.PER_MOVE + self.PER_BOT_MOVE * bots
            self._take(self.PER_GAME + int(moves * per_move))  # at most a move per character
            return
        from evo_lessons.population import Settings
        from evo_lessons.population.result import settings_key
        from evo_lessons.population.settings import work

        try:
            settings = Settings.from_json(json.dumps(data["settings"]))
            total, _alive = work(settings)
        except ValueError:
            return  # refused unrun by the check itself
        if runs is not None and settings_key(settings) in runs:
            return  # run already: a renamed copy costs no run
        self._take(self.PER_GAME + total // self.POPULATION_WORK_PER_UNIT)


# -- the whole class ------------------------------------------------------------------------------
@dataclass
class Pooled:
    """What :func:`pool_codes` found: counted rows, rows apart, and refused codes."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    populations: list[dict[str, Any]] = field(default_factory=list)
    apart: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    fixed: Fixed = field(default_factory=Fixed)
    budget: WorkBudget = field(default_factory=WorkBudget)

    @property
    def skipped(self) -> list[dict[str, Any]]:
        """The codes left unchecked when the work budget was spent (also among ``rejected``)."""
        return [r for r in self.rejected if r["problem"] == "skipped"]


def _short(code: str) -> str:
    code = " ".join(code.split())
    return code if len(code) <= 24 else code[:16] + "…" + code[-6:]


def _clip(sentence: str, limit: int = 240) -> str:
    return sentence if len(sentence) <= limit else sentence[: limit - 1] + "…"


def _representative(copies: list[dict[str, Any]], fixed: Fixed) -> dict[str, Any]:
    """Which of one student's copies of one game is judged: a copy whose own record puts the
    game apart, if any (its copies made elsewhere must not launder it), else the first (the
    copies are then the same in every respect pooling reads). Never the order of the files."""
    flagged = [
        (apart_reason(r["_checked"], fixed, r["lesson"])[0], n, r)
        for n, r in enumerate(copies)
        if r["_checked"] is not None
    ]
    flagged = [item for item in flagged if item[0]]
    return min(flagged, key=lambda item: (item[0], item[1]))[2] if flagged else copies[0]


def _known_replay(history: dict[str, Any] | None) -> bool:
    """Whether a game's own record says it is not the first play of its deal."""
    return bool(history and (history["before"] or history["rewinds"]))


def _count(number: int) -> str:
    return {2: "two", 3: "three", 4: "four", 5: "five"}.get(number, str(number))


def student_key(name: str | None) -> str:
    """A student's name as pooling compares names: case and spacing do not matter."""
    return " ".join(str(name or "").casefold().split())


def pool_codes(
    sources: Any,
    *,
    scenario: Any = None,
    lesson: str | None = None,
    budget: WorkBudget | None = None,
) -> Pooled:
    """Check every code in ``sources`` and sort it; see :func:`evo_lessons.classroom.pool`.

    Two passes: every code is read and checked first, then sorted, so nothing depends on the
    order files are read in (see :func:`_sort`)."""
    pooled = Pooled(fixed=Fixed.make(scenario, lesson), budget=budget or WorkBudget())
    seen: dict[str, dict[str, Any]] = {}  # code text -> its row (a hand-in's .html and .md)
    checked_rows: list[dict[str, Any]] = []
    runs: dict[str, Any] = {}
    for number, attempt in enumerate(find_codes(sources), start=1):
        code = attempt.code.strip()
        if attempt.problem and attempt.problem != "no-results":  # a file that cannot be read
            pooled.rejected.append(
                {"number": number, "name": None, "source": attempt.source, "code": "",
                 "problem": attempt.problem, "reason": _clip(attempt.reason)}
            )  # fmt: skip
            continue
        if attempt.problem:
            pooled.apart.append(
                {"name": None, "source": attempt.source, "kind": "file", "setup": None,
                 "problem": attempt.problem, "reason": _clip(attempt.reason), "same_as": None}
            )  # fmt: skip
            continue
        if code in seen:
            seen[code]["sources"] += f", {attempt.source}"
            continue
        try:
            if not code:
                raise ResultCodeError("missing", "no code could be read here")
            row, print_, checked = _checked(code, pooled.budget, runs)
        except results.OldResultCode as old:
            pooled.apart.append(
                {"name": old.name, "source": attempt.source, "kind": None, "setup": None,
                 "problem": "old", "reason": _clip(old.sentence), "same_as": None}
            )  # fmt: skip
            continue
        except ResultCodeError as error:
            pooled.rejected.append(
                {"number": number, "name": getattr(error, "name", None),
                 "source": attempt.source, "code": _short(code), "problem": error.problem,
                 "reason": _clip(error.sentence)}
            )  # fmt: skip
            continue
        row.update(sources=attempt.source, code=code, fingerprint=print_, _checked=checked)
        seen[code] = row
        checked_rows.append(row)
    _sort(pooled, checked_rows)
    return pooled


def _sort(pooled: Pooled, rows: list[dict[str, Any]]) -> None:
    """Sort checked rows into counted and apart, by rules that ignore the order they came in:

    1. one game (one fingerprint) handed in under two or more students' names: every copy is
       apart (``shared``), none credited; under one name, the first is judged, the rest are
       ``duplicate`` (identical games: which is judged does not matter);
    2. each judged game: :func:`apart_reason` (the scenario, the seats, the session's history);
    3. one student's several games of one deal (game and seed): the session's record says
       which were replays (step 2); if two or more still claim to be a first play, none counts
       (``deal-twice``), since which came first is not known.
    """
    reasons: dict[int, tuple[str, str, str | None]] = {}
    by_print: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_print.setdefault(row["fingerprint"], []).append(row)
    judged: list[dict[str, Any]] = []
    for copies in by_print.values():
        names = {student_key(r["name"]) for r in copies}
        if len(names) > 1 and copies[0]["kind"] == "game":
            owners = "; ".join(f"{r['name']} ({r['sources']})" for r in copies)
            for row in copies:
                others = "; ".join(f"{r['name']} ({r['sources']})" for r in copies if r is not row)
                reasons[id(row)] = (
                    "shared",
                    f"the same game in {_count(len(names))} students' files ({owners}): it "
                    "counts for none of them (ask who played it)",
                    others,
                )
            continue
        first = _representative(copies, pooled.fixed)
        judged.append(first)
        for row in (r for r in copies if r is not first):
            reasons[id(row)] = (
                "duplicate",
                f"the same {row['kind']} as {first['name']}'s from {first['sources']}",
                f"{first['name']} ({first['sources']})",
            )
    deals: dict[tuple, list[dict[str, Any]]] = {}
    for row in judged:
        checked = row["_checked"]
        if checked is not None:
            problem, reason = apart_reason(checked, pooled.fixed, row["lesson"])
            deal = (student_key(row["name"]), row["game"], row["seed"])
            deals.setdefault(deal, []).append(row)
        elif pooled.fixed.lesson is not None and row["lesson"] != pooled.fixed.lesson:
            problem = "other-lesson"
            reason = f"it comes from lesson {row['lesson'] or '(none)'}, not {pooled.fixed.lesson}"
        else:
            problem, reason = "", ""
        if problem:
            reasons[id(row)] = (problem, reason, None)
    for plays in deals.values():
        # plays whose session knows of no earlier play of this deal: each claims to be first
        firsts = [r for r in plays if not _known_replay(r["_checked"].history)]
        if len(firsts) < 2:
            continue
        for row in firsts:
            if id(row) not in reasons:
                reasons[id(row)] = (
                    "deal-twice",
                    f"{row['name']} handed in {len(firsts)} games of one deal ({row['game']}, "
                    f"seed {row['seed']}) that each claim to be its first play: only a first "
                    "play counts, and which came first is not known",
                    None,
                )
    for row in rows:
        row.pop("_checked", None)
        problem, reason, same_as = reasons.get(id(row), ("", "", None))
        if problem:
            pooled.apart.append(
                {"name": row["name"], "source": row["sources"], "kind": row["kind"],
                 "setup": row["setup"], "problem": problem, "reason": _clip(reason),
                 "same_as": same_as}
            )  # fmt: skip
        elif row["kind"] == "game":
            pooled.rows.append(row)
        else:
            pooled.populations.append(row)


def frames(pooled: Pooled) -> tuple[pd.DataFrame, ...]:
    """(games, populations, apart, rejected) as DataFrames."""
    import pandas as pd

    first = ["name", "lesson", "kind", "game", "setup", "you_won", "winners", "finished"]

    def table(rows):
        frame = pd.DataFrame(rows)
        if frame.empty:  # no row: still the columns a teacher reads first (name, ...)
            return pd.DataFrame(columns=first)
        return frame[[c for c in first if c in frame] + [c for c in frame if c not in first]]

    apart = pd.DataFrame(pooled.apart, columns=APART_COLUMNS)
    rejected = pd.DataFrame(pooled.rejected, columns=REJECTED_COLUMNS)
    return table(pooled.rows), table(pooled.populations), apart, rejected
