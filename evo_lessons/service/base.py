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

from evo_lessons.widgets.frontend import assemble

from . import auth
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

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    async def prepare(self) -> None:  # tornado awaits it; subclasses await more checks
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
        """The student holding the request's token (or hub token); 401 otherwise. Read from
        the database on every request: a replaced token stops working in every process."""
        from .rulings import student_by_hub_user, student_by_token

        token = self.token()
        if token is None:
            raise Refused(401, "Join the class first: this needs your class token.")
        found = await self.service.run(self._with_db, student_by_token, token)
        if found is None and self.service.hub.enabled:
            user = await self.service.hub.user(token)
            if user is not None:
                found = await self.service.run(self._with_db, student_by_hub_user, user.name)
        if found is None:
            if await self.teacher_classes(token, None):
                raise Refused(403, "That is the teacher's token: this is a student's page.")
            raise Refused(401, "That class token is not known here: join the class again.")
        if not self.service.asking.enter(found.id):  # a flood slows only its own token
            raise Refused(429, "Too many of your requests at once: wait for the last answers.")
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
                raise Refused(401, "This is the teacher's: it needs the teacher token.")
            raise Refused(403, "This is the teacher's: a student's token cannot open it.")
        wanted = self.get_query_argument("class", None)
        if wanted is None:
            return classes[0]
        if not wanted.isdigit() or int(wanted) not in classes:
            raise Refused(403, "That class is not yours.")
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
