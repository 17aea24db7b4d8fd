"""N4: seats by name (evo_lessons/service/names.py): look-alikes, re-opened seats, the hub."""

from __future__ import annotations

import threading

import pytest

from evo_lessons.service.names import name_key

from .helpers import call, join

LOOK_ALIKES = ["Bоb", "Βob", "Ｂob", "B ob", "Bob.", "BOB ", "B\u200bob", "Böb", "B0b"]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_taken_name_is_refused(live, name):
    join(live.url, live.join_code, "Bob")
    status, answer = call(
        live.url, "POST", "/api/join", {"join_code": live.join_code, "name": name}
    )
    assert status in (400, 409), (name, answer)


def test_different_names_stay_different():
    assert len({name_key(n) for n in ["Ann", "Anna", "Bob", "Rob", "Ana Li", "Zoe Smith"]}) == 6


def _reopen(live, name: str) -> str:
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    student = next(s["id"] for s in summary["students"] if s["name"] == name)
    status, answer = call(live.url, "POST", "/api/rejoin", {"student": student}, live.teacher)
    assert status == 200
    return answer["rejoin_code"]


def test_a_reopened_seat_cannot_be_raced(live):
    bob = join(live.url, live.join_code, "Bob")
    code = _reopen(live, "Bob")
    # Mallory, trying to join as Bob with the class code while the seat is open: refused
    for name in ("Bob", "bob", "Bоb"):
        status, _ = call(live.url, "POST", "/api/join", {"join_code": live.join_code, "name": name})
        assert status == 409
    # the code is for Bob's seat only
    status, _ = call(live.url, "POST", "/api/join", {"join_code": code, "name": "Mallory"})
    assert status == 403
    again = join(live.url, code, "Bob")
    assert call(live.url, "GET", "/api/me", token=again)[0] == 200
    assert call(live.url, "GET", "/api/me", token=bob)[0] == 401
    # once: the same code again takes nothing
    status, _ = call(live.url, "POST", "/api/join", {"join_code": code, "name": "Bob"})
    assert status == 403


def test_of_many_joins_with_one_rejoin_code_one_takes_the_seat(live):
    join(live.url, live.join_code, "Bob")
    code = _reopen(live, "Bob")
    statuses: list[int] = []

    def attempt() -> None:
        statuses.append(call(live.url, "POST", "/api/join", {"join_code": code, "name": "Bob"})[0])

    threads = [threading.Thread(target=attempt) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 403, 403, 403, 403, 403]


def test_the_rejoin_code_is_not_on_the_summary(live):
    join(live.url, live.join_code, "Bob")
    code = _reopen(live, "Bob")
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert code not in str(summary)
    assert [s["may_rejoin"] for s in summary["students"]] == [True]


def test_a_huge_student_id_is_refused_not_a_crash(live):
    status, _ = call(live.url, "POST", "/api/rejoin", {"student": 2**70}, live.teacher)
    assert status == 404


def test_a_game_left_unfinished_is_listed_and_stale_after_a_new_deal(live):
    from evo_lessons.service.counted import unfinished_games

    token = join(live.url, live.join_code, "Ada")
    call(live.url, "POST", "/api/games", {"game": "phylo"}, token)
    with live.service.Session() as db:
        (left,) = unfinished_games(db, live.service.first_class)
    assert left["student"] == "Ada" and left["game"] == "phylo" and not left["stale"]
    call(live.url, "POST", "/api/deal", {"game": "phylo", "seed": 3}, live.teacher)
    with live.service.Session() as db:
        (left,) = unfinished_games(db, live.service.first_class)
    assert left["stale"]
