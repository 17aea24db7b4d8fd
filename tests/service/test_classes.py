"""Two classes in one service: nothing of one reaches the other, in the API, the teacher's
summary (with its version and ETag), the CSV and the codes download that pool() reads."""

from __future__ import annotations

import json
import urllib.request

from evo_lessons.classroom import pool
from evo_lessons.service.db import session_factory
from evo_lessons.service.rulings import create_class

from .helpers import call, finished_code, join, play_served, send


def second_class(live, name="Biology 7B", **given):
    with session_factory(live.service.engine)() as db:
        klass = create_class(db, name, **given)
        return klass.id, klass.join_code, klass.new_teacher_token  # shown once (issue 42)


def test_two_classes_in_one_service_share_nothing(live):
    _, code_b, teacher_b = second_class(live)
    ada_a = join(live.url, live.join_code, "Ada")
    ada_b = join(live.url, code_b, "Ada")  # the same name in another class: another student
    grace_b = join(live.url, code_b, "Grace")
    assert send(live.url, ada_a, finished_code("Ada", seed=3))[1]["status"] == "counted"
    assert send(live.url, ada_b, finished_code("Ada", seed=3))[1]["status"] == "counted"
    assert send(live.url, grace_b, finished_code("Grace", seed=4))[1]["status"] == "counted"
    play_served(live.url, grace_b, "climate")
    me_a = call(live.url, "GET", "/api/me", token=ada_a)[1]
    me_b = call(live.url, "GET", "/api/me", token=ada_b)[1]
    assert me_a["join_code"] == live.join_code and me_b["join_code"] == code_b
    assert me_b["class"] == "Biology 7B" and len(me_a["results"]) == 1
    # the teachers: each token sees its own class only
    sum_a = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    sum_b = call(live.url, "GET", "/api/summary", token=teacher_b)[1]
    assert [s["name"] for s in sum_a["students"]] == ["Ada"]
    assert [s["name"] for s in sum_b["students"]] == ["Ada", "Grace"]
    assert (sum_a["counted"], sum_b["counted"], sum_b["finished"]) == (1, 3, 1)
    assert sum_b["join_code"] == code_b
    status, _ = call(live.url, "GET", "/api/summary?class=1", token=teacher_b)
    assert status == 403
    csv_a = call(live.url, "GET", "/api/results.csv", token=live.teacher)[1]
    csv_b = call(live.url, "GET", "/api/results.csv", token=teacher_b)[1]
    assert len(csv_a.strip().splitlines()) == 2 and len(csv_b.strip().splitlines()) == 4
    assert "Grace" not in csv_a
    codes_a = call(live.url, "GET", "/api/codes", token=live.teacher)[1]
    codes_b = call(live.url, "GET", "/api/codes", token=teacher_b)[1]
    assert len(pool(codes_a).games) == 1
    served_b = call(live.url, "GET", "/api/codes?practice=no", token=teacher_b)[1]
    practice_b = call(live.url, "GET", "/api/codes?practice=only", token=teacher_b)[1]
    # the download's codes between its header and seal (handins.teachers_codes_file)
    assert served_b.count("\nEV") == 1 and practice_b.count("\nEV") == 2
    pooled_b = pool(codes_b)
    assert len(pooled_b.games) + len(pooled_b.apart) == 3
    # the teacher of A pausing A leaves B playing
    call(live.url, "POST", "/api/pause", {"paused": True}, live.teacher)
    assert call(live.url, "GET", "/api/me", token=ada_a)[1]["paused"] is True
    assert call(live.url, "GET", "/api/me", token=ada_b)[1]["paused"] is False
    # a teacher cannot let a student of the other class join again
    b_student = sum_b["students"][0]["id"]
    assert call(live.url, "POST", "/api/rejoin", {"student": b_student}, live.teacher)[0] == 404


def test_the_summary_answers_304_while_nothing_changed(live):
    ada = join(live.url, live.join_code, "Ada")

    def get(etag=None):
        request = urllib.request.Request(live.url + "/api/summary")
        request.add_header("Authorization", f"token {live.teacher}")
        if etag:
            request.add_header("If-None-Match", etag)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, answer.headers["ETag"], json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, error.headers["ETag"], None

    status, etag, first = get()
    assert status == 200 and isinstance(first["version"], int) and etag
    assert get(etag)[:2] == (304, etag)
    send(live.url, ada, finished_code("Ada", seed=3))
    status, newer, second = get(etag)
    assert status == 200 and newer != etag and second["version"] > first["version"]
    assert second["counted"] == 1


def test_a_new_class_from_the_command_line_is_served_at_once(live, capsys):
    from evo_lessons.service.cli import main

    assert main(["new", "--data", str(live.service.data), "Chemistry"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert set(line) >= {"class", "join_code", "teacher_token"}
    token = join(live.url, line["join_code"], "Ada")
    summary = call(live.url, "GET", "/api/summary", token=line["teacher_token"])[1]
    assert summary["class"] == "Chemistry" and [s["name"] for s in summary["students"]] == ["Ada"]
    assert call(live.url, "GET", "/api/me", token=token)[1]["class"] == "Chemistry"


def test_a_class_made_with_a_language_opens_its_page_in_it(live, capsys):
    from evo_lessons.service.cli import main
    from evo_lessons.service.db import database_url, make_engine, session_factory
    from evo_lessons.service.rulings import class_lang

    assert main(["new", "--data", str(live.service.data), "--lang", "es", "Biología 2B"]) == 0
    line = json.loads(capsys.readouterr().out)
    engine = make_engine(database_url(live.service.data, None))
    try:
        with session_factory(engine)() as db:
            assert class_lang(db, line["class_id"]) == "es"
    finally:
        engine.dispose()
    # a language the service does not ship is refused in one sentence
    assert main(["new", "--data", str(live.service.data), "--lang", "xx", "Nope"]) == 2
    assert "xx" in capsys.readouterr().err
