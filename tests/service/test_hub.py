"""On a JupyterHub: the hub's token in a student's server seats the hub user; a hub teacher
uses the teacher's API with their own hub token. The hub here is a stand-in answering
``GET /hub/api/user`` as JupyterHub does (a user model for a known token, 403 otherwise)."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

from evo_lessons.service.auth import HubAuth

from .helpers import Running, call

USERS = {
    "hub-token-ada": {"name": "ada", "admin": False, "groups": []},
    "hub-token-grace": {"name": "grace", "admin": False, "groups": []},
    "hub-token-teacher": {"name": "ms-garcia", "admin": False, "groups": ["teachers"]},
    "hub-token-bio": {"name": "mr-okafor", "admin": False, "groups": ["bio-7b"]},
}


class FakeHub(BaseHTTPRequestHandler):
    def do_GET(self):
        token = (self.headers.get("Authorization") or "").removeprefix("token ")
        user = USERS.get(token) if self.path == "/hub/api/user" else None
        body = json.dumps(user or {"status": 403, "message": "no such token"}).encode()
        self.send_response(200 if user else 403)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        form = parse_qs(self.rfile.read(length).decode())
        codes = {"teacher-code": "hub-token-teacher", "student-code": "hub-token-grace"}
        token = codes.get(form.get("code", [""])[0])
        good = self.path == "/hub/api/oauth2/token" and form.get("client_secret") == ["secret"]
        self.send_response(200 if token and good else 400)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps({"access_token": token} if token and good else {}).encode())

    def log_message(self, *args):
        pass


@pytest.fixture
def hub_class(tmp_path):
    hub = ThreadingHTTPServer(("127.0.0.1", 0), FakeHub)
    thread = threading.Thread(target=hub.serve_forever, daemon=True)
    thread.start()
    api = f"http://127.0.0.1:{hub.server_address[1]}/hub/api"
    oauth = {
        "JUPYTERHUB_CLIENT_ID": "service-evo-class",
        "JUPYTERHUB_API_TOKEN": "secret",
        "JUPYTERHUB_OAUTH_CALLBACK_URL": "/oauth_callback",
        "JUPYTERHUB_BASE_URL": "/",
    }
    running = Running(tmp_path / "class", hub=HubAuth(api_url=api, environment=oauth))
    yield running
    running.stop()
    hub.shutdown()


def test_a_hub_user_joins_under_their_hub_name_and_keeps_their_seat(hub_class):
    live = hub_class
    body = {"join_code": live.join_code, "name": "typed name is ignored"}
    status, first = call(live.url, "POST", "/api/join", body, "hub-token-ada")
    assert status == 200 and first["student"]["name"] == "ada"
    status, again = call(live.url, "POST", "/api/join", body, "hub-token-ada")  # a new server
    assert status == 200 and again["student"]["id"] == first["student"]["id"]
    # the hub token itself works as the student's token too
    assert call(live.url, "GET", "/api/me", token="hub-token-ada")[1]["student"]["name"] == "ada"
    # nobody without Ada's hub token takes her seat by typing her name
    anyone = {"join_code": live.join_code, "name": "ada"}
    assert call(live.url, "POST", "/api/join", anyone)[0] == 403  # with hub auth: no typed seats
    assert call(live.url, "POST", "/api/join", {**anyone, "name": "zed"})[0] == 403
    assert (
        call(live.url, "POST", "/api/join", anyone, "hub-token-grace")[1]["student"]["name"]
        == "grace"
    )


def test_a_hub_teacher_uses_the_teachers_api_and_a_hub_student_cannot(hub_class):
    live = hub_class
    call(
        live.url, "POST", "/api/join", {"join_code": live.join_code, "name": "x"}, "hub-token-grace"
    )
    assert call(live.url, "GET", "/api/summary", token="hub-token-teacher")[0] == 200
    assert call(live.url, "GET", "/api/summary", token="hub-token-grace")[0] == 403
    assert call(live.url, "GET", "/api/summary", token="hub-token-nobody")[0] == 403


class Stay(urllib.request.HTTPRedirectHandler):
    """Follow no redirect: the test reads each one."""

    def redirect_request(self, *args, **kwargs):
        return None


def browser():
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), Stay)

    def get(url):
        try:
            with opener.open(url, timeout=60) as answer:
                return answer.status, answer.headers
        except urllib.error.HTTPError as error:
            return error.code, error.headers

    return get


def test_a_hub_teacher_logs_in_to_the_live_page_through_the_hub(hub_class):
    live = hub_class
    get = browser()
    status, headers = get(f"{live.url}/teacher")
    assert status == 302
    login = urlsplit(headers["Location"])
    assert login.path == "/hub/api/oauth2/authorize"
    query = parse_qs(login.query)
    assert query["client_id"] == ["service-evo-class"] and query["response_type"] == ["code"]
    # a forged state is refused (and ends that login); a new login comes back with a code
    assert get(f"{live.url}/oauth_callback?code=teacher-code&state=forged")[0] == 403
    headers = get(f"{live.url}/teacher")[1]
    state = parse_qs(urlsplit(headers["Location"]).query)["state"][0]
    status, headers = get(f"{live.url}/oauth_callback?code=teacher-code&state={state}")
    assert status == 302 and headers["Location"] == "/teacher"
    assert get(f"{live.url}/teacher")[0] == 200


def test_a_hub_student_logging_in_gets_no_teachers_page(hub_class):
    live = hub_class
    get = browser()
    headers = get(f"{live.url}/teacher")[1]
    state = parse_qs(urlsplit(headers["Location"]).query)["state"][0]
    assert get(f"{live.url}/oauth_callback?code=student-code&state={state}")[0] == 403
    assert get(f"{live.url}/teacher")[0] == 302  # still sent to log in


def test_each_class_is_taught_by_its_hub_group(hub_class):
    from evo_lessons.service.db import session_factory
    from evo_lessons.service.rulings import create_class

    live = hub_class
    with session_factory(live.service.engine)() as db:
        bio = create_class(db, "Biology 7B", hub_group="bio-7b")
        bio_id, bio_code = bio.id, bio.join_code
    call(live.url, "POST", "/api/join", {"join_code": bio_code, "name": "x"}, "hub-token-ada")
    status, mine = call(live.url, "GET", "/api/summary", token="hub-token-bio")
    assert status == 200 and mine["class"] == "Biology 7B"
    assert [s["name"] for s in mine["students"]] == ["ada"]
    status, theirs = call(live.url, "GET", "/api/summary", token="hub-token-teacher")
    assert status == 200 and theirs["students"] == []  # the first class: not Biology 7B's
    assert (
        call(live.url, "GET", f"/api/summary?class={bio_id}", token="hub-token-teacher")[0] == 403
    )


def test_joins_are_limited_per_hub_user_not_per_proxy_address(hub_class):
    live = hub_class
    live.service.limiter.limit = 2
    body = {"join_code": live.join_code, "name": "x"}
    for token in ("hub-token-ada", "hub-token-grace"):  # one address: the hub's proxy
        for _ in range(2):
            assert call(live.url, "POST", "/api/join", body, token)[0] == 200
    assert call(live.url, "POST", "/api/join", body, "hub-token-ada")[0] == 429
