"""Counted games the class deals: the state lives here, the student's kernel sees one seat.

A served game is a :class:`~evo_lessons.widgets.session.GameSession` held by the service: the
same timeline, the same bots seeded per decision (``derive_seed(seed, "bot", seat, move)``),
the same helper bot for a person who asks for help (recorded as the helper's), so a served game
is move for move the game a local widget would play. What differs is who holds it:

* **The deal.** The teacher's deal for the game (a seed, or a scenario code with its seats and
  opening moves) or, without one, a secret seed of the service's own for each student, so
  neighbours cannot tell each other the cards. The seed is never sent.
* **Every move is written before it is answered,** with who made it ("person", "helper",
  "scenario" or the bot's name), keyed by (game, move number), and the game's version (its
  move count) goes up only from the version the move was played on (optimistic concurrency):
  a move sent twice (a second tab, a resend, another service process) finds its number taken
  and changes nothing. An act carrying a ``move_id`` already applied answers what it answered
  the first time. A process whose copy of a game is behind the database rebuilds it, so no
  process refuses a move for a position it merely had not seen. There is no undo, rewind, seat
  change or new game; after a restart the game is rebuilt by replaying its recorded moves
  through the rules and stands at the same move.
* **The payload is the seat's view only**: ``state.observation(seat)`` and what the game's
  view draws from it (``view_model(observation)`` and ``describe(observation)``, the functions
  the widget draws a board with, which read only that observation), the legal choices only on
  the student's own turn, the log and the metric rows the widget plots. Seats never change in a
  served game, so the widget's covered ("blind") seat, a seat dealt to a bot and taken by a
  person, cannot arise: the student's seat was a person's when it was dealt.
* **Its end is recorded at once** as the student's result: its result code made by the
  session and judged as pooling judges any code (:func:`.results.judge`), with the deal as the
  fixed scenario. No code to copy, no hand-in.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections import OrderedDict
from typing import Any

from sqlalchemy import event, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from evo_lessons import game_spec
from evo_lessons.classroom.pooling import Fixed
from evo_lessons.engine import IllegalAction
from evo_lessons.engine.words import winners_sentence
from evo_lessons.i18n import pgettext
from evo_lessons.widgets.session import HELPER, HUMAN, PERSON, SCENARIO, GameSession

from .counted import served_verdict
from .db import Deal, Move, Result, ServedGame, Student
from .deal_secret import class_secret, served_seed
from .results import judge, record_result, touch

#: log lines sent with each payload (the widget keeps the same number on screen)
LOG_LINES = 80
#: the service's own seeds, when the teacher fixed none
OWN_SEEDS = 2**31
#: games kept in memory (the least recently used beyond it are rebuilt from their moves)
KEPT = 2000


class StaleMove(ValueError):
    """A move sent for a position the game has left (already applied, or from an old page)."""


class Overtaken(RuntimeError):
    """Another process (or request) wrote this game's next move first: load it again."""


def served_send_id(game_id: str) -> str:
    return f"game-{game_id}"


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def plan_deal(
    deal: Deal | None, game: str, options: dict[str, Any], secret: str = ""
) -> dict[str, Any]:
    """Seed, options, seats, the student's seat and opening moves for one new counted game.

    A teacher's seed or scenario only labels the deal: the seed served is the class secret's
    (:func:`.deal_secret.served_seed`), so a local game of the teacher's seed is another game."""
    spec = game_spec(game)
    if deal is not None and deal.scenario:
        fixed = Fixed.make(deal.scenario)
        if fixed.seed is None:  # Fixed.make always reads one from a scenario; said for mypy
            raise ValueError(pgettext("class error", "This scenario code holds no deal."))
        options, opening = dict(fixed.options or {}), list(fixed.opening)
        seed = served_seed(secret, game, options, scenario=deal.scenario)
        seats = list(fixed.seats) if fixed.seats else None
    else:
        opening, seats = [], None
        if deal is not None and deal.options:
            options = dict(deal.options)
        if deal is not None and deal.seed is not None:
            seed = served_seed(secret, game, options, seed=deal.seed)
        else:
            seed = secrets.randbelow(OWN_SEEDS) + 1
    players = spec.new_game(seed=seed, **options).num_players  # checks the options
    if seats is None:
        seats = [HUMAN] + [spec.helper_bot] * (players - 1)
    # one person per served game: the first person's seat (or seat 0); other people's seats
    # are played by the game's good bot
    seat = seats.index(HUMAN) if HUMAN in seats else 0
    seats = [
        HUMAN if s == seat else (spec.helper_bot if k == HUMAN else k) for s, k in enumerate(seats)
    ]
    return {"seed": seed, "options": options, "seats": seats, "seat": seat, "opening": opening}


class GameHost:
    """The served games in memory (rebuilt from the database on demand), one lock each."""

    def __init__(self) -> None:
        self._live: OrderedDict[str, GameSession] = OrderedDict()
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    def _keep(self, game_id: str, session: GameSession) -> None:
        with self._guard:
            self._live[game_id] = session
            self._live.move_to_end(game_id)
            while len(self._live) > KEPT:
                self._live.popitem(last=False)

    def lock(self, game_id: str) -> threading.RLock:
        """One game's lock: its moves and its payloads one at a time (re-entrant: a move's
        answer is its payload, made under the same lock)."""
        with self._guard:
            return self._locks.setdefault(game_id, threading.RLock())

    def forget(self, game_id: str) -> None:
        with self._guard:
            self._live.pop(game_id, None)

    # -- making and rebuilding ------------------------------------------------------------------
    def start(
        self,
        db,
        student: Student,
        game: str,
        round_: int,
        deal: Deal | None,
        options: dict[str, Any],
    ) -> ServedGame:
        """Deal a new counted game for ``student``, play its opening and the bots up to the
        student's first decision, and write it all down."""
        plan = plan_deal(deal, game, options, class_secret(db, student.class_id))
        session = GameSession(game, seed=plan["seed"], seats=plan["seats"], **plan["options"])
        played = []
        for number in plan["opening"]:  # ruling S1 (deal_secret): an illegal one ends it
            legal = session.state.legal_actions()
            if session.state.is_over or not 0 <= number < len(legal):
                break
            session.apply(legal[number], SCENARIO)
            played.append(number)
        plan["opening"] = played
        session.run_bots()
        served = ServedGame(
            id=secrets.token_hex(16),
            class_id=student.class_id,
            student_id=student.id,
            game=session.game,
            round=round_,
            seed=session.seed,
            options=_plain(session.options),
            seats=list(session.seats),
            seat=plan["seat"],
            opening=list(plan["opening"]),
            over=session.state.is_over,
            version=session.position,
        )
        db.add(served)
        db.flush()
        self._write_moves(db, served, session, 0)
        touch(db, student.class_id)
        db.commit()
        self._keep(served.id, session)
        return served

    def session(self, served: ServedGame, moves: list[Move], keep: bool = True) -> GameSession:
        """The game in memory, or rebuilt by replaying its recorded moves through the rules."""
        live = self._live.get(served.id)
        if live is not None and live.position == len(moves):
            return live
        session = GameSession(served.game, seed=served.seed, seats=served.seats, **served.options)
        for move in moves:
            session.apply(session.state.legal_actions()[move.number], move.mover)
        if keep:
            self._keep(served.id, session)
        return session

    def load(self, db, served: ServedGame) -> GameSession:
        """The game as the database has it (``served`` was just read): the copy in memory if it
        stands at the game's version, else rebuilt from the recorded moves."""
        live = self._live.get(served.id)
        if live is not None and live.position == served.version:
            return live
        moves = db.scalars(select(Move).where(Move.game_id == served.id).order_by(Move.move)).all()
        return self.session(served, list(moves))

    def at(self, db, served: ServedGame, version: int) -> GameSession:
        """The game as it stood at ``version`` (what an act answered then)."""
        live = self.load(db, served)
        if live.position == version:
            return live
        moves = db.scalars(
            select(Move).where(Move.game_id == served.id, Move.move < version).order_by(Move.move)
        ).all()
        return self.session(served, list(moves), keep=False)

    @staticmethod
    def _write_moves(
        db, served: ServedGame, session: GameSession, start: int, move_id: str | None = None
    ) -> None:
        """The moves from ``start`` on, as rows (one insert; the caller commits); the first
        carries the act's ``move_id`` and the version the act leaves the game at."""
        rows = [
            {
                "game_id": served.id,
                "move": move,
                "number": session.numbers[move],
                "mover": session.movers[move],
                "move_id": move_id if move == start else None,
                "after": session.position if move == start and move_id else None,
            }
            for move in range(start, session.position)
        ]
        if rows:
            db.execute(insert(Move), rows)

    # -- playing --------------------------------------------------------------------------------
    def act(
        self,
        db,
        served: ServedGame,
        move: int,
        index: Any,
        helper: bool,
        move_id: str | None = None,
    ) -> GameSession:
        """The student's move (or the helper's for them), then the bots up to the student's
        next decision; written down before it is answered, only from the version it was played
        on (:class:`Overtaken` when another writer was first). Hold :meth:`lock` around it."""
        session = self.load(db, served)
        if move != session.position:
            # Translators: {now} and {sent} are move numbers
            text = pgettext(
                "class error",
                "This game is at move {now}, not {sent}: the page was behind (another tab, or a "
                "click sent twice). Nothing was changed: load the game again.",
            )
            raise StaleMove(text.format(now=session.position, sent=move))
        state = session.state
        if state.is_over:
            text = pgettext("class error", "This game is over: nothing more can be played in it.")
            raise StaleMove(text)
        if state.current_player != served.seat:
            text = pgettext("class error", "It is not your turn.")
            raise IllegalAction(pgettext("class error", "a move"), state.legal_actions(), text)
        start = session.position
        relaxed_commit(db)
        try:
            if helper:
                session.bot_step()  # on a person's seat this is the helper, recorded as such
            else:
                session.act_index(index)
            session.run_bots()
            self._write_moves(db, served, session, start, move_id)
            moved = db.execute(
                update(ServedGame)
                .where(ServedGame.id == served.id, ServedGame.version == start)
                .values(version=session.position, over=session.state.is_over)
                .execution_options(synchronize_session=False)
            )
            if moved.rowcount != 1:
                raise Overtaken(served.id)
            touch(db, served.class_id)
            db.commit()
        except IntegrityError:  # the move's number (or its move_id) was written by another
            db.rollback()
            self.forget(served.id)
            raise Overtaken(served.id) from None
        except Exception:
            db.rollback()
            self.forget(served.id)  # rebuilt from what was written
            raise
        # what the database holds now, without marking the row changed in this session
        set_committed_value(served, "version", session.position)
        set_committed_value(served, "over", session.state.is_over)
        return session

    def ensure_result(
        self, db, served: ServedGame, session: GameSession, student: Student
    ) -> Result:
        """The finished game's result, recorded once (also after a crash between its last
        move and its result). Every payload of a finished game asks for it; hold the
        service's results lock."""
        send_id = served_send_id(served.id)
        found = db.scalar(select(Result).where(Result.send_id == send_id))
        if found is not None:
            return found
        code = session.result_code(student.name, seat=served.seat)
        fixed = Fixed(seed=served.seed, game=served.game, opening=list(served.opening))
        verdict = judge(code, student.name, {}, fixed=fixed)
        # ruling C1 (counted.py): a helper click never voids a counted game
        movers = session.movers[: session.position]
        verdict = served_verdict(verdict, movers.count(PERSON), movers.count(HELPER))
        return record_result(
            db, served.class_id, student.id, send_id, verdict, code, served_game=served.id
        )

    # -- what the student's kernel receives ---------------------------------------------------
    @staticmethod
    def payload(
        served: ServedGame,
        session: GameSession,
        result: Result | None,
        since: int | None = None,
        lean: bool = False,
    ) -> dict:
        """The seat's view of the game: nothing another seat holds, never the seed. ``since``:
        the version the client holds, so only the metric rows and log lines after it are made
        and sent (``metrics_since``/``log_since`` say so; a client merges them). ``lean``: no
        ``board`` nor ``description`` (a client that draws them from the observation, as the
        kernel does: they are half a payload's size and most of its making)."""
        spec, state, seat = session.spec, session.state, served.seat
        view = spec.view
        observation = state.observation(seat)  # the view reads this seat's observation only
        mine = state.current_player == seat and not state.is_over
        legal = state.legal_actions() if mine else []
        if since is not None and since > session.position:
            since = None  # a client ahead of the game (another game's number): everything
        log = []
        for step, text in session.log[-LOG_LINES:]:
            if since is not None and step <= since:
                continue
            actor = session.actors[step - 1] if step > 0 else -1
            log.append({"move": step, "player": None if actor < 0 else actor, "text": text})
        rows = session.rows
        if since is not None:
            rows = _rows_after(rows, since)
        movers = session.movers[: session.position]
        trimmed = {} if since is None else {"metrics_since": since, "log_since": since}
        return {
            "id": served.id,
            "version": session.position,
            "game": spec.name,
            "title": spec.title,
            "options": _plain(session.options),
            "seat": seat,
            "seats": [HUMAN if k == HUMAN else f"bot: {k}" for k in session.seats],
            "move": session.position,
            "current_player": state.current_player,
            "is_over": state.is_over,
            "winners": list(state.winners),
            "status": _status(session, seat),
            "observation": _plain(observation),
            **(
                {}
                if lean
                else {
                    "board": _plain(view.view_model(observation)),
                    "description": view.describe(observation),
                }
            ),
            "legal": [str(action) for action in legal],
            "targets": [view.action_target(action) for action in legal],
            "log": log,
            "metrics": _plain(rows),
            "helped": movers.count(HELPER),
            "own_moves": movers.count(PERSON),
            "result": None
            if result is None
            else {"status": result.status, "reason": result.reason, "problem": result.problem},
            **trimmed,
        }


def _rows_after(rows: list[dict[str, Any]], since: int) -> list[dict[str, Any]]:
    """The metric rows after move ``since`` (rows are kept in step order: only the tail is
    read, so a long game's answer costs what its new rows cost)."""
    start = len(rows)
    while start > 0 and rows[start - 1].get("step", 0) > since:
        start -= 1
    return rows[start:]


def relaxed_commit(db) -> None:
    """This transaction (a move's) is written before it is answered but not flushed to the disk
    at its commit (ruling M1, docs/class_service.md): SQLite's ``synchronous=NORMAL`` in WAL
    mode (the move survives the service's crash or kill -9; only a power cut or an operating
    system crash before the next flush can lose it), PostgreSQL's ``synchronous_commit=off``
    for this transaction. Sends, results, joins and the teacher's changes keep the full flush:
    they are acknowledged as durable. A move so lost is found by its client as a game behind
    its page (409), and the page shows the game as the service holds it. The flush costs a
    move 1-20 ms of its answer on these disks, more than the move itself.

    Call it before the transaction's first write (SQLite refuses the change inside one: then
    the commit keeps the full flush)."""
    connection = db.connection()
    name = connection.dialect.name
    try:
        if name == "sqlite":
            raw = connection.connection.dbapi_connection
            if raw is None or raw.in_transaction:
                return
            raw.execute("PRAGMA synchronous=NORMAL")
            connection.connection.info[RELAXED] = True
            pool = connection.engine.pool
            if not event.contains(pool, "checkin", _full_flush_again):
                event.listen(pool, "checkin", _full_flush_again)
        elif name == "postgresql":
            connection.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")
    except (DBAPIError, sqlite3.Error):  # the full flush is kept: slower, never wrong
        return


#: a pooled SQLite connection whose flush was relaxed for a move (set back at its check-in)
RELAXED = "evo_relaxed_commit"


def _full_flush_again(dbapi_connection, connection_record) -> None:
    """A pooled connection goes back to the full flush before anyone else uses it."""
    relaxed = connection_record is not None and connection_record.info.pop(RELAXED, False)
    if relaxed and dbapi_connection is not None:
        dbapi_connection.execute("PRAGMA synchronous=FULL")


def _status(session: GameSession, seat: int) -> str:
    state = session.state
    if state.is_over:
        return winners_sentence(state.winners)
    if state.current_player == seat:
        return pgettext("class", "Your move: choose an action.")
    return pgettext("class", "The bots are moving.")
