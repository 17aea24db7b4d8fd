"""The kernel's side of the class service's HTTP interface (docs/class_service.md): one request,
checked.

Standard library only (``urllib``), so a lesson's kernel needs nothing new to join a class.
Every answer is checked before it is used: its size is capped while it is read, its JSON is
checked for length and depth before it is parsed (linear time, as every code is), and its shape
must be a JSON object. Two things can go wrong, and they are told apart because a send treats
them differently:

* :class:`ServiceRefusal` (a ``ValueError``): the service answered and said no (400, 401, 403,
  404, 409, 413), with its own sentence. Sending the same thing again gets the same answer.
* :class:`ServiceUnreachable` (an ``OSError``): no answer, a timeout, a busy service (5xx)
  or an answer that is not the service's JSON. Trying again later may work.
* :class:`TooMany` (a ServiceUnreachable): 429, the service's per-student or per-address limits
  (docs/class_service.md "Limits"), with its sentence: nothing was done, and the same request
  later will be taken.
"""

from __future__ import annotations

import errno
import json
import socket
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from evo_lessons.engine.record import check_json_text
from evo_lessons.i18n import pgettext, resolve_lang

#: the largest answer read (a long game's payload, with its log and plot rows, is well under it)
MAX_ANSWER_BYTES = 4_000_000
#: how deep an answer's JSON may nest (a payload's observation is a few levels deep)
MAX_ANSWER_DEPTH = 32
#: the largest request body the service takes (64 KiB, docs/class_service.md)
MAX_BODY_BYTES = 64 * 1024
#: statuses that mean "try again later", not "no" (429 is :class:`TooMany`)
TRANSIENT = frozenset({408, 425, 500, 502, 503, 504})
TOO_MANY = 429


class ServiceRefusal(ValueError):
    """The class service said no, with a sentence a student can read (``status``: HTTP;
    ``code``: the refusal's machine-readable code, the same in every language, "" from a
    service older than the codes; ``field``: the request's field it is about, if any)."""

    def __init__(self, sentence: str, status: int, code: str = "", field: str = "") -> None:
        super().__init__(sentence)
        self.status = status
        self.code = code
        self.field = field

    def unknown_field(self, name: str) -> bool:
        """Is this "the service does not know the field ``name``" (a service older than the
        field)? By its code; a service from before the codes (English only) by its sentence."""
        if self.code:
            return self.code == "unknown_field" and self.field == name
        return self.status == 400 and name in str(self)


class ServiceUnreachable(OSError):
    """No usable answer from the class service (down, slow, busy or not a class service)."""


class TooMany(ServiceUnreachable):
    """429: the service answered "too many at once" with its own sentence (``str()``): nothing
    was done (its limits refuse before anything is stored or moved); try again later."""

    status = TOO_MANY


class NoAnswer(ServiceUnreachable):
    """The request went out but no usable answer came back (a timeout, a connection dropped
    mid-answer, HTTP 5xx: busy or failing): the address is right, and what was asked may
    have been done. Only an idempotent request (a send_id, a move_id) may simply be repeated.
    A plain :class:`ServiceUnreachable` means the request never reached the service (refused,
    no such host): nothing was done."""


def _not_delivered(reason: object) -> bool:
    """Did the request certainly never reach the service? (refused, no such host, no route)"""
    if isinstance(reason, (ConnectionRefusedError, socket.gaierror)):
        return True
    return getattr(reason, "errno", None) in (errno.EHOSTUNREACH, errno.ENETUNREACH)


def check_url(url: object) -> str:
    """A class service's address as typed by a student: ``http(s)://host[:port][/path]``."""
    if not isinstance(url, str) or not url.strip() or len(url) > 300:
        raise ValueError(
            pgettext("class error", "The class address is a web address such as {example}.").format(
                example="http://10.0.0.5:8765"
            )
        )
    text = url.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(
            pgettext(
                "class error",
                "The class address starts with http:// or https:// and names a computer, "
                "such as {example}.",
            ).format(example="http://10.0.0.5:8765")
        )
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(
            pgettext(
                "class error", "The class address is only the computer and port your teacher gave."
            )
        )
    try:
        parts.port  # noqa: B018 - reading it checks it
    except ValueError:
        raise ValueError(
            pgettext("class error", "The class address has a port that is not a number.")
        ) from None
    # a hub-managed service lives under a path (/services/<name>): it is kept
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


class ServiceClient:
    """Requests to one class service, with one token (a student's, or none to join)."""

    def __init__(self, url: str, token: str | None = None, timeout: float = 10.0) -> None:
        self.url = check_url(url)
        self.token = token
        self.timeout = timeout

    def call(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        *,
        timeout: float | None = None,
        token: str | None = None,
    ) -> dict[str, Any]:
        """One request; the answer's JSON object. Raises ServiceRefusal or ServiceUnreachable."""
        data = None
        # the service answers in the lesson's language (its sentences; never its codes)
        headers = {"Accept": "application/json", "Accept-Language": accept_language()}
        if body is not None:
            try:
                data = json.dumps(body, ensure_ascii=False, allow_nan=False).encode("utf-8")
            except (TypeError, ValueError):  # options of a kind JSON has no word for
                raise ServiceRefusal(
                    pgettext(
                        "class error",
                        "That cannot be sent to your class: use numbers, text, true/false or "
                        "lists.",
                    ),
                    400,
                    "not_json",
                ) from None
            if len(data) > MAX_BODY_BYTES:
                raise ServiceRefusal(
                    pgettext(
                        "class error",
                        "That is too large to send to your class (the service takes {size} KiB).",
                    ).format(size=MAX_BODY_BYTES // 1024),
                    413,
                    "too_large",
                )
            headers["Content-Type"] = "application/json"
        auth = token if token is not None else self.token
        if auth:
            headers["Authorization"] = f"token {auth}"
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                return _answer(response.read(MAX_ANSWER_BYTES + 1))
        except urllib.error.HTTPError as error:
            with error:
                raw = error.read(MAX_ANSWER_BYTES + 1)
            if error.code == TOO_MANY:  # the service's limits: nothing was done
                raise TooMany(_sentence(raw, error.code)) from None
            if error.code in TRANSIENT:
                busy = pgettext(
                    "class error", "the class service is busy or failing (HTTP {status})"
                ).format(status=error.code)
                raise NoAnswer(busy) from None
            code, name = _code(raw)
            raise ServiceRefusal(_sentence(raw, error.code), error.code, code, name) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
            reason = getattr(error, "reason", error)
            if _not_delivered(reason):
                reached = pgettext(
                    "class error", "the class service could not be reached ({reason})"
                ).format(reason=reason)
                raise ServiceUnreachable(reached) from None
            if isinstance(reason, TimeoutError) or isinstance(error, TimeoutError):
                raise NoAnswer(
                    pgettext("class error", "the class service did not answer in time")
                ) from None
            lost = pgettext("class error", "the class service's answer was lost ({reason})")
            raise NoAnswer(lost.format(reason=reason)) from None
        except OSError as error:  # a reset in the middle of the answer, say
            failed = pgettext("class error", "the connection to the class failed ({error})")
            raise NoAnswer(failed.format(error=error)) from None


def accept_language() -> str:
    """The ``Accept-Language`` of every request: the lesson's language (``es``, ``pt-BR``),
    then English (the service's source language)."""
    lang = resolve_lang().replace("_", "-")
    return lang if lang == "en" else f"{lang}, en;q=0.1"


def _not_json() -> ServiceUnreachable:
    return ServiceUnreachable(pgettext("class error", "the answer is not the class service's JSON"))


def _parse(raw: bytes) -> Any:
    if len(raw) > MAX_ANSWER_BYTES:
        raise ServiceUnreachable(pgettext("class error", "the class service's answer is too large"))
    try:
        text = raw.decode("utf-8")
        check_json_text(text, MAX_ANSWER_BYTES, MAX_ANSWER_DEPTH)
        return json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _not_json() from None


def _answer(raw: bytes) -> dict[str, Any]:
    data = _parse(raw)
    if not isinstance(data, dict):
        raise _not_json()
    return data


def _code(raw: bytes) -> tuple[str, str]:
    """A refusal's machine-readable ``code`` and the ``field`` it names ("" when not sent):
    what a client decides on, never the sentence (which is in the lesson's language)."""
    try:
        data = _parse(raw)
    except ServiceUnreachable:
        return "", ""
    if not isinstance(data, dict):
        return "", ""
    code, name = data.get("code"), data.get("field")
    return (
        code[:60] if isinstance(code, str) else "",
        name[:60] if isinstance(name, str) else "",
    )


def _sentence(raw: bytes, status: int) -> str:
    """The service's own sentence for a refusal (its ``error`` field), kept short and printable."""
    try:
        data = _parse(raw)
    except ServiceUnreachable:
        data = None
    text = data.get("error") if isinstance(data, dict) else None
    if isinstance(text, str) and text.strip():
        cleaned = " ".join("".join(c if c.isprintable() else " " for c in text[:400]).split())
        return cleaned
    return pgettext("class error", "The class service refused this (HTTP {status}).").format(
        status=status
    )


def field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], limit: int = 200) -> Any:
    """One field of an answer, of the type the contract gives (text no longer than ``limit``)."""
    value = data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        # Translators: {name} is a field of the service's answer ("token", "status"): keep it
        text = pgettext("class error", "the class service's answer has no proper '{name}'")
        raise ServiceUnreachable(text.format(name=name))
    if isinstance(value, str) and len(value) > limit:
        text = pgettext("class error", "the class service's answer has an overlong '{name}'")
        raise ServiceUnreachable(text.format(name=name))
    return value
