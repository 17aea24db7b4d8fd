"""The class service's web application: tornado handlers over the class's database.

The HTTP interface is docs/class_service.md. Each handler checks who asks and what they sent
(type, size, shape) before anything runs, answers refusals as ``{"error": sentence}`` and
changes nothing then. The database work and every replay run on a small thread pool, off the
event loop, so a long check never stalls another student's click. Writes that must not
interleave (a result's "sent before" check and its insert; one served game's move) hold a lock
of this one process: one service per class.
"""

from __future__ import annotations

import os
import pathlib
import threading
from concurrent.futures import ThreadPoolExecutor

import tornado.web
from sqlalchemy import select
from tornado.ioloop import IOLoop

from . import auth, deal_secret, http_limits, names
from .base import MAX_BODY, STATIC, TEACHER_COOKIE, BaseHandler, Refused, kit_script
from .db import Setting, Student, database_url, make_engine, session_factory

__all__ = [
    "MAX_BODY",
    "STATIC",
    "TEACHER_COOKIE",
    "BaseHandler",
    "ClassService",
    "Refused",
    "kit_script",
]


class ClassService:
    """One class: its database, its join code and teacher token, its served games."""

    def __init__(
        self,
        data: pathlib.Path,
        db_url: str | None = None,
        hub=None,
        prefix: str = "/",
        new_teacher_token: bool = False,
        trusted_proxy: str | None = None,
    ) -> None:
        from .games import GameHost
        from .summary import SummaryCache

        self.data = pathlib.Path(data)
        http_limits.secure_folder(self.data)  # 0700, files 0600 (the database holds hashes)
        self.prefix = prefix
        self.url = database_url(self.data, db_url)
        self.engine = make_engine(self.url)
        self.Session = session_factory(self.engine)
        self.hub = hub if hub is not None else auth.HubAuth()
        self.host = GameHost()
        self.limiter = auth.JoinLimiter()
        self.pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="evo-class")
        #: judging sent codes: threads of its own, so a flood of sends slows only sends
        self.judging = ThreadPoolExecutor(max_workers=2, thread_name_prefix="evo-judge")
        self.trusted_proxies = http_limits.trusted_proxies(trusted_proxy)
        self.send_quota = http_limits.SendQuota()
        self.results_lock = threading.Lock()
        self.join_lock = threading.Lock()
        #: students by token hash, as looked up (cleared when a seat is taken over)
        self.known: dict[str, Student] = {}
        #: sends being checked now, per student id (see handlers.SENDS_IN_FLIGHT)
        self.in_flight: dict[int, int] = {}
        self.summaries = SummaryCache()
        #: the teacher token, only in the process that made it (printed once, never stored)
        self.teacher_token: str | None = None
        self.settings = self._settings(new_teacher_token)
        self.host.secret = self.settings[deal_secret.SETTING]
        http_limits.secure_folder(self.data)  # the database's files now exist

    def _settings(self, new_teacher_token: bool = False) -> dict[str, str]:
        """The join code, teacher token's hash, cookie and deal secrets: made once, then read
        back (the teacher token itself only when made: see :func:`.auth.settle_teacher_token`).

        ``EVO_CLASS_CODE`` in the environment sets the join code (a hub's config gives the same
        code to the service and to every student's server)."""
        wanted = {
            "join_code": auth.new_join_code,
            "cookie_secret": auth.new_token,
            deal_secret.SETTING: deal_secret.new_secret,
            "paused": lambda: "false",
        }
        with self.Session() as db:
            found = {s.key: s.value for s in db.scalars(select(Setting))}
            for key, make in wanted.items():
                if key not in found:
                    found[key] = make()
                    db.add(Setting(key=key, value=found[key]))
            self.teacher_token = auth.settle_teacher_token(db, found, renew=new_teacher_token)
            if self.teacher_token is not None:  # kept in memory for the one print (and tests)
                found["teacher_token"] = self.teacher_token
            given = auth.join_code_from(os.environ.get("EVO_CLASS_CODE"))
            if given and given != found["join_code"]:
                found["join_code"] = given
                db.merge(Setting(key="join_code", value=given))
            names.rekey_students(db)  # older seats: compared by their skeleton from now on
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

    async def run_judging(self, fn, *args):
        """Judge a sent code (and store it) on the judging threads, apart from moves."""
        return await IOLoop.current().run_in_executor(self.judging, fn, *args)

    def application(self) -> tornado.web.Application:
        from . import handlers

        return tornado.web.Application(
            handlers.routes(self, self.prefix),
            cookie_secret=self.settings["cookie_secret"],
            xsrf_cookies=False,  # every API call carries its token; the page's posts too
            compress_response=True,
            log_function=http_limits.log_request,  # no token in a log line
        )

    def close(self) -> None:
        self.summaries.close()
        self.pool.shutdown(wait=True)
        self.judging.shutdown(wait=True)
        self.engine.dispose()
