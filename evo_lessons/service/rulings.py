"""The class's rulings: what the service decides, one method each, over one database session.

A :class:`ClassRulings` holds an open session and one class's row; each method is one ruling
(join, me, send, start or resume a game, act, deal again, pause, allow rejoin, the results CSV,
the codes download, the summary) and either answers plain data or raises :class:`Refused` with
a sentence a student or teacher can read. The tornado handlers (:mod:`.handlers`) only parse a
request, work out who asks and call a ruling on the service's threads; the tests call the
rulings directly, without HTTP (tests/service/test_rulings.py).

Nothing here is kept in one process's memory but the served games' copies (checked against
each game's version in the database before use): pause, tokens, deals and results are read
from the database on every ruling, so any number of service processes can serve one
PostgreSQL database. Who may ask (the student's token, the teacher's) is the handlers'
business, through the functions of :mod:`.classes` (:func:`~.classes.student_by_token`,
:func:`~.classes.teacher_classes`), which also make a class and keep its language; they stay
importable from here.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from evo_lessons.engine import IllegalAction
from evo_lessons.engine.results import ResultCodeError, check_name
from evo_lessons.engine.seeds import check_seed
from evo_lessons.i18n import pgettext, pN_, tr

from . import auth, exports, names
from .classes import (
    DEFAULT_CLASS_NAME,
    class_lang,
    create_class,
    set_class_lang,
    student_by_hub_user,
    student_by_token,
    teacher_classes,
)
from .db import Deal, Move, Result, SchoolClass, ServedGame, Student
from .deal_secret import class_secret
from .games import GameHost, Overtaken, StaleMove
from .refused import Refused
from .request_checks import JOIN_ID, MOVE_ID, check_join_id, check_move_id, check_options, game_name
from .results import SEND_ID, judge, record_result, settle, touch

if TYPE_CHECKING:
    from collections.abc import Callable

PAUSED = pN_(
    "class service", "The class is paused by the teacher: wait until the teacher starts it again."
)
#: how often a move is tried again when another writer took the game's next move first
OVERTAKEN_TRIES = 3


def _send_id_used() -> str:
    return pgettext("class service", "That send id is already used: make a new one.")


def _bad_send_id() -> str:
    return pgettext("class service", "A send id is 32 hexadecimal characters (a uuid4's hex).")


def _no_such_game() -> str:
    return pgettext("class service", "There is no such game of yours.")


class ClassRulings:
    """One class's rulings over an open session (``db``) and the service's served games."""

    def __init__(self, db: Session, klass: SchoolClass, host: GameHost | None = None) -> None:
        self.db, self.klass = db, klass
        self.host = host if host is not None else GameHost()

    # -- finding the class ------------------------------------------------------------------
    @classmethod
    def by_join_code(cls, db: Session, code: str, host: GameHost | None = None) -> ClassRulings:
        code = code.strip().upper()
        klass = None
        if 4 <= len(code) <= 20:
            klass = db.scalar(select(SchoolClass).where(SchoolClass.join_code == code))
        if klass is None:
            text = pgettext(
                "class service", "That is not this class's join code: check it with your teacher."
            )
            raise Refused(403, text, "bad_join_code")
        return cls(db, klass, host)

    @classmethod
    def of(cls, db: Session, class_id: int, host: GameHost | None = None) -> ClassRulings:
        klass = db.get(SchoolClass, class_id)
        if klass is None:
            raise Refused(
                404, pgettext("class service", "There is no such class."), "no_such_class"
            )
        return cls(db, klass, host)

    @property
    def class_id(self) -> int:
        return self.klass.id

    def paused(self) -> bool:
        """Read from the database each time (another process may have paused the class)."""
        value = self.db.scalar(select(SchoolClass.paused).where(SchoolClass.id == self.class_id))
        return bool(value)

    def version(self) -> int:
        found = self.db.scalar(select(SchoolClass.version).where(SchoolClass.id == self.class_id))
        return int(found or 0)

    def _mine(self, student: Student) -> Student:
        if student.class_id != self.class_id:
            raise Refused(
                403,
                pgettext("class service", "That token belongs to another class."),
                "other_class",
            )
        return student

    # -- students ---------------------------------------------------------------------------
    def join(
        self, name: str, hub_user: str | None = None, join_id: str | None = None
    ) -> tuple[str, Student]:
        """A seat for ``name`` (or the hub user's own): a new token; a taken name only by its
        hub user or after the teacher let it join again (the old token stops working).

        A ``join_id`` (the client's, per join) makes a join idempotent: its token is made from
        the class secret and the join id (:meth:`_join_token`), so a repeat of the same join id
        with the same name, whose first answer was lost, finds the seat holding that token
        and answers it again (nothing changed); once the seat has another token (the teacher
        let it join again) the old join id is a new join like any other."""
        try:
            name = check_name((hub_user or name)[:200])
        except ResultCodeError as error:
            # Translators: {why} is the sentence saying what is wrong with the name
            text = pgettext("class service", "That name is refused: {why}.")
            raise Refused(400, text.format(why=error.sentence), "name_refused") from None
        check_join_id(join_id)
        db = self.db
        key = names.name_key(name)  # look-alike names share a seat's key (names.py)
        token = self._join_token(join_id, key) if join_id is not None else auth.new_token()
        for attempt in range(2):
            student = db.scalar(
                select(Student).where(Student.class_id == self.class_id, Student.key == key)
            )
            if (
                student is not None
                and join_id is not None
                and auth.same(student.token_hash, auth.token_hash(token))
            ):
                return token, student  # this join again (its answer was lost): as the first
            if student is None:
                student = Student(
                    class_id=self.class_id,
                    name=name,
                    key=key,
                    token_hash=auth.token_hash(token),
                    hub_user=hub_user,
                )
                db.add(student)
            elif hub_user is not None and student.hub_user in (hub_user, None):
                # the hub user's own seat (a new kernel); a typed seat of that name from before
                # hub auth goes to the hub user. A re-opened seat needs the teacher's one-time
                # code (names.join_by_ticket): the class's code never takes a seat over.
                student.token_hash = auth.token_hash(token)  # the old token stops working
                student.hub_user = hub_user
            else:
                text = pgettext(
                    "class service",
                    "Someone in this class has already joined as {name}. Add your initial to "
                    "your name, or ask your teacher for a code to join again as that name.",
                )
                raise Refused(409, text.format(name=student.name), "name_taken")
            try:
                touch(db, self.class_id)  # flushes the new seat: a clash is raised here or below
                db.commit()
            except IntegrityError:  # the same name joined at this moment through another request
                db.rollback()
                if attempt:
                    raise
                continue
            return token, student
        raise AssertionError("unreachable")

    def _join_token(self, join_id: str, key: str) -> str:
        """The token a join with this join id and name gives: HMAC-SHA256 of the class secret,
        the join id and the name's key, as URL-safe text (as long as :func:`.auth.new_token`'s;
        another name with the same join id gets another token). Only its hash is stored, as for
        every token."""
        secret = class_secret(self.db, self.class_id).encode("utf-8")
        label = f"join-token\n{join_id}\n{key}".encode()
        digest = hmac.new(secret, label, hashlib.sha256)
        return base64.urlsafe_b64encode(digest.digest()).decode("ascii").rstrip("=")

    def me(self, student: Student) -> dict[str, Any]:
        self._mine(student)
        rows = self.db.scalars(
            select(Result).where(Result.student_id == student.id).order_by(Result.id)
        ).all()
        return {
            "student": {"id": student.id, "name": student.name},
            "class": self.klass.name,
            "join_code": self.klass.join_code,
            "results": [
                {
                    "send_id": r.send_id,
                    "status": r.status,
                    "reason": r.reason,
                    "game": r.game,
                    "practice": r.served_game is None,
                    "at": exports.when(r.at),
                }
                for r in rows
            ],
            "paused": self.paused(),
        }

    def _sent(self, student: Student, send_id: str) -> Result | None:
        found = self.db.scalar(select(Result).where(Result.send_id == send_id))
        if found is not None and found.student_id != student.id:
            raise Refused(409, _send_id_used(), "send_id_used")
        return found

    def send(
        self,
        student: Student,
        send_id: str,
        code: str,
        judge_code: Callable[..., dict[str, Any]] = judge,
        quota: Any = None,
    ) -> Result:
        """Judge a sent code (as pooling judges it, with the class's deals) and store the
        verdict once: a resend answers the first verdict. ``judge_code`` may run the replay
        elsewhere (a worker process); the session is not held open across it."""
        self._mine(student)
        if not SEND_ID.fullmatch(send_id):
            raise Refused(400, _bad_send_id(), "bad_send_id", field="send_id")
        found = self._sent(student, send_id)
        if found is not None:
            return found
        self._within(student, quota)
        deals = self._deals()
        self.db.rollback()  # no transaction held open across the replay
        verdict = judge_code(code, student.name, deals)
        result = record_result(self.db, self.class_id, student.id, send_id, verdict, code)
        if result.student_id != student.id:
            raise Refused(409, _send_id_used(), "send_id_used")
        return result

    def receive(self, student: Student, send_id: str, code: str, quota: Any = None) -> Result:
        """Store a sent code durably, its verdict to come (status "received"): what a send is
        acknowledged on when it is judged beside (:meth:`judged`). A send id already stored
        answers as it stands."""
        self._mine(student)
        if not SEND_ID.fullmatch(send_id):
            raise Refused(400, _bad_send_id(), "bad_send_id", field="send_id")
        found = self._sent(student, send_id)
        if found is not None:
            return found
        self._within(student, quota)
        result = Result(
            send_id=send_id,
            class_id=self.class_id,
            student_id=student.id,
            status="received",
            problem="",
            reason="",
            code=code,
        )
        try:
            self.db.add(result)
            touch(self.db, self.class_id)  # flushes the insert: a clash is raised here or below
            self.db.commit()
        except IntegrityError:  # the same send id at this moment, through another request
            self.db.rollback()
            found = self._sent(student, send_id)
            if found is None:
                raise
            return found
        return result

    def judged(self, result_id: int, verdict: dict[str, Any]) -> Result | None:
        """A received send's verdict stored (once, whichever process judged it first)."""
        return settle(self.db, result_id, verdict)

    def to_judge(self, result_id: int) -> tuple[str, str, dict[str, Any]] | None:
        """What judging a received send needs (code, name, the class's deals as plain
        values that cross to a worker process), or None once it is judged."""
        result = self.db.get(Result, result_id)
        if result is None or result.status != "received":
            return None
        student = self.db.get(Student, result.student_id)
        name = student.name if student is not None else ""
        deals = {
            game: SimpleNamespace(seed=deal.seed, scenario=deal.scenario)
            for game, deal in self._deals().items()
        }
        return result.code, name, deals

    def status(self, student: Student, send_id: str) -> Result:
        """One send of the student's, as it stands (a client polls it while "received")."""
        self._mine(student)
        found = self._sent(student, send_id)
        if found is None:
            raise Refused(
                404, pgettext("class service", "There is no such send of yours."), "no_such_send"
            )
        return found

    def _within(self, student: Student, quota: Any) -> None:
        """Refuse (429, nothing stored) a send beyond the student's quota (http_limits)."""
        if quota is None:
            return
        stored = self.db.scalar(
            select(func.count(Result.id)).where(Result.student_id == student.id)
        )
        refusal = quota.refusal(student.id, stored or 0)
        if refusal is not None:
            raise Refused(429, refusal, "send_quota")

    def _deals(self) -> dict[str, Deal]:
        deals = self.db.scalars(select(Deal).where(Deal.class_id == self.class_id)).all()
        for deal in deals:
            self.db.expunge(deal)
        return {d.game: d for d in deals}

    # -- served games -----------------------------------------------------------------------
    def start_game(self, student: Student, game: str, options: dict[str, Any]) -> dict:
        """The student's counted game of this round: the one dealt already (resumed), or a new
        deal (refused while the class is paused)."""
        self._mine(student)
        game = game_name(game)
        options = check_options(game, options)
        db, host = self.db, self.host
        with host.lock(f"new:{student.id}:{game}"):
            deal = db.get(Deal, (self.class_id, game))
            round_ = deal.round if deal is not None else 1
            latest = self._latest(student, game)
            if latest is not None and (latest.round == round_ or not latest.over):
                return self.payload(latest)
            if self.paused():
                raise Refused(409, tr(PAUSED), "paused")
            try:
                served = host.start(db, student, game, round_, deal, options)
            except IntegrityError:  # dealt at this moment through another request: that one
                db.rollback()
                latest = self._latest(student, game)
                if latest is None:
                    text = pgettext("class service", "Your game is being dealt: ask for it again.")
                    raise Refused(409, text, "being_dealt") from None
                return self.payload(latest)
            except ValueError as error:
                text = pgettext("class service", "That game cannot be dealt: {why}")
                raise Refused(400, text.format(why=str(error)[:200]), "deal_failed") from None
            return self.payload(served)

    def _latest(self, student: Student, game: str) -> ServedGame | None:
        return self.db.scalar(
            select(ServedGame)
            .where(ServedGame.student_id == student.id, ServedGame.game == game)
            .order_by(ServedGame.round.desc())
            .limit(1)
        )

    def own_game(self, student: Student, game_id: str) -> ServedGame:
        self._mine(student)
        served = self.db.get(ServedGame, game_id) if len(game_id) <= 40 else None
        if served is None or served.student_id != student.id:
            raise Refused(404, _no_such_game(), "no_such_served_game")
        return served

    def game(
        self, student: Student, game_id: str, since: int | None = None, lean: bool = False
    ) -> dict[str, Any]:
        return self.payload(self.own_game(student, game_id), since=since, lean=lean)

    def payload(
        self,
        served: ServedGame,
        version: int | None = None,
        since: int | None = None,
        lean: bool = False,
    ) -> dict[str, Any]:
        """The game's payload (at ``version``: what an act answered then), made under its lock
        (never from a game halfway through a move); a finished game's result recorded once.
        ``since``: the version the client holds (only what came after it is sent); ``lean``:
        without the board and description (:meth:`.GameHost.payload`)."""
        host, db = self.host, self.db
        with host.lock(served.id):
            session = host.load(db, served) if version is None else host.at(db, served, version)
            result = None
            if session.state.is_over:
                student = db.get(Student, served.student_id)
                if student is None:  # the foreign key keeps it; said for mypy
                    raise Refused(404, _no_such_game(), "no_such_served_game")
                result = host.ensure_result(db, served, session, student)
            return host.payload(served, session, result, since, lean)

    def act(
        self,
        student: Student,
        game_id: str,
        move: int,
        index: int | None = None,
        helper: bool = False,
        move_id: str | None = None,
        since: int | None = None,
        lean: bool = False,
    ) -> dict[str, Any]:
        """The student's move in their game: a ``move_id`` already applied answers what it
        answered then; a move for a position the game has left is refused (409); another
        process's newer move is read, never refused as stale. ``since``: the version the
        client holds (the answer then carries only the rows and log lines after it)."""
        if helper == (index is not None):
            text = pgettext("class service", "Send either a choice's index or helper: true.")
            raise Refused(400, text, "act_shape")
        check_move_id(move_id)
        db, host = self.db, self.host
        for _ in range(OVERTAKEN_TRIES):
            served = self.own_game(student, game_id)
            with host.lock(game_id):
                if move_id is not None:
                    done = db.scalar(
                        select(Move).where(Move.game_id == game_id, Move.move_id == move_id)
                    )
                    if done is not None:
                        return self.payload(served, done.after, since, lean)
                if self.paused():
                    raise Refused(409, tr(PAUSED), "paused")
                try:
                    host.act(db, served, move, index, helper, move_id)
                except Overtaken:
                    db.expire_all()
                    continue
                except StaleMove as stale:
                    raise Refused(409, str(stale), "stale_move") from None
                except IllegalAction:
                    text = pgettext(
                        "class service",
                        "That is not one of your choices now: choose one of the listed actions.",
                    )
                    raise Refused(400, text, "illegal_choice") from None
                return self.payload(served, since=since, lean=lean)
        text = pgettext(
            "class service", "This game is being played from another page: load it again."
        )
        raise Refused(409, text, "played_elsewhere")

    # -- the teacher ------------------------------------------------------------------------
    def pause(self, paused: bool) -> dict[str, Any]:
        self.db.execute(
            update(SchoolClass).where(SchoolClass.id == self.class_id).values(paused=paused)
        )
        touch(self.db, self.class_id)
        self.db.commit()
        return {"paused": self.paused()}

    def deal(
        self,
        game: str,
        seed: int | None = None,
        scenario: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Deal the game again for the whole class: the next round, from the teacher's seed or
        scenario code (or the service's own seeds)."""
        game = game_name(game)
        options = check_options(game, options or {})
        if seed is not None:
            try:
                check_seed(seed)
            except ValueError as error:
                raise Refused(400, str(error), "bad_seed") from None
        if scenario is not None:
            from evo_lessons.classroom.pooling import Fixed

            if seed is not None:
                text = pgettext("class service", "Give a seed or a scenario code, not both.")
                raise Refused(400, text, "seed_and_scenario")
            try:
                fixed = Fixed.make(scenario.strip())
            except ValueError as error:
                text = pgettext("class service", "That scenario code is refused: {why}")
                raise Refused(400, text.format(why=str(error)[:200]), "scenario_refused") from None
            if fixed.game != game:
                # Translators: {scenario} and {game} are games' names ("niche", "phylo")
                text = pgettext("class service", "That scenario is a {scenario} game, not {game}.")
                raise Refused(400, text.format(scenario=fixed.game, game=game), "scenario_game")
        db = self.db
        round_ = 0
        for attempt in range(2):
            deal = db.get(Deal, (self.class_id, game), with_for_update=True)
            if deal is None:
                deal = Deal(class_id=self.class_id, game=game, round=1)
                db.add(deal)
            deal.round = (deal.round or 1) + 1
            deal.seed, deal.scenario = seed, scenario.strip() if scenario else None
            deal.options = options or None
            try:
                touch(db, self.class_id)
                db.commit()
            except IntegrityError:  # the first deal of this game made at this moment elsewhere
                db.rollback()
                if attempt:
                    raise
                continue
            round_ = deal.round
            break
        return {
            "game": game,
            "round": round_,
            "seed": seed,
            "scenario": bool(scenario),
            "options": options,
        }

    def allow_rejoin(self, student_id: int) -> dict[str, Any]:
        """Let a student's name join again (a lost token): the next join takes the seat."""
        student = self.db.get(Student, student_id) if 0 < student_id < 2**62 else None
        if student is None or student.class_id != self.class_id:
            raise Refused(
                404, pgettext("class service", "There is no such student."), "no_such_student"
            )
        code = names.open_seat(self.db, student)
        touch(self.db, self.class_id)
        self.db.commit()
        # the one-time code (names.py) is for the teacher's panel only, never the projector
        return {"student": student.id, "may_rejoin": True, "rejoin_code": code}

    def results_csv(self) -> str:
        """Every result of the class, one row each, for a spreadsheet (:mod:`.exports`)."""
        return exports.results_csv(self.db, self.class_id)

    def codes(self, practice: str | None = None) -> str:
        """The class's result codes, one a line, sealed as the teacher's (:mod:`.exports`)."""
        return exports.codes_file(self.db, self.class_id, practice)

    def summary(self, service: Any) -> dict[str, Any]:
        """The live page's numbers for this class (:func:`.summary.build_summary`), with the
        class's version (the ETag)."""
        from .summary import build_summary

        version = self.version()
        found = build_summary(service, self.class_id)
        found["version"] = version
        return found


__all__ = [
    "DEFAULT_CLASS_NAME",
    "JOIN_ID",
    "MOVE_ID",
    "PAUSED",
    "ClassRulings",
    "check_join_id",
    "check_move_id",
    "check_options",
    "class_lang",
    "create_class",
    "game_name",
    "set_class_lang",
    "student_by_hub_user",
    "student_by_token",
    "teacher_classes",
]
