"""N8: what a hub's log would keep of the service (its stdout and stderr): no teacher token,
no OAuth code; and on a laptop the token is printed once, apart from the join lines."""

from __future__ import annotations

import json
import os
import subprocess

from .helpers import call
from .test_subprocess import ROOT, command, free_port


def _serve(data, port, extra_env=None, args=()):
    environment = {
        **os.environ,
        "PYTHONPATH": f"{ROOT}{os.pathsep}" + os.environ.get("PYTHONPATH", ""),
        **(extra_env or {}),
    }
    return subprocess.Popen(
        [*command(), "class", "serve", "--data", str(data), "--port", str(port), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, text=True,
    )  # fmt: skip


def _stop(process) -> tuple[str, str]:
    process.terminate()
    process.wait(timeout=30)
    # read through the same file objects as the first line (communicate() would skip what
    # their buffers already hold)
    return process.stdout.read(), process.stderr.read()


def test_under_a_hub_no_token_reaches_the_services_output(tmp_path):
    port = free_port()
    hub = {
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
        "JUPYTERHUB_SERVICE_PREFIX": "/services/evo-class/",
        "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api",  # no hub answers: nobody is a user
    }
    process = _serve(tmp_path / "data", port, hub, ["--port", str(port)])
    try:
        first = json.loads(process.stdout.readline())
        assert first["teacher_token"] is None and first["teacher_page"] is None
        url = first["url"]
        call(url, "GET", "/teacher?token=guessed-token-123")
        call(url, "GET", "/oauth_callback?code=hub-oauth-code-456&state=xyz")
    finally:
        out, err = _stop(process)
    text = out + err
    assert "guessed-token-123" not in text and "hub-oauth-code-456" not in text
    with_class = tmp_path / "data" / "class.sqlite3"
    assert with_class.exists()


def test_on_a_laptop_the_token_is_printed_once_apart_from_the_join_lines(tmp_path):
    port = free_port()
    process = _serve(tmp_path / "data", port)
    try:
        first = json.loads(process.stdout.readline())
        token = first["teacher_token"]
        call(first["url"], "GET", f"/teacher?token={token}")
    finally:
        out, err = _stop(process)
    lines = out.splitlines()
    join_line = next(i for i, line in enumerate(lines) if line.startswith("Students join"))
    token_line = next(i for i, line in enumerate(lines) if token in line)
    assert token_line >= join_line + 2 and lines[join_line + 1] == ""  # a blank line between
    assert sum(token in line for line in lines) == 1 and token not in err
    again = _serve(tmp_path / "data", port)
    try:
        restarted = json.loads(again.stdout.readline())
        assert restarted["teacher_token"] is None
        call(restarted["url"], "GET", "/api/me")  # answered: its lines are all printed
    finally:
        out, err = _stop(again)
    assert token not in out + err and "still works" in out
