"""What the teacher's live page shows: who joined, games playing and finished, the lists apart
and refused, and each setup's class against chance with its interval.

The comparison is the class tools' own: :func:`evo_lessons.classroom.compare.chance` plays the
setup with a random player in the student's seat, and every measure of
:func:`~evo_lessons.classroom.compare.measures_of` gets the same interval the comparison table
gives (Wilson's for the win share, Student's t for each mean; :func:`~.compare.wilson`,
:func:`~.compare.mean_interval`). The matplotlib figure ``compare`` also draws is left out: the
page draws its own from these numbers, with the front-end kit. When the teacher fixed the deal
and every game of a setup was dealt from it, chance plays that deal (pooling's fixed scenario);
otherwise it plays fresh deals.

Chance is simulated once per setup, in a process of its own (so the simulation never holds the
service's interpreter while students click), and kept: the page shows the class's numbers at
once and chance's as soon as they are ready.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import defer

from evo_lessons import game_spec
from evo_lessons.classroom.compare import chance, mean_interval, measures_of, wilson

from .db import Chance, Deal, Result, SchoolClass, ServedGame, Student
from .deal_secret import served_fixed
from .http_limits import chance_setups

#: games of chance simulated for each setup (intervals of a few points, in a few seconds)
CHANCE_GAMES = 200


def _number(value: Any) -> float | None:
    if value is None:
        return None
    value = float(value)
    return None if math.isnan(value) else value


def interval(values: list[Any], share: bool) -> dict[str, Any]:
    """n, value and 95% interval of one measure, as the comparison table gives them."""
    clean = [float(v) for v in values if v is not None and v == v]
    if share:
        low, high = wilson(sum(clean), len(clean))
        value = sum(clean) / len(clean) if clean else math.nan
    else:
        value, low, high = mean_interval(clean)
    return {"n": len(clean), "value": _number(value), "low": _number(low), "high": _number(high)}


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


class SummaryCache:
    """Chance per setup, simulated once in a separate process and kept: in the database's
    ``chance`` table when given a session factory, so of several service processes on one
    database only the one that claims a setup first simulates it, and all read its measures."""

    #: a claim older than this (its process died mid-simulation) is taken over
    STALE = dt.timedelta(minutes=10)

    def __init__(self, Session=None) -> None:
        self._chance: dict[tuple, Future] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._Session = Session

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


def _setup(
    cache: SummaryCache, setup: str, rows: list[dict], fixed, simulate: bool = True
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
    ours = measured(spec, rows)
    labels = list(ours)
    return {
        "game": spec.name,
        "title": spec.title,
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


def _when(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="seconds") + "Z"


def build_summary(service, class_id: int) -> dict[str, Any]:
    """The live page's numbers for one class (also ``GET /api/summary``)."""
    cache: SummaryCache = service.summaries
    with service.Session() as db:
        klass = db.get(SchoolClass, class_id)
        students = db.scalars(
            select(Student).where(Student.class_id == class_id).order_by(Student.id)
        ).all()
        # everything but the codes themselves (the longest column, never shown here)
        results = db.scalars(
            select(Result)
            .where(Result.class_id == class_id)
            .options(defer(Result.code))
            .order_by(Result.id)
        ).all()
        games = db.scalars(
            select(ServedGame).where(ServedGame.class_id == class_id).order_by(ServedGame.started)
        ).all()
        deals = {d.game: d for d in db.scalars(select(Deal).where(Deal.class_id == class_id))}
    names = {s.id: s.name for s in students}
    zero = {"counted": 0, "apart": 0, "refused": 0}
    counts = dict(zero)
    per_student: dict[int, dict[str, int]] = {s.id: dict(zero) for s in students}
    by_setup: dict[str, list[dict]] = {}
    apart, refused = [], []
    players: dict[str, set[int]] = {}
    received = 0
    for r in results:
        if r.status == "received":  # stored, its verdict not in yet (judged beside)
            received += 1
            continue
        counts[r.status] += 1
        per_student.setdefault(r.student_id, dict(zero))[r.status] += 1
        entry = {
            "student": names.get(r.student_id, "?"),
            "game": r.game,
            "problem": r.problem,
            "reason": r.reason,
            "at": _when(r.at),
            "served": r.served_game is not None,
        }
        if r.status == "apart":
            apart.append(entry)
        elif r.status == "refused":
            refused.append(entry)
        elif r.kind == "game" and r.row:
            by_setup.setdefault(r.setup, []).append(r.row)
            players.setdefault(r.setup, set()).add(r.student_id)
    setups, planned = [], []
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
    simulated = chance_setups(
        {setup: len(players.get(setup, ())) for setup, _, _ in planned},
        [setup for setup, _, fixed in planned if fixed is not None],
    )
    for setup, rows, fixed in planned:
        setups.append(_setup(cache, setup, rows, fixed, setup in simulated))
    playing = [
        {
            "id": g.id[:8],
            "student": names.get(g.student_id, "?"),
            "game": g.game,
            "round": g.round,
            "started": _when(g.started),
        }
        for g in games
        if not g.over
    ]
    return {
        "counted": counts["counted"],
        "apart": counts["apart"],
        "refused": counts["refused"],
        "received": received,
        "students": [
            {
                "id": s.id,
                "name": s.name,
                "joined": _when(s.joined),
                **per_student[s.id],
                "may_rejoin": s.may_rejoin,
            }
            for s in students
        ],
        "playing": playing,
        "finished": sum(1 for g in games if g.over),
        "setups": setups,
        "apart_list": apart[-200:],
        "refused_list": refused[-200:],
        "deals": {
            g: {
                "round": d.round,
                "seed": d.seed,
                "scenario": bool(d.scenario),
                "options": d.options,
            }
            for g, d in deals.items()
        },
        "paused": bool(klass.paused) if klass else False,
        "join_code": klass.join_code if klass else "",
        "class": klass.name if klass else "",
        "updated": _when(dt.datetime.now(dt.UTC).replace(tzinfo=None)),
    }
