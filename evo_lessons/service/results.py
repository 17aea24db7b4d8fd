"""A result sent by a student, judged exactly as the class's pooling judges a code.

:func:`judge` is one turn of :func:`evo_lessons.classroom.pooling.pool_codes`'s loop for one
code: the same decoding, the same replay of every move (every bot seat re-asked), the same
reasons for listing a genuine game apart, and the teacher's deal for that game as the fixed
scenario. What the service adds is what only a live class knows: the code must carry the
sending student's own name, and a game already recorded (by anyone, under any send id) is
listed apart as sent before. :func:`record_result` stores the verdict under the student's
``send_id`` in the same transaction that checks for it, so a resend answers the first verdict
and never counts twice.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from evo_lessons.classroom.judge import Fixed
from evo_lessons.classroom.judge import judge as judge_code
from evo_lessons.i18n import pgettext, speaking

from .db import Deal, Result, SchoolClass

SEND_ID = re.compile(r"[0-9a-f]{32}")


def fixed_for(deal: Deal | None) -> Fixed:
    """The teacher's deal for a game as pooling's fixed scenario (nothing fixed without one)."""
    if deal is None or (deal.seed is None and not deal.scenario):
        return Fixed()
    return Fixed.make(deal.scenario or deal.seed)


def judge(
    code: str, name: str, deals: dict[str, Deal], fixed: Fixed | None = None
) -> dict[str, Any]:
    """The verdict on one code sent by the student ``name``: status, problem, reason, row.

    ``deals``: the teacher's deal for each game name (its scenario is the fixed one);
    ``fixed``: the fixed scenario itself instead (a served game's own deal). The judging is
    :func:`evo_lessons.classroom.judge.judge`'s, as pooling's."""
    scenario = fixed if fixed is not None else (lambda game: fixed_for(deals.get(game)))
    return judge_code(code, scenario, name=name).as_dict()


def judge_speaking(lang: str, code: str, name: str, deals: dict[str, Deal]) -> dict[str, Any]:
    """:func:`judge` in ``lang`` (its reason is the sender's to read): what a worker process
    or thread runs, where the request's language is not."""
    with speaking(lang):
        return judge(code, name, deals)


def _sent_before(yours: bool) -> str:
    """The reason of a game sent again (listed apart)."""
    if yours:
        return pgettext("class result", "sent before: the same game is already recorded (yours)")
    return pgettext(
        "class result", "sent before: the same game is already recorded (another student's)"
    )


def answer_of(result: Result) -> dict[str, Any]:
    return {"send_id": result.send_id, "status": result.status, "reason": result.reason}


def record_result(
    db,
    class_id: int,
    student_id: int,
    send_id: str,
    verdict: dict[str, Any],
    code: str,
    served_game: str | None = None,
) -> Result:
    """Store a verdict once: a send id already stored answers what it answered; a game already
    recorded in the class (same fingerprint) is listed apart as sent before. ``db`` is an open
    session; the rule holds across processes: the first sent copy of a game carries its
    fingerprint in ``first_print``, unique per class, so of two copies stored at once by two
    processes the database lets one count and the other is told apart."""
    found = db.scalar(select(Result).where(Result.send_id == send_id))
    if found is not None:
        return found
    verdict = dict(verdict)
    print_ = verdict["fingerprint"]
    # a served game was seen being played: two students who chose the same moves in the same
    # deal played two games (their codes alone could not tell, so pooling lists one apart)
    checks = bool(print_) and verdict["status"] != "refused" and served_game is None
    for attempt in range(2):
        first = None
        if checks:
            first = db.scalar(
                select(Result)
                .where(
                    Result.class_id == class_id,
                    Result.fingerprint == print_,
                    Result.status != "refused",
                )
                .order_by(Result.id)
                .limit(1)
            )
        if first is not None:
            verdict.update(
                status="apart",
                problem="duplicate",
                reason=_sent_before(first.student_id == student_id),
            )
        result = Result(
            send_id=send_id,
            class_id=class_id,
            student_id=student_id,
            status=verdict["status"],
            problem=verdict["problem"],
            reason=verdict["reason"],
            kind=verdict["kind"],
            game=verdict["game"],
            setup=verdict["setup"],
            fingerprint=print_,
            code=code if verdict["status"] != "refused" else code[:200],
            row=verdict["row"],
            served_game=served_game,
            first_print=print_ if checks and first is None else None,
        )
        try:
            db.add(result)
            touch(db, class_id)  # flushes the insert: a unique clash is raised here or below
            db.commit()
        except IntegrityError:  # a concurrent request stored this send id, or this game first
            db.rollback()
            found = db.scalar(select(Result).where(Result.send_id == send_id))
            if found is not None:
                return found
            if attempt or not checks:
                raise
            continue  # the other copy is stored now: this one is "sent before"
        return result
    raise AssertionError("unreachable")


def touch(db, class_id: int) -> None:
    """Mark the class changed (its version: the live page's ETag), in the caller's
    transaction."""
    db.execute(
        update(SchoolClass)
        .where(SchoolClass.id == class_id)
        .values(version=SchoolClass.version + 1)
    )


def settle(db, result_id: int, verdict: dict[str, Any]) -> Result | None:
    """A received send's verdict, stored once (the first process to judge it wins; a judge
    that lands second changes nothing): as :func:`record_result` stores one, with the class's
    "sent before" rule across processes."""
    for attempt in range(2):
        result = db.get(Result, result_id, populate_existing=True)
        if result is None or result.status != "received":
            return result
        given = dict(verdict)
        print_ = given["fingerprint"]
        checks = bool(print_) and given["status"] != "refused"
        first = None
        if checks:
            first = db.scalar(
                select(Result)
                .where(
                    Result.class_id == result.class_id,
                    Result.fingerprint == print_,
                    Result.status.not_in(("refused", "received")),
                    Result.id != result.id,
                )
                .order_by(Result.id)
                .limit(1)
            )
        if first is not None or (attempt and checks):
            mine = first is not None and first.student_id == result.student_id
            given.update(
                status="apart",
                problem="duplicate",
                reason=_sent_before(mine or first is None),
            )
        values = {
            "status": given["status"],
            "problem": given["problem"],
            "reason": given["reason"],
            "kind": given["kind"],
            "game": given["game"],
            "setup": given["setup"],
            "fingerprint": print_,
            "row": given["row"],
            "first_print": print_ if checks and given["status"] != "apart" else None,
        }
        if given["status"] == "refused":
            values["code"] = result.code[:200]
        try:
            moved = db.execute(
                update(Result)
                .where(Result.id == result_id, Result.status == "received")
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            if moved.rowcount != 1:
                db.rollback()
                return db.get(Result, result_id, populate_existing=True)
            touch(db, result.class_id)
            db.commit()
        except IntegrityError:  # this game's first copy stored by another at this moment
            db.rollback()
            continue
        return db.get(Result, result_id, populate_existing=True)
    return db.get(Result, result_id, populate_existing=True)
