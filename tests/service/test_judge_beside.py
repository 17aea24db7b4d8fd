"""A send is acknowledged once stored; its replay runs beside (worker processes or the
service's threads) and the verdict lands in the send's status and the teacher's summary."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import time
import urllib.request
import uuid

import pytest

from evo_lessons.service.db import Result

from .helpers import Running, call, finished_code, join, send


def send_async(url: str, token: str, code: str, send_id: str) -> tuple[int, dict]:
    body = json.dumps({"send_id": send_id, "code": code}).encode()
    request = urllib.request.Request(url + "/api/results", method="POST", data=body)
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"token {token}")
    request.add_header("Prefer", "respond-async")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.status, json.loads(answer.read())


def verdict(url: str, token: str, send_id: str) -> dict:
    for _ in range(600):
        status, answer = call(url, "GET", f"/api/results/{send_id}", token=token)
        assert status == 200, answer
        if answer["status"] != "received":
            return answer
        time.sleep(0.05)
    raise AssertionError("no verdict")


@pytest.mark.parametrize("workers", ["0", "1"])
def test_an_async_send_is_received_then_judged(tmp_path, monkeypatch, workers):
    monkeypatch.setenv("EVO_JUDGE_WORKERS", workers)
    live = Running(tmp_path / "class")
    try:
        token = join(live.url, live.join_code, "Ada")
        first, second = uuid.uuid4().hex, uuid.uuid4().hex
        code = finished_code("Ada", seed=3)
        status, answer = send_async(live.url, token, code, first)
        assert (status, answer["status"]) == (202, "received")
        send_async(live.url, token, code, second)  # the same game again
        verdicts = sorted(verdict(live.url, token, s)["status"] for s in (first, second))
        assert verdicts == ["apart", "counted"]
        # a resend of a judged send answers its verdict
        assert send(live.url, token, code, first)[1]["status"] in ("apart", "counted")
        me = call(live.url, "GET", "/api/me", token=token)[1]
        assert sorted(r["status"] for r in me["results"]) == ["apart", "counted"]
        assert call(live.url, "GET", f"/api/results/{uuid.uuid4().hex}", token=token)[0] == 404
    finally:
        live.stop()


def test_a_send_left_received_by_a_dead_process_is_judged_by_the_sweep(live):
    token = join(live.url, live.join_code, "Ada")
    send_id = uuid.uuid4().hex
    with live.service.Session() as db:  # what a process killed before its verdict leaves
        db.add(Result(send_id=send_id, class_id=1, student_id=1, status="received",
                      problem="", reason="", code=finished_code("Ada", seed=4),
                      at=dt.datetime(2020, 1, 1)))  # fmt: skip
        db.commit()
    assert call(live.url, "GET", "/api/summary", token=live.teacher)[1]["received"] == 1
    asyncio.run_coroutine_threadsafe(live.service.sweep(), live.loop).result(timeout=120)
    assert verdict(live.url, token, send_id)["status"] == "counted"
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert (summary["counted"], summary["received"]) == (1, 0)
