"""What the teacher's live page shows: who joined, games playing and finished, the lists apart
and refused, and each setup's class against chance with its interval.

The comparison is the class tools' own (:func:`evo_lessons.classroom.compare.chance` and
:func:`~evo_lessons.classroom.compare.compare`): the counted rows of one setup beside the same
setup played at random, Wilson intervals for the win share and t intervals for the means. When
the teacher fixed the deal (a seed or scenario code) and every game of a setup was dealt from
it, chance plays that deal (pooling's fixed scenario); otherwise it plays fresh deals.

Chance is simulated once per setup, on a thread of its own, and kept: the page shows the class's
numbers at once and chance's as soon as they are ready. A setup's comparison is kept until a
game is added to it, so polling every two seconds costs the database reads.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from sqlalchemy import select

from evo_lessons import game_spec
from evo_lessons.classroom.compare import chance, compare

from .db import Deal, Result, ServedGame, Student
from .results import fixed_for

#: games of chance simulated for each setup (intervals of a few points, in a few seconds)
CHANCE_GAMES = 200


def _number(value: Any) -> float | None:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else value


class SummaryCache:
    """Chance per setup (simulated once, in the background) and the last summary built."""

    def __init__(self) -> None:
        self._chance: dict[tuple, Future] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="evo-chance")
        self._lock = threading.Lock()
        #: each setup's comparison, kept while its games and chance's readiness are the same
        self._setups: dict[tuple, dict[str, Any]] = {}

    def chance_for(self, key: tuple, make) -> Any:
        """Chance's games for ``key`` if simulated, else None (started now if never asked)."""
        with self._lock:
            future = self._chance.get(key)
            if future is None:
                future = self._pool.submit(make)
                self._chance[key] = future
        if not future.done():
            return None
        return future.result() if future.exception() is None else False


def _side(table, who: str) -> dict[str, dict[str, Any]]:
    part = table[table["who"] == who]
    return {
        row["measure"]: {k: _number(row[k]) for k in ("n", "value", "low", "high")}
        for _, row in part.iterrows()
    }


def _setup(cache: SummaryCache, setup: str, rows: list[dict], fixed) -> dict[str, Any]:
    import pandas as pd

    frame = pd.DataFrame(rows)
    first = rows[0]
    spec = game_spec(first["game"])
    seats = first["seats"].split("/") if first.get("seats") else None
    student = first.get("student_seat")
    seed = fixed.seed if fixed is not None else None
    opening = tuple(fixed.opening) if fixed is not None else ()
    options = json.loads(first["options"])

    def simulate():
        return chance(
            spec,
            options,
            CHANCE_GAMES,
            seats=seats,
            student=student,
            scenario_seed=seed,
            opening=opening,
        )

    chance_games = cache.chance_for((setup, seed, opening), simulate)
    ready = chance_games is not None and chance_games is not False
    key = (setup, len(rows), seed, opening, ready)
    if key in cache._setups:
        return cache._setups[key]
    against = chance_games if ready else frame.iloc[0:0]
    table = compare(frame, against, spec).table
    measures = list(dict.fromkeys(table["measure"]))
    ours, theirs = _side(table, "our class"), _side(table, "chance")
    made = {
        "game": spec.name,
        "title": spec.title,
        "setup": setup,
        "n": len(rows),
        "fixed_deal": seed is not None,
        "chance_ready": ready,
        "class": ours[measures[0]],
        "chance": theirs[measures[0]] if ready else None,
        "measures": [
            {"measure": m, "class": ours[m], "chance": theirs[m] if ready else None}
            for m in measures
        ],
    }
    if len(cache._setups) > 500:
        cache._setups.clear()
    cache._setups[key] = made
    return made


def _when(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="seconds") + "Z"


def build_summary(service) -> dict[str, Any]:
    """The live page's numbers (also ``GET /api/summary``)."""
    cache: SummaryCache = service.summaries
    with service.Session() as db:
        students = db.scalars(select(Student).order_by(Student.id)).all()
        results = db.scalars(select(Result).order_by(Result.id)).all()
        games = db.scalars(select(ServedGame).order_by(ServedGame.started)).all()
        deals = {d.game: d for d in db.scalars(select(Deal))}
    names = {s.id: s.name for s in students}
    counts = {"counted": 0, "apart": 0, "refused": 0}
    per_student: dict[int, dict[str, int]] = {s.id: dict(counts) for s in students}
    by_setup: dict[str, list[dict]] = {}
    apart, refused = [], []
    for r in results:
        counts[r.status] += 1
        per_student.setdefault(r.student_id, dict(counts))[r.status] += 1
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
    setups = []
    for setup, rows in sorted(by_setup.items(), key=lambda kv: -len(kv[1])):
        try:
            fixed = fixed_for(deals.get(rows[0]["game"]))
        except ValueError:
            fixed = None
        if fixed is not None and any(row.get("seed") != fixed.seed for row in rows):
            fixed = None  # games of another deal in this setup: compare with fresh deals
        if fixed is not None and fixed.seed is None:
            fixed = None
        setups.append(_setup(cache, setup, rows, fixed))
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
        "paused": service.paused,
        "join_code": service.settings["join_code"],
        "updated": _when(dt.datetime.now(dt.UTC).replace(tzinfo=None)),
    }
