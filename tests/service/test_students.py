"""Students join and send results: each judged as pooling judges it, once, and only theirs."""

from __future__ import annotations

import uuid

from evo_lessons.classroom import pool

from .helpers import call, finished_code, join, send

TEACHER_ONLY = [
    ("GET", "/api/summary", None),
    ("GET", "/api/results.csv", None),
    ("GET", "/api/codes", None),
    ("POST", "/api/pause", {"paused": True}),
    ("POST", "/api/deal", {"game": "climate", "seed": 3}),
    ("POST", "/api/rejoin", {"student": 1}),
]


def test_a_student_joins_and_a_result_is_judged_as_pooling_judges_it(live):
    token = join(live.url, live.join_code, "Ada")
    code = finished_code("Ada")
    status, answer = send(live.url, token, code)
    assert status == 200
    expected = pool([code])
    assert answer["status"] == ("counted" if len(expected.games) == 1 else "apart")
    status, me = call(live.url, "GET", "/api/me", token=token)
    assert [r["status"] for r in me["results"]] == [answer["status"]]
    assert me["student"]["name"] == "Ada" and me["paused"] is False


def test_a_resend_answers_the_same_and_counts_once(live):
    token = join(live.url, live.join_code, "Ada")
    code, send_id = finished_code("Ada"), uuid.uuid4().hex
    first = send(live.url, token, code, send_id)
    again = send(live.url, token, code, send_id)
    assert first == again
    other_id = send(live.url, token, code)[1]
    assert other_id["status"] == "apart" and "sent before" in other_id["reason"]
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert summary["counted"] == 1 and summary["apart"] == 1


def test_a_code_with_another_name_is_refused(live):
    token = join(live.url, live.join_code, "Ada")
    status, answer = send(live.url, token, finished_code("Grace"))
    assert status == 200 and answer["status"] == "refused"
    assert "not the name you joined with" in answer["reason"]


def test_a_classmates_game_sent_by_another_is_apart(live):
    ada = join(live.url, live.join_code, "Ada")
    grace = join(live.url, live.join_code, "Grace")
    assert send(live.url, ada, finished_code("Ada", seed=9))[1]["status"] == "counted"
    # the same game renamed: the fingerprint ignores the name
    answer = send(live.url, grace, finished_code("Grace", seed=9))[1]
    assert answer["status"] == "apart" and "another student's" in answer["reason"]


def test_garbage_forged_and_oversized_bodies_get_a_clear_4xx_and_change_nothing(live):
    token = join(live.url, live.join_code, "Ada")
    bad = [
        (b"not json", 400),
        (b"[1, 2]", 400),
        (b'{"send_id": "x", "code": "EVR2-a"}', 400),
        (b'{"send_id": 5, "code": "EVR2-a"}', 400),
        (b'{"send_id": "' + b"a" * 32 + b'"}', 400),
        (b'{"send_id": "' + b"a" * 32 + b'", "code": "x", "more": 1}', 400),
        (b"[" * 50_000 + b"]" * 10_000, 400),
        (b'{"code": "' + b"A" * 70_000 + b'"}', 413),
        (b"\xff\xfe", 400),
    ]
    for raw, expected in bad:
        status, answer = call(live.url, "POST", "/api/results", token=token, raw=raw)
        assert status == expected, (raw[:40], answer)
        assert isinstance(answer["error"], str) and answer["error"].endswith(".")
    assert call(live.url, "GET", "/api/me", token=token)[1]["results"] == []
    forged = finished_code("Ada")[:-12] + "AAAAAAAAAAAA"
    answer = send(live.url, token, forged)[1]
    assert answer["status"] == "refused" and answer["reason"]
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert summary["counted"] == 0 and summary["refused"] == 1


def test_a_slow_to_decode_code_is_refused_before_its_replay(live):
    from evo_lessons.engine import results

    token = join(live.url, live.join_code, "Ada")
    data = results.parse_result(finished_code("Ada"))
    data["save"]["moves"] = "B" * 20_000 + "a"  # one move number 20,000 digits long
    answer = send(live.url, token, results.encode(data))[1]
    assert answer["status"] == "refused" and answer["reason"]


def test_joining_needs_the_code_and_a_name_and_a_taken_name_waits_for_the_teacher(live):
    assert call(live.url, "POST", "/api/join", {"join_code": "AAA-AAA", "name": "Ada"})[0] == 403
    status, answer = call(live.url, "POST", "/api/join", {"join_code": live.join_code, "name": ""})
    assert status == 400 and answer["error"]
    first = join(live.url, live.join_code, "Ada")
    status, answer = call(live.url, "POST", "/api/join",
                          {"join_code": live.join_code, "name": " ada "})  # fmt: skip
    assert status == 409 and "already joined" in answer["error"]
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    student = summary["students"][0]["id"]
    status, opened = call(live.url, "POST", "/api/rejoin", {"student": student}, live.teacher)
    assert status == 200
    # the seat goes to the join with the teacher's one-time code (names.py), not the class code
    assert (
        call(live.url, "POST", "/api/join", {"join_code": live.join_code, "name": "Ada"})[0] == 409
    )
    second = join(live.url, opened["rejoin_code"], "Ada")
    assert call(live.url, "GET", "/api/me", token=second)[0] == 200
    assert call(live.url, "GET", "/api/me", token=first)[0] == 401  # the lost token is gone


def test_joins_are_rate_limited_per_address(live):
    live.service.limiter.limit = 3
    answers = [
        call(live.url, "POST", "/api/join", {"join_code": "WRO-NGG", "name": f"S{i}"})[0]
        for i in range(5)
    ]
    assert answers == [403, 403, 403, 429, 429]


def test_a_student_token_is_refused_on_every_teacher_api(live):
    token = join(live.url, live.join_code, "Ada")
    for method, path, body in TEACHER_ONLY:
        status, answer = call(live.url, method, path, body, token)
        assert status == 403, (path, answer)
        status, answer = call(live.url, method, path, body, None)
        assert status == 401, (path, answer)
    assert call(live.url, "GET", "/teacher", token=token)[0] == 401
    assert call(live.url, "GET", "/api/summary", token=live.teacher)[0] == 200
    # nothing changed: not paused, no deal
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert summary["paused"] is False and summary["deals"] == {}


def test_the_teacher_token_is_not_a_students(live):
    status, answer = call(live.url, "GET", "/api/me", token=live.teacher)
    assert status == 403 and answer["error"]


def test_a_student_cannot_read_or_take_anothers_results(live):
    ada = join(live.url, live.join_code, "Ada")
    grace = join(live.url, live.join_code, "Grace")
    send_id = uuid.uuid4().hex
    send(live.url, ada, finished_code("Ada"), send_id)
    assert call(live.url, "GET", "/api/me", token=grace)[1]["results"] == []
    # Grace reusing Ada's send id learns nothing of Ada's result
    status, answer = send(live.url, grace, finished_code("Grace", seed=11), send_id)
    assert status == 409 and "status" not in answer
    assert call(live.url, "GET", "/api/me", token=grace)[1]["results"] == []


def test_csv_and_codes_give_the_teacher_every_result_for_pool(live):
    token = join(live.url, live.join_code, "Ada")
    send(live.url, token, finished_code("Ada", seed=5))
    send(live.url, token, finished_code("Ada", seed=6))
    send(live.url, token, "EVR2-nonsense")
    status, text = call(live.url, "GET", "/api/results.csv", token=live.teacher)
    assert status == 200 and len(text.strip().splitlines()) == 4
    status, codes = call(live.url, "GET", "/api/codes", token=live.teacher)
    pooled = pool(codes)
    assert len(pooled.games) + len(pooled.apart) == 2 and pooled.rejected.empty


def test_a_hub_config_sets_the_join_code(tmp_path, monkeypatch):
    from evo_lessons.service.app import ClassService

    monkeypatch.setenv("EVO_CLASS_CODE", "bio-7a")
    service = ClassService(tmp_path / "class")
    try:
        assert service.settings["join_code"] == "BIO-7A"
    finally:
        service.close()
    monkeypatch.setenv("EVO_CLASS_CODE", "no spaces allowed")
    try:
        ClassService(tmp_path / "class")
    except ValueError as error:
        assert "EVO_CLASS_CODE" in str(error)
    else:
        raise AssertionError("a bad code was taken")
