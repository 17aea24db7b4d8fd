"""What counts as class evidence, said plainly (red-team N7; see also :mod:`.deal_secret`).

* **Only served games are class evidence.** A code sent from a local game is practice: its
  work file is the student's own (N2: a text editor can rewrite it), so the page, the CSV and
  ``pool()`` show it apart from the counted games.
* **A helper click never voids a counted game** (ruling C1). The helper's move is recorded as
  the helper's, and the served game still counts as the student's when it ends
  (:func:`served_verdict`), with how many of the student's moves the helper made in its reason
  and row (``helped``). Listing a helped game apart let a student void a game they were
  losing with one click (9 of 16 such games in the red team's run). A game whose every move the
  helper made is not the student's: listed apart (``no-own-move``). In pooling local codes a
  helped game is still listed apart (practice, and the work file is the student's).
* **A game started and not finished is listed** (:func:`unfinished_games`), with how far it
  got and whether the teacher has dealt again since, so a game left when it was going badly is
  seen, not silently missing from the class's numbers.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import func, select

from evo_lessons.i18n import pgettext

from .db import Deal, Move, ServedGame, Student, now

#: a game started this long ago and not over is "left"
IDLE_MINUTES = 10


def served_verdict(verdict: dict[str, Any], own_moves: int, helper_moves: int) -> dict[str, Any]:
    """A served game's verdict under ruling C1: helped, it still counts (the reason says how
    much the helper did); with no move of the student's own, it is listed apart."""
    if verdict.get("problem") != "helped":
        return verdict
    if own_moves == 0:
        return {
            **verdict,
            "problem": "no-own-move",
            "reason": pgettext(
                "class result",
                "the helper made every move of this game: none was the student's own",
            ),
        }
    row = dict(verdict.get("row") or {}, helped=helper_moves)
    return {
        **verdict,
        "status": "counted",
        "problem": "",
        # Translators: {helped} and {moves} are numbers of moves
        "reason": pgettext(
            "class result",
            "counted; the helper made {helped} of the student's {moves} moves (recorded as "
            "the helper's)",
        ).format(helped=helper_moves, moves=own_moves + helper_moves),
        "row": row,
    }


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
