"""A real JupyterHub (pip's jupyterhub, npm's configurable-http-proxy) with the class service as
its managed service: a seat is the hub user, typed names are refused, a hub admin is the
teacher, and the hub's log (the service's output included) holds no teacher token, no guessed
token and no OAuth code. Slow (about 20 s) and needs both installed: full mode only."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

pytestmark = pytest.mark.slow

CHP = os.environ.get("EVO_CHP") or shutil.which("configurable-http-proxy")
ROOT = pathlib.Path(__file__).resolve().parents[2]


def _free() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _http(url, method="GET", body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, method=method, data=data)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except (urllib.error.URLError, OSError) as error:  # not listening yet
        return 0, str(error)


@pytest.fixture
def hub(tmp_path):
    # bash .ci/run --full installs both (pip's jupyterhub, tools/chp's proxy): there a missing
    # one is a failure, never a skip; a developer's plain pytest run without them skips
    missing = pytest.fail if os.environ.get("EVO_CI_FULL") == "1" else pytest.skip
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        missing("jupyterhub is not installed (pip install jupyterhub)")
    if CHP is None:
        missing("configurable-http-proxy is not installed (tools/chp: npm ci)")
    port, api, service = _free(), _free(), _free()
    admin_token = "tester-" + os.urandom(16).hex()
    config = tmp_path / "jupyterhub_config.py"
    config.write_text(
        f"""
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {api}
c.JupyterHub.db_url = "sqlite:///{tmp_path}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp_path}/cookie_secret"
c.JupyterHub.pid_file = "{tmp_path}/hub.pid"
c.ConfigurableHTTPProxy.command = ["{CHP}"]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{_free()}"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allowed_users = {{"ada", "mallory", "teach"}}
c.Authenticator.admin_users = {{"teach"}}
c.JupyterHub.services = [
    {{
        "name": "evo-class",
        "url": "http://127.0.0.1:{service}",
        "command": ["{sys.executable}", "-m", "evo_lessons.service.cli", "serve",
                    "--data", "{tmp_path}/class"],
        "environment": {{"EVO_CLASS_CODE": "HUB-CLS", "PYTHONPATH": "{ROOT}"}},
        "oauth_no_confirm": True,
    }},
    {{"name": "tester", "api_token": "{admin_token}"}},
]
c.JupyterHub.load_roles = [
    {{"name": "tester", "scopes": ["admin:users", "tokens"], "services": ["tester"]}},
    {{"name": "user", "scopes": ["self", "access:services"]}},
]
"""
    )
    log = open(tmp_path / "hub.log", "w")  # noqa: SIM115 (closed below)
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(config)],
        cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            time.sleep(0.5)
            status, _ = _http(f"{base}/services/evo-class/api/me")
            if status in (401, 403):
                break
        else:
            pytest.fail((tmp_path / "hub.log").read_text()[-3000:])
        tokens = {}
        for user in ("ada", "mallory", "teach"):
            status, text = _http(f"{base}/hub/api/users/{user}/tokens", "POST",
                                 {"note": "test"}, admin_token)  # fmt: skip
            assert status in (200, 201), text
            tokens[user] = json.loads(text)["token"]
        yield {"url": f"{base}/services/evo-class", "tokens": tokens,
               "log": tmp_path / "hub.log", "data": tmp_path / "class"}  # fmt: skip
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def test_on_a_real_hub_a_seat_is_the_hub_user_and_no_token_is_logged(hub):
    url, tokens = hub["url"], hub["tokens"]
    status, text = _http(f"{url}/api/join", "POST", {"join_code": "HUB-CLS", "name": "bob"},
                         tokens["ada"])  # fmt: skip
    assert status == 200 and json.loads(text)["student"]["name"] == "ada"
    # a typed name without the hub token: refused (red-team N4, hub_squat.py)
    for name in ("ada", "bob"):
        status, _ = _http(f"{url}/api/join", "POST", {"join_code": "HUB-CLS", "name": name})
        assert status == 403
    status, text = _http(f"{url}/api/join", "POST", {"join_code": "HUB-CLS", "name": "ada"},
                         tokens["mallory"])  # fmt: skip
    assert status == 200 and json.loads(text)["student"]["name"] == "mallory"
    # the hub admin is the teacher; a student is not
    assert _http(f"{url}/api/summary", token=tokens["teach"])[0] == 200
    assert _http(f"{url}/api/summary", token=tokens["ada"])[0] == 403
    _http(f"{url}/teacher?token=guessed-secret-789")
    _http(f"{url}/oauth_callback?code=oauth-code-321&state=s")
    time.sleep(1.0)
    log = hub["log"].read_text()
    assert "guessed-secret-789" not in log and "oauth-code-321" not in log
    assert '"teacher_token": null' in log  # the service printed no token into the hub's log
    for token in tokens.values():
        assert token not in log
    assert oct(hub["data"].stat().st_mode & 0o777) == "0o700"
