"""What counts as class evidence, said plainly (red-team N7; see also :mod:`.deal_secret`).

* **Only served games are class evidence.** A code sent from a local game is practice: its
  work file is the student's own (N2: a text editor can rewrite it), so the page, the CSV and
  ``pool()`` show it apart from the counted games.
* **No helper in a counted game** (ruling C1). A helper click in a served game is refused with
  :data:`HELPER_REFUSED`, and nothing changes: the game stays the student's, every move theirs.
  (Recording the helper's move and voiding the game let a student void a game they were losing
  with one click: 9 of 16 such games were listed apart in the red team's run.) The helper stays
  in practice games.
* **A game started and not finished is listed** (:func:`unfinished_games`), with how far it
  got and whether the teacher has dealt again since, so a game left when it was going badly is
  seen, not silently missing from the class's numbers.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import func, select

from .db import Deal, Move, ServedGame, Student, now

HELPER_REFUSED = (
    "This is a counted game: every move in it is yours. The helper is for practice games."
)
#: a game started this long ago and not over is "left"
IDLE_MINUTES = 10


def unfinished_games(db, class_id: int) -> list[dict[str, Any]]:
    """Served games started and not over: student, game, round, moves so far, last move's
    and whether the deal has moved on (``stale``) or it was started over :data:`IDLE_MINUTES`
    ago (``left``).
    Only the class ``class_id``'s games (for the live page's summary: :mod:`.summary`)."""
    games = db.scalars(
        select(ServedGame)
        .where(ServedGame.class_id == class_id, ServedGame.over.is_(False))
        .order_by(ServedGame.started)
    ).all()
    if not games:
        return []
    ids = [g.id for g in games]
    counts = dict(
        db.execute(
            select(Move.game_id, func.count(Move.move))
            .where(Move.game_id.in_(ids))
            .group_by(Move.game_id)
        ).all()
    )
    rounds = {d.game: d.round for d in db.scalars(select(Deal).where(Deal.class_id == class_id))}
    names = {
        s.id: s.name
        for s in db.scalars(select(Student).where(Student.id.in_({g.student_id for g in games})))
    }
    moment = now()
    found = []
    for game in games:
        found.append(
            {
                "id": game.id[:8],
                "student": names.get(game.student_id, "?"),
                "game": game.game,
                "round": game.round,
                "moves": counts.get(game.id, 0),
                "started": game.started.isoformat(timespec="seconds") + "Z",
                "stale": game.round < rounds.get(game.game, 1),
                "left": moment - game.started > dt.timedelta(minutes=IDLE_MINUTES),
            }
        )
    return found
