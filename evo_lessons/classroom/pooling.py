"""A class's result codes, pooled: each one read, checked by replaying it, and sorted.

Codes come from anywhere a teacher has them (see :mod:`.handins`: only a hand-in's results
section is read). Each code is decoded and checked by the one judge the class service uses too
(:mod:`.judge`, over :mod:`evo_lessons.engine.results`): a game is replayed move by move
through its rules, every bot seat's moves re-asked of that bot; a population run is run again
from its settings, after the work bound. The numbers in a row come from that replay, never from
the code. What only a whole class shows is sorted here.

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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from evo_lessons.engine import results
from evo_lessons.engine.results import ResultCodeError
from evo_lessons.i18n import pgettext

from .handins import MAX_FILE_BYTES, MAX_FILES, SUFFIXES, Attempt, find_codes

# one code's checks and verdict live in .judge (the service judges with it too); these names
# stay importable from here for the modules that compare a class's games (compare, report)
from .judge import HUMAN as HUMAN
from .judge import Fixed as Fixed
from .judge import apart_reason as apart_reason
from .judge import check
from .judge import game_row as game_row
from .judge import measured_metrics as measured_metrics
from .judge import roles_of as roles_of
from .judge import setup_key as setup_key
from .judge import you_numbers as you_numbers

if TYPE_CHECKING:
    import pandas as pd

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


def check_code(code: str) -> dict[str, Any]:
    """One code checked: its row (with the student's name), or a ResultCodeError.

    The row says whether the game counts for the class (``counts``; see :func:`apart_reason`
    for why not; a code alone cannot show that a deal was played twice: pooling can)."""
    checked = check(code)
    problem = "" if checked.game is None else apart_reason(checked.game, Fixed(), None)[0]
    return {**checked.row, "fingerprint": checked.fingerprint, "counts": not problem,
            "problem": problem}  # fmt: skip


# -- the work one pooling call may do ----------------------------------------------------------
class OverBudget(ResultCodeError):
    """The pooling call's work budget is spent: the code is listed as not checked."""

    def __init__(self) -> None:
        super().__init__(
            "skipped",
            pgettext(
                "judge reason",
                "not checked: this pooling call's work budget was spent on the codes before it; "
                "pool the rest in another call (a class's honest codes never come near it)",
            ),
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


def _same_as(kind: str) -> str:
    """ "The same game as Ana's from hand-in.html" (a run: "the same population run ...")."""
    if kind == "population":
        return pgettext("judge reason", "the same population run as {name}'s from {sources}")
    return pgettext("judge reason", "the same game as {name}'s from {sources}")


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
                raise ResultCodeError(
                    "missing", pgettext("judge reason", "no code could be read here")
                )
            found = check(code, pooled.budget, runs)
            row, print_, checked = found.row, found.fingerprint, found.game
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
                    # Translators: {n} (2 or more) counts students; {owners} is "Ana (file);
                    # Ben (file)"
                    pgettext(
                        "judge reason",
                        "the same game in {n} students' files ({owners}): it counts for none of "
                        "them (ask who played it)",
                    ).format(n=len(names), owners=owners),
                    others,
                )
            continue
        first = _representative(copies, pooled.fixed)
        judged.append(first)
        for row in (r for r in copies if r is not first):
            reasons[id(row)] = (
                "duplicate",
                _same_as(row["kind"]).format(name=first["name"], sources=first["sources"]),
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
            reason = pgettext("judge reason", "it comes from lesson {lesson}, not {ours}").format(
                lesson=row["lesson"] or pgettext("judge reason", "(none)"),
                ours=pooled.fixed.lesson,
            )
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
                    # Translators: {name} is a student's name, {n} (2 or more) counts games,
                    # {game} is a game's id (climate), {seed} a number
                    pgettext(
                        "judge reason",
                        "{name} handed in {n} games of one deal ({game}, seed {seed}) that each "
                        "claim to be its first play: only a first play counts, and which came "
                        "first is not known",
                    ).format(name=row["name"], n=len(firsts), game=row["game"], seed=row["seed"]),
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
