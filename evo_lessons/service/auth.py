"""Who is asking: student tokens, the teacher token, a JupyterHub's tokens, and join limits.

A student token is 32 random bytes from :mod:`secrets`, given once at join and kept only as
its SHA-256 hash (a copy of the database hands nobody a seat). The teacher token too: it is
printed once, when the class is made (or when ``--new-teacher-token`` replaces it), and only its
hash is kept; a restarted service says the printed link still works. Hashes are compared with
:func:`hmac.compare_digest`.

The teacher's page does not carry the token: opening the printed link makes a **teacher
session** (a random id, its hash a row of ``teacher_sessions``) and the browser keeps only that
id, in a cookie that is HttpOnly, SameSite=Strict, Secure under https and limited to the
service's URL prefix (under a hub, a student's server on the same host never receives it).
A session is revoked by logging out, by ``--new-teacher-token``, or when it expires (a day).

On a JupyterHub the service also accepts the hub's own token: it asks the hub who holds it
(``GET $JUPYTERHUB_API_URL/user`` with that token, tornado's AsyncHTTPClient; no jupyterhub
import) and caches the answer for a minute. A hub user in the configured teacher group (or an
admin) is the teacher; any other hub user is a student under their hub name.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass

from sqlalchemy import JSON, Boolean, DateTime, String, select, update
from sqlalchemy.orm import Mapped, mapped_column

from evo_lessons.i18n import pgettext

from .db import Base, now

#: join attempts allowed per address in a minute (a class of 30 behind one school NAT fits;
#: a whole school behind one address: set EVO_JOINS_PER_MINUTE)
JOINS_PER_WINDOW = 60
JOIN_WINDOW = 60.0
HUB_CACHE_SECONDS = 60.0
#: how long a teacher's page session lasts
SESSION_HOURS = 24
#: join codes avoid letters read alike on a projector (0/O, 1/I/L)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def same_hash(token: str | None, stored: str | None) -> bool:
    """Whether ``token``'s SHA-256 is ``stored`` (constant time; False for None)."""
    if not token or not stored:
        return False
    return hmac.compare_digest(token_hash(token).encode(), stored.encode())


class TeacherSession(Base):
    """One teacher's page login: only the hash of its random id is kept."""

    __tablename__ = "teacher_sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: "token" (the printed link) or the hub user who logged in
    who: Mapped[str] = mapped_column(String(200))
    #: the ids of the classes this login may see
    classes: Mapped[list] = mapped_column(JSON, default=list)
    made: Mapped[dt.datetime] = mapped_column(DateTime, default=now)
    expires: Mapped[dt.datetime] = mapped_column(DateTime)
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)


def new_session(db, who: str, classes: list[int]) -> str:
    """A new teacher session's id for ``classes`` (the cookie's value; only its hash is
    stored)."""
    session_id = new_token()
    db.add(
        TeacherSession(
            id_hash=token_hash(session_id),
            who=who[:200],
            classes=list(classes),
            expires=now() + dt.timedelta(hours=SESSION_HOURS),
        )
    )
    db.commit()
    return session_id


def session_classes(db, session_id: str | None) -> list[int]:
    """The classes a live teacher session may see ([] for none, revoked or expired)."""
    if not session_id or len(session_id) > 200:
        return []
    row = db.get(TeacherSession, token_hash(session_id))
    if row is None or row.revoked or row.expires <= now():
        return []
    return [int(c) for c in row.classes or []]


def revoke_session(db, session_id: str | None) -> None:
    if session_id:
        db.execute(
            update(TeacherSession)
            .where(TeacherSession.id_hash == token_hash(session_id[:200]))
            .values(revoked=True)
        )
        db.commit()


def revoke_sessions(db, class_id: int) -> None:
    """Every teacher session that may see ``class_id`` ends (a new teacher token)."""
    for row in db.scalars(select(TeacherSession).where(TeacherSession.revoked.is_(False))):
        if class_id in (row.classes or []):
            row.revoked = True


def set_session_cookie(handler, name: str, session_id: str, prefix: str) -> None:
    """The teacher's cookie: HttpOnly, SameSite=Strict, Secure under https, the prefix's path."""
    handler.set_cookie(
        name,
        session_id,
        path=prefix if prefix.endswith("/") else prefix + "/",
        httponly=True,
        samesite="Strict",
        secure=handler.request.protocol == "https",
        expires_days=1,
    )


def new_join_code() -> str:
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
    return f"{letters[:3]}-{letters[3:]}"


def join_code_from(text: str | None) -> str | None:
    """A join code given by the teacher (4 to 20 letters, digits or dashes), upper case."""
    if not text:
        return None
    code = text.strip().upper()
    if not (4 <= len(code) <= 20) or not all(
        c.isascii() and (c.isalnum() or c == "-") for c in code
    ):
        text = pgettext("class service", "{variable} is 4 to 20 letters, digits or dashes")
        raise ValueError(text.format(variable="EVO_CLASS_CODE"))
    return code


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: token T`` (or ``Bearer T``) header."""
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() not in ("token", "bearer") or not value.strip():
        return None
    value = value.strip()
    return value if len(value) <= 200 else None


class JoinLimiter:
    """At most ``limit`` join attempts per address in ``window`` seconds (a sliding window)."""

    def __init__(self, limit: int | None = None, window: float = JOIN_WINDOW) -> None:
        if limit is None:
            try:
                limit = int(os.environ.get("EVO_JOINS_PER_MINUTE", JOINS_PER_WINDOW))
            except ValueError:
                limit = JOINS_PER_WINDOW
        self.limit, self.window = max(1, limit), window
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, address: str) -> bool:
        moment = time.monotonic()
        with self._lock:
            times = self._seen.setdefault(address, deque())
            while times and moment - times[0] > self.window:
                times.popleft()
            if len(times) >= self.limit:
                return False
            times.append(moment)
            if len(self._seen) > 10_000:  # forget idle addresses, bounded memory
                for key in [k for k, v in self._seen.items() if not v]:
                    del self._seen[key]
            return True


@dataclass(frozen=True)
class HubUser:
    name: str
    teacher: bool
    #: the hub groups (a class may name the group that teaches it) and whether a hub admin
    groups: tuple[str, ...] = ()
    admin: bool = False


class HubAuth:
    """Checks a JupyterHub token with the hub's API (only when the service runs under a hub)."""

    def __init__(
        self,
        api_url: str | None = None,
        teacher_group: str | None = None,
        environment: dict[str, str] | None = None,
    ) -> None:
        env = os.environ if environment is None else environment
        self.api_url = (api_url or env.get("JUPYTERHUB_API_URL") or "").rstrip("/")
        self.teacher_group = teacher_group or env.get("EVO_TEACHER_GROUP", "teachers")
        # the hub's OAuth for the teacher's page: what a hub-managed service is given
        self.client_id = env.get("JUPYTERHUB_CLIENT_ID", "")
        self.client_secret = env.get("JUPYTERHUB_API_TOKEN", "")
        self.callback = env.get("JUPYTERHUB_OAUTH_CALLBACK_URL", "")
        self.authorize = (
            env.get("JUPYTERHUB_HOST", "")
            + env.get("JUPYTERHUB_BASE_URL", "/").rstrip("/")
            + "/hub/api/oauth2/authorize"
        )
        self._cache: dict[str, tuple[float, HubUser | None]] = {}

    @property
    def enabled(self) -> bool:
        return bool(self.api_url)

    @property
    def oauth(self) -> bool:
        """Whether the teacher's page may log in through the hub (a hub-managed service)."""
        return bool(self.enabled and self.client_id and self.client_secret and self.callback)

    def authorize_url(self, state: str) -> str:
        """Where the browser goes to log in at the hub (it comes back to :attr:`callback`)."""
        from urllib.parse import urlencode

        query = {
            "client_id": self.client_id,
            "redirect_uri": self.callback,
            "response_type": "code",
            "state": state,
        }
        return f"{self.authorize}?{urlencode(query)}"

    async def token_for_code(self, code: str) -> str | None:
        """The hub's access token for an OAuth code (None if the hub refuses it)."""
        from urllib.parse import urlencode

        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        body = urlencode(
            {
                "client_id": self.client_id,
                "client_secret": self.client_secret,
                "grant_type": "authorization_code",
                "code": code[:400],
                "redirect_uri": self.callback,
            }
        )
        try:
            answer = await AsyncHTTPClient().fetch(
                f"{self.api_url}/oauth2/token",
                method="POST",
                body=body,
                request_timeout=10,
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
            token = json.loads(answer.body).get("access_token")
        except (HTTPClientError, OSError, ValueError, AttributeError):
            return None
        return token if isinstance(token, str) and token else None

    async def user(self, token: str) -> HubUser | None:
        """The hub user holding ``token``, or None (not a hub token, or no hub)."""
        if not self.enabled:
            return None
        key = token_hash(token)
        cached = self._cache.get(key)
        if cached and time.monotonic() - cached[0] < HUB_CACHE_SECONDS:
            return cached[1]
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        try:
            answer = await AsyncHTTPClient().fetch(
                f"{self.api_url}/user",
                headers={"Authorization": f"token {token}"},
                request_timeout=10,
            )
            model = json.loads(answer.body)
        except (HTTPClientError, OSError, ValueError):
            model = None
        found = None
        if isinstance(model, dict) and isinstance(model.get("name"), str):
            groups = model.get("groups") or []
            teacher = bool(model.get("admin")) or self.teacher_group in groups
            found = HubUser(
                model["name"][:60],
                teacher,
                tuple(g for g in groups if isinstance(g, str))[:100],
                bool(model.get("admin")),
            )
        if len(self._cache) > 5_000:
            self._cache.clear()
        self._cache[key] = (time.monotonic(), found)
        return found
