"""N3, N8: the teacher's cookie is a session, tokens are kept hashed, the data folder is the
teacher's, and no log line holds a token (evo_lessons/service/auth.py, http_limits.py)."""

from __future__ import annotations

import http.client
import logging
import pathlib
import stat
from urllib.parse import urlsplit

import pytest

from evo_lessons.service import http_limits

from .helpers import call, join
from .security_helpers import Served


@pytest.fixture
def prefixed(tmp_path):
    served = Served(tmp_path / "data", prefix="/services/evo-class/")
    yield served
    served.stop()


def _open_page(served, token: str):
    parts = urlsplit(served.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", f"{parts.path}/teacher?token={token}")
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer


def _cookie_get(served, path: str, cookie: str):
    parts = urlsplit(served.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", parts.path + path, headers={"Cookie": cookie})
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, body


def test_the_teacher_cookie_is_a_session_under_the_prefix_and_never_the_token(prefixed):
    answer = _open_page(prefixed, prefixed.teacher)
    assert answer.status == 302
    header = answer.getheader("Set-Cookie")
    attributes = [part.strip().lower() for part in header.split(";")]
    value = header.split(";")[0].split("=", 1)[1]
    assert "httponly" in attributes and "samesite=strict" in attributes
    assert "path=/services/evo-class/" in attributes  # a student's /user/... never gets it
    assert prefixed.teacher not in header and len(value) >= 40
    cookie = f"evo_teacher={value}"
    assert _cookie_get(prefixed, "/api/summary", cookie)[0] == 200
    # the cookie is not a token: as a token it opens nothing
    assert call(prefixed.url, "GET", "/api/summary", token=value)[0] == 403


def test_logging_out_revokes_the_session(prefixed):
    value = _open_page(prefixed, prefixed.teacher).getheader("Set-Cookie").split(";")[0]
    parts = urlsplit(prefixed.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("POST", parts.path + "/api/logout", body=b"{}",
                       headers={"Cookie": value, "Content-Type": "application/json"})  # fmt: skip
    assert connection.getresponse().status == 200
    connection.close()
    assert _cookie_get(prefixed, "/api/summary", value)[0] == 403


def test_a_wrong_token_makes_no_session(prefixed):
    answer = _open_page(prefixed, "x" * 43)
    assert answer.status == 403 and answer.getheader("Set-Cookie") is None


def test_no_token_is_stored_in_the_clear_and_the_folder_is_the_teachers(tmp_path):
    data = tmp_path / "data"
    served = Served(data)
    try:
        student = join(served.url, served.join_code, "Ada")
        assert call(served.url, "GET", "/api/summary", token=served.teacher)[0] == 200
    finally:
        served.stop()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for path in data.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path
        content = path.read_bytes()
        assert served.teacher.encode() not in content and student.encode() not in content


def test_the_teacher_token_is_shown_once_and_a_new_one_ends_the_old(tmp_path):
    from evo_lessons.service.app import ClassService

    first = ClassService(tmp_path / "data")
    token = first.settings["teacher_token"]
    first.close()
    again = ClassService(tmp_path / "data")
    assert token and again.settings["teacher_token"] is None  # only its hash is kept
    again.close()
    served = Served(tmp_path / "data")
    try:
        assert call(served.url, "GET", "/api/summary", token=token)[0] == 200
        cookie = _open_page(served, token).getheader("Set-Cookie").split(";")[0]
    finally:
        served.stop()
    renewed = Served(tmp_path / "data", new_teacher_token=True)
    try:
        assert call(renewed.url, "GET", "/api/summary", token=token)[0] == 403
        assert _cookie_get(renewed, "/api/summary", cookie)[0] == 403  # its sessions end too
        assert call(renewed.url, "GET", "/api/summary", token=renewed.teacher)[0] == 200
    finally:
        renewed.stop()


def test_last_rounds_plain_teacher_token_is_hashed_and_still_works(tmp_path):
    import shutil
    import sqlite3

    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(pathlib.Path(__file__).parent / "data" / "round3_class.sqlite3",
                data / "class.sqlite3")  # fmt: skip
    with sqlite3.connect(data / "class.sqlite3") as old:
        plain = dict(old.execute("SELECT key, value FROM settings"))["teacher_token"]
    served = Served(data)
    try:
        assert call(served.url, "GET", "/api/summary", token=plain)[0] == 200
    finally:
        served.stop()
    assert plain.encode() not in (data / "class.sqlite3").read_bytes()


def test_no_access_log_line_holds_a_token(prefixed, caplog):
    with caplog.at_level(logging.INFO, logger="tornado.access"):
        _open_page(prefixed, prefixed.teacher)
        _open_page(prefixed, "wrong-token")
    text = caplog.text
    assert "/teacher?token=..." in text
    assert prefixed.teacher not in text and "wrong-token" not in text
    assert http_limits.redact("/oauth_callback?code=abc&state=def") == (
        "/oauth_callback?code=...&state=..."
    )
