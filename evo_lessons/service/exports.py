"""What a teacher downloads: the class's results as a CSV, and its codes as a sealed file.

Kept apart from the rulings (:mod:`.rulings` calls these) because they are formats, not
decisions: a spreadsheet's rules (a BOM so "Zoë" reads right, no formula from a name) and
the codes file pooling reads (:func:`evo_lessons.classroom.handins.teachers_codes_file`).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from .db import Result, Student

CSV_COLUMNS = [
    "send_id",
    "student",
    "status",
    "problem",
    "reason",
    "kind",
    "game",
    "setup",
    "you_won",
    "served_game",
    "practice",
    "at",
]


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as written: text starting with = + - @ gets a leading ' (it
    would be a formula); an empty cell stays empty."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


def when(moment) -> str:
    """A stored moment (UTC) as ISO 8601 text with its Z."""
    return moment.isoformat() + "Z"


def results_csv(db: Session, class_id: int) -> str:
    """Every result of the class, one row each, for a spreadsheet: UTF-8 with a BOM (so a
    spreadsheet reads "Zoë" right), empty cells empty."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    names = {s.id: s.name for s in db.scalars(select(Student).where(Student.class_id == class_id))}
    for r in db.scalars(select(Result).where(Result.class_id == class_id).order_by(Result.id)):
        won = (r.row or {}).get("you_won")
        cells = [
            r.send_id,
            names.get(r.student_id, ""),
            r.status,
            r.problem,
            r.reason,
            r.kind,
            r.game,
            r.setup,
            won,
            r.served_game,
            "yes" if r.served_game is None else "no",
            when(r.at),
        ]
        writer.writerow([csv_cell(c) for c in cells])
    return out.getvalue()


def codes_file(db: Session, class_id: int, practice: str | None = None) -> str:
    """The class's result codes (not the refused, nor those still being judged), one a line:
    what pool() reads. ``practice``: "no" only served games' (the class's evidence), "only"
    only codes sent from local games; anything else both."""
    query = select(Result.code).where(
        Result.class_id == class_id, Result.status.not_in(("refused", "received"))
    )
    if practice == "no":
        query = query.where(Result.served_game.is_not(None))
    elif practice == "only":
        query = query.where(Result.served_game.is_(None))
    codes = db.scalars(query.order_by(Result.id)).all()
    # the teacher's own file: header and seal, so pooling a folder reads it (handins, N6)
    from evo_lessons.classroom.handins import teachers_codes_file

    return teachers_codes_file(codes)
