"""The service's routes: students (join, results, served games) and the teacher.

Each handler reads its body through :meth:`BaseHandler.body` (exact fields, exact types),
checks who asks, then does its work on the service's threads (:meth:`ClassService.run`).
A student only ever reaches rows carrying their own id: another student's game answers 404,
exactly as a game that does not exist, and a send id someone else used answers 409.
"""

from __future__ import annotations

import csv
import io
import json
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from evo_lessons import GAMES, game_spec
from evo_lessons.engine import IllegalAction
from evo_lessons.engine.results import ResultCodeError, check_name
from evo_lessons.engine.seeds import check_seed

from . import auth
from .base import STATIC, TEACHER_COOKIE, BaseHandler, Refused, kit_script
from .db import Deal, Result, ServedGame, Student
from .games import StaleMove, served_send_id
from .results import SEND_ID, answer_of, judge, record_result

if TYPE_CHECKING:
    from .app import ClassService

#: sends being checked at once for one student (a resend waits: 429, and the queue retries)
SENDS_IN_FLIGHT = 2
OAUTH_STATE = "evo_oauth_state"
PAUSED = "The class is paused by the teacher: wait until the teacher starts it again."


def _game_name(name: str) -> str:
    if name not in GAMES:
        raise Refused(400, f"There is no game called {name[:40]!r}.")
    return name


def _check_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    if len(json.dumps(options)) > 2000:
        raise Refused(400, "The game options are too long.")
    try:
        game_spec(game).new_game(seed=1, **options)
    except (TypeError, ValueError) as error:
        raise Refused(400, f"Those options are refused: {str(error)[:200]}") from None
    return options


# -- students -------------------------------------------------------------------------------------
class JoinHandler(BaseHandler):
    async def post(self) -> None:
        if not self.service.limiter.allow(self.request.remote_ip or "?"):
            raise Refused(429, "Too many joins from this address: wait a minute and try again.")
        data = self.body({"join_code": str, "name": str})
        code = data["join_code"].strip().upper()
        if len(code) > 20 or not auth.same(code, self.service.settings["join_code"]):
            raise Refused(403, "That is not this class's join code: check it with your teacher.")
        hub_user = None
        token = self.token()
        if token is not None and self.service.hub.enabled:
            user = await self.service.hub.user(token)
            hub_user = user.name if user is not None else None
        try:
            name = check_name(hub_user or data["name"][:200])
        except ResultCodeError as error:
            raise Refused(400, f"That name is refused: {error.sentence}.") from None
        token, student = await self.service.run(self._join, name, hub_user)
        self.answer({"token": token, "student": {"id": student.id, "name": student.name}})

    def _join(self, name: str, hub_user: str | None) -> tuple[str, Student]:
        token = auth.new_token()
        with self.service.join_lock, self.service.Session() as db:
            key = name.casefold()
            student = db.scalar(select(Student).where(Student.key == key))
            if student is None:
                student = Student(
                    name=name, key=key, token_hash=auth.token_hash(token), hub_user=hub_user
                )
                db.add(student)
            elif (hub_user is not None and student.hub_user == hub_user) or student.may_rejoin:
                student.token_hash = auth.token_hash(token)  # the old token stops working
                student.may_rejoin = False
            else:
                raise Refused(
                    409,
                    f"Someone in this class has already joined as {student.name}. Add your "
                    "initial to "
                    "your name, or ask your teacher to let you join again as that name.",
                )
            db.commit()
            self.service.known.clear()  # after the commit: the old token is not found again
            return token, student


class MeHandler(BaseHandler):
    async def get(self) -> None:
        student = await self.student()
        self.answer(await self.service.run(self._me, student))

    def _me(self, student: Student) -> dict[str, Any]:
        with self.service.Session() as db:
            rows = db.scalars(
                select(Result).where(Result.student_id == student.id).order_by(Result.id)
            ).all()
        return {
            "student": {"id": student.id, "name": student.name},
            "results": [
                {
                    "send_id": r.send_id,
                    "status": r.status,
                    "reason": r.reason,
                    "game": r.game,
                    "at": r.at.isoformat() + "Z",
                }
                for r in rows
            ],
            "paused": self.service.paused,
        }


class ResultsHandler(BaseHandler):
    async def post(self) -> None:
        student = await self.student()
        data = self.body({"send_id": str, "code": str})
        send_id = data["send_id"]
        if not SEND_ID.fullmatch(send_id):
            raise Refused(400, "A send id is 32 hexadecimal characters (a uuid4's hex).")
        flights = self.service.in_flight
        if flights.get(student.id, 0) >= SENDS_IN_FLIGHT:
            raise Refused(429, "Your last results are still being checked: send this again soon.")
        flights[student.id] = flights.get(student.id, 0) + 1
        try:
            result = await self.service.run(self._send, student, send_id, data["code"])
        finally:
            flights[student.id] -= 1
        self.answer(answer_of(result))

    def _send(self, student: Student, send_id: str, code: str) -> Result:
        service = self.service
        with service.Session() as db:
            found = db.scalar(select(Result).where(Result.send_id == send_id))
            if found is not None:
                if found.student_id != student.id:
                    raise Refused(409, "That send id is already used: make a new one.")
                return found
            deals = {d.game: d for d in db.scalars(select(Deal))}
        verdict = judge(code, student.name, deals)  # the replay: outside every lock
        with service.results_lock, service.Session() as db:
            result = record_result(db, student.id, send_id, verdict, code)
            if result.student_id != student.id:
                raise Refused(409, "That send id is already used: make a new one.")
        return result


class GamesHandler(BaseHandler):
    async def post(self) -> None:
        student = await self.student()
        data = self.body({"game": str, "options": dict}, optional=("options",))
        game = _game_name(data["game"])
        options = _check_options(game, data.get("options") or {})
        self.answer(await self.service.run(self._game, student, game, options))

    def _game(self, student: Student, game: str, options: dict[str, Any]) -> dict[str, Any]:
        service = self.service
        with service.host.lock(f"new:{student.id}:{game}"), service.Session() as db:
            deal = db.get(Deal, game)
            round_ = deal.round if deal is not None else 1
            latest = db.scalar(
                select(ServedGame)
                .where(ServedGame.student_id == student.id, ServedGame.game == game)
                .order_by(ServedGame.round.desc())
                .limit(1)
            )
            if latest is not None and (latest.round == round_ or not latest.over):
                return _payload(service, db, latest)
            if service.paused:
                raise Refused(409, PAUSED)
            try:
                served = service.host.start(db, student, game, round_, deal, options)
            except IntegrityError:
                db.rollback()
                raise Refused(409, "Your game is being dealt already: ask for it again.") from None
            except ValueError as error:
                raise Refused(400, f"That game cannot be dealt: {str(error)[:200]}") from None
            return _payload(service, db, served)


def _payload(service: ClassService, db, served: ServedGame) -> dict[str, Any]:
    """The game's payload, made under its lock (never from a game halfway through a move)."""
    with service.host.lock(served.id):
        session = service.host.load(db, served)
        result = None
        if session.state.is_over:
            student = db.get(Student, served.student_id)
            with service.results_lock:
                result = service.host.ensure_result(db, served, session, student)
        return service.host.payload(served, session, result)


class GameHandler(BaseHandler):
    async def get(self, game_id: str) -> None:
        student = await self.student()
        self.answer(await self.service.run(self._get, student, game_id))

    def _own(self, db, student: Student, game_id: str) -> ServedGame:
        served = db.get(ServedGame, game_id) if len(game_id) <= 40 else None
        if served is None or served.student_id != student.id:
            raise Refused(404, "There is no such game of yours.")
        return served

    def _get(self, student: Student, game_id: str) -> dict[str, Any]:
        with self.service.Session() as db:
            return _payload(self.service, db, self._own(db, student, game_id))


class ActHandler(GameHandler):
    async def post(self, game_id: str) -> None:
        student = await self.student()
        data = self.body({"move": int, "index": int, "helper": bool}, optional=("index", "helper"))
        helper = data.get("helper", False)
        if helper == ("index" in data):
            raise Refused(400, "Send either a choice's index or helper: true.")
        if self.service.paused:
            raise Refused(409, PAUSED)
        self.answer(await self.service.run(self._act, student, game_id, data, helper))

    def _act(self, student: Student, game_id: str, data: dict, helper: bool) -> dict[str, Any]:
        service = self.service
        with service.host.lock(game_id), service.Session() as db:
            served = self._own(db, student, game_id)
            try:
                service.host.act(db, served, data["move"], data.get("index"), helper)
            except StaleMove as stale:
                raise Refused(409, str(stale)) from None
            except IllegalAction:
                raise Refused(
                    400, "That is not one of your choices now: choose one of the listed actions."
                ) from None
            return _payload(service, db, served)


# -- the teacher ----------------------------------------------------------------------------------
class TeacherPage(BaseHandler):
    async def get(self) -> None:
        token = self.get_query_argument("token", None)
        if token is not None:
            if not self.is_teacher_token(token):
                raise Refused(403, "That is not this class's teacher token.")
            self.set_signed_cookie(
                TEACHER_COOKIE, token, expires_days=1, httponly=True, samesite="Strict"
            )
            self.redirect(self.service.prefix.rstrip("/") + "/teacher")
            return
        try:
            await self.teacher()
        except Refused:
            if self.service.hub.oauth:  # on a hub: log in there, come back to /oauth_callback
                state = auth.new_token()
                self.set_signed_cookie(
                    OAUTH_STATE, state, expires_days=1, httponly=True, samesite="Lax"
                )
                self.redirect(self.service.hub.authorize_url(state))
                return
            self.set_status(401)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(
                "<!doctype html><title>Class</title><p>Open this page with the address the "
                "class service printed when it started (it ends in <code>?token=...</code>)."
            )
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish((STATIC / "live_page.html").read_bytes())


class OAuthCallback(BaseHandler):
    """Back from the hub's login: a hub teacher gets the teacher's page cookie."""

    async def get(self) -> None:
        code = self.get_query_argument("code", "")
        state = self.get_query_argument("state", "")
        kept = self.get_signed_cookie(OAUTH_STATE, max_age_days=1)
        self.clear_cookie(OAUTH_STATE)
        if not code or kept is None or not auth.same(kept.decode("utf-8", "replace"), state):
            raise Refused(403, "That login did not start here: open the teacher's page again.")
        token = await self.service.hub.token_for_code(code)
        user = await self.service.hub.user(token) if token else None
        if user is None or not user.teacher:
            raise Refused(403, "This page is the teacher's: your hub account is not a teacher's.")
        self.set_signed_cookie(
            TEACHER_COOKIE,
            self.service.settings["teacher_token"],
            expires_days=1,
            httponly=True,
            samesite="Strict",
        )
        self.redirect(self.service.prefix.rstrip("/") + "/teacher")


class KitHandler(BaseHandler):
    """The teacher page's script and style (no secret in them: no token needed)."""

    def get(self, name: str) -> None:
        if name == "live_page.js":
            self.set_header("Content-Type", "text/javascript; charset=utf-8")
            self.finish(kit_script())
        elif name == "live_page.css":
            from evo_lessons.widgets.frontend import assemble

            self.set_header("Content-Type", "text/css; charset=utf-8")
            self.finish(assemble(STATIC / "live_page.css"))
        else:
            raise Refused(404, "There is no such file.")


class TeacherHandler(BaseHandler):
    """Teacher-only API: cookie-authenticated posts must be JSON (no cross-site forms)."""

    async def prepare(self) -> None:
        await super().prepare()
        await self.teacher()
        if self.request.method == "POST":
            kind = self.request.headers.get("Content-Type", "")
            if self.token() is None and not kind.startswith("application/json"):
                raise Refused(400, "The teacher's requests are JSON.")


class SummaryHandler(TeacherHandler):
    """The live page's numbers; ``If-None-Match`` of the version the page has gets 304, for
    the price of the version's few aggregate queries (summary.py)."""

    async def get(self) -> None:
        from .summary import build_summary, summary_version

        self.set_header("Cache-Control", "no-cache")
        version = await self.service.run(summary_version, self.service)
        self.set_header("Etag", f'"{version}"')
        if self.check_etag_header():
            self.set_status(304)
            self.finish()
            return
        found = await self.service.run(build_summary, self.service)
        self.set_header("Etag", f'"{found["version"]}"')
        self.answer(found)


class CsvHandler(TeacherHandler):
    COLUMNS: ClassVar[list[str]] = [
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
        "at",
    ]

    async def get(self) -> None:
        text = await self.service.run(self._csv)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class_results.csv"')
        self.finish(text)

    def _csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(self.COLUMNS)
        with self.service.Session() as db:
            names = {s.id: s.name for s in db.scalars(select(Student))}
            for r in db.scalars(select(Result).order_by(Result.id)):
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
                    r.at.isoformat() + "Z",
                ]
                # a cell starting with = + - @ would be a formula in a spreadsheet
                writer.writerow(
                    ["'" + c if isinstance(c, str) and c[:1] in "=+-@" else c for c in cells]
                )
        return out.getvalue()


class CodesHandler(TeacherHandler):
    async def get(self) -> None:
        text = await self.service.run(self._codes)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(text)

    def _codes(self) -> str:
        with self.service.Session() as db:
            codes = db.scalars(
                select(Result.code).where(Result.status != "refused").order_by(Result.id)
            ).all()
        return "".join(f"{code}\n" for code in codes)


class PauseHandler(TeacherHandler):
    async def post(self) -> None:
        data = self.body({"paused": bool})
        await self.service.run(self.service.set_paused, data["paused"])
        self.answer({"paused": self.service.paused})


class DealHandler(TeacherHandler):
    async def post(self) -> None:
        data = self.body(
            {
                "game": str,
                "seed": (int, type(None)),
                "scenario": (str, type(None)),
                "options": (dict, type(None)),
            },
            optional=("seed", "scenario", "options"),
        )
        game = _game_name(data["game"])
        seed, scenario = data.get("seed"), data.get("scenario")
        options = _check_options(game, data.get("options") or {})
        if seed is not None:
            try:
                check_seed(seed)
            except ValueError as error:
                raise Refused(400, str(error)) from None
        if scenario is not None:
            from evo_lessons.classroom.pooling import Fixed

            if seed is not None:
                raise Refused(400, "Give a seed or a scenario code, not both.")
            try:
                fixed = Fixed.make(scenario.strip())
            except ValueError as error:
                raise Refused(400, f"That scenario code is refused: {str(error)[:200]}") from None
            if fixed.game != game:
                raise Refused(400, f"That scenario is a {fixed.game} game, not {game}.")
        self.answer(await self.service.run(self._deal, game, seed, scenario, options))

    def _deal(self, game, seed, scenario, options) -> dict[str, Any]:
        with self.service.Session() as db:
            deal = db.get(Deal, game)
            if deal is None:
                deal = Deal(game=game, round=1)
                db.add(deal)
            deal.round = (deal.round or 1) + 1
            deal.seed, deal.scenario = seed, scenario.strip() if scenario else None
            deal.options = options or None
            db.commit()
            answer = {
                "game": game,
                "round": deal.round,
                "seed": seed,
                "scenario": bool(scenario),
                "options": options,
            }
        return answer


class RejoinHandler(TeacherHandler):
    """Let a student's name join again (a lost token): the next join with it takes the seat."""

    async def post(self) -> None:
        data = self.body({"student": int})
        self.answer(await self.service.run(self._allow, data["student"]))

    def _allow(self, student_id: int) -> dict[str, Any]:
        with self.service.Session() as db:
            student = db.get(Student, student_id)
            if student is None:
                raise Refused(404, "There is no such student.")
            student.may_rejoin = True
            db.commit()
            return {"student": student.id, "may_rejoin": True}


def routes(service: ClassService, prefix: str = "/") -> list:
    """Every route under ``prefix`` (a hub service's URL prefix, else "/")."""
    given = {"service": service}
    base = prefix.rstrip("/")
    found = [
        (r"/api/join", JoinHandler, given),
        (r"/api/me", MeHandler, given),
        (r"/api/results", ResultsHandler, given),
        (r"/api/games", GamesHandler, given),
        (r"/api/games/([0-9a-f]{1,40})", GameHandler, given),
        (r"/api/games/([0-9a-f]{1,40})/act", ActHandler, given),
        (r"/teacher", TeacherPage, given),
        (r"/oauth_callback", OAuthCallback, given),
        (r"/static/([a-z_]+\.(?:js|css))", KitHandler, given),
        (r"/api/summary", SummaryHandler, given),
        (r"/api/results\.csv", CsvHandler, given),
        (r"/api/codes", CodesHandler, given),
        (r"/api/pause", PauseHandler, given),
        (r"/api/deal", DealHandler, given),
        (r"/api/rejoin", RejoinHandler, given),
    ]
    return [(base + path, handler, kwargs) for path, handler, kwargs in found]


__all__ = ["routes", "served_send_id"]
