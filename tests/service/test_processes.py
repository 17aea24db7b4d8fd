"""Two service processes on one PostgreSQL database (what a proxy in front of two workers
gives): moves alternating between them are never refused as stale, a pause and a replaced
token are seen by both at once, a game sent twice at the same moment through both counts
once, and kill -9 of one leaves the other serving the class with nothing lost."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import uuid

import pytest

from .helpers import call, finished_code, join, send
from .postgres import cluster
from .test_subprocess import ROOT, command, free_port


def start(url: str, data, port: int) -> tuple[subprocess.Popen, dict]:
    environment = {
        **os.environ,
        "PYTHONPATH": f"{ROOT}{os.pathsep}" + os.environ.get("PYTHONPATH", ""),
    }
    process = subprocess.Popen(
        [*command(), "class", "serve", "--data", str(data), "--db", url, "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True,
    )  # fmt: skip
    return process, json.loads(process.stdout.readline())


@pytest.fixture
def two(tmp_path):
    with cluster() as url:
        a, first = start(url, tmp_path / "a", free_port())
        b, second = start(url, tmp_path / "b", free_port())
        try:
            # one class; its teacher token shown once, by the process that made it (issue 42)
            assert first["join_code"] == second["join_code"]
            assert [first["teacher_token"], second["teacher_token"]].count(None) == 1
            first["teacher_token"] = first["teacher_token"] or second["teacher_token"]
            yield {"processes": [a, b], "urls": [first["url"], second["url"]], **first}
        finally:
            for process in (a, b):
                process.kill()
                process.wait()


def test_two_processes_serve_one_class(two):
    a, b = two["urls"]
    code, teacher = two["join_code"], two["teacher_token"]
    ada = join(a, code, "Ada")
    # a served game whose moves alternate between the processes: never a stale refusal
    status, game = call(a, "POST", "/api/games", {"game": "climate"}, ada)
    assert status == 200
    turn = 0
    while not game["is_over"] and turn < 12:
        url = (a, b)[turn % 2]
        body = {"move": game["move"], "index": 0, "move_id": f"ada-move-{turn:03d}"}
        status, game = call(url, "POST", f"/api/games/{game['id']}/act", body, ada)
        assert status == 200, game
        turn += 1
    # a repeated act through the other process answers as the first time
    status, again = call((a, b)[turn % 2], "POST", f"/api/games/{game['id']}/act", body, ada)
    assert (status, again) == (200, game)
    # the teacher pauses through A; B refuses the next move and says paused
    call(a, "POST", "/api/pause", {"paused": True}, teacher)
    assert call(b, "GET", "/api/me", token=ada)[1]["paused"] is True
    grace = join(b, code, "Grace")
    assert call(b, "POST", "/api/games", {"game": "niche"}, grace)[0] == 409
    call(b, "POST", "/api/pause", {"paused": False}, teacher)
    assert call(a, "GET", "/api/me", token=ada)[1]["paused"] is False
    # "let join again" through A, the new join through B: the old token stops in both
    summary = call(a, "GET", "/api/summary", token=teacher)[1]
    grace_id = next(s["id"] for s in summary["students"] if s["name"] == "Grace")
    opened = call(a, "POST", "/api/rejoin", {"student": grace_id}, teacher)[1]
    new_grace = join(b, opened["rejoin_code"], "Grace")  # the one-time code (names.py)
    for url in (a, b):
        assert call(url, "GET", "/api/me", token=grace)[0] == 401
        assert call(url, "GET", "/api/me", token=new_grace)[0] == 200
    assert send(a, grace, finished_code("Grace", seed=3))[0] == 401


def test_a_game_sent_twice_at_once_through_both_counts_once(two):
    a, b = two["urls"]
    names = [f"Student {k}" for k in range(8)]
    tokens = [join(a, two["join_code"], name) for name in names]
    codes = [finished_code(name, seed=200 + k) for k, name in enumerate(names)]
    answers: list[list[str]] = [[] for _ in codes]
    ready = threading.Barrier(16)

    def sender(url, k):
        ready.wait()
        status, answer = send(url, tokens[k], codes[k], uuid.uuid4().hex)
        answers[k].append(answer["status"] if status == 200 else str(status))

    threads = [threading.Thread(target=sender, args=(url, k)) for k in range(8) for url in (a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(sorted(pair) == ["apart", "counted"] for pair in answers), answers
    summary = call(b, "GET", "/api/summary", token=two["teacher_token"])[1]
    assert (summary["counted"], summary["apart"]) == (8, 8)


def test_kill_9_of_one_worker_mid_class(two):
    a, b = two["urls"]
    token = join(a, two["join_code"], "Ada")
    status, game = call(a, "POST", "/api/games", {"game": "phylo"}, token)
    for k in range(2):
        body = {"move": game["move"], "index": 0, "move_id": f"before-kill-{k}"}
        game = call(a, "POST", f"/api/games/{game['id']}/act", body, token)[1]
    acknowledged = send(a, token, finished_code("Ada", seed=31))[1]
    two["processes"][0].kill()  # SIGKILL of worker A: its memory is gone
    two["processes"][0].wait()
    # B serves all of it: the results, the game at the same move, the next move
    mine = call(b, "GET", "/api/me", token=token)[1]["results"]
    assert [r["send_id"] for r in mine] == [acknowledged["send_id"]]
    assert call(b, "GET", f"/api/games/{game['id']}", token=token)[1] == game
    body = {"move": game["move"], "index": 0, "move_id": "after-kill-0"}
    status, on = call(b, "POST", f"/api/games/{game['id']}/act", body, token)
    assert status == 200 and on["move"] > game["move"]


def test_workers_share_one_port_and_stop_together(tmp_path):
    """``serve --workers 2``: two processes on one port and one PostgreSQL; SIGTERM to the
    parent stops both; a worker killed with SIGKILL is started again."""
    import signal
    import time

    with cluster() as url:
        environment = {
            **os.environ,
            "PYTHONPATH": f"{ROOT}{os.pathsep}" + os.environ.get("PYTHONPATH", ""),
        }
        process = subprocess.Popen(
            [*command(), "class", "serve", "--data", str(tmp_path), "--db", url,
             "--port", str(free_port()), "--workers", "2"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True,
        )  # fmt: skip
        try:
            first = json.loads(process.stdout.readline())
            assert first["workers"] == 2
            token = join(first["url"], first["join_code"], "Ada")
            children = workers_of(process.pid)
            assert len(children) == 2
            os.kill(children[0], signal.SIGKILL)
            for _ in range(100):
                again = workers_of(process.pid)
                if len(again) == 2 and children[0] not in again:
                    break
                time.sleep(0.1)
            assert len(again) == 2 and children[0] not in again
            for _ in range(6):  # whichever worker answers: the same class
                assert call(first["url"], "GET", "/api/me", token=token)[0] == 200
        finally:
            process.terminate()
            process.wait(timeout=60)
        for _ in range(100):
            if not any(alive(pid) for pid in again):
                break
            time.sleep(0.1)
        assert not any(alive(pid) for pid in again)


def workers_of(parent: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True)
    return sorted(int(pid) for pid in found.stdout.split())


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
