"""A class service for tests: in this process on a free 127.0.0.1 port, and a tiny client.

The client is plain ``urllib`` (what a student's kernel has), so the tests speak to the
service exactly as docs/class_service.md says, over real HTTP.
"""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
import uuid
from typing import Any

from evo_lessons.widgets.session import GameSession

#: teacher tokens shown by the first start of each database (tests restart services)
TEACHERS: dict[str, str] = {}


class Running:
    """A :class:`ClassService` served from a thread; ``url``, ``join_code``, ``teacher``."""

    def __init__(self, data, db_url: str | None = None, hub=None) -> None:
        from evo_lessons.service.app import ClassService

        self.service = ClassService(data, db_url, hub=hub)
        self.join_code = self.service.settings["join_code"]
        # the teacher token is shown once (the database keeps its hash): a service started
        # again on the same folder is given the token its first start showed
        made = self.service.settings["teacher_token"]
        key = str(self.service.url)
        if made is not None:
            TEACHERS[key] = made
        self.teacher = made if made is not None else TEACHERS.get(key)
        self._start()

    def _start(self) -> None:
        """Serve from a thread of its own (its own event loop); return once it listens."""
        ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, args=(ready,), daemon=True)
        self._thread.start()
        ready.wait()

    def _serve(self, ready: threading.Event) -> None:
        import tornado.netutil

        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        sockets = tornado.netutil.bind_sockets(0, address="127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self.url = self._url()

        async def start():
            self.server = self._server()
            self.server.add_sockets(sockets)

        self.loop.run_until_complete(start())
        ready.set()
        self.loop.run_forever()

    def _url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _server(self):
        """The HTTP server (made inside the serving thread's loop)."""
        import tornado.httpserver

        from evo_lessons.service.app import MAX_BODY

        return tornado.httpserver.HTTPServer(self.service.application(), max_body_size=MAX_BODY * 4)

    def stop(self) -> None:
        async def halt():
            self.server.stop()

        asyncio.run_coroutine_threadsafe(halt(), self.loop).result()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.service.close()


def call(url: str, method: str, path: str, body: Any = None, token: str | None = None,
         raw: bytes | None = None) -> tuple[int, Any]:  # fmt: skip
    """(status, JSON answer or text) of one request."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, method=method, data=data)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"token {token}")
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            status, text, kind = answer.status, answer.read(), answer.headers["Content-Type"]
    except urllib.error.HTTPError as error:
        status, text, kind = error.code, error.read(), error.headers["Content-Type"]
    if kind and kind.startswith("application/json"):
        return status, json.loads(text)
    return status, text.decode("utf-8")


def join(url: str, code: str, name: str) -> str:
    status, answer = call(url, "POST", "/api/join", {"join_code": code, "name": name})
    assert status == 200, answer
    return answer["token"]


def send(url: str, token: str, code: str, send_id: str | None = None) -> tuple[int, Any]:
    body = {"send_id": send_id or uuid.uuid4().hex, "code": code}
    return call(url, "POST", "/api/results", body, token)


def finished_code(name: str, game: str = "climate", seed: int = 5, choice: int = 0) -> str:
    """A finished local game's result code: the person always picks choice ``choice``."""
    session = GameSession(game, seed=seed)
    session.run_bots()
    while not session.state.is_over:
        legal = session.state.legal_actions()
        session.act_index(min(choice, len(legal) - 1))
        session.run_bots()
    return session.result_code(name)


def play_served(url: str, token: str, game: str = "climate", options=None) -> dict:
    """Deal a served game and play it to its end (first choice each time); its last payload."""
    status, payload = call(url, "POST", "/api/games", {"game": game, "options": options or {}},
                           token)  # fmt: skip
    assert status == 200, payload
    while not payload["is_over"]:
        status, payload = call(
            url, "POST", f"/api/games/{payload['id']}/act",
            {"move": payload["move"], "index": 0}, token,
        )  # fmt: skip
        assert status == 200, payload
    return payload


def summary(running: Running) -> dict:
    """The teacher's summary (``GET /api/summary``) of a running class."""
    status, answer = call(running.url, "GET", "/api/summary", token=running.teacher)
    assert status == 200, answer
    return answer


def status_says(page, text: str) -> None:
    """Wait for the teacher's live page (a Playwright page) to say ``text`` in its status line:
    the page asks for the summary on its own clock, so a change shows within a minute."""
    page.wait_for_function(
        "(text) => document.querySelector('#status').textContent.includes(text)",
        arg=text,
        timeout=60_000,
    )
