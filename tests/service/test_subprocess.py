"""``evo-teacher class serve`` as the teacher runs it, killed with SIGKILL mid-class, restarted.

Every result the service acknowledged is still there after the restart, a resend of any of them
counts once, and a served game stands at the same move and plays on.
"""

from __future__ import annotations

import json
import os
import pathlib
import socket
import subprocess
import sys
import threading
import uuid

import pytest

from .helpers import call, finished_code, join, send

ROOT = pathlib.Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def command() -> list[str]:
    script = pathlib.Path(sys.executable).parent / "evo-teacher"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from evo_lessons.lessons.teacher import console; console()"]


def start(data: pathlib.Path, port: int) -> tuple[subprocess.Popen, dict]:
    environment = {
        **os.environ,
        "PYTHONPATH": f"{ROOT}{os.pathsep}" + os.environ.get("PYTHONPATH", ""),
    }
    process = subprocess.Popen(
        [*command(), "class", "serve", "--data", str(data), "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True,
    )  # fmt: skip
    first = json.loads(process.stdout.readline())  # the service is listening once it prints
    return process, first


def test_serve_prints_its_json_line_then_people_lines(tmp_path):
    port = free_port()
    process, first = start(tmp_path / "class", port)
    try:
        assert set(first) >= {"url", "join_code", "teacher_token", "teacher_page", "flushed"}
        assert first["url"] == f"http://127.0.0.1:{port}"
        assert first["teacher_page"].startswith(first["url"] + "/teacher?token=")
        assert "Students join" in process.stdout.readline() + process.stdout.readline()
        status, summary = call(first["url"], "GET", "/api/summary", token=first["teacher_token"])
        assert status == 200 and summary["counted"] == 0
    finally:
        process.terminate()
        process.wait()


@pytest.mark.slow
def test_kill_9_mid_class_loses_nothing_acknowledged(tmp_path):
    data, port = tmp_path / "class", free_port()
    process, first = start(data, port)
    url, code = first["url"], first["join_code"]
    names = [f"Student {i}" for i in range(4)]
    tokens = {name: join(url, code, name) for name in names}
    codes = {name: [finished_code(name, seed=100 + 10 * i + k) for k in range(6)]
             for i, name in enumerate(names)}  # fmt: skip
    acknowledged: dict[str, dict] = {}  # send id -> (name, code, answer)
    lock = threading.Lock()
    enough = threading.Event()

    def student(name):
        for text in codes[name]:
            send_id = uuid.uuid4().hex
            try:
                status, answer = send(url, tokens[name], text, send_id)
            except OSError:
                return  # the service is gone: this one was never acknowledged
            if status == 200:
                with lock:
                    acknowledged[send_id] = {"name": name, "code": text, "answer": answer}
                    if len(acknowledged) >= 8:
                        enough.set()

    # a served game in play, three moves in
    ada = tokens[names[0]]
    game = call(url, "POST", "/api/games", {"game": "phylo"}, ada)[1]
    for _ in range(3):
        game = call(url, "POST", f"/api/games/{game['id']}/act",
                    {"move": game["move"], "index": 0}, ada)[1]  # fmt: skip
    threads = [threading.Thread(target=student, args=(n,)) for n in names]
    for thread in threads:
        thread.start()
    enough.wait(timeout=600)
    process.kill()  # SIGKILL: no shutdown, no flush
    process.wait()
    for thread in threads:
        thread.join()
    assert len(acknowledged) >= 8

    process, again = start(data, port)
    try:
        # the teacher token is shown once (only its hash is kept); the first one still works
        assert (again["join_code"], again["teacher_token"]) == (code, None)
        for name in names:
            mine = {
                r["send_id"]: r
                for r in call(url, "GET", "/api/me", token=tokens[name])[1]["results"]
            }
            for send_id, sent in acknowledged.items():
                if sent["name"] == name:
                    assert mine[send_id]["status"] == sent["answer"]["status"]
        before = call(url, "GET", "/api/summary", token=first["teacher_token"])[1]
        for send_id, sent in acknowledged.items():  # every one sent again after the restart
            status, answer = send(url, tokens[sent["name"]], sent["code"], send_id)
            assert status == 200 and answer == sent["answer"]
        after = call(url, "GET", "/api/summary", token=first["teacher_token"])[1]
        assert (after["counted"], after["apart"]) == (before["counted"], before["apart"])
        resumed = call(url, "GET", f"/api/games/{game['id']}", token=ada)[1]
        assert resumed == game  # the same move, the same view
        status, on = call(url, "POST", f"/api/games/{game['id']}/act",
                          {"move": game["move"], "index": 0}, ada)  # fmt: skip
        assert status == 200 and on["move"] > game["move"]
    finally:
        process.terminate()
        process.wait()
