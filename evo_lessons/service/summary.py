"""What the teacher's live page shows: who joined and what each student is doing, the class's
counted games against chance with their intervals, practice codes apart, and the lists apart
and refused.

Only games the service dealt and held are the class's evidence ("counted"): their moves were
seen being made. A code sent from a local game is practice (its maker could have replayed it
until it won), shown apart from the counted games and never in the plots.

The comparison is the class tools' own: :func:`evo_lessons.classroom.compare.chance` plays the
setup with a random player in the student's seat, and every measure of
:func:`~evo_lessons.classroom.compare.measures_of` gets the interval the comparison table gives,
from the one function both call (:func:`evo_lessons.engine.stats.measure_interval`: Wilson's
for the win share, Student's t for each mean, a count's lower bound clipped at 0). When the
teacher fixed the deal and every game of a setup was dealt from it, chance plays that deal
(pooling's fixed scenario); otherwise it plays fresh deals.

Chance is simulated once per setup, in a process of its own (so the simulation never holds the
service's interpreter while students click), and kept: the page shows the class's numbers at
once and chance's as soon as they are ready.

**What changed.** The page asks with ``If-None-Match`` of the class's version (the rulings
and the handler: 304 while nothing changed); a summary reads again only the results that are
new or whose status changed (:class:`SummaryCache` keeps the rest), and a setup's measures are
worked out again only when its rows changed. Time alone changes nothing here: the page works
out "stuck" itself from each game's last move and ``stuck_after``.

Every query is scoped by the class (``class_id``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import defer

from evo_lessons import game_spec
from evo_lessons.classroom.compare import chance, measures_of
from evo_lessons.engine.stats import measure_interval

from .db import Chance, Deal, Move, Result, SchoolClass, ServedGame, Student
from .deal_secret import served_fixed
from .http_limits import chance_setups

#: games of chance simulated for each setup (intervals of a few points, in a few seconds)
CHANCE_GAMES = 200
#: a student in a game with no move for this long (seconds) shows as stuck
STUCK_AFTER = 180
#: the longest lists sent (apart, refused): the newest ones
LIST_LIMIT = 200


def _number(value: Any) -> float | None:
    if value is None:
        return None
    value = float(value)
    return None if math.isnan(value) else value


def interval(values: list[Any], share: bool) -> dict[str, Any]:
    """n, value and 95% interval of one measure (JSON-safe: None where unknown)."""
    found = measure_interval(values, share)
    return {"n": found["n"], **{k: _number(found[k]) for k in ("value", "low", "high")}}


def measured(spec, rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every measure of the spec over ``rows`` (label -> interval)."""
    return {
        label: interval([row.get(column) for row in rows], column == "you_won")
        for column, label in measures_of(spec)
    }


def simulate_chance(game, options, seats, student, seed, opening) -> dict[str, dict[str, Any]]:
    """Chance's measures for one setup (run in the chance process)."""
    frame = chance(game, options, CHANCE_GAMES, seats=seats, student=student,
                   scenario_seed=seed, opening=opening)  # fmt: skip
    return measured(game_spec(game), frame.to_dict("records"))


@dataclass(frozen=True, slots=True)
class Seen:
    """One result as the summary reads it (never its code), kept between summaries."""

    id: int
    status: str
    student_id: int
    served_game: str | None
    kind: str | None
    game: str | None
    setup: str | None
    row: dict | None
    problem: str
    reason: str
    at: dt.datetime

    @classmethod
    def of(cls, result: Result) -> Seen:
        return cls(result.id, result.status, result.student_id, result.served_game, result.kind,
                   result.game, result.setup, result.row, result.problem, result.reason,
                   result.at)  # fmt: skip


class SummaryCache:
    """Chance per setup, simulated once in a separate process and kept: in the database's
    ``chance`` table when given a session factory, so of several service processes on one
    database only the one that claims a setup first simulates it, and all read its measures.
    Also what a summary read, so the next one reads only what is new (a class of 10,000
    results is not decoded again on every change)."""

    #: a claim older than this (its process died mid-simulation) is taken over
    STALE = dt.timedelta(minutes=10)

    def __init__(self, Session=None) -> None:
        self._chance: dict[tuple, Future] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._Session = Session
        #: results read, per class: id -> Seen (read again when their status changes)
        self.results: dict[Any, dict[int, Seen]] = {}
        #: measures of a setup's rows, by (setup, count, sum of result ids)
        self._measured: dict[tuple, dict[str, dict[str, Any]]] = {}
        self.rows_lock = threading.Lock()

    def measured(self, key: tuple, work: Callable[[], dict]) -> dict[str, dict[str, Any]]:
        found = self._measured.get(key)
        if found is None:
            found = self._measured[key] = work()
        return found

    def _submit(self, key: tuple, arguments: tuple) -> Future:
        with self._lock:
            future = self._chance.get(key)
            if future is None:
                if self._pool is None:
                    context = multiprocessing.get_context("spawn")  # never fork a threaded server
                    self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
                future = self._pool.submit(simulate_chance, *arguments)
                self._chance[key] = future
                if self._Session is not None:
                    future.add_done_callback(lambda done: self._store(key, done))
            return future

    @staticmethod
    def _name(key: tuple) -> str:
        return hashlib.sha256(json.dumps(key, default=str).encode()).hexdigest()

    def _store(self, key: tuple, done: Future) -> None:
        Session = self._Session
        if done.cancelled() or done.exception() is not None or Session is None:
            return
        try:
            with Session() as db:
                row = db.get(Chance, self._name(key))
                if row is not None:
                    row.measures = done.result()
                    # every class's page asks again (chance is not one class's: a setup's)
                    db.execute(update(SchoolClass).values(version=SchoolClass.version + 1))
                    db.commit()
        except Exception:  # the service closed meanwhile: another process simulates it again
            return

    def _shared(self, key: tuple) -> tuple[dict | None, bool]:
        """(measures, whether this process should simulate them) from the database."""
        from sqlalchemy.exc import IntegrityError

        from .db import now

        name = self._name(key)
        with self._Session() as db:
            row = db.get(Chance, name)
            if row is not None and row.measures is not None:
                return row.measures, False
            if row is None:
                db.add(Chance(key=name, measures=None, claimed=now()))
            elif now() - row.claimed > self.STALE:
                row.claimed = now()
            else:
                return None, False  # another process simulates it
            try:
                db.commit()
            except IntegrityError:
                return None, False
            return None, True

    def chance_for(self, key: tuple, *arguments) -> dict | None:
        """Chance's measures for ``key`` if simulated, else None (started now if never asked)."""
        with self._lock:
            future = self._chance.get(key)
        if future is None and self._Session is not None:
            measures, mine = self._shared(key)
            if measures is not None:
                return measures
            if not mine:
                return None
        if future is None:
            future = self._submit(key, arguments)
        if not future.done() or future.exception() is not None:
            return None
        return future.result()

    def close(self) -> None:
        self._Session = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


# -- scoping by class -----------------------------------------------------------------------------
def _scoped(statement, model, class_id):
    """``statement`` limited to one class when the table carries the class (else unchanged)."""
    column = getattr(model, "class_id", None)
    if class_id is None or column is None:
        return statement
    return statement.where(column == class_id)


def _moves_of(statement, class_id):
    """A statement over moves, joined to their games (a move's class is its game's)."""
    return _scoped(statement.join(ServedGame, ServedGame.id == Move.game_id), ServedGame, class_id)


# -- the summary ----------------------------------------------------------------------------------
def read_results(db, cache: SummaryCache, class_id=None) -> list[Seen]:
    """Every result of the class, in order: ids and statuses read each time, the rest only for
    results never read before or whose status changed."""
    ids = db.execute(
        _scoped(select(Result.id, Result.status), Result, class_id).order_by(Result.id)
    ).all()
    with cache.rows_lock:
        known = cache.results.setdefault(class_id, {})
        stale = [i for i, status in ids if i not in known or known[i].status != status]
        for start in range(0, len(stale), 500):
            chunk = stale[start : start + 500]
            # everything but the codes themselves (the longest column, never shown here)
            query = select(Result).options(defer(Result.code)).where(Result.id.in_(chunk))
            for result in db.scalars(query):
                known[result.id] = Seen.of(result)
        if len(known) > len(ids):
            present = {i for i, _ in ids}
            for gone in [i for i in known if i not in present]:
                del known[gone]
        return [known[i] for i, _ in ids if i in known]


def _setup(
    cache: SummaryCache, setup: str, rows: list[dict], fixed, ids: int, simulate: bool = True
) -> dict[str, Any]:
    first = rows[0]
    spec = game_spec(first["game"])
    seats = first["seats"].split("/") if first.get("seats") else None
    student = first.get("student_seat")
    seed = fixed.seed if fixed is not None else None
    opening = list(fixed.opening) if fixed is not None else []
    options = json.loads(first["options"])
    theirs = None
    if simulate:  # http_limits.chance_setups: made-up setups cannot queue the class's chance
        theirs = cache.chance_for((setup, seed, tuple(opening)), spec.name, options, seats,
                                  student, seed, opening)  # fmt: skip
    ours = cache.measured((setup, len(rows), ids), lambda: measured(spec, rows))
    labels = list(ours)
    return {
        "game": spec.name,
        "title": spec.title,
        "short": short_title(spec),
        "setup": setup,
        "n": len(rows),
        "fixed_deal": seed is not None,
        "chance_ready": theirs is not None,
        "chance_skipped": not simulate,
        "class": ours[labels[0]],
        "chance": theirs[labels[0]] if theirs else None,
        "measures": [
            {"measure": m, "class": ours[m], "chance": theirs[m] if theirs else None}
            for m in labels
        ],
    }


def short_title(spec) -> str:
    """A game's name for the projector: "Niche" for "Niche: adapt to three environments",
    "Climate" for "The Climate game"."""
    title = spec.title.split(":")[0].strip()
    title = title.removeprefix("The ").removesuffix(" game").strip()
    return title or spec.title


def _practice(setup: str, rows: list[dict]) -> dict[str, Any]:
    """Local games' codes of one setup: how many, and their win share (never against chance)."""
    spec = game_spec(rows[0]["game"])
    return {
        "game": spec.name,
        "title": spec.title,
        "setup": setup,
        "n": len(rows),
        "won": interval([row.get("you_won") for row in rows], True),
    }


def _when(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.isoformat(timespec="seconds") + "Z"


def _titled(setups: list[dict[str, Any]]) -> None:
    """Two setups of one game get numbered titles (the projector shows only the title)."""
    seen: dict[str, int] = {}
    for setup in setups:
        seen[setup["game"]] = seen.get(setup["game"], 0) + 1
        if seen[setup["game"]] > 1:
            for key in ("title", "short"):
                setup[key] = f"{setup[key]} ({seen[setup['game']]})"


def _listed(r: Seen, names: dict[int, str]) -> dict[str, Any]:
    """A result listed apart or refused, as the teacher's panel lists it."""
    return {
        "student": names.get(r.student_id, "?"),
        "game": r.game,
        "problem": r.problem,
        "reason": r.reason,
        "at": _when(r.at),
        "served": r.served_game is not None,
    }


def is_practice(result: Seen) -> bool:
    """A code sent from a local game that was not refused nor listed apart: practice."""
    return result.served_game is None and result.status in ("counted", "practice")


def summary(db, cache: SummaryCache, class_id=None) -> dict[str, Any]:
    """The page's numbers for one class from an open session ``db`` (no settings, no version)."""
    students = db.scalars(_scoped(select(Student), Student, class_id).order_by(Student.id)).all()
    results = read_results(db, cache, class_id)
    games = db.scalars(
        _scoped(select(ServedGame), ServedGame, class_id).order_by(ServedGame.started)
    ).all()
    deals = {d.game: d for d in db.scalars(_scoped(select(Deal), Deal, class_id))}
    moves = {
        game_id: (count, moved)
        for game_id, count, moved in db.execute(
            _moves_of(
                select(Move.game_id, func.count(), func.max(Move.at))
                .select_from(Move)
                .where(ServedGame.over.is_(False))
                .group_by(Move.game_id),
                class_id,
            )
        )
    }
    names = {s.id: s.name for s in students}
    # "counted", "apart", "refused": as stored (a practice code too is stored "counted");
    # "class_games": counted games the class dealt; "practice": codes of local games
    zero = {"counted": 0, "class_games": 0, "practice": 0, "apart": 0, "refused": 0}
    counts = {"counted": 0, "apart": 0, "refused": 0, "practice": 0, "class_games": 0}
    per_student: dict[int, dict[str, int]] = {s.id: dict(zero) for s in students}
    by_setup: dict[str, list[dict]] = {}
    id_sums: dict[str, int] = {}
    players: dict[str, set[int]] = {}
    practice: dict[str, list[dict]] = {}
    apart: list[Seen] = []
    refused: list[Seen] = []
    received = 0
    for r in results:
        if r.status == "received":  # stored, its verdict not in yet (judged beside)
            received += 1
            continue
        mine = per_student.setdefault(r.student_id, dict(zero))
        if r.status != "practice":
            counts[r.status] = counts.get(r.status, 0) + 1
            mine[r.status] = mine.get(r.status, 0) + 1
        if r.status in ("apart", "refused"):
            (apart if r.status == "apart" else refused).append(r)
        elif is_practice(r):
            counts["practice"] += 1
            mine["practice"] += 1
            if r.kind == "game" and r.row:
                practice.setdefault(r.setup or "", []).append(r.row)
        elif r.status == "counted":
            counts["class_games"] += 1
            mine["class_games"] += 1
            if r.kind == "game" and r.row:
                by_setup.setdefault(r.setup or "", []).append(r.row)
                id_sums[r.setup or ""] = id_sums.get(r.setup or "", 0) + r.id
                players.setdefault(r.setup or "", set()).add(r.student_id)
    setups, planned = [], []
    klass = db.get(SchoolClass, class_id) if class_id is not None else None
    secret = klass.deal_secret if klass is not None else None
    for setup, rows in sorted(by_setup.items(), key=lambda kv: -len(kv[1])):
        try:  # the teacher's deal as served: its seed is the class secret's (deal_secret)
            fixed = served_fixed(secret or "", deals.get(rows[0]["game"]))
        except ValueError:
            fixed = None
        if fixed is not None and any(row.get("seed") != fixed.seed for row in rows):
            fixed = None  # games of another deal in this setup: compare with fresh deals
        if fixed is not None and fixed.seed is None:
            fixed = None
        planned.append((setup, rows, fixed))
    played = {setup: len(players.get(setup, ())) for setup, _, _ in planned}
    # each game's most played setup is the class's (a class of five games gets five plots
    # against chance); made-up setups beyond them stay within the quota
    first_of_game: dict[str, str] = {}
    for setup, rows, _ in planned:
        game = rows[0]["game"]
        if game not in first_of_game or played[setup] > played[first_of_game[game]]:
            first_of_game[game] = setup
    simulated = chance_setups(
        played,
        [setup for setup, _, fixed in planned if fixed is not None] + list(first_of_game.values()),
    )
    for setup, rows, fixed in planned:
        setups.append(_setup(cache, setup, rows, fixed, id_sums[setup], setup in simulated))
    _titled(setups)
    in_play: dict[int, dict[str, Any]] = {}
    finished: set[int] = set()
    playing = []
    for g in games:
        if g.over:
            finished.add(g.student_id)
            continue
        count, moved = moves.get(g.id, (0, None))
        moved = moved if isinstance(moved, dt.datetime) else None
        entry = {
            "id": g.id[:8],
            "student": names.get(g.student_id, "?"),
            "student_id": g.student_id,
            "game": g.game,
            "title": short_title(game_spec(g.game)),
            "round": g.round,
            "moves": count,
            "started": _when(g.started),
            "last_move": _when(max(moved, g.started) if moved else g.started),
        }
        playing.append(entry)
        in_play[g.student_id] = entry  # the latest game in play (games are in start order)
    grid = []
    states = {"joined": 0, "playing": 0, "finished": 0}
    for s in students:
        game = in_play.get(s.id)
        state = "playing" if game else "finished" if s.id in finished else "joined"
        states[state] += 1
        grid.append(
            {
                "id": s.id,
                "name": s.name,
                "joined": _when(s.joined),
                **per_student[s.id],
                "may_rejoin": s.may_rejoin,
                "state": state,
                "game": game["title"] if game else None,
                "moves": game["moves"] if game else None,
                "last_move": game["last_move"] if game else None,
            }
        )
    return {
        **counts,
        "received": received,
        "students": grid,
        "states": states,
        "stuck_after": STUCK_AFTER,
        "playing": playing,
        "finished": sum(1 for g in games if g.over),
        "setups": setups,
        "practice_setups": [
            _practice(setup, rows)
            for setup, rows in sorted(practice.items(), key=lambda kv: -len(kv[1]))
        ],
        "apart_list": [_listed(r, names) for r in apart[-LIST_LIMIT:]],
        "refused_list": [_listed(r, names) for r in refused[-LIST_LIMIT:]],
        "deals": {
            g: {
                "round": d.round,
                "seed": d.seed,
                "scenario": bool(d.scenario),
                "options": d.options,
            }
            for g, d in deals.items()
        },
    }


def build_summary(service, class_id: int) -> dict[str, Any]:
    """The live page's numbers for one class (``GET /api/summary``; the rulings add the
    class's version, the page's ETag)."""
    cache: SummaryCache = service.summaries
    with service.Session() as db:
        klass = db.get(SchoolClass, class_id)
        found = summary(db, cache, class_id)
    found.update(
        paused=bool(klass.paused) if klass else False,
        join_code=klass.join_code if klass else "",
        updated=_when(dt.datetime.now(dt.UTC).replace(tzinfo=None)),
    )
    found["class"] = klass.name if klass else ""
    return found
