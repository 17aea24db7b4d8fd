"""The service's routes: students (join, results, served games) and the teacher.

Each handler reads its body through :meth:`BaseHandler.body` (exact fields, exact types),
checks who asks (and so which class), then calls one ruling of
:class:`~.rulings.ClassRulings` on the service's threads (:meth:`ClassService.rule`).
A student only ever reaches rows carrying their own id: another student's game answers 404,
exactly as a game that does not exist, and a send id someone else used answers 409.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import time
from typing import TYPE_CHECKING, ClassVar

from evo_lessons.i18n import pgettext

from . import auth, http_limits, language, names, page_words
from .base import STATIC, TEACHER_COOKIE, BaseHandler, Refused, kit_script
from .exports import CSV_COLUMNS
from .games import served_send_id
from .results import answer_of
from .rulings import PAUSED, ClassRulings, check_join_id, check_move_id, class_lang

if TYPE_CHECKING:
    from .app import ClassService

#: sends being checked at once for one student (a resend waits: 429, and the queue retries)
SENDS_IN_FLIGHT = 2
#: the least time between two summaries of one class made by one process (seconds)
SUMMARY_EVERY = 1.0
#: how long a send waits for its verdict before it is answered "received" (seconds)
VERDICT_WAIT = 2.5
OAUTH_STATE = "evo_oauth_state"


# -- students -------------------------------------------------------------------------------------
class JoinHandler(BaseHandler):
    async def post(self) -> None:
        data = self.body({"join_code": str, "name": str, "join_id": str}, optional=("join_id",))
        join_id = check_join_id(data.get("join_id"))
        hub_user = None
        token = self.token()
        if token is not None and self.service.hub.enabled:
            user = await self.service.hub.user(token)
            hub_user = user.name if user is not None else None
        # on a hub every kernel comes through the proxy (one address): the hub user is the
        # student's machine there; elsewhere a forwarded address only from a trusted proxy
        address = http_limits.client_address(self.request, self.service.trusted_proxies)
        asker = f"hub:{hub_user}" if hub_user else address
        if not self.service.limiter.allow(asker):
            text = pgettext(
                "class service", "Too many joins from this address: wait a minute and try again."
            )
            raise Refused(429, text, "join_limit")
        refusal = names.hub_refusal(self.service.hub.enabled, hub_user)
        if refusal is not None:  # on a hub a seat is the hub user (N4)
            raise Refused(403, refusal, "hub_account")
        code, name = data["join_code"], data["name"]
        token, student = await self.service.run(self._join, code, name, hub_user, join_id)
        self.answer({"token": token, "student": {"id": student.id, "name": student.name}})

    def _join(self, code: str, name: str, hub_user: str | None, join_id: str | None = None):
        with self.service.Session() as db:
            try:
                rulings = ClassRulings.by_join_code(db, code, self.service.host)
            except Refused:
                # not a class's join code: the teacher's one-time code for one seat? (names)
                found = names.join_by_ticket(db, code, name)
                if found is None:
                    raise
                return found
            return rulings.join(name, hub_user, join_id)


class MeHandler(BaseHandler):
    async def get(self) -> None:
        student = await self.student()
        self.answer(await self.service.rule(student.class_id, lambda r: r.me(student)))


class ResultsHandler(BaseHandler):
    """A sent code: stored durably first (status "received"), then judged beside (worker
    processes or the service's threads). A client sending ``Prefer: respond-async`` is
    answered 202 "received" at once and reads the verdict later (``GET /api/results/<id>``,
    or ``/api/me``); any other waits for the verdict (202 "received" if it takes longer than
    :data:`VERDICT_WAIT`: the send is kept and judged, and a resend answers the verdict)."""

    async def post(self) -> None:
        student = await self.student()
        data = self.body({"send_id": str, "code": str})
        send_id, code = data["send_id"], data["code"]
        quota = self.service.send_quota
        flights = self.service.in_flight
        if flights.get(student.id, 0) >= SENDS_IN_FLIGHT:
            text = pgettext(
                "class service", "Your last results are still being checked: send this again soon."
            )
            raise Refused(429, text, "results_busy")
        flights[student.id] = flights.get(student.id, 0) + 1
        try:
            self.service.receiving += 1
            try:
                result = await self.service.rule(
                    student.class_id, lambda r: r.receive(student, send_id, code, quota=quota)
                )
            finally:
                self.service.receiving -= 1
            if result.status == "received":
                waits = "respond-async" not in self.request.headers.get("Prefer", "")
                judging = self.service.judge(student.class_id, result.id, waits)  # started now
                if waits:
                    # no verdict in time: judged beside all the same, stored when it lands
                    with contextlib.suppress(TimeoutError):
                        result = await asyncio.wait_for(judging, VERDICT_WAIT) or result
        finally:
            flights[student.id] -= 1
        self.answer(answer_of(result), 202 if result.status == "received" else 200)


class SendHandler(BaseHandler):
    """One send's status (a client polls it while "received")."""

    async def get(self, send_id: str) -> None:
        student = await self.student()
        result = await self.service.rule(student.class_id, lambda r: r.status(student, send_id))
        self.answer(answer_of(result))


class GamesHandler(BaseHandler):
    async def post(self) -> None:
        student = await self.student()
        data = self.body({"game": str, "options": dict}, optional=("options",))
        game, options = data["game"], data.get("options") or {}
        self.answer(
            await self.service.rule(
                student.class_id, lambda r: r.start_game(student, game, options)
            )
        )


def _since(handler: BaseHandler) -> int | None:
    """The version (move count) the client holds, if it says (``?since=N``): the answer then
    carries only the metric rows and log lines after it, made so (games.GameHost.payload)."""
    text = handler.get_query_argument("since", None)
    if text is None:
        return None
    if not text.isdigit() or len(text) > 9:
        # Translators: "since" is the name of a parameter of the request: keep it
        text = pgettext("class service", "since is the game's move count the page holds.")
        raise Refused(400, text, "bad_since", field="since")
    return int(text)


def _lean(handler: BaseHandler) -> bool:
    """``?lean=1``: the answer leaves out ``board`` and ``description`` (the kernel draws them
    from the observation itself)."""
    return handler.get_query_argument("lean", None) == "1"


class GameHandler(BaseHandler):
    async def get(self, game_id: str) -> None:
        student = await self.student()
        since, lean = _since(self), _lean(self)
        payload = await self.service.rule(
            student.class_id, lambda r: r.game(student, game_id, since, lean)
        )
        self.answer(payload)


class ActHandler(BaseHandler):
    async def post(self, game_id: str) -> None:
        student = await self.student()
        data = self.body(
            {"move": int, "index": int, "helper": bool, "move_id": str},
            optional=("index", "helper", "move_id"),
        )
        move, index, helper = data["move"], data.get("index"), data.get("helper", False)
        move_id = check_move_id(data.get("move_id"))
        since, lean = _since(self), _lean(self)
        payload = await self.service.rule(
            student.class_id,
            lambda r: r.act(student, game_id, move, index, helper, move_id, since, lean),
        )
        self.answer(payload)


# -- the teacher ----------------------------------------------------------------------------------
class TeacherPage(BaseHandler):
    """The live page, in its language (:func:`.page_words.page_lang`): ``?lang=``, the
    teacher's choice (its cookie), the browser's Accept-Language, English."""

    def request_lang(self) -> str:
        return page_words.page_lang(
            self.get_query_argument("lang", None),
            self.get_cookie(page_words.LANG_COOKIE),
            self.request.headers.get("Accept-Language"),
        )

    def _back_to_page(self) -> None:
        """To the page itself (its language kept in the address when it was given)."""
        lang = self.get_query_argument("lang", None)
        where = self.service.prefix.rstrip("/") + "/teacher"
        self.redirect(where + (f"?lang={self.lang}" if lang else ""))

    async def get(self) -> None:
        token = self.get_query_argument("token", None)
        if token is not None:
            classes = await self.teacher_classes(token, None)
            if not classes:
                text = pgettext("class service", "That is not this class's teacher token.")
                raise Refused(403, text, "bad_teacher_token")
            # the cookie is a new session's random id, never the token (auth)
            session_id = await self.service.run(self._with_db, auth.new_session, "token", classes)
            auth.set_session_cookie(self, TEACHER_COOKIE, session_id, self.service.prefix)
            self._back_to_page()
            return
        try:
            class_id = await self.teacher()
        except Refused:
            if self.service.hub.oauth:  # on a hub: log in there, come back to /oauth_callback
                state = auth.new_token()
                self.set_signed_cookie(
                    OAUTH_STATE,
                    state,
                    expires_days=1,
                    httponly=True,
                    samesite="Lax",
                    path=self.service.prefix,  # never sent to a student's server on the hub
                    secure=self.request.protocol == "https",
                )
                self.redirect(self.service.hub.authorize_url(state))
                return
            self.set_status(401)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            # Translators: {token} is the end of the page's address: keep it as it is
            text = html.escape(
                pgettext(
                    "live page",
                    "Open this page with the address the class service printed when it started "
                    "(it ends in {token}).",
                )
            ).format(token="<code>?token=...</code>")  # (a translation is text, never markup)
            title = pgettext("live page", "Class")
            lang = html.escape(self.lang.replace("_", "-"))
            self.finish(
                f'<!doctype html><html lang="{lang}"><title>{html.escape(title)}</title>'
                f"<p>{text}</p></html>"
            )
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page_words.page_html(await self._class_page_lang(class_id), _template()))

    async def _class_page_lang(self, class_id: int) -> str:
        """The page's language with the class's own (``class new --lang``) after the address's
        and the teacher's choice, before the browser's."""
        explicit = language.chosen(self.get_query_argument("lang", None)) or language.chosen(
            self.get_cookie(page_words.LANG_COOKIE)
        )
        if explicit:
            return explicit
        set_for_class = await self.service.run(self._with_db, class_lang, class_id)
        return set_for_class or self.lang


def _template() -> str:
    """The live page's template (read once: the service's files do not change under it)."""
    global _TEMPLATE
    if _TEMPLATE is None:
        _TEMPLATE = (STATIC / "live_page.html").read_text(encoding="utf-8")
    return _TEMPLATE


_TEMPLATE: str | None = None


class OAuthCallback(BaseHandler):
    """Back from the hub's login: a hub teacher gets the teacher's page cookie."""

    async def get(self) -> None:
        code = self.get_query_argument("code", "")
        state = self.get_query_argument("state", "")
        kept = self.get_signed_cookie(OAUTH_STATE, max_age_days=1)
        self.clear_cookie(OAUTH_STATE, path=self.service.prefix)
        if not code or kept is None or not auth.same(kept.decode("utf-8", "replace"), state):
            text = pgettext(
                "class service", "That login did not start here: open the teacher's page again."
            )
            raise Refused(403, text, "oauth_state")
        token = await self.service.hub.token_for_code(code)
        user = await self.service.hub.user(token) if token else None
        classes = await self.teacher_classes(None, list(user.groups)) if user else []
        if user is not None and not classes and (user.teacher or user.admin):
            classes = await self.teacher_classes(None, [self.service.hub.teacher_group])
        if not classes:
            text = pgettext(
                "class service", "This page is the teacher's: your hub account is not a teacher's."
            )
            raise Refused(403, text, "not_a_teacher")
        session_id = await self.service.run(
            self._with_db, auth.new_session, f"hub:{user.name}" if user else "hub", classes
        )
        auth.set_session_cookie(self, TEACHER_COOKIE, session_id, self.service.prefix)
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
            raise Refused(404, pgettext("class service", "There is no such file."), "no_such_file")


class TeacherHandler(BaseHandler):
    """Teacher-only API: cookie-authenticated posts must be JSON (no cross-site forms)."""

    class_id: int

    async def prepare(self) -> None:
        await super().prepare()
        self.class_id = await self.teacher()
        if self.request.method == "POST":
            kind = self.request.headers.get("Content-Type", "")
            if self.token() is None and not kind.startswith("application/json"):
                text = pgettext("class service", "The teacher's requests are JSON.")
                raise Refused(400, text, "teacher_json")

    async def rule(self, fn):
        return await self.service.rule(self.class_id, fn)


class SummaryHandler(TeacherHandler):
    """The live page's numbers; answered 304 when the class has not changed since the page's
    last answer (``If-None-Match`` of the version). One summary is made at a time per class
    and process, on a thread of its own (never all the threads students' sends need), and at
    most once per :data:`SUMMARY_EVERY` seconds (a page asking sooner waits for the next one):
    every page asking meanwhile gets that one."""

    async def get(self) -> None:
        service, class_id = self.service, self.class_id
        version = await self.rule(lambda r: r.version())
        kept = service.summary_cache.get(class_id)
        if kept is not None and kept[0] == version:
            found = kept[1]
        else:
            if kept is not None:  # a busy class: at most one summary a SUMMARY_EVERY
                await asyncio.sleep(max(0.0, kept[2] + SUMMARY_EVERY - time.monotonic()))
            found = await service.summary(class_id, version)
            version = found["version"]
        etag = f'"{class_id}-{version}"'
        self.set_header("ETag", etag)
        asked = self.request.headers.get("If-None-Match", "")
        if etag in [tag.strip() for tag in asked.split(",")]:
            self.set_status(304)
            self.finish()
            return
        self.answer(found)

    def compute_etag(self) -> str | None:
        return None  # the ETag is the class version, set above


class CsvHandler(TeacherHandler):
    COLUMNS: ClassVar[list[str]] = CSV_COLUMNS

    async def get(self) -> None:
        text = await self.rule(lambda r: r.results_csv())
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class_results.csv"')
        self.finish(text.encode("utf-8"))


class CodesHandler(TeacherHandler):
    async def get(self) -> None:
        practice = self.get_query_argument("practice", None)
        text = await self.rule(lambda r: r.codes(practice))
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(text)


class PauseHandler(TeacherHandler):
    async def post(self) -> None:
        paused = self.body({"paused": bool})["paused"]
        self.answer(await self.rule(lambda r: r.pause(paused)))


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
        game, seed, scenario = data["game"], data.get("seed"), data.get("scenario")
        options = data.get("options") or {}
        self.answer(await self.rule(lambda r: r.deal(game, seed, scenario, options)))


class LogoutHandler(TeacherHandler):
    """The teacher's page logs out: its session ends here (the cookie alone opens nothing)."""

    async def post(self) -> None:
        session_id = self.teacher_session()
        await self.service.run(self._with_db, auth.revoke_session, session_id)
        self.clear_cookie(TEACHER_COOKIE, path=self.service.prefix)
        self.answer({"logged_out": session_id is not None})


class RejoinHandler(TeacherHandler):
    """Let a student's name join again (a lost token): the next join with it takes the seat."""

    async def post(self) -> None:
        student = self.body({"student": int})["student"]
        self.answer(await self.rule(lambda r: r.allow_rejoin(student)))


def routes(service: ClassService, prefix: str = "/") -> list:
    """Every route under ``prefix`` (a hub service's URL prefix, else "/")."""
    given = {"service": service}
    base = prefix.rstrip("/")
    found = [
        (r"/api/join", JoinHandler, given),
        (r"/api/me", MeHandler, given),
        (r"/api/results", ResultsHandler, given),
        (r"/api/results/([0-9a-f]{32})", SendHandler, given),
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
        (r"/api/logout", LogoutHandler, given),
    ]
    return [(base + path, handler, kwargs) for path, handler, kwargs in found]


__all__ = ["PAUSED", "routes", "served_send_id"]
