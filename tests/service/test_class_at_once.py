"""Thirty students joining, sending and playing at the same moment: each counted once."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from .helpers import call, finished_code, join, play_served, send

STUDENTS = 30


@pytest.mark.slow
def test_thirty_students_join_send_and_play_at_once(live):
    names = [f"Student {i:02d}" for i in range(STUDENTS)]
    codes = {name: finished_code(name, seed=1000 + i) for i, name in enumerate(names)}

    def lesson(name: str) -> tuple[str, dict, dict, dict]:
        token = join(live.url, live.join_code, name)
        send_id = uuid.uuid4().hex
        status, answer = send(live.url, token, codes[name], send_id)
        assert status == 200, answer
        again = send(live.url, token, codes[name], send_id)[1]  # a retry after a lost answer
        payload = play_served(live.url, token, "climate")
        return token, answer, again, payload

    with ThreadPoolExecutor(max_workers=STUDENTS) as pool:
        done = list(pool.map(lesson, names))
    assert all(answer == again for _, answer, again, _ in done)
    sent = sum(answer["status"] == "counted" for _, answer, _, _ in done)
    served = sum(p["result"]["status"] == "counted" for _, _, _, p in done)
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert len(summary["students"]) == STUDENTS
    assert summary["counted"] == sent + served
    assert summary["finished"] == STUDENTS and summary["playing"] == []
    assert sum(s["counted"] + s["apart"] for s in summary["students"]) == 2 * STUDENTS
    # each student reads their own two results, nobody else's
    for token, answer, _, payload in done:
        mine = call(live.url, "GET", "/api/me", token=token)[1]["results"]
        assert {r["send_id"] for r in mine} == {answer["send_id"], f"game-{payload['id']}"}
