"""The live client's own checks: addresses, join codes, the queue file, and hostile answers.

A class service that misbehaves (or is not a class service at all) is played here by a tiny
standard-library HTTP server answering whatever each test gives it; the real service's tests
are in test_live_client.py.
"""

from __future__ import annotations

import http.server
import json
import threading

import pytest

from evo_lessons.live.client import (
    MAX_ANSWER_BYTES,
    ServiceClient,
    ServiceRefusal,
    ServiceUnreachable,
    check_url,
)
from evo_lessons.live.seat import check_join_code
from evo_lessons.live.send_queue import QUEUED, SendQueue, queue_path
from evo_lessons.live.served import checked_payload


class _Canned(http.server.BaseHTTPRequestHandler):
    answer: tuple[int, bytes] = (200, b"{}")

    def _reply(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        status, body = self.server.answer  # type: ignore[attr-defined]
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _reply

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def canned():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Canned)
    server.answer = (200, b"{}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def client_of(server) -> ServiceClient:
    return ServiceClient(f"http://127.0.0.1:{server.server_address[1]}", "t0ken", timeout=5)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("http://10.0.0.5:8765/", "http://10.0.0.5:8765"),
        ("10.0.0.5:8765", "http://10.0.0.5:8765"),
        (" https://class.school.org ", "https://class.school.org"),
        ("https://hub.school.org/services/class/", "https://hub.school.org/services/class"),
    ],
)
def test_a_class_address_is_kept_as_the_computer_and_port(typed, kept):
    assert check_url(typed) == kept


@pytest.mark.parametrize(
    "typed",
    ["", "ftp://x", "http://", "http://h:port", "http://u:p@h", "http://h/?q=1", 5, "x" * 400],
)
def test_a_class_address_that_is_not_one_is_refused_with_a_sentence(typed):
    with pytest.raises(ValueError, match="class address"):
        check_url(typed)


def test_a_join_code_is_letters_digits_and_dashes():
    assert check_join_code(" k7p-4qx ") == "K7P-4QX"
    for bad in ["", "ab", "K7P 4QX", "K7P-4QX;", "é" * 5, None]:
        with pytest.raises(ValueError, match="join code"):
            check_join_code(bad)


def test_a_refusal_carries_the_services_own_sentence(canned):
    canned.answer = (403, json.dumps({"error": "That is not your game."}).encode())
    with pytest.raises(ServiceRefusal, match=r"That is not your game\.") as refused:
        client_of(canned).call("GET", "/api/me")
    assert refused.value.status == 403 and isinstance(refused.value, ValueError)


def test_a_refusal_without_a_sentence_says_the_status(canned):
    canned.answer = (404, b"<html>nope</html>")
    with pytest.raises(ServiceRefusal, match="HTTP 404"):
        client_of(canned).call("GET", "/api/me")


@pytest.mark.parametrize("status", [429, 500, 503])
def test_a_busy_or_failing_service_is_unreachable_not_a_refusal(canned, status):
    canned.answer = (status, b'{"error": "later"}')
    with pytest.raises(ServiceUnreachable):
        client_of(canned).call("POST", "/api/results", {"send_id": "0" * 32, "code": "EVR2-x"})


@pytest.mark.parametrize(
    "body",
    [
        b"[1, 2]",
        b"not json",
        b"\xff\xfe",
        b"[" * 100 + b"]" * 100,
        b'{"a": "' + b"x" * (MAX_ANSWER_BYTES + 10) + b'"}',
    ],
    ids=["a list", "not json", "not utf-8", "too deep", "too large"],
)
def test_an_answer_that_is_not_the_services_json_is_never_used(canned, body):
    canned.answer = (200, body)
    with pytest.raises(ServiceUnreachable):
        client_of(canned).call("GET", "/api/me")


def test_nobody_listening_is_unreachable():
    client = ServiceClient("http://127.0.0.1:9", "t", timeout=2)  # the discard port: closed
    with pytest.raises(ServiceUnreachable):
        client.call("GET", "/api/me")


def test_the_queue_file_keeps_each_codes_send_id_across_a_restart(tmp_path):
    path = queue_path("K7P-4QX", "Ada", tmp_path)
    queue = SendQueue.open(path, "http://h:1", "K7P-4QX")
    first = queue.add("EVR2-one", "Climate, game 1")
    assert queue.add("EVR2-one")["send_id"] == first["send_id"]  # one code, one send
    assert (tmp_path / ".evo_work" / ".gitignore").exists()
    again = SendQueue.open(path, "http://h:1", "K7P-4QX")
    assert [e["send_id"] for e in again.queued()] == [first["send_id"]]
    assert again.queued()[0]["status"] == QUEUED and again.queued()[0]["code"] == "EVR2-one"


def test_a_seat_is_kept_by_join_code_whatever_the_address(tmp_path):
    """Issue 40.3: localhost, 127.0.0.1, the machine's name or a new port: one class, one file."""
    path = queue_path("K7P-4QX", "Ada", tmp_path)
    assert queue_path("k7p-4qx", "ada", tmp_path) == path
    queue = SendQueue.open(path, "http://localhost:8765", "K7P-4QX")
    queue.token = "seat-token"
    queue.add("EVR2-one")
    moved = SendQueue.open(path, "http://10.0.0.9:9000", "K7P-4QX")
    assert moved.token == "seat-token" and [e["code"] for e in moved.queued()] == ["EVR2-one"]
    moved.save()
    assert "10.0.0.9:9000" in path.read_text()  # the class's address as it is now
    assert queue_path("OTHER-1", "Ada", tmp_path) != path


def test_a_seat_kept_under_an_address_by_an_older_version_is_taken_over(tmp_path):
    older = tmp_path / ".evo_work" / "class-0123456789abcdef.json"
    older.parent.mkdir(parents=True)
    queue = SendQueue(older, "http://127.0.0.1:8765", "K7P-4QX")
    queue.token, queue.student = "kept", {"id": 1, "name": "Ada"}
    queue.save()
    path = queue_path("K7P-4QX", "Ada", tmp_path)
    assert path.exists() and not older.exists()
    assert SendQueue.open(path, "http://localhost:8765", "K7P-4QX").token == "kept"


def test_a_damaged_queue_file_is_set_aside_and_a_new_one_begins(tmp_path):
    path = queue_path("K7P-4QX", "Ada", tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "evo_lessons.class/1", "url": "http://h:1", "sends": 5}')
    queue = SendQueue.open(path, "http://h:1", "K7P-4QX")
    assert queue.sends == [] and "could not be read" in queue.problem
    assert list(path.parent.glob("*.damaged"))


def _payload(**changes):
    payload = {
        "id": "g1",
        "game": "climate",
        "options": {"players": 2},
        "seat": 0,
        "seats": ["human", "bot: good"],
        "move": 3,
        "current_player": 0,
        "is_over": False,
        "winners": [],
        "observation": {"x": 1},
        "legal": ["Place on A1", {"label": "Move to B2", "target": "cell-4"}],
        "log": [{"move": 1, "player": 1, "text": "P2 moved."}],
        "metrics": [{"step": 0, "turn": 0, "player": 0}],
        "seed": 1234,  # a service that sent it anyway: it is dropped unread
    }
    payload.update(changes)
    return payload


def test_a_payload_keeps_only_the_fields_the_kernel_uses():
    kept = checked_payload(_payload(), "climate")
    assert "seed" not in kept and kept["legal"][1]["target"] == "cell-4"


def test_another_seats_choices_are_dropped_from_a_payload():
    assert checked_payload(_payload(current_player=1), "climate")["legal"] == []


@pytest.mark.parametrize(
    "changes",
    [
        {"game": "phylo"},
        {"seat": 5},
        {"seat": True},
        {"move": -1},
        {"current_player": 9},
        {"is_over": "no"},
        {"legal": [3]},
        {"log": [{"move": "1", "text": "x"}]},
        {"metrics": [[1, 2]]},
        {"observation": []},
        {"id": "../../etc"},
        {"result": {"status": 3}},
    ],
)
def test_a_payload_of_the_wrong_shape_is_refused_with_a_sentence(changes):
    with pytest.raises(ValueError, match="cannot be shown"):
        checked_payload(_payload(**changes), "climate")


def test_what_json_cannot_say_is_refused_before_it_is_sent():
    client = ServiceClient("http://127.0.0.1:9", "t", timeout=2)
    for body in ({"options": {"players": object()}}, {"x": float("nan")}):
        with pytest.raises(ServiceRefusal, match="cannot be sent"):
            client.call("POST", "/api/games", body)
