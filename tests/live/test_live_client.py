"""The kernel's live client against the real class service (in this process, a free port).

join, send (counted once however often it is sent), the queue kept on disk and sent by the next
seat on the same folder (a restarted kernel), a service stopped and started again (nothing
lost), and the hub's identity replacing the typed name.
"""

from __future__ import annotations

import http.server
import json
import threading

import pytest
from service.helpers import Running, call, finished_code, summary

from evo_lessons.live import Seat, join_class
from evo_lessons.live.seat import HUB_TOKEN_VARIABLE, HUB_USER_VARIABLE

from .live_helpers import restart as _restart


def test_a_student_joins_and_a_sent_result_is_counted(live, tmp_path):
    seat = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    assert seat.token and seat.name == "Ada"
    sent = seat.send(finished_code("Ada"), "Climate, game 1")
    assert sent["status"] == "counted", sent
    assert len(sent["send_id"]) == 32 and "code" not in sent
    assert summary(live)["counted"] == 1


def test_the_same_code_sent_again_is_one_send_and_counts_once(live, tmp_path):
    seat = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    code = finished_code("Ada")
    first, again = seat.send(code), seat.send(code)
    assert first["send_id"] == again["send_id"] and again["status"] == "counted"
    assert len(seat.sends) == 1 and summary(live)["counted"] == 1


def test_a_refused_code_says_why_in_the_services_words(live, tmp_path):
    seat = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    sent = seat.send(finished_code("Somebody Else"))
    assert sent["status"] == "refused" and sent["reason"]
    assert summary(live)["counted"] == 0


def test_a_wrong_join_code_is_a_valueerror_with_the_services_sentence(live, tmp_path):
    with pytest.raises(ValueError) as refused:
        join_class(live.url, "NOT-THE-CODE", "Ada", work_dir=tmp_path)
    assert str(refused.value) and "HTTP" not in str(refused.value)


def test_an_unreachable_class_cannot_be_joined_and_says_so(tmp_path):
    with pytest.raises(ValueError, match="could not be joined"):
        join_class("http://127.0.0.1:9", "K7P-4QX", "Ada", work_dir=tmp_path)


def test_sends_queued_while_the_service_is_down_reach_it_when_it_is_back(tmp_path):
    data = tmp_path / "class"
    live = Running(data)
    seat = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    url, port = live.url, int(live.url.rsplit(":", 1)[1])
    live.stop()
    codes = [finished_code("Ada", seed=seed) for seed in (5, 6)]
    for code in codes:
        assert seat.send(code)["status"] == "queued"  # no answer: kept, not lost
    assert len(seat.queued) == 2
    seat.close()
    live = _restart(data, port)
    try:
        assert live.url == url
        assert seat.flush() == 0
        assert [s["status"] for s in seat.sends] == ["counted", "counted"]
        assert summary(live)["counted"] == 2
    finally:
        live.stop()


def test_a_restarted_kernel_sends_what_was_queued_and_counts_nothing_twice(tmp_path):
    data = tmp_path / "class"
    live = Running(data)
    port = int(live.url.rsplit(":", 1)[1])
    seat = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    counted = finished_code("Ada", seed=5)
    assert seat.send(counted)["status"] == "counted"
    live.stop()
    queued = finished_code("Ada", seed=6)
    assert seat.send(queued)["status"] == "queued"
    seat.close()  # the kernel dies here: only the file in .evo_work/ is left
    live = _restart(data, port)
    try:
        again = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
        assert again.token == seat.token  # the same seat, taken back from the file
        assert again.queued == []
        assert [s["status"] for s in again.sends] == ["counted", "counted"]
        again.send(counted)  # sent once more by a lesson re-run: the same send
        assert summary(live)["counted"] == 2
        status, me = call(live.url, "GET", "/api/me", token=again.token)
        assert status == 200 and len(me["results"]) == 2
    finally:
        live.stop()


def test_a_send_whose_answer_was_lost_is_resent_under_its_id_and_counted_once(live, tmp_path):
    seat = join_class(live.url, live.join_code, "Ada", work_dir=tmp_path)
    code = finished_code("Ada")
    entry = seat._queue.add(code)  # queued on disk, then the service got it but the answer
    status, _ = call(  # never came back (the kernel died before reading it)
        live.url, "POST", "/api/results", {"send_id": entry["send_id"], "code": code}, seat.token
    )
    assert status == 200
    assert seat.flush() == 0 and seat.sends[0]["status"] == "counted"
    assert summary(live)["counted"] == 1


class _Hub(http.server.BaseHTTPRequestHandler):
    """A stand-in JupyterHub API: ``GET /hub/api/user`` names the user of a known token."""

    def do_GET(self):
        token = (self.headers.get("Authorization") or "").removeprefix("token ")
        known = token == "hub-token-ada" and self.path == "/hub/api/user"
        body = json.dumps({"name": "ada", "admin": False, "groups": []} if known else {})
        self.send_response(200 if known else 403)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *args):
        pass


@pytest.fixture
def hub_class(tmp_path):
    from evo_lessons.service.auth import HubAuth

    hub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hub)
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    api = f"http://127.0.0.1:{hub.server_address[1]}/hub/api"
    running = Running(tmp_path / "class", hub=HubAuth(api_url=api))
    yield running
    running.stop()
    hub.shutdown()


def test_on_a_hub_the_hub_user_replaces_the_typed_name(hub_class, tmp_path, monkeypatch):
    live = hub_class
    monkeypatch.setenv(HUB_TOKEN_VARIABLE, "hub-token-ada")
    monkeypatch.setenv(HUB_USER_VARIABLE, "ada")
    seat = join_class(live.url, live.join_code, "Typed Name", work_dir=tmp_path)
    assert seat.name == "ada"
    assert seat.send(finished_code("ada"))["status"] == "counted"
    assert [s["name"] for s in summary(live)["students"]] == ["ada"]


def test_from_env_joins_the_class_the_hub_names(live, tmp_path, monkeypatch):
    monkeypatch.delenv("EVO_CLASS_URL", raising=False)
    assert Seat.from_env("Ada", work_dir=tmp_path) is None  # no class: the lesson as today
    monkeypatch.setenv("EVO_CLASS_URL", live.url)
    monkeypatch.setenv("EVO_CLASS_CODE", live.join_code.lower())
    seat = Seat.from_env("Ada", work_dir=tmp_path)
    assert seat is not None and seat.send(finished_code("Ada"))["status"] == "counted"
