"""No student can stall the class: timeouts, caps and quotas around the class service.

What one student's kernel can do to everyone's service, and the limit on it (red-team N9, N10):

* **Slow requests.** A request's headers must arrive within :data:`HEADER_SECONDS` and its body
  within :data:`BODY_SECONDS`; an idle kept-alive connection closes after
  :data:`HEADER_SECONDS`. Open connections are capped, in all and per client address
  (:class:`LimitedHTTPServer`: at a cap the oldest connection is closed), below the process's
  file limit, which the service raises to its hard limit at start (a laptop's soft limit of
  256 or 1,024 is what the slow-body flood hit).
* **Stored sends.** Each student may store :data:`SENDS_PER_MINUTE` sends a minute and
  :data:`SENDS_PER_STUDENT` in all (:class:`SendQuota`); beyond, 429 and nothing stored.
* **Chance work.** The class's comparison with chance is simulated for the teacher's deals and
  for the :data:`CHANCE_OTHER_SETUPS` setups with the most students (:func:`chance_setups`);
  a setup a student made up alone waits (made-up options cannot queue minutes of simulation).
* **Answer size.** A served game's answer carries its metric rows since the version the client
  says it holds (:func:`trim_payload`); without one, every row (the kernel client's full view).
* **Threads.** Judging a sent code runs apart from moves and pages (worker processes or a
  thread of its own: ``ClassService._judges``), and one student has at most
  :data:`REQUESTS_AT_ONCE` requests in progress (:class:`Asking`; 429 beyond), so a flood from
  one token queues behind itself, not in front of a classmate's click.
* **Forwarded addresses.** ``X-Real-IP`` / ``X-Forwarded-For`` are read only from a proxy
  named by ``--trusted-proxy`` / ``EVO_TRUSTED_PROXY`` (:func:`client_address`); from anyone
  else the socket's address counts.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import pathlib
import re
import stat
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterable
from typing import Any

import tornado.httpserver

from evo_lessons.i18n import pgettext

HEADER_SECONDS = 20.0
BODY_SECONDS = 20.0
#: open connections in all (and never more than the file limit allows, less a margin)
MAX_CONNECTIONS = 2000
#: open connections from one client address (a school NAT's class of 30 fits many times over)
MAX_PER_ADDRESS = 200
FILE_MARGIN = 64
SENDS_PER_MINUTE = 60
SENDS_PER_STUDENT = 2000
CHANCE_OTHER_SETUPS = 3
#: a student's requests in progress at once (a page, a game, a send or two)
REQUESTS_AT_ONCE = 6

access_log = logging.getLogger("tornado.access")


# -- the data folder ------------------------------------------------------------------------------
def secure_folder(folder: pathlib.Path) -> None:
    """The class's data folder readable by its owner only (0700), its files 0600."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        folder.chmod(0o700)
        for path in folder.iterdir():
            if path.is_file() and not path.is_symlink():
                path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    except OSError:
        pass  # a folder we do not own (a hub's volume): its owner decides


# -- logs -----------------------------------------------------------------------------------------
_SECRET_QUERY = re.compile(r"((?:token|code|state)=)[^&\s]*", re.IGNORECASE)


def redact(uri: str) -> str:
    """A request's path with every token, OAuth code and state replaced by ``...``."""
    return _SECRET_QUERY.sub(r"\1...", uri)


def log_request(handler) -> None:
    """tornado's access log line without query secrets (``/teacher?token=...`` stays out)."""
    status = handler.get_status()
    if status < 400:
        log = access_log.info
    elif status < 500:
        log = access_log.warning
    else:
        log = access_log.error
    request = handler.request
    log(
        "%d %s %s (%s) %.2fms",
        status,
        request.method,
        redact(request.uri or ""),
        request.remote_ip,
        1000.0 * request.request_time(),
    )


# -- connections ----------------------------------------------------------------------------------
def raise_file_limit() -> int:
    """Raise this process's open-file limit to its hard limit; the limit now (or 0 if unknown)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        # macOS: the hard limit is "unlimited" but the kernel allows OPEN_MAX (10,240)
        wanted = 10_240 if hard == resource.RLIM_INFINITY else hard
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        return int(soft) if soft != resource.RLIM_INFINITY else 1 << 20
    except (OSError, ValueError):
        return 0


def connection_cap(file_limit: int) -> int:
    if file_limit <= 0:
        return MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, file_limit - FILE_MARGIN))


class LimitedHTTPServer(tornado.httpserver.HTTPServer):
    """tornado's HTTP server with header, body and idle timeouts and connection caps.

    At a cap, a new connection does not wait and is not refused: the oldest open connection
    (of its address, for the per-address cap) is closed instead. A flood of slow requests is a
    stream of new connections, so its own oldest ones go first, and a classmate's request,
    answered in milliseconds, gets through (slowloris' usual answer)."""

    def initialize(  # type: ignore[override]
        self,
        request_callback,
        max_connections: int = MAX_CONNECTIONS,
        max_per_address: int = MAX_PER_ADDRESS,
        trusted: Iterable[str] = (),
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("idle_connection_timeout", HEADER_SECONDS)
        kwargs.setdefault("body_timeout", BODY_SECONDS)
        kwargs["xheaders"] = False  # forwarded addresses: client_address, from trusted only
        super().initialize(request_callback, **kwargs)
        self.max_connections, self.max_per_address = max_connections, max_per_address
        self.trusted = frozenset(trusted)
        self.per_address: dict[str, int] = {}
        #: open connections, oldest first: id(stream) -> (stream, address)
        self._open: OrderedDict[int, tuple[Any, str]] = OrderedDict()
        self.evicted = 0

    @property
    def open_count(self) -> int:
        return len(self._open)

    def _forget(self, key: int) -> tuple[Any, str] | None:
        entry = self._open.pop(key, None)
        if entry is not None:
            left = self.per_address.get(entry[1], 1) - 1
            if left > 0:
                self.per_address[entry[1]] = left
            else:
                self.per_address.pop(entry[1], None)
        return entry

    def _evict(self, address: str | None) -> None:
        for key, (stream, who) in self._open.items():
            if address is None or who == address:
                self._forget(key)
                self.evicted += 1
                stream.close()
                return

    def handle_stream(self, stream, address) -> None:
        who = address[0] if isinstance(address, tuple) and address else "?"
        # a trusted proxy carries everyone: only the overall cap applies to it
        if who not in self.trusted and self.per_address.get(who, 0) >= self.max_per_address:
            self._evict(who)
        if self.open_count >= self.max_connections:
            self._evict(None)
        self._open[id(stream)] = (stream, who)
        self.per_address[who] = self.per_address.get(who, 0) + 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn) -> None:
        self._forget(id(getattr(server_conn, "stream", None)))
        super().on_close(server_conn)


# -- forwarded addresses --------------------------------------------------------------------------
def trusted_proxies(given: str | None = None) -> frozenset[str]:
    """The proxy addresses whose forwarded headers are believed (``--trusted-proxy`` or
    ``EVO_TRUSTED_PROXY``, comma separated; none by default)."""
    text = given if given is not None else os.environ.get("EVO_TRUSTED_PROXY", "")
    found = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        found.add(str(ipaddress.ip_address(part)))  # ValueError for a typo: said at start
    return frozenset(found)


def client_address(request, trusted: frozenset[str]) -> str:
    """Who sent ``request``: the socket's address, or what a trusted proxy forwarded."""
    remote = request.remote_ip or "?"
    if remote not in trusted:
        return remote
    forwarded = request.headers.get("X-Forwarded-For", "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    while hops and hops[-1] in trusted:
        hops.pop()
    candidate = hops[-1] if hops else request.headers.get("X-Real-IP", "").strip()
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


# -- quotas ---------------------------------------------------------------------------------------
class SendQuota:
    """Sends a student may store: ``per_minute`` in any minute and ``total`` in all."""

    def __init__(self, per_minute: int = SENDS_PER_MINUTE, total: int = SENDS_PER_STUDENT) -> None:
        self.per_minute, self.total = per_minute, total
        self._times: dict[int, deque[float]] = {}
        self._lock = threading.Lock()

    def refusal(self, student_id: int, stored: int) -> str | None:
        """None if the student may send one more now (and it is counted), else the sentence."""
        if stored >= self.total:
            text = pgettext(
                "class service",
                "You have sent {n} results to this class: that is the most it keeps from one "
                "student. Tell your teacher.",
            )
            return text.format(n=stored)
        moment = time.monotonic()
        with self._lock:
            times = self._times.setdefault(student_id, deque())
            while times and moment - times[0] > 60.0:
                times.popleft()
            if len(times) >= self.per_minute:
                return pgettext(
                    "class service",
                    "You have sent many results this minute: they are sent again soon.",
                )
            times.append(moment)
        return None


class Asking:
    """Requests in progress per student: at most ``limit`` at once (a flood from one token
    waits on itself: 429 beyond it, and classmates' requests never queue behind it)."""

    def __init__(self, limit: int = REQUESTS_AT_ONCE) -> None:
        self.limit = limit
        self._now: dict[int, int] = {}
        self._lock = threading.Lock()

    def enter(self, student_id: int) -> bool:
        with self._lock:
            now = self._now.get(student_id, 0)
            if now >= self.limit:
                return False
            self._now[student_id] = now + 1
            return True

    def leave(self, student_id: int) -> None:
        with self._lock:
            left = self._now.get(student_id, 1) - 1
            if left > 0:
                self._now[student_id] = left
            else:
                self._now.pop(student_id, None)


def chance_setups(students: dict[str, int], fixed: Iterable[str] = ()) -> set[str]:
    """The setups whose chance is simulated: the teacher's deals (``fixed``), then the
    :data:`CHANCE_OTHER_SETUPS` others played by the most students (``students``: setup ->
    how many students; ties: the first seen)."""
    chosen = {s for s in fixed if s in students}
    others = sorted((s for s in students if s not in chosen), key=lambda s: -students[s])
    chosen.update(others[:CHANCE_OTHER_SETUPS])
    return chosen


def trim_payload(payload: dict[str, Any], since: int | None) -> dict[str, Any]:
    """A served answer's metric rows after move ``since`` only (``metrics_since`` says so);
    the full payload when the client gives no version."""
    if since is None:
        return payload
    rows = payload.get("metrics") or []
    payload["metrics"] = [row for row in rows if row.get("step", 0) > since]
    payload["metrics_since"] = since
    return payload
