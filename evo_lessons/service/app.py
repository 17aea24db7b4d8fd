"""The class service's web application: tornado handlers over the class's database.

The HTTP interface is docs/class_service.md. Each handler checks who asks and what they sent
(type, size, shape) before anything runs, answers refusals as ``{"error": sentence}`` and
changes nothing then. The database work and every replay run on a small thread pool, off the
event loop, so a long check never stalls another student's click. Writes that must not
interleave (a result's "sent before" check and its insert; one served game's move) hold a lock
of this one process: one service per class.
"""

from __future__ import annotations

import json
import os
import pathlib
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import tornado.web
from sqlalchemy import select
from tornado.ioloop import IOLoop

from evo_lessons.widgets.frontend import assemble

from . import auth
from .db import Setting, Student, database_url, make_engine, session_factory

MAX_BODY = 64 * 1024
STATIC = pathlib.Path(__file__).parent / "static"
TEACHER_COOKIE = "evo_teacher"


class Refused(Exception):
    """A request refused with a status and a sentence a student can read."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status, self.sentence = status, sentence


class ClassService:
    """One class: its database, its join code and teacher token, its served games."""

    def __init__(
        self, data: pathlib.Path, db_url: str | None = None, hub=None, prefix: str = "/"
    ) -> None:
        from .games import GameHost
        from .summary import SummaryCache

        self.data = pathlib.Path(data)
        self.data.mkdir(parents=True, exist_ok=True)
        self.prefix = prefix
        self.url = database_url(self.data, db_url)
        self.engine = make_engine(self.url)
        self.Session = session_factory(self.engine)
        self.hub = hub if hub is not None else auth.HubAuth()
        self.host = GameHost()
        self.limiter = auth.JoinLimiter()
        self.pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="evo-class")
        self.results_lock = threading.Lock()
        self.join_lock = threading.Lock()
        #: students by token hash, as looked up (cleared when a seat is taken over)
        self.known: dict[str, Student] = {}
        #: sends being checked now, per student id (see handlers.SENDS_IN_FLIGHT)
        self.in_flight: dict[int, int] = {}
        self.summaries = SummaryCache()
        self.settings = self._settings()

    def _settings(self) -> dict[str, str]:
        """The join code, teacher token and cookie secret: made once, then read back.

        ``EVO_CLASS_CODE`` in the environment sets the join code (a hub's config gives the same
        code to the service and to every student's server)."""
        wanted = {
            "join_code": auth.new_join_code,
            "teacher_token": auth.new_token,
            "cookie_secret": auth.new_token,
            "paused": lambda: "false",
        }
        with self.Session() as db:
            found = {s.key: s.value for s in db.scalars(select(Setting))}
            for key, make in wanted.items():
                if key not in found:
                    found[key] = make()
                    db.add(Setting(key=key, value=found[key]))
            given = auth.join_code_from(os.environ.get("EVO_CLASS_CODE"))
            if given and given != found["join_code"]:
                found["join_code"] = given
                db.merge(Setting(key="join_code", value=given))
            db.commit()
        return found

    def where(self) -> str:
        """The database, for people (a PostgreSQL URL without its password)."""
        return self.engine.url.render_as_string(hide_password=True)

    @property
    def paused(self) -> bool:
        return self.settings["paused"] == "true"

    def set_paused(self, paused: bool) -> None:
        value = "true" if paused else "false"
        with self.Session() as db:
            db.merge(Setting(key="paused", value=value))
            db.commit()
        self.settings["paused"] = value

    async def run(self, fn, *args):
        """Run blocking work (database, replay) on the service's threads."""
        return await IOLoop.current().run_in_executor(self.pool, fn, *args)

    def application(self) -> tornado.web.Application:
        from . import handlers

        return tornado.web.Application(
            handlers.routes(self, self.prefix),
            cookie_secret=self.settings["cookie_secret"],
            xsrf_cookies=False,  # every API call carries its token; the page's posts too
            compress_response=True,
        )

    def close(self) -> None:
        self.summaries.close()
        self.pool.shutdown(wait=True)
        self.engine.dispose()


class BaseHandler(tornado.web.RequestHandler):
    """JSON in and out, no caching, refusals as sentences, who asks worked out once."""

    service: ClassService

    def initialize(self, service: ClassService) -> None:
        self.service = service

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def prepare(self) -> None:
        if len(self.request.body or b"") > MAX_BODY:
            raise Refused(413, f"The request is larger than {MAX_BODY // 1024} KiB.")

    def body(self, fields: dict[str, type | tuple[type, ...]], optional=()) -> dict[str, Any]:
        """The JSON body: an object with exactly the given fields of the given types."""
        try:
            data = json.loads(self.request.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise Refused(400, "The request is not JSON text.") from None
        if not isinstance(data, dict):
            raise Refused(400, "The request must be a JSON object.")
        unknown = set(data) - set(fields)
        if unknown:
            raise Refused(400, f"Unexpected field {sorted(unknown)[0][:40]!r} in the request.")
        for name, kind in fields.items():
            if name not in data:
                if name in optional:
                    continue
                raise Refused(400, f"The request needs the field {name!r}.")
            value = data[name]
            if isinstance(value, bool) and bool not in (
                kind if isinstance(kind, tuple) else (kind,)
            ):
                raise Refused(400, f"The field {name!r} has the wrong type.")
            if not isinstance(value, kind):
                raise Refused(400, f"The field {name!r} has the wrong type.")
        return data

    def answer(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, default=str))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, Refused):
            sentence = error.sentence
        elif isinstance(error, tornado.web.HTTPError) and error.log_message:
            sentence = error.log_message if status_code < 500 else "The service failed."
        else:
            sentence = "The service could not answer that." if status_code >= 500 else "Refused."
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"error": sentence}))

    def log_exception(self, typ, value, tb) -> None:
        if isinstance(value, Refused):
            return
        super().log_exception(typ, value, tb)

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(e, Refused):
            if not self._finished:
                self.send_error(e.status, exc_info=(type(e), e, e.__traceback__))
            return
        super()._handle_request_exception(e)

    # -- who asks ---------------------------------------------------------------------------
    def token(self) -> str | None:
        return auth.bearer(self.request.headers.get("Authorization"))

    async def student(self) -> Student:
        """The student holding the request's token (or hub token); 401 otherwise."""
        token = self.token()
        if token is None:
            raise Refused(401, "Join the class first: this needs your class token.")
        key = auth.token_hash(token)
        found = self.service.known.get(key)
        if found is None:
            found = await self.service.run(self._student_by_token, key)
            if found is not None:
                self.service.known[key] = found
        if found is None and self.service.hub.enabled:
            user = await self.service.hub.user(token)
            if user is not None:
                found = await self.service.run(self._student_by_hub, user.name)
        if found is None:
            if self.is_teacher_token(token):
                raise Refused(403, "That is the teacher's token: this is a student's page.")
            raise Refused(401, "That class token is not known here: join the class again.")
        return found

    def _student_by_token(self, key: str) -> Student | None:
        with self.service.Session() as db:
            return db.scalar(select(Student).where(Student.token_hash == key))

    def _student_by_hub(self, name: str) -> Student | None:
        with self.service.Session() as db:
            return db.scalar(select(Student).where(Student.hub_user == name))

    def is_teacher_token(self, token: str | None) -> bool:
        return token is not None and auth.same(token, self.service.settings["teacher_token"])

    async def teacher(self) -> None:
        """Pass only the teacher (token, the page's signed cookie, or the hub's teacher)."""
        token = self.token()
        if self.is_teacher_token(token):
            return
        cookie = self.get_signed_cookie(TEACHER_COOKIE, max_age_days=2)
        if cookie is not None and self.is_teacher_token(cookie.decode("utf-8", "replace")):
            return
        if token is not None and self.service.hub.enabled:
            user = await self.service.hub.user(token)
            if user is not None and user.teacher:
                return
        if token is None and cookie is None:
            raise Refused(401, "This is the teacher's: it needs the teacher token.")
        raise Refused(403, "This is the teacher's: a student's token cannot open it.")


def kit_script() -> str:
    """The teacher page's script: the front-end kit (dom.js, plot.js) joined with its own."""
    return assemble(STATIC / "live_page.js")
