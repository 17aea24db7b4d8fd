"""A student's seat in a live class: join, send every result as it ends, play counted games.

The class service (``evo-teacher class serve``, docs/class_service.md) is the teacher's; this
module is the kernel's side of it, over HTTP only (nothing here imports the service)::

    from evo_lessons.live import join_class
    seat = join_class("http://10.0.0.5:8765", "K7P-4QX", "Ada")
    seat.send(result_code)        # counted, apart or refused by the service; queued if it is down
    game = seat.game("phylo")     # a GameWidget whose deal and moves live in the service

**Sends never get lost and never count twice.** Each code is kept on disk in the lesson's work
folder (:mod:`evo_lessons.live.send_queue`) with its own ``send_id`` before it is sent. A
send waits a few seconds at most; with no answer it stays queued and is tried again in the
background, after 2, 4, 8 ... seconds (at most a minute apart), at the seat's next send or game
move, and by the next seat opened on the same folder (a restarted kernel). The service answers
a ``send_id`` it has seen as it did the first time, so a resend after a lost answer is harmless.

**On a JupyterHub** (``JUPYTERHUB_API_TOKEN`` set) the join carries the hub's token, and the
service seats the hub user under their hub name, whatever name was typed. ``Seat.from_env()``
joins the class the hub names in ``EVO_CLASS_URL`` and ``EVO_CLASS_CODE``.
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from evo_lessons.engine.results import check_name
from evo_lessons.i18n import npgettext, pgettext, pN_, tr

from .client import (
    NoAnswer,
    ServiceClient,
    ServiceRefusal,
    ServiceUnreachable,
    TooMany,
    check_url,
    field,
)
from .send_queue import ANSWERED, QUEUED, REFUSED, SendQueue, new_send_id, queue_path

if TYPE_CHECKING:
    from evo_lessons.live.served import ServedGame

URL_VARIABLE = "EVO_CLASS_URL"
CODE_VARIABLE = "EVO_CLASS_CODE"
HUB_TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
HUB_USER_VARIABLE = "JUPYTERHUB_USER"
#: how long a send waits for its answer before it is left queued (seconds)
SEND_TIMEOUT = 3.0
#: how long a join, or a game's move, waits for its answer (seconds)
CALL_TIMEOUT = 10.0
#: the background retries' waits: the first, and the longest (seconds; doubled each time)
FIRST_RETRY, LONGEST_RETRY = 2.0, 60.0
#: a join that got no answer in time: the address is right, the class is busy (not "check it")
JOIN_BUSY = pN_(
    "class",
    "Your class is busy and did not answer in time: press Join again in a moment (the address "
    "and code are right).",
)
#: a join the service's limits refused (429, its sentence): nothing was done
# Translators: {sentence} is the class service's own sentence (why it asks to wait)
JOIN_TOO_MANY = pN_(
    "class", "Your class could not be joined yet: {sentence} (The address and code are right.)"
)
#: how often a join whose answer was lost is asked again at once (the same join id)
JOIN_TRIES = 2
#: the longest result code a send takes (the service refuses bodies over 64 KiB)
MAX_SEND_CHARS = 60_000


def check_join_code(code: object) -> str:
    """A join code as typed: letters, digits and dashes, made upper case."""
    if not isinstance(code, str):
        raise ValueError(_bad_join_code())
    text = code.strip().upper()
    allowed = all(c.isascii() and (c.isalnum() or c == "-") for c in text)
    if not (3 <= len(text) <= 40 and allowed):
        raise ValueError(_bad_join_code())
    return text


def _bad_join_code() -> str:
    # Translators: {example} is a join code (letters and digits): keep it as it is
    text = pgettext(
        "class error", "The join code is the short code your teacher gave (such as {example})."
    )
    return text.format(example="K7P-4QX")


def _hub() -> tuple[str, str] | None:
    """The hub's token and user when the kernel runs on a JupyterHub."""
    token = os.environ.get(HUB_TOKEN_VARIABLE, "").strip()
    if not token:
        return None
    return token, os.environ.get(HUB_USER_VARIABLE, "").strip()


def join_class(
    url: str, join_code: str, name: str = "", *, work_dir: str | os.PathLike | None = None
) -> Seat:
    """Join a class: a :class:`Seat` with its own token.

    ``name`` is the student's (on a JupyterHub the hub user's name replaces it). Joining again
    from the same work folder with the same name takes the same seat back (its token and any
    sends still queued are kept on disk). A refusal (a wrong code, too many tries) is a
    ValueError with the service's sentence; a service that cannot be reached is one too."""
    url = check_url(url)
    join_code = check_join_code(join_code)
    hub = _hub()
    typed = name.strip() if isinstance(name, str) else ""
    # on a hub, the hub's identity replaces the typed name
    who = hub[1] if hub is not None and hub[1] else check_name(typed)
    queue = SendQueue.open(queue_path(join_code, who, work_dir), url, join_code)
    client = ServiceClient(url, timeout=CALL_TIMEOUT)
    if queue.token and _still_valid(client, queue.token):
        queue.save()  # the file's time says when the seat was last used (see saved_seats)
        seat = Seat(client, queue)
    else:
        answer = _join(client, queue, join_code, who, hub[0] if hub else None)
        token = field(answer, "token", str, 400)
        student = answer.get("student")
        if not isinstance(student, dict) or not isinstance(student.get("name"), str):
            raise ValueError(
                pgettext(
                    "class error", "Your class could not be joined: that is not a class service."
                )
            )
        queue.token = token
        queue.student = {"id": student.get("id"), "name": student["name"][:100]}
        queue.save()
        seat = Seat(client, queue)
    seat.flush()
    return seat


def _join(
    client: ServiceClient, queue: SendQueue, join_code: str, who: str, hub_token: str | None
) -> dict[str, Any]:
    """``POST /api/join`` with a join id (issue 40.4): kept in the seat's file before it is sent
    and sent again after a lost answer (here, and at the next Join), so a join that was made
    answers the same seat and token, never "already joined". Cleared once answered."""
    if not queue.join_id:
        queue.join_id = new_send_id()  # a uuid4's hex: as unguessable as the service needs
        queue.save()
    body = {"join_code": join_code, "name": who, "join_id": queue.join_id}
    for attempt in range(JOIN_TRIES):
        try:
            answer = _post_join(client, body, hub_token)
        except NoAnswer:
            if attempt + 1 < JOIN_TRIES:
                continue
            raise ValueError(tr(JOIN_BUSY)) from None
        except TooMany as busy:
            raise ValueError(tr(JOIN_TOO_MANY).format(sentence=str(busy))) from None
        except ServiceUnreachable as error:
            # Translators: {error} says what went wrong ("the class service did not answer")
            text = pgettext(
                "class error", "Your class could not be joined: {error}. Check the address."
            )
            raise ValueError(text.format(error=error)) from None
        queue.join_id = ""
        return answer
    raise AssertionError("unreachable")


def _post_join(client: ServiceClient, body: dict[str, Any], hub_token: str | None) -> dict:
    try:
        return client.call("POST", "/api/join", body, token=hub_token)
    except ServiceRefusal as refusal:
        # a service from before join ids names the field it does not know: joined as before
        if refusal.status == 400 and refusal.unknown_field("join_id"):
            plain = {k: v for k, v in body.items() if k != "join_id"}
            return client.call("POST", "/api/join", plain, token=hub_token)
        raise


def _still_valid(client: ServiceClient, token: str) -> bool:
    """Is a kept token still a seat in this class? (Unreachable: keep it, and say nothing.)"""
    try:
        client.call("GET", "/api/me", token=token, timeout=SEND_TIMEOUT)
    except ServiceRefusal as refusal:
        return refusal.status not in (401, 403, 404)
    except ServiceUnreachable:
        return True
    return True


class Seat:
    """One student's seat in a class: the token, the sends (kept on disk) and counted games."""

    def __init__(self, client: ServiceClient, queue: SendQueue) -> None:
        self._client = ServiceClient(client.url, queue.token, client.timeout)
        self._queue = queue
        self._lock = threading.RLock()
        self._timer: threading.Timer | None = None
        self._wait = FIRST_RETRY
        self.closed = False
        #: called with each send after the service answers it (the lesson's name box listens)
        self.listeners: list[Callable[[dict[str, str]], None]] = []

    def __repr__(self) -> str:
        waiting = len(self.queued)
        if not waiting:
            text = pgettext("class", "Seat({name} in the class at {url})")
        else:
            text = npgettext(
                "class",
                "Seat({name} in the class at {url}, {n} result waiting to be sent)",
                "Seat({name} in the class at {url}, {n} results waiting to be sent)",
                waiting,
            )
        return text.format(name=repr(self.name), url=self.url, n=waiting)

    @property
    def token(self) -> str:
        """This student's token (send it nowhere else: it reads and writes their results)."""
        return self._queue.token

    @property
    def url(self) -> str:
        return self._client.url

    @property
    def join_code(self) -> str:
        """The class's join code: what the class is, whatever its address (contract 3)."""
        return self._queue.join_code

    @property
    def name(self) -> str:
        """The name the class knows this student by (on a JupyterHub, the hub user's)."""
        return str(self._queue.student.get("name", ""))

    @property
    def sends(self) -> list[dict[str, str]]:
        """Every code sent or waiting, oldest first (``send_id``, ``status``, ``reason``,
        ``label``)."""
        with self._lock:
            return [{k: v for k, v in e.items() if k != "code"} for e in self._queue.sends]

    @property
    def queued(self) -> list[dict[str, str]]:
        with self._lock:
            return [dict(e) for e in self._queue.queued()]

    @classmethod
    def from_env(cls, name: str = "", *, work_dir: str | os.PathLike | None = None) -> Seat | None:
        """The seat in the class the teacher's hub names (``EVO_CLASS_URL``, ``EVO_CLASS_CODE``);
        None when they are not set (no live class: the lesson keeps its hand-in)."""
        url = os.environ.get(URL_VARIABLE, "").strip()
        code = os.environ.get(CODE_VARIABLE, "").strip()
        if not url or not code:
            return None
        return join_class(url, code, name, work_dir=work_dir)

    # -- results ---------------------------------------------------------------------------------
    def send(self, code: str, label: str = "") -> dict[str, str]:
        """Send a finished game's or population run's result code to the class.

        Returns the send as it stands: ``status`` is "counted", "apart" or "refused" with the
        service's ``reason``, or "queued" if no answer came within a few seconds (it is kept on
        disk and sent again until one does). The same code sent twice is one send."""
        if not isinstance(code, str) or not code.strip():
            raise ValueError(
                pgettext("class error", "A result code is a line of text starting {start}.").format(
                    start="EVR"
                )
            )
        code = code.strip()
        if len(code) > MAX_SEND_CHARS:
            raise ValueError(
                pgettext(
                    "class error",
                    "This result code is too long to send to your class: hand it in as a file.",
                )
            )
        with self._lock:
            entry = self._queue.add(code, label)
        self.flush()
        return {k: v for k, v in entry.items() if k != "code"}

    def flush(self, timeout: float = SEND_TIMEOUT) -> int:
        """Send every queued code now, oldest first; how many are still queued after.

        It stops at the first that gets no answer (the service is down: the rest would wait
        too) and tries again later in the background."""
        with self._lock:
            for entry in self._queue.queued():
                try:
                    answer = self._client.call(
                        "POST",
                        "/api/results",
                        {"send_id": entry["send_id"], "code": entry["code"]},
                        timeout=timeout,
                    )
                    status = field(answer, "status", str, 20)
                    if status not in ANSWERED:
                        raise ServiceUnreachable(
                            pgettext("class error", "the class service's answer has no status")
                        )
                    reason = answer.get("reason")
                    self._answered(entry, status, reason if isinstance(reason, str) else "")
                except ServiceRefusal as refusal:
                    if refusal.status == 401:  # the seat is gone: the code waits on disk for
                        break  # the next join (joining again sends it)
                    self._answered(entry, REFUSED, str(refusal))
                except ServiceUnreachable:
                    self._retry_later()
                    break
            left = len(self._queue.queued())
            if left == 0:
                self._wait = FIRST_RETRY
            return left

    def _answered(self, entry: dict[str, str], status: str, reason: str) -> None:
        self._queue.answered(entry, status, reason)
        shown = {k: v for k, v in entry.items() if k != "code"}
        for listener in list(self.listeners):
            listener(shown)

    def _retry_later(self) -> None:
        """Try the queue again after a wait that doubles each time (with a little jitter, so
        a class whose service restarts does not come back all at one instant)."""
        if self.closed or (self._timer is not None and self._timer.is_alive()):
            return
        wait = self._wait * random.uniform(0.8, 1.2)
        self._wait = min(self._wait * 2, LONGEST_RETRY)
        self._timer = threading.Timer(wait, self._background_flush)
        self._timer.daemon = True
        self._timer.start()

    def _background_flush(self) -> None:
        self._timer = None
        if not self.closed:
            self.flush()

    def close(self) -> None:
        """Stop retrying in the background (what is queued stays on disk for the next seat)."""
        self.closed = True
        timer = self._timer
        if timer is not None:
            timer.cancel()

    def me(self) -> dict[str, Any]:
        """What the class holds of this student (``GET /api/me``): results and ``paused``."""
        try:
            return self._client.call("GET", "/api/me")
        except ServiceUnreachable as error:
            text = pgettext("class error", "Your class could not be reached: {error}.")
            raise ValueError(text.format(error=error)) from None

    # -- counted games -------------------------------------------------------------------------
    def game(self, name: str, *, plot: bool = True, **options: Any) -> ServedGame:
        """A counted game dealt by the class: the usual game widget, whose state lives in the
        service (the kernel holds only this seat's view). Asking again gives the same game until
        the teacher deals again. A ValueError says why not (the class is paused, say)."""
        from evo_lessons.live.served import ServedGame, ServedSession

        self.flush()
        session = ServedSession.start(self._client, name, options, on_call=self._after_call)
        return ServedGame(session, plot=plot)

    def _after_call(self) -> None:
        """A game move got through: the service is up, so send whatever is still queued."""
        if self._queue.queued() and (self._timer is None or not self._timer.is_alive()):
            self.flush()


__all__ = ["QUEUED", "Seat", "check_join_code", "join_class"]
