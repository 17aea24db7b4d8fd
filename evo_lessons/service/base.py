"""What every handler of the class service shares: JSON in and out, refusals as sentences, who
asks worked out once (see :mod:`.handlers` for the routes and :mod:`.app` for the service).

Kept apart from :mod:`.app` so the handlers import it and the service imports the handlers,
with no module importing another that imports it back.
"""

from __future__ import annotations

import json
import pathlib
from typing import TYPE_CHECKING, Any

import tornado.web

from evo_lessons.i18n import pgettext, speaking
from evo_lessons.widgets.frontend import assemble

from . import auth, language
from .db import Student
from .refused import Refused

if TYPE_CHECKING:
    from .app import ClassService

MAX_BODY = 64 * 1024
STATIC = pathlib.Path(__file__).parent / "static"
TEACHER_COOKIE = "evo_teacher"


class BaseHandler(tornado.web.RequestHandler):
    """JSON in and out, no caching, refusals as sentences, who asks worked out once."""

    service: ClassService

    def initialize(self, service: ClassService) -> None:
        self.service = service

    #: the language this request is answered in (:meth:`request_lang`)
    lang = "en"

    async def _execute(self, *args: Any, **kwargs: Any) -> None:
        """The whole request (its checks, its ruling on the service's threads, its refusal)
        speaks the request's language: every sentence made for it is in that language."""
        self.lang = self.request_lang()
        with speaking(self.lang):
            await super()._execute(*args, **kwargs)

    def request_lang(self) -> str:
        """The request's language: its ``Accept-Language`` (a student's kernel sends the
        lesson's), the shipped language it prefers, else English (:mod:`.language`)."""
        return language.best(self.request.headers.get("Accept-Language"))

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    async def prepare(self) -> None:  # tornado awaits it; subclasses await more checks
        if len(self.request.body or b"") > MAX_BODY:
            text = pgettext("class service", "The request is larger than {size} KiB.")
            raise Refused(413, text.format(size=MAX_BODY // 1024), "too_large")

    def body(self, fields: dict[str, type | tuple[type, ...]], optional=()) -> dict[str, Any]:
        """The JSON body: an object with exactly the given fields of the given types."""
        try:
            data = json.loads(self.request.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            text = pgettext("class service", "The request is not JSON text.")
            raise Refused(400, text, "not_json") from None
        if not isinstance(data, dict):
            text = pgettext("class service", "The request must be a JSON object.")
            raise Refused(400, text, "not_object")
        unknown = set(data) - set(fields)
        if unknown:
            name = sorted(unknown)[0][:40]
            # Translators: {field} is the name of a field of the request ("move_id"): keep it
            text = pgettext("class service", "Unexpected field {field} in the request.")
            raise Refused(400, text.format(field=repr(name)), "unknown_field", field=name)
        for name, kind in fields.items():
            if name not in data:
                if name in optional:
                    continue
                text = pgettext("class service", "The request needs the field {field}.")
                raise Refused(400, text.format(field=repr(name)), "missing_field", field=name)
            value = data[name]
            kinds = kind if isinstance(kind, tuple) else (kind,)
            if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kind):
                text = pgettext("class service", "The field {field} has the wrong type.")
                raise Refused(400, text.format(field=repr(name)), "wrong_type", field=name)
        return data

    def answer(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, default=str))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, Refused):
            found = error.answer()
        elif status_code >= 500:
            found = {
                "error": pgettext("class service", "The class service could not answer that."),
                "code": "service_failed",
            }
        else:  # tornado's own (a path with no route, a method not allowed): its status says
            found = {"error": pgettext("class service", "Refused."), "code": "refused"}
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(found))

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
        """The student holding the request's token (or hub token); 401 otherwise. Read from
        the database on every request: a replaced token stops working in every process."""
        from .rulings import student_by_hub_user, student_by_token

        token = self.token()
        if token is None:
            text = pgettext("class service", "Join the class first: this needs your class token.")
            raise Refused(401, text, "no_token")
        found = await self.service.run(self._with_db, student_by_token, token)
        if found is None and self.service.hub.enabled:
            user = await self.service.hub.user(token)
            if user is not None:
                found = await self.service.run(self._with_db, student_by_hub_user, user.name)
        if found is None:
            if await self.teacher_classes(token, None):
                text = pgettext(
                    "class service", "That is the teacher's token: this is a student's page."
                )
                raise Refused(403, text, "teacher_token")
            text = pgettext(
                "class service", "That class token is not known here: join the class again."
            )
            raise Refused(401, text, "unknown_token")
        if not self.service.asking.enter(found.id):  # a flood slows only its own token
            text = pgettext(
                "class service", "Too many of your requests at once: wait for the last answers."
            )
            raise Refused(429, text, "too_many_requests")
        self._asking = found.id
        return found

    def on_finish(self) -> None:
        asking = getattr(self, "_asking", None)
        if asking is not None:
            self._asking = None
            self.service.asking.leave(asking)

    def _with_db(self, fn, *args):
        with self.service.Session() as db:
            return fn(db, *args)

    async def teacher_classes(self, token: str | None, groups: list[str] | None) -> list[int]:
        from .rulings import teacher_classes

        if token is None and groups is None:
            return []
        return await self.service.run(
            self._with_db, teacher_classes, token, groups, self.service.hub.teacher_group
        )

    def teacher_session(self) -> str | None:
        """The teacher page's session id, from its cookie (None without one)."""
        return self.get_cookie(TEACHER_COOKIE)

    async def teacher(self) -> int:
        """The class the teacher asks about (``?class=ID``, else their first): the teacher
        token's, the page session's, or a hub teacher's (by group). 401/403 otherwise."""
        token = self.token()
        classes = await self.teacher_classes(token, None) if token else []
        session_id = self.teacher_session()  # the page's login (auth: a session, not a token)
        if not classes and session_id is not None:
            classes = await self.service.run(self._with_db, auth.session_classes, session_id)
        if not classes and token is not None and self.service.hub.enabled:
            user = await self.service.hub.user(token)
            if user is not None:
                classes = await self.teacher_classes(None, list(user.groups))
                if not classes and (user.admin or user.teacher):
                    # an admin, or a teacher by a HubAuth that names no groups: every class
                    # taught by the service's teacher group
                    group = self.service.hub.teacher_group
                    classes = await self.teacher_classes(None, [group])
        if not classes:
            if token is None and session_id is None:
                text = pgettext(
                    "class service", "This is the teacher's: it needs the teacher token."
                )
                raise Refused(401, text, "teacher_only")
            text = pgettext(
                "class service", "This is the teacher's: a student's token cannot open it."
            )
            raise Refused(403, text, "teacher_only")
        wanted = self.get_query_argument("class", None)
        if wanted is None:
            return classes[0]
        if not wanted.isdigit() or int(wanted) not in classes:
            raise Refused(403, pgettext("class service", "That class is not yours."), "not_yours")
        return int(wanted)

    def is_teacher_token(self, token: str | None) -> bool:
        """Whether ``token`` is some class's teacher token (on the service's threads)."""
        from .rulings import teacher_classes

        if token is None:
            return False
        with self.service.Session() as db:
            return bool(teacher_classes(db, token))


def kit_script() -> str:
    """The teacher page's script: the front-end kit (dom.js, plot.js) joined with its own."""
    return assemble(STATIC / "live_page.js")
