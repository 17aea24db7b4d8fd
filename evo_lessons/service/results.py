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

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from evo_lessons.classroom.judge import Fixed
from evo_lessons.classroom.judge import judge as judge_code

from .db import Deal, Result

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


def answer_of(result: Result) -> dict[str, Any]:
    return {"send_id": result.send_id, "status": result.status, "reason": result.reason}


def record_result(
    db,
    student_id: int,
    send_id: str,
    verdict: dict[str, Any],
    code: str,
    served_game: str | None = None,
) -> Result:
    """Store a verdict once: a send id already stored answers what it answered; a game already
    recorded (same fingerprint) is listed apart as sent before. ``db`` is an open session."""
    found = db.scalar(select(Result).where(Result.send_id == send_id))
    if found is not None:
        return found
    verdict = dict(verdict)
    print_ = verdict["fingerprint"]
    # a served game was seen being played: two students who chose the same moves in the same
    # deal played two games (their codes alone could not tell, so pooling lists one apart)
    if print_ and verdict["status"] != "refused" and served_game is None:
        first = db.scalar(
            select(Result)
            .where(Result.fingerprint == print_, Result.status != "refused")
            .order_by(Result.id)
            .limit(1)
        )
        if first is not None:
            verdict.update(
                status="apart",
                problem="duplicate",
                reason="sent before: the same game is already recorded"
                + (" (yours)" if first.student_id == student_id else " (another student's)"),
            )
    result = Result(
        send_id=send_id,
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
    )
    db.add(result)
    try:
        db.commit()
    except IntegrityError:  # the same send id stored by a concurrent request: answer that one
        db.rollback()
        found = db.scalar(select(Result).where(Result.send_id == send_id))
        if found is None:
            raise
        return found
    return result
