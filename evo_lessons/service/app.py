"""The class service's web application: tornado handlers over the classes' database.

The HTTP interface is docs/class_service.md. Each handler checks who asks and what they sent
(type, size, shape) before anything runs, answers refusals as ``{"error": sentence}`` and
changes nothing then; what it decides is a ruling of :class:`~.rulings.ClassRulings`, run on a
small thread pool, off the event loop, so a long check never stalls another student's click.
Nothing that decides a ruling is kept only in this process: several processes may serve one
PostgreSQL database (on SQLite, one service per data folder: :func:`hold_folder`).
"""

from __future__ import annotations

import asyncio
import contextvars
import datetime as dt
import functools
import logging
import multiprocessing
import os
import pathlib
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

import tornado.web
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from tornado.ioloop import IOLoop, PeriodicCallback

from evo_lessons.i18n import SOURCE_LANG, current_lang, pgettext, speaking

from . import auth, http_limits, names
from .base import MAX_BODY, STATIC, TEACHER_COOKIE, BaseHandler, Refused, kit_script
from .db import Result, SchoolClass, Setting, database_url, make_engine, session_factory
from .rulings import DEFAULT_CLASS_NAME, ClassRulings, create_class

T = TypeVar("T")
#: beside class.sqlite3: held by the one service using that folder
LOCK_FILE = "class.lock"
#: a send still "received" this many seconds after it came is judged by whichever process
#: sweeps first (its own process died before the verdict); sweeps run this often
SWEEP_AFTER = 20
SWEEP_EVERY = 10
#: a replay waits for sends being stored, in steps of ACK_FIRST_STEP seconds, at most this many
ACK_FIRST_STEPS = 30
ACK_FIRST_STEP = 0.01


def judge_workers() -> int:
    """Worker processes for replays: ``EVO_JUDGE_WORKERS``, else the cores but one (none
    below 3 cores: there, a worker only competes with the service for the same cores)."""
    given = os.environ.get("EVO_JUDGE_WORKERS", "")
    if given.strip().isdigit():
        return int(given)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return min(4, cores - 1) if cores >= 3 else 0


__all__ = [
    "MAX_BODY",
    "STATIC",
    "TEACHER_COOKIE",
    "BaseHandler",
    "ClassService",
    "FolderInUse",
    "Refused",
    "kit_script",
]


class FolderInUse(RuntimeError):
    """Another class service holds this data folder's SQLite database."""


def hold_folder(data: pathlib.Path):
    """This process's hold on a data folder (a lock file beside class.sqlite3), or
    :class:`FolderInUse` with a sentence: two services on one SQLite file would each think
    they alone write it. Released when the process ends (even by kill -9)."""
    import fcntl

    data.mkdir(parents=True, exist_ok=True)
    handle = open(data / LOCK_FILE, "a+")  # noqa: SIM115 (held for the service's life)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        # Translators: {folder} is a folder's path; keep --data and --db (command options)
        text = pgettext(
            "class service",
            "Another class service is already running on {folder}: stop it first, or give "
            "this one another --data folder (several processes of one class need --db "
            "{url}).",
        )
        raise FolderInUse(text.format(folder=data, url="postgresql+psycopg://...")) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


class ClassService:
    """The classes of one database: its engine, served games and the service-wide settings.

    ``hold``: take the data folder's lock file when the database is its SQLite file (a second
    service on the same folder is refused)."""

    def __init__(
        self,
        data: pathlib.Path,
        db_url: str | None = None,
        hub=None,
        prefix: str = "/",
        hold: bool = True,
        new_teacher_token: bool = False,
        trusted_proxy: str | None = None,
    ) -> None:
        self.data = pathlib.Path(data)
        http_limits.secure_folder(self.data)  # 0700, files 0600 (tokens are kept hashed)
        self.prefix = prefix
        #: teacher tokens made by this process, by class id: shown once, never stored
        self.new_tokens: dict[int, str] = {}
        self.trusted_proxies = http_limits.trusted_proxies(trusted_proxy)
        self.send_quota = http_limits.SendQuota()
        self.asking = http_limits.Asking()
        self.url = database_url(self.data, db_url)
        self._hold = hold_folder(self.data) if hold and self.url.startswith("sqlite") else None
        try:
            self._open(hub)
            if new_teacher_token:
                self.renew_teacher_token(self.first_class)
            http_limits.secure_folder(self.data)  # the database's files now exist
        except BaseException:
            if self._hold is not None:
                self._hold.close()
            raise

    def _open(self, hub) -> None:
        from .games import GameHost
        from .summary import SummaryCache

        self.engine = make_engine(self.url)
        self.Session = session_factory(self.engine)
        self.hub = hub if hub is not None else auth.HubAuth()
        self.host = GameHost()
        self.limiter = auth.JoinLimiter()
        self.pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="evo-class")
        #: sends being checked now, per student id (see handlers.SENDS_IN_FLIGHT)
        self.in_flight: dict[int, int] = {}
        self.summaries = SummaryCache(self.Session)
        #: the last summary made per class: (class version, summary, when made: monotonic)
        self.summary_cache: dict[int, tuple[int, dict, float]] = {}
        self._summary_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="evo-summary")
        self._summaries_made: dict[int, asyncio.Future] = {}
        self._judge_pool: Executor | None = None
        self._judging: dict[int, asyncio.Future] = {}
        #: sends being received (stored) now: replays let them go first
        self.receiving = 0
        self._sweeper: PeriodicCallback | None = None
        self.cookie_secret = self._cookie_secret()
        self.first_class = self._first_class()

    def _cookie_secret(self) -> str:
        """The teacher page's cookie secret (service-wide), made once, then read back."""
        with self.Session() as db:
            found = db.get(Setting, "cookie_secret")
            if found is None:
                db.add(Setting(key="cookie_secret", value=auth.new_token()))
                try:
                    db.commit()
                except IntegrityError:  # another process made it at this moment
                    db.rollback()
                found = db.get(Setting, "cookie_secret")
            return found.value

    def _first_class(self) -> int:
        """The first class (made now on an empty database, as one service made one class).

        ``EVO_CLASS_CODE`` in the environment sets its join code (a hub's config gives the same
        code to the service and to every student's server): a new class gets it; the one class
        of a database takes it; in a database of several classes it must be one of theirs."""
        given = auth.join_code_from(os.environ.get("EVO_CLASS_CODE"))
        with self.Session() as db:
            classes = db.scalars(select(SchoolClass).order_by(SchoolClass.id)).all()
            if names.rekey_students(db):  # older seats: compared by their skeleton from now on
                db.commit()
            if not classes:
                try:
                    made = create_class(db, DEFAULT_CLASS_NAME, join_code=given)
                    self.new_tokens[made.id] = getattr(made, "new_teacher_token", "")
                    return made.id
                except ValueError:  # made at this moment by another process
                    db.rollback()
                    classes = db.scalars(select(SchoolClass).order_by(SchoolClass.id)).all()
            if given and all(k.join_code != given for k in classes):
                if len(classes) > 1:
                    text = pgettext(
                        "class service",
                        "{variable} {code} is none of this database's classes' join codes",
                    )
                    raise ValueError(text.format(variable="EVO_CLASS_CODE", code=given))
                classes[0].join_code = given
                db.commit()
            return classes[0].id

    def class_info(self, class_id: int | None = None) -> dict[str, Any]:
        """A class's name, join code and teacher token (the first class's by default)."""
        with self.Session() as db:
            klass = db.get(SchoolClass, class_id or self.first_class)
            if klass is None:
                raise ValueError(pgettext("class service", "there is no such class"))
            return {
                "class": klass.name,
                "class_id": klass.id,
                "join_code": klass.join_code,
                # only when made by this process: the database keeps its hash (auth)
                "teacher_token": self.new_tokens.get(klass.id),
                "paused": klass.paused,
            }

    @property
    def settings(self) -> dict[str, Any]:
        """The first class's join code and teacher token, and the cookie secret (what one
        service of one class had; scripts and tests read it)."""
        return {**self.class_info(), "cookie_secret": self.cookie_secret}

    def where(self) -> str:
        """The database, for people (a PostgreSQL URL without its password)."""
        return self.engine.url.render_as_string(hide_password=True)

    def rulings(self, db, class_id: int) -> ClassRulings:
        return ClassRulings.of(db, class_id, self.host)

    def ruled(self, class_id: int, fn: Callable[[ClassRulings], T]) -> T:
        """``fn(rulings)`` of one class over a fresh session (call it on the service's threads)."""
        with self.Session() as db:
            return fn(ClassRulings.of(db, class_id, self.host))

    async def rule(self, class_id: int, fn: Callable[[ClassRulings], T]) -> T:
        """A ruling of one class, on the service's threads."""
        return await self.run(self.ruled, class_id, fn)

    # -- judging beside -------------------------------------------------------------------
    def _judges(self) -> Executor:
        """Where replays run: worker processes (``EVO_JUDGE_WORKERS``, default: the cores but
        one, none on a 2-core machine where no core is spare), else a thread of their own."""
        if self._judge_pool is None:
            workers = judge_workers()
            if workers > 0:
                context = multiprocessing.get_context("spawn")  # never fork a threaded server
                self._judge_pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
            else:  # a thread of its own: joins, sends and moves never queue behind replays
                self._judge_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="evo-judge")
        return self._judge_pool

    def judge(self, class_id: int, result_id: int, waited_for: bool = False) -> asyncio.Future:
        """Judge a received send (started now, once per process however many ask) and store
        its verdict; the future answers the stored result (cancelling it stops nothing).
        ``waited_for``: a student waits for this verdict (it does not let sends go first)."""
        running = self._judging.get(result_id)
        if running is None:
            running = asyncio.ensure_future(self._judge(class_id, result_id, waited_for))
            self._judging[result_id] = running
            running.add_done_callback(lambda _: self._judging.pop(result_id, None))
        return asyncio.shield(running)

    async def _judge(self, class_id: int, result_id: int, waited_for: bool) -> Result | None:
        from .results import judge_speaking

        # sends being stored go first: a replay nobody waits for waits (a little) for them
        for _ in range(0 if waited_for else ACK_FIRST_STEPS):
            if self.receiving <= 0:
                break
            await asyncio.sleep(ACK_FIRST_STEP)
        wanted = await self.rule(class_id, lambda r: r.to_judge(result_id))
        if wanted is not None:
            code, name, deals = wanted
            loop = asyncio.get_running_loop()
            # judged in the sender's language (the reason is theirs to read), by any process
            judging = functools.partial(judge_speaking, current_lang(), code, name, deals)
            verdict = await loop.run_in_executor(self._judges(), judging)
            return await self.rule(class_id, lambda r: r.judged(result_id, verdict))
        return await self.run(self._result, result_id)

    def _result(self, result_id: int) -> Result | None:
        with self.Session() as db:
            return db.get(Result, result_id)

    async def sweep(self) -> None:
        """Judge sends left "received" (their process died before its verdict): any process
        may; the first verdict stored wins."""
        found = await self.run(self._left_received)
        for class_id, result_id in found:
            if result_id not in self._judging:
                try:
                    await self.judge(class_id, result_id)
                except Exception:  # logged; tried again at the next sweep
                    logging.getLogger(__name__).exception("judging send %s failed", result_id)

    def _left_received(self) -> list[tuple[int, int]]:
        from .db import now

        before = now() - dt.timedelta(seconds=SWEEP_AFTER)
        with self.Session() as db:
            rows = db.execute(
                select(Result.class_id, Result.id)
                .where(Result.status == "received", Result.at < before)
                .order_by(Result.id)
                .limit(200)
            ).all()
        return [(int(c), int(i)) for c, i in rows]

    async def summary(self, class_id: int, version: int) -> dict[str, Any]:
        """A class's summary at ``version`` or newer, made once however many pages ask."""
        making = self._summaries_made.get(class_id)
        if making is None:
            making = asyncio.ensure_future(self._make_summary(class_id))
            self._summaries_made[class_id] = making
            making.add_done_callback(lambda _: self._summaries_made.pop(class_id, None))
        found = await asyncio.shield(making)
        if found["version"] < version:  # made from before this page's version: once more
            return await self.summary(class_id, version)
        return found

    async def _make_summary(self, class_id: int) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self._summary_pool, self._summary_in_english, class_id)
        self.summary_cache[class_id] = (found["version"], found, time.monotonic())
        return found

    def _summary_in_english(self, class_id: int) -> dict[str, Any]:
        """One summary for every page of the class, whatever their language: in the source
        language, its measures named as the page's words name them (the page translates)."""
        with speaking(SOURCE_LANG):
            return self.ruled(class_id, lambda r: r.summary(self))

    async def run(self, fn, *args):
        """Run blocking work (database, replay) on the service's threads, in the request's
        language (the context it is called from: its sentences are the request's)."""
        call = functools.partial(contextvars.copy_context().run, fn, *args)
        return await IOLoop.current().run_in_executor(self.pool, call)

    def renew_teacher_token(self, class_id: int) -> str:
        """A new teacher token for a class (shown once): the old one and every teacher page
        logged in to the class stop working."""
        token = auth.new_token()
        with self.Session() as db:
            klass = db.get(SchoolClass, class_id)
            if klass is None:
                raise ValueError(pgettext("class service", "there is no such class"))
            klass.teacher_token = auth.token_hash(token)
            auth.revoke_sessions(db, class_id)
            db.commit()
        self.new_tokens[class_id] = token
        return token

    def application(self) -> tornado.web.Application:
        from . import handlers

        if self._sweeper is None:
            self._sweeper = PeriodicCallback(self.sweep, SWEEP_EVERY * 1000)
            self._sweeper.start()
        return tornado.web.Application(
            handlers.routes(self, self.prefix),
            cookie_secret=self.cookie_secret,
            xsrf_cookies=False,  # every API call carries its token; the page's posts too
            compress_response=True,
            log_function=http_limits.log_request,  # no token in a log line
        )

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.stop()
        if self._judge_pool is not None:
            self._judge_pool.shutdown(wait=False, cancel_futures=True)
        self.summaries.close()
        self._summary_pool.shutdown(wait=True)
        self.pool.shutdown(wait=True)
        self.engine.dispose()
        if self._hold is not None:
            self._hold.close()
            self._hold = None
