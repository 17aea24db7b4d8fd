"""Served counted games: the service deals and holds the game; the kernel sees one seat."""

from __future__ import annotations

import copy
import json
import random

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.classroom import pool
from evo_lessons.service.deal_secret import served_fixed, served_seed
from evo_lessons.service.results import judge

from .helpers import call, join, play_served
from .security_helpers import class_secret_of, deal_of

HIDDEN = [name for name in GAMES if game_spec(name).hidden_information]


def leaves(value, found=None) -> set:
    """Every string and number inside a JSON-like value."""
    found = set() if found is None else found
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            leaves(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            leaves(item, found)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        found.add(value)
    return found


def secrets_of(state, seat: int) -> set[str]:
    """Words only another seat's view shows: its cards' names and labels, nothing public."""
    view = state.spec.view if hasattr(state, "spec") else None
    mine = leaves(json.loads(json.dumps(state.observation(seat), default=str)))
    found: set[str] = set()
    for other in range(state.num_players):
        if other == seat:
            continue
        theirs = leaves(json.loads(json.dumps(state.observation(other), default=str)))
        if view is not None:
            drawn = view.view_model(state.observation(other))
            theirs |= leaves(json.loads(json.dumps(drawn, default=str)))
            mine |= leaves(
                json.loads(json.dumps(view.view_model(state.observation(seat)), default=str))
            )
        found |= {w for w in theirs - mine if isinstance(w, str) and len(w) >= 5}
    return found


def check_payload(live, payload: dict) -> None:
    session = live.service.host._live[payload["id"]]
    state, seat = session.state, payload["seat"]
    text = json.dumps(payload)
    assert "seed" not in leaves(payload)
    assert session.seed not in leaves(payload) and str(session.seed) not in text
    assert payload["current_player"] in (seat, None)  # bots' choices are never asked for
    if state.is_over:
        return
    state.spec = session.spec  # for secrets_of: the view that draws each seat
    hidden = secrets_of(state, seat)
    # the log is the table's spoken account (a face-up card drawn is named: every seat saw it),
    # the lines the local widget shows; everything else is drawn from the seat's observation
    drawn = {k: v for k, v in payload.items() if k != "log"}
    shown, words = leaves(drawn), json.dumps(drawn)
    leaked = [w for w in hidden if w in shown or (" " in w and len(w) >= 8 and w in words)]
    assert not leaked, f"another seat's cards reached the payload: {leaked[:5]}"
    # the seat's view does not change when everything it may not see is dealt anew
    twin = copy.copy(session)
    twin.state = state.shuffle_secrets(seat, random.Random(1))
    again = live.service.host.payload(live.service.Session().get(type(_served(live, payload)),
                                      payload["id"]), twin, None)  # fmt: skip
    for key in ("observation", "board", "description", "legal"):
        assert again[key] == payload[key], key


def _served(live, payload):
    from evo_lessons.service.db import ServedGame

    with live.service.Session() as db:
        return db.get(ServedGame, payload["id"])


@pytest.mark.parametrize("game", HIDDEN)
def test_a_served_payload_never_holds_the_seed_or_another_seats_cards(live, game):
    token = join(live.url, live.join_code, "Ada")
    status, payload = call(live.url, "POST", "/api/games", {"game": game}, token)
    assert status == 200, payload
    rng = random.Random(game)
    for _ in range(8):
        check_payload(live, payload)
        if payload["is_over"]:
            break
        choice = rng.randrange(len(payload["legal"]))
        status, payload = call(live.url, "POST", f"/api/games/{payload['id']}/act",
                               {"move": payload["move"], "index": choice}, token)  # fmt: skip
        assert status == 200, payload
    check_payload(live, payload)


def test_a_served_game_counts_when_it_ends_and_pools_the_same(live):
    token = join(live.url, live.join_code, "Ada")
    payload = play_served(live.url, token, "climate")
    assert payload["result"]["status"] == "counted"
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert summary["counted"] == 1 and summary["finished"] == 1 and summary["playing"] == []
    codes = call(live.url, "GET", "/api/codes", token=live.teacher)[1]
    assert len(pool(codes).games) == 1
    me = call(live.url, "GET", "/api/me", token=token)[1]
    assert me["results"][0]["status"] == "counted"


def test_asking_again_gives_the_same_deal_until_the_teacher_deals_again(live):
    token = join(live.url, live.join_code, "Ada")
    first = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    again = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    assert again["id"] == first["id"]
    finished = play_served(live.url, token, "climate")
    assert finished["id"] == first["id"]
    assert call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]["id"] == first["id"]
    status, _ = call(live.url, "POST", "/api/deal", {"game": "climate", "seed": 77}, live.teacher)
    assert status == 200
    new = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    assert new["id"] != first["id"]
    # the teacher's 77 labels the deal; the seed served is the class secret's (deal_secret)
    secret = class_secret_of(live.service)
    assert live.service.host._live[new["id"]].seed == served_seed(secret, "climate", {}, seed=77)


def test_a_game_in_play_when_the_teacher_deals_again_plays_on(live):
    token = join(live.url, live.join_code, "Ada")
    first = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    call(live.url, "POST", "/api/deal", {"game": "climate", "seed": 5}, live.teacher)
    again = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    assert again["id"] == first["id"]  # finish the game in hand first
    finished = play_served(live.url, token, "climate")
    assert finished["id"] == first["id"] and finished["result"]["status"] == "counted"
    new = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    assert new["id"] != first["id"]


def test_a_stale_or_repeated_move_is_refused_and_applies_nothing(live):
    token = join(live.url, live.join_code, "Ada")
    payload = call(live.url, "POST", "/api/games", {"game": "phylo"}, token)[1]
    path = f"/api/games/{payload['id']}/act"
    body = {"move": payload["move"], "index": 0}
    status, after = call(live.url, "POST", path, body, token)
    assert status == 200 and after["move"] > payload["move"]
    status, answer = call(live.url, "POST", path, body, token)  # the same click again
    assert status == 409 and "Nothing was changed" in answer["error"]
    assert call(live.url, "GET", f"/api/games/{payload['id']}", token=token)[1] == after


def test_bad_moves_get_a_clear_4xx(live):
    token = join(live.url, live.join_code, "Ada")
    payload = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    path = f"/api/games/{payload['id']}/act"
    move = payload["move"]
    for body in (
        {"move": move, "index": 10_000},
        {"move": move, "index": -1},
        {"move": move},
        {"move": move, "index": 0, "helper": True},
        {"move": move, "index": "0"},
        {"move": True, "index": 0},
        {"move": move, "index": 0, "seat": 1},
    ):
        status, answer = call(live.url, "POST", path, body, token)
        assert status == 400 and answer["error"], body
    assert call(live.url, "GET", f"/api/games/{payload['id']}", token=token)[1] == payload
    status, answer = call(live.url, "POST", "/api/games", {"game": "chess"}, token)
    assert status == 400 and "no game" in answer["error"]
    bad_options = {"game": "climate", "options": {"players": 99}}
    assert call(live.url, "POST", "/api/games", bad_options, token)[0] == 400


def test_a_student_cannot_see_or_act_in_anothers_game(live):
    ada = join(live.url, live.join_code, "Ada")
    grace = join(live.url, live.join_code, "Grace")
    payload = call(live.url, "POST", "/api/games", {"game": "climate"}, ada)[1]
    game = payload["id"]
    assert call(live.url, "GET", f"/api/games/{game}", token=grace)[0] == 404
    body = {"move": payload["move"], "index": 0}
    assert call(live.url, "POST", f"/api/games/{game}/act", body, grace)[0] == 404
    assert call(live.url, "GET", f"/api/games/{game}", token=ada)[1] == payload
    assert call(live.url, "GET", f"/api/games/{'0' * 32}", token=ada)[0] == 404


def test_a_helper_click_is_the_helpers_move_and_the_game_still_counts(live):
    # ruling C1 (counted.py): one helper click no longer voids a losing counted game (N7)
    token = join(live.url, live.join_code, "Ada")
    payload = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    status, payload = call(live.url, "POST", f"/api/games/{payload['id']}/act",
                           {"move": payload["move"], "helper": True}, token)  # fmt: skip
    assert status == 200 and payload["helped"] == 1
    while not payload["is_over"]:
        payload = call(live.url, "POST", f"/api/games/{payload['id']}/act",
                       {"move": payload["move"], "index": 0}, token)[1]  # fmt: skip
    assert (
        payload["result"]["status"] == "counted" and "helper made 1" in payload["result"]["reason"]
    )


def test_a_game_the_helper_played_alone_is_not_the_students(live):
    token = join(live.url, live.join_code, "Ada")
    payload = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    while not payload["is_over"]:
        payload = call(live.url, "POST", f"/api/games/{payload['id']}/act",
                       {"move": payload["move"], "helper": True}, token)[1]  # fmt: skip
    assert payload["result"]["status"] == "apart"
    assert payload["result"]["problem"] == "no-own-move"


def test_paused_means_no_new_counted_games_and_no_moves(live):
    token = join(live.url, live.join_code, "Ada")
    payload = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    assert call(live.url, "POST", "/api/pause", {"paused": True}, live.teacher)[1] == {
        "paused": True
    }
    body = {"move": payload["move"], "index": 0}
    status, answer = call(live.url, "POST", f"/api/games/{payload['id']}/act", body, token)
    assert status == 409 and "paused" in answer["error"]
    status, answer = call(live.url, "POST", "/api/games", {"game": "phylo"}, token)
    assert status == 409 and "paused" in answer["error"]
    assert call(live.url, "GET", f"/api/games/{payload['id']}", token=token)[1] == payload
    assert call(live.url, "GET", "/api/me", token=token)[1]["paused"] is True
    call(live.url, "POST", "/api/pause", {"paused": False}, live.teacher)
    assert call(live.url, "POST", f"/api/games/{payload['id']}/act", body, token)[0] == 200


def test_the_teachers_deal_is_checked(live):
    for body in (
        {"game": "climate", "seed": -1},
        {"game": "climate", "scenario": "EVO1-nonsense"},
        {"game": "nope"},
        {"game": "climate", "seed": 1, "scenario": "x"},
        {"game": "climate", "options": {"players": 1000}},
    ):
        status, answer = call(live.url, "POST", "/api/deal", body, live.teacher)
        assert status == 400 and answer["error"], body
    assert call(live.url, "GET", "/api/summary", token=live.teacher)[1]["deals"] == {}


def test_a_teachers_scenario_code_deals_its_seed_seats_and_opening(live):
    from evo_lessons.widgets.session import GameSession

    teacher = GameSession("climate", seed=321, teacher=True)
    teacher.run_bots()
    teacher.act_index(0)
    teacher.run_bots()
    scenario = teacher.scenario_code()
    opening = teacher.position
    status, dealt = call(live.url, "POST", "/api/deal", {"game": "climate", "scenario": scenario},
                         live.teacher)  # fmt: skip
    assert status == 200 and dealt["scenario"] is True
    token = join(live.url, live.join_code, "Ada")
    payload = call(live.url, "POST", "/api/games", {"game": "climate"}, token)[1]
    session = live.service.host._live[payload["id"]]
    # ruling S1 (deal_secret): the scenario's options, seats and opening; the secret's cards
    served = served_fixed(class_secret_of(live.service), deal_of(live.service, "climate"))
    assert session.seed == served.seed != 321 and payload["move"] >= len(served.opening)
    assert session.movers[: len(served.opening)] == ["scenario"] * len(served.opening)
    assert len(served.opening) <= opening
    finished = play_served(live.url, token, "climate")
    assert finished["result"]["status"] == "counted"
    codes = call(live.url, "GET", "/api/codes", token=live.teacher)[1]
    # judged with the served deal as the fixed scenario (what the live page compares), it counts
    code = next(line for line in codes.splitlines() if line.startswith("EV"))
    assert judge(code, "Ada", {}, fixed=served)["status"] == "counted"


def test_two_students_making_the_same_moves_in_one_deal_both_count(live):
    call(live.url, "POST", "/api/deal", {"game": "climate", "seed": 4242}, live.teacher)
    ada = play_served(live.url, join(live.url, live.join_code, "Ada"), "climate")
    grace = play_served(live.url, join(live.url, live.join_code, "Grace"), "climate")
    assert ada["log"] == grace["log"]  # the same game, move for move
    assert ada["result"]["status"] == grace["result"]["status"] == "counted"
