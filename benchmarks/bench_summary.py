"""The live page's summary on a large class: what one poll costs the service.

A class database of ``RESULTS`` results (real judged codes of four games, copied under new send
ids over 88 students) in a temporary folder; then, in this process, without HTTP:

- ``version``: the page's poll when nothing changed (the class's version; 304 after it);
- ``cached``: a summary made again with nothing new (the results read before are kept);
- ``changed``: a summary after one new result (the results read before are kept; only the new
  one is read and decoded);
- ``cold``: the first summary of a service started on that database (every row read).

Run: ``python benchmarks/bench_summary.py`` (``--quick`` for 2,000 results). Needs
``evo_lessons[class]``. Figures are milliseconds of wall time, median of a few runs: compare
against a base commit in the same run, on the same machine, never against a number.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

RESULTS = 10_000
STUDENTS = 88
GAMES = ("climate", "niche", "adaptation", "phylo")


def _code(name: str, game: str, seed: int) -> str:
    """A finished local game's result code (the person always picks the first choice)."""
    from evo_lessons.widgets.session import GameSession

    session = GameSession(game, seed=seed)
    session.run_bots()
    while not session.state.is_over:
        session.act_index(0)
        session.run_bots()
    return session.result_code(name)


def _fill(service, results: int, klass: int) -> None:
    from evo_lessons.service.db import Result, Student
    from evo_lessons.service.results import judge

    with service.Session() as db:
        students = [
            Student(
                name=f"Student {i}", key=f"student {i}", token_hash=uuid.uuid4().hex, class_id=klass
            )
            for i in range(STUDENTS)
        ]
        db.add_all(students)
        db.flush()
        verdicts = []
        for n, game in enumerate(GAMES):
            name = students[n].name
            verdicts.append((judge(_code(name, game, 100 + n), name, {}), game))
        rows = []
        for i in range(results):
            verdict, _ = verdicts[i % len(verdicts)]
            rows.append(
                Result(
                    send_id=uuid.uuid4().hex,
                    class_id=klass,
                    student_id=students[i % STUDENTS].id,
                    status=verdict["status"],
                    problem=verdict["problem"],
                    reason=verdict["reason"],
                    kind=verdict["kind"],
                    game=verdict["game"],
                    setup=verdict["setup"],
                    row=verdict["row"],
                    code="",
                    served_game=f"{i:032x}",  # counted as served games: in the plots
                )
            )
        db.add_all(rows)
        db.commit()


def _ms(work, times: int = 5) -> float:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        work()
        spent.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(spent), 1)


def run(quick: bool = False) -> dict[str, dict[str, float]]:
    from evo_lessons.service.app import ClassService
    from evo_lessons.service.db import Result
    from evo_lessons.service.summary import build_summary

    results = 2_000 if quick else RESULTS
    with tempfile.TemporaryDirectory() as folder:
        service = ClassService(Path(folder) / "class")
        try:
            klass = service.first_class
            _fill(service, results, klass)
            cold = _ms(lambda: build_summary(service, klass), times=1)
            version = _ms(lambda: service.ruled(klass, lambda r: r.version()))
            cached = _ms(lambda: build_summary(service, klass))

            def one_more() -> None:
                with service.Session() as db:
                    last = db.query(Result).order_by(Result.id.desc()).first()
                    copy = Result(send_id=uuid.uuid4().hex, student_id=last.student_id,
                                  class_id=klass,
                                  status=last.status, kind=last.kind, game=last.game,
                                  setup=last.setup, row=last.row,
                                  served_game=uuid.uuid4().hex)  # fmt: skip
                    db.add(copy)
                    db.commit()
                build_summary(service, klass)

            changed = _ms(one_more)
        finally:
            service.close()
    return {
        "summary": {
            "results": results,
            "version_ms": version,
            "cached_ms": cached,
            "changed_ms": changed,
            "cold_ms": cold,
        }
    }


if __name__ == "__main__":
    for name, figures in run(quick="--quick" in sys.argv).items():
        print(name, figures)
