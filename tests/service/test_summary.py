"""The live page's numbers (service/summary.py): what each student is doing, counted games
apart from practice codes, intervals clipped at 0, and a version that changes with the class
(the page asks with If-None-Match and gets 304 while nothing changed)."""

from __future__ import annotations

import math
import urllib.error
import urllib.request

import pytest

from evo_lessons.classroom.compare import _summarise
from evo_lessons.engine.stats import measure_interval
from evo_lessons.service.summary import interval

from .helpers import call, finished_code, join, play_served, send, summary


def _get(live, etag: str | None = None) -> tuple[int, str | None]:
    """(status, ETag) of GET /api/summary, with If-None-Match when ``etag`` is given."""
    request = urllib.request.Request(live.url + "/api/summary")
    request.add_header("Authorization", f"token {live.teacher}")
    if etag is not None:
        request.add_header("If-None-Match", etag)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers["Etag"]
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Etag"]


def _deal(live, token: str, game: str = "climate") -> dict:
    status, payload = call(live.url, "POST", "/api/games", {"game": game, "options": {}}, token)
    assert status == 200, payload
    return payload


def _move(live, token: str, payload: dict) -> dict:
    status, payload = call(
        live.url, "POST", f"/api/games/{payload['id']}/act",
        {"move": payload["move"], "index": 0}, token,
    )  # fmt: skip
    assert status == 200, payload
    return payload


# -- intervals --------------------------------------------------------------------------------
def test_a_count_interval_never_goes_below_zero():
    # "Events suffered -0.29 to 1.85" on last round's page: mostly zeros and one big count
    values = [0, 0, 0, 0, 0, 0, 0, 0, 0, 5]
    found = measure_interval(values, share=False)
    assert found["low"] == 0.0 and found["high"] > found["value"] > 0


def test_a_measure_that_can_be_negative_keeps_its_lower_bound():
    assert measure_interval([-2.0, 0.0, 1.0], share=False)["low"] < -2


def test_the_page_and_pooling_give_the_same_interval():
    for values, share in [([0, 0, 1, 0, 3], False), ([1, 0, 0, 1], True), ([2.5], False)]:
        page = interval(values, share)
        pooled = _summarise(values, share)
        for key in ("value", "low", "high"):
            assert (page[key] is None and math.isnan(pooled[key])) or page[key] == pooled[key]


# -- what the page shows ----------------------------------------------------------------------
def test_an_empty_class_has_a_version_and_no_student(live):
    found = summary(live)
    assert isinstance(found["version"], int) and 0 <= found["version"] < 2**53
    assert found["students"] == [] and found["states"] == {"joined": 0, "playing": 0,
                                                           "finished": 0}  # fmt: skip
    assert found["stuck_after"] >= 60 and found["setups"] == [] and found["practice"] == 0


def test_each_student_shows_what_they_are_doing(live):
    ada = join(live.url, live.join_code, "Ada")
    join(live.url, live.join_code, "Grace")
    payload = _move(live, ada, _deal(live, ada))
    found = summary(live)
    ada_row, grace_row = found["students"]
    assert (ada_row["state"], grace_row["state"]) == ("playing", "joined")
    assert ada_row["game"] == "Climate" or "Climate" in ada_row["game"]
    assert ada_row["moves"] >= 1 and ada_row["last_move"].endswith("Z")
    assert found["states"] == {"joined": 1, "playing": 1, "finished": 0}
    (game,) = found["playing"]
    assert game["student"] == "Ada" and game["moves"] == ada_row["moves"]
    while not payload["is_over"]:
        payload = _move(live, ada, payload)
    found = summary(live)
    assert found["students"][0]["state"] == "finished" and found["playing"] == []
    assert found["states"] == {"joined": 1, "playing": 0, "finished": 1}


def test_practice_codes_are_apart_from_counted_games(live):
    ada = join(live.url, live.join_code, "Ada")
    assert send(live.url, ada, finished_code("Ada"))[1]["status"] in ("counted", "practice")
    found = summary(live)
    assert found["practice"] == 1 and found["class_games"] == 0 and found["setups"] == []
    (practice,) = found["practice_setups"]
    assert practice["game"] == "climate" and practice["n"] == 1
    ada_row = found["students"][0]
    assert ada_row["practice"] == 1 and ada_row["class_games"] == 0 and ada_row["counted"] == 1
    play_served(live.url, ada, "climate")
    found = summary(live)
    assert found["class_games"] == 1 and found["practice"] == 1
    (setup,) = found["setups"]
    assert setup["n"] == 1 and setup["title"]
    assert found["students"][0]["class_games"] == 1


def test_no_seed_of_a_served_game_is_in_the_projected_parts(live):
    ada = join(live.url, live.join_code, "Ada")
    _deal(live, ada)
    found = summary(live)
    for part in ("students", "playing", "setups"):
        assert "seed" not in str(found[part]), part


# -- the version --------------------------------------------------------------------------------
def test_the_version_stays_while_nothing_changes_and_the_page_gets_304(live):
    first = summary(live)["version"]
    assert summary(live)["version"] == first
    status, etag = _get(live)
    assert status == 200 and etag and str(first) in etag
    assert _get(live, etag) == (304, etag)
    assert _get(live, '"another"')[0] == 200


@pytest.mark.parametrize("change", ["join", "move", "pause", "deal", "rejoin", "send"])
def test_the_version_changes_with_anything_in_the_class(live, change):
    ada = join(live.url, live.join_code, "Ada")
    payload = _deal(live, ada)
    before = summary(live)["version"]
    etag = _get(live)[1]
    if change == "join":
        join(live.url, live.join_code, "Grace")
    elif change == "move":
        _move(live, ada, payload)
    elif change == "pause":
        call(live.url, "POST", "/api/pause", {"paused": True}, live.teacher)
    elif change == "deal":
        call(live.url, "POST", "/api/deal", {"game": "niche"}, live.teacher)
    elif change == "rejoin":
        call(live.url, "POST", "/api/rejoin", {"student": 1}, live.teacher)
    else:
        send(live.url, ada, finished_code("Ada"))
    assert summary(live)["version"] != before
    assert _get(live, etag)[0] == 200


def test_a_result_whose_status_changes_is_read_again(live):
    # the service may judge beside and change a result's status after it was first shown
    from sqlalchemy import update

    from evo_lessons.service.db import Result

    ada = join(live.url, live.join_code, "Ada")
    send(live.url, ada, finished_code("Ada"))
    assert summary(live)["refused"] == 0
    with live.service.Session() as db:
        db.execute(update(Result).values(status="refused", problem="forged"))
        from evo_lessons.service import db as tables

        if hasattr(tables, "SchoolClass"):  # classes as rows: the class changed (its version)
            db.execute(update(tables.SchoolClass).values(version=tables.SchoolClass.version + 1))
        db.commit()
    found = summary(live)
    assert found["refused"] == 1 and found["practice"] == 0
    assert found["refused_list"][0]["problem"] == "forged"
